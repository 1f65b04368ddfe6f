"""The club desk's administration (issue 25, items 3 and 4): signing and reopening a series,
its audit trail, the season ranking and the club's players.

The club's database is written the way a club writes it from the shell (``skat-desktop
db ...``); the widgets are built alone on it with a :class:`StoreWriter`, and what they
write or show is compared with what the store and the CLI say. A lock another program
holds is an ``sqlite3`` connection of this test in the middle of a write.
"""

from __future__ import annotations

import io
import re
import sqlite3

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import DealsStored
from skat_desktop.cli import main
from skat_desktop.gui.club_admin import (
    AuditView,
    PlayerStatsDialog,
    PlayersView,
    SeasonView,
    SeriesAdmin,
    SignDialog,
    follow_name_clicks,
    last_author,
    player_statistics,
    read_players,
    reopen_series,
    sign_series,
)
from skat_desktop.gui.game_words import number, signed
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.gui.store_worker import StoreWriter, wait_for_jobs
from skat_desktop.store.repository import SeriesClosed, Store

from .fit_walk import set_language, settle_layout, widget_problems

WAIT = 20_000  # ms; a generous ceiling for a worker's or the writer's answer, not a goal


def db(path, *argv: str) -> str:
    """``skat-desktop db --db PATH ...``; its output (it must succeed)."""
    out = io.StringIO()
    code = main(["db", "--db", str(path), *argv], out=out, inp=io.StringIO())
    assert code == 0, (argv, out.getvalue())
    return out.getvalue()


def game(path, series: int, declarer: str, name: str, bid: int, won: bool, *more: str) -> None:
    db(
        path,
        "add-game",
        str(series),
        "--declarer",
        declarer,
        "--game",
        name,
        "--bid",
        str(bid),
        "--won" if won else "--lost",
        *more,
    )


@pytest.fixture
def club(tmp_path):
    """Two tables of one Friday in March entered from paper (the first with a stake), and
    a table of the autumn before."""
    path = tmp_path / "club.sqlite3"
    db(
        path,
        "create-series",
        "--title",
        "Friday table 1",
        "--date",
        "2026-03-06",
        "--players",
        "Anna,Bernd,Cem",
        "--deals",
        "36",
        "--place",
        "Gasthaus",
        "--stake",
        "1",
    )
    game(path, 1, "Bernd", "clubs", 24, True, "--matadors", "2")
    game(path, 1, "Cem", "grand", 48, False, "--hand", "--matadors", "1")
    db(path, "add-game", "1", "--passed")
    game(path, 1, "Anna", "null", 23, True)
    game(path, 1, "Anna", "hearts", 20, True, "--without", "--matadors", "1")
    db(
        path,
        "create-series",
        "--title",
        "Friday table 2",
        "--date",
        "2026-03-06",
        "--players",
        "Dora,Emil,Anna,Bernd",
    )
    game(path, 2, "Emil", "spades", 22, True)
    game(path, 2, "Dora", "grand", 24, False, "--matadors", "2")
    game(path, 2, "Bernd", "diamonds", 18, True)
    db(
        path,
        "create-series",
        "--title",
        "Autumn",
        "--date",
        "2025-10-10",
        "--players",
        "Anna,Bernd,Cem",
    )
    game(path, 3, "Cem", "spades", 33, True, "--matadors", "2")
    return path


@pytest.fixture
def store(club):
    s = Store.open(club)
    yield s
    wait_for_jobs()
    s.close()


