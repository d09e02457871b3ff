"""Redaction is linear in the text's length and runs on bounded text (issue 26, item 1).

An exception whose message was 200,000 letters kept the session host at 100 % CPU: the old
pattern backtracked over every run of word characters (time ~ n²). What it hid stays hidden: the
old pattern is kept here as the reference for realistic texts.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from dapcli.protocol.connection import error_text
from dapcli.protocol.redact import (
    REDACTED,
    TEXT_LIMIT,
    TRACE_TEXT_LIMIT,
    cut_text,
    redact_cut,
    redact_message,
    redact_text,
)

#: The pattern used before (quadratic on long words): the reference for what must stay hidden.
_OLD = re.compile(
    r"""(?P<key>--[\w-]*(?:token|secret|password)[\w-]*['"]?(?:=|,?\s*)['"]?"""
    r"""|['"]?\w*(?:[Tt]oken|[Ss]ecret|[Pp]assword)['"]?\s*[:=]\s*['"]?)(?P<value>[^\s'",}\]]+)""",
)


def old_redact(text: str) -> str:
    return _OLD.sub(lambda m: m.group("key") + REDACTED, text)


REALISTIC = [
    "['--adapter-access-token', 'b6cd']",
    "python -m debugpy.adapter --adapter-access-token 0123456789abcdef --log-stderr",
    "--server-access-token=abc123 --port 5678",
    '--server-access-token "quoted-secret" next',
    '{"adapterAccessToken": "abc", "name": "x"}',
    "{'adapterAccessToken': 'abc', 'other': 1}",
    "password=hunter2 user=bob",
    "client_secret: s3cr3t, more",
    "my-token: q",
    "Token=zzz and apiToken = yyy",
    "tokens: not a key, token-file: not either",
    "no secrets here at all: a=b, c: d",
    "Traceback: ValueError: bad value 'x' for --log-level",
    "ws://user:pass@host:1234/path --auth-token=T0K3N",
    "-----BEGIN RSA PRIVATE KEY-----",
    "--adapter-access-token,'b6cd'",
    "secret:\t'x' password :'y'",
]


@pytest.mark.parametrize("text", REALISTIC)
def test_what_was_hidden_stays_hidden(text: str) -> None:
    assert redact_text(text) == old_redact(text)


def test_the_rules_of_the_trace_hold() -> None:
    message = {"arguments": {"env": {"A": "x"}, "adapterAccessToken": "abc", "name": "keep",
                             "args": ["--server-access-token", "qq", "plain"]}}
    assert redact_message(message) == {"arguments": {"env": {"A": REDACTED}, "adapterAccessToken": REDACTED,
                                                     "name": "keep",
                                                     "args": ["--server-access-token", REDACTED, "plain"]}}
    assert redact_message({"env": ["A=1", "B=2"]}) == {"env": [f"A={REDACTED}", f"B={REDACTED}"]}
    assert redact_message(["--Adapter-Access-TOKEN", "x"]) == ["--Adapter-Access-TOKEN", REDACTED]


#: Shapes that made a backtracking pattern quadratic (or worse).
ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "letters": lambda n: "a" * n,
    "equals": lambda n: "=" * n,
    "dashes": lambda n: "-" * n,
    "base64": lambda n: ("QUJDREVGR0hpams+/0123" * n)[:n],
    "pem": lambda n: ("-----BEGIN " * n)[:n],
    "url": lambda n: ("x://a:" * n)[:n],
    "flag-words": lambda n: ("--" + "token" * n)[:n],
    "key-words": lambda n: ("Token" * n)[:n],
    "keys-no-value": lambda n: ("token " * n)[:n],
    "flag-then-spaces": lambda n: "--token" + " " * n,
    "key-then-spaces": lambda n: "token" + " " * n + "x",
    "dash-words": lambda n: ("a--a" * n)[:n],
    "braces": lambda n: ("{a" * n)[:n],
}


def _best_time(function: Callable[[str], object], text: str, repeat: int = 5) -> float:
    """The least CPU time of this process over ``repeat`` calls (other processes' load does not
    count in it, as it would in wall time)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        function(text)
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize("shape", list(ADVERSARIAL))
def test_redaction_is_linear(shape: str) -> None:
    # CPU time at N and 4N: linear is ~4x, the old pattern was 16x; the factor is generous, the
    # small addend absorbs timer noise on the fastest shapes
    make = ADVERSARIAL[shape]
    small, large = make(25_000), make(100_000)
    redact_text(small)  # warm up
    at_n, at_4n = _best_time(redact_text, small), _best_time(redact_text, large)
    assert at_4n < 8 * at_n + 0.002, f"{shape}: {at_n:.4f} s at 25k, {at_4n:.4f} s at 100k"


def test_200000_letters_are_redacted_at_all() -> None:
    # the text: the old pattern took minutes; here it is one pass
    text = "ValueError: " + "a" * 200_000 + " --adapter-access-token 0123456789abcdef"
    assert redact_text(text).endswith(f"--adapter-access-token {REDACTED}")


def test_cut_text_marks_what_it_left_out() -> None:
    assert cut_text("short") == "short"
    cut = cut_text("a" * 200_000)
    assert cut.startswith("a" * TEXT_LIMIT)
    assert cut[TEXT_LIMIT:] == "… [DAPCLI_TRACE=FILE records the whole text; 196,000 more characters]"


def test_a_long_text_is_cut_before_it_is_redacted() -> None:
    secret = "--adapter-access-token 0123456789abcdef "
    text = secret + "b" * 200_000 + " " + secret
    shown = redact_cut(text)
    assert "0123456789abcdef" not in shown and shown.startswith(f"--adapter-access-token {REDACTED} bbb")
    assert len(shown) < TEXT_LIMIT + 200 and "more characters]" in shown
    # a secret whose flag is cut off is not shown either (its value is beyond the cut)
    near = "x" * (TEXT_LIMIT - 30) + " " + secret + "tail"
    assert "0123456789abcdef" not in redact_cut(near)


def test_the_trace_keeps_long_strings_whole_up_to_its_bound() -> None:
    long = "c" * 200_000
    assert redact_message({"body": {"description": long}}) == {"body": {"description": long}}
    huge = redact_message({"output": "h" * (TRACE_TEXT_LIMIT + 10)})["output"]
    assert huge.startswith("h" * TRACE_TEXT_LIMIT) and huge.endswith("; 10 more characters]")


def test_a_failed_response_with_a_huge_message_gives_a_bounded_error() -> None:
    text = error_text({"type": "response", "command": "evaluate", "success": False,
                       "message": "ValueError: " + "a" * 200_000})
    assert len(text) < TEXT_LIMIT + 200
    assert text.endswith("… [DAPCLI_TRACE=FILE records the whole text; 196,012 more characters]")


def test_a_format_that_repeats_a_huge_variable_is_not_multiplied() -> None:
    message = {"type": "response", "command": "evaluate", "success": False, "message": "failed",
               "body": {"error": {"id": 1, "format": "{x}" * 10_000, "variables": {"x": "v" * 100_000}}}}
    text = error_text(message)
    assert len(text) < TEXT_LIMIT + 200 and "more characters]" in text
