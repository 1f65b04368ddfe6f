"""``Store.series_overview``: one query for the club desk's list of score sheets (issue 25).

Series are made the ways the program makes them: ``db create-series`` / ``db add-game`` from
the shell (entered from real tables), deals played through the engine (the table), a table
in play saved before its first deal, and an empty series.
"""

from __future__ import annotations

import io

from club_tools import play

from skat_desktop.app.sheets import SeriesService
from skat_desktop.cli import main
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.store.repository import Store


def db(path, *argv: str) -> str:
    out = io.StringIO()
    assert main(["db", "--db", str(path), *argv], out=out, inp=io.StringIO()) == 0
    return out.getvalue()


def test_each_series_with_its_players_profile_counts_and_origin_newest_first(tmp_path):
    path = tmp_path / "club.sqlite3"
    db(path, "create-series", "--title", "Friday", "--date", "2026-11-20",
       "--players", "Cem,Anna,Bernd", "--deals", "36", "--place", "Gasthaus Krone")  # fmt: skip
    db(path, "add-game", "1", "--declarer", "Anna", "--game", "clubs", "--bid", "18", "--won")
    db(path, "add-game", "1", "--passed")
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem", "Dora")]
    played = store.create_series("At the table", "2026-11-21", ids[:3], ISKO)
    play(SeriesService(store, played), 3, seed=4)
    waiting = store.create_series("Saved table", "2026-11-21", ids, HOUSE, planned_deals=48)
    store.save_live(waiting, "{}", deal_number=1, deals_done=0)
    empty = store.create_series("Not begun", "2026-11-19", ids[1:], ISKO)
    store.close_series(1, "Anna")

    rows = store.series_overview()
    assert [r["id"] for r in rows] == [waiting, played, 1, empty]  # by date, then id
    by_id = {r["id"]: r for r in rows}
    friday = by_id[1]
    assert friday["players"] == ["Cem", "Anna", "Bernd"]  # by seat
    assert (friday["deals"], friday["planned_deals"], friday["place"]) == (2, 36, "Gasthaus Krone")
    assert friday["closed"] is True and friday["origin"] == "entered"
    assert (friday["profile"], friday["profile_builtin"]) == ("isko", True)
    assert friday["profile_title"] == ISKO.title
    assert (by_id[played]["deals"], by_id[played]["origin"]) == (3, "program")
    assert (by_id[waiting]["deals"], by_id[waiting]["origin"]) == (0, "program")
    assert by_id[waiting]["players"] == ["Anna", "Bernd", "Cem", "Dora"]
    assert by_id[waiting]["profile"] == "house" and not by_id[waiting]["closed"]
    assert (by_id[empty]["deals"], by_id[empty]["origin"]) == (0, "")
    assert store.series_overview(series_id=played) == [by_id[played]]
    assert store.series_overview(series_id=999) == []
    store.close()


def test_a_read_only_store_gives_the_same_overview(tmp_path):
    path = tmp_path / "club.sqlite3"
    db(path, "create-series", "--title", "Friday", "--players", "Anna,Bernd,Cem")
    db(path, "add-game", "1", "--declarer", "Bernd", "--game", "grand", "--bid", "24", "--lost")
    writer = Store.open(path)
    expected = writer.series_overview()
    writer.close()
    viewer = Store.open(path, read_only=True)
    assert viewer.series_overview() == expected
    assert expected[0]["deals"] == 1 and expected[0]["origin"] == "entered"
    viewer.close()


def test_an_imported_series_says_so(tmp_path):
    store = Store.open(tmp_path / "club.sqlite3")
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("ISS games", "2026-01-02", ids, ISKO, source="imported")
    play(SeriesService(store, sid), 1, seed=2)
    assert store.series_overview()[0]["origin"] == "imported"
    store.close()


def test_a_series_made_for_real_tables_says_so_before_its_first_game(tmp_path):
    """``db create-series`` (and the club evening dialog) mark the series as entered from
    real tables: the list tells it from a table in play before any game is in."""
    path = tmp_path / "club.sqlite3"
    db(path, "create-series", "--title", "Friday", "--players", "Anna,Bernd,Cem")
    store = Store.open(path, read_only=True)
    try:
        (row,) = store.series_overview()
    finally:
        store.close()
    assert row["origin"] == "entered" and row["deals"] == 0
