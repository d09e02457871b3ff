"""Whether a name says that its value is a secret, and whether a value is too plain to be one.

The rule, in words (docs/agents.md says it too): a name is cut into **segments** at every
character that is not a letter, a digit, ``_`` or ``-`` (so ``config.db.password``,
``env['GITHUB_TOKEN']``, ``os.getenv("API_KEY")`` and ``headers['x-api-key']`` are looked at
piece by piece), and each segment into **words** (``snake_case``, ``kebab-case``, ``camelCase``,
``SCREAMING_CASE``). A segment is secret when its **last word** (the head noun: what the thing
is) says so, ignoring trailing digits and encodings (``password2``, ``token_b64``):

- always: password, passwd, pwd, passphrase, secret(s), token, credential(s), creds, cookie(s),
  authorization, auth, apikey, sessionid, and one-word forms ending in them (``dbpassword``,
  ``csrftoken``, ``clientsecret``);
- with the word before it: ``api/private/secret/access/signing/… key(s)``, ``access/auth/refresh/…
  tokens``, ``session id``, ``auth/authorization header``, ``db/user/admin/… pass``.

So ``token_count``, ``max_tokens``, ``password_length``, ``secret_name``, ``token_type``,
``public_key`` and ``sort_key`` are not secrets, and ``PWD``/``OLDPWD`` (the shell's working
directory) are not either. A name is secret when any of its segments is.

A secret name does not hide a value that cannot be one (:func:`plain_value`): a number, a
boolean, ``None``/``null``/``nil``, an empty string or container, a null pointer. So
``len(password)`` and ``password == expected`` are shown; ``password[:3]`` is not.

Every function here is linear in the length of its input (names are cut at :data:`NAME_CHARS`).
"""

from __future__ import annotations

import functools
import re

__all__ = ["NAME_CHARS", "plain_value", "secret_name"]

#: Longest part of a name looked at (its end: the head noun is last).
NAME_CHARS = 512

_SEGMENT = re.compile(r"[A-Za-z0-9_-]+")
#: camelCase/SCREAMING words of a ``_``/``-``-free piece: ``APIKey`` → API, Key; ``sessionId`` → session, Id.
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

#: A head word that is a secret by itself.
_ALWAYS = frozenset({
    "password", "passwords", "passwd", "pwd", "passphrase", "passcode", "secret", "secrets", "token",
    "credential", "credentials", "creds", "cred", "cookie", "cookies", "authorization", "auth", "apikey", "apikeys",
    "sessionid", "sessid", "jsessionid", "phpsessid", "privatekey", "secretkey", "accesskey", "bearer",
})
#: One-word names ending in one of these are secrets too (``dbpassword``, ``csrftoken``).
_ENDINGS = ("password", "passwd", "secret", "token", "cookie", "apikey", "sessionid", "credentials", "privatekey",
            "secretkey", "accesskey")
#: Head words that are secrets only after one of the words given.
_QUALIFIED = {
    "key": frozenset({"api", "private", "priv", "secret", "access", "encryption", "signing", "sign", "master", "auth",
                      "ssh", "session", "client", "consumer", "app", "hmac", "jwt", "gpg", "pgp", "license",
                      "decryption", "crypto", "cipher", "aes", "rsa", "root"}),
    "tokens": frozenset({"access", "auth", "api", "bearer", "refresh", "session", "oauth", "csrf", "xsrf", "id", "jwt",
                         "personal", "github", "secret", "service", "device"}),
    "id": frozenset({"session", "sess"}),
    "header": frozenset({"auth", "authorization"}),
    "headers": frozenset({"auth", "authorization"}),
    "pass": frozenset({"db", "user", "admin", "root", "smtp", "mysql", "postgres", "pg", "redis", "ftp", "mail",
                       "login", "account", "sql", "ldap", "proxy", "http", "basic", "wifi", "my", "database", "rabbit",
                       "amqp", "mongo", "email", "sudo", "vnc", "ssh", "keystore", "truststore", "store", "key"}),
}
_QUALIFIED["keys"] = _QUALIFIED["key"]
#: Trailing words that say how a secret is stored, not what it is (``token_b64``, ``password_str``).
_ENCODINGS = frozenset({"value", "val", "str", "string", "bytes", "b64", "base64", "hex", "raw", "plain",
                        "plaintext", "text", "enc", "encoded", "data", "env", "var", "b"})
