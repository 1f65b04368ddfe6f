"""Every stored deal, and the replay of one of them move by move with all cards open.

:class:`HistoryBrowser` lists the deals of the database (filtered by series, player and
dates; the list is read off the GUI thread, since a club's history runs to tens of thousands
of deals) and replays the chosen one from its move log through the engine: first / previous /
next / last, or the keys Home, Left, Right, End. The deal is over, so every hand is shown
open. On request the double-dummy analysis of :func:`skat_desktop.ai.hints.analyze_deal`
runs in the background and marks the cards that cost points.

A record that cannot be replayed (damaged, or written under other rules) is shown as one
line in the view, with the moves up to the damage still stepable; the browser never raises.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.ai.hints import CardAnalysis, analyze_deal
from skat_desktop.engine.actions import Action, Play, action_from_dict
from skat_desktop.engine.cards import POINTS, GameType, cards_of, points_of, sort_for_display
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.record import result_to_dict, setup_from_record
from skat_desktop.gui.combo_width import keep_text_whole
from skat_desktop.gui.decks import Deck, card_pixmap, card_size, deck_by_id
from skat_desktop.gui.errors import describe
from skat_desktop.gui.game_words import (
    action_text,
    card_text,
    cards_text,
    contract_text,
    date_pattern,
    deals_text,
    doubling_name,
    fill,
    game_label,
    local_date,
    mix,
    muted_color,
    names_date,
    negative_color,
    number,
    plural,
    position_name,
    pushed_text,
    seat_name,
    signed,
)
from skat_desktop.gui.plain import breakable, plain, plain_label, tip
from skat_desktop.gui.sheet_view import ColumnFit
from skat_desktop.gui.store_worker import StoreLoader, refresh_after_deal, refresh_if_stale
from skat_desktop.store.repository import Store

_IndexLike = QModelIndex | QPersistentModelIndex
_NO_DATE = QDate(2000, 1, 1)
LIST_LIMIT = 5000  # newest deals listed at once; a filter narrows the rest down
_STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)
_LIST_PAD = 12  # room around the text of a deal list's cell
_BOARD_BESIDE = 320  # the board's width beside the lists; stacked under them it may be less
# a filter entry's stored words (a series' date and title, a player's name), said anew in
# another language
RAW_ROLE = Qt.ItemDataRole.UserRole + 1


# ------------------------------------------------------------------------ the deal list


@dataclass(frozen=True)
class DealFilter:
    series_id: int | None = None
    player_id: int | None = None
    date_from: str | None = None
    date_to: str | None = None


@dataclass(frozen=True)
class DealListing:
    """One line of the deal list (no move log: that is read when the deal is opened)."""

    deal_id: int
    series_id: int
    date: str
    series: str
    number: int
    player: str  # the declarer, or in Ramsch the player who scored
    label: str  # the engine's label: Contract.label() or the kind
    won: bool | None
    score: int  # that player's score (0 for a passed-in deal)
    replayable: bool


@dataclass(frozen=True)
class DealList:
    rows: tuple[DealListing, ...]
    total: int  # deals matching the filter (more than rows when the list is cut)


# The scorer of a deal is the seat with the largest score: the declarer of a game, the loser
# (or the Durchmarsch winner) of a Ramsch; a passed-in deal has none.
_LIST_SQL = """
WITH picked AS (
    SELECT d.id AS id, se.date AS date, se.id AS sid, d.number AS number
    FROM deals d JOIN series se ON se.id = d.series_id
    WHERE {where}
    ORDER BY se.date DESC, se.id DESC, d.number
    LIMIT ?
)
SELECT d.id, se.id, se.date, se.title, d.number, p.name,
       r.kind, r.game, r.hand, r.schneider_announced, r.schwarz_announced, r.ouvert,
       r.won, ds.score, typeof(d.record) != 'null'
FROM picked
JOIN deals d ON d.id = picked.id
JOIN series se ON se.id = d.series_id
JOIN deal_results r ON r.deal_id = d.id
LEFT JOIN deal_scores ds ON ds.deal_id = d.id AND ds.seat = (
    SELECT s2.seat FROM deal_scores s2 WHERE s2.deal_id = d.id AND s2.score != 0
    ORDER BY abs(s2.score) DESC LIMIT 1)
