"""Dealing and seating: vectors DL1-DL5 of RULES.md §4.8 (§5.1 seats, §5.2 shuffle, cut, deal)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from skat_desktop.engine.actions import Bid, Concede, Declare, Pass
from skat_desktop.engine.cards import FULL_DECK, GameType, mask
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.dealing import (
    active_seats,
    cut,
    deal_deck,
    deal_from_seed,
    dealer_of,
    shuffled_deck,
)
from skat_desktop.engine.profiles import ISKO
from skat_desktop.engine.series import Series

FH, MH, RH = 0, 1, 2


def idx(*ranges: tuple[int, int]) -> list[int]:
    out: list[int] = []
    for a, b in ranges:
        out.extend(range(a, b + 1))
    return out


@pytest.mark.parametrize("deck", [list(range(32)), list(range(31, -1, -1))])
def test_dl1_deal_pattern_3_skat_4_3(deck: list[int]) -> None:
    """RULES.md §4.8 DL1 (S0 ISkO 3.2.6; SkTO 8.2): FH gets d0-d2, d11-d14, d23-d25; MH d3-d5,
    d15-d18, d26-d28; RH d6-d8, d19-d22, d29-d31; skat d9, d10."""
    dealt = deal_deck(deck)

    def take(positions: list[int]) -> int:
        return mask(deck[i] for i in positions)

    assert dealt.hands[FH] == take(idx((0, 2), (11, 14), (23, 25)))
    assert dealt.hands[MH] == take(idx((3, 5), (15, 18), (26, 28)))
    assert dealt.hands[RH] == take(idx((6, 8), (19, 22), (29, 31)))
    assert dealt.skat == take([9, 10])


def test_dl1_three_players_dealer_plays_rearhand() -> None:
    """RULES.md §4.8 DL1 / §5.1: 3 players, dealer seat 0 → FH seat 1, MH seat 2, RH seat 0."""
    assert active_seats(3, 0) == (1, 2, 0)
    assert active_seats(3, 1) == (2, 0, 1)
    assert active_seats(3, 2) == (0, 1, 2)


def test_dl2_four_players_dealer_sits_out() -> None:
    """RULES.md §4.8 DL2 (S0 ISkO 3.2.7): 4 players, dealer 0 gets no cards: FH 1, MH 2, RH 3.
    Next deal: dealer 1 → FH 2, MH 3, RH 0."""
    assert active_seats(4, 0) == (1, 2, 3)
    assert active_seats(4, 1) == (2, 3, 0)
    assert dealer_of(1, 4) == 1


def test_dl3_five_players() -> None:
    """RULES.md §4.8 DL3 (S0 ISkO 3.2.7): 5 players, dealer 0 → FH 1, MH 2, RH 4 (dealer's
    right); seats 0 and 3 sit out."""
    seats = active_seats(5, 0)
    assert seats == (1, 2, 4)
    assert set(range(5)) - set(seats) == {0, 3}


def play_quick(deal: Deal, pass_in: bool) -> None:
    """All pass (passed in), or MH plays Grand Hand at 18 and concedes at once."""
    if pass_in:
        for p in (MH, RH, FH):
            deal.apply(Pass(p))
        return
    deal.apply(Bid(MH, 18))
    deal.apply(Pass(FH))
    deal.apply(Pass(RH))
    deal.apply(Declare(MH, Contract(GameType.GRAND, hand=True)))
    deal.apply(Concede(MH))


def test_dl4_passed_in_deal_counts_in_the_round() -> None:
    """RULES.md §4.8 DL4 (S0 ISkO 3.2.1, 3.3.7): round at a 4-table, deal 2 passed in → deal 3 is
    dealt by the next seat; the round has exactly 4 deals; the seat to the right of the first
    dealer deals last; nobody deals twice running."""
    series = Series(ISKO, 4, first_dealer=0)
    dealers = []
    kinds = []
    for n in range(8):
        setup = series.next_setup(deal_from_seed(100 + n))
        dealers.append(setup.dealer)
        assert setup.dealer not in setup.seats  # the dealer sits out at a 4-table
        deal = Deal(setup)
        play_quick(deal, pass_in=(n == 1))
        entry = series.record(deal.result)
        kinds.append(entry.kind)
    assert kinds[1] == "passed_in"
    assert dealers == [0, 1, 2, 3, 0, 1, 2, 3]
    assert dealers[3] == (0 - 1) % 4  # right of the first dealer deals the last game
    assert all(a != b for a, b in pairwise(dealers))
    assert [dealer_of(n, 4) for n in range(8)] == dealers
    assert [dealer_of(n, 3, first_dealer=2) for n in range(4)] == [2, 0, 1, 2]


@pytest.mark.parametrize("k", range(0, 33))
def test_dl5_cut_leaves_four_cards(k: int) -> None:
    """RULES.md §4.8 DL5 (S0 ISkO 3.2.4; S1 Rule 1 Sec 2): a cut at position k is valid iff
    4 ≤ k ≤ 28."""
    deck = list(range(32))
    if 4 <= k <= 28:
        assert cut(deck, k) == deck[k:] + deck[:k]
    else:
        with pytest.raises(ValueError):
            cut(deck, k)


def test_deal_from_seed_is_deterministic() -> None:
    """RULES.md §5.2: with a seeded generator deals are reproducible."""
    for seed in (0, 1, 42, 2**63 + 5):
        a = deal_from_seed(seed)
        b = deal_from_seed(seed)
        assert a == b
        assert shuffled_deck(seed) == shuffled_deck(seed)
        assert sorted(shuffled_deck(seed)) == list(range(32))
        assert a.hands[0] | a.hands[1] | a.hands[2] | a.skat == FULL_DECK


def test_deal_from_seed_differs_between_seeds() -> None:
    """RULES.md §5.2: different seeds give different deals (no two alike among 200 seeds)."""
    deals = {deal_from_seed(s) for s in range(200)}
    assert len(deals) == 200
    assert deal_from_seed(1) != deal_from_seed(2)
