"""The list of every stored series: the club desk's way into its score sheets (issue 25).

:class:`SeriesListView` lists each series -- played in the program or entered from real
tables -- with its date, title, place, players, rule profile, deals entered / planned, open or
closed, and where its deals come from. The list is read off the GUI thread in one query
(:meth:`Store.series_overview <skat_desktop.store.repository.Store.series_overview>`), since a
club keeps thousands of evenings; searching and filtering then work on the rows in memory
(:class:`SeriesFilter`), and the columns are measured on the longest texts only, so neither
freezes the window. Double-click or Enter opens a series (``series_opened``).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QBrush, QFontMetricsF, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.gui.combo_width import keep_text_whole
from skat_desktop.gui.game_words import (
    fill,
    local_date,
    muted_color,
    negative_color,
    number,
    seat_names,
)
from skat_desktop.gui.panels import FlowBox
from skat_desktop.gui.plain import plain_label, tip
from skat_desktop.gui.profile_editor import profile_title
from skat_desktop.gui.sheet_view import ColumnFit
from skat_desktop.gui.store_worker import StoreLoader, refresh_if_stale
from skat_desktop.store.repository import Store

_IndexLike = QModelIndex | QPersistentModelIndex
ID_ROLE = Qt.ItemDataRole.UserRole  # the series' id
_MEASURED = 40  # a column is measured on its longest texts (by characters), not on all rows
_PAD = 12  # room around a cell's text beside the style's margins
ORIGINS = ("program", "entered", "imported")


@dataclass(frozen=True)
class SeriesListing:
    """One series as the list shows it (no deals: the sheet reads those when opened)."""

    id: int
    title: str
    date: str
    place: str
    players: tuple[str, ...]
    profile: str  # the rule profile's name
    profile_title: str  # its title as stored (a copy's as typed)
    profile_builtin: bool
    deals: int  # stored so far
    planned: int | None
    closed: bool
    origin: str  # "program", "entered", "imported" or ""
    stake_cents: float = 0.0
    words: str = field(default="", compare=False, repr=False)  # what the search looks in

    @classmethod
    def of(cls, row: dict[str, Any]) -> SeriesListing:
        """A row of :meth:`Store.series_overview`."""
        players = tuple(row["players"])
        words = "\n".join([row["title"], row["place"], *players]).casefold()
        return cls(
            id=row["id"],
            title=row["title"],
            date=row["date"],
            place=row["place"],
            players=players,
            profile=row["profile"],
            profile_title=row["profile_title"],
            profile_builtin=bool(row["profile_builtin"]),
            deals=row["deals"],
            planned=row["planned_deals"],
            closed=bool(row["closed"]),
            origin=row["origin"],
            stake_cents=float(row["stake_cents"] or 0),
            words=words,
        )

    @property
    def year(self) -> int | None:
        return int(self.date[:4]) if self.date[:4].isdecimal() else None

    def matches(self, words: Sequence[str]) -> bool:
        """Whether every one of ``words`` (casefolded) is in the title, place or a name."""
        return all(w in self.words for w in words)


def read_series_list(
    store: Store, cancel: threading.Event | None = None
) -> tuple[SeriesListing, ...]:
    """Every stored series, newest first (Qt-free: runs on a worker with its own store)."""
    return tuple(SeriesListing.of(r) for r in store.series_overview())


def rules_title(s: SeriesListing) -> str:
    """The rule profile's title as the player reads it: a built-in one's in his language."""
    if s.profile_builtin and s.profile in BUILTIN:
        return profile_title(BUILTIN[s.profile])
    return s.profile_title


def deals_cell(s: SeriesListing) -> str:
    """``12 / 36`` (entered / planned), or ``12`` for a series of open length."""
    return f"{number(s.deals)} / {number(s.planned)}" if s.planned else number(s.deals)


@dataclass(frozen=True)
class SeriesFilter:
    """Which series the list shows: every one of ``words`` (casefolded) in the title, the
    place or a player's name, and the state (``closed`` None: both), rule profile and year
    where given."""

    words: tuple[str, ...] = ()
    closed: bool | None = None
    profile: str | None = None
    year: int | None = None

    def accepts(self, s: SeriesListing) -> bool:
        return (
            (self.closed is None or s.closed == self.closed)
            and (self.profile is None or s.profile == self.profile)
            and (self.year is None or s.year == self.year)
            and s.matches(self.words)
        )


class SeriesListModel(QAbstractTableModel):
    """The series the filter lets through, in the order chosen; read-only.

    Filtering and sorting happen here, in Python over the rows in memory: a
    QSortFilterProxyModel asks a Python model once per comparison and per row, which took
    most of a second for each click on a heading with 3,000 series; here the keys are
    worked out once per column and a search or a sort takes milliseconds.
    """

    DATE, TITLE, PLAYERS, DEALS, STATE, PLACE, RULES, ORIGIN = range(8)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.listings: tuple[SeriesListing, ...] = ()  # every series read
        self.rows: list[SeriesListing] = []  # those shown, in order
        self.filter = SeriesFilter()
        self.sort_column = self.DATE
        self.sort_order = Qt.SortOrder.DescendingOrder
        self._dates: dict[str, str] = {}  # ISO date -> as the language writes it
        self._rules: dict[tuple[str, bool, str], str] = {}
        self._keys: dict[int, dict[int, Any]] = {}  # column -> series id -> sort key

    # what is shown ----------------------------------------------------------------------

    def set_listings(self, listings: tuple[SeriesListing, ...]) -> None:
        """Show ``listings`` through the filter and in the order chosen."""
        self.listings = listings
        self._keys.clear()
        self._arrange()

    def set_filter(self, flt: SeriesFilter) -> None:
        if flt != self.filter:
            self.filter = flt
            self._arrange()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Qt's sort (a click on a heading); equal keys keep the newest series first."""
        if (column, order) != (self.sort_column, self.sort_order):
            self.sort_column, self.sort_order = column, order
            self._arrange()

    def _arrange(self) -> None:
        """The rows anew; the same series in the same order only change their cells (the
        selection and the scroll position stay), anything else starts the view anew."""
        flt = self.filter
        shown = [s for s in self.listings if flt.accepts(s)]  # newest first, as read
        if not (self.sort_column == self.DATE and self.sort_order == Qt.SortOrder.DescendingOrder):
            keys = self._sort_keys(self.sort_column)
            descending = self.sort_order == Qt.SortOrder.DescendingOrder
            shown.sort(key=lambda s: keys[s.id], reverse=descending)
        if shown and [s.id for s in shown] == [s.id for s in self.rows]:
            self.rows = shown
            self._changed()
            return
        self.beginResetModel()
        self.rows = shown
        self.endResetModel()

    def _changed(self) -> None:
        if self.rows:
            last = self.index(len(self.rows) - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def _sort_keys(self, column: int) -> dict[int, Any]:
        keys = self._keys.get(column)
        if keys is None:
            keys = self._keys[column] = {s.id: self.sort_key(s, column) for s in self.listings}
        return keys

    def row_of(self, series_id: int) -> int | None:
        for i, r in enumerate(self.rows):
            if r.id == series_id:
                return i
        return None

    def retranslate(self) -> None:
        self._dates.clear()
        self._rules.clear()
        self._keys.clear()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        self._arrange()  # a sort by a translated text may change
        self._changed()

    # the texts --------------------------------------------------------------------------

    def headings(self) -> list[str]:
        return [
            self.tr("Date"),
            self.tr("Title"),
            self.tr("Players"),
            self.tr("Deals"),
            self.tr("State"),
            self.tr("Venue"),
            self.tr("Rules"),
            self.tr("Source"),
        ]

    def state_text(self, closed: bool) -> str:
        return self.tr("closed") if closed else self.tr("open")

    def origin_text(self, origin: str) -> str:
        return {
            "program": self.tr("played here"),
            "entered": self.tr("entered"),
            "imported": self.tr("imported"),
        }.get(origin, "")

    def origin_note(self, origin: str) -> str:
        return {
            "program": self.tr("Played in the program: every card is stored"),
            "entered": self.tr("Entered from real tables, line by line of the score sheet"),
            "imported": self.tr("Imported from a file"),
        }.get(origin, self.tr("No deal stored yet"))

    def local_date(self, iso: str) -> str:
        text = self._dates.get(iso)
        if text is None:
            text = self._dates[iso] = local_date(iso)
        return text

    def rules(self, s: SeriesListing) -> str:
        key = (s.profile, s.profile_builtin, s.profile_title)
        text = self._rules.get(key)
        if text is None:
            text = self._rules[key] = rules_title(s)
        return text

    def text(self, s: SeriesListing, c: int) -> str:
        if c == self.DATE:
            return self.local_date(s.date)
        if c == self.TITLE:
            return s.title
        if c == self.PLAYERS:
            return ", ".join(seat_names(s.players))  # "Anfänger 2" in German
        if c == self.DEALS:
            return deals_cell(s)
        if c == self.STATE:
            return self.state_text(s.closed)
        if c == self.PLACE:
            return s.place
        if c == self.RULES:
            return self.rules(s)
        return self.origin_text(s.origin)

    def column_texts(self, c: int) -> set[str]:
        """The different texts of column ``c`` among every series read."""
        return {self.text(s, c) for s in self.listings}

    def describe(self, s: SeriesListing) -> str:
        """Everything about the series in a few lines (the tooltip: columns a narrow list
        leaves out are said here)."""
        lines = [s.title, " · ".join(t for t in (self.local_date(s.date), s.place) if t)]
        lines.append(", ".join(seat_names(s.players)))
        lines.append(f"{self.rules(s)} · {deals_cell(s)} · {self.state_text(s.closed)}")
        lines.append(self.origin_note(s.origin))
        return "\n".join(lines)

    def sort_key(self, s: SeriesListing, c: int) -> Any:
        """What column ``c`` sorts by; ties go by the date and the order the series were
        made in."""
        when = (s.date, s.id)
        if c == self.DATE:
            return when
        if c == self.DEALS:
            return (s.deals, when)
        if c == self.STATE:
            return (s.closed, when)
        return (self.text(s, c).casefold(), when)

    # Qt's model API ---------------------------------------------------------------------

    def rowCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _IndexLike = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 8

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.headings()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(section)
        return None

    def _alignment(self, column: int) -> Qt.AlignmentFlag:
        side = Qt.AlignmentFlag.AlignRight if column == self.DEALS else Qt.AlignmentFlag.AlignLeft
        return side | Qt.AlignmentFlag.AlignVCenter

    def data(self, index: _IndexLike, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        s = self.rows[index.row()]
        c = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(s, c)
        if role == ID_ROLE:
            return s.id
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(c)
        if role == Qt.ItemDataRole.ForegroundRole and (
            c == self.ORIGIN or (c == self.STATE and s.closed)
        ):
            return QBrush(muted_color(QGuiApplication.palette()))
        if role == Qt.ItemDataRole.ToolTipRole:
            if c == self.ORIGIN:
                return self.origin_note(s.origin)
            return tip(self.describe(s))  # titles and names as written
        return None


# the columns left out, in this order, where the list is too narrow for all (the title's
# tooltip says them); the date, the title and the deals always show
_GIVE_WAY = (
    SeriesListModel.ORIGIN,
    SeriesListModel.RULES,
    SeriesListModel.PLACE,
    SeriesListModel.PLAYERS,
    SeriesListModel.STATE,
)


class SeriesListView(QWidget):
    """Every stored series with a search field and filters; opens one on double-click or
    Enter.

    ``set_store(store)`` lists the series of ``store``; ``refresh()`` reads them again (after
    another program wrote); ``series_opened(series_id)`` asks to show a series' sheet;
    ``loaded`` says a new list is on screen, ``failed(message)`` that none could be read.
    """

    series_opened = Signal(int)
    loaded = Signal()
    failed = Signal(str)

    def __init__(self, store: Store | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store: Store | None = None
        self._stale = False
        self._listed = False  # a list has arrived (the status says how many)
        self._failure: str | None = None
        self._filling = True  # until the model is there: no filter to pass on yet
        self._current: int | None = None  # the series chosen, kept across a refresh
        self._widths: list[int] = []
        self._fitted_width = -1

        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.search.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.search.textChanged.connect(self._search_changed)
        self.state_box = QComboBox(self)
        self.profile_box = QComboBox(self)
        self.year_box = QComboBox(self)
        for box in (self.state_box, self.profile_box, self.year_box):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.currentIndexChanged.connect(self._filters_changed)
        self.state_box.addItems(["", "", ""])  # all, open, closed: named in _retranslate
        self.profile_box.addItem("", None)
        self.year_box.addItem("", None)
        keep_text_whole(self.state_box, self.profile_box, self.year_box)
        self.filters = FlowBox(self)
        for w in (self.search, self.state_box, self.profile_box, self.year_box):
            self.filters.add(w)

        self.model = SeriesListModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)  # the model sorts (see SeriesListModel)
        self.table.sortByColumn(SeriesListModel.DATE, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        # measured from the texts when a list arrives (ResizeToContents would ask every cell)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(24)
        header.setHighlightSections(False)
        header.setSortIndicatorShown(True)
        self.table.doubleClicked.connect(self._open_index)
        self.table.installEventFilter(self)
        self.table.viewport().installEventFilter(self)  # its width: the columns give way
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.model.modelReset.connect(self._filtered)

        self.status = plain_label(QLabel(self))  # a failure may quote the database
        self.status.setWordWrap(True)

        find = QAction(self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.triggered.connect(self.focus_search)
        self.addAction(find)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._arrived)
        self._loader.failed.connect(self._fail)
        self._loader.busy_changed.connect(self._busy)
        self._retranslate()
        self._size_rows()
        self._filling = False
        if store is not None:
            self.set_store(store)
        else:
            self._say_status()

    # the API ----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._loader.busy

    @property
    def store(self) -> Store | None:
        return self._store

    def listed_count(self) -> int:
        """How many series the list holds (before the filters)."""
        return len(self.model.listings)

    def shown_count(self) -> int:
        """How many series the filters let through."""
        return self.model.rowCount()

    def shown_ids(self) -> list[int]:
        """The ids of the rows shown, top to bottom."""
        return [s.id for s in self.model.rows]

    def listing(self, series_id: int) -> SeriesListing | None:
        return next((s for s in self.model.listings if s.id == series_id), None)

    @property
    def current_series(self) -> int | None:
        """The series chosen in the list (opened or only selected)."""
        return self._current

    def set_store(self, store: Store | None) -> None:
        self._store = store
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """Read the list again (another program or this one wrote to the database). A
        hidden list waits until it is shown."""
        if self._store is None:
            self._loader.cancel()
            self.model.set_rows(())
            self._say_status()
            return
        if not self.isVisible() and self._listed:
            self._stale = True
            return
        self._loader.load(self._store, read_series_list)

    def showEvent(self, event: QEvent) -> None:
        refresh_if_stale(self)
        super().showEvent(event)
        # A filter box that grew while the list was hidden (the language switched on another
        # tab, the profiles read) widened in place: Qt asks a hand-placed row to place its
        # widgets anew only while it is visible, so the status box stuck out of its row.
        QCoreApplication.sendEvent(self.filters, QEvent(QEvent.Type.LayoutRequest))

    def set_search(self, text: str) -> None:
        self.search.setText(text)

    def set_filter(
        self, closed: bool | None = None, profile: str | None = None, year: int | None = None
    ) -> None:
        """Choose the filters as their boxes would (``None``: all)."""
        self._filling = True
        try:
            self.state_box.setCurrentIndex({None: 0, False: 1, True: 2}[closed])
            self.profile_box.setCurrentIndex(max(self.profile_box.findData(profile), 0))
            self.year_box.setCurrentIndex(max(self.year_box.findData(year), 0))
        finally:
            self._filling = False
        self._filters_changed()

    def select_series(self, series_id: int | None) -> bool:
        """Make ``series_id`` the chosen row (without opening it); False if it is not shown."""
        self._current = series_id
        return self._select(series_id)

    @Slot()
    def open_current(self) -> None:
        """Open the chosen series (Enter)."""
        index = self.table.currentIndex()
        if index.isValid():
            self._open_index(index)

    @Slot()
    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    # the list ---------------------------------------------------------------------------

    @Slot(object)
    def _arrived(self, rows: tuple[SeriesListing, ...]) -> None:
        self._failure = None
        bar = self.table.verticalScrollBar()
        scrolled = bar.value()
        self.model.set_listings(rows)
        self._listed = True
        self._fill_choices()
        self._fit_columns(measure=True)
        if self._current is not None and not self._select(self._current):
            self._current = None
        bar.setValue(min(scrolled, bar.maximum()))
        self._say_status()
        self.loaded.emit()

    @Slot(str)
    def _fail(self, message: str) -> None:
        self._failure = message
        self._say_status()
        self.failed.emit(message)

    @Slot(bool)
    def _busy(self, busy: bool) -> None:
        if not self._listed:
            self._say_status()

    def _say_status(self) -> None:
        pal = self.palette()
        if self._failure is not None:
            text = fill(self.tr("The series cannot be listed: %1"), self._failure)
            color = negative_color(pal)
        elif not self._listed:
            text = self.tr("Reading the series…") if self._loader.busy else ""
            color = muted_color(pal)
        elif not self.listed_count():
            text = self.tr("No series stored yet.")
            color = muted_color(pal)
        elif self.shown_count() == self.listed_count():
            text = fill(self.tr("Series: %1"), number(self.listed_count()))
            color = muted_color(pal)
        else:
            text = fill(
                self.tr("Series: %1 of %2"), number(self.shown_count()), number(self.listed_count())
            )
            color = muted_color(pal)
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {color.name()}")
        self.status.setVisible(bool(text))

    def _fill_choices(self) -> None:
        """The rule profiles and years the stored series have, keeping what was chosen."""
        profiles: dict[str, str] = {}
        years: set[int] = set()
        for s in self.model.listings:
            profiles.setdefault(s.profile, self.model.rules(s))
            if s.year is not None:
                years.add(s.year)
        self._filling = True
        try:
            for box, items in (
                (self.profile_box, sorted(profiles.items(), key=lambda kv: kv[1].casefold())),
                (self.year_box, [(y, str(y)) for y in sorted(years, reverse=True)]),
            ):
                chosen = box.currentData()
                have = [(box.itemData(i), box.itemText(i)) for i in range(1, box.count())]
                if have != [(data, text) for data, text in items]:
                    while box.count() > 1:
                        box.removeItem(1)
                    for data, text in items:
                        box.addItem(text, data)
                box.setCurrentIndex(max(box.findData(chosen), 0))
        finally:
            self._filling = False
        self._filters_changed()

    @Slot()
    def _filters_changed(self) -> None:
        if self._filling:
            return
        self.model.set_filter(
            SeriesFilter(
                tuple(self.search.text().casefold().split()),
                {0: None, 1: False, 2: True}.get(self.state_box.currentIndex()),
                self.profile_box.currentData(),
                self.year_box.currentData(),
            )
        )
        self._say_status()

    @Slot(str)
    def _search_changed(self, _text: str) -> None:
        self._filters_changed()

    @Slot()
    def _filtered(self) -> None:
        if self._current is not None:
            self._select(self._current)
        self._say_status()

    def _select(self, series_id: int | None) -> bool:
        row = self.model.row_of(series_id) if series_id is not None else None
        if row is None:
            return False
        index = self.model.index(row, 0)
        self._filling = True
        try:
            self.table.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        finally:
            self._filling = False
        self.table.scrollTo(index)
        return True

    @Slot(QModelIndex, QModelIndex)
    def _row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._filling and current.isValid():
            self._current = current.data(ID_ROLE)

    @Slot(QModelIndex)
    def _open_index(self, index: QModelIndex) -> None:
        series_id = index.data(ID_ROLE)
        if series_id is not None:
            self._current = series_id
            self.series_opened.emit(series_id)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.open_current()
            return True
        if (
            watched is self.table.viewport()
            and event.type() == QEvent.Type.Resize
            and watched.width() != self._fitted_width
        ):
            self._fit_columns()
        return super().eventFilter(watched, event)

    # the columns ------------------------------------------------------------------------

    def _pad(self) -> int:
        style = self.table.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table)
        head = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, self.table)
        return max(_PAD, 4 * (margin + 1), 2 * head + 2)

    def _measure(self) -> None:
        """Each column's width from its heading and its longest texts (a few dozen, however
        many series), and room for the sort arrow in the heading."""
        model = self.model
        fm = QFontMetricsF(self.table.font())
        fm_head = QFontMetricsF(self.table.horizontalHeader().font())
        pad = self._pad()
        arrow = self.table.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize) + 6
        widths = []
        for c in range(model.columnCount()):
            texts = model.column_texts(c)
            longest = sorted(texts, key=len, reverse=True)[:_MEASURED]
            cell = max((fm.horizontalAdvance(t) for t in longest), default=0)
            head = fm_head.horizontalAdvance(model.headings()[c]) + arrow
            widths.append(math.ceil(max(cell, head)) + pad)
        self._widths = widths

    def _fit_columns(self, measure: bool = False) -> None:
        """Each column as wide as its texts; a narrow list leaves columns out (the title's
        tooltip says them) rather than cut a text short, and scrolls sideways only where
        even the date, the title and the deals are too wide. The title takes what is left."""
        if measure or len(self._widths) != self.model.columnCount():
            self._measure()
        room = self.table.viewport().width()
        self._fitted_width = room
        fit = ColumnFit(self._widths, room)
        for c in _GIVE_WAY:
            fit.hide(c)
        title = SeriesListModel.TITLE
        spare = -fit.over()
        if spare > 0:
            fit.widths[title] += spare
        fit.apply(self.table)

    def _size_rows(self) -> None:
        row = math.ceil(QFontMetricsF(self.table.font()).height() * 1.5)
        self.table.verticalHeader().setDefaultSectionSize(row)

    # language and look ------------------------------------------------------------------

    def _retranslate(self) -> None:
        self.search.setPlaceholderText(self.tr("Search title, venue, players"))
        # the hint whole, with room for the frame and the clear button
        hint = self.search.fontMetrics().horizontalAdvance(self.search.placeholderText())
        self.search.setMinimumWidth(hint + 2 * self.search.fontMetrics().height() + 12)
        self.search.setAccessibleName(self.tr("Search the series"))
        for i, text in enumerate((self.tr("Open and closed"), self.tr("Open"), self.tr("Closed"))):
            self.state_box.setItemText(i, text)
        self.state_box.setAccessibleName(self.tr("Open or closed"))
        self.profile_box.setItemText(0, self.tr("All rule profiles"))
        self.profile_box.setAccessibleName(self.tr("Rule profile"))
        self.year_box.setItemText(0, self.tr("All years"))
        self.year_box.setAccessibleName(self.tr("Year"))
        self.table.setAccessibleName(self.tr("Series"))

    def changeEvent(self, event: QEvent) -> None:
        kind = event.type()
        if kind == QEvent.Type.LanguageChange and hasattr(self, "model"):
            self._retranslate()
            self.model.retranslate()
            for i in range(1, self.profile_box.count()):  # built-in profiles' titles
                name = self.profile_box.itemData(i)
                s = next((r for r in self.model.listings if r.profile == name), None)
                if s is not None:
                    self.profile_box.setItemText(i, self.model.rules(s))
            self._fit_columns(measure=True)
            self._say_status()
        elif kind in (QEvent.Type.FontChange, QEvent.Type.PaletteChange) and hasattr(self, "model"):
            self._retranslate()  # the search field's width follows its hint's font
            self._size_rows()
            self._fit_columns(measure=True)
            self._say_status()
        super().changeEvent(event)
