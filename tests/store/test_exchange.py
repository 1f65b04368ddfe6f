"""Export, import, backup and restore of the store; ISS archive import and export (issue 3.7)."""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import random
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from club_tools import play, ramsch_entry

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app import exchange as ex
from skat_desktop.app.selfplay import play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import active_seats, deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.engine.record import record_from_deal
from skat_desktop.store import iss
from skat_desktop.store.database import (
    CorruptDatabase,
    ForeignDatabase,
    NewerDatabase,
    StoreError,
    open_database,
)
from skat_desktop.store.repository import Store

# ----------------------------------------------------------------------------- helpers


def open_store(path: Path) -> Store:
    return Store.open(path)


def dump(store: Store) -> list[str]:
    return list(store.conn.iterdump())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def game(declarer: int, game: str, bid: int, won: bool, **more) -> dict:
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": {"game": game},
        "bid": bid,
        "won": won,
        **more,
    }


def build_club(store: Store) -> list[int]:
    """Three series covering played deals, entries, Ramsch, Bock, passed-in deals,
    corrections and a closed, reopened and closed again series."""
    names = ["Anna", "Bernd", "Cem", "Dora"]
    ids = [store.add_player(n) for n in names[:3]]
    ids.append(store.add_player("Dora", guest=True, kind="guest"))

    # 1: ISkO at three, played deals and entries, a correction, closed/reopened/closed
    s1 = store.create_series("Thursday", "2024-03-07", ids[:3], ISKO, place="Krone")
    svc = SeriesService(store, s1)
    play(svc, 12, seed=1)
    dealer = svc.next_context()[0]
    svc.add_entry(game((dealer + 1) % 3, "grand", 18, True, matadors=1))
    svc.add_entry({"kind": "passed_in"})
    svc.correct(2, "Anna", "the sheet said the wrong game", game(1, "hearts", 18, True))
    svc.correct(2, "Bernd", "it was Anna's game", game(2, "hearts", 18, False))
    svc.close("Anna")
    svc.reopen("Bernd", "deal 13 was miscounted")
    svc.correct(13, "Cem", "one more matador", game(1, "grand", 18, True, matadors=2))
    svc.close("Cem", "signed by all")

    # 2: house rules at four: Ramsch, Kontra, Bock rounds, a Ramsch entry, a correction
    s2 = store.create_series("Pub", "2024-03-08", ids, HOUSE, stake_cents=0.5, first_dealer=2)
    svc2 = SeriesService(store, s2)
    play(svc2, 40, seed=2)
    svc2.add_entry(ramsch_entry(svc2))
    quiet = [
        r
        for r in store.deal_rows(s2)
        if r["kind"] == "game" and not r["bock_triggered"] and not r["kontra"]
    ]
    row = quiet[0]
    fh = active_seats(4, row["dealer"])[0]
    svc2.correct(row["number"], "Dora", "re-counted", game(fh, "hearts", 18, True, matadors=1))

    # 3: ISkO at three from the score sheet only, planned length, still open
    s3 = store.create_series(
        "Training", "2024-03-09", [ids[3], ids[0], ids[1]], ISKO, planned_deals=36
    )
    svc3 = SeriesService(store, s3)
    for k in range(5):
        dealer = svc3.next_context()[0]
        svc3.add_entry(game((dealer + 1) % 3, "clubs", 18, k % 2 == 0, matadors=1))
    return [s1, s2, s3]


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> tuple[Path, list[int], dict]:
    path = tmp_path_factory.mktemp("club") / "club.sqlite3"
    store = open_store(path)
    sids = build_club(store)
    doc = ex.export_series(store, sids)
    store.close()
    return path, sids, doc


def sheet_view(store: Store, sid: int) -> tuple:
    sheet = SeriesService(store, sid).sheet()
    return (
        sheet.lines,
        sheet.totals,
        sheet.won,
        sheet.lost,
        sheet.seeger_fabian,
        sheet.evaluation,
        sheet.money_cents,
        sheet.info.closed,
        [n for _, n in sheet.info.players],
    )


def derived(store: Store, sid: int) -> list[dict]:
    drop = ("id", "deal_id", "series_id", "player_id")
    rows = [{k: v for k, v in r.items() if k not in drop} for r in store.deal_rows(sid)]
    scores = [{k: v for k, v in r.items() if k not in drop} for r in store.scores(sid)]
    return [rows, scores]


# -------------------------------------------------------------------------- round trip


def test_the_club_covers_every_kind_of_deal(club):
    path, sids, doc = club
    store = open_store(path)
    kinds = {r["kind"] for sid in sids for r in store.deal_rows(sid)}
    assert kinds == {"game", "ramsch", "passed_in"}
    assert any(r["bock"] for r in store.deal_rows(sids[1]))
    assert any(r["record"] for r in store.deal_rows(sids[0]))
    assert any(r["entry"] for r in store.deal_rows(sids[0]))
    assert [e["action"] for e in store.series_events(sids[0])] == ["close", "reopen", "close"]
    assert len(store.corrections(series_id=sids[0])) == 3
    assert doc["format"] == ex.FORMAT and doc["version"] == ex.VERSION
    assert "id" not in json.dumps(doc["series"][0]["events"])
    store.close()


