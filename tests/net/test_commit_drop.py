"""A player away when a deal is committed, over real sockets (127.0.0.1 only).

The host asks only the seats connected at its commit. A player whose connection was
lost just before it, and who is back before the deal is dealt, is not asked: the deal
is dealt without her bytes, so the host and a friend at the table could have chosen
her cards. Her deal is "not checked" (amber, ``commit_away``), as a pledge lost with
its connection is, not "verified". A seat that sits the deal out (the dealer at four)
and a kibitzer have no bytes in any deal: their verdicts stay as they were. Each step
is driven (who joins, drops, sends what), nothing is slept, every wait is bounded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from .test_pledge_race import TABLE, Clock, Seat, hosting, is_, open_and_play, run


def away(*seats: int) -> Callable[[dict[str, Any]], bool]:
    """A ``seats`` frame in which exactly ``seats`` are taken and not connected."""

    def found(f: dict[str, Any]) -> bool:
        if f["type"] != "seats":
            return False
        return {s["seat"] for s in f["seats"] if s["name"] and not s["connected"]} == set(seats)

    return found


def release(seat: Seat, kind: str) -> None:
    """Send the answers of ``kind`` held back so far; hold back no more of them."""
    seat.hold.discard(kind)
    for frame in [f for f in seat.held if f["type"] == kind]:
        seat.held.remove(frame)
        seat.send(frame)


async def back(seat: Seat, port: int) -> dict[str, Any]:
    """``seat`` comes back on a new connection with its token; the commit it is shown."""
    await seat.connect(port)
    seat.send(seat.table.join(TABLE, seat.seat))
    await seat.until(is_("joined"))
    return await seat.until(is_("commit", deal=1))


@pytest.mark.parametrize("when", ["while pledging", "once the pledges are shown"])
def test_a_player_dropped_before_the_commit_is_not_checked_and_green_again_next_deal(when):
    """Anna's connection is lost before the host commits to deal 1; she is back before it
    is dealt (the others still pledging, or their pledges shown). The host does not ask
    her: she is told deal 1 was not checked, not that it was verified. Deal 2, committed
    while she is there, asks her and is verified everywhere."""

    async def scenario() -> list[Seat]:
        clock = Clock()
        host, port = await hosting(clock, 3, 2)
        try:
            anna, bernd, cleo = seats = [
                Seat(n, i) for i, n in enumerate(("Anna", "Bernd", "Cleo"))
            ]
            for s in (anna, bernd):
                await s.connect(port)
                s.send(s.table.join(TABLE, s.seat))
                await s.until(is_("joined"))
            anna.drop()
            await bernd.until(away(0))  # the host knows she is gone before the series starts
            await cleo.connect(port)
            for s in (bernd, cleo):
                s.hold = {"pledge", "contribute"} if when == "while pledging" else {"contribute"}
            cleo.send(cleo.table.join(TABLE, 2))  # the last seat: the series begins
            commits = await asyncio.gather(*(s.until(is_("commit", deal=1)) for s in (bernd, cleo)))
            assert all(c["contributors"] == [1, 2] for c in commits)
            if when == "once the pledges are shown":
                await asyncio.gather(*(s.until(is_("pledges", deal=1)) for s in (bernd, cleo)))
            commit = await back(anna, port)
            assert commit["contributors"] == [1, 2]  # she was not there to be asked
            for s in (bernd, cleo):
                release(s, "pledge")
            shown = seats if when == "while pledging" else [anna]  # who has yet to see them
            await asyncio.gather(*(s.until(is_("pledges", deal=1)) for s in shown))
            await open_and_play(seats)
            for s in seats:
                s.hold = set()  # deal 2 as it comes
                s.send(s.table.next_deal())
            await asyncio.gather(*(s.until(is_("reveal", deal=2), play=True) for s in seats))
            return seats
        finally:
            await host.close()

    anna, bernd, cleo = run(scenario)
    verdict = anna.table.verified(1)
    assert getattr(verdict, "code", None) == "commit_away", verdict
    assert anna.table.checks[1].position is not None  # she played deal 1
    assert not anna.table.problems, list(anna.table.problems)  # no fault of the host's
    assert bernd.table.verified(1) is True and cleo.table.verified(1) is True
    assert [s.table.verified(2) for s in (anna, bernd, cleo)] == [True, True, True]


def test_the_sitting_out_dealer_and_a_kibitzer_who_come_at_the_commit_are_unchanged():
    """At four: Anna (the dealer of deal 1, who sits it out) and Dora (who plays it) drop
    before the commit, and Kai sits down to watch once it is made. Only Dora, whose cards
    were dealt without her bytes, is "not checked"; Anna and Kai have no bytes in a deal
    they do not play and verify it as before, as do the players who were asked."""

    async def scenario() -> list[Seat]:
        clock = Clock()
        host, port = await hosting(clock, 4, 1)
        try:
            names = ("Anna", "Bernd", "Cleo", "Dora")
            anna, bernd, cleo, dora = seats = [Seat(n, i) for i, n in enumerate(names)]
            kai = Seat("Kai", None)
            for s in (anna, dora, bernd):
                await s.connect(port)
                s.send(s.table.join(TABLE, s.seat))
                await s.until(is_("joined"))
            anna.drop()
            dora.drop()
            await bernd.until(away(0, 3))
            await cleo.connect(port)
            for s in (bernd, cleo):
                s.hold = {"pledge", "contribute"}
            cleo.send(cleo.table.join(TABLE, 2))
            commits = await asyncio.gather(*(s.until(is_("commit", deal=1)) for s in (bernd, cleo)))
            assert all(c["contributors"] == [1, 2] for c in commits)
            await kai.connect(port)
            kai.send(kai.table.join(TABLE, None))
            await kai.until(is_("commit", deal=1))
            for s in (anna, dora):
                await back(s, port)
            for s in (bernd, cleo):
                release(s, "pledge")
            await asyncio.gather(*(s.until(is_("pledges", deal=1)) for s in [*seats, kai]))
            await open_and_play([*seats, kai])
            return [*seats, kai]
        finally:
            await host.close()

    anna, bernd, cleo, dora, kai = run(scenario)
    assert anna.table.dealer == 0 and anna.table.checks[1].position is None  # sat it out
    verdict = dora.table.verified(1)
    assert getattr(verdict, "code", None) == "commit_away", verdict
    for s in (anna, bernd, cleo, kai):
        assert s.table.verified(1) is True, (s.name, s.table.verified(1))
    for s in (anna, bernd, cleo, dora, kai):
        assert not s.table.problems, (s.name, list(s.table.problems))
