"""Refusals, database and file errors and computer seat names in the player's language.

A table's refusal (``TableError``) carries a code for the window to word; a store or
import error is worded by :func:`skat_desktop.gui.errors.describe`; a computer's default
seat name ("beginner 2") is translated where it is shown. The English sentences stay
for the CLI and the log.

The checks run under the pseudo translation (every translated string comes back
bracketed), so a sentence that skips the translation shows; the German checks run once
the German catalogue holds the new sentences.
"""

from __future__ import annotations

import ast
import io
import os
import random
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app import exchange
from skat_desktop.app.exchange import ImportRefused
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import TableError
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.errors import InvalidRecord
from skat_desktop.engine.profiles import ISKO, TEXAS
from skat_desktop.gui.errors import describe
from skat_desktop.gui.game_words import seat_name
from skat_desktop.gui.i18n import PSEUDO, install_translations
from skat_desktop.gui.session import table_refusal
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.store.database import (
    CorruptDatabase,
    DatabaseBusy,
    NewerDatabase,
    ReadOnlyDatabase,
    StoreError,
)
from skat_desktop.store.iss import IssError, parse_iss_line
from skat_desktop.store.repository import Store

from .table_driver import make_window, start

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("skat_desktop/app/table.py", "skat_desktop/app/port.py")
SAMPLE = {"deal": 4, "profile": TEXAS, "size": 4, "deals": 36, "reason": "closed"}


