"""The LAN client's table (net/client.py): fed with a host's frames, hand-made and hostile.

A small stand-in host drives a real TableController and builds every frame with the
protocol's builders from event_for/view_for/actions_for, as docs/protocol.md says the
host does; the frames go through encode/FrameReader/parse_host like bytes off a socket.
The client verifies each deal (and notices a host that lies about its secret, the cards
or the contributions), and its recorder keeps the same deals as the host's own store.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import hashlib
import json
import random
from collections import Counter, deque
from dataclasses import asdict
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    TableController,
)
from skat_desktop.engine.actions import Bid, Discard, Hold, PickUp, Play, action_to_dict
from skat_desktop.engine.cards import card, cards_of, code
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.engine.view import actions_for
from skat_desktop.net import fairness, protocol
from skat_desktop.net.client import ClientError, ClientRecorder, ClientTable
from skat_desktop.net.computers import ComputerPool
from skat_desktop.net.host import Host, Limits
from skat_desktop.net.hosted_table import HostedTable, TableConfig
from skat_desktop.net.protocol import Act, Contribute, Decline, Next, Pledge
from skat_desktop.net.scripted import Bot, BotError, random_policy
from skat_desktop.store.repository import Store

TABLE = "t1"
SCHIEBE = HOUSE.copy("schiebe", "Schieberamsch house", all_pass="schieberamsch")


def wire(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame as the other side reads it off the socket."""
    (out,) = protocol.FrameReader().feed(protocol.encode(frame))
    assert isinstance(out, dict)
    return out


def sheet(ctl: TableController) -> dict[str, Any]:
    entries = [json.loads(json.dumps(asdict(e))) for e in ctl.entries]
    totals = list(ctl.totals)
    return {"entries": entries, "totals": totals}


class StandIn:
    """Just enough of a host to feed one client at ``seat`` (the real host has its own
    tests): the table, its events for that seat, commit/contribute/reveal, and lies."""

    def __init__(self, profile, *, seed=7, deals=3, store=None, seat=0, lie=None, watch=False):
        specs = [SeatSpec.computer("random") for _ in range(3)]
        specs[seat] = SeatSpec.human("Anna")
        self.ctl = TableController(profile, specs, seed=seed, store=store, deals_planned=deals)
        self.profile, self.seat, self.seed, self.lie = profile, seat, seed, lie
        self.tick = 0
        self.out: list[dict[str, Any]] = []
        self.secrets: dict[int, bytes] = {}
        self.commits: dict[int, bytes] = {}
        self.pledged: dict[int, dict[int, bytes]] = {}
        self.contributions: dict[int, dict[int, bytes]] = {}
        self.deals = deals
        self.revealed: set[int] = set()
        self.planned: bytes | None = None  # the client's next contribution (see below)
        self.ctl.add_seat_listener(seat, self._event)
        self.watched: list[dict[str, Any]] | None = None  # what a kibitzer is sent
        if watch:
            self.watched = []
            self.ctl.add_seat_listener(None, self._watch)

    def _watch(self, event: dict[str, Any]) -> None:
        view = self.ctl.view_for(None)
        self.watched.append(protocol.event(TABLE, self.tick, event, view))

    def send(self, frame: dict[str, Any]) -> None:
        self.out.append(frame)
        if self.watched is not None and frame["type"] in ("commit", "pledges", "reveal"):
            self.watched.append(frame)

    def _event(self, event: dict[str, Any]) -> None:
        self.tick += 1
        view = self.ctl.view_for(self.seat).to_dict()
        if self.lie == "hand" and event["event"] == "deal_started" and self.ctl.deal_number == 1:
            # one card of the hand shown swapped for a skat card: not what the seed deals
            skat = cards_of(self.ctl.deal.skat)
            view["hand"] = sorted([*view["hand"][1:], code(skat[0])])
        self.out.append(protocol.event(TABLE, self.tick, event, view))

    def joined(
        self, seat: int | str | None = "mine", client: ClientTable | None = None
    ) -> dict[str, Any]:
        """The answer to ``client``'s join (the one it sent, or one it asks now: a client
        refuses a ``joined`` it did not ask for); without a client, one answering nothing."""
        ctl = self.ctl
        deal = ctl.deal
        seat = self.seat if seat == "mine" else seat
        re = None
        if client is not None:
            asked = client._joins_out
            re = max(asked) if asked else client.join(TABLE, seat)["id"]
        over = isinstance(ctl.request(), SeriesOver)
        return protocol.joined(
            TABLE,
            seat,
            "token-anna" if seat is not None else None,
            self.profile,
            ctl.names,
            self.tick,
            None if deal is None else ctl.view_for(seat),
            [] if deal is None else actions_for(deal, seat),
            ctl.deal_number,
            sheet(ctl),
            name="Club table",
            dealer=None if deal is None else deal.setup.dealer,
            deal_seats=None if deal is None else deal.setup.seats,
            planned_deals=self.deals,
            state="finished" if over else "playing" if deal is not None else "lobby",
            re=re,
        )

    def commit(self) -> None:
        number = self.ctl.deal_number + 1
        secret = hashlib.sha256(f"secret {self.seed} {number}".encode()).digest()
        c = fairness.commitment(TABLE, number, secret)
        self.secrets[number] = secret
        self.commits[number] = c
        # what the client will draw (monkeypatched new_contribution): the same deals in
        # every run
        self.planned = hashlib.sha256(f"client {self.seed} {number}".encode()).digest()
        self.contributions[number] = {}
        self.pledged[number] = {}
        asked = [] if self.lie == "ask nobody" and number == 1 else [self.seat]
        if self.lie == "withheld" and number == 1:
            asked = [self.seat, 2]  # (seat 2 stands for a player who will not open)
        frame = protocol.commit(TABLE, number, c, asked)
        if self.lie == "late commit" and number == 1:
            self.held = frame  # shown once the deal is dealt, to a client there all along
            return
        self.send(frame)
        if self.lie == "recommit" and number == 1:
            other = hashlib.sha256(b"another secret").digest()
            self.send(
                protocol.commit(TABLE, number, fairness.commitment(TABLE, 1, other), [self.seat])
            )

    def show(self) -> None:
        """Every pledge is in: show them (the client opens its bytes then)."""
        number = self.ctl.deal_number + 1
        if self.lie == "late commit" and number == 1:
            return  # nothing was committed to: nothing to show
        if self.lie == "withheld" and number == 1:
            self.pledged[1][2] = fairness.pledge(TABLE, 1, 2, b"\x07" * 32)
        shown = dict(self.pledged[number])
        if self.lie == "unpledged" and number == 1:
            shown = {}
        self.send(protocol.pledges(TABLE, number, shown))

    def deal(self) -> None:
        number = self.ctl.deal_number + 1
        used = dict(self.contributions[number])
        if self.lie == "contribution" and number == 1:
            used = {}
        if self.lie in ("stranger", "late pledge") and number == 1:
            used[2] = hashlib.sha256(b"chosen after seeing the client's").digest()
        self.used = used
        self.ctl.start_deal(seed=fairness.derive_seed(self.commits[number], used))
        if self.lie == "late commit" and number == 1:
            self.send(self.held)

    def reveal(self) -> None:
        number = self.ctl.deal_number
        if number == 0 or number in self.revealed:
            return
        self.revealed.add(number)
        secret = self.secrets[number]
        if self.lie == "secret" and number == 1:
            secret = hashlib.sha256(b"changed").digest()
        seed = self.ctl.deal.setup.seed
        pledged = dict(self.pledged[number])
        if self.lie == "late pledge" and number == 1:
            # a bytes' pledge the host adds once it knows the client's (chosen bytes)
            pledged[2] = fairness.pledge(TABLE, 1, 2, self.used[2])
        log = actions_for(self.ctl.deal, None)
        if self.lie == "log" and number == 1:
            log = log[:-1]
        self.send(
            protocol.reveal(TABLE, number, secret, self.used, seed, pledges=pledged, actions=log)
        )

    def take(self, frame: dict[str, Any]) -> None:
        msg = protocol.parse_client(wire(frame))
        match msg:
            case Pledge():
                self.pledged[msg.deal][self.seat] = msg.commitment
            case Contribute():
                self.contributions[msg.deal][self.seat] = msg.value
            case Act():
                self.ctl.apply(msg.action, seat=self.seat)
            case Decline():
                self.ctl.decline(self.seat)
            case Next():
                pass
            case _:
                raise AssertionError(f"unexpected {msg}")


