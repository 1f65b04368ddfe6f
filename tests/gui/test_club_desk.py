"""The club desk window (issue 25, items 1 and 6): the list of every stored series, the
opened series' page, and both following what another program writes to the file.

The database is made the way a club makes it: ``skat-desktop db create-series`` /
``add-game`` / ``correct`` / ``close`` and ``skat-desktop selfplay --db`` (run through the
CLI's ``main`` against the test's file, each command on a connection of its own, as another
program would). The CLI is the reference: the opened sheet must give ``db sheet``'s totals.
No test looks at the clock: a background read or the watch's timer is waited for with
``qtbot.waitUntil``, a ceiling and not a timing goal.
"""

from __future__ import annotations

import io
import sqlite3
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from skat_desktop.app.sheets import SeriesService
from skat_desktop.cli import main
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui.club_desk import ClubWindow, SeriesPage, show_club_window
from skat_desktop.gui.game_words import number
from skat_desktop.gui.series_list import SeriesListModel, SeriesListView
from skat_desktop.gui.sheet_view import KIND_ROLE
from skat_desktop.gui.store_watch import StoreWatch
from skat_desktop.gui.store_worker import StoreWriter, wait_for_jobs
from skat_desktop.store.repository import Store

from .fit_walk import (
    set_first_pane,
    set_language,
    settle_layout,
    splitter_positions,
    widget_problems,
)

WAIT = 20_000  # ms: a ceiling for a background read or a few ticks of the watch


def db(path, *argv: str) -> str:
    """``skat-desktop db --db PATH ...`` as the shell runs it; its output."""
    out = io.StringIO()
    code = main(["db", "--db", str(path), *argv], out=out, inp=io.StringIO())
    assert code == 0, out.getvalue()
    return out.getvalue()


def game(path, series: int, declarer: str, name: str, bid: int, won: bool, *more: str) -> None:
    db(path, "add-game", str(series), "--declarer", declarer, "--game", name,
       "--bid", str(bid), "--won" if won else "--lost", *more)  # fmt: skip


@pytest.fixture
def club(tmp_path):
    """Four evenings entered from real tables through the shell, one played by the program.

    1 Freitagsrunde (ISkO, four players, 48 planned, a stake), 3 games, deal 2 corrected;
    2 and 3 two tables of one club evening (3 under house rules); 4 last year's, closed;
    5 three deals of self-play."""
    path = tmp_path / "club.sqlite3"
    db(path, "create-series", "--title", "Freitagsrunde", "--date", "2026-11-20",
       "--players", "Anna,Bernd,Cem,Dora", "--deals", "48", "--place", "Gasthaus Krone",
       "--stake", "1")  # fmt: skip
    db(path, "create-series", "--title", "Vereinsabend Tisch 1", "--date", "2026-11-27",
       "--players", "Anna,Bernd,Cem", "--deals", "36", "--place", "Vereinsheim")  # fmt: skip
    db(path, "create-series", "--title", "Vereinsabend Tisch 2", "--date", "2026-11-27",
       "--players", "Dora,Erik,Frieda", "--deals", "36", "--place", "Vereinsheim",
       "--profile", "house")  # fmt: skip
    db(path, "create-series", "--title", "Jahresabschluss", "--date", "2025-12-19",
       "--players", "Anna-Lena Sommer,Bernd,Cem", "--deals", "36",
       "--place", "Ratskeller")  # fmt: skip
    game(path, 1, "Bernd", "clubs", 24, True, "--matadors", "2")
    game(path, 1, "Dora", "grand", 48, False, "--hand")
    db(path, "add-game", "1", "--passed")
    db(path, "correct", "1", "2", "--declarer", "Dora", "--game", "grand", "--hand",
       "--bid", "48", "--won", "--author", "Anna", "--reason", "miscounted")  # fmt: skip
    game(path, 2, "Anna", "spades", 18, True)
    game(path, 2, "Bernd", "grand", 24, False, "--matadors", "2")
    game(path, 3, "Erik", "clubs", 18, True)
    game(path, 4, "Bernd", "grand", 24, True, "--matadors", "3")
    game(path, 4, "Cem", "clubs", 18, False)
    db(path, "close", "4", "--author", "Anna")
    out = io.StringIO()
    argv = ["selfplay", "--deals", "3", "--seed", "3", "--db", str(path),
            "--out", str(tmp_path / "selfplay.jsonl")]  # fmt: skip
    assert main(argv, out=out, inp=io.StringIO()) == 0
    return path


