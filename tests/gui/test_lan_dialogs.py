"""The LAN dialogs (issue 24): host a table, find one, choose a seat.

First with a stand-in for the window's connection (a small QObject offering LanLink's
signals and methods), then with a real ``skat-desktop serve`` child process on 127.0.0.1
(announced on loopback only, if at all): it starts, the hosting player sits down at his own
table through the real LanLink, a friend's connection makes "Stop hosting" ask, quitting
asks, and the host ends without leaving a process behind. Failures to start are one line.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import socket
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox

from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui import lan_dialogs, lan_play
from skat_desktop.gui.i18n import install_translations
from skat_desktop.gui.lan_dialogs import (
    HostChoices,
    HostDialog,
    JoinDialog,
    LanSettings,
    Lobby,
    parse_address,
    refusal_text,
)
from skat_desktop.gui.lan_host import HostProcess, HostWatch
from skat_desktop.gui.lan_link import LanLink
from skat_desktop.net import protocol as wire
from skat_desktop.net.client import ChatMessage
from skat_desktop.net.discovery import Browser, FoundHost
from skat_desktop.net.host import parse_table_spec
from skat_desktop.store.repository import Store

from .fit_walk import settle_layout, widget_problems
from .table_driver import make_settings, make_window

START_MS = 30_000  # serve's start (imports, database) on a busy 2-core machine


class StandInLink(QObject):
    """LanLink's signals and methods; records what the dialogs asked of it."""

    welcomed = Signal(dict)
    tablesChanged = Signal(list)
    joined = Signal(object)
    refused = Signal(str, str)
    chatLine = Signal(object)
    seatsChanged = Signal(object)
    closed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple] = []
        self.state = "closed"

    def open(self, host: str, port: int, name: str) -> None:
        self.calls.append(("open", host, port, name))

    def list_tables(self) -> None:
        self.calls.append(("list",))

    def join(self, table: str, seat: int | None, password: str | None = None) -> None:
        self.calls.append(("join", table, seat, password))

    def chat(self, text: str) -> None:
        self.calls.append(("chat", text))

    def leave(self) -> None:
        self.calls.append(("leave",))

    def close(self) -> None:
        self.calls.append(("close",))

    def asked(self, kind: str) -> list[tuple]:
        return [c for c in self.calls if c[0] == kind]


class StandInBrowser:
    """discovery.Browser's face: ``found`` is what the network shows; ``change()`` calls
    ``on_change`` from another thread, as the real browser does."""

    def __init__(self, on_change) -> None:
        self.on_change = on_change
        self.found: list[FoundHost] = []
        self.error: str | None = None
        self.closed = False

    def start(self) -> None:
        pass

    def snapshot(self) -> list[FoundHost]:
        return list(self.found)

    def close(self, timeout: float = 5.0) -> None:
        self.closed = True

    def change(self, found: list[FoundHost]) -> None:
        self.found = found
        t = threading.Thread(target=self.on_change)
        t.start()
        t.join()


ANNA = FoundHost("Anna", ("192.168.1.20",), 55123, wire.VERSION, 1, 2, "Anna", "0.1")
OLD = FoundHost("Old laptop", ("192.168.1.44",), 4711, wire.VERSION + 1, 1, 1, "old", "9")

TABLES = [
    {
        "id": "club",
        "name": "Club table",
        "profile": "isko",
        "profile_title": ISKO.title,
        "size": 3,
        "planned_deals": 36,
        "deals_done": 4,
        "password": False,
        "kibitzers": 1,
        "state": "playing",
        "seats": [
            {"seat": 0, "name": "Anna", "kind": "human", "level": None, "connected": True},
            {"seat": 1, "name": "Bernd", "kind": "human", "level": None, "connected": False},
            {"seat": 2, "name": "Computer", "kind": "computer", "level": "expert",
             "connected": True},
        ],
    },
    {
        "id": "back-room",
        "name": "Back room",
        "profile": "house",
        "profile_title": "Club / pub rules",
        "size": 4,
        "planned_deals": 48,
        "deals_done": 0,
        "password": True,
        "kibitzers": 0,
        "state": "lobby",
        "seats": [
            {"seat": 0, "name": "Carla", "kind": "human", "level": None, "connected": True},
            {"seat": 1, "name": None, "kind": "open", "level": None, "connected": False},
            {"seat": 2, "name": None, "kind": "open", "level": None, "connected": False},
            {"seat": 3, "name": "Computer", "kind": "computer", "level": "beginner",
             "connected": True},
        ],
    },
]  # fmt: skip


