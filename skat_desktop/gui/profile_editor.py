"""The rule profile editor: copy a built-in or stored profile and change its options.

Every option of the RULES.md §1 matrix (every field of :class:`RuleProfile` but its name and
title) has one widget here, chosen by the option's type: a check box for a yes/no rule, a
combo box with readable labels for the engine's :data:`CHOICES`, spin boxes for numbers.
Existing profiles are never changed: games and score sheets refer to them, so a profile
that has been played must keep meaning what it meant. The player copies one under a new
name instead. Whether a combination of options is valid is decided by the engine alone
(``RuleProfile.__post_init__``); its one-line reason is shown and the copy is not saved.
"""

from __future__ import annotations

import logging
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.engine.profiles import BOCK_TRIGGERS, BUILTIN, CHOICES, RuleProfile
from skat_desktop.gui import game_words as words
from skat_desktop.gui.combo_width import keep_text_whole
from skat_desktop.gui.errors import describe
from skat_desktop.gui.i18n import available_languages, translated_in
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

log = logging.getLogger(__name__)

_CONTEXT = "ProfileEditor"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


# --- what the player reads about each option -------------------------------------------------

BUILTIN_TITLES: dict[str, str] = {
    "isko": QT_TRANSLATE_NOOP("ProfileEditor", "International Skat Order"),
    "texas": QT_TRANSLATE_NOOP("ProfileEditor", "Texas State Skat League"),
    "pre1999": QT_TRANSLATE_NOOP("ProfileEditor", "Official rules before 1999"),
    "house": QT_TRANSLATE_NOOP("ProfileEditor", "Club / pub rules"),
}
"""The built-in profiles' titles as the player reads them (the engine's titles, translatable)."""

CHOICE_LABELS: dict[str, dict[Any, str]] = {
    "ouvert_rule": {
        "extra_level": QT_TRANSLATE_NOOP("ProfileEditor", "One more level (ISkO)"),
        "double_base": QT_TRANSLATE_NOOP("ProfileEditor", "Base value doubled (Texas)"),
        "grand36": QT_TRANSLATE_NOOP("ProfileEditor", "Grand Ouvert with base 36 (before 1999)"),
    },
    "announce_rule": {
        "always": QT_TRANSLATE_NOOP("ProfileEditor", "Always, won or lost"),
        "if_achieved": QT_TRANSLATE_NOOP("ProfileEditor", "Only when reached (before 1999)"),
    },
    "concession": {
        "isko": QT_TRANSLATE_NOOP(
            "ProfileEditor", "Before trick 2, later only with a defender's consent (ISkO)"
        ),
        "texas": QT_TRANSLATE_NOOP(
            "ProfileEditor", "After trick 1, before the second card of trick 2 (Texas)"
        ),
        "anytime": QT_TRANSLATE_NOOP("ProfileEditor", "At any time"),
    },
    "concession_scoring": {
        "level_reached": QT_TRANSLATE_NOOP("ProfileEditor", "At the level reached (ISkO)"),
        "remaining_tricks": QT_TRANSLATE_NOOP(
            "ProfileEditor", "The other side takes the remaining cards"
        ),
    },
    "declarer_claim_fail": {
        "defenders_take_rest": QT_TRANSLATE_NOOP(
            "ProfileEditor", "The defenders take all remaining tricks (ISkO)"
        ),
        "continue_forfeit": QT_TRANSLATE_NOOP(
            "ProfileEditor", "Play on; one trick for the defenders wins them the rest (before 1999)"
        ),
        "continue": QT_TRANSLATE_NOOP("ProfileEditor", "Play on without penalty (Texas)"),
    },
    "defender_claim": {
        "isko": QT_TRANSLATE_NOOP(
            "ProfileEditor", "If it fails, the remaining tricks go to the declarer (ISkO)"
        ),
        "texas": QT_TRANSLATE_NOOP(
            "ProfileEditor", "If it fails, the declarer wins the game (Texas)"
        ),
    },
    "all_pass": {
        "passed_in": QT_TRANSLATE_NOOP("ProfileEditor", "Passed in: the next player deals"),
        "redeal": QT_TRANSLATE_NOOP("ProfileEditor", "Dealt again (before 1999)"),
        "texas_ramsch": QT_TRANSLATE_NOOP(
            "ProfileEditor", "Texas Ramsch: the fewest card points win"
        ),
        "ramsch": QT_TRANSLATE_NOOP("ProfileEditor", "Ramsch: the most card points lose"),
        "schieberamsch": QT_TRANSLATE_NOOP("ProfileEditor", "Schieberamsch"),
    },
    "ramsch_skat_to": {
        "last_trick": QT_TRANSLATE_NOOP("ProfileEditor", "The winner of the last trick"),
        "loser": QT_TRANSLATE_NOOP("ProfileEditor", "The loser"),
    },
    "ramsch_scoring": {
        "augen": QT_TRANSLATE_NOOP("ProfileEditor", "Minus the card points (Augenramsch)"),
        "simple": QT_TRANSLATE_NOOP(
            "ProfileEditor", "Minus 10, or 15 with a Jungfrau (simple Ramsch)"
        ),
    },
    "ramsch_ties": {
        "all_tied_lose": QT_TRANSLATE_NOOP("ProfileEditor", "Every tied player loses"),
        "last_trick_loses": QT_TRANSLATE_NOOP(
            "ProfileEditor", "The tied player who took the later trick loses"
        ),
        "split": QT_TRANSLATE_NOOP("ProfileEditor", "The tied players share the loss"),
    },
    "kontra_window": {
        "first_card": QT_TRANSLATE_NOOP("ProfileEditor", "Before the first card of the game"),
        "own_first_card": QT_TRANSLATE_NOOP(
            "ProfileEditor", "Before the defender plays his first card"
        ),
    },
    "kontra_max_level": {
        0: QT_TRANSLATE_NOOP("ProfileEditor", "No doubling"),
        1: QT_TRANSLATE_NOOP("ProfileEditor", "Kontra (×2)"),
        2: QT_TRANSLATE_NOOP("ProfileEditor", "Kontra and Re (×4)"),
        3: QT_TRANSLATE_NOOP("ProfileEditor", "Kontra, Re and Bock (×8)"),
        4: QT_TRANSLATE_NOOP("ProfileEditor", "Kontra, Re, Bock and Hirsch (×16)"),
    },
    "tournament_scoring": {
        "seeger_fabian": QT_TRANSLATE_NOOP("ProfileEditor", "Seeger-Fabian (ISkO)"),
        "texas_match_points": QT_TRANSLATE_NOOP("ProfileEditor", "Match points (Texas)"),
        "pre1999_rating": QT_TRANSLATE_NOOP("ProfileEditor", "Rating before 1999"),
        "running_total": QT_TRANSLATE_NOOP("ProfileEditor", "Game points only"),
    },
}
"""Readable labels of every allowed value of the enumerated options, in the engine's order."""