@pytest.fixture
def store(club):
    s = Store.open(club)
    yield s
    wait_for_jobs()
    s.close()


@pytest.fixture(autouse=True)
def jobs_done_afterwards():
    """The store's background jobs end before the next test (English again after it:
    conftest)."""
    yield
    wait_for_jobs()


def desk(qtbot, store: Store | None, writer: StoreWriter | None = None, **kw) -> ClubWindow:
    """A club desk on ``store``, shown, its list read."""
    window = ClubWindow(store, writer, **kw)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    listed(qtbot, window.series_list)
    return window


def listed(qtbot, view: SeriesListView) -> None:
    qtbot.waitUntil(lambda: view.listed_count() and not view.busy, timeout=WAIT)


def opened(qtbot, page: SeriesPage, deals: int | None = None) -> None:
    """Wait until the page shows its series' header and sheet (with ``deals`` lines)."""

    def shown() -> bool:
        summary = page.sheet.summary
        return (
            page.header is not None
            and summary is not None
            and summary.info.id == page.series_id
            and not page.sheet.busy
            and (deals is None or len(summary.lines) == deals)
        )

    qtbot.waitUntil(shown, timeout=WAIT)


def cell(view: SeriesListView, series_id: int, column: int) -> str:
    row = view.model.row_of(series_id)
    return view.model.index(row, column).data()


def sheet_row(path, series_id: int, label: str) -> tuple[int, ...]:
    """A footer line of ``db sheet`` (e.g. "total") as numbers."""
    for line in db(path, "sheet", str(series_id)).splitlines():
        if line.split()[:1] == [label]:
            return tuple(int(p) for p in line.split()[1:])
    raise AssertionError(f"no {label!r} line")


def footer_cells(page: SeriesPage, kind: str) -> list[str]:
    model = page.sheet.model
    for r in range(model.rowCount()):
        if model.index(r, 0).data(KIND_ROLE) == kind:
            return [
                model.index(r, model.player_column(s)).data() for s in range(len(model.players))
            ]
    raise AssertionError(f"no {kind!r} row")


# ---------------------------------------------------------------------- the list


def test_the_list_shows_every_series_from_the_shell_and_the_program_with_its_counts(qtbot, store):
    window = desk(qtbot, store)
    view = window.series_list
    assert view.listed_count() == 5
    ids = view.shown_ids()
    assert ids.index(2) < ids.index(1) < ids.index(4)  # the newest first
    assert ids.index(3) < ids.index(2)  # one evening: the later made first
    m = SeriesListModel
    assert cell(view, 1, m.TITLE) == "Freitagsrunde"
    assert cell(view, 1, m.PLAYERS) == "Anna, Bernd, Cem, Dora"
    assert cell(view, 1, m.DEALS) == "3 / 48"
    assert cell(view, 1, m.PLACE) == "Gasthaus Krone"
    assert cell(view, 1, m.STATE) == "open"
    assert cell(view, 1, m.ORIGIN) == "entered"
    assert cell(view, 1, m.DATE) == "11/20/2026"
    assert cell(view, 3, m.RULES) == "Club / pub rules"
    assert cell(view, 4, m.STATE) == "closed"
    assert cell(view, 4, m.DEALS) == "2 / 36"
    assert cell(view, 5, m.DEALS) == "3 / 3"
    assert cell(view, 5, m.ORIGIN) == "played here"
    assert view.status.text() == "Series: 5"
    # a column left out in a narrow list is said by the title's tooltip
    tip = view.model.index(view.model.row_of(1), m.TITLE).data(Qt.ItemDataRole.ToolTipRole)
    assert "Gasthaus Krone" in tip and "International Skat Order" in tip


