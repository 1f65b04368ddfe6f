"""Trying to lose a club's data through the club desk (issue 25), as a tester would.

Each test is one thing people do: type nonsense into a number field, enter the same deal
from two windows, correct a deal that someone else corrected a minute ago, rename a
player into another player's name, restore an old backup while a game is half typed,
close the program while the database is locked. The database, its lock and the second
program are real (a second SQLite connection, the ``skat-desktop db`` command); no test
measures time.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui import club_files
from skat_desktop.gui.club_admin import PlayersView
from skat_desktop.gui.club_entry import CorrectionDialog, GameEntryForm, NewEveningDialog
from skat_desktop.gui.store_worker import StoreWriter, wait_for_jobs
from skat_desktop.store.repository import Store

from .fit_walk import set_language
from .table_driver import make_window
from .test_club_entry import WAIT, Keys, game, run_cli, show_form, stored_entries

TAB = Qt.Key.Key_Tab


# ------------------------------------------------------------------------ fixtures


@pytest.fixture(autouse=True)
def jobs_done_afterwards():
    """The store's background jobs end before the next test (English again after it:
    conftest)."""
    yield
    wait_for_jobs()


def new_series(store: Store, names=("Anna", "Bernd", "Cem"), profile=ISKO, deals=36) -> int:
    ids = [store.ensure_player(n) for n in names]
    return store.create_series(
        "Friday", "2026-11-20", ids, profile, planned_deals=deals, first_dealer=0
    )


def fingerprint(path: Path) -> str:
    """Every row of every table of the database, as another program reads it."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        text = json.dumps(
            {t: conn.execute(f'SELECT * FROM "{t}"').fetchall() for t in sorted(tables)},
            default=str,
        )
    finally:
        conn.close()
    return hashlib.sha256(text.encode()).hexdigest()


