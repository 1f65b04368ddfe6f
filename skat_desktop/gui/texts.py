"""The words of the game as the table shows them, through Qt's translation system.

The engine speaks English in its own messages; everything a player reads on the table
(game names, positions, Kontra, the value computation line by line) is said here once,
with a translation context, so ``pyside6-lupdate`` collects it for a German ``.ts``.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from skat_desktop.engine.cards import GameType, unicode_name
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.scoring import GameResult, RamschResult

_GAMES = {
    GameType.CLUBS: QT_TRANSLATE_NOOP("Game", "Clubs"),
    GameType.SPADES: QT_TRANSLATE_NOOP("Game", "Spades"),
    GameType.HEARTS: QT_TRANSLATE_NOOP("Game", "Hearts"),
    GameType.DIAMONDS: QT_TRANSLATE_NOOP("Game", "Diamonds"),
    GameType.GRAND: QT_TRANSLATE_NOOP("Game", "Grand"),
    GameType.NULL: QT_TRANSLATE_NOOP("Game", "Null"),
    GameType.RAMSCH: QT_TRANSLATE_NOOP("Game", "Ramsch"),
}
_POSITIONS = (
    QT_TRANSLATE_NOOP("Game", "Forehand"),
    QT_TRANSLATE_NOOP("Game", "Middlehand"),
    QT_TRANSLATE_NOOP("Game", "Rearhand"),
)
_DOUBLINGS = (
    QT_TRANSLATE_NOOP("Game", "Kontra"),
    QT_TRANSLATE_NOOP("Game", "Re"),
    QT_TRANSLATE_NOOP("Game", "Bock"),
    QT_TRANSLATE_NOOP("Game", "Hirsch"),
)
_LEVELS = {
    "game": QT_TRANSLATE_NOOP("Game", "game"),
    "hand": QT_TRANSLATE_NOOP("Game", "hand"),
    "schneider": QT_TRANSLATE_NOOP("Game", "Schneider"),
    "schneider_announced": QT_TRANSLATE_NOOP("Game", "Schneider announced"),
    "schwarz": QT_TRANSLATE_NOOP("Game", "Schwarz"),
    "schwarz_announced": QT_TRANSLATE_NOOP("Game", "Schwarz announced"),
    "ouvert": QT_TRANSLATE_NOOP("Game", "Ouvert"),
}


def tr(text: str) -> str:
    return QCoreApplication.translate("Game", text)


def game_name(game: GameType | int) -> str:
    return tr(_GAMES[GameType(game)])


def position_name(position: int) -> str:
    return tr(_POSITIONS[position])


def doubling_name(level: int) -> str:
    """Kontra (1), Re (2), Bock (3), Hirsch (4)."""
    return tr(_DOUBLINGS[level - 1])


def contract_label(contract: Contract) -> str:
    """``Grand Hand``, ``Clubs Schneider announced``, ``Null Ouvert Hand``..."""
    k = contract.normalised()
    parts = [game_name(k.game)]
    if k.hand:
        parts.append(QCoreApplication.translate("Game", "Hand"))
    if k.ouvert:
        parts.append(QCoreApplication.translate("Game", "Ouvert"))
    elif k.schwarz_announced:
        parts.append(QCoreApplication.translate("Game", "Schwarz announced"))
    elif k.schneider_announced:
        parts.append(QCoreApplication.translate("Game", "Schneider announced"))
    return " ".join(parts)


def tricks_text(n: int) -> str:
    """``1 trick``, ``3 tricks``."""
    if n == 1:
        return QCoreApplication.translate("Game", "1 trick")
    return QCoreApplication.translate("Game", "%1 tricks").replace("%1", str(n))


def card_name(card: int) -> str:
    """Suit symbol and rank, e.g. ♣J, ♥10 (the same in every language)."""
    return unicode_name(card)


def card_html(card: int, dark: bool = False) -> str:
    """A card name coloured like its suit, for rich text."""
    red = card >> 3 in (2, 3)
    color = ("#ff7b7b" if dark else "#c62828") if red else ("#e8e8e8" if dark else "#1c1c1c")
    return f'<span style="color:{color}; font-weight:600">{card_name(card)}</span>'


def value_lines(r: GameResult) -> list[str]:
    """The value computation line by line (the engine's ``GameResult.explain``, translated)."""
    lines: list[str] = []
    if r.game == GameType.NULL and r.null_lost_as is None:
        lines.append(
            QCoreApplication.translate("Game", "Null: value %1").replace("%1", str(r.value))
        )
    else:
        if r.null_lost_as is not None:
            lines.append(
                QCoreApplication.translate("Game", "Null below the bid: charged as %1").replace(
                    "%1", game_name(r.null_lost_as)
                )
            )
        if r.with_matadors:
            line = QCoreApplication.translate("Game", "with %1")
        else:
            line = QCoreApplication.translate("Game", "without %1")
        lines.append(line.replace("%1", str(r.matadors)))
        for level in r.levels:
            lines.append(
                QCoreApplication.translate("Game", "+1 %1").replace(
                    "%1", tr(_LEVELS.get(level, level))
                )
            )
        lines.append(
            QCoreApplication.translate("Game", "= %1 × %2 = %3")
            .replace("%1", str(r.multiplier))
            .replace("%2", str(r.base))
            .replace("%3", str(r.multiplier * r.base))
        )
        if r.overbid:
            lines.append(
                QCoreApplication.translate("Game", "overbid: charged at %1").replace(
                    "%1", str(r.value)
                )
            )
    if not r.won:
        lines.append(
            QCoreApplication.translate("Game", "lost: × %1").replace("%1", str(r.loss_factor))
        )
    if r.kontra:
        names = " + ".join(doubling_name(i + 1) for i in range(r.kontra))
        lines.append(f"{names}: × {2**r.kontra}")
    if r.bock:
        lines.append(QCoreApplication.translate("Game", "Bock round: × 2"))
    lines.append(QCoreApplication.translate("Game", "score %1").replace("%1", f"{r.score:+d}"))
    return lines


def ramsch_lines(
    r: RamschResult, names: tuple[str, str, str], scores: tuple[int, int, int] | None = None
) -> list[str]:
    """How a Ramsch was scored, by player (``names`` by position). ``scores``: the deal's
    final scores, when a Bock round doubled the Ramsch's own."""
    lines = [
        QCoreApplication.translate("Game", "%1: %2 points, %3 tricks")
        .replace("%1", names[i])
        .replace("%2", str(r.points[i]))
        .replace("%3", str(r.tricks[i]))
        for i in range(3)
    ]
    if r.durchmarsch is not None:
        lines.append(
            QCoreApplication.translate("Game", "Durchmarsch: %1 took every trick").replace(
                "%1", names[r.durchmarsch]
            )
        )
    if r.jungfrau:
        lines.append(QCoreApplication.translate("Game", "Jungfrau: a player took no trick"))
    if r.pushes:
        lines.append(
            QCoreApplication.translate("Game", "pushed %1 times: × %2")
            .replace("%1", str(r.pushes))
            .replace("%2", str(2**r.pushes))
        )
    final = tuple(scores) if scores is not None else r.scores
    if final != r.scores and any(r.scores):
        lines.append(QCoreApplication.translate("Game", "Bock round: × 2"))
    for i in range(3):
        if final[i]:
            lines.append(f"{names[i]} {final[i]:+d}")
    if not any(final):
        lines.append(QCoreApplication.translate("Game", "no score"))
    return lines
