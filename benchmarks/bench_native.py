"""Side-by-side speed figures for the native adapters: lldb-dap and gdb (cdt-gdb-adapter, or
gdb's own DAP interpreter) (prints a table; not a test).

    python benchmarks/bench_native.py [--rounds N] [--only lldb|gdb|codelldb]

The same method as ``bench_core.py``, on a C loop of simple lines (written to a temporary
directory, built with ``gcc -g -O0``):

1. a raw DAP client (stdlib only, blocking) on the adapter's stdio: median ms of ``next``
   (request → ``stopped``), ``evaluate`` and stackTrace+scopes+variables, and launch → first
   breakpoint stop;
2. the same through dapcli's engine (``Session.resume``) and through the verbs (which also
   build the full stop state), in one process.

CodeLLDB (TCP) is measured on request with ``--only codelldb``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
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

C_TARGET = """#include <stdio.h>

static long work(long limit) {
    long running = 0;
    for (long i = 0; i < limit; i++) {
        running += i;  // @running
        running -= 1;
    }
    return running;
}

int main(void) {
    printf("%ld\\n", work(1000000));
    return 0;
}
"""
LAUNCHES = 5
LINE = next(i for i, text in enumerate(C_TARGET.splitlines(), 1) if "@running" in text)


class RawClient:
    """A minimal blocking DAP client over an adapter's stdio (or a TCP socket)."""

    def __init__(self, argv: list[str] | None = None, port: int | None = None) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        if argv is not None:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, start_new_session=True)
            assert self.proc.stdout is not None and self.proc.stdin is not None
            self.reader, self.writer = self.proc.stdout, self.proc.stdin
        else:
            import socket

            sock = socket.create_connection(("127.0.0.1", port or 0))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.sock = sock
            self.reader, self.writer = sock.makefile("rb"), sock.makefile("wb")
        self.seq = 0
        self.events: list[dict[str, Any]] = []
        self.responses: dict[int, dict[str, Any]] = {}
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = self.reader.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            message = json.loads(self.reader.read(length))
            with self.cond:
                if message["type"] == "response":
                    self.responses[message["request_seq"]] = message
                elif message["type"] == "event":
                    self.events.append(message)
                self.cond.notify_all()

    def send(self, command: str, arguments: dict[str, Any] | None = None) -> int:
        with self.cond:
            self.seq += 1
            body = json.dumps({"seq": self.seq, "type": "request", "command": command,
                               "arguments": arguments or {}}).encode()
            self.writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.writer.flush()
            return self.seq

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
        import contextlib

        import psutil

        with contextlib.suppress(Exception):
            self.request("disconnect", {"terminateDebuggee": True}) if self.proc is None else None
        if self.proc is not None:
            below = psutil.Process(self.proc.pid).children(recursive=True)
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, 9)
            for child in below:
                with contextlib.suppress(psutil.Error):
                    child.kill()
            self.proc.wait(10)


def measure(client: RawClient, thread: int, rounds: int) -> dict[str, float]:
    nexts, evals, inspects = [], [], []
    for _ in range(rounds):
        mark = len(client.events)
        t0 = time.perf_counter()
        client.request("next", {"threadId": thread})
        client.wait_event("stopped", mark)
        nexts.append((time.perf_counter() - t0) * 1000)
        frame = client.request("stackTrace", {"threadId": thread, "levels": 1})["body"]["stackFrames"][0]["id"]
        t0 = time.perf_counter()
        client.request("evaluate", {"expression": "running", "frameId": frame, "context": "watch"})
        evals.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        frame = client.request("stackTrace", {"threadId": thread, "levels": 20})["body"]["stackFrames"][0]["id"]
        scopes = client.request("scopes", {"frameId": frame})["body"]["scopes"]
        local = next((s for s in scopes if s["name"].lower().startswith("local")), scopes[0])
        client.request("variables", {"variablesReference": local["variablesReference"]})
        inspects.append((time.perf_counter() - t0) * 1000)
    return {"next": statistics.median(nexts), "evaluate": statistics.median(evals),
            "stack+scopes+variables": statistics.median(inspects)}