def corrections_of(path: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT author, reason FROM corrections ORDER BY id").fetchall()
    finally:
        conn.close()


def stored(qtbot, form: GameEntryForm) -> None:
    """Wait until the form's game has been answered by the database (stored or not)."""
    qtbot.waitUntil(lambda: not form.busy, timeout=WAIT)


# ------------------------------------------------------------- nonsense in the fields


def test_a_lone_plus_sign_in_the_bid_is_an_unfinished_bid_not_a_crash(qtbot, store, writer, db):
    """Qt's number check lets "+" stand while a number is typed; the row must take it as
    a bid not yet typed (no exception in the event loop), and Enter stores nothing."""
    sid = new_series(store)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Anna")
    keys.press(TAB)
    keys.choose(form.game, "Null")  # a Null asks the bid at once (charged as?)
    keys.press(TAB)
    keys.type("+")
    assert form.bid.text() == "+"
    keys.tab_to(form.result)
    keys.choose(form.result, "won")
    assert form.problem.text() == "Enter the bid."
    assert not form.enter_button.isEnabled()
    keys.press(Qt.Key.Key_Return)
    assert not form.busy and stored_entries(db, sid) == []
    form.bid.setFocus()
    form.bid.end(False)
    keys.type("23")  # "+23" is a number: the game can be stored
    assert form.entry()[0]["bid"] == 23


def test_a_plus_sign_among_ramsch_points_is_not_a_crash(qtbot, store, writer, db):
    sid = new_series(store, profile=HOUSE)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.press(TAB)
    keys.choose(form.game, "Ramsch")
    keys.press(TAB)
    assert QApplication.focusWidget() is form.ramsch_points[0]
    keys.type("+")
    assert form.skat_note.text() == "Skat: 120"
    assert form.entry() == (None, "Enter each player's card points and tricks.")
    keys.press(Qt.Key.Key_Return)
    assert stored_entries(db, sid) == []


def test_a_superscript_two_in_the_matadors_is_not_a_crash(qtbot, store, writer, db):
    """AltGr+2 on a German keyboard types "²", a digit to Python's str.isdigit but not
    to int(): the matadors box must not hand it to int() inside Qt's check."""
    sid = new_series(store)
    form = show_form(qtbot, store, writer, sid)
    form.matadors.setFocus()
    form.matadors.lineEdit().selectAll()
    qtbot.keyClicks(form.matadors, "²")
    assert form.matadors.value() == 1


def test_a_hand_edited_date_does_not_break_the_series_list(qtbot, store, db):
    """A series whose date another program wrote as "²⁰²⁶-11-20": listed, no year."""
    from skat_desktop.gui.series_list import SeriesListView

    new_series(store)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("UPDATE series SET date = '²⁰²⁶-11-20'")
    conn.close()
    view = SeriesListView(store)
    qtbot.addWidget(view)
    view.show()
    view.refresh()
    qtbot.waitUntil(lambda: not view.busy and view.listed_count() == 1, timeout=WAIT)
    assert view.model.listings[0].year is None


def test_absurd_numbers_cannot_be_typed_and_nothing_impossible_is_stored(qtbot, store, writer, db):
    """Bid 999999, matadors 99, a negative bid, words in the bid: the fields take what
    fits, the engine refuses what is impossible with its reason, nothing is stored."""
    sid = new_series(store)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Bernd")
    keys.press(TAB)
    keys.choose(form.game, "Grand")
    keys.press(TAB)
    keys.type("abc-")
    assert form.bid.text() == ""
    keys.type("999999")
    assert form.bid.text() == "999"
    keys.press(TAB)
    form.matadors.lineEdit().selectAll()
    keys.type("99")
    assert form.matadors.value() == 99  # kept as typed: the row says why it cannot be
    keys.tab_to(form.result)
    keys.choose(form.result, "won")
    assert "999 is not a game value one can bid" in form.problem.text()
    assert not form.enter_button.isEnabled()
    keys.press(Qt.Key.Key_Return)
    assert not form.busy and stored_entries(db, sid) == []
    assert form.bid.text() == "999"  # the row keeps what was typed


# ------------------------------------------------------------- two windows, one deal


def test_two_desks_entering_the_same_deal_store_it_once(qtbot, store, writer, db):
    """Two program windows (two writers, two connections) enter deal 1 of one series: the
    first is stored; the second is refused, keeps its game and says it moved on."""
    sid = new_series(store)
    other_store = Store.open(db)
    other_writer = StoreWriter(other_store)
    try:
        mine = show_form(qtbot, store, writer, sid)
        theirs = show_form(qtbot, other_store, other_writer, sid)
        mine.fill(game(1, "grand", 24, True, matadors=2))
        theirs.fill(game(2, "clubs", 18, True, matadors=1))
        with qtbot.waitSignal(mine.entered, timeout=WAIT):
            assert mine.submit()
        assert theirs.submit()
        stored(qtbot, theirs)
        assert "entered elsewhere" in theirs.problem.text()
        qtbot.waitUntil(lambda: theirs.context.number == 2, timeout=WAIT)
        assert theirs.entry()[0]["declarer"] == 2  # still typed, to be checked
        assert [e["contract"]["game"] for e in stored_entries(db, sid)] == ["grand"]
    finally:
        other_writer.close()
        wait_for_jobs()
        other_store.close()


# ------------------------------------------------------------- corrections crossing


def test_a_correction_made_elsewhere_meanwhile_is_not_overwritten_unseen(qtbot, store, writer, db):
    """The correction dialog shows deal 1 as stored; meanwhile the shell corrects it.
    Storing the dialog's correction then would silently undo the other one: it is
    refused with who corrected it, the dialog shows the deal as it is now (who corrects
    and why stay typed), and the correction made on that is stored."""
    sid = new_series(store)
    SeriesService(store, sid).add_entry(game(1, "grand", 24, True, matadors=2))
    dialog = CorrectionDialog(store, writer, sid, 1)
    qtbot.addWidget(dialog)
    dialog.show()
    form = dialog.form
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    form.matadors.setValue(3)
    form.author.setText("Cem")
    form.reason.setText("three matadors")
    run_cli(db, "correct", sid, "1", "--declarer", "Cem", "--game", "spades", "--bid", "18",
            "--won", "--author", "Dora", "--reason", "it was Cem's Spades")  # fmt: skip
    assert form.submit()
    stored(qtbot, form)
    assert dialog.isVisible()
    assert "corrected meanwhile by Dora" in form.problem.text()
    assert corrections_of(db) == [("Dora", "it was Cem's Spades")]
    qtbot.waitUntil(lambda: form.game.currentText() == "Spades", timeout=WAIT)
    assert form.declarer.currentText() == "Cem"
    assert (form.author.text(), form.reason.text()) == ("Cem", "three matadors")
    form.matadors.setValue(2)
    form.reason.setText("with two")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT):
        assert form.submit()
    assert corrections_of(db) == [("Dora", "it was Cem's Spades"), ("Cem", "with two")]
    line = SeriesService(store, sid).sheet().lines[0]
    assert (line.label, line.value) == ("Spades", 33)


