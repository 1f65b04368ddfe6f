"""Ramsch: vectors TR1-TR6 and CR1-CR9 of RULES.md §4.3 (algorithms §2.9), plus Ramsch and
Schieberamsch deals played through the Deal state machine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skat_desktop.engine.actions import Discard, Pass, PickUp, Play, Push
from skat_desktop.engine.cards import JACKS, GameType, mask, parse_cards, points_of
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealResult, DealSetup, Phase
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import HOUSE, TEXAS
from skat_desktop.engine.scoring import (
    club_ramsch_result,
    game_result,
    ramsch_result,
    texas_ramsch_result,
)
from skat_desktop.engine.series import Series

FH, MH, RH = 0, 1, 2
ZERO_SKAT = mask(parse_cards(["C7", "C8"]))  # 0 points


def m(codes: str) -> int:
    return mask(parse_cards(codes.split()))


def split(*tricks: tuple[int, int]) -> tuple[list[int], list[int]]:
    """(winner, card points) per trick in trick order → trick_winners, trick_points."""
    assert len(tricks) == 10
    return [w for w, _ in tricks], [p for _, p in tricks]


# ---------------------------------------------------------------- Texas (S1 Rule 6)


def test_tr1_lowest_points_scores_10() -> None:
    """RULES.md §4.3 TR1 (S1 Rule 6 Sec 2): 45/50/25 (3/4/3 tricks) → RH +10, a game won."""
    w, p = split(
        (FH, 15), (MH, 20), (RH, 10), (FH, 15), (MH, 10),
        (RH, 10), (FH, 15), (MH, 10), (RH, 5), (MH, 10),
    )  # fmt: skip
    r = texas_ramsch_result(w, p, ZERO_SKAT)
    assert r.points == (45, 50, 25)
    assert r.tricks == (3, 4, 3)
    assert r.scores == (0, 0, 10)
    assert r.outcome == (0, 0, 1)


def test_tr2_no_trick_scores_20() -> None:
    """RULES.md §4.3 TR2 (S1 Rule 6 Sec 2): 70/50/0, RH took no trick → RH +20, a game won."""
    w, p = split(
        (FH, 20), (MH, 10), (FH, 20), (MH, 10), (FH, 10),
        (MH, 10), (FH, 10), (MH, 10), (FH, 10), (MH, 10),
    )  # fmt: skip
    r = texas_ramsch_result(w, p, ZERO_SKAT)
    assert r.points == (70, 50, 0)
    assert r.scores == (0, 0, 20)
    assert r.outcome == (0, 0, 1)


def test_tr3_tie_for_lowest_earlier_last_trick_wins() -> None:
    """RULES.md §4.3 TR3 (S1 Rule 6 Sec 3): 35/35/50; FH won tricks 2, 7, MH 4, 9, RH 1, 3, 5,
    6, 8, 10 (+skat). MH took the later trick (9 > 7) → FH +10."""
    skat = m("SA ST")  # 21 points, to RH with trick 10
    w, p = split(
        (RH, 5), (FH, 20), (RH, 5), (MH, 20), (RH, 5),
        (RH, 5), (FH, 15), (RH, 5), (MH, 15), (RH, 4),
    )  # fmt: skip
    r = texas_ramsch_result(w, p, skat)
    assert r.points == (35, 35, 50)
    assert r.scores == (10, 0, 0)
    assert r.outcome == (1, 0, 0)


def test_tr4_three_way_tie_forehand_wins() -> None:
    """RULES.md §4.3 TR4 (S1 Rule 6 Sec 4): 40/40/40 → FH (who announced the Ramsch) +10,
    even though FH took the last trick."""
    w, p = split(
        (MH, 10), (RH, 10), (MH, 10), (RH, 10), (MH, 10),
        (RH, 10), (MH, 10), (RH, 10), (FH, 30), (FH, 10),
    )  # fmt: skip
    r = texas_ramsch_result(w, p, ZERO_SKAT)
    assert r.points == (40, 40, 40)
    assert r.scores == (10, 0, 0)
    assert r.outcome == (1, 0, 0)


def test_tr5_one_player_takes_every_trick() -> None:
    """RULES.md §4.3 TR5 (S1 Rule 6 Sec 5; A-T5): MH wins all 10 tricks → MH −30, game lost;
    FH and RH score nothing."""
    w, p = split(*[(MH, 12)] * 10)
    r = texas_ramsch_result(w, p, ZERO_SKAT)
    assert r.points == (0, 120, 0)
    assert r.scores == (0, -30, 0)
    assert r.outcome == (0, -1, 0)
    assert r.durchmarsch == MH


def test_tr6_revoke_costs_30() -> None:
    """RULES.md §4.3 TR6 (S1 Rule 6 Sec 6): RH fails to follow suit in trick 4 → RH −30, game
    lost, play ends (only three tricks were completed)."""
    winners, points = [FH, MH, FH], [15, 20, 11]
    r = texas_ramsch_result(winners, points, ZERO_SKAT, violator=RH)
    assert r.scores == (0, 0, -30)
    assert r.outcome == (0, 0, -1)
    r2 = ramsch_result(TEXAS, winners, points, ZERO_SKAT, violator=RH)
    assert r2.scores == (0, 0, -30)


# ---------------------------------------------------------------- club / house


CR_61_39_20 = split(
    (FH, 21), (MH, 15), (RH, 10), (FH, 20), (MH, 14),
    (RH, 10), (FH, 10), (MH, 10), (FH, 10), (FH, 0),
)  # fmt: skip


def test_cr1_augenramsch_most_points_loses() -> None:
    """RULES.md §4.3 CR1 (E1/E3): Augenramsch 61/39/20 → FH −61."""
    r = club_ramsch_result(HOUSE, *CR_61_39_20, ZERO_SKAT)
    assert r.points == (61, 39, 20)
    assert r.scores == (-61, 0, 0)
    assert r.outcome == (-1, 0, 0)
    assert not r.jungfrau


def test_cr2_jungfrau_doubles() -> None:
    """RULES.md §4.3 CR2 (E1/E3/E11): 70/50/0, RH took no trick (Jungfrau) → FH −140."""
    w, p = split(
        (FH, 20), (MH, 10), (FH, 20), (MH, 10), (FH, 10),
        (MH, 10), (FH, 10), (MH, 10), (FH, 10), (MH, 10),
    )  # fmt: skip
    r = club_ramsch_result(HOUSE, w, p, ZERO_SKAT)
    assert r.points == (70, 50, 0)
    assert r.jungfrau
    assert r.scores == (-140, 0, 0)


def test_cr3_durchmarsch_scores_120() -> None:
    """RULES.md §4.3 CR3 (E1/E3/E11): RH wins every trick (Durchmarsch) → RH +120."""
    w, p = split(*[(RH, 12)] * 10)
    r = club_ramsch_result(HOUSE, w, p, ZERO_SKAT)
    assert r.scores == (0, 0, 120)
    assert r.durchmarsch == RH


CR4_TRICKS = split(
    (FH, 20), (MH, 20), (RH, 10), (FH, 20), (MH, 20),
    (RH, 10), (FH, 5), (MH, 5), (FH, 5), (MH, 5),
)  # fmt: skip


def test_cr4_tie_for_most_points() -> None:
    """RULES.md §4.3 CR4 (E1/E3): 50/50/20, MH took trick 10. ALL_TIED_LOSE (E1): FH −50 and
    MH −50; LAST_TRICK_LOSES (E3): MH −50 only."""
    r = club_ramsch_result(HOUSE, *CR4_TRICKS, ZERO_SKAT)
    assert HOUSE.ramsch_ties == "all_tied_lose"
    assert r.points == (50, 50, 20)
    assert r.scores == (-50, -50, 0)
    last = replace(HOUSE, ramsch_ties="last_trick_loses")
    assert club_ramsch_result(last, *CR4_TRICKS, ZERO_SKAT).scores == (0, -50, 0)


def test_cr5_three_way_tie_no_score() -> None:
    """RULES.md §4.3 CR5 (E1): 40/40/40 → no score."""
    w, p = split(
        (FH, 20), (MH, 20), (RH, 20), (FH, 20), (MH, 20),
        (RH, 20), (FH, 0), (MH, 0), (RH, 0), (FH, 0),
    )  # fmt: skip
    r = club_ramsch_result(HOUSE, w, p, ZERO_SKAT)
    assert r.points == (40, 40, 40)
    assert r.scores == (0, 0, 0)


def test_cr6_schieberamsch_pushes_double() -> None:
    """RULES.md §4.3 CR6 (E1 -sramsch): Schieberamsch, 2 players pushed, 61/39/20 →
    FH −244 (61 × 2²)."""
    profile = replace(HOUSE, all_pass="schieberamsch")
    assert club_ramsch_result(profile, *CR_61_39_20, ZERO_SKAT, pushes=2).scores == (-244, 0, 0)
    assert club_ramsch_result(profile, *CR_61_39_20, ZERO_SKAT, pushes=1).scores == (-122, 0, 0)


def test_cr7_skat_to_loser() -> None:
    """RULES.md §4.3 CR7 (E1 -skattoloser): tricks alone 55/45/10, skat 10 points charged to the
    loser → FH −65."""
    profile = replace(HOUSE, ramsch_skat_to="loser")
    skat = m("ST C7")
    assert points_of(skat) == 10
    w, p = split(
        (FH, 20), (MH, 20), (RH, 10), (FH, 20), (MH, 20),
        (FH, 15), (MH, 5), (FH, 0), (RH, 0), (MH, 0),
    )  # fmt: skip
    r = club_ramsch_result(profile, w, p, skat)
    assert r.scores == (-65, 0, 0)
    # the same tricks with the default (skat to the last trick, here MH): 55/55/10 tie
    assert club_ramsch_result(HOUSE, w, p, skat).scores == (-55, -55, 0)


def test_cr8_simple_ramsch_fixed_values() -> None:
    """RULES.md §4.3 CR8 (E12): simple Ramsch (a) 61/39/20 FH −10, (b) 70/50/0 FH −15,
    (c) 50/50/20 FH −5 and MH −5 (split), (d) one player takes every trick −20."""
    simple = replace(HOUSE, ramsch_scoring="simple", ramsch_ties="split")
    assert club_ramsch_result(simple, *CR_61_39_20, ZERO_SKAT).scores == (-10, 0, 0)
    jungfrau = split(
        (FH, 20), (MH, 10), (FH, 20), (MH, 10), (FH, 10),
        (MH, 10), (FH, 10), (MH, 10), (FH, 10), (MH, 10),
    )  # fmt: skip
    assert club_ramsch_result(simple, *jungfrau, ZERO_SKAT).scores == (-15, 0, 0)
    assert club_ramsch_result(simple, *CR4_TRICKS, ZERO_SKAT).scores == (-5, -5, 0)
    durch = split(*[(MH, 12)] * 10)
    assert club_ramsch_result(simple, *durch, ZERO_SKAT).scores == (0, -20, 0)


# ---------------------------------------------------------------- through the Deal

# A layout (found by search, checked by hand) where Ramsch play gives FH 61, MH 39, RH 20:
# FH takes tricks 3-6 (61), MH tricks 1, 7-10 (33 + skat 6 = 39), RH trick 2 (20).
RAMSCH_CARDS = DealtCards(
    (
        m("CJ SA H7 H8 HK HA D7 D8 DT DJ"),
        m("C7 C8 C9 CQ CA S7 SJ H9 D9 DK"),
        m("CT CK S8 S9 ST SK HT HJ DQ DA"),
    ),
    m("SQ HQ"),
)
RAMSCH_PLAY = [
    "DJ SJ HJ",  # MH (SJ)        6
    "C7 CT DT",  # RH (CT)       20
    "ST SA S7",  # FH (SA)       21
    "CJ CQ DQ",  # FH (CJ)        8
    "HA H9 HT",  # FH (HA)       21
    "H8 C9 DA",  # FH (H8 alone) 11
    "D7 DK CK",  # MH (DK)        8
    "CA S8 H7",  # MH (CA)       11
    "C8 S9 HK",  # MH (C8)        4
    "D9 SK D8",  # MH (D9)        4, + skat SQ HQ (6)
]


def play_tricks(deal: Deal, tricks: list[str]) -> None:
    """Play each trick's cards in order; the engine decides whose turn it is."""
    for t in tricks:
        for c in parse_cards(t.split()):
            deal.apply(Play(deal.to_move, c))


