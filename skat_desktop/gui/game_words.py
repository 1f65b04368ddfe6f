"""Skat's words — suits, cards, games, contracts, moves, doublings, counts — said once.

Every view (the table and its panels, the history, the score sheet, the statistics, the
status bar) names a game term through this module, so a card is called the same
everywhere, in every language, and with the cards the player sees. The words are translated
by Qt in the context ``GameWords``; those that take a count (``%n trick(s)``) or have two
meanings ("Hearts" on French and on German cards) are said by :class:`GameWords`, because
``pyside6-lupdate`` reads numerus forms and disambiguations only from ``self.tr`` in a class.

**The deck decides the suits.** French decks (the two-colour one, the four-colour tournament
deck, decks of other card games) name the suits Clubs, Spades, Hearts, Diamonds (Kreuz, Pik,
Herz, Karo) with the signs ♣♠♥♦ and the ranks Jack, Queen, King, Ace — short J Q K A in
English, B D K A (Bube, Dame, König, Ass) in German. The German deck names the suits Eichel,
Grün, Rot, Schellen and the ranks Unter, Ober, König, Daus; in English Acorns, Leaves, Hearts,
Bells and Unter, Ober, King, Deuce, as English card literature (Parlett, pagat.com) keeps the
German names of the two knaves. No font has acorn, leaf and bell signs, and the French ones
would name other cards, so German cards are written with letters: EU, G10, RO, SD (Eichel
Unter, Grün Zehn, Rot Ober, Schellen Daus; in English AU, L10, HO, BD).

The deck reaches this module from one place, the deck setting: the main window calls
:func:`use_deck` with the chosen deck's id, at start and whenever the player changes it, and
a change makes every open window say its words anew (the ``LanguageChange`` every view
already handles).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QLocale, QObject
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
from skat_desktop.engine.cards import GAME_NAMES, SUIT_SYMBOLS, TEN, GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.scoring import GameResult, RamschResult
from skat_desktop.gui.theme import suit_text_color

CONTEXT = "GameWords"

FRENCH, TOURNAMENT, GERMAN = "french", "tournament", "german"
DECK_STYLES = (FRENCH, TOURNAMENT, GERMAN)
"""How the cards look, as far as their names go: the built-in decks' ids; any other deck
(those of other card games) is French."""

_style = FRENCH


def style_of(deck_id: str) -> str:
    """The style of a deck id: ``german``, ``tournament`` or (any other deck) ``french``."""
    return deck_id if deck_id in DECK_STYLES else FRENCH


def deck_style() -> str:
    """The style of the deck in use (:data:`DECK_STYLES`)."""
    return _style


def german_cards() -> bool:
    """True while the German deck is in use: Eichel, Grün, Rot, Schellen."""
    return _style == GERMAN


def use_deck(deck_id: str, *, notify: bool = True) -> bool:
    """Say the words of the deck ``deck_id`` from now on; True if they changed.

    With ``notify`` a change sends ``LanguageChange`` to the application, as installing a
    translator does: every open window says its words anew, in the new deck's names.
    """
    global _style
    style = style_of(deck_id)
    if style == _style:
        return False
    old_german = _style == GERMAN
    _style = style
    app = QCoreApplication.instance()
    if notify and app is not None and old_german != (style == GERMAN):
        QCoreApplication.sendEvent(app, QEvent(QEvent.Type.LanguageChange))
    return True


# ----------------------------------------------------------------------------- the words


class GameWords(QObject):
    """The words with a count or two meanings (lupdate reads those only from a class)."""

    # cards ------------------------------------------------------------------------------

    def suits(self, german: bool) -> tuple[str, str, str, str]:
        if german:
            return (
                self.tr("Acorns", "German deck"),
                self.tr("Leaves", "German deck"),
                self.tr("Hearts", "German deck"),
                self.tr("Bells", "German deck"),
            )
        return (self.tr("Clubs"), self.tr("Spades"), self.tr("Hearts"), self.tr("Diamonds"))

    def suit_letters(self) -> tuple[str, str, str, str]:
        """The German deck's suit signs: letters, as no font has acorns, leaves and bells."""
        return (
            self.tr("A", "German deck: Acorns"),
            self.tr("L", "German deck: Leaves"),
            self.tr("H", "German deck: Hearts"),
            self.tr("B", "German deck: Bells"),
        )

    def ranks(self, german: bool) -> tuple[str, str, str, str]:
        """Jack, Queen, King, Ace — or Unter, Ober, King, Deuce on German cards."""
        if german:
            return (
                self.tr("Unter", "German deck"),
                self.tr("Ober", "German deck"),
                self.tr("King", "German deck"),
                self.tr("Deuce", "German deck"),
            )
        return (self.tr("Jack"), self.tr("Queen"), self.tr("King"), self.tr("Ace"))

    def rank_letters(self, german: bool) -> tuple[str, str, str, str]:
        if german:
            return (
                self.tr("U", "German deck: Unter"),
                self.tr("O", "German deck: Ober"),
                self.tr("K", "German deck: King"),
                self.tr("D", "German deck: Deuce"),
            )
        return (self.tr("J"), self.tr("Q"), self.tr("K"), self.tr("A"))

    def card_name(self, rank: str, suit: str) -> str:
        return fill(self.tr("%1 of %2"), rank, suit)

    def suit_buttons(self, german: bool) -> tuple[str, str, str, str]:
        """The suit games on the declare panel's buttons, with their shortcut letters."""
        if german:
            return (
                self.tr("Acorn&s", "German deck"),
                self.tr("&Leaves", "German deck"),
                self.tr("H&earts", "German deck"),
                self.tr("&Bells", "German deck"),
            )
        return (
            self.tr("♣ C&lubs"),
            self.tr("♠ &Spades"),
            self.tr("♥ H&earts"),
            self.tr("♦ D&iamonds"),
        )

    # counts -----------------------------------------------------------------------------

    def tricks(self, n: int) -> str:
        return plural(self.tr("%n trick(s)", "", n), n)

    def deals(self, n: int) -> str:
        return plural(self.tr("%Ln deal(s)", "", n), n)

    def deals_of(self, played: int, planned: int) -> str:
        text = plural(self.tr("%1 of %Ln deal(s)", "", planned), planned)
        return fill(text, number(played))

    def ramsch_line(self, name: str, points: int, tricks: int) -> str:
        text = plural(self.tr("%1: %2 points, %n trick(s)", "", tricks), tricks)
        return fill(text, name, points)

    def pushed(self, n: int) -> str:
        """``pushed 2 times`` — how often the skat went on in a Ramsch (Schieberamsch)."""
        return plural(self.tr("pushed %n time(s)", "", n), n)

    # hints ------------------------------------------------------------------------------

    def hint_reason(self, why) -> str:
        """Why a hint's move is good (:class:`skat_desktop.ai.hints.Why`), in words."""
        card = card_text(why.card) if why.card is not None else ""
        kind = why.kind
        if kind == "bid":
            line = fill(self.tr("the hand is worth at least %1"), why.count)
        elif kind == "hold":
            line = self.tr("the hand is worth the bid")
        elif kind == "pass":
            line = self.tr("the hand is not worth a higher bid")
        elif kind == "pick_up":
            line = self.tr("the hand needs the skat")
        elif kind == "discard":
            line = self.tr("%n points safe in the skat", "", why.points)
        elif kind == "declare":
            line = self.tr("the best game for this hand")
        elif kind == "draw_trumps":
            line = self.tr("draws trumps: %n still out", "", why.count)
        elif kind == "cash":
            line = fill(self.tr("cashes %1 (%n points)", "", why.points), card)
        elif kind == "lead":
            line = fill(self.tr("leads %1 to keep control"), card)
        elif kind == "duck":
            line = fill(self.tr("ducks under with %1"), card)
        elif kind == "leave_trick":
            line = fill(self.tr("plays %1 to leave the declarer the trick"), card)
        elif kind == "take":
            line = fill(self.tr("takes the trick with %1 (%n points so far)", "", why.points), card)
        elif kind == "give_partner":
            line = fill(self.tr("gives the partner %n points with %1", "", why.points), card)
        elif kind == "throw":
            line = fill(self.tr("throws %1: the trick is lost anyway"), card)
        else:
            line = self.tr("the rules allow nothing better here")
        if why.share is not None:
            if why.side == "declarer":
                share = self.tr("the declarer wins %1% of the sampled deals")
            else:
                share = self.tr("the defenders win %1% of the sampled deals")
            line += " (" + fill(share, why.share) + ")"
        return line