def pump(host: StandIn, client: ClientTable) -> None:
    while host.out:
        frames, host.out = host.out, []
        for f in frames:
            for reply in client.feed(wire(f)):
                host.take(reply)


def play(
    host: StandIn,
    client: ClientTable,
    recorder: ClientRecorder | None = None,
    *,
    rng_seed: int = 1,
    until: int | None = None,
) -> None:
    """Drive the table to its end (or until deal ``until`` is dealt), the client at its seat."""
    rng = random.Random(rng_seed)
    ctl = host.ctl
    while True:
        need = ctl.request()
        if isinstance(need, ComputerTurn):
            ctl.submit(ctl.think(need))
        elif isinstance(need, HumanTurn):
            host.out.append(protocol.turn(TABLE, host.tick, need.seat, need.interjection))
            pump(host, client)
            assert client.my_turn and client.view == need.view
            action = random_policy(client.view, need.interjection, rng)
            host.take(client.decline() if action is None else client.act(action))
        else:
            host.reveal()
            pump(host, client)
            if recorder is not None:
                assert all(type(r) is int for _, r in recorder.record_all(client))
            if isinstance(need, SeriesOver):
                return
            host.take(client.next_deal())
            host.commit()
            pump(host, client)
            host.show()
            pump(host, client)
            host.deal()
            pump(host, client)
            if ctl.deal_number == until:
                return
        pump(host, client)


@pytest.fixture(autouse=True)
def fixed_draws(monkeypatch):
    """The client's contributions come from the stand-in's plan (see StandIn.commit)."""
    holder: dict[str, StandIn] = {}

    def draw() -> bytes:
        return holder["host"].planned

    monkeypatch.setattr(fairness, "new_contribution", draw)
    return holder


def start(profile, fixed_draws, **kw) -> tuple[StandIn, ClientTable]:
    host = StandIn(profile, **kw)
    fixed_draws["host"] = host
    client = ClientTable(TABLE)
    client.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x01" * 32)))
    host.out.append(host.joined(client=client))
    pump(host, client)
    assert client.joined and client.seat == host.seat and not client.problems
    return host, client


def rows(store: Store, series_id: int) -> list[dict[str, Any]]:
    out = []
    for row in store.deal_sources(series_id):
        record = json.loads(row["record"])
        record.pop("extra", None)
        out.append({"number": row["number"], "seed": row["seed"], "record": record})
    return out


# --------------------------------------------------------------------------- honest host


@pytest.mark.parametrize(("profile", "seed"), [(ISKO, 3), (SCHIEBE, 11)])
def test_client_verifies_every_deal_and_keeps_the_hosts_records(
    tmp_path, fixed_draws, profile, seed
):
    host_store = Store.open(tmp_path / "host.sqlite3")
    mine = Store.open(tmp_path / "client.sqlite3")
    host, client = start(profile, fixed_draws, seed=seed, deals=6, store=host_store)
    recorder = ClientRecorder(mine)
    play(host, client, recorder)
    assert not client.problems
    assert [client.verified(n) for n in range(1, 7)] == [True] * 6
    assert client.series_over and client.totals == host.ctl.totals
    assert client.entries == sheet(host.ctl)["entries"]
    # the client's own copy: the host's deal numbers, seeds and move logs, record for record
    assert rows(mine, recorder.series_id) == rows(host_store, host.ctl.series_id)
    info = mine.series(recorder.series_id)
    assert (info.source, info.place) == ("lan", "LAN Club/t1")
    extras = [json.loads(r["record"])["extra"]["lan"] for r in mine.deal_sources(info.id)]
    assert [e["verified"] for e in extras] == [True] * 6
    if profile is SCHIEBE:
        # some discards were hidden from the client and are worked out at the end
        hidden = [
            a
            for r in rows(host_store, host.ctl.series_id)
            for a in r["record"]["actions"]
            if a["type"] == "discard" and a["player"] != r["record"]["table"]["seats"].index(0)
        ]
        assert hidden


def test_kibitzer_verifies_without_contributing(fixed_draws):
    host, client = start(ISKO, fixed_draws, seed=5, deals=2, watch=True)
    watcher = ClientTable(TABLE)
    joined = host.joined(None, client=watcher)
    assert watcher.feed(wire(joined)) == []
    assert watcher.kibitzing and not watcher.my_turn
    with pytest.raises(ClientError, match="kibitzer"):
        watcher.act(Play(0, 0))
    play(host, client)
    replies = [r for f in host.watched for r in watcher.feed(wire(f))]
    assert replies == []  # a kibitzer is not asked to contribute
    assert not watcher.problems
    assert [watcher.verified(n) for n in (1, 2)] == [True, True]
    assert watcher.totals == client.totals and watcher.series_over


class Peer:
    """A connection as the real hosted table sees it; frames go through bytes."""

    def __init__(self, pid: int, name: str) -> None:
        self.id, self.name, self.challenge = pid, name, bytes([pid]) * 32
        self.out: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.out.append(wire(frame))

    def close(self, reason: str) -> None:
        raise AssertionError(f"the host closed {self.name}: {reason}")


def seat_at(table: HostedTable, tmp_path, pid: int, name: str, seat: int | None) -> list:
    """A client of ``table`` at ``seat`` (None: kibitz) with its own store."""
    peer = Peer(pid, name)
    client = ClientTable(table.id)
    client.feed(protocol.welcome("skat-desktop", "Host", peer.challenge))
    table.handle(peer, protocol.parse_client(wire(client.join(table.id, seat))))
    frames, peer.out = peer.out, []
    for frame in frames:
        for reply in client.feed(frame):
            table.handle(peer, protocol.parse_client(wire(reply)))
    recorder = ClientRecorder(Store.open(tmp_path / f"{name}.sqlite3"))
    return [peer, client, recorder, set()]