def test_search_and_filters_narrow_the_list(qtbot, store):
    window = desk(qtbot, store)
    view = window.series_list
    view.set_search("krone")
    assert view.shown_ids() == [1]
    assert view.status.text() == "Series: 1 of 5"
    view.set_search("DORA")  # a player's name, any case
    assert sorted(view.shown_ids()) == [1, 3]
    view.set_search("vereins tisch 2")  # every word must be found
    assert view.shown_ids() == [3]
    view.set_search("")
    view.set_filter(closed=True)
    assert view.shown_ids() == [4]
    view.set_filter(closed=False, profile="house")
    assert view.shown_ids() == [3]
    view.set_filter(year=2025)
    assert view.shown_ids() == [4]
    assert view.year_box.currentText() == "2025"
    view.set_filter(profile="isko", year=2026)
    view.set_search("anna")
    assert view.shown_ids() == [2, 1]
    # the boxes are what the filters read: the player's own choice works the same way
    view.set_search("")
    view.set_filter()
    view.state_box.setCurrentIndex(2)  # closed
    assert view.shown_ids() == [4]
    view.state_box.setCurrentIndex(0)
    assert view.shown_count() == 5


def test_a_click_on_a_heading_sorts_by_that_column(qtbot, store):
    window = desk(qtbot, store)
    view = window.series_list
    view.table.sortByColumn(SeriesListModel.DEALS, Qt.SortOrder.AscendingOrder)
    deals = [view.listing(i).deals for i in view.shown_ids()]
    assert deals == sorted(deals)
    view.table.sortByColumn(SeriesListModel.TITLE, Qt.SortOrder.AscendingOrder)
    titles = [view.listing(i).title.casefold() for i in view.shown_ids()]
    assert titles == sorted(titles)
    view.table.sortByColumn(SeriesListModel.DATE, Qt.SortOrder.DescendingOrder)
    assert view.shown_ids()[-1] == 4


# ---------------------------------------------------------------------- the opened series


def test_opening_a_series_shows_the_sheet_of_db_sheet(qtbot, club, store):
    window = desk(qtbot, store)
    view, page = window.series_list, window.page
    assert page.series_id is None and page.title.text() == "No series open"
    row = view.model.row_of(1)
    rect = view.table.visualRect(view.model.index(row, SeriesListModel.TITLE))
    # a double click is a press, a release and a second press (Qt's item views open on it)
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.series_id is None  # one click only chooses
    qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    # QTest's double click ends pressed; a hand lets go (else Qt's mouse state stays down
    # for the tests after this one)
    qtbot.mouseRelease(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.series_id == 1
    opened(qtbot, page)
    summary = page.sheet.summary
    assert summary.totals == sheet_row(club, 1, "total")
    assert summary.seeger_fabian == sheet_row(club, 1, "Seeger-Fabian")
    assert footer_cells(page, "total") == [number(t) for t in summary.totals]
    assert page.title.text() == "Freitagsrunde"
    assert "Gasthaus Krone" in page.facts.text() and "International Skat Order" in page.facts.text()
    assert page.players.text() == "Players: Anna, Bernd, Cem, Dora"
    assert page.state.text().startswith("3 of 48 deals · open")
    assert page.is_closed is False
    # Enter on another row opens that one
    view.table.setFocus()
    view.select_series(4)
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    assert page.series_id == 4
    opened(qtbot, page)
    assert page.sheet.summary.totals == sheet_row(club, 4, "total")
    assert page.is_closed is True
    assert "closed, signed by Anna on" in page.state.text()


def test_the_shell_writing_while_the_window_is_open_shows_in_list_header_and_sheet(
    qtbot, club, store
):
    window = desk(qtbot, store)
    view, page = window.series_list, window.page
    window.open_series(1)
    opened(qtbot, page, deals=3)
    assert window.watch.active
    changes: list[object] = []
    page.series_changed.connect(changes.append)
    game(club, 1, "Cem", "hearts", 20, True)  # another program, another connection
    qtbot.waitUntil(lambda: cell(view, 1, SeriesListModel.DEALS) == "4 / 48", timeout=WAIT)
    opened(qtbot, page, deals=4)
    qtbot.waitUntil(lambda: page.state.text().startswith("4 of 48 deals"), timeout=WAIT)
    assert page.sheet.summary.totals == sheet_row(club, 1, "total")
    assert changes == []  # the same series, still open
    db(club, "close", "1", "--author", "Bernd", "--reason", "signed at the table")
    qtbot.waitUntil(lambda: page.is_closed is True, timeout=WAIT)
    assert changes == [1]
    assert "signed by Bernd" in page.state.text()
    assert "(signed at the table)" in page.state.text()
    qtbot.waitUntil(lambda: cell(view, 1, SeriesListModel.STATE) == "closed", timeout=WAIT)
    db(club, "create-series", "--title", "Neu", "--date", "2027-01-08", "--players", "A,B,C")
    qtbot.waitUntil(lambda: view.listed_count() == 6, timeout=WAIT)
    assert view.shown_ids()[0] == 6
    assert view.current_series == 1  # the chosen row stays chosen
    assert view.table.currentIndex().data(Qt.ItemDataRole.UserRole) == 1


def test_a_hidden_desk_stops_watching_and_catches_up_when_shown(qtbot, club, store):
    window = desk(qtbot, store)
    window.open_series(2)
    opened(qtbot, window.page, deals=2)
    window.close()
    qtbot.waitUntil(lambda: not window.watch.active)
    game(club, 2, "Cem", "diamonds", 18, True)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.watch.active)
    qtbot.waitUntil(lambda: cell(window.series_list, 2, SeriesListModel.DEALS) == "3 / 36")
    opened(qtbot, window.page, deals=3)