PART_LABELS: dict[str, dict[Any, str]] = {
    "suit_base": {},  # the four suits, named by the words module in the deck's words
    "null_values": {
        0: QT_TRANSLATE_NOOP("ProfileEditor", "Null"),
        1: QT_TRANSLATE_NOOP("ProfileEditor", "Null Hand"),
        2: QT_TRANSLATE_NOOP("ProfileEditor", "Null Ouvert"),
        3: QT_TRANSLATE_NOOP("ProfileEditor", "Null Ouvert Hand"),
    },
    "table_sizes": {
        3: QT_TRANSLATE_NOOP("ProfileEditor", "3 players"),
        4: QT_TRANSLATE_NOOP("ProfileEditor", "4 players"),
        5: QT_TRANSLATE_NOOP("ProfileEditor", "5 players"),
        6: QT_TRANSLATE_NOOP("ProfileEditor", "6 players"),
    },
    "bock_triggers": {
        "lost_with_60": QT_TRANSLATE_NOOP("ProfileEditor", "A game lost with exactly 60"),
        "grand_hand_won": QT_TRANSLATE_NOOP("ProfileEditor", "A Grand Hand won"),
        "kontra_won": QT_TRANSLATE_NOOP("ProfileEditor", "Kontra won"),
        "kontra_re": QT_TRANSLATE_NOOP("ProfileEditor", "A game with Kontra and Re"),
        "three_equal_digits": QT_TRANSLATE_NOOP(
            "ProfileEditor", "A total of three equal digits (111, −444)"
        ),
        "multiple_of_100": QT_TRANSLATE_NOOP("ProfileEditor", "A total that is a multiple of 100"),
        "value_72": QT_TRANSLATE_NOOP("ProfileEditor", "A game value of 72 or more"),
        "value_96": QT_TRANSLATE_NOOP("ProfileEditor", "A game value of 96 or more"),
    },
}
"""Labels of the parts of a many-valued option: the four numbers of a tuple, or set members."""

SUITS = range(4)  # Clubs, Spades, Hearts, Diamonds (Eichel, Grün, Rot, Schellen) in rank order


def suit_label(suit: int) -> str:
    """A suit as the declare panel names it: ``♣ Clubs`` (``♣ Kreuz``); on German cards
    ``Acorns`` (``Eichel``), whose letter signs would only repeat the name."""
    name = words.suit_name(suit)
    return name if words.german_cards() else f"{words.suit_sign(suit)} {name}"


def part_label(key: str, part: Any) -> str:
    """The label of one part of a many-valued option, in the player's language and deck."""
    if key == "suit_base":
        return suit_label(part)
    return _tr(PART_LABELS[key][part])