@pytest.fixture
def english(qapp):
    install_translations(qapp, "en")
    yield
    install_translations(qapp, "en")


def _ok(buttons: QDialogButtonBox):
    return buttons.button(QDialogButtonBox.StandardButton.Ok)


# ---------------------------------------------------------------------- pieces


def test_addresses_are_read_or_refused_in_one_line(english):
    assert parse_address("192.168.1.20:4711") == ("192.168.1.20", 4711)
    assert parse_address(" anna-laptop ") == ("anna-laptop", 55123)
    assert parse_address("[fe80::1]:4711") == ("fe80::1", 4711)
    assert parse_address("fe80::1") == ("fe80::1", 55123)
    for bad in ("", "a b:1", "host:0", "host:99999", "host:x", "[fe80::1", "a:b:c", "h:٣"):
        with pytest.raises(ValueError) as caught:
            parse_address(bad)
        assert caught.value.args[0] and "\n" not in caught.value.args[0]


def test_refusals_are_translated_lines(qapp):
    """Every code of the protocol is one line in the player's language; the host's
    English sentence appears only for ``illegal`` (it once did for any code not listed)."""
    english = {
        code: refusal_text(code, "English text", {"version": 2}) for code in wire.ERROR_CODES
    }
    install_translations(qapp, "de")
    try:
        for code in wire.ERROR_CODES:
            text = refusal_text(code, "English text", {"version": 2})
            assert "\n" not in text and text != english[code], code
            assert ("English text" in text) == (code == "illegal"), code
            assert text != refusal_text("zzz", "English text") or code == "illegal", code
        assert "Passwort" in refusal_text("bad_password")
        assert "2" in refusal_text("version", "", {"version": 2})
    finally:
        install_translations(qapp, "en")
    assert refusal_text("something_new", "the host's\nline") == "The host refused that."
    assert refusal_text("illegal", "you do not\nhold CJ") == (
        "The rules do not allow that: you do not hold CJ"
    )


# ---------------------------------------------------------------------- host dialog


def test_host_dialog_sets_up_a_table_serve_accepts_and_remembers_it(qtbot, tmp_path, english):
    store = Store.open(tmp_path / "skat.sqlite3")
    friday = ISKO.copy("friday", "Friday rules", grand_base=20)
    store.save_profile(friday)
    settings = make_settings(tmp_path)
    dialog = HostDialog(settings, store)
    qtbot.addWidget(dialog)
    dialog.show()
    profiles = [dialog.profile_box.itemData(i) for i in range(dialog.profile_box.count())]
    assert profiles == ["isko", "texas", "pre1999", "house", "friday"]
    kinds = [dialog.seat_boxes[0].itemData(i) for i in range(dialog.seat_boxes[0].count())]
    assert kinds == ["open", "random", "beginner", "standard", "expert"]
    tip = dialog.seat_boxes[0].itemData(3, lan_dialogs.Qt.ItemDataRole.ToolTipRole)
    assert "simulating" in tip  # the level's strength, as the welcome panel says it

    dialog.name.setText("Anna")
    dialog.table_name.setText("Freitag")
    dialog.four.setChecked(True)
    assert dialog.seat_boxes[2].isVisible()
    dialog.seat_boxes[0].setCurrentIndex(dialog.seat_boxes[0].findData("open"))
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("expert"))
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData("open"))
    dialog.profile_box.setCurrentIndex(dialog.profile_box.findData("friday"))
    dialog.deals.setValue(48)
    dialog.password.setText("geheim")
    dialog.grace.setValue(2)
    dialog.substitute.setChecked(False)
    dialog.any_port.setChecked(True)
    assert _ok(dialog.buttons).isEnabled()
    _ok(dialog.buttons).click()
    choices = dialog.choices()
    assert choices == HostChoices(
        player_name="Anna",
        table_name="Freitag",
        profile=friday,
        seats=["open", "open", "expert", "open"],
        deals=48,
        password="geheim",
        grace_s=120,
        substitute_s=None,
        port=0,
    )
    name, config = parse_table_spec(choices.spec("own"), profiles={"own": friday})
    assert (name, config.profile, config.seats) == ("Freitag", friday, choices.seats)
    assert (config.planned_deals, config.grace_s, config.substitute_after_s) == (48, 120, None)

    again = HostDialog(settings, store)
    qtbot.addWidget(again)
    assert (again.name.text(), again.table_name.text()) == ("Anna", "Freitag")
    assert again.four.isChecked() and again.any_port.isChecked()
    assert again.profile_box.currentData() == "friday" and again.deals.value() == 48
    assert again.seats() == ["open", "open", "expert", "open"]
    assert again.password.text() == ""  # a password is never kept
    store.close()


