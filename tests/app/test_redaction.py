"""What leaves the host: every event and every view, as JSON, for every seat and for a
kibitzer, names no card that seat may not know at that moment (ARCHITECTURE §1).

"May know" is worked out here from the moves alone, not from engine/view.py: the cards
a seat has held (its hand, the skat once it picked it up, hence its own discard or
Schieberamsch pass), the cards played, an ouvert declarer's hand once declared, and
everything once the deal is over. Random deals through the table controller in every
built-in profile and a Schieberamsch house copy, at 3 and 4 seats, with ouvert games,
claims, concessions, Kontra and Re, practice undos and computers that fail.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skat_desktop.app.table as table_mod
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.redaction import event_for
from skat_desktop.app.table import (
    PLAYER_FAILURES,
    ActionApplied,
    ComputerTurn,
    DealFinished,
    DealOver,
    DealsStored,
    DealStarted,
    HumanTurn,
    PlayerFailed,
    SeatSpec,
    SeriesFinished,
    SeriesOver,
    StoreFailed,
    TableController,
)
from skat_desktop.engine.actions import Claim, Concede, Declare, Discard, Double, Pass, Play
from skat_desktop.engine.cards import FULL_DECK, card, code
from skat_desktop.engine.deal import Deal, Phase
from skat_desktop.engine.profiles import BUILTIN, HOUSE

SCHIEBE = HOUSE.copy(
    "house_schieben",
    "House with Schieberamsch",
    all_pass="schieberamsch",
    ramsch_grand_hand=True,
    bock_ramsch_round=True,
)
PROFILES = {**BUILTIN, SCHIEBE.name: SCHIEBE}
NAMES = ("Anna", "Ben", "Cleo", "Dora")
CARD = re.compile(r"(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])")
REPR = re.compile(r"card=|cards=\(|\b(Play|Discard|Declare|PickUp)\(")


def cards_in(data) -> int:
    """Every card named anywhere in ``data``'s JSON, as a mask."""
    text = json.dumps(data)
    assert not REPR.search(text), f"a Python repr leaves the host: {text}"
    m = 0
    for c in CARD.findall(text):
        m |= 1 << card(c)
    return m


def names(m: int) -> list[str]:
    return [code(c) for c in range(32) if m >> c & 1]


class Knowledge:
    """What each seat of one deal may know, replayed here move by move."""

    def __init__(self, deal: Deal, before: Knowledge | None = None):
        self.deal = deal
        self.shadow = Deal(deal.setup)
        self.held = list(self.shadow.hands)  # per position: every card it ever held
        self.public = 0
        self.revealed = False  # the cards were all shown once
        if before is not None and before.deal.setup is deal.setup:
            # a practice undo (or replay) of the same cards: what was seen stays known
            self.held = [a | b for a, b in zip(self.held, before.held, strict=True)]
            self.public = before.public
            self.revealed = before.revealed or before.shadow.finished

    def catch_up(self) -> None:
        s = self.shadow
        for a in self.deal.actions[len(s.actions) :]:
            s.apply(a)
            for p in range(3):
                self.held[p] |= s.hands[p]
            if type(a) is Play:
                self.public |= 1 << a.card
            ouvert = s.contract is not None and s.contract.ouvert and s.phase == Phase.PLAY
            if type(a) is Declare and ouvert:
                self.public |= s.hands[s.declarer]

    def may_know(self, seat: int | None) -> int:
        if self.shadow.finished or self.revealed:
            return FULL_DECK
        seats = self.deal.setup.seats
        own = self.held[seats.index(seat)] if seat in seats else 0
        return self.public | own