def all_pass(deal: Deal) -> None:
    for p in (MH, RH, FH):
        deal.apply(Pass(p))


def test_texas_all_pass_ramsch_deal() -> None:
    """RULES.md §1C row 34, §4.3 TR1 rule (S1 Rule 6 Secs 1-2): in Texas all pass → Ramsch led
    by FH; the skat goes to the last trick; lowest (RH 20) scores +10."""
    deal = Deal(DealSetup(TEXAS, RAMSCH_CARDS))
    all_pass(deal)
    assert deal.phase == Phase.PLAY
    assert deal.game == GameType.RAMSCH
    assert deal.to_move == FH
    play_tricks(deal, RAMSCH_PLAY)
    r = deal.result
    assert r.kind == "ramsch"
    assert r.points == (61, 39, 20)
    assert r.tricks == (4, 5, 1)
    assert r.scores == (0, 0, 10)
    assert r.ramsch.outcome == (0, 0, 1)


def test_cr1_house_all_pass_ramsch_deal() -> None:
    """RULES.md §4.3 CR1 through a Deal (house profile, all pass → Ramsch): 61/39/20 → FH −61."""
    deal = Deal(DealSetup(HOUSE, RAMSCH_CARDS))
    all_pass(deal)
    assert deal.phase == Phase.PLAY
    play_tricks(deal, RAMSCH_PLAY)
    assert deal.result.kind == "ramsch"
    assert deal.result.points == (61, 39, 20)
    assert deal.result.scores == (-61, 0, 0)