def test_export_import_export_is_identical(club, tmp_path):
    path, sids, doc = club
    text = ex.dumps_export(doc)
    target = open_store(tmp_path / "new.sqlite3")
    new_ids = ex.import_series(target, text)
    assert len(new_ids) == 3
    again = ex.export_series(target, new_ids)
    assert again == doc
    assert ex.dumps_export(again) == text

    source = open_store(path)
    for old, new in zip(sids, new_ids, strict=True):
        assert sheet_view(target, new) == sheet_view(source, old)
        assert derived(target, new) == derived(source, old)
        assert target.series_events(new) == source.series_events(old)
    # history keeps its authors, reasons and times
    got = target.corrections(series_id=new_ids[0])
    want = source.corrections(series_id=sids[0])
    strip = ("id", "deal_id")
    assert [{k: v for k, v in c.items() if k not in strip} for c in got] == [
        {k: v for k, v in c.items() if k not in strip} for c in want
    ]
    # closed series arrive closed and stay protected
    assert target.series(new_ids[0]).closed
    with pytest.raises(StoreError):
        SeriesService(target, new_ids[0]).add_entry({"kind": "passed_in"})
    # an open series can go on where it stopped
    svc = SeriesService(target, new_ids[2])
    assert svc.next_context() == SeriesService(source, sids[2]).next_context()
    dealer = svc.next_context()[0]
    svc.add_entry(game((dealer + 1) % 3, "spades", 18, True, matadors=1))
    source.close()


def test_import_reuses_same_named_players_and_reads_files(club, tmp_path):
    _, _, doc = club
    target = open_store(tmp_path / "other.sqlite3")
    target.add_player("Zoe")
    cem = target.add_player("Cem")
    file = tmp_path / "export.json"
    ex.write_export(doc, file)
    new_ids = ex.import_series(target, file)
    names = [p["name"] for p in target.players()]
    assert sorted(names) == ["Anna", "Bernd", "Cem", "Dora", "Zoe"]
    assert cem in [pid for pid, _ in target.series(new_ids[0]).players]
    assert ex.export_series(target, new_ids) == doc
    # a second import of the same file is refused: the series are already there
    message = assert_refused(target, ex.read_export(file), "already in the database")
    assert f"as series {new_ids[0]}" in message
    assert len(target.players()) == 5


def test_export_of_unknown_series_is_refused(tmp_path):
    store = open_store(tmp_path / "db.sqlite3")
    with pytest.raises(StoreError):
        ex.export_series(store, [42])


# ------------------------------------------------------------------------------ hostile


def _record_deal(doc, kind="game"):
    for d in doc["series"][0]["deals"]:
        if d["record"] is not None and d["record"]["result"]["kind"] == kind:
            return d
    raise AssertionError("no such deal")


def _play_action(rec):
    return next(a for a in rec["actions"] if a["type"] == "play")


def _swap_play(doc):
    rec = _record_deal(doc)["record"]
    plays = [a for a in rec["actions"] if a["type"] == "play"]
    plays[0]["card"], plays[1]["card"] = plays[1]["card"], plays[0]["card"]


def _second_series_broken(doc):
    doc["series"][2]["deals"][3]["entry"]["bid"] = 17


