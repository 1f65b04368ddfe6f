"""A rule profile row another program (or damage) spoiled.

The tester's case: ``UPDATE profiles SET options = 'not json'`` (or ``'[1]'``, or options
with an unknown key) made ``db sheet``, ``add-game``, ``ranking`` and ``export`` end in
JSON/Type/ValueError tracebacks, hid every series of that profile, and nothing repaired
it. Now reading the profile raises one line (:class:`CorruptDatabase`), every command
prints it, ``db check`` reports it and ``--repair`` rewrites a built-in profile from the
program's own definition; a damaged user copy is left for a backup to restore.
"""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from skat_desktop.app import statistics
from skat_desktop.cli import main
from skat_desktop.engine.profiles import BUILTIN, ISKO
from skat_desktop.store.database import CorruptDatabase
from skat_desktop.store.repository import Store

ISKO_OPTIONS = json.dumps(ISKO.to_dict(), sort_keys=True)

DAMAGE = {
    "not json": "not json",
    "a list": "[1]",
    "an unknown key": json.dumps({**ISKO.to_dict(), "bogus": 1}),
    "a wrong type": json.dumps({**ISKO.to_dict(), "null_values": 5}),
    "another profile's options": json.dumps(BUILTIN["texas"].to_dict()),
    "nested too deeply": "[" * 100_000 + "]" * 100_000,
}


def run(db: Path, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["db", "--db", str(db), *argv], out=out, inp=io.StringIO())
    return code, out.getvalue()


def raw(db: Path, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def spoil(db: Path, name: str, options: str) -> None:
    raw(db, "UPDATE profiles SET options = ? WHERE name = ?", options, name)


GAME = ("--declarer", "Bernd", "--game", "clubs", "--bid", "18", "--won")


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """Series 1 under the built-in ISkO profile, series 2 under the user copy 'linde'."""
    db = tmp_path / "club.sqlite3"
    assert run(db, "create-series", "--title", "Fri", "--players", "Anna,Bernd,Cem")[0] == 0
    assert run(db, "add-game", "1", *GAME)[0] == 0
    copy = ("profiles", "--copy", "house", "--name", "linde", "--set", "grand_base=20")
    assert run(db, *copy)[0] == 0
    code, _ = run(
        db, "create-series", "--title", "Sat", "--players", "Anna,Bernd,Cem", "--profile", "linde"
    )
    assert code == 0
    assert run(db, "add-game", "2", *GAME)[0] == 0
    return db


def one_error_line(capsys, name: str) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"skat-desktop: error: rule profile '{name}' in the database is damaged")
    assert err.rstrip().endswith("run 'skat-desktop db check'")
    return err


COMMANDS = [
    ("sheet", "{sid}"),
    ("add-game", "{sid}", *GAME),
    ("correct", "{sid}", "1", *GAME, "--author", "Anna", "--reason", "typo"),
    ("close", "{sid}", "--author", "Anna"),
    ("ranking",),
    ("export", "{sid}", "--out", "{out}"),
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_every_command_says_one_line_and_changes_nothing(club, capsys, damage):
    spoil(club, "isko", DAMAGE[damage])
    before = raw(club, "SELECT count(*) FROM deals")
    out = club.parent / "series.json"
    for command in COMMANDS:
        argv = [a.format(sid=1, out=out) for a in command]
        assert run(club, *argv)[0] == 2, argv
        one_error_line(capsys, "isko")
    assert raw(club, "SELECT count(*) FROM deals") == before
    assert not out.exists()
    # the series of the other profile stays usable
    assert run(club, "sheet", "2")[0] == 0


def test_the_store_and_the_statistics_raise_corrupt_database(club):
    spoil(club, "isko", "[1]")
    store = Store.open(club)
    try:
        pid = store.conn.execute("SELECT id FROM profiles WHERE name = 'isko'").fetchone()[0]
        for read in (lambda: store.profile(pid), lambda: store.find_profile("isko")):
            with pytest.raises(CorruptDatabase) as info:
                read()
            assert "\n" not in str(info.value) and "'isko'" in str(info.value)
        with pytest.raises(CorruptDatabase):
            statistics.season_ranking(store)
        assert store.find_profile("linde").grand_base == 20  # the others read as before
    finally:
        store.close()


def test_a_user_copy_says_so_in_every_command(club, capsys):
    spoil(club, "linde", "not json")
    for command in COMMANDS:
        argv = [a.format(sid=2, out=club.parent / "x.json") for a in command]
        assert run(club, *argv)[0] == 2, argv
        one_error_line(capsys, "linde")
    assert run(club, "profiles")[0] == 2
    one_error_line(capsys, "linde")


@pytest.mark.parametrize("damage", DAMAGE)
def test_check_reports_it_and_repair_rewrites_a_builtin_profile(club, damage):
    sheet = run(club, "sheet", "1")[1]
    spoil(club, "isko", DAMAGE[damage])
    code, out = run(club, "check")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("rule profile 'isko' is damaged (")
    assert "1 series uses it" in lines[0] and "'db check --repair' rewrites it" in lines[0]
    code, out = run(club, "check", "--repair")
    assert code == 0, out
    assert out.splitlines()[0].startswith("rule profile 'isko': rewrote its damaged options (")
    assert out.splitlines()[-1] == "checked 2 series, 2 deals: no problems"
    assert raw(club, "SELECT options FROM profiles WHERE name = 'isko'") == [(ISKO_OPTIONS,)]
    assert run(club, "sheet", "1")[1] == sheet


def test_a_damaged_user_copy_cannot_be_repaired(club):
    spoil(club, "linde", "[1]")
    for argv in (("check",), ("check", "--repair")):
        code, out = run(club, *argv)
        assert code == 1
        assert "rule profile 'linde' is damaged" in out
        assert "user copy the program cannot rebuild; restore a backup" in out
        assert "rewrote" not in out
    assert raw(club, "SELECT options FROM profiles WHERE name = 'linde'") == [("[1]",)]
