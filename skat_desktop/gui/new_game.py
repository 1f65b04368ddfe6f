"""The new-game dialog: table size, who sits where, rules, series length, deck, speed, practice.

The choices come back as a :class:`~skat_desktop.gui.settings.NewGameChoices` (plus the
deck and animation speed, which are general settings) and are kept in the settings for
the next time.
"""

from __future__ import annotations

import contextlib
import getpass
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.ai.levels import levels
from skat_desktop.engine.profiles import BUILTIN, RuleProfile
from skat_desktop.gui.decks import Deck, available_decks
from skat_desktop.gui.game_words import level_title
from skat_desktop.gui.profile_editor import profile_choices, profile_title
from skat_desktop.gui.settings import (
    DEFAULT_LEVEL,
    MAX_ANIMATION_SPEED,
    SERIES_LENGTHS,
    NewGameChoices,
    Settings,
)

HUMAN = "human"


def default_player_name() -> str:
    try:
        name = getpass.getuser().strip()
    except Exception:  # no login name on some systems
        name = ""
    return name[:1].upper() + name[1:] if name else "Player"


def offered_profiles(store) -> list[RuleProfile]:
    """Every profile a game can be played under: the built-in ones, then the store's copies
    (:func:`~skat_desktop.gui.profile_editor.profile_choices`); built-ins only without a
    store or if it cannot be read."""
    if store is not None:
        with contextlib.suppress(Exception):  # a broken database: the built-ins are still there
            return profile_choices(store)
    return list(BUILTIN.values())


def stored_profiles(store) -> list[RuleProfile]:
    """The user's own rule profiles kept in the store (built-ins are offered anyway)."""
    return [p for p in offered_profiles(store) if p.name not in BUILTIN]


def find_profile(name: str, store=None) -> RuleProfile | None:
    """A profile by name: a built-in one or one of the store's."""
    if name in BUILTIN:
        return BUILTIN[name]
    for p in stored_profiles(store):
        if p.name == name:
            return p
    return None


@dataclass(frozen=True)
class NewGame:
    """Everything the dialog decided."""

    choices: NewGameChoices
    profile: RuleProfile
    deck_id: str
    animation_speed: int


def speed_names() -> list[str]:
    from PySide6.QtCore import QCoreApplication

    return [
        QCoreApplication.translate("NewGame", "instant"),
        QCoreApplication.translate("NewGame", "slow"),
        QCoreApplication.translate("NewGame", "normal"),
        QCoreApplication.translate("NewGame", "fast"),
        QCoreApplication.translate("NewGame", "very fast"),
    ]