def test_host_dialog_says_what_is_wrong(qtbot, tmp_path, english):
    dialog = HostDialog(make_settings(tmp_path))
    qtbot.addWidget(dialog)
    dialog.show()
    for table, problem in (("", "name"), ("Club, Friday", "“,”"), ("a=b", "“=”")):
        dialog.table_name.setText(table)
        assert not _ok(dialog.buttons).isEnabled()
        assert problem in dialog.problem.text() and dialog.problem.isVisible()
    dialog.table_name.setText("Club")
    dialog.name.setText("  ")
    assert not _ok(dialog.buttons).isEnabled() and "name" in dialog.problem.text()
    dialog.name.setText("Anna")
    dialog.password.setText(" pw")
    assert not _ok(dialog.buttons).isEnabled()
    dialog.password.setText("pw")
    assert _ok(dialog.buttons).isEnabled() and not dialog.problem.isVisible()


# ---------------------------------------------------------------------- join dialog


def test_join_dialog_lists_hosts_live_and_connects(qtbot, tmp_path, english):
    settings = make_settings(tmp_path)
    link = StandInLink()
    browsers: list[StandInBrowser] = []

    def browser(on_change):
        browsers.append(StandInBrowser(on_change))
        return browsers[-1]

    dialog = JoinDialog(settings, link, browser_factory=browser)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.hosts.topLevelItemCount() == 0 and "Searching" in dialog.searching.text()
    browsers[0].change([ANNA, OLD])  # from the browser's thread: queued to the dialog
    qtbot.waitUntil(lambda: dialog.hosts.topLevelItemCount() == 2)
    rows = [[dialog.hosts.topLevelItem(r).text(c) for c in range(5)] for r in range(2)]
    assert rows[0] == ["Anna", "192.168.1.20:55123", "1", "2", "compatible"]
    assert rows[1][0] == "Old laptop" and rows[1][4].startswith("other version")
    dialog.hosts.topLevelItem(0).setSelected(True)
    assert dialog.address.text() == "192.168.1.20:55123"
    dialog.name.setText("Bernd")
    _ok(dialog.buttons).click()
    assert link.asked("open") == [("open", "192.168.1.20", 55123, "Bernd")]
    assert "Connecting" in dialog.status.text() and not dialog.connect_button.isEnabled()
    link.welcomed.emit({"host": "Anna", "server": "skat-desktop", "address": "x"})
    assert dialog.result() == QDialog.DialogCode.Accepted and browsers[0].closed
    assert dialog.address_tuple() == ("192.168.1.20", 55123)
    lan = LanSettings(settings)
    assert (lan.player_name, lan.address) == ("Bernd", "192.168.1.20:55123")


def test_join_dialog_failures_are_one_line_and_leave_it_open(qtbot, tmp_path, english):
    link = StandInLink()
    dialog = JoinDialog(make_settings(tmp_path), link, browser_factory=StandInBrowser)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.address.setText("host:99999")
    _ok(dialog.buttons).click()
    assert "port" in dialog.status.text() and not link.asked("open")
    dialog.address.setText("10.0.0.7")
    _ok(dialog.buttons).click()
    assert link.asked("open")[-1][1:3] == ("10.0.0.7", 55123)
    link.closed.emit("Connection refused")
    assert dialog.status.text() == "No connection to 10.0.0.7:55123: Connection refused"
    assert link.asked("close") and dialog.connect_button.isEnabled() and dialog.isVisible()
    _ok(dialog.buttons).click()
    link.refused.emit("version", "this host speaks protocol version 2")
    assert "another version" in dialog.status.text() and dialog.isVisible()
    dialog.reject()
    assert dialog.result() == QDialog.DialogCode.Rejected


