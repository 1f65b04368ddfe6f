"""The database file: creation, migrations, refusals, append-only history, crash safety."""

from __future__ import annotations

import hashlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.store.database import (
    CorruptDatabase,
    ForeignDatabase,
    NewerDatabase,
    StoreError,
    default_path,
    open_database,
)
from skat_desktop.store.repository import SeriesClosed, Store
from skat_desktop.store.schema import APPLICATION_ID, KNOWN

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "store-schema-1.sqlite3"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def three(store: Store) -> list[int]:
    return [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]


def test_new_database_is_wal_strict_with_foreign_keys(tmp_path):
    db = open_database(tmp_path / "new.sqlite3")
    c = db.conn
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    tables = [
        r[0]
        for r in c.execute(
            "SELECT sql FROM sqlite_master WHERE type='table' AND name NOT LIKE '\\_%' ESCAPE '\\'"
        )
    ]
    assert tables and all(sql.rstrip().endswith("STRICT") for sql in tables)
    applied = [r[0] for r in c.execute("SELECT name FROM _sqlite_migrations")]
    assert applied == list(KNOWN)


def test_default_path_is_in_the_user_data_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = default_path()
    assert path.parent.name == "skat-desktop"
    if sys.platform.startswith("linux"):
        assert tmp_path in path.parents
        Store.open().close()  # created on first use
        assert path.exists()


