"""The remote table (net/remote.py): the table port of a table a LAN host holds.

A :class:`RemoteTable` over a :class:`ClientTable` is fed by a real
:class:`~skat_desktop.net.hosted_table.HostedTable` in this process (its computers think
at once, ``ComputerPool(0)``); every frame goes through bytes, as off a socket. Checked
after every step against the host's own controller: the port offers the same members in
the same form as the local table's, asks what the host asks (a computer's or another
player's turn as ``Waiting``), shows the seat exactly the host's view for it, and nothing
it hands out -- need, view, log, event -- names a card the seat may not know then.
"""

from __future__ import annotations

import inspect
import json
import random
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop.app.port import HiddenDiscard, LocalTable, Refused, TablePort, Waiting, seat_safe
from skat_desktop.app.table import (
    ActionApplied,
    ComputerTurn,
    DealFinished,
    DealOver,
    DealStarted,
    HumanTurn,
    SeriesOver,
    TableError,
)
from skat_desktop.engine.actions import Discard, Pass, Play, action_to_dict
from skat_desktop.engine.cards import FULL_DECK, card, code
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.profiles import BUILTIN, HOUSE
from skat_desktop.net import fairness, protocol
from skat_desktop.net.client import ClientTable
from skat_desktop.net.computers import ComputerPool
from skat_desktop.net.hosted_table import HostedTable, TableConfig
from skat_desktop.net.remote import LOBBY, RemoteTable
from skat_desktop.net.scripted import random_policy

SCHIEBE = HOUSE.copy("schiebe", "Schieberamsch house", all_pass="schieberamsch")
PROFILES = {**BUILTIN, SCHIEBE.name: SCHIEBE}
CARD = re.compile(r"(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])")
TABLE = "club"


def cards_in(data: Any) -> int:
    m = 0
    for c in CARD.findall(json.dumps(data, default=str)):
        m |= 1 << card(c)
    return m


def wire(frame: dict[str, Any]) -> dict[str, Any]:
    (out,) = protocol.FrameReader().feed(protocol.encode(frame))
    assert isinstance(out, dict)
    return out


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Peer:
    """A connection as the hosted table sees it; what it is sent waits in ``out``."""

    ids = iter(range(1, 10**6))

    def __init__(self, name: str) -> None:
        self.id = next(self.ids)
        self.name = name
        self.challenge = random.Random(self.id).randbytes(32)
        self.out: list[dict[str, Any]] = []
        self.closed: str | None = None

    def send(self, frame: dict[str, Any]) -> None:
        self.out.append(wire(frame))

    def close(self, reason: str) -> None:
        self.closed = reason


class Seat:
    """One window's seat: a peer, a client table and its port, and the host it talks to."""

    def __init__(self, table: HostedTable, name: str, seat: int | None) -> None:
        self.table, self.seat = table, seat
        self.peer = Peer(name)
        self.client = ClientTable(TABLE)
        self.port = RemoteTable(self.client, self.to_host)
        self.heard: list = []
        self.away = False
        self.port.add_listener(self.heard.append)
        self.port.feed(wire(protocol.welcome("skat-desktop", "Host", self.peer.challenge)))

    def to_host(self, frame: dict[str, Any]) -> None:
        self.table.handle(self.peer, protocol.parse_client(wire(frame)))

    def join(self, token: str | None = None) -> None:
        self.to_host(self.client.join(TABLE, self.seat, token=token))

    def deliver(self) -> bool:
        if self.away:  # lost with the connection
            self.peer.out.clear()
            return False
        frames, self.peer.out = self.peer.out, []
        for frame in frames:
            self.port.feed(frame)
        return bool(frames)

    def reconnect(self) -> None:
        """A new connection that takes the seat back with its token."""
        self.peer = Peer(self.peer.name)
        self.port.set_connected(True)
        self.port.feed(wire(protocol.welcome("skat-desktop", "Host", self.peer.challenge)))
        self.join(self.client.token)


