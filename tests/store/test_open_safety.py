"""Opening the database safely: readers write nothing, writers check before writing,
newer files stay untouched, new files are private, links stay links (issue 22)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from skat_desktop.store.database import (
    CorruptDatabase,
    DatabaseBusy,
    NewerDatabase,
    StoreError,
    explain,
    open_database,
)
from skat_desktop.store.repository import Store
from skat_desktop.store.schema import KNOWN


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def club(path: Path) -> Path:
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    from skat_desktop.app.sheets import SeriesService
    from skat_desktop.engine.profiles import ISKO

    sid = store.create_series("Friday", "2026-11-20", ids, ISKO)
    svc = SeriesService(store, sid)
    for _ in range(3):
        svc.add_entry(
            {
                "kind": "game",
                "declarer": 1,
                "contract": {"game": "clubs"},
                "bid": 18,
                "won": True,
                "matadors": 1,
                "with_matadors": True,
            }
        )
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return path


def test_a_reader_writes_nothing_and_never_waits_for_a_writer(tmp_path):
    path = club(tmp_path / "club.sqlite3")
    before = digest(path)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")  # another program in the middle of a write
    try:
        reader = Store.open(path, read_only=True, busy_ms=0)
        assert [p["name"] for p in reader.players()] == ["Anna", "Bernd", "Cem"]
        with pytest.raises(StoreError):
            reader.add_player("Dora")  # a viewer cannot write, and says so in one line
        reader.close()
        # A writer, by contrast, is told at once that the file is busy.
        with pytest.raises(DatabaseBusy) as e:
            Store.open(path, busy_ms=0).add_player("Dora")
        assert "\n" not in str(e.value)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert digest(path) == before


def test_an_ordinary_open_takes_no_write_lock(tmp_path):
    """Opening an up-to-date file writes no pragma: it works while another program writes."""
    path = club(tmp_path / "club.sqlite3")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO players (name, guest, kind, created) VALUES ('Dora',0,'human','x')")
    try:
        store = Store.open(path, busy_ms=0)
        assert len(store.players()) == 3  # the uncommitted player is not seen
        store.close()
    finally:
        writer.execute("COMMIT")
        writer.close()


def test_a_missing_file_is_not_created_by_a_reader(tmp_path):
    with pytest.raises(StoreError, match="there is no database"):
        open_database(tmp_path / "none.sqlite3", read_only=True)
    assert not (tmp_path / "none.sqlite3").exists()


def test_a_newer_user_version_is_refused_and_left_untouched(tmp_path):
    path = club(tmp_path / "club.sqlite3")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={len(KNOWN) + 1}")
    conn.commit()
    conn.close()
    before = digest(path)
    for read_only in (False, True):
        with pytest.raises(NewerDatabase, match="newer skat-desktop"):
            open_database(path, read_only=read_only)
    assert digest(path) == before
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == len(KNOWN) + 1


def _damage(path: Path) -> None:
    """Overwrite the middle of the players table's page with garbage (a malformed page)."""
    conn = sqlite3.connect(path)
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'deal_scores'").fetchone()[
        0
    ]
    conn.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size + 8)
        f.write(b"\xff" * 64)


def test_a_damaged_file_is_refused_before_anything_is_written(tmp_path):
    path = club(tmp_path / "club.sqlite3")
    _damage(path)
    before = digest(path)
    with pytest.raises(CorruptDatabase) as e:
        Store.open(path)
    assert "\n" not in str(e.value) and "damaged" in str(e.value)
    assert digest(path) == before


def test_the_cli_reports_a_damaged_file_in_one_line(tmp_path):
    path = club(tmp_path / "club.sqlite3")
    _damage(path)
    before = digest(path)
    r = subprocess.run(
        [sys.executable, "-m", "skat_desktop", "db", "--db", str(path), "players", "--add", "D"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert digest(path) == before


def test_damage_is_said_in_plain_english_for_every_verb():
    damage = sqlite3.DatabaseError("database disk image is malformed")
    said = {
        verb: str(explain(damage, "club.sqlite3", verb)).split(":")[0]
        for verb in ("use", "read", "write", "open", "check", "create", "restore")
    }
    assert said == {
        "use": "club.sqlite3 cannot be used",
        "read": "club.sqlite3 cannot be read",  # was "cannot be readd"
        "write": "club.sqlite3 cannot be written",
        "open": "club.sqlite3 cannot be opened",
        "check": "club.sqlite3 cannot be checked",
        "create": "club.sqlite3 cannot be created",
        "restore": "club.sqlite3 cannot be restored",
    }


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_new_database_and_its_folder_are_private(tmp_path):
    old = os.umask(0o022)
    try:
        path = tmp_path / "data" / "skat" / "club.sqlite3"
        Store.open(path).close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    leftovers = [p.name for p in path.parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_linked_database_stays_a_link(tmp_path):
    real = club(tmp_path / "real.sqlite3")
    link = tmp_path / "link.sqlite3"
    link.symlink_to(real)
    store = Store.open(link)
    store.add_player("Dora")
    store.close()
    assert link.is_symlink()
    assert "Dora" in [p["name"] for p in Store.open(real, read_only=True).players()]


def test_an_empty_file_left_by_a_killed_first_start_is_a_new_database(tmp_path):
    path = tmp_path / "club.sqlite3"
    path.write_bytes(b"")
    Store.open(path).add_player("Anna")
    assert Store.open(path, read_only=True).players()[0]["name"] == "Anna"


def test_first_starts_at_the_same_instant_all_succeed(tmp_path):
    """Several programs creating the same new database at once: one file, every write kept."""
    path = tmp_path / "club.sqlite3"
    code = (
        "import sys, time\n"
        "from skat_desktop.store.repository import Store\n"
        "while time.time() < float(sys.argv[2]): pass\n"
        "Store.open(sys.argv[1]).add_player(sys.argv[3])\n"
    )
    import time

    start = str(time.time() + 1.5)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(path), start, f"P{i}"], stderr=subprocess.PIPE
        )
        for i in range(5)
    ]
    errors = [p.communicate(timeout=60)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0] * 5, errors
    names = sorted(p["name"] for p in Store.open(path, read_only=True).players())
    assert names == [f"P{i}" for i in range(5)]
    assert [p.name for p in tmp_path.iterdir() if ".creating" in p.name] == []


def test_memory_is_an_in_memory_database_not_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = Store.open(":memory:")
    store.add_player("Anna")
    assert list(tmp_path.iterdir()) == []