def option_tooltip(option: Option) -> str:
    """An option's tooltip; the suits it names are the deck's (Eichel, Grün, Rot, Schellen
    with the German cards)."""
    text = _tr(option.tooltip)
    if option.key == "suit_base":
        text = words.fill(text, ", ".join(words.suit_name(s) for s in SUITS))
    return text


@dataclass(frozen=True)
class Option:
    """How one rule option is shown: its label, its tooltip and the limits of its numbers."""

    key: str
    label: str
    tooltip: str
    minimum: float = 0
    maximum: float = 0
    step: float = 1
    suffix: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    options: tuple[Option, ...]


SECTIONS: tuple[Section, ...] = (
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "Bidding and game values"),
        (
            Option(
                "suit_base",
                QT_TRANSLATE_NOOP("ProfileEditor", "Base values of the suits"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Base value of each trump suit: %1 (usually 12, 11, 10, 9). The game value"
                    " is the base value times the levels, and the bids follow from the game"
                    " values.",
                ),
                1,
                99,
            ),
            Option(
                "grand_base",
                QT_TRANSLATE_NOOP("ProfileEditor", "Base value of Grand"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "24 under the ISkO and before 1999, 16 in the Texas league; some clubs"
                    " play Grand at 20.",
                ),
                16,
                24,
                4,
            ),
            Option(
                "loss_factor_skat",
                QT_TRANSLATE_NOOP("ProfileEditor", "Lost game after picking up the skat"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "A declarer who took up the skat and lost pays this many times the game"
                    " value (2 everywhere).",
                ),
                1,
                4,
                suffix="×",
            ),
            Option(
                "loss_factor_hand",
                QT_TRANSLATE_NOOP("ProfileEditor", "Lost Hand game"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "A declarer who played from the hand and lost pays this many times the game"
                    " value: 2 under the ISkO, 1 in Texas and before 1999. Null Hand included.",
                ),
                1,
                4,
                suffix="×",
            ),
        ),
    ),
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "Hand, Schneider, Ouvert"),
        (
            Option(
                "announce_requires_hand",
                QT_TRANSLATE_NOOP("ProfileEditor", "Schneider and Schwarz announced only in Hand"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, Schneider and Schwarz may only be announced"
                    " in a Hand game (ISkO). Unchecked, also after picking up the skat (Texas).",
                ),
            ),
            Option(
                "announce_rule",
                QT_TRANSLATE_NOOP("ProfileEditor", "Announced levels count"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Whether an announced Schneider or Schwarz adds its level even when the"
                    " declarer does not reach it (ISkO), or only when he does (before 1999).",
                ),
            ),
            Option(
                "ouvert_requires_hand",
                QT_TRANSLATE_NOOP("ProfileEditor", "Suit and Grand Ouvert only in Hand"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, an open suit or Grand game must be played from the hand"
                    " (ISkO). Unchecked, Ouvert may follow a skat pickup (Texas). Null Ouvert"
                    " is always allowed after a pickup.",
                ),
            ),
            Option(
                "ouvert_rule",
                QT_TRANSLATE_NOOP("ProfileEditor", "Value of Ouvert"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "How an open suit or Grand game is valued: one more level on top of"
                    " Schwarz announced (ISkO), the base value doubled (Texas), or Grand Ouvert"
                    " at base 36 (before 1999).",
                ),
            ),
            Option(
                "schneider_min",
                QT_TRANSLATE_NOOP("ProfileEditor", "Schneider from declarer's card points"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "The declarer makes the defenders Schneider with at least this many card"
                    " points: 90 under the ISkO, 91 in Texas.",
                ),
                61,
                120,
            ),
            Option(
                "own_schneider_max",
                QT_TRANSLATE_NOOP("ProfileEditor", "Declarer Schneider with at most"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "The declarer is Schneider himself with this many card points or fewer"
                    " (usually 30).",
                ),
                0,
                59,
            ),
        ),
    ),
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "Null"),
        (
            Option(
                "null_values",
                QT_TRANSLATE_NOOP("ProfileEditor", "Values of the Null games"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Fixed values of Null, Null Hand, Null Ouvert and Null Ouvert Hand:"
                    " 23, 35, 46, 59 under the ISkO; 20, 30, 40, 60 in Texas.",
                ),
                1,
                999,
            ),
        ),
    ),
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "Declaring, conceding, claiming"),
        (
            Option(
                "redeclare",
                QT_TRANSLATE_NOOP("ProfileEditor", "Declared game may be changed"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, the declarer may change his game, higher or lower, until the"
                    " first card is played (Texas). The ISkO does not allow it.",
                ),
            ),
            Option(
                "concession",
                QT_TRANSLATE_NOOP("ProfileEditor", "Declarer may concede"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When the declarer may give up his game. A defender may always concede.",
                ),
            ),
            Option(
                "concession_scoring",
                QT_TRANSLATE_NOOP("ProfileEditor", "A conceded game is scored"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "At the level already reached (ISkO), or as if the other side had taken"
                    " every card still in play (the rule of some online servers).",
                ),
            ),
            Option(
                "declarer_claim_fail",
                QT_TRANSLATE_NOOP("ProfileEditor", "Declarer's claim proves wrong"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "What happens when the declarer lays down his cards and claims the rest,"
                    " but the defenders could still win a trick.",
                ),
            ),
            Option(
                "defender_claim",
                QT_TRANSLATE_NOOP("ProfileEditor", "Defender's claim"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "A defender who shows his cards claims every remaining trick for his side."
                    " This chooses what happens when the claim proves wrong.",
                ),
            ),
        ),
    ),
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "All pass and Ramsch"),
        (
            Option(
                "all_pass",
                QT_TRANSLATE_NOOP("ProfileEditor", "When all three pass"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "What happens when nobody bids: the deal is passed in (ISkO), dealt again"
                    " (before 1999), or played as Ramsch. In Schieberamsch each player may pass"
                    " the skat on, and every push doubles the result.",
                ),
            ),
            Option(
                "ramsch_grand_hand",
                QT_TRANSLATE_NOOP("ProfileEditor", "Grand Hand instead of Ramsch"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, any player may play a Grand Hand instead of the Ramsch.",
                ),
            ),
            Option(
                "ramsch_skat_to",
                QT_TRANSLATE_NOOP("ProfileEditor", "The skat goes to"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Who counts the card points of the skat at the end of a Ramsch.",
                ),
            ),
            Option(
                "ramsch_scoring",
                QT_TRANSLATE_NOOP("ProfileEditor", "The loser scores"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Augenramsch: the player with the most card points scores minus that many,"
                    " and a Durchmarsch (one player takes every trick) scores plus 120. Simple"
                    " Ramsch: the loser scores minus 10, or 15 with a Jungfrau, and a"
                    " Durchmarsch minus 20.",
                ),
            ),
            Option(
                "ramsch_ties",
                QT_TRANSLATE_NOOP("ProfileEditor", "Tie for the most card points"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Who loses when two players have the same, highest card points.",
                ),
            ),
            Option(
                "ramsch_jungfrau_doubles",
                QT_TRANSLATE_NOOP("ProfileEditor", "Jungfrau doubles"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Augenramsch: when checked, the loser's score is doubled if another player"
                    " took no trick (Jungfrau).",
                ),
            ),
            Option(
                "ramsch_penalty",
                QT_TRANSLATE_NOOP("ProfileEditor", "Penalty for a revoke in Ramsch"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Points the offender loses for a revoke or a lead out of turn in a Ramsch"
                    " (Texas: 30).",
                ),
                0,
                999,
            ),
        ),
    ),
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "Kontra, Re and Bock"),
        (
            Option(
                "kontra",
                QT_TRANSLATE_NOOP("ProfileEditor", "Kontra and Re"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, a defender may say Kontra and the declarer answer Re; each"
                    " doubles the score. Not part of the official rules.",
                ),
            ),
            Option(
                "kontra_requires_bid18",
                QT_TRANSLATE_NOOP("ProfileEditor", "Kontra only after bidding 18"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, only a defender who bid or held at least 18 may say Kontra.",
                ),
            ),
            Option(
                "kontra_window",
                QT_TRANSLATE_NOOP("ProfileEditor", "Kontra may be said"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Until when a defender may say Kontra. Re, Bock and Hirsch must follow before"
                    " the next card is played.",
                ),
            ),
            Option(
                "kontra_max_level",
                QT_TRANSLATE_NOOP("ProfileEditor", "Doubling up to"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "How far the doubling may go: after Kontra and Re, Bock and Hirsch double"
                    " the score again.",
                ),
            ),
            Option(
                "bock_rounds",
                QT_TRANSLATE_NOOP("ProfileEditor", "Bock rounds"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, an event below starts a Bock round: one round of deals in"
                    " which every score counts double. Pending rounds queue up.",
                ),
            ),
            Option(
                "bock_triggers",
                QT_TRANSLATE_NOOP("ProfileEditor", "A Bock round follows"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "The events that start a Bock round; the totals are the players' running"
                    " totals on the score sheet.",
                ),
            ),
            Option(
                "bock_ramsch_round",
                QT_TRANSLATE_NOOP("ProfileEditor", "Ramsch round after each Bock round"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "When checked, every Bock round is followed by a round of compulsory Ramsch,"
                    " in which anyone may play a Grand Hand instead.",
                ),
            ),
        ),
    ),
    Section(
        QT_TRANSLATE_NOOP("ProfileEditor", "Table and score sheet"),
        (
            Option(
                "table_sizes",
                QT_TRANSLATE_NOOP("ProfileEditor", "Played at tables of"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "The numbers of players this profile may be used with. At four or more,"
                    " the dealer sits out.",
                ),
            ),
            Option(
                "tournament_scoring",
                QT_TRANSLATE_NOOP("ProfileEditor", "Evaluation of a series"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "How the score sheet is totalled: Seeger-Fabian adds 50 per game won less"
                    " those lost and 40 or 30 for each game the others lose; Texas match points"
                    " are similar; or plain game points.",
                ),
            ),
            Option(
                "texas_matador_bonus_won_only",
                QT_TRANSLATE_NOOP("ProfileEditor", "Texas matador bonus only for won games"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Match points: when checked, the bonus for playing without more than four"
                    " matadors is paid for won games only.",
                ),
            ),
            Option(
                "stake_cents_per_point",
                QT_TRANSLATE_NOOP("ProfileEditor", "Stake per point"),
                QT_TRANSLATE_NOOP(
                    "ProfileEditor",
                    "Money per point when a series is settled, in cents. The ISkO allows at"
                    " most one cent.",
                ),
                0,
                100,
                0.05,
                suffix="ct",
            ),
        ),
    ),
)
"""The editor's sections, following the parts of RULES.md §1 (values, play, all pass, money)."""

