"""Odd paths a user can type: devices, pipes, another database's log, a mistyped --db,
a damaged byte in the schema (issue 22, found by trying the program as a tester would)."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

import pytest

from skat_desktop.cli import main
from skat_desktop.store.database import CorruptDatabase, StoreError, open_database
from skat_desktop.store.repository import Store


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(err: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("skat-desktop: error:")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def club(tmp_path, capsys) -> Path:
    db = tmp_path / "club.sqlite3"
    assert run(capsys, "selfplay", "--db", str(db), "--deals", "2", "--seed", "1")[0] == 0
    return db


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
@pytest.mark.parametrize(
    "argv",
    [
        ("db", "--db", "{p}", "players", "--add", "Anna"),
        ("db", "--db", "{p}", "check", "--repair"),
        ("db", "--db", "{p}", "check"),
        ("db", "--db", "{p}", "sheet", "1"),
        ("selfplay", "--db", "{p}", "--deals", "1"),
    ],
)
def test_a_pipe_is_never_taken_for_a_database(tmp_path, capsys, argv):
    """A fifo (or a device such as /dev/null) was replaced by a database file, or a
    reader hung on it forever."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = run(capsys, *[a.format(p=fifo) for a in argv])
    assert code == 2 and one_line_error(err)
    assert "not a regular file" in err
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_device_is_refused_and_left_alone(tmp_path):
    with pytest.raises(StoreError, match="not a regular file"):
        open_database("/dev/null")
    with pytest.raises(StoreError, match="not a regular file"):
        open_database("/dev/null", read_only=True)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_another_databases_log_is_neither_a_database_nor_an_output(club, tmp_path, capsys):
    """Writing over club.sqlite3-wal (or opening it as a database, which then deleted it
    at the next start) loses the deals still in that log."""
    wal = Path(f"{club}-wal")
    wal.write_bytes(b"")  # a log beside its database, as while a program has it open
    other = tmp_path / "other.sqlite3"
    assert run(capsys, "selfplay", "--db", str(other), "--deals", "1")[0] == 0
    code, _, err = run(capsys, "db", "--db", str(other), "export", "1", "--out", str(wal))
    assert code == 2 and one_line_error(err) and "belongs to the database" in err
    code, _, err = run(capsys, "selfplay", "--deals", "1", "--out", str(wal))
    assert code == 2 and one_line_error(err)
    code, _, err = run(capsys, "selfplay", "--db", str(wal), "--deals", "1")
    assert code == 2 and one_line_error(err) and "not a database" in err
    assert wal.read_bytes() == b""


@pytest.mark.parametrize(
    "argv",
    [
        ("backup", "{dir}/good-backup.sqlite3"),
        ("sheet", "1"),
        ("stats", "Anna"),
        ("ranking",),
        ("export", "1", "--out", "{dir}/x.json"),
        ("add-game", "1", "--passed"),
        ("close", "1", "--author", "Anna"),
        ("check", "--repair"),
    ],
)
def test_a_mistyped_db_creates_nothing(club, tmp_path, capsys, argv):
    """A typo in --db made an empty database there — and 'backup' then wrote that empty
    database over the club's good backup."""
    good = tmp_path / "good-backup.sqlite3"
    assert run(capsys, "db", "--db", str(club), "backup", str(good))[0] == 0
    before = digest(good)
    typo = tmp_path / "clb.sqlite3"
    code, _, err = run(capsys, "db", "--db", str(typo), *[a.format(dir=tmp_path) for a in argv])
    assert code == 2 and one_line_error(err) and "there is no database" in err
    assert not typo.exists()
    assert digest(good) == before


def test_commands_that_start_something_still_create_the_database(tmp_path, capsys):
    db = tmp_path / "new" / "club.sqlite3"
    code, _, err = run(capsys, "db", "--db", str(db), "players", "--add", "Anna")
    assert code == 0, err
    assert Store.open(db, read_only=True).players()[0]["name"] == "Anna"


def _damage_schema_text(path: Path) -> None:
    data = bytearray(path.read_bytes())
    i = data.find(b"CREATE TABLE corrections")
    assert i > 0
    data[i + 14] = 0xFF  # not UTF-8 any more
    path.write_bytes(bytes(data))


def test_a_damaged_byte_in_the_schema_is_one_line_everywhere(club, tmp_path, capsys):
    Store.open(club).conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _damage_schema_text(club)
    with pytest.raises(CorruptDatabase):
        open_database(club, read_only=True)
    for argv in (("check",), ("sheet", "1"), ("players", "--add", "X")):
        code, _, err = run(capsys, "db", "--db", str(club), *argv)
        assert code == 2 and one_line_error(err), (argv, err)


def test_restore_replaces_a_database_whose_schema_is_damaged(club, tmp_path, capsys):
    backup = tmp_path / "backup.sqlite3"
    assert run(capsys, "db", "--db", str(club), "backup", str(backup))[0] == 0
    Store.open(club).conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _damage_schema_text(club)
    code, _, err = run(capsys, "db", "--db", str(club), "restore", str(backup))
    assert code == 0, err
    assert run(capsys, "db", "--db", str(club), "check")[0] == 0
