"""``python -m dapcli.frontends.mcp``: the same as ``dapcli serve-mcp``."""

import sys

from dapcli.frontends.mcp.server import _parse, main

options = _parse(None)
sys.exit(main(options.transport, options.port, options.host, options.token_file, options.no_auth,
              options.output_schemas, show_secrets=options.show_secrets))
