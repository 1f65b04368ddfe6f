"""A seat's own pledge not taken, over real sockets (127.0.0.1 only).

A player whose connection drops after the host's commit and before his pledge leaves,
or whose pledge reaches the host only after the pledges were shown (a stalled laptop),
cannot know whether it came in time: his deal is "not checked" (amber), not "NOT
verified" (red) as if the host had cheated. A host that leaves out a pledge it took in
time is still caught. Each step is driven (who sends what, when the host's clock passes
the pledge time-out), nothing is slept, every wait is bounded.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from skat_desktop.engine.profiles import builtin
from skat_desktop.net import protocol
from skat_desktop.net.client import ClientTable
from skat_desktop.net.host import Host, Limits
from skat_desktop.net.hosted_table import HostedTable, TableConfig
from skat_desktop.net.scripted import random_policy

WAIT = 10.0  # seconds any single answer may take before a test fails
TABLE = "t"
TIMEOUT_S = 10.0  # the table's pledge time-out, passed by moving the host's clock
# quick clients on a frozen clock: the rate limit (which refills by that clock) is moot
LIMITS = Limits(rate=1e6, burst=1e6, tick_s=0.02)
NAMES = ("Anna", "Bernd", "Cleo")


class Clock:
    """The host's clock, moved by the test only."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Seat:
    """A player: a :class:`ClientTable` on a socket. ``until`` feeds what the host sends
    and sends the table's answers, except those held back (a pledge that is late)."""

    def __init__(self, name: str, seat: int) -> None:
        self.name, self.seat = name, seat
        self.table = ClientTable(TABLE)
        self.writer: asyncio.StreamWriter | None = None
        self.rng = random.Random(seat)
        self.held: list[dict[str, Any]] = []
        self.hold: set[str] = set()  # answer types held back, not sent
        self._acted: tuple[int, int, bool] | None = None

    async def connect(self, port: int) -> None:
        """A new connection, with the same table (as the window's link keeps it)."""
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.frames = protocol.FrameReader()
        self.queue: list[dict[str, Any]] = []
        self.send(self.table.hello(self.name))
        await self.until(lambda f: f["type"] == "welcome")

    def drop(self) -> None:
        """The connection is lost; nothing more is sent on it."""
        self.writer.transport.abort()
        self.writer = None

    def send(self, frame: dict[str, Any]) -> None:
        self.writer.write(protocol.encode(frame))

    async def until(
        self, found: Callable[[dict[str, Any]], bool], *, play: bool = False
    ) -> dict[str, Any]:
        """Read on to the first frame ``found`` (after feeding it); with ``play``, this
        seat moves (and declines Kontra) whenever it is asked."""

        async def read() -> dict[str, Any]:
            while True:
                if not self.queue:
                    data = await self.reader.read(65536)
                    assert data, f"{self.name}: the host closed the connection"
                    self.queue += self.frames.feed(data)
                frame = self.queue.pop(0)
                for answer in self.table.feed(frame):
                    if answer["type"] in self.hold:
                        self.held.append(answer)
                    elif self.writer is not None:
                        self.send(answer)
                if play:
                    self._move()
                if found(frame):
                    return frame

        return await asyncio.wait_for(read(), WAIT)

    def _move(self) -> None:
        t = self.table
        if not t.my_turn or t.view is None or t.deal_over or self.writer is None:
            return
        key = (t.tick, *t.turn)
        if key == self._acted:
            return
        self._acted = key
        action = random_policy(t.view, t.turn[1], self.rng)
        self.send(t.decline() if action is None else t.act(action))


async def seated(port: int) -> list[Seat]:
    seats = [Seat(name, i) for i, name in enumerate(NAMES)]
    for s in seats:
        await s.connect(port)
        s.send(s.table.join(TABLE, s.seat))
        await s.until(lambda f: f["type"] == "joined")
    return seats


async def hosting(clock: Clock, size: int = 3, deals: int = 1) -> tuple[Host, int]:
    """A host on 127.0.0.1 with one table of ``size`` open seats, kept seats for good."""
    config = TableConfig(
        "Race",
        builtin("isko"),
        ["open"] * size,
        deals,
        grace_s=1e6,
        contribute_timeout_s=TIMEOUT_S,
        substitute_after_s=None,
        first_seed=1,
    )
    host = Host([(TABLE, config)], None, limits=LIMITS, workers=0, clock=clock)
    _, port = await host.start("127.0.0.1", 0)
    return host, port


def is_(kind: str, **fields: Any) -> Callable[[dict[str, Any]], bool]:
    return lambda f: f["type"] == kind and all(f.get(k) == v for k, v in fields.items())


async def heard(*seats: Seat) -> None:
    """Wait until the host has read everything ``seats`` sent: it answers a ping only
    after what came before it on the same connection."""
    for s in seats:
        s.send(s.table.ping())
        await s.until(is_("pong"))


