"""A recipe that attaches to a debug server with a path mapping (``target.connect`` and
``target.pathMappings``)."""

from __future__ import annotations

import pytest
from remote_helpers import Cli, Layout, debugpy_server, free_port, marker_line

pytestmark = pytest.mark.slow

RECIPE = """\
name: attach with a mapping
target:
  connect: 127.0.0.1:${{port}}
  pathMappings:
    {srv}: ./app
breakpoints:
  - app/prog.py:{line}
steps:
  - wait: {{timeout: 60}}
    expect:
      reason: breakpoint
      location.line: {line}
      location.path: {local}
  - evaluate: {{expression: "i"}}
    expect: {{result: "0"}}
"""


def test_recipe_attaches_with_a_mapping(layout: Layout, cli: Cli) -> None:
    local = layout.checkout / "prog.py"
    line = marker_line(local, "add")
    recipe = layout.checkout.parent / "remote.yaml"
    recipe.write_text(RECIPE.format(srv=layout.srv, line=line, local=local))
    port = free_port()
    with debugpy_server(layout, port):
        done = cli("run", str(recipe), "--var", f"port={port}", timeout=180)
    assert f"attach 127.0.0.1:{port}" in done.out
    assert "2 step(s), 4 check(s) passed" in done.out, done.out


def test_recipe_mapping_errors_name_the_line(layout: Layout, cli: Cli) -> None:
    recipe = layout.checkout.parent / "bad.yaml"
    recipe.write_text("target:\n  connect: 127.0.0.1:9\n  pathMappings: [/app, /srv=./nowhere]\nsteps:\n  - wait: {}\n")
    done = cli("run", str(recipe), check=2)
    assert "bad.yaml:3:" in done.out + done.err
    assert "path mapping '/app' is not REMOTE=LOCAL" in done.out + done.err
    assert "does not exist" in done.out + done.err