@dataclass
class Style:
    """How the test's humans play: random legal moves, bent towards the rare cases."""

    rng: random.Random
    pass_all: float = 0.3  # the whole bidding of a deal passes: Ramsch, Schieberamsch
    ouvert: float = 0.3
    claim: float = 0.3  # once a hand is down to four cards
    concede: float = 0.02
    double: float = 0.3
    undo: float = 0.0  # practice: take back the last card

    def choose(self, need: HumanTurn, passing: bool):
        rng = self.rng
        legal = list(need.legal)
        if need.interjection:
            return legal[0] if rng.random() < self.double else None
        plays = [a for a in legal if type(a) is Play]
        if plays:
            if need.view.hand.bit_count() <= 4 and rng.random() < self.claim:
                claims = [a for a in legal if type(a) is Claim]
                if claims:
                    return claims[0]
            extras = [a for a in legal if type(a) in (Concede, Double)]
            if extras and rng.random() < self.concede:
                return rng.choice(extras)
            return rng.choice(plays)
        if passing and any(type(a) is Pass for a in legal):
            return next(a for a in legal if type(a) is Pass)
        declares = [a for a in legal if type(a) is Declare]
        ouverts = [a for a in declares if a.contract.ouvert]
        if ouverts and rng.random() < self.ouvert:
            return rng.choice(ouverts)
        if declares and rng.random() < 0.5:
            return rng.choice(declares)
        return rng.choice(legal)


class Cheating:
    """A computer that now and then tries a card it does not hold (someone else's, or
    one in the skat), an impossible discard, or a concession the rules refuse."""

    name = "cheating"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.inner = RandomPlayer(random.Random(seed))

    def choose(self, view, cancel=None):
        rng = self.rng
        if any(type(a) is Play for a in view.legal) and rng.random() < 0.3:
            unseen = [c for c in range(32) if not (view.hand | view.played) >> c & 1]
            return Play(view.position, rng.choice(unseen))
        if view.phase == "play" and rng.random() < 0.05:
            return Concede(view.position)  # refused by the engine unless it is allowed now
        if any(type(a) is Discard for a in view.legal) and rng.random() < 0.5:
            outside = [c for c in range(32) if not view.hand >> c & 1]
            return Discard(view.position, (outside[0], outside[1]))
        return self.inner.choose(view, cancel)

    def wants_interjection(self, view):
        return self.inner.wants_interjection(view)


def fake_make_player(kind: str, seed: int = 0):
    return Cheating(seed) if kind == "cheating" else make_player(kind, seed)


class Table:
    """A controller with a listener for every seat and a kibitzer, checked after each step."""

    def __init__(self, profile, kinds, seed: int, deals: int, style: Style, practice=False):
        specs = [
            SeatSpec.human(NAMES[i]) if k == "human" else SeatSpec.computer(k)
            for i, k in enumerate(kinds)
        ]
        self.ctl = TableController(
            profile, specs, seed=seed, deals_planned=deals, practice=practice
        )
        self.style = style
        self.listeners = (*range(len(kinds)), None)
        self.heard: dict[int | None, list[dict]] = {s: [] for s in self.listeners}
        self.next_index: dict[int | None, int] = dict.fromkeys(self.listeners, 0)
        for seat in self.listeners:
            self.ctl.add_seat_listener(seat, self.heard[seat].append)
        self.knowledge: Knowledge | None = None
        self.passing = False
        self.undone = False
        self.failures = 0
        self.applied = 0

    def knows(self) -> Knowledge:
        deal = self.ctl.deal
        if self.knowledge is None or self.knowledge.deal is not deal:
            self.knowledge = Knowledge(deal, self.knowledge)  # a new deal, or an undo
        self.knowledge.catch_up()
        return self.knowledge

    def step(self) -> bool:
        ctl = self.ctl
        need = ctl.request()
        if isinstance(need, SeriesOver):
            return False
        if isinstance(need, DealOver):
            ctl.start_deal()
            self.passing = self.style.rng.random() < self.style.pass_all
            self.undone = False
        elif isinstance(need, ComputerTurn):
            self.check_view(need.seat, need.view.to_dict())
            assert ctl.submit(ctl.think(need))
        else:
            self.check_view(need.seat, need.view.to_dict())
            action = self.style.choose(need, self.passing)
            if action is None:
                ctl.decline(need.seat)
            else:
                ctl.apply(action)
                if (
                    type(action) is Play
                    and ctl.practice
                    and not self.undone
                    and self.style.rng.random() < self.style.undo
                ):
                    self.check()  # the card was seen before it is taken back
                    self.undone = True
                    ctl.undo_last_card(need.seat)
        self.check()
        return True

    def check_view(self, seat: int | None, data: dict) -> None:
        known = self.knows().may_know(seat)
        leak = cards_in(data) & ~known
        assert not leak, f"the view of seat {seat} shows {names(leak)}"

    def check(self) -> None:
        knowledge = self.knows()
        for seat in self.listeners:
            self.check_view(seat, self.ctl.view_for(seat).to_dict())
            known = knowledge.may_know(seat)
            for packet in self.heard[seat]:
                json.loads(json.dumps(packet))  # plain JSON data
                leak = cards_in(packet) & ~known
                assert not leak, f"seat {seat} heard {names(leak)} in {packet}"
                self.check_order(seat, packet)
            self.heard[seat].clear()

    def check_order(self, seat: int | None, packet: dict) -> None:
        kind = packet["event"]
        assert kind not in ("store_failed", "deals_stored")
        if kind == "deal_started":
            self.next_index[seat] = 0
        elif kind == "actions_undone":
            self.next_index[seat] -= packet["count"]
        elif kind == "action_applied":
            assert packet["index"] == self.next_index[seat], "an action overtook another"
            self.next_index[seat] += 1
            if seat is None:
                self.applied += 1
        elif kind == "player_failed":
            assert packet["code"] in PLAYER_FAILURES, packet
            assert not cards_in(packet), f"a failure names a card: {packet}"
            assert packet["params"]["seat"] == packet["seat"]
            if seat is None:
                self.failures += 1


