"""Worlds sampled from a seat view respect everything the seat has seen."""

from __future__ import annotations

import random

import pytest

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.ai.sampling import knowledge, sample_worlds
from skat_desktop.engine.cards import EFFECTIVE_MASKS, EFFECTIVE_SUIT, FULL_DECK, GameType
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO


def views_during_play(seed: int):
    """Every seat view of a random-legal deal, with the deal beside it."""
    rng = random.Random(seed)
    player = RandomPlayer(rng)
    deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
    while not deal.finished:
        pos = deal.to_move
        view = deal.view(deal.setup.seats[pos])
        yield deal, view
        deal.apply(player.choose(view))


@pytest.mark.parametrize("seed", range(12))
def test_worlds_keep_known_cards_sizes_and_voids(seed):
    rng = random.Random(seed)
    for deal, view in views_during_play(seed):
        if view.phase != "play" or view.game == GameType.RAMSCH:
            continue
        k = knowledge(view)
        worlds = sample_worlds(view, 8, rng)
        assert worlds, "a consistent world always exists: the real one"
        for w in worlds:
            assert w.hands[view.position] == view.hand
            assert tuple(h.bit_count() for h in w.hands) == view.hand_sizes
            everything = w.hands[0] | w.hands[1] | w.hands[2] | w.skat | view.played
            assert everything == FULL_DECK
            assert w.skat.bit_count() == 2 or (view.skat is not None)
            for pos in range(3):
                assert not w.hands[pos] & k.void[pos]
            for pos, h in enumerate(view.open_hands):
                if h is not None:
                    assert w.hands[pos] == h
        # the true deal satisfies every certain fact, so the voids must be real
        for pos in range(3):
            assert not deal.hands[pos] & k.void[pos]


def test_voids_come_from_not_following_suit():
    for _deal, view in views_during_play(5):
        k = knowledge(view)
        game = view.game
        for leader, cards, _ in view.tricks:
            led = EFFECTIVE_SUIT[game][cards[0]]
            for i in (1, 2):
                if EFFECTIVE_SUIT[game][cards[i]] != led:
                    assert k.void[(leader + i) % 3] & EFFECTIVE_MASKS[game][led]


def test_bidding_inference_weights_strong_hands_up():
    from skat_desktop.ai.sampling import bid_weight
    from skat_desktop.engine.cards import mask, parse_cards

    strong = mask(parse_cards(["CJ", "SJ", "HJ", "CA", "CT", "CK", "C9", "HA", "SA", "D7"]))
    weak = mask(parse_cards(["C7", "C8", "S7", "S8", "H7", "H8", "D7", "D8", "D9", "HQ"]))
    assert bid_weight(strong, 48, True, GameType.CLUBS) > bid_weight(weak, 48, True, GameType.CLUBS)
    assert bid_weight(weak, 0, False, None) == 1.0
