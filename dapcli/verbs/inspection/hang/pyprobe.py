"""What a Python program's threads wait on, read inside the program (this file's text is sent
to debugpy as one evaluation; it is not imported by dapcli).

debugpy runs an ``evaluate`` that names no frame on its own command thread, which answers
even while every thread of the program is blocked in C code (a lock's ``acquire``) and a
``pause`` never lands. This code only reads: ``sys._current_frames()``, the frames' locals,
the source lines (``linecache``), the locks' ``repr`` and ``locked()``; it evaluates nothing
but names, attributes read with ``inspect.getattr_static`` (no property runs) and constant
subscripts of dicts, lists and tuples. It leaves one JSON text in ``out``:

``{"threads": [{"ident", "nativeId", "name", "dapId", "proc", "frames": [[file, line,
function], …] (innermost first), "blockedIn", "waitsOn": {"id", "text", "kind", "owner",
"thread"}|null, "holds": [{"id", "text"}]}]}``; ``owner`` is the ident of an RLock's owner,
``thread`` the ident of the thread a ``join`` waits for; ``proc`` is the kernel's state letter
of the thread (``S``: asleep in a system call).

Runs on the Python of the program (3.8 or later): no syntax newer than that.
"""

import ast
import inspect
import json
import linecache
import os
import sys
import sysconfig
import threading

MAX_THREADS = 200
MAX_FRAMES = 16
_SENTINEL = object()
_LOCKISH = ("lock", "RLock", "_RLock", "Condition", "Semaphore", "BoundedSemaphore")
#: A lock's type name → the name the program uses for it.
_CALLS = {"lock": "Lock", "_RLock": "RLock"}
_trees = {}
_STDLIB = os.path.join(sysconfig.get_paths()["stdlib"], "")


def _tree(filename):
    if filename not in _trees:
        try:
            _trees[filename] = ast.parse("".join(linecache.getlines(filename)))
        except (SyntaxError, ValueError):
            _trees[filename] = None
    return _trees[filename]


def _value(node, frame):
    """The value of a name, attribute or constant subscript in ``frame``; _SENTINEL otherwise."""
    if isinstance(node, ast.Name):
        for scope in (frame.f_locals, frame.f_globals, frame.f_builtins):
            if node.id in scope:
                return scope[node.id]
        return _SENTINEL
    if isinstance(node, ast.Attribute):
        base = _value(node.value, frame)
        if base is _SENTINEL:
            return _SENTINEL
        try:
            found = inspect.getattr_static(base, node.attr)
        except AttributeError:
            return _SENTINEL
        if hasattr(type(found), "__get__") and not isinstance(found, (staticmethod, classmethod)):
            return _SENTINEL if isinstance(found, property) or not callable(found) else found
        return found
    if isinstance(node, ast.Subscript):
        base = _value(node.value, frame)
        index = node.slice.value if type(node.slice).__name__ == "Index" else node.slice  # 3.8: ast.Index
        if type(base) in (dict, list, tuple) and isinstance(index, ast.Constant):
            try:
                return base[index.value]
            except (KeyError, IndexError, TypeError):
                return _SENTINEL
    return _SENTINEL


def _acquire(value):
    name = type(value).__name__
    return f"{_CALLS.get(name, name)}.acquire"


def _is_lock(value):
    return type(value).__name__ in _LOCKISH


def _statement(frame):
    """The innermost statement node of ``frame``'s file at its current line, and the function
    node that holds it (None: module level)."""
    tree = _tree(frame.f_code.co_filename)
    if tree is None:
        return None, None
    line, found, owner = frame.f_lineno, None, None
    stack = [(tree, None)]
    while stack:
        node, function = stack.pop()
        for child in ast.iter_child_nodes(node):
            start, end = getattr(child, "lineno", None), getattr(child, "end_lineno", None)
            if start is None or end is None or not start <= line <= end:
                continue
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) else function
            one_line_with = isinstance(found, (ast.With, ast.AsyncWith)) and found.lineno == line
            if isinstance(child, ast.stmt) and not (one_line_with and child.lineno == line):
                found, owner = child, inner  # `with b: pass`: the `with`, whose lock is taken first
            stack.append((child, inner))
    return found, owner


def _call_name(node):
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr, func.value
    if isinstance(func, ast.Name):
        return func.id, None
    return None, None


