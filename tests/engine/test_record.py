"""The JSON game record (docs/game-record.md): round trip, determinism, hostile input.

Every broken or hostile record must be refused with :class:`InvalidRecord` and a
one-line message, never with a stray ``TypeError`` or a silently wrong deal.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from skat_desktop.app.selfplay import selfplay
from skat_desktop.engine.actions import Bid, Declare, Discard, Hold, Pass, PickUp
from skat_desktop.engine.cards import card
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.errors import InvalidRecord
from skat_desktop.engine.profiles import BUILTIN, HOUSE, ISKO, TEXAS
from skat_desktop.engine.record import (
    FORMAT,
    VERSION,
    deal_from_record,
    dumps,
    loads,
    record_from_deal,
)

# --------------------------------------------------------------------------- helpers


def _lines(profile, deals: int, seed: int, table_size: int = 3) -> list[str]:
    return [dumps(record_from_deal(d)) for d in selfplay(profile, deals, seed, table_size)]


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """A finished ISkO suit/grand game with a pickup and a discard (from self-play)."""
    for deal in selfplay(ISKO, 200, 7):
        r = deal.result
        if (
            r.kind == "game"
            and deal.picked_up
            and r.reason == "played out"
            and not r.contract.is_null
        ):
            return record_from_deal(deal)
    raise AssertionError("self-play gave no played-out game with a pickup")


def _refused(rec_or_line: Any, *fragments: str) -> str:
    """Reading must raise InvalidRecord with one readable line mentioning ``fragments``."""
    line = rec_or_line if isinstance(rec_or_line, str) else json.dumps(rec_or_line)
    with pytest.raises(InvalidRecord) as info:
        loads(line)
    msg = str(info.value)
    assert msg and msg == msg.strip(), "the message is empty or padded"
    assert "\n" not in msg, f"not one line: {msg!r}"
    assert not msg.startswith("Traceback")
    for f in fragments:
        assert f.lower() in msg.lower(), f"{f!r} not in {msg!r}"
    return msg


def _changed(rec: dict[str, Any], change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    change(out)
    return out


# --------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("name", sorted(BUILTIN))
@pytest.mark.parametrize("table_size", [3, 4])
def test_round_trip_every_profile(name: str, table_size: int) -> None:
    """dumps -> loads -> record_from_deal -> dumps gives the same bytes, actions, result."""
    for deal in selfplay(BUILTIN[name], 25, 1234 + table_size, table_size):
        line = dumps(record_from_deal(deal))
        again = loads(line)
        assert again.actions == deal.actions
        assert again.result == deal.result
        assert again.setup == deal.setup
        assert dumps(record_from_deal(again)) == line
        assert json.loads(line)["format"] == FORMAT and json.loads(line)["version"] == VERSION


def test_round_trip_unfinished_deal_and_extras() -> None:
    """An unfinished deal has result null and replays to the same state and views."""
    deal = next(iter(selfplay(HOUSE, 1, 99)))
    partial = Deal(deal.setup)
    for a in deal.actions[: len(deal.actions) // 2]:
        partial.apply(a)
    rec = record_from_deal(partial, players=["Anna", "Bernd", "Cem"], extra={"note": "x"})
    assert rec["result"] is None
    line = dumps(rec)
    again = loads(line)
    assert not again.finished
    assert again.actions == partial.actions
    for seat in range(3):
        assert again.view(seat).to_dict() == partial.view(seat).to_dict()
    assert json.loads(line)["table"]["players"] == ["Anna", "Bernd", "Cem"]


def test_record_is_one_compact_line() -> None:
    deal = next(iter(selfplay(TEXAS, 1, 5)))
    line = dumps(record_from_deal(deal))
    assert "\n" not in line and ": " not in line and ", " not in line


def test_hand_entered_deal_without_seed_round_trips() -> None:
    rec = record_from_deal(next(iter(selfplay(ISKO, 1, 3))))
    rec["deal"]["seed"] = None
    again = deal_from_record(rec)
    assert again.setup.seed is None
    assert dumps(record_from_deal(again)) == dumps(rec)


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_selfplay_is_byte_for_byte_reproducible(name: str) -> None:
    """Two self-play runs from one seed write identical records; another seed differs."""
    first = _lines(BUILTIN[name], 30, 2024)
    second = _lines(BUILTIN[name], 30, 2024)
    assert first == second
    assert "\n".join(first).encode() == "\n".join(second).encode()
    assert _lines(BUILTIN[name], 30, 2025) != first


def test_selfplay_four_table_reproducible() -> None:
    first = _lines(HOUSE, 20, 77, table_size=4)
    assert first == _lines(HOUSE, 20, 77, table_size=4)
    dealers = [json.loads(x)["table"]["dealer"] for x in first]
    assert dealers[:4] == [0, 1, 2, 3], "the deal moves on clockwise"


def test_seed_deals_the_documented_cards() -> None:
    """The record's seed re-deals its hands; a record that lies about it is refused."""
    for deal in selfplay(ISKO, 10, 11):
        rec = record_from_deal(deal)
        assert deal_from_seed(rec["deal"]["seed"]) == deal.setup.cards


