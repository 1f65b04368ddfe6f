"""One table of the LAN host, without sockets: fake peers collect the frames, computers
think in an in-thread pool, a fake clock runs the time-outs.

The property behind all of it (ARCHITECTURE §1): no frame to a seat names a card that
seat may not know. Every frame a seat's peer gets is checked when it is sent: its view
must be the engine's ``seat_view`` of that seat at that moment, and every card code in
it must be one the seat has been shown in its views during the deal (its hand, the skat
it picked up or put down, played and open cards, everything once the deal is over).
"""

from __future__ import annotations

import itertools
import json
import queue
import random
import re
import threading
from typing import Any

import pytest

from skat_desktop.app.table import HumanTurn, TableError
from skat_desktop.engine.actions import Bid, Claim, Double, Play, action_from_dict
from skat_desktop.engine.cards import card
from skat_desktop.engine.profiles import BUILTIN, HOUSE, ISKO
from skat_desktop.engine.view import SeatView, seat_view
from skat_desktop.net import fairness, protocol
from skat_desktop.net.computers import ComputerPool
from skat_desktop.net.hosted_table import MAX_KIBITZERS, HostedTable, TableConfig
from skat_desktop.net.protocol import (
    Act,
    Chat,
    Contribute,
    Decline,
    FetchRecords,
    Join,
    Leave,
    Next,
    Pledge,
)
from skat_desktop.store.repository import Store

CARD = re.compile(r"(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])")
_ids = itertools.count(1)


@pytest.fixture(autouse=True)
def same_deals(monkeypatch):
    """The secrets and contributions drawn from a seeded generator: the same deals in
    every run (the fairness of real ones is their own module's test)."""
    rng = random.Random(2024)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))


def known_cards(view: SeatView) -> int:
    """Every card ``view`` shows its seat."""
    m = view.hand | view.played | (view.skat or 0) | (view.original_skat or 0)
    for h in view.open_hands:
        m |= h or 0
    for h in view.dealt or ():
        m |= h
    if view.last_trick is not None:
        for c in view.last_trick[1]:
            m |= 1 << c
    return m


def cards_named(frame: dict[str, Any]) -> int:
    data = {k: v for k, v in frame.items() if k not in ("token", "profile")}
    m = 0
    for c in CARD.findall(json.dumps(data)):
        m |= 1 << card(c)
    return m


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _earlier_deals(frame: dict[str, Any], number: int) -> bool:
    """A reveal or records frame of deals before deal ``number`` only."""
    if frame["type"] == "reveal":
        return frame["deal"] < number
    return frame["type"] == "records" and all(d["deal"] < number for d in frame["deals"])


class FakePeer:
    """A connection that keeps what it is sent and checks it as it comes (see above)."""

    def __init__(self, name: str, watch: list[HostedTable] | None = None):
        self.id = next(_ids)
        self.name = name
        self.challenge = random.randbytes(32)
        self.frames: list[dict[str, Any]] = []
        self.closed: str | None = None
        self.watch = watch if watch is not None else []  # the table whose deal to check with
        self.seat: int | None = None
        self._deal = None
        self._known = 0

    def send(self, frame: dict) -> None:
        protocol.encode(frame)  # fits the wire
        protocol.parse_host(frame)  # and passes the client's strict checks
        frame = json.loads(json.dumps(frame))
        self._check(frame)
        self.frames.append(frame)

    def close(self, reason: str) -> None:
        self.closed = reason

    def _check(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "joined":
            self.seat = frame["seat"]
        ctl = self.watch[0].controller if self.watch else None
        deal = ctl.deal if ctl is not None else None
        if deal is not None and _earlier_deals(frame, ctl.deal_number):
            return  # finished deals (a reveal again, records): every card is public now
        if deal is None:
            assert not cards_named(frame), frame
            return
        if deal is not self._deal:
            self._deal, self._known = deal, 0
        truth = seat_view(deal, self.seat)
        self._known |= known_cards(truth)
        if frame.get("view") is not None:
            assert frame["view"] == truth.to_dict(), "a view other than the engine's"
        named = cards_named(frame)
        assert named & ~self._known == 0, f"seat {self.seat} is sent cards it may not know"

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]

    def last(self, kind: str) -> dict[str, Any]:
        return self.of(kind)[-1]

    def errors(self) -> list[str]:
        return [f["code"] for f in self.of("error")]


def config(seats=("open", "open", "open"), profile=ISKO, **kw) -> TableConfig:
    kw.setdefault("substitute_level", "beginner")
    kw.setdefault("first_seed", 7)
    kw.setdefault("planned_deals", 3)
    return TableConfig(name="Club", profile=profile, seats=list(seats), **kw)


def table_of(cfg: TableConfig, store: Store | None = None, clock: Clock | None = None):
    return HostedTable("t1", cfg, store, ComputerPool(0), clock or Clock())


def join(table: HostedTable, peer: FakePeer, seat: int | None, **kw) -> dict[str, Any]:
    if table not in peer.watch:
        peer.watch[:] = [table]
    n = len(peer.frames)
    table.handle(peer, Join("t1", seat, id=next(_ids), **kw))
    return next((f for f in peer.frames[n:] if f["type"] in ("joined", "error")), {})


def joined_frame(peer: FakePeer) -> dict[str, Any]:
    return peer.last("joined")


