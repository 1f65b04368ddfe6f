"""SeatView.from_dict is the exact inverse of to_dict (a LAN client rebuilds the views
it is sent), and anything malformed is a ValueError, never another exception."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop.engine.actions import Declare, Double, Pass, Play
from skat_desktop.engine.deal import Deal, DealResult, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS
from skat_desktop.engine.view import SeatView

SCHIEBE = dataclasses.replace(HOUSE, all_pass="schieberamsch", ramsch_grand_hand=True)
PROFILES = (ISKO, TEXAS, PRE1999, HOUSE, SCHIEBE)

RUNS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _choose(rng: random.Random, deal: Deal) -> object:
    """A random legal action: Pass often (to reach Ramsch), ouvert and Kontra often."""
    pos = deal.to_move
    legal = deal.legal_actions(pos)
    others = [
        a for p in range(3) if p != pos for a in deal.legal_actions(p) if isinstance(a, Double)
    ]
    if others and rng.random() < 0.3:
        return rng.choice(others)
    declares = [a for a in legal if isinstance(a, Declare)]
    if declares and not any(isinstance(a, Play) for a in legal):
        ouvert = [a for a in declares if a.contract.ouvert]
        if ouvert and rng.random() < 0.5:
            return rng.choice(ouvert)
    if Pass(pos) in legal and rng.random() < 0.5:
        return Pass(pos)
    return rng.choice(legal)


def _same(view: SeatView, again: SeatView) -> None:
    """Field by field; a result comes back with the fields the JSON carries."""
    for f in dataclasses.fields(SeatView):
        if f.name != "result":
            assert getattr(again, f.name) == getattr(view, f.name), f.name
    if view.result is None:
        assert again.result is None
    else:
        r = view.result
        assert again.result == DealResult(r.kind, r.scores, r.reason)


def _round_trip(deal: Deal, seen: set[str]) -> None:
    for seat in [*range(deal.setup.table_size), None]:
        view = deal.view(seat)
        data = json.loads(json.dumps(view.to_dict()))  # as it comes off the wire
        again = SeatView.from_dict(data, deal.profile)
        assert again.to_dict() == data
        _same(view, again)
        if view.contract is not None and view.contract.ouvert and view.phase == "play":
            seen.add("ouvert")
        if view.legal:
            seen.add("legal")
        if view.original_skat is not None and not deal.finished:
            seen.add("declarer's skat")
    if deal.finished:
        seen.add(deal.result.kind)


def _play(profile, seed: int, size: int, dealer: int, rng: random.Random, seen: set[str]) -> None:
    deal = Deal(DealSetup(profile, deal_from_seed(seed), seed, size, dealer))
    _round_trip(deal, seen)
    while not deal.finished:
        deal.apply(_choose(rng, deal))
        _round_trip(deal, seen)


@RUNS
@given(
    profile=st.sampled_from(PROFILES),
    seed=st.integers(0, 2**64 - 1),
    size=st.sampled_from((3, 4)),
    dealer=st.integers(0, 3),
    moves=st.integers(0, 2**32 - 1),
)
def test_views_of_random_deals_round_trip(profile, seed, size, dealer, moves) -> None:
    _play(profile, seed, size, dealer % size, random.Random(moves), set())


def test_every_kind_of_view_round_trips() -> None:
    """Ouvert play, the declarer's skat, legal lists, games and Ramsch all come by."""
    seen: set[str] = set()
    rng = random.Random(7)
    for n in range(60):
        profile = PROFILES[n % len(PROFILES)]
        size = 3 + n % 2
        _play(profile, n, size, n % size, rng, seen)
    assert {"ouvert", "legal", "declarer's skat", "game", "ramsch"} <= seen


def _finished_view() -> tuple[dict, SeatView]:
    deal = Deal(DealSetup(HOUSE, deal_from_seed(11), 11))
    rng = random.Random(3)
    while not deal.finished:
        deal.apply(_choose(rng, deal))
    view = deal.view(0)
    return view.to_dict(), view


def _playing_view() -> dict:
    """A view in play after the first trick: every field has something in it."""
    for seed in range(100):
        deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
        rng = random.Random(seed)
        while not deal.finished and (deal.phase != "play" or not deal.tricks):
            deal.apply(_choose(rng, deal))
        if not deal.finished:
            return deal.view(deal.to_move).to_dict()
    raise AssertionError("no deal reached its second trick")


