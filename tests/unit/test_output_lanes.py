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
        buffer.append("console" if number % 2 else "stdout", f"{number}\n")
    assert [c.output for c in buffer.since(0)] == ["0\n", "1\n", "2\n", "3\n", "4\n", "5\n"]
    assert [c.output for c in buffer.since(3)] == ["3\n", "4\n", "5\n"]
    assert [c.output for c in buffer.tail(2)] == ["4\n", "5\n"]
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


def test_a_line_is_not_split_by_another_streams_text() -> None:
    """debugpy: ``print`` writes its text and its newline apart, and a log point's line (sent by
    pydevd, not read from the pipe) can come between them: the user's line stays whole."""
    buffer = OutputBuffer()
    buffer.append("stdout", "item0 total=0")
    buffer.append("stdout", "at 2\n")  # same category, but it cannot be told apart: joined
    buffer.append("stderr", "warning\n")
    buffer.append("stdout", "\nitem1")
    buffer.append("console", "banner\n")
    buffer.append("stdout", " total=10\n")
    assert "".join(c.output for c in buffer.since(0, {"stderr"})) == "warning\n"
    assert [(c.category, c.output) for c in buffer.since(0)] == [
        ("stdout", "item0 total=0at 2\n"), ("stderr", "warning\n"), ("stdout", "\n"),
        ("console", "banner\n"), ("stdout", "item1 total=10\n")]


def test_an_unfinished_line_is_shown_when_read_and_counts_before_a_mark() -> None:
    buffer = OutputBuffer()
    buffer.append("stdout", "Enter a number: ")
    mark = buffer.last_seq
    assert mark == 1 and [c.output for c in buffer.since(0)] == ["Enter a number: "]
    buffer.append("stdout", "42\n")
    assert [c.output for c in buffer.since(mark)] == ["42\n"]


def test_a_long_unfinished_line_is_filed_at_its_bound() -> None:
    from dapcli.engine.output import MAX_OPEN_LINE

    buffer = OutputBuffer()
    buffer.append("stdout", "." * MAX_OPEN_LINE)
    buffer.append("stderr", "late\n")
    assert [c.category for c in buffer.since(0)] == ["stdout", "stderr"]


def test_a_log_points_line_is_filed_apart_from_an_unfinished_line() -> None:
    buffer = OutputBuffer()
    buffer.append("stdout", "item0 total=0")
    buffer.append("stdout", "at 2\n", whole=True)
    buffer.append("stdout", "\n")
    assert [c.output for c in buffer.since(0)] == ["at 2\n", "item0 total=0\n"]


def test_a_following_session_numbers_its_output_after_the_old_one() -> None:
    """``restart`` and each run of ``test --until-fail``: a reader that read the old session's
    output up to its mark (the REPL, ``output --since``) gets all of the new session's."""
    old = OutputBuffer()
    for number in range(14):
        old.append("stdout", f"{number}\n")
    new = OutputBuffer()
    new.start_after(old.last_seq)
    new.append("stdout", "run 2\n")
    assert [(c.seq, c.output) for c in new.since(old.last_seq)] == [(15, "run 2\n")]
    assert [c.output for c in new.since(0)] == ["run 2\n"] and not new.dropped_after(0)


def test_a_line_sent_a_character_at_a_time_is_filed_whole() -> None:
    """A progress bar (`print(".", end="", flush=True)` in a loop) comes one character per
    `output` event: the line is one chunk with every character, in order, and the next line is
    apart from it."""
    buffer = OutputBuffer()
    for number in range(5000):
        buffer.append("stdout", str(number % 10))
    buffer.append("stdout", "|\nnext")
    chunks = [c.output for c in buffer.since(0)]
    assert chunks == ["".join(str(n % 10) for n in range(5000)) + "|\n", "next"]


def test_a_long_line_sent_in_pieces_is_filed_at_its_bound_with_nothing_lost() -> None:
    from dapcli.engine.output import MAX_OPEN_LINE

    buffer = OutputBuffer(max_bytes=64 * 1024 * 1024)
    piece = "ab" * 512
    for _ in range(MAX_OPEN_LINE // len(piece) + 3):
        buffer.append("stdout", piece)
    buffer.append("stdout", "end\n")
    chunks = [c.output for c in buffer.since(0)]
    assert len(chunks[0]) == MAX_OPEN_LINE and chunks[0] == piece * (MAX_OPEN_LINE // len(piece))
    assert chunks[1:] == [piece * 3 + "end\n"]


def test_holding_an_unfinished_line_costs_time_linear_in_its_length() -> None:
    """1 MiB held in 8-character events costs about 16x what 64 KiB costs (joining the held
    text on every event made it ~256x: a byte-at-a-time line froze the session host)."""
    import time

    def cpu(total: int) -> float:
        best = float("inf")
        for _ in range(3):
            buffer = OutputBuffer()
            started = time.process_time()
            for _ in range(total // 8):
                buffer.append("stdout", "12345678")
            best = min(best, time.process_time() - started)
        return best

    ratio = cpu(1024 * 1024 - 8) / max(cpu(64 * 1024), 1e-3)
    assert ratio < 40, f"1 MiB held took {ratio:.0f}x the time of 64 KiB"


def test_tail_counts_lines_across_chunks_and_ignores_a_final_newline() -> None:
    from dapcli.verbs.inspection.source import _last_lines
    from dapcli.verbs.models import OutputChunkView

    def tail(texts: list[str], count: int) -> str:
        chunks = [OutputChunkView(seq=n, category="stdout", output=t) for n, t in enumerate(texts, 1)]
        return "".join(c.output for c in _last_lines(chunks, count))

    assert tail(["a\nb\nc\n"], 2) == "b\nc\n"
    assert tail(["a\nb\nc"], 2) == "b\nc"
    assert tail(["a\nb\nc"], 5) == "a\nb\nc"
    assert tail(["a\n", "b", "\nc\n"], 2) == "b\nc\n"  # `print("b")` in two chunks is one line
    assert tail(["a\r\nb\r\n"], 1) == "b\r\n"
    assert tail(["\n\n\n"], 2) == "\n\n"
    assert tail(["x" * 100_000], 3) == "x" * 100_000
    assert tail(["a\n"], 0) == ""
