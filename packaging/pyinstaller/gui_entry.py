"""Frozen ``skat-desktop-gui`` (windowed, no console on Windows): the card table.

First the user's environment comes back (skat_desktop.frozen: xdg-open, which "Open
folder" starts, must not load the folder's libraries); then ``freeze_support()``: worker
processes (a LAN table's computers) start this executable again with multiprocessing's
arguments and must run the worker instead.
"""

import multiprocessing

if __name__ == "__main__":
    from skat_desktop.frozen import restore_user_environment

    restore_user_environment()
    multiprocessing.freeze_support()
    from skat_desktop.cli import gui_main

    raise SystemExit(gui_main())
