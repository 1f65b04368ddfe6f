"""What the hostile-input review of the LAN host added, without sockets where it can:
a reveal lost with a dropped connection is sent again, a table whose store fails
pauses instead of playing on unsaved, and a late concession asks the defender.

The table runs with fake peers, an in-thread pool and a fake clock
(``test_hosted_table``); a seat played through the real :class:`ClientTable` shows what
a player's laptop makes of the frames.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from skat_desktop.app.table import HumanTurn
from skat_desktop.engine.actions import Concede, Play
from skat_desktop.net import protocol
from skat_desktop.net.client import ClientTable
from skat_desktop.net.hosted_table import CONSENT_S, SAVE_RETRY_S, HostedTable
from skat_desktop.net.protocol import Act, Consent, Decline, Next
from skat_desktop.net.scripted import random_policy
from skat_desktop.store.faults import FAIL_ENV
from skat_desktop.store.repository import Store

from .test_hosted_table import (  # noqa: F401  (same_deals: the same deals every run)
    Clock,
    FakePeer,
    config,
    join,
    joined_frame,
    on_turn,
    run,
    same_deals,
    seated,
    started,
    table_of,
)


class ClientBot:
    """A seat played through the real client: every frame its peer gets is fed to a
    :class:`ClientTable` (its pledges and openings go back to the table), and it plays
    random legal moves when the client says it is its turn."""

    def __init__(self, table: HostedTable, peer: FakePeer, seed: int, client=None):
        self.table, self.peer = table, peer
        self.rng = random.Random(seed)
        self.client = client or ClientTable("t1")
        self.seen = 0
        self.said_next = 0

    def send(self, frame: dict) -> None:
        self.table.handle(self.peer, protocol.parse_client(frame))

    def read(self, upto: int | None = None) -> None:
        end = len(self.peer.frames) if upto is None else upto
        while self.seen < end:
            frame = self.peer.frames[self.seen]
            self.seen += 1
            if frame["type"] == "joined":  # the answer to the test's join() for this seat
                self.client._joins_out |= {frame.get("re")}
            for reply in self.client.feed(frame):
                self.send(reply)

    def move(self) -> bool:
        self.read()
        c = self.client
        if c.deal_over and not c.series_over and self.said_next < c.deal_number:
            self.said_next = c.deal_number
            self.send(c.next_deal())
            return True
        if not c.my_turn or c.view is None:
            return False
        _, interjection = c.turn
        c.turn = None  # answered; the host's next turn or event says what comes
        action = random_policy(c.view, interjection, self.rng)
        self.send(c.decline() if action is None else c.act(action))
        return True


# ---------------------------------------------------------------------- item 1: the reveal


def test_a_player_who_drops_at_a_deals_end_gets_its_reveal_in_the_next_deal():
    """Deal 1 ends; seat 0 has the end but its connection goes before the reveal
    arrives; it comes back once deal 2 is dealt. It must still verify deal 1 (before,
    the host sent the reveal only between deals, and the client later said "the host
    did not reveal how deal 1 was dealt")."""
    clock = Clock()
    table = table_of(config(planned_deals=3), None, clock)
    peers = [FakePeer(name, [table]) for name in ("Anna", "Ben", "Cleo")]
    for seat, peer in enumerate(peers):
        join(table, peer, seat)
    bots = [ClientBot(table, p, seed) for seed, p in enumerate(peers)]
    token = joined_frame(peers[0])["token"]
    run(table, bots, clock, lambda: table.state == "between")
    reveal_at = next(
        i
        for i in range(bots[0].seen, len(peers[0].frames))
        if peers[0].frames[i]["type"] == "reveal"
    )
    bots[0].read(upto=reveal_at)  # the deal's end arrived, its reveal did not
    anna = bots[0].client
    assert anna.deal_over and anna.verified(1) is None
    table.disconnected(peers[0])
    run(table, bots[1:], clock, lambda: table.state == "playing")
    assert table.controller.deal_number == 2
    back = FakePeer("Anna", [table])
    assert join(table, back, 0, token=token)["type"] == "joined"
    bots[0] = ClientBot(table, back, 7, client=anna)
    bots[0].read()
    assert anna.verified(1) is True, anna.verified(1)
    # a player back on the connection that had the reveal is not sent it again
    join(table, back, 0, token=token)
    assert len(back.of("reveal")) == 1
    run(table, bots, clock, lambda: table.state == "finished")
    bots[0].read()
    # deal 2 was committed while she was away: not verified by her, but revealed
    assert anna.verified(1) is True and anna.verified(3) is True
    assert "did not reveal" not in str(anna.verified(2))
    assert not anna.problems, list(anna.problems)


def test_a_kibitzer_who_comes_while_the_next_deal_is_committed_gets_the_last_reveal():
    """Between the reveal and the next deal's dealing the table shows the finished
    deal to a joiner; its reveal goes with it (before, not once the commit was out)."""
    table, peers, bots, clock = started(config(contribute_timeout_s=10))
    run(table, bots, clock, lambda: table.state == "between")
    for p in peers:
        table.handle(p, Next("t1"))
    assert table.state == "committing"
    kim = FakePeer("Kim", [table])
    frame = join(table, kim, None)
    number = table.controller.deal_number
    assert frame["deal_number"] == number and frame["view"]["result"] is not None
    assert kim.last("reveal")["deal"] == number


# ---------------------------------------------------------------------- item 2: the store


def _saved(store: Store) -> dict:
    (row,) = HostedTable.live_tables(store)
    return json.loads(store.load_live(row.id).state)


@pytest.mark.parametrize("when", ["a move", "the deal's end"])
def test_a_table_whose_store_fails_pauses_and_goes_on_once_it_can_save(tmp_path, monkeypatch, when):
    """A full disk (the store's ``write.commit`` fault point) must not let the table play
    on unsaved: it pauses, says so, refuses moves, holds back the change it could not
    save (a host restarted now continues where every player saw it), tries again every
    few seconds and goes on by itself."""
    path = tmp_path / "host.sqlite3"
    store = Store.open(path)
    table, peers, bots, clock = started(config(planned_deals=6), store)
    ctl = table.controller
    if when == "a move":
        run(table, bots, clock, lambda: len(ctl.actions) == 3)
    else:  # the last card of a deal is due

        def last_card() -> bool:
            need = ctl.request() if table.state == "playing" else None
            return (
                isinstance(need, HumanTurn)
                and not need.interjection
                and ctl.deal.cards_played == 29
            )

        run(table, bots, clock, last_card)
    for b in bots:
        b.read()  # the bots are up to date: nothing of theirs is pending
    saved = _saved(store)
    need = on_turn(table)
    tick = table.tick
    heard = [len(p.of("event")) for p in peers]
    monkeypatch.setenv(FAIL_ENV, "write.commit")
    move = next(a for a in need.legal if type(a) is Play) if when != "a move" else need.legal[0]
    table.handle(peers[need.seat], Act("t1", tick, move, id=5))
    assert [len(p.of("event")) for p in peers] == heard  # nobody saw the unsaved change
    assert _saved(store) == saved  # a restart now: the table every player saw
    assert table.paused == "host_cannot_save"
    assert [p.last("seats")["paused"] for p in peers] == ["host_cannot_save"] * 3
    # every move is refused with the code, the next deal does not come
    other = peers[(need.seat + 1) % 3]
    table.handle(other, Act("t1", table.tick, move, id=6))
    table.handle(other, Decline("t1", table.tick, id=7))
    assert [f["code"] for f in other.of("error")] == ["host_cannot_save"] * 2
    assert other.of("error")[-1]["re"] == 7
    other.frames[:] = [f for f in other.frames if f["type"] != "error"]  # its bot reads on
    clock.now += 3600
    table.tick_timers()  # still failing: still paused, nothing dealt or played
    assert table.paused and [len(p.of("event")) for p in peers] == heard
    monkeypatch.delenv(FAIL_ENV)
    clock.now += SAVE_RETRY_S
    table.tick_timers()  # the disk has room again
    assert table.paused is None
    assert [p.last("seats")["paused"] for p in peers] == [None] * 3
    assert all(p.last("event")["tick"] == tick + 1 for p in peers)
    number = ctl.deal_number
    if when == "a move":
        assert len(_saved(store)["deal"]["actions"]) == 4
    else:
        assert len(store.deal_sources(ctl.series_id)) == number
        assert _saved(store)["deals_done"] == number
        assert table.state == "between" and peers[0].last("reveal")["deal"] == number
    run(table, bots, clock, lambda: table.state == "finished")
    assert len(store.deal_sources(ctl.series_id)) == 6


def test_a_player_who_joins_during_the_pause_is_not_sent_the_held_change_twice(
    tmp_path, monkeypatch
):
    store = Store.open(tmp_path / "host.sqlite3")
    table, peers, _bots, clock = started(config(), store)
    need = on_turn(table)
    monkeypatch.setenv(FAIL_ENV, "write.commit")
    table.handle(peers[need.seat], Act("t1", table.tick, need.legal[0]))
    assert table.paused
    kim = FakePeer("Kim", [table])
    frame = join(table, kim, None)
    assert frame["tick"] == table.tick  # the table as it is (the change held in it)
    monkeypatch.delenv(FAIL_ENV)
    clock.now += SAVE_RETRY_S
    table.tick_timers()
    assert table.paused is None and kim.of("event") == []
    assert all(p.last("event")["tick"] == frame["tick"] for p in peers)


# ---------------------------------------------------------------------- item 4: consent


def _late_declarer_turn(table, bots, clock) -> HumanTurn:
    """Play until the declarer is on turn with fewer than nine cards (ISkO 4.3.2: a
    concession needs a defender's consent now)."""

    def late() -> bool:
        if table.state != "playing":
            return False
        deal = table.controller.deal
        need = table.controller.request()
        return (
            isinstance(need, HumanTurn)
            and not need.interjection
            and deal.declarer is not None
            and need.view.position == deal.declarer
            and need.view.hand.bit_count() <= 8
        )

    run(table, bots, clock, late)
    return on_turn(table)


def test_a_late_concession_asks_the_defender_and_only_his_yes_applies_it():
    table, peers, bots, clock = started(config(planned_deals=20))
    need = _late_declarer_turn(table, bots, clock)
    ctl = table.controller
    deal = ctl.deal
    pos = need.view.position
    declarer = peers[need.seat]
    assert Concede(pos) not in need.legal  # without consent it is not allowed
    helper = (pos + 1) % 3
    asked_seat = deal.setup.seats[helper]
    asked, third = peers[asked_seat], peers[deal.setup.seats[(pos + 2) % 3]]
    tick = table.tick
    table.handle(declarer, Act("t1", tick, Concede(pos, helper), id=31))
    shown = [p.last("concession") for p in peers]
    assert all(
        (c["declarer"], c["asked"], c["answer"]) == (need.seat, asked_seat, None) for c in shown
    )
    assert declarer.last("concession")["re"] == 31 and table.tick == tick
    # the client of the asked defender knows it is asked, and builds the answer
    client = ClientTable("t1")
    for frame in asked.frames:
        if frame["type"] == "joined":  # the answer to the test's join() for this seat
            client._joins_out |= {frame.get("re")}
        client.feed(frame)
    assert client.concession == (need.seat, asked_seat)
    assert protocol.parse_client(client.consent(False)) == Consent(
        "t1", tick, False, client._next_id
    )
    # nobody else can answer, and nothing moves while he is asked
    table.handle(declarer, Consent("t1", tick, True))
    table.handle(third, Consent("t1", tick, True))
    table.handle(declarer, Act("t1", tick, need.legal[0]))
    assert declarer.errors()[-2:] == ["not_now", "not_now"] and third.errors() == ["not_now"]
    table.handle(asked, Consent("t1", tick - 1, True))
    assert asked.errors() == ["stale"]
    # a no: the declarer plays on
    table.handle(asked, Consent("t1", tick, False, id=9))
    assert asked.last("concession")["answer"] is False and asked.last("concession")["re"] == 9
    assert declarer.last("concession")["answer"] is False and not deal.finished
    # unanswered in time: lapses the same way
    table.handle(declarer, Act("t1", tick, Concede(pos, helper)))
    clock.now += CONSENT_S
    table.tick_timers()
    assert declarer.last("concession")["answer"] is False and not deal.finished
    # a yes: the concession stands, with the defender who agreed in the record
    table.handle(declarer, Act("t1", tick, Concede(pos, helper)))
    table.handle(asked, Consent("t1", tick, True))
    assert deal.finished and deal.actions[-1] == Concede(pos, helper)
    applied = [f["event"] for f in third.of("event") if f["tick"] == tick + 1]
    assert applied[0]["action"] == {"type": "concede", "player": pos, "agreed_by": helper}
    assert table.state == "between"


def test_a_computer_or_a_dropped_defender_cannot_be_asked_to_consent():
    table, peers, bots, clock = started(
        config(seats=("open", "open", "beginner"), planned_deals=20, substitute_after_s=None)
    )
    # two players and a computer: play until a player declares and is late in the deal
    need = _late_declarer_turn(table, bots, clock)
    deal = table.controller.deal
    pos = need.view.position
    for helper in ((pos + 1) % 3, (pos + 2) % 3):
        seat = deal.setup.seats[helper]
        if seat == 2:
            table.handle(peers[need.seat], Act("t1", table.tick, Concede(pos, helper), id=3))
            error = peers[need.seat].of("error")[-1]
            assert error["code"] == "not_now" and "computer" in error["message"]
        else:
            table.disconnected(peers[seat])
            table.handle(peers[need.seat], Act("t1", table.tick, Concede(pos, helper)))
            assert "connected" in peers[need.seat].of("error")[-1]["message"]
    assert not deal.finished and not peers[need.seat].of("concession")


def test_the_new_frames_round_trip():
    frame = protocol.concession("t1", 5, 0, 2, None, re=3)
    assert protocol.parse_host(frame) == protocol.Concession("t1", 5, 0, 2, None, 3)
    assert protocol.parse_host(protocol.concession("t1", 5, 0, 2, True)).answer is True
    assert protocol.parse_client(protocol.consent("t1", 5, False, 4)) == Consent("t1", 5, False, 4)
    seats = protocol.seats("t1", [], None, [], "host_cannot_save")
    seats["seats"] = [
        {"seat": s, "name": None, "kind": "open", "level": None, "connected": False}
        for s in range(3)
    ]
    assert protocol.parse_host(seats).paused == "host_cannot_save"
    for bad in ({"agree": 1}, {"agree": None}):
        with pytest.raises(protocol.ProtocolError) as e:
            protocol.parse_client({**protocol.consent("t1", 5, True), **bad})
        assert e.value.code == "bad_field"
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_host({**frame, "answer": "yes"})


# ---------------------------------------------------------------------- item 3: limits


def test_one_address_gets_at_most_per_address_connections_and_loopback_is_exempt():
    """One club member's laptop must not take the host's connections (or slow it with
    dozens of them); the load benchmark's bots share 127.0.0.1, which stays exempt."""
    from .test_host_server import FAST, Raw, hosting, run, settle

    async def body():
        capped = dataclasses.replace(FAST, per_address=3, exempt_loopback=False)
        async with hosting(limits=capped) as host:
            port = host.address[1]
            first = [await Raw.connect(port, f"P{i}") for i in range(3)]
            extra = await Raw.connect(port, None)
            refused = await extra.recv()
            assert refused["type"] == "error" and refused["code"] == "server_busy"
            assert "at most 3 connections from one address" in refused["message"]
            assert await extra.closed_by_host() == []
            first[0].close()  # one goes: there is room for one again
            await settle(lambda: len(host.connections) == 2)
            again = await Raw.connect(port, "Again")
            await again.ping_pong()
            for raw in [*first[1:], again]:
                await raw.ping_pong()
        async with hosting() as host:  # the default: loopback is not counted
            port = host.address[1]
            many = [await Raw.connect(port, f"P{i}") for i in range(host.limits.per_address + 4)]
            for raw in many:
                await raw.ping_pong()

    run(body)


def test_repeated_joins_of_one_connection_are_rate_limited():
    """Each ``joined`` holds the whole table (a few ms at a long series): a connection
    that keeps joining is refused after a few, and served on."""
    from .test_host_server import Raw, hosting, run

    async def body():
        async with hosting() as host:
            raw = await Raw.connect(host.address[1], "Kim")
            answers = [await raw.ask(protocol.join("duo", None)) for _ in range(10)]
            kinds = [a["type"] if a["type"] != "error" else a["code"] for a in answers]
            burst = int(host.limits.join_burst)
            assert kinds == ["joined"] * burst + ["rate_limited"] * (10 - burst), kinds
            await raw.ping_pong()

    run(body)


# ---------------------------------------------------------------------- serve --workers


def test_serve_takes_workers_and_says_the_default_is_all_cores_but_one(monkeypatch, capsys):
    """The pool is sized ``cores - 1`` (one core serves the sockets): the help says so,
    and ``--workers`` reaches the host, checked in one line."""
    import skat_desktop.net.host as host_module
    from skat_desktop.cli import build_parser, main

    serve = next(a.choices["serve"] for a in build_parser()._actions if getattr(a, "choices", None))
    (option,) = [a for a in serve._actions if "--workers" in a.option_strings]
    assert "all cores but one" in option.help and "all cores)" not in option.help
    seen = {}

    class Stop(host_module.HostError):
        pass

    def fake_host(*args, **kw):
        seen.update(kw)
        raise Stop("stopped before listening")

    monkeypatch.setattr(host_module, "Host", fake_host)
    assert main(["serve", "--workers", "3", "--db", "x.sqlite3"]) == 2
    assert seen["workers"] == 3
    assert main(["serve", "--workers", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == "skat-desktop: error: --workers must be between 1 and 256"


def test_a_player_who_missed_a_deals_end_ignores_its_reveal_and_fetches_the_deal():
    """The host cannot tell whether a dropped connection got the deal's end: a seat back
    on a new connection gets the last reveal either way. A client that never saw that
    deal end has nothing to check it against: it must not take the reveal as the deal's
    verdict, or ``records`` would skip the deal and its copy would lack it for good."""
    clock = Clock()
    table = table_of(config(planned_deals=3), None, clock)
    peers = [FakePeer(name, [table]) for name in ("Anna", "Ben", "Cleo")]
    for seat, peer in enumerate(peers):
        join(table, peer, seat)
    bots = [ClientBot(table, p, seed) for seed, p in enumerate(peers)]
    token = joined_frame(peers[0])["token"]
    run(table, bots, clock, lambda: table.state == "between")
    frames = peers[0].frames
    end_at = next(
        i
        for i in range(bots[0].seen, len(frames))
        if frames[i]["type"] == "event" and frames[i]["event"]["event"] == "deal_finished"
    )
    bots[0].read(upto=end_at)  # the connection went before the deal's end arrived
    anna = bots[0].client
    table.disconnected(peers[0])
    run(table, bots[1:], clock, lambda: table.state == "playing")
    back = FakePeer("Anna", [table])
    join(table, back, 0, token=token)
    bots[0] = ClientBot(table, back, 7, client=anna)
    bots[0].read()
    assert back.of("reveal") and anna.verified(1) is None and not anna.problems
    bots[0].send(anna.fetch_records(1))
    bots[0].read()
    (fetched,) = anna.take_finished()
    assert fetched.number == 1 and fetched.fetched and fetched.deal is not None