class Bot:
    """A player at the keyboard: plays random legal moves from the view it was sent,
    contributes to every deal, says ``next`` after each, sometimes Kontra."""

    def __init__(self, table: HostedTable, peer: FakePeer, rng: random.Random, double=0.3):
        self.table, self.peer, self.rng, self.double = table, peer, rng, double
        self.seen = 0
        self.tick = 0
        self.view: dict[str, Any] | None = None
        self.turn: dict[str, Any] | None = None
        self.commit: dict[str, Any] | None = None
        self.shown: dict[str, Any] | None = None  # the pledges frame: open now
        self.next_due = False
        self.commits: dict[int, dict[str, Any]] = {}
        self.reveals: list[tuple[dict[str, Any], dict[str, Any]]] = []  # with the final view
        self.sent: dict[int, bytes] = {}
        self.pledges: dict[int, dict[str, Any]] = {}

    def read(self) -> None:
        for f in self.peer.frames[self.seen :]:
            kind = f["type"]
            if kind in ("joined", "event"):
                self.tick, self.view, self.turn = f["tick"], f["view"], None
                if kind == "event" and f["event"]["event"] in ("deal_finished", "series_finished"):
                    self.next_due = f["event"]["event"] == "deal_finished"
            elif kind == "turn":
                self.turn = f
            elif kind == "commit":
                self.commit = f
                self.commits[f["deal"]] = f
            elif kind == "pledges":
                self.shown = f
                self.pledges[f["deal"]] = f
            elif kind == "reveal":
                self.reveals.append((f, self.view))
            elif kind == "error":
                raise AssertionError(f"refused: {f}")
        self.seen = len(self.peer.frames)

    def move(self) -> bool:
        """One message if one is due; False when there is nothing to do."""
        self.read()
        seat, t = self.peer.seat, self.table
        if self.commit is not None:
            c, self.commit = self.commit, None
            if seat in c["contributors"]:
                value = fairness.new_contribution()
                self.sent[c["deal"]] = value
                pledged = fairness.pledge(t.id, c["deal"], seat, value)
                t.handle(self.peer, Pledge(t.id, c["deal"], pledged))
                return True
        if self.shown is not None:
            f, self.shown = self.shown, None
            if str(seat) in f["pledges"] and f["deal"] in self.sent:
                t.handle(self.peer, Contribute(t.id, f["deal"], self.sent[f["deal"]]))
                return True
        if self.next_due:
            self.next_due = False
            t.handle(self.peer, Next(t.id))
            return True
        turn = self.turn
        if turn is None or turn["seat"] != seat or turn["tick"] != self.tick:
            return False
        self.turn = None
        legal = [action_from_dict(a) for a in self.view["legal"]]
        if turn["interjection"]:
            doubles = [a for a in legal if type(a) is Double]
            if doubles and self.rng.random() < self.double:
                t.handle(self.peer, Act(t.id, self.tick, doubles[0]))
            else:
                t.handle(self.peer, Decline(t.id, self.tick))
            return True
        plays = [a for a in legal if type(a) is Play]
        choice = self.rng.choice(plays or [a for a in legal if type(a).__name__ != "Concede"])
        t.handle(self.peer, Act(t.id, self.tick, choice))
        return True


def run(
    table: HostedTable, bots: list[Bot], clock: Clock, until, limit: int = 20_000, answers=None
) -> None:
    """Let the bots play until ``until()``; when none has anything to do, the computers'
    answers come in (``answers``: the queue a threaded pool posts to), else time passes."""
    for _ in range(limit):
        if until():
            return
        if any([b.move() for b in bots]):
            continue
        if answers is not None and table._job is not None:
            answers.get(timeout=30)()  # a computer thinks: the loop waits for its answer
            continue
        clock.now += 1.0
        table.tick_timers()
    raise AssertionError("the table got stuck")


def seated(table: HostedTable, names=("Anna", "Ben", "Cleo", "Dora"), seats=None):
    seats = (
        seats if seats is not None else [i for i, k in enumerate(table.config.seats) if k == "open"]
    )
    peers = []
    for name, seat in zip(names, seats, strict=False):
        peer = FakePeer(name)
        join(table, peer, seat)
        assert joined_frame(peer)["seat"] == seat
        peers.append(peer)
    return peers


def check_reveals(bot: Bot, table_id: str = "t1") -> int:
    """Every reveal a bot got verifies against the commitment it was sent before the deal,
    its own contribution, and the cards it saw."""
    bot.read()
    for reveal, view in bot.reveals:
        deal = reveal["deal"]
        commit = bot.commits[deal]
        contributions = {int(k): bytes.fromhex(v) for k, v in reveal["contributions"].items()}
        mine = (bot.peer.seat, bot.sent[deal]) if deal in bot.sent else None
        shown = {int(k): bytes.fromhex(v) for k, v in bot.pledges[deal]["pledges"].items()}
        assert reveal["pledges"] == bot.pledges[deal]["pledges"]  # as shown before opening
        problem = fairness.check_reveal(
            table_id,
            deal,
            bytes.fromhex(commit["commitment"]),
            bytes.fromhex(reveal["secret"]),
            contributions,
            reveal["seed"],
            mine,
            pledges=shown,
            left_out=reveal["withheld"],
        )
        assert problem is None, problem
        final = SeatView.from_dict(view, bot.table.config.profile)
        assert fairness.check_view(reveal["seed"], final) is None
    return len(bot.reveals)


# ---------------------------------------------------------------------- seats


