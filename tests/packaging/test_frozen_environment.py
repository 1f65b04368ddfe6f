"""skat_desktop.frozen: the one-folder app gives the programs it starts the user's
environment, not the one PyInstaller's bootloader and hooks made for it (the frozen app
itself: tests/packaging/test_pyinstaller.py)."""

from __future__ import annotations

import os
from pathlib import Path

from skat_desktop.frozen import restore_user_environment

FOLDER = Path("/opt/skat-desktop/_internal")


def bootloader_environment(**user: str) -> dict[str, str]:
    """What a frozen app started with ``user``'s variables sees in os.environ."""
    env = {
        "HOME": "/home/anna",
        "PATH": "/usr/bin:/bin",
        "LD_LIBRARY_PATH": str(FOLDER),
        "QT_PLUGIN_PATH": str(FOLDER / "PySide6" / "Qt" / "plugins"),
        "QML2_IMPORT_PATH": str(FOLDER / "PySide6" / "Qt" / "qml"),
        "_PYI_ARCHIVE_FILE": "/opt/skat-desktop/skat-desktop-gui",
        "_PYI_PARENT_PROCESS_LEVEL": "1",
        "_PYI_LINUX_PROCESS_NAME": "skat-desktop-gui",
    }
    if "LD_LIBRARY_PATH" in user:
        env["LD_LIBRARY_PATH"] = os.pathsep.join([str(FOLDER), user["LD_LIBRARY_PATH"]])
        env["LD_LIBRARY_PATH_ORIG"] = user.pop("LD_LIBRARY_PATH")
    env.update(user)
    return env


def test_a_start_from_the_menu_leaves_no_trace_of_the_folder():
    env = bootloader_environment()
    changed = restore_user_environment(env, FOLDER)
    assert env == {"HOME": "/home/anna", "PATH": "/usr/bin:/bin"}
    assert "LD_LIBRARY_PATH" in changed and "_PYI_PARENT_PROCESS_LEVEL" in changed


def test_the_users_own_library_path_comes_back():
    env = bootloader_environment(LD_LIBRARY_PATH="/opt/cuda/lib64")
    restore_user_environment(env, FOLDER)
    assert env["LD_LIBRARY_PATH"] == "/opt/cuda/lib64"
    assert "LD_LIBRARY_PATH_ORIG" not in env


def test_the_users_own_qt_paths_stay():
    """A Qt plugin path outside the folder is not the hook's and is left alone (the
    PySide6 hook overwrites a user's own value before this runs: it cannot be given
    back, only not taken away where it survived)."""
    env = bootloader_environment()
    env["QT_PLUGIN_PATH"] = "/usr/lib/qt6/plugins"
    restore_user_environment(env, FOLDER)
    assert env["QT_PLUGIN_PATH"] == "/usr/lib/qt6/plugins"
    assert "QML2_IMPORT_PATH" not in env


def test_unfrozen_nothing_changes(monkeypatch):
    """Run from Python (no sys._MEIPASS), the environment is the user's already."""
    monkeypatch.delattr("sys._MEIPASS", raising=False)
    env = bootloader_environment()
    before = dict(env)
    assert restore_user_environment(env) == []
    assert env == before