class NewGameDialog(QDialog):
    """Ask for a new series. ``result_game()`` after ``exec()`` returns Accepted."""

    def __init__(
        self,
        settings: Settings,
        store=None,
        decks: Sequence[Deck] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self.settings = settings
        last = settings.new_game
        self.profiles: list[RuleProfile] = offered_profiles(store)
        self.decks = (
            list(decks) if decks is not None else available_decks(index_style=settings.index_style)
        )
        self._levels = [k for k in levels()]

        form = QFormLayout()
        self.name = QLineEdit(last.player_name or default_player_name(), self)
        self.name.setMaxLength(40)
        name_label = QLabel(self.tr("Your &name:"), self)
        name_label.setBuddy(self.name)
        form.addRow(name_label, self.name)

        size_row = QHBoxLayout()
        self.size_group = QButtonGroup(self)
        self.three = QRadioButton(self.tr("&Three players"), self)
        self.four = QRadioButton(self.tr("&Four players (the dealer sits out)"), self)
        self.size_group.addButton(self.three, 3)
        self.size_group.addButton(self.four, 4)
        size_row.addWidget(self.three)
        size_row.addWidget(self.four)
        size_row.addStretch(1)
        form.addRow(self.tr("Table:"), size_row)

        self.seat_boxes: list[QComboBox] = []
        self.seat_labels: list[QLabel] = []
        for i in range(4):
            box = QComboBox(self)
            box.addItem(self.tr("You"), HUMAN)
            for level in self._levels:
                box.addItem(self.tr("Computer: %1").replace("%1", level_title(level)), level)
            label = QLabel(self.tr("Seat &%1:").replace("%1", str(i + 1)), self)
            label.setBuddy(box)
            box.currentIndexChanged.connect(lambda _=0, i=i: self._seat_changed(i))
            self.seat_boxes.append(box)
            self.seat_labels.append(label)
            form.addRow(label, box)
        note = QLabel(self.tr("Seat 2 sits on your left and plays after you."), self)
        note.setWordWrap(True)
        form.addRow("", note)

        self.profile_box = QComboBox(self)
        for p in self.profiles:
            self.profile_box.addItem(profile_title(p), p.name)
        rules_label = QLabel(self.tr("&Rules:"), self)
        rules_label.setBuddy(self.profile_box)
        form.addRow(rules_label, self.profile_box)

        self.length_box = QComboBox(self)
        for n in SERIES_LENGTHS:
            text = (
                self.tr("free (no fixed end)")
                if n == 0
                else self.tr("%1 deals").replace("%1", str(n))
            )
            self.length_box.addItem(text, n)
        length_label = QLabel(self.tr("S&eries:"), self)
        length_label.setBuddy(self.length_box)
        form.addRow(length_label, self.length_box)

        self.deck_box = QComboBox(self)
        for d in self.decks:
            self.deck_box.addItem(d.title, d.id)
        deck_label = QLabel(self.tr("&Cards:"), self)
        deck_label.setBuddy(self.deck_box)
        form.addRow(deck_label, self.deck_box)

        speed_row = QHBoxLayout()
        self.speed = QSlider(Qt.Orientation.Horizontal, self)
        self.speed.setRange(0, MAX_ANIMATION_SPEED)
        self.speed.setPageStep(1)
        self.speed.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.speed_label = QLabel(self)
        self.speed.valueChanged.connect(lambda v: self.speed_label.setText(speed_names()[v]))
        speed_row.addWidget(self.speed, 1)
        speed_row.addWidget(self.speed_label)
        speed_title = QLabel(self.tr("&Animation:"), self)
        speed_title.setBuddy(self.speed)
        form.addRow(speed_title, speed_row)

        self.practice = QCheckBox(
            self.tr("&Practice: take back cards, hints, open cards, replay deals"), self
        )
        form.addRow("", self.practice)

        self.problem = QLabel(self)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setStyleSheet("color: #c62828")
        self.problem.setWordWrap(True)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Start"))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        # the last choices
        seats = list(last.seats)
        (self.four if len(seats) == 4 else self.three).setChecked(True)
        for i, kind in enumerate(seats + [DEFAULT_LEVEL] * (4 - len(seats))):
            j = self.seat_boxes[i].findData(kind)
            self.seat_boxes[i].setCurrentIndex(
                j if j >= 0 else self.seat_boxes[i].findData(DEFAULT_LEVEL)
            )
        j = self.profile_box.findData(last.profile)
        self.profile_box.setCurrentIndex(max(0, j))
        j = self.length_box.findData(last.series_length)
        self.length_box.setCurrentIndex(j if j >= 0 else self.length_box.findData(36))
        j = self.deck_box.findData(settings.deck_id)
        self.deck_box.setCurrentIndex(max(0, j))
        self.speed.setValue(settings.animation_speed)
        self.speed_label.setText(speed_names()[self.speed.value()])
        self.practice.setChecked(last.practice)
        self.size_group.idToggled.connect(lambda *_: self._size_changed())
        self.name.textChanged.connect(lambda *_: self._check())
        self.profile_box.currentIndexChanged.connect(lambda *_: self._check())
        self._size_changed()
        self._result: NewGame | None = None

    @property
    def table_size(self) -> int:
        return 4 if self.four.isChecked() else 3

    def _size_changed(self) -> None:
        n = self.table_size
        for i in range(4):
            self.seat_boxes[i].setVisible(i < n)
            self.seat_labels[i].setVisible(i < n)
        self._check()

    def _seat_changed(self, index: int) -> None:
        """One "You" at the table: choosing it for a seat makes the old seat a computer."""
        box = self.seat_boxes[index]
        if box.currentData() == HUMAN:
            for i, other in enumerate(self.seat_boxes):
                if i != index and other.currentData() == HUMAN:
                    other.blockSignals(True)
                    other.setCurrentIndex(other.findData(DEFAULT_LEVEL))
                    other.blockSignals(False)
        self._check()

    def seats(self) -> list[str]:
        return [self.seat_boxes[i].currentData() for i in range(self.table_size)]

    def _problem(self) -> str | None:
        seats = self.seats()
        if seats.count(HUMAN) != 1:
            return self.tr("Choose “You” for exactly one seat.")
        if not self.name.text().strip():
            return self.tr("Please enter your name.")
        profile = self.profiles[self.profile_box.currentIndex()]
        if self.table_size not in profile.table_sizes:
            return self.tr("These rules are not played at a table of %1.").replace(
                "%1", str(self.table_size)
            )
        return None

    def _check(self) -> None:
        problem = self._problem() if hasattr(self, "buttons") else None
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        if hasattr(self, "buttons"):
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)

    def _accept(self) -> None:
        problem = self._problem()
        if problem:
            self._check()
            return
        choices = NewGameChoices(
            player_name=self.name.text().strip(),
            seats=self.seats(),
            profile=self.profiles[self.profile_box.currentIndex()].name,
            series_length=int(self.length_box.currentData()),
            practice=self.practice.isChecked(),
        )
        self._result = NewGame(
            choices,
            self.profiles[self.profile_box.currentIndex()],
            str(self.deck_box.currentData()),
            self.speed.value(),
        )
        self.settings.new_game = choices
        self.settings.deck_id = self._result.deck_id
        self.settings.animation_speed = self._result.animation_speed
        self.accept()

    def result_game(self) -> NewGame | None:
        return self._result
