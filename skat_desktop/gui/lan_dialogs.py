"""Playing on the local network: host a table, find one, choose a seat (issue 24).

- :class:`HostDialog` -- a table as a club evening sets it up: its name, the rules (the
  built-in profiles and the player's own), 3 or 4 seats each for "a player from the
  network" or a computer level, the length of the series, an optional password, how long a
  dropped player keeps the seat and when a computer takes it over, the port.
- :class:`JoinDialog` -- the hosts found on the network (zeroconf, live) or a typed
  ``host:port``, and the player's name; Connect opens the :class:`Lobby`.
- :class:`Lobby` -- the host's tables with their rules, series, seats, players and
  watchers; sit down or watch (a password is asked when the table has one), chat between
  deals; each refusal in one translated line; a host that went away is said so.
- :class:`~skat_desktop.gui.lan_play.LanPlay` -- the window's Game menu items for all this
  (a module of its own: it imports this one only when a player hosts or joins).

Every name here came over the network or from a settings file: shown as plain text.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.ai.levels import levels
from skat_desktop.engine.profiles import BUILTIN, RuleProfile
from skat_desktop.gui.game_words import level_title, level_words, seat_name
from skat_desktop.gui.i18n import OnLanguageChange
from skat_desktop.gui.lan_host import DEFAULT_PORT, table_spec
from skat_desktop.gui.new_game import default_player_name, offered_profiles
from skat_desktop.gui.plain import plain_label, tip
from skat_desktop.gui.profile_editor import profile_title
from skat_desktop.gui.screen_room import grow_for_lines

log = logging.getLogger(__name__)


def _wire() -> ModuleType:
    """The LAN protocol, imported when first needed: the window builds this module's
    menu items at start-up, and the protocol is only wanted once a player hosts or joins."""
    from skat_desktop.net import protocol

    return protocol


OPEN = "open"  # a seat for a player from the network (the host's spec word)
NAME_LIMIT = 40  # a player's name, as in the new-game dialog
TABLE_NAME_LIMIT = 64  # wire.NAME_LIMIT
REFRESH_MS = 3000  # the lobby asks for the tables this often while it is shown
ERROR_STYLE = "color: #c62828"


def refusal_text(code: str, message: str = "", params: dict[str, Any] | None = None) -> str:
    """One translated line for the host's refusal ``code`` (``protocol.ERROR_CODES``);
    the host's English sentence is shown only for ``illegal`` (the engine's reason,
    which names only the player's own cards), never for a code a newer host may send."""
    params = params or {}
    unreadable = QCoreApplication.translate(
        "Lan", "The host could not read what was sent; nothing changed."
    )
    texts = {
        "bad_frame": unreadable,
        "too_large": unreadable,
        "bad_json": unreadable,
        "unknown_type": unreadable,
        "hello_first": QCoreApplication.translate(
            "Lan", "The host expected a greeting first: connect again."
        ),
        "not_your_turn": QCoreApplication.translate("Lan", "It is not your turn."),
        "stale": QCoreApplication.translate("Lan", "The table moved on meanwhile: look again."),
        "internal": QCoreApplication.translate(
            "Lan", "The host could not handle that; nothing changed."
        ),
        "host_cannot_save": QCoreApplication.translate(
            "Lan", "The host cannot save the table just now: play waits until it can."
        ),
        "seat_taken": QCoreApplication.translate("Lan", "That seat is taken: choose another one."),
        "seat_invalid": QCoreApplication.translate("Lan", "There is no such seat at this table."),
        "bad_password": QCoreApplication.translate("Lan", "Wrong password for this table."),
        "bad_token": QCoreApplication.translate(
            "Lan", "Your old seat could not be given back; choose a seat."
        ),
        "no_table": QCoreApplication.translate("Lan", "That table is no longer there."),
        "table_full": QCoreApplication.translate(
            "Lan", "The table has no room for another player or watcher."
        ),
        "server_busy": QCoreApplication.translate(
            "Lan", "The host is busy: try again in a moment."
        ),
        "already_joined": QCoreApplication.translate("Lan", "You are at this table already."),
        "not_joined": QCoreApplication.translate("Lan", "Sit down or watch first."),
        "not_now": QCoreApplication.translate("Lan", "Not now: chat waits until the deal is over."),
        "rate_limited": QCoreApplication.translate("Lan", "Too many messages: please slow down."),
        "timeout": QCoreApplication.translate(
            "Lan", "The host closed the connection: nothing arrived in time."
        ),
        "bad_field": QCoreApplication.translate(
            "Lan", "The host did not accept that (a name or text it cannot take)."
        ),
    }
    if code == "version":
        theirs = params.get("version")
        return (
            QCoreApplication.translate(
                "Lan", "The host plays another version of Skat (protocol %1, this one %2)."
            )
            .replace("%1", str(theirs if theirs is not None else "?"))
            .replace("%2", str(_wire().VERSION))
        )
    if code in texts:
        return texts[code]
    if code == "illegal":
        line = " ".join(str(message).split())
        if line:
            return QCoreApplication.translate("Lan", "The rules do not allow that: %1").replace(
                "%1", line
            )
        return QCoreApplication.translate("Lan", "The rules do not allow that.")
    return QCoreApplication.translate("Lan", "The host refused that.")


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` -> (host, port); ValueError with a
    translated sentence for anything else."""
    text = text.strip()
    if not text:
        raise ValueError(
            QCoreApplication.translate("Lan", "Type the host's address, e.g. 192.168.1.20:55123.")
        )
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(
                QCoreApplication.translate("Lan", "“%1” is not an address.").replace("%1", text)
            )
        host, rest = text[1:end], text[end + 1 :]
        if rest and not rest.startswith(":"):
            raise ValueError(
                QCoreApplication.translate("Lan", "“%1” is not an address.").replace("%1", text)
            )
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif text.count(":") > 1:  # a bare IPv6 address, or nothing
        try:
            ipaddress.IPv6Address(text)
        except ValueError:
            raise ValueError(
                QCoreApplication.translate("Lan", "“%1” is not an address.").replace("%1", text)
            ) from None
    host = host.strip()
    if not host or any(ch.isspace() for ch in host) or len(host) > 253:
        raise ValueError(
            QCoreApplication.translate("Lan", "“%1” is not an address.").replace("%1", text)
        )
    if not port_text:
        return host, default_port
    if not port_text.isascii() or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(
            QCoreApplication.translate("Lan", "The port must be a number from 1 to 65535.")
        )
    return host, int(port_text)


def _address_problem(text: str) -> str:
    """Why ``text`` is not a host's address, in the player's language ("" if it is one)."""
    try:
        parse_address(text)
    except ValueError as e:
        return str(e)
    return ""


def _plain_problem(text: str, limit: int) -> str | None:
    """Why ``text`` cannot be a name on the wire (None: it can)."""
    try:
        _wire().plain_text(text, limit)
    except _wire().ProtocolError:
        return "bad"
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` (stripped) cannot be the player's name at a table, in one translated
    line (None: it can): the host and the join dialog say the same."""
    if not name:
        return QCoreApplication.translate("Lan", "Please enter your name.")
    if _plain_problem(name, NAME_LIMIT):
        return QCoreApplication.translate("Lan", "Your name cannot hold control characters.")
    return None


class _Line:
    """A status line said again in the player's language after a switch: ``say`` takes
    the text or a function that makes it (called again on ``LanguageChange``)."""

    def __init__(self, label: QLabel) -> None:
        self.label = label
        self._make: Callable[[], str] = str
        self._error = False

    def say(self, text: str | Callable[[], str], error: bool = False) -> None:
        self._make = text if callable(text) else (lambda: text)
        self._error = error
        self.again()

    def again(self) -> None:
        self.label.setText(self._make())
        self.label.setStyleSheet(ERROR_STYLE if self._error else "")


def _keep_ok_text(buttons: QDialogButtonBox, text: Callable[[], str]) -> QPushButton:
    """The button box's Ok button, labelled ``text()`` now and after every language
    switch. The box sets its standard buttons' texts back to "OK" on ``LanguageChange``,
    after the dialog's own ``changeEvent``; the button itself hears it after the box."""
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setText(text())
    ok.installEventFilter(OnLanguageChange(ok, lambda: ok.setText(text())))
    return ok


