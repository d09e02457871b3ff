"""A debug adapter that misbehaves on cue (stdlib only): faults no real adapter makes on demand.

Run as ``python hostile_adapter.py`` (stdio). The launched ``program`` is a JSON file: a plain
session (stop at entry; one thread, one frame, locals ``x``), where each request's handling may
be replaced by a list of actions under ``on.COMMAND``:

* ``{"respond": BODY}``: answer it (``success`` true) with BODY; ``{"fail": MESSAGE}``: answer
  ``success: false``; ``{"response": {FIELDS}}``: a response with these fields merged in (a wrong
  ``request_seq``, another ``command``);
* ``{"event": NAME, "body": BODY}``: send an event;
* ``{"write": TEXT}`` / ``{"writeBytes": N, "char": C}``: raw bytes on stdout (a bad frame);
* ``{"message": OBJECT}``: any JSON object, framed;
* ``{"sleep": SECONDS}``, ``{"hang": true}`` (stop handling this request), ``{"exit": CODE}``
  (exit at once), ``{"closeStdout": true}``.

``initialize`` may be scripted too (``on.initialize``: ``[{"hang": true}]`` never answers it):
the script is then read from the file named by ``$HOSTILE_SCRIPT``, as it is before a launch.
``variables`` with no script answers from ``variables`` of the script: ``{"REF": [VARIABLE…]}``;
``"deep": N`` makes reference R (1000 ≤ R < 1000 + N) hold one child pointing to R + 1.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

_seq = 0


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def send(message: dict[str, Any]) -> None:
    global _seq
    _seq += 1
    message.setdefault("seq", _seq)
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def response(request: dict[str, Any], body: Any = None, success: bool = True, message: str = "") -> dict[str, Any]:
    answer: dict[str, Any] = {"type": "response", "request_seq": request["seq"], "command": request["command"],
                              "success": success}
    if body is not None:
        answer["body"] = body
    if message:
        answer["message"] = message
    return answer


def read_message(stream: Any) -> dict[str, Any] | None:
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
    return json.loads(body) if len(body) == length else None


class Session:
    def __init__(self) -> None:
        self.script: dict[str, Any] = {}
        path = os.environ.get("HOSTILE_SCRIPT")
        if path:
            with open(path, encoding="utf-8") as handle:
                self.script = json.load(handle)

    def stopped(self, reason: str) -> None:
        send({"type": "event", "event": "stopped", "body": {"reason": reason, "threadId": 1,
                                                            "allThreadsStopped": True}})

    def run(self, actions: list[dict[str, Any]], request: dict[str, Any]) -> bool:
        """Carry out ``actions``; False when the request was left unanswered on purpose."""
        for action in actions:
            if "respond" in action:
                send(response(request, action["respond"]))
            elif "fail" in action:
                send(response(request, None, False, action["fail"]))
            elif "response" in action:
                send({**response(request), **action["response"]})
            elif "event" in action:
                event: dict[str, Any] = {"type": "event", "event": action["event"]}
                if "body" in action:
                    event["body"] = action["body"]
                send(event)
            elif "message" in action:
                send(dict(action["message"]))
            elif "write" in action:
                write(action["write"].encode("utf-8", "surrogateescape"))
            elif "writeBytes" in action:
                chunk = action.get("char", "x").encode() * (1 << 20)
                left = int(action["writeBytes"])
                while left > 0:
                    write(chunk[:left])
                    left -= len(chunk)
            elif "sleep" in action:
                time.sleep(float(action["sleep"]))
            elif "hang" in action:
                return False
            elif "exit" in action:
                sys.stdout.flush()
                os._exit(int(action["exit"]))
            elif "closeStdout" in action:
                os.close(sys.stdout.fileno())
        return True

    def variables(self, reference: int) -> list[dict[str, Any]]:
        deep = int(self.script.get("deep", 0))
        if deep and 1000 <= reference < 1000 + deep:
            return [{"name": f"level{reference - 1000}", "value": "{...}", "variablesReference": reference + 1}]
        listed = self.script.get("variables", {}).get(str(reference))
        if listed is not None:
            return list(listed)
        return [{"name": "x", "value": "42", "variablesReference": 0}]

    def default(self, request: dict[str, Any]) -> bool:
        command = request.get("command")
        arguments = request.get("arguments") or {}
        if command == "initialize":
            send(response(request, {"supportsConfigurationDoneRequest": True, "supportsSetVariable": True}))
            send({"type": "event", "event": "initialized"})
        elif command == "launch":
            with open(arguments["program"], encoding="utf-8") as handle:
                self.script = json.load(handle)
            send(response(request))
        elif command == "configurationDone":
            send(response(request))
            self.stopped("entry")
        elif command == "threads":
            send(response(request, {"threads": [{"id": 1, "name": "main"}]}))
        elif command == "stackTrace":
            source = {"path": self.script.get("source", ""), "name": "prog"}
            send(response(request, {"totalFrames": 1, "stackFrames": [
                {"id": 1, "name": "main", "line": 1, "column": 1, "source": source}]}))
        elif command == "scopes":
            send(response(request, {"scopes": [{"name": "Locals", "variablesReference": 7, "expensive": False}]}))
        elif command == "variables":
            send(response(request, {"variables": self.variables(int(arguments.get("variablesReference", 0)))}))
        elif command == "evaluate":
            send(response(request, {"result": str(arguments.get("expression", ""))[::-1], "variablesReference": 0}))
        elif command in ("continue", "next", "stepIn", "stepOut"):
            send(response(request, {"allThreadsContinued": True}))
            self.stopped("breakpoint" if command == "continue" else "step")
        elif command == "pause":
            send(response(request))
            self.stopped("pause")
        elif command == "setBreakpoints":
            send(response(request, {"breakpoints": [{"verified": True, "line": b.get("line")}
                                                    for b in arguments.get("breakpoints", [])]}))
        elif command == "disconnect":
            send(response(request))
            return False
        else:
            send(response(request, None, False, f"hostile adapter does not support {command}"))
        return True

    def handle(self, request: dict[str, Any]) -> bool:
        """False when the session is over (after ``disconnect``)."""
        actions = self.script.get("on", {}).get(request.get("command"))
        if actions is not None and request.get("command") != "disconnect":
            self.run(actions, request)
            return True
        return self.default(request)


def main() -> int:
    session = Session()
    stdin = sys.stdin.buffer
    while True:
        request = read_message(stdin)
        if request is None:
            return 0
        if request.get("type") == "request" and not session.handle(request):
            return 0


if __name__ == "__main__":
    raise SystemExit(main())