async def open_and_play(seats: list[Seat]) -> None:
    """The others open their bytes; the deal is played out to its reveal at every seat."""
    for s in seats:
        if s.held:
            s.send(s.held.pop())  # a contribution held back so far
    await asyncio.gather(*(s.until(is_("reveal"), play=True) for s in seats))


def run(scenario: Callable[[], Any]) -> Any:
    return asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_player_away_while_the_pledges_were_fixed_is_not_checked_not_accused():
    """Anna reads the commit, her connection drops before her pledge leaves, she comes
    back (same table, new connection) while the others' pledges are shown."""

    async def scenario() -> list[Seat]:
        clock = Clock()
        host, port = await hosting(clock)
        try:
            anna, bernd, cleo = seats = await seated(port)
            anna.hold = {"pledge"}
            for s in (bernd, cleo):
                s.hold = {"contribute"}  # they open only once Anna is back
            await anna.until(is_("commit", deal=1))
            anna.drop()  # her pledge is lost with the connection
            await asyncio.gather(*(s.until(is_("pledges", deal=1)) for s in (bernd, cleo)))
            anna.hold = set()
            await anna.connect(port)
            anna.send(anna.table.join(TABLE, 0))  # with her token
            shown = await anna.until(is_("pledges", deal=1))
            assert "0" not in shown["pledges"] and sorted(shown["pledges"]) == ["1", "2"]
            await open_and_play(seats)
            return seats
        finally:
            await host.close()

    anna, bernd, cleo = run(scenario)
    verdict = anna.table.verified(1)
    # the commit shown again on her new connection, she pledged again there; that pledge
    # came after the pledges were shown, and the host names her seat late
    assert getattr(verdict, "code", None) == "pledge_late", verdict
    assert not anna.table.problems, list(anna.table.problems)
    assert bernd.table.verified(1) is True and cleo.table.verified(1) is True


def test_a_pledge_that_came_after_the_time_out_is_not_checked_and_named_to_all():
    """Anna's laptop stalls: her pledge leaves only once the host, its time-out passed,
    has shown the others' pledges. The host names her seat late in the reveal."""

    async def scenario() -> list[Seat]:
        clock = Clock()
        host, port = await hosting(clock)
        try:
            anna, bernd, cleo = seats = await seated(port)
            anna.hold = {"pledge"}
            await asyncio.gather(*(s.until(is_("commit", deal=1)) for s in seats))
            (pledge,) = anna.held
            anna.held.clear()
            await heard(bernd, cleo)  # the others' pledges are in
            clock.now += TIMEOUT_S + 1  # the time-out passes: the host shows what it has
            shown = await anna.until(is_("pledges", deal=1))
            assert sorted(shown["pledges"]) == ["1", "2"]
            anna.hold = set()
            anna.send(pledge)  # too late
            refused = await anna.until(is_("error", re=pledge["id"]))
            assert refused["code"] == "not_now"
            await open_and_play(seats)
            return seats
        finally:
            await host.close()

    anna, bernd, cleo = run(scenario)
    verdict = anna.table.verified(1)
    assert getattr(verdict, "code", None) == "pledge_late", verdict
    assert not anna.table.problems, list(anna.table.problems)
    for s in (bernd, cleo):  # everyone is told whose pledge came too late
        assert s.table.verified(1) is True
        assert any("Anna" in n and "came after the pledges" in n for n in s.table.notices)
        assert s.table.checks[1].late_pledges == (0,)  # what the Table tab shows


def test_a_host_that_leaves_out_a_pledge_it_took_in_time_is_still_caught(monkeypatch):
    """The host reads Anna's pledge in time and shows the pledges without it (and does
    not say it came late): her deal is NOT verified."""
    taken = HostedTable._pledge

    def cheat(self: HostedTable, peer: Any, msg: Any) -> None:
        if self._seat_of(peer) != 0:
            taken(self, peer, msg)  # Anna's is read and kept back, unanswered

    monkeypatch.setattr(HostedTable, "_pledge", cheat)

    async def scenario() -> list[Seat]:
        clock = Clock()
        host, port = await hosting(clock)
        try:
            seats = await seated(port)
            await asyncio.gather(*(s.until(is_("commit", deal=1)) for s in seats))
            await heard(*seats)  # every pledge has reached the host in time
            clock.now += TIMEOUT_S + 1  # Anna is connected: only the time-out ends it
            await asyncio.gather(*(s.until(is_("pledges", deal=1)) for s in seats))
            await open_and_play(seats)
            return seats
        finally:
            await host.close()

    anna, bernd, cleo = run(scenario)
    verdict = anna.table.verified(1)
    assert getattr(verdict, "code", None) == "left_out", verdict
    assert bernd.table.verified(1) is True and cleo.table.verified(1) is True