# --------------------------------------------------------------------------- hostile input


def test_not_json() -> None:
    _refused("{not json", "json")
    _refused("", "json")
    _refused('{"format": "skat-desktop game record", "version": 1', "json")


def test_not_an_object() -> None:
    _refused("[]", "object")
    _refused("42", "object")
    _refused("null", "object")


def test_pathological_json_refused() -> None:
    """Nesting and number sizes that break the JSON reader are refused, not crashed on."""
    _refused("[" * 100_000 + "]" * 100_000)
    _refused('{"version": 1' + "0" * 5000 + "}")


def test_wrong_format(played: dict[str, Any]) -> None:
    _refused(_changed(played, lambda r: r.update(format="chess game record")), "not")
    _refused(_changed(played, lambda r: r.pop("format")), "not")


@pytest.mark.parametrize("version", [0, 2, "1", None, 1.5, True, 1.0])
def test_wrong_version(played: dict[str, Any], version: Any) -> None:
    _refused(_changed(played, lambda r: r.update(version=version)), "version")


@pytest.mark.parametrize("bad", ["CX", "C6", "ZZ", "", 5, None, "CJJ"])
def test_unknown_card(played: dict[str, Any], bad: Any) -> None:
    _refused(_changed(played, lambda r: r["deal"]["hands"][1].__setitem__(3, bad)), "card")
    _refused(_changed(played, lambda r: r["deal"]["skat"].__setitem__(0, bad)), "card")


