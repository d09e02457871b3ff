"""JUnit XML for CI: one ``testsuite`` per recipe, one ``testcase`` per check.

A step that raised an error is a testcase with ``<error>``; checks that never ran are
``<skipped>``; an invalid recipe, or one whose build or launch failed, is one testcase with
``<error>``. An error's text ends with its hint and its exit code (the one ``dapcli run`` exits
with). What fails as a check does (exit code 8) is a ``<failure>``: a check that did not hold, a
``save`` the result has no value for, a program that ended before its first line. Control
characters in any text (terminal escapes from the program or the adapter, which XML 1.0 cannot
hold) are written escaped, as in the transcript.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

from dapcli.errors import CheckFailedError
from dapcli.files import write_text_file
from dapcli.frontends.recipe.matchers import describe
from dapcli.frontends.recipe.model import CheckOutcome, RecipeOutcome, StepOutcome
from dapcli.frontends.recipe.transcript import check_text
from dapcli.render.safe import escape

__all__ = ["junit_xml", "write_junit"]


def _case(suite: ET.Element, classname: str, name: str, seconds: float = 0.0) -> ET.Element:
    return ET.SubElement(suite, "testcase", classname=classname, name=name, time=f"{seconds:.3f}")


def _check_name(step: StepOutcome, check: CheckOutcome) -> str:
    return f"step {step.step} ({step.verb}): {check.key} {describe(check.op, check.expected, check.tolerance)}"


def _problem(case: ET.Element, kind: str, message: str, hint: str | None, code: int | None,
             counts: dict[str, int]) -> None:
    """``<error>`` (or ``<failure>`` for what exits 8, as a failed check) with the whole text,
    the hint and the exit code."""
    tag = "failure" if code == CheckFailedError.exit_code else "error"
    ET.SubElement(case, tag, message=message.splitlines()[0] if message else "", type=kind).text = "\n".join(
        filter(None, [message, hint and f"hint: {hint}", code is not None and f"exit code {code}"]))
    counts["tests"] += 1
    counts["failures" if tag == "failure" else "errors"] += 1


def _suite(root: ET.Element, outcome: RecipeOutcome) -> None:
    suite = ET.SubElement(root, "testsuite", name=outcome.name, file=outcome.path)
    classname = os.path.splitext(os.path.basename(outcome.path))[0]
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    if outcome.invalid:
        case = _case(suite, classname, "invalid recipe", outcome.elapsed)
        _problem(case, "invalid", outcome.invalid, None, outcome.exit_code, counts)
    elif outcome.setup_error:
        case = _case(suite, classname, "setup", outcome.elapsed)
        _problem(case, "setup", outcome.setup_error, outcome.setup_hint, outcome.setup_exit_code, counts)
    for step in outcome.steps:
        seconds = step.elapsed / max(1, len(step.checks))
        if step.error:
            case = _case(suite, classname, f"step {step.step} ({step.verb})", step.elapsed)
            _problem(case, "step", step.error, step.hint, step.exit_code, counts)
        for check in step.checks:
            case = _case(suite, classname, _check_name(step, check), seconds)
            counts["tests"] += 1
            if not check.passed:
                text = check_text(check, key=False)
                ET.SubElement(case, "failure", message=text, type="check").text = text
                counts["failures"] += 1
        if step.skipped:
            for name in step.planned:
                case = _case(suite, classname, f"step {step.step} ({step.verb}): {name}")
                ET.SubElement(case, "skipped", message=step.skipped)
                counts["tests"] += 1
                counts["skipped"] += 1
    for key, value in counts.items():
        suite.set(key, str(value))
    suite.set("time", f"{outcome.elapsed:.3f}")


def junit_xml(outcomes: list[RecipeOutcome]) -> ET.ElementTree[ET.Element]:
    """The JUnit document for ``outcomes``."""
    root = ET.Element("testsuites", name="dapcli recipes")
    for outcome in outcomes:
        _suite(root, outcome)
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in root)))
    for element in root.iter():  # an adapter's or program's text may hold terminal escapes: XML 1.0
        if element.text:        # has no place for them, and a CI page must not act on them
            element.text = escape(element.text)
        for name, value in element.attrib.items():
            element.set(name, escape(value))
    return ET.ElementTree(root)


def write_junit(outcomes: list[RecipeOutcome], path: str) -> None:
    """Write the JUnit XML for ``outcomes`` to ``path`` (its directory is created)."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    tree = junit_xml(outcomes)
    ET.indent(tree)
    text = ET.tostring(tree.getroot(), encoding="unicode", xml_declaration=False)
    write_text_file(path, "<?xml version='1.0' encoding='utf-8'?>\n" + text + "\n", display=path)