OPTIONS: dict[str, Option] = {o.key: o for s in SECTIONS for o in s.options}


def profile_title(profile: RuleProfile) -> str:
    """The title shown to the player: a built-in profile's in his language, a copy's as typed."""
    if BUILTIN.get(profile.name) == profile:
        return _tr(BUILTIN_TITLES.get(profile.name, profile.title))
    return profile.title


def profile_titles(profile: RuleProfile) -> set[str]:
    """Every title the profile may go by: as stored, and a built-in one's in each of the
    program's languages (a series' name keeps the language it was made in)."""
    titles = {profile.title, profile_title(profile)}
    if BUILTIN.get(profile.name) == profile and profile.name in BUILTIN_TITLES:
        source = BUILTIN_TITLES[profile.name]
        titles |= {translated_in(code, _CONTEXT, source) for code in available_languages()}
    return titles


def profile_choices(store: Store) -> list[RuleProfile]:
    """Every profile a game can be played under: the built-in ones first, then stored copies.

    A stored copy that this version cannot read (written by a newer one) is left out.
    """
    found = list(BUILTIN.values())
    for row in store.profiles():
        if row["name"] in BUILTIN:
            continue
        try:
            found.append(store.profile(row["id"]))
        except (ValueError, TypeError, StoreError) as e:
            log.warning("rule profile %r left out: %s", row["name"], e)
    return found


