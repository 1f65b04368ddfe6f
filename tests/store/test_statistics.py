"""Player statistics and the season ranking over stored series (issue 3, items 5 and 6).

The club evenings below are entered game by game; every expected figure is worked out by
hand in the comments (ISkO values: suit bases 12/11/10/9, Grand 24, Null 23/35; a lost game
costs twice its value; Seeger-Fabian bonus 40 at a 3-table, 30 at a 4-table).
"""

from __future__ import annotations

import csv
import io
import random

import pytest

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.statistics import (
    GameTypeStats,
    StatsFilter,
    player_statistics,
    ranking_csv_rows,
    season_ranking,
    statistics_csv_rows,
)
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.engine.tournament import METHODS, evaluate
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

CLUB = ISKO.copy("club", "Club rules", all_pass="ramsch", kontra=True)


def game(declarer: int, name: str, bid: int, won: bool, matadors: int = 1, **kw) -> dict:
    contract = {"game": name}
    for flag in ("hand", "ouvert", "schneider_announced", "schwarz_announced"):
        if kw.pop(flag, False):
            contract[flag] = True
    entry = {
        "kind": "game",
        "declarer": declarer,
        "contract": contract,
        "bid": bid,
        "won": won,
        "matadors": matadors,
    }
    entry.update(kw)
    return entry


PASSED = {"kind": "passed_in"}


@pytest.fixture
def club(tmp_path):
    """Three evenings of Anna, Bernd, Cem and Dora.

    S1, 2025-01-10, ISkO, table Anna Bernd Cem (seats 0-2):
      1 Anna  Grand with 2, won, bid 48         3 × 24 = 72      Anna +72
      2 Bernd Hearts without 2, lost, bid 20    3 × 10 = 30      Bernd −60
      3 passed in
      4 Anna  Null, won, bid 23                 23               Anna +23
      5 Cem   Clubs with 1 Schneider, won       3 × 12 = 36      Cem +36
      6 Anna  Diamonds with 1, bid 30, lost     2 × 9 = 18 < 30: overbid, 36   Anna −72
      totals Anna 23, Bernd −60, Cem 36; won/lost Anna 2/1, Bernd 0/1, Cem 1/0
      Seeger-Fabian: Anna 23 + 50 + 40×1 = 113; Bernd −60 − 50 + 40×1 = −70;
                     Cem 36 + 50 + 40×2 = 166
    S2, 2025-02-14, ISkO, table Anna Bernd Cem Dora (seats 0-3, dealer sits out):
      1 (Anna deals)  Bernd Spades Hand with 1, won    3 × 11 = 33   Bernd +33
      2 (Bernd deals) Anna Grand with 1, lost          2 × 24 = 48   Anna −96
      3 (Cem deals)   Dora Clubs with 2, won           3 × 12 = 36   Dora +36
      4 (Dora deals)  Anna Hearts with 1, lost Schneider  3 × 10 = 30  Anna −60
      totals Anna −156, Bernd 33, Cem 0, Dora 36; Anna lost 2, Bernd and Dora won 1
      Seeger-Fabian: Anna −156 − 100 + 0 = −256; Bernd 33 + 50 + 30×2 = 143;
                     Cem 0 + 60 = 60; Dora 36 + 50 + 60 = 146
    S3, 2025-03-20, club rules (Ramsch on all pass, Kontra), table Anna Cem Dora:
      1 Anna Grand with 1, won, Kontra          48, doubled      Anna +96
      2 Cem  Spades with 1, lost, Kontra        22 → −44, doubled  Cem −88
      3 Ramsch: points 30/50/30 + skat 10 to Cem (last trick)    Cem −60
      totals Anna 96, Cem −148, Dora 0; Anna won 1; Cem lost 2 (one is the Ramsch)
      Seeger-Fabian: Anna 96 + 50 + 40×2 = 226; Cem −148 − 100 + 0 = −248; Dora 0 + 80 = 80
    """
    store = Store.open(tmp_path / "club.sqlite3")
    a, b, c, d = (store.add_player(n) for n in ("Anna", "Bernd", "Cem", "Dora"))
    ids = {"a": a, "b": b, "c": c, "d": d}

    s1 = store.create_series("Evening 1", "2025-01-10", [a, b, c], ISKO, planned_deals=36)
    svc = SeriesService(store, s1)
    for e in (
        game(0, "grand", 48, True, 2),
        game(1, "hearts", 20, False, 2, with_matadors=False),
        PASSED,
        game(0, "null", 23, True),
        game(2, "clubs", 18, True, schneider=True),
        game(0, "diamonds", 30, False, overbid=True),
    ):
        svc.add_entry(e)

    s2 = store.create_series("Evening 2", "2025-02-14", [a, b, c, d], ISKO, planned_deals=48)
    svc = SeriesService(store, s2)
    for e in (
        game(1, "spades", 18, True, hand=True),
        game(0, "grand", 18, False),
        game(3, "clubs", 18, True, 2),
        game(0, "hearts", 18, False, schneider=True),
    ):
        svc.add_entry(e)

    s3 = store.create_series("Evening 3", "2025-03-20", [a, c, d], CLUB)
    svc = SeriesService(store, s3)
    svc.add_entry(game(0, "grand", 18, True, kontra=1))
    svc.add_entry(game(1, "spades", 18, False, kontra=1))
    svc.add_entry(
        {
            "kind": "ramsch",
            "points": [30, 50, 30],
            "tricks": [3, 4, 3],
            "last_trick": 1,
            "skat_points": 10,
        }
    )
    yield store, ids, (s1, s2, s3)
    store.close()


