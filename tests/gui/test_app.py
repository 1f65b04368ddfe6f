"""Starting the application: ``skat-desktop`` without a sub-command opens the GUI on the
database (a temporary one here); a database that cannot be opened leaves the table
playable without saving; the sub-commands never load Qt."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from skat_desktop import cli
from skat_desktop.gui import app as gui_app
from skat_desktop.gui.main_window import MainWindow


@pytest.fixture
def user_settings(tmp_path):
    """Keep the test's QSettings out of the real user folder."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "config")
    )
    yield tmp_path / "config"
    QSettings.setDefaultFormat(QSettings.Format.NativeFormat)


def _close_main_window_soon(seen: dict) -> None:
    def check():
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        visible = [w for w in windows if w.isVisible()]
        if not visible:
            QTimer.singleShot(20, check)
            return
        window = visible[-1]
        seen["window"] = window
        seen["title"] = window.windowTitle()
        seen["store"] = window.store
        seen["not_saving"] = window.store_label.text()
        seen["not_saving_tip"] = window.store_label.toolTip()
        boxes = [w for w in QApplication.topLevelWidgets() if w.objectName() == "StoreError"]
        seen["box"] = [b.text() for b in boxes if isinstance(b, QMessageBox) and b.isVisible()]
        for b in boxes:
            b.close()
        window.close()
        QApplication.instance().quit()

    QTimer.singleShot(0, check)


def test_the_app_starts_without_arguments_on_a_temporary_database(qapp, tmp_path, user_settings):
    db = tmp_path / "data" / "skat.sqlite3"
    seen: dict = {}
    _close_main_window_soon(seen)
    assert gui_app.run_gui(["skat-desktop"], db_path=db) == 0
    assert seen["store"] is not None
    assert seen["title"] == "Skat"
    assert seen["not_saving"] == ""
    assert seen["box"] == []
    assert db.exists()  # created on first start
    assert QApplication.organizationName() == "io.github.skat_desktop"  # the app id's


def test_a_database_that_cannot_be_opened_leaves_the_app_running_without_saving(
    qapp, tmp_path, user_settings
):
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("shopping list\n")
    seen: dict = {}
    _close_main_window_soon(seen)
    assert gui_app.run_gui(["skat-desktop"], db_path=not_a_db) == 0
    assert seen["store"] is None
    assert seen["not_saving"].startswith("Not saving: ")  # for as long as the window is open
    assert "not a SQLite database" in seen["not_saving_tip"]
    assert len(seen["box"]) == 1 and "\n" not in seen["box"][0]  # said once, in one line
    assert seen["box"][0].startswith("The score sheets cannot be saved: ")
    assert "not a SQLite database" in seen["box"][0]
    assert not_a_db.read_text() == "shopping list\n"  # left untouched


def test_the_command_without_a_sub_command_opens_the_gui(monkeypatch):
    calls = []
    monkeypatch.setattr(gui_app, "run_gui", lambda argv, db_path=None: calls.append(db_path) or 0)
    assert cli.main([]) == 0
    assert cli.main(["--db", "club.sqlite3"]) == 0
    assert calls == [None, "club.sqlite3"]


def test_the_sub_commands_never_import_qt(tmp_path):
    code = (
        "import io, sys\n"
        "from skat_desktop import cli\n"
        "sys.stdin = io.StringIO('')\n"
        "rc = cli.main(['score'], inp=io.StringIO(''), out=io.StringIO())\n"
        "cli.main(['selfplay', '--deals', '1', '--seed', '2'], out=io.StringIO())\n"
        "assert rc == 0\n"
        "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt was imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr


def test_building_the_window_imports_no_network_code(tmp_path):
    """Start-up pays only for what the first screen needs: the LAN dialogs, the host's
    child-process code, Qt's network module and the wire protocol come when a player
    first hosts or joins (gui_speed's start-up figure, issue 23)."""
    code = (
        "import os, sys\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from pathlib import Path\n"
        "from skat_desktop.gui.app import create_application, open_store\n"
        "from skat_desktop.gui.main_window import MainWindow\n"
        "from skat_desktop.gui.settings import Settings\n"
        "from PySide6.QtCore import QSettings\n"
        "create_application()\n"
        "q = QSettings(str(Path('s.ini')), QSettings.Format.IniFormat)\n"
        "store = open_store(Path('club.sqlite3')).store\n"
        "w = MainWindow(Settings(q), store)\n"
        "w.show()\n"
        "assert w.lan.act_host.text() and w.lan.act_join.text()\n"
        "bad = [m for m in sys.modules if m.startswith(('skat_desktop.net',"
        " 'skat_desktop.gui.lan_dialogs', 'skat_desktop.gui.lan_host',"
        " 'skat_desktop.gui.lan_link', 'PySide6.QtNetwork', 'zeroconf'))]\n"
        "assert not bad, bad\n"
        "w.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr[-2000:]


CLOSED_BY_SIGNAL = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from skat_desktop.gui import app as gui_app
from skat_desktop.gui.main_window import MainWindow

app = gui_app.create_application(["skat-desktop"])

def ready():
    if any(isinstance(w, MainWindow) and w.isVisible() for w in app.topLevelWidgets()):
        print("ready", flush=True)
    else:
        QTimer.singleShot(20, ready)

QTimer.singleShot(0, ready)
status = gui_app.run_gui(["skat-desktop"], sys.argv[1])
print("closed", status, flush=True)
sys.exit(status)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_logout_or_kill_closes_the_window_as_quit_would(tmp_path, name):
    """SIGTERM (a logout, a shutdown), SIGHUP and Ctrl+C: the window closes itself (its
    place kept, the writes finished) instead of the process ending on the spot."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    child = subprocess.Popen(
        [sys.executable, "-c", CLOSED_BY_SIGNAL, str(tmp_path / "club.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        child.send_signal(getattr(signal, name))
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0, err
    assert out.strip() == "closed 0"
    saved = [f.read_text() for f in (tmp_path / "config").rglob("*.conf")]
    assert any("[window]" in text and "\ngeometry=" in text for text in saved)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_signal_the_program_was_started_to_ignore_stays_ignored(qapp):
    """``nohup skat-desktop &`` ignores SIGHUP: closing the terminal must not close the
    window the player detached from it (the handlers replaced SIG_IGN before)."""
    names = gui_app.CLOSING_SIGNALS
    before = {name: signal.getsignal(getattr(signal, name)) for name in names}
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    notifier = None
    try:
        notifier = gui_app.close_on_signals(qapp)
        assert notifier is not None
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
        assert callable(signal.getsignal(signal.SIGTERM))
    finally:
        signal.set_wakeup_fd(-1)
        for name, handler in before.items():
            signal.signal(getattr(signal, name), handler)
        if notifier is not None:
            notifier.setEnabled(False)
            notifier.deleteLater()
