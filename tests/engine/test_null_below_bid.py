"""Null declared below the bid: vectors NB1-NB3 of RULES.md §4.2 (ISkO 3.4.4, §2.6)."""

from __future__ import annotations

import pytest

from skat_desktop.engine.actions import Bid, Declare, Discard, Hold, Pass, PickUp, Play
from skat_desktop.engine.cards import FULL_DECK, GameType, cards_of, mask, parse_cards
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS, RuleProfile
from skat_desktop.engine.scoring import game_result, null_below_bid_result

NB_HAND = "CJ C7 C8 S7 S8 S9 H7 H8 D7 D8"
NB1_SKAT = "SA HA"
NB2_SKAT = "HT DA"

NULL = Contract(GameType.NULL)
NULL_HAND = Contract(GameType.NULL, hand=True)
NULL_OUVERT = Contract(GameType.NULL, ouvert=True)


def m(codes: str) -> int:
    return mask(parse_cards(codes.split()))


def deal_cards(fh: str, skat: str) -> DealtCards:
    """Forehand gets ``fh``; the other 20 cards go to middlehand and rearhand in card order."""
    rest = cards_of(FULL_DECK & ~m(fh) & ~m(skat))
    return DealtCards((m(fh), mask(rest[:10]), mask(rest[10:])), m(skat))


def forehand_declares_at(profile: RuleProfile, bid: int, skat: str) -> Deal:
    """Middlehand bids ``bid``, forehand holds, middlehand and rearhand pass."""
    deal = Deal(DealSetup(profile, deal_cards(NB_HAND, skat)))
    for a in (Bid(1, bid), Hold(0), Pass(1), Pass(2)):
        deal.apply(a)
    assert deal.phase == Phase.SKAT
    assert (deal.declarer, deal.bid) == (0, bid)
    return deal


@pytest.mark.parametrize(
    ("profile", "score"),
    [(ISKO, -100), (PRE1999, -100), (TEXAS, -100), (HOUSE, -100)],
)
def test_nb1_null_ouvert_below_bid_scoring(profile: RuleProfile, score: int) -> None:
    """RULES.md §4.2 NB1 (S2 3.4.4 example; S0 ISkO 3.4.4): bid 50, Null Ouvert (46/40) after
    pickup. Every game is "with 1"; cheapest loss Hearts max(20, 50) = 50 → −100."""
    cards12 = m(NB_HAND) | m(NB1_SKAT)
    r = null_below_bid_result(profile, cards12, 50, hand=False)
    assert not r.won
    assert r.null_lost_as == GameType.HEARTS
    assert (r.with_matadors, r.matadors) == (True, 1)
    assert r.value == 50
    assert r.score == score
    assert r.overbid
    # the same through the scoring entry point
    g = game_result(profile, NULL_OUVERT, cards12, 50, 0, 0)
    assert (g.won, g.value, g.score, g.null_lost_as) == (False, 50, score, GameType.HEARTS)


def test_nb1_losses_per_game_and_declarer_choice() -> None:
    """RULES.md §4.2 NB1 / §2.6: losses D 54, H 50, S 55, C 60, G 72; the declarer may name the
    game he loses (the seed says "for example hearts"), the engine defaults to the cheapest."""
    cards12 = m(NB_HAND) | m(NB1_SKAT)
    expected = {
        GameType.DIAMONDS: 54,
        GameType.HEARTS: 50,
        GameType.SPADES: 55,
        GameType.CLUBS: 60,
        GameType.GRAND: 72,
    }
    for g, loss in expected.items():
        r = null_below_bid_result(ISKO, cards12, 50, hand=False, lose_as=g)
        assert (r.null_lost_as, r.value, r.score) == (g, loss, -2 * loss)
    # Texas: Grand base 16 → 32 with 1 → floored to 64; Hearts still cheapest
    assert null_below_bid_result(TEXAS, cards12, 50, False, GameType.GRAND).value == 64
    assert null_below_bid_result(TEXAS, cards12, 50, False).value == 50


@pytest.mark.parametrize(
    ("profile", "score"),
    [(ISKO, -100), (PRE1999, -100), (TEXAS, -100), (HOUSE, -100)],
)
def test_nb1_deal_ends_at_once(profile: RuleProfile, score: int) -> None:
    """RULES.md §4.2 NB1 through a Deal: after the pickup at 50 the declarer names Null Ouvert;
    the deal ends at once, lost as Hearts at 50."""
    deal = forehand_declares_at(profile, 50, NB1_SKAT)
    deal.apply(PickUp(0))
    deal.apply(Discard(0, tuple(parse_cards(["SA", "HA"]))))
    deal.apply(Declare(0, NULL_OUVERT))
    assert deal.phase == Phase.FINISHED
    r = deal.result
    assert r is not None
    assert r.kind == "game"
    assert r.scores == (score, 0, 0)
    assert r.game.null_lost_as == GameType.HEARTS
    assert r.game.value == 50
    assert deal.tricks == []
    # nothing more may happen
    with pytest.raises(IllegalAction):
        deal.apply(Play(0, parse_cards(["C7"])[0]))


