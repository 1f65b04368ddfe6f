"""Money: vectors M1-M7 and F1-F3 of RULES.md §4.6 plus settlement properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat_desktop.engine.money import (
    game_money,
    game_settlement,
    settle,
    settle_pairwise,
    texas_loss_fees,
)


def test_m1_settlement_version1_positive_sum() -> None:
    """RULES.md §4.6 M1 (S0 ISkO 5.5.5 Version 1): 4·s − 302."""
    totals = [196, 33, -12, 85]
    assert settle(totals, 1) == [482, -170, -350, 38]
    assert settle_pairwise(totals, 1) == [482, -170, -350, 38]


def test_m2_settlement_version2_negative_sum() -> None:
    """RULES.md §4.6 M2 (S0 ISkO 5.5.5 Version 2): 4·s + 213."""
    totals = [44, 33, -420, 130]
    assert settle(totals, 1) == [389, 345, -1467, 733]
    assert settle_pairwise(totals, 1) == [389, 345, -1467, 733]


def test_m3_settlement_version3_pairwise() -> None:
    """RULES.md §4.6 M3 (S0 ISkO 5.5.5 Version 3): pairwise differences."""
    totals = [120, -75, 200, -40]
    assert settle_pairwise(totals, 1) == [275, -505, 595, -365]
    assert settle(totals, 1) == [275, -505, 595, -365]


def test_m4_settlement_three_players() -> None:
    """RULES.md §4.6 M4: 3·s − 70 → +230, −220, −10."""
    assert settle([100, -50, 20], 1) == [230, -220, -10]
    assert settle_pairwise([100, -50, 20], 1) == [230, -220, -10]


@pytest.mark.parametrize("stake", [0.5, Fraction(1, 2)])
def test_m5_half_cent_rounds_up_then_doubles(stake: float | Fraction) -> None:
    """RULES.md §4.6 M5 (S0 ISkO 5.5.4): 22.5 → +23 won; lost 23 doubled → −46, not −45."""
    assert game_money(45, True, stake) == 23
    assert game_money(45, False, stake) == -46


@pytest.mark.parametrize("stake", [0.25, Fraction(1, 4)])
def test_m6_quarter_cent_lost(stake: float | Fraction) -> None:
    """RULES.md §4.6 M6 (S0 ISkO 5.5.4): 5.5 → 6 → −12."""
    assert game_money(22, False, stake) == -12


def test_m7_four_table_dealer_pays_too() -> None:
    """RULES.md §4.6 M7 (S0 ISkO 3.5.3): +144, −48 from each of the three others."""
    assert game_settlement(48, True, 0, 4, 1) == [144, -48, -48, -48]
    assert game_settlement(48, True, 2, 4, 1.0) == [-48, -48, 144, -48]
    assert game_settlement(48, True, 0, 4, 1) == settle([48, 0, 0, 0], 1)


def test_f1_texas_20_round_fees() -> None:
    """RULES.md §4.6 F1 (S1 TournRules): 7 losses → 4 × $0.50 + 3 × $1.00 = $5.00."""
    assert texas_loss_fees(7, "tournament_20_rounds") == 500


def test_f2_texas_match_point_session_fees() -> None:
    """RULES.md §4.6 F2 (S1 TournRules): 2 × $0.50 + 2 × $1.00 + 3 × $2.00 = $9.00."""
    assert texas_loss_fees(7, "match_point_session") == 900


def test_f3_texas_20_round_three_losses() -> None:
    """RULES.md §4.6 F3 (S1 TournRules): 3 losses → $1.50."""
    assert texas_loss_fees(3, "tournament_20_rounds") == 150


# --- further behaviour -----------------------------------------------------------------


def test_fee_schedule_steps() -> None:
    assert [texas_loss_fees(k, "tournament_20_rounds") for k in range(7)] == [
        0, 50, 100, 150, 200, 300, 400,
    ]  # fmt: skip
    assert [texas_loss_fees(k, "match_point_session") for k in range(7)] == [
        0, 50, 100, 200, 300, 500, 700,
    ]  # fmt: skip
    with pytest.raises(ValueError):
        texas_loss_fees(1, "weekly")
    with pytest.raises(ValueError):
        texas_loss_fees(-1, "match_point_session")


def test_float_stake_is_exact() -> None:
    """0.1 cent as a float is 1/10, not 0.1000000000000000055 (which would round 10 up to 2)."""
    assert game_money(10, True, 0.1) == 1
    assert game_money(10, False, 0.1) == -2
    assert game_money(11, True, 0.1) == 2


def test_fractional_settlement_rounds_up_pairwise_and_balances() -> None:
    """Each pair's debt rounds up in the creditor's favour: ½ cent of 1 point → 1 cent."""
    assert settle([1, 0, 0], Fraction(1, 2)) == [2, -1, -1]
    assert settle([1, 0, 0], 0.5) == settle_pairwise([1, 0, 0], 0.5)
    assert settle([4, 0, 0], 0.5) == [4, -2, -2]  # exact: 0.5 × (12 − 4)


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        game_money(-5, True, 1)
    with pytest.raises(ValueError):
        game_money(5, True, -1)
    with pytest.raises(ValueError):
        game_settlement(5, True, 4, 4, 1)


# --- properties ------------------------------------------------------------------------

totals_st = st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=6)
int_stake = st.integers(0, 10)
any_stake = st.one_of(
    int_stake,
    st.fractions(min_value=0, max_value=2, max_denominator=16),
    st.sampled_from([0.25, 0.5, 0.1, 0.75, 1.0]),
)


@given(totals_st, int_stake)
def test_settlement_sums_to_zero(totals: list[int], stake: int) -> None:
    assert sum(settle(totals, stake)) == 0
    assert sum(settle_pairwise(totals, stake)) == 0


@given(totals_st, int_stake)
def test_pairwise_equals_versions_1_and_2(totals: list[int], stake: int) -> None:
    n, total = len(totals), sum(totals)
    expected = [stake * (n * s - total) for s in totals]
    assert settle(totals, stake) == expected
    assert settle_pairwise(totals, stake) == expected


@given(totals_st, any_stake)
def test_fractional_settlement_balances_and_is_close(totals: list[int], stake) -> None:
    got = settle(totals, stake)
    assert got == settle_pairwise(totals, stake)
    assert sum(got) == 0
    n, total = len(totals), sum(totals)
    exact = Fraction(repr(stake)) if isinstance(stake, float) else Fraction(stake)
    for amount, s in zip(got, totals, strict=True):
        assert abs(amount - exact * (n * s - total)) < n  # at most one cent per pair


@given(st.integers(0, 1000), st.booleans(), st.integers(3, 6), st.data())
def test_game_settlement_matches_end_settlement(
    value: int, won: bool, n: int, data: st.DataObject
) -> None:
    """With a whole-cent stake one game settles like a series with one entry on the sheet."""
    declarer = data.draw(st.integers(0, n - 1))
    stake = data.draw(int_stake)
    sheet = [0] * n
    sheet[declarer] = value if won else -2 * value
    got = game_settlement(value, won, declarer, n, stake)
    assert got == settle(sheet, stake)
    assert sum(got) == 0


@given(st.integers(0, 1000), any_stake)
def test_lost_game_is_exactly_double_the_rounded_win(value: int, stake) -> None:
    assert game_money(value, False, stake) == -2 * game_money(value, True, stake)
    exact = Fraction(repr(stake)) if isinstance(stake, float) else Fraction(stake)
    assert 0 <= game_money(value, True, stake) - value * exact < 1