# ---------------------------------------------------------------------- remembered choices


class LanSettings:
    """The LAN dialogs' choices, kept under ``lan/`` in the application's QSettings and
    read with suspicion like every other setting (a wrong type or value: the default)."""

    def __init__(self, settings) -> None:
        self._settings = settings
        self._q = settings.qsettings

    def _str(self, key: str, default: str, limit: int = 200) -> str:
        value = self._q.value(key, default)
        if not isinstance(value, str) or len(value) > limit or _plain_problem(value, limit):
            return default
        return value

    def _int(self, key: str, default: int, low: int, high: int) -> int:
        value = self._q.value(key, default)
        try:
            number = int(value)
        except (TypeError, ValueError):
            return default
        return number if low <= number <= high else default

    def _set(self, key: str, value: object) -> None:
        self._q.setValue(key, value)

    @property
    def player_name(self) -> str:
        name = self._str("lan/player_name", "", NAME_LIMIT)
        if not name.strip():
            name = self._settings.new_game.player_name or default_player_name()
        return name[:NAME_LIMIT]

    @player_name.setter
    def player_name(self, value: str) -> None:
        self._set("lan/player_name", value[:NAME_LIMIT])

    @property
    def address(self) -> str:
        return self._str("lan/join_address", "", 300)

    @address.setter
    def address(self, value: str) -> None:
        self._set("lan/join_address", value[:300])

    def host_value(self, key: str, default: Any) -> Any:
        if isinstance(default, bool):
            return bool(self._int(f"lan/host/{key}", int(default), 0, 1))
        if isinstance(default, int):
            return self._int(f"lan/host/{key}", default, 0, 1_000_000)
        return self._str(f"lan/host/{key}", default)

    def set_host_value(self, key: str, value: Any) -> None:
        self._set(f"lan/host/{key}", int(value) if isinstance(value, bool) else value)


# ---------------------------------------------------------------------- hosting


@dataclass(frozen=True)
class HostChoices:
    """A table as the host dialog set it up. ``seats[0]`` is the hosting player's (open:
    he joins it like everyone); ``port`` 0 is any free port."""

    player_name: str
    table_name: str
    profile: RuleProfile
    seats: list[str]
    deals: int
    password: str | None
    grace_s: int
    substitute_s: int | None
    port: int

    def spec(self, profile_key: str | None = None) -> str:
        return table_spec(
            self.table_name,
            profile_key or self.profile.name,
            self.seats,
            self.deals,
            grace_s=self.grace_s,
            substitute_s=self.substitute_s,
        )