def test_the_sheets_agree_with_the_hand_computation(club):
    """Guard for the fixture itself: the engine scores the entries as worked out above."""
    store, _, (s1, s2, s3) = club
    sheets = [SeriesService(store, s).sheet() for s in (s1, s2, s3)]
    assert [s.totals for s in sheets] == [(23, -60, 36), (-156, 33, 0, 36), (96, -148, 0)]
    assert [s.seeger_fabian for s in sheets] == [
        (113, -70, 166),
        (-256, 143, 60, 146),
        (226, -248, 80),
    ]


def test_player_statistics_by_hand(club):
    store, p, (s1, s2, s3) = club
    st = player_statistics(store, p["a"], StatsFilter())
    assert (st.name, st.series) == ("Anna", 3)
    # 6 + 4 + 3 deals; she dealt once at the table of four
    assert (st.deals, st.deals_active, st.deals_sitting_out) == (13, 12, 1)
    # declared: S1 Grand, Null, Diamonds; S2 Grand, Hearts; S3 Grand
    assert (st.games_declared, st.declarer_won, st.declarer_lost) == (6, 3, 3)
    assert st.declarer_share == pytest.approx(6 / 12)
    assert st.declarer_win_rate == pytest.approx(0.5)
    assert st.suits == GameTypeStats(declared=2, won=0, lost=2)
    assert st.grand == GameTypeStats(declared=3, won=2, lost=1)
    assert st.null == GameTypeStats(declared=1, won=1, lost=0)
    assert st.hand == GameTypeStats() and st.ouvert == GameTypeStats()
    assert st.grand.win_rate == pytest.approx(2 / 3) and st.hand.win_rate is None
    # defended: S1 Bernd's Hearts (lost) and Cem's Clubs (won); S2 Dora's Clubs (won);
    # S3 Cem's Spades (lost). Bernd's Spades Hand in S2 was dealt by her: she sat out.
    assert (st.defender_games, st.defender_won) == (4, 2)
    assert st.defender_success == pytest.approx(0.5)
    # values 72 + 23 + 36 (overbid floor) + 48 + 30 + 48 (before the Kontra doubling)
    assert st.declarer_value_total == 257
    assert st.average_value == pytest.approx(257 / 6)
    assert st.overbid == 1 and st.overbid_rate == pytest.approx(1 / 6)
    # Cem's Clubs Schneider against her (S1) and her own Hearts lost Schneider (S2)
    assert (st.schneider_won, st.schneider_suffered) == (0, 2)
    assert (st.schwarz_won, st.schwarz_suffered) == (0, 0)
    assert st.passed_in == 1 and st.passed_in_rate == pytest.approx(1 / 12)
    assert (st.kontra_declarer_games, st.kontra_declarer_won) == (1, 1)
    assert (st.kontra_defender_games, st.kontra_defender_won) == (1, 1)
    assert (st.ramsch_deals, st.ramsch_lost) == (1, 0)
    assert st.score_total == 23 - 156 + 96
    assert st.seeger_fabian == 113 - 256 + 226 == 83
    assert st.seeger_fabian_per_36 == pytest.approx(83 / 13 * 36)
    assert st.seeger_fabian_per_48 == pytest.approx(83 / 13 * 48)
    assert st.score_over_time == (
        ("2025-01-10", s1, 23),
        ("2025-02-14", s2, -133),
        ("2025-03-20", s3, -37),
    )