class Known:
    """What table seat ``me`` may know of the host's deal in play, grown as it goes on."""

    def __init__(self, table: HostedTable, me: int | None) -> None:
        self.table, self.me = table, me
        self.deal = None
        self.held = self.public = 0

    def now(self) -> int:
        ctl = self.table.controller
        deal = None if ctl is None else ctl.deal
        if deal is None:
            return 0
        if deal is not self.deal:
            self.deal, self.held, self.public = deal, 0, 0
        if deal.finished:
            return FULL_DECK
        seats = deal.setup.seats
        if self.me in seats:  # every card the seat held so far (a substitute may move for it)
            pos = seats.index(self.me)
            again = Deal(deal.setup)
            self.held |= again.hands[pos]
            for a in deal.actions:
                again.apply(a)
                self.held |= again.hands[pos]
        for a in deal.actions:
            if type(a) is Play:
                self.public |= 1 << a.card
        if deal.contract is not None and deal.contract.ouvert and deal.phase.value == "play":
            self.public |= deal.hands[deal.declarer]
        return self.held | self.public


def json_of(thing: Any) -> Any:
    if type(thing) is HiddenDiscard:
        return {"type": "discard", "player": thing.player, "cards": None}
    if isinstance(thing, ActionApplied):
        return [thing.seat, thing.index, json_of(thing.action)]
    if hasattr(thing, "to_dict"):
        return thing.to_dict()
    if type(thing).__module__.startswith("skat_desktop.engine.actions"):
        return action_to_dict(thing)
    return repr(thing)