def _name(node):
    """A name, attribute or subscript as written (``ast.unparse`` is 3.9+)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    if isinstance(node, ast.Subscript):
        index = node.slice.value if type(node.slice).__name__ == "Index" else node.slice  # 3.8: ast.Index
        return f"{_name(node.value)}[{index.value!r}]" if isinstance(index, ast.Constant) else f"{_name(node.value)}[…]"
    return "…"


def _text(node, value):
    return f"{_name(node)} {_repr(value)}"


def _repr(value):
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:200] + "…"


def _owner(lock):
    """The ident of the thread that owns an RLock (C: ``owner=`` in its repr; Python: ``_owner``)."""
    inner = getattr(lock, "_lock", None) if type(lock).__name__ == "Condition" else lock
    owner = getattr(inner, "_owner", None)
    if isinstance(owner, int) and owner:
        return owner
    text = _repr(inner)
    at = text.find("owner=")
    if at >= 0:
        digits = text[at + 6:].split(" ")[0]
        if digits.isdigit() and int(digits):
            return int(digits)
    return None


def _wait(entry, kind, call, node, value, frame):
    text = _text(node, value) if node is not None else _repr(value)
    entry["blockedIn"] = call
    entry["waitsOn"] = {"id": id(value), "text": text, "kind": kind,
                        "owner": _owner(value) if kind == "lock" else None,
                        "thread": getattr(value, "ident", None) if kind == "thread" else None}


#: (class name, function) of a frame in threading.py or queue.py → (kind, the call it waits in).
_LIBRARY_WAITS = {
    ("Condition", "wait"): ("condition", "Condition.wait"),
    ("Condition", "wait_for"): ("condition", "Condition.wait"),
    ("Event", "wait"): ("event", "Event.wait"),
    ("Barrier", "wait"): ("event", "Barrier.wait"),
    ("Thread", "join"): ("thread", "Thread.join"),
    ("Semaphore", "acquire"): ("semaphore", "Semaphore.acquire"),
    ("BoundedSemaphore", "acquire"): ("semaphore", "Semaphore.acquire"),
}
_QUEUES = ("Queue", "LifoQueue", "PriorityQueue", "SimpleQueue")
_LIBRARY = ("threading", "queue")


def _module_of(frame):
    return os.path.splitext(os.path.basename(frame.f_code.co_filename))[0]


def _blocked_in_library(entry, frames):
    """A wait inside threading.py or queue.py: the outermost such frame says what (a queue's
    ``get`` rather than the Condition it uses), its ``self`` what on."""
    chosen = None
    for frame in frames:
        if _module_of(frame) not in _LIBRARY:
            break
        owner = frame.f_locals.get("self")
        kind = type(owner).__name__
        known = _LIBRARY_WAITS.get((kind, frame.f_code.co_name))
        if known is None and kind in _QUEUES and frame.f_code.co_name in ("get", "put"):
            known = ("queue", f"queue.{kind}.{frame.f_code.co_name}")
        if known is not None:
            chosen = (known[0], known[1], owner)
    if chosen is not None:
        _wait(entry, chosen[0], chosen[1], None, chosen[2], frames[0])
    return chosen is not None


def _blocked_at_line(entry, frame):
    """A wait in a C call made on ``frame``'s line: ``with LOCK:``, ``LOCK.acquire()``,
    ``time.sleep()``, a socket's ``recv``, …"""
    node, _ = _statement(frame)
    if isinstance(node, (ast.With, ast.AsyncWith)) and node.lineno == frame.f_lineno:
        locks = [(item.context_expr, value) for item in node.items
                 if (value := _value(item.context_expr, frame)) is not _SENTINEL and _is_lock(value)]
        if len(locks) > 1:  # `with a, b:` waits on one of them, and holds those before it: not provable
            entry["blockedIn"] = _acquire(locks[0][1]) + " (one of several on this line)"
            return None
        if locks:
            return _wait(entry, "lock", _acquire(locks[0][1]), locks[0][0], locks[0][1], frame)
    if node is None:
        return None
    acquires = []
    for call in ast.walk(node):
        if not isinstance(call, ast.Call) or getattr(call, "lineno", 0) != frame.f_lineno:
            continue
        name, receiver = _call_name(call)
        if name == "acquire" and receiver is not None:
            value = _value(receiver, frame)
            if value is not _SENTINEL and _is_lock(value):
                acquires.append((receiver, value))
            continue
        if name in ("sleep", "recv", "recvfrom", "accept", "read", "readline", "input", "select", "poll",
                    "wait", "waitpid", "communicate", "connect") and not acquires:
            label = _name(call.func)
            entry["blockedIn"] = label
            return None
    if len(acquires) > 1:  # which of the line's acquires blocks is not known
        entry["blockedIn"] = _acquire(acquires[0][1]) + " (one of several on this line)"
        return None
    if acquires:
        return _wait(entry, "lock", _acquire(acquires[0][1]), acquires[0][0], acquires[0][1], frame)
    return None


