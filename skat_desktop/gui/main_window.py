"""The main window: the card table in the middle, menus, the status bar, side panels.

It wires the pieces together and holds no rules: the :class:`TableSession` drives the
table through its port (:class:`~skat_desktop.app.port.TablePort`: the local controller,
or a table a LAN host holds), the :class:`TableScene` draws and animates, the panels
offer the legal actions. The window reads the table through the port alone; what only a
local table can do (practice aids, the store) is offered only when ``port.local`` is
there. Other views (score sheet, statistics) are plugged in with
:meth:`MainWindow.add_side_panel`; they follow the table through the
``controllerChanged`` and ``tableEvent`` signals.

The window never waits for the database on its own thread. A database another program
is writing to is opened, and a new series created, through the store writer, tried again
while the lock is held; the status bar says "Waiting for the database…" meanwhile and the
game goes on, its finished deals kept until they can be written. A database that cannot
take the score sheets at all (read-only, damaged, another program's, newer) is named once
in a message and for as long as the window is open in the status bar ("Not saving: …");
a read-only one can still be looked at in the side panels. Closing the window (or starting
a new series) with finished deals the database did not take asks what to do with them.

The table in play is kept in the database as it goes on (a live table), so the next start
offers to continue an unfinished series at the very move where it stopped -- after closing
the window, a crash or a kill (:class:`ContinueOffer`). The player quitting or starting a
new game during a series is asked first, in one question with any deals not yet saved.
"""

from __future__ import annotations

import contextlib
import logging
import random
import re
import sqlite3
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QRect, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTabBar,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app.port import (
    LOBBY,
    MOVED_ON,
    ConcessionAnswered,
    ConcessionAsked,
    ConsentPort,
    LocalTable,
    TablePort,
    Waiting,
)
from skat_desktop.app.table import (
    DealOver,
    DealsStored,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    TableController,
    TableError,
)
from skat_desktop.engine.actions import Declare, Discard, Play
from skat_desktop.engine.cards import mask
from skat_desktop.gui import game_words as words
from skat_desktop.gui.card_items import CardPictures
from skat_desktop.gui.club import ClubMenu
from skat_desktop.gui.deck_picker import ColourSafeToggle, DeckPicker
from skat_desktop.gui.decks import clear_card_cache, deck_by_id
from skat_desktop.gui.errors import describe
from skat_desktop.gui.game_log import SPOKEN, GameLog, Speech
from skat_desktop.gui.i18n import (
    available_languages,
    current_language,
    install_translations,
    language_name,
)
from skat_desktop.gui.lan_play import LanPlay
from skat_desktop.gui.new_game import (
    HUMAN,
    NewGame,
    NewGameDialog,
    default_player_name,
    find_profile,
    speed_names,
)
from skat_desktop.gui.panels import (
    BiddingPanel,
    ConsentPanel,
    DealOverPanel,
    DeclarePanel,
    DiscardPanel,
    InterjectionPanel,
    Panel,
    PanelHost,
    PlayPanel,
    SchiebenPanel,
    SeriesOverPanel,
    SkatPanel,
    WaitPanel,
    WelcomePanel,
)
from skat_desktop.gui.plain import plain, tip
from skat_desktop.gui.profile_editor import ProfileEditor, profile_title
from skat_desktop.gui.screen_room import FIRST_SIZE, FRAME_ROOM, available_geometry, fit_into
from skat_desktop.gui.session import (
    MAX_TRIES,
    RETRY_MS,
    TableSession,
    series_maker,
    table_refusal,
)
from skat_desktop.gui.settings import NewGameChoices, Settings, seat_kinds
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.gui.store_worker import (
    WAIT_MS,
    StoreWriter,
    database_file,
    never_wait,
    open_for_gui,
)
from skat_desktop.gui.table_scene import TableScene, TableView
from skat_desktop.gui.theme import apply_theme
from skat_desktop.gui.worker import Worker
from skat_desktop.store.database import DatabaseBusy, ReadOnlyDatabase, is_busy
from skat_desktop.store.series_hold import SeriesHeld, SeriesHold, series_held_elsewhere

SHEET, STATS, HISTORY, GAME_LOG = "sheet", "statistics", "history", "game_log"
"""The side panel's tabs (``MainWindow.show_side_panel``)."""
LAN_TABLE = "lan_table"
# gui.lan_link's states, named here so the window need not import the network code
# (and Qt's network module) at start-up; tests/gui/test_lan_table.py checks they agree
LINK_CONNECTED, LINK_GONE = "connected", "gone"

if TYPE_CHECKING:
    from skat_desktop.gui.history_view import HistoryBrowser
    from skat_desktop.gui.lan_link import TablePanel
    from skat_desktop.gui.stats_view import StatisticsView
"""The side panel's tab at a networked table (who sits where, fair deals, the chat)."""
TABLE_ROOM = 600
"""About the width the card table keeps beside the side panel (``TableView.least_width``
says exactly, by the table's height)."""
SIDE_MIN = 280
"""The narrowest the side panel gets: its splitter stops there (the sheet's columns fit)."""
NOTE_MS = 8000
"""How long a short note (a defender's word on a late concession) stays in the status bar."""


def give_mnemonics(bar: QWidget) -> None:
    """Every menu item the keyboard can reach: an item without a shortcut and without an
    Alt letter (a language's or a speed's name) gets the first letter its menu has free."""
    for menu in bar.findChildren(QMenu):
        items = [a for a in menu.actions() if not a.isSeparator() and a.text()]
        taken = {m.lower() for a in items for m in _MNEMONIC.findall(a.text().replace("&&", ""))}
        for a in items:
            text = a.text()
            if _MNEMONIC.search(text.replace("&&", "")) or not a.shortcut().isEmpty():
                continue
            for i, letter in enumerate(text):
                if letter.isalnum() and letter.lower() not in taken:
                    taken.add(letter.lower())
                    a.setText(text[:i] + "&" + text[i:])
                    break


_MNEMONIC = re.compile(r"&([^&\s])")


SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
"""The answers to "finished deals are not saved" (:meth:`MainWindow.ask_about_unsaved`)."""
STORE_LABEL_WIDTH = 460
"""The most the status bar's "Not saving: …" takes (the whole reason is its tooltip)."""
LEAVE, QUIT, NEW = "leave", "quit", "new"
LEAVE_TABLE = "leave_table"  # Game → Leave the table (a networked one)
"""Leaving a series (:meth:`MainWindow.ask_to_leave`): the answer, and why it is left."""
CONTINUE, LATER = "continue", "later"
"""The answers to the offer at the start (:class:`ContinueOffer`), besides ``NEW``."""

log = logging.getLogger(__name__)


def one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


def is_read_only_store(store) -> bool:
    """Whether ``store`` was opened for viewing only (``Store.open(read_only=True)``)."""
    try:
        return bool(store.conn.execute("PRAGMA query_only").fetchone()[0])
    except sqlite3.Error:
        return False


