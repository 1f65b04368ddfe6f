"""Bidding protocol: vectors BD1-BD9 of RULES.md §4.7 (state machine §5.3, declaration §5.4)."""

from __future__ import annotations

import pytest

from skat_desktop.engine.actions import Bid, Concede, Declare, Discard, Hold, Pass, PickUp, Play
from skat_desktop.engine.bidding import Auction, bid_values
from skat_desktop.engine.cards import FULL_DECK, GameType, cards_of, mask, parse_cards
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import DealtCards, deal_from_seed
from skat_desktop.engine.errors import IllegalAction, InvalidContract
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS, RuleProfile

FH, MH, RH = 0, 1, 2
ALL_PROFILES = (ISKO, TEXAS, PRE1999, HOUSE)


def m(codes: str) -> int:
    return mask(parse_cards(codes.split()))


def snapshot(deal: Deal) -> tuple:
    a = deal.auction
    return (
        list(deal.actions),
        deal.phase,
        a.high,
        a.waiting,
        a.phase,
        list(a.passed),
        list(a.history),
        deal.declarer,
        deal.bid,
        deal.contract,
        deal.correction_game,
        list(deal.hands),
        deal.skat,
    )


def rejected(deal: Deal, action, error: type[Exception] = IllegalAction) -> None:
    """The action raises and leaves the deal exactly as it was."""
    before = snapshot(deal)
    with pytest.raises(error):
        deal.apply(action)
    assert snapshot(deal) == before


def new_deal(profile: RuleProfile = ISKO, seed: int = 7) -> Deal:
    # Alice deals: table seat 0 is the dealer, so FH = seat 1 (Bob), MH = seat 2 (Carol),
    # RH = seat 0 (Alice), as in the BD1/BD2 example.
    return Deal(DealSetup(profile, deal_from_seed(seed), dealer=0))


BOB, CAROL, ALICE = 1, 2, 0  # table seats


def test_bd1_example_auction() -> None:
    """RULES.md §4.7 BD1 (S3 §Example auction): C 18, B yes, C 20, B yes, C 22, B pass, A 23,
    C yes, A 24, C yes, A pass → Carol declares at 24."""
    deal = new_deal()
    assert deal.setup.seats == (BOB, CAROL, ALICE)
    seq = [
        Bid(MH, 18), Hold(FH), Bid(MH, 20), Hold(FH), Bid(MH, 22), Pass(FH),
        Bid(RH, 23), Hold(MH), Bid(RH, 24), Hold(MH), Pass(RH),
    ]  # fmt: skip
    for a in seq:
        assert deal.phase == Phase.BIDDING
        deal.apply(a)
    assert deal.phase == Phase.SKAT
    assert deal.declarer == MH
    assert deal.setup.seats[deal.declarer] == CAROL
    assert deal.bid == 24


def test_bd2_order_of_bidding() -> None:
    """RULES.md §4.7 BD2 (S3 §Order of bidding example): C 18, B pass, A 20, C yes, A 22, C yes,
    A pass → Carol declares at 22."""
    deal = new_deal()
    for a in (Bid(MH, 18), Pass(FH), Bid(RH, 20), Hold(MH), Bid(RH, 22), Hold(MH), Pass(RH)):
        deal.apply(a)
    assert deal.setup.seats[deal.declarer] == CAROL
    assert deal.bid == 22
    assert deal.phase == Phase.SKAT


def test_bd3_forehand_may_play_at_18() -> None:
    """RULES.md §4.7 BD3 (S0 ISkO 3.3.6): MH and RH pass without a bid → FH may play at 18
    (skat pickup or hand)."""
    deal = new_deal()
    deal.apply(Pass(MH))
    deal.apply(Pass(RH))
    assert deal.phase == Phase.BIDDING
    assert deal.to_move == FH
    assert Bid(FH, 18) in deal.legal_actions(FH)
    assert Pass(FH) in deal.legal_actions(FH)
    deal.apply(Bid(FH, 18))
    assert (deal.phase, deal.declarer, deal.bid) == (Phase.SKAT, FH, 18)
    # he may pick up the skat ...
    assert PickUp(FH) in deal.legal_actions(FH)
    # ... or play a Hand game
    deal.apply(Declare(FH, Contract(GameType.GRAND, hand=True)))
    assert deal.phase == Phase.PLAY


@pytest.mark.parametrize(
    ("profile", "kind", "phase"),
    [
        (ISKO, "passed_in", Phase.FINISHED),
        (PRE1999, "passed_in", Phase.FINISHED),
        (TEXAS, None, Phase.PLAY),
        (HOUSE, None, Phase.PLAY),
    ],
)
def test_bd3_forehand_passes_too(profile: RuleProfile, kind: str | None, phase: Phase) -> None:
    """RULES.md §4.7 BD3 and §1C row 34: if FH passes as well, all have passed: ISkO passed
    in, pre-1999 redealt (no score), Texas forced Ramsch, house Ramsch."""
    deal = new_deal(profile)
    for p in (MH, RH, FH):
        deal.apply(Pass(p))
    assert deal.phase == phase
    if kind:
        assert deal.result.kind == kind
        assert deal.result.scores == (0, 0, 0)
    else:
        assert deal.game == GameType.RAMSCH
        assert deal.declarer is None
        assert deal.to_move == FH