def test_statistics_of_the_others(club):
    store, p, _ = club
    bernd = player_statistics(store, p["b"])
    # S1: Hearts without 2 lost; S2: Spades Hand won; he sat out deal 2 of S2
    assert (bernd.deals, bernd.deals_sitting_out, bernd.games_declared) == (10, 1, 2)
    assert bernd.hand == GameTypeStats(1, 1, 0) and bernd.suits == GameTypeStats(2, 1, 1)
    # S1: defended Anna's Grand (won), Null (won), Cem's Clubs (won), Anna's Diamonds (lost);
    # S2: Dora's Clubs (won), Anna's Hearts (lost); he dealt Anna's lost Grand
    assert (bernd.defender_games, bernd.defender_won) == (6, 2)
    # S1 Cem's Clubs Schneider against him; S2 Anna lost Schneider against him
    assert (bernd.schneider_won, bernd.schneider_suffered) == (1, 1)
    assert bernd.seeger_fabian == -70 + 143
    cem = player_statistics(store, p["c"])
    assert (cem.ramsch_deals, cem.ramsch_lost, cem.ramsch_loss_rate) == (1, 1, 1.0)
    assert (cem.kontra_declarer_games, cem.kontra_declarer_won) == (1, 0)
    assert (cem.kontra_defender_games, cem.kontra_defender_won) == (1, 0)
    assert (cem.schneider_won, cem.schneider_suffered) == (2, 0)
    dora = player_statistics(store, p["d"])
    assert dora.score_over_time[0][2] == 36 and dora.score_over_time[-1][2] == 36
    assert dora.seeger_fabian == 146 + 80


def test_filters(club):
    store, p, (s1, s2, s3) = club
    a = p["a"]
    isko = player_statistics(store, a, StatsFilter(profile="isko"))
    assert (isko.series, isko.deals, isko.score_total) == (2, 10, 23 - 156)
    assert isko.seeger_fabian == 113 - 256
    assert isko.kontra_declarer_games == 0 and isko.ramsch_deals == 0
    club_only = player_statistics(store, a, StatsFilter(profile="club"))
    assert [pt[1] for pt in club_only.score_over_time] == [s3]

    since_feb = player_statistics(store, a, StatsFilter(date_from="2025-02-01"))
    assert [pt[1] for pt in since_feb.score_over_time] == [s2, s3]
    assert since_feb.score_over_time[-1][2] == -156 + 96
    # both ends are inclusive
    upto = player_statistics(store, a, StatsFilter(date_to="2025-02-14"))
    assert [pt[1] for pt in upto.score_over_time] == [s1, s2]
    window = StatsFilter(date_from="2025-02-14", date_to="2025-02-14")
    assert player_statistics(store, a, window).series == 1

    with_dora = player_statistics(store, a, StatsFilter(opponents=(p["d"],)))
    assert [pt[1] for pt in with_dora.score_over_time] == [s2, s3]
    with_bernd_and_dora = player_statistics(store, a, StatsFilter(opponents=(p["b"], p["d"])))
    assert [pt[1] for pt in with_bernd_and_dora.score_over_time] == [s2]
    assert with_bernd_and_dora.seeger_fabian == -256
    # filters combine
    none = player_statistics(store, a, StatsFilter(profile="club", opponents=(p["b"],)))
    assert (none.series, none.deals, none.declarer_share, none.seeger_fabian_per_48) == (
        0,
        0,
        None,
        None,
    )
    assert none.score_over_time == ()

    with pytest.raises(StoreError, match="no rule profile"):
        player_statistics(store, a, StatsFilter(profile="nonesuch"))
    with pytest.raises(StoreError, match="not a date"):
        player_statistics(store, a, StatsFilter(date_from="10.01.2025"))
    with pytest.raises(StoreError):
        player_statistics(store, 999)