LEFT JOIN players p ON p.id = ds.player_id
ORDER BY picked.date DESC, picked.sid DESC, picked.number
"""


def _where(flt: DealFilter) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if flt.series_id is not None:
        clauses.append("d.series_id = ?")
        params.append(flt.series_id)
    if flt.player_id is not None:
        clauses.append("d.series_id IN (SELECT series_id FROM series_seats WHERE player_id = ?)")
        params.append(flt.player_id)
    if flt.date_from:
        clauses.append("se.date >= ?")
        params.append(flt.date_from)
    if flt.date_to:
        clauses.append("se.date <= ?")
        params.append(flt.date_to)
    return " AND ".join(clauses) or "1", params


def read_deal_list(
    store: Store, flt: DealFilter, limit: int = LIST_LIMIT, cancel: threading.Event | None = None
) -> DealList:
    """The deals matching ``flt``, newest series first (Qt-free: runs on a worker)."""
    where, params = _where(flt)
    total = store.conn.execute(
        "SELECT COUNT(*) FROM deals d JOIN series se ON se.id = d.series_id WHERE " + where,
        params,
    ).fetchone()[0]
    rows = []
    for (
        deal_id,
        series_id,
        date,
        title,
        num,
        player,
        kind,
        game,
        hand,
        schneider,
        schwarz,
        ouvert,
        won,
        score,
        replayable,
    ) in store.conn.execute(_LIST_SQL.format(where=where), [*params, limit]):
        label = kind
        if kind == "game" and game:
            try:
                label = Contract(
                    GameType[game.upper()],
                    bool(hand),
                    bool(schneider),
                    bool(schwarz),
                    bool(ouvert),
                ).label()
            except KeyError:
                label = game
        rows.append(
            DealListing(
                deal_id,
                series_id,
                date,
                title,
                num,
                player or "",
                label,
                None if won is None else bool(won),
                score or 0,
                bool(replayable),
            )
        )
    return DealList(tuple(rows), total)


class DealListModel(QAbstractTableModel):
    """The listed deals: series, number, declarer, game and the declarer's score."""

    SERIES, NUMBER, PLAYER, GAME, SCORE = range(5)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: tuple[DealListing, ...] = ()

    def set_rows(self, rows: tuple[DealListing, ...]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def row_of(self, deal_id: int) -> int | None:
        for i, r in enumerate(self.rows):
            if r.deal_id == deal_id:
                return i
        return None

    def distinct_texts(self, column: int) -> set[str]:
        """The different texts of ``column``: a few dozen even among thousands of deals,
        so the columns are measured on these rather than on every row."""
        keys = {
            self.SERIES: lambda r: r.date,
            self.NUMBER: lambda r: r.number,
            self.PLAYER: lambda r: (r.player, r.label == "ramsch"),
            self.GAME: lambda r: r.label,
            self.SCORE: lambda r: r.score,
        }
        key = keys[column]
        one_each = {key(r): r for r in self.rows}
        return {self.text(r, column) for r in one_each.values()}

    def _columns(self) -> list[str]:
        return [
            self.tr("Date"),
            self.tr("#"),
            self.tr("Declarer"),
            self.tr("Game"),
            self.tr("Score"),
        ]

    def rowCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._columns()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(section)
        return None

    def _alignment(self, column: int) -> Qt.AlignmentFlag:
        right = column in (self.NUMBER, self.SCORE)
        return (
            Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
        ) | Qt.AlignmentFlag.AlignVCenter

    def text(self, r: DealListing, c: int) -> str:
        if c == self.SERIES:  # the date says which evening; the title is in the tooltip
            return local_date(r.date)
        if c == self.NUMBER:
            return str(r.number)
        if c == self.PLAYER:
            name = seat_name(r.player)  # a computer's name in the player's language
            return f"({name})" if r.label == "ramsch" and name else name
        if c == self.GAME:
            return game_label(r.label)
        return signed(r.score) if r.score else ""

    def data(self, index: _IndexLike, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        c = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(r, c)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(c)
        if role == Qt.ItemDataRole.ForegroundRole:
            pal = QGuiApplication.palette()
            if c == self.SCORE and r.score < 0:
                return QBrush(negative_color(pal))
            if not r.replayable:
                return QBrush(muted_color(pal))
        if role == Qt.ItemDataRole.ToolTipRole:
            if c == self.SERIES:
                return tip(f"{local_date(r.date)} {r.series}")  # an imported title as written
            if c == self.GAME:  # and the date and number a narrow list leaves out
                return tip(f"{game_label(r.label)}\n{local_date(r.date)} {r.series} #{r.number}")
            note = None
            if not r.replayable:
                note = self.tr("Entered from a score sheet: there are no cards to replay")
            elif r.won is not None:
                note = self.tr("won") if r.won else self.tr("lost")
            if c == self.PLAYER and r.player:  # the name whole where the column cuts it short
                return tip(self.text(r, c) + ("\n" + note if note else ""))
            return note
        if role == Qt.ItemDataRole.UserRole:
            return r.deal_id
        return None


_WRAPPED = (DealListModel.GAME, DealListModel.PLAYER)  # the columns that wrap, in giving way
_WORD_MOST = 10  # "M"s: a longer single word (a name) is cut short rather than widen the list


def wrapped_lines(text: str, font: QFont, width: float) -> tuple[int, float]:
    """The lines ``text`` takes word-wrapped at ``width`` pixels, as an item view wraps a
    cell, and its widest line (wider than ``width``: a word the view cuts short)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    count, widest = 0, 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1.0))
        count += 1
        widest = max(widest, line.naturalTextWidth())
    layout.endLayout()
    return count, widest


def _two_line_width(text: str, font: QFont, least: float, whole: float) -> float:
    """The narrowest width at which ``text`` wraps into two lines at most (between its
    longest word, ``least``, and its width on one line, ``whole``)."""
    lo, hi = math.ceil(least), math.ceil(whole)
    while lo < hi:
        mid = (lo + hi) // 2
        if wrapped_lines(text, font, mid)[0] <= 2:
            hi = mid
        else:
            lo = mid + 1
    return hi


# ----------------------------------------------------------------------------- replay


def _one_line(e: BaseException) -> str:
    """A damaged record's error in the player's language (its English goes to the log)."""
    return describe(e)


class Replay:
    """A stored deal stepped through move by move (Qt-free).

    ``error`` is one sentence when the record is damaged; the moves before the damage can
    still be stepped through. ``warning`` notes a stored result that differs from the replay.
    """

    def __init__(self, record: Any, names: Sequence[str] | None = None) -> None:
        self.error: str | None = None
        self.warning: str | None = None
        self.actions: list[Action] = []
        self.setup: DealSetup | None = None
        self.names: list[str] = ["", "", ""]
        self._states: list[Deal] = []
        try:
            self.setup = setup_from_record(record)
        except Exception as e:  # any damage is one sentence, never a crash
            self.error = _one_line(e)
            return
        table = record.get("table", {}) if isinstance(record, dict) else {}
        seat_names = list(names) if names else list(table.get("players") or [])
        for pos, seat in enumerate(self.setup.seats):
            self.names[pos] = (
                seat_name(str(seat_names[seat])) if seat < len(seat_names) else f"{seat + 1}"
            )
        raw = record.get("actions")
        if not isinstance(raw, list):
            self.error = QCoreApplication.translate("Replay", "the record has no list of moves")
            raw = []
        deal = Deal(self.setup)
        for i, a in enumerate(raw):
            try:
                action = action_from_dict(a)
                deal.apply(action)
            except Exception as e:  # any damage is one sentence, never a crash
                self.error = fill(
                    QCoreApplication.translate("Replay", "move %1 cannot be replayed: %2"),
                    i + 1,
                    _one_line(e),
                )
                break
            self.actions.append(action)
        self.final = deal
        stored = record.get("result")
        if self.error is None and stored is not None:
            if deal.result is None:
                self.warning = QCoreApplication.translate(
                    "Replay", "the record ends before the deal is over"
                )
            elif result_to_dict(deal.result) != stored:
                self.warning = QCoreApplication.translate(
                    "Replay", "the stored result differs from the replayed deal"
                )

    @property
    def ok(self) -> bool:
        return self.setup is not None

    @property
    def steps(self) -> int:
        """Moves in the log; the positions are 0 (cards dealt) to ``steps``."""
        return len(self.actions)

    def state(self, step: int) -> Deal:
        """The deal after ``step`` moves (a fresh object each time: callers may keep it)."""
        assert self.setup is not None
        step = max(0, min(step, self.steps))
        deal = Deal(self.setup)
        for a in self.actions[:step]:
            deal.apply(a)
        return deal

    def play_numbers(self) -> dict[int, int]:
        """Step (1-based move) -> number of the card in the play (1..30)."""
        out: dict[int, int] = {}
        n = 0
        for i, a in enumerate(self.actions):
            if isinstance(a, Play):
                n += 1
                out[i + 1] = n
        return out


# ------------------------------------------------------------------------------- board


@dataclass
class BoardState:
    """What the board draws: everything by position (0 forehand, 1 middle, 2 rear)."""

    names: list[str] = field(default_factory=lambda: ["", "", ""])
    notes: list[str] = field(default_factory=lambda: ["", "", ""])
    hands: list[list[int]] = field(default_factory=lambda: [[], [], []])
    trick: list[tuple[int, int]] = field(default_factory=list)  # (position, card)
    trick_winner: int | None = None
    trick_note: str = ""
    skat: list[int] = field(default_factory=list)
    skat_label: str = ""
    to_move: int | None = None
    declarer: int | None = None
    last_card: int | None = None
    empty_text: str = ""


# Cards of a hand overlap in a fan, but never over another card's corner index: the built-in
# decks draw it within 0.225 of a card's width and 0.27 of its height.
INDEX_W, INDEX_H = 0.24, 0.3
_STEP = 0.34  # the share of a card's width between two cards of a hand where there is room
_WIDE_STEP = 0.55  # at most: a wider fan only spreads a short hand out
_TRICK_W, _TRICK_H = 2.2, 1.4  # the trick in the middle covers this many widths and heights
_MARGIN = 8.0
_GAP = 8.0
# what the board holds at any position of a deal (hands by position, skat, trick): three
# hands of ten, the skat and a trick; or a hand of twelve (the skat taken up) and neither.
# The cards keep one size all through a deal.
_RESERVES = ((10, 10, 10, 2, 3), (12, 10, 10, 0, 0), (10, 12, 10, 0, 0), (10, 10, 12, 0, 0))
BOARD_KINDS = ("table", "rows", "compact")
"""The board's arrangements, the first preferred where several give the same card size:
``table`` the two top hands side by side over the trick, forehand and the skat at the bottom;
``rows`` each hand in a row of its own, the trick and the skat between rear- and forehand
(a tall board); ``compact`` as ``table`` but the skat and the trick beside forehand's hand
(a low board)."""

_Align = Qt.AlignmentFlag


@dataclass
class BoardLayout:
    """Where the board puts everything, in its own pixels (:meth:`DealBoard.board_layout`)."""

    kind: str  # one of BOARD_KINDS
    card_w: int
    card_h: int
    cards: list[tuple[int, QRectF]] = field(default_factory=list)  # in painting order
    marked: int | None = None  # the ringed card (index in cards): a trick's winner or the
    # newest card; the cards after it cover its ring
    # position -> (rect, alignment, the x the text centres on for AlignHCenter)
    labels: dict[int, tuple[QRectF, Qt.AlignmentFlag, float]] = field(default_factory=dict)
    skat_label: QRectF | None = None
    trick_note: QRectF | None = None
    note_wraps: bool = False

    def text_rects(self) -> list[QRectF]:
        rects = [r for r, _, _ in self.labels.values()]
        return rects + [r for r in (self.skat_label, self.trick_note) if r is not None]


@dataclass
class _Plan:
    """One arrangement for given numbers of cards: where each group of cards starts."""

    hands: dict[int, tuple[float, float, float]]  # position -> x, y, step
    skat: tuple[float, float, float]
    trick_centre: QPointF | None  # table, rows: the trick by position around this point
    trick_fan: tuple[float, float, float] | None  # compact: the trick in a row, as played
    labels: dict[int, tuple[QRectF, Qt.AlignmentFlag, float]]
    skat_label: QRectF
    note: QRectF | None
    note_wraps: bool


def _fan(n: int, w: float, step: float) -> float:
    return w + (n - 1) * step if n > 0 else 0.0


def _step(room: float, w: float, counts: Sequence[int]) -> float:
    """The step shared by fans of ``counts`` cards side by side in ``room`` pixels."""
    joints = sum(n - 1 for n in counts if n > 1)
    spare = room - w * sum(1 for n in counts if n > 0)
    if spare < 0:
        return -1.0
    return _WIDE_STEP * w if joints == 0 else min(_WIDE_STEP * w, spare / joints)


def _plan(
    kind: str,
    size: tuple[float, float],
    card: tuple[float, float],
    lh: float,
    counts: Sequence[int],
    min_step: float,
    skat_text: float = 0.0,
    held: Sequence[int] | None = None,
    strict: bool = True,
) -> _Plan | None:
    """Arrangement ``kind`` for cards of ``card`` (width, height) on a board of ``size``,
    room made for ``counts`` (hands by position, skat, trick); the hands placed as holding
    ``held`` cards (the steps stay those of ``counts``, so cards keep their places as they
    are played). None if a step would be below ``min_step`` or anything would leave the
    board (unless not ``strict``)."""
    W, H = size
    w, h = card
    n0, n1, n2, n_skat, n_trick = counts
    held0, _, held2 = held or counts[:3]
    m, g = _MARGIN, _GAP
    ok = True
    labels: dict[int, tuple[QRectF, Qt.AlignmentFlag, float]] = {}
    hands: dict[int, tuple[float, float, float]] = {}
    bottom_y = H - m - h
    label_y = bottom_y - lh
    centre: QPointF | None = None
    trick_fan = None
    note: QRectF | None = None
    wraps = True

    def fits(step: float) -> float:
        nonlocal ok
        ok = ok and step >= min_step
        return max(step, 1.0)

    if kind in ("table", "compact"):
        s = fits(_step(W - 2 * m - g, w, (n1, n2)))
        hands[1] = (m, m + lh, s)
        hands[2] = (W - m - _fan(held2, w, s), m + lh, s)
        half = W / 2 - m - g / 2
        labels[1] = (QRectF(m, m, half, lh), _Align.AlignLeft, 0.0)
        labels[2] = (QRectF(W / 2 + g / 2, m, half, lh), _Align.AlignRight, 0.0)
        band_top = m + lh + h + g
    else:  # rows
        s = fits(min(_step(W - 2 * m, w, (n,)) for n in (n0, n1, n2)))
        hands[1] = (m, m + lh, s)
        labels[1] = (QRectF(m, m, W - 2 * m, lh), _Align.AlignLeft, 0.0)
        y = m + lh + h + g
        hands[2] = (W - m - _fan(held2, w, s), y + lh, s)
        labels[2] = (QRectF(m, y, W - 2 * m, lh), _Align.AlignRight, 0.0)
        band_top = y + lh + h + g
    band_bottom = label_y - g

    if kind == "compact":
        groups = (n_skat, n0, n_trick)
        s = fits(_step(W - 2 * m - g * (sum(1 for n in groups if n) - 1), w, groups))
        sw, f0, tw = (_fan(n, w, s) for n in groups)
        skat = (m, bottom_y, s)
        left = m + sw + g if n_skat else m
        right = W - m - (tw + g if n_trick else 0.0)
        f0 = _fan(held0, w, s)
        x0 = max(left, min((W - f0) / 2, right - f0))
        hands[0] = (x0, bottom_y, s)
        trick_fan = (W - m - tw, bottom_y, s)
        ok = ok and band_bottom + g >= band_top  # the bottom labels below the top hands
        labels[0] = (QRectF(left, label_y, right - left, lh), _Align.AlignHCenter, x0 + f0 / 2)
        wraps = False
        if label_y - lh >= band_top - g / 2:  # a free line above: the skat's and the trick's
            skat_label = QRectF(m, label_y - lh, min(skat_text, W / 2 - m), lh)
            start = m + (skat_label.width() + g if skat_text else 0.0)
            note = QRectF(start, label_y - lh, W - m - start, lh)
        else:
            skat_label = QRectF(m, label_y, sw, lh)
            note = QRectF(W - m - tw, label_y, tw, lh) if n_trick else None
        if not ok and strict:
            return None
        return _Plan(hands, skat, None, trick_fan, labels, skat_label, note, wraps)

    if kind == "table":
        s = fits(_step(W - 2 * m - (g if n_skat else 0.0), w, (n_skat, n0)))
        sw, f0 = _fan(n_skat, w, s), _fan(held0, w, s)
        skat = (m, bottom_y, s)
        left = m + sw + g if n_skat else m
        x0 = max((W - f0) / 2, left)
        label_w = min(max(skat_text, sw), x0 - g - m) if n_skat else 0.0
        skat_label = QRectF(m, label_y, label_w, lh)
        start = m + label_w + g if n_skat else m
        labels[0] = (QRectF(start, label_y, W - m - start, lh), _Align.AlignHCenter, x0 + f0 / 2)
        hands[0] = (x0, bottom_y, s)
        centre = QPointF(W / 2, (band_top + band_bottom) / 2)
        ok = ok and band_bottom - band_top >= _TRICK_H * h and W - 2 * m >= _TRICK_W * w
    else:  # rows: the skat at the left of the trick's band
        f0 = _fan(held0, w, s)
        hands[0] = ((W - f0) / 2, bottom_y, s)
        labels[0] = (QRectF(m, label_y, W - 2 * m, lh), _Align.AlignHCenter, W / 2)
        sw = _fan(n_skat, w, s)
        band = band_bottom - band_top
        ok = ok and band >= max(_TRICK_H * h, lh + h if n_skat else 0.0)
        sy = band_top + (band - lh - h) / 2 + lh
        skat = (m, sy, s)
        half_trick = _TRICK_W * w / 2
        cx = W / 2
        if n_skat:  # the trick clear of the skat, and of its label while the note keeps room
            wanted = min(m + max(sw, skat_text) + g, W - m - 3 * lh - g - 2 * half_trick)
            cx = max(cx, max(m + sw + g, wanted) + half_trick)
        ok = ok and cx + half_trick <= W - m
        label_w = max(0.0, min(max(skat_text, sw), cx - half_trick - g - m))
        skat_label = QRectF(m, sy - lh, label_w, lh)
        centre = QPointF(cx, (band_top + band_bottom) / 2)
    x1 = centre.x() + _TRICK_W * w / 2 + g
    if W - m - x1 >= 3 * lh:  # the trick's note beside it, if it has room to be read
        note = QRectF(x1, band_top, W - m - x1, band_bottom - band_top)
    if not ok and strict:
        return None
    return _Plan(hands, skat, centre, None, labels, skat_label, note, wraps)


class DealBoard(QWidget):
    """A read-only picture of a deal: three open hands, the trick, the skat.

    Middlehand sits top left, rearhand top right and forehand at the bottom, so the play
    goes round clockwise as at a real table; the trick lies in the middle, each card pushed
    towards the player who played it. The cards are as large as the board allows (one size
    for the whole deal) in whichever of :data:`BOARD_KINDS` gives the largest; where even
    that would leave them smaller than :attr:`FLOOR`, the hands close up into a tighter fan
    that still shows every card's corner index.
    """

    FLOOR = 52  # px wide: the table's opponents' cards in the smallest window, 1024 x 700
    MAX_CARD = 200

    def __init__(self, deck: Deck | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deck = deck or deck_by_id("french")
        self.state = BoardState()
        self._choice: tuple[tuple[Any, ...], tuple[str, int]] | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(260, 260)  # two hands of ten side by side, cards ~28 px wide

    def sizeHint(self) -> QSize:
        return QSize(640, 480)

    def set_state(self, state: BoardState) -> None:
        self.state = state
        self.update()

    def set_deck(self, deck: Deck) -> None:
        self.deck = deck
        self.update()

    # geometry -----------------------------------------------------------------------------

    def _line(self) -> float:
        return QFontMetricsF(self.font()).height() * 1.4

    def card_width(self) -> int:
        return self._arrangement()[1]

    def _arrangement(self) -> tuple[str, int]:
        """The kind and card width for the board's size (kept until the size changes)."""
        lh = self._line()
        key = (self.width(), self.height(), self.deck.aspect, lh)
        if self._choice is None or self._choice[0] != key:
            self._choice = (key, self._choose(lh))
        return self._choice[1]

    def _widest(self, kind: str, lh: float, share: float) -> int:
        """The widest card (0: none) for which ``kind`` holds every reserve, the hands'
        steps at least ``share`` of a card's width."""
        size = (float(self.width()), float(self.height()))

        def fits(w: int) -> bool:
            card = (float(w), float(card_size(self.deck, w)[1]))
            return all(_plan(kind, size, card, lh, r, share * w) is not None for r in _RESERVES)

        lo, hi = 0, self.MAX_CARD
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if mid >= 12 and fits(mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _choose(self, lh: float) -> tuple[str, int]:
        roomy = {k: self._widest(k, lh, _STEP) for k in BOARD_KINDS}
        kind = max(BOARD_KINDS, key=roomy.__getitem__)
        w = roomy[kind]
        if w < self.FLOOR:  # the floor in a tighter fan, if that gets nearer to it
            tight = {k: self._widest(k, lh, INDEX_W) for k in BOARD_KINDS}
            if max(tight.values()) > w:
                w = min(max(tight.values()), self.FLOOR)
                kind = next(k for k in BOARD_KINDS if tight[k] >= w)
        if w <= 0:  # a board smaller than its minimum size: as small as the cards get
            return "compact", 12
        return kind, w

    def board_layout(self) -> BoardLayout:
        """Every card's rectangle and every text's place for the state shown."""
        s = self.state
        kind, w = self._arrangement()
        h = card_size(self.deck, w)[1]
        lh = self._line()
        held = [len(c) for c in s.hands]
        full = max(held) > 10  # a hand of twelve: the skat taken up, no trick
        counts = (*(max(n, 12 if n > 10 else 10) for n in held), 0 if full else 2, 0 if full else 3)
        skat_text = QFontMetricsF(self.font()).horizontalAdvance(s.skat_label) + 4
        plan = _plan(
            kind,
            (float(self.width()), float(self.height())),
            (float(w), float(h)),
            lh,
            counts,
            0.0,
            skat_text if s.skat else 0.0,
            held,
            strict=False,
        )
        assert plan is not None
        out = BoardLayout(kind, w, h, labels=plan.labels, note_wraps=plan.note_wraps)
        for pos in (1, 2, 0):
            x, y, step = plan.hands[pos]
            out.cards += [(c, QRectF(x + i * step, y, w, h)) for i, c in enumerate(s.hands[pos])]
        if s.skat:
            x, y, step = plan.skat
            out.cards += [(c, QRectF(x + i * step, y, w, h)) for i, c in enumerate(s.skat)]
            out.skat_label = plan.skat_label
        if s.trick and plan.trick_fan is not None:
            x, y, step = plan.trick_fan
            played = [(pos, c, QRectF(x + i * step, y, w, h)) for i, (pos, c) in enumerate(s.trick)]
        elif s.trick and plan.trick_centre is not None:
            # each card pushed towards its player; forehand's on top, below the others'
            # corner indices
            x, y = plan.trick_centre.x() - w / 2, plan.trick_centre.y() - h / 2
            push = {0: (0.0, 0.2), 1: (-0.6, -0.18), 2: (0.6, -0.18)}
            played = [
                (pos, c, QRectF(x + push[pos][0] * w, y + push[pos][1] * h, w, h))
                for pos, c in sorted(s.trick, key=lambda pc: (pc[0] == 0, pc[0]))
            ]
        else:
            played = []
        for pos, c, rect in played:
            out.cards.append((c, rect))
            winner = s.trick_winner
            if (pos == winner) if winner is not None else c == s.last_card:
                out.marked = len(out.cards) - 1
        if s.trick_note:
            out.trick_note = plan.note
        return out

    # painting ------------------------------------------------------------------------------

    def paintEvent(self, event: QEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        pal = self.palette()
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        felt = mix(base, pal.color(QPalette.ColorRole.Highlight), 0.07)
        p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Window))
        p.setPen(QPen(mix(base, text, 0.18), 1))
        p.setBrush(felt)
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 10, 10)
        s = self.state
        if s.empty_text:
            p.setPen(muted_color(pal))
            p.drawText(
                QRectF(self.rect()).adjusted(20, 20, -20, -20),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                s.empty_text,
            )
            p.end()
            return
        lay = self.board_layout()
        dpr = self.devicePixelRatioF()
        for pos, (rect, align, centre) in lay.labels.items():
            self._label(p, rect, align, centre, pos)
        cw = lay.card_w
        for i, (c, rect) in enumerate(lay.cards):
            p.drawPixmap(rect.topLeft(), card_pixmap(self.deck, c, cw, dpr))
            if i == lay.marked:
                p.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), max(2.0, cw / 30)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), cw * 0.07, cw * 0.07)
        fm = QFontMetricsF(self.font())
        if lay.skat_label is not None:
            p.setPen(muted_color(pal))
            p.drawText(
                lay.skat_label,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                fm.elidedText(s.skat_label, Qt.TextElideMode.ElideRight, lay.skat_label.width()),
            )
        if lay.trick_note is not None:
            p.setPen(text)
            note = lay.trick_note
            if lay.note_wraps:
                flags = _Align.AlignLeft | _Align.AlignVCenter | Qt.TextFlag.TextWordWrap
                p.drawText(note, flags, s.trick_note)
            else:
                line = fm.elidedText(s.trick_note, Qt.TextElideMode.ElideRight, note.width())
                p.drawText(note, _Align.AlignRight | _Align.AlignVCenter, line)
        p.end()

    def _label(
        self, p: QPainter, rect: QRectF, align: Qt.AlignmentFlag, centre: float, pos: int
    ) -> None:
        s = self.state
        pal = self.palette()
        bold = QFont(self.font())
        bold.setBold(True)
        normal = QFont(self.font())
        name = ("▸ " if s.to_move == pos else "") + s.names[pos]
        fm_bold, fm = QFontMetricsF(bold), QFontMetricsF(normal)
        name = fm_bold.elidedText(name, Qt.TextElideMode.ElideRight, rect.width())
        name_w = fm_bold.horizontalAdvance(name)
        note = ("   " + s.notes[pos]) if s.notes[pos] else ""
        note = fm.elidedText(note, Qt.TextElideMode.ElideRight, max(0.0, rect.width() - name_w))
        total = name_w + fm.horizontalAdvance(note)
        if align == Qt.AlignmentFlag.AlignLeft:
            x = rect.left()
        elif align == Qt.AlignmentFlag.AlignRight:
            x = rect.right() - total
        else:  # over its hand, as far as the rectangle lets it
            x = max(rect.left(), min(centre - total / 2, rect.right() - total))
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        on_turn = s.to_move == pos
        p.setFont(bold)
        p.setPen(pal.color(QPalette.ColorRole.Highlight if on_turn else QPalette.ColorRole.Text))
        p.drawText(QRectF(x, rect.top(), name_w + 2, rect.height()), flags, name)
        p.setFont(normal)
        p.setPen(muted_color(pal))
        p.drawText(QRectF(x + name_w, rect.top(), total - name_w + 4, rect.height()), flags, note)


