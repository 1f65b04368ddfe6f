"""A player's statistics with charts, and the club's season ranking.

:class:`StatisticsView` shows what :func:`~skat_desktop.app.statistics.player_statistics` and
:func:`~skat_desktop.app.statistics.season_ranking` compute, for the series the filters select
(rule profile, date range; the player's figures need the player). Both run over the whole
history, which can be years of club evenings, so they are computed off the GUI thread with
their own connection and come back through a queued signal (:mod:`store_worker`).

The charts (Qt Charts) take their colours from the palette, so they follow a light or a dark
theme; won games are drawn in the palette's green, lost ones in its red.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSet,
    QChart,
    QChartView,
    QDateTimeAxis,
    QHorizontalBarSeries,
    QHorizontalStackedBarSeries,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QDateTime,
    QEvent,
    QMargins,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTime,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QBrush,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QGridLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app.statistics import (
    PlayerStats,
    RankingRow,
    StatsFilter,
    player_statistics,
    season_ranking,
)
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.engine.tournament import METHODS
from skat_desktop.gui.combo_width import keep_text_whole
from skat_desktop.gui.game_words import (
    date_pattern,
    fill,
    game_name,
    is_dark,
    local_date,
    mix,
    muted_color,
    negative_color,
    number,
    percent,
    positive_color,
    seat_name,
    signed,
)
from skat_desktop.gui.plain import plain_label
from skat_desktop.gui.profile_editor import profile_title
from skat_desktop.gui.store_worker import StoreLoader, refresh_after_deal, refresh_if_stale
from skat_desktop.store.repository import Store

_IndexLike = QModelIndex | QPersistentModelIndex
_NO_DATE = QDate(2000, 1, 1)  # the date fields' "no limit" (shown as a dash)
# a filter entry's stored words (a series' date and title, a player's name, a profile's
# title), said anew in another language
RAW_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class StatisticsData:
    """One answer of the worker: the player's figures and the ranking, for one filter."""

    filter: StatsFilter
    method: str
    stats: PlayerStats | None
    ranking: tuple[RankingRow, ...]


def read_statistics(
    store: Store,
    player_id: int | None,
    flt: StatsFilter,
    method: str = "seeger_fabian",
    cancel: threading.Event | None = None,
) -> StatisticsData:
    """Qt-free: runs on a worker thread with its own store."""
    stats = player_statistics(store, player_id, flt) if player_id is not None else None
    if cancel is not None and cancel.is_set():
        return StatisticsData(flt, method, stats, ())
    ranking = season_ranking(store, flt, method=method)
    return StatisticsData(flt, method, stats, tuple(ranking))


def method_name(method: str) -> str:
    from PySide6.QtCore import QCoreApplication

    names = {
        "seeger_fabian": QCoreApplication.translate("StatisticsView", "Seeger-Fabian"),
        "texas_match_points": QCoreApplication.translate("StatisticsView", "Texas match points"),
        "pre1999_rating": QCoreApplication.translate("StatisticsView", "Rating (before 1999)"),
        "running_total": QCoreApplication.translate("StatisticsView", "Game points"),
    }
    return names.get(method, method)


# ------------------------------------------------------------------------------- ranking