def test_statistics_follow_corrections(club):
    store, p, (s1, _, _) = club
    svc = SeriesService(store, s1)
    # deal 6 was not overbid after all: Diamonds with 3 (4 × 9 = 36 covers the bid 30), lost
    svc.correct(6, "Bernd", "she had three matadors", game(0, "diamonds", 30, False, 3))
    st = player_statistics(store, p["a"])
    assert st.overbid == 0
    assert st.score_total == -37  # lost at 36 is still −72
    assert st.declarer_value_total == 257


def test_season_ranking(club):
    store, p, _ = club
    rows = season_ranking(store, StatsFilter())
    # Seeger-Fabian totals: Dora 146 + 80 = 226, Anna 83, Bernd −70 + 143 = 73,
    # Cem 166 + 60 − 248 = −22
    assert [(r.place, r.name, r.evaluation) for r in rows] == [
        (1, "Dora", 226),
        (2, "Anna", 83),
        (3, "Bernd", 73),
        (4, "Cem", -22),
    ]
    dora = rows[0]
    assert (dora.series, dora.deals, dora.won, dora.lost, dora.score) == (2, 7, 1, 0, 36)
    assert dora.per_48 == pytest.approx(226 / 7 * 48)
    anna = rows[1]
    assert (anna.series, anna.deals, anna.won, anna.lost, anna.score) == (3, 13, 3, 3, -37)
    cem = rows[3]
    assert (cem.won, cem.lost) == (1, 2)  # the Ramsch loss counts as a lost game

    # each series with its own table size: the 4-table of S2 alone
    s2 = season_ranking(store, StatsFilter(date_from="2025-02-01", date_to="2025-02-28"))
    assert [(r.name, r.evaluation) for r in s2] == [
        ("Dora", 146),
        ("Bernd", 143),
        ("Cem", 60),
        ("Anna", -256),
    ]
    # opponents: only the tables where Dora sat (S2, S3)
    with_dora = season_ranking(store, StatsFilter(opponents=(p["d"],)))
    assert {r.name: r.evaluation for r in with_dora} == {
        "Dora": 226,
        "Anna": -256 + 226,
        "Bernd": 143,
        "Cem": 60 - 248,
    }
    # plain running totals (the house method) rank by game points
    totals = season_ranking(store, StatsFilter(profile="isko"), method="running_total")
    assert [(r.name, r.evaluation) for r in totals] == [
        ("Cem", 36),
        ("Dora", 36),
        ("Bernd", -27),
        ("Anna", -133),
    ]
    assert [r.place for r in totals] == [1, 2, 3, 4]
    # Cem and Dora: 36 each, one game won, none lost: a full tie, drawn by lot or shared
    shared = season_ranking(store, StatsFilter(profile="isko"), "running_total", lot_seed=None)
    assert [(r.place, r.name) for r in shared][:2] in (
        [(1, "Cem"), (1, "Dora")],
        [(1, "Dora"), (1, "Cem")],
    )
    # pre-1999 rating: +40 per game a soloist lost against an active defender (S1, S2)
    pre = {
        r.name: r.evaluation
        for r in season_ranking(store, StatsFilter(profile="isko"), "pre1999_rating")
    }
    # Bernd: −27 + 50×(1 − 1) + 40 × (Anna's Diamonds, Anna's Hearts) = 53; he sat out
    # when Anna lost her Grand, so it earns him nothing (A-P7)
    assert pre["Bernd"] == -27 + 2 * 40
    assert season_ranking(store, StatsFilter(profile="club", opponents=(p["b"],))) == []
    with pytest.raises(StoreError, match="unknown rating method"):
        season_ranking(store, StatsFilter(), method="elo")


def _tie_series(tmp_path):
    """T7 (SkTO 5.1) at season level, with Seeger-Fabian at a 3-table:

    Xaver: Grand Hand with 4 won (6 × 24 = +144), Diamonds with 1 lost (−36) → 108, 1/1
    Yvonne: Diamonds with 1 won (+18) → 18, 1/0
    Xaver  108 + 50 × 0 + 40 × 0 = 108;  Yvonne 18 + 50 + 40 × 1 = 108;  Zeno 0 + 40 = 40
    Equal score and equal wins: Yvonne lost fewer and ranks first.
    """
    store = Store.open(tmp_path / "tie.sqlite3")
    x, y, z = (store.add_player(n) for n in ("Xaver", "Yvonne", "Zeno"))
    sid = store.create_series("Tie", "2025-06-01", [x, y, z], ISKO)
    svc = SeriesService(store, sid)
    svc.add_entry(game(0, "grand", 18, True, 4, hand=True))
    svc.add_entry(game(0, "diamonds", 18, False))
    svc.add_entry(game(1, "diamonds", 18, True))
    return store, (x, y, z)


