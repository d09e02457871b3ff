"""Side-by-side speed figures for Delve (Go), js-debug (Node.js), rdbg (Ruby) and bash-dap (bash) (prints a
table; not a test).

    python benchmarks/bench_go_node.py [--rounds N] [--only go|node|ruby|bash]

The same method as ``bench_core.py``, on a loop of simple lines (written to a temporary
directory; the Go one built with ``-gcflags=all=-N -l``):

1. a raw DAP client (stdlib only, blocking, TCP_NODELAY) against the adapter: median ms of
   ``next`` (request → ``stopped``), ``evaluate`` and stackTrace+scopes+variables, and launch →
   first breakpoint stop. For js-debug it answers ``startDebugging`` and drives the child
   session on a second connection, as dapcli does;
2. the same through dapcli's engine (``Session.resume``) and through the verbs (which also
   build the full stop state), in one process; plus how long dapcli takes after the
   ``stopped`` event arrived until ``resume`` returns (its own share of a step).

Unlike ``bench_core.py``, the raw and the dapcli session run side by side and their rounds
alternate: on a small busy machine the adapter's own step time drifts by more than dapcli adds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GO_TARGET = """package main

import "fmt"

func work(limit int) int {
\trunning := 0
\tfor i := 0; i < limit; i++ {
\t\trunning += i // @running
\t\trunning -= 1
\t}
\treturn running
}

func main() {
\tfmt.Println(work(1000000))
}
"""

JS_TARGET = """function work(limit) {
  let running = 0;
  for (let i = 0; i < limit; i++) {
    running += i; // @running
    running -= 1;
  }
  return running;
}

console.log(work(1000000));
"""

BASH_TARGET = """#!/bin/bash
work() {
    local running=0 i
    for ((i = 0; i < $1; i++)); do
        running=$((running + i))  # @running
        running=$((running - 1))
    done
    echo "$running"
}
work 1000000
"""

RUBY_TARGET = """def work(limit)
  running = 0
  i = 0
  while i < limit
    running += i # @running
    running -= 1
    i += 1
  end
  running
end

puts work(1_000_000)
"""


#: Launches timed per adapter and side (their median is shown).
LAUNCHES = 5


def marker(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if "@running" in line)


class RawClient:
    """A minimal blocking DAP client over TCP (TCP_NODELAY) or a unix socket (``path``),
    answering ``startDebugging``."""

    def __init__(self, host: str, port: int, on_reverse: Any = None, path: str | None = None) -> None:
        if path is not None:
            self.sock = socket.socket(socket.AF_UNIX)
            self.sock.connect(path)
        else:
            self.sock = socket.create_connection((host, port))
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.file = self.sock.makefile("rb")
        self.seq = 0
        self.events: list[dict[str, Any]] = []
        self.responses: dict[int, dict[str, Any]] = {}
        self.cond = threading.Condition()
        self.on_reverse = on_reverse
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self) -> None:
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = self.file.read(1)
                if not byte:
                    return
                header += byte
            length = int(re.search(rb"Content-Length:\s*(\d+)", header).group(1))  # type: ignore[union-attr]
            message = json.loads(self.file.read(length))
            if message["type"] == "request":
                threading.Thread(target=self._answer, args=(message,), daemon=True).start()
                continue
            with self.cond:
                if message["type"] == "response":
                    self.responses[message["request_seq"]] = message
                elif message["type"] == "event":
                    self.events.append(message)
                self.cond.notify_all()

    def _answer(self, request: dict[str, Any]) -> None:
        self._write({"type": "response", "request_seq": request["seq"], "command": request["command"],
                     "success": True, "body": {}})
        if self.on_reverse is not None:
            self.on_reverse(request)

    def _write(self, message: dict[str, Any]) -> int:
        with self.cond:
            self.seq += 1
            message["seq"] = self.seq
            body = json.dumps(message).encode()
            self.sock.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            return self.seq

    def send(self, command: str, arguments: dict[str, Any] | None = None) -> int:
        return self._write({"type": "request", "command": command, "arguments": arguments or {}})

    def wait_response(self, seq: int, timeout: float = 60) -> dict[str, Any]:
        with self.cond:
            self.cond.wait_for(lambda: seq in self.responses, timeout)
            return self.responses.pop(seq)

    def request(self, command: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.wait_response(self.send(command, arguments))

    def wait_event(self, name: str, after: int = 0, timeout: float = 60) -> dict[str, Any]:
        with self.cond:
            self.cond.wait_for(lambda: any(e["event"] == name for e in self.events[after:]), timeout)
            return next(e for e in self.events[after:] if e["event"] == name)

    def close(self) -> None:
        self.sock.close()


class PipeClient(RawClient):
    """:class:`RawClient` over an adapter's stdin/stdout (bash-dap)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process, self.file, self.seq = process, process.stdout, 0
        self.events, self.responses = [], {}
        self.cond, self.on_reverse = threading.Condition(), None
        threading.Thread(target=self._reader, daemon=True).start()

    def _write(self, message: dict[str, Any]) -> int:
        with self.cond:
            self.seq += 1
            message["seq"] = self.seq
            body = json.dumps(message).encode()
            assert self.process.stdin is not None
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()
            return self.seq

    def close(self) -> None:
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()


