"""`output` without `--raw` shows a chunk over 64 KiB as its head and its tail around a marker:
what the program printed last is always shown (a 64 MiB line and `flood done` that arrive in one
event used to show only the head, and hid `flood done`), no line is split or joined, and the
marker says how much it hides and how to see it."""

from __future__ import annotations

from dapcli.calls import phrase
from dapcli.verbs.inspection.source import MAX_CHUNK_TEXT, _cut_chunk
from dapcli.verbs.shared.phrasing import CLI


def shown(text: str) -> str:
    return phrase(_cut_chunk(text), CLI)


def test_a_chunk_that_fits_is_shown_whole() -> None:
    text = "x" * (MAX_CHUNK_TEXT - 1) + "\n"
    assert _cut_chunk(text) is text


def test_the_last_line_after_a_huge_line_is_shown() -> None:
    text = "B" * (1024 * 1024) + "\nflood done\n"
    said = shown(text)
    assert said.startswith("BBB") and said.endswith("BBB\nflood done\n")
    assert f"B… [{len(text) - MAX_CHUNK_TEXT:,} characters of this chunk not shown: `dapcli output --raw`] …B" in said


def test_the_tail_of_a_last_line_that_is_cut_is_shown() -> None:
    text = "a" * 10 + "\n" + "b" * 1024 * 1024 + "c" * 100 + "\n"
    said = shown(text)
    assert said.startswith("a" * 10 + "\n" + "b" * 100) and said.endswith("b" * 100 + "c" * 100 + "\n")
    assert said.count("\n") == 2


def test_a_cut_between_many_lines_replaces_whole_lines_with_one_marker_line() -> None:
    text = "".join(f"line {i}\n" for i in range(100_000))
    said = shown(text)
    rows = said.split("\n")
    assert rows[0] == "line 0" and rows[-2] == "line 99999" and rows[-1] == ""
    [marker] = [row for row in rows if "not shown" in row]
    assert marker.startswith("… [") and marker.endswith("] …")
    kept = [row for row in rows if row.startswith("line ")]
    assert all(row == f"line {int(row[5:])}" for row in kept)  # no line split or joined
    hidden = int(marker.split("(")[1].split(" ")[0].replace(",", ""))
    assert hidden == 100_000 - len(kept)  # the marker counts the lines it stands in for


def test_a_cut_inside_one_long_line_keeps_the_marker_in_that_line() -> None:
    text = "a" * 50_000 + "z" * 50_000
    said = shown(text)
    assert "\n" not in said and said.startswith("aaa") and said.endswith("zzz")
    assert f"[{len(text) - MAX_CHUNK_TEXT:,} characters of this chunk not shown" in said


def test_mcp_structured_content_keeps_the_head_and_tail_of_a_long_string() -> None:
    from dapcli.frontends.mcp.bounds import MAX_STRING_CHARS, MAX_STRUCTURED_CHARS, bound_structured

    chunks = [{"seq": n, "category": "stdout", "output": "o" * 30_000 + f"\nchunk {n} done\n"} for n in range(1, 4)]
    data, note = bound_structured({"chunks": chunks})
    assert note is not None and "long strings" in note
    for chunk in data["chunks"]:
        text = chunk["output"]
        assert len(text) < MAX_STRING_CHARS + 100 and text.startswith("ooo")
        assert text.endswith(f"o\nchunk {chunk['seq']} done\n")  # what came last is shown
        assert f"o… [{30_014 - MAX_STRING_CHARS} more characters in the middle] …o" in text
    assert len(str(data)) < MAX_STRUCTURED_CHARS