def _raises() -> list[tuple[str, int, str | None, dict[str, object]]]:
    """Every ``raise TableError(...)`` of the table's sources: (file, line, code, params)."""
    found = []
    for source in SOURCES:
        tree = ast.parse((ROOT / source).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                continue
            call = node.exc
            if not (isinstance(call.func, ast.Name) and call.func.id == "TableError"):
                continue
            code = None
            if len(call.args) >= 2 and isinstance(call.args[1], ast.Constant):
                code = call.args[1].value
            params = {k.arg: SAMPLE.get(k.arg, k.arg) for k in call.keywords if k.arg}
            found.append((source, node.lineno, code, params))
    return found


def _refusals() -> list[TableError]:
    out = []
    for _, _, code, params in _raises():
        if code is None:
            continue
        if "aid" in params:
            out += [TableError("x", code, aid=aid) for aid in ("undo", "hint", "open", "replay")]
        else:
            out.append(TableError("an English sentence", code, **params))
    return out


@pytest.fixture
def pseudo(qapp):
    install_translations(qapp, PSEUDO)
    yield
    install_translations(qapp, "en")


@pytest.fixture
def german(qapp):
    """German, once the catalogue has this module's sentences (else the test is skipped)."""
    install_translations(qapp, "de")
    probe = "That is not possible now."
    if QCoreApplication.translate("TableSession", probe) == probe:
        install_translations(qapp, "en")
        pytest.skip("the German catalogue does not hold the new sentences yet")
    yield
    install_translations(qapp, "en")


def _translated(text: str) -> bool:
    """Under the pseudo translation: wholly a translated sentence, placeholders filled."""
    return text.startswith("[") and text.endswith("]") and "%" not in text


def test_every_table_refusal_a_player_can_reach_has_a_code():
    raises = _raises()
    assert len(raises) > 40  # the collection finds them
    missing = [f"{source}:{line}" for source, line, code, _ in raises if not code]
    assert missing == []


def test_every_table_refusal_is_said_in_the_players_language(pseudo):
    generic = table_refusal(TableError("x", "no such code"))
    for error in _refusals():
        text = table_refusal(error)
        assert _translated(text), (error.code, text)
        assert "English" not in text and "2**63" not in text
        assert text != generic, error.code


def test_an_unknown_code_gets_a_general_sentence_without_english(pseudo):
    text = table_refusal(TableError("the engine's own words", "a code of a newer version"))
    assert _translated(text) and "engine" not in text


def test_table_refusals_in_german(german):
    for error in _refusals():
        text = table_refusal(error)
        assert text and "%" not in text and "English" not in text, error.code
    assert table_refusal(TableError("x", "nothing_to_undo")) == (
        "Sie haben in diesem Spiel noch keine Karte gespielt."
    )
    size = table_refusal(TableError("x", "table_size", profile=TEXAS, size=4))
    # the league keeps its English name in German; the sentence around it is German
    assert size == "Texas State Skat League wird nicht an einem Tisch mit 4 Plätzen gespielt."


def _store_errors(tmp_path: Path) -> list[BaseException]:
    """Errors as the store and the import raise them (paths of this test's folder)."""
    errors: list[BaseException] = []
    foreign = tmp_path / "notes.sqlite3"
    foreign.write_text("not a database at all, but long enough to have a header")
    for opening in (
        lambda: Store.open(foreign),
        lambda: Store.open(tmp_path / "missing.sqlite3", create=False),
        lambda: Store.open(tmp_path),
    ):
        with pytest.raises(StoreError) as caught:
            opening()
        errors.append(caught.value)
    store = Store.open(tmp_path / "s.sqlite3")
    try:
        store.save_profile(ISKO.copy("meine", "Meine"))
        with pytest.raises(StoreError) as caught:
            store.save_profile(ISKO.copy("meine", "Meine", bock_rounds=not ISKO.bock_rounds))
        errors.append(caught.value)
        ids = [store.ensure_player(n) for n in ("Anna", "Bert", "Cleo")]
        for refused in (
            lambda: store.add_player("x" * 201),
            lambda: store.rename_player(ids[0], "Anna\u202eBerg"),
            lambda: store.create_series("", "2026-01-09", ids, ISKO),
            lambda: store.create_series("a\tb", "2026-01-09", ids, ISKO),
            lambda: store.create_series("T", "2026-01-09", ids, ISKO, place="p" * 10_001),
            lambda: store.create_series("T", "2026-01-09", ids, ISKO, stake_cents=-3),
            lambda: store.create_series("T", "2026-01-09", ids, ISKO, planned_deals=0),
        ):
            with pytest.raises(StoreError) as caught:
                refused()
            errors.append(caught.value)
        at_table = store.create_series("T", "2026-01-09", ids, ISKO)
        store.save_live(at_table, "{}", deal_number=1, deals_done=0)  # a table plays it
        with pytest.raises(StoreError) as caught:
            SeriesService(store, at_table).add_entry({"kind": "passed_in"})
        errors.append(caught.value)
        with pytest.raises(StoreError) as caught:  # nor signed under it
            SeriesService(store, at_table).close("Anna")
        errors.append(caught.value)
        from skat_desktop.app.sheets import give_up_saved_table
        from skat_desktop.store.series_hold import SeriesHold

        hold = SeriesHold.take(tmp_path / "s.sqlite3", at_table)  # a window plays it
        try:
            with pytest.raises(StoreError) as caught:  # so the desk does not give it up
                give_up_saved_table(store, at_table, tmp_path / "s.sqlite3")
            errors.append(caught.value)
        finally:
            hold.release()
        os.rename(tmp_path / "s.sqlite3", tmp_path / "moved.sqlite3")  # under a window
        try:
            with pytest.raises(StoreError) as caught:  # nothing is written into it then
                store.save_live(at_table, "{}", deal_number=2, deals_done=0)
            errors.append(caught.value)
        finally:
            os.rename(tmp_path / "moved.sqlite3", tmp_path / "s.sqlite3")
        for raw in (b"\xff\xfe", b"{ not json", b"[]", b'{"format": "other"}'):
            with pytest.raises(ImportRefused) as caught:
                exchange.import_series(store, exchange.read_export(io.BytesIO(raw)))
            errors.append(caught.value)
    finally:
        store.close()
    with pytest.raises(IssError) as caught:
        parse_iss_line("(;GM[Chess];)")
    errors.append(caught.value)
    errors += [
        NewerDatabase("x was written by a newer skat-desktop"),
        CorruptDatabase("x is damaged"),
        DatabaseBusy("x is being created by another program"),
        ReadOnlyDatabase("x cannot be written"),
        sqlite3.OperationalError("database is locked"),
        sqlite3.OperationalError("database or disk is full"),
        sqlite3.DatabaseError("file is not a database"),
        InvalidRecord("the record lacks its deal"),
    ]
    return errors


def test_store_and_file_errors_are_said_in_the_players_language(pseudo, tmp_path):
    for error in _store_errors(tmp_path):
        text = describe(error)
        assert _translated(text), (type(error).__name__, str(error), text)
        assert text != f"[{error}]"
    foreign = describe(_store_errors(tmp_path)[0])
    assert "notes.sqlite3" in foreign and str(tmp_path) not in foreign  # its name suffices


def test_store_errors_in_german(german, tmp_path):
    texts = [describe(e) for e in _store_errors(tmp_path)]
    assert texts[0] == "notes.sqlite3 ist keine SQLite-Datenbank."
    assert all(t and "%" not in t for t in texts)
    assert "Ein Spielername hat höchstens 200 Zeichen." in texts
    assert "Ein Spielername darf das unsichtbare Steuerzeichen U+202E nicht enthalten." in texts
    assert "Der Einsatz muss eine Zahl von 0 bis 1000000000 Cent je Punkt sein." in texts
    moved = tmp_path / "s.sqlite3"
    assert (
        f"Die Datenbankdatei {moved} wurde verschoben, ersetzt oder gelöscht, während sie "
        "geöffnet war; es wird nichts mehr darin gespeichert, bis sie wieder unter diesem "
        "Namen liegt."
    ) in texts


def test_an_export_that_cannot_be_written_is_said_in_german_alone(german, tmp_path, monkeypatch):
    """It said "… konnte nicht exportiert oder eingelesen werden: cannot write …:
    Permission denied": the store's English sentence inside the German one."""
    monkeypatch.setenv("SKAT_DESKTOP_FAIL_AT", "export.write")
    target = tmp_path / "sheet.csv"
    with pytest.raises(exchange.ExchangeError) as caught:
        exchange.write_csv([{"number": 1}], target)
    assert describe(caught.value) == f"{target} kann nicht geschrieben werden."


def test_taking_back_a_card_before_any_is_refused_in_the_players_language(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    install_translations(QCoreApplication.instance(), PSEUDO)
    try:
        start(window, practice=True, length=0, seed=3, seats=["human", "random", "random"])
        qtbot.waitUntil(lambda: window.controller.deal is not None)
        assert not window.controller.actions or window.controller.deal.cards_played == 0
        window.statusBar().clearMessage()
        window.undo_card()
        shown = window.statusBar().currentMessage()
        assert _translated(shown), shown
        assert "have not played a card" in shown  # the sentence of this refusal
        assert not shown.startswith("[you ")  # not the table's English sentence
    finally:
        install_translations(QCoreApplication.instance(), "en")


def _play(store: Store, series: int, deals: int) -> None:
    svc = SeriesService(store, series)
    rng = random.Random(5)
    players = [RandomPlayer(random.Random(rng.random())) for _ in range(3)]
    seeds = deal_seeds(5)
    for _ in range(deals):
        s = next(seeds)
        dealer, bock, ramsch = svc.next_context()
        setup = DealSetup(ISKO, deal_from_seed(s), s, 3, dealer, bock, ramsch)
        svc.record_played(play_deal(Deal(setup), players))


def test_computer_seat_names_are_translated_on_the_sheet_and_stay_stored(qtbot, qapp, tmp_path):
    store = Store.open(tmp_path / "sheet.sqlite3")
    ids = [store.add_player(n) for n in ("Anna", "beginner 2", "expert 3")]
    sid = store.create_series("Evening", "2026-01-09", ids, ISKO)
    _play(store, sid, 2)
    install_translations(qapp, PSEUDO)
    try:
        view = ScoreSheetView(store, sid)
        qtbot.addWidget(view)
        qtbot.waitUntil(lambda: view.summary is not None and not view.busy, timeout=20000)
        headings = view.model.headings()
        assert "Anna" in headings  # a player's own name as it is
        assert seat_name("beginner 2") in headings and "beginner 2" not in headings
        assert _translated(seat_name("expert 3")) and "3" in seat_name("expert 3")
        assert seat_name("random 4").endswith("]")
    finally:
        install_translations(qapp, "en")
    assert [p["name"] for p in store.players()][1:] == ["beginner 2", "expert 3"]
    store.close()


def test_computer_seat_names_in_german(german):
    assert [seat_name(n) for n in ("beginner 2", "standard 3", "random 4", "expert 2")] == [
        "Anfänger 2",
        "Standard 3",
        "Zufall 4",
        "Experte 2",
    ]
    assert seat_name("Anna") == "Anna" and seat_name("beginner") == "beginner"


def _texts(widget) -> str:
    """Every line a widget shows: its labels' texts and, for a list, its items."""
    from PySide6.QtWidgets import QLabel

    parts = [label.text() for label in widget.findChildren(QLabel) if label.isVisibleTo(widget)]
    return "\n".join(parts)


def test_computer_names_are_german_in_the_log_and_the_deal_end(qtbot, tmp_path, german):
    """The plates said "Anfänger 2" while the game log and the end of the deal said
    "beginner 2 reizt 18": every place that names a seat shows the same name."""
    from .table_driver import TablePlayer

    window = make_window(qtbot, tmp_path, size=(1280, 800))
    start(window, seed=11, length=4, seats=["human", "beginner", "standard"])
    TablePlayer(qtbot, window, seed=3).play_deal()
    assert window.host.current is window.deal_over
    log = "\n".join(window.game_log.lines)
    deal_end = _texts(window.deal_over)
    for shown in (log, deal_end):
        assert "Anfänger 2" in shown and "Standard 3" in shown, shown
        assert "beginner" not in shown and "standard 3" not in shown, shown
    # the table keeps the stored names: the sheet and statistics keep one name per seat
    assert list(window.session.port.names)[1:] == ["beginner 2", "standard 3"]


def test_a_bad_backup_is_said_as_the_backups_fault_not_the_databases(tmp_path, german):
    """Restoring a damaged or cut-off backup said "the database is damaged; restore a
    backup": the club's database was fine, and the backup was the one to replace."""
    db = tmp_path / "club.sqlite3"
    Store.open(db).close()
    source = Store.open(tmp_path / "other.sqlite3")
    source.add_player("Anna")
    backup = exchange.backup(source, tmp_path / "backup.sqlite3")
    source.close()
    data = backup.read_bytes()
    cut = tmp_path / "stick.sqlite3"
    cut.write_bytes(data[:-100])
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    said = []
    for bad in (cut, broken):
        with pytest.raises(CorruptDatabase) as caught:
            exchange.restore(bad, db)
        said.append(describe(caught.value))
    assert said == [
        "Die Sicherung stick.sqlite3 ist unvollständig: Sie wurde beim Schreiben abgeschnitten."
        " Spielen Sie eine andere Sicherung zurück.",
        "Die Sicherung broken.sqlite3 ist beschädigt; spielen Sie eine andere Sicherung zurück.",
    ]


def test_a_series_imported_twice_is_refused_in_the_players_language(qapp):
    """The refusal of a series already in the database came half in English in German
    ("... Der Serien-Export kann nicht eingelesen werden: series 1 ('Freitag') is already
    in the database as series 1")."""
    from skat_desktop.app.exchange import ImportRefused
    from skat_desktop.gui import i18n
    from skat_desktop.gui.errors import describe

    e = ImportRefused(
        "series 1 ('Freitag') is already in the database as series 4",
        "already_there",
        title="Freitag",
        twin=4,
    )
    try:
        i18n.install_translations(qapp, "de")
        said = describe(e)
    finally:
        i18n.remove_translations(qapp)
    assert "Die Serie „Freitag“ ist bereits in der Datenbank (Serie 4)." in said
    assert "already" not in said and "series" not in said