MUTATIONS = {
    "wrong format": lambda d: d.update(format="something else"),
    "newer version": lambda d: d.update(version=2),
    "no version": lambda d: d.pop("version"),
    "missing field": lambda d: d["series"][0].pop("seats"),
    "unknown field": lambda d: d["series"][0].update(colour="red"),
    "wrong type": lambda d: d["series"][0].update(table_size="3"),
    "bool for a number": lambda d: d["series"][0].update(first_dealer=True),
    "players not a list": lambda d: d.update(players={"Anna": 1}),
    "unknown profile option": lambda d: d["series"][0]["profile"].update(house_rule=1),
    "profile option of the wrong type": lambda d: d["series"][0]["profile"].update(
        suit_base="abcd"
    ),
    "bad profile choice": lambda d: d["series"][0]["profile"].update(all_pass="dance"),
    "built-in profile changed": lambda d: d["series"][0]["profile"].update(grand_base=20),
    "record does not replay": _swap_play,
    "stored result tampered": lambda d: _record_deal(d)["record"]["result"]["scores"].__setitem__(
        0, 999
    ),
    "record cards tampered": lambda d: _record_deal(d)["record"]["deal"]["skat"].__setitem__(
        0, "CJ"
    ),
    "seed differs": lambda d: _record_deal(d).update(seed=_record_deal(d)["seed"] + 1),
    "unfinished record": lambda d: _record_deal(d)["record"].update(
        result=None, actions=_record_deal(d)["record"]["actions"][:3]
    ),
    "record of another table": lambda d: _record_deal(d)["record"]["table"].update(size=4),
    "record profile differs": lambda d: _record_deal(d)["record"]["profile"].update(name="texas"),
    "record extra not an object": lambda d: _record_deal(d)["record"].update(extra=[1]),
    "card that does not exist": lambda d: _play_action(_record_deal(d)["record"]).update(card="X9"),
    "impossible entry": lambda d: d["series"][2]["deals"][0]["entry"].update(bid=17),
    "entry with absurd kontra": lambda d: d["series"][2]["deals"][0]["entry"].update(kontra=10**30),
    "entry of a seat not at the table": lambda d: d["series"][2]["deals"][0]["entry"].update(
        declarer=7
    ),
    "entry not an object": lambda d: d["series"][2]["deals"][0].update(entry="grand"),
    "both record and entry": lambda d: _record_deal(d).update(entry={"kind": "passed_in"}),
    "impossible correction": lambda d: d["series"][0]["corrections"][0]["new"].update(bid=17),
    "correction of a missing deal": lambda d: d["series"][0]["corrections"][0].update(deal=999),
    "correction without author": lambda d: d["series"][0]["corrections"][0].update(author=" "),
    "dealer out of turn": lambda d: d["series"][2]["deals"][1].update(dealer=0),
    "bock round forged": lambda d: d["series"][2]["deals"][1].update(bock=True),
    "deal numbers out of order": lambda d: d["series"][2]["deals"][1].update(number=7),
    "more deals than planned": lambda d: d["series"][2].update(planned_deals=3),
    "closed flag without history": lambda d: d["series"][2].update(closed=True),
    "reopen before close": lambda d: d["series"][0]["events"][0].update(action="reopen"),
    "reopen without a reason": lambda d: d["series"][0]["events"][1].update(reason=""),
    "unknown event": lambda d: d["series"][0]["events"].append(
        {"action": "burn", "author": "x", "reason": "y", "created": "2024-01-01T00:00:00+00:00"}
    ),
    "player listed twice": lambda d: d["players"].append(dict(d["players"][0])),
    "seat names no player": lambda d: d["series"][0]["seats"].__setitem__(0, "Nobody"),
    "player twice at the table": lambda d: d["series"][0]["seats"].__setitem__(1, "Anna"),
    "player name with spaces": lambda d: d["players"][0].update(name=" Anna"),
    "empty player name": lambda d: d["players"][0].update(name=""),
    "seed out of range": lambda d: d["series"][2]["deals"][0].update(seed=2**70),
    "not a date": lambda d: d["series"][0].update(date="Thursday"),
    "not a time": lambda d: d["series"][0].update(created="yesterday"),
    "table of five": lambda d: d["series"][0].update(table_size=5),
    "negative stake": lambda d: d["series"][1].update(stake_cents=-1),
    "huge title": lambda d: d["series"][0].update(title="x" * (ex.MAX_TEXT + 1)),
    "a later series is broken": _second_series_broken,
}


@pytest.fixture()
def target(tmp_path) -> Store:
    """A database with something in it, to show an import leaves it alone."""
    store = open_store(tmp_path / "target.sqlite3")
    a, b, c = (store.add_player(n) for n in ("Anna", "Xaver", "Yvonne"))
    sid = store.create_series("Existing", "2024-01-01", [a, b, c], ISKO)
    SeriesService(store, sid).add_entry(game(1, "grand", 18, True, matadors=1))
    return store


def assert_refused(store: Store, data, match: str | None = None) -> str:
    before = dump(store)
    with pytest.raises(ex.ImportRefused) as info:
        ex.import_series(store, data)
    assert isinstance(info.value, StoreError)
    message = str(info.value)
    assert message and "\n" not in message
    if match:
        assert match in message
    assert dump(store) == before
    assert not store._in_tx
    return message


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_hostile_documents_are_refused_and_change_nothing(club, target, name):
    doc = copy.deepcopy(club[2])
    MUTATIONS[name](doc)
    assert_refused(target, doc)
    assert_refused(target, ex.dumps_export(doc))


@pytest.mark.parametrize(
    "raw, match",
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe\x00\x01garbage", "not UTF-8"),
        ("", "not JSON"),
        ("[]", "not a series export"),
        ("42", "not a series export"),
        ('{"format": NaN}', "not usable JSON"),
        ("[" * 100_000 + "]" * 100_000, "JSON"),
        ('{"format": "skat-desktop series export", "version": 1}', "lacks the field"),
    ],
)
def test_files_that_are_no_exports_are_refused(target, raw, match):
    assert_refused(target, raw, match)


