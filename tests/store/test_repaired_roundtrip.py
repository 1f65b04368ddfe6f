"""A series whose bad row was repaired by a correction moves to another database.

A deal that cannot be scored (an entry with a bid of 17 or a move log that breaks off,
put into the file by another program) is repaired by an ordinary correction whose
``old`` keeps the bad entry and why it could not be scored. Its export used to be
refused on import ("deal 2: 17 is not a game value"), so a club could not move its
history. The import accepts it now, but only the audit trail our own correction
writes: a forged one is still refused in one line.
"""

from __future__ import annotations

import copy
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from club_tools import play

from skat_desktop.app import exchange as ex
from skat_desktop.app.check import check_database
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store


def game(declarer: int, name: str, bid: int, won: bool, **more) -> dict:
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": {"game": name},
        "bid": bid,
        "won": won,
        **more,
    }


BAD = game(2, "hearts", 17, True, matadors=1)  # no game is worth 17


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def raw(path: Path, *statements: tuple) -> None:
    """Edit the file by hand, bypassing the program (as sqlite3 on the shell would)."""
    c = sqlite3.connect(path, isolation_level=None)
    try:
        for sql, *params in statements:
            c.execute(sql, params)
    finally:
        c.close()


def build(path: Path) -> tuple[int, int]:
    """Series 1: an entry, a bad entry (bid 17) repaired and corrected again, a later
    deal, closed. Series 2: two played deals and a move log that breaks off, repaired."""
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    s1 = store.create_series("Friday", "2024-03-09", ids, ISKO)
    SeriesService(store, s1).add_entry(game(1, "hearts", 18, True, matadors=1))
    s2 = store.create_series("Played", "2024-03-10", ids, ISKO)
    play(SeriesService(store, s2), 2, seed=5)
    record = json.loads(store.deal_sources(s2)[0]["record"])
    dealer = SeriesService(store, s2).next_context()[0]
    store.close()
    record["actions"] = record["actions"][:3]  # the log breaks off in the bidding
    record["table"]["dealer"] = dealer
    raw(
        path,
        (
            "INSERT INTO deals (series_id, number, dealer, entry, created) VALUES (?, 2, 1, ?, ?)",
            s1,
            json.dumps(BAD),
            now(),
        ),
        (
            "INSERT INTO deals (series_id, number, dealer, seed, record, created)"
            " VALUES (?, 3, ?, ?, ?, ?)",
            s2,
            dealer,
            record["deal"]["seed"],
            json.dumps(record),
            now(),
        ),
    )  # sources only, no derived rows: what another program would write
    store = Store.open(path)
    svc = SeriesService(store, s1)
    assert [n for n, _ in svc.unreadable] == [2]
    svc.correct(2, "Cem", "the bid was 18", game(2, "hearts", 18, True, matadors=1))
    svc.correct(2, "Anna", "it was lost after all", game(2, "hearts", 18, False, matadors=1))
    dealer1 = svc.next_context()[0]
    svc.add_entry(game((dealer1 + 1) % 3, "grand", 24, True, matadors=2))
    svc.close("Anna")
    svc2 = SeriesService(store, s2)
    assert [n for n, _ in svc2.unreadable] == [3]
    declarer = active_seats(3, dealer)[0]
    svc2.correct(3, "Bernd", "the log broke off", game(declarer, "clubs", 18, True, matadors=1))
    store.close()
    return s1, s2


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> tuple[Path, tuple[int, int], dict]:
    path = tmp_path_factory.mktemp("repaired") / "club.sqlite3"
    sids = build(path)
    store = Store.open(path)
    doc = ex.export_series(store, sids)
    store.close()
    return path, sids, doc


def view(store: Store, sid: int) -> tuple:
    sheet = SeriesService(store, sid).sheet()
    corrections = [
        {k: v for k, v in c.items() if k not in ("id", "deal_id")}
        for c in store.corrections(series_id=sid)
    ]
    return sheet.lines, sheet.totals, sheet.evaluation, sheet.unreadable, corrections


def test_the_club_holds_two_repairs(club):
    _, _, doc = club
    first, second = doc["series"]
    old = first["corrections"][0]["old"]
    assert old["entry"] == BAD and "17 is not a game value" in old["unreadable"]
    assert second["corrections"][0]["old"]["unreadable"].startswith(
        "the move log cannot be scored: "
    )
    assert "entry" not in second["corrections"][0]["old"]  # the log stays in its deal