def test_seats_kibitzers_password_and_tokens():
    cfg = config(seats=("open", "open", "beginner"), password="secret word")
    table = table_of(cfg)
    key = protocol.password_key("secret word")
    anna, ben, cleo = FakePeer("Anna"), FakePeer("Ben"), FakePeer("Cleo")

    def proof(peer):
        return protocol.proof(key, peer.challenge, "t1")

    join(table, anna, 0)
    assert anna.errors() == ["bad_password"]
    join(table, anna, 0, proof=protocol.proof(protocol.password_key("wrong"), anna.challenge, "t1"))
    join(table, anna, 0, proof=protocol.proof(key, ben.challenge, "t1"))  # another's challenge
    assert anna.errors() == ["bad_password"] * 3
    token = join(table, anna, 0, proof=proof(anna))["token"]
    assert len(token) >= 32 and table.info()["seats"][0]["name"] == "Anna"
    join(table, ben, 0, proof=proof(ben))
    join(table, ben, 2, proof=proof(ben))  # the computer's
    join(table, ben, 3, proof=proof(ben))  # no such seat at a table of three
    join(table, anna, 1, proof=proof(anna))  # one seat per peer
    assert ben.errors() == ["seat_taken", "seat_invalid", "seat_invalid"]
    assert anna.errors()[-1] == "already_joined"
    # kibitzers: with the password too, at most MAX_KIBITZERS
    watchers = [FakePeer(f"K{i}") for i in range(MAX_KIBITZERS + 1)]
    join(table, watchers[0], None)
    assert watchers[0].errors() == ["bad_password"]
    for w in watchers:
        join(table, w, None, proof=proof(w))
    assert [len(w.of("joined")) for w in watchers] == [1] * MAX_KIBITZERS + [0]
    assert watchers[-1].errors() == ["table_full"]
    assert joined_frame(watchers[1])["token"] is None and table.info()["kibitzers"] == 8
    # a token takes the seat back; the old connection is closed
    again = FakePeer("Anna")
    join(table, again, None, token="x" * 32)
    assert again.errors() == ["bad_token"]
    frame = join(table, again, None, token=token)
    assert frame["type"] == "joined" and frame["seat"] == 0 and frame["token"] == token
    assert anna.closed == "joined from elsewhere"
    table.disconnected(anna)  # the old connection going changes nothing
    assert table.info()["seats"][0]["connected"] is True
    # the lobby: a leaving player frees his seat, a kibitzer can sit down
    table.handle(again, Leave("t1"))
    assert table.info()["seats"][0]["kind"] == "open"
    join(table, watchers[2], 0, proof=proof(watchers[2]))
    assert joined_frame(watchers[2])["seat"] == 0 and table.info()["kibitzers"] == 7
    join(table, cleo, 1, proof=proof(cleo))
    assert table.state == "committing"  # every open seat taken: the series begins
    join(table, ben, 1, proof=proof(ben))
    assert ben.errors()[-1] == "seat_taken"
    assert [s["name"] for s in table.info()["seats"]] == ["K2", "Cleo", "beginner 3"]


def test_a_dropped_lobby_seat_is_freed_after_the_grace_period_and_names_stay_apart():
    clock = Clock()
    table = table_of(config(grace_s=300), clock=clock)
    a, b = FakePeer("Anna"), FakePeer("Anna")
    join(table, a, 0)
    join(table, b, 1)
    assert [s["name"] for s in table.info()["seats"][:2]] == ["Anna", "Anna (2)"]
    table.disconnected(a)
    clock.now += 299
    table.tick_timers()
    assert table.info()["seats"][0]["kind"] == "human"
    clock.now += 1
    table.tick_timers()
    assert table.info()["seats"][0]["kind"] == "open"
    assert b.last("seats")["seats"][0]["kind"] == "open"


def test_the_table_config_is_checked_in_one_line():
    for bad, words in [
        (dict(seats=["open", "open"]), "not played at a table of 2"),
        (dict(seats=["beginner"] * 3), "at least one open seat"),
        (dict(seats=["open", "open", "external:rm -rf /"]), "unknown computer level"),
        (dict(substitute_level="grandmaster"), "unknown computer level"),
        (dict(planned_deals=0), "planned number of deals"),
        (dict(grace_s=-1), "grace_s"),
        (dict(password=""), "password"),
    ]:
        with pytest.raises(TableError, match=words) as err:
            table_of(config(**bad))
        assert "\n" not in str(err.value)


# ---------------------------------------------------------------------- moves


def started(cfg: TableConfig | None = None, store=None, clock=None):
    """A table of three players with deal 1 dealt (everyone contributed)."""
    clock = clock or Clock()
    table = table_of(cfg or config(), store, clock)
    peers = seated(table)
    bots = [Bot(table, p, random.Random(i)) for i, p in enumerate(peers)]
    for _ in range(2):
        for b in bots:
            b.move()  # pledge, then open
    assert table.state == "playing"
    return table, peers, bots, clock


def on_turn(table: HostedTable) -> HumanTurn:
    need = table.controller.request()
    assert isinstance(need, HumanTurn)
    return need


