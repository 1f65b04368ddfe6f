"""The LAN host: the sockets around the hosted tables (docs/protocol.md).

One asyncio loop thread owns every connection, every table and the store; computers
think in the shared :class:`~skat_desktop.net.computers.ComputerPool`, whose answers
come back to this thread. The host answers ``hello``, ``list`` and ``ping`` itself and
hands every other message to the table it names. It guards the tables against what a
client can do wrong or on purpose: each connection reads at most one chunk at a time,
is rate-limited, must say hello and finish each frame in time, and has a bounded
outgoing buffer -- a client that stops reading is dropped, so it never slows a table
or grows the host's memory. A client that stops sending (a frozen program, a laptop
gone from the network: a live one pings every ``protocol.PING_S``) is dropped after
``Limits.silent_s``, so its table's grace period and computer stand-in begin. A table
that raises is logged and answered with a generic error: it never takes the server or
another connection down.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import re
import secrets
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skat_desktop import __version__
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.net import protocol as wire
from skat_desktop.net.computers import ComputerPool
from skat_desktop.net.hosted_table import HostedTable, TableConfig
from skat_desktop.net.protocol import (
    PING_S,
    VERSION,
    FrameReader,
    Hello,
    Join,
    ListTables,
    Ping,
    ProtocolError,
    parse_client,
)

log = logging.getLogger(__name__)

SERVER = f"skat-desktop {__version__}"
ANNOUNCE_EVERY_S = 3.0  # changed open seats are re-announced on the LAN at most this often


class HostError(Exception):
    """A one-line reason the host cannot start (a bad table spec, a busy port)."""


@dataclass(frozen=True)
class Limits:
    """What one connection may cost the host; every figure bounds time or memory."""

    max_connections: int = 256
    # connections from one address (one club member's laptop); loopback is exempt when
    # ``exempt_loopback`` (the load benchmark's bots and local tests share 127.0.0.1)
    per_address: int = 16
    exempt_loopback: bool = True
    max_queue: int = 1 << 20  # bytes waiting to go out to one client, then it is dropped
    rate: float = 20.0  # frames per second a client may send, on average
    burst: float = 40.0  # frames it may send at once
    flood_s: float = 5.0  # over the rate this long: disconnected
    frame_s: float = 20.0  # a begun frame must be complete within this (slow loris)
    hello_s: float = 10.0  # the hello must come within this
    # a greeted connection that sends nothing this long counts as dropped (the table's
    # grace period and computer stand-in follow): a live client pings every PING_S, so
    # this is three pings missed, with room for a slow one
    silent_s: float = 3 * PING_S + 5.0
    tick_s: float = 0.25  # how often the tables' timers are looked at
    chunk: int = 65_536  # bytes read from a socket at once
    # ``join`` frames of one connection: each answer holds the whole table (a few ms to
    # build at a long series), so they have a bucket of their own
    join_rate: float = 0.5  # per second, on average
    join_burst: float = 4.0


class Connection:
    """One client, the :class:`~skat_desktop.net.hosted_table.Peer` the tables see.

    :meth:`send` never blocks: it hands the frame to the transport's buffer, and a
    client whose buffer grows past ``max_queue`` (it does not read) is dropped.
    """

    def __init__(self, cid: int, writer: asyncio.StreamWriter, limits: Limits, now: float):
        self.id = cid
        self.name = ""
        self.challenge = secrets.token_bytes(32)
        self.greeted = False
        self.closed = False
        self.tables: set[str] = set()  # tables this client addressed (told when it goes)
        self._writer = writer
        self._transport = writer.transport
        self._limits = limits
        self._tokens = limits.burst
        self._refilled = now
        self._joins = limits.join_burst
        self._joins_refilled = now
        self.joined_sent = 0  # ``joined`` frames sent (what the join bucket pays for)
        self.flooding_since: float | None = None  # over the rate since (None: not)
        self.last_dropped = 0.0
        peer = writer.get_extra_info("peername")
        self.address = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.host = _address_key(peer, limits)  # counted against per_address (None: exempt)

    def __repr__(self) -> str:
        return f"<connection {self.id} {self.address} {self.name!r}>"

    def send(self, frame: dict[str, Any]) -> None:
        if self.closed:
            return
        if frame.get("type") == "joined":
            self.joined_sent += 1
        try:
            data = wire.encode(frame)
        except ProtocolError:
            log.exception("%r: a frame for it could not be encoded (%s)", self, frame.get("type"))
            if frame.get("type") != "error":  # a client waiting for an answer is told
                re_id = frame.get("re")
                message = f"the host's {frame.get('type')} does not fit in one frame"
                self.send(wire.error_frame("internal", message, re=wire.frame_id({"id": re_id})))
            return
        if self._transport.is_closing():
            return
        if self._transport.get_write_buffer_size() + len(data) > self._limits.max_queue:
            log.info("%r does not read what it is sent: dropped", self)
            self.abort()
            return
        self._transport.write(data)

    def close(self, reason: str) -> None:
        """Close after what is already queued has gone out (a client that does not read
        is not waited for: :meth:`abort` then)."""
        if self.closed:
            return
        self.closed = True
        log.info("%r closed: %s", self, reason)
        self._transport.close()

    def abort(self) -> None:
        self.closed = True
        self._transport.abort()

    def drop(self, reason: str) -> None:
        """:meth:`close`, or :meth:`abort` when what is queued has not gone out: a client
        that neither sends nor reads (a frozen program) would keep it waiting for good."""
        if not self.closed and self._transport.get_write_buffer_size():
            log.info("%r dropped: %s (it does not read either)", self, reason)
            self.abort()
            return
        self.close(reason)

    def allow(self, now: float) -> bool:
        """Take a token for one frame from the bucket (``rate`` per second, ``burst``)."""
        self._tokens = min(
            self._limits.burst, self._tokens + (now - self._refilled) * self._limits.rate
        )
        self._refilled = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def may_join(self, now: float) -> bool:
        """Whether a ``join`` may be answered with the whole table now: ``joined``
        answers come at ``join_rate`` per second, ``join_burst`` at once (a refused join
        costs nothing and takes no token: :meth:`answered_join`)."""
        limits = self._limits
        self._joins = min(
            limits.join_burst, self._joins + (now - self._joins_refilled) * limits.join_rate
        )
        self._joins_refilled = now
        return self._joins >= 1

    def answered_join(self) -> None:
        self._joins -= 1


def _address_key(peer: Any, limits: Limits) -> str | None:
    """The address a connection counts against (``Limits.per_address``): the peer's IP
    (an IPv4 address mapped into IPv6 as itself); None for loopback when it is exempt,
    or for what is no IP address (a Unix socket in a test)."""
    if not isinstance(peer, tuple) or not peer or not isinstance(peer[0], str):
        return None
    text = peer[0].partition("%")[0]  # an IPv6 zone (fe80::1%eth0) names the interface
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if limits.exempt_loopback and ip.is_loopback:
        return None
    return str(ip)


_SLUG = re.compile(r"[^a-z0-9]+")


def table_id(name: str, taken: Iterable[str] = ()) -> str:
    """A wire id for a table named ``name``: stable across restarts, so the table a
    restarted host resumes is the one its command line names."""
    slug = _SLUG.sub("-", name.casefold()).strip("-")[:48] or "table"
    taken = set(taken)
    out, n = slug, 2
    while out in taken:
        out, n = f"{slug}-{n}", n + 1
    return out


def _hold_database(path: Path | None) -> int | None:
    """Take the host's lock of a database file (a lock file beside it, held while the
    host serves): two hosts on one database would both resume its tables and take the
    same seat tokens, so each deal would be played twice and the store would keep
    whichever host wrote last. Returns the descriptor to close at the end; None for an
    in-memory database or where there are no advisory locks (Windows)."""
    try:
        import fcntl
    except ImportError:
        return None
    if path is None:
        return None
    lock = _lock_path(path)  # another path to the same file is the same
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as e:
        raise HostError(f"cannot lock the database {path}: {e.strerror or e}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise HostError(f"another host is serving from the database {path}") from None
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)  # an earlier holder's record (it was killed) is not ours
    return fd


def _lock_path(path: str | Path) -> Path:
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.host.lock")


@dataclass(frozen=True)
class HostRecord:
    """Who serves from a database: what a host writes into its lock file once it listens.
    ``parent`` is the process it ends with (``serve --stop-at-eof``: a window hosting),
    None for a host started by hand."""

    pid: int
    address: str
    port: int
    parent: int | None


def database_host(path: str | Path) -> HostRecord | None:
    """The record of the host serving from the database ``path``, if it wrote one (read
    when that host refused another: the lock file says whom to ask or stop)."""
    try:
        data = json.loads(_lock_path(path).read_text(encoding="utf-8") or "null")
        record = HostRecord(
            int(data["pid"]), str(data["address"]), int(data["port"]), data.get("parent")
        )
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if record.pid <= 0 or not (record.parent is None or isinstance(record.parent, int)):
        return None
    return record


def database_served(path: str | Path) -> bool:
    """Whether a host holds the lock of the database ``path`` now (False where there are
    no advisory locks). Probed by taking the lock for a moment."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        fd = os.open(_lock_path(path), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False  # no lock file: nobody ever served from it
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # ends the probe's own lock
    return False