def test_result_dealt_and_original_skat_round_trip() -> None:
    data, view = _finished_view()
    assert view.result is not None and view.dealt is not None
    again = SeatView.from_dict(data, HOUSE)
    assert again.dealt == view.dealt and again.original_skat == view.original_skat
    assert again.result.kind == view.result.kind and again.result.scores == view.result.scores
    assert again.to_dict() == data


def _set(path: tuple, value):
    def change(d: dict) -> None:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(key: str):
    return lambda d: d.pop(key)


MALFORMED = {
    "missing hand": _drop("hand"),
    "missing legal": _drop("legal"),
    "seat a bool": _set(("seat",), True),
    "seat out of range": _set(("seat",), 6),
    "position a float": _set(("position",), 1.0),
    "bid negative": _set(("bid",), -18),
    "bid huge": _set(("bid",), 10**30),
    "kontra a string": _set(("kontra",), "1"),
    "unknown card": _set(("hand",), ["XX"]),
    "card as number": _set(("hand",), [3]),
    "card twice": _set(("hand",), ["CJ", "CJ"]),
    "lower-case card": _set(("hand",), ["cj"]),
    "hand not a list": _set(("hand",), "CJ"),
    "phase unknown": _set(("phase",), "sleeping"),
    "two hand sizes": _set(("hand_sizes",), [10, 10]),
    "hand size 13": _set(("hand_sizes",), [13, 10, 10]),
    "auction kind": _set(("auction",), [[0, "raise", 18]]),
    "auction entry short": _set(("auction",), [[0, "bid"]]),
    "trick of two": _set(("tricks",), [{"leader": 0, "cards": ["CJ", "SJ"], "winner": 0}]),
    "trick without winner": _set(("tricks",), [{"leader": 0, "cards": ["CJ", "SJ", "HJ"]}]),
    "eleven tricks": _set(
        ("tricks",), [{"leader": 0, "cards": ["CJ", "SJ", "HJ"], "winner": 0}] * 11
    ),
    "last trick a list": _set(("last_trick",), ["CJ"]),
    "legal action unknown": _set(("legal",), [{"type": "fly", "player": 0}]),
    "legal not objects": _set(("legal",), ["play"]),
    "legal bid a float": _set(("legal",), [{"type": "bid", "player": 0, "value": 18.0}]),
    "contract game": _set(("contract",), {"game": "chess"}),
    "contract a list": _set(("contract",), ["grand"]),
    "picked_up a number": _set(("picked_up",), 0),
    "bock null": _set(("bock",), None),
    "open hands two": _set(("open_hands",), [None, None]),
    "dealt two hands": _set(("dealt",), [[], []]),
    "result kind": _set(("result",), {"kind": "draw", "scores": [0, 0, 0], "reason": ""}),
    "result scores": _set(("result",), {"kind": "game", "scores": [0, 0], "reason": ""}),
    "result reason": _set(("result",), {"kind": "game", "scores": [0, 0, 0], "reason": 5}),
    "result a list": _set(("result",), []),
    "other profile": _set(("profile",), "texas"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_views_are_value_errors(name: str) -> None:
    data = _playing_view()
    SeatView.from_dict(data, ISKO)  # the untouched view is fine
    bad = copy.deepcopy(data)
    MALFORMED[name](bad)
    with pytest.raises(ValueError):
        SeatView.from_dict(bad, ISKO)


@pytest.mark.parametrize("data", [None, [], "view", 5, {}])
def test_not_a_view_is_a_value_error(data) -> None:
    with pytest.raises(ValueError):
        SeatView.from_dict(data, ISKO)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=10,
)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_any_changed_field_is_accepted_or_a_value_error(data) -> None:
    """Whatever a hostile host puts in a field: a view, or a ValueError, nothing else."""
    view = _playing_view()
    key = data.draw(st.sampled_from(sorted(view)))
    view[key] = data.draw(JSON)
    try:
        again = SeatView.from_dict(view, ISKO)
    except ValueError:
        return
    assert again.to_dict()["seat"] == view["seat"]
