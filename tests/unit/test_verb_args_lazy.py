"""A verb's arguments model is made when first used (not for every verb at import), once."""

from __future__ import annotations

import subprocess
import sys


def test_args_models_are_made_on_first_use_and_kept() -> None:
    code = ("from dapcli.verbs import VERBS\n"
            "spec = VERBS['evaluate']\n"
            "assert not [s for s in VERBS.values() if 'args_model' in vars(s)]\n"
            "model = spec.args_model\n"
            "assert spec.args_model is model and model.__name__ == 'EvaluateArguments'\n"
            "from dapcli.verbs.registry import validate_args\n"
            "assert validate_args(spec, {'expression': 'x'})['expression'] == 'x'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
