"""Hand evaluation (ai/hand_eval.py): games, bids, discards and declarations on hand-made hands."""

from __future__ import annotations

import random

import pytest

from skat_desktop.ai import hand_eval as he
from skat_desktop.engine.cards import (
    JACKS,
    GameType,
    card,
    cards_of,
    mask,
    trump_mask,
)
from skat_desktop.engine.contract import Contract, contract_problem
from skat_desktop.engine.profiles import BUILTIN, ISKO, TEXAS
from skat_desktop.engine.scoring import game_value


def hand(codes: str) -> int:
    m = mask(card(c) for c in codes.split())
    assert m.bit_count() == len(codes.split())
    return m


STRONG_GRAND = hand("CJ SJ HJ DJ CA CT SA ST HA DA")
LONG_CLUBS = hand("CJ SJ CA CT CK CQ C9 HA S7 D8")
LOW_CARDS = hand("C7 C8 C9 S7 S8 H7 H8 H9 D7 D9")
WEAK = hand("C7 SQ HK DJ D8 SA H9 CT S9 HQ")


def random_hands(n: int, size: int, seed: int = 7) -> list[int]:
    rng = random.Random(seed)
    return [mask(rng.sample(range(32), size)) for _ in range(n)]


# --------------------------------------------------------------------------- evaluate_hand


def test_strong_grand_hand_plays_grand() -> None:
    opts = he.evaluate_hand(STRONG_GRAND, ISKO, 0)
    assert opts[0].contract.game == GameType.GRAND
    assert opts[0].win_chance_estimate > 0.9
    # with 4, game, hand: 24 x 6 = 144; without the skat it is still a Grand
    assert he.max_bid(opts) == 144
    assert he.choose_contract(STRONG_GRAND, False, 18, ISKO, 0).game == GameType.GRAND


def test_long_clubs_with_jacks_plays_clubs_bid_near_its_value() -> None:
    opts = he.evaluate_hand(LONG_CLUBS, ISKO, 1)
    assert opts[0].contract.game == GameType.CLUBS
    pick_up = next(o for o in opts if o.contract == Contract(GameType.CLUBS))
    assert pick_up.value_estimate == 36  # with 2, game: 12 x 3
    assert pick_up.win_chance_estimate > 0.8
    # bids to the value of Clubs (36) or Clubs Hand (48), not to a risky Grand (72)
    assert 36 <= he.max_bid(opts) <= 48
    # after picking up a harmless skat: Clubs, the lone ten and the singleton buried
    plan = he.plan_declaration(LONG_CLUBS | hand("HT D7"), True, 18, ISKO, 1)
    assert plan.contract == Contract(GameType.CLUBS)
    assert plan.covers_bid and plan.value == 36


def test_low_cards_play_null() -> None:
    opts = he.evaluate_hand(LOW_CARDS, ISKO, 1)
    assert opts[0].contract.game == GameType.NULL
    assert he.max_bid(opts) >= 23
    plan = he.plan_declaration(LOW_CARDS | hand("SA HK"), True, 18, ISKO, 1)
    assert plan.contract.game == GameType.NULL
    # the bare ace goes; what stays is safe in every suit (k-th lowest card <= 2k)
    assert card("SA") in plan.discard
    rest = LOW_CARDS | hand("SA HK")
    for c in plan.discard:
        rest &= ~(1 << c)
    assert he.null_features(rest, 1)[0] == 0


def test_weak_hand_does_not_bid() -> None:
    for pos in range(3):
        assert he.max_bid(he.evaluate_hand(WEAK, ISKO, pos)) == 0


