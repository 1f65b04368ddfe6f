"""Frozen ``skat-desktop`` (console): the sub-commands, and the card table without one.

First the user's environment comes back (skat_desktop.frozen: the programs this one starts,
an external engine, must not load the folder's libraries); then ``freeze_support()``: the
arena's and the LAN host's worker processes are this executable started again with
multiprocessing's arguments, and must run the worker, not the command line.
"""

import multiprocessing

if __name__ == "__main__":
    from skat_desktop.frozen import restore_user_environment

    restore_user_environment()
    multiprocessing.freeze_support()
    from skat_desktop.cli import main

    raise SystemExit(main())
