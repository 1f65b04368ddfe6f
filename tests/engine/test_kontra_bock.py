"""Club/house doubling: vectors K1-K9 of RULES.md §4.4 (§2.8, §5.12, §1C rows 41-42)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skat_desktop.engine.actions import (
    Bid,
    Concede,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
)
from skat_desktop.engine.cards import FULL_DECK, GameType, cards_of, mask, parse_cards
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealResult, DealSetup, Phase
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import HOUSE, ISKO, RuleProfile
from skat_desktop.engine.scoring import game_result
from skat_desktop.engine.series import Series

FH, MH, RH = 0, 1, 2
CLUBS = Contract(GameType.CLUBS)


def m(codes: str) -> int:
    return mask(parse_cards(codes.split()))


# K1-K4 base deal: declarer CJ HJ CA CT CK CQ C9 SA HA DA, skat C8 D7, bid 24, Clubs (skat):
# "with 1", value 24.
K_CARDS12 = m("CJ HJ CA CT CK CQ C9 SA HA DA C8 D7")


def test_k_base_deal_value_24() -> None:
    """RULES.md §4.4 (K1-K4 base deal): Clubs with 1 = 12 × 2 = 24."""
    r = game_result(HOUSE, CLUBS, K_CARDS12, 24, 70, 6)
    assert (r.won, r.value, r.score, r.matadors, r.with_matadors) == (True, 24, 24, 1, True)


def test_k1_kontra_doubles() -> None:
    """RULES.md §4.4 K1 (S3 §Kontra): dp 70, won, Kontra → +24 × 2 = +48."""
    r = game_result(HOUSE, CLUBS, K_CARDS12, 24, 70, 6, kontra=1)
    assert (r.won, r.value, r.score, r.kontra) == (True, 24, 48, 1)


def test_k2_kontra_re() -> None:
    """RULES.md §4.4 K2 (S3 §Kontra): dp 70, won, Kontra + Re → +96."""
    r = game_result(HOUSE, CLUBS, K_CARDS12, 24, 70, 6, kontra=2)
    assert (r.won, r.value, r.score) == (True, 24, 96)


def test_k3_lost_with_kontra_and_re() -> None:
    """RULES.md §4.4 K3 (derived): dp 50, lost, Kontra → −48 × 2 = −96; Kontra + Re → −192."""
    assert game_result(HOUSE, CLUBS, K_CARDS12, 24, 50, 4).score == -48
    r1 = game_result(HOUSE, CLUBS, K_CARDS12, 24, 50, 4, kontra=1)
    assert (r1.won, r1.value, r1.score) == (False, 24, -96)
    r2 = game_result(HOUSE, CLUBS, K_CARDS12, 24, 50, 4, kontra=2)
    assert (r2.won, r2.value, r2.score) == (False, 24, -192)


def test_k4_kontra_re_bock_hirsch() -> None:
    """RULES.md §4.4 K4 (S3 §Kontra): dp 70, won, Kontra + Re + Bock + Hirsch → 24 × 16 = +384."""
    r = game_result(HOUSE, CLUBS, K_CARDS12, 24, 70, 6, kontra=4)
    assert (r.won, r.value, r.score) == (True, 24, 384)
    assert game_result(HOUSE, CLUBS, K_CARDS12, 24, 70, 6, kontra=3).score == 192


def test_k5_bock_round_and_kontra() -> None:
    """RULES.md §4.4 K5 (E1): vector A21 (Grand with 2, +72) in a Bock round → +144; with
    Kontra as well → +288."""
    cards12 = m("CJ SJ DJ CA CT SA ST HA D7 D8 H7 C7")
    grand = Contract(GameType.GRAND)
    assert game_result(HOUSE, grand, cards12, 20, 78, 7).score == 72
    r = game_result(HOUSE, grand, cards12, 20, 78, 7, bock=True)
    assert (r.won, r.value, r.score, r.bock) == (True, 72, 144, True)
    assert game_result(HOUSE, grand, cards12, 20, 78, 7, kontra=1, bock=True).score == 288


def test_k6_overbid_floor_unchanged_by_kontra() -> None:
    """RULES.md §4.4 K6 (derived): vector A18 (overbid Clubs, −72, v 36) with Kontra → −144;
    the overbid floor is still computed on the bid 30 → 36; only the score doubles."""
    cards12 = m("HJ DJ CA CT CK C9 C8 SA HA D7 CJ D8")
    plain = game_result(HOUSE, CLUBS, cards12, 30, 75, 6)
    assert (plain.won, plain.value, plain.score, plain.overbid) == (False, 36, -72, True)
    r = game_result(HOUSE, CLUBS, cards12, 30, 75, 6, kontra=1)
    assert (r.won, r.value, r.score, r.overbid) == (False, 36, -144, True)


def test_k9_kontra_does_not_move_the_61_line() -> None:
    """RULES.md §4.4 K9 (E9): Kontra given, declarer makes exactly 60 → still lost
    (vector B02: −60 v 30; with Kontra −120)."""
    cards12 = m("CJ SJ HA HT HK H9 SA C7 C8 D7 D8 S7")
    hearts = Contract(GameType.HEARTS)
    r = game_result(HOUSE, hearts, cards12, 30, 60, 5, kontra=1)
    assert not r.won
    assert r.value == 30
    assert r.score == -120
    assert game_result(HOUSE, hearts, cards12, 30, 61, 5, kontra=1).score == 60


# ---------------------------------------------------------------- Kontra through a Deal

# middlehand: CJ HJ CA CT CK CQ C9 SA HA DA (the K deal), skat C8 D7; FH/RH get the rest
DEAL_MH = "CJ HJ CA CT CK CQ C9 SA HA DA"
DEAL_SKAT = "C8 D7"


def k_cards() -> DealtCards:
    rest = cards_of(FULL_DECK & ~m(DEAL_MH) & ~m(DEAL_SKAT))
    return DealtCards((mask(rest[:10]), m(DEAL_MH), mask(rest[10:])), m(DEAL_SKAT))


def middlehand_plays_clubs(profile: RuleProfile, bock: bool = False) -> Deal:
    """MH 18, FH holds, MH 20, FH passes, RH passes without ever bidding; MH plays Clubs
    (skat) at 20. FH bid/held 18, RH never did."""
    deal = Deal(DealSetup(profile, k_cards(), bock=bock))
    for a in (Bid(MH, 18), Hold(FH), Bid(MH, 20), Pass(FH), Pass(RH)):
        deal.apply(a)
    deal.apply(PickUp(MH))
    deal.apply(Discard(MH, tuple(parse_cards(["C8", "D7"]))))
    deal.apply(Declare(MH, CLUBS))
    assert deal.phase == Phase.PLAY
    assert deal.auction.bid_or_held == [18, 20, 0]
    return deal


def snapshot(deal: Deal) -> tuple:
    return (list(deal.actions), deal.phase, deal.kontra, deal.cards_played, list(deal.hands))


def rejected(deal: Deal, action) -> None:
    """The action raises IllegalAction and leaves the deal unchanged."""
    before = snapshot(deal)
    with pytest.raises(IllegalAction):
        deal.apply(action)
    assert snapshot(deal) == before


def test_k7_kontra_requires_bid18() -> None:
    """RULES.md §4.4 K7 (E1 -kontra18; E10; E11): a defender who passed without ever bidding
    or holding 18 cannot say Kontra when `kontra_requires_bid18` is on; one who held 18 can."""
    profile = replace(HOUSE, kontra_requires_bid18=True)
    deal = middlehand_plays_clubs(profile)
    assert not deal.can_double(RH)
    assert Double(RH, 1) not in deal.legal_actions(RH)
    rejected(deal, Double(RH, 1))
    assert deal.can_double(FH)
    assert Double(FH, 1) in deal.legal_actions(FH)
    deal.apply(Double(FH, 1))
    assert deal.kontra == 1


def test_k7_without_the_option_any_defender_may_double() -> None:
    """RULES.md §5.12: without `kontra_requires_bid18` a defender who never bid may say Kontra."""
    assert not HOUSE.kontra_requires_bid18
    deal = middlehand_plays_clubs(HOUSE)
    deal.apply(Double(RH, 1))
    assert deal.kontra == 1


def test_kontra_off_outside_house_profile() -> None:
    """RULES.md §0.3 and §1C row 41: Kontra/Re exist only in the club/house profile."""
    deal = middlehand_plays_clubs(ISKO)
    rejected(deal, Double(FH, 1))
    assert not any(isinstance(a, Double) for a in deal.legal_actions(FH))


def test_kontra_window_first_card() -> None:
    """RULES.md §5.12 (S3 §Kontra): with window "first_card" Kontra is said before the first
    card of trick 1; afterwards it is rejected."""
    assert HOUSE.kontra_window == "first_card"
    deal = middlehand_plays_clubs(HOUSE)
    assert deal.can_double(FH) and deal.can_double(RH)
    assert not deal.can_double(MH)  # the declarer cannot say Kontra
    rejected(deal, Double(MH, 1))
    fh_card = cards_of(deal.legal_cards(FH))[0]
    deal.apply(Play(FH, fh_card))
    rejected(deal, Double(FH, 1))
    rejected(deal, Double(RH, 1))  # RH has not played yet, but the first card is down


def test_kontra_window_own_first_card() -> None:
    """RULES.md §5.12 (E11): with window "own_first_card" a defender may say Kontra until he
    has played his own first card."""
    profile = replace(HOUSE, kontra_window="own_first_card")
    deal = middlehand_plays_clubs(profile)
    deal.apply(Play(FH, cards_of(deal.legal_cards(FH))[0]))
    rejected(deal, Double(FH, 1))  # FH has played
    deal.apply(Play(MH, cards_of(deal.legal_cards(MH))[0]))
    assert deal.can_double(RH)
    deal.apply(Double(RH, 1))  # RH has not played yet
    assert deal.kontra == 1


def test_re_only_right_after_kontra() -> None:
    """RULES.md §5.12 (E11): Re is the declarer's immediate answer to Kontra; a defender
    cannot say Re, and once a card is played after Kontra, Re is too late."""
    deal = middlehand_plays_clubs(HOUSE)
    rejected(deal, Double(MH, 2))  # no Re without Kontra
    deal.apply(Double(FH, 1))
    rejected(deal, Double(RH, 2))  # Re belongs to the declarer
    rejected(deal, Double(FH, 1))  # Kontra only once
    deal.apply(Play(FH, cards_of(deal.legal_cards(FH))[0]))
    rejected(deal, Double(MH, 2))

    deal = middlehand_plays_clubs(HOUSE)
    deal.apply(Double(RH, 1))
    assert deal.can_double(MH)
    deal.apply(Double(MH, 2))
    assert deal.kontra == 2
    # Bock (defenders) and Hirsch (declarer) follow, alternating, up to kontra_max_level 4
    rejected(deal, Double(MH, 3))
    deal.apply(Double(FH, 3))
    deal.apply(Double(MH, 4))
    assert deal.kontra == 4
    rejected(deal, Double(RH, 5))


def test_re_not_allowed_when_max_level_is_kontra() -> None:
    """RULES.md §1C row 41: the doubling steps are a house option (kontra_max_level)."""
    profile = replace(HOUSE, kontra_max_level=1)
    deal = middlehand_plays_clubs(profile)
    deal.apply(Double(FH, 1))
    rejected(deal, Double(MH, 2))


def test_kontra_and_bock_double_the_deal_score() -> None:
    """RULES.md §2.8: the deal's final score is multiplied by 2^kontra and ×2 in a Bock round;
    the declarer concedes at once (basic level, §2.7): Clubs with 1 at bid 20 → v 24, −48."""
    deal = middlehand_plays_clubs(HOUSE)
    deal.apply(Concede(MH))
    assert deal.result.scores == (0, -48, 0)

    deal = middlehand_plays_clubs(HOUSE, bock=True)
    deal.apply(Double(FH, 1))
    deal.apply(Double(MH, 2))
    deal.apply(Concede(MH))
    assert deal.result.game.value == 24
    assert deal.result.scores == (0, -48 * 4 * 2, 0)


# ---------------------------------------------------------------- Bock rounds (Series)

B02_CARDS12 = m("CJ SJ HA HT HK H9 SA C7 C8 D7 D8 S7")


def lost_with_60() -> DealResult:
    """Vector B02 (Hearts, bid 30, dp 60): −60, the 60-point loss Bock trigger."""
    k = Contract(GameType.HEARTS)
    g = game_result(HOUSE, k, B02_CARDS12, 30, 60, 5)
    assert (g.won, g.score) == (False, -60)
    return DealResult(
        "game", (-60, 0, 0), declarer=FH, bid=30, contract=k, game=g,
        declarer_points=60, declarer_tricks=5,
    )  # fmt: skip


def plain_win() -> DealResult:
    """A won Clubs game worth 24: no Bock trigger."""
    g = game_result(HOUSE, CLUBS, K_CARDS12, 18, 70, 6)
    return DealResult(
        "game", (0, 24, 0), declarer=MH, bid=18, contract=CLUBS, game=g,
        declarer_points=70, declarer_tricks=6,
    )  # fmt: skip


@pytest.mark.parametrize("table_size", [3, 4])
def test_k8_sixty_point_loss_starts_bock_round(table_size: int) -> None:
    """RULES.md §4.4 K8 (E1 -bockevents): a game lost with exactly 60 (B02) while the trigger
    "lost_with_60" is on is scored normally (−60); the next round — 3 deals at a 3-table, 4 at
    a 4-table — is a Bock round, and only those deals."""
    assert "lost_with_60" in HOUSE.bock_triggers
    series = Series(HOUSE, table_size)
    cards = k_cards()
    assert not series.next_setup(cards).bock
    entry = series.record(lost_with_60())
    assert entry.bock_triggered
    assert not entry.bock
    assert min(entry.scores) == -60  # scored normally, not doubled
    flags = []
    for _ in range(table_size + 3):
        flags.append(series.next_setup(cards).bock)
        series.record(plain_win())
    assert flags == [True] * table_size + [False] * 3


def test_k8_bock_round_doubles_the_deal() -> None:
    """RULES.md §4.4 K8 / §2.8: a deal set up in a Bock round scores ×2."""
    series = Series(HOUSE, 3)
    series.next_setup(k_cards())
    series.record(lost_with_60())
    setup = series.next_setup(k_cards())
    assert setup.bock
    deal = Deal(setup)
    for a in (Bid(MH, 18), Hold(FH), Bid(MH, 20), Pass(FH), Pass(RH)):
        deal.apply(a)
    deal.apply(PickUp(MH))
    deal.apply(Discard(MH, tuple(parse_cards(["C8", "D7"]))))
    deal.apply(Declare(MH, CLUBS))
    deal.apply(Concede(MH))
    assert deal.result.scores == (0, -96, 0)
    entry = series.record(deal.result)
    assert entry.bock


def test_k8_queued_bock_rounds_do_not_stack() -> None:
    """RULES.md §1C row 42 (E1 -bock): a trigger inside a Bock round queues a further round;
    pending rounds follow each other and never multiply (×2, not ×4)."""
    series = Series(HOUSE, 3)
    cards = k_cards()
    series.next_setup(cards)
    series.record(lost_with_60())  # deal 1 triggers
    flags = []
    setup = series.next_setup(cards)  # deal 2: Bock, triggers again
    flags.append(setup.bock)
    series.record(lost_with_60())
    for _ in range(7):  # deals 3..9
        setup = series.next_setup(cards)
        flags.append(setup.bock)
        assert type(setup.bock) is bool  # a flag, never a count of pending rounds
        series.record(plain_win())
    assert flags == [True] * 6 + [False] * 2
    # deal 2 was itself a Bock deal and triggered the queued round
    assert series.entries[1].bock and series.entries[1].bock_triggered


def test_no_bock_rounds_without_trigger_or_outside_house() -> None:
    """RULES.md §1C row 42: Bock rounds are house-only and need an enabled trigger."""
    for profile in (ISKO, replace(HOUSE, bock_triggers=frozenset())):
        series = Series(profile, 3)
        series.next_setup(k_cards())
        assert not series.record(lost_with_60()).bock_triggered
        assert not series.next_setup(k_cards()).bock