def test_refused_moves_are_answered_with_an_error_and_change_nothing():
    table, peers, _bots, _ = started()
    kib, stranger = FakePeer("Kim"), FakePeer("Sam")
    join(table, kib, None)
    need = on_turn(table)  # the bidding's first call
    me, other = peers[need.seat], peers[(need.seat + 1) % 3]
    pos, other_pos = need.view.position, table.controller.view_for(other.seat).position
    right = need.legal[0]
    tick = table.tick
    before = (tick, table.controller.actions, [len(p.frames) for p in [*peers, kib]])
    table.handle(me, Act("t1", tick - 1, right, id=41))
    table.handle(me, Act("t1", tick, Bid(other_pos, 18)))  # for another seat
    table.handle(me, Act("t1", tick, Bid(pos, 19)))  # no such bid: the engine refuses
    table.handle(me, Decline("t1", tick))  # nobody asked for Kontra
    table.handle(me, Chat("t1", "hello"))  # chat waits for the deal's end
    table.handle(me, Next("t1"))
    table.handle(me, Contribute("t1", 1, bytes(32)))
    table.handle(other, Act("t1", tick, right))  # the seat on turn's move
    table.handle(other, Act("t1", tick, Bid(other_pos, 18)))  # its own, out of turn
    table.handle(kib, Act("t1", tick, right))
    table.handle(stranger, Act("t1", tick, right))
    assert me.errors() == [
        "stale",
        "not_your_turn",
        "illegal",
        "not_your_turn",
        "not_now",
        "not_now",
        "not_now",
    ]
    assert me.of("error")[0]["re"] == 41
    assert "19" in me.of("error")[2]["message"]  # the engine's sentence, to the sender only
    assert other.errors() == ["not_your_turn", "not_your_turn"]
    assert kib.errors() == ["not_joined"] and stranger.errors() == ["not_joined"]
    # nothing changed and nobody heard of it but the sender
    assert (table.tick, table.controller.actions) == before[:2]
    counts = [len(p.frames) for p in [*peers, kib]]
    expected = [n + len(p.of("error")) for n, p in zip(before[2], [*peers, kib], strict=True)]
    assert counts == expected
    # the right move goes through and everyone hears it at the next tick
    table.handle(me, Act("t1", tick, right))
    assert table.tick == tick + 1
    assert all(p.last("event")["tick"] == tick + 1 for p in [*peers, kib])


# ---------------------------------------------------------------------- whole series


def play_series(table: HostedTable, clock: Clock, seed: int, watchers: int = 1, double=0.3):
    peers = seated(table)
    kibitzers = [FakePeer(f"K{i}", [table]) for i in range(watchers)]
    for k in kibitzers:
        join(table, k, None)
    rng = random.Random(seed)
    bots = [Bot(table, p, rng, double) for p in peers]
    run(table, bots, clock, lambda: table.state == "finished")
    return peers, kibitzers, bots


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_a_series_of_three_players_in_every_profile(name, tmp_path):
    store = Store.open(tmp_path / "host.sqlite3")
    clock = Clock()
    table = table_of(config(profile=BUILTIN[name], planned_deals=3), store, clock)
    peers, kibitzers, bots = play_series(table, clock, seed=len(name))
    ctl = table.controller
    assert len(ctl.entries) == 3 and store.live_tables() == []
    assert sum(check_reveals(b) for b in bots) == 9
    # every deal was dealt from its fair seed, and the database keeps that seed
    seeds = [b[0]["seed"] for b in bots[0].reveals]
    assert [d["seed"] for d in store.deal_sources(ctl.series_id)] == seeds
    for p in [*peers, *kibitzers]:
        finished = p.last("event")["event"]
        assert finished["event"] == "series_finished" and finished["totals"] == list(ctl.totals)
    assert table.info()["state"] == "finished" and table.info()["deals_done"] == 3


def test_a_table_of_four_with_a_computer_and_kontra(tmp_path):
    store = Store.open(tmp_path / "host.sqlite3")
    clock = Clock()
    cfg = config(seats=("open", "random", "open", "open"), profile=HOUSE, planned_deals=5)
    table = table_of(cfg, store, clock)
    _peers, kibitzers, bots = play_series(table, clock, seed=4, watchers=2, double=0.6)
    ctl = table.controller
    assert len(ctl.entries) == 5
    assert sum(check_reveals(b) for b in bots) == 15
    dealers = [e.dealer for e in ctl.entries]
    assert set(dealers) == {0, 1, 2, 3}  # each sat out as dealer: the view of one who does
    assert all(k.of("event") for k in kibitzers)
    said = [
        f
        for f in kibitzers[0].of("event")
        if f["event"]["event"] == "action_applied"
        and f["event"]["action"]["type"] in ("kontra", "re", "bock", "hirsch")
    ]
    assert said  # Kontra was said between cards, and the table went on


def test_no_frame_names_a_card_its_seat_may_not_know_even_with_a_cheating_check():
    """The checking peer itself can fail: a view sent to the wrong seat is caught."""
    table, peers, _bots, _ = started()
    peers[0].seat = 1  # pretend the frames of seat 0 went to seat 1
    with pytest.raises(AssertionError, match=r"other than the engine's|may not know"):
        need = on_turn(table)
        table.handle(peers[need.seat], Act("t1", table.tick, need.legal[0]))


# ---------------------------------------------------------------------- fair deals


def _pledge(seat: int, value: bytes, deal: int = 1) -> Pledge:
    return Pledge("t1", deal, fairness.pledge("t1", deal, seat, value))


