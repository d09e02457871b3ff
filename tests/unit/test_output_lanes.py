"""The debugger's console text never evicts the program's output from the ring buffer (a
flood of chatter, e.g. gdb/cdt echoing every request at each log-point hit, keeps every log
line), and both lanes read back in one order."""

from __future__ import annotations

from dapcli.engine.output import CHUNK_OVERHEAD, OutputBuffer


def test_chatter_does_not_evict_program_output() -> None:
    buffer = OutputBuffer(max_bytes=1024 * 1024, console_bytes=4096)
    for number in range(10_000):
        buffer.append("console", f"-exec-continue {number}\n" * 3)
        buffer.append("stdout", f"i={number}\n")
    lines = [c.output for c in buffer.since(0, {"stdout"})]
    assert lines == [f"i={n}\n" for n in range(10_000)]
    assert buffer.dropped == 0 and buffer.console_dropped > 0
    assert sum(len(c.output) + CHUNK_OVERHEAD for c in buffer.since(0, {"console"})) <= 4096


def test_lanes_merge_in_seq_order_and_since_a_mark() -> None:
    buffer = OutputBuffer()
    for number in range(6):
        buffer.append("console" if number % 2 else "stdout", str(number))
    assert [c.output for c in buffer.since(0)] == ["0", "1", "2", "3", "4", "5"]
    assert [c.output for c in buffer.since(3)] == ["3", "4", "5"]
    assert [c.output for c in buffer.tail(2)] == ["4", "5"]
    assert [c.seq for c in buffer.since(0, {"stdout", "log"})] == [1, 3, 5]
    assert buffer.last_seq == 6


def test_program_lane_is_bounded_by_bytes_and_counts_drops() -> None:
    buffer = OutputBuffer(max_bytes=100 * (10 + CHUNK_OVERHEAD))
    for number in range(1000):
        buffer.append("stdout", f"{number:09d}\n")
    kept = buffer.since(0)
    assert len(kept) == 100 and kept[-1].output == "000000999\n"
    assert buffer.dropped == 900
    assert [c.output for c in buffer.since(kept[0].seq - 5)] == [c.output for c in kept]
