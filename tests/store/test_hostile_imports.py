"""Hostile series exports and ISS archives (issue 22, data safety).

Every refusal is one line, the database keeps every row it had, and what is
accepted rebuilds. Covered: numbers beyond 64 bits anywhere, forged correction
chains and out-of-order history, control characters and over-long names,
decompression bombs, importing the same export twice, and fuzzed documents and lines.
"""

from __future__ import annotations

import bz2
import contextlib
import copy
import json
import shutil
import sqlite3
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_exchange import game, iss_games, play
from test_iss import EXAMPLES, GRAND_SC, NULL_OUVERT, PASSED, PLAYABLE

from skat_desktop.app import exchange as ex
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.store import iss
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

TABLES = (
    "players",
    "profiles",
    "series",
    "series_seats",
    "series_events",
    "deals",
    "deal_results",
    "deal_scores",
    "corrections",
)


def counts(store: Store) -> dict[str, int]:
    return {t: store.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


def dump(store: Store) -> list[str]:
    return list(store.conn.iterdump())


T0 = datetime(2024, 3, 7, 18, 0, tzinfo=UTC)


def at(minutes: float) -> str:
    return (T0 + timedelta(minutes=minutes)).isoformat()


def build(store: Store) -> list[int]:
    """Two small series: ISkO at three with played deals and entries, a deal corrected
    twice, a played deal corrected, closed/reopened/closed with a correction in
    between; house rules at four with played deals."""
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem", "Dora")]
    s1 = store.create_series("Thursday", "2024-03-07", ids[:3], ISKO, place="Krone")
    svc = SeriesService(store, s1)
    play(svc, 2, seed=1)
    svc.add_entry(game((svc.next_context()[0] + 1) % 3, "grand", 18, True, matadors=1))
    svc.add_entry(game((svc.next_context()[0] + 1) % 3, "clubs", 18, True, matadors=1))
    svc.correct(3, "Anna", "the wrong game", game(1, "hearts", 18, True))
    svc.correct(3, "Bernd", "it was lost", game(1, "hearts", 18, False))
    svc.correct(1, "Cem", "miscounted", {"kind": "passed_in"})
    svc.close("Anna")
    svc.reopen("Bernd", "deal 4 was\nmiscounted")  # a reason may have several lines
    svc.correct(4, "Cem", "one more matador", game(2, "clubs", 18, True, matadors=2))
    svc.close("Cem", "signed by all")
    s2 = store.create_series("Pub", "2024-03-08", ids, HOUSE, first_dealer=2)
    play(SeriesService(store, s2), 3, seed=2)
    return [s1, s2]


def timeline(doc: dict) -> dict:
    """Give the history distinct, increasing times (the store writes whole seconds)."""
    s1, s2 = doc["series"]
    s1["created"] = at(0)
    for k, d in enumerate(s1["deals"]):
        d["created"] = at(1 + k)  # deals at 1..4
    for c, t in zip(s1["corrections"], (5, 6, 7, 10), strict=True):
        c["created"] = at(t)
    for e, t in zip(s1["events"], (8, 9, 11), strict=True):
        e["created"] = at(t)
    s2["created"] = at(20)
    for k, d in enumerate(s2["deals"]):
        d["created"] = at(21 + k)
    return doc


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> dict:
    store = Store.open(tmp_path_factory.mktemp("small") / "small.sqlite3")
    doc = timeline(ex.export_series(store, build(store)))
    store.close()
    return doc


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A database with something in it, to show a refused import leaves it alone."""
    path = tmp_path_factory.mktemp("template") / "target.sqlite3"
    store = Store.open(path)
    a, b, c = (store.add_player(n) for n in ("Anna", "Xaver", "Yvonne"))
    sid = store.create_series("Existing", "2024-01-01", [a, b, c], ISKO)
    SeriesService(store, sid).add_entry(game(1, "grand", 18, True, matadors=1))
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return path


@contextlib.contextmanager
def fresh_copy(template: Path):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "db.sqlite3"
        shutil.copyfile(template, path)
        store = Store.open(path)
        try:
            yield store
        finally:
            store.close()


@pytest.fixture()
def target(template):
    with fresh_copy(template) as store:
        yield store


def refused(store: Store, data, match: str | None = None) -> str:
    before = dump(store)
    with pytest.raises(ex.ImportRefused) as info:
        ex.import_series(store, data)
    message = str(info.value)
    assert isinstance(info.value, StoreError)
    assert message and "\n" not in message and len(message) < 400
    if match:
        assert match in message
    assert dump(store) == before
    assert not store._in_tx
    return message


def _record_deal(doc: dict) -> dict:
    return next(d for d in doc["series"][1]["deals"] if d["record"] is not None)


def test_the_small_club_round_trips(small, target):
    ids = ex.import_series(target, small)
    assert ex.export_series(target, ids) == small
    for sid in ids:
        SeriesService(target, sid).sheet()


# ----------------------------------------------------------- 1. numbers beyond 64 bits

BIG = 10**400

NUMBER_PLACES = {
    "seed": (lambda d: d["series"][1]["deals"][0].update(seed=BIG), "series 2, deal 1, seed"),
    "stake": (lambda d: d["series"][0].update(stake_cents=BIG), "series 1, stake_cents"),
    "planned deals": (lambda d: d["series"][0].update(planned_deals=-BIG), "planned_deals"),
    "table size": (lambda d: d["series"][0].update(table_size=BIG), "series 1, table_size"),
    "deal number": (lambda d: d["series"][0]["deals"][2].update(number=BIG), "deal 3, number"),
    "date": (lambda d: d["series"][0].update(date=BIG), "series 1, date"),
    "entry bid": (lambda d: d["series"][0]["deals"][2]["entry"].update(bid=BIG), "entry.bid"),
    "record bid": (
        lambda d: next(
            a for a in _record_deal(d)["record"]["actions"] if a["type"] == "bid"
        ).update(value=BIG),
        "series 2, deal 1, record.actions[",
    ),
    "record score": (
        lambda d: _record_deal(d)["record"]["result"]["scores"].__setitem__(0, BIG),
        "record.result.scores[0]",
    ),
    "record extra": (
        lambda d: _record_deal(d)["record"].update(extra={"note": [BIG]}),
        "record.extra.note[0]",
    ),
    "correction old": (
        lambda d: d["series"][0]["corrections"][0]["old"].update(value=BIG),
        "series 1, correction 1, old.value",
    ),
    "correction new": (
        lambda d: d["series"][0]["corrections"][1]["new"].update(matadors=BIG),
        "series 1, correction 2, new.matadors",
    ),
    "profile option": (
        lambda d: d["series"][1]["profile"].update(grand_base=BIG),
        "series 2, profile.grand_base",
    ),
    "profile money": (
        lambda d: d["series"][1]["profile"].update(stake_cents_per_point=BIG),
        "profile.stake_cents_per_point",
    ),
    "just above 64 bits": (
        lambda d: d["series"][1]["deals"][0].update(seed=2**63),
        "the number 9223372036854775808",
    ),
}


@pytest.mark.parametrize("name", sorted(NUMBER_PLACES))
def test_numbers_beyond_64_bits_are_refused_naming_the_place(small, target, name):
    mutate, place = NUMBER_PLACES[name]
    doc = copy.deepcopy(small)
    mutate(doc)
    assert place in refused(target, doc)
    assert place in refused(target, json.dumps(doc))


def test_real_numbers_beyond_the_float_range_are_refused(small, target):
    text = json.dumps(small).replace('"stake_cents": 0.0', '"stake_cents": 1e400', 1)
    assert "series 1, stake_cents: inf is not a finite number" in refused(target, text)
    assert "not usable JSON" in refused(target, text.replace("1e400", "-Infinity"))


def test_deep_nesting_and_values_json_cannot_hold_are_refused(small, target):
    doc = copy.deepcopy(small)
    deep: list = []
    for _ in range(ex.MAX_DEPTH):
        deep = [deep]
    _record_deal(doc)["record"]["extra"] = {"x": deep}
    assert "nested deeper than" in refused(target, doc)
    assert "nested deeper than" in refused(target, json.dumps(doc))
    doc["series"][1]["deals"][0]["record"]["extra"] = {"x": {1, 2}}
    assert "JSON cannot hold" in refused(target, doc)
    doc["series"][1]["deals"][0]["record"]["extra"] = {1: "x"}
    assert "not text" in refused(target, doc)
    doc["series"][1]["deals"][0]["record"]["extra"] = {"x": float("nan")}
    assert "finite" in refused(target, doc)


# ---------------------------------------------------- 2. forged corrections and history


def _corr(doc: dict, k: int) -> dict:
    return doc["series"][0]["corrections"][k]


def _events(doc: dict) -> list[dict]:
    return doc["series"][0]["events"]


FORGED = {
    "old is empty": (lambda d: _corr(d, 0).update(old={}), "correction 1: its old value"),
    "old of another deal": (
        lambda d: _corr(d, 0).update(old=_corr(d, 2)["old"]),
        "correction 1: its old value",
    ),
    "second old repeats the first": (
        lambda d: _corr(d, 1).update(old=_corr(d, 0)["old"]),
        "correction 2: its old value",
    ),
    "old scores changed": (
        lambda d: _corr(d, 0)["old"]["scores"].__setitem__(1, 999),
        "correction 1: its old value",
    ),
    "old says won": (lambda d: _corr(d, 1)["old"].update(won=0), "correction 2"),
    "correction before its deal": (
        lambda d: _corr(d, 0).update(created=at(2.5)),
        "before deal 3, which it corrects",
    ),
    "correction before the one before it": (
        lambda d: _corr(d, 1).update(created=at(4.5)),
        "correction 2 is dated before correction 1",
    ),
    "correction while closed": (
        lambda d: _corr(d, 2).update(created=at(8.5)),
        "correction 3 is dated while the series was closed",
    ),
    "correction after the last close": (
        lambda d: _corr(d, 3).update(created=at(12)),
        "correction 4 is dated while the series was closed",
    ),
    "close before the series was created": (
        lambda d: _events(d)[0].update(created=at(-1)),
        "event 1 (close) is dated before the series was created",
    ),
    "reopen before the close": (
        lambda d: _events(d)[1].update(created=at(7.5)),
        "event 2 (reopen) is dated before event 1",
    ),
    "deal before its series": (
        lambda d: d["series"][0]["deals"][0].update(created=at(-5)),
        "deal 1 is dated before its series was created",
    ),
    "deal while closed": (
        lambda d: d["series"][0]["deals"][3].update(created=at(8.5)),
        "deal 4 is dated while the series was closed",
    ),
    "time in another zone still counts": (
        lambda d: _corr(d, 0).update(created="2024-03-07T19:02:30+01:00"),
        "before deal 3",
    ),
}


@pytest.mark.parametrize("name", sorted(FORGED))
def test_forged_corrections_and_history_are_refused(small, target, name):
    mutate, match = FORGED[name]
    doc = copy.deepcopy(small)
    mutate(doc)
    refused(target, doc, match)


def test_the_same_second_is_not_out_of_order(small, target):
    doc = copy.deepcopy(small)
    for c in doc["series"][0]["corrections"][:3]:
        c["created"] = at(4)  # the second of deal 4: corrections of one evening
    _events(doc)[0]["created"] = at(4)
    ex.import_series(target, doc)


def test_corrections_of_an_imported_iss_series_round_trip(tmp_path):
    """The old of a second correction of an ISS game whose dealer breaks the rotation
    is what the sheet showed (the correction kept the game's own dealer)."""
    store = Store.open(tmp_path / "iss.sqlite3")
    lines = iss_games(6, ["Anna", "Bernd", "Cem"], 31, 8000)
    sid = ex.import_iss(store, [lines[0], lines[3]]).series_ids[0]
    assert [r["dealer"] for r in store.deal_rows(sid)] == [2, 2]  # not in rotation
    svc = SeriesService(store, sid)
    svc.correct(2, "Anna", "x", game(0, "grand", 18, True, matadors=1))
    svc.correct(2, "Anna", "y", game(0, "grand", 18, False, matadors=1))
    stored = [r["score"] for r in store.scores(sid) if r["number"] == 2]
    assert stored == list(svc.sheet().lines[1].scores) == [-96, 0, 0]
    doc = ex.export_series(store, [sid])
    fresh = Store.open(tmp_path / "fresh.sqlite3")
    assert ex.export_series(fresh, ex.import_series(fresh, doc)) == doc


# ------------------------------------------------------------ 3. names and control text

CONTROL = ["\x00", "\x1b[31m", "\n", "\r", "\u202e", "\u2066", "\u200b", "\u2028", "\x7f"]


def _rename(doc: dict, old: str, new: str) -> None:
    for p in doc["players"]:
        if p["name"] == old:
            p["name"] = new
    for s in doc["series"]:
        s["seats"] = [new if n == old else n for n in s["seats"]]
        for d in s["deals"]:
            if d["record"] is not None:
                table = d["record"]["table"]
                table["players"] = [new if n == old else n for n in table["players"]]


TEXT_FIELDS = {
    "player name": lambda d, x: _rename(d, "Anna", f"An{x}na"),
    "title": lambda d, x: d["series"][0].update(title=f"Thurs{x}day"),
    "place": lambda d, x: d["series"][1].update(place=f"Pub{x}"),
    "player kind": lambda d, x: d["players"][1].update(kind=f"hu{x}man"),
    "correction author": lambda d, x: _corr(d, 0).update(author=f"Anna{x}"),
    "event author": lambda d, x: _events(d)[0].update(author=f"Anna{x}"),
}


@pytest.mark.parametrize("char", CONTROL, ids=[f"U+{ord(c[0]):04X}" for c in CONTROL])
@pytest.mark.parametrize("field", sorted(TEXT_FIELDS))
def test_control_characters_in_names_and_titles_are_refused(small, target, field, char):
    doc = copy.deepcopy(small)
    TEXT_FIELDS[field](doc, char)
    assert f"U+{ord(char[0]):04X}" in refused(target, doc, "control character")


def test_reasons_may_have_lines_and_names_may_be_any_script(small, target):
    doc = copy.deepcopy(small)
    _rename(doc, "Anna", "Ännä 李 مریم\u200c")  # a joiner belongs to some scripts
    doc["series"][0]["title"] = "Donnerstag 🂡"
    _corr(doc, 0)["reason"] = "first line\nsecond line\tand a tab"
    ids = ex.import_series(target, doc)
    assert ex.export_series(target, ids) == doc
    _corr(doc, 0)["reason"] = "a\x1b[2Jb"
    refused(target, doc, "U+001B")


ISS_NAMES = {
    "10,000 characters": "x" * 10_000,
    "one over the limit": "x" * (iss.MAX_NAME + 1),
    "NUL": "a\x00b",
    "escape": "a\x1b[31mb",
    "line break": "a\nb",
    "right-to-left override": "evil\u202egnp.exe",
    "nothing": "",
}


@pytest.mark.parametrize("name", sorted(ISS_NAMES))
def test_iss_lines_with_bad_player_names_are_skipped(tmp_path, name):
    store = Store.open(tmp_path / "iss.sqlite3")
    bad = GRAND_SC.replace("P1[SkatKCT]", f"P1[{ISS_NAMES[name]}]")
    before = counts(store)
    report = ex.import_iss(store, [bad])
    assert (report.imported, report.skipped) == (0, 1)
    ((line, reason),) = report.errors
    assert line == 1 and "P1" in reason and "\n" not in reason and len(reason) < 200
    assert counts(store) == before
    report = ex.import_iss(store, [bad, GRAND_SC.replace("P1[SkatKCT]", "P1[" + "y" * 64 + "]")])
    assert (report.imported, report.skipped) == (1, 1)


def test_control_characters_in_other_iss_properties_are_skipped(tmp_path):
    store = Store.open(tmp_path / "iss.sqlite3")
    report = ex.import_iss(
        store, [GRAND_SC.replace("CO[]", "CO[a\x1bb]"), PASSED.replace("CO[]", "CO[\t]")]
    )
    assert report.imported == 1 and "CO holds the control character U+001B" in report.errors[0][1]


# --------------------------------------------------------------- 4. decompression bombs


def write_bomb(path: Path, megabytes: int, byte: bytes, head: list[str] = ()) -> Path:
    c = bz2.BZ2Compressor(9)
    with open(path, "wb") as f:
        f.write(c.compress("".join(f"{line}\n" for line in head).encode()))
        block = byte * (1 << 20)
        for _ in range(megabytes):
            f.write(c.compress(block))
        f.write(c.flush())
    return path


@pytest.mark.parametrize("byte", [b"\0", b"\n"], ids=["zeros", "newlines"])
def test_a_decompression_bomb_is_refused_early(tmp_path, monkeypatch, byte):
    monkeypatch.setattr(iss, "RATIO_GRACE", 1 << 20)  # the default is 4 MiB
    bomb = write_bomb(tmp_path / "games.sgf.bz2", 8, byte)
    assert bomb.stat().st_size < 1000
    read = []
    with pytest.raises(iss.ArchiveRefused) as info:
        for item in iss.read_iss_file(bomb):
            read.append(item)
    message = str(info.value)
    assert isinstance(info.value, StoreError) and "\n" not in message
    assert "decompression bomb" in message and not read
    # the importer stops with that one line and stores nothing
    store = Store.open(tmp_path / "db.sqlite3")
    with pytest.raises(StoreError, match="decompression bomb"):
        ex.import_iss(store, bomb)
    assert counts(store)["deals"] == 0


def test_games_before_a_bomb_are_kept_and_the_bomb_names_its_line(tmp_path, monkeypatch):
    monkeypatch.setattr(iss, "RATIO_GRACE", 1 << 20)
    bomb = write_bomb(tmp_path / "games.sgf.bz2", 8, b"\n", head=PLAYABLE)
    store = Store.open(tmp_path / "db.sqlite3")
    with pytest.raises(iss.ArchiveRefused, match=r"reading stopped after line \d+"):
        ex.import_iss(store, bomb)
    assert counts(store)["deals"] == len(PLAYABLE)  # each game was its own transaction


def test_the_size_limit_refuses_an_archive_that_compresses_normally(tmp_path, monkeypatch):
    lines = iss_games(120, ["Anna", "Bernd", "Cem"], 3, 9000)
    path = tmp_path / "games.sgf.bz2"
    path.write_bytes(bz2.compress(("\n".join(lines) + "\n").encode()))
    monkeypatch.setattr(iss, "RATIO_GRACE", 1 << 14)  # the ratio guard judges early ...
    assert sum(1 for _ in iss.read_iss_file(path)) == 120  # ... and real lines pass it
    monkeypatch.setattr(iss, "MAX_ARCHIVE_BYTES", 1 << 15)
    with pytest.raises(iss.ArchiveRefused, match=r"expands to more than 3.05176e-05 GiB"):
        list(iss.read_iss_file(path))


def test_the_cli_refuses_a_bomb_with_one_line(tmp_path, monkeypatch, capsys):
    import io

    from skat_desktop.cli import main

    monkeypatch.setattr(iss, "RATIO_GRACE", 1 << 20)
    bomb = write_bomb(tmp_path / "games.sgf.bz2", 8, b"\0")
    argv = ["db", "--db", str(tmp_path / "db.sqlite3"), "import", "--iss", str(bomb)]
    assert main(argv, out=io.StringIO(), inp=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("skat-desktop: error: ") and err.count("\n") == 1
    assert "decompression bomb" in err


def test_long_lines_and_blank_runs_in_files_keep_their_line_numbers(tmp_path, monkeypatch):
    monkeypatch.setattr(iss, "_CHUNK", 1000)  # lines cross chunk borders
    monkeypatch.setattr(iss, "MAX_LINE", 5000)
    text = "\n".join(
        [PASSED, "", "", "x" * 20_000, GRAND_SC, "\r", "y" * 5001, NULL_OUVERT + "\r", "", PASSED]
    )
    path = tmp_path / "games.sgf"
    path.write_bytes(text.encode())  # no newline at the end
    got = [(n, isinstance(r, iss.IssError)) for n, r in iss.read_iss_file(path)]
    assert got == [(1, False), (4, True), (5, False), (7, True), (8, False), (10, False)]
    archive = tmp_path / "games.sgf.bz2"
    archive.write_bytes(bz2.compress(text.encode()))
    assert [(n, isinstance(r, iss.IssError)) for n, r in iss.read_iss_file(archive)] == got


# ------------------------------------------------------------- 5. the same export twice


def test_importing_the_same_export_twice_is_refused(small, target):
    ids = ex.import_series(target, small)
    message = refused(target, small, "already in the database")
    assert message.endswith(f"as series {ids[0]}")
    refused(target, ex.dumps_export(small), f"as series {ids[0]}")
    # even after the imported series was corrected: same title, date, place, players,
    # rules and deals make the same series
    SeriesService(target, ids[1]).correct(1, "Dora", "re-counted", game(3, "grand", 18, True))
    only_pub = {**small, "series": [small["series"][1]]}
    refused(target, only_pub, f"already in the database as series {ids[1]}")


def test_a_series_that_differs_is_not_taken_for_a_copy(small, target):
    ex.import_series(target, small)
    other = copy.deepcopy(small)
    other["series"][0]["place"] = "Linde"
    other["series"][1]["title"] = "Pub, second evening"
    assert len(ex.import_series(target, other)) == 2
    fewer = copy.deepcopy(small)
    for s in fewer["series"]:
        s["deals"] = s["deals"][:-1]
        s["corrections"] = [c for c in s["corrections"] if c["deal"] <= len(s["deals"])]
    assert len(ex.import_series(target, fewer)) == 2


# ----------------------------------------------------------------------- 7. fuzzing

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([10**400, -(10**400), 2**63, -(2**63) - 1, 0, 1, 2, 3, 18, 120])
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["", "CJ", "\x00", "\u202e", "a\nb", "game", "close", "2024-03-07"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _paths(doc) -> list[tuple]:
    out, stack = [], [((), doc)]
    while stack:
        path, value = stack.pop()
        out.append(path)
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
    return sorted(out, key=repr)


def _get(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def mutate(doc: dict, pick: int, how: int, value, other: int) -> dict:
    """One mutation at a path of a real export: a new value, a dropped or an extra
    field or list item, or the value of another place (type confusion)."""
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc) if p]
    path = paths[pick % len(paths)]
    parent, key = _get(doc, path[:-1]), path[-1]
    if how == 0:
        parent[key] = value
    elif how == 1:
        del parent[key]
    elif how == 2:
        if isinstance(parent, dict):
            parent[f"{key}x"] = value
        else:
            parent.insert(key, value)
    elif how == 3 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    else:
        parent[key] = copy.deepcopy(_get(doc, paths[other % len(paths)]))
    return doc


FUZZ = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def import_or_refuse(template: Path, data) -> None:
    with fresh_copy(template) as store:
        before = counts(store)
        try:
            ids = ex.import_series(store, data)
        except ex.ImportRefused as e:
            assert str(e) and "\n" not in str(e)
            assert counts(store) == before and not store._in_tx
            return
        for sid in ids:  # what is accepted rebuilds and exports
            SeriesService(store, sid).sheet()
        ex.export_series(store, ids)


@FUZZ
@given(st.integers(0, 10**6), st.integers(0, 4), JSON_VALUES, st.integers(0, 10**6), st.booleans())
def test_fuzzed_documents_are_imported_whole_or_refused_in_one_line(
    small, template, pick, how, value, other, as_text
):
    doc = mutate(small, pick, how, value, other)
    import_or_refuse(template, json.dumps(doc) if as_text else doc)


@FUZZ
@given(st.integers(0, 10**7), st.integers(0, 20), st.text(max_size=5))
def test_fuzzed_export_text_is_imported_whole_or_refused_in_one_line(
    small, template, at_, cut, insert
):
    text = ex.dumps_export(small)
    at_ %= len(text)
    import_or_refuse(template, text[:at_] + insert + text[at_ + cut :])


ISS_INSERTS = st.sampled_from(
    ["", "]", "[", "\x00", "\x1b", "\n", "\u202e", "x" * 100, "P0[a]", "ID[1]", " ", "w"]
)


@pytest.fixture(scope="module")
def iss_store(tmp_path_factory):
    store = Store.open(tmp_path_factory.mktemp("iss") / "iss.sqlite3")
    yield store
    store.close()


@settings(max_examples=120, deadline=None, database=None)
@given(st.sampled_from(EXAMPLES), st.integers(0, 3000), st.integers(0, 30), ISS_INSERTS)
def test_fuzzed_iss_lines_are_stored_whole_or_skipped_with_one_line(
    iss_store, line, at_, cut, insert
):
    at_ %= len(line)
    mutated = line[:at_] + insert + line[at_ + cut :]
    before = counts(iss_store)
    report = ex.import_iss(iss_store, [mutated])
    assert report.imported + report.skipped == (1 if mutated.strip() else 0)
    if report.skipped:
        ((_, reason),) = report.errors
        assert reason and "\n" not in reason and len(reason) < 400
        assert counts(iss_store) == before
    for sid in report.series_ids:
        SeriesService(iss_store, sid).sheet()


@settings(max_examples=30, deadline=None, database=None)
@given(st.lists(st.tuples(st.integers(0, 3000), ISS_INSERTS), min_size=1, max_size=5))
def test_fuzzed_iss_archives_yield_only_records_or_iss_errors(edits):
    lines = list(EXAMPLES)
    for k, (at_, insert) in enumerate(edits):
        line = lines[k % len(lines)]
        at_ %= len(line)
        lines[k % len(lines)] = line[:at_] + insert + line[at_:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sgf.bz2"
        path.write_bytes(bz2.compress("\n".join(lines).encode()))
        for n, item in iss.read_iss_file(path):
            assert n >= 1
            if isinstance(item, iss.IssError):
                assert "\n" not in str(item)
            else:
                assert item["format"] == "skat-desktop game record"


def test_refused_documents_leave_the_file_on_disk_untouched(small, tmp_path):
    path = tmp_path / "disk.sqlite3"
    store = Store.open(path)
    store.add_player("Anna")
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = sqlite3.connect(path).execute("SELECT COUNT(*) FROM players").fetchone()[0]
    doc = copy.deepcopy(small)
    _corr(doc, 1)["old"] = {}
    with pytest.raises(ex.ImportRefused):
        ex.import_series(store, doc)
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM players").fetchone()[0] == raw
