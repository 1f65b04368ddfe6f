"""The declare panel pre-selects the game the beginner level would declare with the hand
as it is: after the discard the ten cards kept, never a suit the discard emptied."""

from __future__ import annotations

from itertools import combinations

import pytest

from skat_desktop.ai.beginner import BeginnerPlayer
from skat_desktop.engine.actions import Bid, Declare, Discard, Pass, PickUp
from skat_desktop.engine.cards import (
    FULL_DECK,
    JACKS,
    SUIT_MASKS,
    GameType,
    cards_of,
    mask,
    parse_cards,
)
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import DealtCards, deal_from_seed
from skat_desktop.engine.profiles import ISKO, TEXAS
from skat_desktop.gui.panels import DeclarePanel

FH = 0  # forehand (position); the dealer is seat 0, so forehand sits at seat 1


def m(text: str) -> int:
    return mask(parse_cards(text.split()))


def stacked(forehand: str, skat: str) -> DealtCards:
    rest = cards_of(FULL_DECK & ~m(forehand) & ~m(skat))
    return DealtCards((m(forehand), mask(rest[:10]), mask(rest[10:])), m(skat))


def won_auction(cards: DealtCards, bid: int = 18) -> Deal:
    """Middlehand and rearhand pass, forehand bids: forehand is the declarer."""
    deal = Deal(DealSetup(ISKO, cards, dealer=0))
    for a in (Pass(1), Pass(2), Bid(FH, bid)):
        deal.apply(a)
    return deal


def after_discard(cards: DealtCards, discard: str | tuple[int, int], bid: int = 18) -> Deal:
    deal = won_auction(cards, bid)
    deal.apply(PickUp(FH))
    pair = tuple(parse_cards(discard.split())) if isinstance(discard, str) else discard
    deal.apply(Discard(FH, pair))
    return deal


def show(panel: DeclarePanel, deal: Deal, *, hand_game: bool = False) -> Contract | None:
    """What the main window does: the declarer's view and its Declare actions."""
    view = deal.view(deal.setup.seats[FH])
    legal = deal.legal_actions(FH)
    if hand_game:  # "Hand game" before the pick-up offers only the declarations
        legal = [a for a in legal if type(a) is Declare]
    panel.set_turn(view, legal, can_go_back=hand_game)
    return panel.chosen()


def beginners_game(deal: Deal) -> Contract:
    view = deal.view(deal.setup.seats[FH])
    a = BeginnerPlayer(1).choose(view)
    assert type(a) is Declare
    return a.contract


@pytest.fixture
def panel(qtbot) -> DeclarePanel:
    p = DeclarePanel()
    qtbot.addWidget(p)
    p.show()  # Enter presses only a visible button
    return p


def test_six_clubs_trumps_after_putting_two_hearts_away_is_not_hearts(panel) -> None:
    """The report: two hearts in the skat made the old count (hand + skat) pick Hearts,
    and Enter declared it."""
    deal = after_discard(stacked("CJ SJ CA CT CK C9 H7 HK SA DA", "H8 H9"), "H8 H9")
    k = show(panel, deal)
    assert k is not None
    assert k.game in (GameType.CLUBS, GameType.GRAND)
    assert k == beginners_game(deal)
    assert not (k.schneider_announced or k.schwarz_announced or k.ouvert)
    declared = []
    panel.action.connect(declared.append)
    assert panel.press_main()  # Enter
    assert declared == [Declare(FH, k)]


def test_a_null_shaped_hand_pre_selects_null(panel) -> None:
    deal = after_discard(stacked("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8", "SA DA"), "SA DA")
    k = show(panel, deal)
    assert k is not None and k.game == GameType.NULL
    assert k == beginners_game(deal)  # Ouvert only if the beginner would
    assert panel.ouvert.isChecked() == k.ouvert


def test_a_hand_game_before_the_pick_up_is_the_beginners_hand_game(panel) -> None:
    null_hand = won_auction(stacked("C7 C8 C9 S7 S8 S9 H7 H8 D7 D8", "CA SA"))
    k = show(panel, null_hand, hand_game=True)
    assert k is not None and k.game == GameType.NULL and k.hand
    grand_hand = won_auction(stacked("CJ SJ HJ DJ CA CT SA ST HA HT", "C7 S7"))
    k = show(panel, grand_hand, hand_game=True)
    assert k == Contract(GameType.GRAND, hand=True)  # nothing announced
    assert not panel.schneider.isChecked() and not panel.schwarz.isChecked()


def test_a_hopeless_hand_does_not_get_the_suit_it_just_put_away(panel) -> None:
    """With no game to win the beginner names the cheapest loss, here Diamonds, whose
    only card it just discarded: the panel offers another game instead."""
    deal = after_discard(stacked("C7 CT CQ CK S8 S9 SA H9 HQ HK", "SJ DT"), "SJ DT")
    assert beginners_game(deal).game == GameType.DIAMONDS
    k = show(panel, deal)
    assert k is not None and k.game != GameType.DIAMONDS
    assert panel.declare.isEnabled()


def test_never_a_suit_the_discard_emptied(panel) -> None:
    """Every discard of several deals: the pre-selection is the beginner's game, except
    that a suit whose last cards went into the skat is never pre-selected."""
    emptied_seen = 0
    for seed in range(8):
        before = won_auction(deal_from_seed(seed))
        before.apply(PickUp(FH))
        twelve = before.hands[FH]
        assert twelve.bit_count() == 12
        for pair in combinations(cards_of(twelve), 2):
            deal = after_discard(deal_from_seed(seed), pair)
            kept = twelve & ~mask(pair)
            k = show(panel, deal)
            assert k is not None
            emptied = {
                g
                for g in (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
                if mask(pair) & SUIT_MASKS[g] & ~JACKS and not kept & SUIT_MASKS[g] & ~JACKS
            }
            emptied_seen += bool(emptied)
            assert k.game not in emptied, (seed, pair)
            if beginners_game(deal).game not in emptied:
                assert k == beginners_game(deal)
    assert emptied_seen > 50  # the check had cases to look at


def test_a_change_of_game_starts_from_a_game_that_may_be_declared(panel) -> None:
    """Texas: before the first card the declarer may change the game, the declared one
    only with more announced. The panel pre-selected the declared game as it was: "Not
    allowed." and Declare greyed out, the moment it opened."""
    cards = stacked("CJ SJ CA CT CK C9 H7 HK SA DA", "H8 H9")
    deal = Deal(DealSetup(TEXAS, cards, dealer=0))
    for a in (
        Pass(1),
        Pass(2),
        Bid(FH, 18),
        PickUp(FH),
        Discard(FH, tuple(parse_cards(["H8", "H9"]))),
    ):
        deal.apply(a)
    declared = beginners_game(deal)
    deal.apply(Declare(FH, declared))
    changes = [a for a in deal.legal_actions(FH) if type(a) is Declare]
    assert changes and Declare(FH, declared) not in changes
    panel.set_turn(deal.view(deal.setup.seats[FH]), changes, can_go_back=True)
    k = panel.chosen()
    assert k is not None and k != declared
    assert panel.declare.isEnabled()
