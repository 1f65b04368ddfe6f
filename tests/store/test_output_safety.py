"""Output files never endanger the database: exports, CSV, ISS lines, self-play records and
backups refuse the database (and its -wal/-shm), are written whole or not at all, and are
private to the user (issue 22)."""

from __future__ import annotations

import gc
import hashlib
import io
import os
import signal
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from skat_desktop.app import exchange as ex
from skat_desktop.cli import main
from skat_desktop.store.database import open_database
from skat_desktop.store.repository import Store

OLD = "the previous good export\n"


def _files(folder: Path) -> list[str]:
    """The files a command left, without SQLite's own companions of a reader's
    connection (a read-only open of a WAL database keeps its -wal/-shm)."""
    return sorted(p for p in os.listdir(folder) if not p.endswith(("-wal", "-shm")))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO())
    gc.collect()  # the commands leave their connection to the garbage collector
    return code, out.getvalue()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A database with one self-played series (so ISS export works), all connections
    closed: its bytes only change if something writes to it."""
    db = tmp_path / "club.sqlite3"
    assert run("selfplay", "--deals", "2", "--seed", "3", "--db", str(db))[0] == 0
    assert not Path(f"{db}-wal").exists()
    return db


def still_whole(db: Path, before: str) -> None:
    assert digest(db) == before
    store = Store(open_database(db))
    assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert len(store.deal_rows(1)) == 2
    store.close()


COMMANDS = {
    "export": lambda db, out: ["db", "--db", db, "export", "1", "--out", out],
    "export --iss": lambda db, out: ["db", "--db", db, "export", "1", "--iss", "--out", out],
    "sheet --csv": lambda db, out: ["db", "--db", db, "sheet", "1", "--csv", out],
    "stats --csv": lambda db, out: ["db", "--db", db, "stats", "random 1", "--csv", out],
    "ranking --csv": lambda db, out: ["db", "--db", db, "ranking", "--csv", out],
    "selfplay --out": lambda db, out: ["selfplay", "--deals", "1", "--db", db, "--out", out],
}


def _names(tmp_path: Path, db: Path, how: str) -> tuple[str, str]:
    """(--db, --out) naming the same database in different ways."""
    if how == "same":
        return str(db), str(db)
    if how == "symlink":
        link = tmp_path / "link.sqlite3"
        link.symlink_to(db)
        return str(db), str(link)
    if how == "relative":
        return str(db), db.name  # the test runs in tmp_path
    if how == "relative db":
        return db.name, str(db)
    return str(db), f"{db}{how}"  # -wal, -shm


@pytest.mark.parametrize("how", ["same", "symlink", "relative", "relative db", "-wal", "-shm"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_output_naming_the_database_is_refused(
    club, tmp_path, monkeypatch, capsys, command, how
):
    monkeypatch.chdir(tmp_path)
    before = digest(club)
    db_arg, out_arg = _names(tmp_path, club, how)
    files_before = _files(tmp_path)
    code, _ = run(*COMMANDS[command](db_arg, out_arg))
    err = capsys.readouterr().err
    assert code == 2
    lines = err.strip().splitlines()
    assert lines[-1].startswith("skat-desktop: error:") and "database" in lines[-1]
    assert not any(line.startswith("skat-desktop: error:") for line in lines[:-1])
    assert _files(tmp_path) == files_before
    still_whole(club, before)


@pytest.mark.parametrize("command", ["export", "sheet --csv", "selfplay --out"])
def test_another_sqlite_file_is_never_an_output(club, tmp_path, capsys, command):
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (x TEXT)")
    conn.commit()
    conn.close()
    before = digest(other)
    code, _ = run(*COMMANDS[command](str(club), str(other)))
    assert code == 2 and "SQLite" in capsys.readouterr().err
    assert digest(other) == before


# ------------------------------------------------------------------------ atomic exports


def _rows_writer(kind: str):
    if kind == "csv":
        return lambda path: ex.write_csv([{"a": 1, "b": "x"}], path)
    if kind == "json":
        return lambda path: ex.write_export({"format": ex.FORMAT, "series": []}, path)
    return lambda path: ex.write_iss(["line one", "line two"], path)


@pytest.mark.parametrize("kind", ["csv", "json", "iss"])
def test_a_failing_export_keeps_the_previous_file(tmp_path, monkeypatch, kind):
    out = tmp_path / "export.out"
    out.write_text(OLD)
    monkeypatch.setenv("SKAT_DESKTOP_FAIL_AT", "export.write")
    with pytest.raises(ex.ExchangeError) as info:
        _rows_writer(kind)(out)
    assert "\n" not in str(info.value) and str(out) in str(info.value)
    assert out.read_text() == OLD
    assert os.listdir(tmp_path) == ["export.out"]  # no temporary file stays behind


def test_a_failing_cli_export_keeps_the_previous_file(club, tmp_path, monkeypatch, capsys):
    out = tmp_path / "friday.json"
    out.write_text(OLD)
    monkeypatch.setenv("SKAT_DESKTOP_FAIL_AT", "export.write")
    assert run("db", "--db", str(club), "export", "1", "--out", str(out))[0] == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert out.read_text() == OLD
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]


@pytest.mark.parametrize("kind", ["csv", "json", "iss"])
def test_export_modes_new_private_existing_kept(tmp_path, kind):
    old_umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.out"
        _rows_writer(kind)(fresh)
        assert mode(fresh) == 0o600
        shared = tmp_path / "shared.out"
        shared.write_text(OLD)
        shared.chmod(0o644)
        _rows_writer(kind)(shared)
        assert mode(shared) == 0o644 and shared.read_text() != OLD
    finally:
        os.umask(old_umask)


def test_export_through_a_symlink_replaces_the_file_not_the_link(tmp_path):
    real = tmp_path / "real.csv"
    real.write_text(OLD)
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    ex.write_csv([{"a": 1}], link)
    assert link.is_symlink() and link.resolve() == real
    assert real.read_bytes() == b"a\r\n1\r\n"


def test_selfplay_out_is_private_and_whole(tmp_path):
    out = tmp_path / "games.jsonl"
    assert run("selfplay", "--deals", "2", "--out", str(out))[0] == 0
    assert mode(out) == 0o600 and len(out.read_text().splitlines()) == 2
    assert os.listdir(tmp_path) == ["games.jsonl"]


# --------------------------------------------------------------------------------- backup


def open_club(path: Path) -> Store:
    store = Store.open(path)
    store.ensure_player("Anna")
    return store


def test_backup_is_private_and_keeps_the_mode_of_an_older_backup(tmp_path):
    store = open_club(tmp_path / "club.sqlite3")
    old_umask = os.umask(0o022)
    try:
        fresh = ex.backup(store, tmp_path / "fresh.sqlite3")
        assert mode(fresh) == 0o600
        older = tmp_path / "older.sqlite3"
        ex.backup(store, older)
        older.chmod(0o640)
        ex.backup(store, older)
        assert mode(older) == 0o640
    finally:
        os.umask(old_umask)
    store.close()


def test_backup_through_a_symlink_replaces_the_file_not_the_link(tmp_path):
    store = open_club(tmp_path / "club.sqlite3")
    (tmp_path / "vault").mkdir()
    real = tmp_path / "vault" / "backup.sqlite3"
    real.write_bytes(b"old")
    link = tmp_path / "backup.sqlite3"
    link.symlink_to(real)
    assert ex.backup(store, link) == link
    store.close()
    assert link.is_symlink() and link.resolve() == real
    check = Store.open(real, read_only=True)
    assert [p["name"] for p in check.players()] == ["Anna"]
    check.close()


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", "link"])
def test_backup_refuses_the_database_and_its_companions(tmp_path, suffix):
    path = tmp_path / "club.sqlite3"
    store = open_club(path)
    store.ensure_player("Bernd")  # the write-ahead log has frames
    if suffix == "link":
        dest = tmp_path / "link"
        dest.symlink_to(Path(f"{path}-wal"))
    else:
        dest = Path(f"{path}{suffix}")
    wal = digest(Path(f"{path}-wal"))
    with pytest.raises(ex.ExchangeError) as info:
        ex.backup(store, dest)
    assert "\n" not in str(info.value)
    assert digest(Path(f"{path}-wal")) == wal
    store.close()
    check = Store.open(path)
    assert [p["name"] for p in check.players()] == ["Anna", "Bernd"]
    check.close()


def test_backup_refuses_a_database_in_use(tmp_path):
    store = open_club(tmp_path / "club.sqlite3")
    other = Store.open(tmp_path / "other-club.sqlite3")
    other.ensure_player("Zoe")
    other.close()
    before = digest(tmp_path / "other-club.sqlite3")
    with pytest.raises(ex.ExchangeError, match="in use"):
        ex.backup(store, tmp_path / "other-club.sqlite3")
    assert digest(tmp_path / "other-club.sqlite3") == before
    store.close()


def test_a_failing_backup_keeps_the_previous_one(tmp_path, monkeypatch):
    store = open_club(tmp_path / "club.sqlite3")
    dest = ex.backup(store, tmp_path / "backup.sqlite3")
    before = digest(dest)
    store.ensure_player("Bernd")
    monkeypatch.setenv("SKAT_DESKTOP_FAIL_AT", "backup.copy")
    with pytest.raises(ex.ExchangeError) as info:
        ex.backup(store, dest)
    assert "\n" not in str(info.value)
    assert digest(dest) == before
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["backup.sqlite3", "club.sqlite3", "club.sqlite3-wal", "club.sqlite3-shm"]
    )
    store.close()


@pytest.mark.parametrize("point", ["backup.copy", "backup.before-replace"])
def test_a_killed_backup_keeps_the_previous_one(tmp_path, point):
    db = tmp_path / "club.sqlite3"
    store = open_club(db)
    dest = ex.backup(store, tmp_path / "backup.sqlite3")
    store.ensure_player("Bernd")
    store.close()
    before = digest(dest)
    env = {**os.environ, "SKAT_DESKTOP_KILL_AT": point}
    r = subprocess.run(
        [sys.executable, "-m", "skat_desktop.cli", "db", "--db", str(db), "backup", str(dest)],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert r.returncode == -signal.SIGKILL, r.stderr
    assert digest(dest) == before
    assert [p for p in os.listdir(tmp_path) if p.startswith(".backup.sqlite3.")]
    store = Store.open(db)
    ex.backup(store, dest)  # the next backup clears what the killed one left
    store.close()
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]
    check = Store.open(dest, read_only=True)
    assert [p["name"] for p in check.players()] == ["Anna", "Bernd"]
    check.close()
