"""Every suit of a Null played out exactly (ai/null_suits.py), checked against the
double-dummy solver on positions that hold only the suit and the defenders' spare cards."""

from __future__ import annotations

import random
from math import comb

import pytest

from skat_desktop.ai import null_suits
from skat_desktop.ai.solver import Position, solve
from skat_desktop.engine.cards import GameType, card, mask

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def ranks(*rs: int) -> int:
    return sum(1 << r for r in rs)


def hearts(byte: int) -> int:
    """A suit byte as hearts (the third suit) in a card mask."""
    return byte << 16


def spares(n: int, start: int) -> int:
    """``n`` clubs from ``start`` up: cards a defender throws when out of hearts."""
    return sum(1 << (start + i) for i in range(n))


def declarer_loses(mine: int, before: int, after: int, leader: str) -> bool:
    """The solver's answer for a deal of hearts and spare cards: the defenders' clubs to
    throw when out of hearts, the declarer's diamonds that nobody leads (he never has
    the lead in a Null he wins). Declarer at position 0, ``before`` at 2, ``after`` at 1."""
    size = max(mine.bit_count(), before.bit_count(), after.bit_count())
    assert size <= 4, "the spare clubs of the two defenders would overlap"
    a = hearts(after) | spares(size - after.bit_count(), 0)
    b = hearts(before) | spares(size - before.bit_count(), 4)
    d = hearts(mine) | spares(size - mine.bit_count(), 24)
    lead = 2 if leader == "before" else 1
    p = Position(GameType.NULL, 0, (d, a, b), (), lead, 0, 0)
    return not solve(p, "win", answer_cards=False).declarer_wins


def test_a_long_suit_whose_low_cards_run_out_is_lost():
    """♥8 9 K A against ♥7 alone and ♥10 J Q: the 8 goes over the led 7 but under the
    10, the 9 under the led jack, and the led queen takes the king. The rules' excess
    counts this suit as a small gap."""
    mine = ranks(EIGHT, NINE, KING, ACE)
    assert null_suits.lost(mine, ranks(SEVEN), ranks(TEN, JACK, QUEEN))
    assert declarer_loses(mine, ranks(SEVEN), ranks(TEN, JACK, QUEEN), "before")
    # both low cards with one defender and the rest with the other: safe
    assert not null_suits.lost(mine, ranks(SEVEN, TEN), ranks(JACK, QUEEN))
    assert 0.5 < null_suits.suit_lost_chance(mine, 0) < 0.7


def test_the_safe_patterns_are_never_lost_and_a_bare_ace_always():
    for safe in (ranks(SEVEN), ranks(SEVEN, NINE, JACK, KING), ranks(SEVEN, EIGHT, NINE)):
        assert null_suits.suit_lost_chance(safe, 0) == 0.0
    assert null_suits.suit_lost_chance(ranks(ACE), 0) == pytest.approx(1.0)
    assert null_suits.suit_lost_chance(ranks(SEVEN, ACE), 0) == pytest.approx(1.0)
    # the ace is safe once every other card of the suit is out of play
    assert null_suits.suit_lost_chance(ranks(ACE), 0x7F) == 0.0


def test_a_bare_eight_is_lost_only_when_one_defender_holds_the_whole_suit():
    """The 7 led under the 8 with the other defender out of the suit: one of the two
    holds all seven other cards (and three more of the 20 unknown)."""
    expected = 2 * comb(13, 3) / comb(20, 10)
    assert null_suits.suit_lost_chance(ranks(EIGHT), 0) == pytest.approx(expected)


def test_the_solver_never_finds_a_hole_the_suit_play_misses():
    """The suit play lets either defender lead at any time, for free: at the table the
    lead must be passed, and a declarer out of the suit led throws his weak card. So it
    may call a suit lost that the solver saves, never the other way round; and with the
    lead where the hole is, they mostly agree."""
    rng = random.Random(5)
    checked = agree = 0
    for _ in range(300):
        cards = list(range(8))
        rng.shuffle(cards)
        n_mine = rng.randint(1, 4)
        mine = ranks(*cards[:n_mine])
        rest = cards[n_mine:]
        n_before = rng.randint(0, min(4, len(rest)))
        before = ranks(*rest[:n_before])
        after = ranks(*rest[n_before:][:4])
        lost = null_suits.lost(mine, before, after)
        for leader in ("before", "after"):
            if (before if leader == "before" else after) == 0:
                continue
            solver_lost = declarer_loses(mine, before, after, leader)
            checked += 1
            agree += solver_lost == lost
            if solver_lost:
                assert lost, (mine, before, after, leader)
    print(f"{agree} of {checked} agree")
    assert checked > 300 and agree / checked > 0.8


def test_a_hand_is_as_safe_as_its_suits_together_and_the_discard_leaves_the_safest():
    hand = mask([card(c) for c in ("C7", "C9", "CJ", "S7", "S8", "H8", "H9", "HK", "HA", "D7")])
    heart_lost = null_suits.suit_lost_chance(ranks(EIGHT, NINE, KING, ACE), 0)
    assert null_suits.safe_chance(hand) == pytest.approx(1 - heart_lost)
    twelve = hand | (1 << card("SA")) | (1 << card("DA"))
    d1, d2 = null_suits.best_discard(twelve)
    assert {d1, d2} == {card("SA"), card("DA")}  # the two bare aces go
    out = (1 << d1) | (1 << d2)
    assert null_suits.safe_chance(twelve & ~out, out) == pytest.approx(1 - heart_lost)
