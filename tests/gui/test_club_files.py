"""The club's files from the menu (issue 25, item 5): JSON export and import, a sheet and a
ranking as CSV, backup and restore -- each compared with what ``skat-desktop db …`` does
with the same database, and each bad file refused in one line with the database unchanged
(its rows counted and its series exported before and after).
"""

from __future__ import annotations

import io
import json
import sqlite3

import pytest
from PySide6.QtWidgets import QApplication

from skat_desktop.app import exchange
from skat_desktop.cli import main
from skat_desktop.gui import club_files, i18n
from skat_desktop.gui.club_files import ExportDialog
from skat_desktop.gui.store_worker import StoreWriter, wait_for_jobs
from skat_desktop.store.repository import Store

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
    """Two tables of one Friday (the first with a stake, a correction, signed) and a table
    of the autumn before, entered from the shell."""
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
    db(path, "correct", "1", "3", "--passed", "--author", "Dora", "--reason", "all passed")
    db(path, "close", "1", "--author", "Anna")
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


@pytest.fixture(autouse=True)
def no_boxes_left(qapp):
    yield
    wait_for_jobs()
    for box in messages():
        box.close()
    i18n.remove_translations(qapp)


def messages() -> list:
    return [
        w
        for w in QApplication.topLevelWidgets()
        if w.objectName() == "ClubFilesMessage" and w.isVisible()
    ]


def finished(qtbot, task) -> None:
    """Wait until ``task`` has answered (at once if it already has)."""
    assert task is not None
    if task.running:
        qtbot.waitSignal(task.finished, timeout=WAIT).wait()
    assert not task.running


