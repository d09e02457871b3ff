"""A tiny debug adapter speaking DAP over stdio, with an injectable fault (stdlib only).

Usage: ``python fake_adapter.py [MODE]`` where MODE is

* ``normal`` (default): answers every request;
* ``garbage``: after answering ``initialize``, writes a non-DAP header on stdout;
* ``crash``: on ``threads``, writes a message to stderr and exits abruptly (exit 3);
* ``silent``: never answers ``threads``;
* ``hangup``: on ``threads``, closes stdout first, then writes its reason to stderr and exits;
* ``noisy``: on ``threads``, logs a 300 KB line and 200 KB of lines to stderr before answering;
* ``scripted``: a whole session (launch → stop at entry → inspect → resume), whose faults are
  chosen by the launched ``program``: a JSON file ``{"continue": ACTION, "evaluate": {"EXPR":
  ACTION}, "variables": ACTION}`` (see :data:`ACTIONS`). dapcli runs it as a configured adapter.

``initialize`` is always answered normally first. The adapter exits on end of stdin or after
answering ``disconnect``.
"""

from __future__ import annotations

import json
import os
import sys
import time

CRASH_MESSAGE = "fatal error: fake adapter crashed while handling threads"
NOISY_LAST_LINE = "noisy: threads answered"
GARBAGE = b"HTTP/1.1 500 Internal Server Error\r\nServer: not-a-debug-adapter\r\n\r\n"

_seq = 0


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def send(message: dict) -> None:
    global _seq
    _seq += 1
    message["seq"] = _seq
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def respond(request: dict, body: dict | None = None, success: bool = True, message: str = "") -> None:
    response = {"type": "response", "request_seq": request["seq"], "command": request["command"], "success": success}
    if body is not None:
        response["body"] = body
    if message:
        response["message"] = message
    send(response)


def read_message(stream) -> dict | None:
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    if length is None:
        return None
    body = stream.read(length)
    if len(body) < length:
        return None
    return json.loads(body)


def main(argv: list[str]) -> int:
    mode = argv[0] if argv else "normal"
    if mode == "scripted":
        return run_scripted(sys.stdin.buffer)
    stdin = sys.stdin.buffer
    while True:
        request = read_message(stdin)
        if request is None:
            return 0
        if request.get("type") != "request":
            continue
        command = request.get("command")
        if command == "initialize":
            respond(request, {"supportsConfigurationDoneRequest": True})
            send({"type": "event", "event": "initialized"})
            if mode == "garbage":
                write(GARBAGE)
        elif command == "threads":
            if mode == "crash":
                sys.stderr.write("fake adapter: handling threads\n")
                sys.stderr.write(CRASH_MESSAGE + "\n")
                sys.stderr.flush()
                os._exit(3)
            if mode == "hangup":
                sys.stdout.flush()
                os.close(sys.stdout.fileno())
                time.sleep(0.05)
                sys.stderr.write(CRASH_MESSAGE + "\n")
                sys.stderr.flush()
                os._exit(4)
            if mode == "noisy":
                sys.stderr.write("x" * 300_000 + "\n")
                sys.stderr.writelines(f"log line {i:06d}\n" for i in range(12_000))
                sys.stderr.write(NOISY_LAST_LINE + "\n")
                sys.stderr.flush()
            if mode == "silent":
                continue
            respond(request, {"threads": [{"id": 1, "name": "main"}]})
        elif command == "evaluate":
            expression = (request.get("arguments") or {}).get("expression", "")
            respond(request, {"result": expression[::-1], "variablesReference": 0})
        elif command == "disconnect":
            respond(request)
            return 0
        else:
            respond(request, success=False, message=f"fake adapter does not support {command}")


