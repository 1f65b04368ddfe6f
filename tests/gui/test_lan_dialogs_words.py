"""What the LAN dialogs say and keep, driven as a player drives them (a tester's findings):
the lobby keeps the table and seat chosen across its refresh, its heading says what is
true of the table, a version refusal names the host's version, a name or password with a
control character is told so, and a language switch reaches every text at once.
"""

from __future__ import annotations

import contextlib
import copy
import socket
import threading

import pytest
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QTreeWidget

from skat_desktop.gui import lan_dialogs
from skat_desktop.gui.i18n import install_translations
from skat_desktop.gui.lan_dialogs import HostDialog, JoinDialog, Lobby
from skat_desktop.gui.lan_link import LanLink
from skat_desktop.net import protocol as wire
from skat_desktop.net.client import ChatMessage

from .fit_walk import set_language, settle_layout, widget_problems
from .table_driver import make_settings
from .test_lan_dialogs import TABLES, StandInBrowser, StandInLink, join_answered


class Link(StandInLink):
    """The stand-in with LanLink's ``refused(code, message, params)``; it answers every
    ``list_tables`` with ``self.listed`` (as the host answers the lobby's refresh)."""

    refused = Signal(str, str, object)

    def __init__(self) -> None:
        super().__init__()
        self.listed: list | None = None

    def list_tables(self) -> None:
        super().list_tables()
        if self.listed is not None:
            self.tablesChanged.emit(copy.deepcopy(self.listed))


@pytest.fixture
def english(qapp):
    install_translations(qapp, "en")
    yield
    install_translations(qapp, "en")


@pytest.fixture
def language(qapp, request):
    install_translations(qapp, request.param)
    yield request.param
    install_translations(qapp, "en")


def click_row(tree: QTreeWidget, row: int) -> None:
    item = tree.topLevelItem(row)
    QTest.mouseClick(
        tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center()
    )


def shown_lobby(qtbot, link: Link, label="Anna (192.168.1.20:55123)") -> Lobby:
    lobby = Lobby(link, label)
    qtbot.addWidget(lobby)
    lobby.show()
    qtbot.waitExposed(lobby)
    return lobby


def seated_at_back_room(qtbot) -> tuple[Link, Lobby]:
    """A lobby listing TABLES whose player clicked seat 2 of "Back room" and Sit here
    (not yet joined: the link answers nothing by itself)."""
    link = Link()
    lobby = shown_lobby(qtbot, link)
    link.tablesChanged.emit(TABLES)
    click_row(lobby.table_list, 1)
    click_row(lobby.seat_list, 1)
    QTest.mouseClick(lobby.sit_button, Qt.MouseButton.LeftButton)
    return link, lobby


def with_table(tables: list, table_id: str, **changes) -> list:
    tables = copy.deepcopy(tables)
    for t in tables:
        if t["id"] == table_id:
            t.update(changes)
    return tables


# ---------------------------------------------------------------------- fault 5


def test_the_lobby_keeps_the_chosen_table_and_seat_across_its_refresh(qtbot, monkeypatch, english):
    monkeypatch.setattr(lan_dialogs, "REFRESH_MS", 200)
    link = Link()
    link.listed = TABLES
    lobby = shown_lobby(qtbot, link)
    qtbot.waitUntil(lambda: lobby.table_list.topLevelItemCount() == 2)
    click_row(lobby.table_list, 1)  # "Back room"
    click_row(lobby.seat_list, 1)  # seat 2, open
    assert lobby.picked_table()["id"] == "back-room" and lobby.sit_button.isEnabled()
    asked = len(link.asked("list"))
    qtbot.waitUntil(lambda: len(link.asked("list")) >= asked + 3, timeout=5000)
    assert lobby.picked_table()["id"] == "back-room"
    assert lobby.picked_seat()["seat"] == 1 and lobby.sit_button.isEnabled()

    # someone else sits down there meanwhile: that seat is no longer the choice
    taken = copy.deepcopy(TABLES)
    taken[1]["seats"][1] = {"seat": 1, "name": "Emil", "kind": "human", "level": None,
                            "connected": True}  # fmt: skip
    link.listed = taken
    qtbot.waitUntil(lambda: lobby.picked_seat() is None, timeout=5000)
    assert lobby.picked_table()["id"] == "back-room" and not lobby.sit_button.isEnabled()
    click_row(lobby.seat_list, 2)  # seat 3, still open
    qtbot.wait(600)
    assert lobby.picked_seat()["seat"] == 2 and lobby.sit_button.isEnabled()

    # the table ends: the first one is shown, with no seat of the other chosen
    link.listed = [TABLES[0]]
    qtbot.waitUntil(lambda: lobby.picked_table()["id"] == "club", timeout=5000)
    assert lobby.picked_seat() is None and not lobby.sit_button.isEnabled()