def test_a_repaired_series_is_imported_unchanged(club, tmp_path):
    path, sids, doc = club
    new = tmp_path / "laptop.sqlite3"
    target = Store.open(new)
    new_ids = ex.import_series(target, ex.dumps_export(doc))  # was refused: 17 is not ...
    assert ex.export_series(target, new_ids) == doc
    source = Store.open(path, read_only=True)
    for old, fresh in zip(sids, new_ids, strict=True):
        assert view(target, fresh) == view(source, old)
        assert SeriesService(target, fresh).unreadable == ()
    source.close()
    target.close()
    report = check_database(new)
    assert report.clean, [p.line() for p in report.problems]


def test_iss_export_of_the_repaired_series_still_refuses(club, tmp_path):
    path, sids, doc = club
    target = Store.open(tmp_path / "laptop.sqlite3")
    new_ids = ex.import_series(target, doc)
    source = Store.open(path, read_only=True)
    for store, sid in ((source, sids[1]), (target, new_ids[1])):
        with pytest.raises(ex.ExchangeError, match=r"^deal 3 was corrected") as info:
            ex.export_iss(store, sid)
        assert "\n" not in str(info.value)
    source.close()
    target.close()


def test_importing_it_again_into_its_own_database_is_refused(club, tmp_path):
    """The bad rows were written by another program with other spacing than ours: the
    copy used to go unnoticed and every series came in a second time."""
    path, sids, doc = club
    copied = tmp_path / "club.sqlite3"
    copied.write_bytes(path.read_bytes())
    store = Store.open(copied)
    for i, sid in enumerate(sids):
        with pytest.raises(ex.ImportRefused) as info:
            ex.import_series(store, {**doc, "series": [doc["series"][i]]})
        assert str(info.value).endswith(f"is already in the database as series {sid}")
    store.close()


# ------------------------------------------------------------------------- forgeries


def _first_old(doc: dict) -> dict:
    return doc["series"][0]["corrections"][0]["old"]


def _unreadable_altered(doc):
    _first_old(doc)["unreadable"] = "the entry cannot be scored: the dog ate it"


def _entry_altered(doc):
    _first_old(doc)["entry"]["bid"] = 19


def _entry_dropped(doc):
    del _first_old(doc)["entry"]


def _scores_forged(doc):
    _first_old(doc)["scores"] = [0, 0, 300]


def _sound_outcome_added(doc):
    _first_old(doc).update(kind="game", declarer=2, game="hearts", bid=17, won=1, value=30)


def _not_repaired(doc):
    s = doc["series"][0]
    s["corrections"] = [c for c in s["corrections"] if c["deal"] != 2]


def _second_correction_claims_repair(doc):
    c = doc["series"][0]["corrections"][1]
    c["old"] = {"scores": [], "unreadable": _first_old(doc)["unreadable"], "entry": BAD}


def _sound_deal_claims_repair(doc):
    s = doc["series"][0]
    first = s["corrections"][0]
    s["corrections"].insert(
        0,
        {
            **first,
            "deal": 1,
            "old": {**first["old"], "entry": s["deals"][0]["entry"]},
            "new": game(1, "hearts", 18, False, matadors=1),
        },
    )


def _log_reason_altered(doc):
    doc["series"][1]["corrections"][0]["old"]["unreadable"] += " (or so)"


def _log_entry_invented(doc):
    doc["series"][1]["corrections"][0]["old"]["entry"] = BAD


def _log_not_repaired(doc):
    doc["series"][1]["corrections"] = []


FORGERIES = {
    "unreadable altered": (_unreadable_altered, "correction 1: its old value is not"),
    "entry altered": (_entry_altered, "correction 1: its old value is not"),
    "entry dropped": (_entry_dropped, "correction 1: its old value is not"),
    "scores forged": (_scores_forged, "correction 1: its old value is not"),
    "sound outcome added": (_sound_outcome_added, "correction 1: its old value is not"),
    "not repaired": (_not_repaired, "deal 2: 17 is not a game value"),
    "second correction": (_second_correction_claims_repair, "correction 2: its old value"),
    "sound deal": (_sound_deal_claims_repair, "showed for deal 1 before it"),
    "log reason altered": (_log_reason_altered, "correction 1: its old value is not"),
    "log entry invented": (_log_entry_invented, "correction 1: its old value is not"),
    "log not repaired": (_log_not_repaired, "deal 3: "),
}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_repair_is_refused_in_one_line(club, tmp_path, name):
    forge, match = FORGERIES[name]
    doc = copy.deepcopy(club[2])
    forge(doc)
    target = Store.open(tmp_path / "laptop.sqlite3")
    before = list(target.conn.iterdump())
    with pytest.raises(ex.ImportRefused) as info:
        ex.import_series(target, doc)
    message = str(info.value)
    assert isinstance(info.value, StoreError) and "\n" not in message
    assert match in message, message
    assert list(target.conn.iterdump()) == before
    target.close()
