"""``db check``: derived rows against their sources, marks, structure; repair; bad rows."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sqlite3
from pathlib import Path

import pytest
from club_tools import play, ramsch_entry

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.check import check_database, repair_database
from skat_desktop.app.selfplay import play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import active_seats, deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store
from skat_desktop.store.schema import KNOWN


def game(declarer: int, name: str, bid: int, won: bool, **more) -> dict:
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": {"game": name},
        "bid": bid,
        "won": won,
        **more,
    }


def build(path: Path) -> Store:
    """Played deals, entries, corrections, Ramsch and Bock at four, a closed series."""
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem", "Dora")]
    s1 = store.create_series("Thursday", "2024-03-07", ids[:3], ISKO)
    svc = SeriesService(store, s1)
    play(svc, 8, seed=1)
    dealer = svc.next_context()[0]
    svc.add_entry(game((dealer + 1) % 3, "grand", 18, True, matadors=1))
    svc.add_entry({"kind": "passed_in"})
    svc.correct(9, "Anna", "it was lost", game((dealer + 1) % 3, "grand", 18, False))
    svc.close("Anna")
    s2 = store.create_series("Pub", "2024-03-08", ids, HOUSE, first_dealer=2)
    svc2 = SeriesService(store, s2)
    play(svc2, 24, seed=2)
    svc2.add_entry(ramsch_entry(svc2))
    return store


def history(path: Path) -> list:
    with sqlite3.connect(path) as c:
        return [
            c.execute(f"SELECT * FROM {t} ORDER BY id").fetchall()
            for t in ("deals", "corrections", "series_events")
        ]


def raw(path: Path, *statements: tuple) -> None:
    """Edit the file by hand, bypassing the program (as sqlite3 on the shell would)."""
    c = sqlite3.connect(path, isolation_level=None)
    try:
        for sql, *params in statements:
            c.execute(sql, params)
    finally:
        c.close()


def lines(report) -> list[str]:
    return [p.line() for p in report.problems]


@pytest.fixture
def club(tmp_path):
    path = tmp_path / "club.sqlite3"
    build(path).close()
    return path


def test_a_sound_database_checks_clean(club):
    report = check_database(club)
    assert lines(report) == []
    assert report.clean and (report.series, report.deals) == (2, 35)
    assert report.summary() == "checked 2 series, 35 deals: no problems"


def test_a_hand_edited_score_or_value_is_found_and_repaired(club):
    store = Store.open(club, read_only=True)
    deal_id, number, player = store.conn.execute(
        "SELECT d.id, d.number, p.name FROM deals d JOIN deal_scores s ON s.deal_id = d.id"
        " JOIN players p ON p.id = s.player_id JOIN deal_results r ON r.deal_id = d.id"
        " WHERE d.series_id = 2 AND s.score != 0 AND r.kind = 'game' ORDER BY d.number LIMIT 1"
    ).fetchone()
    score, value = store.conn.execute(
        "SELECT s.score, r.value FROM deal_scores s JOIN deal_results r USING (deal_id)"
        " JOIN players p ON p.id = s.player_id WHERE deal_id = ? AND p.name = ?",
        (deal_id, player),
    ).fetchone()
    store.close()
    before = history(club)
    raw(
        club,
        (
            "UPDATE deal_scores SET score = score + 100 WHERE deal_id = ?"
            " AND player_id = (SELECT id FROM players WHERE name = ?)",
            deal_id,
            player,
        ),
        ("UPDATE deal_results SET value = value + 1 WHERE deal_id = ?", deal_id),
    )
    report = check_database(club)
    assert lines(report) == [
        f"series 2 deal {number}: the stored game value is {value + 1}, the moves give {value}",
        f"series 2 deal {number}: the stored score of {player} is {score + 100},"
        f" the moves give {score}",
    ]
    assert not report.clean and all(p.repairable for p in report.problems)
    repaired = repair_database(club)
    assert repaired.rewritten == [
        f"series 2 deal {number}: rewrote its derived rows from the sources (2 differences)"
    ]
    assert repaired.clean and check_database(club).clean
    assert history(club) == before  # deals, corrections, events untouched


def test_check_writes_nothing_and_reads_a_file_another_program_is_writing(club):
    raw(club, ("UPDATE deal_scores SET score = 7 WHERE deal_id = 1 AND seat = 0",))
    digest = hashlib.sha256(club.read_bytes()).hexdigest()
    writer = sqlite3.connect(club, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # holds the write lock for the whole check
    writer.execute("INSERT INTO players (name, created) VALUES ('Eve', 'now')")
    try:
        report = check_database(club)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert [p.deal for p in report.problems] == [1]
    assert hashlib.sha256(club.read_bytes()).hexdigest() == digest
    assert not check_database(club).clean  # nothing was repaired either


def test_impossible_entry_keeps_the_series_readable_and_a_correction_repairs_it(club):
    """A bid of 17 inserted with sqlite3: the sheet used to fail for the whole series."""
    store = Store.open(club)
    sid = store.create_series("Friday", "2024-03-09", [1, 2, 3], ISKO)
    svc = SeriesService(store, sid)
    svc.add_entry(game(1, "hearts", 18, True, matadors=1))
    store.close()
    bad = game(2, "hearts", 17, True, matadors=1)
    raw(
        club,
        (
            "INSERT INTO deals (series_id, number, dealer, entry, created)"
            " VALUES (?, 2, 1, ?, 'now')",
            sid,
            json.dumps(bad),
        ),
    )  # no derived rows at all: only the source
    store = Store.open(club)
    svc = SeriesService(store, sid)  # raised CorruptDatabase for the whole series before
    sheet = svc.sheet()
    assert [line.number for line in sheet.lines] == [1, 2]
    line = sheet.lines[1]
    assert line.unreadable and "17 is not a game value" in line.unreadable
    assert line.label == line.unreadable and line.scores == (0, 0, 0)
    assert sheet.totals == (0, 20, 0) and sheet.unreadable == ((2, line.unreadable),)
    assert sheet.passed_in == 0
    (problem,) = check_database(club).problems
    assert problem.line().startswith(f"series {sid} deal 2: the entry cannot be scored: 17 is")
    assert f"'db correct {sid} 2 ...'" in problem.text and not problem.repairable
    assert lines(repair_database(club)) == [problem.line()]  # a repair cannot guess it
    svc.correct(2, "Cem", "the bid was 18", game(2, "hearts", 18, True, matadors=1))
    assert SeriesService(store, sid).sheet().totals == (0, 20, 20)
    (c,) = store.corrections(series_id=sid)
    old = json.loads(c["old"])
    assert old["entry"] == bad and "17 is not a game value" in old["unreadable"]
    assert check_database(club).clean


def test_broken_move_log_is_replaced_by_a_correction(club):
    store = Store.open(club, read_only=True)
    record = json.loads(store.deal_sources(2)[0]["record"])
    dealer = SeriesService(store, 2).next_context()[0]
    store.close()
    record["actions"] = record["actions"][:3]  # the log breaks off in the bidding
    record["table"]["dealer"] = dealer
    raw(
        club,
        (
            "INSERT INTO deals (series_id, number, dealer, seed, record, created)"
            " VALUES (2, 26, ?, ?, ?, 'now')",
            dealer,
            record["deal"]["seed"],
            json.dumps(record),
        ),
    )
    report = check_database(club)
    (problem,) = report.problems
    assert problem.line().startswith("series 2 deal 26: the move log cannot be scored: ")
    store = Store.open(club)
    svc = SeriesService(store, 2)
    assert svc.sheet().lines[-1].unreadable == problem.text.split(";")[0]
    declarer = active_seats(4, dealer)[0]
    svc.correct(26, "Dora", "the log broke off", game(declarer, "clubs", 18, True, matadors=1))
    assert svc.sheet().lines[-1].scores[declarer] == 24
    assert check_database(club).clean


def test_structural_invariants(club):
    raw(
        club,
        ("PRAGMA foreign_keys = OFF",),
        ("UPDATE series SET closed = 0 WHERE id = 1",),  # its last event closed it
        (
            "INSERT INTO corrections (deal_id, author, reason, old, new, created)"
            " VALUES (999, 'X', 'Y', '{}', '{}', 'now')",
        ),
        ("INSERT INTO deal_results (deal_id, kind) VALUES (998, 'game')",),
        (
            "INSERT INTO deals (series_id, number, dealer, entry, created)"
            " VALUES (2, 27, 0, '{\"kind\": \"passed_in\"}', 'now')",
        ),
        ("DROP TRIGGER corrections_append_only_delete",),
        ("PRAGMA user_version = 1",),
    )
    found = "\n".join(lines(check_database(club)))
    assert f"the schema version is 1, this program writes {len(KNOWN)}" in found
    assert "the guard corrections_append_only_delete is missing" in found
    assert "series 1: it is marked open, but its last event closed it" in found
    assert "correction 2 is for deal id 999, which does not exist" in found
    assert "deal_results holds rows of 1 deals that do not exist" in found
    assert "series 2: its 26 deals are numbered 1 to 27, not 1 to 26 (missing 26)" in found
    assert "row 998 of deal_results points to a missing deals row" in found
    assert "row 2 of corrections points to a missing deals row" in found
    assert "series 2 deal 27: the entry cannot be scored" in found  # HOUSE plays Ramsch


def test_repair_refuses_to_write_into_a_damaged_file(club):
    raw(
        club,
        ("UPDATE deal_scores SET score = 7 WHERE deal_id = 1 AND seat = 0",),
        ("PRAGMA writable_schema = ON",),
        (
            "UPDATE sqlite_master SET sql = replace(sql, 'deals(series_id, number)',"
            " 'deals(series_id, dealer)') WHERE name = 'deals_series'",
        ),
    )
    before = history(club)
    report = repair_database(club)
    assert report.refused and report.refused.startswith("nothing was rewritten")
    assert any(p.line().startswith("SQLite: row 1 missing from index") for p in report.problems)
    assert any(p.deal == 1 and p.repairable for p in report.problems)
    assert history(club) == before


def test_dealer_out_of_rotation_is_reported_and_the_series_still_loads(club):
    store = Store.open(club, read_only=True)
    rules = SeriesService(store, 2).next_context()[0]
    store.close()
    wrong = (rules + 1) % 4
    active = active_seats(4, wrong)
    points, tricks = [0] * 4, [0] * 4
    for seat, p, t in zip(active, (30, 50, 30), (3, 4, 3), strict=True):
        points[seat], tricks[seat] = p, t
    entry = {"kind": "ramsch", "points": points, "tricks": tricks, "last_trick": active[1]}
    entry["skat_points"] = 10
    raw(
        club,
        (
            "INSERT INTO deals (series_id, number, dealer, entry, created)"
            " VALUES (2, 26, ?, ?, 'now')",
            wrong,
            json.dumps(entry),
        ),
    )
    store = Store.open(club, read_only=True)
    svc = SeriesService(store, 2)  # raised CorruptDatabase before
    why = f"it was dealt by seat {wrong}, but seat {rules} deals it under the rules"
    assert svc.problems == ((26, why),)
    line = svc.sheet().lines[-1]
    assert line.unreadable is None and line.dealer == store.series(2).players[wrong][1]
    found = lines(check_database(club))
    assert f"series 2 deal 26: {why}" in found
    assert "series 2 deal 26: the stored result is missing (the entry gives ramsch)" in found


def test_a_correction_that_changes_a_later_bock_trigger_rewrites_that_deal(tmp_path):
    path = tmp_path / "bock.sqlite3"
    store = Store.open(path)
    profile = dataclasses.replace(
        HOUSE, name="club100", title="Club 100", bock_triggers=frozenset({"multiple_of_100"})
    )
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("S", "2024-03-07", ids, profile)
    svc = SeriesService(store, sid)
    svc.add_entry(game(1, "hearts", 18, True, matadors=3))  # 40
    svc.add_entry(game(1, "clubs", 18, True, matadors=4))  # 60: Bernd reaches 100
    assert [line.totals[1] for line in svc.sheet().lines] == [40, 100]
    assert store.deal_rows(sid)[1]["bock_triggered"] == 1
    svc.correct(1, "Cem", "two matadors", game(1, "hearts", 18, True, matadors=2))
    assert store.deal_rows(sid)[1]["bock_triggered"] == 0  # was left behind before
    assert check_database(path).clean


def test_a_missing_file_is_an_error_and_is_not_created(tmp_path):
    with pytest.raises(StoreError, match="no database"):
        check_database(tmp_path / "none.sqlite3")
    assert not (tmp_path / "none.sqlite3").exists()


def test_imported_series_check_clean(club, tmp_path):
    """JSON and ISS imports write their derived rows their own way: no false alarms."""
    from skat_desktop.app import exchange
    from skat_desktop.engine.record import record_from_deal
    from skat_desktop.store import iss

    source = Store.open(club, read_only=True)
    doc = exchange.export_series(source, [1, 2])
    source.close()
    target = tmp_path / "target.sqlite3"
    store = Store.open(target)
    exchange.import_series(store, doc)
    rng = random.Random(5)
    games = []
    for k in range(6):
        d = Deal(DealSetup(iss.ISS_PROFILE, deal_from_seed(k), None, 3, k % 3))
        play_deal(d, [RandomPlayer(rng) for _ in range(3)])
        rec = record_from_deal(d, players=["Anna", "Bernd", "Cem"])
        try:
            games.append(iss.record_to_iss(rec, game_id=100 + k, date="2021-04-01/20:00:00/UTC"))
        except iss.IssError:
            continue  # a claim, which ISS lines cannot express
    assert exchange.import_iss(store, games).imported == len(games) > 0
    store.close()
    report = check_database(target)
    assert [p.line() for p in report.problems] == [] and report.series == 3