class Game:
    """A hosted table with computers, one window (``me``) and, optionally, a second
    player's client; played through the ports only, checked against the host."""

    def __init__(self, profile, seed: int, deals: int, others: int = 0, size: int = 3):
        self.rng = random.Random(seed)
        kinds = ["open"] * (1 + others) + ["random"] * (size - 1 - others)
        self.clock = Clock()
        config = TableConfig(
            "Club",
            profile,
            kinds,
            deals,
            first_seed=seed,
            substitute_level="random",
            substitute_after_s=5,
        )
        self.table = HostedTable(TABLE, config, None, ComputerPool(0), self.clock)
        self.seats = [Seat(self.table, n, i) for i, n in enumerate(("Anna", "Ben")[: 1 + others])]
        self.me = self.seats[0]
        self.known = Known(self.table, 0)
        self.watcher = Seat(self.table, "Kibitz", None)  # watches: sees public cards only
        self.watched = Known(self.table, None)
        self.wire_events: list = []  # the host's whole events, made seat-safe below
        self.watcher.join()
        for s in self.seats:
            s.join()
            self.settle()
        self.table.controller.add_listener(self.wire_events.append)
        for s in self.seats:  # the first deal began as the last seat was taken
            s.heard.clear()
        self.passing = False
        self.counts = {"hidden": 0, "waiting": 0, "mine": 0, "deals": 0}

    @property
    def ctl(self):
        return self.table.controller

    def settle(self) -> None:
        for _ in range(1000):
            if not any([s.deliver() for s in (*self.seats, self.watcher)]):
                return
        raise AssertionError("the frames never stopped")

    def check(self) -> None:
        port, ctl = self.me.port, self.ctl
        known = self.known.now()

        def clean(what: str, data: Any) -> None:
            leak = cards_in(data) & ~known
            names = [code(c) for c in range(32) if leak >> c & 1]
            assert not leak, f"{what} shows Anna the cards {names}"

        need = port.request()
        assert not isinstance(need, ComputerTurn)
        host = ctl.request()
        if isinstance(host, HumanTurn) and host.seat == 0:
            assert need == host, "the port asks other than the host"
        elif isinstance(host, HumanTurn | ComputerTurn):
            assert isinstance(need, Waiting) and need.seat == host.seat
            assert need.interjection == host.interjection
        elif isinstance(host, DealOver):
            assert need == DealOver(host.result, host.entry)
        else:
            assert need == host
        assert port.dealt and port.deal_number == ctl.deal_number
        assert port.view_for(0) == ctl.view_for(0), "a view other than the host's"
        assert (port.dealer, port.deal_seats) == (ctl.deal.setup.dealer, ctl.deal.setup.seats)
        assert port.entries == ctl.entries and port.totals == ctl.totals
        assert port.evaluation() == ctl.evaluation()
        assert port.series_finished == ctl.series.finished
        log = LocalTable(ctl).actions if not ctl.deal.finished else tuple(ctl.deal.actions)
        if not ctl.deal.finished:
            seats = ctl.deal.setup.seats
            log = tuple(
                HiddenDiscard(a.player) if type(a) is Discard and seats[a.player] != 0 else a
                for a in ctl.deal.actions
            )
        assert port.actions == log
        if isinstance(need, HumanTurn):
            clean("a turn", [need.view.to_dict(), [action_to_dict(a) for a in need.legal]])
        clean("the view", port.view_for(0).to_dict())
        clean("the log", [json_of(a) for a in port.actions])
        # every event says what the local table would say to this seat, in the same order
        said = [seat_safe(e, (0,)) for e in self.wire_events]
        said = [e for e in said if type(e).__name__ not in ("DealsStored", "StoreFailed")]
        assert self.me.heard == said
        for e in self.me.heard:
            if type(e) is ActionApplied:
                clean("an event", json_of(e))
                self.counts["hidden"] += type(e.action) is HiddenDiscard
        self.me.heard.clear()
        self.wire_events.clear()
        # the kibitzer: never asked to move, never shown a card that is not public
        watcher, public = self.watcher.port, self.watched.now()
        assert watcher.mine == () and not isinstance(watcher.request(), HumanTurn)
        for data in (
            watcher.view_for(0).to_dict(),
            [json_of(a) for a in watcher.actions],
            [json_of(e) for e in self.watcher.heard if type(e) is ActionApplied],
        ):
            leak = cards_in(data) & ~public
            assert not leak, (
                f"the kibitzer is shown {[code(c) for c in range(32) if leak >> c & 1]}"
            )
        self.watcher.heard.clear()

    def step(self, seats: list[Seat] | None = None) -> bool:
        """One move of a window (or the next deal); False once the series is over."""
        self.settle()
        if not self.me.away:
            self.check()
        else:  # the cards a substitute holds (and discards) for Anna are hers to know
            self.known.now()
            self.watcher.heard.clear()
        for s in seats or self.seats:
            port = s.port
            need = port.request()
            if isinstance(need, SeriesOver):
                continue
            if isinstance(need, DealOver):
                if not port.ready:
                    port.next_deal()
                    self.passing = self.rng.random() < 0.4
                    return True
                continue
            if isinstance(need, Waiting):
                continue
            assert need.seat == s.seat
            self.counts["mine" if s is self.me else "waiting"] += 1
            legal = list(need.legal)
            if self.passing and any(type(a) is Pass for a in legal):
                port.apply(next(a for a in legal if type(a) is Pass))
                return True
            action = random_policy(need.view, need.interjection, self.rng)
            if action is None:
                port.decline(need.seat)
            else:
                port.apply(action)
            return True
        return not isinstance(self.me.port.request(), SeriesOver)

    def play(self, limit: int = 3000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the series did not end")


# ---------------------------------------------------------------------- the protocol


def lobby() -> tuple[HostedTable, Seat]:
    config = TableConfig("Club", BUILTIN["isko"], ["open", "open", "random"], 1, first_seed=1)
    table = HostedTable(TABLE, config, None, ComputerPool(0), Clock())
    anna = Seat(table, "Anna", 0)
    anna.join()
    anna.deliver()
    return table, anna


def test_the_remote_table_offers_every_member_of_the_port_in_its_form():
    port = lobby()[1].port
    assert isinstance(port, TablePort)
    members = [n for n in vars(TablePort) if not n.startswith("_")]
    assert {"view_for", "request", "apply", "add_listener", "local", "mine"} <= set(members)
    for name in members:
        declared = inspect.getattr_static(TablePort, name)
        offered = inspect.getattr_static(RemoteTable, name)
        if isinstance(declared, property):
            assert isinstance(offered, property), f"{name} should be a property"
        else:
            want = list(inspect.signature(declared).parameters)
            got = list(inspect.signature(offered).parameters)
            assert got == want, f"{name}{tuple(got)} is not {name}{tuple(want)}"
    assert port.local is None and not port.dealt and port.actions == ()


def test_the_remote_module_runs_without_qt():
    code_ = (
        "import sys, skat_desktop.net.remote; "
        "sys.exit(any(m.split('.')[0] == 'PySide6' for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code_], timeout=60).returncode == 0


def test_before_the_first_deal_the_window_waits_in_the_lobby():
    _, anna = lobby()
    port = anna.port
    assert port.mine == (0,) and not port.dealt and port.names[1] == "—"
    need = port.request()
    assert need == Waiting(1, LOBBY, False, 0)  # seat 2 is still open
    with pytest.raises(TableError):
        port.view_for(0)
    port.next_deal()  # nothing to be ready for: nothing is sent
    assert anna.peer.out == []


# ---------------------------------------------------------------------- playing through it


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(PROFILES)),
    size=st.sampled_from([3, 4]),
    others=st.sampled_from([0, 1]),
    seed=st.integers(0, 2**31),
)
def test_the_remote_port_says_what_the_host_says_and_no_card_more(name, size, others, seed):
    game = Game(PROFILES[name], seed, 2, others=others, size=size)
    game.play()
    assert game.ctl.series.finished and game.me.port.series_finished
    assert game.me.port.verdicts == {1: True, 2: True}
    assert [d.number for d in game.me.port.take_finished()] == [1, 2]
    assert game.me.port.take_finished() == []