def test_huge_files_and_deal_counts_are_refused(club, target, tmp_path, monkeypatch):
    text = ex.dumps_export(club[2])
    monkeypatch.setattr(ex, "MAX_FILE_BYTES", len(text.encode()) - 1)
    assert_refused(target, text, "too large")
    file = tmp_path / "big.json"
    file.write_text(text, encoding="utf-8")
    assert_refused(target, file, "too large")
    monkeypatch.setattr(ex, "MAX_FILE_BYTES", 200 * 1024 * 1024)
    monkeypatch.setattr(ex, "MAX_DEALS", 20)
    assert_refused(target, text, "more than 20 deals")


def test_a_profile_of_the_same_name_with_other_options_is_refused(club, target):
    doc = copy.deepcopy(club[2])
    club_rules = ISKO.copy("club", "Our club", grand_base=20)
    doc["series"][2]["profile"] = club_rules.to_dict()
    target.save_profile(ISKO.copy("club", "Their club"))
    message = assert_refused(target, doc, "other options")
    assert "club" in message


def test_refused_import_inside_a_callers_transaction_leaves_the_rollback_to_it(club, target):
    doc = copy.deepcopy(club[2])
    doc["series"][2]["deals"][4]["entry"]["bid"] = 17
    before = dump(target)
    with pytest.raises(ex.ImportRefused), target.transaction():
        ex.import_series(target, doc)
    assert dump(target) == before


def test_unchanged_bytes_on_disk_after_a_refused_import(club, tmp_path):
    path = tmp_path / "disk.sqlite3"
    store = open_store(path)
    store.add_player("Anna")
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = digest(path)
    doc = copy.deepcopy(club[2])
    _swap_play(doc)
    with pytest.raises(ex.ImportRefused):
        ex.import_series(store, doc)
    store.close()
    assert digest(path) == before


# ----------------------------------------------------------------------------------- CSV


def hand_sheet(store: Store) -> int:
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Club", "2024-03-01", ids, ISKO)
    svc = SeriesService(store, sid)
    entries = [
        game(1, "grand", 18, True, matadors=1),  # dealer Anna; Bernd: 2 x 24 = 48
        game(2, "hearts", 20, False, matadors=2),  # dealer Bernd; Cem: 3 x 10, lost -60
        {"kind": "passed_in"},  # dealer Cem
        game(0, "null", 23, True),  # dealer Anna; Anna +23
        game(0, "clubs", 36, True, matadors=2, with_matadors=False),  # 3 x 12 = 36
        game(1, "spades", 30, False, matadors=1, overbid=True),  # 2 x 11 < 30: 33, -66
    ]
    for e in entries:
        svc.add_entry(e)
    svc.correct(2, "Anna", "Cem won it", game(2, "hearts", 20, True, matadors=2))  # +30
    return sid


def test_csv_of_a_hand_computed_sheet(tmp_path):
    store = open_store(tmp_path / "csv.sqlite3")
    sid = hand_sheet(store)
    rows = ex.sheet_csv_rows(store, sid)
    out = io.StringIO()
    ex.write_csv(rows, out)
    # 2 x 24 = 48; Hearts with 2: 3 x 10 = 30 (corrected to won); Null 23; Clubs without 2:
    # 3 x 12 = 36; Spades with 1 is worth 22 < 30: overbid, lost as 33 x 2.
    # Seeger-Fabian: points + 50 per won - 50 per lost game + 40 per game lost by another.
    expected = """\
number,dealer,declarer,game,value,won,Anna,Anna total,Bernd,Bernd total,Cem,Cem total,\
kontra,bock,ramsch round,overbid,corrected
1,Anna,Bernd,Grand,48,won,0,0,48,48,0,0,,,,,
2,Bernd,Cem,Hearts,30,won,0,0,0,48,30,30,,,,,x
3,Cem,,Passed in,,,0,0,0,48,0,30,,,,,
4,Anna,Anna,Null,23,won,23,23,0,48,0,30,,,,,
5,Bernd,Anna,Clubs,36,won,36,59,0,48,0,30,,,,,
6,Cem,Bernd,Spades,33,lost,0,59,-66,-18,0,30,,,,x,
total,,,,,,59,59,-18,-18,30,30,,,,,
won,,,,,,2,,1,,1,,,,,,
lost,,,,,,0,,1,,0,,,,,,
Seeger-Fabian,,,,,,199,,-18,,120,,,,,,
"""
    assert out.getvalue() == expected.replace("\n", "\r\n")
    assert rows[0]["Bernd"] == 48 and rows[-1]["Anna"] == 199
    file = tmp_path / "sheet.csv"
    ex.write_csv(rows, file)
    assert file.read_bytes().decode("utf-8") == out.getvalue()


