"""The beginner level (ai/beginner.py): legal in every profile, sensible, better than random.

The full check (10,000 deals per profile) is ``benchmarks/beginner_selfplay.py``; here a
few hundred deals per configuration, hand-made situations, and a seeded match against
the random-legal player.
"""

from __future__ import annotations

import dataclasses
import statistics
import time

import pytest

from skat_desktop.ai.beginner import BeginnerPlayer
from skat_desktop.ai.levels import levels, make_player
from skat_desktop.ai.player import Player
from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import selfplay
from skat_desktop.engine.actions import (
    Bid,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
)
from skat_desktop.engine.cards import JACKS, GameType, card, mask
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.profiles import BUILTIN, HOUSE, ISKO

SCHIEBERAMSCH = dataclasses.replace(
    HOUSE, name="schiebe", all_pass="schieberamsch", ramsch_grand_hand=True
)


class Checked:
    """Wraps a player and fails on any action outside the view's legal list."""

    def __init__(self, inner: BeginnerPlayer):
        self.inner = inner
        self.name = inner.name
        self.actions = 0
        self.slowest = 0.0
        self.total = 0.0

    def choose(self, view, cancel=None):
        t = time.perf_counter()
        a = self.inner.choose(view, cancel)
        dt = time.perf_counter() - t
        self.slowest = max(self.slowest, dt)
        self.total += dt
        assert a in view.legal, f"{a!r} is not legal in phase {view.phase}"
        if view.phase == "schieben" and type(a) is Discard:
            assert not ((1 << a.cards[0]) | (1 << a.cards[1])) & JACKS
        self.actions += 1
        return a

    def wants_interjection(self, view):
        a = self.inner.wants_interjection(view)
        assert a is None or a in view.legal
        return a


def _play(profile, deals: int, seed: int, table_size: int = 3):
    players: list[Checked] = []

    def make(rng):
        players[:] = [
            Checked(make_player("beginner", rng.randrange(2**31))) for _ in range(table_size)
        ]
        return players

    finished = list(selfplay(profile, deals, seed, table_size, make_players=make))
    return finished, players


CONFIGS = [(name, BUILTIN[name], 3) for name in sorted(BUILTIN)] + [
    ("schieberamsch", SCHIEBERAMSCH, 3),
    ("isko-4-seats", ISKO, 4),
    ("house-4-seats", HOUSE, 4),
]