# --- one widget (or a row of widgets) per option ---------------------------------------------


def _widen(box: QSpinBox | QDoubleSpinBox, value: float) -> None:
    """Show a stored value outside the usual limits as it is, never clamped into them."""
    if not box.minimum() <= value <= box.maximum():
        box.setRange(min(box.minimum(), value), max(box.maximum(), value))


class _Field(ABC):
    """The widget(s) of one option: reads and writes the option's engine value."""

    def __init__(self, option: Option, widget: QWidget) -> None:
        self.option = option
        self.widget = widget

    @abstractmethod
    def value(self) -> Any:
        """(each kind of widget has its own)"""

    @abstractmethod
    def set_value(self, value: Any) -> None:
        """(each kind of widget has its own)"""

    @abstractmethod
    def connect(self, slot: Callable[[], None]) -> None:
        """(each kind of widget has its own)"""

    def retranslate(self) -> None:
        self.widget.setToolTip(option_tooltip(self.option))


class _BoolField(_Field):
    def __init__(self, option: Option) -> None:
        super().__init__(option, QCheckBox())
        self.box: QCheckBox = self.widget

    def value(self) -> bool:
        return self.box.isChecked()

    def set_value(self, value: bool) -> None:
        self.box.setChecked(bool(value))

    def connect(self, slot: Callable[[], None]) -> None:
        self.box.toggled.connect(slot)

    def retranslate(self) -> None:
        super().retranslate()
        self.box.setText(_tr(self.option.label))


class _ChoiceField(_Field):
    def __init__(self, option: Option, values: Sequence[Any]) -> None:
        super().__init__(option, QComboBox())
        self.box: QComboBox = self.widget
        self.labels = CHOICE_LABELS[option.key]
        for v in values:
            self.box.addItem(self.labels[v], v)

    def value(self) -> Any:
        return self.box.currentData()

    def set_value(self, value: Any) -> None:
        self.box.setCurrentIndex(self.box.findData(value))

    def connect(self, slot: Callable[[], None]) -> None:
        self.box.currentIndexChanged.connect(slot)

    def retranslate(self) -> None:
        super().retranslate()
        for i in range(self.box.count()):
            self.box.setItemText(i, _tr(self.labels[self.box.itemData(i)]))


