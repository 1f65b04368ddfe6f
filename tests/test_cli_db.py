"""``skat-desktop db …`` from the shell: a club evening entered game by game."""

from __future__ import annotations

import io

import pytest

from skat_desktop.cli import main


def run(db, *argv):
    out = io.StringIO()
    code = main(["db", "--db", str(db), *argv], out=out, inp=io.StringIO())
    return code, out.getvalue()


@pytest.fixture
def club(tmp_path):
    db = tmp_path / "club.sqlite3"
    code, out = run(
        db,
        "create-series",
        "--title",
        "Friday",
        "--date",
        "2026-11-20",
        "--players",
        "Anna,Bernd,Cem,Dora",
        "--profile",
        "isko",
        "--deals",
        "48",
        "--place",
        "Gasthaus",
        "--stake",
        "1",
    )
    assert code == 0 and out.strip() == "series 1"
    return db


def test_club_evening_entries_and_sheet(club):
    # Anna deals first: Bernd is forehand of deal 1, Anna sits out
    assert (
        run(
            club,
            "add-game",
            "1",
            "--declarer",
            "Bernd",
            "--game",
            "clubs",
            "--bid",
            "24",
            "--won",
            "--matadors",
            "2",
        )[0]
        == 0
    )
    code, out = run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Dora",
        "--game",
        "grand",
        "--hand",
        "--bid",
        "48",
        "--lost",
        "--matadors",
        "1",
    )
    assert code == 0 and "Dora -144" in out
    assert run(club, "add-game", "1", "--passed")[0] == 0
    code, out = run(club, "sheet", "1")
    assert code == 0
    assert "Friday" in out and "International Skat Order" in out
    total = next(line for line in out.splitlines() if line.strip().startswith("total"))
    assert total.split()[1:] == ["0", "36", "0", "-144"]
    sf = next(line for line in out.splitlines() if "Seeger-Fabian" in line)
    # Bernd: 36 + 50 + 30 x Dora's loss; Dora: -144 - 50; Anna and Cem: 30 each
    assert sf.split()[1:] == ["30", "116", "30", "-194"]
    money = next(line for line in out.splitlines() if "money" in line)
    assert money.split()[2:] == ["+108", "+252", "+108", "-468"]
    assert "passed in: 1" in out


def test_correction_and_closing(club):
    run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Bernd",
        "--game",
        "hearts",
        "--bid",
        "18",
        "--won",
        "--matadors",
        "1",
    )
    code, out = run(
        club,
        "correct",
        "1",
        "1",
        "--declarer",
        "Bernd",
        "--game",
        "hearts",
        "--bid",
        "18",
        "--won",
        "--matadors",
        "2",
        "--author",
        "Cem",
        "--reason",
        "two jacks",
    )
    assert code == 0 and "Hearts 30" in out
    assert "1*" in run(club, "sheet", "1")[1]
    assert run(club, "close", "1", "--author", "Anna")[0] == 0
    code, _ = run(club, "add-game", "1", "--passed")
    assert code == 2
    assert run(club, "close", "1", "--author", "Anna", "--reopen")[0] == 2  # no reason
    assert run(club, "close", "1", "--author", "Anna", "--reopen", "--reason", "typo")[0] == 0
    assert run(club, "add-game", "1", "--passed")[0] == 0


def test_ramsch_entry_via_names(tmp_path):
    db = tmp_path / "pub.sqlite3"
    run(db, "create-series", "--title", "Pub", "--players", "A,B,C", "--profile", "house")
    code, out = run(
        db,
        "add-game",
        "1",
        "--ramsch",
        "--points",
        "B=51,C=39,A=20",
        "--tricks",
        "B=4,C=3,A=3",
        "--last-trick",
        "B",
        "--skat-points",
        "10",
    )
    assert code == 0 and "B -61" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["add-game", "1", "--declarer", "Zoe", "--game", "clubs", "--bid", "18", "--won"],
            "does not play",
        ),
        (
            [
                "add-game",
                "1",
                "--declarer",
                "Bernd",
                "--game",
                "grand",
                "--bid",
                "18",
                "--won",
                "--matadors",
                "5",
            ],
            "1 to 4 matadors",
        ),
        (["add-game", "1", "--declarer", "Bernd", "--game", "clubs"], "needs --declarer"),
        (["add-game", "1", "--entry", "{oops"], "not valid JSON"),
        (["sheet", "7"], "no series 7"),
        (
            ["create-series", "--title", "Odd", "--players", "Anna,Bernd,Cem", "--stake", "-3"],
            "the stake must be a number from 0 to",
        ),
        (
            ["create-series", "--title", "Odd", "--players", "Anna,Bernd,Cem", "--stake", "nan"],
            "the stake must be a number from 0 to",
        ),
        (
            ["create-series", "--title", "Odd", "--players", "Anna,Bernd,Cem", "--deals", "9" * 20],
            "the planned number of deals must be 1 to",
        ),
        (["players", "--add", "x" * 224], "has at most 200 characters"),
        (["correct", "1", "3", "--passed", "--author", "A", "--reason", "r"], "no deal 3"),
    ],
)
def test_bad_input_gives_one_line(club, capsys, argv, message):
    code, _ = run(club, *argv)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1