def test_ranking_tie_broken_by_fewer_losses_t7(tmp_path):
    store, (x, y, z) = _tie_series(tmp_path)
    rows = season_ranking(store, StatsFilter())
    assert [(r.place, r.player_id, r.evaluation, r.won, r.lost) for r in rows] == [
        (1, y, 108, 1, 0),
        (2, x, 108, 1, 1),
        (3, z, 40, 0, 0),
    ]
    # no lot needed: the places are distinct even without one
    assert [r.place for r in season_ranking(store, StatsFilter(), lot_seed=None)] == [1, 2, 3]
    store.close()


def test_ranking_more_wins_first_then_lot(tmp_path):
    """Equal score: more games won first (SkTO 5.1); a complete tie goes to the lot."""
    store = Store.open(tmp_path / "t.sqlite3")
    u, v, w = (store.add_player(n) for n in ("Ute", "Vera", "Willi"))
    sid = store.create_series("Even", "2025-06-02", [u, v, w], ISKO)
    svc = SeriesService(store, sid)
    # running totals: Ute Grand with 1 (+48) = 48 in one game; Vera Clubs with 1 twice (+24 +24)
    svc.add_entry(game(0, "grand", 18, True))
    svc.add_entry(game(1, "clubs", 18, True))
    svc.add_entry(game(1, "clubs", 18, True))
    rows = season_ranking(store, StatsFilter(), method="running_total")
    assert [(r.place, r.name, r.evaluation) for r in rows] == [
        (1, "Vera", 48),
        (2, "Ute", 48),
        (3, "Willi", 0),
    ]
    # three passed-in deals at another table: everyone 0, nothing won or lost
    s2 = store.create_series("Quiet", "2025-06-03", [u, v, w], ISKO)
    svc = SeriesService(store, s2)
    for _ in range(3):
        svc.add_entry(PASSED)
    quiet = StatsFilter(date_from="2025-06-03")
    assert {r.place for r in season_ranking(store, quiet, lot_seed=None)} == {1}
    drawn = [r.player_id for r in season_ranking(store, quiet, lot_seed=5)]
    assert sorted(drawn) == sorted([u, v, w])
    assert [r.player_id for r in season_ranking(store, quiet, lot_seed=5)] == drawn
    # the list says which places the lot decided, so no one reads them as merit
    assert all(r.by_lot for r in season_ranking(store, quiet, lot_seed=5))
    assert not any(r.by_lot for r in season_ranking(store, quiet, lot_seed=None))
    assert not any(r.by_lot for r in rows)  # decided by games won, not by lot
    store.close()


def test_seeger_fabian_per_36_and_48(tmp_path):
    store, (_, y, _) = _tie_series(tmp_path)
    st = player_statistics(store, y)
    assert (st.seeger_fabian, st.deals) == (108, 3)
    assert st.seeger_fabian_per_36 == pytest.approx(108 / 3 * 36) == 1296
    assert st.seeger_fabian_per_48 == pytest.approx(1728)
    row = next(r for r in season_ranking(store) if r.player_id == y)
    assert row.per_48 == pytest.approx(1728)
    store.close()


def test_csv_rows(club):
    store, p, (s1, s2, _) = club
    st = player_statistics(store, p["a"], StatsFilter(profile="isko"))
    rows = statistics_csv_rows(st)
    keys = {tuple(r) for r in rows}
    assert keys == {("player_id", "player", "metric", "value", "date", "series_id")}
    figures = {r["metric"]: r["value"] for r in rows if r["metric"] != "cumulative_score"}
    assert figures["filter_profile"] == "isko"
    assert figures["deals"] == 10 and figures["grand_declared"] == 2
    assert figures["seeger_fabian"] == -143
    assert figures["declarer_share"] == pytest.approx(5 / 9, abs=1e-4)
    assert figures["ramsch_loss_rate"] == ""
    chart = [
        (r["date"], r["series_id"], r["value"]) for r in rows if r["metric"] == "cumulative_score"
    ]
    assert chart == [("2025-01-10", s1, 23), ("2025-02-14", s2, -133)]

    ranking = ranking_csv_rows(season_ranking(store))
    assert ranking[0] == {
        "place": 1,
        "player_id": p["d"],
        "name": "Dora",
        "series": 2,
        "deals": 7,
        "won": 1,
        "lost": 0,
        "score": 36,
        "evaluation": 226,
        "per_48": round(226 / 7 * 48, 2),
        "money_cents": 0,  # these series are played without a stake
    }
    for table in (rows, ranking):  # both go straight into a CSV writer
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(table[0]))
        writer.writeheader()
        writer.writerows(table)
        assert len(out.getvalue().splitlines()) == len(table) + 1


