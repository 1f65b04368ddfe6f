"""A restore never overwrites what an earlier restore kept.

The tester's cases: restoring twice (the wrong backup, then the right one) lost the
club's own content because both restores wrote ``<db>.before-restore``; a restore refused
after its copy was written, or killed before it changed anything, replaced the older
kept copy too; and ``db backup <db>.before-restore`` wrote over it. Now each restore
keeps the replaced content under the first free name (``.before-restore``, ``-2``, …),
removes its own copy when it changes nothing, and a backup refuses those names.
"""

from __future__ import annotations

import hashlib
import io
import os
import sqlite3
from pathlib import Path

import pytest
from fault_tools import KILLED, run_cli

from skat_desktop.app import exchange as ex
from skat_desktop.cli import main
from skat_desktop.store.repository import Store


def make_db(path: Path, *names: str) -> Path:
    store = Store.open(path)
    for name in names:
        store.add_player(name)
    store.close()
    return path


def make_backup(folder: Path, name: str, *players: str) -> Path:
    source = make_db(folder / f"{name}-source.sqlite3", *players)
    store = Store.open(source)
    dest = ex.backup(store, folder / f"{name}.sqlite3")
    store.close()
    return dest


def names(path: Path) -> list[str]:
    """The players in a file, read without changing a byte of it."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM players ORDER BY id")]
    finally:
        conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kept_files(db: Path) -> list[str]:
    return sorted(p.name for p in db.parent.iterdir() if ".before-restore" in p.name)


def cli(db: Path, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["db", "--db", str(db), *argv], out=out, inp=io.StringIO())
    return code, out.getvalue()


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(the club's database, a wrong backup, the right backup)."""
    db = make_db(tmp_path / "club.sqlite3", "Anna", "Bernd", "Club")
    wrong = make_backup(tmp_path, "wrong", "Wrong")
    right = make_backup(tmp_path, "right", "Right")
    return db, wrong, right


def test_restoring_twice_keeps_the_club_content_and_names_each_copy(club):
    db, wrong, right = club
    code, out = cli(db, "restore", str(wrong))
    assert code == 0
    assert f"the previous content is kept as {db}.before-restore\n" in out
    code, out = cli(db, "restore", str(right))
    assert code == 0
    assert f"the previous content is kept as {db}.before-restore-2\n" in out
    assert names(db) == ["Right"]
    assert names(Path(f"{db}.before-restore")) == ["Anna", "Bernd", "Club"]
    assert names(Path(f"{db}.before-restore-2")) == ["Wrong"]
    # the club's content comes back from the first kept copy, which again stays whole
    first = digest(Path(f"{db}.before-restore"))
    assert ex.restore(Path(f"{db}.before-restore"), db) == ex.kept_name(db, 3)
    assert names(db) == ["Anna", "Bernd", "Club"]
    assert digest(Path(f"{db}.before-restore")) == first
    assert kept_files(db) == [f"{db.name}.before-restore{n}" for n in ("", "-2", "-3")]


def test_a_restore_refused_after_its_copy_leaves_the_older_copy(club, monkeypatch):
    db, wrong, right = club
    kept = ex.restore(wrong, db)
    before_kept, before_db = digest(kept), digest(db)
    monkeypatch.setenv("SKAT_DESKTOP_FAIL_AT", "restore.commit")  # after the copy is made
    with pytest.raises(ex.ExchangeError) as info:
        ex.restore(right, db)
    assert digest(kept) == before_kept and names(kept) == ["Anna", "Bernd", "Club"]
    assert digest(db) == before_db and names(db) == ["Wrong"]
    assert "\n" not in str(info.value) and "nothing was restored" in str(info.value)
    assert kept_files(db) == [f"{db.name}.before-restore"]  # its own copy is gone again
    assert not [p for p in os.listdir(db.parent) if p.startswith(".")]


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for i in range(4096, len(data)):
        data[i] = (i * 7919) % 251
    path.write_bytes(bytes(data))