#: Whole segments that look secret but are not: the shell's working directory.
_NOT_SECRET = frozenset({"PWD", "OLDPWD"})


def secret_name(name: str | None) -> bool:
    """True when ``name`` (a variable, a dict key, an expression, a dotted path) says its value
    is a secret (see the module's rule). Linear in ``len(name)``; the last :data:`NAME_CHARS`
    characters are looked at."""
    if not name:
        return False
    return _secret(name[-NAME_CHARS:])


@functools.lru_cache(maxsize=4096)
def _secret(name: str) -> bool:
    return any(_segment_secret(match.group()) for match in _SEGMENT.finditer(name))


def _segment_secret(segment: str) -> bool:
    if segment in _NOT_SECRET:
        return False
    words = [word.lower() for piece in re.split(r"[_-]+", segment) if piece for word in _WORD.findall(piece)]
    while len(words) > 1 and (words[-1].isdigit() or words[-1] in _ENCODINGS):
        words.pop()
    if not words:
        return False
    head = words[-1]
    if head in _ALWAYS:
        return True
    if len(words) == 1 and len(head) > 5 and head.endswith(_ENDINGS):
        return True
    qualifiers = _QUALIFIED.get(head)
    return qualifiers is not None and len(words) > 1 and words[-2] in qualifiers


#: Values that cannot be a secret, however they are named.
_PLAIN = frozenset({
    "", "none", "null", "nil", "undefined", "true", "false", "nullptr", "(null)", "<nil>", "''", '""', "b''", 'b""',
    "[]", "{}", "()", "set()", "dict()", "list()", "[]byte nil", "<null>", "nan", "inf", "-inf", "0x0",
})
#: Type names whose values are never secrets (a number is not a password).
_PLAIN_TYPES = frozenset({
    "int", "float", "bool", "complex", "nonetype", "long", "short", "double", "unsigned", "unsigned int",
    "unsigned long", "long long", "unsigned long long", "size_t", "ssize_t", "int8_t", "int16_t", "int32_t",
    "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8", "int16", "int32", "int64", "uint", "uint8",
    "uint16", "uint32", "uint64", "float32", "float64", "_bool", "boolean", "number", "bigint", "i32", "i64", "u32",
    "u64", "usize", "isize", "f32", "f64",
})


def plain_value(value: str | None, type_name: str | None = None) -> bool:
    """True when ``value`` (as the adapter shows it, with its ``type_name``) cannot be a secret:
    a number, a boolean, null/None/nil, an empty string or container, a null pointer."""
    if value is None:
        return True
    text = value.strip()
    if not text:
        return True
    if len(text) > 64:
        return False
    if type_name and type_name.strip().lower().removeprefix("const ") in _PLAIN_TYPES:
        return True
    if text[0] in _NUMBER_START and _number(text):
        return True
    return len(text) <= 12 and text.lower() in _PLAIN


_NUMBER_START = frozenset("0123456789+-.")


def _number(text: str) -> bool:
    """``42``, ``-3.5``, ``1e9``, ``0x1f``, ``1_000``, ``42 '*'`` (a C char: the number and its glyph;
    not ``0x5555 "text"``, a C string's address and its text)."""
    first, _, rest = text.partition(" ")
    if rest and not (rest.startswith("'") and len(rest) <= 6):
        return False
    first = first.rstrip("LlUuFf")
    try:
        int(first.replace("_", ""), 0)
        return True
    except ValueError:
        pass
    try:
        float(first)
        return True
    except ValueError:
        return False