def test_foreign_file_is_refused(tmp_path, capsys):
    path = tmp_path / "notes.sqlite3"
    path.write_text("not a database")
    assert run(path, "players")[0] == 2
    assert "not a SQLite database" in capsys.readouterr().err
    assert path.read_text() == "not a database"


def test_selfplay_into_database(tmp_path, capsys):
    db = tmp_path / "self.sqlite3"
    out = io.StringIO()
    assert (
        main(
            [
                "selfplay",
                "--profile",
                "house",
                "--deals",
                "12",
                "--seed",
                "5",
                "--table",
                "4",
                "--db",
                str(db),
            ],
            out=out,
        )
        == 0
    )
    assert "stored 12 deals as series 1" in capsys.readouterr().err
    code, sheet = run(db, "sheet", "1")
    assert code == 0
    assert sum(1 for line in sheet.splitlines() if line[:3].strip().rstrip("BR*U").isdigit()) == 12


def test_export_import_backup_restore(club, tmp_path):
    run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Bernd",
        "--game",
        "clubs",
        "--bid",
        "24",
        "--won",
        "--matadors",
        "2",
    )
    export = tmp_path / "series.json"
    assert run(club, "export", "1", "--out", str(export))[0] == 0
    other = tmp_path / "other.sqlite3"
    code, out = run(other, "import", str(export))
    assert code == 0 and "imported series 1" in out
    assert run(other, "sheet", "1")[1] == run(club, "sheet", "1")[1]
    backup = tmp_path / "backup.sqlite3"
    assert run(club, "backup", str(backup))[0] == 0
    restored = tmp_path / "restored.sqlite3"
    assert run(restored, "restore", str(backup))[0] == 0
    assert run(restored, "sheet", "1")[1] == run(club, "sheet", "1")[1]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "something else"}')
    assert run(other, "import", str(broken))[0] == 2


def test_iss_export_and_import(tmp_path):
    db = tmp_path / "iss.sqlite3"
    assert (
        main(["selfplay", "--deals", "6", "--seed", "11", "--db", str(db)], out=io.StringIO()) == 0
    )
    lines = tmp_path / "games.sgf"
    code, out = run(db, "export", "1", "--iss", "--out", str(lines))
    assert code == 0, out
    fresh = tmp_path / "fresh.sqlite3"
    code, out = run(fresh, "import", "--iss", str(lines))
    assert code == 0 and "imported 6 ISS games, skipped 0" in out


def test_a_file_without_one_iss_game_is_refused_in_one_line(club, tmp_path, capsys):
    """A tester gave `import --iss` a series export: 4,234 "skipped" lines and exit 0,
    as if a damaged archive had been read. Not one game record: an error, nothing stored."""
    export = tmp_path / "series.json"
    assert run(club, "export", "1", "--out", str(export))[0] == 0
    code, out = run(club, "import", "--iss", str(export))
    err = capsys.readouterr().err.strip()
    assert code != 0 and out == ""
    assert err.count("\n") == 0 and "is an ISS game record" in err, err
    assert run(club, "sheet", "1")[0] == 0  # the series is there as it was


