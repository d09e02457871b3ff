"""Redaction rows: the secret scanner (``dapcli.verbs.shared.redact``) on 1 MB of adversarial
text, absolute (it runs on every MCP result). The worst of the inputs built to make a careless
scanner backtrack: repeated prefixes, unclosed quotes, keys without values, URLs without an end.
And a whole program's output as ``output`` returns it over MCP: 8 MB in line-sized chunks, of log
lines and of the same hostile units, through ``redact_result`` (the copy included)."""

from __future__ import annotations

import time

from benchmarks.common import Row

#: Units repeated to 1 MB; each row takes the slowest.
ADVERSARIAL = ("sk-", "eyJaaaaaaaaaaaa.", "a://@:", "password='", "password=1 ", "token: '\\'", "-----BEGIN ",
               "ghp_", "key key ", "password: 'a\\'b' ghp_x sk-y eyJz.eyJ ://u:p@h ")
SIZE = 1_000_000


def _worst() -> float:
    from dapcli.verbs.shared.redact import redact_text

    slowest = 0.0
    for unit in ADVERSARIAL:
        text = (unit * (SIZE // len(unit) + 1))[:SIZE]
        started = time.perf_counter()
        redact_text(text)
        slowest = max(slowest, (time.perf_counter() - started) * 1000)
    return slowest


#: A log line of program output: key=value pairs, a URL, no secret.
LOG_LINE = "2026-12-06 14:10:00 INFO worker=3 fetched https://example.com/items?page=2 user=bob in 12 ms\n"
OUTPUT_SIZE = 8_000_000


def _output(units: tuple[str, ...]) -> object:
    from dapcli.verbs.models import OutputChunkView, OutputResult

    chunks = []
    size = 0
    while size < OUTPUT_SIZE:
        unit = units[len(chunks) % len(units)]
        text = unit * max(1, 80 // len(unit)) + "\n"  # a line of about 80 characters
        chunks.append(OutputChunkView(seq=len(chunks), category="stdout", output=text))
        size += len(text)
    return OutputResult(chunks=chunks, next_seq=len(chunks))


def _redact_output(units: tuple[str, ...]) -> float:
    from dapcli.verbs.shared.redact import redact_result

    result = _output(units)
    started = time.perf_counter()
    redact_result(result)  # type: ignore[type-var]
    return (time.perf_counter() - started) * 1000


def rows() -> list[Row]:
    """The slowest adversarial 1 MB text, redacted in at most 500 ms; 8 MB of log output in line
    chunks in at most 1.5 s; 8 MB of adversarial output in line chunks in at most 5 s."""
    return [Row("redact 1 MB adversarial text (slowest input)", "≤ 500 ms", "abs", 500.0, _worst),
            Row("redact 8 MB of log output in line chunks", "≤ 1500 ms", "abs", 1500.0,
                lambda: _redact_output((LOG_LINE.rstrip("\n"),))),
            Row("redact 8 MB of adversarial output in line chunks", "≤ 5000 ms", "abs", 5000.0,
                lambda: _redact_output(ADVERSARIAL))]