_words: GameWords | None = None


def plural(text: str, n: int) -> str:
    """English's plural where no translation gave one: ``1 trick(s)`` → ``1 trick``.

    The source strings say ``(s)``; the translations (English's too) give whole forms, but
    before any is installed, or for a string not yet translated, Qt returns the source.
    """
    return text.replace("(s)", "" if n == 1 else "s")


_NUMBERED = re.compile(r"%([1-9])")


def fill(text: str, *values: object) -> str:
    """``text`` with Qt's numbered placeholders %1 … %9 replaced by ``values``, in one pass.

    A chain of ``str.replace`` would fill a placeholder again when an earlier value holds one
    (a player called "%2"); here each value is put in as it is. The count ``%n`` is Qt's and
    stays; a number without a value stays too, so a missing one shows rather than vanishes.
    """

    def value(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return str(values[i - 1]) if i <= len(values) else match.group(0)

    return _NUMBERED.sub(value, text)


def _gw() -> GameWords:
    global _words
    if _words is None:
        _words = GameWords()
    return _words


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


# ----------------------------------------------------------------------------- cards


def suit_name(suit: int) -> str:
    """``Clubs`` / ``Kreuz``; with the German deck ``Acorns`` / ``Eichel``."""
    return _gw().suits(german_cards())[suit]


def suit_sign(suit: int) -> str:
    """``♣`` on French cards; a letter on German ones (``E`` Eichel, ``A`` Acorns)."""
    return _gw().suit_letters()[suit] if german_cards() else SUIT_SYMBOLS[suit]


def rank_letter(rank: int) -> str:
    """``7`` .. ``10``, then J Q K A (B D K A in German); U O K D on German cards."""
    if rank <= TEN:
        return str(rank + 7)
    return _gw().rank_letters(german_cards())[rank - TEN - 1]


def rank_name(rank: int) -> str:
    if rank <= TEN:
        return str(rank + 7)
    return _gw().ranks(german_cards())[rank - TEN - 1]


_spoken = False  # within spoken_cards(): full card names


@contextmanager
def spoken_cards() -> Iterator[None]:
    """Within it :func:`card_text` and :func:`cards_text` say cards in full ("Jack of
    Clubs", "Eichel Unter"), as text to speech and a screen reader should say them: they
    read "♣J" as "black club suit J", and the German deck's "EU" as a word."""
    global _spoken
    before, _spoken = _spoken, True
    try:
        yield
    finally:
        _spoken = before


def card_text(card: int) -> str:
    """A card's short name: ♣J, ♥10 (♣B in German); EU, G10 with the German deck (its
    full name within :func:`spoken_cards`)."""
    if _spoken:
        return card_full_name(card)
    return suit_sign(card >> 3) + rank_letter(card & 7)


def card_full_name(card: int) -> str:
    """A card's full name: "Jack of Clubs", "Kreuz Bube"; "Eichel Unter" on German cards."""
    return _gw().card_name(rank_name(card & 7), suit_name(card >> 3))


def cards_text(cards: Iterable[int]) -> str:
    return (", " if _spoken else " ").join(card_text(c) for c in cards)


def card_html(card: int, dark: bool = False, won: bool = False) -> str:
    """A card's short name coloured like its suit for rich text (legible on the panels in
    either scheme); ``won``: underlined, the card that took its trick."""
    color = suit_text_color(card >> 3, dark)
    line = "; text-decoration: underline" if won else ""
    return f'<span style="color:{color}; font-weight:600{line}">{escape(card_text(card))}</span>'


def suit_button_text(game: GameType | int) -> str:
    """A suit game on the declare panel: ``♣ C&lubs``; ``Acorn&s`` on German cards."""
    return _gw().suit_buttons(german_cards())[int(game)]


# ----------------------------------------------------------------------------- games

_GAMES = {
    GameType.GRAND: QT_TRANSLATE_NOOP("GameWords", "Grand"),
    GameType.NULL: QT_TRANSLATE_NOOP("GameWords", "Null"),
    GameType.RAMSCH: QT_TRANSLATE_NOOP("GameWords", "Ramsch"),
}
_PASSED_IN = QT_TRANSLATE_NOOP("GameWords", "Passed in")
_POSITIONS = (
    QT_TRANSLATE_NOOP("GameWords", "Forehand"),
    QT_TRANSLATE_NOOP("GameWords", "Middlehand"),
    QT_TRANSLATE_NOOP("GameWords", "Rearhand"),
)
_DOUBLINGS = (
    QT_TRANSLATE_NOOP("GameWords", "Kontra"),
    QT_TRANSLATE_NOOP("GameWords", "Re"),
    QT_TRANSLATE_NOOP("GameWords", "Bock"),
    QT_TRANSLATE_NOOP("GameWords", "Hirsch"),
)
# The additions of Contract.label(), longest first so "Schneider announced" is one phrase.
_ADDITIONS = {
    "Schneider announced": QT_TRANSLATE_NOOP("GameWords", "Schneider announced"),
    "Schwarz announced": QT_TRANSLATE_NOOP("GameWords", "Schwarz announced"),
    "Ouvert": QT_TRANSLATE_NOOP("GameWords", "Ouvert"),
    "Hand": QT_TRANSLATE_NOOP("GameWords", "Hand"),
}
_LEVELS = {
    "game": QT_TRANSLATE_NOOP("GameWords", "game"),
    "hand": QT_TRANSLATE_NOOP("GameWords", "hand"),
    "schneider": QT_TRANSLATE_NOOP("GameWords", "Schneider"),
    "schneider_announced": QT_TRANSLATE_NOOP("GameWords", "Schneider announced"),
    "schwarz": QT_TRANSLATE_NOOP("GameWords", "Schwarz"),
    "schwarz_announced": QT_TRANSLATE_NOOP("GameWords", "Schwarz announced"),
    "ouvert": QT_TRANSLATE_NOOP("GameWords", "Ouvert"),
}


def game_name(game: str | GameType | int | None) -> str:
    """A game as the player says it: ``GameType.CLUBS`` or ``"clubs"`` → "Clubs" (Kreuz;
    Eichel on German cards), ``"grand"``, ``"passed_in"`` → "Passed in"."""
    if game is None:
        return ""
    if isinstance(game, int):  # GameType included
        g = GameType(game)
    else:
        key = str(game).replace("_", " ").lower()
        if key == "passed in":
            return tr(_PASSED_IN)
        if key not in GAME_NAMES:
            return str(game)  # a word we do not know: shown as it is
        g = GAME_NAMES[key]
    return suit_name(int(g)) if g.is_suit else tr(_GAMES[g])


def contract_text(contract: Contract) -> str:
    """``Grand Hand``, ``Clubs Schneider announced``, ``Null Ouvert Hand``..."""
    k = contract.normalised()
    parts = [game_name(k.game)]
    if k.hand:
        parts.append(tr(_ADDITIONS["Hand"]))
    if k.ouvert:
        parts.append(tr(_ADDITIONS["Ouvert"]))
    elif k.schwarz_announced:
        parts.append(tr(_ADDITIONS["Schwarz announced"]))
    elif k.schneider_announced:
        parts.append(tr(_ADDITIONS["Schneider announced"]))
    return " ".join(parts)


def game_label(label: str) -> str:
    """Translate an engine label: ``Contract.label()`` (``Clubs Hand``) or a deal's kind
    (``ramsch``, ``passed_in``), as the score sheet and the history store them."""
    text = label.strip()
    if not text:
        return ""
    first, _, rest = text.partition(" ")
    if text.lower().replace("_", " ") == "passed in" or not rest:
        return game_name(text)
    words = [game_name(first)]
    while rest:
        for english, source in _ADDITIONS.items():
            if rest.startswith(english):
                words.append(tr(source))
                rest = rest[len(english) :].lstrip()
                break
        else:  # a word we do not know: show it as it is
            words.append(rest)
            break
    return " ".join(words)


def position_name(position: int) -> str:
    """Forehand, Middlehand, Rearhand (Vorhand, Mittelhand, Hinterhand)."""
    return tr(_POSITIONS[position])


def doubling_name(level: int) -> str:
    """Kontra (1), Re (2), Bock (3), Hirsch (4); "" for anything else."""
    return tr(_DOUBLINGS[level - 1]) if 1 <= level <= 4 else ""


def tricks_text(n: int) -> str:
    """``1 trick``, ``3 tricks`` (``1 Stich``, ``3 Stiche``)."""
    return _gw().tricks(n)


def deals_text(n: int) -> str:
    """``1 deal``, ``12 deals`` (``1 Spiel``, ``12 Spiele``)."""
    return _gw().deals(n)


def deals_of_text(played: int, planned: int) -> str:
    """``2 of 48 deals`` (``2 von 48 Spielen``)."""
    return _gw().deals_of(played, planned)


def pushed_text(n: int) -> str:
    """``pushed 1 time``, ``pushed 2 times`` (``einmal geschoben``, ``2-mal geschoben``)."""
    return _gw().pushed(n)


# ----------------------------------------------------------------------------- moves


def action_text(action: Action, name: Callable[[int], str]) -> str:
    """One line for a move; ``name(position)`` gives the player's name."""
    who = name(action.player)
    # spelled out in full (context and text as literals) so pyside6-lupdate collects them
    match action:
        case Bid(_, value):
            return fill(QCoreApplication.translate("GameWords", "%1 bids %2"), who, value)
        case Hold():
            return fill(QCoreApplication.translate("GameWords", "%1 holds"), who)
        case Pass():
            return fill(QCoreApplication.translate("GameWords", "%1 passes"), who)
        case PickUp():
            return fill(QCoreApplication.translate("GameWords", "%1 picks up the skat"), who)
        case Discard(_, cards):
            return fill(
                QCoreApplication.translate("GameWords", "%1 puts %2 into the skat"),
                who,
                cards_text(cards),
            )
        case Push():
            return fill(QCoreApplication.translate("GameWords", "%1 pushes the skat on"), who)
        case Declare(_, contract, _):
            return fill(
                QCoreApplication.translate("GameWords", "%1 declares %2"),
                who,
                contract_text(contract),
            )
        case Double(_, level):
            return fill(
                QCoreApplication.translate("GameWords", "%1 says %2"), who, doubling_name(level)
            )
        case Play(_, card):
            return fill(
                QCoreApplication.translate("GameWords", "%1 plays %2"), who, card_text(card)
            )
        case Concede():
            return fill(QCoreApplication.translate("GameWords", "%1 concedes"), who)
        case Claim():
            return fill(QCoreApplication.translate("GameWords", "%1 claims the rest"), who)
    return str(action)


def move_text(action: Action) -> str:
    """A move without its player, as a hint proposes it: ``bid 18``, ``♣J``, ``Grand Hand``."""
    match action:
        case Bid(_, value):
            return fill(QCoreApplication.translate("GameWords", "bid %1"), value)
        case Hold():
            return QCoreApplication.translate("GameWords", "hold")
        case Pass():
            return QCoreApplication.translate("GameWords", "pass")
        case PickUp():
            return QCoreApplication.translate("GameWords", "pick up the skat")
        case Discard(_, cards):
            return fill(
                QCoreApplication.translate("GameWords", "put %1 into the skat"), cards_text(cards)
            )
        case Push():
            return QCoreApplication.translate("GameWords", "push the skat on")
        case Declare(_, contract, _):
            return contract_text(contract)
        case Double(_, level):
            return doubling_name(level)
        case Play(_, card):
            return card_text(card)
        case Concede():
            return QCoreApplication.translate("GameWords", "give up")
        case Claim():
            return QCoreApplication.translate("GameWords", "claim the rest")
    return type(action).__name__


def hint_reason(hint) -> str:
    """Why a hint's move is good, in the player's words (the engine's English line if the
    hint carries no reason as data)."""
    why = getattr(hint, "why", None)
    return _gw().hint_reason(why) if why is not None else str(getattr(hint, "reason", ""))


# ----------------------------------------------------------------------------- results

# The engine's reasons for how a deal ended (engine/deal.py), said in the player's language;
# a reason not listed here is shown as the engine wrote it.
_REASONS = frozenset(
    (
        QT_TRANSLATE_NOOP("GameWords", "all passed"),
        QT_TRANSLATE_NOOP("GameWords", "Null declared below the bid (ISkO 3.4.4)"),
        QT_TRANSLATE_NOOP("GameWords", "the declarer took a trick in Null"),
        QT_TRANSLATE_NOOP("GameWords", "the defenders took a trick against Schwarz announced"),
        QT_TRANSLATE_NOOP("GameWords", "failed claim: the defenders collect the rest (pre-1999)"),
        QT_TRANSLATE_NOOP("GameWords", "conceded: Null lost"),
        QT_TRANSLATE_NOOP("GameWords", "conceded: Null won"),
        QT_TRANSLATE_NOOP("GameWords", "conceded by the declarer: the rest to the defenders"),
        QT_TRANSLATE_NOOP("GameWords", "conceded by a defender: the rest to the declarer"),
        QT_TRANSLATE_NOOP("GameWords", "conceded by the declarer"),
        QT_TRANSLATE_NOOP("GameWords", "conceded by a defender"),
        QT_TRANSLATE_NOOP("GameWords", "claim proven: the declarer takes no further trick"),
        QT_TRANSLATE_NOOP("GameWords", "claim failed: the declarer cannot avoid a trick"),
        QT_TRANSLATE_NOOP("GameWords", "claim proven: the rest goes to the declarer"),
        QT_TRANSLATE_NOOP("GameWords", "claim failed: the rest goes to the defenders"),
        QT_TRANSLATE_NOOP("GameWords", "defender's claim proven: the rest goes to the defenders"),
        QT_TRANSLATE_NOOP("GameWords", "defender's claim failed: the declarer wins"),
        QT_TRANSLATE_NOOP("GameWords", "defender's claim failed: the rest goes to the declarer"),
    )
)


def result_reason(reason: str) -> str:
    """How a deal ended (``DealResult.reason``), in the player's language."""
    return tr(reason) if reason in _REASONS else reason


def value_lines(r: GameResult) -> list[str]:
    """The value computation line by line (the engine's ``GameResult.explain``, translated)."""
    lines: list[str] = []
    if r.game == GameType.NULL and r.null_lost_as is None:
        lines.append(fill(QCoreApplication.translate("GameWords", "Null: value %1"), r.value))
    else:
        if r.null_lost_as is not None:
            lines.append(
                fill(
                    QCoreApplication.translate("GameWords", "Null below the bid: charged as %1"),
                    game_name(r.null_lost_as),
                )
            )
        if r.with_matadors:
            line = QCoreApplication.translate("GameWords", "with %1")
        else:
            line = QCoreApplication.translate("GameWords", "without %1")
        lines.append(fill(line, r.matadors))
        for level in r.levels:
            lines.append(
                fill(
                    QCoreApplication.translate("GameWords", "+1 %1"), tr(_LEVELS.get(level, level))
                )
            )
        lines.append(
            fill(
                QCoreApplication.translate("GameWords", "= %1 × %2 = %3"),
                r.multiplier,
                r.base,
                r.multiplier * r.base,
            )
        )
        if r.overbid:
            lines.append(
                fill(QCoreApplication.translate("GameWords", "overbid: charged at %1"), r.value)
            )
    if not r.won:
        lines.append(fill(QCoreApplication.translate("GameWords", "lost: × %1"), r.loss_factor))
    if r.kontra:
        names = " + ".join(doubling_name(i + 1) for i in range(r.kontra))
        lines.append(f"{names}: × {2**r.kontra}")
    if r.bock:
        lines.append(QCoreApplication.translate("GameWords", "Bock round: × 2"))
    lines.append(fill(QCoreApplication.translate("GameWords", "score %1"), f"{r.score:+d}"))
    return lines


def ramsch_lines(
    r: RamschResult, names: tuple[str, str, str], scores: tuple[int, int, int] | None = None
) -> list[str]:
    """How a Ramsch was scored, by player (``names`` by position). ``scores``: the deal's
    final scores, when a Bock round doubled the Ramsch's own."""
    lines = [_gw().ramsch_line(names[i], r.points[i], r.tricks[i]) for i in range(3)]
    if r.durchmarsch is not None:
        lines.append(
            fill(
                QCoreApplication.translate("GameWords", "Durchmarsch: %1 took every trick"),
                names[r.durchmarsch],
            )
        )
    if r.jungfrau:
        lines.append(QCoreApplication.translate("GameWords", "Jungfrau: a player took no trick"))
    if r.pushes:
        lines.append(f"{pushed_text(r.pushes)}: × {2**r.pushes}")
    final = tuple(scores) if scores is not None else r.scores
    if final != r.scores and any(r.scores):
        lines.append(QCoreApplication.translate("GameWords", "Bock round: × 2"))
    for i in range(3):
        if final[i]:
            lines.append(f"{names[i]} {final[i]:+d}")
    if not any(final):
        lines.append(QCoreApplication.translate("GameWords", "no score"))
    return lines


# ----------------------------------------------------------------------------- numbers


def number(value: int | float, decimals: int = 0) -> str:
    """A number as the program's language writes it (group separators, decimal comma in
    German), like :func:`local_date`: German chosen on an English system says "0,50"."""
    from skat_desktop.gui.i18n import current_language

    loc = QLocale(current_language().replace("-", "_"))
    if isinstance(value, float) or decimals:
        return loc.toString(float(value), "f", decimals)
    return loc.toString(int(value))


def signed(value: int | float, decimals: int = 0) -> str:
    """Like :func:`number` with an explicit plus sign on positive numbers."""
    text = number(value, decimals)
    return "+" + text if value > 0 else text


def local_date(iso: str, language: str = "") -> str:
    """A date (``yyyy-MM-dd``) as the player's language (or ``language``) writes it, with
    the full year: "22.11.2026" in German, "11/22/2026" in English; unreadable text as
    it is."""
    from PySide6.QtCore import QDate

    from skat_desktop.gui.i18n import current_language

    day = QDate.fromString(iso[:10], "yyyy-MM-dd")
    if not day.isValid():
        return iso
    locale = QLocale((language or current_language()).replace("-", "_"))
    return locale.toString(day, date_pattern(language))


def date_pattern(language: str = "") -> str:
    """How the player's language (or ``language``) writes a date, with the full year, as a
    Qt date pattern ("dd.MM.yyyy" in German): for date fields and chart axes."""
    from skat_desktop.gui.i18n import current_language

    locale = QLocale((language or current_language()).replace("-", "_"))
    pattern = locale.dateFormat(QLocale.FormatType.ShortFormat)
    return pattern if "yyyy" in pattern else pattern.replace("yy", "yyyy")


def names_date(title: str, iso: str) -> bool:
    """Whether a series' ``title`` already names its date ``iso``: a table's series is
    called "<rules>, <date>" in the language it was started in, which may not be the
    player's now."""
    from skat_desktop.gui.i18n import available_languages

    return iso in title or any(local_date(iso, code) in title for code in available_languages())


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


# ----------------------------------------------------------------------------- seat names

_COMPUTER_NAME = re.compile(r"(beginner|standard|expert|random) ([1-9])")
"""A computer seat's default name as the table stores it (``SeatSpec.display_name``)."""


def seat_name(name: str) -> str:
    """A seat's stored name as shown: a computer's default ``"beginner 2"`` in the player's
    language ("Anfänger 2"); any other name as it is. The stored name stays English, so
    sheets, statistics and the CLI keep one name for the same seat."""
    found = _COMPUTER_NAME.fullmatch(name)
    if found is None:
        return name
    level = {
        "beginner": QCoreApplication.translate("GameWords", "beginner %1"),
        "standard": QCoreApplication.translate("GameWords", "standard %1"),
        "expert": QCoreApplication.translate("GameWords", "expert %1"),
        "random": QCoreApplication.translate("GameWords", "random %1"),
    }[found.group(1)]
    return fill(level, found.group(2))


def seat_names(names: Sequence[str]) -> list[str]:
    """Every seat's name as shown (see ``seat_name``)."""
    return [seat_name(name) for name in names]


# ----------------------------------------------------------------------------- levels


def level_words() -> dict[str, tuple[str, str]]:
    """Each computer level's name and its one-line strength, as the welcome panel, the
    new-game and the LAN dialogs say them (one set of words, the welcome panel's
    translations). The figures are the README's ladder: keep them in step."""
    return {
        "random": (
            QCoreApplication.translate("WelcomePanel", "random moves"),
            QCoreApplication.translate("WelcomePanel", "plays any legal card (a baseline)"),
        ),
        "beginner": (
            QCoreApplication.translate("WelcomePanel", "beginner"),
            QCoreApplication.translate("WelcomePanel", "simple rules of thumb, quick"),
        ),
        "standard": (
            QCoreApplication.translate("WelcomePanel", "standard"),
            QCoreApplication.translate(
                "WelcomePanel",
                "plans by simulating deals (about 1 s per card); beats the classic free "
                "Skat program by about 9 points per game",
            ),
        ),
        "expert": (
            QCoreApplication.translate("WelcomePanel", "expert"),
            QCoreApplication.translate("WelcomePanel", "more simulations per card; slower"),
        ),
    }


def level_title(level: str | None) -> str:
    """A level's name in the player's language (an unknown one as it is)."""
    return level_words().get(level or "", (level or "", ""))[0]


# ----------------------------------------------------------------------------- refusals

ENTRY_REFUSAL_CONTEXT = "EntryRefusal"
ENTRY_REFUSALS: dict[str, tuple[str, tuple[str, ...]]] = {
    # engine/contract.py: contract_refusal
    "hand_after_pickup": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "a Hand game cannot be declared after picking up the skat"
        ),
        (),
    ),
    "ramsch_declared": (
        QT_TRANSLATE_NOOP("EntryRefusal", "Ramsch is not a game a declarer can name"),
        (),
    ),
    "null_announced": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "Schneider or Schwarz cannot be announced in a Null game"
        ),
        (),
    ),
    "ouvert_needs_hand": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "ouvert suit and Grand games must be Hand games under %1"
        ),
        ("profile",),
    ),
    "announce_needs_hand": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "Schneider or Schwarz may only be announced in a Hand game under %1"
        ),
        ("profile",),
    ),
    # engine/entry.py: score_entry
    "bid_not_game_value": (
        QT_TRANSLATE_NOOP("EntryRefusal", "%1 is not a game value one can bid under %2"),
        ("bid", "profile"),
    ),
    "kontra_not_allowed": (
        QT_TRANSLATE_NOOP("EntryRefusal", "Kontra level %1 is not allowed under %2"),
        ("level", "profile"),
    ),
    "no_bock_rounds": (QT_TRANSLATE_NOOP("EntryRefusal", "%1 has no Bock rounds"), ("profile",)),
    "null_charged_as_null": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "a Null below the bid is charged as a suit or Grand game"
        ),
        (),
    ),
    "matadors_out_of_range": (
        QT_TRANSLATE_NOOP("EntryRefusal", "%1 has 1 to %2 matadors, not %3"),
        ("game", "top", "matadors"),
    ),
    "null_schneider": (
        QT_TRANSLATE_NOOP("EntryRefusal", "a Null game has no Schneider or Schwarz"),
        (),
    ),
    "null_below_bid_unnamed": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "Null worth %1 is below the bid %2: name the game it is charged as"
        ),
        ("value", "bid"),
    ),
    "null_below_bid_won": (
        QT_TRANSLATE_NOOP("EntryRefusal", "a Null worth %1 cannot win a bid of %2"),
        ("value", "bid"),
    ),
    "schneider_announced_missed": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "an announced Schneider that was not reached cannot be won"
        ),
        (),
    ),
    "schwarz_announced_missed": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "an announced Schwarz (or ouvert) game needs every trick"
        ),
        (),
    ),
    "below_the_bid": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal",
            "%1 with these matadors and levels stays below the bid %2: it is lost as overbid",
        ),
        ("contract", "bid"),
    ),
    "not_overbid": (
        QT_TRANSLATE_NOOP("EntryRefusal", "the entry says overbid, but the game covers the bid"),
        (),
    ),
    "overbid": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "the game is overbid: its value does not reach the bid %1"
        ),
        ("bid",),
    ),
    # engine/entry.py: score_ramsch_entry
    "no_ramsch": (QT_TRANSLATE_NOOP("EntryRefusal", "%1 plays no Ramsch"), ("profile",)),
    "ramsch_tricks": (
        QT_TRANSLATE_NOOP("EntryRefusal", "the three players' tricks must add up to 10"),
        (),
    ),
    "ramsch_skat_points": (
        QT_TRANSLATE_NOOP("EntryRefusal", "the skat holds 0 to 21 card points"),
        (),
    ),
    "ramsch_points": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "card points from the tricks plus the skat must add up to 120"
        ),
        (),
    ),
    "points_without_trick": (
        QT_TRANSLATE_NOOP("EntryRefusal", "a player without a trick has no card points"),
        (),
    ),
    "last_trick_without_trick": (
        QT_TRANSLATE_NOOP("EntryRefusal", "the player who took the last trick must have a trick"),
        (),
    ),
    "push_not_schieberamsch": (
        QT_TRANSLATE_NOOP("EntryRefusal", "pushing the skat belongs to Schieberamsch"),
        (),
    ),
    "too_many_pushes": (
        QT_TRANSLATE_NOOP("EntryRefusal", "at most three players can push the skat"),
        (),
    ),
    # app/sheets.py: entry_to_result and the series replay
    "not_true_or_false": (
        QT_TRANSLATE_NOOP("EntryRefusal", "%1 must be true or false"),
        ("field",),
    ),
    "not_whole_number": (
        QT_TRANSLATE_NOOP("EntryRefusal", "%1 must be a whole number"),
        ("field",),
    ),
    "seat_sits_out": (
        QT_TRANSLATE_NOOP("EntryRefusal", "seat %1 does not play this deal (the dealer sits out)"),
        ("seat",),
    ),
    "entry_not_object": (QT_TRANSLATE_NOOP("EntryRefusal", "an entry must be an object"), ()),
    "all_pass_is_ramsch": (
        QT_TRANSLATE_NOOP("EntryRefusal", "under %1 an all-pass deal is played as Ramsch"),
        ("profile",),
    ),
    "ramsch_needs_seats": (
        QT_TRANSLATE_NOOP("EntryRefusal", "a Ramsch entry needs points and tricks for %1 seats"),
        ("seats",),
    ),
    "dealer_out_takes_tricks": (
        QT_TRANSLATE_NOOP("EntryRefusal", "the dealer sitting out takes no tricks"),
        (),
    ),
    "later_trick_not_list": (
        QT_TRANSLATE_NOOP("EntryRefusal", "later_trick must be a list of seats"),
        (),
    ),
    "ramsch_not_numbers": (
        QT_TRANSLATE_NOOP("EntryRefusal", "card points and tricks must be whole numbers (%1)"),
        ("detail",),
    ),
    "unknown_kind": (
        QT_TRANSLATE_NOOP("EntryRefusal", "an entry's kind is game, ramsch or passed_in"),
        (),
    ),
    "bad_contract": (
        QT_TRANSLATE_NOOP("EntryRefusal", "the declared game cannot be read (%1)"),
        ("detail",),
    ),
    "unknown_lose_as": (
        QT_TRANSLATE_NOOP("EntryRefusal", "unknown game %1 in lose_as"),
        ("game",),
    ),
    "overbid_not_flag": (
        QT_TRANSLATE_NOOP("EntryRefusal", "overbid must be true, false or null"),
        (),
    ),
    "declarer_points_range": (
        QT_TRANSLATE_NOOP("EntryRefusal", "declarer_points must be 0 to 120"),
        (),
    ),
    "dealer_not_at_table": (
        QT_TRANSLATE_NOOP("EntryRefusal", "its dealer seat %1 is not at the table"),
        ("seat",),
    ),
    # app/sheets.py: card_points_refusal (card points that contradict the result)
    "null_card_points": (QT_TRANSLATE_NOOP("EntryRefusal", "a Null game has no card points"), ()),
    "won_below_61": (
        QT_TRANSLATE_NOOP("EntryRefusal", "a game is won with at least 61 card points, not %1"),
        ("points",),
    ),
    "schwarz_won_points": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal", "a Schwarz game won gives the declarer all 120 card points, not %1"
        ),
        ("points",),
    ),
    "schwarz_lost_points": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal",
            "with Schwarz one side takes every trick: the declarer has 120 card points or at "
            "most the skat's %2, not %1",
        ),
        ("points", "skat"),
    ),
    "lost_with_points_won": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal",
            "with %1 card points this game is won: with 61 or more it is lost only when "
            "overbid or when an announced Schneider or Schwarz is missed",
        ),
        ("points",),
    ),
    "no_schneider_at_points": (
        QT_TRANSLATE_NOOP("EntryRefusal", "with %1 card points neither side is Schneider"),
        ("points",),
    ),
    "schneider_at_points": (
        QT_TRANSLATE_NOOP(
            "EntryRefusal",
            "with %1 card points one side is Schneider, but the entry does not say so",
        ),
        ("points",),
    ),
    "card_points_contradict": (
        QT_TRANSLATE_NOOP("EntryRefusal", "%1 card points do not fit the result entered"),
        ("points",),
    ),
}
"""Every refusal code of the club entry (``ImpossibleEntry.code``, the contract's refusals
among them): the English sentence as the engine says it, with %1… for its ``params`` in
this order."""


