"""The table port (app/port.py): the local table offers exactly the port, and nothing it
hands the window -- needs, views, the action log, events -- names a card the window's
seat may not know at that moment, the same as what a LAN client would be sent.

"May know" is worked out here from the deal the test holds: the cards the seat has held
(its hand, the skat once it picked it up, hence its own discard or Schieberamsch pass),
the cards played, an ouvert declarer's hand once declared, everything once the deal is
over.
"""

from __future__ import annotations

import inspect
import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop.app.port import (
    HiddenDiscard,
    LocalTable,
    Refused,
    TablePort,
    Waiting,
    seat_safe,
    sheet_evaluation,
)
from skat_desktop.app.redaction import event_for
from skat_desktop.app.table import (
    ActionApplied,
    ComputerTurn,
    DealOver,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    TableController,
    TableError,
)
from skat_desktop.engine.actions import (
    Bid,
    Discard,
    Double,
    Pass,
    Play,
    action_to_dict,
)
from skat_desktop.engine.cards import FULL_DECK, card, code
from skat_desktop.engine.profiles import BUILTIN, HOUSE

SCHIEBE = HOUSE.copy(
    "house_schieben",
    "House with Schieberamsch",
    all_pass="schieberamsch",
    ramsch_grand_hand=True,
)
PROFILES = {**BUILTIN, SCHIEBE.name: SCHIEBE}
CARD = re.compile(r"(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])")


def cards_in(data) -> int:
    m = 0
    for c in CARD.findall(json.dumps(data)):
        m |= 1 << card(c)
    return m


def names(m: int) -> list[str]:
    return [code(c) for c in range(32) if m >> c & 1]


def action_json(a) -> dict:
    if type(a) is HiddenDiscard:
        return {"type": "discard", "player": a.player, "cards": None}
    return action_to_dict(a)


def event_json(e, seat: int) -> dict | None:
    """A port event in the wire's form: what a LAN client is sent for the same event."""
    if type(e) is ActionApplied:
        return {
            "event": "action_applied",
            "seat": e.seat,
            "index": e.index,
            "action": action_json(e.action),
        }
    return event_for(e, seat, None)


# ---------------------------------------------------------------------- the protocol


def test_the_local_table_offers_every_member_of_the_port_in_its_form():
    ctl = TableController(
        BUILTIN["isko"], [SeatSpec.human("Anna")] + [SeatSpec.computer("random")] * 2, seed=1
    )
    port = LocalTable(ctl)
    assert isinstance(port, TablePort)
    members = [n for n in vars(TablePort) if not n.startswith("_")]
    assert {"view_for", "request", "apply", "add_listener", "local", "mine"} <= set(members)
    for name in members:
        declared, offered = (
            inspect.getattr_static(TablePort, name),
            inspect.getattr_static(LocalTable, name),
        )
        if isinstance(declared, property):
            assert isinstance(offered, property), f"{name} should be a property"
        else:
            want = list(inspect.signature(declared).parameters)
            got = list(inspect.signature(offered).parameters)
            assert got == want, f"{name}{tuple(got)} is not {name}{tuple(want)}"
    assert port.local is port and not port.dealt and port.actions == ()