def play(profile, kinds, seed: int, deals: int, style: Style, practice: bool) -> Table:
    """A whole series at a checked table (computers that cheat included)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(table_mod, "make_player", fake_make_player)
        table = Table(profile, kinds, seed, deals, style, practice)
        while table.step():
            pass
    return table


def kinds_for(rng: random.Random, size: int) -> list[str]:
    kinds = [rng.choice(("human", "human", "random", "cheating")) for _ in range(size)]
    if "human" not in kinds:
        kinds[rng.randrange(size)] = "human"
    return kinds


# ---------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(PROFILES)),
    size=st.sampled_from([3, 4]),
    seed=st.integers(0, 2**32),
    practice=st.booleans(),
    pass_all=st.sampled_from([0.0, 0.3, 1.0]),
    ouvert=st.sampled_from([0.0, 0.5, 1.0]),
    claim=st.sampled_from([0.0, 0.5]),
)
def test_no_seat_ever_hears_or_sees_a_card_it_may_not_know(
    name, size, seed, practice, pass_all, ouvert, claim
):
    rng = random.Random(seed)
    style = Style(rng, pass_all=pass_all, ouvert=ouvert, claim=claim, undo=0.1)
    table = play(PROFILES[name], kinds_for(rng, size), seed, 2, style, practice)
    assert table.applied and len(table.ctl.entries) == 2


@pytest.mark.parametrize("chunk", range(8))
def test_a_seeded_sweep_of_200_deals_leaks_nothing(chunk):
    """25 deals per chunk, each chunk a few tables: profiles, sizes and seats by seed."""
    deals = 0
    for table_no in range(5):
        seed = chunk * 1000 + table_no
        rng = random.Random(seed)
        name = sorted(PROFILES)[seed % len(PROFILES)]
        style = Style(rng, pass_all=0.25, ouvert=0.4, claim=0.4, undo=0.05)
        table = play(PROFILES[name], kinds_for(rng, 3 + table_no % 2), seed, 5, style, True)
        deals += len(table.ctl.entries)
    assert deals == 25


# ---------------------------------------------------------------------- the cases themselves


def computer_series(odd, kinds, seed: int, deals: int):
    """A series of computers, ``odd(seed)`` at the seats of kind "odd"; returns the
    failures as this process hears them and everything seat 1 hears."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(
            table_mod,
            "make_player",
            lambda kind, seed=0: odd(seed) if kind == "odd" else make_player(kind, seed),
        )
        specs = [SeatSpec.computer(k) for k in kinds]
        ctl = TableController(BUILTIN["isko"], specs, seed=seed, deals_planned=deals)
        heard: list[dict] = []
        failed: list[PlayerFailed] = []
        ctl.add_seat_listener(1, heard.append)
        ctl.add_listener(lambda e: failed.append(e) if isinstance(e, PlayerFailed) else None)
        while not isinstance(need := ctl.request(), SeriesOver):
            if isinstance(need, DealOver):
                ctl.start_deal()
            else:
                assert ctl.submit(ctl.think(need))
    return failed, [p for p in heard if p["event"] == "player_failed"]