def serve(table: HostedTable, clients: list, *, policy=random_policy, until=None, gaps=False):
    """Pass frames both ways until nothing moves (or ``until()``): the clients answer,
    act when asked, say ``next``, keep every finished deal and fetch what they lack."""
    choose = random.Random(1)
    for _ in range(5000):
        if until is not None and until():
            return
        quiet = True
        for peer, client, recorder, answered in clients:
            frames, peer.out = peer.out, []
            quiet = quiet and not frames
            for frame in frames:
                for reply in client.feed(frame):
                    table.handle(peer, protocol.parse_client(wire(reply)))
            kept = recorder.record_all(client)
            assert gaps or all(type(r) is int for _, r in kept), kept
            fetch = recorder.fetch(client)
            if fetch is not None:
                table.handle(peer, protocol.parse_client(wire(fetch)))
                quiet = False
            if client.my_turn and (client.tick, *client.turn) not in answered:
                answered.add((client.tick, *client.turn))
                action = policy(client.view, client.turn[1], choose)
                frame = client.decline() if action is None else client.act(action)
                table.handle(peer, protocol.parse_client(wire(frame)))
                quiet = False
            elif (
                client.deal_over
                and client.seat is not None
                and not client.series_over
                and ("next", client.deal_number) not in answered
            ):
                answered.add(("next", client.deal_number))
                table.handle(peer, protocol.parse_client(wire(client.next_deal())))
                quiet = False
        if quiet:
            return


def test_the_real_hosted_table_and_its_clients_keep_the_same_series(tmp_path, monkeypatch):
    rng = random.Random(5)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))
    host_store = Store.open(tmp_path / "host.sqlite3")
    config = TableConfig("Club", SCHIEBE, ["open", "random", "open"], 4, first_seed=3)
    table = HostedTable("club", config, host_store, ComputerPool(0))
    people = [(1, "Anna", 0), (2, "Ben", 2), (3, "Cleo", None)]
    clients = [seat_at(table, tmp_path, *person) for person in people]
    serve(table, clients)
    ctl = table.controller
    assert ctl.series.finished
    expected = rows(host_store, ctl.series_id)
    for peer, client, recorder, _ in clients:
        assert not client.problems and not client.errors, peer.name
        assert [client.verified(n) for n in range(1, 5)] == [True] * 4, peer.name
        assert client.names == ctl.names and client.totals == ctl.totals
        assert rows(recorder.store, recorder.series_id) == expected, peer.name


def bids_and_discards_backwards(view, interjection: bool, rng: random.Random):
    """A player who bids on, takes the skat and puts two cards down in the order he
    picks them up -- here the higher card first, never the card order."""
    if interjection:
        return None
    legal = view.legal
    discards = [a for a in legal if type(a) is Discard]
    if discards:
        a = rng.choice(discards)
        return Discard(a.player, tuple(sorted(a.cards, reverse=True)))
    for kind in (PickUp, Bid, Hold):
        found = [a for a in legal if type(a) is kind]
        if found:
            return found[0]
    return random_policy(view, interjection, rng)


def seeded_draws(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))


def test_a_discard_in_any_order_is_kept_the_same_by_host_and_every_client(tmp_path, monkeypatch):
    """The reveal's whole log carries each discard as it was made: a seat that saw only
    that two cards went down keeps the host's very record (not the cards in card order)."""
    seeded_draws(monkeypatch, 6)
    host_store = Store.open(tmp_path / "host.sqlite3")
    config = TableConfig("Club", ISKO, ["open", "open", "open"], 3, first_seed=6)
    table = HostedTable("club", config, host_store, ComputerPool(0))
    people = [(1, "Anna", 0), (2, "Ben", 1), (3, "Cleo", 2), (4, "Dora", None)]
    clients = [seat_at(table, tmp_path, *person) for person in people]
    serve(table, clients, policy=bids_and_discards_backwards)
    ctl = table.controller
    assert ctl.series.finished
    expected = rows(host_store, ctl.series_id)
    backwards = [
        a["cards"]
        for r in expected
        for a in r["record"]["actions"]
        if a["type"] == "discard" and card(a["cards"][0]) > card(a["cards"][1])
    ]
    assert len(backwards) == 3  # one in every deal, hidden from two seats and Dora
    for peer, client, recorder, _ in clients:
        assert not client.problems and not client.errors, peer.name
        assert [client.verified(n) for n in range(1, 4)] == [True] * 3, peer.name
        assert rows(recorder.store, recorder.series_id) == expected, peer.name


def club_of_two(tmp_path, monkeypatch, deals: int) -> tuple[Store, HostedTable, list]:
    """A hosted table of ``deals`` deals: Anna and Ben seated (clients), a computer."""
    seeded_draws(monkeypatch, 8)
    host_store = Store.open(tmp_path / "host.sqlite3")
    config = TableConfig("Club", ISKO, ["open", "random", "open"], deals, first_seed=8)
    table = HostedTable("club", config, host_store, ComputerPool(0))
    players = [seat_at(table, tmp_path, 1, "Anna", 0), seat_at(table, tmp_path, 2, "Ben", 2)]
    return host_store, table, players


def test_a_late_kibitzer_fetches_the_deals_before_it_and_keeps_the_whole_series(
    tmp_path, monkeypatch
):
    host_store, table, players = club_of_two(tmp_path, monkeypatch, 4)
    ctl = table.controller
    serve(table, players, until=lambda: ctl.deal_number == 3 and len(ctl.actions) > 3)
    late = seat_at(table, tmp_path, 3, "Cleo", None)
    client, recorder = late[1], late[2]
    assert (client.planned_deals, client.deals_done, client.state) == (4, 2, "playing")
    assert client.deal_seats == ctl.deal.setup.seats and client.tables == ()  # no list
    serve(table, [*players, late], gaps=True)
    assert ctl.series.finished and client.series_over
    assert not client.problems and not client.errors
    # deals 1 and 2 were fetched, deal 3 was joined in its middle, deal 4 was watched
    assert rows(recorder.store, recorder.series_id) == rows(host_store, ctl.series_id)
    lan = [
        json.loads(r["record"])["extra"]["lan"]
        for r in recorder.store.deal_sources(recorder.series_id)
    ]
    assert [x.get("fetched", False) for x in lan] == [True, True, False, False]
    # deal 3 cannot be checked here, which is no fault of the host's: said so
    assert "fetched afterwards" in lan[0]["verified"]
    assert "came after deal 3 was dealt" in lan[2]["verified"]
    assert client.verified(3).code == "came_during"
    assert lan[3]["verified"] is True