def test_strict_tables_refuse_wrong_types(tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute(
            "INSERT INTO players (name, guest, kind, created) VALUES ('x', 'yes', 'h', 'now')"
        )


def test_fixture_of_the_first_schema_opens_and_migrates(tmp_path):
    """Issue 3 item 1: a file written by the first schema is migrated on opening."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURE, path)
    store = Store.open(path)
    applied = [r[0] for r in store.conn.execute("SELECT name FROM _sqlite_migrations")]
    assert applied == list(KNOWN)
    info = store.list_series()[0]
    svc = SeriesService(store, info["id"])
    sheet = svc.sheet()
    assert len(sheet.lines) == 6
    assert sheet.lines[-1].corrected and sheet.lines[-1].value == 96  # Grand with 3 x 24
    assert svc.info.closed
    assert sum(sheet.totals) == sum(line.scores[i] for line in sheet.lines for i in range(3))


def test_newer_database_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "newer.sqlite3"
    shutil.copy(FIXTURE, path)
    with sqlite3.connect(path) as c:
        c.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
            " VALUES ('skat_desktop', 'm999_from_the_future', '2030-01-01')"
        )
    before = digest(path)
    with pytest.raises(NewerDatabase, match="newer skat-desktop"):
        open_database(path)
    assert digest(path) == before


def test_foreign_sqlite_file_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE notes (text TEXT)")
        c.execute("INSERT INTO notes VALUES ('hello')")
    before = digest(path)
    with pytest.raises(ForeignDatabase, match="another program"):
        open_database(path)
    assert digest(path) == before


def test_non_sqlite_and_damaged_files_are_refused(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("just some text, definitely not a database")
    with pytest.raises(ForeignDatabase, match="not a SQLite database"):
        open_database(text)
    damaged = tmp_path / "damaged.sqlite3"
    data = bytearray(FIXTURE.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # wreck the schema page
    damaged.write_bytes(bytes(data))
    with pytest.raises((CorruptDatabase, ForeignDatabase)):
        open_database(damaged)
    with pytest.raises(StoreError, match="folder"):
        open_database(tmp_path)


def test_deals_and_corrections_are_append_only(tmp_path):
    path = tmp_path / "s.sqlite3"
    shutil.copy(FIXTURE, path)
    store = Store.open(path)
    for sql in (
        "UPDATE deals SET dealer = 2",
        "DELETE FROM deals",
        "UPDATE corrections SET reason = 'x'",
        "DELETE FROM corrections",
        "DELETE FROM series_events",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            store.conn.execute(sql)


def test_closed_series_refuses_deals_until_reopened_with_a_reason(tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    sid = store.create_series("S", "2026-11-20", three(store), ISKO)
    svc = SeriesService(store, sid)
    entry = {
        "kind": "game",
        "declarer": 1,
        "contract": {"game": "clubs"},
        "bid": 18,
        "won": True,
        "matadors": 1,
    }
    svc.add_entry(entry)
    svc.close("Anna")
    with pytest.raises(SeriesClosed):
        svc.add_entry({**entry, "declarer": 2})
    with pytest.raises(StoreError, match="reason"):
        svc.reopen("Anna", "")
    svc.reopen("Bernd", "forgot the last game")
    svc.add_entry({**entry, "declarer": 2})
    events = store.series_events(sid)
    assert [(e["action"], e["author"]) for e in events] == [("close", "Anna"), ("reopen", "Bernd")]
    assert events[1]["reason"] == "forgot the last game"


def test_correction_keeps_history_and_sheet_shows_the_new_value(tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    sid = store.create_series("S", "2026-11-20", three(store), ISKO)
    svc = SeriesService(store, sid)
    # seat 0 deals first, so forehand is seat 1
    svc.add_entry(
        {
            "kind": "game",
            "declarer": 1,
            "contract": {"game": "hearts"},
            "bid": 18,
            "won": True,
            "matadors": 1,
        }
    )
    assert svc.sheet().totals == (0, 20, 0)
    svc.correct(
        1,
        "Cem",
        "it was lost",
        {
            "kind": "game",
            "declarer": 1,
            "contract": {"game": "hearts"},
            "bid": 18,
            "won": False,
            "matadors": 1,
        },
    )
    sheet = svc.sheet()
    assert sheet.totals == (0, -40, 0)
    assert sheet.lines[0].corrected
    (c,) = store.corrections(series_id=sid)
    assert c["author"] == "Cem" and c["reason"] == "it was lost"
    assert '"won":1' in c["old"] and '"won":false' in c["new"]
    original = store.deal_rows(sid)[0]
    assert '"won":true' in original["entry"]  # the original entry is untouched
    assert SeriesService(store, sid).sheet().totals == (0, -40, 0)


def test_impossible_entries_are_refused_and_nothing_is_stored(tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    sid = store.create_series("S", "2026-11-20", three(store), ISKO)
    svc = SeriesService(store, sid)
    bad = [
        (
            {
                "kind": "game",
                "declarer": 1,
                "contract": {"game": "hearts", "hand": True},
                "bid": 36,
                "won": True,
                "matadors": 1,
            },
            "overbid",
        ),
        (
            {
                "kind": "game",
                "declarer": 1,
                "contract": {"game": "grand"},
                "bid": 18,
                "won": True,
                "matadors": 5,
            },
            "1 to 4 matadors",
        ),
        (
            {
                "kind": "game",
                "declarer": 1,
                "contract": {"game": "clubs", "schneider_announced": True},
                "bid": 18,
                "won": True,
                "matadors": 1,
                "schneider": True,
            },
            "Hand game",
        ),
        (
            {
                "kind": "game",
                "declarer": 1,
                "contract": {"game": "clubs"},
                "bid": 19,
                "won": True,
                "matadors": 1,
            },
            "not a game value",
        ),
        (
            {
                "kind": "game",
                "declarer": 7,
                "contract": {"game": "clubs"},
                "bid": 18,
                "won": True,
                "matadors": 1,
            },
            "seat 7",
        ),
        ({"kind": "passed_in", "x": 1} | {"kind": "ramsch"}, "points and tricks"),
        (
            {
                "kind": "game",
                "declarer": 1,
                "contract": {"game": "null", "hand": True},
                "bid": 18,
                "won": True,
                "schneider": True,
            },
            "Schneider",
        ),
    ]
    for entry, message in bad:
        with pytest.raises(ImpossibleEntry, match=message):
            svc.add_entry(entry)
    assert store.deal_rows(sid) == []


def test_ramsch_entry_in_the_house_profile(tmp_path):
    """CR1 as a club entry: 61 / 39 / 20 with the skat included → forehand -61."""
    store = Store.open(tmp_path / "s.sqlite3")
    sid = store.create_series("S", "2026-11-20", three(store), HOUSE)
    svc = SeriesService(store, sid)
    # seat 1 is forehand; points from tricks without the skat (10), skat to the last trick
    svc.add_entry(
        {
            "kind": "ramsch",
            "points": [20, 51, 39],
            "tricks": [3, 4, 3],
            "last_trick": 1,
            "skat_points": 10,
        }
    )
    assert svc.sheet().totals == (0, -61, 0)


KILL_SCRIPT = textwrap.dedent(
    """
    import random, sys
    from skat_desktop.ai.random_player import RandomPlayer
    from skat_desktop.app.selfplay import play_deal
    from skat_desktop.app.sheets import SeriesService
    from skat_desktop.engine.deal import Deal, DealSetup
    from skat_desktop.engine.dealing import deal_from_seed
    from skat_desktop.engine.profiles import HOUSE
    from skat_desktop.store.repository import Store

    store = Store.open(sys.argv[1])
    ids = [store.ensure_player(n) for n in ("A", "B", "C", "D")]
    sid = store.create_series("kill", "2026-11-20", ids, HOUSE)
    svc = SeriesService(store, sid)
    players = [RandomPlayer(random.Random(1)) for _ in range(4)]
    print("ready", flush=True)
    seed = 0
    while True:
        d, b, r = svc.next_context()
        deal = Deal(DealSetup(HOUSE, deal_from_seed(seed), seed, 4, d, b, r))
        svc.record_played(play_deal(deal, players))
        seed += 1
    """
)


@pytest.mark.parametrize("delay", [0.3, 0.8, 1.5])
def test_sigkill_mid_series_loses_at_most_the_deal_in_progress(tmp_path, delay):
    """Issue 3 item 2: SIGKILL at any instant never corrupts the file."""
    path = tmp_path / "kill.sqlite3"
    script = tmp_path / "writer.py"
    script.write_text(KILL_SCRIPT)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    store = Store.open(path)
    assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    counts = store.conn.execute(
        "SELECT (SELECT COUNT(*) FROM deals), (SELECT COUNT(*) FROM deal_results),"
        " (SELECT COUNT(*) FROM deal_scores)"
    ).fetchone()
    assert counts[0] > 0
    assert counts[1] == counts[0] and counts[2] == 4 * counts[0]
    numbers = [r["number"] for r in store.deal_rows(1)]
    assert numbers == list(range(1, len(numbers) + 1))
    svc = SeriesService(store, 1)  # replays every stored deal through the engine
    assert len(svc.sheet().lines) == counts[0]


def test_a_copy_cannot_take_a_built_in_profile_name(tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    changed = ISKO.copy("isko", ISKO.title, grand_base=20)
    with pytest.raises(StoreError, match="built-in"):
        store.save_profile(changed)
    assert store.find_profile("isko") is None
    assert store.profile(store.save_profile(ISKO)) == ISKO
    store.close()