class HostDialog(QDialog):
    """Game → Host a table…: ``choices()`` after ``exec()`` returns Accepted."""

    def __init__(self, settings, store=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HostDialog")
        self.lan = LanSettings(settings)
        self.profiles: list[RuleProfile] = offered_profiles(store)
        self._levels = list(levels())
        self._result: HostChoices | None = None

        # -- the table
        self.table_box = QGroupBox(self)
        form = QFormLayout(self.table_box)
        self.name = QLineEdit(self.lan.player_name, self)
        self.name.setMaxLength(NAME_LIMIT)
        self.name_label = self._buddy(self.name)
        form.addRow(self.name_label, self.name)
        self.table_name = QLineEdit(self)
        self.table_name.setMaxLength(TABLE_NAME_LIMIT)
        self._default_table_name = self.tr("Club table")
        self.table_name.setText(self.lan.host_value("table_name", "") or self._default_table_name)
        self.table_name_label = self._buddy(self.table_name)
        form.addRow(self.table_name_label, self.table_name)
        self.profile_box = QComboBox(self)
        self.profile_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for p in self.profiles:
            self.profile_box.addItem(profile_title(p), p.name)
        self.profile_label = self._buddy(self.profile_box)
        form.addRow(self.profile_label, self.profile_box)
        size_row = QHBoxLayout()
        self.size_group = QButtonGroup(self)
        self.three = QRadioButton(self)
        self.four = QRadioButton(self)
        self.size_group.addButton(self.three, 3)
        self.size_group.addButton(self.four, 4)
        size_row.addWidget(self.three)
        size_row.addWidget(self.four)
        size_row.addStretch(1)
        self.players_label = QLabel(self)
        form.addRow(self.players_label, size_row)
        you = plain_label(QLabel(self))
        self.you_label = you
        self.seat1_label = QLabel(self)
        form.addRow(self.seat1_label, you)
        self.seat_boxes: list[QComboBox] = []
        self.seat_labels: list[QLabel] = []
        for _ in range(1, 4):
            box = QComboBox(self)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # a switch
            box.addItem("", OPEN)
            for level in self._levels:
                box.addItem(level, level)
            box.currentIndexChanged.connect(lambda *_: self._check())
            label = self._buddy(box)
            self.seat_boxes.append(box)
            self.seat_labels.append(label)
            form.addRow(label, box)
        self.deals = QSpinBox(self)
        self.deals.setRange(1, _wire().MAX_PLANNED_DEALS)  # the host refuses more
        self.deals.setValue(self.lan.host_value("deals", 36) or 36)
        self.deals_label = self._buddy(self.deals)
        form.addRow(self.deals_label, self.deals)

        # -- the network
        self.net_box = QGroupBox(self)
        net = QFormLayout(self.net_box)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setMaxLength(200)
        self.password_label = self._buddy(self.password)
        net.addRow(self.password_label, self.password)
        self.grace = QSpinBox(self)
        self.grace.setRange(1, 120)
        self.grace.setValue(self.lan.host_value("grace_min", 5) or 5)
        self.grace_label = self._buddy(self.grace)
        net.addRow(self.grace_label, self.grace)
        sub_row = QHBoxLayout()
        self.substitute = QCheckBox(self)
        self.substitute.setChecked(self.lan.host_value("substitute", True))
        self.substitute_s = QSpinBox(self)
        self.substitute_s.setRange(5, 3600)
        self.substitute_s.setValue(self.lan.host_value("substitute_s", 60) or 60)
        self.substitute.toggled.connect(self.substitute_s.setEnabled)
        self.substitute_s.setEnabled(self.substitute.isChecked())
        sub_row.addWidget(self.substitute)
        sub_row.addWidget(self.substitute_s)
        sub_row.addStretch(1)
        self.sub_label = QLabel(self)
        net.addRow(self.sub_label, sub_row)
        port_row = QHBoxLayout()
        self.port = QSpinBox(self)
        self.port.setRange(1024, 65535)
        self.port.setValue(self.lan.host_value("port", DEFAULT_PORT) or DEFAULT_PORT)
        self.any_port = QCheckBox(self)
        self.any_port.setChecked(self.lan.host_value("any_port", False))
        self.any_port.toggled.connect(lambda on: self.port.setEnabled(not on))
        self.port.setEnabled(not self.any_port.isChecked())
        port_row.addWidget(self.port)
        port_row.addWidget(self.any_port)
        port_row.addStretch(1)
        self.port_label = self._buddy(self.port)
        net.addRow(self.port_label, port_row)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        net.addRow(self.note)

        # -- the computer levels, as the welcome panel shows them
        self.levels_box = QGroupBox(self)
        grid = QGridLayout(self.levels_box)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        self.level_labels: list[tuple[QLabel, QLabel]] = []
        for row, _level in enumerate(self._levels):
            name_label = QLabel(self.levels_box)
            font = name_label.font()
            font.setBold(True)
            name_label.setFont(font)
            what_label = QLabel(self.levels_box)
            what_label.setWordWrap(True)
            grid.addWidget(name_label, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(what_label, row, 1)
            self.level_labels.append((name_label, what_label))

        self.problem = plain_label(QLabel(self))
        self.problem.setStyleSheet(ERROR_STYLE)
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        _keep_ok_text(self.buttons, lambda: self.tr("&Host"))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        right = QVBoxLayout()
        right.addWidget(self.net_box)
        right.addWidget(self.levels_box, 1)
        columns = QHBoxLayout()
        columns.addWidget(self.table_box, 1)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.retranslate()

        # the last choices
        seats = self.lan.host_value("seats", "open+open+standard").split("+")
        (self.four if len(seats) == 4 else self.three).setChecked(True)
        for i, box in enumerate(self.seat_boxes):
            kind = seats[i + 1] if i + 1 < len(seats) else OPEN
            j = box.findData(kind)
            box.setCurrentIndex(max(0, j))
        j = self.profile_box.findData(self.lan.host_value("profile", "isko"))
        self.profile_box.setCurrentIndex(max(0, j))
        self.size_group.idToggled.connect(lambda *_: self._size_changed())
        self.name.textChanged.connect(lambda *_: self._check())
        self.table_name.textChanged.connect(lambda *_: self._check())
        self.password.textChanged.connect(lambda *_: self._check())
        self.profile_box.currentIndexChanged.connect(lambda *_: self._check())
        self._size_changed()

    def retranslate(self) -> None:
        """Every text in the player's language (at the start and after a switch)."""
        self.setWindowTitle(self.tr("Host a table"))
        self.table_box.setTitle(self.tr("The table"))
        self.name_label.setText(self.tr("Your &name:"))
        default = self.tr("Club table")
        if self.table_name.text() == self._default_table_name:  # untouched: its new word
            self.table_name.setText(default)
        self._default_table_name = default
        self.table_name_label.setText(self.tr("&Table name:"))
        for i, p in enumerate(self.profiles):
            self.profile_box.setItemText(i, profile_title(p))
        self.profile_label.setText(self.tr("&Rules:"))
        # not "&3", "&4": the seats' labels below have the digits
        self.three.setText(self.tr("Thr&ee players"))
        self.four.setText(self.tr("Fo&ur players"))
        self.players_label.setText(self.tr("Players:"))
        self.seat1_label.setText(self.tr("Seat 1:"))
        words = level_words()
        for i, (box, label) in enumerate(zip(self.seat_boxes, self.seat_labels, strict=True)):
            box.setItemText(0, self.tr("a player from the network"))
            for j, level in enumerate(self._levels, start=1):
                name, what = words.get(level, (level, ""))
                box.setItemText(j, self.tr("computer: %1").replace("%1", name))
                box.setItemData(j, what or None, Qt.ItemDataRole.ToolTipRole)
            label.setText(self.tr("Seat &%1:").replace("%1", str(i + 2)))
        self.deals_label.setText(self.tr("&Deals in the series:"))
        self.net_box.setTitle(self.tr("On the network"))
        self.password.setPlaceholderText(self.tr("none"))
        self.password_label.setText(self.tr("&Password:"))
        self.grace.setSuffix(self.tr(" min"))
        self.grace.setToolTip(self.tr("A player whose connection drops keeps the seat this long."))
        self.grace_label.setText(self.tr("Seat &kept after a drop:"))
        self.substitute.setText(self.tr("after"))
        self.substitute_s.setSuffix(self.tr(" s"))
        self.sub_label.setText(self.tr("A computer plays a dropped seat:"))
        self.sub_label.setToolTip(
            self.tr(
                "The deal waits for a player whose connection dropped; after this time a "
                "computer plays for him until he is back."
            )
        )
        self.any_port.setText(self.tr("any &free port"))
        self.port_label.setText(self.tr("P&ort:"))
        self.note.setText(
            self.tr(
                "Friends on the same network find the table under Game → Join a table…, "
                "or type this computer's address and the port."
            )
        )
        self.levels_box.setTitle(self.tr("Computer players"))
        for level, (name_label, what_label) in zip(self._levels, self.level_labels, strict=True):
            name, what = words.get(level, (level, ""))
            name_label.setText(name)
            what_label.setText(what)
        self._check()
        if self.isVisible():  # switched while open: once the layouts know the new words
            QTimer.singleShot(0, self, self._roomy)

    def _roomy(self) -> None:
        """As roomy as the dialog opens in the words it shows now, never smaller."""
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # hints anew
        self.resize(self.size().expandedTo(self.sizeHint()))
        grow_for_lines(self)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "buttons"):
            self.retranslate()
        super().changeEvent(event)

    def _buddy(self, widget: QWidget) -> QLabel:
        label = QLabel(self)
        label.setBuddy(widget)
        return label

    @property
    def table_size(self) -> int:
        return 4 if self.four.isChecked() else 3

    def _size_changed(self) -> None:
        n = self.table_size
        for i, (box, label) in enumerate(zip(self.seat_boxes, self.seat_labels, strict=True)):
            box.setVisible(i + 1 < n)
            label.setVisible(i + 1 < n)
        self._check()

    def seats(self) -> list[str]:
        return [OPEN] + [self.seat_boxes[i].currentData() for i in range(self.table_size - 1)]

    def _problem(self) -> str | None:
        name, table = self.name.text().strip(), self.table_name.text().strip()
        problem = name_problem(name)
        if problem:
            return problem
        if not table:
            return self.tr("Please give the table a name.")
        if any(ch in table for ch in ",=") or _plain_problem(table, TABLE_NAME_LIMIT):
            return self.tr("A table name cannot hold “,”, “=” or control characters.")
        profile = self.profiles[self.profile_box.currentIndex()]
        if self.table_size not in profile.table_sizes:
            return self.tr("These rules are not played at a table of %1.").replace(
                "%1", str(self.table_size)
            )
        password = self.password.text()
        if password and _plain_problem(password, 200):
            return self.tr("A password cannot hold control characters.")
        if password != password.strip():
            return self.tr("A password cannot begin or end with a space.")
        return None

    def _check(self) -> None:
        if not hasattr(self, "buttons"):
            return
        problem = self._problem()
        self.you_label.setText(self.tr("you (%1)").replace("%1", self.name.text().strip() or "?"))
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)

    def _accept(self) -> None:
        if self._problem():
            self._check()
            return
        profile = self.profiles[self.profile_box.currentIndex()]
        seats = self.seats()
        self._result = HostChoices(
            player_name=self.name.text().strip(),
            table_name=self.table_name.text().strip(),
            profile=profile,
            seats=seats,
            deals=self.deals.value(),
            password=self.password.text() or None,
            grace_s=self.grace.value() * 60,
            substitute_s=self.substitute_s.value() if self.substitute.isChecked() else None,
            port=0 if self.any_port.isChecked() else self.port.value(),
        )
        lan = self.lan
        lan.player_name = self._result.player_name
        lan.set_host_value("table_name", self._result.table_name)
        lan.set_host_value("profile", profile.name)
        lan.set_host_value("seats", "+".join(seats))
        lan.set_host_value("deals", self._result.deals)
        lan.set_host_value("grace_min", self.grace.value())
        lan.set_host_value("substitute", self.substitute.isChecked())
        lan.set_host_value("substitute_s", self.substitute_s.value())
        lan.set_host_value("port", self.port.value())
        lan.set_host_value("any_port", self.any_port.isChecked())
        self.accept()

    def choices(self) -> HostChoices | None:
        return self._result