def test_a_watcher_that_comes_at_a_deals_end_finds_it_unchecked_not_failed(tmp_path, monkeypatch):
    """A window that came back (or came) just as a deal ended never saw it dealt: the
    reveal the host shows it again cannot be checked, which is no fault of the host's
    (it said "NOT verified: the host's commitment did not arrive before the deal")."""
    _, table, players = club_of_two(tmp_path, monkeypatch, 3)
    ctl = table.controller
    serve(table, players, until=lambda: ctl.deal_number == 2 and ctl.deal.finished)
    late = seat_at(table, tmp_path, 3, "Cleo", None)
    client = late[1]
    assert client.deal_over and client.deal_number == 2
    serve(table, [*players, late], gaps=True)
    assert ctl.series.finished and not client.problems
    assert client.verified(2).code == "came_during" and client.verified(3) is True


# --------------------------------------------------------------------------- lying host


@pytest.mark.parametrize(
    ("lie", "why"),
    [
        ("secret", "does not match the commitment"),
        ("hand", "hand"),
        ("contribution", "not the one it sent"),
        ("stranger", "never pledged"),
        ("late pledge", "not the ones shown before"),
        ("unpledged", "left this seat out"),
        ("ask nobody", "left this seat out"),
        ("recommit", "committed to deal 1 twice"),
        # the client saw the deal dealt: a commitment shown only then is the host's fault,
        # not "this client came during the deal"
        ("late commit", "seen only after it was dealt"),
    ],
)
def test_a_host_that_lies_is_caught_and_the_deal_kept_unverified(tmp_path, fixed_draws, lie, why):
    mine = Store.open(tmp_path / "client.sqlite3")
    host, client = start(ISKO, fixed_draws, seed=9, deals=2, lie=lie)
    recorder = ClientRecorder(mine)
    play(host, client, recorder)
    verdict = client.verified(1)
    assert isinstance(verdict, str) and why in verdict and "\n" not in verdict
    assert client.verified(2) is True
    extras = [
        json.loads(r["record"])["extra"]["lan"]["verified"]
        for r in mine.deal_sources(recorder.series_id)
    ]
    assert extras == [verdict, True]


def test_a_seat_that_withholds_its_bytes_is_shown_and_the_deal_still_verifies(
    tmp_path, fixed_draws
):
    """Withholding is the one choice a player has (the deal with or without his bytes):
    the reveal names him, the client shows it and keeps it with the deal."""
    mine = Store.open(tmp_path / "client.sqlite3")
    host, client = start(ISKO, fixed_draws, seed=9, deals=2, lie="withheld")
    recorder = ClientRecorder(mine)
    play(host, client, recorder)
    assert client.verified(1) is True and client.checks[1].withheld == (2,)
    assert client.checks[2].withheld == ()
    assert any("deal 1" in n and "did not open" in n for n in client.notices)
    lan = [json.loads(r["record"])["extra"]["lan"] for r in mine.deal_sources(recorder.series_id)]
    assert [x.get("withheld") for x in lan] == [[2], None]


def test_joined_alone_sets_up_the_table_and_its_seating_is_checked(fixed_draws):
    """A client that (re)joins mid-deal learns the dealer, the seating and the series
    from ``joined``: no table list, and a move for the wrong seat is refused at once."""
    host, _ = mid_deal(fixed_draws)
    fresh = ClientTable(TABLE)
    fresh.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x05" * 32)))
    assert fresh.feed(wire(host.joined(client=fresh))) == [] and not fresh.problems
    setup = host.ctl.deal.setup
    assert (fresh.dealer, fresh.deal_seats) == (setup.dealer, setup.seats)
    assert (fresh.planned_deals, fresh.deals_done, fresh.state) == (2, 0, "playing")
    assert fresh.tables == () and not fresh.series_over
    n = len(fresh.actions)
    position = host.ctl.deal.to_move
    legal = host.ctl.deal.legal_actions(position)[0]
    wrong = (setup.seats[position] + 1) % 3
    payload = {
        "event": "action_applied",
        "seat": wrong,
        "index": n,
        "action": action_to_dict(legal),
    }
    before = state(fresh)
    fresh.feed(wire(protocol.event(TABLE, host.tick + 1, payload, host.ctl.view_for(0))))
    assert fresh.problem == f"the host's move {n + 1} is made for another seat"
    assert state(fresh) == before


# --------------------------------------------------------------------------- coming back


def test_a_reconnect_mid_deal_resumes_and_a_restarted_client_finds_its_series(
    tmp_path, fixed_draws
):
    host_store = Store.open(tmp_path / "host.sqlite3")
    path = tmp_path / "client.sqlite3"
    host, client = start(ISKO, fixed_draws, seed=21, deals=3, store=host_store)
    play(host, client, ClientRecorder(Store.open(path)), until=2)
    ctl = host.ctl
    # a few moves of deal 2, then the connection drops; the host goes on meanwhile
    while ctl.deal.actions.__len__() < 4 and not isinstance(ctl.request(), DealOver):
        need = ctl.request()
        if isinstance(need, ComputerTurn):
            ctl.submit(ctl.think(need))
        else:
            host.out.append(protocol.turn(TABLE, host.tick, need.seat, need.interjection))
            pump(host, client)
            action = random_policy(client.view, need.interjection, random.Random(2))
            host.take(client.decline() if action is None else client.act(action))
        pump(host, client)
    host.out.clear()  # lost with the connection
    while isinstance(need := ctl.request(), ComputerTurn):
        ctl.submit(ctl.think(need))
    host.out.clear()
    # a new client process: new table state and recorder, the same store and token
    again = ClientTable(TABLE)
    again.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x02" * 32)))
    frame = again.join(TABLE, 0, token="token-anna")
    assert protocol.parse_client(wire(frame)).token == "token-anna"
    host.out.append(host.joined(client=again))
    pump(host, again)
    assert again.actions == actions_for(ctl.deal, 0) and again.tick == host.tick
    recorder = ClientRecorder(Store.open(path))
    play(host, again, recorder)
    assert not again.problems
    # deal 2 was joined in its middle (a restarted client): its commitment was not seen,
    # which is no fault of the host's; its cards still check
    assert again.verified(2).code == "came_during" and again.verified(3) is True
    assert rows(Store.open(path), recorder.series_id) == rows(host_store, ctl.series_id)


def test_a_gap_in_the_series_is_refused_in_one_line(tmp_path, fixed_draws):
    path = tmp_path / "client.sqlite3"
    host, client = start(ISKO, fixed_draws, seed=8, deals=3)
    recorder = ClientRecorder(Store.open(path))
    play(host, client, recorder, until=2)  # deal 1 is kept
    play(host, client, None, until=3)
    assert [d.number for d in client.take_finished()] == [2]  # deal 2 is not
    play(host, client, None)
    (done,) = client.take_finished()
    assert done.verified is True
    with pytest.raises(ClientError, match=r"^deal 3 cannot be kept: .* lacks deal 2") as e:
        recorder.record(done)
    assert "\n" not in str(e.value)
    # a client that joins a series late keeps nothing rather than other numbers
    with pytest.raises(ClientError, match="no copy of the deals before it"):
        ClientRecorder(Store.open(tmp_path / "other.sqlite3")).record(done)