class NotASkatHost:
    """A service on 127.0.0.1 that is no Skat host, as a player may type its port: an SSH
    server's banner at once, a web server's answer to the hello, or a port that accepts
    and says nothing. One thread, its connections held open until :meth:`close`."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(10.0)
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return  # closed, or nobody came in time
        self.held.append(conn)
        with contextlib.suppress(OSError):
            conn.settimeout(10.0)
            if self.kind == "ssh":
                conn.sendall(b"SSH-2.0-OpenSSH_9.0\r\n")
            elif self.kind == "http":  # python -m http.server answers a JSON line so
                conn.recv(4096)
                conn.sendall(b"HTTP/1.0 400 Bad request syntax\r\nServer: x\r\n\r\n")
            elif self.kind == "oldver":  # a Skat host of another version greets
                frame = dict(wire.welcome("skat-desktop 0.0", "Old", b"\x01" * 32), version=0)
                conn.sendall(wire.encode(frame))

    def close(self) -> None:
        for sock in (self.listener, *self.held):
            with contextlib.suppress(OSError):
                sock.close()
        self.thread.join(10.0)


def join_answered(qtbot, tmp_path, link: LanLink, port: int) -> JoinDialog:
    """The Join dialog, Bernd connecting to 127.0.0.1:``port`` through ``link``, once it
    can connect again (the attempt answered: refused, or no host there)."""
    dialog = JoinDialog(make_settings(tmp_path), link, browser_factory=StandInBrowser)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.address.setText(f"127.0.0.1:{port}")
    dialog.name.setText("Bernd")
    _ok(dialog.buttons).click()
    qtbot.waitUntil(lambda: dialog.connect_button.isEnabled(), timeout=8_000)
    return dialog


NOT_SKAT = "another program answers at that address, not a Skat host"
NO_WELCOME = "no answer from a Skat host at that address"


OLD_VERSION = "The host plays another version of Skat (protocol 0, this one 1)."


@pytest.mark.parametrize(
    ("kind", "said"),
    [("ssh", NOT_SKAT), ("http", NOT_SKAT), ("silent", NO_WELCOME), ("oldver", OLD_VERSION)],
)
def test_join_dialog_says_at_once_when_no_skat_host_answers(
    qtbot, tmp_path, monkeypatch, english, kind, said
):
    """Connect to a port where another program listens: the first line that is no frame
    of ours says so at once (an SSH banner hung the dialog for 45 s); a port that accepts
    and says nothing gets no welcome in time (about 60 s of "Connecting…" before)."""
    from skat_desktop.gui import lan_link

    # the welcome's time limit: short for the silent port, the default for the others
    # (their answer must not wait for it)
    if kind == "silent":
        monkeypatch.setattr(lan_link, "WELCOME_MS", 300)
    service = NotASkatHost(kind)
    link = LanLink(settings=make_settings(tmp_path).qsettings)
    try:
        dialog = join_answered(qtbot, tmp_path, link, service.port)
        assert dialog.status.text() == f"No connection to 127.0.0.1:{service.port}: {said}"
        assert dialog.isVisible() and link.state == "closed"
    finally:
        link.close()
        service.close()


# ---------------------------------------------------------------------- lobby


def test_lobby_seats_watches_asks_the_password_and_chats(qtbot, monkeypatch, english):
    link = StandInLink()
    lobby = Lobby(link, "Anna (192.168.1.20:55123)")
    qtbot.addWidget(lobby)
    lobby.show()
    assert link.asked("list")
    link.tablesChanged.emit(TABLES)
    assert lobby.table_list.topLevelItemCount() == 2
    row = [lobby.table_list.topLevelItem(1).text(c) for c in range(6)]
    assert row == ["Back room", "Club / pub rules", "0 of 48 deals", "waiting for players", "0",
                   "yes"]  # fmt: skip
    lobby.table_list.setCurrentItem(lobby.table_list.topLevelItem(1))
    seats = [
        [lobby.seat_list.topLevelItem(r).text(c) for c in range(4)]
        for r in range(lobby.seat_list.topLevelItemCount())
    ]
    assert seats == [
        ["1", "Carla", "player", "connected"],
        ["2", "", "open seat", ""],
        ["3", "", "open seat", ""],
        ["4", "Computer", "computer: beginner", ""],
    ]
    lobby.seat_list.setCurrentItem(lobby.seat_list.topLevelItem(0))
    assert not lobby.sit_button.isEnabled()  # Carla is here
    lobby.seat_list.setCurrentItem(lobby.seat_list.topLevelItem(1))
    assert lobby.sit_button.isEnabled() and not lobby.chat_input.isEnabled()

    asked: list[str] = []

    def password(parent, title, label, echo):
        asked.append(label)
        return "geheim", True

    monkeypatch.setattr(lan_dialogs.QInputDialog, "getText", password)
    lobby.sit()
    assert link.asked("join") == [("join", "back-room", 1, None)]  # a token may need none
    link.refused.emit("bad_password", "wrong or missing table password")
    assert asked == ["The table “Back room” has a password:"]
    assert link.asked("join")[-1] == ("join", "back-room", 1, "geheim")
    seated: list[object] = []
    lobby.seated.connect(seated.append)
    port = object()
    link.joined.emit(port)
    assert seated == [port] and lobby.at == ("back-room", 1)
    assert "seat 2 of “Back room”" in lobby.where.text()
    assert lobby.chat_input.isEnabled() and lobby.leave_button.isEnabled()
    assert lobby.seat_list.topLevelItem(1).text(1) == "you"

    lobby.chat_input.setText("  Bernd  kommt\tgleich ")
    lobby.send_chat()
    assert link.asked("chat") == [("chat", "Bernd kommt gleich")]
    link.chatLine.emit(ChatMessage(0, "Carla", "<b>Gut</b>"))
    link.chatLine.emit(ChatMessage(None, "Dieter", "viel Glück"))
    assert lobby.chat_view.toPlainText().splitlines() == [
        "Carla: <b>Gut</b>",
        "Dieter (watching): viel Glück",
    ]
    link.refused.emit("not_now", "chat waits until the deal is over")
    assert lobby.status.text() == "Not now: chat waits until the deal is over."

    seats_now = [dict(s) for s in TABLES[1]["seats"]]
    seats_now[2] = {"seat": 2, "name": "Emil", "kind": "human", "level": None, "connected": True}
    link.seatsChanged.emit({"seats": seats_now, "waiting_for": None, "substitutes": []})
    assert lobby.seat_list.topLevelItem(2).text(1) == "Emil"

    link.state = "gone"
    link.closed.emit("the host closed the connection")
    assert lobby.status.text().startswith("Host gone") and not lobby.sit_button.isEnabled()
    link.state = "connected"
    link.welcomed.emit({"host": "Anna"})
    assert not lobby.gone


def test_lobby_refusals_and_watching(qtbot, english):
    link = StandInLink()
    lobby = Lobby(link, "Anna")
    qtbot.addWidget(lobby)
    lobby.show()
    link.tablesChanged.emit(TABLES)
    lobby.table_list.setCurrentItem(lobby.table_list.topLevelItem(0))
    # Bernd is away: his token may fit
    lobby.seat_list.setCurrentItem(lobby.seat_list.topLevelItem(1))
    lobby.sit()
    link.refused.emit("seat_taken", "that seat is taken")
    assert lobby.status.text() == "That seat is taken: choose another one."
    lobby.watch()
    assert link.asked("join")[-1] == ("join", "club", None, None)
    link.joined.emit(object())
    assert lobby.at == ("club", None) and "watching" in lobby.where.text()
    assert not lobby.watch_button.isEnabled()
    lobby.leave()
    assert link.asked("leave") and lobby.at is None
    link.closed.emit("the connection was closed")
    assert "has ended" in lobby.status.text()


# ---------------------------------------------------------------------- fit


def _filled_lobby(qtbot) -> Lobby:
    link = StandInLink()
    lobby = Lobby(link, "Vereinsheim Hinterdupfing (192.168.178.120:55123)")
    qtbot.addWidget(lobby)
    lobby.show()
    link.tablesChanged.emit(TABLES)
    lobby.table_list.setCurrentItem(lobby.table_list.topLevelItem(1))
    link.join("back-room", 1)
    lobby._pending = ("back-room", 1, None)
    link.joined.emit(object())
    link.chatLine.emit(ChatMessage(0, "Carla", "Bernd kommt gleich"))
    link.refused.emit("table_full", "")
    return lobby


@pytest.mark.parametrize("language", ["en", "de"])
def test_dialogs_fit_1024x700_with_nothing_cut_off(qtbot, qapp, tmp_path, language):
    install_translations(qapp, language)
    try:
        host = HostDialog(make_settings(tmp_path))
        qtbot.addWidget(host)
        host.four.setChecked(True)
        host.table_name.setText("a,b")  # the problem line shown too
        join = JoinDialog(make_settings(tmp_path), StandInLink(), browser_factory=StandInBrowser)
        qtbot.addWidget(join)
        join.browser.found = [ANNA, OLD]
        join._refresh_hosts()
        join._say(refusal_text("version", "", {"version": 2}), error=True)
        lobby = _filled_lobby(qtbot)
        # the join dialog's longest lines: no Skat host at the address typed
        no_skat = []
        for reason in (NOT_SKAT, NO_WELCOME):
            link = StandInLink()
            dialog = JoinDialog(make_settings(tmp_path), link, browser_factory=StandInBrowser)
            qtbot.addWidget(dialog)
            dialog.address.setText("192.168.178.120:55123")
            dialog.name.setText("Bernd")
            _ok(dialog.buttons).click()
            link.closed.emit(QCoreApplication.translate("LanLink", reason))
            assert "55123" in dialog.status.text() and dialog.connect_button.isEnabled()
            no_skat.append(dialog)
        for dialog in (host, join, lobby, *no_skat):
            dialog.show()
            settle_layout()
            size = dialog.size()
            assert size.width() <= 1024 and size.height() <= 700 - 40, (dialog, size)
            assert widget_problems(dialog) == [], (language, dialog.objectName())
    finally:
        install_translations(qapp, "en")


# ---------------------------------------------------------------------- a real host


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_host_process_serves_hides_the_password_and_stops_cleanly(qtbot, tmp_path):
    proc = HostProcess()
    with qtbot.waitSignal(proc.started, timeout=START_MS) as started:
        proc.start(
            ["name=Club,seats=open+open+beginner"],
            db=tmp_path / "host.sqlite3",
            name="Anna",
            password="geheim",
            listen="127.0.0.1",
            port=0,
            announce=False,
        )
    address, port = started.args
    assert address == "127.0.0.1" and port > 0 and proc.listening
    assert os.listdir(proc._folder) == []  # the password file is gone once it listens
    pid = proc.pid
    watch = HostWatch(port)
    with qtbot.waitSignal(watch.tablesChanged, timeout=10_000) as seen:
        pass
    [table] = seen.args[0]
    assert (table["name"], table["password"], watch.connected_counts()) == ("Club", True, (0, 0))
    watch.close()
    with qtbot.waitSignal(proc.stopped, timeout=15_000):
        proc.stop()
    assert not proc.running and not _alive(pid) and proc._folder is None


def test_a_host_that_cannot_start_says_why_in_one_line(qtbot, tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        proc = HostProcess()
        with qtbot.waitSignal(proc.failed, timeout=START_MS) as failed:
            proc.start(
                ["name=Club"],
                db=tmp_path / "host.sqlite3",
                listen="127.0.0.1",
                port=taken.getsockname()[1],
                announce=False,
            )
        line = failed.args[0]
        assert line.startswith("cannot listen on 127.0.0.1:") and "\n" not in line
        with qtbot.waitSignal(proc.failed, timeout=START_MS) as failed:
            proc.start(["name=Club,profile=nonsense"], db=tmp_path / "h.sqlite3", port=0)
        assert "unknown rule profile 'nonsense'" in failed.args[0]
        assert not proc.running
    finally:
        taken.close()


def _answer(monkeypatch, answers: list[bool], asked: list[str]) -> None:
    """QMessageBox questions answered from ``answers`` (True: the accepting button)."""

    def exec_(box):
        asked.append(box.text())
        go = answers.pop(0)
        for button in box.buttons():
            role = box.buttonRole(button)
            if (role == QMessageBox.ButtonRole.AcceptRole) == go:
                button.click()
                break
        return 0

    monkeypatch.setattr(lan_play.QMessageBox, "exec", exec_)


def test_hosting_from_the_window_with_a_real_serve(qtbot, tmp_path, monkeypatch, english):
    monkeypatch.setattr(HostWatch, "EVERY_MS", 200)
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    lan = window.lan
    lan.listen, lan.announce, lan.database = "127.0.0.1", False, tmp_path / "lan-host.sqlite3"
    assert lan.act_host.isEnabled() and not lan.act_stop.isEnabled()
    actions = [a.text() for a in window.menu_game.actions()]
    assert {"H&ost a table…", "&Join a table…", "&Stop hosting"} <= set(actions)

    choices = HostChoices("Anna", "Club", ISKO, ["open", "open", "beginner"], 12, None, 300,
                          60, 0)  # fmt: skip
    with qtbot.waitSignal(lan.host.started, timeout=START_MS):
        lan.start_hosting(choices)
    port = lan.host.port
    pid = lan.host.pid
    assert window.lan.status_label.text() == f"Hosting on 127.0.0.1:{port}"
    assert lan.act_stop.isEnabled() and not lan.act_host.isEnabled()
    # the hosting player sits down at seat 1 of his own table through the real LanLink
    qtbot.waitUntil(lambda: lan.lobby is not None and lan.lobby.at == ("club", 0), timeout=15_000)
    qtbot.waitUntil(lambda: window.table is lan.link.remote, timeout=5_000)
    assert window.controller is None  # the window holds no networked deal

    asked: list[str] = []
    with socket.create_connection(("127.0.0.1", port), timeout=5) as friend:
        friend.sendall(wire.encode(wire.hello("Bernd", "test", id=1)))
        friend.sendall(wire.encode(wire.join("club", 1, id=2)))
        qtbot.waitUntil(lambda: lan.others_connected() == 1, timeout=15_000)
        assert "connected: 1" in window.lan.status_label.text()
        _answer(monkeypatch, [False], asked)
        assert not lan.stop_hosting()  # asked first: players are connected; "Cancel"
        assert asked == ["Stop hosting the table?"] and lan.host.running
        _answer(monkeypatch, [False], asked)
        window.quit_window()  # quitting while hosting asks too; "Cancel" stays
        assert asked[-1] == "Quit and stop hosting the table?"
        assert window.isVisible() and lan.host.running
        _answer(monkeypatch, [True], asked)
        assert lan.stop_hosting()
    assert asked[-1] == "Stop hosting the table?"
    assert not lan.host.running and not _alive(pid)  # no orphan process
    assert lan.link.state == "closed"  # no tries to reach the host that was stopped
    assert not lan.status_label.isVisible() and lan.act_host.isEnabled()


def test_quitting_while_hosting_a_deal_asks_once(qtbot, tmp_path, monkeypatch, english):
    """The host quitting during a deal at his own table was asked twice, the second time
    "Leave the table …? The table goes on at the host without you": it does not, the
    host is being stopped. One question."""
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    lan = window.lan
    lan.listen, lan.announce, lan.database = "127.0.0.1", False, tmp_path / "lan-host.sqlite3"
    choices = HostChoices("Anna", "Club", ISKO, ["open", "beginner", "beginner"], 12, None,
                          300, 60, 0)  # fmt: skip
    with qtbot.waitSignal(lan.host.started, timeout=START_MS):
        lan.start_hosting(choices)
    pid = lan.host.pid
    at_table = lambda: window.table is not None and window.table is lan.link.remote  # noqa: E731
    qtbot.waitUntil(lambda: at_table() and window.table.dealt, timeout=15_000)  # deal 1 in play
    asked: list[str] = []
    _answer(monkeypatch, [True, True], asked)
    window.quit_window()
    assert asked == ["Quit and stop hosting the table?"]
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    qtbot.waitUntil(lambda: not _alive(pid), timeout=15_000)  # no orphan process


def test_the_quit_question_counts_players_and_watchers_apart(qtbot, qapp, tmp_path, monkeypatch):
    """The host's question said "Players connected now: 2." while one of the two only
    watched: players and watchers are counted apart (the host's own seat or watching
    place not among them), in the singular or the plural, in English and in German."""

    class Watching:  # HostWatch's counting, on a table list given here
        connected_counts = HostWatch.connected_counts

        def __init__(self, players: int, watchers: int) -> None:
            seats = [{"kind": "human", "connected": True}] * players
            seats += [{"kind": "human", "connected": False}, {"kind": "computer"}]
            self.tables = [{"id": "t1", "seats": seats, "kibitzers": watchers}]

    window = make_window(qtbot, tmp_path, size=(1024, 700))
    lan = window.lan
    lan.host.port = 55123  # (nothing is started: the counts are given)
    lan.link = type("Here", (), {"address": ("127.0.0.1", 55123)})()
    lan.lobby = type("At", (), {"at": ("t1", 0)})()  # the host player sits at seat 1
    said: list[str] = []

    def exec_(box):
        said.append(box.informativeText().split(". ")[0] + ".")
        return 0

    monkeypatch.setattr(lan_play.QMessageBox, "exec", exec_)
    cases = [  # (players, watchers), where the host player is, what is said
        ((2, 1), ("t1", 0), "Connected now: 1 player, 1 watcher."),
        ((3, 0), ("t1", 0), "Connected now: 2 players."),
        ((0, 3), ("t1", None), "Connected now: 2 watchers."),
        ((1, 2), None, "Connected now: 1 player, 2 watchers."),
    ]
    german = {
        "Connected now: 1 player, 1 watcher.": "Jetzt verbunden: 1 Spieler, 1 Zuschauer.",
        "Connected now: 2 players.": "Jetzt verbunden: 2 Spieler.",
        "Connected now: 2 watchers.": "Jetzt verbunden: 2 Zuschauer.",
        "Connected now: 1 player, 2 watchers.": "Jetzt verbunden: 1 Spieler, 2 Zuschauer.",
    }
    try:
        for language in ("en", "de"):
            install_translations(qapp, language)
            for (players, watchers), at, words in cases:
                lan.watch = Watching(players, watchers)
                lan.lobby.at = at
                said.clear()
                lan.ask_stop(quitting=True)
                assert said == [words if language == "en" else german[words]]
    finally:
        install_translations(qapp, "en")
        lan.watch = lan.link = lan.lobby = None


def test_stop_hosting_asks_nobody_when_nobody_is_there(qtbot, tmp_path, monkeypatch, english):
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    lan = window.lan
    lan.listen, lan.announce, lan.database = "127.0.0.1", False, tmp_path / "lan-host.sqlite3"
    lan.link_factory = lambda _w: StandInLink()  # the host player does not sit down here
    choices = HostChoices("Anna", "Club", ISKO, ["open", "open", "beginner"], 12, "pw", 300,
                          None, 0)  # fmt: skip
    with qtbot.waitSignal(lan.host.started, timeout=START_MS):
        lan.start_hosting(choices)
    assert lan.link.asked("open")[-1][1:] == ("127.0.0.1", lan.host.port, "Anna")
    pid = lan.host.pid
    asked: list[str] = []
    _answer(monkeypatch, [], asked)
    assert lan.stop_hosting() and asked == []
    assert not lan.host.running and not _alive(pid) and not lan.status_label.isVisible()

    taken = socket.socket()  # a port someone else listens on: one line in a message box
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    with taken, qtbot.waitSignal(lan.host.failed, timeout=START_MS):
        lan.start_hosting(dataclasses.replace(choices, port=taken.getsockname()[1]))
    assert lan.last_error.startswith("The table could not be hosted: cannot listen on 127.0.0.1:")
    [box] = [w for w in window.findChildren(QMessageBox) if w.objectName() == "LanError"]
    assert box.isVisible() and box.text() == lan.last_error and "\n" not in box.text()
    box.close()
    assert lan.act_host.isEnabled() and not lan.status_label.isVisible()

    with qtbot.waitSignal(lan.host.started, timeout=START_MS):
        lan.start_hosting(choices)
    pid = lan.host.pid
    _answer(monkeypatch, [True], asked)
    window.quit_window()  # quitting while hosting asks even with nobody there; "Quit"
    assert asked == ["Quit and stop hosting the table?"]
    assert not window.isVisible() and not lan.host.running and not _alive(pid)


def test_a_served_table_is_found_joined_and_sat_at(qtbot, tmp_path, english):
    """The whole way of a friend: serve announces itself (on loopback only here), the join
    dialog lists it through a real Browser, Connect goes through the real LanLink, and the
    lobby seats him at the open seat."""
    from net.test_discovery import LOOPBACK, require_loopback_multicast  # tests/ is on the path

    require_loopback_multicast()
    name = f"Anna {os.getpid()} {id(tmp_path) % 10000}"  # parallel runs must not mix up
    proc = HostProcess()
    with qtbot.waitSignal(proc.started, timeout=START_MS):
        proc.start(
            ["name=Club,seats=open+open+beginner"],
            db=tmp_path / "host.sqlite3",
            name=name,
            listen="127.0.0.1",
            port=0,
            announce=True,
        )
    settings = make_settings(tmp_path)
    link = LanLink(settings=settings.qsettings)
    try:
        dialog = JoinDialog(
            settings, link, browser_factory=lambda cb: Browser(on_change=cb, interfaces=LOOPBACK)
        )
        qtbot.addWidget(dialog)
        dialog.show()

        def row():
            items = dialog.hosts.findItems(name, lan_dialogs.Qt.MatchFlag.MatchExactly, 0)
            return items[0] if items else None

        qtbot.waitUntil(lambda: row() is not None, timeout=10_000)
        assert row().text(1) == f"127.0.0.1:{proc.port}" and row().text(4) == "compatible"
        dialog.hosts.setCurrentItem(row())
        dialog.name.setText("Bernd")
        with qtbot.waitSignal(dialog.accepted, timeout=10_000):
            _ok(dialog.buttons).click()
        lobby = Lobby(link, name)
        qtbot.addWidget(lobby)
        lobby.show()
        qtbot.waitUntil(lambda: lobby.table_list.topLevelItemCount() == 1, timeout=10_000)
        lobby.seat_list.setCurrentItem(lobby.seat_list.topLevelItem(1))
        with qtbot.waitSignal(lobby.seated, timeout=10_000) as seated:
            lobby.sit()
        assert seated.args[0] is link.remote and lobby.at == ("club", 1)
        qtbot.waitUntil(lambda: lobby.seat_list.topLevelItem(1).text(1) == "Bernd (you)")
    finally:
        link.close()
        proc.stop()
    assert not proc.running


def test_the_frozen_app_hosts_with_the_console_program_beside_it(monkeypatch, tmp_path):
    """PyInstaller's executables take no ``-m``: the frozen GUI starts ``serve`` through
    the console executable in its own folder (packaging/pyinstaller)."""
    import sys

    from skat_desktop.gui.lan_host import serve_command

    assert serve_command() == [sys.executable, "-m", "skat_desktop"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "skat-desktop-gui"))
    expected = "skat-desktop.exe" if sys.platform == "win32" else "skat-desktop"
    assert serve_command() == [str(tmp_path / expected)]
