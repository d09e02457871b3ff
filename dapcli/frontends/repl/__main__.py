"""``python -m dapcli.frontends.repl [PROGRAM [ARGS...]] [--session NAME] [-b FILE:LINE]...``"""

from __future__ import annotations

import argparse

from dapcli.frontends.repl import main


def _parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="dapcli repl", description="Interactive debugger prompt.")
    parser.add_argument("program", nargs="?", help="program to launch")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="program arguments")
    parser.add_argument("--session", "-S", default="default", help="session to join or create")
    parser.add_argument("--break", "-b", dest="breakpoints", action="append", default=[], help="FILE:LINE")
    parser.add_argument("--record", help="save the session as a recipe (YAML)")
    parser.add_argument("--python", help="interpreter for a Python program")
    parser.add_argument("--test", action="append", default=[], help="debug these tests (as `dapcli test`)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    options = _parse()
    raise SystemExit(main(options.program, options.args, options.session, options.breakpoints, options.record,
                          options.python, options.test))