# ---------------------------------------------------------------------- fault 10


def test_the_lobby_heading_says_what_is_true_of_the_table(qtbot, english):
    link, lobby = seated_at_back_room(qtbot)
    assert link.asked("join") == [("join", "back-room", 1, None)]
    link.joined.emit(object())
    assert lobby.where.text() == (
        "You sit at seat 2 of “Back room”. The series begins when every seat is taken."
    )
    link.tablesChanged.emit(with_table(TABLES, "back-room", state="playing", deals_done=3))
    assert lobby.where.text() == (
        "You sit at seat 2 of “Back room”. The series is under way: 3 of 48 deals played."
    )
    link.tablesChanged.emit(with_table(TABLES, "back-room", state="finished", deals_done=48))
    assert lobby.where.text() == "You sit at seat 2 of “Back room”. The series is over."

    # the host starts a new table instead: the heading and the status line agree
    link.tablesChanged.emit([TABLES[0]])
    link.refused.emit("no_table", "no such table", {})
    assert lobby.where.text() == "You sat at seat 2 of “Back room”; that table is no longer there."
    assert lobby.status.text() == "That table is no longer there."


def test_a_table_the_host_stopped_leaves_nothing_to_leave(qtbot, english):
    """The host stopped the table the player sat at: "Leave the table" was still there to
    press, with nothing to leave. It is greyed; another table can be joined."""
    link, lobby = seated_at_back_room(qtbot)
    link.joined.emit(object())
    assert lobby.leave_button.isEnabled()
    link.tablesChanged.emit([TABLES[0]])  # the host stopped "Back room"
    assert lobby.where.text() == "You sat at seat 2 of “Back room”; that table is no longer there."
    assert not lobby.leave_button.isEnabled()
    QTest.mouseClick(lobby.leave_button, Qt.MouseButton.LeftButton)
    assert link.asked("leave") == []
    click_row(lobby.table_list, 0)
    assert lobby.watch_button.isEnabled()


def test_after_a_rejoin_mid_series_the_heading_names_the_deals_played(qtbot, english):
    link = Link()
    lobby = shown_lobby(qtbot, link)
    link.tablesChanged.emit(TABLES)  # "Club table": 4 of 36 deals, Bernd (seat 2) away
    click_row(lobby.table_list, 0)
    click_row(lobby.seat_list, 1)
    QTest.mouseClick(lobby.sit_button, Qt.MouseButton.LeftButton)
    link.joined.emit(object())
    assert lobby.where.text() == (
        "You sit at seat 2 of “Club table”. The series is under way: 4 of 36 deals played."
    )
    assert "begins" not in lobby.where.text()


# ---------------------------------------------------------------------- fault 6