def test_a_correction_while_the_shell_adds_a_deal_corrects_the_right_deal(qtbot, store, writer, db):
    sid = new_series(store)
    SeriesService(store, sid).add_entry(game(1, "grand", 24, True, matadors=2))
    dialog = CorrectionDialog(store, writer, sid, 1)
    qtbot.addWidget(dialog)
    dialog.show()
    form = dialog.form
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    form.matadors.setValue(3)
    form.author.setText("Cem")
    form.reason.setText("three matadors")
    run_cli(db, "add-game", sid, "--passed")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT):
        assert form.submit()
    lines = SeriesService(store, sid).sheet().lines
    assert (lines[0].value, lines[0].corrected) == (96, True)
    assert lines[1].label != "Grand" and not lines[1].corrected


# ------------------------------------------------------------------------ players


def players_view(qtbot, store, writer) -> PlayersView:
    view = PlayersView(store, writer)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: not view.busy and bool(view.players), timeout=WAIT)
    return view


def names_in(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM players ORDER BY id")]
    finally:
        conn.close()


def test_a_rename_into_another_players_name_in_other_letters_is_refused(qtbot, store, writer, db):
    """Bernd renamed "anna" while Anna is a member: the club would have two players the
    evening dialog takes for one (it matches names regardless of case), so Anna's next
    games could land on Bernd's account. Refused in one line; nothing changes."""
    new_series(store)
    view = players_view(qtbot, store, writer)
    bernd = next(p.id for p in view.players if p.name == "Bernd")
    before = fingerprint(db)
    assert view.rename(bernd, " anna ")
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert "Anna" in view.status.text() and "already" in view.status.text()
    assert "\n" not in view.status.text()
    assert fingerprint(db) == before


def test_a_player_renamed_to_his_own_name_in_other_letters_is_renamed(qtbot, store, writer, db):
    new_series(store, ("anna", "Bernd", "Cem"))
    view = players_view(qtbot, store, writer)
    anna = next(p.id for p in view.players if p.name == "anna")
    with qtbot.waitSignal(view.changed, timeout=WAIT):
        assert view.rename(anna, "Anna")
    assert names_in(db)[:3] == ["Anna", "Bernd", "Cem"]


def test_a_computer_cannot_be_marked_as_a_guest(qtbot, store, writer, db):
    """A computer player is neither member nor guest: its button is off, and the view
    refuses the change when asked directly (a stale list, a script)."""
    store.add_player("Kiebitz", kind="computer")
    new_series(store)
    view = players_view(qtbot, store, writer)
    robot = next(p for p in view.players if p.name == "Kiebitz")
    view.select_player(robot.id)
    assert not view.guest_button.isEnabled()
    before = fingerprint(db)
    view.set_guest(robot.id, True)
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert "computer" in view.status.text()
    assert fingerprint(db) == before


# ------------------------------------------------------------------------ files


def test_an_export_named_like_the_database_or_its_logs_is_refused(qtbot, store, db, tmp_path):
    """JSON, CSV or PDF written to the database's own name, its -wal or -shm, or a link
    to it: refused in one line before anything is written; the database is whole."""
    from skat_desktop.gui import club_print

    sid = new_series(store)
    SeriesService(store, sid).add_entry(game(1, "grand", 24, True, matadors=2))
    before = fingerprint(db)
    link = tmp_path / "sheets.json"
    link.symlink_to(db)
    for target in (db, Path(f"{db}-wal"), Path(f"{db}-shm"), link):
        for task in (
            club_files.export_series_json(None, store, None, path=target),
            club_files.export_sheet_csv(None, store, sid, path=target),
            club_print.save_sheet_pdf(None, store, sid, path=target),
        ):
            if task.running:
                qtbot.waitSignal(task.finished, timeout=WAIT).wait()
            assert task.ok is False, target
            assert "\n" not in task.message
    assert fingerprint(db) == before
    assert db.read_bytes()[:16] == b"SQLite format 3\x00"


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 200_000 + b"]" * 200_000,  # nesting beyond any parser's stack
        b'{"format": "skat-desktop-series", "version": 1, "series": [{"deals": 1e999}]}',
        b'{"series": [' + b'{"title": "x"},' * 50_000 + b"{}]}",
        b"\xff\xfe\x00not json at all",
    ],
    ids=["deep", "huge number", "many series", "binary"],
)
def test_a_hostile_import_changes_nothing(qtbot, store, writer, db, tmp_path, content):
    new_series(store)
    before = fingerprint(db)
    hostile = tmp_path / "hostile.json"
    hostile.write_bytes(content)
    task = club_files.import_series_json(None, writer, hostile)
    if task.running:
        qtbot.waitSignal(task.finished, timeout=WAIT).wait()
    assert task.ok is False
    assert task.message.startswith("Not imported, nothing was changed:")
    assert "\n" not in task.message
    assert fingerprint(db) == before


