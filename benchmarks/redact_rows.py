"""Redaction rows: the secret scanner (``dapcli.verbs.shared.redact``) on 1 MB of adversarial
text, absolute (it runs on every MCP result). The worst of the inputs built to make a careless
scanner backtrack: repeated prefixes, unclosed quotes, keys without values, URLs without an end."""

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


def rows() -> list[Row]:
    """One row: the slowest adversarial 1 MB text, redacted in at most 500 ms."""
    return [Row("redact 1 MB adversarial text (slowest input)", "≤ 500 ms", "abs", 500.0, _worst)]
