"""``python -m dapcli`` runs the CLI."""

from dapcli.frontends.cli.fast import main

raise SystemExit(main())