def test_a_damaged_database_gets_a_new_name_and_a_refused_swap_removes_it(club, monkeypatch):
    db, wrong, right = club
    kept = ex.restore(wrong, db)
    older = digest(kept)
    store = Store.open(db)
    for i in range(80):  # a second page that the damage can hit
        store.add_player(f"Padding {i} " + "x" * 180)
    store.close()
    _damage(db)
    damaged = digest(db)
    monkeypatch.setenv("SKAT_DESKTOP_FAIL_AT", "restore.commit")
    with pytest.raises(ex.ExchangeError, match="nothing was restored"):
        ex.restore(right, db)
    assert digest(db) == damaged and digest(kept) == older
    assert kept_files(db) == [f"{db.name}.before-restore"]
    monkeypatch.delenv("SKAT_DESKTOP_FAIL_AT")
    notes: list[str] = []
    second = ex.restore(right, db, tell=notes.append)
    assert second == ex.kept_name(db, 2) and digest(second) == damaged
    assert len(notes) == 1 and str(second) in notes[0]
    assert digest(kept) == older and names(db) == ["Right"]


def test_a_stale_log_beside_a_missing_database_is_kept_beside_the_older_one(club):
    db, wrong, _ = club
    fresh = db.parent / "fresh.sqlite3"
    Path(f"{fresh}-wal.before-restore").write_bytes(b"an older kept log")
    Path(f"{fresh}-wal").write_bytes(b"a stale log")
    notes: list[str] = []
    assert ex.restore(wrong, fresh, tell=notes.append) is None
    assert names(fresh) == ["Wrong"]
    assert Path(f"{fresh}-wal.before-restore").read_bytes() == b"an older kept log"
    assert Path(f"{fresh}-wal.before-restore-2").read_bytes() == b"a stale log"
    assert notes == [
        f"a stale log beside the missing {fresh} is kept as {fresh}-wal.before-restore-2"
    ]


@pytest.mark.parametrize(
    "point, new_copy", [("restore.validated", False), ("restore.before-commit", True)]
)
def test_a_killed_restore_leaves_the_older_copy_and_at_most_one_complete_new_one(
    club, point, new_copy
):
    db, wrong, right = club
    kept = ex.restore(wrong, db)
    older, before = digest(kept), digest(db)
    r = run_cli("db", "--db", str(db), "restore", str(right), kill_at=point)
    assert r.returncode == KILLED, r.stderr
    assert digest(kept) == older and names(kept) == ["Anna", "Bernd", "Club"]
    assert names(db) == ["Wrong"] and digest(db) == before
    if new_copy:  # complete: the content the db held when the restore stopped
        assert kept_files(db) == [f"{db.name}.before-restore", f"{db.name}.before-restore-2"]
        assert names(Path(f"{db}.before-restore-2")) == ["Wrong"]
    else:
        assert kept_files(db) == [f"{db.name}.before-restore"]
    third = ex.restore(right, db)  # the next restore takes the next free name
    assert digest(kept) == older and names(db) == ["Right"]
    assert third == Path(f"{db}.before-restore-{3 if new_copy else 2}")


def test_backup_refuses_a_kept_copy_with_one_line(club, tmp_path, capsys):
    db, wrong, right = club
    ex.restore(wrong, db)
    ex.restore(right, db)
    link = tmp_path / "link-to-kept"
    link.symlink_to(f"{db}.before-restore")
    for dest in (
        f"{db}.before-restore",
        f"{db}.before-restore-2",
        f"{db}-wal.before-restore",
        link,
    ):
        before = kept_files(db), digest(Path(f"{db}.before-restore"))
        assert cli(db, "backup", str(dest))[0] == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("skat-desktop: error: ")
        assert "a restore" in err and "kept" in err
        assert (kept_files(db), digest(Path(f"{db}.before-restore"))) == before
    assert names(Path(f"{db}.before-restore")) == ["Anna", "Bernd", "Club"]
    # the same name for another database is an ordinary backup
    other = tmp_path / "other.sqlite3.before-restore"
    assert cli(db, "backup", str(other))[0] == 0 and names(other) == ["Right"]
    assert ex.is_kept_copy(f"{db}.before-restore-12", db)
    assert not ex.is_kept_copy(f"{db}.before-restore-x", db)
    assert not ex.is_kept_copy(tmp_path / "sub" / f"{db.name}.before-restore", db)