def test_a_busy_database_loses_no_deal_and_keeps_the_order(tmp_path, fixed_draws, monkeypatch):
    """Another program holding the lock is no reason to drop a deal: record_all keeps
    what it could not store (held, in order) and stores it on the next call."""
    from skat_desktop.app.sheets import SeriesService
    from skat_desktop.store.database import DatabaseBusy

    host, client = start(ISKO, fixed_draws, seed=8, deals=3)
    play(host, client, None)
    finished = client.take_finished()
    assert [d.number for d in finished] == [1, 2, 3]
    recorder = ClientRecorder(Store.open(tmp_path / "client.sqlite3"))
    real = SeriesService.record_played
    calls = []

    def busy_at_deal_2(service, deal, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise DatabaseBusy("the database is locked by another program")
        return real(service, deal, **kw)

    monkeypatch.setattr(SeriesService, "record_played", busy_at_deal_2)
    with pytest.raises(DatabaseBusy):
        recorder.record_all(client, finished)
    assert recorder.held == (2, 3) and not client.problems
    kept = recorder.record_all(client, [])
    assert [n for n, r in kept if type(r) is int] == [2, 3] and recorder.held == ()
    assert [r["number"] for r in rows(recorder.store, recorder.series_id)] == [1, 2, 3]


def test_a_deal_heard_again_is_kept_once_and_a_new_series_gets_its_own_copy(tmp_path, fixed_draws):
    path = tmp_path / "client.sqlite3"
    host, client = start(ISKO, fixed_draws, seed=8, deals=1)
    play(host, client, None)
    (done,) = client.take_finished()
    recorder = ClientRecorder(Store.open(path))
    assert type(recorder.record(done)) is int
    assert recorder.record(done) is None  # heard again (a reconnect): kept once
    assert ClientRecorder(Store.open(path)).record(done) is None  # also after a restart
    # the same table (same host, id, players) begins a new series: other cards as deal 1
    host, client = start(ISKO, fixed_draws, seed=9, deals=1)
    play(host, client, None)
    (again,) = client.take_finished()
    assert type(recorder.record(again)) is int
    assert [r["place"] for r in Store.open(path).list_series()] == ["LAN Club/t1"] * 2


@pytest.mark.parametrize("own", ["copy", "builtin"])
def test_the_hosts_rules_are_kept_even_if_this_database_knows_other_rules_by_their_name(
    tmp_path, fixed_draws, own
):
    """Two friends each copied House as ``house-copy`` and changed it differently (or the
    host's program has other defaults for a built-in profile): the joiner's copy of the
    series is kept under the host's rules and a name of their own, not refused."""
    path = tmp_path / "client.sqlite3"
    mine = Store.open(path)
    if own == "copy":
        hosts = HOUSE.copy("house-copy", "Copy of House", grand_base=20)
        mine.save_profile(HOUSE.copy("house-copy", "Copy of House", grand_base=24))
    else:
        hosts = dataclasses.replace(ISKO, grand_base=20)  # "isko" as another version has it
    host, client = start(hosts, fixed_draws, seed=8, deals=3)
    recorder = ClientRecorder(mine)
    play(host, client, recorder)
    assert not client.problems
    info = mine.series(recorder.series_id)
    assert info.profile.name.startswith(f"{hosts.name}-")
    mark = info.profile.name.removeprefix(f"{hosts.name}-")
    assert info.profile.title == f"{hosts.title} ({mark})"  # told apart in the filters
    assert dataclasses.replace(info.profile, name=hosts.name, title=hosts.title) == hosts
    assert [r["number"] for r in rows(mine, info.id)] == [1, 2, 3]
    # the copy is found again (a restarted window), and the player's own rules are his
    at = client.series_at_host()
    assert ClientRecorder(Store.open(path)).catch_up(at) is None
    if own == "copy":
        assert mine.find_profile("house-copy").grand_base == 24


# --------------------------------------------------------------------------- frames it builds


def test_frames_answer_the_current_tick_and_refuse_what_cannot_be_sent(fixed_draws):
    client = ClientTable(TABLE)
    with pytest.raises(ClientError, match="not joined"):
        client.act(Play(0, 0))
    with pytest.raises(ClientError, match="welcome"):
        client.join(TABLE, 0, password="secret")
    client.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x03" * 32)))
    frame = protocol.parse_client(wire(client.join(TABLE, 1, password="secret")))
    key = protocol.password_key("secret")
    assert protocol.check_proof(key, b"\x03" * 32, TABLE, frame.proof) and frame.seat == 1
    host, client = start(ISKO, fixed_draws, seed=2, deals=1)
    play(host, client, until=1)
    act = protocol.parse_client(wire(client.act(Play(0, 5))))
    assert act.tick == client.tick == host.tick and act.action == Play(0, 5)
    assert protocol.parse_client(wire(client.decline())).tick == client.tick
    assert protocol.parse_client(wire(client.next_deal())).table == TABLE
    assert protocol.parse_client(wire(client.chat("gut Blatt"))).text == "gut Blatt"
    for bad in ("two\nlines", "\u202eevil", "x" * 301):
        with pytest.raises(ClientError):
            client.chat(bad)
    ids = [client.ping()["id"] for _ in range(3)]
    assert ids == sorted(set(ids))


# --------------------------------------------------------------------------- hostile frames


def state(client: ClientTable) -> dict[str, Any]:
    """Everything the client holds (each container copied), but the problems it noted."""
    return {
        k: copy.copy(v) if isinstance(v, list | dict | deque) else v
        for k, v in vars(client).items()
        if k not in ("problems", "problem_count")
    }


def mid_deal(fixed_draws) -> tuple[StandIn, ClientTable]:
    host, client = start(ISKO, fixed_draws, seed=13, deals=2)
    play(host, client, until=1)
    ctl = host.ctl
    for _ in range(3):
        need = ctl.request()
        if isinstance(need, ComputerTurn):
            ctl.submit(ctl.think(need))
        elif isinstance(need, HumanTurn):
            host.take(client.act(need.legal[0]))  # a bid: the deal goes on
        pump(host, client)
    assert client.actions and not client.deal_over and not client.problems
    return host, client


def hostile_frames(host: StandIn, client: ClientTable) -> list[dict[str, Any]]:
    view = host.ctl.view_for(0).to_dict()
    other = host.ctl.view_for(1).to_dict()
    last = client.actions[-1]
    n = len(client.actions)
    tick = host.tick
    ev = protocol.event
    names, empty = ["a", "b", "c"], {"entries": [], "totals": [0, 0, 0]}
    deal = host.ctl.deal
    known = actions_for(deal, 0)
    lobby = {"planned_deals": 2, "state": "lobby"}
    playing = {**lobby, "state": "playing", "dealer": 0, "deal_seats": [1, 2, 0]}
    seats = list(deal.setup.seats)
    elsewhere = seats[1:] + seats[:1]  # seat 0 at another position
    moved = {**playing, "dealer": deal.setup.dealer, "deal_seats": elsewhere}

    def reveal(number: int) -> dict[str, Any]:
        return protocol.reveal(TABLE, number, b"\x00" * 32, {}, 5, pledges={}, actions=[])

    return [
        {"type": "nonsense"},
        {"type": "event"},
        {"type": "event", "table": TABLE, "tick": tick + 1, "event": {}, "view": None},
        ev("t2", tick + 1, {"event": "series_finished", "totals": [0, 0, 0]}, None),
        ev(
            TABLE,
            tick - 1,
            {"event": "player_failed", "seat": 1, "code": "x", "params": {}, "message": "m"},
            None,
        ),
        ev(
            TABLE,
            tick + 1,
            {"event": "action_applied", "seat": 0, "index": n - 1, "action": last},
            view,
        ),
        ev(
            TABLE,
            tick + 1,
            {"event": "action_applied", "seat": 0, "index": n + 3, "action": last},
            view,
        ),
        ev(
            TABLE,
            tick + 1,
            {
                "event": "action_applied",
                "seat": 2,
                "index": n,
                "action": {"type": "pass", "player": 0},
            },
            view,
        ),
        ev(
            TABLE,
            tick + 1,
            {
                "event": "deal_started",
                "number": 1,
                "dealer": 0,
                "seats": [1, 2, 0],
                "replay": False,
            },
            view,
        ),
        ev(
            TABLE,
            tick + 1,
            {
                "event": "deal_started",
                "number": 5,
                "dealer": 3,
                "seats": [1, 2, 3],
                "replay": False,
            },
            view,
        ),
        ev(
            TABLE,
            tick + 1,
            {
                "event": "deal_finished",
                "result": {"kind": "game", "scores": [0, 0, 0]},
                "entry": None,
            },
            view,
        ),
        ev(TABLE, tick + 1, {"event": "actions_undone", "seat": 0, "count": 999}, view),
        ev(TABLE, tick + 1, {"event": "series_finished", "totals": [1, 2, 3, 4]}, view),
        ev(
            TABLE,
            tick + 1,
            {"event": "player_failed", "seat": 1, "code": "x", "params": {}, "message": "m"},
            other,
        ),
        ev(
            TABLE,
            tick + 1,
            {"event": "player_failed", "seat": 1, "code": "x", "params": {}, "message": "m"},
            {**view, "profile": "house"},
        ),
        ev(
            TABLE,
            tick + 1,
            {"event": "player_failed", "seat": 1, "code": "x", "params": {}, "message": "m"},
            {**view, "hand": ["XX"]},
        ),
        protocol.turn("t2", tick, 0, False),
        protocol.turn(TABLE, tick - 1, 0, False),
        protocol.seats("t2", [], None, []),
        protocol.commit(TABLE, 3, b"\x00" * 32, [0, 7]),
        reveal(2),
        reveal(1),
        protocol.chat_line(TABLE, 1, "Bob", "two\nlines"),
        protocol.chat_line("t2", 1, "Bob", "hi"),
        {**reveal(2), "seed": 2**64},
        {**protocol.commit(TABLE, 2, b"\x00" * 32, [0]), "commitment": "zz" * 32},
        protocol.pledges(TABLE, 3, {0: bytes(32)}),  # before its commitment
        protocol.pledges(TABLE, 1, {0: bytes(32), 3: bytes(32)}),  # no seat 3 here
        protocol.records(TABLE, [], False),  # not asked for
        protocol.joined("t2", 0, "x", ISKO, names, 0, None, [], 0, empty, **lobby),
        protocol.joined(TABLE, 0, "x", ISKO, names, 0, other, [], 1, empty, **playing),
        protocol.joined(TABLE, 0, "x", ISKO, [*names, "d", "e"], 0, None, [], 0, empty, **lobby),
        # the seating of the deal in play that puts this seat elsewhere, or no seating
        protocol.joined(TABLE, 0, "x", ISKO, names, tick, view, known, 1, empty, **moved),
        protocol.joined(TABLE, 0, "x", ISKO, names, tick, view, known, 1, empty, **lobby),
        {**protocol.welcome("s", "h", b"\x00" * 32), "version": 2},
    ]


def test_every_hostile_frame_is_one_problem_and_changes_nothing(fixed_draws):
    host, client = mid_deal(fixed_draws)
    for frame in hostile_frames(host, client):
        before, count = state(client), client.problem_count
        assert client.feed(frame) == []
        assert state(client) == before, frame
        assert client.problem_count == count + 1, frame
        assert "\n" not in client.problem and len(client.problem) <= 300
    # and the table goes on as if nothing had come
    play(host, client)
    assert client.verified(1) is True and client.verified(2) is True


class Watched(list):
    """A container of the client that says when a frame's undo copies it."""

    copies: ClassVar[list[str]] = []

    def __init__(self, name: str, items) -> None:
        super().__init__(items)
        self.name = name

    def __copy__(self) -> list:
        Watched.copies.append(self.name)
        return Watched(self.name, self)


class WatchedDeque(deque):
    def __init__(self, name: str, items, maxlen: int | None) -> None:
        super().__init__(items, maxlen)
        self.name = name

    def __copy__(self) -> deque:
        Watched.copies.append(self.name)
        return WatchedDeque(self.name, self, self.maxlen)


def test_a_frame_copies_only_what_it_may_change(fixed_draws):
    """Every frame used to copy the whole table for its undo (the sheet, the chat, every
    check): a tenth of the client's time. A move copies only the deal's log now."""
    host, client = mid_deal(fixed_draws)
    client.entries = Watched("entries", [{"number": n} for n in range(1, 145)])
    client.chat_lines = WatchedDeque("chat", [], client.chat_lines.maxlen)
    for n in range(100):
        client.feed(wire(protocol.chat_line(TABLE, 1, "Bob", f"line {n}")))
    client.notices = WatchedDeque("notices", ["n"] * 100, client.notices.maxlen)
    client.actions = Watched("actions", client.actions)
    Watched.copies = []
    moves = 0
    ctl = host.ctl
    while moves < 6:  # moves of the computers and of the client, each with a turn frame
        need = ctl.request()
        if isinstance(need, ComputerTurn):
            ctl.submit(ctl.think(need))
        else:
            host.out.append(protocol.turn(TABLE, host.tick, need.seat, need.interjection))
            pump(host, client)
            action = random_policy(client.view, need.interjection, random.Random(moves))
            host.take(client.decline() if action is None else client.act(action))
        pump(host, client)
        moves += 1
    assert not client.problems and not ctl.deal.finished
    assert set(Watched.copies) == {"actions"}, Watched.copies


def test_another_commitment_for_the_deal_in_play_spoils_its_verdict(fixed_draws):
    host, client = mid_deal(fixed_draws)
    same = protocol.commit(TABLE, 1, host.commits[1], [])
    assert client.feed(wire(same)) == [] and not client.problems  # shown again: fine
    assert client.feed(wire(protocol.commit(TABLE, 1, b"\x00" * 32, []))) == []
    assert client.problem == "the host committed to deal 1 twice, differently"
    play(host, client)
    assert client.verified(1) == "the host committed to deal 1 twice"
    assert client.verified(2) is True


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_mutated_frames_never_crash_the_client(fixed_draws, data):
    if "mid" not in fixed_draws:
        fixed_draws["mid"] = mid_deal(fixed_draws)
    host, base = fixed_draws["mid"]
    client = copy.deepcopy(base)
    frames = [host.joined(client=client), *hostile_frames(host, client)]
    frame = json.loads(json.dumps(data.draw(st.sampled_from(frames))))
    junk = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.text(max_size=5),
        st.lists(st.integers(0, 3), max_size=4),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    )
    for _ in range(data.draw(st.integers(1, 3))):
        target = frame
        for _ in range(data.draw(st.integers(0, 2))):
            inner = [k for k, v in target.items() if isinstance(v, dict)]
            if not inner:
                break
            target = target[data.draw(st.sampled_from(inner))]
        key = data.draw(st.sampled_from([*target.keys(), "extra"]))
        target[key] = data.draw(junk)
    before, count = state(client), client.problem_count
    replies = client.feed(frame)
    assert all(r["type"] in ("pledge", "contribute", "records") for r in replies)
    if client.problem_count > count:
        assert state(client) == before