def fingerprint(path) -> tuple:
    """Every table's rows, counted, and every series as the export writes it."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        counts = tuple(
            (t, conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]) for t in tables
        )
    finally:
        conn.close()
    reader = Store.open(path, read_only=True)
    try:
        ids = [r["id"] for r in reader.list_series()]
        document = exchange.dumps_export(exchange.export_series(reader, ids))
    finally:
        reader.close()
    return counts, document


def one_line_refusal(task, start: str) -> None:
    assert task.ok is False
    assert "\n" not in task.message and task.message.startswith(start), task.message
    assert [b.text() for b in messages()] == [task.message]


# ---------------------------------------------------------------------------- export


def test_every_series_exported_is_the_export_of_the_cli(qtbot, club, store, tmp_path):
    out = tmp_path / "all.json"
    task = club_files.export_series_json(None, store, None, out)
    finished(qtbot, task)
    assert task.ok and task.message == "Exported 3 series to all.json."
    db(club, "export", "3", "1", "2", "--out", str(tmp_path / "cli.json"))  # oldest first
    assert out.read_text() == (tmp_path / "cli.json").read_text()


def test_the_chosen_series_only(qtbot, club, tmp_path):
    out = tmp_path / "two.json"
    task = club_files.export_series_json(None, club, [2], out)
    finished(qtbot, task)
    assert task.ok, task.message
    document = json.loads(out.read_text())
    assert [s["title"] for s in document["series"]] == ["Friday table 2"]
    assert [p["name"] for p in document["players"]] == ["Dora", "Emil", "Anna", "Bernd"]


def test_a_sheet_and_a_ranking_as_csv_are_the_cli_s(qtbot, club, store, tmp_path):
    task = club_files.export_sheet_csv(None, store, 1, tmp_path / "sheet.csv")
    finished(qtbot, task)
    assert task.ok, task.message
    db(club, "sheet", "1", "--csv", str(tmp_path / "cli_sheet.csv"))
    assert (tmp_path / "sheet.csv").read_bytes() == (tmp_path / "cli_sheet.csv").read_bytes()

    task = club_files.export_ranking_csv(
        None, club, "2026-01-01", "2026-12-31", None, "seeger_fabian", tmp_path / "rank.csv"
    )
    finished(qtbot, task)
    assert task.ok, task.message
    db(
        club,
        "ranking",
        "--from",
        "2026-01-01",
        "--to",
        "2026-12-31",
        "--csv",
        str(tmp_path / "c.csv"),
    )
    assert (tmp_path / "rank.csv").read_bytes() == (tmp_path / "c.csv").read_bytes()


@pytest.mark.parametrize("kind", ["json", "csv", "ranking", "backup"])
def test_nothing_is_written_over_the_database(qtbot, club, store, kind):
    before = fingerprint(club)
    raw = club.read_bytes()
    if kind == "json":
        task = club_files.export_series_json(None, store, None, club)
    elif kind == "csv":
        task = club_files.export_sheet_csv(None, store, 1, club)
    elif kind == "ranking":
        task = club_files.export_ranking_csv(None, store, path=club)
    else:
        task = club_files.backup_database(None, store, club)
    finished(qtbot, task)
    start = "No backup written: " if kind == "backup" else "Not exported: "
    one_line_refusal(task, start)
    assert "database" in task.message
    assert club.read_bytes() == raw and fingerprint(club) == before


def test_a_dialog_cancelled_writes_nothing(qtbot, store, monkeypatch):
    asked = []

    def cancel(parent, caption, suggested, filters, suffix):
        asked.append((caption, suggested, suffix))
        return None

    monkeypatch.setattr(club_files, "ask_save_path", cancel)
    assert club_files.export_sheet_csv(None, store, 1, title="Friday table 1 2026-03-06") is None
    assert club_files.export_series_json(None, store) is None
    assert asked[0][1] == "Friday table 1 2026-03-06.csv"
    assert asked[1][2] == "json"


# ---------------------------------------------------------------------------- import


def test_export_then_import_gives_the_same_sheets(qtbot, club, store, tmp_path):
    out = tmp_path / "all.json"
    finished(qtbot, club_files.export_series_json(None, store, None, out))
    other = Store.open(tmp_path / "other.sqlite3")
    other_writer = StoreWriter(other)
    try:
        task = club_files.import_series_json(None, other_writer, out)
        finished(qtbot, task)
        assert task.ok and task.message == "Imported 3 series from all.json."
        assert task.answer == [1, 2, 3]
        assert [b.text() for b in messages()] == [task.message]
        # oldest first: the autumn's table is series 1 there
        for here, there in ((3, 1), (1, 2), (2, 3)):
            assert db(club, "sheet", str(here)) == db(
                tmp_path / "other.sqlite3", "sheet", str(there)
            )
        assert db(club, "ranking") == db(tmp_path / "other.sqlite3", "ranking")
    finally:
        other_writer.close()
        other.close()


def _series_document(club) -> dict:
    reader = Store.open(club, read_only=True)
    try:
        return exchange.export_series(reader, [1])
    finally:
        reader.close()


def _hostile(kind: str, club, tmp_path) -> bytes:
    if kind == "not json":
        return b"Anna;Bernd;Cem\n24;-48;0\n"
    if kind == "wrong shape":
        return b'[{"title": "Friday"}]'
    if kind == "deep nesting":
        return b"[" * 200_000 + b"]" * 200_000
    document = _series_document(club)
    document["series"][0]["title"] = "Friday, once more"
    if kind == "huge number":
        document["series"][0]["deals"][0]["entry"]["bid"] = 10**40
    elif kind == "engine refuses":
        document["series"][0]["deals"][0]["entry"]["bid"] = 17  # not a value one can bid
    elif kind == "not utf-8":
        return json.dumps(document).encode("utf-16")
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("not json", "it is no JSON (line 1, column 1)"),
        ("wrong shape", "is not a Skat Desktop series export"),
        ("deep nesting", "nested far too deeply"),
        ("huge number", "does not fit in 64 bits"),
        ("engine refuses", "17 is not a game value one can bid"),
        ("not utf-8", "it is not UTF-8 text"),
    ],
)
def test_a_bad_file_changes_nothing_and_says_why_in_one_line(
    qtbot, club, store, writer, tmp_path, kind, why
):
    bad = tmp_path / "bad.json"
    bad.write_bytes(_hostile(kind, club, tmp_path))
    before = fingerprint(club)
    task = club_files.import_series_json(None, writer, bad)
    finished(qtbot, task)
    one_line_refusal(task, "Not imported, nothing was changed: ")
    assert why in task.message
    assert fingerprint(club) == before


def test_the_good_version_of_the_refused_file_is_imported(qtbot, club, store, writer, tmp_path):
    """The refusals above are the file's fault: the same document unspoiled goes in."""
    good = tmp_path / "good.json"
    good.write_bytes(_hostile("title only", club, tmp_path))
    task = club_files.import_series_json(None, writer, good)
    finished(qtbot, task)
    assert task.ok, task.message
    assert task.answer == [4]
    assert "Friday, once more" in db(club, "sheet", "4")


