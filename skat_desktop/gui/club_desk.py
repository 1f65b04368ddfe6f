"""The club desk: a window of its own for the club's score sheets (issue 25).

:class:`ClubWindow` is a non-modal top-level window, one per main window
(:func:`show_club_window` makes it or brings it to the front), with tabs. The first,
"Score sheets", lists every stored series on the left (:class:`SeriesListView`) and shows
the opened one on the right (:class:`SeriesPage`: a header and the same
:class:`~skat_desktop.gui.sheet_view.ScoreSheetView` as during play). Other parts of the desk
plug in without this module knowing them: :meth:`ClubWindow.add_tab` (the season ranking,
the players), :meth:`SeriesPage.add_action` (correct, close / reopen, print, export) and
:meth:`SeriesPage.add_widget_below` (the entry form), which follow the page's
``series_changed`` signal and its ``series_id`` / ``is_closed``.

Everything is read off the GUI thread; a :class:`StoreWatch` notices when another program
(``skat-desktop db …``) writes to the file, and the list, the header and the sheet read
again. What this program writes itself arrives the same way, and a plug-in that wrote
something calls :meth:`SeriesPage.refresh` to show it at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QDateTime,
    QEvent,
    QObject,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.gui.errors import describe
from skat_desktop.gui.game_words import (
    deals_of_text,
    deals_text,
    fill,
    local_date,
    muted_color,
    negative_color,
    number,
    seat_names,
)
from skat_desktop.gui.panels import FlowBox
from skat_desktop.gui.plain import breakable, plain_label
from skat_desktop.gui.screen_room import PageScroll
from skat_desktop.gui.series_list import SeriesListing, SeriesListView, rules_title
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.gui.store_watch import StoreWatch
from skat_desktop.gui.store_worker import StoreLoader, StoreWriter, database_file, never_wait
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

TitleFn = Callable[[], str]
"""A tab's title in the language now in use (asked again when the language changes)."""

SHEET_LINES = 4
"""The sheet's lines a series page keeps in sight over the entry row however low the
window (784 x 460, the least the program supports, with the row's reason in German)."""


@dataclass(frozen=True)
class SeriesHeader:
    """What the page's header says about a series: the list's facts, and who signed it."""

    listing: SeriesListing
    signed_by: str | None = None  # the last close of a closed series
    signed_at: str | None = None  # ISO time (UTC)
    signed_why: str | None = None


def read_series_header(
    store: Store, series_id: int, cancel: threading.Event | None = None
) -> SeriesHeader:
    """The header of ``series_id`` (Qt-free: runs on a worker with its own store)."""
    rows = store.series_overview(series_id=series_id)
    if not rows:
        raise StoreError(f"there is no series {series_id}")
    listing = SeriesListing.of(rows[0])
    if not listing.closed:
        return SeriesHeader(listing)
    closing = [e for e in store.series_events(series_id) if e["action"] == "close"]
    if not closing:
        return SeriesHeader(listing)
    last = closing[-1]
    return SeriesHeader(listing, last["author"], last["created"], last["reason"])


def local_time(iso: str) -> tuple[str, str]:
    """A stored time (ISO, UTC) as the player's date and clock time where he is."""
    moment = QDateTime.fromString(iso, Qt.DateFormat.ISODate)
    if not moment.isValid():
        return iso, ""
    here = moment.toLocalTime()
    return local_date(here.date().toString("yyyy-MM-dd")), here.time().toString("HH:mm")


def is_read_only(store: Store | None) -> bool:
    """Whether ``store`` was opened for viewing only."""
    if store is None:
        return True
    try:
        return bool(store.conn.execute("PRAGMA query_only").fetchone()[0])
    except Exception:  # a closed connection: nothing can be written through it either
        return True


