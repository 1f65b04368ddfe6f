"""A window's host never outlives the window, and a window never stays stuck behind a host
that did: killing the hosting window (``kill -9``) ends its ``serve`` child within seconds,
gracefully and with the database's lock released; a host left behind by a window that is
gone (an older version's, or one still closing) is offered to be stopped, and the window
then hosts; of a host that is not left behind the player learns where to join it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest
from PySide6.QtWidgets import QMessageBox

from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui.i18n import install_translations
from skat_desktop.gui.lan_dialogs import HostChoices
from skat_desktop.net.host import database_host, database_served

from .table_driver import make_window
from .test_lan_dialogs import StandInLink

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="the database lock and these kills are POSIX here"
)

START_MS = 30_000  # serve's start (imports, database) on a busy 2-core machine


@pytest.fixture
def english(qapp):
    install_translations(qapp, "en")
    yield


WINDOW = """\
import sys
from PySide6.QtCore import QCoreApplication
from skat_desktop.gui.lan_host import HostProcess
app = QCoreApplication([])
host = HostProcess()
host.started.connect(lambda _a, port: print(host.pid, port, flush=True))
host.failed.connect(lambda line: (print("failed", line, flush=True), app.exit(1)))
host.start(["name=Club,seats=open+open+beginner,deals=3"], db=sys.argv[1],
           listen="127.0.0.1", port=0, announce=False)
app.exec()
"""

LEAVER = """\
import subprocess, sys
serve = [sys.executable, "-m", "skat_desktop", "serve", "--host", "127.0.0.1", "--port", "0",
         "--db", sys.argv[1], "--no-announce", "--stop-at-eof",
         "--table", "name=Club,seats=open+open+beginner,deals=3"]
child = subprocess.Popen(serve, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
print(child.stdout.readline().decode().strip(), flush=True)
"""
"""A window that dies leaving its serve behind: it starts serve with --stop-at-eof and
its standard input the test's pipe (which stays open, as an older serve would simply not
have noticed), prints serve's line and ends."""


def _until(predicate, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def test_killing_the_hosting_window_ends_its_serve_and_frees_the_database(tmp_path):
    db = tmp_path / "lan-host.sqlite3"
    script = tmp_path / "window.py"
    script.write_text(WINDOW)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    window = subprocess.Popen(
        [sys.executable, str(script), str(db)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        line = window.stdout.readline().split()
        assert len(line) == 2 and line[0] != "failed", line
        pid, port = map(int, line)
        assert database_served(db) and database_host(db).pid == pid and _listening(port)
        window.kill()  # SIGKILL: no handler of the window's runs
        window.wait(10)
        _until(lambda: not database_served(db), 10, "the serve child to release the lock")
    finally:
        if window.poll() is None:
            window.kill()
            window.wait(10)
        window.stdout.close()
    assert database_host(db) is None  # truncated by its graceful close, not left by a kill
    assert not _listening(port)


@pytest.fixture
def left_behind_host(tmp_path):
    """A serve whose window is gone (and reaped) while it runs on: (pid, port, db)."""
    db = tmp_path / "lan-host.sqlite3"
    script = tmp_path / "leaver.py"
    script.write_text(LEAVER)
    read_end, write_end = os.pipe()
    leaver = subprocess.Popen(
        [sys.executable, str(script), str(db)], stdin=read_end, stdout=subprocess.PIPE, text=True
    )
    os.close(read_end)
    line = leaver.stdout.readline()
    leaver.wait(10)  # the window has ended, and its parent knows
    leaver.stdout.close()
    assert line.startswith("serving on 127.0.0.1:"), line
    record = database_host(db)
    try:
        yield record.pid, int(line.rsplit(":", 1)[1]), db
    finally:
        os.close(write_end)  # ends it if the test did not
        _until(lambda: not database_served(db), 15, "the left-behind host to end")


def _hosting(window, db):
    lan = window.lan
    lan.listen, lan.announce, lan.database = "127.0.0.1", False, db
    return HostChoices("Anna", "Club", ISKO, ["open", "open", "beginner"], 3, None, 300, None, 0)


def _box(window, name: str) -> QMessageBox:
    [box] = [w for w in window.findChildren(QMessageBox) if w.objectName() == name]
    return box


def test_a_host_left_behind_by_a_window_is_stopped_and_this_window_hosts(
    qtbot, tmp_path, left_behind_host, english
):
    pid, port, db = left_behind_host
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    lan = window.lan
    lan.link_factory = lambda _w: StandInLink()  # the host player does not sit down
    choices = _hosting(window, db)
    with qtbot.waitSignal(lan.host.failed, timeout=START_MS):
        lan.start_hosting(choices)
    qtbot.waitUntil(lambda: any(b.isVisible() for b in window.findChildren(QMessageBox)))
    box = _box(window, "TakeOverHost")
    assert box.text() == "Your tables are still hosted by a Skat window that has ended."
    assert f"127.0.0.1:{port}" in box.informativeText()
    assert not [b for b in window.findChildren(QMessageBox) if b.objectName() == "LanError"]
    [go] = [b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole]
    with qtbot.waitSignal(lan.host.started, timeout=START_MS + 10_000):
        go.click()
        assert not lan.act_host.isEnabled()  # while the old host closes
    assert database_host(db).pid == lan.host.pid != pid  # the old one ended by itself
    assert lan.act_stop.isEnabled() and lan.last_error is None
    assert lan.stop_hosting(ask=False)
    assert not database_served(db)


def test_a_host_still_wanted_is_not_stopped_but_named(qtbot, tmp_path, english):
    """Started by hand (or by a window still open): the window says where it listens."""
    db = tmp_path / "lan-host.sqlite3"
    serve = [sys.executable, "-m", "skat_desktop", "serve", "--host", "127.0.0.1", "--port",
             "0", "--db", str(db), "--no-announce"]  # fmt: skip
    by_hand = subprocess.Popen(serve, stdout=subprocess.PIPE, text=True)
    try:
        port = int(by_hand.stdout.readline().rsplit(":", 1)[1])
        window = make_window(qtbot, tmp_path, size=(1024, 700))
        lan = window.lan
        with qtbot.waitSignal(lan.host.failed, timeout=START_MS):
            lan.start_hosting(_hosting(window, db))
        assert lan.last_error == (
            f"The table could not be hosted: another host is already serving from the "
            f"database {db}. Join its tables at 127.0.0.1:{port} with Game → Join a table…, "
            "or stop that host first."
        )
        assert _box(window, "LanError").isVisible()
        assert not [b for b in window.findChildren(QMessageBox) if b.objectName() == "TakeOverHost"]
        assert by_hand.poll() is None and lan.act_host.isEnabled()
    finally:
        by_hand.terminate()
        assert by_hand.wait(15) == 0
        by_hand.stdout.close()
