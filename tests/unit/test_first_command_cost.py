"""What a session host's first command costs on its way: nothing compiles tokenize's pattern
(pydantic parses a builtin default factory's signature with it, ~30 ms of CPU)."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import sys
from dapcli.verbs import VERBS, validate_args
validate_args(VERBS["debugTest"], {"selectors": ["tests/test_cart.py"]})
validate_args(VERBS["debugTest"], {})
tokenize = sys.modules.get("tokenize")
print(0 if tokenize is None else tokenize._compile.cache_info().currsize)
"""


def test_validating_list_arguments_compiles_no_tokenize_pattern() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
