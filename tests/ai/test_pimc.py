"""The standard and expert players: legal, within their time, cancellable; hints and analysis."""

from __future__ import annotations

import dataclasses
import random
import threading

import pytest

from skat_desktop.ai.hints import analyze_deal, explain, hint
from skat_desktop.ai.levels import levels, make_player
from skat_desktop.ai.pimc import STANDARD, PimcPlayer
from skat_desktop.app.selfplay import play_deal, selfplay
from skat_desktop.engine.actions import Play
from skat_desktop.engine.cards import GameType, card
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, TEXAS, builtin

QUICK = dataclasses.replace(
    STANDARD,
    budget=0.05,
    min_worlds=3,
    max_worlds=6,
    deal_worlds=3,
    deal_budget=0.1,
    candidates=2,
    node_limit=300_000,
)


def quick_players(rng: random.Random):
    return [PimcPlayer(QUICK, rng.randrange(1 << 30)) for _ in range(3)]


def test_levels_are_registered_weakest_first():
    assert levels()[:4] == ("random", "beginner", "standard", "expert")


@pytest.mark.parametrize("profile", ["isko", "texas", "pre1999", "house"])
def test_pimc_self_play_is_legal_in_every_profile(profile):
    """Issue 4 item 5 (small sample here; benchmarks/arena_ladder.py plays many more)."""
    deals = list(selfplay(builtin(profile), 6, 21, 3, quick_players))
    assert all(d.finished for d in deals)


def test_cancel_returns_promptly_with_a_legal_action():
    deal = Deal(DealSetup(ISKO, deal_from_seed(4), 4))
    # play the auction and declaration with the rules, then ask the expert mid-play
    rng = random.Random(1)
    rules = [make_player("beginner", rng.randrange(1 << 30)) for _ in range(3)]
    while deal.phase != "play":
        p = deal.to_move
        deal.apply(rules[p].choose(deal.view(deal.setup.seats[p])))
    p = deal.to_move
    view = deal.view(deal.setup.seats[p])
    cancel = threading.Event()
    cancel.set()
    expert = make_player("expert", 3)
    assert expert.card_scores(view, cancel) == ({}, 0)  # no world is solved once cancelled
    action = expert.choose(view, cancel)
    assert action in view.legal


def test_hint_gives_a_legal_move_and_one_line():
    deal = Deal(DealSetup(TEXAS, deal_from_seed(9), 9))
    rng = random.Random(2)
    rules = [make_player("beginner", rng.randrange(1 << 30)) for _ in range(3)]
    seen_play = False
    while not deal.finished:
        p = deal.to_move
        view = deal.view(deal.setup.seats[p])
        if view.phase in ("bidding", "play") and len(view.legal) > 1 and not seen_play:
            h = hint(view, "beginner")
            assert h.action in view.legal
            assert h.reason and "\n" not in h.reason
            seen_play = view.phase == "play"
        deal.apply(rules[p].choose(view))
    assert seen_play


def test_explain_draws_trumps():
    """The example of issue 4: a declarer leading a trump is drawing trumps."""
    explained = 0
    for seed in range(40):
        deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
        rng = random.Random(seed)
        rules = [make_player("beginner", rng.randrange(1 << 30)) for _ in range(3)]
        while deal.phase not in ("play", "finished"):
            p = deal.to_move
            deal.apply(rules[p].choose(deal.view(deal.setup.seats[p])))
        if deal.phase != "play" or deal.game in (GameType.NULL, GameType.RAMSCH):
            continue
        view = deal.view(deal.setup.seats[deal.to_move])
        jacks = [a for a in view.legal if isinstance(a, Play) and a.card & 7 == 4]
        if view.position == view.declarer and jacks:
            assert explain(view, jacks[0]).startswith("draws trumps")
            explained += 1
    assert explained


def test_analysis_marks_costly_cards():
    """After a deal, every card gets its open-card value; a bad card shows a cost."""
    found = False
    for seed in range(30):
        deal = Deal(DealSetup(HOUSE, deal_from_seed(seed), seed))
        rng = random.Random(seed)
        play_deal(deal, [make_player("random", rng.randrange(1 << 30)) for _ in range(3)])
        if deal.contract is None or deal.game == GameType.NULL:
            continue
        cards = analyze_deal(deal)
        assert [c.number for c in cards] == list(range(1, len(cards) + 1))
        for c in cards:
            assert c.cost >= 0 and c.describe()
            if c.value_before is not None and c.cost == 0:
                assert c.card in c.best or c.value_after == c.value_before
        if any(c.cost > 0 for c in cards):
            found = True
            break
    assert found, "random play always gives points away somewhere"
    assert card("CJ") == 4
