"""A backup cut off while it was written (a stick pulled out too early) is never restored.

The tester's case: a backup missing its last bytes still opened, the missing part of its
last page read as zeros, and ``PRAGMA integrity_check`` passed, so the restore replaced
the club's database and the last deal's move log was destroyed without a word. The
header says how long the file must be; a shorter one is refused in one line, and the
database stays as it was.
"""

from __future__ import annotations

import hashlib
import io
import random
from pathlib import Path

import pytest
from club_tools import play

from skat_desktop.app import exchange as ex
from skat_desktop.app.sheets import SeriesService
from skat_desktop.cli import main
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import CorruptDatabase
from skat_desktop.store.repository import Store


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, Path]:
    """(the club's database, a complete backup of another club's long series)."""
    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    store.add_player("Anna")
    store.close()
    source = Store.open(tmp_path / "other.sqlite3")
    ids = [source.add_player(n) for n in ("Bernd", "Cem", "Dora")]
    play(SeriesService(source, source.create_series("Abend", "2024-05-01", ids, ISKO)), 24, 7)
    backup = ex.backup(source, tmp_path / "backup.sqlite3")
    source.close()
    return db, backup


@pytest.mark.parametrize("cut", [1, 1000, 4096, "half"])
def test_a_cut_backup_is_refused_and_the_database_stays(club, cut):
    db, backup = club
    data = backup.read_bytes()
    keep = len(data) // 2 // 4096 * 4096 if cut == "half" else len(data) - cut
    short = backup.with_name("short.sqlite3")
    short.write_bytes(data[:keep])
    before = digest(db)
    with pytest.raises(CorruptDatabase, match="incomplete") as caught:
        ex.restore(short, db)
    assert caught.value.code == "backup_cut"
    assert f"({keep} of its {len(data)} bytes)" in str(caught.value)
    assert digest(db) == before
    assert sorted(p.name for p in db.parent.iterdir() if "before-restore" in p.name) == []
    ex.restore(backup, db)  # the whole backup still restores
    store = Store.open(db)
    assert store.deals_stored(1) == 24
    store.close()


def test_the_cli_says_it_in_one_line(club, capsys):
    db, backup = club
    short = backup.with_name("short.sqlite3")
    short.write_bytes(backup.read_bytes()[:-10])
    code = main(["db", "--db", str(db), "restore", str(short)], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "short.sqlite3 is incomplete" in err


def test_damage_found_in_a_backup_is_the_backups(club):
    db, backup = club
    data = bytearray(backup.read_bytes())
    rng = random.Random(3)
    for at in rng.sample(range(4096, len(data)), 400):
        data[at] ^= 0xFF
    broken = backup.with_name("broken.sqlite3")
    broken.write_bytes(bytes(data))
    with pytest.raises(CorruptDatabase) as caught:
        ex.restore(broken, db)
    assert caught.value.code == "backup_damaged"
    assert caught.value.params["path"] == broken