def start_server(argv: list[str]) -> tuple[subprocess.Popen[bytes], str, int]:
    """Start an adapter that prints HOST:PORT; drain its output afterwards."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert process.stdout is not None
    while True:
        line = process.stdout.readline().decode()
        found = re.search(r"(\d+\.\d+\.\d+\.\d+):(\d+)", line)
        if found:
            break
        if not line:
            raise RuntimeError(f"{argv[0]} printed no address")
    threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()  # type: ignore[union-attr]
    return process, found.group(1), int(found.group(2))


def kill_tree(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the adapter's process group and every process below it (by pid)."""
    import psutil

    try:
        below = psutil.Process(process.pid).children(recursive=True)
    except psutil.Error:
        below = []
    with contextlib.suppress(OSError):
        os.killpg(process.pid, 9)
    for child in below:
        with contextlib.suppress(psutil.Error):
            child.kill()


class RawSession:
    """A raw DAP session stopped at the loop line, ready for :meth:`round`."""

    def __init__(self, client: RawClient, thread: int, first_stop: float, close: Any) -> None:
        self.client, self.thread, self.first_stop, self.close = client, thread, first_stop, close

    def round(self) -> dict[str, float]:
        """One ``next`` (request → ``stopped``), one ``evaluate``, one stackTrace+scopes+variables."""
        client, thread = self.client, self.thread
        mark = len(client.events)
        t0 = time.perf_counter()
        client.request("next", {"threadId": thread})
        client.wait_event("stopped", mark)
        figures = {"next": (time.perf_counter() - t0) * 1000}
        frame = client.request("stackTrace", {"threadId": thread, "levels": 1})["body"]["stackFrames"][0]["id"]
        t0 = time.perf_counter()
        client.request("evaluate", {"expression": "running", "frameId": frame, "context": "watch"})
        figures["evaluate"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        frame = client.request("stackTrace", {"threadId": thread, "levels": 20})["body"]["stackFrames"][0]["id"]
        scopes = client.request("scopes", {"frameId": frame})["body"]["scopes"]
        local = next((s for s in scopes if s["name"].lower().startswith("local")), scopes[0])
        client.request("variables", {"variablesReference": local["variablesReference"]})
        figures["stack+scopes+variables"] = (time.perf_counter() - t0) * 1000
        return figures


def raw_go(binary: str, source: str, line: int) -> RawSession:
    started = time.perf_counter()
    process, host, port = start_server([shutil.which("dlv") or "dlv", "dap", "--listen", "127.0.0.1:0"])
    client = RawClient(host, port)
    client.request("initialize", {"adapterID": "go", "linesStartAt1": True, "columnsStartAt1": True,
                                  "pathFormat": "path"})
    launch = client.send("launch", {"mode": "exec", "program": binary, "cwd": os.path.dirname(binary)})
    client.wait_event("initialized")
    client.request("setBreakpoints", {"source": {"path": source}, "breakpoints": [{"line": line}]})
    client.request("configurationDone")
    client.wait_response(launch)
    stop = client.wait_event("stopped")
    first_stop = (time.perf_counter() - started) * 1000
    client.request("setBreakpoints", {"source": {"path": source}, "breakpoints": []})

    def close() -> None:
        with contextlib.suppress(Exception):
            client.request("disconnect", {"terminateDebuggee": True})
        client.close()
        kill_tree(process)
        process.wait()

    return RawSession(client, stop["body"]["threadId"], first_stop, close)


def raw_ruby(rdbg: str, program: str, line: int) -> RawSession:
    """rdbg serving the program on a unix socket in a private folder: connected to once it waits."""
    started = time.perf_counter()
    folder = tempfile.mkdtemp(prefix="rdbg-bench-")
    path = os.path.join(folder, "dap.sock")
    process = subprocess.Popen([rdbg, "--open", f"--sock-path={path}", "--", program], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    assert process.stderr is not None
    while b"wait for debugger connection" not in process.stderr.readline():
        if process.poll() is not None:
            raise RuntimeError("rdbg exited before it waited for a client")
    threading.Thread(target=lambda: process.stderr.read(), daemon=True).start()  # type: ignore[union-attr]
    client = RawClient("", 0, path=path)
    client.request("initialize", {"adapterID": "rdbg", "linesStartAt1": True, "columnsStartAt1": True,
                                  "pathFormat": "path"})
    client.request("launch", {"program": program})
    client.request("setBreakpoints", {"source": {"path": program}, "breakpoints": [{"line": line}]})
    client.request("configurationDone")
    stop = client.wait_event("stopped")
    first_stop = (time.perf_counter() - started) * 1000

    def close() -> None:
        client.close()
        kill_tree(process)
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)

    return RawSession(client, stop["body"]["threadId"], first_stop, close)


def raw_bash(bash_dap: str, program: str, line: int) -> RawSession:
    """bash-dap on its stdin/stdout; its ``initialized`` follows the ``launch`` answer."""
    started = time.perf_counter()
    process = subprocess.Popen([bash_dap], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    client = PipeClient(process)
    client.request("initialize", {"adapterID": "bash", "linesStartAt1": True, "columnsStartAt1": True,
                                  "pathFormat": "path"})
    client.request("launch", {"program": program, "cwd": os.path.dirname(program)})
    client.wait_event("initialized")
    client.request("setBreakpoints", {"source": {"path": program}, "breakpoints": [{"line": line}]})
    client.request("configurationDone")
    stop = client.wait_event("stopped")
    first_stop = (time.perf_counter() - started) * 1000

    def close() -> None:
        client.close()
        kill_tree(process)
        process.wait()

    return RawSession(client, stop["body"]["threadId"], first_stop, close)


def raw_node(server: str, node: str, program: str, line: int) -> RawSession:
    started = time.perf_counter()
    process, host, port = start_server([node, server, "0", "127.0.0.1"])
    children: list[RawClient] = []
    ready = threading.Event()

    def start_child(request: dict[str, Any]) -> None:
        child = RawClient(host, port)
        children.append(child)
        child.request("initialize", {"adapterID": "pwa-node", "linesStartAt1": True, "columnsStartAt1": True,
                                     "pathFormat": "path", "supportsStartDebuggingRequest": True})
        launch = child.send("launch", request["arguments"]["configuration"])
        child.wait_event("initialized")
        child.request("setBreakpoints", {"source": {"path": program}, "breakpoints": [{"line": line}]})
        child.request("configurationDone")
        child.wait_response(launch)
        ready.set()

    parent = RawClient(host, port, on_reverse=start_child)
    parent.request("initialize", {"adapterID": "pwa-node", "linesStartAt1": True, "columnsStartAt1": True,
                                  "pathFormat": "path", "supportsStartDebuggingRequest": True})
    launch = parent.send("launch", {"type": "pwa-node", "program": program, "cwd": os.path.dirname(program),
                                    "console": "internalConsole", "runtimeExecutable": node})
    parent.wait_event("initialized")
    parent.request("configurationDone")
    parent.wait_response(launch)
    ready.wait(60)
    child = children[0]
    stop = child.wait_event("stopped")
    first_stop = (time.perf_counter() - started) * 1000
    child.request("setBreakpoints", {"source": {"path": program}, "breakpoints": []})

    def close() -> None:
        with contextlib.suppress(Exception):
            child.request("disconnect", {"terminateDebuggee": True})
        for client in (*children, parent):
            client.close()
        kill_tree(process)  # js-debug's server never exits; the program runs below it
        process.wait()

    return RawSession(child, stop["body"]["threadId"], first_stop, close)


class EngineSession:
    """The same through dapcli: ``Session.resume`` and the verbs, in this process."""

    async def start(self, program: str, source: str, line: int) -> None:
        from dapcli.dispatch.local import LocalDispatcher

        self.dispatcher = LocalDispatcher()
        t0 = time.perf_counter()
        first = await self.dispatcher.call("launch", {"program": program, "breakpoints": [f"{source}:{line}"]})
        self.first_stop = (time.perf_counter() - t0) * 1000
        self.session = self.dispatcher.manager.get("default")
        self.thread = first.thread_id  # type: ignore[attr-defined]
        await self.dispatcher.call("clearBreakpoints", {})
        self.stopped_at = self.sent_at = 0.0

        def trace(direction: str, message: dict[str, Any]) -> None:
            if message.get("event") == "stopped":
                self.stopped_at = time.perf_counter()
            elif message.get("command") == "next" and direction == "->":
                self.sent_at = time.perf_counter()

        self.session._conn.trace = trace  # when the stop arrived: what dapcli adds after it

    async def round(self) -> dict[str, float]:
        from dapcli.protocol import types as t

        d = self.dispatcher
        t0 = time.perf_counter()
        await self.session.resume("next", t.NextArguments(threadId=self.thread), timeout=30)
        done = time.perf_counter()
        figures = {"next": (done - t0) * 1000, "overhead after stopped": (done - self.stopped_at) * 1000,
                   "overhead before sending": (self.sent_at - t0) * 1000,
                   "sent → stopped": (self.stopped_at - self.sent_at) * 1000}
        t0 = time.perf_counter()
        await d.call("next", {})
        figures["next (verb, full stop state)"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        await d.call("evaluate", {"expression": "running"})
        figures["evaluate"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        await d.call("stackTrace", {})
        await d.call("variables", {})  # scopes + variables of the selected frame
        figures["stack+scopes+variables"] = (time.perf_counter() - t0) * 1000
        return figures

    async def close(self) -> None:
        await self.dispatcher.call("stop", {})


async def compare(title: str, make_raw: Any, program: str, source: str, line: int, rounds: int) -> None:
    """Both sessions stay stopped at the same loop; their rounds alternate, so that a busy
    machine slows both alike."""
    warm = EngineSession()  # the first launch in a process pays for imports and caches: not counted
    await warm.start(program, source, line)
    await warm.close()
    raw_launches, engine_launches = [], []
    for attempt in range(LAUNCHES):  # launch → first stop: the median of a few, alternating
        raw = await asyncio.to_thread(make_raw)
        raw_launches.append(raw.first_stop)
        engine = EngineSession()
        await engine.start(program, source, line)
        engine_launches.append(engine.first_stop)
        if attempt < LAUNCHES - 1:
            await asyncio.to_thread(raw.close)
            await engine.close()
    try:
        raw_rows, engine_rows = [], []
        for _ in range(rounds):
            raw_rows.append(await asyncio.to_thread(raw.round))
            engine_rows.append(await engine.round())
    finally:
        await asyncio.to_thread(raw.close)
        await engine.close()
    raw_figures = {k: statistics.median(r[k] for r in raw_rows) for k in raw_rows[0]}
    figures = {k: statistics.median(r[k] for r in engine_rows) for k in engine_rows[0]}
    raw_figures["launch → first stop"] = statistics.median(raw_launches)
    figures["launch → first stop"] = statistics.median(engine_launches)
    table(f"{title}, median of {rounds} alternating rounds (ms)", raw_figures, figures)


def table(title: str, raw: dict[str, float], engine: dict[str, float]) -> None:
    print(title)
    print(f"{'':34}{'raw DAP':>10}{'dapcli':>10}{'ratio':>8}")
    for key in ("next", "evaluate", "stack+scopes+variables", "launch → first stop"):
        print(f"{key:34}{raw[key]:10.2f}{engine[key]:10.2f}{engine[key] / raw[key]:8.2f}")
    same_work = raw["next"] + raw["stack+scopes+variables"]
    verb = engine["next (verb, full stop state)"]
    print(f"{'next verb vs raw next+stack+vars':34}{same_work:10.2f}{verb:10.2f}{verb / same_work:8.2f}")
    print(f"{'dapcli: before sending next':34}{'':10}{engine['overhead before sending']:10.2f}")
    print(f"{'dapcli: next sent → stopped read':34}{'':10}{engine['sent → stopped']:10.2f}")
    print(f"{'dapcli: stopped read → returned':34}{'':10}{engine['overhead after stopped']:10.2f}")
    print()


def bench_go(work: Path, rounds: int) -> None:
    if not (shutil.which("dlv") and shutil.which("go")):
        print("go: skipped (dlv or go is not on PATH)\n")
        return
    source = work / "target.go"
    source.write_text(GO_TARGET)
    binary = work / "target"
    subprocess.run(["go", "build", "-gcflags=all=-N -l", "-o", str(binary), source.name], cwd=work, check=True)
    line = marker(GO_TARGET)
    asyncio.run(compare(f"Delve {_version(['dlv', 'version'])} on a Go loop",
                        lambda: raw_go(str(binary), str(source), line), str(binary), str(source), line, rounds))


def bench_node(work: Path, rounds: int) -> None:
    from dapcli.adapters.jsdebug import find_js_debug, find_node

    server, node = find_js_debug(str(ROOT)), find_node()
    if not (server and node):
        print("node: skipped (node or js-debug is missing)\n")
        return
    program = work / "target.js"
    program.write_text(JS_TARGET)
    line = marker(JS_TARGET)
    asyncio.run(compare("js-debug on a Node.js loop", lambda: raw_node(server, node, str(program), line),
                        str(program), str(program), line, rounds))


def _bench_script(work: Path, rounds: int, name: str, adapter: Any, target: str, suffix: str, install: str,
                  raw: Any) -> None:
    """A row for an adapter that runs a script (rdbg, bash-dap): ``raw(adapter_path, program, line)``."""
    found = adapter.find()
    if found is None:
        print(f"{name}: skipped ({adapter.name} is not installed: {install})\n")
        return
    program = work / f"target{suffix}"
    program.write_text(target)
    line = marker(target)
    asyncio.run(compare(f"{adapter.description} {adapter.version() or ''} on a loop",
                        lambda: raw(found, str(program), line), str(program), str(program), line, rounds))


def bench_ruby(work: Path, rounds: int) -> None:
    from dapcli.adapters.ruby import RubyAdapter

    _bench_script(work, rounds, "ruby", RubyAdapter(), RUBY_TARGET, ".rb", "apt-get install ruby", raw_ruby)


def bench_bash(work: Path, rounds: int) -> None:
    from dapcli.adapters.bashdap import BashAdapter

    _bench_script(work, rounds, "bash", BashAdapter(), BASH_TARGET, ".sh", "pip install bash-dap", raw_bash)


def _version(argv: list[str]) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    found = re.search(r"Version:\s*(\S+)", done.stdout)
    return found.group(1) if found else ""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--only", choices=("go", "node", "ruby", "bash"))
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dapcli-bench-") as tmp:
        if options.only in (None, "go"):
            bench_go(Path(tmp), options.rounds)
        if options.only in (None, "node"):
            bench_node(Path(tmp), options.rounds)
        if options.only in (None, "ruby"):
            bench_ruby(Path(tmp), options.rounds)
        if options.only in (None, "bash"):
            bench_bash(Path(tmp), options.rounds)


if __name__ == "__main__":
    main()
