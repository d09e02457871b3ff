"""The session host's warm-up (frontends/cli/warmup.py, engine/prewarm.py): every step does
its work (a failing step is skipped silently at run time, so it is caught here), and pydantic
is spared its search for plugins."""

from __future__ import annotations

import subprocess
import sys

from dapcli.engine.prewarm import stop_validators
from dapcli.frontends.cli import warmup


def test_every_warmup_step_runs() -> None:
    for step in warmup.steps():
        step()


def test_stop_validators_build_every_named_body() -> None:
    from dapcli.protocol import types as t
    from dapcli.protocol.connection import body_model

    for build in stop_validators():
        build()
    for name in ("StackTraceResponse", "VariablesResponse", "StoppedEvent", "InitializeResponse",
                 "ExceptionInfoResponse"):
        model = body_model(getattr(t, name))
        assert model is not None and model.__pydantic_complete__, name
    for name in ("StackTraceArguments", "EvaluateArguments", "ExceptionInfoArguments", "InitializeRequestArguments"):
        assert getattr(t, name).__pydantic_complete__, name  # a test failure's review makes them at once


def test_no_plugin_search_after_skip_pydantic_plugins() -> None:
    code = ("from dapcli.engine.prewarm import skip_pydantic_plugins\n"
            "skip_pydantic_plugins()\n"
            "from pydantic.plugin import _loader\n"
            "def refuse(**kwargs):\n    raise SystemExit('entry points were read')\n"
            "_loader.entry_points = refuse\n"
            "from pydantic import BaseModel\n"
            "class M(BaseModel):\n    x: int\n"
            "assert M.model_validate({'x': 1}).x == 1\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_skip_pydantic_plugins_spares_importlib_metadata() -> None:
    """No plugin loader (nor ``importlib.metadata``, ``email``) in a host, and models still validate."""
    code = ("import sys\n"
            "from dapcli.engine.prewarm import skip_pydantic_plugins\n"
            "skip_pydantic_plugins()\n"
            "from pydantic import BaseModel\n"
            "class M(BaseModel):\n    x: int\n"
            "assert M.model_validate({'x': 1}).x == 1\n"
            "print(','.join(m for m in ('importlib.metadata', 'email') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