def test_the_page_reads_again_when_told_after_its_own_write(qtbot):
    """The entry form's ``entered(series_id, number)`` goes to ``refresh``: an own write on
    a store no other connection sees (in memory) still shows."""

    class Form(QObject):
        entered = Signal(int, int)

    store = Store.open(":memory:")
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Kitchen table", "2026-03-01", ids, ISKO, planned_deals=6)
    page = SeriesPage(store, StoreWriter(store))
    qtbot.addWidget(page)
    page.show()
    page.set_series(sid)
    opened(qtbot, page, deals=0)
    form = Form()
    form.entered.connect(page.refresh)
    number_ = SeriesService(store, sid).add_entry(
        {"kind": "game", "declarer": 0, "contract": {"game": "clubs"}, "bid": 18, "won": True}
    )
    form.entered.emit(sid, number_)
    opened(qtbot, page, deals=1)
    qtbot.waitUntil(lambda: page.state.text().startswith("1 of 6 deals"), timeout=WAIT)
    wait_for_jobs()
    store.close()


def test_a_read_only_database_still_lists_and_shows_its_sheets(qtbot, club):
    viewer = Store.open(club, read_only=True, busy_ms=0)
    window = desk(qtbot, viewer, None)
    assert window.read_only and window.page.read_only
    assert window.statusBar().isVisible()
    assert window.read_only_note.text().startswith("Open for viewing only")
    assert window.series_list.listed_count() == 5
    window.open_series(3)
    opened(qtbot, window.page, deals=1)
    assert window.page.sheet.summary.totals == sheet_row(club, 3, "total")
    game(club, 3, "Frieda", "spades", 18, True)  # still followed
    opened(qtbot, window.page, deals=2)
    wait_for_jobs()
    viewer.close()


def test_the_desk_opens_a_database_file_itself_for_reading(qtbot, club):
    window = ClubWindow(club)
    qtbot.addWidget(window)
    window.show()
    listed(qtbot, window.series_list)
    assert window.series_list.listed_count() == 5 and window.read_only
    assert window.windowTitle() == "Skat club — club.sqlite3"
    window.dispose()