@pytest.fixture
def writer(qapp, store):
    w = StoreWriter(store)
    yield w
    w.close()


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def lock(club):
    """Another program in the middle of a write: it holds the database's write lock."""
    other = sqlite3.connect(club, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield other
    if other.in_transaction:
        other.execute("ROLLBACK")
    other.close()


def answer(qtbot, dialog_or_view) -> None:
    """Wait for the writer's answer to the one write the widget has out."""
    qtbot.waitSignal(dialog_or_view._write.finished, timeout=WAIT).wait()


def loaded(qtbot, view, refresh: bool = True) -> None:
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        if refresh:
            view.refresh()


def events(store: Store, sid: int) -> list[tuple[str, str, str]]:
    return [(e["action"], e["author"], e["reason"]) for e in store.series_events(sid)]


# ------------------------------------------------------------------------ signing


def test_signing_closes_the_series_with_its_author_and_refuses_a_new_game(
    qtbot, store, writer, settings
):
    dialog = SignDialog(writer, 1, title="Friday table 1", settings=settings)
    qtbot.addWidget(dialog)
    assert dialog.author_edit.text() == ""  # nobody signed on this computer yet
    assert dialog.reason_edit.text() == "signed"  # as `db close` says it
    dialog.author_edit.setText("Bernd")
    with qtbot.waitSignal(dialog.signed, timeout=WAIT) as signed_now:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert signed_now.args == [1, True]
    assert dialog.result() == SignDialog.DialogCode.Accepted
    assert store.series(1).closed
    assert events(store, 1) == [("close", "Bernd", "signed")]
    assert last_author(settings) == "Bernd"
    # the next dialog knows who signed last
    again = SignDialog(writer, 2, settings=settings)
    qtbot.addWidget(again)
    assert again.author_edit.text() == "Bernd"

    # a signed series takes no new game, through the service the entry form writes with
    with pytest.raises(SeriesClosed):
        SeriesService(store, 1).add_entry({"kind": "passed_in"})
    assert len(store.deal_sources(1)) == 5
    # ... and the sheet says it is closed
    sheet = ScoreSheetView(store, 1)
    qtbot.addWidget(sheet)
    qtbot.waitSignal(sheet.loaded, timeout=WAIT).wait()
    assert sheet.title.text().endswith("closed")


def test_the_menu_functions_ask_sign_and_reopen(qtbot, store, writer, settings):
    def fill(author: str, reason: str | None) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SignDialog)
        dialog.author_edit.setText(author)
        if reason is not None:
            dialog.reason_edit.setText(reason)
        qtbot.keyClick(dialog.reason_edit, Qt.Key.Key_Return)  # Enter signs

    QTimer.singleShot(0, lambda: fill("Emil", None))
    assert sign_series(None, writer, 2, title="Friday table 2", settings=settings)
    QTimer.singleShot(0, lambda: fill("Emil", "Dora's Grand was won"))
    assert reopen_series(None, writer, 2, settings=settings)
    assert events(store, 2) == [
        ("close", "Emil", "signed"),
        ("reopen", "Emil", "Dora's Grand was won"),
    ]