def test_unknown_card_in_action(played: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        plays = [a for a in r["actions"] if a["type"] == "play"]
        plays[0]["card"] = "Q9"

    _refused(_changed(played, change), "card")


def test_card_twice_across_hands(played: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["deal"]["seed"] = None
        r["deal"]["hands"][1][0] = r["deal"]["hands"][0][0]

    _refused(_changed(played, change), "twice")


def _twin_pair(hand: list[str]) -> tuple[str, str]:
    """Two cards c, c+1 (next rank of one suit) of one hand."""
    nums = {card(c): c for c in hand}
    for n, c in nums.items():
        if n & 7 != 7 and n + 1 in nums:
            return c, nums[n + 1]
    raise AssertionError("no adjacent pair in the hand")


def test_card_twice_in_one_hand(played: dict[str, Any]) -> None:
    """The same card listed twice is refused, also where the list length still looks right."""

    def twice(r: dict[str, Any]) -> None:
        r["deal"]["seed"] = None
        r["deal"]["hands"][0][1] = r["deal"]["hands"][0][0]

    _refused(_changed(played, twice), "twice")

    # c listed three times instead of c and c+1: eleven entries, but 3 x 2^c = 2^c + 2^(c+1)
    # would rebuild the original hand if the entries were added up instead of collected.
    def thrice(r: dict[str, Any]) -> None:
        hand = r["deal"]["hands"][0]
        c, nxt = _twin_pair(hand)
        hand.remove(nxt)
        hand.extend([c, c])

    _refused(_changed(played, thrice), "twice")


def test_eleven_cards(played: dict[str, Any]) -> None:
    def eleven(r: dict[str, Any]) -> None:
        r["deal"]["seed"] = None
        r["deal"]["hands"][0].append(r["deal"]["skat"].pop())

    _refused(_changed(played, eleven), "10 cards")
    _refused(_changed(played, lambda r: r["deal"]["hands"][2].pop()), "10 cards")
    _refused(_changed(played, lambda r: r["deal"]["hands"].append([])), "three")
    _refused(_changed(played, lambda r: r["deal"].update(hands="CJ SJ")), "hands")


def test_seed_not_matching_hands(played: dict[str, Any]) -> None:
    def swap(r: dict[str, Any]) -> None:
        h = r["deal"]["hands"]
        h[0][0], h[1][0] = h[1][0], h[0][0]

    _refused(_changed(played, swap), "seed")
    _refused(_changed(played, lambda r: r["deal"].update(seed=played["deal"]["seed"] + 1)), "seed")
    _refused(_changed(played, lambda r: r["deal"].update(seed="4711")), "seed")
    _refused(_changed(played, lambda r: r["deal"].update(seed=True)), "seed")


def test_illegal_action_sequence(played: dict[str, Any]) -> None:
    acts = played["actions"]
    plays = [i for i, a in enumerate(acts) if a["type"] == "play"]
    # a card before the bidding
    _refused(_changed(played, lambda r: r["actions"].insert(0, acts[plays[0]])), "action 1")
    # two cards of one trick swapped (the wrong player on turn)
    i = plays[0]

    def swap(r: dict[str, Any]) -> None:
        r["actions"][i], r["actions"][i + 1] = r["actions"][i + 1], r["actions"][i]

    _refused(_changed(played, swap), f"action {i + 1}")
    # an action after the end
    _refused(
        _changed(played, lambda r: r["actions"].append({"type": "pass", "player": 0})),
        f"action {len(acts) + 1}",
        "over",
    )

    # a card the player does not hold
    def foreign(r: dict[str, Any]) -> None:
        a = r["actions"][i]
        other = (a["player"] + 1) % 3
        a["card"] = r["deal"]["hands"][other][0]

    _refused(_changed(played, foreign))
    # a bid that is no game value
    first_bid = next(k for k, a in enumerate(acts) if a["type"] == "bid")
    _refused(
        _changed(played, lambda r: r["actions"][first_bid].update(value=19)),
        f"action {first_bid + 1}",
    )
    # the actions stop before the end but a result is stored
    _refused(_changed(played, lambda r: r["actions"].pop()), "finish")


@pytest.mark.parametrize(
    "field, value",
    [
        ("scores", [999, 0, 0]),
        ("won", None),  # flipped below
        ("value", 1000),
        ("score", 1),
        ("declarer_points", 120),
        ("levels", ["game", "hand"]),
        ("reason", "conceded by the declarer"),
        ("kind", "ramsch"),
    ],
)
def test_stored_result_tampered(played: dict[str, Any], field: str, value: Any) -> None:
    if field == "won":
        value = not played["result"]["won"]
    _refused(_changed(played, lambda r: r["result"].update({field: value})), "result")


def test_result_of_a_passed_in_deal_tampered() -> None:
    for deal in selfplay(ISKO, 100, 8):
        if deal.result.kind == "passed_in":
            rec = record_from_deal(deal)
            deal_from_record(rec)
            _refused(_changed(rec, lambda r: r["result"].update(scores=[0, 0, -1])), "result")
            return
    raise AssertionError("no passed-in deal in 100")


@pytest.mark.parametrize(
    "action",
    [
        {"type": "jump", "player": 0},
        {"type": "PLAY", "player": 0, "card": "CJ"},
        {"type": None, "player": 0},
        {"player": 0},
        {"type": "play", "player": 3, "card": "CJ"},
        {"type": "play", "player": True, "card": "CJ"},
        {"type": "play", "player": 0},
        {"type": "bid", "player": 1, "value": "18"},
        {"type": "discard", "player": 0, "cards": ["CJ"]},
        {"type": "declare", "player": 0, "contract": {"game": "ramsch"}},
        {"type": "declare", "player": 0, "contract": {"game": "clubs", "hand": "yes"}},
        "pass",
        ["pass", 0],
    ],
)
def test_unknown_or_malformed_action(played: dict[str, Any], action: Any) -> None:
    _refused(_changed(played, lambda r: r["actions"].insert(0, action)))


def test_unknown_action_type_message(played: dict[str, Any]) -> None:
    jump = {"type": "jump", "player": 0}
    msg = _refused(_changed(played, lambda r: r["actions"].insert(0, jump)))
    assert "jump" in msg


@pytest.mark.parametrize(
    "change, fragment",
    [
        ({"all_pass": "sometimes"}, "all_pass"),
        ({"no_such_option": 1}, "no_such_option"),
        ({"kontra": "yes"}, "kontra"),
        ({"grand_base": 30}, "grand_base"),
        ({"grand_base": 24.0}, "grand_base"),
        ({"kontra_max_level": 9}, "kontra_max_level"),
        ({"kontra_max_level": True}, "kontra_max_level"),
        ({"table_sizes": [2]}, "table"),
        ({"bock_triggers": ["full_moon"]}, "bock"),
        ({"bock_triggers": 5}, ""),
        ({"suit_base": "abcd"}, "suit_base"),
        ({"suit_base": [12, 11]}, "suit_base"),
        ({"null_values": ["a", "b", "c", "d"]}, "null_values"),
        ({"stake_cents_per_point": "lots"}, "stake_cents_per_point"),
    ],
)
def test_bad_profile_option(played: dict[str, Any], change: dict, fragment: str) -> None:
    _refused(_changed(played, lambda r: r["profile"].update(change)), fragment)


def test_bad_profile_shape(played: dict[str, Any]) -> None:
    _refused(_changed(played, lambda r: r.update(profile="isko")), "profile")
    _refused(_changed(played, lambda r: r.pop("profile")), "profile")


@pytest.mark.parametrize(
    "table",
    [
        {"size": 2, "dealer": 0},
        {"size": 7, "dealer": 0},
        {"size": 3, "dealer": 3},
        {"size": 3, "dealer": -1},
        {"size": "3", "dealer": 0},
        {"size": 3},
    ],
)
def test_bad_table(played: dict[str, Any], table: dict) -> None:
    _refused(_changed(played, lambda r: r.update(table=table)))


def test_bad_sections(played: dict[str, Any]) -> None:
    _refused(_changed(played, lambda r: r.update(actions={"0": "bid"})), "actions")
    _refused(_changed(played, lambda r: r.update(context=["bock"])), "context")
    _refused(_changed(played, lambda r: r.pop("deal")), "deal")


def test_valid_record_is_accepted(played: dict[str, Any]) -> None:
    """The refusals above are about the changes, not the record itself."""
    deal = loads(json.dumps(played))
    assert deal.finished
    assert dumps(record_from_deal(deal)) == dumps(played)


def test_record_of_texas_redeclaration_round_trips() -> None:
    """A Texas record may hold a second declare before the first card (docs)."""
    for seed in range(300):
        deal = Deal(DealSetup(TEXAS, deal_from_seed(seed), seed))
        for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2), PickUp(0)):
            deal.apply(a)
        deal.apply(next(a for a in deal.legal_actions(0) if isinstance(a, Discard)))
        deal.apply(next(a for a in deal.legal_actions(0) if isinstance(a, Declare)))
        redeclares = [a for a in deal.legal_actions(0) if isinstance(a, Declare)]
        if not redeclares:
            continue
        deal.apply(redeclares[-1])
        assert deal.contract == redeclares[-1].contract
        again = loads(dumps(record_from_deal(deal)))
        assert again.contract == deal.contract and again.actions == deal.actions
        # the same second declare is refused under the ISkO
        rec = record_from_deal(deal)
        rec["profile"] = ISKO.to_dict()
        _refused(rec, f"action {len(deal.actions)}")
        return
    raise AssertionError("no Texas deal allowed a redeclaration")