def test_nb1_deal_declarer_names_spades() -> None:
    """RULES.md §2.6: an explicit choice (Declare.lose_as) is honoured: Spades 55 → −110."""
    deal = forehand_declares_at(ISKO, 50, NB1_SKAT)
    deal.apply(PickUp(0))
    deal.apply(Discard(0, tuple(parse_cards(["SA", "HA"]))))
    deal.apply(Declare(0, NULL_OUVERT, lose_as=GameType.SPADES))
    assert deal.result.scores == (-110, 0, 0)
    assert deal.result.game.null_lost_as == GameType.SPADES


@pytest.mark.parametrize(
    ("profile", "score"),
    [(ISKO, -72), (HOUSE, -72), (PRE1999, -36), (TEXAS, -36)],
)
def test_nb2_null_hand_below_bid(profile: RuleProfile, score: int) -> None:
    """RULES.md §4.2 NB2 (derived): bid 36, Null Hand (35; Texas 30). Hand game with 1 →
    D 27→36, C 36, H 30→40, S 33→44, G 72: D or C at 36; ISkO −72, pre-99/Texas −36."""
    cards12 = m(NB_HAND) | m(NB2_SKAT)
    r = null_below_bid_result(profile, cards12, 36, hand=True)
    assert r.value == 36
    assert r.null_lost_as in (GameType.DIAMONDS, GameType.CLUBS)
    assert r.score == score
    assert game_result(profile, NULL_HAND, cards12, 36).score == score
    # the per-game losses of the vector
    for g, loss in (
        (GameType.DIAMONDS, 36),
        (GameType.CLUBS, 36),
        (GameType.HEARTS, 40),
        (GameType.SPADES, 44),
        (GameType.GRAND, 72 if profile.grand_base == 24 else 48),
    ):
        assert null_below_bid_result(profile, cards12, 36, True, g).value == loss


@pytest.mark.parametrize(
    ("profile", "score"),
    [(ISKO, -72), (PRE1999, -36), (TEXAS, -36)],
)
def test_nb2_deal_null_hand_ends_at_once(profile: RuleProfile, score: int) -> None:
    """RULES.md §4.2 NB2 through a Deal: Null Hand at bid 36 ends the deal immediately."""
    deal = forehand_declares_at(profile, 36, NB2_SKAT)
    deal.apply(Declare(0, NULL_HAND))
    assert deal.phase == Phase.FINISHED
    assert deal.result.scores == (score, 0, 0)
    assert deal.result.game.value == 36
    assert not deal.picked_up


def test_nb3_null_equal_to_bid_is_valid() -> None:
    """RULES.md §4.2 NB3 (derived): Null value 23 = bid 23 is enough (≥): normal Null scoring,
    +23 won / −46 lost."""
    cards12 = m(NB_HAND) | m(NB1_SKAT)
    won = game_result(ISKO, NULL, cards12, 23, 0, 0)
    assert (won.won, won.value, won.score, won.null_lost_as) == (True, 23, 23, None)
    lost = game_result(ISKO, NULL, cards12, 23, 0, 1)
    assert (lost.won, lost.value, lost.score, lost.null_lost_as) == (False, 23, -46, None)


def test_nb3_deal_null_equal_to_bid_is_played() -> None:
    """RULES.md §4.2 NB3 through a Deal: Null at bid 23 starts play instead of ending."""
    deal = forehand_declares_at(ISKO, 23, NB1_SKAT)
    deal.apply(PickUp(0))
    deal.apply(Discard(0, tuple(parse_cards(["SA", "HA"]))))
    deal.apply(Declare(0, NULL))
    assert deal.phase == Phase.PLAY
    assert deal.result is None
    assert deal.to_move == 0


def test_lose_as_only_for_a_null_below_the_bid_and_refusal_changes_nothing():
    """A game to be charged as is named only for a Null below the bid (§2.6)."""
    from skat_desktop.engine.dealing import deal_from_seed
    from skat_desktop.engine.errors import InvalidContract

    deal = Deal(DealSetup(ISKO, deal_from_seed(3)))
    for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2)):
        deal.apply(a)
    deal.apply(PickUp(0))
    deal.apply(Discard(0, tuple(cards_of(deal.hands[0])[:2])))
    before = (deal.phase, deal.contract, deal.game, list(deal.actions))
    with pytest.raises(InvalidContract, match="only a Null below the bid"):
        deal.apply(Declare(0, Contract(GameType.HEARTS), lose_as=GameType.CLUBS))
    with pytest.raises(InvalidContract):
        deal.apply(Declare(0, Contract(GameType.NULL), lose_as=GameType.RAMSCH))
    assert (deal.phase, deal.contract, deal.game, list(deal.actions)) == before