class _IntField(_Field):
    def __init__(self, option: Option) -> None:
        super().__init__(option, QSpinBox())
        self.box: QSpinBox = self.widget
        self.box.setRange(int(option.minimum), int(option.maximum))
        self.box.setSingleStep(int(option.step))
        if option.suffix:
            self.box.setSuffix(" " + option.suffix)

    def value(self) -> int:
        return self.box.value()

    def set_value(self, value: int) -> None:
        _widen(self.box, value)
        self.box.setValue(value)

    def connect(self, slot: Callable[[], None]) -> None:
        self.box.valueChanged.connect(slot)


class _FloatField(_Field):
    def __init__(self, option: Option) -> None:
        super().__init__(option, QDoubleSpinBox())
        self.box: QDoubleSpinBox = self.widget
        self.box.setDecimals(3)
        self.box.setRange(option.minimum, option.maximum)
        self.box.setSingleStep(option.step)
        self.box.setSuffix(" " + option.suffix)

    def value(self) -> float:
        return self.box.value()

    def set_value(self, value: float) -> None:
        _widen(self.box, value)
        self.box.setValue(value)

    def connect(self, slot: Callable[[], None]) -> None:
        self.box.valueChanged.connect(slot)


class _NumbersField(_Field):
    """A fixed number of whole numbers side by side (suit base values, Null values)."""

    def __init__(self, option: Option) -> None:
        super().__init__(option, QWidget())
        grid = QGridLayout(self.widget)
        grid.setContentsMargins(0, 0, 0, 0)
        self.parts = SUITS if option.key == "suit_base" else tuple(PART_LABELS[option.key])
        self.labels: list[QLabel] = []
        self.boxes: list[QSpinBox] = []
        for i in self.parts:
            label, box = QLabel(), QSpinBox()
            box.setRange(int(option.minimum), int(option.maximum))
            label.setBuddy(box)
            grid.addWidget(label, 0, i)
            grid.addWidget(box, 1, i)
            self.labels.append(label)
            self.boxes.append(box)

    def value(self) -> tuple[int, ...]:
        return tuple(b.value() for b in self.boxes)

    def set_value(self, value: Sequence[int]) -> None:
        for box, v in zip(self.boxes, value, strict=True):
            _widen(box, v)
            box.setValue(v)

    def connect(self, slot: Callable[[], None]) -> None:
        for box in self.boxes:
            box.valueChanged.connect(slot)

    def retranslate(self) -> None:
        super().retranslate()
        for i, label in zip(self.parts, self.labels, strict=True):
            label.setText(part_label(self.option.key, i))


class _SetField(_Field):
    """A check box per member (Bock triggers, table sizes)."""

    def __init__(self, option: Option, members: Sequence[Any], as_tuple: bool) -> None:
        super().__init__(option, QWidget())
        layout = QVBoxLayout(self.widget)
        layout.setContentsMargins(0, 0, 0, 0)
        self.names = PART_LABELS[option.key]
        self.as_tuple = as_tuple
        self.boxes: dict[Any, QCheckBox] = {}
        for m in members:
            box = QCheckBox()
            layout.addWidget(box)
            self.boxes[m] = box

    def value(self) -> frozenset[Any] | tuple[Any, ...]:
        chosen = [m for m, box in self.boxes.items() if box.isChecked()]
        return tuple(sorted(chosen)) if self.as_tuple else frozenset(chosen)

    def set_value(self, value: Any) -> None:
        for m, box in self.boxes.items():
            box.setChecked(m in value)

    def connect(self, slot: Callable[[], None]) -> None:
        for box in self.boxes.values():
            box.toggled.connect(slot)

    def retranslate(self) -> None:
        super().retranslate()
        for m, box in self.boxes.items():
            box.setText(_tr(self.names[m]))
            box.setToolTip(option_tooltip(self.option))


def _make_field(option: Option) -> _Field:
    key = option.key
    default = getattr(BUILTIN["isko"], key)
    if key in CHOICES:
        return _ChoiceField(option, CHOICES[key])
    if key in CHOICE_LABELS:
        return _ChoiceField(option, tuple(CHOICE_LABELS[key]))
    if key == "bock_triggers":
        return _SetField(option, BOCK_TRIGGERS, as_tuple=False)
    if key == "table_sizes":
        return _SetField(option, tuple(PART_LABELS[key]), as_tuple=True)
    if isinstance(default, bool):
        return _BoolField(option)
    if isinstance(default, int):
        return _IntField(option)
    if isinstance(default, float):
        return _FloatField(option)
    if isinstance(default, tuple):
        return _NumbersField(option)
    raise TypeError(f"no editor for rule option {key}")  # a new kind of option