def raw_figures(family: str, program: str, source: str, rounds: int) -> dict[str, float]:
    from dapcli.adapters.registry import by_name

    spec: Any = by_name(family)
    started = time.perf_counter()
    if family == "lldb":
        client = RawClient([spec.find()])
        arguments: dict[str, Any] = {"program": program, "cwd": os.path.dirname(program)}
    elif family == "gdb":
        native = spec.native()
        client = RawClient([spec.gdb(), "-i", "dap", "-q"] if native else [spec.node(), spec.cdt_script()])
        arguments = {"program": program, "cwd": os.path.dirname(program)}
        if not native:
            arguments.update(gdb=spec.gdb(), gdbArguments=["-q"])
    else:
        from dapcli.adapters.native.common import free_port

        port = free_port()
        server = subprocess.Popen([spec.find(), "--port", str(port)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        for _ in range(500):
            try:
                client = RawClient(port=port)
                break
            except OSError:
                time.sleep(0.01)
        client.proc = None
        arguments = {"type": "lldb", "program": program, "cwd": os.path.dirname(program), "terminal": "console",
                     "expressions": "native"}
    try:
        client.request("initialize", {"adapterID": spec.adapter_id, "linesStartAt1": True, "columnsStartAt1": True,
                                      "pathFormat": "path"})
        launch = client.send("launch", arguments)
        client.wait_event("initialized")
        client.request("setBreakpoints", {"source": {"path": source}, "breakpoints": [{"line": LINE}]})
        client.request("configurationDone")
        client.wait_response(launch)
        thread = client.wait_event("stopped")["body"]["threadId"]
        figures = {"launch → first stop": (time.perf_counter() - started) * 1000}
        client.request("setBreakpoints", {"source": {"path": source}, "breakpoints": []})
        if rounds:
            figures.update(measure(client, thread, rounds))
    finally:
        client.close()
        if family == "codelldb":
            os.killpg(server.pid, 9)
            server.wait(10)
    return figures


async def engine_figures(family: str, program: str, source: str, rounds: int) -> dict[str, float]:
    from dapcli.dispatch.local import LocalDispatcher
    from dapcli.protocol import types as t

    dispatcher = LocalDispatcher()
    t0 = time.perf_counter()
    await dispatcher.call("launch", {"program": program, "breakpoints": [f"{source}:{LINE}"], "adapter": family})
    first_stop = (time.perf_counter() - t0) * 1000
    session = dispatcher.manager.get("default")
    await dispatcher.call("clearBreakpoints", {})
    if not rounds:
        await dispatcher.call("stop", {})
        return {"launch → first stop": first_stop}
    nexts, verb_nexts, evals, inspects = [], [], [], []
    for _ in range(rounds):
        thread = session.selected_thread_id
        t0 = time.perf_counter()
        await session.resume("next", t.NextArguments(threadId=thread), timeout=30)
        nexts.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        await dispatcher.call("next", {})
        verb_nexts.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        await dispatcher.call("evaluate", {"expression": "running"})
        evals.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        await dispatcher.call("stackTrace", {})
        await dispatcher.call("variables", {})  # scopes + variables of the selected frame
        inspects.append((time.perf_counter() - t0) * 1000)
    await dispatcher.call("stop", {})
    return {"launch → first stop": first_stop, "next": statistics.median(nexts),
            "next (verb, full stop state)": statistics.median(verb_nexts),
            "evaluate": statistics.median(evals), "stack+scopes+variables": statistics.median(inspects)}


def build(folder: str) -> tuple[str, str]:
    source = os.path.join(folder, "work.c")
    Path(source).write_text(C_TARGET)
    compiler = shutil.which("gcc") or shutil.which("cc") or "cc"
    subprocess.run([compiler, "-g", "-O0", "-o", "work", "work.c"], cwd=folder, check=True)
    return os.path.join(folder, "work"), source


def report(family: str, version: str | None, raw: dict[str, float], engine: dict[str, float], rounds: int) -> None:
    print(f"\n{family} ({version}) on a C loop, median of {rounds} (ms)")
    print(f"{'':34}{'raw DAP':>10}{'dapcli':>10}{'ratio':>8}")
    for key in ("next", "evaluate", "stack+scopes+variables", "launch → first stop"):
        print(f"{key:34}{raw[key]:10.2f}{engine[key]:10.2f}{engine[key] / raw[key]:8.2f}")
    same_work = raw["next"] + raw["stack+scopes+variables"]
    verb = engine["next (verb, full stop state)"]
    print(f"{'next verb vs raw next+stack+vars':34}{same_work:10.2f}{verb:10.2f}{verb / same_work:8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--only", choices=("lldb", "gdb", "codelldb"))
    options = parser.parse_args()
    from dapcli.adapters.registry import by_name

    families = [options.only] if options.only else ["lldb", "gdb"]
    with tempfile.TemporaryDirectory(prefix="dcbn") as folder:
        program, source = build(folder)
        for family in families:
            spec = by_name(family)
            if spec.find() is None:
                print(f"\n{family}: not installed ({spec.install_hint})")
                continue
            raw = raw_figures(family, program, source, options.rounds)
            engine = asyncio.run(engine_figures(family, program, source, options.rounds))
            # launch time varies with the machine's load: the median of LAUNCHES, alternating
            launches = {"raw": [raw["launch → first stop"]], "engine": [engine["launch → first stop"]]}
            for _ in range(LAUNCHES - 1):
                again = asyncio.run(engine_figures(family, program, source, 0))
                launches["engine"].append(again["launch → first stop"])
                launches["raw"].append(raw_figures(family, program, source, 0)["launch → first stop"])
            raw["launch → first stop"] = statistics.median(launches["raw"])
            engine["launch → first stop"] = statistics.median(launches["engine"])
            report(family, spec.version(), raw, engine, options.rounds)


if __name__ == "__main__":
    main()
