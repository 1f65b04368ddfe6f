"""Skat words the views show — games, contracts, cards, moves, numbers — translated by Qt.

The engine speaks English identifiers (``Contract.label()``, ``GameType.label``); this module
turns them into the words of the player's language through ``QCoreApplication.translate`` in
the context ``GameWords``; the names of games and doublings are the table's own
(:mod:`skat_desktop.gui.texts`), so a word is translated once for every view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLocale
from PySide6.QtGui import QColor, QPalette

from skat_desktop.engine.actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
)
from skat_desktop.engine.cards import GAME_NAMES, SUIT_SYMBOLS, GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.gui import texts

CONTEXT = "GameWords"

_PASSED_IN = QT_TRANSLATE_NOOP("GameWords", "Passed in")
# The additions of Contract.label(), longest first so "Schneider announced" is one phrase;
# their words, like the game names and the doublings, are the table's (gui/texts.py).
_ADDITIONS = ("Schneider announced", "Schwarz announced", "Ouvert", "Hand")
_POSITIONS = (
    QT_TRANSLATE_NOOP("GameWords", "forehand"),
    QT_TRANSLATE_NOOP("GameWords", "middlehand"),
    QT_TRANSLATE_NOOP("GameWords", "rearhand"),
)
# Corner letters: German players say Bube, Dame, König, Ass (B D K A).
_RANKS = (
    "7",
    "8",
    "9",
    "10",
    QT_TRANSLATE_NOOP("GameWords", "J"),
    QT_TRANSLATE_NOOP("GameWords", "Q"),
    QT_TRANSLATE_NOOP("GameWords", "K"),
    QT_TRANSLATE_NOOP("GameWords", "A"),
)


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def game_name(game: str | GameType | None) -> str:
    """``clubs`` / ``GameType.GRAND`` / ``passed_in`` as the player says it."""
    if game is None:
        return ""
    key = game.label if isinstance(game, GameType) else str(game).replace("_", " ").lower()
    if key == "passed in":
        return tr(_PASSED_IN)
    return texts.game_name(GAME_NAMES[key]) if key in GAME_NAMES else str(game)


def game_label(label: str) -> str:
    """Translate an engine label: ``Contract.label()`` or a deal kind (``ramsch``)."""
    text = label.strip()
    if not text:
        return ""
    if text.lower() in GAME_NAMES or text.lower() == "passed in":
        return game_name(text)
    first, _, rest = text.partition(" ")
    words = [game_name(first)]
    while rest:
        for english in _ADDITIONS:
            if rest.startswith(english):
                words.append(texts.tr(english))
                rest = rest[len(english) :].lstrip()
                break
        else:  # a word we do not know: show it as it is
            words.append(rest)
            break
    return " ".join(words)


def contract_text(contract: Contract) -> str:
    return game_label(contract.label())


def position_name(position: int) -> str:
    return tr(_POSITIONS[position])


def doubling_name(level: int) -> str:
    return texts.doubling_name(level) if 1 <= level <= 4 else ""


def card_text(card: int) -> str:
    """A short card name with its suit symbol: ♣J, ♥10 (♣B, ♥10 in German)."""
    return SUIT_SYMBOLS[card >> 3] + tr(_RANKS[card & 7])


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def action_text(action: Action, name: Callable[[int], str]) -> str:
    """One line for a move; ``name(position)`` gives the player's name."""
    who = name(action.player)
    # spelled out in full (context and text as literals) so pyside6-lupdate collects them
    match action:
        case Bid(_, value):
            return QCoreApplication.translate("GameWords", "{player} bids {value}").format(
                player=who, value=value
            )
        case Hold():
            return QCoreApplication.translate("GameWords", "{player} holds").format(player=who)
        case Pass():
            return QCoreApplication.translate("GameWords", "{player} passes").format(player=who)
        case PickUp():
            return QCoreApplication.translate("GameWords", "{player} picks up the skat").format(
                player=who
            )
        case Discard(_, cards):
            return QCoreApplication.translate(
                "GameWords", "{player} puts {cards} into the skat"
            ).format(player=who, cards=cards_text(cards))
        case Push():
            return QCoreApplication.translate("GameWords", "{player} pushes the skat on").format(
                player=who
            )
        case Declare(_, contract, _):
            return QCoreApplication.translate("GameWords", "{player} declares {game}").format(
                player=who, game=contract_text(contract)
            )
        case Double(_, level):
            return QCoreApplication.translate("GameWords", "{player} says {doubling}").format(
                player=who, doubling=doubling_name(level)
            )
        case Play(_, card):
            return QCoreApplication.translate("GameWords", "{player} plays {card}").format(
                player=who, card=card_text(card)
            )
        case Concede():
            return QCoreApplication.translate("GameWords", "{player} concedes").format(player=who)
        case Claim():
            return QCoreApplication.translate("GameWords", "{player} claims the rest").format(
                player=who
            )
    return str(action)


# ----------------------------------------------------------------------------- numbers


def number(value: int | float, decimals: int = 0) -> str:
    """A number in the player's locale (group separators, decimal comma in German)."""
    loc = QLocale()
    if isinstance(value, float) or decimals:
        return loc.toString(float(value), "f", decimals)
    return loc.toString(int(value))


def signed(value: int | float, decimals: int = 0) -> str:
    """Like :func:`number` with an explicit plus sign on positive numbers."""
    text = number(value, decimals)
    return "+" + text if value > 0 else text


def local_date(iso: str) -> str:
    """A date (``yyyy-MM-dd``) as the player's language writes it, with the full year:
    "22.11.2026" in German, "11/22/2026" in English; unreadable text as it is."""
    from PySide6.QtCore import QDate

    from skat_desktop.gui.i18n import current_language

    day = QDate.fromString(iso[:10], "yyyy-MM-dd")
    if not day.isValid():
        return iso
    locale = QLocale(current_language().replace("-", "_"))
    pattern = locale.dateFormat(QLocale.FormatType.ShortFormat)
    if "yyyy" not in pattern:
        pattern = pattern.replace("yy", "yyyy")
    return locale.toString(day, pattern)


def percent(rate: float | None) -> str:
    return "–" if rate is None else number(100 * rate, 1) + " %"


# ----------------------------------------------------------------------------- colours


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def negative_color(palette: QPalette) -> QColor:
    """A red that reads on the palette's base colour, light or dark."""
    return QColor("#ff8a80") if is_dark(palette) else QColor("#b3261e")


def positive_color(palette: QPalette) -> QColor:
    return QColor("#7fd88f") if is_dark(palette) else QColor("#1b6e2d")


def muted_color(palette: QPalette) -> QColor:
    """Secondary text: between the text and the base colour."""
    text = palette.color(QPalette.ColorRole.Text)
    base = palette.color(QPalette.ColorRole.Base)
    return mix(text, base, 0.4)


def mix(a: QColor, b: QColor, share_of_b: float) -> QColor:
    s = max(0.0, min(1.0, share_of_b))
    return QColor(
        round(a.red() * (1 - s) + b.red() * s),
        round(a.green() * (1 - s) + b.green() * s),
        round(a.blue() * (1 - s) + b.blue() * s),
    )