def test_an_import_larger_than_allowed_is_refused_unread(qtbot, store, writer, db, tmp_path):
    from skat_desktop.app import exchange

    new_series(store)
    before = fingerprint(db)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(exchange.MAX_FILE_BYTES + 10)
    task = club_files.import_series_json(None, writer, big)
    if task.running:
        qtbot.waitSignal(task.finished, timeout=WAIT).wait()
    assert task.ok is False and "\n" not in task.message
    assert fingerprint(db) == before


# ------------------------------------------------------------------------ language


def test_switching_the_language_keeps_what_is_half_typed(qtbot, qapp, store, writer, db):
    """View → Language while a correction and an evening are half filled in: every
    typed value stays (names, title, author, reason, Kontra, without 2)."""
    sid = new_series(store, profile=HOUSE)
    SeriesService(store, sid).add_entry(game(1, "spades", 18, True, matadors=1, kontra=1))
    dialog = CorrectionDialog(store, writer, sid, 1)
    qtbot.addWidget(dialog)
    dialog.show()
    form = dialog.form
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    form.matadors.setValue(-2)
    form.author.setText("Cem")
    form.reason.setText("ohne 2")
    evening = NewEveningDialog(store, writer)
    qtbot.addWidget(evening)
    evening.show()
    evening.title_edit.setText("Herbstturnier")
    evening.place.setText("Krone")
    for edit, name in zip(evening.tables[0].seats, ("Anna", "Bernd", "Cem", "Dora"), strict=True):
        edit.setText(name)
    evening.tables[0].dealer.setCurrentIndex(2)
    typed = form.entry()[0]
    set_language(qapp, "de")
    assert form.entry()[0] == typed
    assert form.matadors.text() == "ohne 2" and form.kontra.currentText() == "Kontra"
    assert (form.author.text(), form.reason.text()) == ("Cem", "ohne 2")
    assert evening.title_edit.text() == "Herbstturnier" and evening.place.text() == "Krone"
    assert evening.tables[0].names() == ["Anna", "Bernd", "Cem", "Dora"]
    assert evening.tables[0].dealer.currentIndex() == 2
    set_language(qapp, "en")
    assert form.entry()[0] == typed


# ------------------------------------------------------------------ the deal moved on


def test_a_bock_round_begun_by_a_correction_elsewhere_is_not_stored_unseen(
    qtbot, store, writer, db
):
    """Deal 2 is typed while its preview says "no Bock"; the shell corrects deal 1 into a
    Grand Hand, which starts a Bock round: deal 2 is worth double now. Storing the
    typed game would write a score nobody saw; it is refused, the row shows the Bock
    round and its new value, and Enter then stores that."""
    sid = new_series(store, profile=HOUSE)
    SeriesService(store, sid).add_entry(game(1, "clubs", 18, True, matadors=1))
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(2, "grand", 24, True, matadors=1))
    assert "Bock" not in form.title.text() and form.preview.text() == "Value 48 → Cem +48"
    run_cli(db, "correct", sid, "1", "--declarer", "Bernd", "--game", "grand", "--hand",
            "--bid", "24", "--won", "--author", "Dora", "--reason", "it was Hand")  # fmt: skip
    assert form.submit()
    stored(qtbot, form)
    assert "changed meanwhile" in form.problem.text()
    assert len(stored_entries(db, sid)) == 1
    qtbot.waitUntil(lambda: "Bock round" in form.title.text(), timeout=WAIT)
    assert form.preview.text() == "Value 48 → Cem +96"
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        assert form.submit()
    line = SeriesService(store, sid).sheet().lines[1]
    assert line.bock and line.scores[2] == 96