def test_three_thousand_series_are_read_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    store = Store.open(tmp_path / "big.sqlite3")
    with store.transaction():  # one commit: built in a moment
        ids = [store.ensure_player(f"Player {i}") for i in range(40)]
        for i in range(3000):
            seats = [ids[(i + k * 7) % 40] for k in range(3 if i % 4 else 4)]
            date = f"{2014 + i % 12}-{1 + i % 12:02d}-{1 + i % 28:02d}"
            store.create_series(f"Evening {i}", date, seats, HOUSE if i % 5 else ISKO)
    SeriesService(store, 3000).add_entry(
        {"kind": "game", "declarer": 0, "contract": {"game": "clubs"}, "bid": 18, "won": True}
    )
    threads: list[bool] = []
    real = Store.series_overview

    def overview(self, *args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Store, "series_overview", overview)
    view = SeriesListView(store)
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    assert view.listed_count() == 0 and view.busy  # not read here: it comes
    assert view.status.text() == "Reading the series…"
    listed(qtbot, view)
    assert threads == [False]
    assert view.listed_count() == view.shown_count() == 3000
    newest = max(store.series_overview(), key=lambda r: (r["date"], r["id"]))
    assert view.shown_ids()[0] == newest["id"]
    assert view.listing(3000).deals == 1
    view.set_search("evening 2999")
    assert view.shown_ids() == [3000]
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- the window


def test_one_desk_per_main_window_raised_when_asked_again(qtbot, club, store, tmp_path):
    main_window = QWidget()
    qtbot.addWidget(main_window)
    made: list[ClubWindow] = []
    first = show_club_window(main_window, store, None, setup=made.append)
    assert first is not None and first.isVisible() and made == [first]
    first.close()
    again = show_club_window(main_window, store, None, setup=made.append)
    assert again is first and again.isVisible() and made == [first]
    other = Store.open(tmp_path / "other.sqlite3")
    new = show_club_window(main_window, other, None, setup=made.append)
    assert new is not first and made == [first, new]
    assert main_window.findChildren(ClubWindow)[-1] is new
    listed_or_empty = new.series_list
    qtbot.waitUntil(lambda: not listed_or_empty.busy, timeout=WAIT)
    assert listed_or_empty.status.text() == "No series stored yet."
    new.close()
    wait_for_jobs()
    other.close()


def test_others_plug_in_tabs_actions_and_a_form_below_the_sheet(qtbot, store):
    window = desk(qtbot, store, StoreWriter(store))
    page = window.page
    language = ["Season"]
    season = QLabel("the season")
    index = window.add_tab(season, lambda: language[0])
    assert window.tabs.tabText(index) == "Season"
    language[0] = "Saison"
    QCoreApplication.sendEvent(window, QEvent(QEvent.Type.LanguageChange))
    assert window.tabs.tabText(index) == "Saison"
    assert window.tabs.tabText(0) == "Score sheets"

    correct = QAction("Correct…")
    states: list[tuple[object, object]] = []
    page.series_changed.connect(lambda sid: states.append((sid, page.is_closed)))
    page.add_action(correct)
    form = QLabel("the entry form")
    page.add_widget_below(form)
    assert correct in page.toolbar.actions()
    window.tabs.setCurrentIndex(index)
    window.open_series(2)  # back on the sheets' tab
    assert window.tabs.currentIndex() == 0
    opened(qtbot, page)
    assert page.toolbar.isVisible() and form.isVisible()
    assert states == [(2, None), (2, False)]  # opened; then its state is known
    window.open_series(4)
    opened(qtbot, page)
    assert states[2:] == [(4, None), (4, True)]
    assert page.header.listing.title == "Jahresabschluss"


# ---------------------------------------------------------------------- the watch


def test_the_watch_reports_another_connections_commit_once(qtbot, club):
    watch = StoreWatch(club)
    seen: list[bool] = []
    watch.changed.connect(lambda: seen.append(True))
    assert watch.check() is False  # the first look only sets the mark
    assert watch.check() is False
    game(club, 2, "Cem", "hearts", 18, True)
    assert watch.check() is True and seen == [True]
    assert watch.check() is False and seen == [True]
    watch.close()


def test_a_busy_file_is_asked_again_and_no_change_is_lost(tmp_path):
    """Another program holding the lock of a file without a write-ahead log: the watch's
    question fails at once, and the commit after it is still reported."""
    path = tmp_path / "plain.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("CREATE TABLE t (x)")
    watch = StoreWatch(path)
    assert watch.check() is False
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO t VALUES (1)")
    assert watch.check() is False  # busy: no answer, no error, no wait for the lock
    other.execute("COMMIT")
    assert watch.check() is True
    watch.close()
    other.close()