def test_hidden_discards_are_met_and_refusals_come_as_events(monkeypatch):
    # the fair deals' secrets from a seeded generator: the same deals in every run (with
    # real ones, six deals now and then held no hidden discard and the test failed)
    rng = random.Random(2024)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))
    hidden = mine = 0
    for seed in range(6):
        game = Game(SCHIEBE if seed % 2 else BUILTIN["isko"], seed, 2, others=1)
        game.play()
        hidden += game.counts["hidden"]
        mine += game.counts["mine"]
    assert hidden and mine

    game = Game(BUILTIN["house"], 3, 1)
    game.settle()
    port = game.me.port
    while not isinstance(port.request(), HumanTurn):
        assert game.step()
        game.settle()
    need = port.request()
    view = need.view
    # a move for another position is refused at once, as a local table refuses it
    other = Pass((view.position + 1) % 3)
    with pytest.raises(TableError, match="own seat"):
        port.apply(other)
    # a move the host refuses comes back later as a Refused event; nothing changed
    before = (port.actions, port.request())
    game.me.client.tick -= 1  # as if a change had not arrived yet: the host says stale
    port.apply(need.legal[0])
    with pytest.raises(TableError, match="on its way"):
        port.apply(need.legal[0])
    game.me.client.tick += 1
    game.settle()
    assert [type(e) for e in game.me.heard] == [Refused]
    assert game.me.heard[0].code == "stale"
    assert (port.actions, port.request()) == before
    port.apply(need.legal[0])  # the move is free to go again
    game.settle()
    assert port.actions[len(before[0])] == need.legal[0]


