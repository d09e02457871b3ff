"""The pieces of `dapcli hang` that need no program: call names as the user wrote them, the
argument of a blocked call, the holders and the cycle the waits prove, and the text."""

from __future__ import annotations

from dapcli.verbs.inspection.hang.common import Wait, deadlock_cycle, resolve_holders
from dapcli.verbs.inspection.hang.golang import go_call_name
from dapcli.verbs.inspection.hang.native import first_argument
from dapcli.verbs.inspection.hang.stacks import call_name
from dapcli.verbs.models.hang import HangResult, HangThread, hang_lines


def test_call_names() -> None:
    assert call_name("___pthread_mutex_lock") == "pthread_mutex_lock"
    assert call_name("__GI___pthread_mutex_lock") == "pthread_mutex_lock"
    assert call_name("pthread_clockjoin_ex") == "pthread_join"
    assert call_name("__libc_read") == "read"
    assert call_name("sync.(*Mutex).Lock") == "sync.(*Mutex).Lock"  # left to the Go analysis
    assert go_call_name("sync.(*Mutex).Lock") == "sync.Mutex.Lock"
    assert go_call_name("runtime.chanrecv1") == "channel receive"
    assert go_call_name("runtime.selectgo") == "select"


def test_first_argument_only_when_safe() -> None:
    assert first_argument("pthread_mutex_lock(&lock_b); // @wait_b", "pthread_mutex_lock") == "&lock_b"
    assert first_argument("pthread_mutex_lock(&s->locks[2]);", "pthread_mutex_lock") == "&s->locks[2]"
    assert first_argument("pthread_join(first, NULL);", "pthread_join") == "first"
    assert first_argument("pthread_mutex_lock(pick(a));", "pthread_mutex_lock") is None  # a call: not run
    assert first_argument("pthread_mutex_lock((pthread_mutex_t *)p);", "pthread_mutex_lock") == \
        "(pthread_mutex_t *)p"
    assert first_argument("lock(m);", "pthread_mutex_lock") is None


def _wait(tid: int, name: str, key: str | None = None, owner: int | None = None,
          holds: list[str] | None = None, state: str = "blocked") -> Wait:
    thread = HangThread(id=tid, name=name, state=state, waits_on=f"lock {key}" if key else None)
    return Wait(thread, key=key, owner=owner, holds=[(k, f"lock {k}") for k in holds or []])


def test_a_cycle_needs_proven_holders_and_blocked_threads() -> None:
    waits = [_wait(1, "main"), _wait(2, "ab", "B", holds=["A"]), _wait(3, "ba", "A", holds=["B"])]
    resolve_holders(waits)
    cycle = deadlock_cycle(waits)
    assert cycle is not None and [(e.thread_id, e.held_by) for e in cycle] == [(2, 3), (3, 2)]
    assert waits[1].thread.holds == ["lock A"]

    unknown = [_wait(2, "ab", "B"), _wait(3, "ba", "A")]  # nobody proven to hold them
    resolve_holders(unknown)
    assert deadlock_cycle(unknown) is None and unknown[0].thread.holder == "(unknown)"

    running = [_wait(2, "ab", "B", owner=3), _wait(3, "ba", "A", owner=2, state="running")]
    resolve_holders(running)
    assert deadlock_cycle(running) is None  # a running thread may still let go

    itself = [_wait(4, "w", "L", holds=["L"])]  # a plain Lock taken twice by one thread
    resolve_holders(itself)
    cycle = deadlock_cycle(itself)
    assert cycle is not None and [(e.thread_id, e.held_by) for e in cycle] == [(4, 4)]


def test_text() -> None:
    waits = [_wait(2, "ab", "B", holds=["A"]), _wait(3, "ba", "A", holds=["B"])]
    resolve_holders(waits)
    result = HangResult(status="running", paused=False, threads=[w.thread for w in waits],
                        deadlock=deadlock_cycle(waits), notes=["the pause did not land"])
    lines = hang_lines(result)
    assert lines[0] == "DEADLOCK: thread 2 ab waits on lock B, held by thread 3 ba; " \
                       "thread 3 ba waits on lock A, held by thread 2 ab"
    assert "    waits on lock B, held by thread 3 ba" in lines and "    holds lock A" in lines
    assert lines[-2:] == ["program running", "note: the pause did not land"]
    quiet = HangResult(status="stopped", paused=True, threads=[], runtime_report="fatal error: x")
    assert hang_lines(quiet)[0] == "the runtime says: fatal error: x"


def test_a_holder_known_only_by_its_kernel_id_is_said_as_such() -> None:
    wait = _wait(2, "ab", "0x10")
    wait.no_owner_reason = "LWP 4242 (the adapter does not say which thread that is)"
    resolve_holders([wait])
    assert wait.thread.holder == "LWP 4242 (the adapter does not say which thread that is)"
    assert wait.thread.held_by is None and deadlock_cycle([wait]) is None


def test_two_locks_on_one_line_prove_nothing() -> None:
    """``pthread_mutex_lock(&a); usleep(1); pthread_mutex_lock(&b);`` on one line: which call
    blocks is not known, so no mutex is named (a false deadlock was proven from the first)."""
    from dapcli.verbs.inspection.hang.native import first_argument

    assert first_argument("pthread_mutex_lock(&lock_a);", "pthread_mutex_lock") == "&lock_a"
    line = "pthread_mutex_lock(&lock_a); usleep(200000); pthread_mutex_lock(&lock_b);"
    assert first_argument(line, "pthread_mutex_lock") is None
