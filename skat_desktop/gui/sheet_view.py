"""The score sheet of one series: every deal with running totals, then the evaluation.

:class:`ScoreSheetView` shows what :meth:`SeriesService.sheet` computes — it adds nothing to
the rules. The sheet is rebuilt by replaying every stored deal through the engine, which
grows with the series, so it is read off the GUI thread (:mod:`store_worker`) with its own
connection; the old sheet stays on screen until the new one has arrived, so a refresh after
each deal does not flicker.

Each player's column shows the running total; where the deal changed it, the deal's score
stands small in front of it. Negative numbers are drawn in a red taken from the palette
(light and dark), and the footer (totals, won/lost, passed in, Seeger-Fabian, the profile's
own method, money, places) is set off in bold.
"""

from __future__ import annotations

import math
import re
import threading
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QBrush,
    QFont,
    QFontMetrics,
    QKeySequence,
    QPainter,
    QPalette,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app.sheets import SeriesService, SheetSummary
from skat_desktop.gui.game_words import (
    deals_of_text,
    deals_text,
    fill,
    game_label,
    is_dark,
    local_date,
    mix,
    muted_color,
    names_date,
    negative_color,
    number,
    plural,
    seat_name,
    signed,
)
from skat_desktop.gui.plain import breakable, plain_label, tip
from skat_desktop.gui.profile_editor import profile_title, profile_titles
from skat_desktop.gui.store_worker import StoreLoader, refresh_after_deal, refresh_if_stale
from skat_desktop.store.repository import Store

SCORE_ROLE = Qt.ItemDataRole.UserRole + 1  # a player's score in this deal (int or None)
VALUE_ROLE = Qt.ItemDataRole.UserRole + 2  # the number a cell shows (int or None)
KIND_ROLE = Qt.ItemDataRole.UserRole + 3  # "deal" or the footer row's kind
NEGATIVE_ROLE = Qt.ItemDataRole.UserRole + 4  # drawn in the negative colour
SEAT_ROLE = Qt.ItemDataRole.UserRole + 5  # the table seat of a player's column, else None
MUTED_ROLE = Qt.ItemDataRole.UserRole + 6  # the dealer sitting out at a table of four
_GAP = "  "  # keeps the notes clear of the last player's right-aligned numbers

_FIXED = ("number", "dealer", "declarer", "game", "result", "value")
_LEFT_OUT_WHEN_NARROW = (1, 4)  # dealer, result
WRAPPED_COLUMNS = (2, 3)  # the declarer and the game: on more lines in a narrow sheet
_BREAKS = re.compile(r"\s+|(?<=-)(?=\w)")  # where a line may break: spaces, after a hyphen
FOOTER_SPAN = 5  # a footer line's label runs over #, dealer, declarer, game and result
_IndexLike = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class SheetData:
    """What the sheet view shows: the engine's sheet plus what only the store knows."""

    summary: SheetSummary
    kontra: tuple[int, ...] = ()  # per line: 0 none, 1 Kontra, 2 Re, ...
    corrections: dict[int, str] = field(default_factory=dict)  # deal number -> who and why


def read_sheet(store: Store, series_id: int, cancel: threading.Event | None = None) -> SheetData:
    """The sheet of a series (Qt-free: runs on a worker thread with its own store)."""
    svc = SeriesService(store, series_id)
    summary = svc.sheet()
    kontra = tuple(e.kontra for e in svc.series.entries)
    notes: dict[int, str] = {}
    for c in store.corrections(series_id=series_id):
        notes[c["number"]] = f"{c['author']}, {str(c['created'])[:10]}: {c['reason']}"
    return SheetData(summary, kontra, notes)


@dataclass
class _Row:
    kind: str  # "deal", "total", "won_lost", "passed_in", "evaluation", "money", "places"
    texts: list[str]
    values: list[int | None]
    scores: list[int | None]
    tips: list[str | None]
    negative: list[bool]
    muted: list[bool] = field(default_factory=list)


def _bold(font: QFont) -> QFont:
    bold = QFont(font)
    bold.setBold(True)
    return bold


