"""Program output: captured exactly (non-ASCII, by category), followed, and never read as markup."""

from __future__ import annotations

import os
import pty
import select
import subprocess

from conftest import DAPCLI, PROGRAMS, Cli

TEXT = "héllo → 世界 🐛"


def _chunks(data: dict, category: str) -> str:
    return "".join(chunk["output"] for chunk in data["chunks"] if chunk["category"] == category)


def test_non_ascii_output_is_exact_by_category(dc: Cli) -> None:
    dc.launch("output.py", "after_print")
    data = dc.wait_output("not bold")
    assert _chunks(data, "stdout").startswith(TEXT + "\n")
    assert _chunks(data, "stderr") == "err: " + TEXT + "\n"
    # --category filters
    only_err = dc.json("output", "--category", "stderr")
    assert {chunk["category"] for chunk in only_err["chunks"]} == {"stderr"}
    # the human rendering carries the same text
    out = dc.run("output").out
    assert TEXT in out
    assert "err: " + TEXT in out
    # --tail N keeps the last N lines (a line may arrive as several chunks: "text" then "\n")
    # (stdout and stderr are read by separate threads, so only one category has a fixed order)
    last = dc.json("output", "--tail", "1", "--category", "stdout")
    assert "".join(chunk["output"] for chunk in last["chunks"]) == "[red]x[/red] [bold]not bold[/bold]\n"
    stdout_seqs = [chunk["seq"] for chunk in dc.json("output", "--category", "stdout")["chunks"]]
    assert last["chunks"][-1]["seq"] == stdout_seqs[-1]


def test_output_in_a_non_utf8_locale_does_not_crash(dc: Cli) -> None:
    dc.launch("output.py", "after_print")
    dc.wait_output("not bold")
    out = dc.run("output", env={"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii:replace"}).out
    assert "h?llo" in out or "héllo" in out


def test_markup_in_program_output_appears_literally(dc: Cli) -> None:
    dc.launch("output.py", "after_print")
    dc.wait_output("not bold")
    code, out, _ = dc.run("output")
    assert "[red]x[/red] [bold]not bold[/bold]" in out
    code, out, _ = dc.run("eval", "'[red]x[/red]'")
    assert "'[red]x[/red]'" in out
    # on a terminal (colours on) the markup is still printed as text
    code, out = _on_a_tty(dc, "output")
    assert code == 0
    assert "[red]x[/red] [bold]not bold[/bold]" in out
    assert TEXT in out
    code, out = _on_a_tty(dc, "vars")
    assert code == 0
    assert "'[red]x[/red] [bold]not bold[/bold]'" in out


def _on_a_tty(dc: Cli, *args: str) -> tuple[int, str]:
    """Run dapcli with its stdout on a pseudo-terminal; return (exit code, what it wrote)."""
    leader, follower = pty.openpty()
    env = {**dc.env, "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    with subprocess.Popen([*DAPCLI, *args], cwd=PROGRAMS, env=env, stdout=follower, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL) as process:
        os.close(follower)
        data = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the writer has gone
                break
            if not chunk:
                break
            data += chunk
        _, err = process.communicate(timeout=30)
    os.close(leader)
    assert b"Traceback" not in err, err.decode()
    return process.returncode, data.decode("utf-8").replace("\r\n", "\n")


def test_output_follow_prints_until_exit(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    dc.run("break", "clear")
    follower = subprocess.Popen([*DAPCLI, "output", "--follow"], cwd=PROGRAMS, env=dc.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
    try:
        # followed while stopped at the breakpoint: it says on stderr why nothing comes
        assert follower.stderr is not None
        ready, _, _ = select.select([follower.stderr], [], [], 30)
        assert ready, "no note within 30 s"
        note = follower.stderr.readline().decode()
        assert note.startswith("… the program is stopped: it writes nothing more until it runs on"), note
        dc.run("continue", "--timeout", "10")
        out, err = follower.communicate(timeout=15)
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.wait()
    text = out.decode("utf-8")
    assert follower.returncode == 0, err.decode()
    assert "Traceback" not in err.decode()
    for i in range(10):
        assert f"i={i} acc=" in text
    assert "done 90" in text
    assert text.count("i=0 acc=0") == 1  # every chunk once


def test_output_of_a_program_that_ran_to_the_end(dc: Cli) -> None:
    out = dc.launch("output.py").out
    assert "exit code 0" in out
    assert TEXT in out
    data = dc.wait_output("the end 1")
    assert data["status"] in ("exited", "terminated")
    assert data["exitCode"] == 0
    assert TEXT + "\n" in _chunks(data, "stdout")
    assert "the end 1" in _chunks(data, "stdout")
