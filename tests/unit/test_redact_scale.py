"""Redaction at the size of a program's whole output: 8 MB of hostile text in many pieces is
redacted whole and right, and twice the text costs twice the work (counted, not timed).

The work is counted as the Python and C calls made while redacting (``sys.setprofile``): a pass
per piece, a deep copy of the result or a scanner that backtracks would all show as calls that
grow faster than the text.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from dapcli.verbs.models import OutputChunkView, OutputResult
from dapcli.verbs.shared.redact import redact_result, redact_texts

GHP = "ghp_" + "A1b2C3d4E5" * 3 + "xyz123"
SK = "sk-proj-" + "Zq9" * 10
PEM_LINES = ["-----BEGIN RSA PRIVATE KEY-----\n", "M" * 64 + "\n", "q2FzZQ==\n", "-----END RSA PRIVATE KEY-----\n"]

#: Lines built to make a careless scanner work hard (prefixes without a token, unclosed quotes,
#: keys without values, URLs without an end), each with what it shows once redacted.
HOSTILE = {
    "password: 'a\\'b' ghp_x sk-y eyJz.eyJ ://u:p@h \n":
        "password: '<redacted: secret>' ghp_x sk-y eyJz.eyJ ://u:<redacted: password in URL>@h \n",
    "token: '\\' a://@: -----BEGIN key key password=1 \n": "token: '<redacted: secret>\n",
    "eyJaaaaaaaaaaaa.eyJaaaaaaaaaaaa. -----END RSA PRIVATE KEY-----\n": "<redacted: JWT> <redacted: private key>\n",
    "sk-x ghp_ghp_ AKIAAKIA key=value token_count=3 x=1 url=https://a/b\n":
        "sk-x ghp_ghp_ AKIAAKIA key=value token_count=3 x=1 url=https://a/b\n",
}
#: How many replacements each hostile line makes.
HOSTILE_COUNTS = [2, 1, 2, 0]


def _hostile_chunks(size: int) -> tuple[list[str], list[str], int]:
    """About ``size`` characters of hostile lines, one piece per line, with real secrets planted
    (a token cut between two pieces, a private key printed line by line); the pieces, what they
    show once redacted, and how many replacements that makes."""
    pieces: list[str] = []
    shown: list[str] = []
    count = 0
    total = 0
    lines = list(HOSTILE.items())
    index = 0
    while total < size:
        line, redacted = lines[index % len(lines)]
        pieces.append(line)
        shown.append(redacted)
        count += HOSTILE_COUNTS[index % len(lines)]
        total += len(line)
        index += 1
        if index % 5000 == 0:  # a token cut in two pieces, then a private key line by line
            pieces += [f"using {SK[:10]}", f"{SK[10:]} now\n", *PEM_LINES]
            shown += ["using <redacted: API key>", "<redacted: API key> now\n"]
            shown += ["<redacted: private key>"] * 3 + ["<redacted: private key>\n"]
            count += 6
            total += len(SK) + 11 + sum(map(len, PEM_LINES))
    pieces.append(f"last {GHP}\n")
    shown.append("last <redacted: GitHub token>\n")
    return pieces, shown, count + 1


def test_8_mb_of_hostile_output_is_redacted_whole_and_right() -> None:
    pieces, shown, count = _hostile_chunks(8_000_000)
    result = OutputResult(chunks=[OutputChunkView(seq=seq, category="stdout", output=text)
                                  for seq, text in enumerate(pieces)], next_seq=len(pieces))
    redacted = redact_result(result)
    assert [chunk.output for chunk in redacted.chunks] == shown
    assert redacted.redacted == count
    assert result.chunks[-1].output == f"last {GHP}\n"  # the original is left as it was
    assert redacted.chunks[0] is not result.chunks[0]  # a redacted piece is a copy
    assert redacted.chunks[3] is result.chunks[3]  # a piece with nothing to hide is not copied


def _calls(work: Callable[[], object]) -> int:
    """How many Python and C calls ``work`` makes."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("line", [*HOSTILE, "a", "=", "'", "sk-", "eyJ", "://", "-----BEGIN ", "key key ",
                                  "password='", "M" * 64 + "\n"])
@pytest.mark.parametrize("pieces", [1, 64])
def test_twice_the_text_is_twice_the_work(line: str, pieces: int) -> None:
    """Calls made for 128 KB and 256 KB of one hostile line repeated (in one text, and in pieces
    of 64 characters): the ratio stays near 2 (a quadratic scanner would make it 4)."""

    def calls(size: int) -> int:
        text = (line * (size // len(line) + 1))[:size]
        texts = [text[at:at + 64] for at in range(0, size, 64)] if pieces > 1 else [text]
        return _calls(lambda: redact_texts(texts))

    small, large = calls(128_000), calls(256_000)
    assert large <= 2.2 * small + 50, f"{line!r}: 256 KB made {large} calls, 128 KB {small}"