def test_a_cut_export_names_the_json_fault_once(club, tmp_path, capsys):
    export = tmp_path / "series.json"
    assert run(club, "export", "1", "--out", str(export))[0] == 0
    text = export.read_text(encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(text[: text.index('"title"') + 5], encoding="utf-8")  # inside a string
    code, _ = run(tmp_path / "other.sqlite3", "import", str(cut))
    err = capsys.readouterr().err.strip()
    assert code != 0 and "Unterminated string starting at line" in err, err
    assert " at at " not in err


def test_stats_and_ranking(club, tmp_path):
    run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Bernd",
        "--game",
        "clubs",
        "--bid",
        "24",
        "--won",
        "--matadors",
        "2",
    )
    run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Dora",
        "--game",
        "grand",
        "--hand",
        "--bid",
        "48",
        "--lost",
        "--matadors",
        "1",
    )
    code, out = run(club, "stats", "Bernd")
    assert code == 0
    assert "won / lost as declarer    1 / 0 (100.0%)" in out
    assert "Seeger-Fabian             116" in out
    code, out = run(club, "ranking", "--from", "2026-01-01", "--to", "2026-12-31")
    assert code == 0
    places = [line.split()[:2] for line in out.splitlines()[1:]]
    assert places[0] == ["1", "Bernd"] and places[-1] == ["4", "Dora"]
    csv_file = tmp_path / "ranking.csv"
    assert run(club, "ranking", "--csv", str(csv_file))[0] == 0
    assert "Bernd" in csv_file.read_text(encoding="utf-8")
    assert run(club, "stats", "Zoe")[0] == 2
    with pytest.raises(SystemExit):  # argparse: usage line and status 2
        run(club, "ranking", "--from", "2026-13-01")


def test_profile_copy_is_stored_and_used(tmp_path, capsys):
    db = tmp_path / "p.sqlite3"
    code, out = run(
        db,
        "profiles",
        "--copy",
        "house",
        "--name",
        "linde",
        "--set",
        "grand_base=20",
        "--set",
        "ramsch_scoring=simple",
    )
    assert code == 0 and "linde" in out
    assert "user copy" in run(db, "profiles")[1]
    assert (
        run(db, "create-series", "--title", "T", "--players", "A,B,C", "--profile", "linde")[0] == 0
    )
    code, out = run(
        db,
        "add-game",
        "1",
        "--declarer",
        "B",
        "--game",
        "grand",
        "--bid",
        "18",
        "--won",
        "--matadors",
        "1",
    )
    assert "Grand 40" in out  # Grand base 20 in this copy
    assert run(db, "profiles", "--copy", "house", "--name", "x", "--set", "grand_base=21")[0] == 2
    assert "16, 20 or 24" in capsys.readouterr().err


def test_season_ranking_adds_up_the_money_of_each_series(club):
    """Issue 3 item 5: money settlement across a season (stake 1 cent per point)."""
    run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Bernd",
        "--game",
        "clubs",
        "--bid",
        "24",
        "--won",
        "--matadors",
        "2",
    )
    run(
        club,
        "add-game",
        "1",
        "--declarer",
        "Dora",
        "--game",
        "grand",
        "--hand",
        "--bid",
        "48",
        "--lost",
        "--matadors",
        "1",
    )
    code, out = run(club, "ranking")
    assert code == 0 and "money (cents)" in out
    money = {line.split()[1]: line.split()[-1] for line in out.splitlines()[1:]}
    # ISkO 5.5.5 on totals 0 / 36 / 0 / -144: 4 x s - (-108)
    assert money == {"Anna": "+108", "Bernd": "+252", "Cem": "+108", "Dora": "-468"}


def test_a_game_stored_under_a_stake_that_cannot_be_counted_says_it_is_stored(club, capsys):
    """A file from before the store refused such stakes: the game is kept, and said to
    be, so that it is not entered twice (it printed a traceback)."""
    import sqlite3

    with sqlite3.connect(club) as raw:
        raw.execute("UPDATE series SET stake_cents = -3 WHERE id = 1")
    argv = ["add-game", "1", "--declarer", "Bernd", "--game", "clubs", "--bid", "18", "--won"]
    code, _ = run(club, *argv, "--matadors", "1")
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "the game is stored, but the sheet cannot be shown" in err
    assert run(club, "sheet", "1")[0] == 2
    assert "series 1: its stake of -3.0 cents a point cannot be counted" in capsys.readouterr().err
    with sqlite3.connect(club) as raw:
        assert raw.execute("SELECT COUNT(*) FROM deals").fetchone()[0] == 1