def test_signing_needs_a_name_and_writes_nothing_without_one(qtbot, store, writer, settings):
    dialog = SignDialog(writer, 1, settings=settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.submit()
    assert dialog.status.isVisible()
    assert dialog.status.text() == "Say who signs the sheet."
    assert not dialog._write.busy  # nothing went to the writer
    assert dialog.isVisible()
    assert not store.series(1).closed and events(store, 1) == []


def test_reopening_needs_a_reason_and_records_it(qtbot, store, writer, settings):
    store.close_series(1, "Bernd", "signed")
    dialog = SignDialog(writer, 1, reopen=True, author="Cem", settings=settings)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.author_edit.text() == "Cem" and dialog.reason_edit.text() == ""
    dialog.reason_edit.setText("   ")
    dialog.submit()
    assert dialog.status.text() == "Reopening a signed sheet needs a reason."
    assert not dialog._write.busy and dialog.isVisible()
    assert store.series(1).closed
    dialog.reason_edit.setText("deal 2 was a Grand Hand")
    with qtbot.waitSignal(dialog.signed, timeout=WAIT) as signed_now:
        dialog.submit()
    assert signed_now.args == [1, False]
    assert not store.series(1).closed
    assert events(store, 1) == [
        ("close", "Bernd", "signed"),
        ("reopen", "Cem", "deal 2 was a Grand Hand"),
    ]


def test_a_series_signed_twice_says_so_in_one_line(qtbot, store, writer, settings):
    store.close_series(1, "Bernd", "signed")  # signed meanwhile in another window
    dialog = SignDialog(writer, 1, author="Anna", settings=settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.submit()
    answer(qtbot, dialog)
    assert dialog.status.text() == "Not changed: series 1 is already closed"
    assert dialog.isVisible() and dialog.ok_button.isEnabled()
    assert events(store, 1) == [("close", "Bernd", "signed")]


def test_the_series_actions_follow_whether_it_is_signed(qtbot, store, writer, settings):
    page = ScoreSheetView(store, 1)
    qtbot.addWidget(page)
    admin = SeriesAdmin(page, store, writer, settings)
    admin.set_series(1, "Friday table 1", closed=False)
    assert admin.sign_action.isEnabled() and not admin.reopen_action.isEnabled()
    admin.set_series(1, "Friday table 1", closed=True)
    assert not admin.sign_action.isEnabled() and admin.reopen_action.isEnabled()
    viewing = SeriesAdmin(page, store, None, settings)
    viewing.set_series(1, "Friday table 1", closed=False)
    assert not viewing.sign_action.isEnabled() and viewing.audit_action.isEnabled()


# ------------------------------------------------------------------ busy database


def test_a_busy_database_changes_nothing_says_why_in_one_line_and_a_try_again_works(
    qtbot, store, writer, settings, lock
):
    dialog = SignDialog(writer, 1, author="Bernd", settings=settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.submit()
    answer(qtbot, dialog)
    message = dialog.status.text()
    assert "busy" in message and "\n" not in message
    assert dialog.isVisible() and dialog.ok_button.isEnabled()

    players = PlayersView(store, writer)
    qtbot.addWidget(players)
    players.show()
    qtbot.waitSignal(players.loaded, timeout=WAIT).wait()
    bernd = store.find_player("Bernd")
    players.rename(bernd, "Bernhard")
    answer(qtbot, players)
    assert "busy" in players.status.text() and "\n" not in players.status.text()
    players.set_guest(bernd, True)
    answer(qtbot, players)
    assert "busy" in players.status.text()

    lock.execute("ROLLBACK")  # the other program is done
    assert not store.series(1).closed and events(store, 1) == []
    assert store.player_name(bernd) == "Bernd"
    assert not next(p for p in store.players() if p["id"] == bernd)["guest"]

    with qtbot.waitSignal(dialog.signed, timeout=WAIT):
        dialog.submit()  # the same button again
    assert events(store, 1) == [("close", "Bernd", "signed")]
    players.rename(bernd, "Bernhard")
    answer(qtbot, players)
    assert store.player_name(bernd) == "Bernhard"


def test_without_a_writer_nothing_can_be_changed(qtbot, store, settings):
    dialog = SignDialog(None, 1, author="Bernd", settings=settings)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.ok_button.isEnabled()
    assert dialog.status.text() == "The database is open for viewing only."
    players = PlayersView(store, None)
    qtbot.addWidget(players)
    players.show()
    qtbot.waitSignal(players.loaded, timeout=WAIT).wait()
    players.select_player(store.find_player("Anna"))
    assert not players.rename_button.isEnabled() and not players.guest_button.isEnabled()
    assert players.stats_button.isEnabled()  # looking is always possible
    assert not players.rename(store.find_player("Anna"), "Anneliese")
    assert store.find_player("Anna") is not None


def test_a_database_file_that_cannot_be_read_is_one_line_in_each_view(qtbot, tmp_path):
    missing = tmp_path / "no such club.sqlite3"
    for view in (AuditView(missing, 1), SeasonView(missing), PlayersView(missing, None)):
        qtbot.addWidget(view)
        text = view.status.text()
        assert text.startswith("The database cannot be read: ") and "\n" not in text, text
    assert not missing.exists()  # reading never creates a file


# ------------------------------------------------------------------ audit trail


def test_the_audit_trail_lists_a_correction_made_from_the_shell_with_old_and_new(
    qtbot, club, store
):
    db(
        club,
        "correct",
        "1",
        "2",
        "--declarer",
        "Cem",
        "--game",
        "grand",
        "--hand",
        "--bid",
        "48",
        "--won",
        "--matadors",
        "1",
        "--author",
        "Dora",
        "--reason",
        "Cem won it, the sheet was wrong",
    )
    db(club, "close", "1", "--author", "Anna")
    view = AuditView(club, 1)  # the database file, read on its own connection
    qtbot.addWidget(view)
    view.resize(1000, 500)
    view.show()
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    model = view.model
    assert model.rowCount() == 2
    row = [model.index(0, c).data() for c in range(model.columnCount())]
    when, what, deal, author, reason, before, after = row
    assert (what, deal, author, reason) == (
        "Corrected",
        "2",
        "Dora",
        "Cem won it, the sheet was wrong",
    )
    # Grand Hand with 1 matador: (1 + 2) x 24 = 72, lost counts double
    assert before == "Cem: Grand, bid 48, lost, -144"
    assert after == "Cem: Grand Hand, bid 48, won, +72"
    assert when  # the time as the player's clock says it
    assert [model.index(1, c).data() for c in (1, 3, 4)] == ["Signed and closed", "Anna", "signed"]
    assert view.heading.text().endswith("closed (signed)")
    # the sheet shows the corrected game the audit trail names as "after"
    assert SeriesService(store, 1).sheet().lines[1].scores[2] == 72


def test_the_audit_trail_reads_again_after_a_reopening(qtbot, club, store, writer):
    view = AuditView(store, 1)
    qtbot.addWidget(view)
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    assert view.model.rowCount() == 0
    assert view.status.text() == "No corrections and no signatures yet."
    db(club, "close", "1", "--author", "Anna")
    db(club, "close", "1", "--reopen", "--author", "Cem", "--reason", "a game is missing")
    loaded(qtbot, view)
    assert [view.model.index(r, 1).data() for r in range(2)] == ["Signed and closed", "Reopened"]
    assert view.model.index(1, 4).data() == "a game is missing"
    assert view.heading.text().endswith("open")


# ------------------------------------------------------------------ season


def cli_ranking(club, *argv: str) -> list[list[str]]:
    lines = db(club, "ranking", *argv).splitlines()
    return [line.split() for line in lines[1:]]


def shown(view: SeasonView) -> list[list[str]]:
    model = view.model
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


@pytest.mark.parametrize(
    ("method", "profile"),
    [("seeger_fabian", None), ("texas_match_points", None), ("running_total", "isko")],
)
def test_the_season_view_shows_the_rows_of_db_ranking(qtbot, club, store, method, profile):
    view = SeasonView(store)
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_filter(profile=profile, method=method)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_range("2026-01-01", "2026-12-31")
    argv = ["--from", "2026-01-01", "--to", "2026-12-31", "--method", method]
    expected = cli_ranking(club, *argv, *(["--profile", profile] if profile else []))
    assert len(expected) == 5  # Anna, Bernd, Cem, Dora, Emil; the autumn is left out
    rows = shown(view)
    assert len(rows) == len(expected)
    for got, want in zip(rows, expected, strict=True):
        place, name, series, deals, won, lost, score, evaluation, per_48, *money = want
        # equal on the rating, games won and lost: the lot decided, and the view says so
        lot = sum((w[7], w[4], w[5]) == (evaluation, won, lost) for w in expected) > 1
        assert got[:9] == [
            f"{place}. (lot)" if lot else f"{place}.",
            name,
            number(int(series)),
            number(int(deals)),
            number(int(won)),
            number(int(lost)),
            number(int(score)),
            number(int(evaluation)),
            number(float(per_48), 1),
        ]
        assert got[9:] == [signed(int(m) / 100, 2) for m in money]
    assert view.model.columnCount() == 10  # table 1 was played for money


def test_the_seasons_quick_choices_set_the_dates(qtbot, club, store):
    view = SeasonView(store)
    qtbot.addWidget(view)
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    year = view.date_from.date().year()
    assert view.current_filter().date_from == f"{year}-01-01"
    assert view.current_filter().date_to == f"{year}-12-31"
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_period("all")
    assert view.current_filter().date_from is None and view.current_filter().date_to is None
    everyone = {row[1]: row for row in cli_ranking(club)}
    assert {r.name for r in view.rows} == set(everyone)
    assert [str(r.series) for r in view.rows if r.name == "Anna"] == [everyone["Anna"][2]]
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.date_to.setDate(view.date_to.minimumDate().addYears(200))  # typed by hand
    assert view.period_box.currentData() == "chosen"


def test_a_hidden_season_view_reads_new_deals_when_it_is_shown(qtbot, club, store):
    view = SeasonView(store)
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_period("all")
    anna = next(r for r in view.rows if r.name == "Anna")
    game(club, 3, "Anna", "grand", 24, True, "--matadors", "1")  # another table's deal
    view.table_event(DealsStored((2,)))
    assert not view.busy  # hidden: nothing is read yet
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.show()
    assert next(r for r in view.rows if r.name == "Anna").deals == anna.deals + 1


def test_the_season_view_says_when_it_has_no_series(qtbot, store):
    view = SeasonView(store)
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=WAIT):
        view.set_range("2024-01-01", "2024-12-31")
    assert view.model.rowCount() == 0
    assert view.status.text() == "No series with deals in this season."


# ------------------------------------------------------------------ players


def test_the_players_list_counts_each_players_series(qtbot, store, writer):
    view = PlayersView(store, writer)
    qtbot.addWidget(view)
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    seen = {p.name: (p.series, p.last_played, p.guest) for p in view.players}
    assert seen == {
        "Anna": (3, "2026-03-06", False),
        "Bernd": (3, "2026-03-06", False),
        "Cem": (2, "2026-03-06", False),
        "Dora": (1, "2026-03-06", False),
        "Emil": (1, "2026-03-06", False),
    }
    assert view.players == read_players(store)


def test_rename_and_guest_round_trip_and_refusals(qtbot, store, writer):
    view = PlayersView(store, writer)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    cem = store.find_player("Cem")
    view.select_player(cem)
    assert view.name_edit.text() == "Cem"
    with qtbot.waitSignal(view.changed, timeout=WAIT):
        view.name_edit.setText("Cem Yilmaz")
        qtbot.mouseClick(view.rename_button, Qt.MouseButton.LeftButton)
    assert store.player_name(cem) == "Cem Yilmaz"
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    assert view.current_player().name == "Cem Yilmaz"  # still chosen after the new list
    assert view.status.text() == "Cem is now called Cem Yilmaz."
    assert SeriesService(store, 1).info.players[2][1] == "Cem Yilmaz"

    # refused: a name another player has, and no name at all; nothing changes
    view.name_edit.setText("Anna")
    view.rename_current()
    answer(qtbot, view)
    assert view.status.text() == "Not changed: there is already a player called 'Anna'"
    view.name_edit.setText("  ")
    view.rename_current()
    assert view.status.text() == "A player needs a name."
    assert store.player_name(cem) == "Cem Yilmaz" and store.find_player("Anna") is not None

    # guest and back
    assert view.guest_button.text() == "Mark as &guest"
    with qtbot.waitSignal(view.changed, timeout=WAIT):
        qtbot.mouseClick(view.guest_button, Qt.MouseButton.LeftButton)
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    assert next(p for p in store.players() if p["id"] == cem)["guest"] == 1
    assert view.current_player().guest and view.guest_button.text() == "Mark as &member"
    assert view.model.index(view.model.players.index(view.current_player()), 1).data() == "guest"
    with qtbot.waitSignal(view.changed, timeout=WAIT):
        view.toggle_guest()
    qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
    assert next(p for p in store.players() if p["id"] == cem)["guest"] == 0


# ------------------------------------------------------------------ statistics


def stats_dialogs(parent) -> list[PlayerStatsDialog]:
    return [d for d in parent.findChildren(PlayerStatsDialog) if d.isVisible()]


def test_a_click_on_a_name_in_the_sheet_opens_his_statistics(qtbot, club, store):
    sheet = ScoreSheetView(store, 1)
    qtbot.addWidget(sheet)
    sheet.resize(900, 500)
    sheet.show()
    qtbot.waitSignal(sheet.loaded, timeout=WAIT).wait()
    follow_name_clicks(sheet, club)
    header = sheet.table.horizontalHeader()
    column = sheet.model.player_column(1)  # Bernd
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    game_column = QPoint(header.sectionViewportPosition(3) + 4, header.height() // 2)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=game_column)
    assert stats_dialogs(sheet) == []  # a click beside the names opens nothing
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2)
    )
    (dialog,) = stats_dialogs(sheet)
    qtbot.waitSignal(dialog.view.loaded, timeout=WAIT).wait()
    wait_for_jobs()
    qtbot.waitUntil(lambda: not dialog.view.busy, timeout=WAIT)
    assert dialog.view.stats is not None and dialog.view.stats.name == "Bernd"
    # the same figures as `skat-desktop db stats Bernd`
    out = db(club, "stats", "Bernd")
    st = dialog.view.stats
    assert re.search(rf"^series / deals +{st.series} / {st.deals} ", out, re.M), out
    assert re.search(rf"^Seeger-Fabian +{st.seeger_fabian} ", out, re.M), out
    # a second click raises the open one
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2)
    )
    assert stats_dialogs(sheet) == [dialog]
    dialog.close()


