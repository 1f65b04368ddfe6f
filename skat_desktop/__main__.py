"""Allow ``python -m skat_desktop``."""

from skat_desktop.cli import main

raise SystemExit(main())