class MessageBar(QFrame):
    """A one-line notice above the table that does not interrupt play (non-modal)."""

    retry = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MessageBar")
        self.setStyleSheet(
            "#MessageBar { background: #fff4d6; border-bottom: 1px solid #d9b44a; }"
            "#MessageBar QLabel { color: #3d2f00; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 6, 4)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        plain(self.label)  # messages quote names and the database's words
        self.retry_button = QPushButton(self)
        self.retry_button.clicked.connect(self.retry.emit)
        self.close_button = QPushButton(self)
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.label, 1)
        row.addWidget(self.retry_button)
        row.addWidget(self.close_button)
        self.kind = ""
        self.count = 0
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """The buttons in the current language (the message is the window's to say again)."""
        self.retry_button.setText(self.tr("Save &again"))
        self.close_button.setText(self.tr("Dismiss"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_message(self, text: str, kind: str) -> None:
        if self.isVisible() and kind == self.kind and self.label.property("base") == text:
            self.count += 1
            self.label.setText(f"{text} (×{self.count})")
        else:
            self.count = 1
            self.label.setProperty("base", text)
            self.label.setText(text)
        self.kind = kind
        self.retry_button.setVisible(kind == "store")
        self.show()


class NothingSaved(QWidget):
    """A side panel's place when no database is open: it says that nothing is saved, or
    (``waiting``) that the database is busy and the views come once it is free."""

    def __init__(
        self, reason: str | None = None, parent: QWidget | None = None, waiting: bool = False
    ) -> None:
        super().__init__(parent)
        self.reason = reason
        self.waiting = waiting
        self.label = QLabel(self)
        plain(self.label)  # the reason may quote a file name
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        column = QVBoxLayout(self)
        column.addStretch(1)
        column.addWidget(self.label)
        column.addStretch(2)
        self.retranslate()

    def retranslate(self) -> None:
        if self.waiting:
            self.label.setText(
                self.tr(
                    "Waiting for the database: another program is writing to it. The score "
                    "sheets, statistics and deals appear here as soon as it has finished; "
                    "the games at the table are saved then."
                )
            )
            return
        text = self.tr(
            "Nothing is saved: the score sheets cannot be opened, so there are no sheets, "
            "statistics or deals to show. The games at the table are played without saving."
        )
        if self.reason:
            text += "\n\n" + self.tr("Reason: %1").replace("%1", self.reason)
        self.label.setText(text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ContinueOffer(QDialog):
    """At the start: continue a series left unfinished, at the very move where it stopped?

    ``tables``: the tables saved for later that can be continued, the latest first, as
    (row, title, "Deal 7 of 36 against …, saved …"); ``stale``: (id, line with the reason)
    of those that cannot be. Continue (Enter) takes the chosen one, New game
    forgets it (its finished deals stay on the score sheet) and asks for a new game, Later
    (Esc) keeps it for the next start. With only stale tables: Forget them, or Later.
    :attr:`choice` and :attr:`chosen` (the row) say what the player answered."""

    def __init__(
        self,
        tables: list[tuple[object, str, str]],
        stale: list[tuple[int, str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ContinueSeries")
        self.setWindowTitle(self.tr("Continue a series?"))
        self.tables = tables  # (row, title, line)
        self.stale_ids = [i for i, _ in stale]
        self.choice = LATER
        self.list: QListWidget | None = None
        column = QVBoxLayout(self)
        self.question = QLabel(self)
        self.question.setWordWrap(True)
        font = self.question.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.question.setFont(font)
        plain(self.question)  # series titles and names are the player's
        column.addWidget(self.question)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        plain(self.detail)
        if len(tables) == 1:
            _row, title, line = tables[0]
            self.question.setText(self.tr("Continue the series “%1”?").replace("%1", title))
            self.detail.setText(line)
            column.addWidget(self.detail)
        elif tables:
            self.question.setText(self.tr("Continue one of these series?"))
            self.list = QListWidget(self)
            self.list.setObjectName("SavedTables")
            self.list.setWordWrap(True)  # each whole, in two lines: the title, then the line
            self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.list.setSpacing(2)
            for _row, title, line in tables:
                self.list.addItem(self.tr("“%1”").replace("%1", title) + "\n" + line)
            self.list.setCurrentRow(0)
            rows = sum(self.list.sizeHintForRow(i) + 4 for i in range(min(len(tables), 4)))
            self.list.setFixedHeight(rows + 2 * self.list.frameWidth() + 4)
            self.list.itemDoubleClicked.connect(lambda _item: self._answer(CONTINUE))
            self.question.setBuddy(self.list)
            column.addWidget(self.list)
        else:
            self.question.setText(self.tr("A series saved for later cannot be continued."))
        self.stale = QLabel(self)
        self.stale.setWordWrap(True)
        plain(self.stale)  # the reasons quote titles
        if stale:
            lead = self.tr("Cannot be continued:") if tables else ""
            lines = [line for _, line in stale]
            self.stale.setText("\n".join(([lead] if lead else []) + lines))
            column.addWidget(self.stale)
        else:
            self.stale.hide()
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        small = self.note.font()  # smaller type: it explains, it does not ask (full contrast)
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.note.setFont(small)
        if tables:
            self.note.setText(
                self.tr(
                    "New game: the saved table is forgotten; its finished deals stay on the "
                    "score sheet. Later: it is offered again at the next start."
                )
            )
        else:
            self.note.setText(self.tr("Their finished deals stay on the score sheet either way."))
        column.addSpacing(6)
        column.addWidget(self.note)
        buttons = QDialogButtonBox(self)
        self.continue_button = buttons.addButton(
            self.tr("&Continue"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.new_button = buttons.addButton(
            self.tr("&New game…") if tables else self.tr("&Forget them"),
            QDialogButtonBox.ButtonRole.DestructiveRole,
        )
        self.later_button = buttons.addButton(
            self.tr("&Later"), QDialogButtonBox.ButtonRole.RejectRole
        )
        self.continue_button.clicked.connect(lambda: self._answer(CONTINUE))
        self.new_button.clicked.connect(lambda: self._answer(NEW))
        self.later_button.clicked.connect(lambda: self._answer(LATER))
        self.continue_button.setVisible(bool(tables))
        column.addWidget(buttons)
        main = self.continue_button if tables else self.later_button
        main.setDefault(True)  # Enter continues; Esc is Later (reject)
        (self.list if self.list is not None else main).setFocus()
        self.setMinimumWidth(540)

    @property
    def chosen(self):
        """The saved table the player picked (the only or the selected one), or None."""
        if not self.tables:
            return None
        index = self.list.currentRow() if self.list is not None else 0
        return self.tables[max(0, index)][0]

    def _answer(self, choice: str) -> None:
        self.choice = choice
        if choice == CONTINUE:
            self.accept()
        else:
            self.done(QDialog.DialogCode.Rejected)

    def reject(self) -> None:  # Esc, the dialog's close button: Later
        self.choice = LATER
        super().reject()


class _LaterView(QScrollArea):
    """A side panel tab whose view (the statistics or the history) is made when the tab
    is first shown, or when the window asks for it: start-up builds only the score sheet
    it shows. The view scrolls in the tab: it lays out lists beside charts or a board,
    and in a narrow panel scrolls rather than squeezes the table."""

    def __init__(self, window: MainWindow, key: str) -> None:
        super().__init__()
        self.window_ = window
        self.key = key
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)

    def build(self) -> QWidget:
        view = self.widget()
        if view is None:
            view = self.window_._make_side_view(self.key)
            self.setWidget(view)
        return view

    def showEvent(self, event: QEvent) -> None:
        self.build()
        super().showEvent(event)


class MainWindow(QMainWindow):
    """The application's window.

    ``store`` None: play without saving, or -- with ``store_path`` -- wait for that
    database (another program held its lock at the start) and save once it is open.
    ``store_error``: why the score sheets cannot be saved (a ``store`` given with it, or
    one opened read-only, is only looked at).
    """

    controllerChanged = Signal(object)
    tableEvent = Signal(object)

    def __init__(
        self,
        settings: Settings,
        store=None,
        store_error: str | None = None,
        parent: QWidget | None = None,
        synchronous_pictures: bool = False,
        store_path: str | Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.store = store
        self.read_only = store is not None and is_read_only_store(store)
        if self.read_only and store_error is None:
            store_error = self.tr("the database is open for viewing only")
        self.store_error = store_error
        self.session: TableSession | None = None
        self.worker = Worker(self)
        # finished deals reach the database through this writer, off the GUI thread
        self.writer: StoreWriter | None = None
        self._opening = False  # the database was busy at the start: opened in the background
        self._open_job: int | None = None
        self._open_tries = 0
        self._busy_reason: str | None = None  # why the last try to get the lock failed
        self._announced = False
        self._after_saved: Callable[[], object] | None = None  # closing, a new game
        self._discarded = False
        self._shut_down = False
        self._quit_requested = False  # Game → Quit: the player closes the window
        self._leave_agreed: str | None = None  # left the series, once "Save again" is done
        self._series_title: str | None = None  # the title of the series at the table
        self._offered = False  # the offer to continue a series was made (or not needed)
        self.offer: ContinueOffer | None = None
        self._series_hold: SeriesHold | None = None  # the series this window's table plays
        self.lan_panel: TablePanel | None = None  # the side panel's tab at a networked table
        self._link = None  # the LanLink of the networked table played here (followed once)
        self._lan_series: int | None = None  # this window's copy of that table's series
        self._lan_verdict: tuple[int, object] | None = None  # the last deal checked there
        self._leaving_lan = False
        self._hint = None  # the practice hint shown for the turn now (until the player acts)
        self._hint_note = ""  # its line, as the status bar shows it too
        if store is not None and store_error is None:
            never_wait(store)  # its thread is the GUI's: a lock is waited for elsewhere
            self.writer = StoreWriter(store, self)
        elif store is None and store_error is None and store_path is not None:
            self._opening = True
            self.writer = StoreWriter(None, self, path=Path(store_path))
        if self.writer is not None:
            self.writer.done.connect(self._writer_answered)
        self.setWindowTitle(self.tr("Skat"))

        deck = deck_by_id(settings.deck_id, index_style=settings.index_style)
        words.use_deck(deck.id)  # the cards' names follow the deck setting
        self.pictures = CardPictures(deck, self, synchronous=synchronous_pictures)
        app = QApplication.instance()
        self.colors = apply_theme(app, settings.color_scheme)
        self.scene = TableScene(self.pictures, self.colors, settings.animation_speed, self)
        self.scene.sort_mode = settings.sort_mode
        self.view = TableView(self.scene, self)
        self.view.unhandled_key = self._unhandled_key
        # on the viewport, not the view: a scroll area's accessible children are only its
        # viewport and scroll bars, so a screen reader would not find the panel's buttons
        self.host = PanelHost(self.view.viewport())
        self.host.restyle(self.colors.dark)
        self.messages = MessageBar(self)
        self.messages.retry.connect(self._retry_store)
        # the deal as text for screen readers (a side panel tab), and spoken if asked for;
        # speech loads Qt's text to speech only when first used
        # (owned by the window even while no tab shows it, so that it dies with the
        # window on the GUI thread, never by a cycle collection on a worker's thread)
        self.game_log = GameLog(self)
        self.game_log.hide()
        self.game_log.setProperty("sidePanel", GAME_LOG)
        self.game_log.setObjectName(f"SidePanel-{GAME_LOG}")
        self.game_log.lineAdded.connect(self._speak_line)
        self.tableEvent.connect(self.game_log.table_event)
        self.speech = Speech(parent=self)

        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.messages)
        column.addWidget(self.view, 1)
        self.setCentralWidget(central)

        self.side_tabs = QTabWidget(self)
        # the splitter stops there; the table's least width (by its height) is kept when
        # the splitter or the window moves (_keep_table_room). Never more: the window's
        # least width is the table's and this, whatever tabs there are
        self.side_tabs.setMinimumWidth(SIDE_MIN)
        # more tabs than a small window has room for (the game log's, a networked table's):
        # their titles stay whole and the tabs scroll (on every platform), the current one
        # (with its close button) always in sight; a larger window shows them all
        self.side_tabs.setUsesScrollButtons(True)
        self.side_tabs.setElideMode(Qt.TextElideMode.ElideNone)
        self.side_tabs.tabBar().setProperty("scrollsTabs", True)
        self.side_tabs.currentChanged.connect(self._side_tab_changed)
        self.side_dock = QDockWidget(self)
        self.side_dock.setObjectName("SidePanels")
        self.side_dock.setWidget(self.side_tabs)
        self.side_dock.setAllowedAreas(
            Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.side_dock)
        self.side_dock.hide()

        self._make_panels()
        self._make_menus()
        self._make_status_bar()
        self._make_side_panels()
        self.retranslate()

        self.controllerChanged.connect(self._views_follow)
        self.scene.idle.connect(self._table_idle)
        self.scene.layoutChanged.connect(self._place_panel)
        self.scene.cardPlayed.connect(self._card_played)
        self.scene.illegalCard.connect(self._illegal_card)
        self.scene.handReordered.connect(self._hand_reordered)
        self.view.resized.connect(self._place_panel)

        self._side_share: float | None = None  # of the window's width, once known
        self._side_asked = -1  # the width last asked of the side panel (resizeDocks)
        self._place_on_screen(settings.window_geometry)
        self._side_window_w = self.width()
        self.side_dock.installEventFilter(self)  # the player moving the splitter
        state = settings.window_state
        self._first_side = not state or not self.restoreState(state)
        if self._first_side:
            # the first start: the score sheet beside the table if games are saved (and the
            # screen has the room for both)
            room = available_geometry(self).width() - FRAME_ROOM[0]
            self.side_dock.setVisible(self.store is not None and room >= TABLE_ROOM + SIDE_MIN)
            self._size_first_side()
        elif (
            not self.side_dock.isFloating()
            and available_geometry(self).width() - FRAME_ROOM[0] < TABLE_ROOM + SIDE_MIN
        ):
            self.side_dock.hide()  # left open on a larger screen: the table comes first
        self.welcome.set_summary(self._choices_text(settings.new_game))
        self._show_panel(self.welcome)
        self._update_actions()
        if self._opening:
            self._try_open()

    # ------------------------------------------------------------------ construction

    def _choices_text(self, choices: NewGameChoices) -> str:
        profile = find_profile(choices.profile, self.store)
        rules = profile_title(profile) if profile is not None else choices.profile
        others = [k for k in choices.seats if k != HUMAN]
        length = (
            self.tr("%1 deals").replace("%1", str(choices.series_length))
            if choices.series_length
            else self.tr("A free series")
        )
        line = self.tr("%1 (%2) against %3.")
        return (
            line.replace("%1", length)
            .replace("%2", rules)
            .replace("%3", self.tr(" and ").join(words.level_title(k) for k in others))
        )

    def _make_panels(self) -> None:
        self.welcome = WelcomePanel()
        self.welcome.newGame.connect(self.new_game_dialog)
        self.welcome.quickStart.connect(lambda: self.start_game())
        self.wait_panel = WaitPanel()
        self.bidding = BiddingPanel()
        self.skat_panel = SkatPanel()
        self.skat_panel.handGame.connect(self._hand_game)
        self.discard_panel = DiscardPanel()
        self.discard_panel.clearRequested.connect(self.scene.clear_discard)
        self.declare_panel = DeclarePanel()
        self.declare_panel.back.connect(self._declare_back)
        self.declare_panel.gameChosen.connect(self.scene.set_preview_game)
        self.schieben = SchiebenPanel()
        self.play_panel = PlayPanel()
        self.play_panel.lastTrick.connect(self.show_last_trick)
        self.play_panel.undo.connect(self.undo_card)
        self.play_panel.hint.connect(self.request_hint)
        self.play_panel.redeclare.connect(self._redeclare)
        self.play_panel.double.connect(self._double)
        self.scene.discardChanged.connect(self.discard_panel.set_choice)
        self.play_panel.askable = self._consent_choices
        self.interjection = InterjectionPanel()
        self.interjection.declined.connect(self._decline)
        self.consent_panel = ConsentPanel()
        self.consent_panel.answered.connect(self._answer_concession)
        self.deal_over = DealOverPanel(self.pictures)
        self.deal_over.nextDeal.connect(self.next_deal)
        self.deal_over.replay.connect(self.replay_deal)
        self.series_over = SeriesOverPanel()
        self.series_over.newGame.connect(self.new_game_dialog)
        for panel in (
            self.bidding,
            self.skat_panel,
            self.discard_panel,
            self.declare_panel,
            self.schieben,
            self.play_panel,
            self.interjection,
        ):
            panel.action.connect(self.apply_action)
        for panel in self._panels():
            self.host.add(panel)

    def _panels(self) -> list[Panel]:
        return [
            self.welcome,
            self.wait_panel,
            self.bidding,
            self.skat_panel,
            self.discard_panel,
            self.declare_panel,
            self.schieben,
            self.play_panel,
            self.interjection,
            self.consent_panel,
            self.deal_over,
            self.series_over,
        ]

    def _rebuild_panels(self) -> None:
        """Build the panels anew in the current language and show what the table asks."""
        with contextlib.suppress(RuntimeError, TypeError):
            self.scene.discardChanged.disconnect(self.discard_panel.set_choice)
        self.host.show_panel(None)
        for panel in self._panels():
            panel.hide()
            panel.setParent(None)
            panel.deleteLater()
        self._make_panels()
        self.welcome.set_summary(self._choices_text(self.settings.new_game))
        session = self.session
        if session is None:
            self._show_panel(self.welcome)
            return
        hint = self._hint  # the turn's hint stays, said in the new language
        state = session.state()
        if state is not None:
            self._show_waiting(state)
            self.scene.set_state(state, animate=False)
        if session.need is not None:
            self._on_need(session.need)
            if hint is not None and isinstance(session.need, HumanTurn):
                self._on_hint(hint)

    def set_language(self, code: str) -> None:
        """View → Language: ``""`` follows the system; applied at once and kept."""
        self.settings.language = code
        app = QApplication.instance()
        install_translations(app, code)
        app.setApplicationDisplayName(QCoreApplication.translate("App", "Skat"))
        for a in self.language_group.actions():
            a.setChecked(a.data() == code)

    def _action(self, text: str, slot, shortcut=None, checkable: bool = False) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        a.setCheckable(checkable)
        a.triggered.connect(slot)
        return a

    def _make_menus(self) -> None:
        """The menus and their actions; every text is set in :meth:`retranslate`."""
        bar = self.menuBar()
        self.menu_game = game = bar.addMenu("")
        self.act_new = self._action("", self.new_game_dialog, QKeySequence.StandardKey.New)
        self.act_next = self._action("", self.next_deal, "Ctrl+D")
        self.act_replay = self._action("", self.replay_deal, "Ctrl+R")
        self.act_undo = self._action("", self.undo_card, QKeySequence.StandardKey.Undo)
        self.act_hint = self._action("", self.request_hint, "Ctrl+H")
        self.act_profiles = self._action("", self.edit_profiles)
        self.act_profiles.setEnabled(self.can_save)
        self.act_quit = self._action("", self.quit_window)
        # Ctrl+Q everywhere, besides the platform's own (Windows has none)
        keys = [QKeySequence(QKeySequence.StandardKey.Quit), QKeySequence("Ctrl+Q")]
        keys = [k for i, k in enumerate(keys) if not k.isEmpty() and k not in keys[:i]]
        self.act_quit.setShortcuts(keys)
        self.act_leave = self._action("", self.leave_table)
        self.act_leave.setVisible(False)  # at a networked table only
        for a in (self.act_new, self.act_next, self.act_replay, self.act_leave):
            game.addAction(a)
        game.addSeparator()
        self.lan = LanPlay(self)  # Host a table…, Join a table…, Stop hosting
        self.lan.add_to_menu(game, None)
        game.addAction(self.act_undo)
        game.addAction(self.act_hint)
        game.addSeparator()
        game.addAction(self.act_profiles)
        game.addSeparator()
        game.addAction(self.act_quit)

        self.menu_view = view = bar.addMenu("")
        self.act_last = self._action("", self.show_last_trick, "Ctrl+L")
        self.act_open = self._action("", self._toggle_open_cards, "Ctrl+O", checkable=True)
        view.addAction(self.act_last)
        view.addAction(self.act_open)
        view.addSeparator()
        self.act_sheet = self._action("", lambda: self.show_side_panel(SHEET), "Ctrl+1")
        self.act_stats = self._action("", lambda: self.show_side_panel(STATS), "Ctrl+2")
        self.act_history = self._action("", lambda: self.show_side_panel(HISTORY), "Ctrl+3")
        for a in (self.act_sheet, self.act_stats, self.act_history):
            a.setVisible(False)  # until the panel is there
            view.addAction(a)
        self.act_log = self._action("", self.show_game_log, "Ctrl+4")
        view.addAction(self.act_log)
        self.act_side = self.side_dock.toggleViewAction()
        self.act_side.setVisible(False)
        view.addAction(self.act_side)
        # the dock names its action after its title: the menu keeps its own words (and Alt key)
        self.side_dock.windowTitleChanged.connect(
            lambda _title: self.act_side.setText(self.tr("S&ide panels"))
        )
        self.act_focus = self._action("", self.switch_focus, "F6")
        view.addAction(self.act_focus)
        view.addSeparator()

        self.menu_sort = sort = view.addMenu("")
        self.sort_group = QActionGroup(self)
        for mode in ("game", "manual"):
            a = self._action("", lambda _=False, m=mode: self.set_sort_mode(m), checkable=True)
            a.setData(mode)
            a.setChecked(mode == self.settings.sort_mode)
            self.sort_group.addAction(a)
            sort.addAction(a)

        self.menu_scheme = scheme = view.addMenu("")
        self.scheme_group = QActionGroup(self)
        for key in ("system", "light", "dark"):
            a = self._action("", lambda _=False, k=key: self.set_color_scheme(k), checkable=True)
            a.setData(key)
            a.setChecked(key == self.settings.color_scheme)
            self.scheme_group.addAction(a)
            scheme.addAction(a)

        self.menu_speed = speed = view.addMenu("")
        self.speed_group = QActionGroup(self)
        for value in range(len(speed_names())):
            a = self._action(
                "", lambda _=False, v=value: self.set_animation_speed(v), checkable=True
            )
            a.setData(value)
            a.setChecked(value == self.settings.animation_speed)
            self.speed_group.addAction(a)
            speed.addAction(a)

        self.menu_language = language = view.addMenu("")
        self.language_group = QActionGroup(self)
        chosen = self.settings.language
        codes = ["", *available_languages()]
        if chosen not in codes:
            chosen = ""
        for code in codes:
            a = self._action(
                language_name(code) if code else "",
                lambda _=False, c=code: self.set_language(c),
                checkable=True,
            )
            a.setData(code)
            a.setChecked(code == chosen)
            self.language_group.addAction(a)
            language.addAction(a)

        self.act_deck = self._action("", self.choose_deck)
        view.addAction(self.act_deck)
        # one click to the colour-blind-safe deck and back (also a button in the status bar)
        self.colour_safe = ColourSafeToggle(
            self.settings, self._set_deck, self.pictures.deck.id, self
        )
        view.addAction(self.colour_safe.action)
        self.act_letters = self._action("", self._toggle_letters, checkable=True)
        self.act_letters.setChecked(self.settings.index_style == "de")
        view.addAction(self.act_letters)
        view.addSeparator()
        self.act_speak = self._action("", self._toggle_speech, checkable=True)
        self.act_speak.setChecked(self.settings.speak_cards)
        view.addAction(self.act_speak)
        view.aboutToShow.connect(self._check_speech)

        self.club = ClubMenu(self)  # score sheets of real-table games, seasons, files
        self.menu_club = self.club.add_to(bar, None)
        self.menu_help = help_menu = bar.addMenu("")
        self.act_about = self._action("", self.about)
        help_menu.addAction(self.act_about)
        for a in (
            self.act_new,
            self.act_next,
            self.act_replay,
            self.act_undo,
            self.act_hint,
            self.act_quit,
        ):
            self.addAction(a)  # shortcuts work while the menu bar is hidden too
        for a in (self.act_sheet, self.act_stats, self.act_history, self.act_log, self.act_focus):
            self.addAction(a)

    def retranslate(self) -> None:
        """Set every text the window shows itself in the current language.

        Called at construction and on ``QEvent.LanguageChange``; the panels over the table
        are built anew (:meth:`_rebuild_panels`), the views in the side panel translate
        themselves.
        """
        self.menu_game.setTitle(self.tr("&Game"))
        self.act_new.setText(self.tr("&New game…"))
        self.act_next.setText(self.tr("Ne&xt deal"))
        self.act_replay.setText(self.tr("&Replay this deal (practice)…"))
        self.act_undo.setText(self.tr("&Take back card (practice)"))
        self.act_hint.setText(self.tr("&Hint (practice)"))
        self.act_profiles.setText(self.tr("Rule &profiles…"))
        self.act_profiles.setToolTip(
            self.tr("Copy a rule profile and change its options")
            if self.can_save
            else self.tr("Rule profiles are kept in the database, which is not open.")
        )
        self.act_quit.setText(self.tr("&Quit"))
        self.act_leave.setText(self.tr("&Leave the table…"))
        self.lan.retranslate()
        self.club.retranslate()

        self.menu_view.setTitle(self.tr("&View"))
        self.act_last.setText(self.tr("&Last trick"))
        self.act_open.setText(self.tr("&Open cards (practice)"))
        self.act_sheet.setText(self.tr("Score s&heet"))
        self.act_stats.setText(self.tr("S&tatistics"))
        self.act_history.setText(self.tr("Histor&y"))
        self.act_side.setText(self.tr("S&ide panels"))
        self.act_log.setText(self.tr("Ga&me log"))
        self.act_focus.setText(self.tr("Switch &focus: table or side panel"))
        self.menu_sort.setTitle(self.tr("&Sort hand"))
        sort_texts = {
            "game": self.tr("By &game (trumps first)"),
            "manual": self.tr("&Manually (drag cards)"),
        }
        for a in self.sort_group.actions():
            a.setText(sort_texts[a.data()])
        self.menu_scheme.setTitle(self.tr("&Colour scheme"))
        scheme_texts = {
            "system": self.tr("&System"),
            "light": self.tr("&Light"),
            "dark": self.tr("&Dark"),
        }
        for a in self.scheme_group.actions():
            a.setText(scheme_texts[a.data()])
        self.menu_speed.setTitle(self.tr("&Animation speed"))
        names = speed_names()
        for a in self.speed_group.actions():
            a.setText(names[a.data()])
        self.menu_language.setTitle(self.tr("Lan&guage"))
        for a in self.language_group.actions():
            if not a.data():
                a.setText(self.tr("&System language"))
        self.act_deck.setText(self.tr("&Deck…"))
        self.colour_safe.retranslate()
        self.act_letters.setText(self.tr("German lette&rs on French cards (B, D, K, A)"))
        self.act_speak.setText(self.tr("S&peak played cards"))
        problem = self.speech.known_problem()
        self.act_speak.setToolTip(
            problem or self.tr("Say each card aloud as it is played, and who takes the trick")
        )
        self.menu_help.setTitle(self.tr("&Help"))
        self.act_about.setText(self.tr("&About Skat"))
        give_mnemonics(self.menuBar())

        self.side_dock.setWindowTitle(
            self.tr("Score sheet and statistics") if self.side_tabs.count() > 1 else ""
        )
        titles = self._side_titles()
        for i in range(self.side_tabs.count()):
            key = self.side_tabs.widget(i).property("sidePanel")
            if key in titles:
                self.side_tabs.setTabText(i, titles[key])
        if self.side_tabs.count() == 1:
            self.side_dock.setWindowTitle(self.side_tabs.tabText(0))
        self._update_store_label()
        port = self.table
        if port is not None:
            self._name_the_rules(port)
        else:
            self.setWindowTitle(self.tr("Skat"))
        self._update_deal_label()
        self._lan_status()
        self._fit_side_tabs()  # the tabs' titles in this language
        if self.lan_panel is not None:
            link = self._link
            gone = link is not None and link.state == LINK_GONE
            if gone and self.messages.isVisible() and self.messages.kind == "lan":
                self._lan_message(link.reason, link.attempt)  # "the host is gone", translated

    def _side_titles(self) -> dict[str, str]:
        return {
            SHEET: self.tr("Score sheet"),
            STATS: self.tr("Statistics"),
            HISTORY: self.tr("History"),
            GAME_LOG: self.tr("Game log"),
            LAN_TABLE: self.tr("Table"),
        }

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "menu_help"):
            self.retranslate()
            self._rebuild_panels()
        super().changeEvent(event)

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.turn_label = QLabel(self)
        self.deal_label = QLabel(self)
        self.rules_label = QLabel(self)
        self.store_label = QLabel(self)
        self.store_label.setObjectName("StoreState")
        # names, a profile's title, the database's reason: shown as written
        plain(self.turn_label, self.deal_label, self.rules_label, self.store_label)
        bar.addWidget(self.turn_label, 1)
        # at a networked table: the connection and who is waited for, the last deal's check
        self.lan_label = QLabel(self)
        self.lan_label.setObjectName("LanState")
        self.verify_label = QLabel(self)
        self.verify_label.setObjectName("DealVerified")
        plain(self.lan_label, self.verify_label)
        for label in (self.lan_label, self.verify_label):
            label.hide()
            bar.addPermanentWidget(label)
        bar.addPermanentWidget(self.deal_label)
        bar.addPermanentWidget(self.rules_label)
        bar.addPermanentWidget(self.store_label)
        bar.addPermanentWidget(self.colour_safe.button)

    # ------------------------------------------------------------------ the database

    @property
    def can_save(self) -> bool:
        """Whether a new series goes into the database (now, or once its lock is free)."""
        return self.writer is not None and self.store_error is None and not self.read_only

    @property
    def waiting_for_store(self) -> bool:
        """Another program holds the database's lock and the window is trying again."""
        session = self.session
        opening = self._opening and self._open_tries < MAX_TRIES
        return self.store_error is None and (
            opening or (session is not None and not session.closed and session.waiting)
        )

    def _update_store_label(self) -> None:
        """The status bar's word on saving: nothing while all is well, else for as long
        as it lasts "Waiting for the database…" or "Not saving: <reason>"."""
        label = self.store_label
        if self.waiting_for_store:
            session = self.session
            busy = self._busy_reason or (
                session.failure if session is not None and session.waiting else None
            )
            label.setText(self.tr("Waiting for the database…"))
            label.setToolTip(
                tip(
                    self.tr(
                        "Another program is writing to the database; the score sheets are "
                        "saved as soon as it has finished."
                    )
                    + ("\n" + busy if busy else "")
                )
            )
            label.setStyleSheet("color: #b26a00; font-weight: 600")
            return
        reason = self.store_error
        if reason is None and self.writer is None:
            reason = self.tr("no database is open")
        if reason is None and self._opening:  # it stayed busy: "Save again" tries anew
            reason = self._busy_reason or self.tr("the database stayed busy")
        if reason is None:
            label.setText("")
            label.setToolTip("")
            label.setStyleSheet("")
            return
        text = self.tr("Not saving: %1").replace("%1", reason)
        label.setText(
            label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideMiddle, STORE_LABEL_WIDTH)
        )
        label.setToolTip(tip(text))
        label.setStyleSheet("color: #c62828; font-weight: 600")

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit_side_tabs()  # within the window's width, now that it has one
        if self._first_side:  # the first start's width, now that the table's is known
            self._first_side = False
            if self.side_dock.isVisible() and not self.side_dock.isFloating():
                QTimer.singleShot(0, self, self._size_first_side)
        self._announce_store_problem()  # over the window, once it is there
        if not self._offered:
            QTimer.singleShot(0, self, self.offer_saved_tables)

    def _announce_store_problem(self) -> None:
        """Say once, in one line, why the score sheets cannot be saved."""
        if self._announced or self.store_error is None or not self.isVisible():
            return
        self._announced = True
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Skat"),
            self.tr("The score sheets cannot be saved: %1").replace("%1", self.store_error),
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setObjectName("StoreError")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not modal to the loop: the table stays usable

    def _cannot_save(self, reason: str) -> None:
        """The database refuses the score sheets for good (read-only, damaged, …)."""
        self.store_error = reason
        self._opening = False
        self.act_profiles.setEnabled(False)
        self._update_store_label()
        self._announce_store_problem()

    def _try_open(self) -> None:
        """One try to open the database that was busy at the start (on the writer)."""
        if self._shut_down or not self._opening or self._open_job is not None:
            return
        if self.writer is None:
            return
        path = self.writer.path
        self._open_job = self.writer.submit(lambda _store: open_for_gui(path))

    def _writer_answered(self, ticket: int, ok: bool, answer: object) -> None:
        if ticket != self._open_job:
            return  # a deal's write or a series: the session's
        self._open_job = None
        if self._shut_down:  # the window closed meanwhile
            if ok:
                answer.close()
            return
        if ok:
            self._attach_store(answer)
        elif getattr(answer, "busy", False):
            self._busy_reason = str(answer)
            self._open_tries += 1
            if self._open_tries < MAX_TRIES:
                QTimer.singleShot(RETRY_MS, self, self._try_open)
            else:
                self._message(
                    self.tr(
                        "The database stayed busy (%1); the games are not saved until you "
                        "press Save again."
                    ).replace("%1", str(answer)),
                    "store",
                )
        elif getattr(answer, "read_only", False):
            self._open_for_viewing(str(answer))
        else:
            self._cannot_save(str(answer))
            self._make_side_panels()
        self._update_store_label()

    def _open_for_viewing(self, reason: str) -> None:
        """The database cannot be written: open it to look at (that never waits)."""
        from skat_desktop.store.repository import Store

        path = self.writer.path if self.writer is not None else None
        self._cannot_save(reason)
        try:
            store = Store.open(path, read_only=True, busy_ms=0) if path is not None else None
        except Exception:  # not even readable: nothing to show
            store = None
        if store is not None:
            self._attach_store(store)
        else:
            self._make_side_panels()

    def _attach_store(self, store) -> None:
        """The database the window waited for is open: the views come, and a series that
        is being played is saved from now on."""
        self.store = store
        self._opening = False
        self._busy_reason = None
        self.read_only = is_read_only_store(store)
        self.act_profiles.setEnabled(self.can_save)
        self.club.retranslate()  # a club evening can be entered now
        self._make_side_panels()
        if self.session is None:
            self.welcome.set_summary(self._choices_text(self.settings.new_game))
        elif self.session.series_id is not None:
            self._series_created(self.session.series_id)
        if self.messages.isVisible() and self.messages.kind == "store" and not self._unsaved():
            self.messages.hide()
        self.retranslate()
        if self.isVisible():
            self._offered = False  # the database came late: its saved tables now
            QTimer.singleShot(0, self, self.offer_saved_tables)

    def _unsaved(self) -> int:
        return self.session.unsaved() if self.session is not None else 0

    def _series_created(self, series_id: int) -> None:
        """A series begun while the database was busy is in it now: the views show it."""
        if self.store is None or self.session is None:
            return  # the views follow once the window has its store
        self._hold_series(series_id)
        if self.sheet_view is not None:
            self.sheet_view.set_series(self.store, series_id)
        self._views_follow()

    def _store_state_changed(self) -> None:
        """The session's saving moved on: the status bar, and a close or a new game that
        waited for "Save again"."""
        session = self.session
        if session is not None and getattr(session.failure, "read_only", False):
            self._cannot_save(str(session.failure))  # for good: say so once
        self._update_store_label()
        action = self._after_saved
        if action is None or session is None or session.writing or session.waiting:
            return
        self._after_saved = None
        # saved: go on; failed again: the action asks once more
        QTimer.singleShot(0, self, action)

    def ask_about_unsaved(self, count: int) -> str:
        """Finished deals the database did not take: save again, discard, or cancel."""
        box = QMessageBox(self)
        box.setObjectName("UnsavedDeals")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Skat"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(
            self.tr("%1 finished deal(s) could not be saved in the score sheets yet.").replace(
                "%1", str(count)
            )
        )
        reason = self.session.failure if self.session is not None else None
        info = self.tr(
            "Save again to try once more, or discard them: they are lost when the window closes."
        )
        box.setInformativeText(info + ("\n\n" + reason if reason else ""))
        save = box.addButton(self.tr("&Save again"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(self.tr("&Discard"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.setEscapeButton(cancel)
        box.exec()
        clicked = box.clickedButton()
        box.deleteLater()
        if clicked is save:
            return SAVE
        if clicked is discard:
            return DISCARD
        return CANCEL

    def _settle_unsaved(self, action: Callable[[], object]) -> bool:
        """True when nothing finished waits for the database (or the player lets it go);
        else the question is asked and ``action`` runs again once "Save again" is done."""
        session = self.session
        if session is None or self._discarded:
            return True
        session.settle(2 * WAIT_MS)  # the write on its way (a short wait, never the 5 s)
        count = session.unsaved()
        if not count:
            return True
        choice = self.ask_about_unsaved(count)
        if choice == DISCARD:
            self._discarded = True
            return True
        if choice == SAVE:
            self._after_saved = action
            self._retry_store()
            if not session.writing and not session.waiting:  # nothing went out: say so
                self._store_state_changed()
        return False

    def _series_in_play(self) -> TablePort | None:
        """The table while a series is under way (not before its first deal, not once it
        is over): leaving it is asked about."""
        session = self.session
        if session is None or session.closed:
            return None
        port = session.port
        if not port.dealt or port.series_finished:
            return None
        return port

    def _kept_for_later(self) -> bool:
        """Whether the series at the table is saved for later (a live table)."""
        session = self.session
        ctl = session.ctl if session is not None else None  # the local table's store
        return ctl is not None and ctl.write_later and not session.deferred

    def ask_to_leave(self, why: str, count: int) -> str:
        """Leave the series at the table (``why``: ``QUIT`` or ``NEW``)? One question that
        also settles ``count`` finished deals the database did not take: LEAVE or CANCEL,
        or with such deals SAVE (again, then leave), DISCARD or CANCEL."""
        port = self.session.port
        title = self._series_title or profile_title(port.profile)
        number = str(port.deal_number)
        if port.planned_deals:
            where = (
                self.tr("“%1” (deal %2 of %3)")
                .replace("%1", title)
                .replace("%2", number)
                .replace("%3", str(port.planned_deals))
            )
        else:
            where = self.tr("“%1” (deal %2)").replace("%1", title).replace("%2", number)
        kept = self._kept_for_later()
        remote = port.local is None
        if remote:  # a networked table: it plays on at the host, the seat stays this player's
            text = self.tr("Leave the table %1?").replace("%1", where)
            info = self.tr(
                "The table goes on at the host without you (a computer may play your "
                "seat); join it again to take your seat back."
            )
        elif why == NEW:
            text = self.tr("Abandon the series %1?").replace("%1", where)
            info = (
                self.tr(
                    "Its finished deals stay on the score sheet; it will not be offered "
                    "to continue."
                )
                if kept
                else self.tr("It is not saved for later: it cannot be continued.")
            )
        else:
            text = self.tr("Leave the series %1?").replace("%1", where)
            info = (
                self.tr("You can continue it at the next start.")
                if kept
                else self.tr("It is not saved for later: it cannot be continued.")
            )
        if count:
            unsaved = self.tr(
                "%1 finished deal(s) could not be saved in the score sheets yet."
            ).replace("%1", str(count))
            how = (
                self.tr(
                    "Save again to try once more (the new game starts once they are saved), "
                    "or discard them: they are lost."
                )
                if why == NEW
                else self.tr(
                    "Save again to try once more (the window closes once they are saved), "
                    "or discard them: they are lost."
                )
            )
            reason = self.session.failure
            info += "\n\n" + unsaved + " " + how + ("\n\n" + reason if reason else "")
        box = QMessageBox(self)
        box.setObjectName("LeaveSeries")
        box.setIcon(QMessageBox.Icon.Question if not count else QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Skat"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(text)
        box.setInformativeText(info)
        answers = {}
        if count:
            main = box.addButton(self.tr("&Save again"), QMessageBox.ButtonRole.AcceptRole)
            answers[main] = SAVE
            discard = box.addButton(self.tr("&Discard"), QMessageBox.ButtonRole.DestructiveRole)
            answers[discard] = DISCARD
        else:
            label = self.tr("&New game") if why == NEW else self.tr("&Quit")
            if why == LEAVE_TABLE:
                label = self.tr("&Leave the table")
            main = box.addButton(label, QMessageBox.ButtonRole.AcceptRole)
            answers[main] = LEAVE
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(main)
        box.setEscapeButton(cancel)
        box.exec()
        clicked = box.clickedButton()
        box.deleteLater()
        return answers.get(clicked, CANCEL)

    def _leave_series(self, action: Callable[[], object], why: str) -> bool:
        """True when the table may be left now (``why``: ``QUIT`` or ``NEW``): no series is
        under way, or the player agreed (:meth:`ask_to_leave`), its unsaved deals settled.
        After "Save again" ``action`` runs once more when the save is done, and is not
        asked again (only about deals that failed once more)."""
        port = self._series_in_play()
        if port is None:
            return self._settle_unsaved(action)
        if self._leave_agreed == why:  # agreed, and "Save again" has had its turn
            if self._settle_unsaved(action):
                self._leave_agreed = None
                return True
            if self._after_saved is None:  # cancelled after all: ask afresh next time
                self._leave_agreed = None
            return False
        session = self.session
        count = 0
        if not self._discarded:
            session.settle(2 * WAIT_MS)  # the write on its way (a short wait, never the 5 s)
            count = session.unsaved()
        choice = self.ask_to_leave(why, count)
        if choice == CANCEL:
            return False
        if choice == DISCARD:
            self._discarded = True
        elif choice == SAVE:
            self._leave_agreed = why
            self._after_saved = action
            self._retry_store()
            if not session.writing and not session.waiting:  # nothing went out: say so
                self._store_state_changed()
            return False
        return True

    # ------------------------------------------------------------------ side panels

    def _make_side_panels(self) -> None:
        """The score sheet, statistics and history, following the table; with no store,
        a note in each that nothing is saved (or that the database is awaited). Called
        again when the store arrives later."""
        store = self.store
        current = self.side_tabs.currentIndex()
        while self.side_tabs.count():
            old = self.side_tabs.widget(0)
            self.side_tabs.removeTab(0)
            if old is not self.lan_panel and old is not self.game_log:  # they stay (below)
                old.deleteLater()
        self.sheet_view: ScoreSheetView | None = None
        self._side_views: dict[str, QWidget] = {}  # the statistics and history made so far
        if store is not None:
            self.sheet_view = ScoreSheetView(store)
            self.controllerChanged.connect(self.sheet_view.follow_table)
            self.tableEvent.connect(self.sheet_view.table_event)
            widgets = {
                SHEET: self.sheet_view,
                # made when first shown (or asked for): start-up builds only what it shows
                STATS: _LaterView(self, STATS),
                HISTORY: _LaterView(self, HISTORY),
            }
        else:
            waiting = self._opening and self.store_error is None
            widgets = {
                key: NothingSaved(self.store_error, waiting=waiting)
                for key in (SHEET, STATS, HISTORY)
            }
        titles = self._side_titles()
        for key, widget in widgets.items():
            widget.setProperty("sidePanel", key)
            widget.setObjectName(f"SidePanel-{key}")
            self.add_side_panel(titles[key], widget, show=current < 0)
        if current >= 0:
            self.side_tabs.setCurrentIndex(min(current, self.side_tabs.count() - 1))
        for a in (self.act_sheet, self.act_stats, self.act_history):
            a.setVisible(True)
        if self.settings.game_log_tab:
            self._add_game_log_tab()
        if self.lan_panel is not None:
            self.add_side_panel(titles[LAN_TABLE], self.lan_panel, show=False)
        self._fit_side_tabs()

    def _add_game_log_tab(self) -> None:
        """The game log as a side panel tab (after the store's three), with a close
        button: it is there only for players who asked for it."""
        if self.side_tabs.indexOf(self.game_log) >= 0:
            return
        at = min(3, self.side_tabs.count())
        self.side_tabs.insertTab(at, self.game_log, self._side_titles()[GAME_LOG])
        close = QToolButton(self.side_tabs)
        close.setObjectName("CloseGameLog")
        close.setAutoRaise(True)
        close.setText("×")
        close.setToolTip(self.tr("Close the game log (View → Game log opens it again)"))
        close.setAccessibleName(self.tr("Close the game log"))
        close.clicked.connect(self.close_game_log)
        self.side_tabs.tabBar().setTabButton(at, QTabBar.ButtonPosition.RightSide, close)
        self.settings.game_log_tab = True
        self._fit_side_tabs()

    def close_game_log(self) -> None:
        """The game log's tab goes (the log keeps following the table)."""
        index = self.side_tabs.indexOf(self.game_log)
        if index >= 0:
            self.side_tabs.removeTab(index)
        self.settings.game_log_tab = False
        self._fit_side_tabs()

    @property
    def stats_view(self) -> StatisticsView | None:
        """The side panel's statistics (made now if not yet shown); None without a store."""
        return self._side_view(STATS)

    @property
    def history_view(self) -> HistoryBrowser | None:
        """The side panel's history (made now if not yet shown); None without a store."""
        return self._side_view(HISTORY)

    def _side_view(self, key: str) -> Any:
        view = self.__dict__.get("_side_views", {}).get(key)
        if view is not None or self.store is None:
            return view
        for i in range(self.side_tabs.count()):
            area = self.side_tabs.widget(i)
            if isinstance(area, _LaterView) and area.key == key:
                return area.build()
        return None

    def _make_side_view(self, key: str) -> QWidget:
        """The statistics or the history, at their first showing (:class:`_LaterView`)."""
        store = self.store
        if key == STATS:
            from skat_desktop.gui.stats_view import StatisticsView

            view: Any = StatisticsView(store)
        else:
            from skat_desktop.gui.history_view import HistoryBrowser

            view = HistoryBrowser(store, deck=self.pictures.deck)
        self.tableEvent.connect(view.table_event)
        self._side_views[key] = view
        if key == STATS:
            self._follow_player(view)
        return view

    def _follow_player(self, stats: Any) -> None:
        """The statistics show the player at the table (the first human seat)."""
        port = self.table
        human = port.names[port.mine[0]] if port is not None and port.mine else None
        for row in self.store.players():
            if row["name"] == human:
                stats.set_player(row["id"])
                break

    def _views_follow(self, _table: object = None) -> None:
        """A new series: its players and series appear in the views' filters (of the
        views made so far; the others read them when first shown)."""
        store = self.store
        if store is None:
            return
        stats = self._side_views.get(STATS)
        if stats is not None:
            stats.set_store(store)
            self._follow_player(stats)
        history = self._side_views.get(HISTORY)
        if history is not None:
            history.set_store(store)

    def show_game_log(self) -> None:
        """View → Game log (Ctrl+4): the log's tab, with the keyboard in it, so a screen
        reader reads on from the newest line."""
        self._add_game_log_tab()
        self.show_side_panel(GAME_LOG)
        self.game_log.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def switch_focus(self) -> None:
        """F6: the keyboard goes from the table to the side panel's tabs and back."""
        inside = self.side_dock.isAncestorOf(QApplication.focusWidget() or self.side_dock)
        if inside and self.side_dock.isVisible():
            self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        if not self.side_dock.isVisible():
            self.side_dock.show()
            self._side_tab_changed(self.side_tabs.currentIndex())
        self.side_dock.raise_()
        self.side_tabs.tabBar().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def show_side_panel(self, key: str) -> None:
        """Show the side panel's tab ``key`` (``sheet``, ``statistics``, ``history``,
        ``game_log``)."""
        for i in range(self.side_tabs.count()):
            if self.side_tabs.widget(i).property("sidePanel") == key:
                self.side_tabs.setCurrentIndex(i)
                break
        if not self.side_dock.isVisible():
            self.side_dock.show()
        self._side_tab_changed(self.side_tabs.currentIndex())
        self.side_dock.raise_()

    def _place_on_screen(self, geometry: bytes) -> None:
        """The window as it was left if that fits the screen now, else made to fit; at the
        first start :data:`FIRST_SIZE` where the screen has the room, else the screen's room
        (a window larger than the screen hides the hand and the status bar)."""
        room = available_geometry(self)
        if geometry and self.restoreGeometry(geometry):
            if self.isMaximized() or self.isFullScreen():
                return
            if not room.contains(self.geometry()):
                self.setGeometry(fit_into(self.geometry(), room))
            return
        first = QRect(0, 0, *FIRST_SIZE)
        first.moveCenter(room.center())
        self.setGeometry(fit_into(first, room))

    def _size_first_side(self) -> None:
        """The side panel's width at the first start, asked again once the window is shown:
        before, the table's least width is not known and the panel got its least 280 px,
        in which the sheet's third player's column was cut (1024 x 700)."""
        want = self._side_width(SHEET)
        self.resizeDocks([self.side_dock], [want], Qt.Orientation.Horizontal)
        self._side_share, self._side_asked = want / max(1, self.width()), want

    def _side_width(self, key: str) -> int:
        """A good width for a tab: the sheet about a third of the window, the statistics
        and the history (lists beside a board or charts) half; the table keeps room."""
        width = self.width()
        if key in (SHEET, LAN_TABLE, GAME_LOG):
            want = min(max(340, round(width * 0.4)), 760)
        else:
            want = min(max(420, round(width * 0.5)), 1300)
        return self._side_bounded(want)

    def _side_bounded(self, want: float) -> int:
        """``want`` within the side panel's limits: :data:`SIDE_MIN` or more, and the table
        keeps its least width (room for the action panels in its middle)."""
        return int(max(SIDE_MIN, min(round(want), self._side_spare())))

    def _side_spare(self) -> int:
        """The most the side panel may be: the table keeps its least width beside it."""
        return self.side_dock.width() + self.view.width() - self.view.least_width()

    def resizeEvent(self, event) -> None:
        """The side panel keeps its share of the window: a maximised window widens it in
        proportion (a narrow one stays no narrower than :data:`SIDE_MIN`), and a smaller
        window takes room from it until the table is down to its least width."""
        super().resizeEvent(event)
        old = event.oldSize().width()
        if old > 0 and old != self.width():
            if self._side_share is None and self.side_dock.isVisible():
                self._side_share = self.side_dock.width() / old  # as restored
            QTimer.singleShot(0, self, self._follow_window_width)

    def _follow_window_width(self) -> None:
        self._side_window_w = self.width()
        dock = self.side_dock
        if not dock.isVisible() or dock.isFloating() or self._side_share is None:
            self._fit_side_tabs()  # a wider window may give the tabs their whole titles
            return
        want = max(self._side_bounded(self._side_share * self.width()), self._side_least())
        self._side_asked = want
        if abs(dock.width() - want) > 1:
            self.resizeDocks([dock], [want], Qt.Orientation.Horizontal)

    def eventFilter(self, watched, event) -> bool:
        dock = self.side_dock
        if watched is dock and event.type() == QEvent.Type.Resize and not dock.isFloating():
            if (
                self.width() == self._side_window_w  # not the window's own resizing
                and abs(dock.width() - self._side_asked) > 8  # nor ours
            ):
                # the player moved the splitter: the panel's share from now on
                self._side_share = dock.width() / max(1, self.width())
            QTimer.singleShot(0, self, self._keep_table_room)
        return super().eventFilter(watched, event)

    def _keep_table_room(self) -> None:
        """The splitter moved too far: the table keeps its least width for its height."""
        dock = self.side_dock
        if dock.isVisible() and not dock.isFloating():
            most = self._side_bounded(dock.width())
            if dock.width() > most + 1:
                self._side_asked = most
                self.resizeDocks([dock], [most], Qt.Orientation.Horizontal)
            else:
                self._fit_side_tabs()  # ... or too far the other way: the tabs' titles

    def _side_tab_changed(self, index: int) -> None:
        widget = self.side_tabs.widget(index)
        if widget is None or self.side_dock.isFloating() or not self.side_dock.isVisible():
            return
        key = widget.property("sidePanel")
        want = self._side_width(key)
        have = self.side_dock.width()
        # widen for a wide view, narrow back for the sheet; a width the player dragged to
        # that suits the tab stays
        if have < want * 0.85 or (key == SHEET and have > want * 1.4):
            self.resizeDocks([self.side_dock], [want], Qt.Orientation.Horizontal)
            self._side_share, self._side_asked = want / max(1, self.width()), want

    def add_side_panel(self, title: str, widget: QWidget, show: bool = True) -> None:
        """Add a view (score sheet, statistics, ...) as a tab of the side panel and show it.

        The widget can follow the table through ``controllerChanged`` (a new
        :class:`TableController`) and ``tableEvent`` (each of its events).
        """
        self.side_tabs.addTab(widget, title)
        if self.side_tabs.count() == 1:
            self.side_dock.setWindowTitle(title)
        else:
            self.side_dock.setWindowTitle(self.tr("Score sheet and statistics"))
        self.act_side.setVisible(True)
        if show:
            self.side_dock.show()

    def edit_profiles(self) -> None:
        """Game → Rule profiles…: copy a profile and change it; a saved copy is offered
        in the new-game dialog (and chosen there next time)."""
        if self.store is None or not self.can_save:
            return
        current = self.settings.new_game.profile
        saved = ProfileEditor.edit(self.store, current=current, parent=self)
        if saved is None:
            return
        choices = self.settings.new_game
        choices.profile = saved.name
        self.settings.new_game = choices
        if self.session is None:
            self.welcome.set_summary(self._choices_text(choices))
        self.statusBar().showMessage(
            self.tr("Rule profile “%1” saved: choose it for a new game.").replace(
                "%1", profile_title(saved)
            ),
            6000,
        )

    # ------------------------------------------------------------------ a series saved for later

    def offer_saved_tables(self) -> None:
        """At the start (and when the database comes late), before any game: offer to
        continue an unfinished series saved for later (:class:`ContinueOffer`). A table
        whose series has ended is forgotten quietly; others that cannot be continued are
        listed with the reason."""
        if self._offered or self._shut_down or self.session is not None:
            return
        self._offered = True
        store = self.store
        if store is None or not self.can_save or self.offer is not None:
            return
        try:
            rows = store.live_tables()
        except Exception as e:  # a read the database refused: nothing is offered now
            log.warning("the tables saved for later could not be read: %s", one_line(e))
            return
        ended = [r for r in rows if r.stale is not None and self._series_ended(r)]
        if ended:
            log.info(
                "forgetting the tables saved for later of ended series %s",
                ", ".join(str(r.series_id) for r in ended),
            )
            self._forget_saved([r.id for r in ended])
        elsewhere = self._held_elsewhere(rows)  # played in another window right now
        rows = [r for r in rows if r.id not in elsewhere]
        tables = self._saved_entries([r for r in rows if r.stale is None])
        stale = [
            (r.id, self.tr("“%1”: %2").replace("%1", self._saved_title(r)).replace("%2", why))
            for r in rows
            if r.stale is not None and r not in ended and (why := self._stale_reason(r))
        ]
        if not tables and not stale:
            return
        self.offer = ContinueOffer(tables, stale, self)
        self.offer.finished.connect(self._offer_answered)
        self.offer.open()  # window-modal, the event loop runs on

    def _held_elsewhere(self, rows: list) -> set[int]:
        """The ids of ``rows`` (tables saved for later) whose series another table plays
        now: another window or program on this database continued it."""
        path = database_file(self.store) if self.store is not None else None
        return {
            r.id
            for r in rows
            if r.series_id is not None and series_held_elsewhere(path, r.series_id)
        }

    def _hold_series(self, series_id: int | None) -> bool:
        """Hold ``series_id`` for this window's table (the series held before is given
        back); False when another table holds it (:mod:`~skat_desktop.store.series_hold`)."""
        hold = self._series_hold
        if hold is not None and hold.series_id == series_id:
            return True
        self._release_series()
        if series_id is None or self.store is None:
            return True
        try:
            self._series_hold = SeriesHold.take(database_file(self.store), series_id)
        except SeriesHeld:
            return False
        return True

    def _release_series(self) -> None:
        hold, self._series_hold = self._series_hold, None
        if hold is not None:
            hold.release()

    @staticmethod
    def _series_ended(row) -> bool:
        return row.series_id is not None and (
            row.planned_deals is not None and row.stored >= row.planned_deals
        )

    def _stale_reason(self, row) -> str:
        """Why a saved table cannot be continued, in the player's language, by the store's
        code (the English sentence is for the log)."""
        code = getattr(row, "stale_code", None)
        if code == "closed":
            return self.tr("the series is closed")
        if code == "no_series":
            return self.tr("its series is no longer in the database")
        if code == "moved_on":
            return (
                self.tr("the series went on elsewhere: the database holds %1 deals, the table %2")
                .replace("%1", str(row.stored))
                .replace("%2", str(row.deals_done))
            )
        if code == "missing":
            return (
                self.tr("deals are missing: the database holds %1, the table had %2")
                .replace("%1", str(row.stored))
                .replace("%2", str(row.deals_done))
            )
        if code == "finished":
            return self.tr("the series is finished")
        return self.tr("it cannot be continued")

    def _saved_title(self, row) -> str:
        return row.title or self.tr("series %1").replace("%1", str(row.series_id))

    def _saved_line(self, row, started: str | None = None) -> str:
        """ "Deal 7 of 36 against standard 2 and standard 3, saved 11/25/2026, 8:14 PM"
        (the computers' names in the player's language, as at the table); with
        ``started`` (the series' stored start, UTC) it says when the series began too."""
        number = str(max(row.deal_number, 1))
        if row.planned_deals:
            deal = words.fill(self.tr("Deal %1 of %2"), number, row.planned_deals)
        else:
            deal = words.fill(self.tr("Deal %1"), number)
        me = self.settings.new_game.player_name or default_player_name()
        others = [n for n in row.players if n != me]
        stored = others if others and len(others) < len(row.players) else list(row.players)
        names = words.seat_names(stored)
        joined = (
            names[0] if len(names) < 2 else ", ".join(names[:-1]) + self.tr(" and ") + names[-1]
        )
        who = words.fill(self.tr("against %1") if stored is others else self.tr("with %1"), joined)
        saved = self._local_time(row.updated)
        if started is not None:
            return words.fill(
                self.tr("%1 %2, started %3, saved %4"), deal, who, self._local_time(started), saved
            )
        return words.fill(self.tr("%1 %2, saved %3"), deal, who, saved)

    def _saved_entries(self, rows: list) -> list[tuple[object, str, str]]:
        """(row, title, line) of each table saved for later that can be continued. Entries
        that would read alike (two series of the same rules begun the same day, left at
        the same deal) say when each series was started; still alike, their numbers."""
        entries = [(r, self._saved_title(r), self._saved_line(r)) for r in rows]

        def alike(items: list[tuple[object, str, str]]) -> set[int]:
            seen: dict[tuple[str, str], list[int]] = {}
            for i, (_r, title, line) in enumerate(items):
                seen.setdefault((title, line), []).append(i)
            return {i for same in seen.values() if len(same) > 1 for i in same}

        twins = alike(entries)
        if not twins:
            return entries
        started = self._series_started([entries[i][0].series_id for i in twins])
        for i in twins:
            r, title, _line = entries[i]
            when = started.get(r.series_id)
            if when:
                entries[i] = (r, title, self._saved_line(r, started=when))
        for i in alike(entries):  # begun in the same minute: the series' number tells
            r, title, line = entries[i]
            number = words.fill(self.tr("series %1"), r.series_id)
            entries[i] = (r, title, f"{line} ({number})")
        return entries

    def _series_started(self, series_ids: list) -> dict[int, str]:
        """When each of ``series_ids`` was started (its stored UTC time), by id; what the
        database cannot say now is left out."""
        store = self.store
        ids = [i for i in series_ids if isinstance(i, int)]
        if store is None or not ids:
            return {}
        try:
            return store.series_started(ids)
        except Exception as e:  # a read the database refused: the entries stay as they are
            log.warning("the series' start times could not be read: %s", one_line(e))
            return {}

    @staticmethod
    def _local_time(iso: str) -> str:
        """A stored UTC time as the player's clock and language write it."""
        try:
            moment = datetime.fromisoformat(iso).astimezone()
        except (ValueError, TypeError):
            return str(iso)
        locale = QLocale(current_language().replace("-", "_"))
        clock = locale.toString(
            QTime(moment.hour, moment.minute), locale.timeFormat(QLocale.FormatType.ShortFormat)
        )
        return words.local_date(moment.date().isoformat()) + ", " + clock

    def _offer_answered(self, _code: int) -> None:
        offer, self.offer = self.offer, None
        if offer is None:
            return
        offer.deleteLater()
        row = offer.chosen
        if offer.choice == CONTINUE and row is not None:
            self.continue_series(row.id)
        elif offer.choice == NEW and row is not None:  # forget it and choose a new game
            self._forget_saved([row.id])
            QTimer.singleShot(0, self, self.new_game_dialog)
        elif offer.choice == NEW:  # only tables that cannot be continued: forget them
            self._forget_saved(offer.stale_ids)

    def _forget_saved(self, ids: list[int]) -> None:
        """Drop tables saved for later, on the writer's thread (a lock there leaves them
        for the next start: nothing is lost but an offer)."""
        if not ids or self.writer is None or not self.can_save:
            return
        ids = list(ids)
        self.writer.submit(lambda store: [store.drop_live(i) for i in ids])

    def continue_series(self, live_id: int) -> bool:
        """Continue the series saved for later as ``live_id`` at the very move where it
        stopped (the deal in progress included; the computers think again from there).
        False, with a message, if it cannot be (it stays saved unless it is unreadable)."""
        store = self.store
        if store is None or not self.can_save:
            return False
        try:
            row = store.load_live(live_id)
            if not self._hold_series(row.series_id):  # another window went on with it
                self._message(
                    self.tr(
                        "This series is being played in another window right now; continue "
                        "it there."
                    ),
                    "info",
                )
                return False
            ctl = TableController.resume(store, live_id, write_later=True)
        except TableError as e:  # stale or unreadable: it never will be, so it is forgotten
            self._release_series()
            self._message(
                self.tr(
                    "The series cannot be continued (%1); its finished deals stay on the "
                    "score sheet."
                ).replace("%1", table_refusal(e).rstrip(".")),  # not "continued.);"
                "info",
            )
            self._forget_saved([live_id])
            return False
        except Exception as e:  # the database (busy, gone): it stays for the next start
            self._release_series()
            self._message(
                self.tr("The series could not be continued now: %1").replace("%1", describe(e)),
                "info",
            )
            return False
        self.messages.hide()
        self.set_controller(ctl)  # the table as it stands is drawn at once
        self._series_title = row.title or None
        self._update_actions()
        self._update_deal_label()
        return True

    # ------------------------------------------------------------------ starting a game

    @property
    def controller(self) -> TableController | None:
        """The local table's controller (None at a remote table): the store's business."""
        return self.session.ctl if self.session is not None else None

    @property
    def table(self) -> TablePort | None:
        """The table this window plays at, as its port."""
        return self.session.port if self.session is not None else None

    def new_game_dialog(self) -> None:
        """Game → New game…: the new game is chosen first; a series in play is left only
        once the player agrees (:meth:`ask_to_leave`)."""
        dialog = NewGameDialog(self.settings, self.store, parent=self)
        if dialog.exec() == NewGameDialog.DialogCode.Accepted and dialog.result_game():
            self._start_chosen(dialog.result_game())

    def _start_chosen(self, game: NewGame) -> bool:
        port = self._series_in_play()
        if not self._leave_series(lambda: self._start_chosen(game), NEW):
            return False
        if port is not None and port.local is not None:
            self._abandon(port.local.ctl)
        return self.start_new_game(game)

    def _abandon(self, ctl: TableController) -> None:
        """The series is given up for a new one: its table saved for later goes (with the
        session's last write; here and now when its unsaved deals are discarded)."""
        ctl.abandon()
        if self._discarded and ctl.write_later and ctl.series_id is not None:
            sid = ctl.series_id
            if self.writer is not None:
                self.writer.submit(lambda store: store.drop_series_live(sid))

    def start_new_game(self, game: NewGame, seed: int | None = None) -> bool:
        if game.deck_id != self.pictures.deck.id:
            self._set_deck(game.deck_id)
        self.set_animation_speed(game.animation_speed)
        return self.start_game(game.choices, seed=seed, profile=game.profile)

    def start_game(
        self,
        choices: NewGameChoices | None = None,
        seed: int | None = None,
        profile=None,
    ) -> bool:
        """Start a series (the last choices if none are given); False if it cannot start.

        Finished deals of the series at the table that the database did not take are
        settled first (:meth:`ask_about_unsaved`). The new series is created in the
        database on this thread only if that needs no waiting; while another program
        holds the lock it is created in the background and the game starts at once."""
        chosen = choices or self.settings.new_game
        if not self._settle_unsaved(lambda: self.start_game(chosen, seed, profile)):
            return False
        self.messages.hide()
        choices = chosen
        unknown = [k for k in choices.seats if k not in seat_kinds() and ":" in k]
        if unknown:  # never another program (``external:…``) from a settings file
            self._message(
                self.tr("%1 is not a player the table knows.").replace("%1", unknown[0]),
                "refused",
            )
            return False
        profile = profile or find_profile(choices.profile, self.store)
        if profile is None:
            self._message(
                self.tr("The rules %1 are not known.").replace("%1", choices.profile), "refused"
            )
            return False
        name = choices.player_name or default_player_name()
        specs = [
            SeatSpec.human(name) if kind == HUMAN else SeatSpec.computer(kind)
            for kind in choices.seats
        ]
        seed = random.randrange(1 << 31) if seed is None else seed
        planned = choices.series_length or None
        title = self.series_title(profile)

        def table(store=None) -> TableController:
            return TableController(
                profile,
                specs,
                seed=seed,
                store=store,
                deals_planned=planned,
                practice=choices.practice,
                title=title,
                write_later=store is not None,
                keep_live=store is not None,  # continued at the next start if left unfinished
            )

        create = None
        try:
            if self.can_save and self.store is not None:
                ctl = table(self.store)
            else:
                ctl = table()
                if self.can_save:  # the database is still being opened: created with it
                    create = series_maker(ctl, title)
        except TableError as e:
            self._message(table_refusal(e), "refused")
            return False
        except Exception as e:  # the database refused the new series
            ctl = table()
            if isinstance(e, DatabaseBusy) or is_busy(e):  # for now: it is tried again
                create = series_maker(ctl, title)
                self._busy_reason = describe(e)
            elif isinstance(e, ReadOnlyDatabase):
                self._cannot_save(describe(e))
            else:
                self._message(
                    self.tr(
                        "The series could not be saved (%1); this series is played without saving."
                    ).replace("%1", describe(e)),
                    "info",
                )
        self.set_controller(ctl, create_series=create)
        self._series_title = title
        return True

    def series_title(self, profile) -> str:
        """A new series' title in the player's language: "<rules>, <today>"."""
        today = words.local_date(date.today().isoformat())
        return self.tr("%1, %2").replace("%1", profile_title(profile)).replace("%2", today)

    def set_controller(self, ctl: TableController, create_series=None) -> None:
        """Play the series of ``ctl`` at this table (the old one's work is cancelled).

        ``create_series`` (a :func:`~skat_desktop.gui.session.series_maker`): the series is
        not in the database yet; the session creates it as soon as it can."""
        self.set_table(LocalTable(ctl), create_series)

    def set_table(self, port: TablePort, create_series=None) -> None:
        """Play at the table behind ``port``: the local controller's
        :class:`~skat_desktop.app.port.LocalTable`, or a table a LAN host holds (then
        nothing is stored here and the practice aids are hidden)."""
        if self.session is not None and self.session.port is port:
            self._lan_back()  # the same networked table, taken back after a reconnect
            return
        local = port.local
        ctl = local.ctl if local is not None else None
        old = self.session.port if self.session is not None else None
        if old is not None and old.local is None:
            self._leave_lan_table()  # tell its host: a new table is played here
        if self.session is not None:
            self.session.close(write=not self._discarded)
        self._discarded = False
        self._after_saved = None
        self._leave_agreed = None
        self._series_title = None
        if self.offer is not None:  # a game began: the offer has had its time
            self._offered = True
            self.offer.reject()
        self.scene.finish_animations()
        self.scene.hide_last_trick()
        self.act_open.setChecked(False)
        stored = (ctl is not None and ctl.write_later) or create_series is not None
        self.session = TableSession(
            port,
            self.worker,
            ready=lambda: not self.scene.busy,
            parent=self,
            writer=self.writer if stored else None,
            create_series=create_series,
        )
        # the series this table plays is held (a continued one is already): no other
        # window offers it meanwhile; a remote or unsaved table holds none
        self._hold_series(ctl.series_id if ctl is not None and stored else None)
        self.game_log.follow_table(port)  # before the events come: the deal as it stands
        self.session.changed.connect(self._refresh)
        self.session.needChanged.connect(self._on_need)
        self.session.tableEvent.connect(self.tableEvent.emit)
        self.session.tableEvent.connect(self._saved_again)
        self.session.tableEvent.connect(self._concession_event)
        self.session.message.connect(self._message)
        self.session.hintReady.connect(self._on_hint)
        self.session.storeChanged.connect(self._store_state_changed)
        self.session.seriesCreated.connect(self._series_created)
        self._series_summary = False
        self._name_the_rules(port)
        if (ctl is None or ctl.series_id is None) and self.sheet_view is not None:
            self.sheet_view.set_series(self.store, None)  # not the last series' sheet
        self.controllerChanged.emit(ctl if ctl is not None else port)
        self._update_store_label()
        state = self.session.state()
        if state is not None:  # a table resumed or joined: as it stands, no event brought it
            self._show_waiting(state)
            self.scene.set_state(state, animate=False)
        if local is None:
            self._at_lan_table(port)
        self.session.schedule()

    # ------------------------------------------------------------------ the table loop

    def _table_idle(self) -> None:
        if self.session is not None:
            self.session.schedule()

    def _refresh(self) -> None:
        """The table changed: redraw, and wait for what is asked next."""
        session = self.session
        if session is None:
            return
        state = session.state()
        self.scene.set_interaction("idle")
        self.scene.set_hint(None)
        self._clear_hint()
        if state is not None:
            self._show_waiting(state)  # first: a new panel size lays the table out anew
            # this redraw replaced the turn's panel and its cards' choice: the question is
            # asked again when the table is ready, even if it is the one asked before (a
            # card taken back while it still flew; a remote table's frames come on their
            # own, and the question may have been asked before this redraw)
            session.need = None
            old = self.scene.state
            if old is None or old.deal_key != state.deal_key:
                self.host.show_panel(None)  # the cards are dealt over a clear table
            self.scene.set_state(state, animate=True)
        self._update_actions()
        self._update_deal_label()

    def _show_waiting(self, state) -> None:
        """Between an action and the next question: say whose turn it is."""
        port = self.session.port
        on_turn = next((s.seat for s in state.seats if s.on_turn), None)
        if on_turn is None:
            text = ""
        elif on_turn in port.mine:
            text = self.tr("Your turn")
        else:
            text = self.tr("%1 is thinking…").replace("%1", words.seat_name(port.names[on_turn]))
        self.turn_label.setText(text)
        if state.phase == "play":
            self.play_panel.set_state(text, practice=False)
            self._show_panel(self.play_panel)
        elif state.phase == "finished":
            self.host.show_panel(None)  # the last trick goes to its winner first
        else:
            self.wait_panel.set_text(text, "tall")
            self._show_panel(self.wait_panel)

    def _on_need(self, need) -> None:
        session = self.session
        if session is None:
            return
        port = session.port
        self.scene.set_hint(None)
        self._clear_hint()
        if isinstance(need, HumanTurn):
            self._human_turn(need)
        elif isinstance(need, Waiting):  # another seat decides: a computer, or a player elsewhere
            self.scene.set_interaction("idle")
            text = self._waiting_text(need)
            self.turn_label.setText(text)
            if self._asked_to_agree(port, need):
                self._ask_for_consent(port)
            elif need.phase == "play":
                self._show_play_bar(text, my_turn=False)
            else:
                self.wait_panel.set_text(text, "tall")
                self._show_panel(self.wait_panel)
        elif isinstance(need, DealOver):
            self._deal_over(need.result is not None, need.entry, series_over=False)
        elif isinstance(need, SeriesOver):
            if self._series_summary:
                self._show_series_over()
            else:
                self._deal_over(True, need.entry, series_over=True)
        self._update_actions()
        self._update_deal_label()

    def _human_turn(self, need: HumanTurn) -> None:
        view = need.view
        session = self.session
        phase = view.phase
        self.scene.set_interaction("idle")
        if need.interjection:
            game = ""
            if view.contract is not None and view.declarer is not None:
                who = words.seat_name(session.port.names[session.seats[view.declarer]])
                game = (
                    self.tr("%1 plays %2")
                    .replace("%1", who)
                    .replace("%2", words.contract_text(view.contract))
                )
            self.interjection.set_turn(need.legal, game)
            self.turn_label.setText(self.tr("Say Kontra, or let it pass"))
            self._show_panel(self.interjection)
            return
        self.turn_label.setText(self.tr("Your turn"))
        if phase == "bidding":
            self.bidding.set_turn(view, need.legal, self._bidding_partner(view))
            self.turn_label.setText(self.tr("Your turn: bid, hold or pass"))
            self._show_panel(self.bidding)
        elif phase == "skat":
            self.skat_panel.set_turn(view)
            self._show_panel(self.skat_panel)
        elif phase == "discard":
            self.discard_panel.set_turn(view)
            self.scene.set_interaction("discard", discardable=view.hand)
            self.turn_label.setText(self.tr("Your turn: put two cards into the skat"))
            self._show_panel(self.discard_panel)
        elif phase == "declare":
            self.declare_panel.set_turn(view, need.legal)
            self.turn_label.setText(self.tr("Your turn: declare the game"))
            self._show_panel(self.declare_panel)
        elif phase == "ramsch_offer":
            self.declare_panel.set_turn(view, need.legal, ramsch_offer=True)
            self._show_panel(self.declare_panel)
        elif phase == "schieben":
            discards = [a for a in need.legal if type(a) is Discard]
            if discards:
                allowed = mask(c for a in discards for c in a.cards)
                self.discard_panel.set_turn(view, schieben=True)
                self.scene.set_interaction("discard", discardable=allowed)
                self._show_panel(self.discard_panel)
            else:
                self.schieben.set_turn(view)
                self._show_panel(self.schieben)
        elif phase == "play":
            playable = frozenset(a.card for a in need.legal if type(a) is Play)
            self.scene.set_interaction("play", playable=playable)
            self.turn_label.setText(self.tr("Your turn: play a card"))
            self._show_play_bar(self.tr("Your turn: play a card"), my_turn=True, legal=need.legal)

    def _show_play_bar(self, note: str, my_turn: bool, legal=()) -> None:
        session = self.session
        port = session.port
        seat = session.bottom
        view = port.view_for(seat)
        doubling = view.kontra + 1 if seat in port.mine and port.can_double(seat) else None
        if not legal and seat in port.mine and getattr(port, "connected", True):
            legal = tuple(a for a in view.legal if type(a) is not Play)  # not to a host gone
        # late in his game a declarer gives up only if a defender agrees: a player at another
        # laptop can be asked (a local table's computers do not consent)
        ask = my_turn and isinstance(port, ConsentPort) and bool(port.consent_askable(seat))
        self.play_panel.set_state(
            note,
            legal,
            position=view.position,
            doubling=doubling,
            last_trick=view.last_trick is not None,
            practice=self._practice(),
            can_undo=session.can_undo(),
            my_turn=my_turn,
            ask_consent=ask,
        )
        self._show_panel(self.play_panel)
        self.view.setFocus()

    # ------------------------------------------------------------------ a late concession

    def _consent_choices(self) -> list[tuple[int, str]]:
        """The defenders the declarer may ask now to agree that he gives up: (position,
        name) each, for the play bar's "Give up…" menu."""
        session = self.session
        port = session.port if session is not None else None
        if not isinstance(port, ConsentPort):
            return []
        seats = port.deal_seats
        return [
            (d, words.seat_name(port.names[seats[d]])) for d in port.consent_askable(session.bottom)
        ]

    def _waiting_text(self, need: Waiting) -> str:
        """"Ben is thinking…", or at a networked table what it waits for."""
        port = self.session.port
        text = self.tr("%1 is thinking…").replace("%1", words.seat_name(port.names[need.seat]))
        return self._lan_waiting_text(need, text) if port.local is None else text

    def _asked_to_agree(self, port: TablePort, need: Waiting) -> bool:
        """The table waits for this window's seat to agree to a late concession or not (and
        its answer is not on its way already)."""
        if not isinstance(port, ConsentPort) or getattr(port, "move_out", False):
            return False
        concession = port.concession
        return concession is not None and need.seat == concession[1] and need.seat in port.mine

    def _ask_for_consent(self, port: ConsentPort) -> None:
        """The question bar: the declarer wants to give up; agree, or play on."""
        declarer = words.seat_name(port.names[port.concession[0]])
        self.consent_panel.set_question(declarer)
        self.turn_label.setText(self.tr("Agree, or play on"))
        self._show_panel(self.consent_panel)

    def _answer_concession(self, agree: bool) -> None:
        """The defender's word goes to the host; the question goes away (a refusal is said
        by its code, in the player's language)."""
        session = self.session
        port = session.port if session is not None else None
        if not isinstance(port, ConsentPort):
            return
        try:
            port.answer_concession(agree)
        except TableError as e:
            code = getattr(e, "code", None)
            if code != MOVED_ON:  # moot: the question is gone already
                self._message(table_refusal(e), "refused")
            session.schedule()
            return
        note = self.tr("Your answer is on its way…")
        self.turn_label.setText(note)
        self._show_play_bar(note, my_turn=False)

    def _concession_event(self, event: object) -> None:
        """A late concession put to a defender, or his word: the table is asked afresh (the
        defender gets the question, everyone else the status line) and the word is said in
        a short note."""
        session = self.session
        if session is None or not isinstance(event, ConcessionAsked | ConcessionAnswered):
            return
        if isinstance(event, ConcessionAnswered):
            if event.agreed:
                text = self.tr("%1 agreed: the game is given up")
            else:
                text = self.tr("%1 did not agree: play on")
            self.statusBar().showMessage(
                text.replace("%1", words.seat_name(session.port.names[event.asked])), NOTE_MS
            )
        session.schedule()

    def _bidding_partner(self, view) -> str:
        """Whom the player bids to, or whose bid he answers."""
        session = self.session
        passed = [p for p, kind, _ in view.auction if kind == "pass"]
        first = next((p for p in passed if p in (0, 1)), None)
        caller, responder = (1, 0) if first is None else (2, 1 - first)
        me = view.position
        other = responder if me == caller else caller
        if other == me:
            return ""
        return words.seat_name(session.port.names[session.seats[other]])

    def _deal_over(self, has_result: bool, entry, series_over: bool) -> None:
        session = self.session
        port = session.port
        self.scene.set_interaction("idle")
        if not has_result:
            return
        view = port.view_for(session.bottom)
        if view.result is None:
            return
        self.deal_over.show_result(
            view,
            session.seats,
            words.seat_names(port.names),
            entry,
            practice=self._practice(),
            series_over=series_over,
            totals=port.totals,
        )
        if series_over:
            self.deal_over.nextDeal.disconnect()
            self.deal_over.nextDeal.connect(self._show_series_over)
        else:
            self.deal_over.nextDeal.disconnect()
            self.deal_over.nextDeal.connect(self.next_deal)
        self.turn_label.setText(self.tr("The deal is over"))
        self._say_if_ready()  # its Next pressed before the host finished it
        self._show_panel(self.deal_over)

    def _say_if_ready(self) -> None:
        """At a networked table whose Next this seat pressed: it waits for the others."""
        session = self.session
        if session is not None and session.local is None and getattr(session.port, "ready", False):
            self.turn_label.setText(self.tr("Waiting for the others to be ready…"))

    def _show_series_over(self) -> None:
        port = self.session.port
        self._series_summary = True
        self.series_over.show_totals(words.seat_names(port.names), port.totals, port.evaluation())
        self.turn_label.setText(self.tr("The series is over"))
        self._show_panel(self.series_over)

    # ------------------------------------------------------------------ panels

    def _show_panel(self, panel: Panel | None) -> None:
        kind = panel.kind if panel is not None else "none"
        self.scene.set_panel_kind(kind)
        self.host.show_panel(panel)
        self._place_panel()
        if panel is not None and panel in (self.bidding, self.declare_panel):
            panel.focus_first()
        elif panel is not None and panel.kind not in ("full", "whole"):
            self.view.setFocus()
        elif panel is not None:
            panel.setFocus()

    def _place_panel(self) -> None:
        lay = self.scene.layout
        self.host.place(lay.panel, lay.panel_room(), lay.panel_below())

    def _unhandled_key(self, event) -> bool:
        """Enter on the table presses the panel's main button."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            panel = self.host.current
            return panel is not None and self.host.isVisible() and panel.press_main()
        return False

    # ------------------------------------------------------------------ the player's actions

    def apply_action(self, action) -> None:
        if self.session is not None:
            self.session.apply(action)

    def _card_played(self, card: int) -> None:
        session = self.session
        need = session.need if session else None
        if not isinstance(need, HumanTurn) or need.interjection:
            return
        action = next((a for a in need.legal if type(a) is Play and a.card == card), None)
        if action is not None:
            session.apply(action)

    def _illegal_card(self, card: int) -> None:
        self.statusBar().showMessage(
            self.tr("%1 may not be played now: follow suit with a bright card.").replace(
                "%1", words.card_text(card)
            ),
            4000,
        )

    def _hand_game(self) -> None:
        need = self.session.need if self.session else None
        if isinstance(need, HumanTurn) and need.view.phase == "skat":
            declares = [a for a in need.legal if type(a) is Declare]
            self.declare_panel.set_turn(
                need.view, declares, can_go_back=True, title=self.tr("Hand game")
            )
            self._show_panel(self.declare_panel)

    def _declare_back(self) -> None:
        self.scene.set_preview_game(None)
        need = self.session.need if self.session else None
        if isinstance(need, HumanTurn):
            self._human_turn(need)

    def _redeclare(self) -> None:
        need = self.session.need if self.session else None
        if isinstance(need, HumanTurn) and need.view.phase == "play":
            declares = [a for a in need.legal if type(a) is Declare]
            if declares:
                self.scene.set_interaction("idle")
                self.declare_panel.set_turn(
                    need.view, declares, can_go_back=True, title=self.tr("Change the game")
                )
                self._show_panel(self.declare_panel)

    def _decline(self) -> None:
        if self.session is not None:
            self.session.decline()

    def _double(self) -> None:
        if self.session is not None:
            self.session.double()

    def next_deal(self) -> None:
        session = self.session
        if session is None:
            return
        need = session.port.request()
        if isinstance(need, DealOver):
            session.start_deal()
            self._say_if_ready()
        elif isinstance(need, SeriesOver):
            self._show_series_over()

    def _practice(self) -> bool:
        """The practice aids are on: a local practice table (never a remote one)."""
        local = self.session.local if self.session is not None else None
        return local is not None and local.practice

    def undo_card(self) -> None:
        if self._practice():
            self.session.undo()

    def request_hint(self) -> None:
        if self.session is not None and self.session.request_hint():
            self._show_hint(self.tr("Looking for a good move…"))

    def _on_hint(self, hint) -> None:
        action = hint.action
        card = action.card if type(action) is Play else None
        self.scene.set_hint(card)
        what = words.move_text(action)
        line = self.tr("Hint: %1 — %2").replace("%1", what).replace("%2", words.hint_reason(hint))
        self._hint, self._hint_note = hint, line
        self._show_hint(line)
        # only an extra: the status bar's fields on the right cut it in a small window, and
        # its message goes after a while; the panel keeps the hint until the player acts
        self.statusBar().showMessage(line, 10000)
        if type(action).__name__ == "Bid":
            self.bidding.select_value(action.value)

    def _show_hint(self, text: str) -> None:
        """``text`` on the hint line of the panel the player acts in, word-wrapped and
        whole (the status bar's line is cut in a small window); the others' lines empty."""
        for panel in self._panels():
            panel.show_hint(text if panel is self.host.current else "")

    def _clear_hint(self) -> None:
        """The player acted or the turn passed on: the hint (and its status line) goes."""
        self._hint = None
        for panel in self._panels():
            panel.show_hint("")
        bar = self.statusBar()
        if self._hint_note and bar.currentMessage() == self._hint_note:
            bar.clearMessage()
        self._hint_note = ""

    def replay_deal(self) -> None:
        session = self.session
        if session is None or not self._practice():
            return
        port = session.port
        if not self._deal_finished():
            self._message(self.tr("A deal can be replayed once it is over."), "refused")
            return
        seats = list(session.seats)
        names = [words.seat_name(port.names[s]) for s in seats]
        me = words.seat_name(port.names[session.bottom])
        name, ok = QInputDialog.getItem(
            self,
            self.tr("Replay this deal"),
            self.tr("Play the same cards again from the seat of:"),
            names,
            names.index(me) if me in names else 0,
            False,
        )
        if ok:
            self.replay_from(seats[names.index(name)])

    def replay_from(self, seat: int) -> bool:
        if self.session is None:
            return False
        return self.session.replay(seat)

    def show_last_trick(self) -> None:
        state = self.scene.state
        if state is None or state.last_trick is None:
            self.statusBar().showMessage(self.tr("The last trick may not be looked at now."), 3000)
            return
        winner = words.seat_name(self.session.port.names[state.last_trick[1]])
        caption = self.tr("Last trick, taken by %1 (click or Esc to close)").replace("%1", winner)
        if self.scene.show_last_trick(caption):
            # the caption says Esc closes it: the keyboard goes to the table (from the side
            # panel, the status bar ...), where Esc closes it and Left/Right choose a card
            focus = QApplication.focusWidget()
            if focus is None or not (focus is self.view or self.view.isAncestorOf(focus)):
                self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _toggle_open_cards(self, on: bool) -> None:
        session = self.session
        if session is None or not self._practice():
            self.act_open.setChecked(False)
            return
        session.open_cards = on
        state = session.state()
        if state is not None:
            self.scene.set_state(state, animate=False)

    def _hand_reordered(self) -> None:
        self.settings.sort_mode = "manual"
        for a in self.sort_group.actions():
            a.setChecked(a.data() == "manual")

    def _retry_store(self) -> None:
        """ "Save again": the deals a failure left waiting, the series and the database
        that stayed busy are tried anew."""
        if self._opening and self._open_job is None:
            self._open_tries = 0
            self._try_open()
        if self.session is not None and self.session.retry_store() and not self._opening:
            self.messages.hide()
            self.statusBar().showMessage(self.tr("Saved."), 3000)
        self._update_store_label()

    def _saved_again(self, event: object) -> None:
        """The deals a failure left waiting reached the database: the notice goes."""
        session = self.session
        if (
            isinstance(event, DealsStored)
            and session is not None
            and not session.unsaved()
            and self.messages.isVisible()
            and self.messages.kind == "store"
        ):
            self.messages.hide()
            self.statusBar().showMessage(self.tr("Saved."), 3000)

    # ------------------------------------------------------------------ a networked table

    def _at_lan_table(self, port: TablePort) -> None:
        """A table a LAN host holds is played here: follow its connection, show its tab
        (seats, fair deals, chat) and the connection in the status bar."""
        self._follow_link(getattr(port, "link", None))
        self._lan_series = None
        client = getattr(port, "client", None)
        info = getattr(client, "info", None) or {}
        name = info.get("name") or getattr(client, "name", "") or getattr(port, "table_id", "")
        self._series_title = str(name) if name else None
        link = self._link
        if link is not None and self.lan_panel is None:
            from skat_desktop.gui.lan_link import TablePanel  # only at a networked table

            self.lan_panel = TablePanel(link)
            self.lan_panel.setProperty("sidePanel", LAN_TABLE)
            self.lan_panel.setObjectName(f"SidePanel-{LAN_TABLE}")
            self.add_side_panel(self._side_titles()[LAN_TABLE], self.lan_panel, show=False)
        self._lan_verdict = None
        if self.lan_panel is not None:
            self.lan_panel.hosting_line = self.lan.hosting_line
            self.lan_panel.verdicts.clear()
            self.lan_panel.refresh()
            self._fit_side_tabs()
            if self.side_dock.isVisible():
                self.show_side_panel(LAN_TABLE)
        if self.messages.isVisible() and self.messages.kind.startswith("lan"):
            self.messages.hide()
        self._update_actions()
        self._lan_status()

    def _side_least(self) -> int:
        """The width the side panel is widened to for its tabs (its minimum size stays
        :data:`SIDE_MIN`): their whole titles side by side (a fourth or fifth tab, the
        game log's or a networked table's, needs more than :data:`SIDE_MIN`) where the
        table keeps its least width beside them; in a smaller window the tabs scroll."""
        bar = self.side_tabs.tabBar()
        need = sum(bar.tabSizeHint(i).width() for i in range(bar.count())) + 4
        return max(0, min(need, self._side_spare()))

    def _fit_side_tabs(self) -> None:
        """The docked side panel widens to :meth:`_side_least` (after a tab came, a new
        language, a wider window, the splitter moved).

        Its minimum width stays :data:`SIDE_MIN`: a minimum by the tabs' titles became the
        window's, which then would not shrink to 784 px (it stayed 844 px wide with the game
        log's tab, 893 px with a networked table's too); in a small window the table's room
        decides, and the tabs scroll."""
        dock = self.side_dock
        if not self.isVisible() or not dock.isVisible() or dock.isFloating():
            return
        least = self._side_least()
        if dock.width() < least - 1:
            self._side_asked = least
            self.resizeDocks([dock], [least], Qt.Orientation.Horizontal)

    def _follow_link(self, link) -> None:
        """Hear the connection of the networked table (once per link)."""
        if link is None or link is self._link:
            return
        self._link = link
        link.closed.connect(self._lan_closed)
        link.reconnecting.connect(self._lan_reconnecting)
        link.updated.connect(self._lan_updated)
        link.seatsChanged.connect(lambda _seats: self._lan_updated())
        link.chatLine.connect(self._lan_chat)
        link.verified.connect(self._lan_verified)
        link.stored.connect(self._lan_stored)
        link.storeFailed.connect(lambda text: self._message(text, "store_lan"))
        link.left.connect(self._lan_left)

    def _remote(self) -> TablePort | None:
        """The networked table played here (None at a local one)."""
        port = self.table
        return port if port is not None and port.local is None else None

    def _lan_back(self) -> None:
        """The host is back and the seat taken again: the table goes on where it is."""
        if self.messages.isVisible() and self.messages.kind == "lan":
            self.messages.hide()
        self.statusBar().showMessage(self.tr("Back at the table."), 4000)
        if self.session is not None:
            self.session.schedule()
        self._lan_updated()

    def _lan_closed(self, _reason: str) -> None:
        """The connection ended: on purpose (leaving, quitting), or the host is gone --
        then ``reconnecting`` follows at once and says so."""
        if self._remote() is not None:
            if self.lan_panel is not None:
                self.lan_panel.refresh()
            self._lan_status()

    def _lan_reconnecting(self, attempt: int, _delay_ms: int) -> None:
        if self._remote() is not None and self._link is not None:
            self._lan_message(self._link.reason, attempt)
            if self.session is not None:
                self.session.schedule()  # the seat's turn waits for the host too

    def _lan_message(self, reason: str, attempt: int) -> None:
        text = self.tr("The host is gone (%1). Trying to reach it again… (try %2)")
        if self.messages.kind == "lan":
            self.messages.hide()  # each try says its own number, not "(×n)"
        self.messages.show_message(
            text.replace("%1", reason).replace("%2", str(max(1, attempt))), "lan"
        )
        self.turn_label.setText(self.tr("Host gone — trying again…"))
        if self.lan_panel is not None:
            self.lan_panel.refresh()  # the try's number
        self._lan_status()

    def _lan_updated(self) -> None:
        """Frames came: the table may have moved on (a turn, who sits where)."""
        if self._remote() is None:
            return
        if self.session is not None:
            self.session.schedule()
            self._lan_waiting_words()
        if self.lan_panel is not None:
            self.lan_panel.refresh()
        self._lan_status()

    def _lan_waiting_words(self) -> None:
        """What a networked table waits for is said anew: its words depend on the link
        and on who is away, not only on the table's need, which the session compares
        ("Host gone — trying again…" stayed after the host was back, until the next
        move). A need that changes says its own words anyway."""
        session = self.session
        need = session.need if session is not None else None
        if not isinstance(need, Waiting) or self._asked_to_agree(session.port, need):
            return
        text = self._waiting_text(need)
        if text == self.turn_label.text():
            return
        self.turn_label.setText(text)
        if need.phase == "play":
            self._show_play_bar(text, my_turn=False)
        else:
            self.wait_panel.set_text(text, "tall")

    def _lan_chat(self, line) -> None:
        if self.lan_panel is not None and self._remote() is not None:
            self.lan_panel.add_chat(line)

    def _lan_verified(self, number: int, verdict: object) -> None:
        if self._remote() is None:
            return
        if self.lan_panel is not None:
            self.lan_panel.add_verdict(number, verdict)
        self._lan_verdict = (number, verdict)
        why = self._show_verdict()
        if why:
            self._message(why, "lan_fair")

    def _show_verdict(self) -> str:
        """The last deal's check in the status bar (in the current language); returns
        the sentence of a deal NOT verified, for the message bar."""
        label = self.verify_label
        if self._lan_verdict is None or self._remote() is None:
            label.hide()
            return ""
        number, verdict = self._lan_verdict
        why = ""
        if verdict is True:
            label.setText(self.tr("Deal %1 verified").replace("%1", str(number)))
            fair = self.tr("The cards of deal %1 were dealt fairly: nobody could choose them.")
            label.setToolTip(fair.replace("%1", str(number)))
            label.setStyleSheet("color: #2e7d32; font-weight: 600")
        else:
            # only at a networked table
            from skat_desktop.gui.lan_link import unchecked, verdict_text

            if unchecked(verdict):  # unchecked, not failed: no alarm, no message bar
                label.setText(self.tr("Deal %1 not checked").replace("%1", str(number)))
                label.setToolTip(tip(verdict_text(verdict)))
                label.setStyleSheet("color: #b26a00; font-weight: 600")
                label.show()
                return ""
            label.setText(self.tr("Deal %1 NOT verified").replace("%1", str(number)))
            why = self.tr("Deal %1 was NOT verified: %2").replace("%1", str(number))
            why = why.replace("%2", verdict_text(verdict))
            label.setToolTip(tip(why))
            label.setStyleSheet("color: #c62828; font-weight: 700")
        label.show()
        return why

    def _lan_stored(self, series_id: int, number: int) -> None:
        """This window's copy of a networked deal is in its database: the views show it."""
        if self.store is None:
            return
        if self._lan_series != series_id and self._remote() is not None:
            self._lan_series = series_id
            if self.sheet_view is not None:
                self.sheet_view.set_series(self.store, series_id)
        self.tableEvent.emit(DealsStored((number,)))

    def _lan_waiting_text(self, need: Waiting, thinking: str) -> str:
        """What the status line says while a networked table waits for someone."""
        port = self.session.port
        client = getattr(port, "client", None)
        if self._link is not None and self._link.state != LINK_CONNECTED:
            return self.tr("Host gone — trying again…")
        if getattr(client, "paused", None) is not None:
            return self.tr("The host cannot save: the table waits…")
        concession = getattr(client, "concession", None)
        if concession is not None:
            return (
                self.tr("%1 concedes; waiting for %2 to agree…")
                .replace("%1", words.seat_name(port.names[concession[0]]))
                .replace("%2", words.seat_name(port.names[concession[1]]))
            )
        if need.phase == LOBBY:
            return self.tr("Waiting for players to take their seats…")
        if client is not None and need.seat == client.waiting_for:
            name = words.seat_name(port.names[need.seat])
            return self.tr("Waiting for %1 to come back…").replace("%1", name)
        return thinking

    def _lan_status(self) -> None:
        """The status bar at a networked table, kept short (the turn line needs the room
        at 1024 px): the connection in a word or two and the last deal's check. The host,
        its address, who is away and who hosts are in the side panel's Table tab."""
        port = self._remote()
        link = self._link
        label = self.lan_label
        self.lan.refresh_status()  # "Hosting" is short while a table is played here
        if port is None or link is None:
            label.hide()
            self.verify_label.hide()
            return
        client = port.client
        if link.state != LINK_CONNECTED:
            text, color = self.tr("Offline"), "#c62828"
        elif getattr(client, "paused", None) is not None:
            text, color = self.tr("Host not saving"), "#c62828"
        elif client.waiting_for is not None:
            name = words.seat_name(port.names[client.waiting_for])
            text, color = self.tr("%1 is away").replace("%1", name), "#b26a00"
        elif not port.dealt:
            seated = sum(1 for s in client.seat_infos or () if s["kind"] != "open")
            text = (
                self.tr("%1 of %2 seated")
                .replace("%1", str(seated))
                .replace("%2", str(port.table_size))
            )
            color = "#b26a00"
        else:  # all is well: nothing to say (the Table tab names host and address)
            text, color = "", ""
        label.setText(text)
        label.setStyleSheet(f"color: {color}; font-weight: 600" if color else "")
        lines = self.lan_panel.status_lines() if self.lan_panel is not None else []
        label.setToolTip(tip("\n".join(lines)))
        label.setVisible(bool(text))
        self._show_verdict()

    def leave_table(self) -> bool:
        """Game → Leave the table: asked first while its series is under way; the host is
        told, the seat's token kept (joining again takes the seat back)."""
        port = self._remote()
        if port is None:
            return False
        if self._series_in_play() is not None and self.ask_to_leave(LEAVE_TABLE, 0) != LEAVE:
            return False
        self._leave_lan_table()
        self._table_gone()
        return True

    def _lan_left(self, port, why: str) -> None:
        """The connection lets the table go (the lobby's Leave, a new connection, or a
        seat the host did not give back): the window plays at it no more."""
        if self._shut_down or self._leaving_lan or port is not self._remote():
            return
        self._leave_lan_table()
        self._table_gone()
        if why:
            text = self.tr("Your seat could not be taken back: %1").replace("%1", why)
            self._message(text, "lan")

    def _table_gone(self) -> None:
        """No table any more: an empty table with the welcome panel, as before a game."""
        session, self.session = self.session, None
        if session is None:
            return
        session.close(write=False)
        session.deleteLater()
        self.scene.set_interaction("idle")
        self.scene.clear_table()
        self.game_log.follow_table(None)  # (its deal went with the table)
        self.turn_label.setText("")
        self.rules_label.setText("")
        self.setWindowTitle(self.tr("Skat"))
        self._show_panel(self.welcome)
        self._update_actions()
        self._update_deal_label()

    def _leave_lan_table(self, quitting: bool = False) -> None:
        """Tell the networked table's host this seat leaves (its token is kept) and take
        the table's tab and status away."""
        port = self._remote()
        link = self._link
        self._leaving_lan = True  # the link's ``left`` for this is ours
        try:
            if port is not None and link is not None and link.remote is port:
                link.leave()
        finally:
            self._leaving_lan = False
        if quitting and link is not None:
            link.finish()  # this window's copy of the deals that ended
            link.close()
        panel, self.lan_panel = self.lan_panel, None
        if panel is not None:
            index = self.side_tabs.indexOf(panel)
            if index >= 0:
                self.side_tabs.removeTab(index)
            panel.deleteLater()
        self.lan_label.hide()
        self.verify_label.hide()
        self._lan_verdict = None
        self.lan.refresh_status()
        self._fit_side_tabs()
        if self.messages.isVisible() and self.messages.kind.startswith("lan"):
            self.messages.hide()

    # ------------------------------------------------------------------ settings

    def set_sort_mode(self, mode: str) -> None:
        self.settings.sort_mode = mode
        self.scene.set_sort_mode(mode)
        for a in self.sort_group.actions():
            a.setChecked(a.data() == mode)

    def set_color_scheme(self, scheme: str) -> None:
        self.settings.color_scheme = scheme
        self.colors = apply_theme(QApplication.instance(), scheme)
        self.scene.set_colors(self.colors)
        self.host.restyle(self.colors.dark)
        self.scene.update()
        for a in self.scheme_group.actions():
            a.setChecked(a.data() == scheme)

    def set_animation_speed(self, speed: int) -> None:
        self.settings.animation_speed = speed
        self.scene.set_speed(self.settings.animation_speed)
        for a in self.speed_group.actions():
            a.setChecked(a.data() == self.settings.animation_speed)

    def choose_deck(self) -> None:
        chosen = DeckPicker.choose(self, self.pictures.deck.id)
        if chosen:
            self._set_deck(chosen)

    def _set_deck(self, deck_id: str) -> None:
        self.settings.deck_id = deck_id
        deck = deck_by_id(deck_id, index_style=self.settings.index_style)
        clear_card_cache()
        self.pictures.set_deck(deck)
        self.scene.set_deck()
        history = self.__dict__.get("_side_views", {}).get(HISTORY)
        if history is not None:  # one made later takes the deck then
            history.set_deck(deck)
        words.use_deck(deck.id)  # open windows say their words anew in the deck's names
        self.colour_safe.follow(deck.id)  # the status bar's toggle shows whether it is on

    def _check_speech(self) -> None:
        """Before the View menu opens: "Speak played cards" is offered only where text to
        speech works (its first look loads Qt's speech module: never at start-up)."""
        if self.act_speak.isEnabled() and self.speech.problem() is not None:
            self._speech_unavailable()

    def _speech_unavailable(self) -> None:
        self.act_speak.setChecked(False)
        self.act_speak.setEnabled(False)
        self.act_speak.setToolTip(self.speech.known_problem())

    def _toggle_speech(self, on: bool) -> None:
        if on and self.speech.problem() is not None:
            self._speech_unavailable()
            self._message(self.speech.known_problem(), "refused")
            return
        self.settings.speak_cards = on

    def _speak_line(self, kind: str, text: str) -> None:
        """A new line of the game log: said aloud if the player asked for it."""
        if kind not in SPOKEN or not self.act_speak.isChecked():
            return
        if not self.speech.say(text, current_language()):
            self._speech_unavailable()  # the setting stays: another computer may speak

    def _toggle_letters(self, on: bool) -> None:
        self.settings.index_style = "de" if on else "en"
        self._set_deck(self.pictures.deck.id)

    def about(self) -> None:
        """Help → About: the program, its licence, credits and where its data lives."""
        from skat_desktop.gui.about import show_about  # loaded when asked for

        show_about(self)

    # ------------------------------------------------------------------ status

    def _message(self, text: str, kind: str) -> None:
        if kind == "refused":
            self.statusBar().showMessage(text, 5000)
            return
        self.messages.show_message(text, kind)

    def _name_the_rules(self, port: TablePort) -> None:
        """The table's rules in the status bar and the window's title, the program's name
        last: the desktop adds it to a title that does not end with it ("Skat — International
        Skat Order — Skat" when it came first)."""
        title = profile_title(port.profile)
        self.rules_label.setText(title)
        self.setWindowTitle(self.tr("%1 — Skat").replace("%1", title))

    def _update_deal_label(self) -> None:
        port = self.table
        if port is None or not port.deal_number:
            self.deal_label.setText("")
            return
        if port.planned_deals:
            text = (
                self.tr("Deal %1 of %2")
                .replace("%1", str(port.deal_number))
                .replace("%2", str(port.planned_deals))
            )
        else:
            text = self.tr("Deal %1").replace("%1", str(port.deal_number))
        self.deal_label.setText(text)

    def _deal_finished(self) -> bool:
        """The deal on the table is over (its result is in the seat's view)."""
        session = self.session
        if session is None or not session.port.dealt:
            return False
        return session.port.view_for(session.bottom).result is not None

    def _update_actions(self) -> None:
        session = self.session
        practice = self._practice()
        state = self.scene.state
        finished = self._deal_finished()
        # the practice aids are a local table's: at a remote one their items are not offered
        local = session is None or session.local is not None
        for a in (self.act_replay, self.act_undo, self.act_hint, self.act_open):
            a.setVisible(local)
        self.act_leave.setVisible(not local)
        self.act_next.setEnabled(finished)
        self.act_replay.setEnabled(practice and finished)
        self.act_undo.setEnabled(practice and session.can_undo())
        self.act_hint.setEnabled(practice and isinstance(session.need, HumanTurn))
        self.act_open.setEnabled(practice)
        self.act_last.setEnabled(state is not None and state.last_trick is not None)

    # ------------------------------------------------------------------ closing

    def shutdown(self) -> None:
        """Stop the table's work (new game, closing): nothing runs on afterwards."""
        self._shut_down = True
        if self.session is not None:
            self.session.close(write=not self._discarded)  # writes what waits
        self._leave_lan_table(quitting=True)  # the host hears it; the seat's token is kept
        self.lan.shutdown()  # the lobby, the connection, a hosted table (kept in its store)
        self.worker.shutdown()
        if self.writer is not None:
            self.writer.close()
        self._release_series()  # after its last write
        self.pictures.shutdown()

    def quit_window(self) -> None:
        """Game → Quit (Ctrl+Q): the player leaves; during a series he is asked first."""
        self._quit_requested = True
        try:
            self.close()
        finally:
            self._quit_requested = False

    def closeEvent(self, event: QCloseEvent) -> None:
        """The player closing the window (Game → Quit, the window's close button) during a
        series is asked first, in one question with the finished deals the database did
        not take (:meth:`ask_to_leave`); the program closing it asks only about those:
        save again (and close once saved), discard them, or stay."""
        by_player = self._quit_requested or event.spontaneous()
        self._quit_requested = False
        if by_player and not self.lan.may_quit():  # hosting: asked first
            event.ignore()
            return
        if by_player and not self.club.may_close():  # a game typed in the club desk
            event.ignore()
            return
        # the hosted table the player sits at ends with its host: asked about already
        ask = by_player and not self.lan.ends_own_table()
        settled = self._leave_series(self.close, QUIT) if ask else self._settle_unsaved(self.close)
        if not settled:
            if self._after_saved is None:  # stayed: the next time is asked afresh
                self._leave_agreed = None
                self.lan.quit_agreed = False
            event.ignore()
            return
        self.settings.window_geometry = bytes(self.saveGeometry().data())
        self.settings.window_state = bytes(self.saveState().data())
        self.settings.sync()
        self.shutdown()
        super().closeEvent(event)