def test_contributions_time_out_and_out_of_step_ones_are_refused():
    clock = Clock()
    table = table_of(config(contribute_timeout_s=10), clock=clock)
    peers = seated(table)
    commit = peers[0].last("commit")
    assert commit["deal"] == 1 and commit["contributors"] == [0, 1, 2]
    values = {0: fairness.new_contribution(), 2: fairness.new_contribution()}
    # step 2, the pledges: no bytes yet
    table.handle(peers[0], Contribute("t1", 1, values[0]))  # bytes before every pledge
    table.handle(peers[0], _pledge(0, values[0], deal=2))  # another deal
    table.handle(peers[0], _pledge(0, values[0]))
    table.handle(peers[0], _pledge(0, values[0]))  # again (a reconnect): fine
    table.handle(peers[0], _pledge(0, bytes(32)))  # another one: refused
    table.handle(peers[2], _pledge(2, values[2]))
    assert peers[0].errors() == ["not_now", "not_now", "not_now"]
    assert not peers[0].of("pledges")
    clock.now += 9.5
    table.tick_timers()
    assert table.state == "committing" and not peers[0].of("pledges")  # Ben may still pledge
    clock.now += 0.5
    table.tick_timers()  # he did not: the pledges are fixed and shown to everyone
    shown = [p.last("pledges")["pledges"] for p in peers]
    assert shown == [{"0": _hex(0, values[0]), "2": _hex(2, values[2])}] * 3
    # step 3, the bytes, each checked against its pledge
    table.handle(peers[1], Pledge("t1", 1, bytes(32)))  # too late to pledge
    table.handle(peers[1], Contribute("t1", 1, bytes(32)))  # pledged nothing
    table.handle(peers[2], Contribute("t1", 1, bytes(32)))  # not what it pledged
    assert peers[1].errors() == ["not_now", "not_now"] and peers[2].errors() == ["bad_field"]
    table.handle(peers[0], Contribute("t1", 1, values[0]))
    table.handle(peers[0], Contribute("t1", 1, values[0]))  # again: fine
    assert peers[0].errors() == ["not_now"] * 3
    table.handle(peers[2], Contribute("t1", 1, values[2]))
    assert table.state == "playing"
    seed = fairness.derive_seed(bytes.fromhex(commit["commitment"]), values)
    assert table.controller.deal.setup.seed == seed


def _hex(seat: int, value: bytes, deal: int = 1) -> str:
    return fairness.pledge("t1", deal, seat, value).hex()


def test_a_seat_that_pledged_and_did_not_open_is_left_out_and_named_to_everyone():
    """The one choice left: the deal with or without one's bytes. Whoever takes it is
    seen by every client in the reveal; the seed takes only bytes that kept a pledge."""
    clock = Clock()
    table = table_of(config(contribute_timeout_s=10, planned_deals=1), clock=clock)
    peers = seated(table)
    kibitzer = FakePeer("Kim")
    join(table, kibitzer, None)
    values = {s: fairness.new_contribution() for s in range(3)}
    for seat, peer in enumerate(peers):
        table.handle(peer, _pledge(seat, values[seat]))
    assert [p.last("pledges")["deal"] for p in [*peers, kibitzer]] == [1] * 4
    table.handle(peers[0], Contribute("t1", 1, values[0]))
    table.handle(peers[2], Contribute("t1", 1, values[2]))
    assert table.state == "committing"  # Ben opens nothing
    clock.now += 10
    table.tick_timers()
    assert table.state == "playing"
    commitment = bytes.fromhex(peers[0].last("commit")["commitment"])
    opened = {0: values[0], 2: values[2]}
    assert table.controller.deal.setup.seed == fairness.derive_seed(commitment, opened)
    bots = [Bot(table, p, random.Random(i)) for i, p in enumerate(peers)]
    for b in bots:
        b.read()
        b.commit = b.shown = None  # (answered above)
    run(table, bots, clock, lambda: table.state == "finished")
    for peer in [*peers, kibitzer]:
        reveal = peer.last("reveal")
        assert reveal["withheld"] == [1] and sorted(reveal["contributions"]) == ["0", "2"]
        assert reveal["pledges"] == peer.last("pledges")["pledges"]
        assert set(reveal["pledges"]) == {"0", "1", "2"}


def test_a_dropped_contributor_is_not_waited_for():
    table = table_of(config())
    peers = seated(table)
    values = [fairness.new_contribution() for _ in range(3)]
    table.handle(peers[0], _pledge(0, values[0]))
    table.handle(peers[1], _pledge(1, values[1]))
    assert table.state == "committing" and not peers[0].of("pledges")
    table.disconnected(peers[2])  # pledged nothing: not waited for
    assert peers[0].last("pledges")["pledges"].keys() == {"0", "1"}
    table.handle(peers[0], Contribute("t1", 1, values[0]))
    assert table.state == "committing"
    table.disconnected(peers[1])  # pledged, then went: not waited for, named in the reveal
    assert table.state == "playing"


# ---------------------------------------------------------------------- joining late


def test_joined_tells_a_late_joiner_the_deal_and_the_series():
    """No table list needed: dealer, seating, length, deals done and state come along."""
    clock = Clock()
    table, _peers, bots, clock = started(config(planned_deals=2), clock=clock)
    ctl = table.controller
    run(table, bots, clock, lambda: ctl.deal_number == 2 and len(ctl.actions) >= 2)
    watcher = FakePeer("Kim")
    frame = join(table, watcher, None)
    setup = ctl.deal.setup
    assert (frame["dealer"], frame["seats"]) == (setup.dealer, list(setup.seats))
    assert (frame["planned_deals"], frame["deals_done"], frame["state"]) == (2, 1, "playing")
    assert frame["name"] == "Club" and frame["deal_number"] == 2
    run(table, bots, clock, lambda: table.state == "finished")
    frame = join(table, FakePeer("Lou"), None)
    assert (frame["deals_done"], frame["state"]) == (2, "finished")
    lobby = join(table_of(config()), FakePeer("Max"), 0)
    assert (lobby["dealer"], lobby["seats"], lobby["state"]) == (None, None, "lobby")
    assert lobby["planned_deals"] == 3 and lobby["deals_done"] == 0