def test_the_watch_asks_only_while_a_watched_view_is_visible(qtbot, club):
    view = QWidget()
    qtbot.addWidget(view)
    watch = StoreWatch(club, view)
    watch.watch(view)
    assert not watch.active
    view.show()
    qtbot.waitUntil(lambda: watch.active)
    view.hide()
    qtbot.waitUntil(lambda: not watch.active)
    memory = StoreWatch(Store.open(":memory:"), view)
    memory.watch(view)
    view.show()
    qtbot.waitUntil(lambda: watch.active)
    assert not memory.active  # nobody else writes to a database in memory


# ---------------------------------------------------------------------- text sizes


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
def test_no_text_is_cut_in_the_desk_at_1024x700_and_wider(qtbot, qapp, store, language):
    """English, German and the pseudo-translation (every string a third longer: the
    desk's own strings before their German is compiled)."""
    set_language(qapp, language)
    window = desk(qtbot, store, StoreWriter(store))
    window.page.add_action(QAction("Correct…", window))
    for series_id in (4, 1):  # the long header of a closed series, the four players
        window.open_series(series_id)
        opened(qtbot, window.page)
        for size in ((1024, 700), (1280, 720), (1600, 1000)):
            window.resize(*size)
            settle_layout()
            faults = widget_problems(window)
            assert not faults, (language, series_id, size, faults)
    window.series_list.set_search("vereins")
    settle_layout()
    assert not widget_problems(window), language
    QApplication.processEvents()


def test_the_filters_keep_to_their_rows_at_every_splitter_position(qtbot, qapp, store):
    """The tester's case: the desk opened in English at 1280 x 800, the list at its two
    fifths, the language switched to German while another tab was shown; back on the list,
    "Offen und abgeschlossen" had grown where it stood and stuck out of its row. Then every
    position the splitter can be dragged to, down to the list's least width, at 1024 x 700
    and 1280 x 800, in German and English: nothing cut off, nothing overlapping."""
    window = desk(qtbot, store)
    other = QWidget()
    window.add_tab(other, lambda: "Other")
    window.resize(1280, 800)
    settle_layout()
    set_first_pane(window.splitter, sum(window.splitter.sizes()) * 2 // 5)
    window.tabs.setCurrentWidget(other)
    settle_layout()
    set_language(qapp, "de")
    window.tabs.setCurrentWidget(window.splitter)
    settle_layout()
    faults = widget_problems(window)
    assert not faults, faults
    for language in ("de", "en"):
        set_language(qapp, language)
        for size in ((1024, 700), (1280, 800)):
            window.resize(*size)
            settle_layout()
            positions = splitter_positions(window.splitter, step=4)
            assert positions[0] <= window.series_list.minimumSizeHint().width() + 1
            for pane in positions:
                set_first_pane(window.splitter, pane)
                faults = widget_problems(window)
                assert not faults, (language, size, pane, faults)


def test_a_computers_seat_is_named_in_the_players_language_in_the_list_and_header(
    qtbot, qapp, tmp_path
):
    """A series played against the computer: the sheet's columns said "Anfänger 2" in
    German, the desk's list and header "beginner 2" (the stored name) beside them."""
    path = tmp_path / "club.sqlite3"
    db(path, "create-series", "--title", "Übung", "--date", "2026-11-29",
       "--players", "Anna,beginner 2,beginner 3", "--deals", "36")  # fmt: skip
    store = Store.open(path)
    set_language(qapp, "de")
    window = desk(qtbot, store, StoreWriter(store))
    model = window.series_list.model
    assert model.text(model.listings[0], SeriesListModel.PLAYERS) == "Anna, Anfänger 2, Anfänger 3"
    window.open_series(1)
    opened(qtbot, window.page)
    assert window.page.players.text().replace("\u200b", "") == (
        "Spieler: Anna, Anfänger 2, Anfänger 3"
    )
    window.close()
    wait_for_jobs()
    store.close()
