"""Secrets found inside a text by their shape, and the text with them replaced.

What is found (each as a span of the text; spans that overlap are joined):

- **known token shapes**, at a word boundary: OpenAI/Anthropic ``sk-…``, Stripe ``sk_live_…``,
  GitHub ``ghp_``/``gho_``/``ghu_``/``ghs_``/``ghr_``/``github_pat_…``, AWS ``AKIA…``/``ASIA…``,
  Slack ``xox[abprs]-…``, Google ``AIza…``, JWTs ``eyJ….eyJ….sig``;
- **PEM private keys**: ``-----BEGIN … PRIVATE KEY-----`` to its ``-----END …-----`` line (to
  the end of the text when it has none; :func:`redact_texts` reads program output's pieces as
  one text, so a key printed line by line is found whole);
- **passwords in URLs and DSNs**: ``scheme://user:PASSWORD@host`` keeps the user and the host
  (an authority cut before its ``@``, at the text's end or a ``…``: what follows ``user:``, but
  a port);
- **secret assignments**: a key that :func:`~.names.secret_name` calls secret, then ``=``, ``:``
  or ``=>``, then its value (quoted, or up to a space, ``,``, ``;``, ``&`` or a bracket; to the
  end of the line for ``Cookie``/``Authorization``; ``Bearer X`` whole): ``password='x'``,
  ``"token": "x"``, ``GITHUB_TOKEN=x``, ``?access_token=x&``. Only the value is replaced, and
  not when it is plain (a number, ``None``, empty).

**Linear time**: no regular expression here has two unbounded quantifiers that can take the
same characters. Literal prefixes are found with ``str.find``; a token's run of characters is
read by one single-class ``[…]*`` match; a key is at most :data:`KEY_CHARS` characters and
whitespace around a separator at most 8; every scan resumes after what it read, so each
character is looked at a bounded number of times. Each literal is found by ``str.find`` over the
whole text (faster than one regular expression of them all: measured), the keys only when the
text holds a secret stem, the PEM armour only when it holds a ``-----``; many pieces of output
are one scan (:func:`redact_texts`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from dapcli.verbs.shared.redact.names import plain_value, secret_name

__all__ = ["CUT_REACH", "KEY_CHARS", "MARK", "cut_point", "marker", "redact_quoted", "redact_text", "redact_texts",
           "spans"]

#: Longest key of a ``key=value`` pair looked at.
KEY_CHARS = 128

Span = tuple[int, int, str]


#: How every redacted value begins.
MARK = "<redacted"


def marker(kind: str) -> str:
    """What a redacted value becomes: ``<redacted: KIND>``."""
    return f"{MARK}: {kind}>"


#: (prefix, run class, least run length, kind); the run follows the prefix.
_ALNUM = re.compile(r"[A-Za-z0-9]*")
_WORDISH = re.compile(r"[A-Za-z0-9_-]*")
_ALNUM_UNDERSCORE = re.compile(r"[A-Za-z0-9_]*")
_ALNUM_DASH = re.compile(r"[A-Za-z0-9-]*")
_UPPER_DIGITS = re.compile(r"[A-Z0-9]*")
_PREFIXES: tuple[tuple[str, re.Pattern[str], int, str], ...] = (
    ("sk-", _WORDISH, 20, "API key"),
    ("sk_live_", _ALNUM, 16, "Stripe key"), ("sk_test_", _ALNUM, 16, "Stripe key"),
    ("rk_live_", _ALNUM, 16, "Stripe key"),
    ("ghp_", _ALNUM, 30, "GitHub token"), ("gho_", _ALNUM, 30, "GitHub token"),
    ("ghu_", _ALNUM, 30, "GitHub token"), ("ghs_", _ALNUM, 30, "GitHub token"),
    ("ghr_", _ALNUM, 30, "GitHub token"), ("github_pat_", _ALNUM_UNDERSCORE, 20, "GitHub token"),
    ("AKIA", _UPPER_DIGITS, 16, "AWS access key id"), ("ASIA", _UPPER_DIGITS, 16, "AWS access key id"),
    ("xoxb-", _ALNUM_DASH, 10, "Slack token"), ("xoxa-", _ALNUM_DASH, 10, "Slack token"),
    ("xoxp-", _ALNUM_DASH, 10, "Slack token"), ("xoxr-", _ALNUM_DASH, 10, "Slack token"),
    ("xoxs-", _ALNUM_DASH, 10, "Slack token"),
    ("sk-proj-", _WORDISH, 20, "API key"), ("sk-ant-", _WORDISH, 20, "API key"),
    ("AIza", _WORDISH, 30, "Google API key"),
    ("glpat-", _WORDISH, 20, "GitLab token"),
    ("npm_", _ALNUM, 36, "npm token"),
    ("hf_", _ALNUM, 30, "Hugging Face token"),
)
#: Prefixes too common inside words to be taken there (``task-…``, ``shelf_…``): only at a word's
#: start. Every other prefix is distinctive, and is a token wherever it stands (``id-ghp_…``,
#: ``xAKIA…``, ``FOO_sk_live_…``).
_AT_WORD_START = frozenset({"sk-", "hf_"})
#: How dapcli marks a value cut for display, and how much of a token before it is enough.
_CUT = "…"
_CUT_LEAST = 6
_BOUNDARY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_B64URL = _WORDISH

_PEM_BEGIN = "-----BEGIN "
_PEM_END = "-----END "
#: The label of a PEM header (``RSA PRIVATE KEY``), at most 60 characters.
_PEM_LABEL = re.compile(r"[A-Z0-9 ]{0,60}-----")

#: What ends a URL's authority (``scheme://AUTHORITY/path``).
_AUTHORITY = re.compile(r"""[^\s/?#'"<>\\`]*""")

#: A key of a ``key=value`` pair: a run of name characters (at most KEY_CHARS) at a boundary,
#: an optional closing quote, at most 8 blanks, the separator, at most 8 blanks (the value is
#: read by hand, and only after a secret key: a match never reaches past its separator).
_ASSIGN = re.compile(r"(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]{0,"
                     + str(KEY_CHARS - 1)
                     + r"""})['"]?[ \t]{0,8}(?:=>|[=:])(?![=:])[ \t]{0,8}""")
#: Key fragments without which no key can be secret (looked for first: most texts have none).
_STEMS = ("pass", "pwd", "secret", "token", "key", "auth", "cred", "cookie", "sess", "bearer")
_UNQUOTED = re.compile(r"""[^\s,;&)}\]<>"'`]*""")
_TO_LINE_END = re.compile(r"[^\r\n]*")
_SCHEMES = frozenset({"bearer", "basic", "token", "digest", "bot"})
_WHOLE_LINE_KEYS = ("cookie", "authorization")


def spans(text: str, in_pem: bool = False) -> tuple[list[Span], bool]:
    """The secret spans of ``text`` (start, end, kind), sorted and joined; and whether ``text``
    ends inside a PEM private key (``in_pem``: it began inside one)."""
    found: list[Span] = []
    still_in_pem = _pem(text, in_pem, found) if in_pem or "-----" in text else False
    _tokens(text, found)
    _jwts(text, found)
    _urls(text, found)
    _assignments(text, found)
    return _joined(found), still_in_pem


#: How far past a cut a secret that the cut would split is kept whole (characters).
CUT_REACH = 512


def cut_point(text: str, limit: int) -> int:
    """Where ``text`` may be cut for display near ``limit`` without splitting a secret: ``limit``;
    or, when a secret runs across it, the end of that secret (with a URL's ``@``: what shows it is
    a password) when that is at most :data:`CUT_REACH` further, so that a redaction applied to
    the cut text (the frontend's policy) still recognises it; else the secret's start (none of
    it is shown). Linear in ``limit + CUT_REACH``."""
    if len(text) <= limit:
        return len(text)
    reach = limit + CUT_REACH
    for start, end, kind in spans(text[:reach])[0]:
        if start < limit < end:
            end += kind == "password in URL"
            return end if end < reach else start
        if start >= limit:
            break
    return limit


def redact_text(text: str) -> tuple[str, int]:
    """``text`` with every secret span replaced by its :func:`marker`; and how many there were."""
    texts, count = redact_texts([text])
    return texts[0], count


def _open_token(text: str) -> Span | None:
    """A token's beginning at the end of ``text`` (a line the program has not finished: the rest
    comes later, and alone would not be recognised): a prefix whose run reaches the end, whatever
    its length; None when the text ends otherwise. Looks only at the text's last 200 characters."""
    tail_start = max(0, len(text) - 200)
    best: Span | None = None
    for prefix, run, _least, kind in _PREFIXES:
        at = text.rfind(prefix, tail_start)
        if at < 0 or (prefix in _AT_WORD_START and not _at_boundary(text, at)):
            continue
        if run.match(text, at + len(prefix)).end() == len(text) and (best is None or at < best[0]):
            best = (at, len(text), kind)
    return best


def redact_texts(texts: Iterable[str], open_end: bool = False) -> tuple[list[str], int]:
    """Each text redacted as by :func:`redact_text`, the texts read as the one text they make in
    order (program output arrives in pieces: a private key, a token or a ``password=`` cut
    between two pieces is found whole); and how many replacements in all. A secret that spans
    several texts is replaced in each of them by its :func:`marker` (each piece is marked).

    One scan of the joined text, whatever the number of pieces (a piece costs no scan of its own).
    ``open_end``: the last piece may be a line the program has not finished (program output read
    while it runs): a token's beginning at its end is replaced too (``key ghp_abc`` → ``key
    <redacted: GitHub token>``), before the rest of it arrives."""
    pieces = list(texts)
    whole = "".join(pieces)
    found = spans(whole)[0]
    if open_end and whole and whole[-1] not in "\r\n":  # ``open_end``: the last line may go on
        opened = _open_token(whole)
        if opened is not None and (not found or found[-1][1] <= opened[0]):
            found.append(opened)
    if not found:
        return pieces, 0
    out: list[str] = []
    count = 0
    index = 0
    offset = 0
    for text in pieces:
        end_offset = offset + len(text)
        if index == len(found) or found[index][0] >= end_offset:  # nothing in this piece
            out.append(text)
            offset = end_offset
            continue
        parts: list[str] = []
        at = offset
        while index < len(found) and found[index][0] < end_offset:
            start, end, kind = found[index]
            start, stop = max(start, offset), min(end, end_offset)
            if stop > start:
                parts.append(whole[at:start])
                parts.append(marker(kind))
                count += 1
                at = stop
            if end > end_offset:  # it goes on into the next piece
                break
            index += 1
        if parts:
            parts.append(whole[at:end_offset])
            text = "".join(parts)
        out.append(text)
        offset = end_offset
    return out, count


def redact_quoted(text: str, kind: str, keep: frozenset[str] = frozenset()) -> tuple[str, int]:
    """``text`` (an error about a value whose name says secret: ``invalid literal for int():
    'hunter2'``) with every quoted string on a line replaced by ``marker(kind)``, but those in
    ``keep`` (the user's own words); and how many."""
    found: list[Span] = []
    at = 0
    line_end = -1
    following = {"'": -1, '"': -1}  # the next of each quote at or after ``at`` (each found once)
    while True:
        for quote, index in following.items():
            if index < at:
                following[quote] = len(text) if (index := text.find(quote, at)) < 0 else index
        quote_at = min(following.values())
        if quote_at >= len(text):
            break
        line_end = _line_end(text, quote_at + 1, line_end)
        close = _closing(text, text[quote_at], quote_at + 1, line_end)
        if close < 0:
            at = quote_at + 1
            continue
        if close > quote_at + 1 and text[quote_at + 1:close] not in keep:
            found.append((quote_at + 1, close, kind))
        at = close + 1
    return (_replace(text, found), len(found)) if found else (text, 0)


def _replace(text: str, found: list[Span]) -> str:
    pieces = []
    at = 0
    for start, end, kind in found:
        pieces.append(text[at:start])
        pieces.append(marker(kind))
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def _joined(found: list[Span]) -> list[Span]:
    if len(found) < 2:
        return found
    found.sort()
    joined = [found[0]]
    for start, end, kind in found[1:]:
        last_start, last_end, last_kind = joined[-1]
        if start < last_end:
            joined[-1] = (last_start, max(end, last_end), last_kind)
        else:
            joined.append((start, end, kind))
    return joined


def _at_boundary(text: str, index: int) -> bool:
    return index == 0 or text[index - 1] not in _BOUNDARY


def _tokens(text: str, found: list[Span]) -> None:
    for prefix, run, least, kind in _PREFIXES:
        at = text.find(prefix)
        while at >= 0:
            start = at + len(prefix)
            end = run.match(text, start).end()
            cut = text.startswith(_CUT, end)  # a value cut short for display: its start is enough
            if (prefix not in _AT_WORD_START or _at_boundary(text, at)) and \
                    end - start >= (_CUT_LEAST if cut else least) and \
                    (end == len(text) or text[end] not in _BOUNDARY):
                found.append((at, end, kind))
            at = text.find(prefix, max(end, at + 1))


def _jwts(text: str, found: list[Span]) -> None:
    """``eyJ<header>.eyJ<payload>.<signature>`` (the signature may be empty: ``alg: none``)."""
    at = text.find("eyJ")
    while at >= 0:
        end = _B64URL.match(text, at + 3).end()
        resume = max(end, at + 1)
        if _at_boundary(text, at) and end - at >= 10 and text.startswith(".eyJ", end):
            payload = _B64URL.match(text, end + 4).end()
            if payload - end >= 10 and text.startswith(".", payload):
                signature = _B64URL.match(text, payload + 1).end()
                found.append((at, signature, "JWT"))
                resume = signature
        at = text.find("eyJ", resume)


def _pem(text: str, in_pem: bool, found: list[Span]) -> bool:
    """PEM private keys, header to footer (and a footer whose header was cut off, e.g. by a
    ``tail``: the key lines above it); True when ``text`` ends inside one."""
    inside = _pem_pairs(text, in_pem, found)
    _pem_footers(text, found)
    return inside


_BASE64_LINE = re.compile(r"[A-Za-z0-9+/=]{4,200}\r?\n")
_LONG_BASE64_LINE = re.compile(r"[A-Za-z0-9+/=]{40,200}\r?\n")


def _pem_footers(text: str, found: list[Span]) -> None:
    """A private key's footer with no header before it in ``text``: the base64 lines just above
    it, up to the footer's end. Linear: each walk back stops at the previous footer."""
    covered = [(start, end) for start, end, _ in found]  # the pairs: sorted, apart
    cover = 0  # the first pair that does not end before the footer looked at
    at, floor = 0, 0
    while (end_at := text.find(_PEM_END, at)) >= 0:
        label = _PEM_LABEL.match(text, end_at + len(_PEM_END))
        stop = label.end() if label is not None else end_at + len(_PEM_END)
        while cover < len(covered) and covered[cover][1] <= end_at:
            cover += 1
        if label is not None and "PRIVATE KEY" in label.group() \
                and not (cover < len(covered) and covered[cover][0] <= end_at):
            start = end_at
            while start > floor:  # the key's lines above the footer (the last one may be short)
                line_start = text.rfind("\n", floor, start - 1) + 1
                line = _BASE64_LINE if start == end_at else _LONG_BASE64_LINE
                if line_start < floor or not line.fullmatch(text, line_start, start):
                    break
                start = line_start
            found.append((start, stop, "private key"))
        floor = at = stop


def _pem_pairs(text: str, in_pem: bool, found: list[Span]) -> bool:
    at = 0
    if in_pem:
        end = _pem_end(text, 0)
        found.append((0, len(text) if end < 0 else end, "private key"))
        if end < 0:
            return True
        at = end
    while True:
        begin = text.find(_PEM_BEGIN, at)
        if begin < 0:
            return False
        label = _PEM_LABEL.match(text, begin + len(_PEM_BEGIN))
        if label is None or "PRIVATE KEY" not in label.group():
            at = begin + len(_PEM_BEGIN)
            continue
        end = _pem_end(text, label.end())
        found.append((begin, len(text) if end < 0 else end, "private key"))
        if end < 0:
            return True
        at = end


def _pem_end(text: str, start: int) -> int:
    """Where the ``-----END …-----`` line that follows ``start`` ends (-1: none)."""
    end = text.find(_PEM_END, start)
    if end < 0:
        return -1
    label = _PEM_LABEL.match(text, end + len(_PEM_END))
    return label.end() if label is not None else end + len(_PEM_END)


def _urls(text: str, found: list[Span]) -> None:
    """``scheme://user:PASSWORD@host``: the password (up to the authority's last ``@``)."""
    at = text.find("://")
    while at >= 0:
        start = at + 3
        end = _AUTHORITY.match(text, start).end()
        if (cut := text.find(_CUT, start, end)) >= 0:  # dapcli's cut ends what is shown of it
            end = cut
        sign = text.rfind("@", start, end)
        if sign > start:
            colon = text.find(":", start, sign)
            if 0 <= colon < sign - 1:
                found.append((colon + 1, sign, "password in URL"))
        elif end == len(text) or text.startswith(_CUT, end):  # cut before its ``@``: what follows ``user:``
            colon = text.find(":", start, end)
            if 0 <= colon < end - 1 and not text[colon + 1:end].isdigit():  # not a port
                found.append((colon + 1, end, "password in URL"))
        at = text.find("://", max(end, start))


def _assignments(text: str, found: list[Span]) -> None:
    """``KEY = VALUE`` where KEY is a secret name and VALUE is not plain: the value."""
    lowered = text.lower()
    if not any(stem in lowered for stem in _STEMS):
        return
    line_end = -1  # the end of the line last looked at (each line's end is found once)
    at = 0
    while (match := _ASSIGN.search(text, at)) is not None:
        at = match.end()  # a key that is not secret: its value may hold one (``url=https://…``)
        if not _secret_key(match.group(1)):
            continue
        start = match.end()
        quote = text[start:start + 1]
        if quote and quote in "'\"`":
            start += 1
            line_end = _line_end(text, start, line_end)
            close = _closing(text, quote, start, line_end)
            end = line_end if close < 0 else close
        elif match.group(1).lower().endswith(_WHOLE_LINE_KEYS):
            end = line_end = _line_end(text, start, line_end)
        else:
            end = _UNQUOTED.match(text, start).end()
            if text[start:end].lower() in _SCHEMES and text.startswith(" ", end):
                end = _UNQUOTED.match(text, end + 1).end()  # Authorization: Bearer X
        if end > start and not plain_value(text[start:end]) and not text.startswith(MARK, start):
            found.append((start, end, "secret"))
        at = max(at, end)


def _line_end(text: str, start: int, known: int) -> int:
    """Where the line that holds ``start`` ends; ``known``: that end for an earlier position of
    the text (reused while it is still ahead: each line's end is looked for once)."""
    return known if known >= start else _TO_LINE_END.match(text, start).end()


def _secret_key(key: str) -> bool:
    """:func:`secret_name` of a key, remembered (a text repeats its keys)."""
    known = _KEYS.get(key)
    if known is None:
        if len(_KEYS) > 4096:
            _KEYS.clear()
        known = _KEYS[key] = secret_name(key)
    return known


_KEYS: dict[str, bool] = {}


def _closing(text: str, quote: str, start: int, limit: int) -> int:
    """The index of the ``quote`` that closes a string opened before ``start`` (one not escaped
    by an odd run of backslashes), before ``limit``; -1 when there is none."""
    at = text.find(quote, start, limit)
    while at >= 0:
        slashes = 0
        while at - slashes - 1 >= start and text[at - slashes - 1] == "\\":
            slashes += 1
        if slashes % 2 == 0:
            return at
        at = text.find(quote, at + 1, limit)
    return -1
