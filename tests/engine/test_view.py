"""Seat views (engine/view.py): what each seat may know (RULES.md §5.1, §5.4, §5.11).

Hand-made situations; the random-deal properties in test_properties.py check the same
rules over thousands of deals.
"""

from __future__ import annotations

import json

import pytest

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
from skat_desktop.engine.cards import GameType, card, cards_of, code, mask
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import DealtCards, deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, TEXAS

FH = "CJ SJ HJ CA CT SA ST HA HT DA"
MH = "DJ CK CQ C9 SK SQ S9 HK HQ H9"
RH = "C8 C7 S8 S7 H8 H7 DT DK DQ D9"
SKAT = "D8 D7"


def _cards(fh: str = FH, mh: str = MH, rh: str = RH, skat: str = SKAT) -> DealtCards:
    return DealtCards(
        tuple(mask(card(c) for c in h.split()) for h in (fh, mh, rh)),
        mask(card(c) for c in skat.split()),
    )


def _bid_to_forehand(deal: Deal) -> None:
    for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2)):
        deal.apply(a)


def _json_cards(view) -> set[str]:
    """Every card code anywhere in the JSON form of a view."""
    codes = {code(c) for c in range(32)}
    return codes.intersection(json.dumps(view.to_dict()).split('"'))


def _lowest(deal: Deal) -> None:
    p = deal.to_move
    deal.apply(Play(p, cards_of(deal.legal_cards(p))[0]))


# --------------------------------------------------------------------------- 4-player table


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_sitting_out_dealer_sees_no_hand_and_no_skat(dealer: int) -> None:
    deal = Deal(DealSetup(ISKO, _cards(), None, 4, dealer))
    seats = deal.setup.seats
    assert dealer not in seats and len(set(seats)) == 3

    def check_dealer() -> None:
        v = deal.view(dealer)
        assert v.position is None and v.hand == 0 and v.legal == ()
        assert v.skat is None and v.original_skat is None and v.dealt is None
        assert v.open_hands == (None, None, None)
        played = {code(c) for c in cards_of(v.played)}
        assert _json_cards(v) <= played, "the sitting-out dealer sees unplayed cards"

    for pos in range(3):  # the active seats see their own hands
        assert deal.view(seats[pos]).hand == deal.hands[pos]
    check_dealer()
    _bid_to_forehand(deal)
    check_dealer()
    deal.apply(PickUp(0))
    check_dealer()
    deal.apply(Discard(0, (card("D8"), card("D7"))))
    assert deal.view(seats[0]).skat == mask([card("D8"), card("D7")])
    check_dealer()
    deal.apply(Declare(0, Contract(GameType.GRAND)))
    for _ in range(5):
        _lowest(deal)
        check_dealer()
    while not deal.finished:
        _lowest(deal)
    v = deal.view(dealer)  # after the deal everything is open, to the dealer too
    assert v.dealt == deal.setup.cards.hands and v.original_skat == deal.setup.cards.skat
    assert v.result is deal.result


def test_no_seat_beyond_the_table() -> None:
    deal = Deal(DealSetup(ISKO, _cards(), None, 4, 0))
    with pytest.raises(ValueError):
        deal.view(4)
    with pytest.raises(ValueError):
        Deal(DealSetup(ISKO, _cards())).view(3)


# --------------------------------------------------------------------------- ouvert


def test_ouvert_hand_visible_to_defenders_only_after_the_declaration() -> None:
    deal = Deal(DealSetup(ISKO, _cards()))
    for seat in (1, 2):  # dealer 0: forehand is seat 1
        assert deal.view(seat).open_hands == (None, None, None)
    _bid_to_forehand(deal)
    assert deal.phase == "skat"
    for seat in range(3):
        assert deal.view(seat).open_hands == (None, None, None)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True, ouvert=True)))
    for seat in range(3):
        v = deal.view(seat)
        assert v.open_hands == (deal.hands[0], None, None)
        assert code(card("CJ")) in v.to_dict()["open_hands"][0]
    deal.apply(Play(0, card("CJ")))
    for seat in range(3):
        assert deal.view(seat).open_hands[0] == deal.hands[0]
        assert "CJ" not in deal.view(seat).to_dict()["open_hands"][0]