class RankingModel(QAbstractTableModel):
    """The season ranking, best first; read-only."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: tuple[RankingRow, ...] = ()
        self.method = "seeger_fabian"
        self._money = False

    def set_ranking(self, rows: tuple[RankingRow, ...], method: str) -> None:
        self.beginResetModel()
        self.rows = rows
        self.method = method
        self._money = any(r.money_cents for r in rows)
        self.endResetModel()

    def _columns(self) -> list[str]:
        cols = [
            self.tr("Place"),
            self.tr("Player"),
            self.tr("Series"),
            self.tr("Deals"),
            self.tr("Won"),
            self.tr("Lost"),
            self.tr("Score"),
            method_name(self.method),
            self.tr("Per 48 deals"),
        ]
        if self._money:
            cols.append(self.tr("Money"))
        return cols

    def _cell(self, r: RankingRow, c: int) -> tuple[str, float | None]:
        match c:
            case 0:
                place = fill(self.tr("%1."), r.place)
                return (fill(self.tr("%1 (lot)"), place) if r.by_lot else place), None
            case 1:
                return r.name, None
            case 2:
                return number(r.series), None
            case 3:
                return number(r.deals), None
            case 4:
                return number(r.won), None
            case 5:
                return number(r.lost), None
            case 6:
                return number(r.score), r.score
            case 7:
                return number(r.evaluation), r.evaluation
            case 8:
                return ("–" if r.per_48 is None else number(r.per_48, 1)), r.per_48
            case _:
                return signed(r.money_cents / 100, 2), r.money_cents

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

    @staticmethod
    def _alignment(column: int) -> Qt.AlignmentFlag:
        horizontal = Qt.AlignmentFlag.AlignLeft if column == 1 else Qt.AlignmentFlag.AlignRight
        return horizontal | Qt.AlignmentFlag.AlignVCenter

    def data(self, index: _IndexLike, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        text, value = self._cell(self.rows[index.row()], index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(index.column())
        if role == Qt.ItemDataRole.ForegroundRole and value is not None and value < 0:
            return QBrush(negative_color(QGuiApplication.palette()))
        if role == Qt.ItemDataRole.UserRole:
            return value
        if (
            role == Qt.ItemDataRole.ToolTipRole
            and index.column() == 0
            and self.rows[index.row()].by_lot
        ):
            return self.tr(
                "Equal on the rating, games won and games lost: the place was drawn by lot"
            )
        return None


# ------------------------------------------------------------------------------- the view


class StatisticsView(QWidget):
    """Per-player statistics with charts, and the season ranking, under common filters.

    ``set_store(store)`` reads the players and profiles and computes; ``refresh()`` computes
    again (after new deals); ``set_player(player_id)`` picks whose figures are shown.
    ``loaded`` is emitted when new figures are on screen, ``failed(message)`` if none could
    be computed.
    """

    loaded = Signal()
    failed = Signal(str)

    def __init__(self, store: Store | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store: Store | None = None
        self.stats: PlayerStats | None = None
        self.ranking: tuple[RankingRow, ...] = ()
        self._data: StatisticsData | None = None
        self._filling = False
        self._stale = False
        self._sized = False

        # filters
        self.player_box = QComboBox(self)
        self.series_box = QComboBox(self)
        self.profile_box = QComboBox(self)
        self.date_from = self._date_edit()
        self.date_to = self._date_edit()
        self.method_box = QComboBox(self)
        for method in METHODS:
            self.method_box.addItem(method_name(method), method)
        self._filter_labels = [QLabel(self) for _ in range(6)]
        self.filters = filters = QGridLayout()
        self._filter_boxes = (
            self.player_box,
            self.series_box,
            self.method_box,
            self.profile_box,
            self.date_from,
            self.date_to,
        )
        for label, box in zip(self._filter_labels, self._filter_boxes, strict=True):
            label.setBuddy(box)
        self._filter_columns = 0
        self._place_filters(3)
        filters.setHorizontalSpacing(8)
        for box in (self.player_box, self.series_box, self.profile_box, self.method_box):
            box.currentIndexChanged.connect(self._filters_changed)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.series_box.setMaximumWidth(320)
        # Qt keeps the least width of the items a box had first (English, or none yet)
        keep_text_whole(self.player_box, self.series_box, self.profile_box, self.method_box)
        self.series_box.currentIndexChanged.connect(self._series_chosen)
        for edit in (self.date_from, self.date_to):
            edit.dateChanged.connect(self._filters_changed)

        self.status = plain_label(QLabel(self))  # messages may quote the database
        self.status.setWordWrap(True)
        self.status.hide()

        # figures
        self.figures = QTreeWidget(self)
        self.figures.setColumnCount(2)
        self.figures.setRootIsDecorated(False)
        self.figures.setAlternatingRowColors(True)
        self.figures.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # Tab reaches the figures: the arrows read them line by line to a screen reader
        self.figures.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        head = self.figures.header()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.figure_items: dict[str, QTreeWidgetItem] = {}

        # charts and ranking
        self.game_chart = self._chart_view()
        self.rate_chart = self._chart_view()
        self.score_chart = self._chart_view()
        self.ranking_model = RankingModel(self)
        self.ranking_table = QTableView(self)
        self.ranking_table.setModel(self.ranking_model)
        self.ranking_table.setAlternatingRowColors(True)
        self.ranking_table.setShowGrid(False)
        self.ranking_table.verticalHeader().hide()
        self.ranking_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.ranking_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        rhead = self.ranking_table.horizontalHeader()
        rhead.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        rhead.setStretchLastSection(False)
        rhead.setHighlightSections(False)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self.game_chart, "")
        self.tabs.addTab(self.rate_chart, "")
        self.tabs.addTab(self.score_chart, "")
        self.tabs.addTab(self.ranking_table, "")
        # the tabs' names whole (German "Gewinnquote", "Rangliste"): the charts get no
        # narrower than the tab bar, rather than scroll it behind arrows
        self.tabs.tabBar().setUsesScrollButtons(False)
        self.tabs.tabBar().setElideMode(Qt.TextElideMode.ElideNone)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.figures)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(filters)
        layout.addWidget(self.status)
        layout.addWidget(self.splitter, 1)

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._show)
        self._loader.failed.connect(self._fail)
        self._loader.busy_changed.connect(self._busy)
        self._retranslate()
        self._restyle()
        self._build_figures()
        if store is not None:
            self.set_store(store)

    def _date_edit(self) -> QDateEdit:
        edit = QDateEdit(self)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat(date_pattern())
        edit.setMinimumDate(_NO_DATE)
        edit.setSpecialValueText("—")
        edit.setDate(_NO_DATE)
        return edit

    def _chart_view(self) -> QChartView:
        view = QChartView(self)
        view.setRenderHint(QPainter.RenderHint.Antialiasing)
        view.setMinimumSize(260, 200)
        view.setChart(self._new_chart())
        return view

    def showEvent(self, event: QEvent) -> None:
        refresh_if_stale(self)
        if not self._sized:  # the figures need a column of text, the charts the rest
            self._sized = True
            w = max(self.width(), 600)
            left = min(max(round(w * 0.3), 260), 420)
            self.splitter.setSizes([left, w - left])
        super().showEvent(event)

    # the API ----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._loader.busy

    def set_store(self, store: Store | None) -> None:
        """Show the statistics of ``store`` (``None``: nothing)."""
        self._store = store
        self._fill_choices()
        self.refresh()

    @Slot(int)
    def set_player(self, player_id: int) -> None:
        i = self.player_box.findData(player_id)
        if i >= 0:
            self.player_box.setCurrentIndex(i)

    def set_filter(
        self,
        profile: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        method: str | None = None,
        series_id: int | None = None,
    ) -> None:
        """Set the filters at once (one computation); a series replaces profile and dates."""
        self._filling = True
        try:
            self.series_box.setCurrentIndex(max(self.series_box.findData(series_id), 0))
            self._series_chosen()
            i = self.profile_box.findData(profile)
            self.profile_box.setCurrentIndex(max(i, 0))
            self.date_from.setDate(_qdate(date_from))
            self.date_to.setDate(_qdate(date_to))
            if method is not None:
                self.method_box.setCurrentIndex(max(self.method_box.findData(method), 0))
        finally:
            self._filling = False
        self.refresh()

    def current_filter(self) -> StatsFilter:
        """The filter the controls show (a chosen series is looked up in the store)."""
        return self._filter_job()(self._store)

    def _filter_job(self) -> Callable[[Store | None], StatsFilter]:
        """The controls' filter as a function of a store: a chosen series is looked up
        by the worker that reads the figures, not on the GUI thread."""
        series_id = self.series_box.currentData()
        plain = StatsFilter(
            profile=self.profile_box.currentData(),
            date_from=_date_text(self.date_from),
            date_to=_date_text(self.date_to),
        )

        def resolve(store: Store | None) -> StatsFilter:
            if series_id is None or store is None:
                return plain
            # StatsFilter selects whole series by profile, dates and table: one evening is
            # its day, its rules and everyone who sat at it
            info = store.series(series_id)
            return StatsFilter(
                profile=info.profile.name,
                date_from=info.date,
                date_to=info.date,
                opponents=tuple(pid for pid, _ in info.players),
            )

        return resolve

    @Slot(object)
    def table_event(self, event: object) -> None:
        """Compute again once a deal has ended (connect ``MainWindow.tableEvent``).

        A hidden view (another tab) waits until it is shown.
        """
        refresh_after_deal(self, event)

    @Slot()
    def refresh(self) -> None:
        """Compute the figures and the ranking again for the current filters."""
        if self._store is None:
            self._loader.cancel()
            return
        player = self.player_box.currentData()
        flt = self._filter_job()
        method = self.method_box.currentData() or "seeger_fabian"
        self._loader.load(
            self._store,
            lambda store, cancel: read_statistics(store, player, flt(store), method, cancel),
        )

    # filters ----------------------------------------------------------------------------

    def _fill_choices(self) -> None:
        self._filling = True
        try:
            player = self.player_box.currentData()
            profile = self.profile_box.currentData()
            series = self.series_box.currentData()
            self.player_box.clear()
            self.profile_box.clear()
            self.series_box.clear()
            self.profile_box.addItem(self.tr("All rule profiles"), None)
            self.series_box.addItem(self.tr("All series"), None)
            if self._store is not None:
                for p in self._store.players():
                    self.player_box.addItem("", p["id"])
                    self.player_box.setItemData(self.player_box.count() - 1, p["name"], RAW_ROLE)
                for se in reversed(self._store.list_series()):
                    self.series_box.addItem("", se["id"])
                    raw = (se["date"], se["title"])
                    self.series_box.setItemData(self.series_box.count() - 1, raw, RAW_ROLE)
                for p in self._store.profiles():
                    self.profile_box.addItem("", p["name"])
                    self.profile_box.setItemData(self.profile_box.count() - 1, p["title"], RAW_ROLE)
            self._say_choices()
            self.series_box.setCurrentIndex(max(self.series_box.findData(series), 0))
            self._series_chosen()
            if player is not None and self.player_box.findData(player) >= 0:
                self.player_box.setCurrentIndex(self.player_box.findData(player))
            self.profile_box.setCurrentIndex(max(self.profile_box.findData(profile), 0))
        finally:
            self._filling = False

    def _say_choices(self) -> None:
        """The filters' entries in the player's language: a computer's name, a date, a
        built-in profile's title. From the rows kept with them: a language change reads no
        store (it may be closed)."""
        self.profile_box.setItemText(0, self.tr("All rule profiles"))
        self.series_box.setItemText(0, self.tr("All series"))
        for i in range(self.player_box.count()):
            self.player_box.setItemText(i, seat_name(self.player_box.itemData(i, RAW_ROLE)))
        for i in range(1, self.series_box.count()):
            day, title = self.series_box.itemData(i, RAW_ROLE)
            self.series_box.setItemText(i, f"{local_date(day)} {title}")
        for i in range(1, self.profile_box.count()):
            builtin = BUILTIN.get(self.profile_box.itemData(i))
            title = self.profile_box.itemData(i, RAW_ROLE)
            self.profile_box.setItemText(i, profile_title(builtin) if builtin else title)

    @Slot()
    def _filters_changed(self) -> None:
        if not self._filling:
            self.refresh()

    @Slot()
    def _series_chosen(self) -> None:
        one = self.series_box.currentData() is not None
        for w in (self.profile_box, self.date_from, self.date_to):
            w.setEnabled(not one)

    # showing ----------------------------------------------------------------------------

    @Slot(object)
    def _show(self, data: StatisticsData) -> None:
        self._data = data
        self.stats = data.stats
        self.ranking = data.ranking
        self.status.hide()
        if self.series_box.currentData() is not None and data.ranking:
            counted = max(r.series for r in data.ranking)
            if counted > 1:  # another series of that day had the same table and rules
                self.status.setText(
                    fill(
                        self.tr(
                            "%1 series of that day had the same table and rules;"
                            " all of them are counted."
                        ),
                        counted,
                    )
                )
                self.status.setStyleSheet(f"color: {muted_color(self.palette()).name()}")
                self.status.show()
        self._fill_figures(data.stats)
        self.ranking_model.set_ranking(data.ranking, data.method)
        self._draw_charts()
        self.loaded.emit()

    @Slot(str)
    def _fail(self, message: str) -> None:
        self.status.setText(fill(self.tr("The statistics cannot be computed: %1"), message))
        self.status.setStyleSheet(f"color: {negative_color(self.palette()).name()}")
        self.status.show()
        self.failed.emit(message)

    @Slot(bool)
    def _busy(self, busy: bool) -> None:
        if busy:  # said only if it takes a while, so quick answers do not make lines jump
            QTimer.singleShot(300, self, self._say_busy)
        elif self.status.text() == self.tr("Computing…"):
            self.status.hide()

    @Slot()
    def _say_busy(self) -> None:
        if self._loader.busy:
            self.status.setText(self.tr("Computing…"))
            self.status.setStyleSheet(f"color: {muted_color(self.palette()).name()}")
            self.status.show()

    def _figure_rows(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(group, [(key, label)]) in the order they are shown."""
        return [
            (
                self.tr("Deals"),
                [
                    ("series", self.tr("Series")),
                    ("deals", self.tr("Deals")),
                    ("deals_active", self.tr("Deals played")),
                    ("deals_sitting_out", self.tr("Sat out as dealer")),
                    ("passed_in", self.tr("Passed in")),
                ],
            ),
            (
                self.tr("As declarer"),
                [
                    ("games_declared", self.tr("Games declared")),
                    ("declarer_share", self.tr("Share of the deals played")),
                    ("declarer_won_lost", self.tr("Won / lost")),
                    ("declarer_win_rate", self.tr("Won")),
                    ("average_value", self.tr("Average game value")),
                    ("overbid", self.tr("Overbid")),
                    ("kontra_declarer", self.tr("Won against Kontra")),
                ],
            ),
            (
                self.tr("As defender"),
                [
                    ("defender_games", self.tr("Games defended")),
                    ("defender_success", self.tr("Declarer lost")),
                    ("kontra_defender", self.tr("Kontra successful")),
                ],
            ),
            (
                self.tr("Schneider, Schwarz, Ramsch"),
                [
                    ("schneider", self.tr("Schneider won / suffered")),
                    ("schwarz", self.tr("Schwarz won / suffered")),
                    ("ramsch", self.tr("Ramsch lost / played")),
                ],
            ),
            (
                self.tr("Evaluation"),
                [
                    ("score_total", self.tr("Score (game points)")),
                    ("seeger_fabian", self.tr("Seeger-Fabian")),
                    ("seeger_fabian_per_48", self.tr("Seeger-Fabian per 48 deals")),
                ],
            ),
        ]

    def _build_figures(self) -> None:
        self.figures.clear()
        self.figure_items.clear()
        bold = QFont(self.figures.font())
        bold.setBold(True)
        for group, rows in self._figure_rows():
            top = QTreeWidgetItem(self.figures, [group, ""])
            top.setFont(0, bold)
            top.setFirstColumnSpanned(True)
            for key, label in rows:
                item = QTreeWidgetItem(top, [label, "–"])
                item.setToolTip(0, label)  # cut short in a narrow panel
                item.setTextAlignment(
                    1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
                self.figure_items[key] = item
        self.figures.expandAll()
        if self.stats is not None:
            self._fill_figures(self.stats)
        self._arrange()  # the labels' width changed with the language

    def figure_values(self, st: PlayerStats) -> dict[str, str]:
        """The text of every figure for ``st`` (what the view shows, one place for tests)."""

        def count_rate(count: int, rate: float | None) -> str:
            return f"{number(count)} ({percent(rate)})"

        def pair(a: int, b: int) -> str:
            return f"{number(a)} / {number(b)}"

        return {
            "series": number(st.series),
            "deals": number(st.deals),
            "deals_active": number(st.deals_active),
            "deals_sitting_out": number(st.deals_sitting_out),
            "passed_in": count_rate(st.passed_in, st.passed_in_rate),
            "games_declared": number(st.games_declared),
            "declarer_share": percent(st.declarer_share),
            "declarer_won_lost": pair(st.declarer_won, st.declarer_lost),
            "declarer_win_rate": percent(st.declarer_win_rate),
            "average_value": "–" if st.average_value is None else number(st.average_value, 1),
            "overbid": count_rate(st.overbid, st.overbid_rate),
            "kontra_declarer": pair(st.kontra_declarer_won, st.kontra_declarer_games),
            "defender_games": number(st.defender_games),
            "defender_success": count_rate(st.defender_won, st.defender_success),
            "kontra_defender": pair(st.kontra_defender_won, st.kontra_defender_games),
            "schneider": pair(st.schneider_won, st.schneider_suffered),
            "schwarz": pair(st.schwarz_won, st.schwarz_suffered),
            "ramsch": pair(st.ramsch_lost, st.ramsch_deals),
            "score_total": number(st.score_total),
            "seeger_fabian": number(st.seeger_fabian),
            "seeger_fabian_per_48": (
                "–" if st.seeger_fabian_per_48 is None else number(st.seeger_fabian_per_48, 1)
            ),
        }

    def _fill_figures(self, st: PlayerStats | None) -> None:
        values = self.figure_values(st) if st is not None else {}
        neg = negative_color(self.palette())
        normal = self.palette().color(QPalette.ColorRole.Text)
        for key, item in self.figure_items.items():
            text = values.get(key, "–")
            item.setText(1, text)
            negative = key in ("score_total", "seeger_fabian", "seeger_fabian_per_48") and (
                text.startswith("-") or text.startswith("−")
            )
            item.setForeground(1, QBrush(neg if negative else normal))
        if st is not None:
            self.figures.setHeaderLabels([st.name, ""])
        else:
            self.figures.setHeaderLabels([self.tr("No player chosen"), ""])
        self._arrange()  # longer numbers

    # charts -----------------------------------------------------------------------------

    def _new_chart(self) -> QChart:
        chart = QChart()
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        chart.setMargins(QMargins(4, 4, 4, 4))
        chart.setBackgroundRoundness(0)
        pal = self.palette()
        chart.setBackgroundBrush(QBrush(pal.color(QPalette.ColorRole.Base)))
        chart.setTitleBrush(QBrush(pal.color(QPalette.ColorRole.Text)))
        legend = chart.legend()
        legend.setLabelColor(pal.color(QPalette.ColorRole.Text))
        legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
        return chart

    def _style_axis(self, axis: Any) -> None:
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.Text)
        axis.setLabelsColor(text)
        axis.setTitleBrush(QBrush(text))
        grid = mix(pal.color(QPalette.ColorRole.Base), text, 0.18)
        axis.setGridLineColor(grid)
        axis.setLinePen(QPen(mix(pal.color(QPalette.ColorRole.Base), text, 0.45)))

    def _no_games_chart(self, title: str) -> QChart:
        """A chart without data: its title and a word that nothing was played (an empty
        series would leave the axes without a range)."""
        chart = self._new_chart()
        chart.setTitle(title + "<br><br><i>" + self.tr("No games yet for this choice.") + "</i>")
        chart.legend().hide()
        return chart

    def _draw_charts(self) -> None:
        st = self.stats
        if st is None or not st.deals:
            self.game_chart.setChart(self._no_games_chart(self.tr("Games declared by game type")))
            self.rate_chart.setChart(self._no_games_chart(self.tr("Win rate by game type")))
            self.score_chart.setChart(
                self._no_games_chart(self.tr("Score over time (after each series)"))
            )
            return
        kinds = [
            (self.tr("Suit"), "suits"),
            (game_name(GameType.GRAND), "grand"),
            (game_name(GameType.NULL), "null"),
            (self.tr("Hand"), "hand"),
            (self.tr("Ouvert"), "ouvert"),
        ]
        pal = self.palette()

        # games declared, split into won and lost, by game type
        chart = self._new_chart()
        chart.setTitle(self.tr("Games declared by game type"))
        series = QHorizontalStackedBarSeries()
        won = QBarSet(self.tr("Won"))
        lost = QBarSet(self.tr("Lost"))
        for _label, key in kinds:
            g = getattr(st, key) if st else None
            won.append(g.won if g else 0)
            lost.append(g.lost if g else 0)
        won.setColor(positive_color(pal))
        lost.setColor(negative_color(pal))
        for s in (won, lost):
            s.setBorderColor(pal.color(QPalette.ColorRole.Base))
            s.setLabelColor(pal.color(QPalette.ColorRole.Base))
        series.append(won)
        series.append(lost)
        series.setLabelsVisible(True)
        chart.addSeries(series)
        self._category_axes(chart, series, [k[0] for k in kinds], self.tr("Games"))
        self.game_chart.setChart(chart)
        self._room_for_categories(self.game_chart, len(kinds))

        # win rate by game type, with all games declared and the defence for comparison
        chart = self._new_chart()
        chart.setTitle(self.tr("Win rate by game type"))
        series = QHorizontalBarSeries()
        rates = QBarSet(self.tr("Won (%)"))
        labels = [k[0] for k in kinds] + [self.tr("All games"), self.tr("Defence")]
        values = [getattr(st, key).win_rate if st else None for _, key in kinds]
        values += [st.declarer_win_rate, st.defender_success] if st else [None, None]
        for v in values:
            rates.append(round(100 * v, 1) if v is not None else 0)
        rates.setColor(pal.color(QPalette.ColorRole.Highlight))
        rates.setBorderColor(pal.color(QPalette.ColorRole.Highlight))
        rates.setLabelColor(pal.color(QPalette.ColorRole.Text))
        series.append(rates)
        series.setLabelsVisible(True)
        series.setLabelsPosition(QHorizontalBarSeries.LabelsPosition.LabelsOutsideEnd)
        series.setLabelsFormat("@value %")
        chart.addSeries(series)
        axis_y = self._category_axes(chart, series, labels, self.tr("%"))
        axis_y.setRange(0, 112)  # room for the "100 %" label beside a full bar
        axis_y.setTickType(QValueAxis.TickType.TicksDynamic)
        axis_y.setTickAnchor(0)
        axis_y.setTickInterval(20)
        axis_y.setLabelFormat("%d")
        chart.legend().hide()
        self.rate_chart.setChart(chart)
        self._room_for_categories(self.rate_chart, len(labels))

        # score over time: the cumulative score after each series
        chart = self._new_chart()
        chart.setTitle(self.tr("Score over time (after each series)"))
        line = QLineSeries()
        line.setName(self.tr("Score"))
        points = st.score_over_time if st else ()
        if not points:
            self.score_chart.setChart(
                self._no_games_chart(self.tr("Score over time (after each series)"))
            )
            return
        times = []
        for date, _sid, total in points:
            when = QDateTime(QDate.fromString(date, "yyyy-MM-dd"), QTime(12, 0))
            times.append(when.toMSecsSinceEpoch())
            line.append(times[-1], total)
        pen = QPen(pal.color(QPalette.ColorRole.Highlight))
        pen.setWidthF(2.5)
        line.setPen(pen)
        line.setPointsVisible(True)
        chart.addSeries(line)
        axis_x = QDateTimeAxis()
        axis_x.setFormat(date_pattern())
        axis_x.setTickCount(min(max(len(set(times)), 2), 7))
        day = 86_400_000
        lo, hi = (min(times), max(times)) if times else (0, day)
        margin = max(day, (hi - lo) // 25)  # keeps the first and last points off the frame
        lo, hi = lo - margin, hi + margin
        axis_x.setRange(QDateTime.fromMSecsSinceEpoch(lo), QDateTime.fromMSecsSinceEpoch(hi))
        axis_y = QValueAxis()
        totals = [p[2] for p in points] or [0]
        low, high = min(0, *totals), max(0, *totals)
        pad = max(10, (high - low) // 12)
        bottom, top = (low - pad if low < 0 else 0), (high + pad if high > 0 else 0)
        if bottom == top:  # every total 0 (a defender's): a range of one value is NaN, no axis
            bottom, top = -pad, pad
        axis_y.setRange(bottom, top)
        axis_y.applyNiceNumbers()
        axis_y.setLabelFormat("%d")
        for axis, side in (
            (axis_x, Qt.AlignmentFlag.AlignBottom),
            (axis_y, Qt.AlignmentFlag.AlignLeft),
        ):
            self._style_axis(axis)
            chart.addAxis(axis, side)
            line.attachAxis(axis)
        chart.legend().hide()
        self.score_chart.setChart(chart)

    def resizeEvent(self, event: QEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _figures_width(self) -> int:
        """The width the figures need to show every label and number whole."""
        tree = self.figures
        need = tree.sizeHintForColumn(0) + tree.sizeHintForColumn(1)
        return need + 2 * tree.frameWidth() + tree.verticalScrollBar().sizeHint().width() + 4

    def _place_filters(self, columns: int) -> None:
        """The six filters in ``columns`` pairs of label and box a row (3, 2 or 1)."""
        if columns == self._filter_columns:
            return
        grid = self.filters
        pairs = list(zip(self._filter_labels, self._filter_boxes, strict=True))
        for label, box in pairs:
            grid.removeWidget(label)
            grid.removeWidget(box)
        for i, (label, box) in enumerate(pairs):
            row, col = divmod(i, columns)
            grid.addWidget(label, row, 2 * col)
            grid.addWidget(box, row, 2 * col + 1)
        for col in range(7):
            grid.setColumnStretch(col, 1 if col == 2 * columns else 0)
        self._filter_columns = columns

    def _filters_width(self, columns: int) -> int:
        """The width the filters need in ``columns`` pairs a row."""
        pairs = list(zip(self._filter_labels, self._filter_boxes, strict=True))
        need = 0
        for col in range(columns):
            in_col = pairs[col::columns]
            need += max(label.sizeHint().width() for label, _ in in_col)
            need += max(box.sizeHint().width() for _, box in in_col)
        m = self.layout().contentsMargins() if self.layout() is not None else None
        sides = m.left() + m.right() if m is not None else 0
        return need + self.filters.horizontalSpacing() * (2 * columns - 1) + sides

    def _offered_width(self) -> int:
        """The width the view is offered: a scrolling side panel tab's, where it is shown
        in one (the view keeps its least width there and scrolls), else its own."""
        parent = self.parentWidget()
        if parent is not None and isinstance(parent.parentWidget(), QScrollArea):
            return parent.width()
        return self.width()

    def _arrange_filters(self) -> None:
        """As many filters a row as the offered width holds whole: in a narrow side panel
        (German "Rangliste nach", "Bis:") three pairs a row ran out of sight to the right."""
        avail = self._offered_width()
        for columns in (3, 2):
            if self._filters_width(columns) <= avail:
                self._place_filters(columns)
                return
        self._place_filters(1)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._arrange()  # the scrolling tab's viewport: the width offered
        return super().eventFilter(watched, event)

    def _arrange(self) -> None:
        """The figures beside the charts, as wide as their labels need (never cut short);
        a panel too narrow for both side by side puts the figures above the charts, each
        then as wide as the panel."""
        self._arrange_filters()
        need = self._figures_width()
        narrow = self._offered_width() < max(620, need + 320)
        want = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        # never cut short: in a panel narrower still, the tab scrolls sideways
        self.figures.setMinimumWidth(need)
        if self.splitter.orientation() != want:
            self.splitter.setOrientation(want)
            whole = self.height() if narrow else self.width()
            first = round(whole * 0.45) if narrow else max(need, round(whole * 0.42))
            self.splitter.setSizes([first, whole - first])

    def _room_for_categories(self, view: QChartView, rows: int) -> None:
        """A chart of bars lying down at least as high as its categories' names need, one
        line each with some air, besides its title, value axis and legend: lower, Qt cut
        every name to "…" or left it out (the side panel of a 700 px window)."""
        line = QFontMetrics(view.chart().font()).height()
        view.setMinimumHeight(max(200, rows * (line + 8) + 6 * line + 40))

    def _category_axes(
        self, chart: QChart, series: Any, labels: list[str], title: str
    ) -> QValueAxis:
        """Bars lying down: the categories' names on the left have all the width they need
        (under upright bars a narrow panel cut them short), the first at the top."""
        axis_cat = QBarCategoryAxis()
        axis_cat.append(labels)
        axis_cat.setReverse(True)
        # whole even where a category's row is lower than a line (a short panel): Qt
        # cut every name to "…" there, and a bar's name is the chart's point
        axis_cat.setTruncateLabels(False)
        axis_val = QValueAxis()
        axis_val.setLabelFormat("%d")
        axis_val.setTitleText(title)
        chart.addAxis(axis_cat, Qt.AlignmentFlag.AlignLeft)
        chart.addAxis(axis_val, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(axis_cat)
        series.attachAxis(axis_val)
        if isinstance(series, QHorizontalStackedBarSeries):
            top = max(
                (sum(s.at(i) for s in series.barSets()) for i in range(len(labels))), default=0
            )
            axis_val.setRange(0, max(4, top))
            axis_val.applyNiceNumbers()
        for axis in (axis_cat, axis_val):
            self._style_axis(axis)
        axis_cat.setGridLineVisible(False)
        return axis_val

    # language and theme ------------------------------------------------------------------

    def _retranslate(self) -> None:
        for edit in (self.date_from, self.date_to):  # dates as the language writes them
            edit.setDisplayFormat(date_pattern())
        for label, text in zip(
            self._filter_labels,
            (
                self.tr("&Player:"),
                self.tr("&Series:"),
                self.tr("&Ranking by:"),
                self.tr("R&ules:"),
                self.tr("&From:"),
                self.tr("&To:"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.figures.setAccessibleName(self.tr("Figures"))
        for i, (text, tip) in enumerate(
            (
                (self.tr("Games"), self.tr("Games declared by game type")),
                (self.tr("Win rate"), self.tr("Win rate by game type")),
                (self.tr("Score"), self.tr("Score over time (after each series)")),
                (self.tr("Ranking"), self.tr("Season ranking")),
            )
        ):
            self.tabs.setTabText(i, text)
            self.tabs.setTabToolTip(i, tip)
            self.tabs.widget(i).setAccessibleName(tip)  # a chart or table, named for a reader
        for i, method in enumerate(METHODS):
            self.method_box.setItemText(i, method_name(method))
        if self.series_box.count():
            self._say_choices()
        self.figures.setHeaderLabels([self.tr("No player chosen"), ""])

    def changeEvent(self, event: QEvent) -> None:
        kind = event.type()
        if kind == QEvent.Type.ParentChange and self.parentWidget() is not None:
            self.parentWidget().installEventFilter(self)  # a scrolling tab's viewport
        if not hasattr(self, "ranking_model"):
            pass  # still being built
        elif kind == QEvent.Type.FontChange:
            self._restyle()
        elif kind == QEvent.Type.LanguageChange:
            self._retranslate()
            self._build_figures()
            if self._data is not None:
                self._draw_charts()
        elif kind == QEvent.Type.PaletteChange:
            self._fill_figures(self.stats)
            self._draw_charts()
        super().changeEvent(event)

    def _restyle(self) -> None:
        fm = QFontMetrics(self.font())
        self.ranking_table.verticalHeader().setDefaultSectionSize(round(fm.height() * 1.55))

    @property
    def dark(self) -> bool:
        return is_dark(self.palette())


def _date_text(edit: QDateEdit) -> str | None:
    d = edit.date()
    return None if d == edit.minimumDate() else d.toString("yyyy-MM-dd")


def _qdate(text: str | None) -> QDate:
    if not text:
        return _NO_DATE
    d = QDate.fromString(text, "yyyy-MM-dd")
    return d if d.isValid() else _NO_DATE
