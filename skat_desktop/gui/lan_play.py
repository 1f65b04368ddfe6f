"""Game → Host a table…, Join a table…, Stop hosting: the window's menu items for LAN play.

Apart from :mod:`skat_desktop.gui.lan_dialogs` so that building the window at start-up
imports neither the dialogs nor Qt's network module nor the host's child-process code;
they are imported when a player first hosts or joins.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox

from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.gui.game_words import plural
from skat_desktop.gui.plain import plain_label, tip

if TYPE_CHECKING:
    from skat_desktop.gui.lan_dialogs import HostChoices, Lobby
    from skat_desktop.gui.lan_host import HostProcess, HostWatch


class LanPlay(QObject):
    """Game → Host a table…, Join a table…, Stop hosting; the hosting process, the one
    connection and the lobby of a :class:`~skat_desktop.gui.main_window.MainWindow`.

    The host keeps running when the player leaves the table; stopping it (or quitting
    the program while hosting) is asked first. ``link_factory(window)`` makes the
    ``LanLink``; ``listen``/``announce``/``database`` are what the host is started
    with (tests: 127.0.0.1, no announcement, a temporary file)."""

    hostingChanged = Signal()

    def __init__(
        self,
        window,
        link_factory: Callable[[Any], Any] | None = None,
        *,
        listen: str = "0.0.0.0",
        announce: bool = True,
        database: Any = None,
        browser_factory: Callable[[Callable[[], None]], Any] | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.link_factory = link_factory
        self.listen = listen
        self.announce = announce
        self.database = database
        self.browser_factory = browser_factory
        self.link = None
        self.lobby: Lobby | None = None
        self._host: HostProcess | None = None  # made when first hosting (imports Qt's network)
        self.watch: HostWatch | None = None
        self.hosting: HostChoices | None = None
        self.quit_agreed = False
        self.taking_over = False  # a left-behind host is asked to stop; this one hosts then
        self.last_error: str | None = None  # the last line a message box showed (tests)

        self.act_host = QAction(self)
        self.act_host.triggered.connect(self.host_dialog)
        self.act_join = QAction(self)
        self.act_join.triggered.connect(self.join_dialog)
        self.act_stop = QAction(self)
        self.act_stop.triggered.connect(lambda: self.stop_hosting())
        self.status_label = plain_label(QLabel(window))
        self.status_label.setObjectName("HostingState")
        self.status_label.hide()
        window.statusBar().addPermanentWidget(self.status_label)
        self.retranslate()
        self._update()

    @property
    def host(self) -> HostProcess:
        """The hosting child process (made at first use)."""
        if self._host is None:
            from skat_desktop.gui.lan_host import HostProcess

            self._host = HostProcess(self)
            self._host.started.connect(self._host_started)
            self._host.failed.connect(self._host_failed)
            self._host.crashed.connect(self._host_crashed)
        return self._host

    @property
    def hosting_now(self) -> bool:
        """Whether a host runs here (without starting anything to ask)."""
        return self._host is not None and self._host.running

    def add_to_menu(self, menu, before: QAction | None) -> None:
        for a in (self.act_host, self.act_join, self.act_stop):
            menu.insertAction(before, a)
        menu.insertSeparator(before)

    def retranslate(self) -> None:
        self.act_host.setText(self.tr("H&ost a table…"))
        self.act_join.setText(self.tr("&Join a table…"))
        self.act_stop.setText(self.tr("&Stop hosting"))
        self._show_hosting()

    def _update(self) -> None:
        hosting = self.hosting_now
        self.act_stop.setEnabled(hosting)
        self.act_host.setEnabled(not hosting and not self.taking_over)
        self._show_hosting()
        self.hostingChanged.emit()

    # -- the connection

    def _make_link(self):
        if self.link is None:
            if self.link_factory is not None:
                self.link = self.link_factory(self.window)
            else:
                from skat_desktop.gui.lan_link import LanLink

                self.link = LanLink(self.window)  # the window's settings and store writer
            self.link.joined.connect(self._seated)
        return self.link

    def _seated(self, port: object) -> None:
        """The table joined is played in the window. A reconnect hands the same port
        again: the window keeps it and hears that it is back (its "host gone" notice
        and status go)."""
        if port is not None and hasattr(self.window, "set_table"):
            self.window.set_table(port)

    def _leave_local_series(self) -> bool:
        """A series in play at this window is left only when the player agrees (a local
        one stays saved for later, as on quitting)."""
        find = getattr(self.window, "_series_in_play", None)
        port = find() if find is not None else None
        if port is None:
            return True
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Skat"))
        box.setText(self.tr("Leave the series at the table to play on the network?"))
        kept = getattr(self.window, "_kept_for_later", None)
        if port.local is not None and kept is not None and kept():
            box.setInformativeText(self.tr("It is saved: you can continue it at the next start."))
        go = box.addButton(self.tr("&Leave it"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(go)
        box.exec()
        return box.clickedButton() is go

    def _open_lobby(self, label: str | Callable[[], str], auto_join=None) -> Lobby:
        from skat_desktop.gui.lan_dialogs import Lobby

        if self.lobby is not None:
            self.lobby.deleteLater()
        self.lobby = Lobby(self.link, label, self.window, auto_join=auto_join)
        self.lobby.show()
        return self.lobby

    # -- joining

    def join_dialog(self) -> None:
        """Game → Join a table…: the lobby again while connected, else the join dialog."""
        if self.lobby is not None and not self.lobby.gone and self.link is not None:
            self.lobby.show()
            self.lobby.raise_()
            return
        if not self._leave_local_series():
            return
        from skat_desktop.gui.lan_dialogs import JoinDialog

        link = self._make_link()
        dialog = JoinDialog(
            self.window.settings, link, self.window, browser_factory=self.browser_factory
        )
        if dialog.exec() == QDialog.DialogCode.Accepted:
            host, port = dialog.address_tuple() or ("", 0)
            name = (dialog.welcome or {}).get("host") or host
            self._open_lobby(f"{name} ({host}:{port})")
        dialog.deleteLater()

    # -- hosting

    def host_dialog(self) -> None:
        if self.hosting_now:
            return
        if not self._leave_local_series():
            return
        from skat_desktop.gui.lan_dialogs import HostDialog

        dialog = HostDialog(self.window.settings, getattr(self.window, "store", None), self.window)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        choices = dialog.choices()
        dialog.deleteLater()
        if accepted and choices is not None:
            self.start_hosting(choices)

    def start_hosting(self, choices: HostChoices) -> None:
        from skat_desktop.gui.lan_host import host_database_path

        profiles = None
        key = choices.profile.name
        if BUILTIN.get(key) != choices.profile:
            key = "own"  # the player's own rules go in a file (any name, any characters)
            profiles = {key: choices.profile}
        self.hosting = choices
        self.host.start(
            [choices.spec(key)],
            db=self.database or host_database_path(),
            name=choices.player_name,
            password=choices.password,
            profiles=profiles,
            listen=self.listen,
            port=choices.port,
            announce=self.announce,
        )
        self._update()

    def _host_started(self, _address: str, port: int) -> None:
        from skat_desktop.gui.lan_host import HostWatch

        choices = self.hosting
        self.watch = HostWatch(port, self)
        self.watch.tablesChanged.connect(lambda _t: self._show_hosting())
        self._update()
        if choices is None:
            return
        link = self._make_link()
        with contextlib.suppress(Exception):
            link.close()
        self._open_lobby(
            lambda: self.tr("your table (%1)").replace("%1", f"127.0.0.1:{port}"),
            auto_join=(choices.table_name, 0, choices.password),
        )
        link.open("127.0.0.1", port, choices.player_name)

    def _host_failed(self, line: str) -> None:
        choices, self.hosting = self.hosting, None
        self._update()
        if choices is not None and self.host.database_taken:
            self._database_taken(choices, line)
            return
        self._error(self.tr("The table could not be hosted: %1").replace("%1", line))

    def _database_taken(self, choices: HostChoices, line: str) -> None:
        """Another host serves from this window's database. One left behind by a window
        that is gone is offered to be stopped (then this window hosts); of any other the
        player learns where to join it."""
        from skat_desktop.gui.lan_host import host_database_path, left_behind
        from skat_desktop.net.host import database_host

        db = self.database or host_database_path()
        record = database_host(db)
        if not left_behind(record):
            text = self.tr("The table could not be hosted: %1").replace("%1", line)
            if record is not None:
                text += ". " + self.tr(
                    "Join its tables at 127.0.0.1:%1 with Game → Join a table…, or stop "
                    "that host first."
                ).replace("%1", str(record.port))
            else:
                text += ". " + self.tr(
                    "Stop that host first, or join its tables with Game → Join a table…"
                )
            self._error(text)
            return
        box = QMessageBox(self.window)
        box.setObjectName("TakeOverHost")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Skat"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(self.tr("Your tables are still hosted by a Skat window that has ended."))
        box.setInformativeText(
            self.tr(
                "Stop that host and host here? Its tables are kept and continue. (Or join "
                "them at 127.0.0.1:%1 with Game → Join a table….)"
            ).replace("%1", str(record.port))
        )
        go = box.addButton(self.tr("Stop it and &host here"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(go)

        def answered() -> None:
            if box.clickedButton() is go:
                self._take_over(choices, record, db)
            box.deleteLater()

        box.finished.connect(answered)
        box.open()  # not exec(): the failed signal's handler returns at once

    def _take_over(self, choices: HostChoices, record, db) -> None:
        """Stop the left-behind host (gracefully: SIGTERM) and host here once it has
        released the database -- never sooner, never by killing it."""
        from skat_desktop.gui.lan_host import STOP_TIMEOUT_MS, stop_left_behind
        from skat_desktop.net.host import database_served

        stop_left_behind(record)
        self.taking_over = True
        self._update()
        waited = QElapsedTimer()
        waited.start()
        timer = QTimer(self)

        def check() -> None:
            if database_served(db) and waited.elapsed() < STOP_TIMEOUT_MS:
                return
            timer.stop()
            timer.deleteLater()
            self.taking_over = False
            if database_served(db):
                self._update()
                self._error(
                    self.tr(
                        "The table could not be hosted: the earlier host (process %1) has "
                        "not stopped yet. Try again in a moment."
                    ).replace("%1", str(record.pid))
                )
            else:
                self.start_hosting(choices)

        timer.timeout.connect(check)
        timer.start(100)

    def _host_crashed(self, line: str) -> None:
        self.hosting = None
        self._stop_watch()
        self._update()
        self._error(self.tr("The host stopped: %1").replace("%1", line))

    def _error(self, text: str) -> None:
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Skat"), text, parent=self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setObjectName("LanError")
        box.open()  # not exec(): a test or the event loop goes on

    def _stop_watch(self) -> None:
        if self.watch is not None:
            self.watch.close()
            self.watch.deleteLater()
            self.watch = None

    def others_connected(self) -> int:
        """Players and watchers at the hosted tables besides this window's own seat."""
        return sum(self.others_by_kind())

    def others_by_kind(self) -> tuple[int, int]:
        """Players and watchers at the hosted tables besides this window's own seat (or
        its own place among the watchers), counted apart."""
        if self.watch is None:
            return 0, 0
        players, watchers = self.watch.connected_counts()
        if self._at_own_table():
            if self.lobby.at[1] is None:
                watchers -= 1
            else:
                players -= 1
        return max(0, players), max(0, watchers)

    def connected_text(self) -> str:
        """Who else is here, as the quit question says it: "Connected now: 1 player,
        1 watcher." ("" when nobody else is there)."""
        players, watchers = self.others_by_kind()
        parts = []
        if players:
            parts.append(plural(self.tr("%n player(s)", "", players), players))
        if watchers:
            parts.append(plural(self.tr("%n watcher(s)", "", watchers), watchers))
        if not parts:
            return ""
        return self.tr("Connected now: %1.").replace("%1", ", ".join(parts))

    def _at_own_table(self) -> bool:
        """Whether this window sits (or watches) at a table hosted here."""
        link, port = self.link, self.host.port
        here = link is not None and getattr(link, "address", None) == ("127.0.0.1", port)
        return here and self.lobby is not None and self.lobby.at is not None

    def addresses_text(self) -> str:
        port = self._host.port if self._host is not None else None
        if port is None:
            return ""
        from skat_desktop.gui.lan_dialogs import lan_addresses

        shown = ["127.0.0.1"] if self.listen.startswith("127.") else lan_addresses()
        return ", ".join(f"{a}:{port}" for a in shown)

    def hosting_line(self) -> str:
        """Where friends join the tables hosted here ("" when not hosting): the Table
        tab says it while a table is played in the window, the status bar otherwise."""
        if not self.hosting_now or self.host.port is None:
            return ""
        return self.tr("You host this table. Friends join at %1").replace(
            "%1", self.addresses_text()
        )

    def refresh_status(self) -> None:
        """The window began or stopped playing at a table: the hosting line's length."""
        self._show_hosting()

    def _show_hosting(self) -> None:
        label = self.status_label
        if not self.hosting_now:
            label.hide()
            label.setText("")
            return
        if self.host.port is None:
            label.setText(self.tr("Starting the host…"))
        else:
            others = self.others_connected()
            at_table = getattr(self.window, "lan_panel", None) is not None
            if at_table:  # the addresses are in the Table tab: the turn line needs the room
                text = self.tr("Hosting")
            else:
                text = self.tr("Hosting on %1").replace("%1", self.addresses_text())
            if others:
                text += " · " + self.tr("connected: %1").replace("%1", str(others))
            label.setText(text)
            join = self.tr(
                "Friends on this network join with Game → Join a table…, or by "
                "typing one of these addresses."
            )
            label.setToolTip(tip(f"{self.addresses_text()}\n{join}"))
        label.setMinimumWidth(0)  # a QLabel's size hint grows with its minimum: measure afresh
        label.setMinimumWidth(label.sizeHint().width())  # the address friends type: never cut
        label.show()

    def ask_stop(self, quitting: bool) -> bool:
        """Ask before ending the hosted tables (always when quitting; when stopping only
        while someone is connected)."""
        others = self.others_connected()
        if not quitting and not others:
            return True
        box = QMessageBox(self.window)
        box.setObjectName("StopHosting")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Skat"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(
            self.tr("Quit and stop hosting the table?")
            if quitting
            else self.tr("Stop hosting the table?")
        )
        info = self.tr("Nobody can play at it until you host it again; it continues then.")
        if others:
            info = self.connected_text() + " " + info
        box.setInformativeText(info)
        go = box.addButton(
            self.tr("&Quit") if quitting else self.tr("&Stop hosting"),
            QMessageBox.ButtonRole.AcceptRole,
        )
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(go)
        box.exec()
        return box.clickedButton() is go

    def stop_hosting(self, ask: bool = True) -> bool:
        """Game → Stop hosting: the host ends (every table is kept in its database)."""
        if not self.hosting_now:
            return True
        if ask and not self.ask_stop(quitting=False):
            return False
        self._stop_watch()
        if self.lobby is not None:
            self.lobby.hide()
        link = self.link
        if link is not None and getattr(link, "address", None) == ("127.0.0.1", self.host.port):
            with contextlib.suppress(Exception):
                link.close()  # connected here: no tries to reach the host once it is gone
        self.host.stop()
        self.hosting = None
        self._update()
        return True

    def may_quit(self) -> bool:
        """Whether the window may close now: asked first while hosting."""
        if not self.hosting_now or self.quit_agreed:
            return True
        self.quit_agreed = self.ask_stop(quitting=True)
        return self.quit_agreed

    def ends_own_table(self) -> bool:
        """Whether quitting was agreed while this window sits at a table it hosts: that
        table ends with the host, so "leave the table (it goes on without you)?" is not
        asked as well."""
        return self.quit_agreed and self._at_own_table()

    def shutdown(self) -> None:
        """The window closes: the lobby, the connection, the host (gracefully)."""
        if self.lobby is not None:
            self.lobby.hide()
            self.lobby.deleteLater()
            self.lobby = None
        if self.link is not None:
            with contextlib.suppress(Exception):
                self.link.close()
        self._stop_watch()
        if self._host is not None:
            self._host.stop()