# --------------------------------------------------------------------------- the scripted client


def test_bots_play_a_real_host_and_one_comes_back_with_its_token(tmp_path, monkeypatch):
    rng = random.Random(3)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))
    config = TableConfig("Club", HOUSE, ["open", "open", "open"], 2, "geheim", first_seed=1)
    mine = Store.open(tmp_path / "anna.sqlite3")

    async def scenario() -> tuple[list[Bot], Host]:
        host = Host([("club", config)], tmp_path / "host.sqlite3", name="Host", workers=0)
        _, port = await host.start("127.0.0.1", 0)
        recorder = ClientRecorder(mine)
        bots = [
            Bot(
                "Anna",
                "127.0.0.1",
                port,
                table="club",
                seat=0,
                password="geheim",
                seed=1,
                record=True,
                recorder=recorder,
                timeout=10,
            ),
            *(
                Bot(
                    name,
                    "127.0.0.1",
                    port,
                    table="club",
                    seat=seat,
                    password="geheim",
                    seed=seat,
                    timeout=10,
                )
                for name, seat in (("Ben", 1), ("Cleo", 2), ("Dora", None))
            ),
        ]
        intruder = Bot("Eve", "127.0.0.1", port, table="club", seat=None, password="guess")
        try:
            with pytest.raises(BotError, match="refused: wrong or missing table password"):
                await intruder.start()
            for bot in [bots[3], *bots[:3]]:  # the kibitzer first: it sees every commitment
                await bot.start()
            anna = bots[0]
            await anna.wait_for(lambda b: len(b.table.actions) >= 3)
            token = anna.table.token
            joined = await anna.reconnect()  # mid-deal: the same seat, the whole table again
            assert joined.seat == 0 and joined.token == token and joined.actions
            await asyncio.gather(*(b.play(2) for b in bots))
        finally:
            for bot in [*bots, intruder]:
                await bot.close()
            await host.close()
        return bots, host

    bots, _ = asyncio.run(asyncio.wait_for(scenario(), 60))
    for bot in bots:
        assert not bot.table.problems and not bot.stats.errors, bot.name
        assert bot.stats.acts_sent == bot.stats.acts_applied and not bot.stats.duplicates
        assert bot.verdicts == {1: True, 2: True}, bot.name
        assert bot.stats.gaps == 0, bot.name
    assert bots[3].table.kibitzing and bots[3].stats.acts_sent == 0
    kinds = Counter(f["type"] for f in bots[0].frames)
    assert kinds["welcome"] == 2 and kinds["joined"] == 2 and kinds["reveal"] == 2
    assert bots[1].frames is None  # not recording: nothing kept but the table's state
    host_store = Store.open(tmp_path / "host.sqlite3")
    (series,) = host_store.list_series()
    (copy_,) = mine.list_series()
    assert rows(mine, copy_["id"]) == rows(host_store, series["id"])


