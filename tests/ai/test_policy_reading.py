"""Reading the card play by the rules' card: a world in which the rules would have
played another card than the one played weighs less."""

from __future__ import annotations

import random

from test_play_reading import played  # (tests/ai is on the path: no package)

from skat_desktop.ai import policy_reading as pr
from skat_desktop.ai.beginner import BeginnerPlayer
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.policy_reading import policy_weigher
from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.ai.sampling import sample_worlds
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.deal import Deal


def true_world(deal: Deal) -> tuple[tuple[int, int, int], int]:
    return (deal.hands[0], deal.hands[1], deal.hands[2]), deal.skat


def test_the_rules_own_play_is_never_read_as_unlikely():
    """Players who play by the rules make every card the rules' card: their true hands
    (with the declarer's own discard) weigh 1 from every seat at every trick. A view
    rebuilt wrongly (another trick, another leader, the hand of another moment) would
    make the rules choose otherwise somewhere."""
    read = 0
    for seed in range(12):
        players = [BeginnerPlayer(random.Random(seed * 3 + p)) for p in range(3)]
        for deal, view in played(seed, players):
            weigh = policy_weigher(view) if view.phase == "play" else None
            if weigh is not None:
                read += 1
                assert weigh(*true_world(deal)) == 1.0
    assert read > 100


def test_the_true_hands_weigh_more_than_the_guessed_ones():
    """Against players who mostly follow the rules (the beginner level, whose careful
    rules differ from the plain ones now and then), the true hands weigh clearly more
    than the sampler's worlds: the card play says something about the hands."""
    ratios = []
    for seed in range(6):
        rng = random.Random(seed)
        players = [make_player("beginner", seed * 3 + p) for p in range(3)]
        for deal, view in played(seed, players):
            if view.phase != "play" or len(view.tricks) < 3:
                continue
            weigh = policy_weigher(view)
            if weigh is None:
                continue
            worlds = sample_worlds(view, 24, rng)
            mean = sum(weigh(w.hands, w.skat) for w in worlds) / len(worlds)
            ratios.append(weigh(*true_world(deal)) / mean)
    assert len(ratios) > 30
    assert sorted(ratios)[len(ratios) // 2] > 1.3  # the median true world


def test_a_world_is_never_ruled_out_and_power_softens():
    """Random play breaks the rules at nearly every card; no world weighs below the
    floor, and a lower power weighs each disagreement less."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        for _, view in played(seed, [RandomPlayer(rng)] * 3):
            if view.phase != "play":
                continue
            full, half = policy_weigher(view), policy_weigher(view, 0.5)
            if full is None:
                continue
            for w in sample_worlds(view, 8, rng):
                a, b = full(w.hands, w.skat), half(w.hands, w.skat)
                assert pr.MIN_WEIGHT <= a <= b <= 1.0
                checked += 1
    assert checked > 100


def test_nothing_is_read_before_the_first_card_in_ramsch_or_at_power_zero():
    rng = random.Random(5)
    for seed in range(10):
        for _, view in played(seed, [RandomPlayer(rng)] * 3):
            if view.phase != "play":
                continue
            if not view.tricks and not view.trick:
                assert policy_weigher(view) is None
            if view.game == GameType.RAMSCH:
                assert policy_weigher(view) is None
            assert policy_weigher(view, 0.0) is None


def test_off_the_worlds_are_the_old_ones_and_on_only_their_weights_change():
    """The reading draws no random number: the same seed gives the same hands with
    and without it, and only the weights differ."""
    seen = 0
    for seed in range(3):
        players = [make_player("beginner", seed * 3 + p) for p in range(3)]
        for _, view in played(seed, players):
            if view.phase != "play" or not view.tricks:
                continue
            plain = sample_worlds(view, 12, random.Random(seed))
            read = sample_worlds(view, 12, random.Random(seed), policy_reading=1.0)
            assert [w.hands for w in plain] == [w.hands for w in read]
            weigh = policy_weigher(view)
            assert [w.weight for w in read] == [
                w.weight * (weigh(w.hands, w.skat) if weigh else 1.0) for w in plain
            ]
            seen += 1
    assert seen > 20
