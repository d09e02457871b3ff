"""Secrets kept out of what a frontend shows: names that say secret, values shaped like one.

:func:`redact_result` is the mechanism (:mod:`.walk`, over :mod:`.names` and :mod:`.text`);
each frontend only decides whether to apply it (MCP: on unless ``serve-mcp --show-secrets``;
CLI and REPL: off unless ``--redact``). Nothing sent to the adapter is ever changed.
"""

from dapcli.verbs.shared.redact.names import plain_value, secret_name
from dapcli.verbs.shared.redact.text import marker, redact_text, redact_texts
from dapcli.verbs.shared.redact.walk import redact_result

__all__ = ["marker", "plain_value", "redact_result", "redact_text", "redact_texts", "secret_name"]