def nav_icon(kind: str, color: QColor, size: int = 32) -> QIcon:
    """First / previous / next / last as simple triangles in the palette's button text."""
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    u = size / 16
    forward = kind in ("next", "last")

    def triangle(x0: float) -> None:
        tip, back = (x0 + 6 * u, x0) if forward else (x0, x0 + 6 * u)
        p.drawPolygon(QPolygonF([QPointF(back, 3 * u), QPointF(back, 13 * u), QPointF(tip, 8 * u)]))

    triangle(5 * u)
    if kind in ("first", "last"):  # a bar at the end the triangle points to
        p.drawRect(QRectF(12 * u if forward else 3 * u, 3 * u, 1.6 * u, 10 * u))
    p.end()
    return QIcon(pix)


# ----------------------------------------------------------------------------- browser


@dataclass(frozen=True)
class OpenedDeal:
    deal_id: int
    series: str
    date: str
    number: int
    record: Any
    names: tuple[str, ...]  # by table seat
    entry: Any = None
    dealer: int | None = None  # table seat


class HistoryBrowser(QWidget):
    """Browse every stored deal and replay one move by move.

    ``set_store(store)`` lists the deals; ``set_filter(...)`` narrows the list;
    ``show_deal(deal_id)`` opens one; ``first/previous/next/last`` and ``step_to(n)`` move
    through it (keys Home, Left, Right, End); ``set_analysis(True)`` starts the open-card
    analysis in the background. Signals: ``list_loaded``, ``deal_shown(deal_id)``,
    ``step_changed(step)``, ``analysis_ready``.
    """

    list_loaded = Signal()
    deal_shown = Signal(int)
    step_changed = Signal(int)
    analysis_ready = Signal()

    def __init__(
        self, store: Store | None = None, parent: QWidget | None = None, deck: Deck | None = None
    ) -> None:
        super().__init__(parent)
        self._store: Store | None = None
        self._replay: Replay | None = None
        self._opened: OpenedDeal | None = None
        self._listed: DealList | None = None  # the list's last read, for its status line
        self._step = 0
        self._filling = False
        self._stale = False
        self.analysis: list[CardAnalysis] | None = None
        self._analysis_by_step: dict[int, CardAnalysis] = {}

        # filters and the deal list
        self.series_box = QComboBox(self)
        self.player_box = QComboBox(self)
        self.date_from = self._date_edit()
        self.date_to = self._date_edit()
        for box in (self.series_box, self.player_box):
            box.currentIndexChanged.connect(self._filters_changed)
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(10)
        keep_text_whole(self.series_box, self.player_box)  # a chosen series' title whole
        for edit in (self.date_from, self.date_to):
            edit.dateChanged.connect(self._filters_changed)
        for box in (self.series_box, self.player_box):  # the filters' rows follow its width
            box.currentTextChanged.connect(self._floor_changed)
        self._filter_labels = [QLabel(self) for _ in range(4)]
        boxes = (self.series_box, self.player_box, self.date_from, self.date_to)
        for label, box in zip(self._filter_labels, boxes, strict=True):
            label.setBuddy(box)
        self._filter_pairs = tuple(zip(self._filter_labels, boxes, strict=True))
        # two to a row, or one to a row in a narrow panel (see _reflow)
        filters = QGridLayout()
        self._filters = filters
        self._filters_per_row = 0
        self._arrange_filters(2)

        self.list_model = DealListModel(self)
        self.deal_list = QTableView(self)
        self.deal_list.setModel(self.list_model)
        self.deal_list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.deal_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.deal_list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.deal_list.setAlternatingRowColors(True)
        self.deal_list.setShowGrid(False)
        # a long game or name wraps onto a second line rather than be cut short; all rows
        # have the height of the tallest (thousands of rows: no height for each one)
        self.deal_list.setWordWrap(True)
        self.deal_list.verticalHeader().hide()
        self.deal_list.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        lhead = self.deal_list.horizontalHeader()
        # sized from the font when a list arrives (ResizeToContents would ask thousands of
        # cells); the game column takes what is left
        lhead.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        lhead.setSectionResizeMode(DealListModel.GAME, QHeaderView.ResizeMode.Stretch)
        lhead.setMinimumSectionSize(24)
        lhead.setHighlightSections(False)
        # each column's width on one line, the declarer's and the game's on two lines at
        # most and at their narrowest (see _measure_list), and the texts that may wrap
        self._list_widths: list[int] = []
        self._list_two: list[int] = []
        self._list_least: list[int] = []
        self._wrap_texts: dict[int, set[str]] = {}
        self._row_lines = 1
        self._series_filtered = False
        self.deal_list.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.list_status = QLabel(self)
        self.list_status.setWordWrap(True)
        plain(self.list_status)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.deal_list, 1)
        left_layout.addWidget(self.list_status)

        # the replay
        self.heading = QLabel(self)
        heading_font = self.heading.font()
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.heading.setWordWrap(True)
        self.contract_line = QLabel(self)
        self.contract_line.setWordWrap(True)
        self.auction_line = QLabel(self)
        self.auction_line.setWordWrap(True)
        self.error_line = QLabel(self)
        self.error_line.setWordWrap(True)
        self.error_line.hide()
        self.board = DealBoard(deck, self)
        self.note_line = QLabel(self)
        self.note_line.setWordWrap(True)
        # series titles, places, names and messages from the database: shown as written
        plain(self.heading, self.contract_line, self.auction_line, self.error_line, self.note_line)

        self.first_button = self._button(self.first)
        self.prev_button = self._button(self.previous)
        self.next_button = self._button(self.next)
        self.last_button = self._button(self.last)
        self.step_label = plain_label(QLabel(self))
        self.step_label.setWordWrap(True)  # "Move 12 of 45" in two lines if need be
        self.analysis_button = QToolButton(self)
        self.analysis_button.setCheckable(True)
        self.analysis_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.analysis_button.toggled.connect(self.set_analysis)
        controls = QHBoxLayout()
        for b in (self.first_button, self.prev_button, self.next_button, self.last_button):
            controls.addWidget(b)
        controls.addWidget(self.step_label, 1)
        controls.addWidget(self.analysis_button)

        self.moves = QListWidget(self)
        self.moves.setAlternatingRowColors(True)
        self.moves.setWordWrap(True)  # a long move takes two lines in a narrow column
        self.moves.currentRowChanged.connect(self._move_chosen)
        self.moves_title = plain_label(QLabel(self))

        moves_box = QWidget(self)
        moves_layout = QVBoxLayout(moves_box)
        moves_layout.setContentsMargins(0, 0, 0, 0)
        moves_layout.addWidget(self.moves_title)
        moves_layout.addWidget(self.moves, 1)

        # the deals and the moves of the chosen deal share the left column, so the board
        # keeps the width it needs for two hands side by side
        self.left_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.left_splitter.addWidget(left)
        self.left_splitter.addWidget(moves_box)
        self.left_splitter.setStretchFactor(0, 3)
        self.left_splitter.setStretchFactor(1, 2)
        self.left_splitter.setChildrenCollapsible(False)

        board_box = QWidget(self)
        board_layout = QVBoxLayout(board_box)
        board_layout.setContentsMargins(0, 0, 0, 0)
        board_layout.addWidget(self.heading)
        board_layout.addWidget(self.contract_line)
        board_layout.addWidget(self.auction_line)
        board_layout.addWidget(self.error_line)
        board_layout.addWidget(self.board, 1)
        board_layout.addWidget(self.note_line)
        board_layout.addLayout(controls)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.left_splitter)
        self.splitter.addWidget(board_box)
        self.board_box = board_box
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setChildrenCollapsible(False)
        self._sized = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.splitter)

        for w in (
            self.deal_list,
            self.moves,
            self.board,
            self.first_button,
            self.prev_button,
            self.next_button,
            self.last_button,
            self.analysis_button,
        ):
            w.installEventFilter(self)
        self.deal_list.viewport().installEventFilter(self)  # its width: the columns give way

        self._list_loader = StoreLoader(self)
        self._list_loader.loaded.connect(self._list_arrived)
        self._list_loader.failed.connect(self._list_failed)
        self._analysis_loader = StoreLoader(self)
        self._analysis_loader.loaded.connect(self._analysis_arrived)
        self._analysis_loader.failed.connect(self._analysis_failed)

        self._retranslate()
        self._restyle()
        self._show_nothing()
        if store is not None:
            self.set_store(store)

    def showEvent(self, event: QEvent) -> None:
        refresh_if_stale(self)
        if (
            self.analysis_button.isChecked()
            and self.analysis is None
            and not self._analysis_loader.busy
        ):
            self._start_analysis()  # it was cut short when the panel was hidden
        if not self._sized:  # the first time: two fifths for the lists, the rest for the board
            self._sized = True
            self._reflow()
            self._share_splitter()
        super().showEvent(event)

    # narrow and wide ------------------------------------------------------------------------

    def minimumSizeHint(self) -> QSize:
        """As narrow as the lists above the board need, filters one to a row: a narrow side
        panel stacks them (:meth:`_reflow`) rather than scroll sideways."""
        if self.layout() is None:  # still being built
            return super().minimumSizeHint()
        m = self.layout().contentsMargins()
        margins = m.left() + m.right()
        narrowest = max(self._filters_width(1), self._list_floor(), self._board_width())
        return QSize(narrowest + margins, super().minimumSizeHint().height())

    def resizeEvent(self, event: QEvent) -> None:
        super().resizeEvent(event)
        self._reflow()

    def _reflow(self) -> None:
        """The lists beside the board where both fit (the filters two to a row, else one to a
        row), else the lists above the board: nothing needs sideways scrolling in a side panel
        from about 300 pixels up. The deal list's columns give way on their own."""
        if self.layout() is None:
            return
        m = self.layout().contentsMargins()
        room = self.width() - m.left() - m.right()
        handle = self.splitter.handleWidth()
        board = max(self._board_width(), _BOARD_BESIDE)
        beside = None
        for per_row in (2, 1):  # beside the board only where rows need two lines at most
            left = max(self._filters_width(per_row), self._list_floor(two_lines=True))
            if left + handle + board <= room:
                beside = per_row
                break
        if beside is not None:
            orientation, per_row = Qt.Orientation.Horizontal, beside
        else:
            orientation = Qt.Orientation.Vertical
            per_row = 2 if self._filters_width(2) <= room else 1
        self._arrange_filters(per_row)
        # the splitter and the layouts keep the list at the least width its rows are
        # meant for (beside the board: two lines at most)
        floor = self._list_floor(two_lines=orientation == Qt.Orientation.Horizontal)
        if self.deal_list.minimumWidth() != floor:
            self.deal_list.setMinimumWidth(floor)
        if orientation != self.splitter.orientation():
            self.splitter.setOrientation(orientation)
            self._share_splitter()
            self.updateGeometry()

    def _share_splitter(self) -> None:
        """Side by side: about two fifths of the width for the lists, the board keeping room
        for its cards; stacked: a bit less than half of the height for the lists."""
        m = self.layout().contentsMargins()
        if self.splitter.orientation() == Qt.Orientation.Horizontal:
            w = self.width() - m.left() - m.right()
            w = w if self.isVisible() and w > 0 else max(w, 600)  # not laid out yet: a guess
            left = min(max(round(w * 0.38), 300), 560)
            left = min(left, w - self.splitter.handleWidth() - _BOARD_BESIDE)
            left = max(
                left, self._filters_width(self._filters_per_row), self._list_floor(two_lines=True)
            )
            self.splitter.setSizes([left, w - left])
        else:
            h = max(self.height() - m.top() - m.bottom(), 500)
            self.splitter.setSizes([round(h * 0.45), h - round(h * 0.45)])

    def _filters_width(self, per_row: int) -> int:
        """The width the filters need, ``per_row`` label-and-box pairs to a row."""
        space = max(0, self._filters.horizontalSpacing())
        pairs = [
            label.minimumSizeHint().width()
            + space
            + max(box.minimumSizeHint().width(), box.minimumWidth())
            for label, box in self._filter_pairs
        ]
        if per_row == 1:
            return max(pairs)
        return max(pairs[0] + pairs[1], pairs[2] + pairs[3]) + space

    def _list_floor(self, two_lines: bool = False) -> int:
        """The narrowest the deal list gets with its columns given way: the declarer and
        the game a word to a line (``two_lines``: on two lines at most), their headings and
        the score whole (see :meth:`_fit_list_columns`)."""
        if len(self._list_widths) != self.list_model.columnCount():
            self._measure_list()
        bar = self.deal_list.verticalScrollBar().sizeHint().width()
        frame = 2 * self.deal_list.frameWidth()
        least = self._list_two if two_lines else self._list_least
        columns = least[DealListModel.PLAYER] + least[DealListModel.GAME]
        return columns + self._list_widths[DealListModel.SCORE] + bar + frame

    def _board_width(self) -> int:
        return self.board_box.minimumSizeHint().width()

    def _arrange_filters(self, per_row: int) -> None:
        if per_row == self._filters_per_row:
            return
        self._filters_per_row = per_row
        grid = self._filters
        for label, box in self._filter_pairs:
            grid.removeWidget(label)
            grid.removeWidget(box)
        for i, (label, box) in enumerate(self._filter_pairs):
            row, pair = divmod(i, per_row)
            grid.addWidget(label, row, 2 * pair)
            grid.addWidget(box, row, 2 * pair + 1)
        for column in range(4):
            grid.setColumnStretch(column, 1 if column % 2 and column // 2 < per_row else 0)
        self.updateGeometry()

    def _date_edit(self) -> QDateEdit:
        edit = QDateEdit(self)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat(date_pattern())
        edit.setMinimumDate(_NO_DATE)
        edit.setSpecialValueText("—")
        edit.setDate(_NO_DATE)
        return edit

    def _button(self, slot: Any) -> QToolButton:
        b = QToolButton(self)
        b.setAutoRaise(True)
        b.clicked.connect(slot)
        return b

    def _paint_icons(self) -> None:
        color = self.palette().color(QPalette.ColorRole.ButtonText)
        size = max(16, round(QFontMetricsF(self.font()).height() * 1.2))
        for b, kind in (
            (self.first_button, "first"),
            (self.prev_button, "previous"),
            (self.next_button, "next"),
            (self.last_button, "last"),
        ):
            b.setIcon(nav_icon(kind, color, 2 * size))
            b.setIconSize(QSize(size, size))

    # the API ----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._list_loader.busy

    @property
    def step(self) -> int:
        return self._step

    @property
    def step_count(self) -> int:
        return self._replay.steps if self._replay and self._replay.ok else 0

    @property
    def replay(self) -> Replay | None:
        return self._replay

    def deal_count(self) -> int:
        return self.list_model.rowCount()

    def set_store(self, store: Store | None) -> None:
        self._store = store
        self._fill_choices()
        self.refresh()

    def set_deck(self, deck: Deck) -> None:
        self.board.set_deck(deck)

    def set_filter(
        self,
        series_id: int | None = None,
        player_id: int | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
    ) -> None:
        self._filling = True
        try:
            self.series_box.setCurrentIndex(max(self.series_box.findData(series_id), 0))
            self.player_box.setCurrentIndex(max(self.player_box.findData(player_id), 0))
            self.date_from.setDate(_qdate(date_from))
            self.date_to.setDate(_qdate(date_to))
        finally:
            self._filling = False
        self.refresh()

    def current_filter(self) -> DealFilter:
        return DealFilter(
            self.series_box.currentData(),
            self.player_box.currentData(),
            _date_text(self.date_from),
            _date_text(self.date_to),
        )

    @Slot(object)
    def table_event(self, event: object) -> None:
        """List the deals again once a deal has ended (connect ``MainWindow.tableEvent``).

        A hidden view (another tab) waits until it is shown.
        """
        refresh_after_deal(self, event)

    @Slot()
    def refresh(self) -> None:
        """Read the deal list again (new deals, changed filter)."""
        if self._store is None:
            self._list_loader.cancel()
            self.list_model.set_rows(())
            return
        flt = self.current_filter()
        self._series_filtered = flt.series_id is not None
        self.deal_list.setColumnHidden(DealListModel.SERIES, self._series_filtered)
        self._list_loader.load(self._store, lambda store, cancel: read_deal_list(store, flt))

    @Slot(int)
    def show_deal(self, deal_id: int) -> None:
        """Open a stored deal at its first position (the cards as dealt)."""
        if self._store is None:
            return
        self._open(deal_id)
        row = self.list_model.row_of(deal_id)
        if row is not None:
            self._filling = True  # the list follows without opening the deal again
            self.deal_list.selectRow(row)
            self._filling = False

    @Slot()
    def first(self) -> None:
        self.step_to(0)

    @Slot()
    def previous(self) -> None:
        self.step_to(self._step - 1)

    @Slot()
    def next(self) -> None:
        self.step_to(self._step + 1)

    @Slot()
    def last(self) -> None:
        self.step_to(self.step_count)

    @Slot(int)
    def step_to(self, step: int) -> None:
        if self._replay is None or not self._replay.ok:
            return
        step = max(0, min(step, self._replay.steps))
        changed = step != self._step
        self._step = step
        self._draw()
        if self.moves.currentRow() != step:
            self.moves.setCurrentRow(step)
        if changed:
            self.step_changed.emit(step)

    @Slot(bool)
    def set_analysis(self, on: bool) -> None:
        """Run (or drop) the open-card analysis of the deal shown."""
        if self.analysis_button.isChecked() != on:
            self.analysis_button.setChecked(on)  # comes back here through toggled
            return
        self._analysis_loader.cancel()
        self.analysis = None
        self._analysis_by_step = {}
        if on:
            self._start_analysis()
        self._mark_moves()
        self._draw()

    # list -------------------------------------------------------------------------------

    def _fill_choices(self) -> None:
        self._filling = True
        try:
            series = self.series_box.currentData()
            player = self.player_box.currentData()
            self.series_box.clear()
            self.player_box.clear()
            self.series_box.addItem(self.tr("All series"), None)
            self.player_box.addItem(self.tr("All players"), None)
            if self._store is not None:
                for s in reversed(self._store.list_series()):
                    self.series_box.addItem("", s["id"])
                    raw = (s["date"], s["title"])
                    self.series_box.setItemData(self.series_box.count() - 1, raw, RAW_ROLE)
                for p in self._store.players():
                    self.player_box.addItem("", p["id"])
                    self.player_box.setItemData(self.player_box.count() - 1, p["name"], RAW_ROLE)
            self._say_choices()
            self.series_box.setCurrentIndex(max(self.series_box.findData(series), 0))
            self.player_box.setCurrentIndex(max(self.player_box.findData(player), 0))
        finally:
            self._filling = False

    def _say_choices(self) -> None:
        """The filters' entries in the player's language: a computer's name, a date. From
        the rows kept with them: a language change reads no store (it may be closed)."""
        self.series_box.setItemText(0, self.tr("All series"))
        self.player_box.setItemText(0, self.tr("All players"))
        for i in range(1, self.series_box.count()):
            day, title = self.series_box.itemData(i, RAW_ROLE)
            self.series_box.setItemText(i, f"{local_date(day)} {title}")
        for i in range(1, self.player_box.count()):
            self.player_box.setItemText(i, seat_name(self.player_box.itemData(i, RAW_ROLE)))

    @Slot()
    def _filters_changed(self) -> None:
        if not self._filling:
            self.refresh()

    def _cell_pad(self) -> int:
        """The room around a cell's text: the style's margins on either side, as the view
        lays the text out (and a heading's margins)."""
        style = self.deal_list.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.deal_list)
        header = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, self.deal_list)
        return max(_LIST_PAD, 4 * (margin + 1), 2 * header + 2)

    def _measure_list(self) -> None:
        """Each column's width from its heading and its different texts (a few dozen, however
        many deals): on one line; for the declarer and the game also on two lines at most
        and at their narrowest, a word to a line. A heading is never cut."""
        font = self.deal_list.font()
        fm = QFontMetricsF(font)
        fm_head = QFontMetricsF(self.deal_list.horizontalHeader().font())
        model = self.list_model
        pad = self._cell_pad()
        word_most = fm.horizontalAdvance("M" * _WORD_MOST)
        natural, two, least = [], [], []
        self._wrap_texts = {}
        for c in range(model.columnCount()):
            head = fm_head.horizontalAdvance(model.headerData(c, Qt.Orientation.Horizontal))
            texts = model.distinct_texts(c)
            whole = {t: fm.horizontalAdvance(t) for t in texts}
            one = math.ceil(max([head, *whole.values()])) + pad
            natural.append(one)
            if c not in _WRAPPED:
                two.append(one)
                least.append(one)
                continue
            self._wrap_texts[c] = texts
            words = {t: min(wrapped_lines(t, font, 1)[1], word_most) for t in texts}
            narrowest = math.ceil(max([head, *words.values()])) + pad
            pairs = (
                _two_line_width(t, font, words[t], whole[t]) for t in texts if whole[t] > words[t]
            )
            two.append(max(narrowest, math.ceil(max(pairs, default=0)) + pad))
            least.append(narrowest)
        self._list_widths, self._list_two, self._list_least = natural, two, least

    def _fit_list_columns(self, measure: bool = False) -> None:
        """Each column as wide as its cells need (``measure``: measure them again); a narrow
        list gives way until it needs no sideways scrolling: the game and the declarer
        wrap onto two lines; the date is left out, then the deal's number (the game's
        tooltip says them), each time on one line again if that is enough; only then do
        the game and the declarer wrap further, a word to a line at the least. Nothing is
        cut short: all rows take the lines the widest cell needs (one height for thousands
        of rows). The score and the headings always show whole; the game column takes
        what is left."""
        model = self.list_model
        if measure or len(self._list_widths) != model.columnCount():
            self._measure_list()
        room = self.deal_list.viewport().width()
        always = {DealListModel.SERIES} if self._series_filtered else set()
        every, no_date = always, always | {DealListModel.SERIES}
        no_number = no_date | {DealListModel.NUMBER}
        one, two, least = self._list_widths, self._list_two, self._list_least
        steps = (
            (every, one),
            (every, two),
            (no_date, one),
            (no_number, one),
            (no_date, two),
            (no_number, two),
            (no_number, least),  # every pixel for the words: fewer lines
        )
        for hidden, wrap in steps:
            widths = [wrap[c] if c in _WRAPPED else w for c, w in enumerate(self._list_widths)]
            if sum(w for c, w in enumerate(widths) if c not in hidden) <= room:
                break
        spare = room - sum(w for c, w in enumerate(widths) if c not in hidden)
        player = DealListModel.PLAYER  # what is left: the declarer on fewer lines, the game
        widths[player] += max(0, min(spare, self._list_widths[player] - widths[player]))
        fit = ColumnFit(widths, room)
        fit.hidden = set(hidden)
        fit.apply(self.deal_list)
        game = DealListModel.GAME
        others = sum(w for c, w in enumerate(widths) if c != game and c not in hidden)
        widths[game] = max(widths[game], room - others)  # the stretched column
        self._set_row_lines(widths)

    def _set_row_lines(self, widths: list[int]) -> None:
        """Rows tall enough for the most lines any declarer or game takes at ``widths``."""
        font = self.deal_list.font()
        fm = QFontMetricsF(font)
        pad = self._cell_pad()
        lines = 1
        for c in _WRAPPED:
            room = widths[c] - pad
            for text in self._wrap_texts.get(c, ()):
                if fm.horizontalAdvance(text) > room:
                    lines = max(lines, wrapped_lines(text, font, room)[0])
        if lines != self._row_lines:
            self._row_lines = lines
            self._size_rows()

    def _size_rows(self) -> None:
        """Every row as high as its lines; the list at least three rows high (a narrow panel
        with rows of three lines would otherwise show less than one)."""
        view = self.deal_list
        row = math.ceil(QFontMetricsF(view.font()).height() * (self._row_lines + 0.5))
        header = view.verticalHeader()
        if header.defaultSectionSize() != row:
            header.setDefaultSectionSize(row)
        least = view.horizontalHeader().sizeHint().height() + 3 * row + 2 * view.frameWidth()
        if view.minimumHeight() != least:
            view.setMinimumHeight(least)

    @Slot(object)
    def _list_arrived(self, data: DealList) -> None:
        current = self._opened.deal_id if self._opened else None
        self.list_model.set_rows(data.rows)
        self._fit_list_columns(measure=True)
        self._floor_changed()
        self._listed = data
        self._say_list_status()
        self.list_status.setStyleSheet(f"color: {muted_color(self.palette()).name()}")
        if current is not None:
            row = self.list_model.row_of(current)
            if row is not None:
                self._filling = True
                self.deal_list.selectRow(row)
                self._filling = False
        self.list_loaded.emit()

    def _floor_changed(self) -> None:
        """The list's least width follows its texts: the filters and the board are placed
        anew and the panel hears of the new least width."""
        self._reflow()
        self.updateGeometry()

    def _say_list_status(self) -> None:
        data = self._listed
        if data is None:
            return
        if data.total > len(data.rows):
            self.list_status.setText(
                fill(
                    self.tr("The newest %1 of %2 deals; choose a series or dates."),
                    number(len(data.rows)),
                    number(data.total),
                )
            )
        else:
            self.list_status.setText(deals_text(data.total))

    @Slot(str)
    def _list_failed(self, message: str) -> None:
        self._listed = None
        self.list_status.setText(fill(self.tr("The deals cannot be listed: %1"), message))
        self.list_status.setStyleSheet(f"color: {negative_color(self.palette()).name()}")

    @Slot(QModelIndex, QModelIndex)
    def _row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._filling or not current.isValid():
            return
        deal_id = self.list_model.rows[current.row()].deal_id
        if self._opened is None or self._opened.deal_id != deal_id:
            self._open(deal_id)

    # opening a deal ---------------------------------------------------------------------

    def _open(self, deal_id: int) -> None:
        """Read one deal (a single small row, so on this thread) and show its first step."""
        self._analysis_loader.cancel()
        self.analysis = None
        self._analysis_by_step = {}
        self._nothing_shown = False
        try:
            opened = self._read(deal_id)
        except Exception as e:  # a damaged row is one line in the view, never a crash
            self._opened = None
            self._replay = None
            self._show_error(fill(self.tr("This deal cannot be read: %1"), e))
            self.deal_shown.emit(deal_id)
            return
        self._opened = opened
        self.heading.setText(breakable(self._heading(opened)))
        if opened.record is None:
            self._replay = None
            self._show_entry(opened)
            self.deal_shown.emit(deal_id)
            return
        self._replay = Replay(opened.record, opened.names)
        self._step = 0
        self._fill_moves()
        if not self._replay.ok:
            self._show_error(fill(self.tr("This deal cannot be replayed: %1"), self._replay.error))
        elif self._replay.error:
            self._show_error(
                fill(
                    self.tr("The record is damaged: %1. The moves before it can be replayed."),
                    self._replay.error,
                )
            )
        elif self._replay.warning:
            self._show_error(fill(self.tr("Note: %1"), self._replay.warning))
        else:
            self.error_line.hide()
        self._set_controls(self._replay.ok)
        self.step_to(0)
        self._draw()
        if self.analysis_button.isChecked():
            self._start_analysis()
        self.deal_shown.emit(deal_id)

    def _read(self, deal_id: int) -> OpenedDeal:
        assert self._store is not None
        row = self._store.deal(deal_id)
        info = self._store.series(row["series_id"])
        record = json.loads(row["record"]) if row["record"] is not None else None
        entry = json.loads(row["entry"]) if row["entry"] is not None else None
        return OpenedDeal(
            deal_id,
            info.title,
            info.date,
            row["number"],
            record,
            tuple(name for _, name in info.players),
            entry,
            row["dealer"],
        )

    def _show_nothing(self) -> None:
        self._nothing_shown = True  # (said again in a new language)
        self._replay = None
        self.heading.setText(self.tr("No deal chosen"))
        self.contract_line.clear()
        self.auction_line.clear()
        self.note_line.clear()
        self.error_line.hide()
        self.moves.clear()
        self._set_controls(False)
        self.board.set_state(BoardState(empty_text=self.tr("Choose a deal from the list.")))
        self.step_label.clear()

    def _show_entry(self, opened: OpenedDeal) -> None:
        self.error_line.hide()
        self.moves.clear()
        self._set_controls(False)
        self.contract_line.clear()
        self.auction_line.clear()
        self.note_line.clear()
        self.step_label.clear()
        self.board.set_state(
            BoardState(
                empty_text=self.tr(
                    "This deal was entered from a score sheet: there are no cards to replay."
                )
            )
        )

    def _show_error(self, message: str) -> None:
        first_line = message.splitlines()[0] if message else message
        self.error_line.setText(first_line)
        self.error_line.setStyleSheet(f"color: {negative_color(self.palette()).name()}")
        self.error_line.show()
        if self._replay is None or not self._replay.ok:
            self.moves.clear()
            self._set_controls(False)
            self.contract_line.clear()
            self.auction_line.clear()
            self.note_line.clear()
            self.step_label.clear()
            self.board.set_state(BoardState(empty_text=self.tr("Nothing to replay.")))

    def _set_controls(self, on: bool) -> None:
        for b in (self.first_button, self.prev_button, self.next_button, self.last_button):
            b.setEnabled(on)

    def _heading(self, opened: OpenedDeal) -> str:
        """``<series>, <date> — deal 3 — dealt by Anna`` in the player's language."""
        if names_date(opened.series, opened.date):
            # a table's series is called "<rules>, <date>": the date once
            heading = fill(self.tr("%1 — deal %2"), opened.series, opened.number)
        else:
            heading = fill(
                self.tr("%1, %2 — deal %3"), opened.series, local_date(opened.date), opened.number
            )
        dealer = opened.dealer
        if dealer is not None and 0 <= dealer < len(opened.names):
            heading += " — " + fill(self.tr("dealt by %1"), seat_name(opened.names[dealer]))
        return heading

    def _fill_moves(self) -> None:
        r = self._replay
        self.moves.blockSignals(True)
        self.moves.clear()
        if r is not None and r.ok:
            QListWidgetItem(self.tr("Cards dealt"), self.moves)
            plays = r.play_numbers()
            for i, a in enumerate(r.actions):
                text = action_text(a, lambda pos: r.names[pos])
                if i + 1 in plays:
                    trick = (plays[i + 1] - 1) // 3 + 1
                    text = fill(self.tr("Trick %1: %2"), trick, text)
                QListWidgetItem(f"{i + 1}. {text}", self.moves)
        self.moves.blockSignals(False)
        self._mark_moves()

    def _mark_moves(self) -> None:
        r = self._replay
        if r is None or not r.ok or self.moves.count() != r.steps + 1:
            return
        pal = self.palette()
        neg = negative_color(pal)
        plays = r.play_numbers()
        for step in range(1, r.steps + 1):
            item = self.moves.item(step)
            text = item.text().split("   ")[0]
            a = self._analysis_by_step.get(step)
            if a is not None and a.cost:
                cost = (
                    self.tr("lost the game")
                    if r.final.game == GameType.NULL
                    else plural(self.tr("−%n point(s)", "", a.cost), a.cost)
                )
                item.setText(f"{text}   {cost}")
                item.setForeground(QBrush(neg))
                item.setToolTip(self._cost_text(a))
            else:
                item.setText(text)
                item.setForeground(QBrush(pal.color(QPalette.ColorRole.Text)))
                item.setToolTip("" if step not in plays or a is None else self.tr("Optimal"))

    def _cost_text(self, a: CardAnalysis) -> str:
        card, better = card_text(a.card), cards_text(a.best)
        if self._replay is not None and self._replay.final.game == GameType.NULL:
            text = fill(self.tr("%1 lets the declarer take a trick (better: %2)"), card, better)
        else:
            text = plural(  # a card may cost a single point (an ace instead of a ten)
                fill(self.tr("%1 cost %n card point(s) (better: %2)", "", a.cost), card, better),
                a.cost,
            )
        if a.changed_outcome:
            text += " — " + self.tr("this decided the game")
        return text

    @Slot(int)
    def _move_chosen(self, row: int) -> None:
        if row >= 0 and row != self._step:
            self.step_to(row)

    # drawing a position -----------------------------------------------------------------

    def _draw(self) -> None:
        r = self._replay
        if r is None or not r.ok:
            return
        deal = r.state(self._step)
        names = r.names
        last = r.actions[self._step - 1] if self._step else None
        state = BoardState(names=list(names))
        game = deal.game
        for pos in range(3):
            state.hands[pos] = sort_for_display(cards_of(deal.hands[pos]), game)
            parts = [position_name(pos)]
            if deal.declarer == pos:
                parts.append(self.tr("declarer"))
            if deal.phase in (Phase.PLAY, Phase.FINISHED) and game is not None:
                points = deal.won_points[pos]
                if pos == deal.declarer:  # the skat counts for the declarer (as in the result)
                    points += points_of(deal.skat)
                if game == GameType.NULL:
                    parts.append(fill(self.tr("tricks: %1"), deal.won_tricks[pos]))
                else:
                    parts.append(
                        fill(self.tr("points: %1 · tricks: %2"), points, deal.won_tricks[pos])
                    )
            state.notes[pos] = " · ".join(parts)
        state.to_move = None if deal.finished else deal.to_move
        state.declarer = deal.declarer
        # the trick: the one being played, or the one the last card completed
        if deal.trick:
            state.trick = [((deal.leader + i) % 3, c) for i, c in enumerate(deal.trick)]
        elif deal.tricks and (isinstance(last, Play) or deal.finished):
            leader, cards, winner = deal.tricks[-1]
            state.trick = [((leader + i) % 3, c) for i, c in enumerate(cards)]
            state.trick_winner = winner
            points = sum(POINTS[c] for c in cards)
            state.trick_note = fill(
                self.tr("%1 takes the trick (%2 points)"), names[winner], points
            )
        if isinstance(last, Play):
            state.last_card = last.card
        if deal.skat:
            state.skat = sort_for_display(cards_of(deal.skat), game)
            state.skat_label = (
                self.tr("Skat (put down)") if deal.picked_up or deal.pushes else self.tr("Skat")
            )
        self.board.set_state(state)

        self.contract_line.setText(self._contract_text(deal, names))
        self.auction_line.setText(self._auction_text(deal, names))
        self.step_label.setText(fill(self.tr("Move %1 of %2"), self._step, r.steps))
        note = ""
        a = self._analysis_by_step.get(self._step)
        if a is not None and a.cost:
            note = self._cost_text(a)
        elif deal.finished:
            note = self._result_text(deal, names)
        elif self.analysis_button.isChecked() and self.analysis is None:
            note = self.tr("Analysing with open cards…")
        self.note_line.setText(note)
        if a is not None and a.cost:
            self.note_line.setStyleSheet(f"color: {negative_color(self.palette()).name()}")
        else:
            self.note_line.setStyleSheet("")

    def _contract_text(self, deal: Deal, names: Sequence[str]) -> str:
        if deal.contract is not None and deal.declarer is not None:
            parts = [
                fill(self.tr("%1 plays %2"), names[deal.declarer], contract_text(deal.contract))
            ]
            if deal.bid:
                parts.append(fill(self.tr("bid %1"), deal.bid))
            if deal.kontra:
                parts.append(doubling_name(deal.kontra))
            if deal.setup.bock:
                parts.append(self.tr("Bock round"))
            return " · ".join(parts)
        if deal.game == GameType.RAMSCH:
            text = game_label("ramsch")
            if deal.pushes:
                text += " · " + pushed_text(deal.pushes)
            return text
        if deal.declarer is not None:
            return fill(self.tr("%1 won the auction at %2"), names[deal.declarer], deal.bid)
        return self.tr("Auction")

    def _auction_text(self, deal: Deal, names: Sequence[str]) -> str:
        said = []
        for pos, kind, value in deal.auction.history:
            if kind == "bid":
                said.append(f"{names[pos]} {value}")
            elif kind == "hold":
                said.append(fill(self.tr("%1 yes"), names[pos]))
            else:
                said.append(fill(self.tr("%1 passes"), names[pos]))
        if not said:
            return ""
        return fill(self.tr("Auction: %1"), " · ".join(said))

    def _result_text(self, deal: Deal, names: Sequence[str]) -> str:
        res = deal.result
        if res is None:
            return ""
        if res.kind == "passed_in":
            return self.tr("All passed: the deal is passed in.")
        if res.kind == "ramsch":
            losers = [f"{names[p]} {signed(s)}" for p, s in enumerate(res.scores) if s]
            return fill(self.tr("Ramsch: %1"), ", ".join(losers) or "0")
        d = res.declarer
        g = res.game
        if d is None or g is None:
            return ""
        if g.won:
            text = self.tr("%1 wins with %2 card points: %3")
        else:
            text = self.tr("%1 loses with %2 card points: %3")
        return fill(text, names[d], res.declarer_points, signed(res.scores[d]))

    # analysis ---------------------------------------------------------------------------

    def _start_analysis(self) -> None:
        r = self._replay
        if r is None or not r.ok or r.error or not r.final.finished:
            self.analysis = []  # nothing to analyse: a damaged log, Ramsch, passed in
            self._draw()
            self.analysis_ready.emit()
            return
        deal = r.state(r.steps)  # the worker's own copy
        self._analysis_loader.run(lambda cancel: analyze_deal(deal, cancel=cancel))

    @Slot(object)
    def _analysis_arrived(self, result: list[CardAnalysis]) -> None:
        self.analysis = list(result)
        r = self._replay
        by_number = {a.number: a for a in self.analysis}
        self._analysis_by_step = {}
        if r is not None:
            for step, n in r.play_numbers().items():
                if n in by_number:
                    self._analysis_by_step[step] = by_number[n]
        self._mark_moves()
        self._draw()
        self.analysis_ready.emit()

    @Slot(str)
    def _analysis_failed(self, message: str) -> None:
        self.analysis = []
        self.note_line.setText(fill(self.tr("The analysis failed: %1"), message))
        self.analysis_ready.emit()

    # keys, language, theme --------------------------------------------------------------

    def _step_key(self, key: int) -> bool:
        actions = {
            Qt.Key.Key_Left: self.previous,
            Qt.Key.Key_Right: self.next,
            Qt.Key.Key_Home: self.first,
            Qt.Key.Key_End: self.last,
        }
        action = actions.get(Qt.Key(key))
        if action is None or self._replay is None or not self._replay.ok:
            return False
        action()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._step_key(event.key()):
            super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.deal_list.viewport():
            self._fit_list_columns()
            return False
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and event.key() in _STEP_KEYS
            and self._step_key(event.key())
        ):
            return True
        return super().eventFilter(watched, event)

    def hideEvent(self, event: QEvent) -> None:
        if self._analysis_loader.busy:  # no solver runs for a panel nobody looks at
            self._analysis_loader.cancel()
        super().hideEvent(event)

    def _retranslate(self) -> None:
        for edit in (self.date_from, self.date_to):  # dates as the language writes them
            edit.setDisplayFormat(date_pattern())
        for label, text in zip(
            self._filter_labels,
            (self.tr("&Series:"), self.tr("&Player:"), self.tr("&From:"), self.tr("&To:")),
            strict=True,
        ):
            label.setText(text)
        for b, text in (
            (self.first_button, self.tr("First position (Home)")),
            (self.prev_button, self.tr("Previous move (Left)")),
            (self.next_button, self.tr("Next move (Right)")),
            (self.last_button, self.tr("Last position (End)")),
        ):
            b.setToolTip(text)
            b.setAccessibleName(text)
        self.analysis_button.setText(self.tr("Analyse"))
        self.moves_title.setText(self.tr("Moves"))
        # a list's name for a screen reader (Qt takes none from a label beside it)
        self.moves.setAccessibleName(self.tr("Moves"))
        self.deal_list.setAccessibleName(self.tr("Deals"))
        self.analysis_button.setToolTip(
            self.tr("Solve the deal with open cards and mark the cards that cost points")
        )
        if self.series_box.count():
            self._say_choices()

    def _restyle(self) -> None:
        pal = self.palette()
        self._paint_icons()
        self._size_rows()
        self.auction_line.setStyleSheet(f"color: {muted_color(pal).name()}")
        if self.error_line.isVisible():
            self.error_line.setStyleSheet(f"color: {negative_color(pal).name()}")

    def changeEvent(self, event: QEvent) -> None:
        kind = event.type()
        if kind in (QEvent.Type.PaletteChange, QEvent.Type.FontChange) and hasattr(self, "board"):
            if kind == QEvent.Type.FontChange:
                self._fit_list_columns(measure=True)
                self._floor_changed()
            self._restyle()
            self._mark_moves()
            self._draw()
        elif kind == QEvent.Type.LanguageChange and hasattr(self, "board"):
            self._retranslate()
            self._say_list_status()
            # headings and games in the new language: measured anew (English widths cut
            # "Alleinspieler" short)
            self.list_model.headerDataChanged.emit(
                Qt.Orientation.Horizontal, 0, self.list_model.columnCount() - 1
            )
            self._fit_list_columns(measure=True)
            self._floor_changed()
            self.deal_list.viewport().update()
            if self._opened is not None:
                self.heading.setText(breakable(self._heading(self._opened)))
            elif self._nothing_shown:
                self._show_nothing()  # "No deal chosen" stayed in the old language
            self._fill_moves()
            self._draw()
        super().changeEvent(event)


def _date_text(edit: QDateEdit) -> str | None:
    d = edit.date()
    return None if d == edit.minimumDate() else d.toString("yyyy-MM-dd")


def _qdate(text: str | None) -> QDate:
    if not text:
        return _NO_DATE
    d = QDate.fromString(text, "yyyy-MM-dd")
    return d if d.isValid() else _NO_DATE
