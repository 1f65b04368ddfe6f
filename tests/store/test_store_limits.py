"""What the store takes is what a series export carries (the CLI took a negative stake,
a name of 224 characters and one with a line break: the sheet, the season's ranking and
a read-back of the export then failed). A refusal is one line and writes nothing."""

from __future__ import annotations

import json
import math
import re
import sqlite3

import pytest

from skat_desktop.app import exchange as ex
from skat_desktop.app.check import check_database
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.statistics import season_ranking
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import (
    MAX_NAME,
    MAX_PLANNED_DEALS,
    MAX_STAKE_CENTS,
    MAX_TEXT,
    Store,
)


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club.sqlite3")
    yield s
    s.close()


def three(store: Store) -> list[int]:
    return [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]


def rows(store: Store) -> tuple:
    return tuple(
        store.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
        for t in ("players", "series", "series_seats")
    )


@pytest.mark.parametrize(
    "more, message",
    [
        ({"stake_cents": -3}, "stake must be a number from 0"),
        ({"stake_cents": math.nan}, "stake must be a number from 0"),
        ({"stake_cents": math.inf}, "stake must be a number from 0"),
        ({"stake_cents": MAX_STAKE_CENTS + 1}, "stake must be a number from 0"),
        ({"stake_cents": True}, "stake must be a number from 0"),
        ({"planned_deals": 0}, "planned number of deals must be 1 to"),
        ({"planned_deals": 10**20}, "planned number of deals must be 1 to"),
        ({"planned_deals": 36.5}, "planned number of deals must be 1 to"),
        ({"title": ""}, "needs a title"),
        ({"title": "x" * (MAX_TEXT + 1)}, "title has at most"),
        ({"title": "Friday\nnight"}, "title cannot hold the control character U+000A"),
        ({"place": "Pub\u202eevil"}, "place cannot hold the control character U+202E"),
    ],
)
def test_a_series_no_export_could_carry_is_refused_in_one_line(store, more, message):
    ids = three(store)
    before = rows(store)
    args = {"title": "Friday", **more}
    title = args.pop("title")
    with pytest.raises(StoreError, match=re.escape(message)) as refused:
        store.create_series(title, "2026-11-20", ids, ISKO, **args)
    assert "\n" not in str(refused.value)
    assert rows(store) == before


@pytest.mark.parametrize(
    "name, message",
    [
        ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
        ("Anna\tBerg", "control character U+0009"),
        ("Anna\nBerg", "control character U+000A"),
        ("Anna\u202eBerg", "control character U+202E"),
    ],
)
def test_a_name_no_export_could_carry_is_refused_for_a_new_and_a_renamed_player(
    store, name, message
):
    a = store.add_player("Anna")
    before = rows(store)
    with pytest.raises(StoreError, match=re.escape(message)):
        store.add_player(name)
    with pytest.raises(StoreError, match=re.escape(message)):
        store.rename_player(a, name)
    assert rows(store) == before and store.player_name(a) == "Anna"


def test_the_largest_series_the_store_takes_is_exported_and_read_in_again(store, tmp_path):
    names = [("Ä" * (MAX_NAME - 1)) + str(i) for i in range(3)]
    ids = [store.add_player(n) for n in names]
    sid = store.create_series(
        "T" * MAX_TEXT,
        "2026-11-20",
        ids,
        ISKO,
        planned_deals=MAX_PLANNED_DEALS,
        place="P" * MAX_TEXT,
        stake_cents=MAX_STAKE_CENTS,
    )
    SeriesService(store, sid).add_entry({"kind": "passed_in"})
    doc = ex.export_series(store, [sid])
    other = Store.open(tmp_path / "other.sqlite3")
    try:
        new = ex.import_series(other, json.dumps(doc))
        assert ex.export_series(other, new)["series"] == doc["series"]
    finally:
        other.close()


def test_a_stake_stored_before_these_limits_is_named_by_check_and_refused_in_one_line(
    store, tmp_path
):
    """A file from before (or edited by hand): ``db check`` names the series, and its
    sheet and the season's ranking refuse in one line instead of a ValueError."""
    sid = store.create_series("Friday", "2026-11-20", three(store), ISKO, stake_cents=1)
    svc = SeriesService(store, sid)
    svc.add_entry({"kind": "passed_in"})
    store.conn.execute("UPDATE series SET stake_cents = -3, planned_deals = 0 WHERE id = ?", (sid,))
    with sqlite3.connect(store.path) as raw:
        raw.execute(
            "INSERT INTO players (name, guest, kind, created) VALUES (?, 0, 'human', '')",
            ("Dora\nBerg",),
        )
    with pytest.raises(
        StoreError, match=re.escape("series 1: its stake of -3.0 cents a point cannot be")
    ):
        SeriesService(store, sid).sheet()
    with pytest.raises(StoreError, match=re.escape("series 1: its stake of -3.0")):
        season_ranking(store)
    found = [p.line() for p in check_database(store.path).problems]
    assert any(x.startswith("series 1: its stake of -3.0 cents a point is not") for x in found)
    assert "series 1: 0 deals are planned, not 1 to 500000" in found
    assert any("'Dora Berg') holds the control character U+000A" in x for x in found)
