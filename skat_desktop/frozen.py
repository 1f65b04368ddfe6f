"""The one-folder app (packaging/pyinstaller): the user's environment for the programs it
starts.

PyInstaller's bootloader points ``LD_LIBRARY_PATH`` at the folder's ``_internal`` (the
user's own value, if any, kept as ``LD_LIBRARY_PATH_ORIG``), its PySide6 hook points
``QT_PLUGIN_PATH`` and ``QML2_IMPORT_PATH`` into the folder, and ``_PYI_*`` variables tell
a bootloader started again whose child it is. A program of the system that inherits them
-- xdg-open and the file manager or browser it starts (About: "Open folder", the licence),
an external engine -- loads the folder's libraries and Qt plugins instead of its own
(a symbol lookup error, a Qt that refuses the plugins of another version), and a program
that is frozen with PyInstaller itself takes itself for our child.

Taking them out changes nothing for this process: the loader read ``LD_LIBRARY_PATH`` when
the process started, and Qt finds its plugins through the ``qt.conf`` that the PySide6
hook registers. The program's own processes (the arena's and the LAN host's workers, the
LAN host started by the window) are executables of the folder, whose bootloader sets them
up again, as at a start from the menu.
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from pathlib import Path

LIBRARY_PATH = "LD_LIBRARY_PATH"
SAVED_SUFFIX = "_ORIG"  # the bootloader keeps the user's value under LD_LIBRARY_PATH_ORIG
QT_PATHS = ("QT_PLUGIN_PATH", "QML2_IMPORT_PATH")
BOOTLOADER_PREFIX = "_PYI_"


def _inside(value: str, folder: Path) -> bool:
    """Whether every entry of a path list lies in ``folder``."""
    entries = [e for e in value.split(os.pathsep) if e]
    return bool(entries) and all(Path(e) == folder or folder in Path(e).parents for e in entries)


def restore_user_environment(
    environ: MutableMapping[str, str] | None = None, folder: str | Path | None = None
) -> list[str]:
    """Give ``environ`` (``os.environ``) back the values the user started the app with.

    ``folder``: the app's ``_internal`` (``sys._MEIPASS``); without one (not frozen)
    nothing changes. The names changed, sorted."""
    environ = os.environ if environ is None else environ
    folder = getattr(sys, "_MEIPASS", None) if folder is None else folder
    if folder is None:
        return []
    folder = Path(folder)
    changed = []
    saved = environ.pop(LIBRARY_PATH + SAVED_SUFFIX, None)
    if saved is not None:
        changed.append(LIBRARY_PATH + SAVED_SUFFIX)
        environ[LIBRARY_PATH] = saved
        changed.append(LIBRARY_PATH)
    elif LIBRARY_PATH in environ and _inside(environ[LIBRARY_PATH], folder):
        del environ[LIBRARY_PATH]
        changed.append(LIBRARY_PATH)
    for name in QT_PATHS:
        if name in environ and _inside(environ[name], folder):
            del environ[name]
            changed.append(name)
    for name in [n for n in environ if n.startswith(BOOTLOADER_PREFIX)]:
        del environ[name]
        changed.append(name)
    return sorted(changed)
