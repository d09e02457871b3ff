"""A pending breakpoint's reasons, said once: the adapter's words, then what dapcli adds."""

from __future__ import annotations

from dapcli.verbs.breakpoints.reasons import absent_file_note, joined, reasons

NOTE = absent_file_note("x.py", "/w/x.py")


def test_debugpys_sentence_keeps_where_dapcli_looked() -> None:
    said, note = reasons("Breakpoint in file that does not exist.", NOTE)
    assert said == "Breakpoint in file that does not exist (looked at /w/x.py)"
    assert note == "sent anyway: it may exist where the program runs, or load later"
    assert joined("Breakpoint in file that does not exist.", NOTE) == f"{said}; {note}"


def test_gdbs_sentence_names_the_path_already() -> None:
    said, note = reasons("No source file named /w/x.py.", NOTE)
    assert said == "No source file named /w/x.py" and note.startswith("sent anyway")


def test_without_the_adapters_words_dapclis_note_stays_whole() -> None:
    assert reasons(None, NOTE) == ("", NOTE)
    assert reasons("Unbound breakpoint", NOTE) == ("Unbound breakpoint", NOTE)
    assert joined("", "") == ""


def test_a_note_that_does_not_start_with_the_clause_is_kept() -> None:
    other = "the adapter does not announce logMessage; " + NOTE
    assert reasons("Breakpoint in file that does not exist.", other)[1] == other