def test_bd4_forehand_cannot_pass_first() -> None:
    """RULES.md §4.7 BD4 (S0 ISkO 3.3.6): FH tries "pass" before MH has bid or passed →
    rejected; nor may FH pass in phase B before RH has bid or passed."""
    deal = new_deal()
    rejected(deal, Pass(FH))
    rejected(deal, Bid(FH, 18))
    rejected(deal, Hold(FH))
    deal.apply(Pass(MH))
    rejected(deal, Pass(FH))  # RH's turn now
    deal.apply(Pass(RH))
    deal.apply(Pass(FH))
    assert deal.result.kind == "passed_in"


def test_bd5_deal_rejects_non_values() -> None:
    """RULES.md §4.7 BD5 (S0 ISkO 3.3.2; S1 Rule 7 Sec 1) through a Deal: 19, 21, 25, 34 are no
    game values and are rejected without changing the deal; 23 is accepted (ISkO)."""
    for profile in ALL_PROFILES:
        deal = new_deal(profile)
        for v in (19, 21, 25, 34):
            rejected(deal, Bid(MH, v))
    deal = new_deal(ISKO)
    deal.apply(Bid(MH, 23))
    assert deal.auction.high == 23
    rejected(deal, Bid(MH, 24))  # FH must hold or pass
    deal = new_deal(TEXAS)
    rejected(deal, Bid(MH, 23))
    deal.apply(Bid(MH, 32))
    assert deal.auction.high == 32


def test_bd6_rearhand_must_overbid_the_held_value() -> None:
    """RULES.md §4.7 BD6 (S0 ISkO 3.3.3-3.3.4): MH 18, FH yes, MH 20, FH pass → MH holds 20;
    RH must bid more than 20 (22 is next) or pass."""
    deal = new_deal()
    for a in (Bid(MH, 18), Hold(FH), Bid(MH, 20), Pass(FH)):
        deal.apply(a)
    assert deal.auction.high == 20
    assert deal.to_move == RH
    assert deal.auction.next_values()[0] == 22
    rejected(deal, Bid(RH, 18))
    rejected(deal, Bid(RH, 20))
    rejected(deal, Hold(RH))  # RH names a value; he cannot "hold"
    rejected(deal, Bid(MH, 22))  # not MH's turn
    deal.apply(Bid(RH, 22))
    assert deal.to_move == MH  # MH, who holds 20, answers
    deal.apply(Pass(MH))
    assert (deal.declarer, deal.bid) == (RH, 22)


def test_bd6_auction_object() -> None:
    """RULES.md §4.7 BD6 on the Auction alone: bid_or_held records what each player said."""
    a = Auction(bid_values(ISKO))
    a.bid(MH, 18)
    a.hold(FH)
    a.bid(MH, 20)
    a.pass_(FH)
    assert (a.high, a.caller, a.responder, a.waiting) == (20, RH, MH, RH)
    assert a.next_bid() == 22
    assert a.bid_or_held == [18, 20, 0]


def test_bd7_a_pass_is_final() -> None:
    """RULES.md §4.7 BD7 (S0 ISkO 3.3.8-3.3.9): a player who passed never re-enters."""
    # MH passes in phase A; in phase B he cannot come back
    deal = new_deal()
    deal.apply(Pass(MH))
    deal.apply(Bid(RH, 18))
    rejected(deal, Bid(MH, 20))
    rejected(deal, Hold(MH))
    deal.apply(Hold(FH))
    rejected(deal, Bid(MH, 20))
    # RH passes: the auction is over and RH cannot bid afterwards
    deal.apply(Pass(RH))
    assert (deal.declarer, deal.bid, deal.phase) == (FH, 18, Phase.SKAT)
    rejected(deal, Bid(RH, 20))
    rejected(deal, Bid(MH, 20))
    assert deal.auction.passed == [False, True, True]


# ---------------------------------------------------------------- declaration

# MH: CJ SJ SA ST SK SQ S9 HA HT D7, skat C7 D8; FH and RH get the rest
BD8_MH = "CJ SJ SA ST SK SQ S9 HA HT D7"
BD8_SKAT = "C7 D8"


def bd8_cards() -> DealtCards:
    rest = cards_of(FULL_DECK & ~m(BD8_MH) & ~m(BD8_SKAT))
    return DealtCards((mask(rest[:10]), m(BD8_MH), mask(rest[10:])), m(BD8_SKAT))


def mh_declares(profile: RuleProfile, contract: Contract, bid: int = 30) -> Deal:
    deal = Deal(DealSetup(profile, bd8_cards()))
    for a in (Bid(MH, bid), Pass(FH), Pass(RH)):
        deal.apply(a)
    deal.apply(PickUp(MH))
    deal.apply(Discard(MH, tuple(parse_cards(["C7", "D8"]))))
    deal.apply(Declare(MH, contract))
    return deal