def _relevant(p: RuleProfile) -> dict[str, bool]:
    """Options that change nothing under the other options' current values are greyed out."""
    club_ramsch = p.all_pass in ("ramsch", "schieberamsch")
    ramsch_round = p.bock_rounds and p.bock_ramsch_round
    return {
        "kontra_requires_bid18": p.kontra,
        "kontra_window": p.kontra,
        "kontra_max_level": p.kontra,
        "bock_triggers": p.bock_rounds,
        "bock_ramsch_round": p.bock_rounds,
        "ramsch_grand_hand": club_ramsch,
        "ramsch_skat_to": club_ramsch or (ramsch_round and not p.is_texas_ramsch),
        "ramsch_scoring": club_ramsch or (ramsch_round and not p.is_texas_ramsch),
        "ramsch_ties": club_ramsch or (ramsch_round and not p.is_texas_ramsch),
        "ramsch_jungfrau_doubles": (club_ramsch or (ramsch_round and not p.is_texas_ramsch))
        and p.ramsch_scoring == "augen",
        "ramsch_penalty": p.plays_ramsch or ramsch_round,
        "texas_matador_bonus_won_only": p.tournament_scoring == "texas_match_points",
    }


# --- the dialog ------------------------------------------------------------------------------


class ProfileEditor(QDialog):
    """Pick a profile, copy it under a new name, change its options, save the copy.

    ``saved`` is the stored profile after a successful Save (the dialog is then accepted).
    """

    def __init__(
        self, store: Store, current: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.saved: RuleProfile | None = None
        self.saved_id: int | None = None
        self._choices = profile_choices(store)
        self._base: RuleProfile = self._choices[0]
        self._draft = False  # editing a copy (True) or looking at an existing profile
        self._loading = False

        self.profile_label = QLabel()
        self.profile_box = QComboBox()
        self.profile_label.setBuddy(self.profile_box)
        for p in self._choices:
            self.profile_box.addItem("", p.name)
        keep_text_whole(self.profile_box)  # titles set (and retranslated) later
        self.copy_button = QPushButton()
        self.copy_button.clicked.connect(self.copy_profile)

        self.name_label, self.name_edit = QLabel(), QLineEdit()
        self.title_label, self.title_edit = QLabel(), QLineEdit()
        self.name_label.setBuddy(self.name_edit)
        self.title_label.setBuddy(self.title_edit)
        self.name_edit.textChanged.connect(self._changed)
        self.title_edit.textChanged.connect(self._changed)
        self.hint = QLabel()
        self.hint.setWordWrap(True)

        self.sections = QListWidget()
        self.pages = QStackedWidget()
        self.fields: dict[str, _Field] = {}
        self._labels: dict[str, QLabel] = {}
        for section in SECTIONS:
            self.sections.addItem("")
            self.pages.addWidget(self._page(section))
        self.sections.currentRowChanged.connect(self.pages.setCurrentIndex)
        self.sections.setCurrentRow(0)

        self.message_icon = QLabel()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.message_icon.setPixmap(icon.pixmap(size, size))
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # it may quote the user's names
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(self.profile_label)
        top.addWidget(self.profile_box, 1)
        top.addWidget(self.copy_button)
        names = QHBoxLayout()
        names.addWidget(self.name_label)
        names.addWidget(self.name_edit, 1)
        names.addWidget(self.title_label)
        names.addWidget(self.title_edit, 2)
        middle = QHBoxLayout()
        middle.addWidget(self.sections)
        middle.addWidget(self.pages, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.message_icon, 0, Qt.AlignmentFlag.AlignTop)
        bottom.addWidget(self.message, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(names)
        layout.addWidget(self.hint)
        layout.addLayout(middle, 1)
        layout.addLayout(bottom)
        layout.addWidget(self.buttons)

        self._retranslate()
        self.profile_box.currentIndexChanged.connect(self._show_selected)
        start = self.profile_box.findData(current) if current else 0
        self.profile_box.setCurrentIndex(max(start, 0))
        self._show_selected()
        self.resize(820, 560)

    # ------------------------------------------------------------------ building

    def _page(self, section: Section) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        for option in section.options:
            field = _make_field(option)
            field.connect(self._changed)
            self.fields[option.key] = field
            if isinstance(field, _BoolField):
                form.addRow(field.widget)  # the check box carries its own label
            else:
                label = QLabel()
                label.setBuddy(field.widget)
                self._labels[option.key] = label
                form.addRow(label, field.widget)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(page)
        return scroll

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Rule profiles"))
        self.sections.setAccessibleName(self.tr("Sections of the rules"))
        self.profile_label.setText(self.tr("&Profile:"))
        self.copy_button.setText(self.tr("&Copy"))
        self.copy_button.setToolTip(
            self.tr("Make an editable copy of this profile under a new name.")
        )
        self.name_label.setText(self.tr("&Name:"))
        self.name_edit.setToolTip(
            self.tr("A short name without spaces; the command line chooses profiles by it.")
        )
        self.title_label.setText(self.tr("&Title:"))
        self.title_edit.setToolTip(self.tr("The title shown on score sheets and in lists."))
        for i, p in enumerate(self._choices):
            if p.name in BUILTIN:
                text = words.fill(self.tr("%1 (built in)"), profile_title(p))
            else:
                text = words.fill(self.tr("%1 (%2)"), p.title, p.name)
            self.profile_box.setItemText(i, text)
        for row, section in enumerate(SECTIONS):
            self.sections.item(row).setText(_tr(section.title))
        frame = 2 * self.sections.frameWidth() + 12
        self.sections.setFixedWidth(self.sections.sizeHintForColumn(0) + frame)
        for key, field in self.fields.items():
            field.retranslate()
            if key in self._labels:
                self._labels[key].setText(_tr(OPTIONS[key].label))
                self._labels[key].setToolTip(option_tooltip(OPTIONS[key]))
        self._update_state()

    # ------------------------------------------------------------------ state

    def current_profile(self) -> RuleProfile:
        """The profile picked in the list (not the copy being edited)."""
        return self._choices[max(self.profile_box.currentIndex(), 0)]

    def is_editing(self) -> bool:
        """Whether a copy is being edited (existing profiles are read-only)."""
        return self._draft

    def _show_selected(self) -> None:
        self._draft = False
        self._base = self.current_profile()
        self._load(self._base, self._base.name, profile_title(self._base))

    def _load(self, profile: RuleProfile, name: str, title: str) -> None:
        self._loading = True
        try:
            self.name_edit.setText(name)
            self.title_edit.setText(title)
            for key, field in self.fields.items():
                field.set_value(getattr(profile, key))
        finally:
            self._loading = False
        self._changed()

    def copy_profile(self) -> None:
        """Start editing a copy of the picked profile under a new, unused name."""
        base = self.current_profile()
        taken = set(BUILTIN) | {row["name"] for row in self.store.profiles()}
        name, n = f"{base.name}-copy", 1
        while name in taken:
            n += 1
            name = f"{base.name}-copy-{n}"
        self._draft = True
        self._base = base
        self._load(base, name, words.fill(self.tr("Copy of %1"), profile_title(base)))
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def _changed(self) -> None:
        if not self._loading:
            self._update_state()

    def draft(self) -> RuleProfile:
        """The copy as the widgets show it; raises ValueError with the engine's reason."""
        name = self.name_edit.text().strip()
        title = self.title_edit.text().strip() or name
        if not name:
            raise ValueError(self.tr("The copy needs a name."))
        if any(ch.isspace() for ch in name):
            raise ValueError(self.tr("A profile name cannot contain spaces."))
        if name in BUILTIN:
            raise ValueError(
                words.fill(
                    self.tr("%1 is the name of a built-in profile; give the copy a new name."), name
                )
            )
        values = {key: field.value() for key, field in self.fields.items()}
        if not values["table_sizes"]:
            raise ValueError(self.tr("Choose at least one table size."))
        return self._base.copy(name, title, **values)

    def _update_state(self) -> None:
        editing = self._draft
        problem = ""
        relevant: dict[str, bool] = {}
        if editing:
            try:
                relevant = _relevant(self.draft())
            except (ValueError, TypeError) as e:
                problem = str(e)
        else:
            relevant = _relevant(self._base)
        for key, field in self.fields.items():
            field.widget.setEnabled(editing and relevant.get(key, True))
            if key in self._labels:
                self._labels[key].setEnabled(editing and relevant.get(key, True))
        self.name_edit.setReadOnly(not editing)
        self.title_edit.setReadOnly(not editing)
        self.copy_button.setEnabled(not editing)
        self.save_button.setEnabled(editing and not problem)
        if editing:
            self.hint.setText(self.tr("Change the options of your copy, then save it."))
        elif self._base.name in BUILTIN:
            self.hint.setText(
                self.tr("Built-in profiles cannot be changed. Copy one to make your own rules.")
            )
        else:
            self.hint.setText(
                self.tr(
                    "A stored profile keeps the rules its games were played under."
                    " Copy it to make changes."
                )
            )
        self._show_message(problem)

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.message_icon.setVisible(bool(text))

    def message_text(self) -> str:
        """The reason shown for refusing the copy ('' when there is none)."""
        return self.message.text() if self.message.isVisibleTo(self) else ""

    # ------------------------------------------------------------------ saving

    def save(self) -> RuleProfile | None:
        """Store the copy; on success accept the dialog and return it, else show why not."""
        if not self._draft:
            return None
        try:
            profile = self.draft()
        except (ValueError, TypeError) as e:
            self._show_message(str(e))
            return None
        try:
            self.saved_id = self.store.save_profile(profile)
        except (StoreError, sqlite3.Error) as e:
            self._show_message(describe(e))
            return None
        self.saved = profile
        self.accept()
        return profile

    @classmethod
    def edit(
        cls, store: Store, current: str | None = None, parent: QWidget | None = None
    ) -> RuleProfile | None:
        """Show the editor modally; the saved copy, or None if the player cancelled."""
        dialog = cls(store, current=current, parent=parent)
        dialog.exec()
        return dialog.saved