def test_a_bot_whose_moves_the_host_drops_for_rate_sends_them_again(tmp_path):
    """A host under a tight rate limit drops frames unread ("rate_limited"); a bot then
    sends its move again a little later, as a player clicks again, instead of counting
    it as a refusal and giving up after three (the table would wait for it for ever)."""
    config = TableConfig(
        "Club", ISKO, ["open", "open", "open"], 1, first_seed=5, contribute_timeout_s=1.0
    )
    limits = Limits(rate=4.0, burst=2.0, flood_s=120.0)

    async def scenario() -> list[Bot]:
        host = Host([("club", config)], tmp_path / "host.sqlite3", workers=0, limits=limits)
        _, port = await host.start("127.0.0.1", 0)
        bots = [
            Bot(name, "127.0.0.1", port, table="club", seat=seat, seed=seat, timeout=30)
            for name, seat in (("Anna", 0), ("Ben", 1), ("Cleo", 2))
        ]
        try:
            for bot in bots:
                await bot.start()
            await asyncio.gather(*(b.play(1) for b in bots))
        finally:
            for bot in bots:
                await bot.close()
            await host.close()
        return bots

    bots = asyncio.run(asyncio.wait_for(scenario(), 90))
    assert sum(b.stats.errors["rate_limited"] for b in bots) > 0  # the limit did bite
    for bot in bots:
        assert bot.stats.acts_sent >= bot.stats.acts_applied > 0, bot.name
        assert bot.table.deal_over, bot.name


@pytest.mark.parametrize(
    ("lie", "code"),
    [
        ("secret", "secret_mismatch"),
        ("hand", "hand_not_dealt"),
        ("contribution", "contribution_replaced"),
        ("stranger", "contribution_unpledged"),
        ("late pledge", "pledges_differ"),
        ("unpledged", "left_out"),
        ("recommit", "recommitted"),
    ],
)
def test_a_lie_is_named_by_a_code_for_the_window(fixed_draws, lie, code):
    """The verdict keeps its English sentence and says which check failed by a code (the
    window translates it), also after it was cut to one line."""
    host, client = start(ISKO, fixed_draws, seed=9, deals=2, lie=lie)
    play(host, client)
    verdict = client.verified(1)
    assert getattr(verdict, "code", None) == code, verdict
    assert verdict.params.get("deal", 1) == 1


class _DiedBeforeWriting(ClientRecorder):
    """A window killed between seeing a deal end and its write: the deal is gone with it."""

    def record_all(self, table, finished=None):
        table.take_finished()
        return []

    def fetch(self, table):
        return None