def test_win_chances_are_probabilities_and_grow_with_strength() -> None:
    for h in random_hands(200, 10):
        for g in (*he.TRUMP_GAMES, GameType.NULL):
            for pre in (True, False):
                p = he.win_chance(h, g, 1, pre)
                assert 0.0 <= p <= 1.0
    clubs = [he.win_chance(h, GameType.CLUBS, 1, True) for h in (WEAK, LONG_CLUBS)]
    assert clubs[0] < 0.3 < 0.8 < clubs[1]


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_options_are_valid_contracts_in_every_profile(name: str) -> None:
    profile = BUILTIN[name]
    for h in [*random_hands(30, 10), STRONG_GRAND, LOW_CARDS]:
        opts = he.evaluate_hand(h, profile, 2)
        assert opts
        for o in opts:
            assert contract_problem(profile, o.contract, picked_up=not o.contract.hand) is None
            assert o.max_bid in (0, o.value_estimate)
        assert [o.expected for o in opts] == sorted((o.expected for o in opts), reverse=True)


def test_safe_matadors() -> None:
    assert he.safe_matadors(hand("CJ SJ HJ C7 C8 C9 S7 S8 S9 H7"), GameType.CLUBS) == 3
    # without 1 cannot shrink; without 3 is counted as 2 (the skat may hold a jack)
    assert he.safe_matadors(hand("SJ C7 C8 C9 S7 S8 S9 H7 H8 H9"), GameType.CLUBS) == 1
    assert he.safe_matadors(hand("DJ C7 C8 C9 S7 S8 S9 H7 H8 H9"), GameType.CLUBS) == 2


# --------------------------------------------------------------------------- discards


@pytest.mark.parametrize("game", list(GameType)[:6])
def test_discards_are_valid_and_keep_trumps(game: GameType) -> None:
    for h12 in random_hands(150, 12, seed=int(game)):
        c1, c2 = he.best_discard(h12, game, ISKO)
        assert c1 < c2
        assert h12 >> c1 & 1 and h12 >> c2 & 1
        if game != GameType.NULL:
            trumps = trump_mask(game)
            if (h12 & ~trumps).bit_count() >= 2:
                assert not ((1 << c1) | (1 << c2)) & trumps


@pytest.mark.parametrize("game", [GameType.CLUBS, GameType.GRAND, GameType.NULL])
def test_ranked_discards_start_with_the_best_and_are_different_pairs(game: GameType) -> None:
    for h12 in random_hands(60, 12, seed=100 + int(game)):
        ranked = he.ranked_discards(h12, game, ISKO, 3)
        assert ranked[0] == he.best_discard(h12, game, ISKO)
        assert len(set(ranked)) == len(ranked) == 3
        assert all(c1 < c2 and h12 >> c1 & 1 and h12 >> c2 & 1 for c1, c2 in ranked)


def test_a_hand_of_trumps_and_two_others_has_one_discard_to_rank() -> None:
    h12 = hand("CJ SJ HJ DJ CA CT CK CQ C9 C8 HA D7")
    assert he.ranked_discards(h12, GameType.CLUBS, ISKO, 3) == [(card("HA"), card("D7"))]


def test_discard_with_only_trumps_gives_up_the_lowest() -> None:
    h12 = hand("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 HA")
    c1, c2 = he.best_discard(h12, GameType.CLUBS, ISKO)
    assert card("HA") in (c1, c2)
    assert not ((1 << c1) | (1 << c2)) & JACKS


def test_discard_buries_a_lone_ten() -> None:
    # Spades: the ten without its ace goes into the skat with the singleton diamond
    h12 = hand("CJ SJ HJ CA CK C9 C8 HA HK ST D8 H7")
    c1, c2 = he.best_discard(h12, GameType.CLUBS, ISKO)
    assert card("ST") in (c1, c2)
    assert (c1, c2) != (card("HA"), card("HK"))


def test_null_discard_buries_dangerous_high_cards() -> None:
    h12 = hand("C7 CK S7 S8 S9 H7 H8 H9 D7 D8 D9 DA")
    assert set(he.best_discard(h12, GameType.NULL, ISKO)) == {card("DA"), card("CK")}
    h12 = hand("C7 C9 S7 S8 H7 H8 H9 D7 DK DA CK SA")
    d = he.best_discard(h12, GameType.NULL, ISKO)
    rest = h12 & ~((1 << d[0]) | (1 << d[1]))
    # the discard removes more danger than burying two low cards would
    assert he.null_features(rest, 1)[0] < he.null_features(h12 & ~hand("C7 C9"), 1)[0]
    assert card("DA") in d