# -- the scripted session ----------------------------------------------------------------------
#: What the adapter does when a scripted request comes: ``stop`` (answer, then a ``stopped``
#: event), ``run`` (answer, keep "running"), ``crash`` (exit 3 without answering), ``kill``
#: (SIGKILL itself), ``close`` (close stdout, keep living until stdin ends), ``garbage`` (a
#: non-DAP header), ``header`` (a header announcing 1000 bytes, then 10 and the end of stdout),
#: ``huge`` (one 64 MB output event, then stop), ``flood`` (200,000 output events, then stop),
#: ``hang`` (never answer; a ``cancel`` request answers it as cancelled), ``exit`` (the
#: debuggee "exits": ``exited`` code 0 and ``terminated``), ``late`` (answer, and only half a second
#: later ``continued`` and a ``stopped`` step: lldb-dap under load after a console ``thread
#: step-over``), ``watch`` (answer, a data breakpoint's ``stopped``, and half a second later the
#: console report of its old and new value, as CodeLLDB may), ``truncated`` (the answer's header
#: announces 500 bytes more than its body, which is cut after 40 bytes; the adapter lives on and
#: answers the next requests), ``overstated`` (the header announces 200 bytes more than the whole
#: body), ``lf-header`` (the header ends with ``\n\n``), ``mismatch`` (answered as ``stackTrace``),
#: ``answer`` (the default), ``unreaped`` (the program, a child the adapter started at launch and
#: named in a ``process`` event, exits with :data:`UNREAPED_STATUS`; the adapter never reaps it,
#: answers, sends ``terminated`` alone, and answers ``disconnect`` with Delve's words for an exit
#: it did not see: ``Process N has exited with status -1``).
ACTIONS = ("stop", "run", "crash", "kill", "close", "garbage", "header", "huge", "flood", "hang", "exit", "late",
           "watch", "truncated", "overstated", "lf-header", "mismatch", "answer", "unreaped")
LATE = 0.5
WATCH_REPORT = "\nWatchpoint 1 hit:\nold value: 3\nnew value: 42\n"
FLOOD_EVENTS = 60_000  # ~16 MB of program output: about twice what dapcli keeps (8 MB, chunks counted)
FLOOD_LINE = "x" * 200
HUGE_BYTES = 64 * 1024 * 1024
UNREAPED_STATUS = 3


