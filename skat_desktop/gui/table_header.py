"""The words the table shows about the deal: the header line and each seat's auction record.

The header says what the deal is about at every moment: during the auction the current bid
and who holds it, then who won the auction at what value, and once the game is declared the
contract, its declarer and the bid. A table beside the side panel is narrow, so the header
comes in *forms*, longest first, and the table draws the longest one that fits
(:meth:`skat_desktop.gui.card_items.TextItem.set_forms`) rather than cutting words off.

The auction stays readable on the table until the game is declared: every seat keeps the
words it said (``18 · 20 · Pass``), not only the last one for a moment. The record, too,
comes in forms from complete to compact (:func:`record_forms`).

Pure functions of the table port (names, deal number, series length) and one seat's view;
the words are the table's own (context ``Table``) and the game's
(:mod:`skat_desktop.gui.game_words`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from skat_desktop.app.port import LocalTable, TablePort
from skat_desktop.app.table import TableController
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.view import SeatView
from skat_desktop.gui import game_words

SEP = " · "
ELLIPSIS = "…"


def auction_word(kind: str, value: int) -> str:
    """One word of the auction as said at the table: a value, "Yes" or "Pass"."""
    if kind == "bid":
        return str(value)
    if kind == "hold":
        return QCoreApplication.translate("Table", "Yes")
    return QCoreApplication.translate("Table", "Pass")


def auction_record(view: SeatView) -> dict[int, tuple[str, ...]]:
    """Every word each position has said in the auction, in order."""
    out: dict[int, list[str]] = {}
    for pos, kind, value in view.auction:
        out.setdefault(pos, []).append(auction_word(kind, value))
    return {pos: tuple(words) for pos, words in out.items()}


def current_bid(view: SeatView) -> tuple[int, int | None]:
    """The bid standing in the auction and the position holding it: the last one to bid
    or to say yes to it ((0, None) before the first bid). The view's own ``bid`` is set
    only once the auction is over."""
    for pos, kind, value in reversed(view.auction):
        if kind in ("bid", "hold"):
            return value, pos
    return 0, None


def auction_open(view: SeatView, phase: str) -> bool:
    """Whether the auction's words still belong on the table: until the game is declared."""
    return (
        phase in ("bidding", "skat", "discard", "declare", "ramsch_offer")
        and view.contract is None
        and view.game is None
    )


def record_forms(words: Sequence[str]) -> tuple[str, ...]:
    """Forms of an auction record (words said before the last one), complete to compact.

    ``18 · 20 · 22 · 23``, then runs folded (``18–23``, ``Yes ×3``), then only the end
    (``… 23``); the table shows the longest that fits its bubble.
    """
    words = list(words)
    if not words:
        return ()
    forms = [SEP.join(words)]
    folded = _fold(words)
    forms.append(SEP.join(folded))
    for keep in (2, 1):
        if len(folded) > keep:
            forms.append(ELLIPSIS + " " + SEP.join(folded[-keep:]))
    forms.append(ELLIPSIS)
    return tuple(dict.fromkeys(forms))  # without repeats, in order


def _fold(words: list[str]) -> list[str]:
    """Runs of three or more rising bids become ``18–23``; repeats of a word ``Yes ×3``."""
    out: list[str] = []
    i = 0
    while i < len(words):
        j = i + 1
        if words[i].isdigit():
            while j < len(words) and words[j].isdigit():
                j += 1
            run = words[i:j]
            out.extend([f"{run[0]}–{run[-1]}"] if len(run) >= 3 else run)
        else:
            while j < len(words) and words[j] == words[i]:
                j += 1
            out.append(words[i] if j - i == 1 else f"{words[i]} ×{j - i}")
        i = j
    return out


def header_forms(
    table: TablePort | TableController, view: SeatView, seats: Sequence[int], phase: str
) -> tuple[str, ...]:
    """The header line in forms, longest first: with the deal number, without it, and
    with the compact wording of the game (``Anna: Hearts Hand · bid 27``)."""
    port = LocalTable(table) if isinstance(table, TableController) else table
    deal = ""
    number = port.deal_number
    planned = port.planned_deals
    if planned:
        deal = (
            QCoreApplication.translate("Table", "Deal %1 of %2")
            .replace("%1", str(number))
            .replace("%2", str(planned))
        )
    elif number:
        deal = QCoreApplication.translate("Table", "Deal %1").replace("%1", str(number))

    def name(pos: int) -> str:
        return game_words.seat_name(port.names[seats[pos]])

    long: list[str] = []
    short: list[str] = []
    if phase == "bidding":
        bid, holder = current_bid(view)
        if bid and holder is not None:
            value, who = str(bid), name(holder)
            long.append(
                QCoreApplication.translate("Table", "Bidding: %1, held by %2")
                .replace("%1", value)
                .replace("%2", who)
            )
            short.append(
                QCoreApplication.translate("Table", "Bidding: %1 (%2)")
                .replace("%1", value)
                .replace("%2", who)
            )
        else:
            long.append(QCoreApplication.translate("Table", "Bidding"))
    elif view.contract is not None and view.declarer is not None:
        who, game = name(view.declarer), game_words.contract_text(view.contract)
        long.append(
            QCoreApplication.translate("Table", "%1 plays %2")
            .replace("%1", who)
            .replace("%2", game)
        )
        short.append(f"{who}: {game}")
        if view.bid:
            bid = QCoreApplication.translate("Table", "bid %1").replace("%1", str(view.bid))
            long.append(bid)
            short.append(bid)
    elif view.declarer is not None and phase in ("skat", "discard", "declare"):
        who = name(view.declarer)
        long.append(
            QCoreApplication.translate("Table", "%1 won the bidding at %2")
            .replace("%1", who)
            .replace("%2", str(view.bid))
        )
        short.extend(
            [who, QCoreApplication.translate("Table", "bid %1").replace("%1", str(view.bid))]
        )
    elif (
        view.game == GameType.RAMSCH
        or phase == "schieben"
        or (view.result is not None and view.result.kind == "ramsch")
    ):
        long.append(game_words.game_name(GameType.RAMSCH))
        if view.pushes:
            long.append(
                QCoreApplication.translate("Table", "pushed %1×").replace("%1", str(view.pushes))
            )
    elif phase == "ramsch_offer":
        long.append(QCoreApplication.translate("Table", "Everyone passed: Grand Hand or Ramsch?"))
    extra: list[str] = []
    if view.kontra:
        extra.append(" + ".join(game_words.doubling_name(i + 1) for i in range(view.kontra)))
    if view.bock:
        extra.append(QCoreApplication.translate("Table", "Bock round"))
    if phase == "finished":
        extra.append(QCoreApplication.translate("Table", "the deal is over"))
    forms = [
        SEP.join([deal, *long, *extra] if deal else [*long, *extra]),
        SEP.join([*long, *extra]),
        SEP.join([*(short or long), *extra]),
    ]
    return tuple(f for f in dict.fromkeys(forms) if f) or ("",)