def test_csv_marks_bock_and_ramsch_rounds_and_survives_odd_names(tmp_path):
    store = open_store(tmp_path / "odd.sqlite3")
    ids = [store.add_player(n) for n in ("=HYPERLINK(1)", "game", "Anna", "Anna total")]
    sid = store.create_series(
        "Odd", "2024-03-01", ids, HOUSE.copy("h", "H", bock_ramsch_round=True)
    )
    play(SeriesService(store, sid), 40, seed=3)
    rows = ex.sheet_csv_rows(store, sid)
    cols = list(rows[0])
    assert len(cols) == len(set(cols)) == 6 + 8 + 5
    assert "game (seat 2)" in cols and "Anna (seat 3) total" in cols
    deals = store.deal_rows(sid)
    assert [r["bock"] for r in rows[:-4]] == ["x" if d["bock"] else "" for d in deals]
    assert any(r["bock"] for r in rows[:-4]) and any(r["ramsch round"] for r in rows[:-4])
    assert "Ramsch" in {r["game"] for r in rows[:-4]}  # as "Grand", not the engine's "ramsch"
    assert [r["ramsch round"] for r in rows[:-4]] == [
        "x" if d["ramsch_round"] else "" for d in deals
    ]
    out = io.StringIO()
    ex.write_csv(rows, out)
    header = next(csv.reader(io.StringIO(out.getvalue())))
    assert header[6] == "'=HYPERLINK(1)"


def test_csv_says_each_games_kontra_and_re(tmp_path):
    """The value and the scores of a doubled game could not be followed from the file:
    "Clubs 22 ... +88" with no word of the Re that made it 4 x 22."""
    store = open_store(tmp_path / "kontra.sqlite3")
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Pub", "2024-03-01", ids, HOUSE)
    svc = SeriesService(store, sid)
    svc.add_entry(game(1, "clubs", 18, True, matadors=1, kontra=2))
    svc.add_entry(game(2, "spades", 18, False, matadors=1, kontra=1))
    svc.add_entry(game(0, "hearts", 18, True, matadors=1))
    rows = ex.sheet_csv_rows(store, sid)
    assert [r["kontra"] for r in rows[:3]] == ["re", "kontra", ""]
    assert [r["value"] for r in rows[:3]] == [24, 22, 20]  # the game's value, undoubled
    # 24 x 4 (Re); the Re opened a Bock round: 22 x 2 (Kontra) x 2 (Bock) x 2 (lost)
    assert (rows[0]["Bernd"], rows[1]["Cem"], rows[1]["bock"]) == (96, -176, "x")


# ------------------------------------------------------------------------ backup/restore


def test_backup_is_consistent_while_another_connection_writes(tmp_path):
    path = tmp_path / "live.sqlite3"
    store = open_store(path)
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Big", "2024-01-01", ids, ISKO)
    svc = SeriesService(store, sid)
    with store.transaction():
        for _ in range(1500):
            dealer = svc.next_context()[0]
            svc.add_entry(game((dealer + 1) % 3, "grand", 18, True, matadors=1))
    busy = store.create_series("Busy", "2024-01-02", ids, ISKO)

    written = [0]
    stop = threading.Event()
    failed: list[BaseException] = []

    def writer() -> None:
        try:
            other = open_store(path)
            wsvc = SeriesService(other, busy)
            while not stop.is_set():
                dealer = wsvc.next_context()[0]
                wsvc.add_entry(game((dealer + 1) % 3, "clubs", 18, True, matadors=1))
                written[0] += 1
            other.close()
        except BaseException as e:  # pragma: no cover - reported below
            failed.append(e)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        while written[0] < 5:
            time.sleep(0.001)
        overlap = 0
        backups = []
        for k in range(40):
            if k >= 8 and overlap:
                break
            before = written[0]
            dest = ex.backup(store, tmp_path / f"backup-{k}.sqlite3")
            overlap += written[0] - before
            backups.append((dest, before))
    finally:
        stop.set()
        thread.join()
    assert not failed
    assert overlap > 0, "the writer never ran during a backup"
    for dest, at_least in backups:
        assert not Path(f"{dest}-wal").exists()
        raw = sqlite3.connect(dest)
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        raw.close()
        copy_path = tmp_path / "check.sqlite3"
        shutil.copyfile(dest, copy_path)
        check = Store(open_database(copy_path))
        n_deals = check.conn.execute("SELECT COUNT(*) FROM deals").fetchone()[0]
        n_results = check.conn.execute("SELECT COUNT(*) FROM deal_results").fetchone()[0]
        n_scores = check.conn.execute("SELECT COUNT(*) FROM deal_scores").fetchone()[0]
        assert n_deals == n_results and n_scores == 3 * n_deals
        assert len(check.deal_rows(sid)) == 1500
        assert len(check.deal_rows(busy)) >= at_least
        SeriesService(check, busy)  # the copied series rebuilds
        check.close()
        copy_path.unlink()
        for suffix in ("-wal", "-shm"):
            Path(f"{copy_path}{suffix}").unlink(missing_ok=True)


