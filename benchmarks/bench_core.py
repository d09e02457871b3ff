"""Side-by-side speed figures for issue 2 (prints a table; not a test).

    python benchmarks/bench_core.py [--rounds N]

1. A raw DAP client (stdlib only, TCP_NODELAY fix in the debuggee) against debugpy on
   examples/buggy.py: median ms of `next` (request → stopped), `evaluate`, and
   stackTrace+scopes+variables; launch → first breakpoint stop.
2. The same through dapcli's engine (Session) and through the verbs (which also build the
   full stop state), in one process.
3. One one-shot CLI verb (`dapcli threads`) as a whole process against a live session, next to
   the floor: a python process that only connects to a unix socket and exchanges one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = str(ROOT / "benchmarks" / "target.py")
LINE = next(i for i, text in enumerate(Path(PROGRAM).read_text().splitlines(), 1) if "@running" in text)
sys.path.insert(0, str(ROOT))


class RawClient:
    """A minimal blocking DAP client over the adapter's stdio."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "debugpy.adapter"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        self.seq = 0
        self.events: list[dict] = []
        self.responses: dict[int, dict] = {}
        self.cond = threading.Condition()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r\n")[0])
            msg = json.loads(out.read(length))
            with self.cond:
                if msg["type"] == "response":
                    self.responses[msg["request_seq"]] = msg
                elif msg["type"] == "event":
                    self.events.append(msg)
                self.cond.notify_all()

    def send(self, command: str, arguments: dict | None = None) -> int:
        self.seq += 1
        body = json.dumps({"seq": self.seq, "type": "request", "command": command,
                           "arguments": arguments or {}}).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return self.seq

    def wait_response(self, seq: int) -> dict:
        with self.cond:
            self.cond.wait_for(lambda: seq in self.responses, 30)
            return self.responses.pop(seq)

    def request(self, command: str, arguments: dict | None = None) -> dict:
        return self.wait_response(self.send(command, arguments))

    def wait_event(self, name: str, after: int = 0) -> dict:
        with self.cond:
            self.cond.wait_for(lambda: any(e["event"] == name for e in self.events[after:]), 30)
            return next(e for e in self.events[after:] if e["event"] == name)

    def close(self) -> None:
        try:
            self.request("disconnect", {"terminateDebuggee": True})
        finally:
            self.proc.kill()


def raw_figures(rounds: int) -> dict[str, float]:
    from dapcli.adapters.debugpy.adapter import NODELAY_DIR

    started = time.perf_counter()
    client = RawClient()
    client.request("initialize", {"adapterID": "debugpy", "linesStartAt1": True, "columnsStartAt1": True})
    launch = client.send("launch", {"program": PROGRAM, "console": "internalConsole", "justMyCode": True,
                                    "env": {"PYTHONPATH": NODELAY_DIR}, "python": [sys.executable]})
    client.wait_event("initialized")
    client.request("setBreakpoints", {"source": {"path": PROGRAM}, "breakpoints": [{"line": LINE}]})
    client.request("configurationDone")
    client.wait_response(launch)
    client.wait_event("stopped")
    first_stop = (time.perf_counter() - started) * 1000
    client.request("setBreakpoints", {"source": {"path": PROGRAM}, "breakpoints": []})
    figures = {"launch → first stop": first_stop}
    nexts, evals, inspects = [], [], []
    for _ in range(rounds):
        mark = len(client.events)
        t0 = time.perf_counter()
        client.request("next", {"threadId": 1})
        client.wait_event("stopped", mark)
        nexts.append((time.perf_counter() - t0) * 1000)
        frame = client.request("stackTrace", {"threadId": 1, "levels": 1})["body"]["stackFrames"][0]["id"]
        t0 = time.perf_counter()
        client.request("evaluate", {"expression": "running", "frameId": frame, "context": "watch"})
        evals.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        frame = client.request("stackTrace", {"threadId": 1, "levels": 20})["body"]["stackFrames"][0]["id"]
        ref = client.request("scopes", {"frameId": frame})["body"]["scopes"][0]["variablesReference"]
        client.request("variables", {"variablesReference": ref})
        inspects.append((time.perf_counter() - t0) * 1000)
    client.close()
    figures.update({"next": statistics.median(nexts), "evaluate": statistics.median(evals),
                    "stack+scopes+variables": statistics.median(inspects)})
    return figures


async def engine_figures(rounds: int) -> dict[str, float]:
    from dapcli.dispatch.local import LocalDispatcher
    from dapcli.protocol import types as t

    dispatcher = LocalDispatcher()
    t0 = time.perf_counter()
    await dispatcher.call("launch", {"program": PROGRAM, "breakpoints": [f"{PROGRAM}:{LINE}"],
                                     "python": sys.executable})
    first_stop = (time.perf_counter() - t0) * 1000
    session = dispatcher.manager.get("default")
    await dispatcher.call("clearBreakpoints", {})
    nexts, verb_nexts, evals, inspects = [], [], [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        await session.resume("next", t.NextArguments(threadId=1), timeout=30)
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


def cli_figures(rounds: int) -> dict[str, float]:
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=tempfile.mkdtemp(prefix="dcb"))
    dapcli = [sys.executable, "-m", "dapcli"]
    script = Path(sys.executable).parent / "dapcli"
    if script.exists():
        dapcli = [str(script)]
    subprocess.run([*dapcli, "launch", PROGRAM, "-b", f"{PROGRAM}:{LINE}"], env=env, check=True,
                   capture_output=True)
    sock_path = os.path.join(env["DAPCLI_RUNTIME_DIR"], "default.sock")
    floor_code = (
        "import socket,json\n"
        f"s=socket.socket(socket.AF_UNIX);s.connect({sock_path!r})\n"
        "s.sendall(json.dumps({'id':1,'verb':'sessions','args':{}}).encode()+b'\\n');s.makefile().readline()\n"
    )
    floors, verbs = [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", floor_code], env=env, check=True)
        floors.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        subprocess.run([*dapcli, "threads"], env=env, check=True, capture_output=True)
        verbs.append((time.perf_counter() - t0) * 1000)
    subprocess.run([*dapcli, "stop"], env=env, capture_output=True)
    return {"floor": statistics.median(floors), "dapcli threads": statistics.median(verbs)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    raw = raw_figures(rounds)
    engine = asyncio.run(engine_figures(rounds))
    print(f"debugpy on benchmarks/target.py, median of {rounds} (ms)")
    print(f"{'':34}{'raw DAP':>10}{'dapcli':>10}{'ratio':>8}")
    for key in ("next", "evaluate", "stack+scopes+variables", "launch → first stop"):
        print(f"{key:34}{raw[key]:10.2f}{engine[key]:10.2f}{engine[key] / raw[key]:8.2f}")
    same_work = raw["next"] + raw["stack+scopes+variables"]
    verb = engine["next (verb, full stop state)"]
    print(f"{'next verb vs raw next+stack+vars':34}{same_work:10.2f}{verb:10.2f}{verb / same_work:8.2f}")
    cli = cli_figures(rounds)
    ratio = cli["dapcli threads"] / cli["floor"]
    print(f"{'one-shot CLI verb vs socket floor':34}{cli['floor']:10.1f}{cli['dapcli threads']:10.1f}{ratio:8.2f}")


if __name__ == "__main__":
    main()