def test_finished_deals_are_handed_out_whole_and_bounded(monkeypatch):
    """``records``: each finished deal with its seed, fair-deal data and whole log, to
    whoever sits or watches at the table; as many as fit one frame, oldest first."""
    table = table_of(config(planned_deals=3))
    peers, (kim,), _bots = play_series(table, Clock(), seed=4)
    stranger = FakePeer("Sam")
    table.handle(stranger, FetchRecords("t1", 1, id=1))
    assert stranger.errors() == ["not_joined"]
    table.handle(kim, FetchRecords("t1", 1, id=2))
    answer = kim.last("records")
    assert answer["re"] == 2 and not answer["more"]
    reveals = {r["deal"]: r for r in kim.of("reveal")}
    for d in answer["deals"]:
        reveal, fair = reveals[d["deal"]], d["fair"]
        assert d["actions"] == reveal["actions"] and d["seed"] == reveal["seed"]
        assert fair["pledges"] == reveal["pledges"] and fair["withheld"] == reveal["withheld"]
        assert fair["secret"] == reveal["secret"] and d["entry"]["number"] == d["deal"]
        assert d["result"] == next(
            e["event"]["result"]
            for e in kim.of("event")
            if e["event"]["event"] == "deal_finished" and e["tick"] // 1000 == d["deal"]
        )
    assert [d["deal"] for d in answer["deals"]] == [1, 2, 3]
    table.handle(peers[0], FetchRecords("t1", 3))
    assert [d["deal"] for d in peers[0].last("records")["deals"]] == [3]
    table.handle(peers[0], FetchRecords("t1", 4))
    assert peers[0].last("records")["deals"] == []
    monkeypatch.setattr(protocol, "MAX_RECORDS", 2)  # at most this many
    table.handle(kim, FetchRecords("t1", 1))
    assert [d["deal"] for d in kim.last("records")["deals"]] == [1, 2]
    assert kim.last("records")["more"]
    one = len(protocol.encode(kim.last("records"))) - 200  # room for one deal, not two
    monkeypatch.setattr(protocol, "MAX_FRAME", one)  # and never more than one frame holds
    table.handle(kim, FetchRecords("t1", 2))
    assert [d["deal"] for d in kim.last("records")["deals"]] == [2]
    assert kim.last("records")["more"]


# ---------------------------------------------------------------------- drops


def play_until(table, bots, clock, until):
    run(table, bots, clock, until, limit=2000)


def test_a_dropped_player_is_waited_for_then_substituted_then_plays_on(tmp_path):
    clock = Clock()
    cfg = config(substitute_after_s=60, grace_s=300)
    table, peers, bots, clock = started(cfg, Store.open(tmp_path / "h.sqlite3"), clock)
    need = on_turn(table)
    gone = need.seat
    token = joined_frame(peers[gone]).get("token")
    table.disconnected(peers[gone])
    others = [p for p in peers if p.seat != gone]
    seats = others[0].last("seats")
    assert seats["waiting_for"] == gone and seats["substitutes"] == []
    assert seats["seats"][gone]["connected"] is False
    tick = table.tick
    clock.now += 59
    table.tick_timers()
    assert table.tick == tick  # the table waits for him
    clock.now += 1
    table.tick_timers()
    assert table.tick > tick  # a computer plays for him now
    assert others[0].last("seats")["substitutes"] == [gone]
    live = [b for b in bots if b.peer.seat != gone]
    # the others play on with the substitute until the first trick is under way
    play_until(table, live, clock, lambda: len(table.controller.view_for(0).trick) == 1)
    back = FakePeer("Back", [table])
    frame = join(table, back, None, token=token)
    assert frame["type"] == "joined" and frame["seat"] == gone and frame["token"] == token
    assert frame["tick"] == table.tick and frame["deal_number"] == table.controller.deal_number
    assert len(frame["view"]["trick"]) == 1  # mid-trick
    assert frame["view"] == table.controller.view_for(gone).to_dict()
    assert len(frame["actions"]) == len(table.controller.actions)
    # he can still check the deal's reveal (nothing is asked of him any more)
    assert back.last("commit")["deal"] == frame["deal_number"]
    assert back.last("commit")["contributors"] == []
    assert others[0].last("seats")["substitutes"] == []
    bots[gone] = Bot(table, back, random.Random(5))
    run(table, bots, clock, lambda: table.state == "finished")
    assert sum(check_reveals(b) for b in bots) >= 7


@pytest.mark.parametrize("interjection", [False, True])
def test_a_player_back_in_the_bidding_or_at_kontra_gets_the_whole_table(interjection):
    cfg = config(substitute_after_s=None, grace_s=600, profile=HOUSE, planned_deals=20)
    table, peers, bots, clock = started(cfg)
    for b in bots:
        b.double = 0.0

    def asked() -> bool:
        need = table.controller.request() if table.state == "playing" else None
        return isinstance(need, HumanTurn) and need.interjection == interjection

    run(table, bots, clock, asked)
    need = on_turn(table)
    token = joined_frame(peers[need.seat])["token"]
    table.disconnected(peers[need.seat])
    clock.now += 599
    table.tick_timers()
    assert table.controller.request() == need  # without a substitute the deal waits
    back = FakePeer("Back", [table])
    frame = join(table, back, need.seat, token=token)
    assert frame["view"]["phase"] == need.view.phase and frame["tick"] == table.tick
    turn = back.last("turn")
    assert (turn["seat"], turn["tick"], turn["interjection"]) == (
        need.seat,
        table.tick,
        interjection,
    )
    bots[need.seat] = Bot(table, back, random.Random(1))
    number = table.controller.deal_number
    run(table, bots, clock, lambda: table.controller.deal_number > number)