def test_null_ouvert_after_pickup_shown_only_once_declared() -> None:
    deal = Deal(DealSetup(ISKO, _cards()))
    _bid_to_forehand(deal)
    deal.apply(PickUp(0))
    for seat in (0, 2):  # the defenders: middlehand seat 2, rearhand seat 0
        assert deal.view(seat).open_hands == (None, None, None)
        assert deal.view(seat).hand & deal.hands[0] == 0
    deal.apply(Discard(0, (card("CJ"), card("SJ"))))
    for seat in (0, 2):
        assert deal.view(seat).open_hands == (None, None, None)
    deal.apply(Declare(0, Contract(GameType.NULL, ouvert=True)))
    for seat in (0, 2):
        assert deal.view(seat).open_hands == (deal.hands[0], None, None)
        assert deal.view(seat).skat is None, "the discard stays hidden in an ouvert game"


def test_closed_game_hand_never_open_before_the_end() -> None:
    deal = Deal(DealSetup(ISKO, _cards()))
    _bid_to_forehand(deal)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    while not deal.finished:
        for seat in range(3):
            assert deal.view(seat).open_hands == (None, None, None)
        _lowest(deal)
    assert deal.view(1).open_hands == tuple(deal.hands)


# --------------------------------------------------------------------------- the skat


def test_hand_game_skat_hidden_from_everyone_until_the_end() -> None:
    deal = Deal(DealSetup(ISKO, _cards()))
    _bid_to_forehand(deal)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    while not deal.finished:
        for seat in range(3):
            v = deal.view(seat)
            assert v.skat is None and v.original_skat is None and v.dealt is None
            assert not {"D8", "D7"} & _json_cards(v)
        _lowest(deal)
    for seat in range(3):
        v = deal.view(seat)
        assert v.skat == v.original_skat == mask([card("D8"), card("D7")])
        assert {"D8", "D7"} <= _json_cards(v)


def test_declarer_sees_the_discard_after_pickup_defenders_do_not() -> None:
    deal = Deal(DealSetup(ISKO, _cards()))
    _bid_to_forehand(deal)
    declarer = deal.view(1)  # dealer 0: forehand is seat 1
    assert declarer.skat is None and declarer.original_skat is None
    deal.apply(PickUp(0))
    v = deal.view(1)
    assert v.hand.bit_count() == 12 and v.hand & deal.setup.cards.skat == deal.setup.cards.skat
    for seat in (0, 2):
        assert deal.view(seat).hand & deal.setup.cards.skat == 0
        assert not {"D8", "D7"} & _json_cards(deal.view(seat))
    buried = (card("HT"), card("ST"))
    deal.apply(Discard(0, buried))
    v = deal.view(1)
    assert v.skat == mask(buried)
    assert v.original_skat == deal.setup.cards.skat
    assert v.to_dict()["skat"] == ["ST", "HT"]
    for seat in (0, 2):
        w = deal.view(seat)
        assert w.skat is None and w.original_skat is None
        assert not {"ST", "HT", "D8", "D7"} & _json_cards(w)
    deal.apply(Declare(0, Contract(GameType.GRAND)))
    for _ in range(4):
        _lowest(deal)
        assert deal.view(1).skat == mask(buried)
        assert deal.view(0).skat is None and deal.view(2).skat is None
    while not deal.finished:
        _lowest(deal)
    for seat in range(3):
        assert deal.view(seat).skat == mask(buried)
        assert deal.view(seat).original_skat == deal.setup.cards.skat


def test_schieberamsch_only_the_last_who_put_the_skat_down_sees_it() -> None:
    schiebe = HOUSE.copy("schiebe", "Schieberamsch", all_pass="schieberamsch")
    deal = Deal(DealSetup(schiebe, _cards()))
    for p in (1, 2, 0):
        deal.apply(Pass(p))
    assert deal.phase == "schieben"
    for seat in range(3):
        assert deal.view(seat).skat is None
    deal.apply(PickUp(0))
    passed_on = (card("CA"), card("CT"))
    deal.apply(Discard(0, passed_on))
    assert deal.view(1).skat == mask(passed_on)  # forehand (seat 1)
    assert deal.view(2).skat is None and deal.view(0).skat is None
    deal.apply(Push(1))  # middlehand pushes it on unseen
    assert deal.view(2).skat is None, "a push does not show the skat"
    assert deal.view(1).skat == mask(passed_on)
    deal.apply(PickUp(2))
    assert deal.view(0).hand & mask(passed_on) == mask(passed_on)  # rearhand is seat 0
    assert deal.view(1).skat is None, "the skat is gone from the table"
    low = [c for c in cards_of(deal.hands[2]) if c & 7 != 4][:2]
    deal.apply(Discard(2, (low[0], low[1])))
    assert deal.view(0).skat == mask(low)
    assert deal.view(1).skat is None and deal.view(2).skat is None
    assert deal.phase == "play" and deal.pushes == 1