def test_a_window_that_comes_back_hears_what_it_missed():
    game = Game(BUILTIN["isko"], 11, 2, others=1)
    port = game.me.port
    while len(game.ctl.deal.actions) < 2:
        assert game.step()
    game.settle()
    game.check()
    # Anna's connection goes; Ben plays on, a computer plays for Anna after the wait
    game.table.disconnected(game.me.peer)
    port.set_connected(False)
    with pytest.raises(TableError, match="not connected"):
        port.apply(Pass(port.view_for(0).position))
    game.me.away = True
    game.clock.now += 10
    for _ in range(500):
        if game.ctl.deal_number == 2 and len(game.ctl.deal.actions) >= 3:
            break
        game.table.tick_timers()
        game.step(game.seats[1:])
    assert game.ctl.deal_number == 2 and not game.ctl.deal.finished
    game.me.away = False
    game.me.reconnect()
    game.settle()
    heard = list(game.me.heard)
    # a new deal and its moves so far: the window's table is the host's again
    assert isinstance(heard[0], DealStarted) and heard[0].number == 2
    indexes = [e.index for e in heard[1:] if type(e) is ActionApplied]
    assert indexes == list(range(len(game.ctl.deal.actions)))
    game.me.heard.clear()
    game.wire_events.clear()
    game.check()
    game.play()
    assert game.ctl.series.finished and port.series_finished
    # deal 2 was dealt while Anna was away: its commitment came too late to bind anything,
    # and the verdict says she came during it (no fault of the host's)
    assert port.verdicts[2].code == "came_during"


def test_a_table_the_host_holds_asks_no_move():
    """While the host cannot save the table (``seats.paused``) it refuses every move:
    the window waits instead of offering a turn that would only be refused."""
    game = Game(BUILTIN["house"], 3, 1)
    port = game.me.port
    game.settle()
    while not isinstance(port.request(), HumanTurn):
        assert game.step()
        game.settle()
    seats = list(port.client.seat_infos)
    port.feed(wire(protocol.seats(TABLE, seats, None, [], paused="host_cannot_save")))
    assert port.client.paused == "host_cannot_save" and not port.client.problems
    assert isinstance(port.request(), Waiting)
    port.feed(wire(protocol.seats(TABLE, seats, None, [])))
    assert port.client.paused is None and isinstance(port.request(), HumanTurn)


@pytest.mark.parametrize("deals", [2, 1])
def test_next_pressed_before_the_host_finished_the_deal_is_not_lost(deals):
    """The window shows a deal's end from its last move; the host's ``deal_finished``
    follows. A Next pressed in between is said once that comes -- not after the series'
    last deal, where there is no next one to ask for."""
    game = Game(BUILTIN["isko"], 5, deals)
    port, anna = game.me.port, game.me
    sent: list[str] = []
    to_host = port._send

    def recorded(frame: dict[str, Any]) -> None:
        sent.append(frame["type"])
        to_host(frame)

    port._send = recorded  # what Anna's window puts on the wire
    ready_at_end: list[bool] = []  # as the window draws the deal's end: waiting for others?
    port.add_listener(lambda e: ready_at_end.append(port.ready) if type(e) is DealFinished else 0)
    while not (game.ctl.deal_number == 1 and game.ctl.deal.finished):
        assert game.step()
    pressed = False
    for _ in range(100):
        frames, anna.peer.out = anna.peer.out, []
        if not frames:
            break
        for frame in frames:
            port.feed(frame)
            if not pressed and isinstance(port.request(), DealOver) and not port.client.deal_over:
                port.next_deal()  # the gap: shown over, not finished by the host yet
                pressed = True
                assert port.ready and "next" not in sent  # it waits, said when due
        game.watcher.deliver()
    assert pressed, "no frame between the deal's last move and its deal_finished"
    game.settle()
    assert not [e for e in anna.heard if type(e) is Refused]
    if deals == 2:
        assert game.ctl.deal_number == 2  # the host heard Anna's Next: it dealt again
        assert sent.count("next") == 1 and ready_at_end == [True]
    else:
        assert port.series_finished and game.ctl.series.finished
        assert "next" not in sent  # no next deal to ask for
