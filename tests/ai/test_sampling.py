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
@pytest.mark.parametrize("discards", [False, True])
def test_worlds_keep_known_cards_sizes_and_voids(seed, discards):
    """Also when the skat is read as holding no trump: the random player puts trumps
    down, and once the play shows it the worlds must still exist."""
    rng = random.Random(seed)
    for deal, view in views_during_play(seed):
        if view.phase != "play" or view.game == GameType.RAMSCH:
            continue
        k = knowledge(view)
        worlds = sample_worlds(view, 8, rng, discards=discards)
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


def test_a_null_declarers_bids_promise_no_high_cards():
    """Read as jacks and aces, a Null declarer's bids would make his likeliest hands the
    ones no Null is played with."""
    from skat_desktop.ai.sampling import bid_weight
    from skat_desktop.engine.cards import mask, parse_cards

    null_hand = mask(parse_cards(["C7", "C8", "S7", "S8", "H7", "H8", "D7", "D8", "D9", "HQ"]))
    assert bid_weight(null_hand, 23, True, GameType.NULL) == 1.0
    # another bidder of the same deal is still read as bidding a game of his own
    assert bid_weight(null_hand, 23, False, GameType.NULL) < 1.0


def test_a_defenders_bids_are_read_by_his_own_game_not_the_declared_trumps():
    """A defender who bid 24 bid for a game of his own: two jacks, spades and aces fit it
    whatever the declarer plays; a hand of the declared Hearts does not promise more."""
    from skat_desktop.ai.sampling import bid_weight
    from skat_desktop.engine.cards import mask, parse_cards

    spades = mask(parse_cards(["CJ", "DJ", "SA", "ST", "SK", "S9", "S8", "CA", "D7", "D8"]))
    hearts = mask(parse_cards(["H7", "H8", "H9", "HQ", "HK", "C7", "C8", "D9", "DQ", "S7"]))
    assert bid_weight(spades, 24, False, GameType.HEARTS) == 1.0
    assert bid_weight(spades, 24, False, GameType.HEARTS) > bid_weight(
        hearts, 24, False, GameType.HEARTS
    )
    # the declarer's own bids are read by the declared trumps
    assert bid_weight(spades, 24, True, GameType.HEARTS) < 1.0


def _after_bidding(middlehand: list[str], level: int, rear_passes: bool):
    """A deal where middlehand bid ``level`` (then forehand passed) and rear hand passed
    without a bid or has not spoken yet; middlehand holds ``middlehand``."""
    from skat_desktop.engine.actions import Bid, Pass
    from skat_desktop.engine.cards import mask, parse_cards
    from skat_desktop.engine.dealing import DealtCards

    mine = parse_cards(middlehand)
    rest = [c for c in range(32) if c not in mine]
    deal = Deal(
        DealSetup(
            ISKO, DealtCards((mask(rest[:10]), mask(mine), mask(rest[10:20])), mask(rest[20:]))
        )
    )
    deal.apply(Bid(1, level))
    deal.apply(Pass(0))
    if rear_passes:
        deal.apply(Pass(2))
    return deal


def test_the_rules_read_bids_holds_and_passes():
    """A guessed hand fits a bid when the rules' evaluation would bid that high with
    it, and a pass when they would not have bid more."""
    from skat_desktop.ai.sampling import rules_ceiling, rules_fit
    from skat_desktop.engine.cards import mask, parse_cards

    strong = mask(parse_cards(["CJ", "SJ", "HJ", "CA", "CT", "CK", "C9", "HA", "SA", "D7"]))
    weak = mask(parse_cards(["CT", "CK", "ST", "SK", "HT", "HK", "DT", "DK", "CQ", "SQ"]))
    assert rules_ceiling(strong, ISKO, 1) >= 48
    assert rules_ceiling(weak, ISKO, 1) == 0

    deal = _after_bidding(["CJ", "SJ", "HJ", "CA", "CT", "CK", "C9", "HA", "SA", "D7"], 40, True)
    fits = rules_fit(deal.view(deal.setup.seats[0]))  # forehand reads the other two
    assert fits is not None
    assert fits((None, strong, weak))
    assert not fits((None, weak, weak))  # no one bids 40 with nothing
    assert not fits((None, strong, strong))  # nor passes without a bid with a strong hand
    assert fits((None, None, weak))  # an open or known hand is no guess

    fresh = Deal(DealSetup(ISKO, deal_from_seed(3), 3))
    assert rules_fit(fresh.view(fresh.setup.seats[0])) is None  # nothing said yet


def test_worlds_read_by_the_rules_fit_the_bidding():
    """With the rules' reading at 0, every world's bidder could have bid what he bid."""
    from skat_desktop.ai.sampling import rules_ceiling

    deal = _after_bidding(["CJ", "SJ", "HJ", "CA", "CT", "CK", "C9", "HA", "SA", "D7"], 40, True)
    view = deal.view(deal.setup.seats[0])
    rng = random.Random(4)
    plain = sample_worlds(view, 24, rng)
    read = sample_worlds(view, 24, rng, rules_reading=0.0)
    assert len(read) == 24
    assert all(rules_ceiling(w.hands[1], ISKO, 1) >= 40 for w in read)
    assert sum(rules_ceiling(w.hands[1], ISKO, 1) >= 40 for w in plain) < 24


def test_a_defender_reads_the_skat_as_holding_no_trump_after_a_pick_up():
    """The beginner keeps its trumps when it discards; the defenders' worlds put none in
    the skat, while uniform worlds often do (and the declarer's own view is no guess)."""
    from skat_desktop.ai.beginner import BeginnerPlayer
    from skat_desktop.ai.sampling import discard_reading
    from skat_desktop.engine.cards import trump_mask

    checked = 0
    for seed in range(40):
        deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
        players = [BeginnerPlayer(random.Random(seed + i)) for i in range(3)]
        view = deal.view(deal.setup.seats[deal.to_move])
        while not deal.finished and view.phase != "play":
            deal.apply(players[deal.to_move].choose(view))
            if not deal.finished:
                view = deal.view(deal.setup.seats[deal.to_move])
        if deal.finished or not deal.picked_up or deal.contract.game == GameType.NULL:
            continue
        trumps = trump_mask(deal.contract.game)
        assert not deal.skat & trumps
        defender = (deal.declarer + 1) % 3
        view = deal.view(deal.setup.seats[defender])
        rng = random.Random(seed)
        read = sample_worlds(view, 24, rng, discards=True)
        plain = sample_worlds(view, 24, rng)
        assert len(read) == 24 and not any(w.skat & trumps for w in read)
        assert any(w.skat & trumps for w in plain)
        own = deal.view(deal.setup.seats[deal.declarer])
        assert discard_reading(own, knowledge(own)).skat_void == 0
        checked += 1
    assert checked >= 5
