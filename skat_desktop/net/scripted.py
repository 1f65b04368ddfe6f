"""A scripted LAN client (:class:`Bot`) for tests and the load benchmark: asyncio, no Qt.

It connects, says hello, joins a seat (or kibitzes) with a password or a session
token, plays by a policy (by default a random legal action, seeded), answers every
fair-deal commitment through its :class:`~skat_desktop.net.client.ClientTable`, asks
for the next deal when one is over, and can drop its connection and come back with its
token. It records every frame it receives when asked to (the security tests read what
a seat was sent), and measures the time from sending a move to receiving the event for
it; a shared :class:`Latency` sees when every client of a table has that event.
Memory stays bounded when it does not record.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from skat_desktop.engine.actions import Action, Claim, Concede, Double, Play
from skat_desktop.engine.view import SeatView
from skat_desktop.net import protocol
from skat_desktop.net.client import ClientRecorder, ClientTable
from skat_desktop.net.protocol import ErrorReply, Event, Joined, ProtocolError, Welcome

Policy = Callable[[SeatView, bool, random.Random], Action | None]
READ_CHUNK = 65_536
LATENCIES_KEPT = 100_000  # samples a bot keeps (a long benchmark keeps the latest)
RATE_PAUSE_S = 0.25  # after the host's "rate_limited", the move is sent again this much later


class BotError(RuntimeError):
    """The bot could not do what it was told (refused, timed out, disconnected)."""


def random_policy(view: SeatView, interjection: bool, rng: random.Random) -> Action | None:
    """A random legal action: a card when one may be played, never an expensive claim
    or a concession unless nothing else is legal; an interjection (Kontra/Re) is said
    one time in four (None: decline)."""
    if interjection:
        doubles = [a for a in view.legal if type(a) is Double]
        return rng.choice(doubles) if doubles and rng.random() < 0.25 else None
    plays = [a for a in view.legal if type(a) is Play]
    if plays:
        return rng.choice(plays)
    others = [a for a in view.legal if type(a) not in (Claim, Concede, Double)]
    choices = others or list(view.legal)
    return rng.choice(choices) if choices else None


class Latency:
    """Action -> every client updated, for the bots of one or many tables (one process,
    one clock). Bounded: a move whose event some client never gets is forgotten after
    ``keep`` newer moves."""

    def __init__(self, keep: int = 10_000) -> None:
        self.keep = keep
        self.clients: dict[str, int] = {}  # table -> bots listening there
        self._open: dict[tuple[str, int, int], tuple[float, int, float]] = {}
        self.samples: deque[float] = deque(maxlen=LATENCIES_KEPT)  # seconds

    def listen(self, table: str) -> None:
        self.clients[table] = self.clients.get(table, 0) + 1

    def sent(self, table: str, deal: int, index: int, at: float) -> None:
        self._open[(table, deal, index)] = (at, 0, at)
        while len(self._open) > self.keep:
            del self._open[next(iter(self._open))]

    def seen(self, table: str, deal: int, index: int, at: float) -> None:
        key = (table, deal, index)
        got = self._open.get(key)
        if got is None:
            return
        sent, count, _ = got
        count += 1
        if count >= self.clients.get(table, 1):
            del self._open[key]
            self.samples.append(at - sent)
        else:
            self._open[key] = (sent, count, at)


@dataclass
class BotStats:
    """What one bot sent and got: the benchmark checks that no move was lost or doubled."""

    acts_sent: int = 0
    acts_applied: int = 0  # action events for this bot's own seat, answering its acts
    declines_sent: int = 0
    events: int = 0  # event frames received
    actions_seen: int = 0  # action events received (every seat's)
    duplicates: int = 0  # an action event for an index seen before
    gaps: int = 0  # an action event after a missing index
    frames: int = 0
    deals_finished: int = 0
    verified: int = 0
    not_verified: int = 0
    errors: Counter[str] = field(default_factory=Counter)  # the host's error codes
    latencies: deque[float] = field(default_factory=lambda: deque(maxlen=LATENCIES_KEPT))


class Bot:
    """One scripted client at one table."""

    def __init__(
        self,
        name: str,
        host: str,
        port: int,
        *,
        table: str,
        seat: int | None,
        password: str | None = None,
        policy: Policy = random_policy,
        seed: int = 0,
        record: bool = False,
        recorder: ClientRecorder | None = None,
        latency: Latency | None = None,
        auto_next: bool = True,
        timeout: float = 30.0,
        client: str = "skat-desktop bot",
        watch: Callable[[dict[str, Any]], None] | None = None,
        think: tuple[float, float] | None = None,
    ) -> None:
        self.name, self.host, self.port = name, host, port
        self.table_id, self.seat, self.password = table, seat, password
        self.policy = policy
        self.rng = random.Random(seed)
        self.recorder = recorder
        self.latency = latency
        self.auto_next = auto_next
        self.timeout = timeout
        self.client = client
        self.table = ClientTable(table)
        self.stats = BotStats()
        self.frames: list[dict[str, Any]] | None = [] if record else None
        # sees every frame as it comes, before the bot uses it (the security sweep checks
        # each one at once and keeps nothing, so memory stays bounded over many deals)
        self.watch = watch
        # (least, most) seconds a move waits, drawn per move like a person at a table;
        # None answers at once (a load test then measures a table played flat out)
        self.think = think
        self._thinking: tuple[int, int, bool] | None = None  # the turn a wait is for
        self.verdicts: dict[int, bool | str] = {}  # deal number -> verified (bounded below)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._frames = protocol.FrameReader()
        self._acted: tuple[int, int, bool] | None = None  # the turn last answered
        self._act_id: int | None = None  # the id of the last act or decline sent
        self._retries = 0  # answers refused for the same turn
        self._pending: tuple[int, int, float] | None = None  # (deal, index, sent at)
        self._last_index: dict[int, int] = {}  # deal -> highest action index seen
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._pinger: asyncio.Task[None] | None = None  # pings as a live client does
        self.closed_reason: str | None = None
        if latency is not None:
            latency.listen(table)

    # ------------------------------------------------------------------ connection

    async def connect(self) -> Welcome:
        """Open the connection and say hello; returns the host's welcome."""
        self._reader, self._writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port), self.timeout
        )
        self._frames = protocol.FrameReader()
        self.closed_reason = None
        await self.send(self.table.hello(self.name, self.client))
        return await self._next_message(Welcome)  # (joined says the series' length)

    async def join(self, *, token: str | None = None) -> Joined:
        """Take the seat (or kibitz); with ``token``, take back the seat it holds."""
        frame = self.table.join(self.table_id, self.seat, password=self.password, token=token)
        await self.send(frame)
        return await self._next_message(Joined, re=frame["id"])

    async def start(self, *, token: str | None = None) -> Joined:
        """Connect, join and play in the background until :meth:`close`."""
        await self.connect()
        joined = await self.join(token=token)
        self._task = asyncio.create_task(self._run())
        self._pinger = asyncio.create_task(self._keep_alive())
        self._acted = None  # a move sent just before a drop may be lost: answer afresh
        self._decide()  # a seat taken back may be the one the table waits for
        return joined

    async def reconnect(self) -> Joined:
        """Drop the connection and come back with this seat's token."""
        await self.close(wait=False)
        return await self.start(token=self.table.token)

    async def close(self, *, wait: bool = True) -> None:
        pinger, self._pinger = self._pinger, None
        if pinger is not None:
            pinger.cancel()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
            if wait:
                with contextlib.suppress(OSError, TimeoutError, asyncio.TimeoutError):
                    await asyncio.wait_for(writer.wait_closed(), self.timeout)

    async def send(self, frame: dict[str, Any]) -> None:
        if self._writer is None:
            raise BotError(f"{self.name} is not connected")
        self._writer.write(protocol.encode(frame))
        await self._writer.drain()

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are (the security tests send what no client would)."""
        if self._writer is None:
            raise BotError(f"{self.name} is not connected")
        self._writer.write(data)
        await self._writer.drain()

    # ------------------------------------------------------------------ reading

    async def _read(self) -> list[dict[str, Any]]:
        """The next frames from the host ([] once the connection is closed)."""
        if self._reader is None:
            return []
        data = await self._reader.read(READ_CHUNK)
        if not data:
            self.closed_reason = self.closed_reason or "the host closed the connection"
            return []
        out = []
        try:
            items = self._frames.feed(data)
        except ProtocolError as e:  # no newline in sight: the stream cannot be read on
            items = [*e.frames, e]
            self.closed_reason = "the host sent a frame that is too large"
            self._reader = None
            if self._writer is not None:
                self._writer.close()
        for item in items:
            if isinstance(item, ProtocolError):
                self.table.note(f"the host sent a bad frame: {item.message}")
                continue
            out.append(item)
        return out

    async def _next_message(self, kind: type, re: int | None = None) -> Any:
        """Read until a message of ``kind`` (answering ``re``) arrives; an error
        answering it raises :class:`BotError`. Everything read is handled."""

        async def wait() -> Any:
            while True:
                frames = await self._read()
                if not frames:
                    raise BotError(f"{self.name}: {self.closed_reason or 'connection closed'}")
                found = None
                for frame in frames:
                    msg = self._handle(frame)
                    if found is None and isinstance(msg, kind):
                        if re is None or getattr(msg, "re", None) in (None, re):
                            found = msg
                    elif isinstance(msg, ErrorReply) and re is not None and msg.re == re:
                        raise BotError(f"{self.name}: the host refused: {msg.message}")
                if found is not None:
                    return found

        try:
            return await asyncio.wait_for(wait(), self.timeout)
        except TimeoutError:
            raise BotError(f"{self.name}: no {kind.__name__} within {self.timeout} s") from None

    async def _run(self) -> None:
        while True:
            frames = await self._read()
            if not frames:
                self._changed.set()
                return
            for frame in frames:
                self._handle(frame)
            self._decide()
            self._changed.set()

    def _handle(self, frame: dict[str, Any]) -> Any:
        """Feed one frame to the table, answer what it asks, keep the figures."""
        now = time.perf_counter()
        self.stats.frames += 1
        if self.frames is not None:
            self.frames.append(frame)
        if self.watch is not None:
            self.watch(frame)
        try:
            msg = protocol.parse_host(frame)
        except ProtocolError as e:
            self.table.note(f"the host sent a bad frame: {e.message}")
            return None
        if isinstance(msg, ErrorReply):
            self.stats.errors[msg.code] += 1
            if msg.code == "rate_limited" and msg.re is not None and msg.re == self._act_id:
                # the host dropped the move unread: send it again a little later, as a
                # player would click again (not one of the refusals that count)
                with contextlib.suppress(RuntimeError):
                    asyncio.get_running_loop().call_later(RATE_PAUSE_S, self.nudge)
            elif msg.re is not None and msg.re == self._act_id and self._retries < 3:
                self._retries += 1
                self._acted = None  # refused (the table moved on): answer afresh
        for reply in self.table.feed(msg):
            self._send_soon(reply)
        if isinstance(msg, Event):
            self._event(msg, now)
        elif isinstance(msg, Joined):  # the log so far comes whole: no gap before it
            self._last_index = {self.table.deal_number: len(self.table.actions) - 1}
            over = self.table.deal_over and not self.table.series_over
            if self.auto_next and self.seat is not None and over:
                # back after the deal ended: the table waits for this seat's "next" too
                self._send_soon(self.table.next_deal())
        for number, verdict in self._new_verdicts():
            self.verdicts[number] = verdict
            if verdict is True:
                self.stats.verified += 1
            else:
                self.stats.not_verified += 1
        return msg

    def _event(self, msg: Event, now: float) -> None:
        self.stats.events += 1
        e = msg.event
        kind = e.get("event")
        if kind == "action_applied":
            self.stats.actions_seen += 1
            deal, index = self.table.deal_number, e["index"]
            last = self._last_index.get(deal, -1)
            if index <= last:
                self.stats.duplicates += 1
            elif index > last + 1:
                self.stats.gaps += 1
            self._last_index = {deal: max(last, index)}
            if self.latency is not None:
                self.latency.seen(self.table_id, deal, index, now)
            pending = self._pending
            if pending is not None and pending[:2] == (deal, index):
                self._pending = None
                if e.get("seat") == self.seat:
                    self.stats.acts_applied += 1
                    self.stats.latencies.append(now - pending[2])
        elif kind == "deal_finished":
            self.stats.deals_finished += 1
            planned = self.table.planned_deals
            last = planned is not None and len(self.table.entries) >= planned
            if self.auto_next and self.seat is not None and not last:
                self._send_soon(self.table.next_deal())

    def _new_verdicts(self) -> list[tuple[int, bool | str]]:
        """Deals checked since the last call; their finished copies go to the recorder
        (or are dropped: a bot without a store keeps the verdicts only)."""
        finished = self.table.take_finished()
        # a deal fetched afterwards (to fill the copy) was not witnessed: no verdict
        out = [(done.number, done.verified) for done in finished if not done.fetched]
        if self.recorder is not None:
            self.recorder.record_all(self.table, finished)
            fetch = self.recorder.fetch(self.table)  # deals this copy lacks
            if fetch is not None:
                self._send_soon(fetch)
        while len(self.verdicts) > 64:
            del self.verdicts[min(self.verdicts)]
        return out

    def _send_soon(self, frame: dict[str, Any]) -> None:
        if self._writer is None:
            return
        with contextlib.suppress(ProtocolError, OSError, RuntimeError):
            self._writer.write(protocol.encode(frame))

    async def _keep_alive(self) -> None:
        """A ping every ``protocol.PING_S``: the host drops a connection that stays
        silent (a kibitzer, or a seat waiting for slow computers, sends nothing else)."""
        while True:
            await asyncio.sleep(protocol.PING_S)
            self._send_soon(self.table.ping())

    def nudge(self) -> None:
        """Answer the table afresh now (a policy that held back a move gives it now)."""
        self._acted = None
        self._decide()

    def _decide(self) -> None:
        """Answer the table when it waits for this seat (once per tick)."""
        table = self.table
        if not table.my_turn or table.view is None:
            return
        seat, interjection = table.turn
        key = (table.tick, seat, interjection)
        if key == self._acted:
            return
        if self.think is not None and self._thinking != key:
            self._thinking = key  # answer this turn after a pause, if it is still the turn
            least, most = self.think
            asyncio.get_running_loop().call_later(self.rng.uniform(least, most), self._decide)
            return
        if self._acted is not None and key[:1] != self._acted[:1]:
            self._retries = 0
        self._acted = key
        action = self.policy(table.view, interjection, self.rng)
        if action is None:
            if interjection:
                frame = table.decline()
                self._act_id = frame["id"]
                self._send_soon(frame)
                self.stats.declines_sent += 1
            return
        index = len(table.actions)
        now = time.perf_counter()
        self._pending = (table.deal_number, index, now)
        if self.latency is not None:
            self.latency.sent(self.table_id, table.deal_number, index, now)
        frame = table.act(action)
        self._act_id = frame["id"]
        self._send_soon(frame)
        self.stats.acts_sent += 1

    # ------------------------------------------------------------------ waiting

    async def wait_for(self, done: Callable[[Bot], bool], timeout: float | None = None) -> None:
        """Wait until ``done(self)`` holds (checked after every batch of frames)."""

        async def wait() -> None:
            while not done(self):
                if self._task is None or self._task.done():
                    raise BotError(f"{self.name}: {self.closed_reason or 'not running'}")
                self._changed.clear()
                await self._changed.wait()

        try:
            await asyncio.wait_for(wait(), timeout or self.timeout)
        except TimeoutError:
            raise BotError(
                f"{self.name}: still waiting after {timeout or self.timeout} s"
            ) from None

    async def play(self, deals: int, timeout: float | None = None) -> None:
        """Play until ``deals`` deals are over (or the series is) and the last one is
        checked (its reveal came)."""

        def done(b: Bot) -> bool:
            t = b.table
            over = b.stats.deals_finished >= deals or t.series_over
            return over and t.deal_over and t.verified(t.deal_number) is not None

        await self.wait_for(done, timeout)
