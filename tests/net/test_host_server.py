"""The LAN host over real sockets (127.0.0.1 only): what a client can do wrong or on
purpose is refused or cut off, and a second, well-behaved client is served all along.

Every wait is bounded (asyncio time-outs); the host's own limits are made short
(half a second) so each test runs in about a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from skat_desktop.cli import main
from skat_desktop.engine.profiles import builtin
from skat_desktop.net import fairness
from skat_desktop.net import protocol as wire
from skat_desktop.net.host import Host, HostError, Limits, parse_table_spec, table_configs
from skat_desktop.net.hosted_table import TableConfig

WAIT = 5.0  # seconds any single answer may take before a test fails
FAST = Limits(hello_s=0.5, frame_s=0.5, flood_s=0.5, tick_s=0.05)


def run(coro_fn: Callable[[], Any], timeout: float = 20.0) -> Any:
    return asyncio.run(asyncio.wait_for(coro_fn(), timeout))


class Raw:
    """A minimal client: JSON lines over a socket, nothing checked on our side."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.seen: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.tick = 0
        self.seat: int | None = None
        self.token: str | None = None
        self.asked = 1000

    @classmethod
    async def connect(cls, port: int, name: str | None = "Anna", sock=None) -> Raw:
        if sock is None:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        else:
            reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 20)
        raw = cls(reader, writer)
        if name is not None:
            await raw.send(wire.hello(name, "test", id=0))
            welcome = await raw.recv()
            assert welcome["type"] == "welcome" and welcome["re"] == 0, welcome
            raw.challenge = bytes.fromhex(welcome["challenge"])
        return raw

    async def send(self, frame: dict[str, Any] | bytes) -> None:
        data = frame if isinstance(frame, bytes) else json.dumps(frame).encode() + b"\n"
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        assert line, "the host closed the connection"
        frame = json.loads(line)
        wire.parse_host(frame)  # everything the host sends passes the client's checks
        self.seen.append(frame)
        if frame["type"] in ("event", "joined") and frame.get("view") is not None:
            self.view, self.tick = frame["view"], frame["tick"]
        return frame

    async def until(self, kind: str, timeout: float = WAIT, **fields: Any) -> dict[str, Any]:
        """The next frame of ``kind`` (with these fields), skipping others."""

        async def look() -> dict[str, Any]:
            while True:
                frame = await self.recv(timeout)
                if frame["type"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                    return frame

        return await asyncio.wait_for(look(), timeout)

    async def ask(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send ``frame`` with an id; its answer (``re`` = id)."""
        self.asked += 1
        ident = self.asked
        await self.send({**frame, "id": ident})

        async def look() -> dict[str, Any]:
            while True:
                answer = await self.recv()
                if answer.get("re") == ident:
                    return answer

        return await asyncio.wait_for(look(), WAIT)

    async def closed_by_host(self, timeout: float = WAIT) -> list[dict[str, Any]]:
        """Read until the host closes; the frames it sent before."""
        frames = []

        async def drain() -> None:
            while True:
                try:
                    line = await self.reader.readline()
                except (ConnectionError, ValueError):
                    return
                if not line:
                    return
                with contextlib.suppress(ValueError):
                    frames.append(json.loads(line))

        await asyncio.wait_for(drain(), timeout)
        return frames

    async def ping_pong(self) -> None:
        answer = await self.ask(wire.ping())
        assert answer["type"] == "pong", answer

    def close(self) -> None:
        self.writer.close()


def config(name: str = "Duo", seats: str = "open+open+random", **kw: Any) -> TableConfig:
    return TableConfig(
        name=name,
        profile=builtin("isko"),
        seats=seats.split("+"),
        planned_deals=2,
        first_seed=7,
        **kw,
    )


@contextlib.asynccontextmanager
async def hosting(tables=None, limits: Limits = FAST, store_path=None):
    tables = [("duo", config())] if tables is None else tables
    host = Host(tables, store_path, name="test host", limits=limits, workers=0)
    await host.start("127.0.0.1", 0)
    try:
        yield host
    finally:
        await host.close()


async def settle(condition: Callable[[], bool]) -> None:
    """Wait (bounded) until the host's state shows ``condition``."""
    for _ in range(int(WAIT / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the host did not get there in time")


async def seated(port: int, connected: Callable[[Raw], None] | None = None) -> tuple[Raw, Raw]:
    """Anna at seat 0 and Bernd at seat 1 of table duo, the first deal dealt
    (``connected`` is called with each as soon as it is greeted)."""
    anna, bernd = await Raw.connect(port, "Anna"), await Raw.connect(port, "Bernd")
    for raw in (anna, bernd) if connected is not None else ():
        connected(raw)
    for raw, seat in ((anna, 0), (bernd, 1)):
        joined = await raw.ask(wire.join("duo", seat))
        assert joined["type"] == "joined" and joined["seat"] == seat, joined
        raw.seat, raw.token = seat, joined["token"]
    values = {}
    for raw in (anna, bernd):  # fair deal: pledge, then (all pledges shown) open
        commit = await raw.until("commit")
        deal, values[raw.seat] = commit["deal"], os.urandom(32)
        pledged = fairness.pledge("duo", deal, raw.seat, values[raw.seat])
        await raw.send(wire.pledge("duo", deal, pledged))
    for raw in (anna, bernd):
        await raw.until("pledges")
        await raw.send(wire.contribute("duo", deal, values[raw.seat]))
    for raw in (anna, bernd):
        await raw.until("event")
    return anna, bernd


async def human_turn(clients: list[Raw]) -> tuple[dict[str, Any], Raw]:
    """Read on until a human must move (saying "no" to Kontra/Re when asked): the turn
    and whose it is. Every client is told the same turns."""
    while True:
        turns = [await c.until("turn") for c in clients]
        assert len({(t["tick"], t["seat"]) for t in turns}) == 1, turns
        turn = turns[0]
        mover = next((c for c in clients if c.seat == turn["seat"]), None)
        if mover is None:
            continue  # the computer's turn
        if not turn["interjection"]:
            return turn, mover
        await mover.send(wire.decline("duo", turn["tick"]))


async def play(clients: list[Raw], moves: int) -> None:
    """Play ``moves`` moves of the humans (their first legal action each time)."""
    for _ in range(moves):
        turn, mover = await human_turn(clients)
        action = mover.view["legal"][0]
        await mover.send({"type": "act", "table": "duo", "tick": turn["tick"], "action": action})
        for c in clients:
            event = await c.until("event")
            assert event["event"]["event"] == "action_applied", event
            assert event["tick"] == turn["tick"] + 1


# --------------------------------------------------------------------------- the round trip


def test_hello_list_join_and_play_round_trip():
    async def body():
        async with hosting() as host:
            port = host.address[1]
            anna = await Raw.connect(port, "Anna")
            listed = await anna.ask(wire.list_tables())
            assert [t["id"] for t in listed["tables"]] == ["duo"]
            assert listed["tables"][0]["state"] == "lobby"
            anna.close()
            anna, bernd = await seated(port)
            assert anna.view["hand"] != bernd.view["hand"]  # each sees his own hand
            await play([anna, bernd], 4)
            assert (await bernd.ask(wire.list_tables()))["tables"][0]["state"] == "playing"

    run(body)


def test_another_seats_action_stale_tick_and_kibitzer_are_refused():
    async def body():
        async with hosting() as host:
            anna, bernd = await seated(host.address[1])
            turn, mover = await human_turn([anna, bernd])
            other = bernd if mover is anna else anna
            action = mover.view["legal"][0]
            frame = {"type": "act", "table": "duo", "tick": turn["tick"], "action": action}
            answer = await other.ask(frame)  # the mover's action, sent by the other seat
            assert answer["code"] == "not_your_turn", answer
            stale = await mover.ask({**frame, "tick": turn["tick"] - 1})
            assert stale["code"] == "stale", stale
            kib = await Raw.connect(host.address[1], "Cem")
            assert (await kib.ask(wire.join("duo", None)))["seat"] is None
            assert (await kib.ask(frame))["code"] == "not_joined"
            assert kib.view is None or kib.view["hand"] in ([], None)
            await mover.send(frame)  # the right seat, the right tick: played
            event = await mover.until("event")
            assert event["event"]["event"] == "action_applied"

    run(body)


def test_wrong_password_and_wrong_token_are_refused():
    async def body():
        tables = [("duo", config()), ("club", config("Club", password="Herz Dame"))]
        async with hosting(tables) as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            anna = await Raw.connect(port, "Anna")
            assert (await anna.ask(wire.join("club", 0)))["code"] == "bad_password"
            wrong = wire.proof(wire.password_key("Herz Bube"), anna.challenge, "club")
            assert (await anna.ask(wire.join("club", 0, proof=wrong)))["code"] == "bad_password"
            # a proof made for another connection's challenge is worth nothing here
            key = wire.password_key("Herz Dame")
            other = wire.proof(key, good.challenge, "club")
            assert (await anna.ask(wire.join("club", 0, proof=other)))["code"] == "bad_password"
            await good.ping_pong()
            right = wire.proof(key, anna.challenge, "club")
            joined = await anna.ask(wire.join("club", 0, proof=right))
            assert joined["type"] == "joined" and joined["seat"] == 0
            bad = await good.ask(wire.join("club", 0, token="x" * 32))
            assert bad["code"] == "bad_token"
            assert (await good.ask(wire.join("nowhere", 0)))["code"] == "no_table"
            await good.ping_pong()

    run(body)


# --------------------------------------------------------------------------- bad frames


def test_malformed_frames_are_answered_and_the_connection_goes_on():
    async def body():
        async with hosting() as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            bad = await Raw.connect(port, "Bad")
            await bad.send(b"{not json\n")
            assert (await bad.recv())["code"] == "bad_json"
            await bad.send(b"[1, 2]\n")
            assert (await bad.recv())["code"] == "bad_frame"
            await bad.send(b"\xff\xfe\n")
            assert (await bad.recv())["code"] == "bad_json"
            assert (await bad.ask({"type": "dance"}))["code"] == "unknown_type"
            answer = await bad.ask({"type": "join", "table": "duo", "seat": "zero"})
            assert answer["code"] == "bad_field"
            assert (await bad.ask({"type": "hello", "name": "Bad", "version": 1, "client": ""}))[
                "code"
            ] == "not_now"
            await bad.ping_pong()
            await good.ping_pong()

    run(body)


def test_oversized_frame_is_refused_and_the_connection_dropped():
    async def body():
        async with hosting() as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            bad = await Raw.connect(port, "Bad")
            await bad.send(b'{"type":"ping","pad":"' + b"x" * (wire.MAX_FRAME + 10))
            frames = await bad.closed_by_host()
            assert [f["code"] for f in frames] == ["too_large"]
            await good.ping_pong()
            await settle(lambda: len(host.connections) == 1)

    run(body)


def test_hello_first_wrong_version_and_no_hello_in_time():
    async def body():
        async with hosting() as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            early = await Raw.connect(port, None)
            assert (await early.ask(wire.list_tables()))["code"] == "hello_first"
            await early.send({"type": "hello", "name": "Old", "version": 2, "client": "x"})
            frames = await early.closed_by_host()
            assert [f["code"] for f in frames] == ["version"]
            silent = await Raw.connect(port, None)
            frames = await silent.closed_by_host()  # FAST: 0.5 s to say hello
            assert [f["code"] for f in frames] == ["timeout"]
            await good.ping_pong()

    run(body)


def test_slow_loris_half_frame_is_closed():
    async def body():
        async with hosting() as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            loris = await Raw.connect(port, "Loris")
            await loris.send(b'{"type":"pi')
            await good.ping_pong()
            frames = await loris.closed_by_host()  # FAST: 0.5 s to finish a frame
            assert [f["code"] for f in frames] == ["timeout"]
            await good.ping_pong()

    run(body)


async def keep_pinging(raw: Raw, every: float) -> None:
    """What a live client does however long it waits: a ping now and then (the pongs
    are read and skipped by whoever reads ``raw``)."""
    while True:
        raw.writer.write(wire.encode(wire.ping()))  # no drain: the reader task drains
        await asyncio.sleep(every)


def test_a_silent_player_and_watcher_count_as_dropped_and_a_pinging_one_never():
    """A joiner that froze (kill -STOP) or vanished sends nothing: after
    ``Limits.silent_s`` its connection is closed, its seat counts as dropped and the
    computer stands in; a silent kibitzer goes the same way. A client that does nothing
    but ping stays connected however long it waits."""
    quiet = 1.5  # seconds of silence the host allows here (the default is 50 s)

    async def body():
        limits = Limits(hello_s=5.0, frame_s=5.0, tick_s=0.05, silent_s=quiet)
        tables = [("duo", config(substitute_after_s=0, substitute_level="random"))]
        async with hosting(tables, limits=limits) as host:
            port = host.address[1]
            pingers: dict[str, asyncio.Task] = {}

            async def watcher(name: str) -> Raw:
                raw = await Raw.connect(port, name)
                pingers[name] = asyncio.create_task(keep_pinging(raw, 0.1))
                assert (await raw.ask(wire.join("duo", None)))["seat"] is None
                return raw

            cem, dora = await watcher("Cem"), await watcher("Dora")
            ids = {name: max(host.connections) - i for i, name in enumerate(("Dora", "Cem"))}

            def alive(raw: Raw) -> None:
                pingers[id(raw)] = asyncio.create_task(keep_pinging(raw, 0.1))

            anna, bernd = await seated(port, alive)
            ids["Bernd"] = max(host.connections)
            try:
                pingers.pop(id(bernd)).cancel()  # Bernd's program freezes mid-deal,
                pingers.pop("Cem").cancel()  # and so does one watcher's
                await settle(lambda: ids["Bernd"] not in host.connections)
                await settle(lambda: ids["Cem"] not in host.connections)
                # Anna plays on: Bernd's seat shows dropped, then a computer plays it
                seats_seen: list[dict[str, Any]] = []

                async def until_stand_in() -> None:
                    while True:
                        frame = await anna.recv(WAIT)
                        if frame["type"] == "seats":
                            seats_seen.append(frame)
                            if bernd.seat in frame["substitutes"]:
                                return
                        elif frame["type"] == "turn" and frame["seat"] == anna.seat:
                            if frame["interjection"]:
                                await anna.send(wire.decline("duo", frame["tick"]))
                            else:
                                action = anna.view["legal"][0]
                                tick = frame["tick"]
                                await anna.send(
                                    {"type": "act", "table": "duo", "tick": tick, "action": action}
                                )

                await asyncio.wait_for(until_stand_in(), 4 * WAIT)
                assert not seats_seen[-1]["seats"][bernd.seat]["connected"]
                assert seats_seen[-1]["seats"][anna.seat]["connected"]
                assert host.tables["duo"].info()["kibitzers"] == 1  # Dora, who pings
                # those who only pinged were never dropped, connected all along for
                # several times the silence the host allows
                await asyncio.sleep(quiet)
                assert ids["Dora"] in host.connections
                await dora.ping_pong()
                await anna.ping_pong()
                for frames in (await bernd.closed_by_host(), await cem.closed_by_host()):
                    assert [f.get("code") for f in frames if f["type"] == "error"] == ["timeout"]
            finally:
                for task in pingers.values():
                    task.cancel()

    run(body, timeout=60.0)


# --------------------------------------------------------------------------- limits


def test_flood_is_rate_limited_then_dropped_while_others_are_served():
    async def body():
        async with hosting() as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            flood = await Raw.connect(port, "Flood")
            await flood.send(b"".join(wire.encode(wire.ping(i)) for i in range(100)))
            answers = [await flood.recv() for _ in range(100)]
            kinds = [a["type"] if a["type"] == "pong" else a["code"] for a in answers]
            assert set(kinds) == {"pong", "rate_limited"}
            assert kinds.count("pong") >= 39  # the burst (less the hello) goes through
            assert sorted(a["re"] for a in answers) == list(range(100))  # each one answered
            await good.ping_pong()

            async def keep_flooding() -> None:
                with contextlib.suppress(ConnectionError):
                    for _ in range(400):
                        await flood.send(wire.encode(wire.ping()) * 10)
                        await asyncio.sleep(0.01)

            sender = asyncio.create_task(keep_flooding())
            frames = await flood.closed_by_host()  # FAST: over the rate for 0.5 s
            sender.cancel()
            assert frames and frames[-1]["code"] == "rate_limited"
            await good.ping_pong()

    run(body)


def test_a_client_that_does_not_read_is_dropped_and_does_not_slow_others():
    async def body():
        limits = Limits(max_queue=16_384, rate=1e6, burst=1e6)
        async with hosting(limits=limits) as host:
            port = host.address[1]
            good = await Raw.connect(port, "Good")
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
            lazy = await Raw.connect(port, "Lazy", sock=sock)
            lazy_id = max(host.connections)
            with contextlib.suppress(ConnectionError):
                for _ in range(20):  # ~600 bytes of answer per 16 bytes asked: megabytes
                    await lazy.send(wire.encode(wire.list_tables()) * 1000)
                    if lazy_id not in host.connections:
                        break
                    await good.ping_pong()
            await settle(lambda: lazy_id not in host.connections)
            await good.ping_pong()
            lazy.writer.transport.abort()

    run(body)


def test_beyond_max_connections_server_busy():
    async def body():
        async with hosting(limits=Limits(max_connections=2)) as host:
            port = host.address[1]
            one, two = await Raw.connect(port, "One"), await Raw.connect(port, "Two")
            three = await Raw.connect(port, None)
            frames = await three.closed_by_host()
            assert [f["code"] for f in frames] == ["server_busy"]
            await one.ping_pong()
            two.close()
            await settle(lambda: len(host.connections) == 1)
            four = await Raw.connect(port, "Four")
            await four.ping_pong()

    run(body)


def test_a_table_that_raises_is_logged_and_answered_generically(monkeypatch, caplog):
    async def body():
        async with hosting() as host:
            port = host.address[1]
            good, bad = await Raw.connect(port, "Good"), await Raw.connect(port, "Bad")

            def broken(peer, msg):
                raise RuntimeError("a bug in the table")

            monkeypatch.setattr(host.tables["duo"], "handle", broken)
            answer = await bad.ask(wire.join("duo", 0))
            assert answer["code"] == "internal"
            assert "bug" not in answer["message"]
            await bad.ping_pong()
            await good.ping_pong()

    with caplog.at_level(logging.ERROR, logger="skat_desktop.net.host"):
        run(body)
    assert any(r.exc_info and "a bug in the table" in str(r.exc_info[1]) for r in caplog.records)


def test_timers_are_ticked_and_a_failing_timer_is_logged(monkeypatch, caplog):
    async def body():
        async with hosting() as host:
            calls = []

            def tick() -> None:
                calls.append(1)
                raise RuntimeError("timer bug")

            monkeypatch.setattr(host.tables["duo"], "tick_timers", tick)
            await settle(lambda: len(calls) >= 3)  # FAST: every 0.05 s, despite raising
            good = await Raw.connect(host.address[1], "Good")
            await good.ping_pong()

    with caplog.at_level(logging.ERROR, logger="skat_desktop.net.host"):
        run(body)
    assert any("timer bug" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)


def test_close_says_closing_to_every_client():
    async def body():
        host = Host([("duo", config())], None, limits=FAST, workers=0)
        await host.start("127.0.0.1", 0)
        one, two = (
            await Raw.connect(host.address[1], "One"),
            await Raw.connect(host.address[1], "Two"),
        )
        await host.close()
        for raw in (one, two):
            frames = await raw.closed_by_host()
            assert [f["type"] for f in frames] == ["closing"]
        await asyncio.wait_for(host.serve_forever(), WAIT)  # returns once closed

    run(body)


# --------------------------------------------------------------------------- the command


def test_table_specs_and_their_errors():
    name, cfg = parse_table_spec("name=Club,profile=texas,seats=open+expert+open,deals=12")
    assert (name, cfg.profile.name, cfg.seats, cfg.planned_deals) == (
        "Club",
        "texas",
        ["open", "expert", "open"],
        12,
    )
    _, cfg = parse_table_spec("seats=open+open+open+beginner,grace=10,substitute=off,next=5")
    assert (cfg.grace_s, cfg.substitute_after_s, cfg.next_deal_s) == (10, None, 5)
    tables = table_configs(["name=Club", "name=Club Two"], password="pw")
    assert [tid for tid, _ in tables] == ["club", "club-two"]
    assert all(c.password == "pw" for _, c in tables)
    assert [tid for tid, _ in table_configs([])] == ["table-1"]
    for bad in (
        "name=Club,profile=chess",
        "seats=open+open",
        "seats=open+wizard+open",
        "seats=standard+standard+standard",
        "deals=0",
        "deals=many",
        "grace=-1",
        "colour=red",
        "name",
        "name=A\u202eB",
        "name=Club,name=Other",
    ):
        with pytest.raises(HostError) as e:
            parse_table_spec(bad)
        assert "\n" not in str(e.value)
    with pytest.raises(HostError):
        table_configs(["name=Club", "name=club"])


def test_serve_refuses_a_bad_spec_with_one_line(capsys):
    code = main(["serve", "--table", "name=Club,seats=open+wizard+open"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("skat-desktop: error: ") and err.count("\n") == 1 and "wizard" in err


def test_net_and_serve_import_no_qt():
    code = (
        "import sys, skat_desktop.net.host, skat_desktop.cli;"
        "skat_desktop.cli.build_parser();"
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


async def start_serve(tmp_path, *extra: str) -> tuple[asyncio.subprocess.Process, int]:
    log = open(tmp_path / "serve.log", "ab")  # noqa: SIM115 (the child writes it)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "skat_desktop",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--db",
        str(tmp_path / "host.sqlite3"),
        "--name",
        "Club host",
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=log,
    )
    log.close()
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    m = re.fullmatch(rb"serving on 127\.0\.0\.1:(\d+)\n", line)
    assert m, line
    return proc, int(m.group(1))


def test_serve_command_listens_and_exits_cleanly_on_sigterm(tmp_path):
    async def body():
        proc, port = await start_serve(tmp_path)
        try:
            raw = await Raw.connect(port, "Anna")
            tables = (await raw.ask(wire.list_tables()))["tables"]
            assert [(t["id"], t["name"], t["profile"]) for t in tables] == [
                ("table-1", "Table 1", "isko")
            ]
            assert [s["kind"] for s in tables[0]["seats"]] == ["open"] * 3
            proc.send_signal(signal.SIGTERM)
            frames = await raw.closed_by_host()
            assert [f["type"] for f in frames] == ["closing"]
            assert await asyncio.wait_for(proc.wait(), 30) == 0
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()

    run(body, 90)


def test_serve_killed_mid_deal_resumes_on_restart(tmp_path):
    spec = "name=Duo,seats=open+open+random,deals=3"

    async def body():
        proc, port = await start_serve(tmp_path, "--table", spec)
        try:
            anna, bernd = await seated(port)
            await play([anna, bernd], 3)
            turn, _ = await human_turn([anna, bernd])  # the table waits: nothing moves
            proc.kill()  # SIGKILL: no clean-up at all
            await asyncio.wait_for(proc.wait(), 30)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        proc, port = await start_serve(tmp_path, "--table", spec)
        try:
            back = await Raw.connect(port, "Anna")
            tables = (await back.ask(wire.list_tables()))["tables"]
            assert [(t["id"], t["state"]) for t in tables] == [("duo", "playing")]
            assert [s["connected"] for s in tables[0]["seats"]] == [False, False, True]
            joined = await back.ask(wire.join("duo", 0, token=anna.token))
            assert joined["type"] == "joined" and joined["seat"] == 0, joined
            assert joined["tick"] == turn["tick"]
            assert joined["view"] == anna.view  # the same hand, the same table
            assert joined["names"][:2] == ["Anna", "Bernd"]
            assert (await back.until("turn"))["seat"] == turn["seat"]
            stranger = await Raw.connect(port, "Mallory")
            assert (await stranger.ask(wire.join("duo", 1, token="y" * 32)))["code"] == "bad_token"
            proc.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(proc.wait(), 30) == 0
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()

    run(body, 120)