class AlwaysCheating(Cheating):
    name = "odd"

    def choose(self, view, cancel=None):
        if any(type(a) is Play for a in view.legal):
            unseen = [c for c in range(32) if not (view.hand | view.played) >> c & 1]
            return Play(view.position, unseen[0])  # another hand's card, or the skat's
        return self.inner.choose(view, cancel)


def test_a_computers_illegal_card_is_told_by_code_without_the_card():
    """The old message was built from repr(action): it named the card the computer
    tried, a card of another hand or of the skat, and went to every seat."""
    failed, told = computer_series(AlwaysCheating, ["odd", "random", "random"], 3, 3)
    assert failed, "the cheating computer never had to play"
    text = "the odd player at seat 1 chose an illegal action"
    for e in failed:
        assert (e.code, e.params, e.detail) == (
            "computer_illegal_action",
            {"seat": 0, "level": "odd"},
            None,
        )
        assert e.message == text
    assert len(told) == len(failed)
    assert told[0] == {
        "event": "player_failed",
        "seat": 0,
        "code": "computer_illegal_action",
        "params": {"seat": 0, "level": "odd"},
        "message": text,
    }


def test_failures_name_only_the_seat_and_the_level():
    # another program is named "external", without the host's command line
    assert table_mod._level("external:/usr/bin/engine --key secret") == "external"
    assert table_mod._level("standard(max_worlds=8)") == "standard"
    e = PlayerFailed(2, "computer_refused_action", {"seat": 2, "level": "standard"})
    assert e.message == (
        "the rules refused the move of the standard player at seat 3; a fallback was played"
    )
    assert PlayerFailed(0, "computer_missing", {"seat": 0}).message == (
        "seat 1 has no computer player"
    )
    assert PlayerFailed(1, "computer_error", {"seat": 1, "level": "beginner"}).message == (
        "the beginner player at seat 2 failed"
    )


@pytest.mark.parametrize(
    ("error", "detail"),
    [
        ("out of cheese", "out of cheese"),
        ("no good lead with C7", None),  # it names a card of its own hand
        ("Play(player=0, card=5) failed", None),
    ],
)
def test_an_errors_own_sentence_stays_on_the_host_and_never_names_a_card(error, detail):
    class Raising:
        name = "odd"

        def __init__(self, seed: int):
            pass

        def choose(self, view, cancel=None):
            raise RuntimeError(error)

        def wants_interjection(self, view):
            raise RuntimeError(error)

    failed, told = computer_series(Raising, ["random", "odd", "random"], 2, 1)
    default = "the odd player at seat 2 failed"
    assert failed and all(e.detail == detail for e in failed)
    assert failed[0].message == (f"{default}: {detail}" if detail else default)
    assert len(told) == len(failed)
    assert all(p["message"] == default and error not in json.dumps(p) for p in told)