# --------------------------------------------------------------------------- last trick


def test_last_trick_rule_p10() -> None:
    """Vector P10: trick 4 is viewable by each player until he has played to trick 5."""
    deal = Deal(DealSetup(ISKO, deal_from_seed(2024)))
    _bid_to_forehand(deal)
    deal.apply(PickUp(0))
    deal.apply(next(a for a in deal.legal_actions(0) if isinstance(a, Discard)))
    deal.apply(Declare(0, Contract(GameType.GRAND)))
    seats = deal.setup.seats
    for seat in range(3):
        assert deal.view(seat).last_trick is None, "no trick completed yet"
    for n in range(4):
        for _ in range(3):
            _lowest(deal)
            if len(deal.trick) in (1, 2):
                played = [(deal.leader + i) % 3 for i in range(len(deal.trick))]
                for pos in range(3):
                    expect = None if pos in played or n == 0 else deal.tricks[-1]
                    assert deal.view(seats[pos]).last_trick == expect
    if deal.finished:
        pytest.skip("the deal ended early")
    trick4 = deal.tricks[3]
    assert len(deal.tricks) == 4 and not deal.trick
    for pos in range(3):
        v = deal.view(seats[pos])
        assert v.last_trick == trick4
        assert v.to_dict()["last_trick"]["cards"] == [code(c) for c in trick4[1]]
    order = [(deal.leader + i) % 3 for i in range(3)]
    for i in range(2):
        _lowest(deal)
        for k, pos in enumerate(order):
            seen = deal.view(seats[pos]).last_trick
            assert seen == (None if k <= i else trick4), f"position {pos} after {i + 1} cards"
            assert seen not in deal.tricks[:3], "an earlier trick is never viewable"
    _lowest(deal)
    if not deal.finished:
        for pos in range(3):
            assert deal.view(seats[pos]).last_trick == deal.tricks[4]


# --------------------------------------------------------------------------- legal actions


def test_legal_list_only_for_that_seat() -> None:
    deal = Deal(DealSetup(HOUSE, _cards()))
    seats = deal.setup.seats
    # bidding: only middlehand acts first
    for pos in range(3):
        legal = deal.view(seats[pos]).legal
        assert all(a.player == pos for a in legal)
        assert bool(legal) == (pos == 1)
    _bid_to_forehand(deal)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    # before the first card: forehand plays; the defenders may say Kontra, nothing else
    fh = deal.view(seats[0]).legal
    assert {type(a) for a in fh} >= {Play} and all(a.player == 0 for a in fh)
    assert {c for a in fh if isinstance(a, Play) for c in [a.card]} <= set(cards_of(deal.hands[0]))
    for pos in (1, 2):
        legal = deal.view(seats[pos]).legal
        assert Double(pos, 1) in legal
        assert all(a.player == pos for a in legal)
        assert not any(isinstance(a, Play) for a in legal)
        assert not any(isinstance(a, Double) and a.player != pos for a in legal)
    # JSON: one seat's legal list names only its own cards
    for pos in range(3):
        d = deal.view(seats[pos]).to_dict()
        own = {code(c) for c in cards_of(deal.hands[pos])}
        assert {a["card"] for a in d["legal"] if a["type"] == "play"} <= own


def test_texas_redeclare_offered_to_the_declarer_only() -> None:
    deal = Deal(DealSetup(TEXAS, _cards()))
    _bid_to_forehand(deal)
    deal.apply(Declare(0, Contract(GameType.GRAND, hand=True)))
    assert any(isinstance(a, Declare) for a in deal.view(1).legal)  # forehand, seat 1
    for seat in (0, 2):
        assert not any(isinstance(a, Declare) for a in deal.view(seat).legal)


def test_view_finished_deal_has_no_legal_actions() -> None:
    deal = Deal(DealSetup(ISKO, _cards()))
    for p in (1, 2, 0):
        deal.apply(Pass(p))
    assert deal.finished
    for seat in range(3):
        v = deal.view(seat)
        assert v.legal == () and v.result is deal.result
        assert v.to_dict()["result"]["kind"] == "passed_in"