@pytest.mark.parametrize("where", ["mid-deal", "series over"])
def test_a_deal_seen_to_end_and_lost_with_the_window_is_fetched_when_it_joins_again(
    tmp_path, monkeypatch, where
):
    """A host window restarted mid-deal 2 played deal 2 to its end (the joiner's window
    said "Deal 2 verified") and was killed before the write reached its database: its
    copy lacked deal 2 for good. The copy noticed a gap only once a later deal was kept,
    never when the window closed before the next one ended. Joining again now compares
    the copy with the host's series at once."""
    rng = random.Random(5)
    monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
    monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))
    host_store = Store.open(tmp_path / "host.sqlite3")
    deals = 3 if where == "mid-deal" else 2
    config = TableConfig("Kneipe", ISKO, ["open", "open", "beginner"], deals, first_seed=3)
    table = HostedTable("kneipe", config, host_store, ComputerPool(0))
    anna, ben = seat_at(table, tmp_path, 1, "Anna", 0), seat_at(table, tmp_path, 2, "Ben", 1)
    client = anna[1]
    serve(table, [anna, ben], until=lambda: client.deal_number == 2)
    path = tmp_path / "Anna.sqlite3"
    assert [r["number"] for r in rows(Store.open(path), anna[2].series_id)] == [1]
    anna[2] = _DiedBeforeWriting(None)  # deal 2 ends, and the window dies before the write
    ctl = table.controller
    done = lambda: client.verified(2) is not None and (ctl.deal_number == 3 or ctl.series.finished)  # noqa: E731
    serve(table, [anna, ben], until=done)
    assert client.verified(2) is True
    table.disconnected(anna[0])
    # the window again: a new process, the seat's token, the same database
    peer, again = Peer(11, "Anna"), ClientTable(table.id)
    again.feed(protocol.welcome("skat-desktop", "Host", peer.challenge))
    table.handle(peer, protocol.parse_client(wire(again.join(table.id, 0, token=client.token))))
    for frame in peer.out:
        for reply in again.feed(frame):
            table.handle(peer, protocol.parse_client(wire(reply)))
    peer.out.clear()
    assert again.deals_done == 2 and again.deal_number == (3 if where == "mid-deal" else 2)
    recorder = ClientRecorder(Store.open(path))
    assert recorder.catch_up(again.series_at_host()) == 1  # its last deal, and those after
    table.handle(peer, protocol.parse_client(wire(recorder.fetch(again))))
    for frame in peer.out:
        assert again.feed(frame) == []
    kept = recorder.record_all(again)
    assert kept == [(1, None), (2, kept[1][1])] and type(kept[1][1]) is int
    assert not again.problems and recorder.held == ()
    assert rows(recorder.store, recorder.series_id) == rows(host_store, ctl.series_id)[:2]
    lan = [json.loads(r["record"])["extra"]["lan"] for r in recorder.store.deal_sources(1)]
    # mid-deal its record is fetched; after the series' end (as between deals) the host
    # shows the deal's end and reveal again, so it is kept as seen, not twice
    assert [x.get("fetched", False) for x in lan] == [False, where == "mid-deal"]
    # joined again with the whole copy: nothing more to ask for
    assert ClientRecorder(Store.open(path)).catch_up(again.series_at_host()) is None


def test_a_joined_nobody_asked_for_does_not_pass_a_seat_left_out_off_as_come_back(fixed_draws):
    """A seat back from a dropped connection is not asked for the deal being committed
    ("not checked", no fault of the host's). A host that sent a ``joined`` on a live
    connection, unasked, just before leaving the seat out of a commit would have had the
    same pass without a drop anyone could see: the client refuses such a ``joined``."""
    host, client = start(ISKO, fixed_draws, seed=5, deals=3)
    play(host, client, until=1)
    ctl, rng = host.ctl, random.Random(3)
    while isinstance(need := ctl.request(), (ComputerTurn, HumanTurn)):
        if isinstance(need, ComputerTurn):
            ctl.submit(ctl.think(need))
        else:
            host.out.append(protocol.turn(TABLE, host.tick, need.seat, need.interjection))
            pump(host, client)
            action = random_policy(client.view, need.interjection, rng)
            host.take(client.decline() if action is None else client.act(action))
        pump(host, client)
    host.reveal()
    pump(host, client)
    host.take(client.next_deal())
    assert client.deal_over and not client.problems
    client.feed(wire(host.joined()))  # on the live connection, answering no join
    assert list(client.problems) == ["the host sent a 'joined' this client did not ask for"]
    commitment = fairness.commitment(TABLE, 2, b"\x09" * 32)
    client.feed(wire(protocol.commit(TABLE, 2, commitment, [])))  # this seat left out
    assert client.problems[-1] == "the host did not ask this seat to contribute to deal 2"


def _joined_answer(re: int | None, seat: int = 0) -> dict[str, Any]:
    """A lobby's ``joined`` answering the join ``re``."""
    return protocol.joined(
        TABLE, seat, "tok", ISKO, ["Anna", "Bernd", "Cem"], 0, None, [], 0,
        {"entries": [], "totals": [0, 0, 0]}, re, planned_deals=3, state="lobby",
    )  # fmt: skip


def test_a_join_lost_with_its_connection_cannot_be_answered_on_the_next(fixed_draws):
    client = ClientTable(TABLE)
    client.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x01" * 32)))
    lost = client.join(TABLE, 0)["id"]  # the connection drops before the answer
    client.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x02" * 32)))
    client.feed(wire(_joined_answer(client.join(TABLE, 0)["id"])))
    assert client.joined and not client.problems
    client.feed(wire(_joined_answer(lost)))  # unasked on the live connection
    assert list(client.problems) == ["the host sent a 'joined' this client did not ask for"]


def test_a_pledge_sent_again_after_a_rejoin_and_left_out_is_the_hosts_doing(fixed_draws):
    """The commit is shown again to a player back on a new connection, who pledges again
    there: a pledge the host then leaves out is 'NOT verified', not lost on the way."""
    fixed_draws["host"] = StandIn(ISKO)
    fixed_draws["host"].planned = b"\x05" * 32
    client = ClientTable(TABLE)
    client.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x01" * 32)))
    client.feed(wire(_joined_answer(client.join(TABLE, 0)["id"])))
    commitment = b"\x07" * 32
    assert [
        f["type"] for f in client.feed(wire(protocol.commit(TABLE, 1, commitment, [0, 1, 2])))
    ] == ["pledge"]
    client.feed(wire(protocol.welcome("skat-desktop", "Club", b"\x02" * 32)))  # back
    client.feed(wire(_joined_answer(client.join(TABLE, 0, token="tok")["id"])))
    again = client.feed(wire(protocol.commit(TABLE, 1, commitment, [0, 1, 2])))
    assert [f["type"] for f in again] == ["pledge"] and client.checks[1].pledged_on == 2
    client.feed(wire(protocol.pledges(TABLE, 1, {1: b"\x01" * 32, 2: b"\x02" * 32})))
    check = client.checks[1]
    assert check.missing and not check.away