SPADES = Contract(GameType.SPADES)
GRAND = Contract(GameType.GRAND)


def test_bd8_texas_may_change_the_game_before_the_first_card() -> None:
    """RULES.md §4.7 BD8 (S1 Rule 7 Sec 2): Texas: the declarer announces Spades, then Grand
    before the first card → accepted; the value must still reach the bid; after the first
    card no change."""
    deal = mh_declares(TEXAS, SPADES)
    assert deal.phase == Phase.PLAY
    deal.apply(Declare(MH, GRAND))
    assert deal.contract == GRAND
    assert deal.game == GameType.GRAND
    # Diamonds with 2 = 27 < bid 30: rejected, still Grand
    rejected(deal, Declare(MH, Contract(GameType.DIAMONDS)), InvalidContract)
    # Null (Texas 20) < 30: rejected
    rejected(deal, Declare(MH, Contract(GameType.NULL)), InvalidContract)
    # the skat was picked up: no change to a Hand game
    rejected(deal, Declare(MH, Contract(GameType.SPADES, hand=True)), InvalidContract)
    # a defender cannot change the declarer's game
    rejected(deal, Declare(FH, SPADES))
    deal.apply(Declare(MH, Contract(GameType.HEARTS)))  # Hearts with 2 = 30 = bid: fine
    assert deal.contract.game == GameType.HEARTS
    deal.apply(Play(FH, cards_of(deal.legal_cards(FH))[0]))
    rejected(deal, Declare(MH, GRAND))


@pytest.mark.parametrize("profile", [ISKO, PRE1999, HOUSE])
def test_bd8_no_change_outside_texas(profile: RuleProfile) -> None:
    """RULES.md §4.7 BD8 (S0 ISkO 3.4.7; A-P5): a valid declaration is final in ISkO,
    pre-1999 and house rules: Spades, then Grand before the first card → rejected."""
    deal = mh_declares(profile, SPADES)
    assert deal.phase == Phase.PLAY
    rejected(deal, Declare(MH, GRAND))
    assert deal.contract == SPADES
    assert not any(isinstance(a, Declare) for a in deal.legal_actions(MH))


def test_bd9_invalid_declaration_corrected_within_the_same_game() -> None:
    """RULES.md §4.7 BD9 (S0 ISkO 3.4.5): after a pickup at 18 the declarer says "Hearts Hand":
    invalid. It may be corrected to Hearts only, not to another suit, Grand or Null."""
    deal = Deal(DealSetup(ISKO, bd8_cards()))
    for a in (Bid(MH, 18), Pass(FH), Pass(RH)):
        deal.apply(a)
    deal.apply(PickUp(MH))
    deal.apply(Discard(MH, tuple(parse_cards(["C7", "D8"]))))
    deal.apply(Declare(MH, Contract(GameType.HEARTS, hand=True)))  # not penalised
    assert deal.phase == Phase.DECLARE
    assert deal.contract is None
    assert deal.correction_game == GameType.HEARTS
    for k in (
        Contract(GameType.SPADES),
        Contract(GameType.CLUBS),
        Contract(GameType.DIAMONDS),
        GRAND,
        Contract(GameType.NULL),
        Contract(GameType.NULL, ouvert=True),
        Contract(GameType.HEARTS, hand=True),
    ):
        rejected(deal, Declare(MH, k), InvalidContract)
    offered = deal.legal_actions(MH)
    assert offered
    assert all(isinstance(a, Declare) and a.contract.game == GameType.HEARTS for a in offered)
    assert all(not a.contract.hand for a in offered)
    deal.apply(Declare(MH, Contract(GameType.HEARTS)))
    assert deal.phase == Phase.PLAY
    assert deal.contract == Contract(GameType.HEARTS)


def test_bd9_texas_rejects_hand_after_pickup() -> None:
    """RULES.md §2.3 VALIDATE: Hand after a pickup is invalid in every profile; Texas (which may
    change the game anyway) simply rejects it and leaves the choice open."""
    deal = Deal(DealSetup(TEXAS, bd8_cards()))
    for a in (Bid(MH, 18), Pass(FH), Pass(RH)):
        deal.apply(a)
    deal.apply(PickUp(MH))
    deal.apply(Discard(MH, tuple(parse_cards(["C7", "D8"]))))
    rejected(deal, Declare(MH, Contract(GameType.HEARTS, hand=True)), InvalidContract)
    assert deal.correction_game is None
    deal.apply(Declare(MH, SPADES))
    assert deal.phase == Phase.PLAY


def test_declared_game_below_bid_is_lost_as_overbid() -> None:
    """RULES.md §1B row 22 / §2.4 (A01): a game below the bid may be named; it is then lost as
    overbid (here Spades with 2 at bid 40 = 33 → floor 44 → conceded −88)."""
    deal = mh_declares(ISKO, SPADES, bid=40)
    assert deal.phase == Phase.PLAY
    deal.apply(Concede(MH))
    assert deal.result.game.value == 44
    assert deal.result.scores == (0, -88, 0)