# ------------------------------------------------------------------ the window around


def desk_form(qtbot, window, series_id: int) -> GameEntryForm:
    desk = window.club.open_desk(series_id=series_id)
    qtbot.waitUntil(lambda: desk.entry_form is not None, timeout=WAIT)
    form = desk.entry_form
    qtbot.waitUntil(lambda: form.ready and form.fields.isEnabled(), timeout=WAIT)
    return form


def other_database(path: Path, names: tuple[str, ...]) -> None:
    """Another club's database (a backup of the wrong file): its series 1 is theirs."""
    other = Store.open(path)
    try:
        new_series(other, names)
    finally:
        other.close()


def restore_from(qtbot, window, backup: Path, monkeypatch) -> None:
    monkeypatch.setattr(club_files, "ask_open_path", lambda *a, **k: backup)
    monkeypatch.setattr(club_files, "ask_yes", lambda *a, **k: True)
    window.club.act_restore.trigger()
    task = window.club.task
    if task.running:
        qtbot.waitSignal(task.finished, timeout=WAIT).wait()
    assert task.ok, task.message


def test_a_restore_of_another_clubs_file_never_puts_the_typed_game_into_its_series(
    qtbot, window, db, tmp_path, monkeypatch
):
    """Bernd's Grand is typed for deal 1 of series 1 (Anna, Bernd, Cem); then a backup is
    restored whose series 1 is another table (Xaver, Yvonne, Zora). Enter must not
    write the game as Yvonne's (the same seat) into that series."""
    sid = new_series(window.store)
    form = desk_form(qtbot, window, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    backup = tmp_path / "other.sqlite3"
    other_database(backup, ("Xaver", "Yvonne", "Zora"))
    restore_from(qtbot, window, backup, monkeypatch)
    form.submit()
    stored(qtbot, form)
    assert stored_entries(db, sid) == []
    assert "has other players or rules now" in form.problem.text()
    qtbot.waitUntil(lambda: form.declarer.currentText() == "Yvonne", timeout=WAIT)
    assert form.title.text().startswith("Deal 1 of 36 · Dealer: Xaver")


def test_a_restore_from_the_shell_never_puts_the_typed_game_into_another_series(
    qtbot, store, writer, db, tmp_path
):
    sid = new_series(store)
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    backup = tmp_path / "other.sqlite3"
    other_database(backup, ("Xaver", "Yvonne", "Zora"))
    run_cli(db, "restore", backup)
    form.submit()
    stored(qtbot, form)
    assert stored_entries(db, sid) == []
    assert "has other players or rules now" in form.problem.text()


def test_a_restore_without_the_open_series_stores_nothing_typed(
    qtbot, window, db, tmp_path, monkeypatch
):
    first = new_series(window.store)
    backup = tmp_path / "backup.sqlite3"
    run_cli(db, "backup", backup)
    sid = new_series(window.store, ("Dora", "Erik", "Frieda"))
    form = desk_form(qtbot, window, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    restore_from(qtbot, window, backup, monkeypatch)
    page = window.club.desk.page
    qtbot.waitUntil(lambda: "cannot be shown" in page.state.text(), timeout=WAIT)
    form.submit()
    stored(qtbot, form)
    assert f"no series {sid}" in form.problem.text()
    assert stored_entries(db, first) == [] and stored_entries(db, sid) == []


def test_the_shell_writing_while_a_game_is_typed_keeps_it(qtbot, window, db):
    """``db add-game`` into another series while a game is half typed in the desk: the
    desk reads the database again (its list shows the new game), the row keeps what is
    typed, and Enter stores it as deal 1 of its own series."""
    sid = new_series(window.store)
    other = new_series(window.store, ("Dora", "Erik", "Frieda"))
    form = desk_form(qtbot, window, sid)
    keys = Keys(qtbot)
    form.focus_first()
    keys.choose(form.declarer, "Bernd")
    keys.press(TAB)
    keys.choose(form.game, "Grand")
    keys.press(TAB)
    keys.type("24")
    listed = window.club.desk.series_list
    run_cli(db, "add-game", other, "--passed")
    qtbot.waitUntil(lambda: listed.listing(other).deals == 1, timeout=WAIT)
    assert (form.declarer.currentText(), form.bid.text()) == ("Bernd", "24")
    keys.tab_to(form.result)
    keys.choose(form.result, "won")
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        keys.press(Qt.Key.Key_Return)
    assert [e["declarer"] for e in stored_entries(db, sid)] == [1]


def test_the_shell_signing_the_series_locks_the_desks_row(qtbot, window, db):
    """The series is closed by ``db close`` while a game is typed in the desk: the desk
    notices (its watch), the row is locked with the reason, nothing is stored."""
    sid = new_series(window.store)
    form = desk_form(qtbot, window, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    run_cli(db, "close", sid, "--author", "Anna")
    qtbot.waitUntil(lambda: not form.fields.isEnabled(), timeout=WAIT)
    assert form.closed_note.text().startswith("This series is closed")
    assert not form.submit()
    assert stored_entries(db, sid) == []


def test_closing_the_program_while_a_game_is_on_its_way_stores_it(qtbot, window, db):
    sid = new_series(window.store)
    form = desk_form(qtbot, window, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    assert form.submit() and form.busy
    window.close()  # the writer's last jobs are done before it closes
    assert [e["bid"] for e in stored_entries(db, sid)] == [24]


def test_a_game_kept_for_a_lock_is_not_dropped_at_closing_without_asking(
    qtbot, window, db, monkeypatch
):
    """Another program holds the write lock: Enter leaves the game in the row ("press
    Enter to try again"). Closing now asks before the game is lost; No keeps it."""
    sid = new_series(window.store)
    form = desk_form(qtbot, window, sid)
    asked: list[str] = []
    answer = [False]

    def ask(parent, title, text):
        asked.append(text)
        return answer[0]

    monkeypatch.setattr(club_files, "ask_yes", ask)
    assert window.club.may_close() and asked == []  # nothing typed: nothing to ask
    form.fill(game(1, "grand", 24, True, matadors=2))
    lock = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    lock.execute("BEGIN IMMEDIATE")
    try:
        assert form.submit() and form.busy
        assert not window.club.may_close()  # waited for the answer: busy, so asked
        assert not form.busy
        assert form.problem.text().startswith("The database is busy")
        assert asked == [
            "Deal 1 of “Friday” is typed in the club desk but not stored.\n\n"
            "Close the program and lose it?"
        ]
        assert form.entry()[0]["bid"] == 24  # still there
        window.club.desk.close()  # the desk only hides: opened again, the game is there
        assert window.club.open_desk().entry_form is form and form.entry()[0]["bid"] == 24
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        assert form.submit()
    assert window.club.may_close() and len(asked) == 1


def test_quitting_with_a_game_typed_in_the_desk_asks_first(qtbot, window, db, monkeypatch):
    sid = new_series(window.store)
    form = desk_form(qtbot, window, sid)
    asked: list[str] = []
    monkeypatch.setattr(club_files, "ask_yes", lambda *a: asked.append(a[2]) or False)
    form.fill(game(1, "grand", 24, True, matadors=2))
    window.quit_window()
    assert asked and window.isVisible()


def test_a_read_only_database_offers_no_entry_row(qtbot, tmp_path, db):
    """The window opened its database for viewing only (another program's file, a
    read-only share): the desk shows the sheets, offers no row, and its menu nothing
    that writes."""
    new_series_store = Store.open(db)
    sid = new_series(new_series_store)
    new_series_store.close()
    viewer = Store.open(db, read_only=True, busy_ms=0)
    try:
        w = make_window(qtbot, tmp_path, store=viewer, size=(1280, 800))
        w.club.menu.aboutToShow.emit()
        assert not w.club.act_evening.isEnabled() and not w.club.act_import.isEnabled()
        assert not w.club.act_restore.isEnabled()
        desk = w.club.open_desk(series_id=sid)
        qtbot.waitUntil(lambda: desk.page.header is not None, timeout=WAIT)
        assert desk.read_only and desk.entry_form is None
        before = fingerprint(db)
        w.club.import_series()
        w.club.new_evening()
        w.club.restore()
        assert fingerprint(db) == before
        desk.close()
    finally:
        wait_for_jobs()
        viewer.close()