def test_backup_refuses_to_overwrite_its_own_database(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = open_store(path)
    with pytest.raises(ex.ExchangeError):
        ex.backup(store, path)
    with pytest.raises(ex.ExchangeError):
        ex.backup(store, tmp_path)
    with pytest.raises(ex.ExchangeError):
        ex.backup(store, tmp_path / "missing" / "b.sqlite3")
    assert open_store(path).players() == []


def make_backup(tmp_path) -> tuple[Path, Path]:
    """(backup with three players, target database with one other player)."""
    source = open_store(tmp_path / "source.sqlite3")
    for name in ("Anna", "Bernd", "Cem"):
        source.add_player(name)
    dest = ex.backup(source, tmp_path / "backup.sqlite3")
    source.close()
    target_path = tmp_path / "target.sqlite3"
    target = open_store(target_path)
    target.add_player("Zoe")
    target.close()
    return dest, target_path


def names_in(path: Path) -> list[str]:
    store = open_store(path)
    try:
        return [p["name"] for p in store.players()]
    finally:
        store.close()


def test_restore_replaces_the_target_and_keeps_the_old_file(tmp_path):
    dest, target = make_backup(tmp_path)
    backup_digest = digest(dest)
    # the target still has its write-ahead log from a connection left open
    live = open_store(target)
    live.add_player("Yann")
    kept = ex.restore(dest, target)
    live.close()
    assert kept == Path(f"{target}.before-restore")
    assert digest(dest) == backup_digest
    assert names_in(target) == ["Anna", "Bernd", "Cem"]
    assert names_in(kept) == ["Yann", "Zoe"]
    assert not list(tmp_path.glob(".*restore*"))


def test_restore_into_a_new_place(tmp_path):
    dest, _ = make_backup(tmp_path)
    fresh = tmp_path / "fresh.sqlite3"
    assert ex.restore(dest, fresh) is None
    assert names_in(fresh) == ["Anna", "Bernd", "Cem"]


def _text_file(p: Path) -> None:
    p.write_text("these are my notes, not a database\n")


def _empty(p: Path) -> None:
    p.write_bytes(b"")


def _foreign(p: Path) -> None:
    p.unlink()
    conn = sqlite3.connect(p)
    conn.execute("CREATE TABLE notes (x TEXT)")
    conn.commit()
    conn.close()


def _foreign_empty_sqlite(p: Path) -> None:
    p.unlink()
    conn = sqlite3.connect(p)
    conn.execute("PRAGMA user_version=1")
    conn.close()


def _newer(p: Path) -> None:
    conn = sqlite3.connect(p)
    conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
        " VALUES ('skat_desktop', 'm999_future', '2030-01-01')"
    )
    conn.commit()
    conn.close()


def _corrupt(p: Path) -> None:
    data = bytearray(p.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    rng = random.Random(3)
    for i in range(page, len(data)):
        data[i] = rng.randrange(256)
    p.write_bytes(bytes(data))


def _truncated(p: Path) -> None:
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    "spoil, error",
    [
        (_text_file, ForeignDatabase),
        (_empty, ForeignDatabase),
        (_foreign, ForeignDatabase),
        (_foreign_empty_sqlite, ForeignDatabase),
        (_newer, NewerDatabase),
        (_corrupt, CorruptDatabase),
        (_truncated, CorruptDatabase),
    ],
)
def test_restore_refuses_bad_backups_and_leaves_the_target(tmp_path, spoil, error):
    dest, target = make_backup(tmp_path)
    spoil(dest)
    backup_digest = digest(dest)
    target_digest = digest(target)
    with pytest.raises(error) as info:
        ex.restore(dest, target)
    message = str(info.value)
    assert "\n" not in message and str(dest) in message
    assert "skat-restore" not in message  # names the backup, not the temporary copy
    path = info.value.params.get("path")  # what the window names: the backup too
    assert path is None or Path(path) == dest, path
    assert digest(target) == target_digest
    assert digest(dest) == backup_digest
    assert not Path(f"{target}.before-restore").exists()
    assert not list(tmp_path.glob(".*restore*"))
    assert names_in(target) == ["Zoe"]


def test_restore_refuses_missing_or_same_files(tmp_path):
    dest, target = make_backup(tmp_path)
    with pytest.raises(ex.ExchangeError):
        ex.restore(tmp_path / "nothing.sqlite3", target)
    with pytest.raises(ex.ExchangeError):
        ex.restore(dest, dest)
    with pytest.raises(ex.ExchangeError):
        ex.restore(dest, tmp_path)


# ----------------------------------------------------------------------------------- ISS