def test_without_a_writer_nothing_is_imported(qtbot, club, tmp_path):
    out = tmp_path / "one.json"
    finished(qtbot, club_files.export_series_json(None, club, [1], out))
    task = club_files.import_series_json(None, None, out)
    finished(qtbot, task)
    one_line_refusal(task, "Not imported, nothing was changed: ")
    assert "viewing only" in task.message


def test_a_busy_database_imports_nothing(qtbot, club, store, writer, tmp_path):
    out = tmp_path / "one.json"
    finished(qtbot, club_files.export_series_json(None, club, [1], out))
    before = fingerprint(club)
    other = sqlite3.connect(club, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program in the middle of a write
    try:
        task = club_files.import_series_json(None, writer, out)
        finished(qtbot, task)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert task.ok is False and "\n" not in task.message
    assert "busy" in task.message or "locked" in task.message
    assert fingerprint(club) == before


# ---------------------------------------------------------------------- backup/restore


def write(qtbot, writer, job) -> object:
    """Run ``job`` on the window's writer; its answer (it must succeed)."""
    with qtbot.waitSignal(writer.done, timeout=WAIT) as blocker:
        writer.submit(job)
    _ticket, ok, answer = blocker.args
    assert ok, answer
    return answer


def test_backup_then_restore_brings_the_sheets_back(
    qtbot, club, store, writer, tmp_path, monkeypatch
):
    backup = tmp_path / "friday.sqlite3"
    task = club_files.backup_database(None, store, backup)
    finished(qtbot, task)
    assert task.ok and backup.is_file(), task.message
    sheets = [db(club, "sheet", str(n)) for n in (1, 2, 3)]
    before = fingerprint(club)
    game(club, 2, "Bernd", "hearts", 20, True)  # the evening goes on after the backup
    write(qtbot, writer, lambda s: s.add_player("Gustav"))  # the window's writer too
    assert fingerprint(club) != before

    questions = []
    monkeypatch.setattr(
        club_files, "ask_yes", lambda parent, title, text: questions.append(text) or True
    )
    calls = []
    task = club_files.restore_database(
        None,
        club,
        lambda: calls.append("before"),
        lambda restored: calls.append(("after", restored)),
        backup,
    )
    assert calls == ["before"]  # asked first, then told before anything is touched
    finished(qtbot, task)
    assert task.ok, task.message
    assert calls == ["before", ("after", True)]
    kept = exchange.kept_name(club)
    assert task.message == f"Restored friday.sqlite3; the previous content is kept as {kept}."
    assert "club.sqlite3.before-restore" in questions[0]
    assert [db(club, "sheet", str(n)) for n in (1, 2, 3)] == sheets
    assert fingerprint(club) == before
    # the window's own connections read the restored content at once, and write on
    assert store.find_player("Gustav") is None
    assert len(store.deal_rows(2)) == 2
    write(qtbot, writer, lambda s: s.add_player("Hanna"))
    assert store.find_player("Hanna") is not None and store.find_player("Gustav") is None
    # and the content replaced is kept beside the database
    old = Store.open(kept, read_only=True)
    assert old.find_player("Gustav") is not None
    old.close()


def test_restore_asks_first_and_no_changes_nothing(qtbot, club, tmp_path, monkeypatch):
    backup = tmp_path / "b.sqlite3"
    db(club, "backup", str(backup))
    game(club, 2, "Bernd", "hearts", 20, True)
    before = fingerprint(club)
    monkeypatch.setattr(club_files, "ask_yes", lambda parent, title, text: False)
    calls = []
    task = club_files.restore_database(
        None, club, lambda: calls.append("before"), calls.append, backup
    )
    assert task is None and calls == []
    assert fingerprint(club) == before and not exchange.kept_name(club).exists()


def test_the_window_may_refuse_a_restore(qtbot, club, tmp_path, monkeypatch):
    backup = tmp_path / "b.sqlite3"
    db(club, "backup", str(backup))
    game(club, 2, "Bernd", "hearts", 20, True)
    before = fingerprint(club)
    monkeypatch.setattr(club_files, "ask_yes", lambda parent, title, text: True)
    calls = []
    task = club_files.restore_database(None, club, lambda: False, calls.append, backup)
    finished(qtbot, task)
    one_line_refusal(task, "Not restored: ")
    assert calls == [] and fingerprint(club) == before


def test_a_file_that_is_no_backup_restores_nothing(qtbot, club, store, tmp_path, monkeypatch):
    not_a_backup = tmp_path / "all.json"
    finished(qtbot, club_files.export_series_json(None, store, None, not_a_backup))
    before = fingerprint(club)
    monkeypatch.setattr(club_files, "ask_yes", lambda parent, title, text: True)
    calls = []
    task = club_files.restore_database(
        None,
        club,
        lambda: calls.append("before"),
        lambda restored: calls.append(("after", restored)),
        not_a_backup,
    )
    finished(qtbot, task)
    one_line_refusal(task, "Not restored: ")
    assert "all.json is not a Skat Desktop backup: it is no SQLite database." in task.message
    assert calls == ["before", ("after", False)]
    assert fingerprint(club) == before and not exchange.kept_name(club).exists()


# ---------------------------------------------------------------------- export dialog


def test_the_export_dialog_exports_the_chosen_sheet_as_csv(qtbot, club, store, tmp_path):
    dialog = ExportDialog(store, chosen=[1])
    qtbot.addWidget(dialog)
    if not dialog.series:
        qtbot.waitSignal(dialog.loaded, timeout=WAIT).wait()
    assert [s.title for s in dialog.series] == ["Friday table 2", "Friday table 1", "Autumn"]
    assert dialog.chosen_ids() == [1] and dialog.chosen_button.isChecked()
    assert dialog.all_button.text() == "&All series (3)"
    dialog.set_csv(True)
    assert dialog.export_button.isEnabled()
    dialog.set_chosen([1, 2])
    assert not dialog.export_button.isEnabled()
    assert dialog.status.text() == "A score sheet as CSV is one series: tick exactly one."
    dialog.set_chosen([1])
    task = dialog.export(tmp_path / "sheet.csv")
    finished(qtbot, task)
    assert task.ok, task.message
    db(club, "sheet", "1", "--csv", str(tmp_path / "cli.csv"))
    assert (tmp_path / "sheet.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()


def test_the_export_dialog_exports_every_series_as_json(qtbot, club, tmp_path):
    dialog = ExportDialog(club)
    qtbot.addWidget(dialog)
    if not dialog.series:
        qtbot.waitSignal(dialog.loaded, timeout=WAIT).wait()
    assert dialog.all_button.isChecked() and dialog.export_button.isEnabled()
    task = dialog.export(tmp_path / "all.json")
    finished(qtbot, task)
    assert task.ok, task.message
    assert len(json.loads((tmp_path / "all.json").read_text())["series"]) == 3


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
def test_the_export_dialog_cuts_no_text(qtbot, qapp, store, language):
    set_language(qapp, language)
    dialog = ExportDialog(store, chosen=[2])
    qtbot.addWidget(dialog)
    if not dialog.series:
        qtbot.waitSignal(dialog.loaded, timeout=WAIT).wait()
    dialog.show()
    dialog.resize(dialog.sizeHint())
    settle_layout()
    faults = widget_problems(dialog)
    assert not faults, (language, faults)