def test_ramsch_discard_never_passes_a_jack() -> None:
    for h12 in random_hands(200, 12, seed=3):
        c1, c2 = he.ramsch_discard(h12)
        assert c1 != c2 and h12 >> c1 & 1 and h12 >> c2 & 1
        assert not ((1 << c1) | (1 << c2)) & JACKS
    # aces and tens go on, low cards stay
    h12 = hand("C7 C8 S7 S8 H7 H8 D7 D8 D9 S9 CA HT")
    assert set(he.ramsch_discard(h12)) == {card("CA"), card("HT")}


# --------------------------------------------------------------------------- declaring


def test_declaration_covers_the_bid_with_matadors_from_the_known_cards() -> None:
    h12 = hand("CJ SJ HJ DJ CA CT CK C9 HA HT S7 D8")
    for bid in (18, 24, 60, 72):
        plan = he.plan_declaration(h12, True, bid, ISKO, 1)
        assert plan.covers_bid
        assert plan.value >= bid
        if not plan.contract.is_null:
            assert plan.value == game_value(ISKO, plan.contract, h12, 61, 5)[0]
    # Clubs with 4: 12 x 5 = 60; a bid of 72 needs the Grand (24 x 5 = 120)
    assert he.plan_declaration(h12, True, 60, ISKO, 1).contract.game in (
        GameType.CLUBS,
        GameType.GRAND,
    )
    assert he.plan_declaration(h12, True, 72, ISKO, 1).contract.game == GameType.GRAND


def test_after_the_discard_the_same_game_is_declared() -> None:
    for h12 in random_hands(60, 12, seed=11):
        plan = he.plan_declaration(h12, True, 18, ISKO, 0)
        d = (1 << plan.discard[0]) | (1 << plan.discard[1])
        again = he.choose_contract(h12 & ~d, True, 18, ISKO, 0, skat=d)
        assert again == plan.contract


def test_overbid_hand_takes_the_cheapest_loss() -> None:
    # a bid of 100 that no game reaches: ISkO 3.4.3 / 5.4 - lose as cheaply as possible
    h12 = hand("C7 SQ HK DJ D8 SA H9 CT S9 HQ C8 H7")
    plan = he.plan_declaration(h12, True, 100, ISKO, 1)
    assert not plan.covers_bid
    assert contract_problem(ISKO, plan.contract, picked_up=True) is None
    costs = {}
    for g in (*he.TRUMP_GAMES, GameType.NULL):
        k = Contract(g)
        costs[g] = he._overbid_loss(ISKO, k, h12, 100)
    assert he._overbid_loss(ISKO, plan.contract, h12, 100) == min(costs.values())


def test_hand_game_declaration_uses_the_sure_matadors() -> None:
    k = he.choose_contract(STRONG_GRAND, False, 144, ISKO, 0)
    assert k == Contract(GameType.GRAND, hand=True)
    # too high a bid for any Hand game: the plan says so
    assert not he.plan_declaration(WEAK, False, 200, ISKO, 0).covers_bid


def test_texas_values() -> None:
    opts = he.evaluate_hand(STRONG_GRAND, TEXAS, 0)
    grand = next(o for o in opts if o.contract == Contract(GameType.GRAND, hand=True))
    assert grand.value_estimate == 16 * 6
    # hand losses count single in Texas: the utility of a Hand game is higher than in ISkO
    assert he.utility(0.5, 96, TEXAS.loss_factor(True)) > he.utility(0.5, 96, 2)


def test_every_card_of_the_deck_is_handled() -> None:
    # every hand/pick-up combination of a full deck partition stays consistent
    rng = random.Random(5)
    for _ in range(50):
        deck = list(range(32))
        rng.shuffle(deck)
        h10, skat = mask(deck[:10]), mask(deck[10:12])
        plan = he.plan_declaration(h10 | skat, True, 18, ISKO, rng.randrange(3))
        assert plan.discard is not None
        assert set(plan.discard) <= set(cards_of(h10 | skat))