def test_a_refused_concession_is_reported_without_the_engines_sentence():
    class Conceding(Cheating):
        def choose(self, view, cancel=None):
            if view.phase == "play" and not any(type(a) is Concede for a in view.legal):
                return Concede(view.position)  # plausible, so the engine is asked, and refuses
            return self.inner.choose(view, cancel)

    failed, told = computer_series(Conceding, ["odd", "random", "random"], 5, 4)
    refused = [e for e in failed if e.code == "computer_refused_action"]
    assert refused, "no concession was refused"
    assert all(e.params == {"seat": 0, "level": "odd"} and e.detail is None for e in refused)
    assert all("concede" not in p["message"] for p in told)


def test_store_events_stay_on_the_host_and_the_rest_is_json():
    deal = None
    assert (
        event_for(StoreFailed("deal 3 could not be stored: /home/anna/skat.db", 1), 0, deal) is None
    )
    assert event_for(DealsStored((1, 2)), None, deal) is None
    assert event_for(SeriesFinished((10, -20, 30)), None, deal) == {
        "event": "series_finished",
        "totals": [10, -20, 30],
    }
    assert event_for(DealStarted(1, 0, (1, 2, 0)), 2, deal)["seats"] == [1, 2, 0]
    with pytest.raises(TypeError):
        event_for(object(), 0, deal)


@pytest.mark.parametrize("caller", ["process", "seat"])
def test_every_listener_hears_the_tables_order_when_one_calls_back(caller):
    """A listener that deals the next cards as soon as a deal ends makes a DealStarted
    inside the delivery of DealFinished: every other listener still hears it after."""
    ctl = TableController(
        BUILTIN["isko"],
        [SeatSpec.computer("random") for _ in range(3)],
        seed=11,
        deals_planned=3,
    )

    def deal_on(finished: bool) -> None:
        if finished and not ctl.series.finished:
            ctl.start_deal()

    if caller == "seat":
        ctl.add_seat_listener(2, lambda p: deal_on(p["event"] == "deal_finished"))
    else:
        ctl.add_listener(lambda e: deal_on(isinstance(e, DealFinished)))
    seat: list[str] = []
    process: list[str] = []
    ctl.add_seat_listener(0, lambda p: seat.append(p["event"]))
    ctl.add_listener(lambda e: process.append(type(e).__name__))
    ctl.start_deal()
    while not isinstance(need := ctl.request(), SeriesOver):
        assert ctl.submit(ctl.think(need))
    for heard, ended, dealt in (
        (seat, "deal_finished", "deal_started"),
        (process, "DealFinished", "DealStarted"),
    ):
        finished = [i for i, kind in enumerate(heard) if kind == ended]
        started = [i for i, kind in enumerate(heard) if kind == dealt]
        assert len(finished) == 3 and len(started) == 3
        assert all(heard[i - 1] == ended for i in started[1:]), heard
        assert heard[-1] in ("series_finished", "SeriesFinished")


def _until_a_discard(seed: int):
    """A computer deal played until its declarer has buried two cards (None: no one did)."""
    specs = [SeatSpec.computer("random") for _ in range(3)]
    ctl = TableController(BUILTIN["isko"], specs, seed=seed, deals_planned=1)
    heard: dict[int | None, list[dict]] = {s: [] for s in (0, 1, 2, None)}
    for s, packets in heard.items():
        ctl.add_seat_listener(s, packets.append)
    whole: list[ActionApplied] = []
    ctl.add_listener(lambda e: whole.append(e) if isinstance(e, ActionApplied) else None)
    ctl.start_deal()
    while not ctl.deal.finished:
        assert ctl.submit(ctl.think(ctl.request()))
        for e in whole:
            if type(e.action) is Discard:
                return ctl, heard, e
    return None


def test_a_declarers_discard_reaches_the_others_without_its_cards():
    ctl, heard, discard = next(filter(None, map(_until_a_discard, range(100))))
    assert not ctl.deal.finished
    for seat, packets in heard.items():
        told = [p for p in packets if p["event"] == "action_applied"]
        assert [p["index"] for p in told] == list(range(len(ctl.deal.actions)))
        cards = told[discard.index]["action"]["cards"]
        if seat == discard.seat:
            assert cards == [code(c) for c in discard.action.cards]
        else:
            assert cards is None