# ---------------------------------------------------------------------- joining


def _field(obj: Any, key: str, default: Any = None) -> Any:
    """A field of a message the link hands on: a protocol dataclass or a plain dict."""
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


class JoinDialog(QDialog):
    """Game → Join a table…: pick a host found on the network or type its address.

    Connect calls ``link.open``; the dialog is accepted once the host said welcome, and
    shows the reason in one line when it did not (``refused``, ``closed``).
    ``browser_factory(on_change)`` makes the :class:`~skat_desktop.net.discovery.Browser`
    (tests give one that searches loopback only)."""

    _found = Signal()  # emitted on the browser's thread: queued to ours

    def __init__(
        self,
        settings,
        link,
        parent: QWidget | None = None,
        browser_factory: Callable[[Callable[[], None]], Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("JoinDialog")
        self.lan = LanSettings(settings)
        self.link = link
        self._connecting: tuple[str, int] | None = None
        self.welcome: dict[str, Any] | None = None

        layout = QVBoxLayout(self)
        self.found_label = QLabel(self)
        layout.addWidget(self.found_label)
        self.hosts = QTreeWidget(self)
        self.hosts.setRootIsDecorated(False)
        self.hosts.setUniformRowHeights(True)
        self.hosts.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.hosts.setColumnCount(5)
        header = self.hosts.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, 5):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.hosts.setMinimumHeight(140)
        self.hosts.itemSelectionChanged.connect(self._host_picked)
        self.hosts.itemDoubleClicked.connect(lambda *_: self._connect())
        layout.addWidget(self.hosts, 1)
        self.searching = plain_label(QLabel(self))
        self.searching.setWordWrap(True)
        layout.addWidget(self.searching)

        form = QFormLayout()
        self.address = QLineEdit(self.lan.address, self)
        self.address.setMaxLength(300)
        self.address_label = QLabel(self)
        self.address_label.setBuddy(self.address)
        form.addRow(self.address_label, self.address)
        self.name = QLineEdit(self.lan.player_name, self)
        self.name.setMaxLength(NAME_LIMIT)
        self.name_label = QLabel(self)
        self.name_label.setBuddy(self.name)
        form.addRow(self.name_label, self.name)
        layout.addLayout(form)

        self.status = plain_label(QLabel(self))
        self.status.setWordWrap(True)
        self._status = _Line(self.status)
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.connect_button = _keep_ok_text(self.buttons, lambda: self.tr("&Connect"))
        self.buttons.accepted.connect(self._connect)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        link.welcomed.connect(self._welcomed)
        link.refused.connect(self._refused)
        link.closed.connect(self._closed)
        self._found.connect(self._refresh_hosts, Qt.ConnectionType.QueuedConnection)
        self.browser = None
        if browser_factory is None:
            from skat_desktop.net.discovery import Browser

            def browser_factory(on_change):
                return Browser(on_change=on_change)

        try:
            self.browser = browser_factory(self._found.emit)
            self.browser.start()
        except Exception as e:  # discovery is a convenience: the address can be typed
            log.warning("cannot search the network: %s", e)
            self.browser = None
        self.retranslate()
        self.resize(640, 460)

    def retranslate(self) -> None:
        """Every text in the player's language (at the start and after a switch)."""
        self.setWindowTitle(self.tr("Join a table"))
        self.found_label.setText(self.tr("Tables on this network:"))
        self.hosts.setAccessibleName(self.tr("Tables on this network"))
        self.hosts.setHeaderLabels(
            [
                self.tr("Host"),
                self.tr("Address"),
                self.tr("Tables"),
                self.tr("Open seats"),
                self.tr("Version"),
            ]
        )
        self.address.setPlaceholderText(self.tr("e.g. 192.168.1.20:55123"))
        self.address_label.setText(self.tr("&Address (host:port):"))
        self.name_label.setText(self.tr("Your &name:"))
        self._status.again()
        self._refresh_hosts()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "browser"):
            self.retranslate()
        super().changeEvent(event)

    # -- the hosts found

    def _refresh_hosts(self) -> None:
        browser = self.browser
        found = browser.snapshot() if browser is not None else []
        picked = self._picked_key()
        self.hosts.clear()
        for host in found:
            address = f"{host.addresses[0]}:{host.port}" if host.addresses else ""
            version = (
                self.tr("compatible")
                if host.compatible
                else self.tr("other version (%1)").replace("%1", str(host.version))
            )
            item = QTreeWidgetItem(
                [host.name, address, str(host.tables), str(host.open_seats), version]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, (host.addresses, host.port))
            item.setToolTip(0, tip(f"{host.host_name} — skat-desktop {host.app_version}"))
            if not host.compatible:
                item.setForeground(4, Qt.GlobalColor.red)
            self.hosts.addTopLevelItem(item)
            if (host.addresses, host.port) == picked:
                item.setSelected(True)
        error = getattr(browser, "error", None) if browser is not None else None
        if browser is None or error:
            self.searching.setText(
                self.tr("This computer cannot search the network: type the host's address.")
            )
            self.searching.setToolTip(tip(error or ""))
        elif not found:
            self.searching.setText(self.tr("Searching… (a host may take a few seconds)"))
        else:
            self.searching.setText("")
        self.searching.setVisible(bool(self.searching.text()))

    def _picked_key(self) -> Any:
        items = self.hosts.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def _host_picked(self) -> None:
        key = self._picked_key()
        if key:
            addresses, port = key
            if addresses:
                self.address.setText(f"{addresses[0]}:{port}")

    # -- connecting

    def _say(self, text: str | Callable[[], str], error: bool = False) -> None:
        """The status line: ``text`` or a function that says it in the player's language."""
        self._status.say(text, error)

    def _connect(self) -> None:
        name = self.name.text().strip()
        if name_problem(name):
            self._say(lambda: name_problem(name) or "", error=True)
            return
        typed = self.address.text()
        try:
            host, port = parse_address(typed)
        except ValueError:
            self._say(lambda: _address_problem(typed), error=True)
            return
        self.lan.player_name = name
        self.lan.address = typed.strip()
        self._connecting = (host, port)
        self.connect_button.setEnabled(False)
        self._say(lambda: self.tr("Connecting to %1…").replace("%1", f"{host}:{port}"))
        self.link.open(host, port, name)

    def _welcomed(self, info: object) -> None:
        if self._connecting is None:
            return
        self.welcome = dict(info) if isinstance(info, dict) else {"host": _field(info, "host")}
        self.accept()

    def _refused(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        if self._connecting is None:
            return
        self._failed(lambda: refusal_text(code, message, params))

    def _closed(self, reason: str) -> None:
        if self._connecting is None:
            return
        host, port = self._connecting
        self._failed(
            lambda: (
                self.tr("No connection to %1: %2")
                .replace("%1", f"{host}:{port}")
                .replace("%2", reason)
            )
        )

    def _failed(self, line: str | Callable[[], str]) -> None:
        self._connecting = None
        with contextlib.suppress(Exception):
            self.link.close()  # no retries behind a dialog that says it failed
        self.connect_button.setEnabled(True)
        self._say(line, error=True)

    def done(self, result: int) -> None:
        for signal, slot in (
            (self.link.welcomed, self._welcomed),
            (self.link.refused, self._refused),
            (self.link.closed, self._closed),
        ):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        if result != QDialog.DialogCode.Accepted and self._connecting is not None:
            with contextlib.suppress(Exception):
                self.link.close()
        if self.browser is not None:
            self.browser.close(timeout=2.0)
            self.browser = None
        super().done(result)

    def address_tuple(self) -> tuple[str, int] | None:
        return self._connecting


# ---------------------------------------------------------------------- the lobby


SEAT_ROLE = Qt.ItemDataRole.UserRole


def _free(seat: dict[str, Any] | None) -> bool:
    """A seat a player may sit down on: open, or a player's who is away (his token)."""
    return seat is not None and (
        seat.get("kind") == OPEN or (seat.get("kind") == "human" and not seat.get("connected"))
    )


class Lobby(QDialog):
    """The host's tables: sit down, watch, chat. Not modal: it stays beside the table.

    ``seated(port)`` hands on the table port of a ``joined`` (the window plays it).
    ``auto_join=(table name, seat, password)`` sits down at the first list that has
    that table (the hosting player at his own table). ``host_label`` names the host, or
    is a function that names it in the player's language."""

    seated = Signal(object)

    def __init__(
        self,
        link,
        host_label: str | Callable[[], str],
        parent: QWidget | None = None,
        auto_join: tuple[str, int | None, str | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("Lobby")
        self._host_label = host_label if callable(host_label) else (lambda: host_label)
        self.link = link
        self.tables: list[dict[str, Any]] = []
        self.at: tuple[str, int | None] | None = None  # (table id, seat or None) once joined
        self._names: dict[Any, str] = {}  # every table listed: its name (when it is gone)
        self._listed = False  # a table list came since the host last said welcome
        self._seats_of: Any = None  # the table the seat list shows
        self._pending: tuple[str, int | None, str | None] | None = None
        self._auto_join = auto_join
        self.gone = False
        self._chat: deque[tuple[int | None, str, str]] = deque(maxlen=200)

        self.where = plain_label(QLabel(self))
        self.where.setWordWrap(True)
        self.table_list = QTreeWidget(self)
        self.table_list.setObjectName("LobbyTables")
        self.table_list.setRootIsDecorated(False)
        self.table_list.setUniformRowHeights(True)
        self.table_list.setColumnCount(6)
        self._fit_columns(self.table_list)
        self.table_list.itemSelectionChanged.connect(self._table_picked)
        self.seat_list = QTreeWidget(self)
        self.seat_list.setObjectName("LobbySeats")
        self.seat_list.setRootIsDecorated(False)
        self.seat_list.setUniformRowHeights(True)
        self.seat_list.setColumnCount(4)
        self._fit_columns(self.seat_list)
        self.seat_list.itemSelectionChanged.connect(self._update_buttons)
        self.seat_list.itemDoubleClicked.connect(lambda *_: self.sit())
        self.sit_button = QPushButton(self)
        self.sit_button.clicked.connect(self.sit)
        self.watch_button = QPushButton(self)
        self.watch_button.clicked.connect(self.watch)
        self.leave_button = QPushButton(self)
        self.leave_button.clicked.connect(self.leave)

        self.chat_view = QPlainTextEdit(self)  # plain text: a name cannot be markup
        self.chat_view.setObjectName("LobbyChat")
        self.chat_view.setReadOnly(True)
        self.chat_view.setMaximumBlockCount(self._chat.maxlen or 200)
        self.chat_input = QLineEdit(self)
        self.chat_input.setMaxLength(_wire().CHAT_LIMIT)
        self.chat_input.returnPressed.connect(self.send_chat)
        self.send_button = QPushButton(self)
        self.send_button.clicked.connect(self.send_chat)

        self.status = plain_label(QLabel(self))
        self.status.setWordWrap(True)
        self._status = _Line(self.status)
        self.close_button = QPushButton(self)
        self.close_button.clicked.connect(self.hide)

        self.tables_label = QLabel(self)
        self.seats_label = QLabel(self)
        self.chat_label = QLabel(self)
        left = QVBoxLayout()
        left.addWidget(self.tables_label)
        left.addWidget(self.table_list, 3)
        left.addWidget(self.seats_label)
        left.addWidget(self.seat_list, 2)
        seat_buttons = QHBoxLayout()
        seat_buttons.addWidget(self.sit_button)
        seat_buttons.addWidget(self.watch_button)
        seat_buttons.addWidget(self.leave_button)
        seat_buttons.addStretch(1)
        left.addLayout(seat_buttons)
        right = QVBoxLayout()
        right.addWidget(self.chat_label)
        right.addWidget(self.chat_view, 1)
        chat_row = QHBoxLayout()
        chat_row.addWidget(self.chat_input, 1)
        chat_row.addWidget(self.send_button)
        right.addLayout(chat_row)
        columns = QHBoxLayout()
        columns.addLayout(left, 5)
        columns.addLayout(right, 2)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addWidget(self.where)
        layout.addLayout(columns, 1)
        layout.addLayout(bottom)
        self.retranslate()

        link.tablesChanged.connect(self._tables)
        link.seatsChanged.connect(self._seats)
        link.chatLine.connect(self._chat_line)
        link.refused.connect(self._refused)
        link.closed.connect(self._closed)
        link.joined.connect(self._joined)
        if hasattr(link, "welcomed"):
            link.welcomed.connect(self._welcomed)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.refresh)
        self._timer.start(REFRESH_MS)
        self.resize(980, 580)
        self.refresh()

    @property
    def host_label(self) -> str:
        return self._host_label()

    def retranslate(self) -> None:
        """Every text in the player's language (at the start and after a switch): the
        lists, the heading, the status line and the chat's own words are said anew."""
        self.setWindowTitle(self.tr("Lobby — %1").replace("%1", self.host_label))
        self.table_list.setHeaderLabels(
            [
                self.tr("Table"),
                self.tr("Rules"),
                self.tr("Series"),
                self.tr("State"),
                self.tr("Watching"),
                self.tr("Password"),
            ]
        )
        self.seat_list.setHeaderLabels(
            [self.tr("Seat"), self.tr("Player"), self.tr("Who"), self.tr("Connection")]
        )
        self.sit_button.setText(self.tr("&Sit here"))
        self.watch_button.setText(self.tr("&Watch"))
        self.watch_button.setToolTip(self.tr("Watch the table: you see what is played openly."))
        self.leave_button.setText(self.tr("&Leave the table"))
        self.chat_input.setPlaceholderText(self.tr("a line for everyone"))
        self.send_button.setText(self.tr("S&end"))
        self.close_button.setText(self.tr("&Close"))
        self.tables_label.setText(self.tr("Tables:"))
        self.seats_label.setText(self.tr("Seats at the chosen table:"))
        self.chat_label.setText(self.tr("Chat:"))
        self._fill_tables()
        self._show_where()
        self._status.again()
        if self._chat:
            self.chat_view.setPlainText("\n".join(self._chat_text(*line) for line in self._chat))
            bar = self.chat_view.verticalScrollBar()
            bar.setValue(bar.maximum())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "_timer"):
            self.retranslate()
        super().changeEvent(event)

    @staticmethod
    def _fit_columns(tree: QTreeWidget) -> None:
        """Every column as wide as its text (names are never cut); the last one takes
        what is left, and a very long name scrolls."""
        header = tree.header()
        header.setStretchLastSection(True)
        for col in range(tree.columnCount() - 1):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)

    # -- what the host says

    def refresh(self) -> None:
        if (not self.gone and self.isVisible()) or self._auto_join is not None:
            with contextlib.suppress(Exception):
                self.link.list_tables()

    def _welcomed(self, _info: object) -> None:
        self.gone = False
        self._listed = False  # the host may have come back with other tables
        self._say(lambda: self.tr("Connected."))
        self.refresh()

    def _tables(self, tables: list) -> None:
        self.gone = False
        self.tables = [dict(t) for t in tables if isinstance(t, dict)]
        self._listed = True
        self._names.update((t.get("id"), str(t.get("name", ""))) for t in self.tables)
        self._fill_tables()
        self._show_where()
        if self._auto_join is not None:
            name, seat, password = self._auto_join
            for t in self.tables:
                if str(t.get("name", "")).casefold() == name.casefold():
                    self._auto_join = None
                    self._join(str(t["id"]), seat, password)
                    break

    def _fill_tables(self) -> None:
        """The table list anew, the table chosen kept chosen (else the one joined, else
        the first). Rebuilt without its selection signal: a list cleared for a moment
        would make the seat list forget the seat chosen."""
        items = self.table_list.selectedItems()
        wanted = [items[0].data(0, SEAT_ROLE)] if items else []
        if self.at is not None:
            wanted.append(self.at[0])
        chosen: dict[Any, QTreeWidgetItem] = {}
        with QSignalBlocker(self.table_list):
            self.table_list.clear()
            for t in self.tables:
                deals = (
                    self.tr("%1 of %2 deals")
                    .replace("%1", str(t.get("deals_done", 0)))
                    .replace("%2", str(t.get("planned_deals", "?")))
                )
                state = {
                    "lobby": self.tr("waiting for players"),
                    "playing": self.tr("playing"),
                    "finished": self.tr("finished"),
                }.get(t.get("state"), str(t.get("state", "")))
                rules = t.get("profile_title") or t.get("profile") or ""
                builtin = BUILTIN.get(t.get("profile", ""))
                if builtin is not None and builtin.title == rules:
                    rules = profile_title(builtin)  # a built-in's title in the player's language
                item = QTreeWidgetItem(
                    [
                        str(t.get("name", "")),
                        str(rules),
                        deals,
                        state,
                        str(t.get("kibitzers", 0)),
                        self.tr("yes") if t.get("password") else "",
                    ]
                )
                item.setData(0, SEAT_ROLE, t.get("id"))
                self.table_list.addTopLevelItem(item)
                chosen.setdefault(t.get("id"), item)
            pick = next((chosen[tid] for tid in wanted if tid in chosen), None)
            if pick is None and self.table_list.topLevelItemCount():
                pick = self.table_list.topLevelItem(0)
            if pick is not None:
                self.table_list.setCurrentItem(pick)
        self._table_picked()

    def _seats(self, frame: object) -> None:
        """Who sits where at the table joined (the link says it for that table only)."""
        table = _field(frame, "table") or (self.at[0] if self.at is not None else None)
        seats = _field(frame, "seats")
        if table is None or seats is None:
            return
        for t in self.tables:
            if t.get("id") == table:
                t["seats"] = [dict(s) for s in seats]
        picked = self.picked_table()
        if picked is not None and picked.get("id") == table:
            self._table_picked()

    def _chat_line(self, line: object) -> None:
        name = " ".join(str(_field(line, "name", "") or "").split())
        text = " ".join(str(_field(line, "text", "") or "").split())
        seat = _field(line, "seat")
        self._chat.append((seat, name, text))
        self.chat_view.appendPlainText(self._chat_text(seat, name, text))

    def _chat_text(self, seat: int | None, name: str, text: str) -> str:
        who = name or (self.tr("seat %1").replace("%1", str(seat + 1)) if seat is not None else "")
        if seat is None and name:
            who = self.tr("%1 (watching)").replace("%1", name)
        return f"{who}: {text}"

    def _refused(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        pending = self._pending
        if code == "bad_password" and pending is not None and pending[2] is None:
            table, seat, _ = pending
            password = self._ask_password(table)
            if password:
                self._join(table, seat, password)
                return
            self._pending = None
            self._say(lambda: self.tr("No password given: not seated."), error=True)
            return
        if code in ("seat_taken", "seat_invalid", "bad_password", "bad_token", "no_table"):
            self._pending = None
        self._say(lambda: refusal_text(code, message, params), error=True)
        self.refresh()
        self._update_buttons()

    def _closed(self, reason: str) -> None:
        self.gone = True
        self._pending = None
        if getattr(self.link, "state", None) == "gone":  # seated: the link tries again
            self._say(lambda: self.tr("Host gone (%1) — trying again…").replace("%1", reason), True)
        else:
            self.at = None
            self._show_where()
            self._say(
                lambda: self.tr("The connection to the host has ended (%1).").replace("%1", reason),
                True,
            )
        self._update_buttons()

    def _joined(self, port: object) -> None:
        pending = self._pending
        self._pending = None
        if pending is not None:
            self.at = (pending[0], pending[1])
            self._say("")
        self._show_where()
        self._table_picked()
        self.refresh()
        self.seated.emit(port)

    # -- what the player does

    def picked_table(self) -> dict[str, Any] | None:
        items = self.table_list.selectedItems()
        if not items:
            return None
        tid = items[0].data(0, SEAT_ROLE)
        return next((t for t in self.tables if t.get("id") == tid), None)

    def picked_seat(self) -> dict[str, Any] | None:
        items = self.seat_list.selectedItems()
        return items[0].data(0, SEAT_ROLE) if items else None

    def _table_picked(self) -> None:
        """The seats of the table chosen. The seat chosen stays chosen while the list
        shows the same table, unless it was free and is taken now (by someone else)."""
        table = self.picked_table()
        tid = table.get("id") if table is not None else None
        before = self.picked_seat() if tid is not None and tid == self._seats_of else None
        self._seats_of = tid
        with QSignalBlocker(self.seat_list):
            self.seat_list.clear()
            for s in table.get("seats", ()) if table is not None else ():
                kind = s.get("kind")
                if kind == "computer":
                    who = self.tr("computer: %1").replace("%1", level_title(s.get("level")))
                    connection = ""
                elif kind == OPEN:
                    who = self.tr("open seat")
                    connection = ""
                else:
                    who = self.tr("player")
                    connection = self.tr("connected") if s.get("connected") else self.tr("away")
                name = seat_name(str(s.get("name") or ""))
                mine = self.at == (tid, s.get("seat"))
                if mine:
                    name = self.tr("%1 (you)").replace("%1", name) if name else self.tr("you")
                item = QTreeWidgetItem([str(int(s.get("seat", 0)) + 1), name, who, connection])
                item.setData(0, SEAT_ROLE, dict(s))
                self.seat_list.addTopLevelItem(item)
                if (
                    before is not None
                    and s.get("seat") == before.get("seat")
                    and (mine or _free(s) or not _free(before))
                ):
                    self.seat_list.setCurrentItem(item)
        self._update_buttons()

    def _update_buttons(self) -> None:
        table, seat = self.picked_table(), self.picked_seat()
        here = self.at is not None and table is not None and self.at[0] == table.get("id")
        busy = self._pending is not None or self.gone
        self.sit_button.setEnabled(
            not busy and table is not None and _free(seat) and not (here and self.at[1] is not None)
        )
        self.watch_button.setEnabled(not busy and table is not None and not here)
        self.leave_button.setEnabled(not busy and self.at is not None and not self._table_gone())
        joined = self.at is not None and not self.gone
        self.chat_input.setEnabled(joined)
        self.send_button.setEnabled(joined)

    def _table_gone(self) -> bool:
        """The table joined is no longer in the host's list (the host stopped it): there
        is nothing to leave."""
        return (
            self.at is not None
            and self._listed
            and all(t.get("id") != self.at[0] for t in self.tables)
        )

    def sit(self) -> None:
        table, seat = self.picked_table(), self.picked_seat()
        if table is None or seat is None or not self.sit_button.isEnabled():
            return
        self._join(str(table["id"]), int(seat["seat"]), None)

    def watch(self) -> None:
        table = self.picked_table()
        if table is None or not self.watch_button.isEnabled():
            return
        self._join(str(table["id"]), None, None)

    def leave(self) -> None:
        if self.at is None or not self.leave_button.isEnabled():
            return
        with contextlib.suppress(Exception):
            self.link.leave()
        self.at = None
        self._show_where()
        self._table_picked()
        self.refresh()

    def _join(self, table: str, seat: int | None, password: str | None) -> None:
        """Sit down (or watch). A table with a password is first tried without one: a
        player coming back has a token and needs none; a refusal asks for it."""
        self._pending = (table, seat, password)
        self._say(lambda: self.tr("Joining…"))
        self._update_buttons()
        self.link.join(table, seat, password)

    def _ask_password(self, table_id: str) -> str | None:
        name = next((t.get("name") for t in self.tables if t.get("id") == table_id), table_id)
        text, ok = QInputDialog.getText(
            self,
            self.tr("Table password"),
            self.tr("The table “%1” has a password:").replace("%1", str(name)),
            QLineEdit.EchoMode.Password,
        )
        return text if ok and text else None

    def send_chat(self) -> None:
        text = " ".join(self.chat_input.text().split())  # one line, no control characters
        if not text or self.at is None:
            return
        try:
            text = _wire().plain_text(text, _wire().CHAT_LIMIT)
        except _wire().ProtocolError:
            self._say(lambda: self.tr("A chat line is plain text of at most 300 characters."), True)
            return
        self.link.chat(text)
        self.chat_input.clear()

    # -- saying where the player is

    def _say(self, text: str | Callable[[], str], error: bool = False) -> None:
        """The status line: ``text`` or a function that says it in the player's language."""
        self._status.say(text, error)

    def _show_where(self) -> None:
        """The heading: where the player is and what his table does, as last listed."""
        if self.at is None:
            self.where.setText(
                self.tr("Connected to %1. Choose a table and a seat, or watch.").replace(
                    "%1", self.host_label
                )
            )
            return
        tid, seat = self.at
        name = self._names.get(tid) or str(tid)
        table = next((t for t in self.tables if t.get("id") == tid), None)
        if self._table_gone():
            if seat is None:
                text = self.tr("You watched “%1”; that table is no longer there.")
            else:
                text = self.tr("You sat at seat %2 of “%1”; that table is no longer there.")
            self.where.setText(text.replace("%2", str((seat or 0) + 1)).replace("%1", name))
            return
        if seat is None:
            text = self.tr("You are watching “%1”.").replace("%1", name)
        else:
            text = (
                self.tr("You sit at seat %1 of “%2”.")
                .replace("%1", str(seat + 1))
                .replace("%2", name)
            )
        state = table.get("state") if table is not None else None
        if state == "lobby":
            text += " " + self.tr("The series begins when every seat is taken.")
        elif state == "playing":
            text += " " + (
                self.tr("The series is under way: %1 of %2 deals played.")
                .replace("%1", str(table.get("deals_done", 0)))
                .replace("%2", str(table.get("planned_deals", "?")))
            )
        elif state == "finished":
            text += " " + self.tr("The series is over.")
        self.where.setText(text)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()

    def done(self, result: int) -> None:  # Esc: hidden, not gone (it is the chat too)
        self.hide()
        self.setResult(result)


# ---------------------------------------------------------------------- the window's part


def lan_addresses() -> list[str]:
    """This machine's addresses friends can type (loopback only when there is no other)."""
    from skat_desktop.net.discovery import local_ipv4_addresses

    found = [a for a in local_ipv4_addresses() if not a.startswith("127.")]
    return found or ["127.0.0.1"]


# the window's menu items live apart, so that building the window imports none of the above
from skat_desktop.gui.lan_play import LanPlay  # noqa: E402, F401 - one name for both places
