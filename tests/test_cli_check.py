"""``skat-desktop db check [--repair]`` and the repair of a bad row with ``db correct``."""

from __future__ import annotations

import io
import json
import sqlite3
import subprocess
import sys

import pytest

from skat_desktop.cli import main


def run(db, *argv):
    out = io.StringIO()
    code = main(["db", "--db", str(db), *argv], out=out, inp=io.StringIO())
    return code, out.getvalue()


def raw(db, sql, *params):
    c = sqlite3.connect(db, isolation_level=None)
    try:
        c.execute(sql, params)
    finally:
        c.close()


@pytest.fixture
def club(tmp_path):
    """Anna deals first: Bernd is forehand of deal 1, Cem of deal 2, Anna of deal 3."""
    db = tmp_path / "club.sqlite3"
    assert run(db, "create-series", "--title", "Fri", "--players", "Anna,Bernd,Cem")[0] == 0
    for declarer, game in (("Bernd", "clubs"), ("Cem", "hearts")):
        code, _ = run(
            db, "add-game", "1", "--declarer", declarer, "--game", game, "--bid", "18", "--won"
        )
        assert code == 0
    return db


def test_clean_database_exits_0(club):
    assert run(club, "check") == (0, "checked 1 series, 2 deals: no problems\n")


def test_hand_edited_score_is_reported_exit_1_and_repaired(club):
    raw(
        club,
        "UPDATE deal_scores SET score = score + 100 WHERE seat = 1"
        " AND deal_id = (SELECT id FROM deals WHERE number = 1)",
    )
    code, out = run(club, "check")
    assert code == 1
    assert out.splitlines() == [
        "series 1 deal 1: the stored score of Bernd is 124, the entry gives 24",
        "checked 1 series, 2 deals: 1 problem (1 in derived rows that 'db check --repair'"
        " rewrites)",
    ]
    code, out = run(club, "check", "--repair")
    assert code == 0
    assert out.splitlines() == [
        "series 1 deal 1: rewrote its derived rows from the sources (1 difference)",
        "checked 1 series, 2 deals: no problems",
    ]
    assert run(club, "check")[0] == 0


def test_cannot_open_exits_2_with_one_line(tmp_path, capsys):
    missing = tmp_path / "missing.sqlite3"
    assert run(missing, "check")[0] == 2
    assert not missing.exists()
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database at all, just some notes\n")
    assert run(foreign, "check")[0] == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("skat-desktop: error: ") for line in err)


def test_bad_entry_sheet_check_and_repair_by_correction(club, capsys):
    """An impossible entry (bid 17) inserted with sqlite3, bypassing the program."""
    bad = {"kind": "game", "declarer": 0, "contract": {"game": "spades"}, "bid": 17, "won": True}
    raw(
        club,
        "INSERT INTO deals (series_id, number, dealer, entry, created) VALUES (1, 3, 2, ?, 'x')",
        json.dumps(bad),
    )
    code, out = run(club, "sheet", "1")  # failed for the whole series before
    assert code == 0, capsys.readouterr().err
    assert "the entry cannot be scored: 17 is not a game value" in out
    assert "deal 3 cannot be scored" in out and "provisional" in out
    code, out = run(club, "check")
    assert code == 1
    assert out.splitlines()[0].startswith(
        "series 1 deal 3: the entry cannot be scored: 17 is not a game value"
    )
    assert "('db correct 1 3 ...')" in out
    assert run(club, "check", "--repair")[0] == 1  # a repair cannot guess the entry
    code, out = run(
        club,
        *("correct", "1", "3", "--declarer", "Anna", "--game", "spades", "--bid", "18"),
        *("--won", "--author", "Cem", "--reason", "the bid was 18"),
    )
    assert code == 0, capsys.readouterr().err
    assert out == "deal 3 corrected: Spades 22, totals 22 / 24 / 20\n"
    assert run(club, "check") == (0, "checked 1 series, 3 deals: no problems\n")
    c = sqlite3.connect(club)
    (old,) = c.execute("SELECT old FROM corrections").fetchone()
    c.close()
    assert json.loads(old)["entry"] == bad  # the audit trail keeps the bad entry


def test_check_runs_beside_a_writer_in_another_process(club):
    """Read-only: a program holding the write lock does not stop the check."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None);"
            " c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); sys.stdin.read()",
            str(club),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        assert run(club, "check")[0] == 0
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