class VersionHost:
    """A host of another protocol version on 127.0.0.1: it reads the hello and answers as
    ``net.host`` does (error ``version`` naming its own version), then closes."""

    def __init__(self, version: int) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(10.0)
        self.port = self.listener.getsockname()[1]
        self.frame = wire.encode(wire.error_frame("version", params={"version": version}))
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        with contextlib.suppress(OSError):
            conn, _ = self.listener.accept()
            with conn:
                conn.settimeout(10.0)
                conn.recv(4096)
                conn.sendall(self.frame)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.listener.close()
        self.thread.join(10.0)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The host plays another version of Skat (protocol 7, this one %1)."),
        ("de", "Der Gastgeber spielt eine andere Skat-Version (Protokoll 7, hier %1)."),
    ],
    indirect=["language"],
)
def test_the_version_refusal_names_the_hosts_protocol_version(qtbot, tmp_path, language, said):
    host = VersionHost(7)
    link = LanLink(settings=make_settings(tmp_path).qsettings)
    try:
        dialog = join_answered(qtbot, tmp_path, link, host.port)
        assert dialog.status.text() == said.replace("%1", str(wire.VERSION))
        assert dialog.isVisible()
    finally:
        link.close()
        host.close()


# ---------------------------------------------------------------------- fault 11

CONTROL = {
    "en": ("Your name cannot hold control characters.",
           "A password cannot hold control characters.",
           "A password cannot begin or end with a space."),
    "de": ("Ihr Name darf keine Steuerzeichen enthalten.",
           "Ein Passwort darf keine Steuerzeichen enthalten.",
           "Ein Passwort darf nicht mit einem Leerzeichen beginnen oder enden."),
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "de"], indirect=True)
def test_a_control_character_is_named_in_the_join_dialog(qtbot, tmp_path, language):
    link = Link()
    dialog = JoinDialog(make_settings(tmp_path), link, browser_factory=StandInBrowser)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.address.setText("192.168.1.20:55123")
    dialog.name.clear()
    QApplication.clipboard().setText("Be\x07rnd")  # a name copied from somewhere
    dialog.name.setFocus()
    QTest.keySequence(dialog.name, QKeySequence.StandardKey.Paste)
    assert dialog.name.text() == "Be\x07rnd"
    QTest.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == CONTROL[language][0]
    assert not link.asked("open")
    dialog.name.setText("  ")
    QTest.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == QCoreApplication.translate("Lan", "Please enter your name.")


@pytest.mark.parametrize("language", ["en", "de"], indirect=True)
def test_a_control_character_in_the_password_is_named_as_such(qtbot, tmp_path, language):
    dialog = HostDialog(make_settings(tmp_path))
    qtbot.addWidget(dialog)
    dialog.show()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.name.setText("Anna\x01")
    assert dialog.problem.text() == CONTROL[language][0] and not ok.isEnabled()
    dialog.name.setText("Anna")
    dialog.password.setText("ab\x01c")
    assert dialog.problem.text() == CONTROL[language][1] and not ok.isEnabled()
    dialog.password.setText(" abc")
    assert dialog.problem.text() == CONTROL[language][2] and not ok.isEnabled()
    dialog.password.setText("abc")
    assert ok.isEnabled() and not dialog.problem.isVisible()


# ---------------------------------------------------------------------- fault 9


def de(context: str, source: str) -> str:
    """``source`` in German (the test switches to German before asking)."""
    return QCoreApplication.translate(context, source)