def _refusal_value(value: object) -> str:
    """A refusal's parameter in the player's words: a profile by its shown title, a game and
    a contract with the deck's names; numbers and anything else as they are."""
    from skat_desktop.engine.profiles import RuleProfile
    from skat_desktop.gui.profile_editor import profile_title  # it imports this module

    if isinstance(value, RuleProfile):
        return profile_title(value)
    if isinstance(value, Contract):
        return contract_text(value)
    if isinstance(value, GameType):
        return game_name(value)
    return str(value)


def entry_refusal(error: BaseException) -> str:
    """Why an entry was refused, in one line of the player's language.

    The engine says it in English (``ImpossibleEntry``'s message, which the CLI shows);
    its ``code`` and ``params`` give the translation here. An error without a known code,
    or whose parameters are missing, shows its own first line: never nothing, never a crash.
    """
    english = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    known = ENTRY_REFUSALS.get(getattr(error, "code", "") or "")
    params = getattr(error, "params", None)
    if known is None or not isinstance(params, dict):
        return english
    text, keys = known
    if any(key not in params for key in keys):
        return english
    try:
        values = [_refusal_value(params[key]) for key in keys]
    except Exception:  # a parameter that cannot be named: the engine's sentence
        return english
    return fill(QCoreApplication.translate(ENTRY_REFUSAL_CONTEXT, text), *values)