def test_cr9_all_pass_ramsch_in_bock_round() -> None:
    """RULES.md §4.3 CR9 (E1): an all-pass Ramsch during a Bock round, 61/39/20 → FH −122."""
    deal = Deal(DealSetup(HOUSE, RAMSCH_CARDS, bock=True))
    all_pass(deal)
    play_tricks(deal, RAMSCH_PLAY)
    assert deal.result.scores == (-122, 0, 0)


def test_cr9_compulsory_ramsch_round_is_not_bock() -> None:
    """RULES.md §4.3 CR9 note (E1 -bockramsch): the games of a compulsory Ramsch round after a
    Bock round are not Bock-doubled."""
    profile = replace(HOUSE, bock_ramsch_round=True)
    series = Series(profile, 3)
    # a game lost with exactly 60 (vector B02) triggers a Bock round and then a Ramsch round
    k = Contract(GameType.HEARTS)
    g = game_result(profile, k, m("CJ SJ HA HT HK H9 SA C7 C8 D7 D8 S7"), 30, 60, 5)
    assert g.score == -60
    series.next_setup(RAMSCH_CARDS)
    series.record(
        DealResult("game", (-60, 0, 0), declarer=0, bid=30, contract=k, game=g,
                   declarer_points=60, declarer_tricks=5)
    )  # fmt: skip
    flags = []
    for _ in range(6):
        setup = series.next_setup(RAMSCH_CARDS)
        flags.append((setup.bock, setup.ramsch_round))
        deal = Deal(setup)
        if setup.ramsch_round:
            assert deal.phase == Phase.RAMSCH_OFFER
            for p in (FH, MH, RH):
                deal.apply(Pass(p))
        else:
            all_pass(deal)
        play_tricks(deal, RAMSCH_PLAY)
        assert deal.result.scores == ((-122, 0, 0) if setup.bock else (-61, 0, 0))
        series.record(deal.result)
    assert flags == [(True, False)] * 3 + [(False, True)] * 3