def test_a_database_named_before_the_sub_command_is_the_one_used(tmp_path, capsys, monkeypatch):
    """``skat-desktop --db club.sqlite3 db restore …`` ignored the --db and restored into
    the default database; now --db before ``db`` (or selfplay, serve) is theirs."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the default database
    club, other = tmp_path / "club.sqlite3", tmp_path / "other.sqlite3"
    argv = ["db", "create-series", "--title", "Friday", "--players", "Anna,Bernd,Cem"]
    assert main(["--db", str(club), *argv], out=io.StringIO()) == 0
    assert club.exists() and not (tmp_path / "data").exists()
    out = io.StringIO()
    assert main(["--db", str(club), "db", "sheet", "1"], out=out) == 0
    assert out.getvalue().startswith("Friday")
    assert main(["--db", str(club), "db", "--db", str(other), "sheet", "1"]) == 2
    assert "two databases given" in capsys.readouterr().err and not other.exists()
    assert main(["--db", str(club), "score"], inp=io.StringIO()) == 2
    assert "score uses no database" in capsys.readouterr().err


def test_add_game_into_a_series_a_table_plays_is_refused_and_the_table_goes_on(tmp_path, capsys):
    """A tester typed ``db add-game SID --passed`` while a window played the series: it
    was stored as the table's next deal, which then could never be stored, and the table
    saved for later could not be continued. The table's series takes no typed game."""
    from skat_desktop.app.table import ComputerTurn, DealOver, SeatSpec, TableController
    from skat_desktop.engine.profiles import ISKO
    from skat_desktop.store.repository import Store

    def play_deal(ctl: TableController) -> None:
        ctl.start_deal()
        while not isinstance(need := ctl.request(), DealOver):
            assert isinstance(need, ComputerTurn)
            assert ctl.submit(ctl.think(need))

    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    seats = [SeatSpec.computer("beginner", name=n) for n in ("Anna", "Bernd", "Cem")]
    ctl = TableController(ISKO, seats, seed=5, store=store, deals_planned=4)
    play_deal(ctl)
    sid = ctl.series_id
    code, out = run(db, "add-game", str(sid), "--passed")
    err = capsys.readouterr().err
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err == (
        f"skat-desktop: error: series {sid} is being played at a table (saved for later); "
        "its games are stored from there\n"
    )
    assert len(store.deal_sources(sid)) == 1  # nothing stored
    play_deal(ctl)  # the table's deal 2 is stored, and the table can still be continued
    assert [r["number"] for r in store.deal_sources(sid)] == [1, 2]
    (live,) = store.live_tables()
    assert (live.series_id, live.deals_done, live.stale) == (sid, 2, None)
    store.close()
    # a series typed at the desk (no table plays it) still takes the game
    assert run(db, "create-series", "--title", "Friday", "--players", "Anna,Bernd,Cem")[0] == 0
    code, out = run(db, "add-game", str(sid + 1), "--passed")
    assert code == 0 and out.startswith("deal 1:")


def test_a_series_a_table_plays_is_not_closed_under_it(tmp_path, capsys):
    """A tester closed (``db close``) the series a window was playing: its next deal
    "waited to be saved later" until someone reopened the series. Closing waits for the
    table: refused in one line, nothing changed; once the series is over it closes."""
    from skat_desktop.app.table import (
        ComputerTurn,
        DealOver,
        SeatSpec,
        SeriesOver,
        TableController,
    )
    from skat_desktop.engine.profiles import ISKO
    from skat_desktop.store.repository import Store

    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    seats = [SeatSpec.computer("beginner", name=n) for n in ("Anna", "Bernd", "Cem")]
    ctl = TableController(ISKO, seats, seed=5, store=store, deals_planned=2)

    def play_deal() -> None:
        ctl.start_deal()
        while not isinstance(need := ctl.request(), DealOver | SeriesOver):
            assert isinstance(need, ComputerTurn)
            assert ctl.submit(ctl.think(need))

    play_deal()
    sid = ctl.series_id
    code, out = run(db, "close", str(sid), "--author", "Secretary")
    err = capsys.readouterr().err
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"series {sid} is being played at a table" in err
    assert not store.series(sid).closed
    play_deal()  # the last deal: stored, and the table's row goes with it
    assert store.live_tables() == []
    code, out = run(db, "close", str(sid), "--author", "Secretary")
    assert code == 0 and store.series(sid).closed
    store.close()


def test_the_sheets_heading_leaves_out_an_empty_place_and_marks_overbid_games(tmp_path):
    """A series without a place printed "seed 1 — 2026-11-30  — International ..." (two
    spaces), and an overbid game was marked "ü" beside an English legend."""
    db = tmp_path / "club.sqlite3"
    players = "Anna,Bernd,Cem"
    assert run(db, "create-series", "--title", "Friday", "--date", "2026-11-20",
               "--players", players, "--profile", "isko")[0] == 0  # fmt: skip
    assert run(db, "add-game", "1", "--declarer", "Anna", "--game", "clubs", "--bid", "36",
               "--lost", "--matadors", "1")[0] == 0  # fmt: skip
    code, out = run(db, "sheet", "1")
    heading = out.splitlines()[0]
    assert code == 0 and heading == "Friday — 2026-11-20 — International Skat Order — open"
    first = next(line for line in out.splitlines() if line.lstrip().startswith("1"))
    assert first.split()[0] == "1U" and "U overbid" in out