@pytest.mark.parametrize(("label", "profile", "size"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_self_play_is_legal_in_every_profile(label: str, profile, size: int) -> None:
    deals, players = _play(profile, 300, seed=41, table_size=size)
    assert len(deals) == 300
    assert all(d.finished for d in deals)
    assert sum(p.inner.fallbacks for p in players) == 0
    assert sum(p.actions for p in players) > 300 * 10
    kinds = {d.result.kind for d in deals}
    assert "game" in kinds
    if profile.plays_ramsch:
        assert "ramsch" in kinds


def test_self_play_reaches_every_kind_of_decision() -> None:
    deals, _ = _play(SCHIEBERAMSCH, 300, seed=5)
    seen = set()
    for d in deals:
        for a in d.actions:
            seen.add(type(a).__name__)
            if type(a) is Declare:
                seen.add(a.contract.game.label + (" hand" if a.contract.hand else ""))
    for kind in ("Bid", "Hold", "Pass", "PickUp", "Push", "Discard", "Declare", "Play"):
        assert kind in seen
    for game in ("grand", "null", "clubs"):
        assert game in seen
    assert any(k.endswith(" hand") for k in seen)


def test_registered_weakest_first_and_reproducible() -> None:
    assert levels()[:2] == ("random", "beginner")
    p = make_player("beginner", 3)
    assert isinstance(p, Player) and p.name == "beginner"
    a = [d.actions for d in _play(HOUSE, 40, seed=9)[0]]
    b = [d.actions for d in _play(HOUSE, 40, seed=9)[0]]
    assert a == b


def _score_difference(deals: int, kinds: str, seed: int) -> list[float]:
    """Per deal: mean score of the beginner seats minus mean score of the random seats."""
    out = []
    for rot in range(3):
        ks = kinds[rot:] + kinds[:rot]

        def make(rng, ks=ks):
            return [
                BeginnerPlayer(rng.randrange(2**31)) if k == "b" else RandomPlayer(rng) for k in ks
            ]

        for d in selfplay(ISKO, deals, seed + rot, 3, make_players=make):
            by_seat = [0, 0, 0]
            for pos, seat in enumerate(d.setup.seats):
                by_seat[seat] = d.result.scores[pos]
            b = [by_seat[i] for i in range(3) if ks[i] == "b"]
            r = [by_seat[i] for i in range(3) if ks[i] == "r"]
            out.append(sum(b) / len(b) - sum(r) / len(r))
    return out


@pytest.mark.parametrize("kinds", ["brr", "bbr"])
def test_beginner_clearly_beats_random(kinds: str) -> None:
    diffs = _score_difference(150, kinds, seed=2024)
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    # measured: about +37 points per deal (95% interval about +-3) with 450 deals
    assert mean > 15
    assert mean - 4 * se > 0


# --------------------------------------------------------------------------- situations


def _cards(fh: str, mh: str, rh: str, skat: str) -> DealtCards:
    return DealtCards(
        tuple(mask(card(c) for c in h.split()) for h in (fh, mh, rh)),
        mask(card(c) for c in skat.split()),
    )


STRONG = "CJ SJ HJ DJ CA CT SA ST HA DA"
WEAK_1 = "C7 C8 SQ S9 HK HQ H9 D8 D9 DT"
WEAK_2 = "C9 CK CQ SK S8 S7 H8 H7 DK DQ"
LOW = "C7 C8 C9 S7 S8 H7 H8 H9 D7 D9"


def _all_codes() -> list[str]:
    return [s + r for s in "CSHD" for r in "789TJQKA"]


def _fill(a: str, b: str) -> str:
    """A third hand from the cards of neither ``a`` nor ``b`` (two are left for the skat)."""
    used = set(a.split()) | set(b.split())
    return " ".join([c for c in _all_codes() if c not in used][:10])


def _deal(profile, fh: str, mh: str, rh: str | None = None) -> Deal:
    rh = rh if rh is not None else _fill(fh, mh)
    used = {c for h in (fh, mh, rh) for c in h.split()}
    rest = [c for c in _all_codes() if c not in used]
    return Deal(DealSetup(profile, _cards(fh, mh, rh, " ".join(rest))))


def _view(deal: Deal, pos: int):
    return deal.view(deal.setup.seats[pos])


def test_bidding_by_strength() -> None:
    deal = _deal(ISKO, STRONG, WEAK_1)
    assert BeginnerPlayer(1).choose(_view(deal, 1)) == Pass(1)
    deal = _deal(ISKO, WEAK_1, STRONG)
    assert BeginnerPlayer(1).choose(_view(deal, 1)) == Bid(1, 18)
    deal = _deal(ISKO, STRONG, WEAK_1)
    deal.apply(Bid(1, 18))
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Hold(0)
    deal = _deal(ISKO, WEAK_1, WEAK_2)
    deal.apply(Bid(1, 18))
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Pass(0)


def test_forehand_takes_the_option_at_18_after_two_passes() -> None:
    deal = _deal(ISKO, STRONG, WEAK_1)
    deal.apply(Pass(1))
    deal.apply(Pass(2))
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Bid(0, 18)


def test_weak_forehand_passes_its_option() -> None:
    deal = _deal(ISKO, WEAK_1, STRONG)
    deal.apply(Pass(1))
    deal.apply(Pass(2))
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Pass(0)


def test_strong_hand_plays_grand_hand_and_weak_hand_picks_up() -> None:
    deal = _deal(ISKO, STRONG, WEAK_1)
    for a in (Pass(1), Pass(2), Bid(0, 18)):
        deal.apply(a)
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Declare(
        0, Contract(GameType.GRAND, hand=True)
    )

    deal = _deal(ISKO, WEAK_2, STRONG)
    for a in (Pass(1), Pass(2), Bid(0, 18)):
        deal.apply(a)
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == PickUp(0)


def test_grand_hand_instead_of_ramsch_only_when_very_strong() -> None:
    profile = dataclasses.replace(HOUSE, ramsch_grand_hand=True)
    deal = _deal(profile, WEAK_1, STRONG)
    for a in (Pass(1), Pass(2), Pass(0)):
        deal.apply(a)
    assert deal.phase.value == "ramsch_offer"
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Pass(0)
    deal.apply(Pass(0))
    assert BeginnerPlayer(1).choose(_view(deal, 1)) == Declare(
        1, Contract(GameType.GRAND, hand=True)
    )


def test_schieberamsch_pushes_a_safe_hand_and_takes_a_dangerous_one() -> None:
    high = "CA CT CK SA ST SK HA HT HK DA"
    jacks = "CJ CQ SJ SQ S9 HJ HQ DJ D8 DT"
    deal = _deal(SCHIEBERAMSCH, LOW, high, jacks)
    for a in (Pass(1), Pass(2), Pass(0)):
        deal.apply(a)
    for pos in range(3):  # nobody is strong enough for Grand Hand
        a = BeginnerPlayer(1).choose(_view(deal, pos))
        assert a == Pass(pos)
        deal.apply(a)
    assert deal.phase.value == "schieben"
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Push(0)
    deal.apply(Push(0))
    assert BeginnerPlayer(1).choose(_view(deal, 1)) == PickUp(1)
    deal.apply(PickUp(1))
    a = BeginnerPlayer(1).choose(_view(deal, 1))
    assert type(a) is Discard
    assert not ((1 << a.cards[0]) | (1 << a.cards[1])) & JACKS
    deal.apply(a)
    a = BeginnerPlayer(1).choose(_view(deal, 2))  # four jacks: takes the skat to pass two on
    assert type(a) in (PickUp, Push)


def test_no_kontra_with_a_weak_defence() -> None:
    deal = _deal(HOUSE, STRONG, WEAK_1)
    for a in (Pass(1), Pass(2), Bid(0, 18)):
        deal.apply(a)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    view = _view(deal, 1)
    assert any(type(a) is Double for a in view.legal)
    assert BeginnerPlayer(1).wants_interjection(view) is None


def test_declarer_draws_trumps_with_the_top_jack_then_cashes_aces() -> None:
    deal = _deal(ISKO, "CJ SJ HJ CA CT SA ST HA HT DA", WEAK_1)
    for a in (Pass(1), Pass(2), Bid(0, 18)):
        deal.apply(a)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    assert BeginnerPlayer(1).choose(_view(deal, 0)) == Play(0, card("CJ"))
    # holding every jack there is nothing to draw: the aces come first
    deal = _deal(ISKO, STRONG, WEAK_1)
    for a in (Pass(1), Pass(2), Bid(0, 18)):
        deal.apply(a)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    a = BeginnerPlayer(1).choose(_view(deal, 0))
    assert a in [Play(0, card(c)) for c in ("CA", "SA", "HA", "DA")]


# middlehand declares Clubs; forehand leads the ace of spades, the declarer follows
FH = "SA S8 S9 HA H7 H8 D7 D8 D9 C7"
MH = "CJ SJ HJ DJ CA CT CK CQ C9 S7"
RH = "ST SK SQ HT HK HQ DA DT DK DQ"


def _clubs_by_middlehand() -> Deal:
    deal = Deal(DealSetup(ISKO, _cards(FH, MH, RH, "H9 C8")))
    for a in (Bid(1, 18), Pass(0), Pass(2)):
        deal.apply(a)
    deal.apply(Declare(1, Contract(GameType.CLUBS, hand=True)))
    return deal


def test_defender_gives_its_ten_to_partners_sure_trick() -> None:
    deal = _clubs_by_middlehand()
    deal.apply(Play(0, card("SA")))
    deal.apply(Play(1, card("S7")))
    assert BeginnerPlayer(1).choose(_view(deal, 2)) == Play(2, card("ST"))


def test_defender_cashes_an_ace_and_follows_low_when_losing() -> None:
    deal = _clubs_by_middlehand()
    assert BeginnerPlayer(1).choose(_view(deal, 0)) in (Play(0, card("SA")), Play(0, card("HA")))
    deal.apply(Play(0, card("C7")))  # forehand leads a trump instead
    deal.apply(Play(1, card("CJ")))
    # rearhand has no trump: it throws its cheapest card, not a ten or an ace
    a = BeginnerPlayer(1).choose(_view(deal, 2))
    assert a in (Play(2, card("SQ")), Play(2, card("HQ")), Play(2, card("DQ")))


# ------------------------------------------------ careful play (issue 27, item 5)
#
# Giveaways the beginner made before: the level (make_player, careful=True) no longer
# does; the rules the PIMC levels consult for ties (BeginnerPlayer's default) keep
# their old move, so the standard and expert levels play exactly as before.


def _hand_game(fh: str, mh: str, rh: str, skat: str, game: GameType) -> Deal:
    """Forehand declares ``game`` Hand after two passes."""
    deal = Deal(DealSetup(ISKO, _cards(fh, mh, rh, skat)))
    for a in (Pass(1), Pass(2), Bid(0, 18)):
        deal.apply(a)
    deal.apply(Declare(0, Contract(game, hand=True)))
    return deal


def test_defender_does_not_throw_a_jack_under_the_declarers_jack() -> None:
    deal = _hand_game(
        "CJ SJ CA CT CK C9 SA HA DA D7",
        "HJ CQ S7 S8 H7 H8 HK D8 D9 DT",
        "DJ C7 C8 S9 ST SQ SK H9 HT DK",
        "HQ DQ",
        GameType.CLUBS,
    )
    deal.apply(Play(0, card("SJ")))
    view = _view(deal, 1)  # cannot beat the jack: gives the queen, not its own jack
    assert make_player("beginner", 1).choose(view) == Play(1, card("CQ"))
    assert BeginnerPlayer(1).choose(view) == Play(1, card("HJ"))  # the old giveaway


def test_defender_keeps_its_ace_when_smearing_partners_trick() -> None:
    deal = _hand_game(
        "CJ SJ HJ DJ CA CT CK CQ C9 D7",
        "DA DT DK DQ D9 D8 ST SQ SA HT",
        "HA HK HQ H7 H8 S7 S8 SK C7 C8",
        "S9 H9",
        GameType.CLUBS,
    )
    deal.apply(Play(0, card("D7")))
    deal.apply(Play(1, card("DA")))
    view = _view(deal, 2)  # void in diamonds, partner's ace wins: a king, not the ace
    assert make_player("beginner", 1).choose(view) in (Play(2, card("SK")), Play(2, card("HK")))
    assert BeginnerPlayer(1).choose(view) == Play(2, card("HA"))  # the old giveaway


def test_defender_takes_the_declarers_queen_with_its_top_ten() -> None:
    deal = _hand_game(
        "CJ SJ HJ DJ DA DQ CA SA HA C7",
        "DT D9 D8 CT CK S7 S8 H7 H8 HK",
        "D7 DK C8 C9 CQ S9 ST SQ SK H9",
        "HT HQ",
        GameType.GRAND,
    )
    for c in ("DA", "D8", "D7", "DQ"):  # the ace has fallen; the declarer leads the queen
        deal.apply(Play(deal.to_move, card(c)))
    view = _view(deal, 1)
    assert make_player("beginner", 1).choose(view) == Play(1, card("DT"))
    assert BeginnerPlayer(1).choose(view) == Play(1, card("D9"))  # the old giveaway