def test_after_the_grace_period_the_computer_keeps_the_seat_and_the_token_still_works():
    table, peers, bots, clock = started(config(substitute_after_s=None, grace_s=100))
    need = on_turn(table)
    gone = need.seat
    token = joined_frame(peers[gone])["token"]
    table.disconnected(peers[gone])
    clock.now += 100
    table.tick_timers()
    assert peers[(gone + 1) % 3].last("seats")["substitutes"] == [gone]
    live = [b for i, b in enumerate(bots) if i != gone]
    run(table, live, clock, lambda: table.state == "between")
    clock.now += 30  # the next deal comes without him
    table.tick_timers()
    assert table.state == "committing"
    assert gone not in peers[(gone + 1) % 3].last("commit")["contributors"]
    back = FakePeer("Back", [table])
    assert join(table, back, None, token=token)["seat"] == gone


def test_nobody_at_the_table_means_no_next_deal():
    table, peers, _bots, clock = started(config(substitute_after_s=0))
    for p in peers:
        table.disconnected(p)
    table.tick_timers()  # the substitutes finish the deal
    assert table.state == "between"
    clock.now += 3600
    table.tick_timers()
    assert table.state == "between" and table.controller.deal_number == 1


# ---------------------------------------------------------------------- restart


@pytest.mark.parametrize("where", ["bidding", "mid-trick", "between"])
def test_a_restarted_host_continues_the_table(tmp_path, where):
    store = Store.open(tmp_path / "host.sqlite3")
    table, peers, bots, clock = started(config(), store)
    tokens = [joined_frame(p)["token"] for p in peers]
    ctl = table.controller
    if where == "mid-trick":
        run(table, bots, clock, lambda: len(ctl.view_for(0).trick) == 2)
    elif where == "bidding":
        run(table, bots, clock, lambda: len(ctl.actions) == 2)
    else:
        run(table, bots, clock, lambda: table.state == "between")
    view = {s: ctl.view_for(s).to_dict() for s in range(3)}
    tick, number = table.tick, ctl.deal_number
    commits, sent, pledges = bots[0].commits, bots[0].sent, bots[0].pledges
    table.close()  # the host goes down (kill -9 alike: every change is in the store)
    (row,) = HostedTable.live_tables(store)
    state = json.loads(store.load_live(row.id).state)
    assert not any(t in json.dumps(state) for t in tokens)  # only their hashes are kept
    again = HostedTable.resume(
        Store.open(tmp_path / "host.sqlite3"), row.id, ComputerPool(0), clock
    )
    assert again.id == "t1" and again.tick == tick
    assert again.info()["seats"][0] == {
        "seat": 0,
        "name": "Anna",
        "kind": "human",
        "level": None,
        "connected": False,
    }
    fresh = [FakePeer(p.name, [again]) for p in peers]
    for s, (p, token) in enumerate(zip(fresh, tokens, strict=True)):
        frame = join(again, p, s, token=token)
        assert frame["view"] == view[s] and frame["tick"] == tick
    if where == "between":
        assert fresh[0].last("reveal")["deal"] == number  # still revealed after the restart
    else:  # the commitment made before the restart, to check the reveal by
        assert fresh[0].last("commit")["commitment"] == commits[number]["commitment"]
    bots = [Bot(again, p, random.Random(9)) for p in fresh]
    bots[0].commits, bots[0].sent, bots[0].pledges = commits, sent, pledges
    bots[0].read()
    run(again, bots, clock, lambda: again.state == "finished")
    assert check_reveals(bots[0]) == 3 - number + 1  # the deal in play (or just over) too
    # every finished deal is handed out again: the secrets of those before the restart
    # went with the old process, the deal in play at the restart keeps its own
    again.handle(fresh[1], FetchRecords("t1", 1, id=5))
    records = fresh[1].last("records")
    assert [d["deal"] for d in records["deals"]] == [1, 2, 3] and records["re"] == 5
    assert [d["fair"] is None for d in records["deals"]] == [n < number for n in (1, 2, 3)]
    host_rows = store.deal_sources(again.controller.series_id)
    for d, row in zip(records["deals"], host_rows, strict=True):
        rec = json.loads(row["record"])
        assert (d["seed"], d["actions"], d["result"]) == (
            row["seed"],
            rec["actions"],
            rec["result"],
        )


def test_a_row_that_is_no_hosted_table_is_not_resumed(tmp_path):
    from skat_desktop.app.table import SeatSpec, TableController

    store = Store.open(tmp_path / "host.sqlite3")
    seats = [SeatSpec.human("Anna"), SeatSpec.computer("random"), SeatSpec.computer("random")]
    TableController(ISKO, seats, seed=1, store=store, deals_planned=2).start_deal()
    (row,) = store.live_tables()
    assert HostedTable.live_tables(store) == []
    with pytest.raises(TableError, match="not a hosted table"):
        HostedTable.resume(store, row.id, ComputerPool(0))
    # a host serving the same database: the window is not offered its table
    _hosted, _peers, _bots, _clock = started(config(), store)
    (mine,) = HostedTable.live_tables(store)
    assert mine.kind == "hosted" and mine.id != row.id
    assert [r.id for r in store.live_tables()] == [row.id]  # the window's offer


# ---------------------------------------------------------------------- chat and pool


def test_chat_is_for_the_lobby_and_between_deals_and_keeps_50_lines():
    table = table_of(config())
    anna, kim = FakePeer("Anna"), FakePeer("Kim")
    join(table, anna, 0)
    join(table, kim, None)
    for i in range(60):
        table.handle(kim if i % 2 else anna, Chat("t1", f"line {i}"))
    line = anna.last("chat")
    assert (line["seat"], line["name"], line["text"]) == (None, "Kim", "line 59")
    late = FakePeer("Lea")
    join(table, late, None)
    history = [f["text"] for f in late.of("chat")]
    assert history == [f"line {i}" for i in range(10, 60)]
    stranger = FakePeer("Sam")
    table.handle(stranger, Chat("t1", "hi"))
    assert stranger.errors() == ["not_joined"]