def test_an_unknown_player_is_one_line_and_no_window(qtbot, store):
    parent = SeasonView(store)
    qtbot.addWidget(parent)
    assert player_statistics(parent, store, "Zoe") is None
    boxes = parent.findChildren(QMessageBox)
    assert len(boxes) == 1
    assert boxes[0].text() == "No statistics: there is no player called 'Zoe'"
    assert stats_dialogs(parent) == []
    boxes[0].close()


# ------------------------------------------------------------------ fit


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
def test_no_text_is_cut_at_1024_by_700(qtbot, club, store, writer, settings, language):
    """The views as a tab of the club window at its least size, and the signing dialogs,
    in English, German and the pseudo-translation (a third longer than English, as the
    German of these new strings will be)."""
    db(club, "correct", "1", "1", "--passed", "--author", "Dora", "--reason", "all passed")
    db(club, "close", "1", "--author", "Anna")
    set_language(QApplication.instance(), language)
    views = []
    for build in (SeasonView, lambda s: PlayersView(s, writer), lambda s: AuditView(s, 1)):
        view = build(store)
        qtbot.addWidget(view)
        view.resize(1000, 620)  # the window's 1024 x 700 less its tabs and frame
        qtbot.waitSignal(view.loaded, timeout=WAIT).wait()
        view.show()
        views.append(view)
    season, players, audit = views
    with qtbot.waitSignal(season.loaded, timeout=WAIT):
        season.set_period("all")
    players.select_player(store.find_player("Anna"))
    settle_layout()
    for view in (season, players, audit):
        faults = widget_problems(view)
        assert not faults, (language, type(view).__name__, faults)
    for reopen in (False, True):
        dialog = SignDialog(writer, 1, reopen=reopen, title="Friday table 1", settings=settings)
        qtbot.addWidget(dialog)
        dialog.show()
        if reopen:
            dialog.submit()  # the longest line: who reopens it is missing
        settle_layout()
        faults = widget_problems(dialog)
        assert not faults, (language, reopen, faults)
