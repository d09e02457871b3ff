"""Path mappings (``--map REMOTE=LOCAL``): parsing, both directions, the wire rewrite, the
launch.json spellings, and the never-hit hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from dapcli.engine.pathmap import PathMapper, PathMapping, from_launch_config, parse_mappings
from dapcli.engine.reach import started_from, suggest_mapping
from dapcli.errors import ProtocolError, UsageError
from dapcli.protocol.codec import FrameDecoder


def test_parse_makes_local_absolute_and_checks_it(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    assert parse_mappings(["/srv/app/=./app"], str(tmp_path)) == [PathMapping("/srv/app", str(tmp_path / "app"))]
    with pytest.raises(UsageError, match="bad path mapping '/srv': write it as REMOTE=LOCAL"):
        parse_mappings(["/srv"], str(tmp_path))
    with pytest.raises(UsageError, match="bad path mapping"):
        parse_mappings(["=./app"], str(tmp_path))
    with pytest.raises(UsageError, match=r"local side of path mapping /srv=./gone does not exist"):
        parse_mappings(["/srv=./gone"], str(tmp_path))


def test_both_directions_longest_prefix_first() -> None:
    mapper = PathMapper([PathMapping("/app", "/home/me/proj"), PathMapping("/app/vendor", "/home/me/vendor")])
    assert mapper.to_local("/app/pkg/m.py") == "/home/me/proj/pkg/m.py"
    assert mapper.to_local("/app/vendor/lib.py") == "/home/me/vendor/lib.py"
    assert mapper.to_local("/application/x.py") == "/application/x.py"  # a prefix of a name is no match
    assert mapper.to_local("/app") == "/home/me/proj"
    assert mapper.to_remote("/home/me/proj/pkg/m.py") == "/app/pkg/m.py"
    assert mapper.to_remote("/home/me/vendor/lib.py") == "/app/vendor/lib.py"
    assert mapper.to_remote("/elsewhere/x.py") == "/elsewhere/x.py"


def test_windows_remote_side() -> None:
    mapper = PathMapper([PathMapping("C:\\app", "/home/me/proj")])
    assert mapper.to_local("c:\\APP\\pkg\\m.py") == "/home/me/proj/pkg/m.py"
    assert mapper.to_remote("/home/me/proj/pkg/m.py") == "C:\\app\\pkg\\m.py"


def test_wire_rewrite_out_and_in() -> None:
    mapper = PathMapper([PathMapping("/app", "/home/me/proj")])
    request = {"seq": 3, "type": "request", "command": "setBreakpoints",
               "arguments": {"source": {"path": "/home/me/proj/m.py", "name": "m.py"}, "breakpoints": [{"line": 3}]}}
    sent = mapper.outgoing(request)
    assert sent["arguments"]["source"]["path"] == "/app/m.py"
    assert request["arguments"]["source"]["path"] == "/home/me/proj/m.py"  # the caller's dict is untouched
    response = {"type": "response", "command": "stackTrace", "body": {"stackFrames": [
        {"id": 1, "name": "f", "line": 3, "source": {"path": "/app/m.py", "sources": [{"path": "/app/n.py"}]}},
        {"id": 2, "name": "g", "line": 1, "source": {"path": "/usr/lib/x.py"}}]}}
    frames = mapper.incoming(response)["body"]["stackFrames"]
    assert frames[0]["source"]["path"] == "/home/me/proj/m.py"
    assert frames[0]["source"]["sources"][0]["path"] == "/home/me/proj/n.py"
    assert frames[1]["source"]["path"] == "/usr/lib/x.py"
    event = {"type": "event", "event": "module", "body": {"reason": "new", "module": {"id": 1, "path": "/app/k.py"}}}
    assert mapper.incoming(event)["body"]["module"]["path"] == "/home/me/proj/k.py"
    assert mapper.seen == {"/home/me/proj/m.py", "/home/me/proj/n.py", "/usr/lib/x.py", "/home/me/proj/k.py"}


def test_breakpoint_echoes_are_not_loaded_files() -> None:
    mapper = PathMapper([])
    mapper.incoming({"type": "response", "command": "setBreakpoints", "body": {"breakpoints": [
        {"verified": True, "source": {"path": "/here/m.py"}}]}})
    mapper.incoming({"type": "event", "event": "breakpoint", "body": {"breakpoint": {"source": {"path": "/x.py"}}}})
    assert mapper.seen == set()


def test_gdb_style_adapter_keeps_local_paths_out() -> None:
    mapper = PathMapper([PathMapping("/app", "/home/me/proj")])
    mapper.translate_out = False
    request = {"type": "request", "command": "setBreakpoints", "arguments": {"source": {"path": "/home/me/proj/m.c"}}}
    assert mapper.outgoing(request) is request


def test_launch_json_spellings(tmp_path: Path) -> None:
    found = from_launch_config({
        "pathMappings": [{"localRoot": str(tmp_path), "remoteRoot": "/app"}],
        "substitutePath": [{"from": str(tmp_path), "to": "/go/src"}],
        "sourceMap": [["/build", str(tmp_path)]],
    }, str(tmp_path))
    assert [(m.remote, m.local) for m in found] == [("/app", str(tmp_path)), ("/go/src", str(tmp_path)),
                                                    ("/build", str(tmp_path))]
    assert from_launch_config({"sourceMap": {"/b": str(tmp_path)}}, "/")[0].remote == "/b"  # CodeLLDB's map


def test_suggested_mapping_from_a_loaded_file() -> None:
    loaded = {"/srv/app/pkg/m.py", "/usr/lib/python3/os.py"}
    assert suggest_mapping("/home/me/app/pkg/m.py", loaded) == ("/srv/app/pkg/m.py", "/srv=/home/me")
    assert suggest_mapping("/home/me/other.py", loaded) is None


def test_a_relative_loaded_path_is_never_the_remote_side() -> None:
    """debugpy's process name is ``argv[0]`` as typed: ``app/prog.py`` names no folder of the
    remote side, so the mapping comes from an absolute path, or the warning says what is known."""
    assert suggest_mapping("/home/me/app/prog.py", {"app/prog.py"}) is None
    both = {"app/prog.py", "/srv/prog.py"}  # one common part each: the absolute one, every time
    assert suggest_mapping("/home/me/app/prog.py", both) == ("/srv/prog.py", "/srv=/home/me/app")
    assert suggest_mapping("/home/me/app/prog.py", {"C:\\srv\\app\\prog.py"}) == (
        "C:\\srv\\app\\prog.py", "C:/srv=/home/me")
    assert started_from("/home/me/app/prog.py", {"./app/prog.py", "prog.py"}) == ("./app/prog.py", "/home/me")
    assert started_from("/home/me/app/prog.py", {"other/prog.py", "/srv/app/prog.py"}) is None


def test_a_peer_that_is_not_dap_fails_at_once() -> None:
    with pytest.raises(ProtocolError, match="not a DAP header"):
        FrameDecoder().feed(b"+$OK#9a")
    assert FrameDecoder().feed(b"Content-Len") == []  # a header still arriving is fine