def test_selfplay_statistics_agree_with_the_sheets(tmp_path):
    """Played deals (move logs, Ramsch, Kontra, Bock): statistics and ranking add up to the
    sheets' totals and Seeger-Fabian figures."""
    store = Store.open(tmp_path / "play.sqlite3")
    ids = [store.add_player(f"P{i}") for i in range(6)]
    rng = random.Random(11)
    sheets = []
    for k in range(6):
        size = 3 + k % 2
        profile = ISKO if k % 3 else HOUSE
        table = rng.sample(ids, size)
        sid = store.create_series(f"S{k}", f"2025-0{k + 1}-01", table, profile, planned_deals=12)
        svc = SeriesService(store, sid)
        players = [RandomPlayer(random.Random(k)) for _ in range(size)]
        seeds = deal_seeds(1000 + k)
        for _ in range(12):
            dealer, bock, ramsch = svc.next_context()
            s = next(seeds)
            setup = DealSetup(profile, deal_from_seed(s), s, size, dealer, bock, ramsch)
            svc.record_played(play_deal(Deal(setup), players))
        sheets.append(SeriesService(store, sid).sheet())
    stats = [player_statistics(store, pid) for pid in ids]
    assert sum(s.score_total for s in stats) == sum(sum(sh.totals) for sh in sheets)
    assert sum(s.seeger_fabian for s in stats) == sum(sum(sh.seeger_fabian) for sh in sheets)
    assert sum(s.deals for s in stats) == sum(len(sh.lines) * sh.info.table_size for sh in sheets)
    for s in stats:
        assert s.deals == s.deals_active + s.deals_sitting_out
        assert s.games_declared == s.declarer_won + s.declarer_lost
        assert s.games_declared == sum(g.declared for g in (s.suits, s.grand, s.null))
        if s.score_over_time:
            assert s.score_over_time[-1][2] == s.score_total
    per_player: dict[int, int] = {}
    won: dict[int, int] = {}
    for sh in sheets:
        for seat, (pid, _) in enumerate(sh.info.players):
            per_player[pid] = per_player.get(pid, 0) + sh.seeger_fabian[seat]
            won[pid] = won.get(pid, 0) + sh.won[seat]
    ranking = season_ranking(store)
    assert {r.player_id: r.evaluation for r in ranking} == per_player
    assert {r.player_id: r.won for r in ranking} == won
    assert [r.evaluation for r in ranking] == sorted(per_player.values(), reverse=True)
    # every rating method: the sum of the engine's rating of each table
    for method in METHODS:
        expected: dict[int, int] = {}
        for sh in sheets:
            svc = SeriesService(store, sh.info.id)
            ratings = evaluate(method, svc.series.tallies(), sh.info.table_size)
            for seat, (pid, _) in enumerate(sh.info.players):
                expected[pid] = expected.get(pid, 0) + ratings[seat]
        got = {r.player_id: r.evaluation for r in season_ranking(store, method=method)}
        assert got == expected, method
    # the declared games of all players are the sheets' declared games
    declared = sum(1 for sh in sheets for line in sh.lines if line.declarer is not None)
    assert sum(s.games_declared for s in stats) == declared
    store.close()


def test_the_tallies_read_the_statistics_index(club):
    """The per-series tallies come from the partial covering index of migration m002 and
    never touch the deals table itself (its rows carry the move logs)."""
    from skat_desktop.app import statistics

    store, _, _ = club
    where, params = statistics._series_where(store, StatsFilter())
    plan = " | ".join(
        r[3]
        for r in store.conn.execute(
            "EXPLAIN QUERY PLAN " + statistics._TALLY_SQL.format(where=where), params
        )
    )
    assert "COVERING INDEX deal_scores_tally" in plan
    assert "COVERING INDEX deals_series" in plan
