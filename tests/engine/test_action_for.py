"""action_for (engine/view.py): each action of the log as a seat may know it (RULES.md
§5.4, §5.11, Schieberamsch §1C row 40); a kibitzer (seat None) sees what a seat that sits
out sees. Random deals through the table controller: tests/app/test_redaction.py."""

from __future__ import annotations

import json

import pytest

from skat_desktop.engine.actions import (
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
    action_to_dict,
)
from skat_desktop.engine.cards import GameType, card, cards_of, code, mask
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.engine.view import action_for, actions_for, seat_view

FH = "CJ SJ HJ CA CT SA ST HA HT DA"
MH = "DJ CK CQ C9 SK SQ S9 HK HQ H9"
RH = "C8 C7 S8 S7 H8 H7 DT DK DQ D9"
SKAT = "D8 D7"
CODES = {code(c) for c in range(32)}


def _cards() -> DealtCards:
    return DealtCards(
        tuple(mask(card(c) for c in h.split()) for h in (FH, MH, RH)),
        mask(card(c) for c in SKAT.split()),
    )


def _cards_in(data) -> set[str]:
    return CODES.intersection(json.dumps(data).split('"'))


def _last(deal: Deal, seat: int | None) -> dict:
    i = len(deal.actions) - 1
    return action_for(deal, deal.actions[i], i, seat)


def _lowest(deal: Deal) -> None:
    p = deal.to_move
    deal.apply(Play(p, cards_of(deal.legal_cards(p))[0]))


BURIED = (card("HT"), card("ST"))


def _declarer_buries(table_size: int = 3, dealer: int = 0) -> Deal:
    deal = Deal(DealSetup(ISKO, _cards(), None, table_size, dealer))
    for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2), PickUp(0), Discard(0, BURIED)):
        deal.apply(a)
    return deal


@pytest.mark.parametrize("table_size", [3, 4])
def test_the_discard_names_its_cards_to_the_declarer_only_until_the_end(table_size: int) -> None:
    deal = _declarer_buries(table_size)
    declarer = deal.setup.seats[0]
    others = [s for s in range(table_size) if s != declarer] + [None]
    assert _last(deal, declarer) == {"type": "discard", "player": 0, "cards": ["HT", "ST"]}
    for seat in others:  # the defenders, a sitting-out dealer, a kibitzer
        assert _last(deal, seat) == {"type": "discard", "player": 0, "cards": None}
    deal.apply(Declare(0, Contract(GameType.GRAND)))
    index = 5
    for _ in range(6):
        _lowest(deal)
        for seat in others:
            assert action_for(deal, deal.actions[index], index, seat)["cards"] is None
            assert not {"ST", "HT"} & _cards_in(actions_for(deal, seat))
    while not deal.finished:
        _lowest(deal)
    for seat in others:  # the deal is over: the skat is turned for everyone
        assert action_for(deal, deal.actions[index], index, seat)["cards"] == ["HT", "ST"]


def test_schieberamsch_passes_are_known_to_whoever_passed_them() -> None:
    schiebe = HOUSE.copy("schiebe", "Schieberamsch", all_pass="schieberamsch")
    deal = Deal(DealSetup(schiebe, _cards()))
    for p in (1, 2, 0):
        deal.apply(Pass(p))
    deal.apply(PickUp(0))
    passed = (card("CA"), card("CT"))
    deal.apply(Discard(0, passed))
    seats = deal.setup.seats
    assert _last(deal, seats[0])["cards"] == ["CA", "CT"]
    for seat in (seats[1], seats[2], None):
        assert _last(deal, seat) == {"type": "discard", "player": 0, "cards": None}
    deal.apply(Push(1))
    for seat in (*seats, None):  # pushing is seen (and doubles the score): public
        assert _last(deal, seat) == {"type": "push", "player": 1}


def test_every_other_action_is_public() -> None:
    """Bids, pick-up, declaration (ouvert too), doublings, cards, concessions, claims."""
    deal = Deal(DealSetup(HOUSE, _cards(), None, 4, 2))
    actions = [
        Bid(1, 18),
        Hold(0),
        Pass(1),
        Pass(2),
        PickUp(0),
        Discard(0, BURIED),
        Declare(0, Contract(GameType.GRAND)),
        Double(1, 1),
        Double(0, 2),
    ]
    for a in actions:
        deal.apply(a)
    _lowest(deal)
    deal.apply(Concede(1))  # a defender gives up
    assert deal.finished
    ouvert = Deal(DealSetup(ISKO, _cards()))
    for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2)):
        ouvert.apply(a)
    ouvert.apply(Declare(0, Contract(GameType.GRAND, hand=True, ouvert=True)))
    for _ in range(21):
        _lowest(ouvert)
    ouvert.apply(Claim(0))
    for d in (deal, ouvert):
        for i, a in enumerate(d.actions):
            if type(a) is Discard:
                continue
            for seat in (*range(d.setup.table_size), None):
                assert action_for(d, a, i, seat) == action_to_dict(a)


def test_a_stale_index_or_a_foreign_seat_is_refused() -> None:
    deal = _declarer_buries()
    discard = deal.actions[5]
    with pytest.raises(ValueError, match="not this Discard"):
        action_for(deal, discard, 4, 0)
    with pytest.raises(ValueError):
        action_for(deal, discard, 6, 0)
    with pytest.raises(ValueError):
        action_for(deal, discard, -1, 0)  # not "the last one": an index of the log
    with pytest.raises(ValueError, match="no seat 3"):
        action_for(deal, discard, 5, 3)


def test_a_kibitzer_sees_what_a_seat_that_sits_out_sees() -> None:
    deal = _declarer_buries(4, 3)  # dealer 3 sits out
    deal.apply(Declare(0, Contract(GameType.GRAND)))
    for _ in range(4):
        _lowest(deal)
    out = seat_view(deal, 3).to_dict()
    kibitzer = seat_view(deal, None).to_dict()
    assert kibitzer["seat"] is None and kibitzer["position"] is None
    assert kibitzer["hand"] == [] and kibitzer["skat"] is None and kibitzer["legal"] == []
    assert {k: v for k, v in kibitzer.items() if k != "seat"} == {
        k: v for k, v in out.items() if k != "seat"
    }
    played = {code(c) for _, cs, _ in deal.tricks for c in cs} | {code(c) for c in deal.trick}
    assert _cards_in(kibitzer) == played