class Scripted:
    """One scripted session; ``script`` comes from the launched program file."""

    def __init__(self) -> None:
        self.script: dict = {}
        self.hanging: dict[int, dict] = {}
        #: The "program" of ``unreaped``: its pid and the pipe whose end lets it exit.
        self.child: tuple[int, int] | None = None

    def start_child(self) -> None:
        """Fork the program of ``unreaped``: it waits until the pipe closes, then exits."""
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(write_end)
            os.read(read_end, 1)
            os._exit(UNREAPED_STATUS)
        os.close(read_end)
        self.child = (pid, write_end)
        send({"type": "event", "event": "process", "body": {"name": "program", "systemProcessId": pid,
                                                            "startMethod": "launch"}})

    def end_child_unreaped(self) -> None:
        """Let the program exit, and wait (never reaping it) until it is a zombie."""
        assert self.child is not None
        pid, write_end = self.child
        os.close(write_end)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rpartition(")")[2].split()[0] == "Z":
                    return
            time.sleep(0.01)

    def stopped(self, reason: str) -> None:
        send({"type": "event", "event": "stopped", "body": {"reason": reason, "threadId": 1,
                                                            "allThreadsStopped": True}})

    def act(self, action: str, request: dict, body: dict | None = None) -> None:
        if action == "crash":
            sys.stderr.write(CRASH_MESSAGE + "\n")
            sys.stderr.flush()
            os._exit(3)
        if action == "kill":
            os.kill(os.getpid(), 9)
        if action == "close":
            os.close(sys.stdout.fileno())
            while sys.stdin.buffer.read(65536):
                pass
            os._exit(0)
        if action == "garbage":
            write(GARBAGE)
            return
        if action == "header":
            write(b"Content-Length: 1000\r\n\r\n{\"seq\": 1,")
            os.close(sys.stdout.fileno())
            os._exit(5)
        if action == "hang":
            self.hanging[request["seq"]] = request
            return
        if action in ("truncated", "overstated", "lf-header"):
            global _seq
            _seq += 1
            message = {"seq": _seq, "type": "response", "request_seq": request["seq"], "command": request["command"],
                       "success": True, "body": body or {}}
            data = json.dumps(message).encode("utf-8")
            if action == "truncated":
                write(b"Content-Length: %d\r\n\r\n" % (len(data) + 500) + data[:40])
            elif action == "overstated":
                write(b"Content-Length: %d\r\n\r\n" % (len(data) + 200) + data)
            else:
                write(b"Content-Length: %d\n\n" % len(data) + data)
            return
        if action == "unreaped":
            self.end_child_unreaped()
        if action == "mismatch":
            send({"type": "response", "request_seq": request["seq"], "command": "stackTrace", "success": True,
                  "body": {"stackFrames": []}})
            return
        respond(request, body)
        if action == "stop":
            self.stopped("step" if request["command"] != "continue" else "breakpoint")
        elif action == "huge":
            huge = "h" * (HUGE_BYTES - 12) + "\nlast words\n"
            send({"type": "event", "event": "output", "body": {"category": "stdout", "output": huge}})
            self.stopped("breakpoint")
        elif action == "flood":
            for index in range(FLOOD_EVENTS):
                text = f"line {index} {FLOOD_LINE}\n"
                send({"type": "event", "event": "output", "body": {"category": "stdout", "output": text}})
            self.stopped("breakpoint")
        elif action == "late":
            time.sleep(LATE)
            send({"type": "event", "event": "continued", "body": {"threadId": 1, "allThreadsContinued": True}})
            self.stopped("step")
        elif action == "watch":
            send({"type": "event", "event": "stopped", "body": {"reason": "data breakpoint", "threadId": 1,
                                                                "allThreadsStopped": True}})
            time.sleep(LATE)
            send({"type": "event", "event": "output", "body": {"category": "console", "output": WATCH_REPORT}})
        elif action == "exit":
            send({"type": "event", "event": "exited", "body": {"exitCode": 0}})
            send({"type": "event", "event": "terminated"})
        elif action == "unreaped":
            send({"type": "event", "event": "terminated"})

    def handle(self, request: dict) -> bool:
        command = request.get("command")
        arguments = request.get("arguments") or {}
        if command == "initialize":
            respond(request, {"supportsConfigurationDoneRequest": True, "supportsCancelRequest": True})
            send({"type": "event", "event": "initialized"})
        elif command == "launch":
            with open(arguments["program"], encoding="utf-8") as handle:
                self.script = json.load(handle)
            respond(request)
            if "unreaped" in self.script.values():
                self.start_child()
        elif command == "configurationDone":
            respond(request)
            self.stopped("entry")
        elif command == "threads":
            respond(request, {"threads": [{"id": 1, "name": "main"}]})
        elif command == "stackTrace":
            respond(request, {"totalFrames": 1, "stackFrames": [{"id": 1, "name": "main", "line": 1, "column": 1,
                                                                 "source": {"path": self.script.get("source", "")}}]})
        elif command == "scopes":
            respond(request, {"scopes": [{"name": "Locals", "variablesReference": 7, "expensive": False}]})
        elif command == "variables":
            self.act(self.script.get("variables", "answer"), request,
                     {"variables": [{"name": "x", "value": "42", "variablesReference": 0}]})
        elif command == "evaluate":
            expression = arguments.get("expression", "")
            action = self.script.get("evaluate", {}).get(expression, "answer")
            self.act(action, request, {"result": expression[::-1], "variablesReference": 0})
        elif command in ("continue", "next", "stepIn", "stepOut"):
            self.act(self.script.get(command, "stop"), request, {"allThreadsContinued": True})
        elif command == "pause":
            respond(request)
            self.stopped("pause")
        elif command == "cancel":
            hung = self.hanging.pop(arguments.get("requestId", -1), None)
            respond(request)
            if hung is not None:
                respond(hung, success=False, message="cancelled")
        elif command == "disconnect":
            if self.child is not None:
                send({"type": "event", "event": "output", "body": {
                    "category": "console", "output": f"Process {self.child[0]} has exited with status -1\n"}})
            respond(request)
            return False
        else:
            respond(request, success=False, message=f"fake adapter does not support {command}")
        return True


def run_scripted(stdin) -> int:
    session = Scripted()
    while True:
        request = read_message(stdin)
        if request is None or (request.get("type") == "request" and not session.handle(request)):
            return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