def _holds(frame):
    """Locks ``frame`` holds: ``with LOCK:`` statements of its function whose body holds its line."""
    tree = _tree(frame.f_code.co_filename)
    if tree is None:
        return []
    _, function = _statement(frame)
    root = function if function is not None else tree
    found, todo = [], list(ast.iter_child_nodes(root))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.With, ast.AsyncWith)) and node.body:
            first, last = node.body[0].lineno, node.body[-1].end_lineno
            if first <= frame.f_lineno <= last and node.lineno != frame.f_lineno:  # `with b: pass` here: not proven
                for item in node.items:
                    value = _value(item.context_expr, frame)
                    if value is not _SENTINEL and _is_lock(value):
                        found.append({"id": id(value), "text": _text(item.context_expr, value)})
        todo.extend(ast.iter_child_nodes(node))
    return found


def _is_library(frame):
    path = frame.f_code.co_filename
    return _module_of(frame) in _LIBRARY or _is_debugger(frame) or path.startswith(_STDLIB) or "-packages" in path


def _is_debugger(frame):
    path = frame.f_code.co_filename.replace(os.sep, "/")
    return "/pydevd" in path or "/debugpy/" in path or "/_pydev" in path


def _proc_state(native_id):
    try:
        with open(f"/proc/self/task/{int(native_id)}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError, TypeError):
        return None


def _dap_ids():
    """Thread → the id debugpy gives it on the wire (None when its internals are not as known)."""
    schema = sys.modules.get("_pydevd_bundle._debug_adapter.pydevd_base_schema")
    constants = sys.modules.get("_pydevd_bundle.pydevd_constants")
    table = getattr(getattr(schema, "BaseSchema", None), "_obj_id_to_dap_id", None)
    get_id = getattr(constants, "get_thread_id", None)
    if not isinstance(table, dict) or get_id is None:
        return lambda thread: None

    def dap_id(thread):
        try:
            return table.get(get_id(thread))
        except Exception:
            return None

    return dap_id


def _probe():
    dap_id = _dap_ids()
    current = threading.current_thread()
    stacks = sys._current_frames()
    threads = []
    for thread in list(threading.enumerate())[:MAX_THREADS]:
        if thread is current or getattr(thread, "is_pydev_daemon_thread", False) or \
                getattr(thread, "pydev_do_not_trace", False) or thread.name.startswith("pydevd."):
            continue
        frame, frames = stacks.get(thread.ident), []
        while frame is not None and len(frames) < 4 * MAX_FRAMES:
            frames.append(frame)
            frame = frame.f_back
        cut = None  # suspended by debugpy: its frames (and the threading waits they make) on top
        for index, inner in enumerate(frames):
            if _is_debugger(inner):
                cut = index
            elif not _is_library(inner):
                break
        suspended = cut is not None
        frames = frames[0 if cut is None else cut + 1:][:MAX_FRAMES]
        native = getattr(thread, "native_id", None)
        entry = {"ident": thread.ident, "nativeId": native, "name": thread.name, "dapId": dap_id(thread),
                 "proc": _proc_state(native), "suspended": suspended, "blockedIn": None, "waitsOn": None, "holds": [],
                 "frames": [[f.f_code.co_filename, f.f_lineno, f.f_code.co_name] for f in frames]}
        if frames:
            try:
                if not suspended and not _blocked_in_library(entry, frames) and _module_of(frames[0]) not in _LIBRARY:
                    _blocked_at_line(entry, frames[0])  # the innermost frame made the C call it waits in
                waited = entry["waitsOn"]["id"] if entry["waitsOn"] else None
                for f in frames:
                    if not _is_library(f):  # a Condition.wait releases what its `with` took
                        entry["holds"].extend(h for h in _holds(f) if h["id"] != waited)
            except Exception as exc:  # never lose the other threads to one odd frame
                entry["error"] = f"{type(exc).__name__}: {exc}"
        threads.append(entry)
    return {"threads": threads}


out = json.dumps(_probe())