def _wrapped_height(text: str, font: QFont, width: int) -> float:
    """The height of ``text`` wrapped at ``width`` pixels as an item view wraps a cell."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    height = 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1))
        height += line.height()
    layout.endLayout()
    return height


_NAME_KEPT = 6  # letters a player's heading keeps when a narrow sheet ends it in "…"


def _two_lines(name: str) -> str:
    """A name on two lines, broken at the space that makes the longer line shortest."""
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return name
    cut = min(spaces, key=lambda i: max(i, len(name) - i - 1))
    return name[:cut] + "\n" + name[cut + 1 :]


class SheetModel(QAbstractTableModel):
    """The lines of a score sheet and its footer, one row each; read-only."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[_Row] = []
        self._players: list[str] = []
        self._header_cache: list[str] | None = None
        self._two_lines = False  # the headings on two lines (a narrow sheet)
        self._names_shown: list[str] | None = None  # the players' headings cut short
        self._value_shown = True  # a narrow sheet leaves the value column out
        self.data_shown: SheetData | None = None

    # the columns ------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return list(self._players)

    def player_column(self, seat: int) -> int:
        return len(_FIXED) + seat

    @property
    def notes_column(self) -> int:
        return len(_FIXED) + len(self._players)

    def _headers(self) -> list[str]:
        """The headings as shown: on one line, or on two (see :meth:`set_two_lines`)."""
        if self._header_cache is None:
            heads = self.headings(self._two_lines)
            if self._names_shown is not None and len(self._names_shown) == len(self._players):
                first = self.player_column(0)
                heads[first : first + len(self._players)] = self._names_shown
            self._header_cache = heads
        return self._header_cache

    def headings(self, two_lines: bool = False) -> list[str]:
        """The column headings, on one line or (a narrow sheet) on two."""
        if not two_lines:
            declarer, notes = self.tr("Declarer"), self.tr("Notes")
            names = [seat_name(name) for name in self._players]
        else:  # a long word broken where the language breaks it ("Allein-/spieler")
            declarer = self.tr("Declarer", "column heading on two lines")
            notes = self.tr("Notes", "column heading on two lines")
            names = [_two_lines(seat_name(name)) for name in self._players]
        return [
            self.tr("#"),
            self.tr("Dealer"),
            declarer,
            self.tr("Game"),
            self.tr("Result"),
            self.tr("Value"),
            *names,
            "\n".join(_GAP + line for line in notes.split("\n")),
        ]

    def set_names_shown(self, names: list[str] | None) -> None:
        """Show the players' headings as ``names`` (cut short with "…" where the sheet
        is too narrow for all players' columns otherwise; ``None``: whole). The tooltips
        keep the whole names."""
        if names != self._names_shown:
            self._names_shown = names
            self._headings_changed()

    def set_two_lines(self, on: bool) -> None:
        """Put the headings on two lines (players' names, long words) or back on one: a
        narrow sheet keeps every heading whole this way instead of cutting it short."""
        if on != self._two_lines:
            self._two_lines = on
            self._headings_changed()

    def set_value_shown(self, on: bool) -> None:
        """The value column is shown, or left out (a narrow sheet): the number of deals
        passed in, which stands in that column, then goes into its line's label, or it
        would not be seen at all."""
        if on != self._value_shown:
            self._value_shown = on
            row = self.footer_row("passed_in")
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, 0))

    def _headings_changed(self) -> None:
        self._header_cache = None
        if self.columnCount():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    # filling ----------------------------------------------------------------------------

    def set_sheet(self, data: SheetData | None) -> None:
        self.beginResetModel()
        self.data_shown = data
        self._header_cache = None  # new players, or a new language
        self._rows = []
        players = [name for _, name in data.summary.info.players] if data else []
        if players != self._players:
            self._names_shown = None  # (another series: cut short anew by the next fit)
        self._players = players
        if data is not None:
            self._rows = self._deal_rows(data) + self._footer_rows(data.summary)
        self.endResetModel()

    def footer_row(self, kind: str) -> int | None:
        """The row of a footer line (``total``, ``won_lost``, ``seeger_fabian``, ...)."""
        for i, r in enumerate(self._rows):
            if r.kind == kind:
                return i
        return None

    def _empty(self, kind: str) -> _Row:
        n = len(_FIXED) + len(self._players) + 1
        return _Row(kind, [""] * n, [None] * n, [None] * n, [None] * n, [False] * n, [False] * n)

    def _deal_rows(self, data: SheetData) -> list[_Row]:
        rows = []
        p = len(_FIXED)
        for i, line in enumerate(data.summary.lines):
            r = self._empty("deal")
            r.texts[0] = str(line.number)
            r.values[0] = line.number
            r.texts[1] = seat_name(line.dealer)
            r.texts[2] = seat_name(line.declarer or "")
            r.texts[3] = game_label(line.label)
            if line.won is not None:
                r.texts[4] = self.tr("won") if line.won else self.tr("lost")
                r.negative[4] = not line.won
            if line.value:
                r.texts[5] = number(line.value)
                r.values[5] = line.value
            if len(self._players) == 4 and line.dealer in self._players:
                out = p + self._players.index(line.dealer)
                r.muted[out] = True
                r.tips[out] = self.tr("Sat out: the dealer at a table of four")
            for seat, (score, total) in enumerate(zip(line.scores, line.totals, strict=True)):
                r.texts[p + seat] = number(total)
                r.values[p + seat] = total
                r.scores[p + seat] = score
                r.negative[p + seat] = total < 0
                if score:
                    r.tips[p + seat] = fill(
                        self.tr("%1 in this deal, %2 in all"), signed(score), number(total)
                    )
            kontra = data.kontra[i] if i < len(data.kontra) else 0
            marks, tips = self._marks(line, kontra, data.corrections.get(line.number))
            r.texts[-1] = _GAP + " ".join(marks) if marks else ""
            r.tips[-1] = "\n".join(tips) or None
            rows.append(r)
        return rows

    def _marks(self, line: Any, kontra: int, correction: str | None) -> tuple[list, list]:
        marks: list[str] = []
        tips: list[str] = []
        if line.bock:
            marks.append(self.tr("B"))
            tips.append(self.tr("Bock round: the score counts double"))
        if line.ramsch_round:
            marks.append(self.tr("R"))
            tips.append(self.tr("Compulsory Ramsch round"))
        if kontra:
            names = (self.tr("K"), self.tr("Re"), self.tr("Bo"), self.tr("Hi"))
            marks.append(names[min(kontra, 4) - 1])
            tips.append(plural(self.tr("Doubled %n time(s): Kontra, Re, …", "", kontra), kontra))
        if line.overbid:
            marks.append(self.tr("Ü"))
            tips.append(self.tr("Overbid: the game was worth less than the bid"))
        if line.corrected:
            marks.append("✎")
            tip = self.tr("Corrected")
            tips.append(f"{tip} ({correction})" if correction else tip)
        return marks, tips

    def _footer_rows(self, s: SheetSummary) -> list[_Row]:
        p = len(_FIXED)
        rows = []

        def numbers(kind: str, label: str, values: tuple[int, ...], tip: str = "") -> None:
            r = self._empty(kind)
            r.texts[0] = label
            r.tips[0] = tip or None
            for seat, v in enumerate(values):
                r.texts[p + seat] = number(v)
                r.values[p + seat] = v
                r.negative[p + seat] = v < 0
            rows.append(r)

        numbers("total", self.tr("Total"), s.totals)
        r = self._empty("won_lost")
        r.texts[0] = self.tr("Won / lost")
        for seat, (w, lo) in enumerate(zip(s.won, s.lost, strict=True)):
            r.texts[p + seat] = f"{number(w)} / {number(lo)}"
        rows.append(r)
        if s.passed_in or not s.info.profile.plays_ramsch:
            r = self._empty("passed_in")
            r.texts[0] = self.tr("Passed in")
            r.texts[5] = number(s.passed_in)
            r.values[5] = s.passed_in
            rows.append(r)
        numbers(
            "seeger_fabian",
            self.tr("Seeger-Fabian"),
            s.seeger_fabian,
            self.tr(
                "Score + 50 per game won − 50 per game lost + 40 (30 at a table of four)"
                " for every game another player lost"
            ),
        )
        method = s.info.profile.tournament_scoring
        if method not in ("seeger_fabian", "running_total"):
            numbers("evaluation", self.method_name(method), s.evaluation)
        if s.info.stake_cents:
            r = self._empty("money")
            r.texts[0] = self.tr("Money")
            for seat, cents in enumerate(s.money_cents):
                r.texts[p + seat] = signed(cents / 100, 2)
                r.values[p + seat] = cents
                r.negative[p + seat] = cents < 0
            rows.append(r)
        r = self._empty("places")
        r.texts[0] = self.tr("Place")
        for place, seat in s.ranking:
            r.texts[p + seat] = fill(self.tr("%1."), place)
            r.values[p + seat] = place
        rows.append(r)
        return rows

    def method_name(self, method: str) -> str:
        names = {
            "seeger_fabian": self.tr("Seeger-Fabian"),
            "texas_match_points": self.tr("Texas match points"),
            "pre1999_rating": self.tr("Rating (before 1999)"),
            "running_total": self.tr("Running total"),
        }
        return names.get(method, method)

    # QAbstractTableModel ------------------------------------------------------------------

    def rowCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or not self._players else len(self._headers())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(section)
        if role == Qt.ItemDataRole.ToolTipRole:  # a name on two lines: whole on one
            return tip(self.headings()[section].strip()) or None
        return None

    def _alignment(self, column: int) -> Qt.AlignmentFlag:
        numeric = column in (0, 5) or len(_FIXED) <= column < self.notes_column
        horizontal = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
        return horizontal | Qt.AlignmentFlag.AlignVCenter

    def data(self, index: _IndexLike, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self._rows[index.row()]
        c = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if c == 0 and r.kind == "passed_in" and not self._value_shown:
                return fill(self.tr("%1: %2"), r.texts[0], r.texts[5])
            return r.texts[c]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if c == 0 and r.kind != "deal":  # a footer's label
                return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            return self._alignment(c)
        if role == Qt.ItemDataRole.ToolTipRole:
            if r.tips[c] is None and c == 3 and r.texts[3] and r.texts[2]:
                # the declarer too: a narrow sheet leaves the declarer's column out
                return tip(fill(self.tr("%1, declared by %2"), r.texts[3], r.texts[2]))
            if r.tips[c] is None and c in (2, 3) and r.texts[c]:
                return tip(r.texts[c])
            return tip(r.tips[c])  # corrections: their author and reason as written
        if role == VALUE_ROLE:
            return r.values[c]
        if role == SCORE_ROLE:
            return r.scores[c]
        if role == KIND_ROLE:
            return r.kind
        if role == NEGATIVE_ROLE:
            return r.negative[c]
        if role == MUTED_ROLE:
            return r.muted[c]
        if role == SEAT_ROLE:
            seat = c - len(_FIXED)
            return seat if 0 <= seat < len(self._players) else None
        return None

    def flags(self, index: _IndexLike) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def column_cells(self, column: int, deals_only: bool = False) -> list[tuple[str, int | None]]:
        """(text, the deal's score) of every cell of a column, for sizing it."""
        return [
            (r.texts[column], r.scores[column])
            for r in self._rows
            if not deals_only or r.kind == "deal"
        ]

    def as_text(self) -> str:
        """The whole sheet as tab-separated lines (for the clipboard and spreadsheets)."""
        lines = ["\t".join(h.strip() for h in self.headings())]
        lines += ["\t".join(r.texts) for r in self._rows]
        return "\n".join(lines)


class SheetDelegate(QStyledItemDelegate):
    """Draws negatives in the palette's red, the footer in bold, and score + total cells."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: _IndexLike) -> None:
        super().initStyleOption(option, index)
        option.state &= ~QStyle.StateFlag.State_HasFocus  # rows are selected, not cells
        if index.column() in WRAPPED_COLUMNS or index.data(KIND_ROLE) != "deal":
            # a long game ("Clubs Hand Schneider announced") or footer label in a narrow
            # sheet: on more lines (the row is made taller), never cut short
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        pal = option.palette
        if index.data(KIND_ROLE) != "deal":
            option.font.setBold(True)
            base = pal.color(QPalette.ColorRole.Base)
            text = pal.color(QPalette.ColorRole.Text)
            option.backgroundBrush = QBrush(mix(base, text, 0.13 if is_dark(pal) else 0.07))
        if index.data(NEGATIVE_ROLE):
            option.palette.setColor(QPalette.ColorRole.Text, negative_color(pal))
        if index.data(MUTED_ROLE):
            ink = option.palette.color(QPalette.ColorRole.Text)
            option.palette.setColor(
                QPalette.ColorRole.Text, mix(ink, pal.color(QPalette.ColorRole.Base), 0.45)
            )

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _IndexLike) -> None:
        self._paint_cell(painter, option, index)
        if index.data(SEAT_ROLE) is not None:  # a rule between the players' columns
            pal = option.palette
            line = mix(pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text), 0.22)
            painter.save()
            painter.setPen(line)
            r = option.rect
            painter.drawLine(r.left(), r.top(), r.left(), r.bottom())
            painter.restore()

    def cell_texts(
        self, option: QStyleOptionViewItem, index: _IndexLike
    ) -> list[tuple[QFont, str, int]]:
        """What a cell draws: font, text and the room it has in pixels (for the test that
        nothing is cut short: a total beside the deal's score is drawn here, not by Qt)."""
        opt = QStyleOptionViewItem(option)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        if not index.data(SCORE_ROLE):
            margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget)
            return [(QFont(opt.font), opt.text, rect.width() - 2 * (margin + 1))]
        bold = QFont(opt.font)
        bold.setBold(True)
        return [(bold, opt.text, rect.adjusted(6, 0, -3, 0).width())]

    def _paint_cell(
        self, painter: QPainter, option: QStyleOptionViewItem, index: _IndexLike
    ) -> None:
        score = index.data(SCORE_ROLE)
        if not score:
            super().paint(painter, option, index)
            return
        widget_palette = QPalette(option.palette)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        total_text = opt.text
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        rect = rect.adjusted(6, 0, -3, 0)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal = opt.palette
        painter.save()
        bold = QFont(opt.font)
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(
            pal.color(QPalette.ColorRole.HighlightedText)
            if selected
            else pal.color(QPalette.ColorRole.Text)
        )
        align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(rect, align, total_text)
        small = QFont(opt.font)
        small.setPointSizeF(max(6.0, opt.font.pointSizeF() * 0.82))
        painter.setFont(small)
        if selected:
            color = pal.color(QPalette.ColorRole.HighlightedText)
        elif score < 0:
            color = negative_color(widget_palette)
        else:
            color = muted_color(widget_palette)
        painter.setPen(color)
        left = QRect(rect)
        left.setRight(rect.right() - QFontMetrics(bold).horizontalAdvance(total_text) - 8)
        if QFontMetrics(small).horizontalAdvance(signed(score)) > left.width():
            painter.restore()  # a narrow column: the tooltip tells the deal's score
            return
        painter.drawText(
            left, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, signed(score)
        )
        painter.restore()


class ColumnFit:
    """Column widths of a table that give way, step by step, until they fit ``room`` pixels.

    Start from each column's natural width (``widths``); the caller then takes the steps in
    the order that costs the reader least: :meth:`shrink` a column (its cells are elided, a
    tooltip keeps the whole text), :meth:`hide` one; each step does only as much as is still
    needed, nothing once the columns fit. ``counted`` names the columns that must fit (a
    stretched last column takes what is left and is not counted). :meth:`apply` sets the
    widths on the view. Shared by the score sheet and the history's deal list.
    """

    def __init__(self, widths: list[int], room: int, counted: range | None = None) -> None:
        self.widths = list(widths)
        self.room = room
        self.counted = range(len(widths)) if counted is None else counted
        self.hidden: set[int] = set()

    def over(self) -> int:
        """How many pixels too wide the counted columns are (negative: room to spare)."""
        return sum(self.widths[c] for c in self.counted if c not in self.hidden) - self.room

    def shrink(self, column: int, floor: int) -> None:
        """Narrow ``column`` by what is too much, not below ``floor``."""
        if self.over() > 0 and column in self.counted:
            self.widths[column] -= min(self.over(), max(0, self.widths[column] - floor))

    def hide(self, column: int) -> None:
        """Leave ``column`` out, if the columns are still too wide."""
        if self.over() > 0:
            self.hidden.add(column)

    def apply(self, table: QTableView) -> None:
        for c, w in enumerate(self.widths):
            table.setColumnHidden(c, c in self.hidden)
            table.setColumnWidth(c, w)


class ScoreSheetView(QWidget):
    """The score sheet of one series, kept up to date while it is played.

    ``set_series(store, series_id)`` shows a stored series; ``refresh()`` reads it again
    (call it after each finished deal); ``set_sheet(summary)`` shows a sheet computed
    elsewhere, e.g. by the table's own :class:`SeriesService`. ``loaded`` is emitted
    when a new sheet is on screen, ``failed(message)`` when one could not be read.
    """

    loaded = Signal()
    failed = Signal(str)

    def __init__(
        self,
        store: Store | None = None,
        series_id: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._series_id = series_id
        self._stale = False

        self.title = plain_label(QLabel(self))  # the series' title and place, as written
        title_font = self.title.font()
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.15)
        self.title.setFont(title_font)
        self.title.setWordWrap(True)
        self.status = plain_label(QLabel(self))
        self.status.setWordWrap(True)
        self.status.hide()

        self.model = SheetModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setItemDelegate(SheetDelegate(self.table))
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        # sized once per sheet from the font (ResizeToContents would ask every cell on
        # every change, which costs more than building the sheet)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(8)
        header.setHighlightSections(False)
        self._fitting = False
        self._tall_rows: dict[int, int] = {}  # rows grown for a game on more lines
        self._fitted_width = -1
        self.table.viewport().installEventFilter(self)  # a scroll bar came or went

        self.legend = plain_label(QLabel(self))
        self.legend.setWordWrap(True)

        copy = QAction(self.tr("Copy the sheet"), self)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        copy.triggered.connect(self.copy_to_clipboard)
        self.table.addAction(copy)
        self._zoom = 1.0
        for key, factor in (
            (QKeySequence.StandardKey.ZoomIn, 1.15),
            (QKeySequence.StandardKey.ZoomOut, 1 / 1.15),
        ):
            action = QAction(self)
            action.setShortcut(key)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, f=factor: self.set_zoom(self._zoom * f))
            self.addAction(action)
        self.zoom_in_action, self.zoom_out_action = self.actions()[-2:]
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.legend)

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._show)
        self._loader.failed.connect(self._fail)
        self._loader.busy_changed.connect(self._busy)
        self._retranslate()
        self._restyle()
        if store is not None and series_id is not None:
            self.refresh()
        else:
            self._placeholder()

    # the API ----------------------------------------------------------------------------

    @property
    def series_id(self) -> int | None:
        return self._series_id

    @property
    def summary(self) -> SheetSummary | None:
        """The sheet on screen (``None`` before the first one arrived)."""
        shown = self.model.data_shown
        return shown.summary if shown else None

    @property
    def busy(self) -> bool:
        return self._loader.busy

    @Slot(object, int)
    def set_series(self, store: Store | None, series_id: int | None) -> None:
        """Show the series ``series_id`` of ``store`` (``None``: show nothing)."""
        changed = (store, series_id) != (self._store, self._series_id)
        self._store, self._series_id = store, series_id
        if changed:
            self.model.set_sheet(None)
        if store is None or series_id is None:
            self._loader.cancel()
            self._placeholder()
            return
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """Read the sheet again (after a deal was stored or corrected)."""
        if self._store is None or self._series_id is None:
            return
        sid = self._series_id
        self._loader.load(self._store, lambda store, cancel: read_sheet(store, sid, cancel))

    @Slot(object)
    def follow_table(self, controller: object) -> None:
        """Show the series a table plays (connect ``MainWindow.controllerChanged``)."""
        series_id = getattr(controller, "series_id", None)
        if series_id is not None and self._store is not None:
            self.set_series(self._store, series_id)

    @Slot(object)
    def table_event(self, event: object) -> None:
        """Read the sheet again once a deal has ended (connect ``MainWindow.tableEvent``).

        The table stores a deal before it reports it, so the new line is in the database.
        A hidden sheet (another tab) waits until it is shown.
        """
        refresh_after_deal(self, event)

    def showEvent(self, event: QEvent) -> None:
        refresh_if_stale(self)
        super().showEvent(event)

    def set_sheet(self, summary: SheetSummary | SheetData) -> None:
        """Show a sheet computed elsewhere (no store needed)."""
        data = summary if isinstance(summary, SheetData) else SheetData(summary)
        self._loader.cancel()
        self._series_id = data.summary.info.id
        self._show(data)

    @Slot(float)
    def set_zoom(self, factor: float) -> None:
        """Scale the sheet's type (0.6 to 3): a wall screen at the club, a small laptop."""
        self._zoom = max(0.6, min(3.0, factor))
        font = QFont(self.font())
        font.setPointSizeF(self.font().pointSizeF() * self._zoom)
        self.table.setFont(font)
        self.table.horizontalHeader().setFont(font)
        self._restyle()
        self._fit_columns()

    def least_height(self, lines: int, width: int) -> int:
        """The height that shows the headings, ``lines`` whole lines wherever the sheet is
        scrolled (its tallest ones) and the legend wrapped at ``width``: a page that puts
        more below the sheet keeps this much of it in sight. A layout would count the
        table as a few pixels high and the legend as one line."""
        table, rows = self.table, self.table.verticalHeader()
        shown = (r for r in range(self.model.rowCount()) if not rows.isSectionHidden(r))
        heights = sorted((rows.sectionSize(r) for r in shown), reverse=True)[:lines]
        heights += [rows.defaultSectionSize()] * (lines - len(heights))
        need = sum(heights) + 2 * table.frameWidth()
        header = table.horizontalHeader()
        if not header.isHidden():
            need += header.sizeHint().height()
        bar = table.horizontalScrollBar()
        if bar.maximum() > 0:  # the sheet scrolls sideways: its bar takes a line's room
            need += bar.sizeHint().height()
        layout = self.layout()
        m = layout.contentsMargins()
        inner = width - m.left() - m.right()
        parts = [need]
        for label in (self.title, self.status, self.legend):
            if label.isVisibleTo(self):
                parts.append(label.heightForWidth(inner))
        return sum(parts) + layout.spacing() * (len(parts) - 1) + m.top() + m.bottom()

    @Slot()
    def copy_to_clipboard(self) -> None:
        QApplication.clipboard().setText(self.model.as_text())

    # showing ----------------------------------------------------------------------------

    def _placeholder(self) -> None:
        self.title.setText(self.tr("No series chosen"))
        self.status.hide()

    @Slot(object)
    def _show(self, data: SheetData) -> None:
        bar = self.table.verticalScrollBar()
        at_end = self.model.data_shown is None or bar.value() >= bar.maximum() - 2
        self.model.set_sheet(data)
        self._fit_columns()
        self._say_title()
        self.status.hide()
        if at_end:
            self.table.scrollToBottom()
        self.loaded.emit()

    def _say_title(self) -> None:
        """``<series>, <date> — <rules> — 2 of 48 deals — open`` in the player's language."""
        data = self.model.data_shown
        if data is None:
            return
        info = data.summary.info
        state = self.tr("closed") if info.closed else self.tr("open")
        where = f", {info.place}" if info.place else ""
        played = len(data.summary.lines)
        planned = (
            deals_of_text(played, info.planned_deals) if info.planned_deals else deals_text(played)
        )
        # a table's series is called "<rules>, <date>": each said once
        parts = [info.title]
        if not names_date(info.title, info.date):
            parts.append(local_date(info.date) + where)
        elif where:
            parts[0] += where
        if not any(t in info.title for t in profile_titles(info.profile)):
            parts.append(profile_title(info.profile))
        self.title.setText(breakable(" — ".join([*parts, planned, state])))

    @Slot(str)
    def _fail(self, message: str) -> None:
        self.status.setText(fill(self.tr("The sheet cannot be shown: %1"), message))
        self.status.setStyleSheet(f"color: {negative_color(self.palette()).name()}")
        self.status.show()
        self.failed.emit(message)

    @Slot(bool)
    def _busy(self, busy: bool) -> None:
        if busy and self.model.data_shown is None:
            self.status.setText(self.tr("Reading the score sheet…"))
            self.status.setStyleSheet(f"color: {muted_color(self.palette()).name()}")
            self.status.show()
        elif not busy and self.status.text() == self.tr("Reading the score sheet…"):
            self.status.hide()

    def _retranslate(self) -> None:
        self.table.setAccessibleName(self.tr("Score sheet"))  # for a screen reader
        self._say_legend()

    def _say_legend(self) -> None:
        """The marks explained where the sheet shows its notes column (a series without
        any mark leaves it out), and what the small and the large numbers are."""
        parts = [self.tr("Small numbers: the deal's score; large: the running total.")]
        model = self.model
        if not (model.columnCount() and self.table.isColumnHidden(model.notes_column)):
            marks = self.tr(
                "B Bock round · R Ramsch round · K Kontra · Re Re · Ü overbid · ✎ corrected."
            )
            parts.insert(0, marks)
        self.legend.setText(" ".join(parts))

    def _fit_columns(self) -> None:
        """Each column as wide as its widest cell and heading; the players' columns alike.

        A narrow sheet (a side panel) gives way step by step until every player's column
        is in sight without scrolling sideways, and never cuts a word short: it leaves out
        the dealer and the result (the sign of the score says it), drops the small per-deal
        scores (their tooltips keep them), puts the headings on two lines (the players'
        names, long words), leaves out the value, lets the declarer and a long game run
        onto more lines (the row grows), leaves out the declarer (the game's tooltip names
        him, and his total is the one in bold) and at last ends the players' names in "…"
        (their headings' tooltips say them whole), each line keeping its first
        :data:`_NAME_KEPT` letters at least. Only where even that is too wide does the
        sheet scroll sideways. The totals always show whole.
        """
        if self._fitting or not self.model.columnCount():
            return
        self._fitting = True
        try:
            self._fitted_width = self.table.viewport().width()
            self._fit()
        finally:
            self._fitting = False

    def _fit(self) -> None:
        model, table = self.model, self.table
        header = table.horizontalHeader()
        style = table.style()
        font = QFont(table.font())
        bold = _bold(font)
        small = QFont(font)
        small.setPointSizeF(max(6.0, font.pointSizeF() * 0.82))
        fm, fm_bold, fm_small = QFontMetrics(font), QFontMetrics(bold), QFontMetrics(small)
        fm_head = QFontMetrics(header.font())
        text_margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
        pad = 2 * text_margin + 8  # the style's margins and some air between columns
        head_pad = 2 * style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header) + 8

        def head(text: str) -> int:
            return max(fm_head.horizontalAdvance(line) for line in text.split("\n")) + head_pad

        def word(metrics: QFontMetrics, texts) -> int:
            """The longest piece a text wraps into: its longest word ("Seeger-Fabian"
            breaks after the hyphen, as Qt wraps it)."""
            pieces = (w for t in texts for w in _BREAKS.split(t) if w)
            return max((metrics.horizontalAdvance(w) for w in pieces), default=0)

        one, two = model.headings(False), model.headings(True)
        n = len(one)
        players = [model.player_column(s) for s in range(len(model.players))]
        notes = model.notes_column
        cells, bare, floors = [0] * n, [0] * n, [0] * n
        for c in range(n):
            metrics = fm_bold if c in (0, 5) or c in players else fm
            texts = model.column_cells(c, deals_only=c == 0)
            for text, score in texts:
                cell = metrics.horizontalAdvance(text) + pad
                bare[c] = max(bare[c], cell)
                if score is not None:  # room for the deal's score in front of the total
                    cell += fm_small.horizontalAdvance(signed(max(abs(score), 999))) + 10
                cells[c] = max(cells[c], cell)
            if c in WRAPPED_COLUMNS:
                floors[c] = word(metrics, (t for t, _ in texts)) + pad
        widths = [max(head(one[c]), cells[c]) for c in range(n)]
        for c in players:
            widths[c] = max(widths[p] for p in players)
        marks = bare[notes] if any(t.strip() for t, _ in model.column_cells(notes)) else 0
        room = table.viewport().width()
        fit = ColumnFit(widths, room - max(marks, head(one[notes]) if marks else 0), range(notes))
        widths = fit.widths
        for c in _LEFT_OUT_WHEN_NARROW:
            fit.hide(c)
        numbers = max((bare[c] for c in players), default=0)
        if fit.over() > 0:  # without the small scores (their tooltips say them)
            for c in players:
                widths[c] = max([numbers] + [head(one[p]) for p in players])
        two_lines = fit.over() > 0
        if two_lines:  # the headings on two lines
            for c in range(n):
                widths[c] = max(head(two[c]), cells[c] if c not in players else numbers)
            for c in players:
                widths[c] = max(widths[p] for p in players)
            fit.room = room - (max(marks, head(two[notes])) if marks else 0)
        fit.hide(5)  # the value
        model.set_value_shown(5 not in fit.hidden)  # (else the label counts the passed-in)
        for c in WRAPPED_COLUMNS:  # the declarer and the game on more lines
            fit.shrink(c, max(floors[c], head(two[c] if two_lines else one[c])))
        fit.hide(2)  # the declarer
        # the footer's labels run over the first columns: as wide as they need where the
        # room allows, else on more lines, and never narrower than their longest word
        labels = self._footer_labels()
        span = sum(widths[c] for c in range(FOOTER_SPAN) if c not in fit.hidden)
        need = max((fm_bold.horizontalAdvance(t) + pad for t in labels), default=0)
        if span < need <= span - fit.over():  # on one line where the room allows
            widths[3] += need - span
            span = need
        least = word(fm_bold, labels) + pad
        if span < least:
            widths[3] += least - span
        # the notes take what is left (the last column stretches); without any marks in
        # the series they give way where their heading would not fit
        notes_head = head(two[notes] if two_lines else one[notes])
        widths[notes] = max(marks, notes_head) if marks else notes_head
        if not marks and fit.over() + notes_head > 0:
            fit.hidden.add(notes)  # the room left goes to the game, the players stay alike
            widths[3] += max(0, -fit.over() - 1)
        # at last the players' names end in "…" (their tooltips say them whole), as far as
        # each keeps its first letters: every player's column in sight, not scrolled to
        shown = None
        if fit.over() > 0 and players:
            heads = two if two_lines else one
            stubs = [line[:_NAME_KEPT] + "…" for c in players for line in heads[c].split("\n")]
            floor = max([numbers] + [head(stub) for stub in stubs])
            cut = -(-fit.over() // len(players))
            width = max(floor, widths[players[0]] - cut)
            if width < widths[players[0]]:
                room_text = width - head_pad
                elide = Qt.TextElideMode.ElideRight
                shown = [
                    "\n".join(fm_head.elidedText(x, elide, room_text) for x in heads[c].split("\n"))
                    for c in players
                ]
                for c in players:
                    widths[c] = width
        model.set_names_shown(shown)
        model.set_two_lines(two_lines)
        # Qt would elide a heading of two lines into one line: the widths above fit them
        mode = Qt.TextElideMode.ElideNone if two_lines else Qt.TextElideMode.ElideRight
        header.setTextElideMode(mode)
        fit.apply(table)
        self._say_legend()  # the marks explained while their column shows
        self._set_spans()
        self._fit_rows(widths, fit.hidden, 2 * text_margin)

    def _footer_labels(self) -> list[str]:
        model = self.model
        return [
            model.index(r, 0).data() or ""
            for r in range(model.rowCount())
            if model.index(r, 0).data(KIND_ROLE) != "deal"
        ]

    def _fit_rows(self, widths: list[int], hidden: set[int], margins: int) -> None:
        """Rows whose game, declarer or footer label runs onto more lines grow to hold
        them; the others keep the default height (few rows ever need more)."""
        model, rows = self.model, self.table.verticalHeader()
        font = QFont(self.table.font())
        bold = _bold(font)
        fm, fm_bold = QFontMetrics(font), QFontMetrics(bold)
        default = rows.defaultSectionSize()
        extra = default - fm.height()
        span = sum(widths[c] for c in range(FOOTER_SPAN) if c not in hidden)
        tall: dict[int, int] = {}
        for r in range(model.rowCount()):
            if model.index(r, 0).data(KIND_ROLE) == "deal":
                pieces = [(font, fm, c, widths[c]) for c in WRAPPED_COLUMNS if c not in hidden]
            else:
                pieces = [(bold, fm_bold, 0, span)]
            need = default
            for piece_font, metrics, c, width in pieces:
                text = model.index(r, c).data() or ""
                room = width - margins
                if text and metrics.horizontalAdvance(text) > room - 2:
                    high = _wrapped_height(text, piece_font, room)
                    need = max(need, math.ceil(high) + extra)
            if need != default:
                tall[r] = need
        for r in self._tall_rows.keys() - tall.keys():
            if r < model.rowCount():
                rows.resizeSection(r, default)
        for r, height in tall.items():
            if rows.sectionSize(r) != height:
                rows.resizeSection(r, height)
        self._tall_rows = tall

    def _set_spans(self) -> None:
        """The footer's labels (Total, Seeger-Fabian, ...) run over the first columns."""
        self.table.clearSpans()
        model = self.model
        for r in range(model.rowCount()):
            if model.index(r, 0).data(KIND_ROLE) != "deal":
                self.table.setSpan(r, 0, 1, FOOTER_SPAN)

    def resizeEvent(self, event: QEvent) -> None:
        super().resizeEvent(event)
        if self.model.data_shown is not None:
            self._fit_columns()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Resize
            and watched is self.table.viewport()
            and self.model.data_shown is not None
            and watched.width() != self._fitted_width
        ):
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _restyle(self) -> None:
        pal = self.palette()
        muted = muted_color(pal).name()
        self.legend.setStyleSheet(f"color: {muted}")
        fm = QFontMetrics(self.table.font())
        self.table.verticalHeader().setDefaultSectionSize(round(fm.height() * 1.55))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._restyle()
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self.model.set_sheet(self.model.data_shown)
            self._fit_columns()
            if self.model.data_shown is not None:
                self._say_title()
            elif self._series_id is None:
                self._placeholder()
        super().changeEvent(event)