ISS_SAMPLES = [
    # passed in
    "(;GM[Skat]PC[International Skat Server]CO[]SE[32407]ID[756788]DT[2011-05-28/08:46:19/UTC]"
    "P0[xskat]P1[bonsai]P2[bernie]R0[]R1[0.0]R2[]MV[w C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9."
    "CQ.SA.DK.HT.D7.H7.ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA 1 p 2 p 0 p ]R[passed] ;)",
    # Null ouvert after pick-up, both defenders resign
    "(;GM[Skat]PC[International Skat Server]CO[]SE[60842]ID[1390253]DT[2012-09-26/17:30:29/UTC]"
    "P0[kermit]P1[bonsai]P2[zoot]R0[]R1[0.0]R2[]MV[w HK.SK.HJ.CA.SA.C9.S8.H7.ST.HT.C7.HA.CJ.DK.HQ."
    "D7.C8.DA.DT.D9.SQ.DQ.H8.S9.CK.S7.SJ.CT.H9.CQ.DJ.D8 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 "
    "0 y 1 27 0 y 1 30 0 y 1 33 0 y 1 35 0 p 2 p 1 s w DJ.D8 1 NO.HA.HQ 2 RE 0 RE ]R[d:1 win v:46 "
    "m:0 bidok p:14 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1] ;)",
    # penalty: seat 2 left (cannot be replayed)
    "(;GM[Skat]PC[Internet Skat Server]SE[146]ID[30]DT[2007-11-04/15:39:49/UTC]P0[bonsai]P1[bar]"
    "P2[foo]R0[0.0]R1[0.0]R2[null]MV[w SJ.D9.CA.DJ.SA.CJ.C8.SQ.HT.H8.ST.S8.DA.D7.S9.D8.C7.H7.DT."
    "S7.CT.HJ.C9.SK.H9.HA.HK.DQ.CK.HQ.DK.CQ 1 18 0 p w LE.2 ]R[d:-1 penalty v:0 m:0 bidok p:0 t:0 "
    "s:0 z:0 p0:0 p1:0 p2:1 l:2 to:-1] ;)",
    # Clubs hand schwarz announced, legacy record
    "(;GM[Skat]PC[Internet Skat Server]CO[]SE[2511]ID[26496]DT[2008-06-22/11:14:12/UTC]P0[Madmax]"
    "P1[kermit1]P2[kermit2]R0[0.0]R1[0.0]R2[0.0]MV[w C7.SA.SJ.CJ.CK.HJ.S7.SK.C9.ST.DQ.C8.DA.SQ.D7."
    "S8.DT.H7.DK.DJ.S9.HA.HT.D9.HK.CT.CA.H8.HQ.H9.CQ.D8 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 p 2 "
    "24 0 y 2 27 0 y 2 30 0 y 2 33 0 y 2 35 0 y 2 36 0 y 2 40 0 y 2 p 0 CHZ 0 CJ 1 C8 2 CT 0 SJ 1 "
    "DJ 2 CA 0 HJ 1 H7 2 H8 0 CK 1 S8 2 D9 0 C9 1 DQ 2 H9 0 C7 1 SQ 2 S9 0 SA 1 D7 2 HQ 0 ST 1 "
    "DK 2 HA 0 SK 1 DA 2 HT 0 S7 1 DT 2 HK ]R[d:0 win v:108 m:3 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 "
    "p2:0 l:-1 to:-1] ;)",
    "this line is no game",
]


