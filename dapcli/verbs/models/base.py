"""The base of every result model: camelCase at every JSON boundary, ``schemaVersion`` first."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

__all__ = ["SCHEMA_VERSION", "Model", "Result", "Status"]

SCHEMA_VERSION = 1
Status = Literal["initializing", "configuring", "running", "stopped", "exited", "terminated"]


class Model(BaseModel):
    # defer_build: a model builds its validator on first use (~100 models; the session host starts sooner)
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, serialize_by_alias=True,
                              defer_build=True)


class Result(Model):
    """Base of every verb result."""

    schema_version: int = SCHEMA_VERSION
    #: How many values were replaced by ``<redacted: …>`` because they look secret (MCP by
    #: default, the CLI and REPL with ``--redact``); None when none were.
    redacted: int | None = None

    def to_json(self) -> dict[str, object]:
        """The JSON object for ``--json``, MCP and recipes (None fields omitted)."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)
