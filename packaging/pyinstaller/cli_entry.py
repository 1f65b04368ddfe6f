"""Frozen ``skat-desktop`` (console): the sub-commands, and the card table without one.

``freeze_support()`` comes first: the arena's and the LAN host's worker processes are
this executable started again with multiprocessing's arguments, and must run the
worker, not the command line.
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from skat_desktop.cli import main

    raise SystemExit(main())
