"""Shell words are split as POSIX :mod:`shlex` splits them, in one linear pass: the REPL's lines,
``launch.json``'s ``args`` string and an adapters file's ``command`` string (shlex adds a word
one character at a time: a 30 MB word piped to the REPL spun for good and it ignored SIGTERM)."""

from __future__ import annotations

import random
import shlex
import threading

import pytest

from dapcli.files import split_words

CASES = ["", "  ", "a b", "a\tb\nc\rd", "'a b' c", '"a \\" b" c', '"a\\b"', "a\\ b", "''", "a '' b", '""',
         "x'y'\"z\"", "#not a comment", "a\x0bb", "é\u3000x", "'\\'", '"\\\\"', "a\\\nb", "$HOME `x`"]


@pytest.mark.parametrize("text", CASES)
def test_words_as_shlex_reads_them(text: str) -> None:
    assert split_words(text) == shlex.split(text)


@pytest.mark.parametrize("text", ["'a", '"a', "a\\", "'a' \"b"])
def test_an_unclosed_quote_or_a_last_backslash_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        shlex.split(text)
    with pytest.raises(ValueError):
        split_words(text)


def test_random_lines_agree_with_shlex() -> None:
    chars = ["a", " ", "\t", "\n", "'", '"', "\\", "é"]
    rng = random.Random(7)
    for _ in range(20000):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 10)))
        try:
            expected: object = shlex.split(text)
        except ValueError:
            expected = ValueError
        try:
            got: object = split_words(text)
        except ValueError:
            got = ValueError
        assert got == expected, repr(text)


def test_a_word_of_megabytes_is_split_at_once() -> None:
    words: list[list[str]] = []
    text = "a" * 8_000_000 + ' "' + 'b\\"' * 2_000_000 + '"'
    worker = threading.Thread(target=lambda: words.append(split_words(text)), daemon=True)
    worker.start()
    worker.join(60)  # linear: well under a second; shlex took minutes
    assert words and [len(w) for w in words[0]] == [8_000_000, 4_000_000]