class Host:
    """The server: ``await start(host, port)``, then ``await serve_forever()`` until
    :meth:`close` (from a signal or another task).

    ``tables`` are ``(id, config)`` pairs to open; with a ``store_path`` the host also
    resumes every unfinished hosted table the database holds (a resumed table wins
    over a configured one of the same id: it is that table, continued).
    """

    def __init__(
        self,
        tables: Sequence[tuple[str, TableConfig]] = (),
        store_path: str | Path | None = None,
        *,
        name: str | None = None,
        limits: Limits | None = None,
        workers: int | None = None,
        resume: bool = True,
        clock: Callable[[], float] = time.monotonic,
        announce: bool = False,
        announce_interfaces: Sequence[str] | None = None,
        parent: int | None = None,
    ):
        try:
            self.name = wire.plain_text(name or socket.gethostname()[:64] or "host", 64, "name")
        except ProtocolError:
            raise HostError("the host's name must be plain text of at most 64 characters") from None
        self.limits = limits or Limits()
        self._configs = list(tables)
        self._store_path = store_path
        self._workers = workers
        self._resume = resume
        self._clock = clock
        self.tables: dict[str, HostedTable] = {}
        self.connections: dict[int, Connection] = {}
        self._per_address: Counter[str] = Counter()  # open connections by address
        self._tasks: set[asyncio.Task] = set()
        self._next_id = 1
        self._server: asyncio.Server | None = None
        self._store = None
        self._db_lock: int | None = None  # _hold_database's descriptor while serving
        self._parent = parent  # the process this host ends with, for its HostRecord
        self._pool: ComputerPool | None = None
        self._ticker: asyncio.Task | None = None
        self._closing = False
        self._stopped: asyncio.Event | None = None
        self.address: tuple[str, int] | None = None
        # the LAN announcement (net/discovery.py): a convenience, never a condition
        self._announce = announce
        self._announce_interfaces = announce_interfaces
        self.announcer = None  # a discovery.Announcer once listening with announce=True
        self._announced: tuple[int, int] | None = None  # (tables, open seats) last announced
        self._announce_due = 0.0
        self._announce_tasks: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ life cycle

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Open the tables and listen; returns the address really listened on."""
        loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        self._pool = ComputerPool(self._workers, post=loop.call_soon_threadsafe)
        try:
            self._open_tables()
            try:
                self._server = await asyncio.start_server(
                    self._connection, host, port, limit=self.limits.chunk
                )
            except OSError as e:
                raise HostError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
        except BaseException:
            self._shut_tables()
            self._pool.shutdown()
            if self._store is not None:
                self._store.close()
                self._store = None
            self._release_database()
            raise
        sockname = self._server.sockets[0].getsockname()
        self.address = (sockname[0], sockname[1])
        self._record_holder()
        self._ticker = asyncio.create_task(self._tick())
        log.info("serving on %s:%d with %d tables", *self.address, len(self.tables))
        if self._announce:
            self._start_announcing()
        return self.address

    def _open_tables(self) -> None:
        from skat_desktop.app.table import TableError

        if self._store_path is not None:
            from skat_desktop.store.repository import Store

            self._store = Store.open(self._store_path)
            self._db_lock = _hold_database(self._store.path)
            if self._resume:
                self._resume_tables()
        for tid, config in self._configs:
            if tid in self.tables:
                log.info("table %s continues where it stopped", tid)
                continue
            self._check_rules(config)
            try:
                self.tables[tid] = HostedTable(tid, config, self._store, self._pool, self._clock)
            except TableError as e:
                raise HostError(f"table {config.name!r}: {e}") from None

    def _check_rules(self, config: TableConfig) -> None:
        """A series keeps its rules by their name, so a table whose rules the database
        knows otherwise by that name (a ``--profiles`` file changed since the last
        evening) could never start: every player would hear "could not start" for good.
        Said now, in one line."""
        from skat_desktop.engine.profiles import BUILTIN

        profile = config.profile
        known = BUILTIN.get(profile.name)
        if known is None and self._store is not None:
            known = self._store.find_profile(profile.name)
        if known is not None and known != profile:
            raise HostError(
                f"table {config.name!r}: the database knows other rules named"
                f" {profile.name!r}; give the changed profile another name"
            )

    def _resume_tables(self) -> None:
        """Every unfinished hosted table in the store, the latest first (an older row of
        the same table id is left alone)."""
        from skat_desktop.app.table import TableError
        from skat_desktop.store.database import StoreError

        for live in HostedTable.live_tables(self._store):
            try:
                table = HostedTable.resume(self._store, live.id, self._pool, self._clock)
            except (TableError, StoreError) as e:
                log.warning("saved table %d (%s) is not resumed: %s", live.id, live.title, e)
                continue
            except Exception:  # one damaged row must not keep the other tables down
                log.exception("saved table %d (%s) could not be resumed", live.id, live.title)
                continue
            if table.id in self.tables:
                log.warning(
                    "saved table %d is an older copy of table %s: not resumed", live.id, table.id
                )
                table.close()
                continue
            self.tables[table.id] = table
            log.info("table %s resumed from saved table %d", table.id, live.id)

    async def serve_forever(self) -> None:
        """Wait until :meth:`close` has finished."""
        assert self._stopped is not None, "start() first"
        await self._stopped.wait()

    async def close(self, reason: str = "the host is shutting down") -> None:
        """Say ``closing`` to every client, stop the computers, close the tables (they
        write every change at once, so the store holds where each stopped), then the
        connections and the database."""
        if self._closing:
            if self._stopped is not None:
                await self._stopped.wait()
            return
        self._closing = True
        log.info("closing: %s", reason)
        if self._server is not None:
            self._server.close()
        if self._ticker is not None:
            self._ticker.cancel()
        for conn in list(self.connections.values()):
            conn.send(wire.closing(reason))
        if self._pool is not None:
            self._pool.shutdown(wait=False)
        self._shut_tables()
        for conn in list(self.connections.values()):
            conn.close("the host is shutting down")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2.0)
        for conn in list(self.connections.values()):
            conn.abort()
        await self._stop_announcing()
        if self._store is not None:
            self._store.close()
            self._store = None
        self._release_database()
        if self._stopped is not None:
            self._stopped.set()

    def _record_holder(self) -> None:
        """Say in the lock file who serves (a :class:`HostRecord`): a window refused by
        this host can then tell the player where it listens, or stop it if the window
        that started it is gone."""
        if self._db_lock is None or self.address is None:
            return
        record = {
            "pid": os.getpid(),
            "address": self.address[0],
            "port": self.address[1],
            "parent": self._parent,
        }
        try:
            os.ftruncate(self._db_lock, 0)
            os.lseek(self._db_lock, 0, os.SEEK_SET)
            os.write(self._db_lock, json.dumps(record).encode("utf-8"))
        except OSError as e:  # a convenience: the lock itself is what keeps the data safe
            log.warning("the lock file does not say who serves: %s", e)

    def _release_database(self) -> None:
        fd, self._db_lock = self._db_lock, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)  # nobody serves any more
            os.close(fd)  # closing the descriptor ends the lock

    def _shut_tables(self) -> None:
        for table in list(self.tables.values()):
            try:
                table.close()
            except Exception:
                log.exception("table %s failed to close", table.id)

    # ------------------------------------------------------------------ the LAN announcement

    def _announce_counts(self) -> tuple[int, int]:
        """(tables, open seats) as a join dialog lists them: seats nobody has taken yet
        at the tables still to be played."""
        open_seats = 0
        for table in list(self.tables.values()):
            try:
                info = table.info()
            except Exception:
                continue
            if info.get("state") != "finished":
                open_seats += sum(1 for s in info.get("seats", ()) if s.get("kind") == "open")
        return len(self.tables), open_seats

    def _start_announcing(self) -> None:
        """Announce this host with zeroconf. Listening on loopback, only the machine
        itself is told (friends could not connect anyway); on one address, that one;
        on every address, all of them. Any failure is logged and the host serves on."""
        try:
            from skat_desktop.net.discovery import Announcer

            assert self.address is not None
            host, port = self.address
            addresses: list[str] | None = None
            interfaces: list[str] | None = None
            if ":" in host:
                log.info("not announced on the LAN: discovery speaks IPv4 only (%s)", host)
                return
            if host.startswith("127."):
                addresses, interfaces = [host], [host]
            elif host not in ("0.0.0.0", ""):
                addresses = [host]
            if self._announce_interfaces is not None:
                interfaces = list(self._announce_interfaces)
            tables, open_seats = self._announced = self._announce_counts()
            self._announce_due = self._clock() + ANNOUNCE_EVERY_S
            self.announcer = Announcer(
                self.name,
                port,
                host_name=self.name,
                tables=tables,
                open_seats=open_seats,
                addresses=addresses,
                interfaces=interfaces,
            )
            self._announce_task(self.announcer.start())
        except Exception as e:  # never a reason not to serve
            log.warning("cannot announce on the local network: %s", e)
            self.announcer = None

    def _announce_task(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._announce_tasks.add(task)
        task.add_done_callback(self._announce_tasks.discard)

    def _announce_changes(self) -> None:
        """Re-announce tables and open seats when they changed (at most every few s)."""
        if self.announcer is None or self._closing or self._clock() < self._announce_due:
            return
        self._announce_due = self._clock() + ANNOUNCE_EVERY_S
        counts = self._announce_counts()
        if counts != self._announced:
            self._announced = counts
            self._announce_task(self.announcer.update(tables=counts[0], open_seats=counts[1]))

    async def _stop_announcing(self) -> None:
        """Goodbye on the LAN (browsers drop the host at once), bounded in time."""
        announcer, self.announcer = self.announcer, None
        if announcer is None:
            return
        for task in list(self._announce_tasks):
            task.cancel()  # a start still probing is given up
        with contextlib.suppress(Exception):
            await asyncio.wait_for(announcer.close(), 6.0)

    # ------------------------------------------------------------------ timers

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.limits.tick_s)
            for table in list(self.tables.values()):
                try:
                    table.tick_timers()
                except Exception:
                    log.exception("table %s failed in its timers", table.id)
            self._announce_changes()

    # ------------------------------------------------------------------ connections

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        task = asyncio.current_task()
        busy = self._closing or len(self.connections) >= self.limits.max_connections
        address = _address_key(writer.get_extra_info("peername"), self.limits)
        crowded = address is not None and self._per_address[address] >= self.limits.per_address
        if busy or crowded:
            message = (
                f"at most {self.limits.per_address} connections from one address"
                if crowded and not busy
                else None
            )
            with contextlib.suppress(ConnectionError, OSError):
                writer.write(wire.encode(wire.error_frame("server_busy", message)))
                writer.close()
            return
        conn = Connection(self._next_id, writer, self.limits, self._clock())
        self._next_id += 1
        self.connections[conn.id] = conn
        if conn.host is not None:
            self._per_address[conn.host] += 1
        if task is not None:
            self._tasks.add(task)
        log.debug("%r connected", conn)
        try:
            await self._read(conn, reader)
        except (ConnectionError, OSError):
            pass
        except Exception:
            log.exception("%r: the connection failed", conn)
        finally:
            conn.close("gone")
            self.connections.pop(conn.id, None)
            if conn.host is not None:
                self._per_address[conn.host] -= 1
                if self._per_address[conn.host] <= 0:
                    del self._per_address[conn.host]
            if task is not None:
                self._tasks.discard(task)
            for tid in conn.tables:
                table = self.tables.get(tid)
                if table is not None and not self._closing:
                    try:
                        table.disconnected(conn)
                    except Exception:
                        log.exception("table %s failed on %r going", tid, conn)

    async def _read(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        frames = FrameReader()
        limits = self.limits
        hello_by = self._clock() + limits.hello_s
        frame_by: float | None = None  # when the frame begun must be complete
        while not conn.closed:
            # before the hello: its deadline; after it: silence since the last chunk
            quiet_by = self._clock() + limits.silent_s if conn.greeted else hello_by
            due = quiet_by if frame_by is None else min(quiet_by, frame_by)
            timeout = max(0.0, due - self._clock())
            try:
                data = await asyncio.wait_for(reader.read(limits.chunk), timeout)
            except TimeoutError:
                if not conn.greeted:
                    why = "no hello in time"
                elif frame_by is not None and frame_by <= quiet_by:
                    why = "a frame was not finished"
                else:
                    why = f"nothing heard for {limits.silent_s:g} s"
                conn.send(wire.error_frame("timeout", f"{why}: closing the connection"))
                conn.drop(why)
                return
            if not data:
                return
            try:
                items = frames.feed(data)
            except ProtocolError as e:  # too_large: the next frame boundary is lost
                for item in e.frames:
                    self._receive(conn, item)
                conn.send(e.frame())
                conn.close("a frame too large")
                return
            for item in items:
                if conn.closed or self._closing:
                    break
                self._receive(conn, item)
            if not frames.partial:
                frame_by = None
            elif items or frame_by is None:  # a new frame has begun
                frame_by = self._clock() + limits.frame_s
            await asyncio.sleep(0)  # a busy client takes turns with the others

    # ------------------------------------------------------------------ messages

    def _receive(self, conn: Connection, item: dict[str, Any] | ProtocolError) -> None:
        if self._closing:
            return
        now = self._clock()
        re_id = None if isinstance(item, ProtocolError) else wire.frame_id(item)
        if not conn.allow(now):
            # Over the rate until a second passes without a dropped frame: a client
            # that keeps sending too fast is dropped even if some frames get through.
            if conn.flooding_since is None or now - conn.last_dropped > 1.0:
                conn.flooding_since = now
            conn.last_dropped = now
            if now - conn.flooding_since >= self.limits.flood_s:
                conn.send(wire.error_frame("rate_limited", "too many messages for too long"))
                conn.close("flooding")
                return
            conn.send(wire.error_frame("rate_limited", re=re_id))
            return
        if isinstance(item, ProtocolError):
            conn.send(item.frame())
            return
        try:
            if item.get("type") == "hello" and item.get("version") != VERSION:
                raise ProtocolError("version", params={"version": VERSION})
            msg = parse_client(item)
        except ProtocolError as e:
            conn.send(e.frame(re=re_id))
            if e.code == "version":
                conn.close("another protocol version")
            return
        self._dispatch(conn, msg)

    def _dispatch(self, conn: Connection, msg: Any) -> None:
        if isinstance(msg, Hello):
            if conn.greeted:
                conn.send(wire.error_frame("not_now", "hello was said already", re=msg.id))
                return
            conn.greeted = True
            conn.name = msg.name
            conn.send(wire.welcome(SERVER, self.name, conn.challenge, msg.id))
            return
        if not conn.greeted:
            conn.send(wire.error_frame("hello_first", re=msg.id))
            return
        if isinstance(msg, Ping):
            conn.send(wire.pong(msg.id))
            return
        if isinstance(msg, ListTables):
            infos = []
            for table in self.tables.values():
                try:
                    infos.append(table.info())
                except Exception:
                    log.exception("table %s failed to describe itself", table.id)
            conn.send(wire.tables(infos, msg.id))
            return
        joining = isinstance(msg, Join)
        if joining and not conn.may_join(self._clock()):
            conn.send(wire.error_frame("rate_limited", "too many joins: wait a moment", re=msg.id))
            return
        table = self.tables.get(msg.table)
        if table is None:
            conn.send(wire.error_frame("no_table", params={"table": msg.table}, re=msg.id))
            return
        conn.tables.add(table.id)
        answered = conn.joined_sent
        try:
            table.handle(conn, msg)
        except ProtocolError as e:
            conn.send(e.frame(re=msg.id))
        except Exception:
            log.exception("table %s failed on %s from %r", table.id, type(msg).__name__, conn)
            conn.send(wire.error_frame("internal", re=msg.id))
        if joining and conn.joined_sent != answered:
            conn.answered_join()


# ---------------------------------------------------------------------- the serve command


def parse_table_spec(
    text: str, number: int = 1, profiles: Mapping[str, RuleProfile] | None = None
) -> tuple[str, TableConfig]:
    """``name=Club,profile=isko,seats=open+open+standard,deals=36[,grace=300]
    [,substitute=60|off][,level=standard]`` as a table's name and config; ``profile``
    names a built-in profile or one of ``profiles`` (``--profiles FILE``).
    Raises HostError with one line."""
    from skat_desktop.ai.levels import levels
    from skat_desktop.app.table import TableError
    from skat_desktop.engine.profiles import builtin

    fields: dict[str, str] = {}
    for part in text.split(","):
        key, eq, value = (s.strip() for s in part.partition("="))
        if not eq or not key:
            raise HostError(f"table spec {text!r}: {part!r} is not KEY=VALUE")
        if key in fields:
            raise HostError(f"table spec {text!r}: {key} is given twice")
        fields[key] = value
    known = ("name", "profile", "seats", "deals", "grace", "substitute", "level", "next")
    unknown = sorted(set(fields) - set(known))
    if unknown:
        raise HostError(
            f"table spec {text!r}: unknown key {unknown[0]!r} (known: {', '.join(known)})"
        )

    def number_of(key: str, default: float, kind: type = float) -> Any:
        raw = fields.get(key)
        if raw is None:
            return default
        try:
            value = kind(raw)
        except ValueError:
            value = -1
        if not 0 <= value <= 1_000_000 or value != value:
            raise HostError(f"table spec {text!r}: {key} must be a number from 0 to 1000000")
        return value

    name = fields.get("name") or f"Table {number}"
    try:
        wire.plain_text(name, 64, "name")
    except ProtocolError:
        raise HostError(
            f"table spec {text!r}: the name must be plain text of at most 64 characters"
        ) from None
    try:
        wanted = fields.get("profile", "isko")
        profile = (profiles or {}).get(wanted) or builtin(wanted)
    except ValueError as e:
        raise HostError(f"table spec {text!r}: {e}") from None
    seats = [s.strip() for s in fields.get("seats", "open+open+open").split("+")]
    if len(seats) not in profile.table_sizes:
        sizes = " or ".join(map(str, profile.table_sizes))
        raise HostError(f"table spec {text!r}: the {profile.name} profile seats {sizes} players")
    for seat in seats:
        if seat != "open" and seat not in levels():
            raise HostError(
                f"table spec {text!r}: seat {seat!r} is neither open nor a computer level"
                f" ({', '.join(levels())})"
            )
    if "open" not in seats:
        raise HostError(f"table spec {text!r}: a table needs at least one open seat")
    level = fields.get("level", "standard")
    if level not in levels():
        raise HostError(f"table spec {text!r}: unknown level {level!r} ({', '.join(levels())})")
    deals = number_of("deals", 36, int)
    if deals < 1:
        raise HostError(f"table spec {text!r}: deals must be at least 1")
    substitute: float | None = None
    if fields.get("substitute") not in ("off", "none"):
        substitute = number_of("substitute", 60.0)
    config = TableConfig(
        name=name,
        profile=profile,
        seats=seats,
        planned_deals=deals,
        grace_s=number_of("grace", 300.0),
        substitute_after_s=substitute,
        substitute_level=level,
        next_deal_s=number_of("next", 30.0),
    )
    try:
        config.check()
    except TableError as e:
        raise HostError(f"table spec {text!r}: {e}") from None
    return name, config


def table_configs(
    specs: Sequence[str],
    password: str | None = None,
    profiles: Mapping[str, RuleProfile] | None = None,
) -> list[tuple[str, TableConfig]]:
    """The tables of ``--table`` options (one ISkO table of three open seats without),
    each with a wire id made from its name."""
    import dataclasses

    out: list[tuple[str, TableConfig]] = []
    names: set[str] = set()
    for i, spec in enumerate(specs or ["name=Table 1"], 1):
        name, config = parse_table_spec(spec, i, profiles)
        if name.casefold() in names:
            raise HostError(f"two tables are named {name!r}")
        names.add(name.casefold())
        if password is not None:
            config = dataclasses.replace(config, password=password)
        out.append((table_id(name, (tid for tid, _ in out)), config))
    return out


def read_profiles(path: str) -> dict[str, RuleProfile]:
    """``--profiles FILE``: a JSON object naming rule profiles (``RuleProfile.to_dict``)
    that ``--table`` specs may use besides the built-in ones (a player's own rules)."""
    import json

    try:
        with open(path, encoding="utf-8") as f:
            data = json.loads(f.read(1 << 20))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise HostError(
            f"cannot read the profiles file {path}: {getattr(e, 'strerror', None) or e}"
        ) from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise HostError(f"the profiles file {path} must hold a JSON object of rule profiles")
    out: dict[str, RuleProfile] = {}
    for key, value in data.items():
        try:
            out[key] = RuleProfile.from_dict(value)
        except Exception as e:  # any option of any type: one line, never a traceback
            raise HostError(f"the profiles file {path}: profile {key!r}: {e}") from None
    return out


def read_password(path: str) -> str:
    """The first line of a password file (so the password is not on the command line)."""
    try:
        with open(path, encoding="utf-8") as f:
            line = f.readline(1025)
    except (OSError, UnicodeDecodeError) as e:
        raise HostError(
            f"cannot read the password file {path}: {getattr(e, 'strerror', None) or e}"
        ) from None
    password = line.rstrip("\r\n")
    if not password or len(password) > 1024:
        raise HostError(
            f"the password file {path} must hold a password of 1 to 1024 characters"
            " on its first line"
        )
    return password


def _stop_at_eof(stream, loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """Set ``stop`` once ``stream`` (the standard input) reaches its end. A program that
    starts serve keeps the pipe open while it lives; the system closes it when that
    program ends in any way (a crash, ``kill -9``, on every platform), so its host never
    outlives it. A thread of its own: a blocking read, whatever the platform's loop."""

    def read() -> None:
        try:
            while stream.read1(4096) if hasattr(stream, "read1") else stream.read(4096):
                pass  # what the parent writes means nothing: only the end counts
        except (OSError, ValueError, AttributeError):
            pass  # no standard input at all: it has ended
        log.info("the standard input has ended (the program that started the host is gone)")
        with contextlib.suppress(RuntimeError):  # the loop has closed already
            loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=read, name="stop-at-eof", daemon=True).start()


async def serve(host: Host, address: str, port: int, out, *, stop_at_eof: Any = None) -> None:
    """Run ``host`` until SIGTERM or SIGINT -- or until the stream ``stop_at_eof`` (serve's
    standard input, when a window started it) ends; print ``serving on HOST:PORT`` once
    listening. Each ends it the same graceful way: :meth:`Host.close`."""
    import signal

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    if stop_at_eof is not None:  # from the start: a window dying while tables open counts
        _stop_at_eof(stop_at_eof, loop, stop)
    bound = await host.start(address, port)
    shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    print(f"serving on {shown}:{bound[1]}", file=out, flush=True)
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop.set)
    waiter = asyncio.create_task(stop.wait())
    server = asyncio.create_task(host.serve_forever())
    try:
        await asyncio.wait({waiter, server}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
        await host.close()
        server.cancel()
