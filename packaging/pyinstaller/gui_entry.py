"""Frozen ``skat-desktop-gui`` (windowed, no console on Windows): the card table.

``freeze_support()`` comes first: worker processes (a LAN table's computers) start this
executable again with multiprocessing's arguments and must run the worker instead.
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from skat_desktop.cli import gui_main

    raise SystemExit(gui_main())