def test_the_port_module_runs_without_qt():
    code_ = (
        "import sys, skat_desktop.app.port; "
        "sys.exit(any(m.split('.')[0] == 'PySide6' for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code_], timeout=60).returncode == 0


# ---------------------------------------------------------------------- what the window hears


class Known:
    """What seat ``me`` may know of the deal in play, grown as the deal goes on."""

    def __init__(self, ctl: TableController, me: int):
        self.ctl, self.me = ctl, me
        self.deal = None
        self.held = 0
        self.public = 0

    def now(self) -> int:
        deal = self.ctl.deal
        if deal is None:
            return 0
        if deal is not self.deal:
            self.deal, self.held, self.public = deal, 0, 0
        if deal.finished:
            return FULL_DECK
        seats = deal.setup.seats
        if self.me in seats:
            self.held |= deal.hands[seats.index(self.me)]
        for a in deal.actions:
            if type(a) is Play:
                self.public |= 1 << a.card
        if deal.contract is not None and deal.contract.ouvert and deal.phase.value == "play":
            self.public |= deal.hands[deal.declarer]
        return self.held | self.public


class Watch:
    """A local table played through its port alone, one human (``me``) and computers;
    everything the port hands out is checked after every step."""

    def __init__(self, profile, size: int, seed: int, deals: int, pass_all: float):
        self.rng = random.Random(seed)
        self.me = self.rng.randrange(size)
        specs = [
            SeatSpec.human("Anna") if i == self.me else SeatSpec.computer("random")
            for i in range(size)
        ]
        self.ctl = TableController(profile, specs, seed=seed, deals_planned=deals)
        self.port = LocalTable(self.ctl)
        self.known = Known(self.ctl, self.me)
        self.pass_all = pass_all
        self.passing = False
        self.heard: list = []
        self.wire: list[dict] = []
        self.port.add_listener(self.heard.append)
        self.ctl.add_seat_listener(self.me, self.wire.append)  # what the host would send
        self.tick = 0
        self.counts = {"hidden_discards": 0, "own_discards": 0, "schieben": 0, "waiting": 0}

    def step(self) -> bool:
        port = self.port
        need = port.request()
        assert not isinstance(need, ComputerTurn), "a computer's view reached the window"
        self.check(need)
        if isinstance(need, SeriesOver):
            return False
        if isinstance(need, DealOver):
            port.next_deal()
            self.passing = self.rng.random() < self.pass_all
        elif isinstance(need, Waiting):
            self.counts["waiting"] += 1
            assert need.tick > self.tick, "every new turn has a new tick (a trick's winner leads)"
            job = port.local.think_job(need)
            assert job is not None
            assert (
                port.local.think_job(Waiting(need.seat, need.phase, need.interjection, -1)) is None
            )
            result = job(None)
            assert port.local.submit(result)
            self.tick = need.tick
        else:
            assert port.mine == (self.me,) and need.seat == self.me
            self.counts["schieben"] += need.view.phase == "schieben"
            action = self.choose(need)
            if action is None:
                port.decline(need.seat)
            else:
                port.apply(action)
                self.counts["own_discards"] += type(action) is Discard
        self.check(None)
        return True

    def choose(self, need: HumanTurn):
        legal = list(need.legal)
        if need.interjection:
            return legal[0] if self.rng.random() < 0.3 else None
        if self.passing and any(type(a) is Pass for a in legal):
            return next(a for a in legal if type(a) is Pass)
        bids = [a for a in legal if type(a) is Bid]
        if bids and self.rng.random() < 0.5:
            return bids[0]
        return self.rng.choice(legal)

    def check(self, need) -> None:
        known = self.known.now()

        def clean(what: str, data) -> None:
            leak = cards_in(data) & ~known
            assert not leak, f"{what} shows seat {self.me} the cards {names(leak)}: {data}"

        if isinstance(need, HumanTurn):
            clean("a turn", [need.view.to_dict(), [action_to_dict(a) for a in need.legal]])
        elif isinstance(need, Waiting):
            assert set(vars(need)) == {"seat", "phase", "interjection", "tick"}
        if self.port.dealt:
            clean("the view", self.port.view_for(self.me).to_dict())
            clean("the log", [action_json(a) for a in self.port.actions])
        said = [event_json(e, self.me) for e in self.heard]
        said = [d for d in said if d is not None]
        assert said == self.wire, "the port says other than the host would send"
        for e in self.heard:
            if type(e) is ActionApplied and type(e.action) is HiddenDiscard:
                self.counts["hidden_discards"] += 1
        clean("an event", said)
        self.heard.clear()
        self.wire.clear()


def watch(profile, size, seed, deals, pass_all) -> Watch:
    w = Watch(profile, size, seed, deals, pass_all)
    for _ in range(3000):
        if not w.step():
            break
    else:
        raise AssertionError("the series did not end")
    assert len(w.ctl.entries) == deals
    assert sheet_evaluation(w.port.profile, size, w.port.entries) == w.port.evaluation()
    return w


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(PROFILES)),
    size=st.sampled_from([3, 4]),
    seed=st.integers(0, 2**32),
    pass_all=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_nothing_the_port_hands_the_window_names_a_card_its_seat_may_not_know(
    name, size, seed, pass_all
):
    watch(PROFILES[name], size, seed, 2, pass_all)


def test_discards_and_schieberamsch_are_seen_as_the_seat_may_see_them():
    """A seeded sweep that surely meets other seats' discards (hidden), the seat's own
    (shown to it) and Schieberamsch passes."""
    counts = dict.fromkeys(("hidden_discards", "own_discards", "schieben", "waiting"), 0)
    for seed in range(12):
        profile = SCHIEBE if seed % 2 else BUILTIN["isko"]
        w = watch(profile, 3 + seed % 3 // 2, seed, 3, 0.6 if seed % 2 else 0.0)
        for k, v in w.counts.items():
            counts[k] += v
    assert all(counts.values()), counts


def test_seat_safe_hides_only_another_seats_discard():
    discard = ActionApplied(1, Discard(0, (3, 4)), 5)
    assert seat_safe(discard, (1,)) is discard
    assert seat_safe(discard, (0, 2)) == ActionApplied(1, HiddenDiscard(0), 5)
    play = ActionApplied(1, Play(0, 3), 6)
    assert seat_safe(play, (0,)) is play
    assert seat_safe(Refused("no"), ()) == Refused("no", "illegal")


def test_the_window_cannot_move_for_a_computer_seat():
    specs = [SeatSpec.human("Anna"), SeatSpec.computer("random"), SeatSpec.computer("random")]
    ctl = TableController(BUILTIN["house"], specs, seed=4, first_dealer=0)
    port = LocalTable(ctl)
    port.next_deal()  # seat 1 is forehand: a computer's turn first
    need = port.request()
    assert isinstance(need, Waiting) and need.seat != 0
    log = port.actions
    computer = port.deal_seats.index(need.seat)
    with pytest.raises(TableError, match="not yours"):
        port.apply(Pass(computer))
    with pytest.raises(TableError):
        port.apply(Double(computer, 1))
    assert port.actions == log and port.request() == need
    assert port.dealer == 0 and port.deal_seats == (1, 2, 0) and port.deal_number == 1
    assert port.mine == (0,) and port.local.practice is False