def iss_games(count: int, names: list[str], seed: int, first_id: int) -> list[str]:
    """ISS lines of games played by ``names`` (by table seat) with rotating dealer."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        k += 1
        s = seed * 1000 + k
        d = Deal(DealSetup(iss.ISS_PROFILE, deal_from_seed(s), None, 3, k % 3))
        play_deal(d, [RandomPlayer(rng) for _ in range(3)])
        rec = record_from_deal(d, players=names)
        try:
            out.append(iss.record_to_iss(rec, game_id=first_id + k, date="2021-04-01/20:00:00/UTC"))
        except iss.IssError:
            continue  # e.g. a claim, which ISS lines cannot express
    return out


def test_iss_import_skips_broken_lines_and_groups_players(tmp_path):
    store = open_store(tmp_path / "iss.sqlite3")
    rotating = iss_games(9, ["Anna", "Bernd", "Cem"], seed=11, first_id=5000)
    other_way = iss_games(3, ["Anna", "Cem", "Bernd"], seed=12, first_id=6000)
    source = tmp_path / "games.sgf"
    source.write_text("\n".join([*ISS_SAMPLES, *rotating, "", *other_way]) + "\n")

    report = ex.import_iss(store, source)
    assert report.imported == 3 + 9 + 3
    assert report.skipped == 2
    assert [n for n, _ in report.errors] == [3, 5]
    assert "left the table" in report.errors[0][1]

    by_trio = {}
    for sid in report.series_ids:
        info = store.series(sid)
        assert info.source == "imported" and info.profile == iss.ISS_PROFILE
        by_trio[tuple(n for _, n in info.players)] = sid
    assert len(by_trio) == 5  # three sample trios, one per seat-order direction of ABC
    abc = [k for k in by_trio if sorted(k) == ["Anna", "Bernd", "Cem"]]
    assert len(abc) == 2
    sizes = sorted(len(store.deal_rows(by_trio[k])) for k in abc)
    assert sizes == [3, 9]
    # every deal's dealer is its rearhand; the sheet rebuilds
    for sid in report.series_ids:
        SeriesService(store, sid).sheet()
        for row in store.deal_rows(sid):
            rec = json.loads(row["record"])
            assert rec["table"]["dealer"] == row["dealer"]
            assert rec["extra"]["iss"]["id"] is not None

    # the same file again: everything is already there
    again = ex.import_iss(store, source)
    assert again.imported == 0 and again.skipped == 17
    assert sum("already in the database" in m for _, m in again.errors) == 15


def test_iss_export_gives_back_the_games(tmp_path):
    store = open_store(tmp_path / "iss.sqlite3")
    lines = [ISS_SAMPLES[1], ISS_SAMPLES[3], *iss_games(6, ["Anna", "Bernd", "Cem"], 21, 7000)]
    report = ex.import_iss(store, lines)
    assert report.imported == len(lines) and report.skipped == 0
    exported = [line for sid in report.series_ids for line in ex.export_iss(store, sid)]
    assert len(exported) == len(lines)
    original = {iss.parse_iss_line(line).id: iss.line_to_record(line) for line in lines}
    for line in exported:
        assert iss.line_to_record(line) == original[iss.parse_iss_line(line).id]
    # and they import again into an empty database with the same sheets
    fresh = open_store(tmp_path / "fresh.sqlite3")
    again = ex.import_iss(fresh, exported)
    assert again.imported == len(lines)
    for a, b in zip(report.series_ids, again.series_ids, strict=True):
        assert sheet_view(fresh, b) == sheet_view(store, a)


def test_iss_import_limit_and_json_round_trip_of_imported_series(tmp_path):
    store = open_store(tmp_path / "iss.sqlite3")
    lines = iss_games(6, ["Anna", "Bernd", "Cem"], 31, 8000)
    report = ex.import_iss(store, lines, limit=4)
    assert report.imported == 4
    rest = ex.import_iss(store, lines)
    assert rest.imported == 2 and rest.skipped == 4
    doc = ex.export_series(store, report.series_ids)
    assert doc["series"][0]["source"] == "imported"
    fresh = open_store(tmp_path / "fresh.sqlite3")
    assert ex.export_series(fresh, ex.import_series(fresh, doc)) == doc
    # an imported game whose dealer is not its rearhand is refused
    bad = copy.deepcopy(doc)
    deal = bad["series"][0]["deals"][1]
    deal["dealer"] = (deal["dealer"] + 1) % 3
    assert_refused(fresh, bad)


def test_iss_export_refuses_what_iss_cannot_express(tmp_path):
    store = open_store(tmp_path / "x.sqlite3")
    ids = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Entered", "2024-01-01", ids, ISKO)
    SeriesService(store, sid).add_entry(game(1, "grand", 18, True, matadors=1))
    with pytest.raises(ex.ExchangeError, match="score sheet"):
        ex.export_iss(store, sid)
    house = store.create_series("House", "2024-01-02", ids, HOUSE)
    play(SeriesService(store, house), 3, seed=5)
    with pytest.raises(ex.ExchangeError, match="ISS line"):
        ex.export_iss(store, house)
    played = store.create_series("Played", "2024-01-03", ids, iss.ISS_PROFILE)
    svc = SeriesService(store, played)
    rng = random.Random(9)
    k = 0
    while svc.next_number <= 3:  # deals ISS lines can express (no claims)
        k += 1
        dealer = svc.next_context()[0]
        d = Deal(DealSetup(iss.ISS_PROFILE, deal_from_seed(k), k, 3, dealer))
        play_deal(d, [RandomPlayer(rng) for _ in range(3)])
        try:
            iss.record_to_iss(record_from_deal(d))
        except iss.IssError:
            continue
        svc.record_played(d)
    lines = ex.export_iss(store, played)
    assert len(lines) == 3
    assert all(line.startswith("(;GM[Skat]") and "DT[2024-01-03/" in line for line in lines)
    svc.correct(2, "Anna", "miscounted", {"kind": "passed_in"})
    with pytest.raises(ex.ExchangeError, match="corrected"):
        ex.export_iss(store, played)


def test_a_backup_that_cannot_be_opened_is_named_not_its_hidden_copy(tmp_path, monkeypatch):
    """A restore checks a hidden copy of the backup; a refusal from opening it named that
    copy in its ``path``, which the window shows (the text named the backup already)."""
    from skat_desktop.store.database import StoreError

    dest, target = make_backup(tmp_path)

    def cannot_use(path, *args, **kwargs):
        raise StoreError(f"{path} cannot be used: no permission", "cannot_use", path=path)

    monkeypatch.setattr(ex, "open_database", cannot_use)
    with pytest.raises(StoreError) as info:
        ex.restore(dest, target)
    assert info.value.params["path"] == dest and str(dest) in str(info.value)
    assert names_in(target) == ["Zoe"]