def test_cr6_schieberamsch_deal_pushes_double_and_jacks_stay() -> None:
    """RULES.md §1C row 40, §4.3 CR6 (E1 -sramsch; E12): from FH on each player takes the skat
    and passes on two cards (never a jack) or pushes it; two pushes → 61 × 4 = FH −244."""
    profile = replace(HOUSE, all_pass="schieberamsch")
    deal = Deal(DealSetup(profile, RAMSCH_CARDS))
    all_pass(deal)
    assert deal.phase == Phase.SCHIEBEN
    assert deal.to_move == FH
    deal.apply(PickUp(FH))
    # FH holds CJ and DJ: neither may be passed on; a rejected discard changes nothing
    for bad in (("CJ", "SQ"), ("DJ", "HQ"), ("CJ", "DJ")):
        before = (list(deal.actions), deal.phase, list(deal.hands), deal.skat, deal.pushes)
        with pytest.raises(IllegalAction):
            deal.apply(Discard(FH, tuple(parse_cards(bad))))
        assert (list(deal.actions), deal.phase, list(deal.hands), deal.skat, deal.pushes) == before
    legal = deal.legal_actions(FH)
    assert legal
    assert all(isinstance(a, Discard) for a in legal)
    assert not any(mask(a.cards) & JACKS for a in legal)
    deal.apply(Discard(FH, tuple(parse_cards(["SQ", "HQ"]))))
    assert deal.pushes == 0
    assert deal.to_move == MH
    deal.apply(Push(MH))
    deal.apply(Push(RH))
    assert deal.pushes == 2
    assert deal.phase == Phase.PLAY
    play_tricks(deal, RAMSCH_PLAY)
    assert deal.result.points == (61, 39, 20)
    assert deal.result.ramsch.pushes == 2
    assert deal.result.scores == (-244, 0, 0)


def test_schieberamsch_single_push_doubles() -> None:
    """RULES.md §1C row 40 (E1; E12): every push doubles: one push → FH −122."""
    profile = replace(HOUSE, all_pass="schieberamsch")
    deal = Deal(DealSetup(profile, RAMSCH_CARDS))
    all_pass(deal)
    deal.apply(Push(FH))
    deal.apply(PickUp(MH))
    with pytest.raises(IllegalAction):
        deal.apply(Discard(MH, tuple(parse_cards(["SJ", "SQ"]))))
    deal.apply(Discard(MH, tuple(parse_cards(["SQ", "HQ"]))))
    deal.apply(PickUp(RH))
    with pytest.raises(IllegalAction):
        deal.apply(Discard(RH, tuple(parse_cards(["HJ", "HQ"]))))
    deal.apply(Discard(RH, tuple(parse_cards(["HQ", "SQ"]))))
    assert deal.pushes == 1
    play_tricks(deal, RAMSCH_PLAY)
    assert deal.result.scores == (-122, 0, 0)