class SeriesPage(QWidget):
    """One series: its header, a toolbar for the desk's actions, its score sheet and, below
    it, what others add (the entry form).

    ``set_series(series_id)`` opens a series (``None``: none); ``refresh()`` reads header and
    sheet again (connect a writer's ``entered``/``corrected`` signal: it takes any
    arguments). ``series_changed(series_id or None)`` is emitted when another series is
    opened -- ``is_closed`` is ``None`` then, while its state is read -- and again once
    its state is known or has changed (closed or reopened by another program).

    In a window too low for all of it (784 x 460) the page scrolls (:class:`PageScroll`):
    the sheet keeps :data:`SHEET_LINES` lines, what is below it its whole height, and the
    page shows its end -- the entry row with a refusal's reason under it.
    """

    series_changed = Signal(object)

    def __init__(
        self,
        store: Store | None,
        writer: StoreWriter | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._writer = writer
        self._series_id: int | None = None
        self._header: SeriesHeader | None = None
        self._failure: str | None = None

        self.title = plain_label(QLabel(self))  # a title as written
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.facts = plain_label(QLabel(self))  # date, place, rules, stake
        self.players = plain_label(QLabel(self))
        self.state = plain_label(QLabel(self))  # deals, open or closed, signed by
        for label in (self.facts, self.players, self.state):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        # the desk's actions as a toolbar's buttons, in rows that wrap where the page is
        # narrow (a toolbar would hide the last ones, printing among them, behind »)
        self.toolbar = FlowBox(self, spacing=2)
        self.toolbar.hide()  # until an action is added

        self.sheet = ScoreSheetView(None, None, self)
        self.sheet.title.hide()  # the page's header says it, with more
        # a sheet showing its last lines keeps showing them when it gets less room (the
        # entry form below wraps onto more rows): the last game and the totals stay in sight
        self._sheet_at_end = True
        bar = self.sheet.table.verticalScrollBar()
        bar.valueChanged.connect(self._sheet_scrolled)
        bar.rangeChanged.connect(self._sheet_range)
        self.below = QWidget(self)
        below_layout = QVBoxLayout(self.below)
        below_layout.setContentsMargins(0, 0, 0, 0)
        self.below.hide()  # until a widget is added
        self.below.installEventFilter(self)  # its rows wrap: it is given the height they need
        # however low the window, the sheet keeps a few lines in sight over the entry row
        self.sheet.installEventFilter(self)
        self.sheet.loaded.connect(self._fit_sheet_soon)
        self._sheet_fit_due = False
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.sheet)
        self.splitter.addWidget(self.below)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)

        self.body = QWidget(self)  # everything the page shows, scrolled in a low window
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.facts)
        layout.addWidget(self.players)
        layout.addWidget(self.state)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.splitter, 1)
        layout.addStretch(0)  # keeps the header at the top while no series is open
        self.scroll = PageScroll(self.body, self)
        self._page_at_end = True
        page_bar = self.scroll.verticalScrollBar()
        page_bar.valueChanged.connect(self._page_scrolled)
        page_bar.rangeChanged.connect(self._page_range)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)

        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._header_arrived)
        self._loader.failed.connect(self._header_failed)
        self._show_header()

    # the API ----------------------------------------------------------------------------

    @property
    def store(self) -> Store | None:
        return self._store

    @property
    def writer(self) -> StoreWriter | None:
        """Where the desk's writes go (``None``: the database is open for viewing only)."""
        return self._writer

    @property
    def read_only(self) -> bool:
        return self._writer is None or is_read_only(self._store)

    @property
    def series_id(self) -> int | None:
        return self._series_id

    @property
    def header(self) -> SeriesHeader | None:
        """The header of the series shown, once read (``None`` before)."""
        h = self._header
        return h if h is not None and h.listing.id == self._series_id else None

    @property
    def is_closed(self) -> bool | None:
        """Whether the series shown is closed (signed); ``None`` with no series, or while
        its state is still being read (nothing may be entered then)."""
        h = self.header
        return h.listing.closed if h is not None else None

    def add_action(self, action: QAction) -> None:
        """Put ``action`` on the page's toolbar."""
        if action.parent() is None:
            action.setParent(self)
        self.toolbar.addAction(action)  # ``toolbar.actions()`` lists it
        button = QToolButton(self.toolbar)
        button.setDefaultAction(action)
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # as on a toolbar: Tab skips it
        self.toolbar.add(button)
        button.show()
        self.toolbar.show()

    def add_widget_below(self, widget: QWidget) -> None:
        """Put ``widget`` below the sheet (the entry form)."""
        self.below.layout().addWidget(widget)
        self.below.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize):
            if watched is self.below:
                self._fit_below()
            elif watched is self.sheet:
                self._fit_sheet_soon()
        return super().eventFilter(watched, event)

    @Slot(int)
    def _page_scrolled(self, value: int) -> None:
        self._page_at_end = value >= self.scroll.verticalScrollBar().maximum() - 2

    @Slot(int, int)
    def _page_range(self, _least: int, most: int) -> None:
        """A page lower than its content shows its end -- the entry row, the sheet's last
        lines over it -- as the sheet shows its last lines, until the user scrolls up; and
        the row whole again when it grows while being typed in (a reason comes)."""
        if self._page_at_end:
            self.scroll.verticalScrollBar().setValue(most)
            return
        focus = QApplication.focusWidget()
        if focus is not None and self.below.isAncestorOf(focus):
            self._show_row(focus)

    @Slot(QWidget, QWidget)
    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The keyboard into the entry row shows it whole. Not for a click: what is clicked
        is in sight, and moving it away under the mouse would lose the click."""
        if (
            new is not None
            and QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton
            and self.below.isAncestorOf(new)
        ):
            self._show_row(new)

    def _show_row(self, focus: QWidget) -> None:
        """What is below the sheet whole in sight where it fits (the entry row with the
        reason under it), and the field ``focus`` in any case."""
        self.scroll.ensureWidgetVisible(self.below, 0, 0)
        self.scroll.ensureWidgetVisible(focus, 0, 0)

    @Slot()
    def _fit_sheet_soon(self) -> None:
        """Fit the sheet once the events at hand are done: it fits its columns (headings
        on two lines, rows grown) to a new width after this page hears of it."""
        if not self._sheet_fit_due:
            self._sheet_fit_due = True
            QTimer.singleShot(0, self, self._fit_sheet)

    def _fit_sheet(self) -> None:
        """The sheet keeps its headings, :data:`SHEET_LINES` lines and its legend however
        low the window: the splitter would squeeze it to a line or two, and a page too low
        for it and the entry row scrolls instead."""
        self._sheet_fit_due = False
        sheet = self.sheet
        if sheet.width() <= 0:
            return
        need = sheet.least_height(SHEET_LINES, sheet.width())
        if need != sheet.minimumHeight():
            sheet.setMinimumHeight(need)

    @Slot(int)
    def _sheet_scrolled(self, value: int) -> None:
        self._sheet_at_end = value >= self.sheet.table.verticalScrollBar().maximum() - 2

    @Slot(int, int)
    def _sheet_range(self, _least: int, most: int) -> None:
        if self._sheet_at_end:
            self.sheet.table.verticalScrollBar().setValue(most)

    def _fit_below(self) -> None:
        """What is below the sheet keeps the height its rows need at its width (the entry
        form's fields wrap onto more rows when the page is narrow): a splitter gives a
        widget no more than its least height, which is one row, and would cut the rest
        (the Enter button among them) off."""
        below = self.below
        if below.isHidden() or below.width() <= 0:
            return
        need = below.heightForWidth(below.width()) if below.hasHeightForWidth() else -1
        need = max(need, below.minimumSizeHint().height())
        if need != below.minimumHeight():
            below.setMinimumHeight(need)

    @Slot(object)
    def set_series(self, series_id: int | None) -> None:
        """Open the series ``series_id`` (``None``: show none)."""
        if series_id == self._series_id:
            if series_id is not None:
                self.refresh()
            return
        self._series_id = series_id
        self._failure = None
        self._page_at_end = True
        page_bar = self.scroll.verticalScrollBar()
        page_bar.setValue(page_bar.maximum())
        self.sheet.set_series(self._store if series_id is not None else None, series_id)
        self._show_header()
        self.series_changed.emit(series_id)
        self._read_header()

    def refresh(self, *_ignored: object) -> None:
        """Read the header and the sheet again (after a write here or elsewhere)."""
        if self._read_header():
            self.sheet.refresh()

    def _read_header(self) -> bool:
        if self._store is None or self._series_id is None:
            self._loader.cancel()
            return False
        sid = self._series_id
        self._loader.load(self._store, lambda store, cancel: read_series_header(store, sid))
        return True

    # the header -------------------------------------------------------------------------

    @Slot(object)
    def _header_arrived(self, header: SeriesHeader) -> None:
        if header.listing.id != self._series_id:
            return
        before = self.header
        self._header = header
        self._failure = None
        self._show_header()
        if before is None or before.listing.closed != header.listing.closed:
            self.series_changed.emit(self._series_id)

    @Slot(str)
    def _header_failed(self, message: str) -> None:
        self._failure = message
        self._show_header()

    def _show_header(self) -> None:
        muted = muted_color(self.palette()).name()
        self.facts.setStyleSheet(f"color: {muted}")
        self.players.setStyleSheet(f"color: {muted}")
        self.state.setStyleSheet("")
        nothing = self._series_id is None
        self.splitter.setVisible(not nothing)
        self.toolbar.setVisible(not nothing and bool(self.toolbar.actions()))
        if nothing:
            self.title.setText(self.tr("No series open"))
            self.facts.setText(
                self.tr("Double-click a series in the list, or choose it and press Enter.")
            )
            self.players.hide()
            self.state.hide()
            return
        self.players.show()
        self.state.show()
        h = self.header
        if self._failure is not None:
            self.state.setText(fill(self.tr("The series cannot be shown: %1"), self._failure))
            self.state.setStyleSheet(f"color: {negative_color(self.palette()).name()}")
            if h is None:
                self.title.setText(fill(self.tr("Series %1"), self._series_id))
                self.facts.setText("")
                self.players.hide()
            return
        if h is None:
            self.title.setText(fill(self.tr("Series %1"), self._series_id))
            self.facts.setText(self.tr("Reading the series…"))
            self.players.hide()
            self.state.hide()
            return
        s = h.listing
        self.title.setText(breakable(s.title))  # (a title may be one long word)
        facts = [local_date(s.date)]
        if s.place:
            facts.append(s.place)
        facts.append(rules_title(s))
        if s.stake_cents:
            decimals = 0 if float(s.stake_cents).is_integer() else 1
            stake = number(s.stake_cents, decimals)
            facts.append(fill(self.tr("stake %1 ct a point"), stake))
        self.facts.setText(" · ".join(facts))
        names = ", ".join(seat_names(s.players))  # a computer's "beginner 2" as shown
        self.players.setText(breakable(fill(self.tr("Players: %1"), names)))
        deals = deals_of_text(s.deals, s.planned) if s.planned else deals_text(s.deals)
        if not s.closed:
            state = self.tr("open")
        elif h.signed_by:
            day, clock = local_time(h.signed_at or "")
            state = fill(self.tr("closed, signed by %1 on %2 at %3"), h.signed_by, day, clock)
            if h.signed_why and h.signed_why != "signed":
                state += f" ({h.signed_why})"
        else:
            state = self.tr("closed")
        origin = {
            "program": self.tr("played in the program"),
            "entered": self.tr("entered from real tables"),
            "imported": self.tr("imported"),
        }.get(s.origin)
        self.state.setText(" · ".join(t for t in (deals, state, origin) if t))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange) and hasattr(
            self, "_loader"
        ):
            self._show_header()
        super().changeEvent(event)


class ClubWindow(QMainWindow):
    """The club desk: tabs of the club's views, beside the main window (non-modal).

    Built on ``store`` -- the main window's :class:`Store`, or the database file to open for
    reading -- and ``writer``, through which the desk's plug-ins write (``None``: the
    database is only looked at; they then say so rather than write).
    """

    def __init__(
        self,
        store: Store | str | Path,
        writer: StoreWriter | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("ClubWindow")
        self._given = store
        self._own_store = not isinstance(store, Store)
        if isinstance(store, Store):
            self.store = store
        else:  # viewing needs no lock; a locked file answers at once, never freezes
            self.store = never_wait(Store.open(Path(store), read_only=True, busy_ms=0))
        self.writer = writer
        self.path = database_file(self.store)  # None: a database in memory
        self._titles: list[tuple[QWidget, TitleFn]] = []
        self._sized = False

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)

        self.series_list = SeriesListView(self.store, self)
        self.page = SeriesPage(self.store, writer, self)
        self.series_list.series_opened.connect(self.open_series)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.series_list)
        self.splitter.addWidget(self.page)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setChildrenCollapsible(False)
        self.add_tab(self.splitter, lambda: self.tr("Score sheets"))

        self.watch = StoreWatch(self.store, self)
        self.watch.watch(self.series_list)
        self.watch.watch(self.page)
        self.watch.changed.connect(self.refresh)

        self.read_only_note = plain_label(QLabel(self))
        self.statusBar().addWidget(self.read_only_note, 1)
        self.statusBar().setVisible(self.read_only)

        self.reload_action = QAction(self)
        self.reload_action.setShortcut(QKeySequence.StandardKey.Refresh)
        self.reload_action.triggered.connect(self.refresh)
        self.close_action = QAction(self)
        self.close_action.setShortcut(QKeySequence.StandardKey.Close)
        self.close_action.triggered.connect(self.close)
        for action in (self.reload_action, self.close_action):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            self.addAction(action)
        self._retranslate()
        self._size_to_screen()

    # the API ----------------------------------------------------------------------------

    @property
    def read_only(self) -> bool:
        return self.writer is None or is_read_only(self.store)

    def shows(self, store: Store | str | Path) -> bool:
        """Whether this window was built on ``store`` (the same store, or the same file)."""
        if store is self._given:
            return True
        if isinstance(store, Store) or isinstance(self._given, Store):
            return False
        return Path(store).resolve() == Path(self._given).resolve()

    def add_tab(self, widget: QWidget, title_fn: TitleFn) -> int:
        """Add a tab showing ``widget``; ``title_fn()`` gives its title in the language in
        use (asked again when the language changes). Returns the tab's index."""
        self._titles.append((widget, title_fn))
        return self.tabs.addTab(widget, title_fn())

    @Slot(int)
    def open_series(self, series_id: int) -> None:
        """Show the series ``series_id`` on the first tab, chosen in the list. A game typed
        for the series shown but not stored is not dropped without asking: No keeps that
        series open and chosen."""
        self.tabs.setCurrentIndex(self.tabs.indexOf(self.splitter))
        if series_id != self.page.series_id and not self.may_leave_series():
            self.series_list.select_series(self.page.series_id)
            return
        self.series_list.select_series(series_id)
        self.page.set_series(series_id)

    def typed_entry(self) -> Any:
        """The entry row (``entry_form``, which the club menu makes for the open series)
        when it holds a game typed but not stored, else ``None``. A game on its way to the
        database is waited for first: stored, it is no longer typed."""
        form = getattr(self, "entry_form", None)
        if form is None:
            return None
        if form.busy:
            form.writer.finish()  # its answer arrives now: stored, or kept in the row
        return form if form.unsaved else None

    def may_leave_series(self) -> bool:
        """Whether another series may be opened: True unless a game is typed for the one
        shown and not stored, and the secretary answers No to losing it."""
        form = self.typed_entry()
        if form is None:
            return True
        from skat_desktop.gui.club_files import ask_yes  # tests replace it there

        ctx = getattr(form, "context", None)
        header = self.page.header
        number = ctx.number if ctx is not None else 0
        title = ctx.info.title if ctx is not None else header.listing.title if header else ""
        return ask_yes(
            self,
            self.tr("Club desk"),
            fill(
                self.tr(
                    "Deal %1 of “%2” is typed but not stored.\n\nOpen another series and lose it?"
                ),
                number,
                title,
            ),
        )

    @Slot()
    def refresh(self) -> None:
        """Read the list and the open series again (another program wrote, or F5), and the
        entry row's deal: whether it comes next, or a table plays the series now."""
        self.series_list.refresh()
        self.page.refresh()
        form = getattr(self, "entry_form", None)
        if form is not None:
            form.refresh()

    # the window -------------------------------------------------------------------------

    def _size_to_screen(self) -> None:
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        width, height = 1200, 800
        if room is not None:
            width = min(width, round(room.width() * 0.9))
            height = min(height, round(room.height() * 0.9))
        self.resize(width, height)

    def showEvent(self, event: QEvent) -> None:
        if not self._sized:  # two fifths for the list, the rest for the sheet
            self._sized = True
            whole = max(self.splitter.width(), self.width())
            self.splitter.setSizes([whole * 2 // 5, whole - whole * 2 // 5])
        super().showEvent(event)

    def _retranslate(self) -> None:
        if self.path is not None:
            self.setWindowTitle(fill(self.tr("Skat club — %1"), self.path.name))
        else:
            self.setWindowTitle(self.tr("Skat club"))
        for widget, title_fn in self._titles:
            index = self.tabs.indexOf(widget)
            if index >= 0:
                self.tabs.setTabText(index, title_fn())
        self.reload_action.setText(self.tr("Read again"))
        self.close_action.setText(self.tr("Close"))
        self.read_only_note.setText(
            self.tr("Open for viewing only: nothing can be entered or changed here.")
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "close_action"):
            self._retranslate()
        super().changeEvent(event)

    def dispose(self) -> None:
        """Close the watch and a store this window opened itself (before it is deleted)."""
        self.watch.close()
        if self._own_store:
            self.store.close()


def show_club_window(
    parent: QWidget | None,
    store: Store | str | Path | None,
    writer: StoreWriter | None = None,
    setup: Callable[[ClubWindow], None] | None = None,
) -> ClubWindow | None:
    """Bring the club desk of ``parent`` to the front, making it first if need be.

    A desk built on another database (the main window opened a new one) is replaced.
    ``setup(window)`` runs once for each new desk: the other parts plug in there. Without
    a database, or one that cannot be read, says why in one line and returns ``None``.
    """
    existing = _existing(parent)
    if existing is not None and store is not None and existing.shows(store):
        existing.show()
        existing.setWindowState(existing.windowState() & ~Qt.WindowState.WindowMinimized)
        existing.raise_()
        existing.activateWindow()
        return existing
    if existing is not None:
        _drop(existing)
    if store is None:
        _say(parent, QCoreApplication.translate("ClubWindow", "There is no database to show."))
        return None
    try:
        window = ClubWindow(store, writer, parent)
    except StoreError as e:
        _say(parent, describe(e))
        return None
    global _parentless
    if parent is None:
        _parentless = window
    if setup is not None:
        setup(window)
    window.show()
    window.raise_()
    window.activateWindow()
    return window


_parentless: ClubWindow | None = None  # the desk of no main window (scripts, tests)


def _existing(parent: QWidget | None) -> ClubWindow | None:
    if parent is not None:
        found = [w for w in parent.findChildren(ClubWindow) if w.parentWidget() is parent]
        return found[0] if found else None
    try:
        return _parentless if _parentless is not None and _parentless.objectName() else None
    except RuntimeError:  # its C++ side is gone
        return None


def _drop(window: ClubWindow) -> None:
    global _parentless
    if window is _parentless:
        _parentless = None
    window.hide()
    window.dispose()
    window.setParent(None)
    window.deleteLater()


def _say(parent: QWidget | None, text: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, "", text, QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("ClubDeskError")
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if parent is None:  # kept until it closes: Python would delete an unowned box at once
        _unowned.add(box)
        box.destroyed.connect(lambda *_: _unowned.discard(box))
    box.show()


_unowned: set[QMessageBox] = set()  # messages with no window to belong to, while shown