def test_a_slow_computer_at_one_table_does_not_hold_up_another():
    answers: queue.Queue = queue.Queue()
    pool = ComputerPool(2, post=lambda fn: answers.put(fn))
    slow = threading.Event()
    try:
        pool.run(lambda: slow.wait(10) and "slow", lambda r: r)
        pool.run(lambda: "quick", lambda r: r)
        first = answers.get(timeout=10)
        assert first() == "quick"
        slow.set()
        assert answers.get(timeout=10)() == "slow"
    finally:
        slow.set()
        pool.shutdown()
    pool.run(lambda: "late", lambda r: r)  # after shutdown nothing runs
    assert answers.empty()


def test_two_tables_share_a_pool_of_threads(tmp_path):
    """The server's way: computers think on worker threads, their answers come back on
    the loop (here: this thread, through a queue); a late answer is dropped."""
    answers: queue.Queue = queue.Queue()
    pool = ComputerPool(2, post=answers.put)
    clock = Clock()
    try:
        tables, bots = [], []
        for n, tid in enumerate(("t1", "t2")):
            cfg = config(seats=("open", "beginner", "random"), planned_deals=2)
            table = HostedTable(tid, cfg, None, pool, clock)
            peer = FakePeer(f"P{n}", [table])
            table.handle(peer, Join(tid, 0))
            bot = Bot(table, peer, random.Random(n))
            tables.append(table)
            bots.append(bot)
        for _ in range(20_000):
            if all(t.state == "finished" for t in tables):
                break
            if any([b.move() for b in bots]):
                continue
            if any(t._job is not None for t in tables):
                answers.get(timeout=30)()
                continue
            clock.now += 1.0
            for t in tables:
                t.tick_timers()
        assert all(len(t.controller.entries) == 2 for t in tables)
    finally:
        pool.shutdown()


def test_a_claim_is_checked_in_the_pool_and_then_applied():
    answers: queue.Queue = queue.Queue()
    pool = ComputerPool(1, post=answers.put)
    clock = Clock()
    table = HostedTable("t1", config(), None, pool, clock)
    try:
        peers = seated(table)
        rng = random.Random(3)
        bots = [Bot(table, p, rng, double=0.0) for p in peers]

        def claimable() -> bool:
            need = table.controller.request() if table.state == "playing" else None
            return isinstance(need, HumanTurn) and any(type(a) is Claim for a in need.legal)

        run(table, bots, clock, claimable, answers=answers)
        need = on_turn(table)
        claim = next(a for a in need.legal if type(a) is Claim)
        tick = table.tick
        table.handle(peers[need.seat], Act("t1", tick, claim))
        assert table.tick == tick  # checked off the loop first
        table.handle(peers[need.seat], Act("t1", tick, need.legal[0]))
        assert peers[need.seat].errors() == ["not_now"]  # one thing at a time
        answers.get(timeout=30)()
        assert table.tick == tick + 1
        applied = [f["event"] for f in peers[0].of("event") if f["tick"] == tick + 1]
        assert applied[0]["event"] == "action_applied" and applied[0]["action"]["type"] == "claim"
    finally:
        pool.shutdown()


class _Broken:
    """A substitute that fails: it raises, or tries a card it does not hold."""

    def __init__(self, how: str):
        self.how = how

    def choose(self, view, cancel=None):
        if self.how == "raises":
            raise RuntimeError("no idea")
        other = next(c for c in range(32) if not view.hand >> c & 1)
        return Play(view.position, other)

    def wants_interjection(self, view):
        raise RuntimeError("no idea")


@pytest.mark.parametrize("how", ["raises", "illegal"])
def test_a_failing_substitute_gives_way_to_a_legal_move(monkeypatch, how):
    import skat_desktop.app.table as table_mod  # the pool makes its players there

    monkeypatch.setattr(table_mod, "make_player", lambda kind, seed, fixed=False: _Broken(how))
    table, peers, _bots, _clock = started(config(substitute_after_s=0))
    for p in peers:
        table.disconnected(p)
    table.tick_timers()  # the substitutes play the deal to its end with fallbacks
    assert table.state == "between" and table.controller.deal.finished


def test_the_table_says_it_waits_when_the_turn_reaches_a_player_who_dropped_earlier():
    """A player drops while another is on turn: nobody waits for him yet. When the turn
    comes to him, the seat list names him (the windows say "waiting for X to come
    back" rather than "X is thinking"), and no longer once he is back."""
    cfg = config(substitute_after_s=None, grace_s=600)
    table, peers, bots, clock = started(cfg)
    need = on_turn(table)
    gone = next(p for p in peers if p.seat not in (need.seat, None))
    token = joined_frame(gone)["token"]
    table.disconnected(gone)
    watcher = next(p for p in peers if p is not gone and p.seat != gone.seat)
    assert watcher.last("seats")["waiting_for"] is None  # not his turn: nobody waits
    live = [b for b in bots if b.peer is not gone]

    def his_turn() -> bool:
        n = table.controller.request()
        return isinstance(n, HumanTurn) and n.seat == gone.seat

    run(table, live, clock, his_turn)
    assert watcher.last("seats")["waiting_for"] == gone.seat
    back = FakePeer("Back", [table])
    join(table, back, gone.seat, token=token)
    assert watcher.last("seats")["waiting_for"] is None
