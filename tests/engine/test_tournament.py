"""Series / tournament scoring: vectors T1-T7 of RULES.md §4.5 plus properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat_desktop.engine.profiles import BUILTIN, CHOICES
from skat_desktop.engine.tournament import (
    METHODS,
    PlayerTally,
    evaluate,
    pre1999_rating,
    rank,
    running_total,
    seeger_fabian,
    texas_match_points,
)


def test_t1_seeger_fabian_skto_example_4_table() -> None:
    """RULES.md §4.5 T1 (S0 SkTO 5.1/8.11): 937 + 15×50 + 14×30 = 2107."""
    table = [
        PlayerTally(game_points=937, won=18, lost=3),
        PlayerTally(game_points=0, won=0, lost=5),
        PlayerTally(game_points=0, won=0, lost=6),
        PlayerTally(game_points=0, won=0, lost=3),  # the sitting-out dealer counts
    ]
    assert seeger_fabian(table, 4)[0] == 2107


def test_t2_seeger_fabian_3_table() -> None:
    """RULES.md §4.5 T2: 250 + 4×50 + 5×40 = 650."""
    table = [
        PlayerTally(game_points=250, won=6, lost=2),
        PlayerTally(game_points=0, lost=2),
        PlayerTally(game_points=0, lost=3),
    ]
    assert seeger_fabian(table, 3)[0] == 650


def test_t3_seeger_fabian_negative() -> None:
    """RULES.md §4.5 T3: −120 − 100 + 3×30 = −130."""
    table = [
        PlayerTally(game_points=-120, won=2, lost=4),
        PlayerTally(game_points=0, lost=1),
        PlayerTally(game_points=0, lost=1),
        PlayerTally(game_points=0, lost=1),
    ]
    assert seeger_fabian(table, 4)[0] == -130


def _texas_table(size: int) -> list[PlayerTally]:
    """T4/T5 input: the rated player plus others who lost 9 games between them."""
    player = PlayerTally(game_points=500, won=10, lost=4, without_matadors=((6, True),))
    others = [PlayerTally(game_points=0, lost=9)] + [PlayerTally(game_points=0)] * (size - 2)
    return [player, *others]


def test_t4_texas_match_points_4_handed() -> None:
    """RULES.md §4.5 T4 (S1 MatchPoint 1, 2, 4; A-T6, A-T7): 500 + 300 + 270 + 100 = 1170."""
    assert texas_match_points(_texas_table(4), 4)[0] == 1170


def test_t5_texas_match_points_3_handed() -> None:
    """RULES.md §4.5 T5 (S1 MatchPoint 1, 3, 4): 500 + 300 + 9×45 + 100 = 1305."""
    assert texas_match_points(_texas_table(3), 3)[0] == 1305


def test_t6_pre1999_rating() -> None:
    """RULES.md §4.5 T6 (S4 A4.5; A-P7): 400 + 500 − 100 + 5×40 = 1000."""
    player = PlayerTally(game_points=400, won=10, lost=2, defended_lost=5)
    assert pre1999_rating([player]) == [1000]


def test_t7_tie_broken_by_fewer_losses() -> None:
    """RULES.md §4.5 T7 (S0 SkTO 5.1): equal score and wins, Y lost fewer → Y first."""
    tallies = [PlayerTally(1500, won=20, lost=4), PlayerTally(1500, won=20, lost=3)]
    assert rank(["X", "Y"], [1500, 1500], tallies) == [(1, "Y"), (2, "X")]
    assert rank(["X", "Y"], [1500, 1500], tallies, lot_seed=None) == [(1, "Y"), (2, "X")]


# --- further behaviour -----------------------------------------------------------------


def test_texas_matador_bonus_won_only_and_threshold() -> None:
    """A-T7: "without 4" or fewer earns nothing; the won-only option drops lost games."""
    games = ((6, True), (7, False), (4, True), (3, False))
    table = [PlayerTally(0, without_matadors=games), PlayerTally(0), PlayerTally(0)]
    assert texas_match_points(table, 3)[0] == 100 + 150
    assert texas_match_points(table, 3, won_only=True)[0] == 100


def test_rank_more_wins_beats_fewer_losses() -> None:
    """SkTO 5.1 order: games won is compared before games lost."""
    tallies = [PlayerTally(0, won=19, lost=0), PlayerTally(0, won=20, lost=9)]
    assert [pid for _, pid in rank(["a", "b"], [10, 10], tallies)] == ["b", "a"]


def test_rank_score_first() -> None:
    tallies = [PlayerTally(0, won=30), PlayerTally(0, won=0, lost=9)]
    assert rank([1, 2], [10, 11], tallies) == [(1, 2), (2, 1)]


def test_rank_lot_is_deterministic_and_order_independent() -> None:
    """A full tie is decided by lot: same seed, same result, whatever the input order."""
    ids = ["ann", "bob", "cid", "dan", "eve"]
    tallies = [PlayerTally(100, won=3, lost=1)] * 5
    first = rank(ids, [100] * 5, tallies, lot_seed=7)
    assert [p for p, _ in first] == [1, 2, 3, 4, 5]
    assert rank(ids[::-1], [100] * 5, tallies, lot_seed=7) == first
    orders = {tuple(pid for _, pid in rank(ids, [100] * 5, tallies, lot_seed=s)) for s in range(20)}
    assert len(orders) > 1  # the seed really matters


def test_rank_shared_places_without_lot() -> None:
    tallies = [PlayerTally(0, won=2), PlayerTally(0, won=2), PlayerTally(0, won=1)]
    assert rank(["a", "b", "c"], [5, 5, 5], tallies, lot_seed=None) == [
        (1, "a"),
        (1, "b"),
        (3, "c"),
    ]


def test_evaluate_dispatches_every_profile_method() -> None:
    assert set(METHODS) == set(CHOICES["tournament_scoring"])
    table = [
        PlayerTally(100, won=2, lost=1, defended_lost=1),
        PlayerTally(-20, lost=2),
        PlayerTally(0),
    ]
    for profile in BUILTIN.values():
        method = profile.tournament_scoring
        got = evaluate(method, table, 3, profile.texas_matador_bonus_won_only)
        assert got == METHODS[method](table, 3, False)
    assert evaluate("seeger_fabian", table, 3) == [100 + 50 + 80, -20 - 100 + 40, 120]
    assert evaluate("running_total", table, 3) == [100, -20, 0]
    assert evaluate("pre1999_rating", table, 3) == [100 + 50 + 40, -20 - 100, 0]


def test_errors() -> None:
    with pytest.raises(ValueError):
        evaluate("elo", [PlayerTally(0)] * 3, 3)
    with pytest.raises(ValueError):
        seeger_fabian([PlayerTally(0)] * 3, 4)
    with pytest.raises(ValueError):
        seeger_fabian([PlayerTally(0)] * 5, 5)
    with pytest.raises(ValueError):
        PlayerTally(0, won=-1)
    with pytest.raises(ValueError):
        rank(["a", "a"], [1, 2], [PlayerTally(0)] * 2)


# --- properties ------------------------------------------------------------------------

points = st.integers(min_value=-5000, max_value=5000)


@given(st.sampled_from([3, 4]).flatmap(lambda n: st.lists(points, min_size=n, max_size=n)))
def test_seeger_fabian_without_games_is_game_points(game_points: list[int]) -> None:
    """Nobody won or lost a game: the rating is just the score sheet."""
    table = [PlayerTally(g) for g in game_points]
    assert seeger_fabian(table, len(table)) == game_points == running_total(table)


tally = st.builds(
    PlayerTally,
    game_points=points,
    won=st.integers(0, 40),
    lost=st.integers(0, 40),
)


@given(st.sampled_from([3, 4]).flatmap(lambda n: st.lists(tally, min_size=n, max_size=n)))
def test_seeger_fabian_bonus_total(table: list[PlayerTally]) -> None:
    """Every loss earns each other member the bonus: the table's bonus sum is fixed."""
    n = len(table)
    bonus = 40 if n == 3 else 30
    got = seeger_fabian(table, n)
    expected = sum(t.game_points + 50 * (t.won - t.lost) for t in table)
    assert sum(got) == expected + bonus * (n - 1) * sum(t.lost for t in table)


@given(st.lists(st.tuples(points, st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=8))
def test_rank_is_a_sorted_permutation(rows: list[tuple[int, int, int]]) -> None:
    ids = list(range(len(rows)))
    scores = [r[0] for r in rows]
    tallies = [PlayerTally(r[0], won=r[1], lost=r[2]) for r in rows]
    for seed in (0, None):
        ranked = rank(ids, scores, tallies, lot_seed=seed)
        assert sorted(pid for _, pid in ranked) == ids
        keys = [(-scores[pid], -rows[pid][1], rows[pid][2]) for _, pid in ranked]
        assert keys == sorted(keys)