def test_a_language_switch_reaches_every_text_of_the_lan_dialogs_at_once(
    qtbot, qapp, tmp_path, english
):
    link, lobby = seated_at_back_room(qtbot)
    link.joined.emit(object())
    link.welcomed.emit({"host": "Anna"})
    link.chatLine.emit(ChatMessage(None, "Dieter", "viel Glück"))
    link.chatLine.emit(ChatMessage(2, "", "hallo"))
    english_texts = (lobby.where.text(), lobby.status.text(), lobby.sit_button.text())
    assert english_texts == (
        "You sit at seat 2 of “Back room”. The series begins when every seat is taken.",
        "Connected.",
        "&Sit here",
    )
    join = JoinDialog(make_settings(tmp_path), Link(), browser_factory=StandInBrowser)
    qtbot.addWidget(join)
    join.show()
    join.name.setText("")
    QTest.mouseClick(join.connect_button, Qt.MouseButton.LeftButton)
    host = HostDialog(make_settings(tmp_path))
    qtbot.addWidget(host)
    host.show()
    host.password.setText(" x")

    set_language(qapp, "de")
    try:
        assert lobby.where.text() == (
            "Sie sitzen auf Platz 2 an „Back room“. "
            "Die Liste beginnt, sobald jeder Platz besetzt ist."
        )
        assert lobby.status.text() == "Verbunden."
        assert lobby.sit_button.text() == "&Hier hinsetzen"
        assert lobby.windowTitle() == de("Lobby", "Lobby — %1").replace(
            "%1", "Anna (192.168.1.20:55123)"
        )
        assert lobby.where.text() != english_texts[0]
        assert lobby.seats_label.text() == "Plätze am gewählten Tisch:"
        assert lobby.table_list.headerItem().text(0) == de("Lobby", "Table") != "Table"
        assert lobby.table_list.topLevelItem(1).text(3) == de("Lobby", "waiting for players")
        assert lobby.seat_list.topLevelItem(1).text(1) == de("Lobby", "you") != "you"
        assert lobby.picked_seat()["seat"] == 1  # the choice stays
        chat = lobby.chat_view.toPlainText().splitlines()
        assert chat == [
            de("Lobby", "%1 (watching)").replace("%1", "Dieter") + ": viel Glück",
            de("Lobby", "seat %1").replace("%1", "3") + ": hallo",
        ]
        assert "watching" not in chat[0]
        link.refused.emit("seat_taken", "that seat is taken", {})
        assert lobby.status.text() == de("Lan", "That seat is taken: choose another one.")

        assert join.windowTitle() == de("JoinDialog", "Join a table") != "Join a table"
        assert join.connect_button.text() == de("JoinDialog", "&Connect") != "&Connect"
        assert join.status.text() == "Bitte geben Sie Ihren Namen ein."
        assert join.hosts.headerItem().text(0) == de("JoinDialog", "Host")
        assert join.searching.text() == de(
            "JoinDialog", "Searching… (a host may take a few seconds)"
        )

        assert host.windowTitle() == de("HostDialog", "Host a table") != "Host a table"
        ok = host.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok.text() == de("HostDialog", "&Host") != "&Host"
        assert host.problem.text() == CONTROL["de"][2]
        assert host.table_name.text() == "Vereinstisch"  # untouched: the new word
        assert host.seat_boxes[0].itemText(0) == de("HostDialog", "a player from the network")
        you = de("HostDialog", "you (%1)")
        assert host.you_label.text() == you.replace("%1", host.name.text().strip()) != you

        for dialog in (lobby, join, host):  # and they still fit a 1024 x 700 screen
            settle_layout()
            size = dialog.size()
            assert size.width() <= 1024 and size.height() <= 700 - 40, (dialog, size)
            assert widget_problems(dialog) == [], (dialog.objectName(), widget_problems(dialog))
    finally:
        set_language(qapp, "en")
    assert lobby.sit_button.text() == "&Sit here" and lobby.status.text() == (
        "That seat is taken: choose another one."
    )
    assert join.connect_button.text() == "&Connect" and host.table_name.text() == "Club table"


def test_the_hosting_players_lobby_names_his_table_in_the_new_language(qtbot, qapp, english):
    """The lobby Game → Host a table… opens is titled "your table (address)": a function
    of the language, as LanPlay hands it."""

    def label() -> str:
        return QCoreApplication.translate("LanPlay", "your table (%1)").replace(
            "%1", "127.0.0.1:55123"
        )

    lobby = shown_lobby(qtbot, Link(), label)
    assert lobby.windowTitle() == "Lobby — your table (127.0.0.1:55123)"
    set_language(qapp, "de")
    try:
        assert lobby.windowTitle() == de("Lobby", "Lobby — %1").replace("%1", label())
        assert "your table" not in lobby.windowTitle()
        where = de("Lobby", "Connected to %1. Choose a table and a seat, or watch.")
        assert lobby.where.text() == where.replace("%1", label()) and "your" not in where
    finally:
        set_language(qapp, "en")
