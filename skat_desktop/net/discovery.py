"""Finding tables on the local network: mDNS / DNS-SD (zeroconf) announce and browse.

A host announces one service of type ``_skat-desktop._tcp.local.`` whose TXT record says
what a join dialog needs before connecting: protocol version, number of tables, open seats,
the host's display name and the app version. A client browses for that type and keeps a
list of `FoundHost`. DNS-SD is what every OS's network browser speaks, so a host is also
visible to ``avahi-browse``/``dns-sd`` when something goes wrong at a club evening.

Discovery is a convenience, never a condition: failure to announce (no network, multicast
refused, port 5353 taken) is logged and the host keeps serving; failure to browse leaves
the list empty with `Browser.error` set, and the player types host:port instead.

What we found (Linux, zeroconf 0.154, as root in a container whose ``lo`` has NO
``MULTICAST`` flag): IPv4 multicast on loopback works all the same. zeroconf with
``interfaces=["127.0.0.1"]`` joins 224.0.0.251 on 127.0.0.1 (``IP_ADD_MEMBERSHIP``
succeeds) and sends with ``IP_MULTICAST_IF`` 127.0.0.1; the kernel loops the datagrams
back to every member on ``lo``. Verified between two processes, also inside a fresh
network namespace (``unshare -n``) that has nothing but ``lo``. So zeroconf is sufficient
and there is no UDP-broadcast fallback; typed host:port is the other path. The test
(tests/net/test_discovery.py) first probes loopback multicast and, only if that fails,
sets ``ip link set lo multicast on`` when permitted, then skips with the reason.

Records are short-lived (120 s instead of RFC 6762's 75 minutes for PTR/TXT) so a host
that was killed without saying goodbye leaves the list within about two minutes; a host
that closes normally sends goodbyes and vanishes at once.

No Qt here: `Browser` runs zeroconf on its own thread and calls ``on_change`` from there;
the GUI marshals that to its own thread (a queued signal) and reads `Browser.snapshot()`.
`Announcer` lives on the host's asyncio loop and never blocks it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import socket
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from skat_desktop import __version__
from skat_desktop.net.protocol import VERSION

log = logging.getLogger(__name__)

SERVICE_TYPE = "_skat-desktop._tcp.local."

# TXT keys (short: each key=value string is at most 255 bytes on the wire).
KEY_VERSION = "proto"
KEY_TABLES = "tables"
KEY_OPEN = "open"
KEY_HOST = "host"
KEY_APP = "app"

MAX_NAME = 64  # characters of a host or instance name shown to the player
MAX_APP_VERSION = 32
MAX_NUMBER = 9999  # tables / open seats / protocol version: four digits at most
MAX_TXT_BYTES = 1024  # a whole TXT record beyond this is hostile (ours is < 200)
MAX_TXT_KEYS = 16
MAX_HOSTS = 128  # entries (found + being resolved) a Browser keeps: bounded memory
RECORD_TTL = 120  # seconds, for every record we publish
RESOLVE_TIMEOUT_MS = 3000
ANNOUNCE_TIMEOUT = 10.0  # seconds for probing + announcing before we give up (logged)
_INSTANCE_LABEL_BYTES = 63  # DNS label limit for the instance name
_DIGITS = re.compile(rb"[0-9]{1,4}")


class DiscoveryError(ValueError):
    """A TXT record or name that cannot be trusted; the message is one English line."""


@dataclass(frozen=True, slots=True)
class FoundHost:
    """A host seen on the LAN. ``version`` is its protocol version (compare `compatible`)."""

    name: str  # the service instance name (what the join dialog lists)
    addresses: tuple[str, ...]  # IPv4, dotted
    port: int
    version: int
    tables: int
    open_seats: int
    host_name: str
    app_version: str = ""

    @property
    def compatible(self) -> bool:
        """Whether this client speaks the host's protocol version."""
        return self.version == VERSION


@dataclass(frozen=True, slots=True)
class TxtFields:
    """The parsed, bounded content of a host's TXT record."""

    version: int
    tables: int
    open_seats: int
    host_name: str
    app_version: str


# --- names and TXT (pure functions, shared by both sides) ------------------------------------


def clean_text(text: str, limit: int) -> str:
    """One display line: control/format characters (bidi overrides too) removed, spaces
    collapsed, cut to ``limit`` characters — a LAN name must not spoof or flood the list."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if _shown(ch))
    return " ".join(kept.split())[:limit]


def _shown(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")


def instance_label(name: str) -> str:
    """A DNS-SD instance name from a display name: one label (no dots), <= 63 UTF-8 bytes."""
    label = clean_text(name.replace(".", " "), MAX_NAME) or "Skat table"
    while len(label.encode("utf-8")) > _INSTANCE_LABEL_BYTES:
        label = label[:-1]
    return label.rstrip() or "Skat table"


def _bounded_int(value: int) -> int:
    return max(0, min(MAX_NUMBER, int(value)))


def build_txt(
    *, version: int, tables: int, open_seats: int, host_name: str, app_version: str
) -> dict[str, str]:
    """The TXT properties a host announces; every value bounded so the record stays small."""
    return {
        KEY_VERSION: str(_bounded_int(version)),
        KEY_TABLES: str(_bounded_int(tables)),
        KEY_OPEN: str(_bounded_int(open_seats)),
        KEY_HOST: clean_text(host_name, MAX_NAME),
        KEY_APP: clean_text(app_version, MAX_APP_VERSION),
    }


def parse_txt(properties: object) -> TxtFields:
    """Read a received TXT record; anything unexpected raises `DiscoveryError`.

    ``properties`` is what zeroconf decoded from the wire (bytes keys, bytes or None
    values) but it is treated as untrusted: oversized, non-UTF-8, non-numeric or wrongly
    typed fields are refused rather than guessed at.
    """
    if not isinstance(properties, Mapping):
        raise DiscoveryError(f"TXT record is a {type(properties).__name__}, not a mapping")
    if len(properties) > MAX_TXT_KEYS:
        raise DiscoveryError(f"TXT record has {len(properties)} keys (at most {MAX_TXT_KEYS})")
    fields: dict[str, bytes] = {}
    size = 0
    for key, value in properties.items():
        if not isinstance(key, bytes | str) or not isinstance(value, bytes | str | None):
            raise DiscoveryError("TXT record has a key or value that is not text")
        raw_key = key.encode("utf-8", "replace") if isinstance(key, str) else key
        raw_value = value.encode("utf-8", "replace") if isinstance(value, str) else value
        size += len(raw_key) + 1 + len(raw_value or b"")
        if size > MAX_TXT_BYTES:
            raise DiscoveryError(f"TXT record is larger than {MAX_TXT_BYTES} bytes")
        if raw_value is not None:
            fields[raw_key.decode("ascii", "replace").lower()] = raw_value
    return TxtFields(
        version=_txt_int(fields, KEY_VERSION),
        tables=_txt_int(fields, KEY_TABLES),
        open_seats=_txt_int(fields, KEY_OPEN),
        host_name=_txt_text(fields, KEY_HOST, MAX_NAME, required=True),
        app_version=_txt_text(fields, KEY_APP, MAX_APP_VERSION, required=False),
    )


def _txt_int(fields: Mapping[str, bytes], key: str) -> int:
    raw = fields.get(key)
    if raw is None:
        raise DiscoveryError(f"TXT record lacks {key!r}")
    if not _DIGITS.fullmatch(raw):  # ASCII digits only: no sign, spaces, '_' or other scripts
        raise DiscoveryError(f"TXT field {key!r} is not a number of at most 4 digits")
    return int(raw)


def _txt_text(fields: Mapping[str, bytes], key: str, limit: int, *, required: bool) -> str:
    raw = fields.get(key)
    if raw is None:
        if required:
            raise DiscoveryError(f"TXT record lacks {key!r}")
        return ""
    if len(raw) > limit * 4:  # 4 bytes per character at most in UTF-8
        raise DiscoveryError(f"TXT field {key!r} is longer than {limit} characters")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DiscoveryError(f"TXT field {key!r} is not UTF-8") from None
    if len(text) > limit:
        raise DiscoveryError(f"TXT field {key!r} is longer than {limit} characters")
    cleaned = clean_text(text, limit)
    if required and not cleaned:
        raise DiscoveryError(f"TXT field {key!r} is empty")
    return cleaned


def found_host(info: AsyncServiceInfo) -> FoundHost:
    """A `FoundHost` from a resolved service, or `DiscoveryError` saying what is wrong."""
    txt = parse_txt(info.properties)
    port = info.port
    if not isinstance(port, int) or not 0 < port < 65536:
        raise DiscoveryError(f"service has no usable port ({port!r})")
    addresses = tuple(dict.fromkeys(info.parsed_addresses(IPVersion.V4Only)))[:8]
    if not addresses:
        raise DiscoveryError("service has no IPv4 address")
    label = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith(SERVICE_TYPE) else ""
    return FoundHost(
        name=clean_text(label, MAX_NAME) or txt.host_name,
        addresses=addresses,
        port=port,
        version=txt.version,
        tables=txt.tables,
        open_seats=txt.open_seats,
        host_name=txt.host_name,
        app_version=txt.app_version,
    )


def local_ipv4_addresses() -> list[str]:
    """This machine's IPv4 addresses, LAN ones first (loopback last), for the A records."""
    try:
        import ifaddr  # installed with zeroconf, which enumerates interfaces with it

        found = [
            ip.ip
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
            if isinstance(ip.ip, str)
        ]
    except Exception as exc:  # no ifaddr / no permission: fall back to the routed address
        log.debug("listing interfaces failed: %s", exc)
        found = []
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("224.0.0.251", 5353))  # UDP connect sends nothing; it picks a route
            found.append(s.getsockname()[0])
    ordered = sorted(dict.fromkeys(found), key=lambda a: a.startswith("127."))
    return [a for a in ordered if a != "0.0.0.0"] or ["127.0.0.1"]


# --- announcing (host side, on its asyncio loop) ---------------------------------------------


class Announcer:
    """Announces one host on the LAN from the host's asyncio loop.

    ``start``/``update``/``close`` are coroutines that never raise: a failure is logged
    once and recorded in `error`, and the host goes on serving (players can still type
    host:port). ``interfaces`` defaults to every IPv4 interface; tests pass
    ``["127.0.0.1"]`` so nothing leaves the machine.
    """

    def __init__(
        self,
        name: str,
        port: int,
        *,
        host_name: str,
        tables: int,
        version: int = VERSION,
        open_seats: int = 0,
        app_version: str = __version__,
        addresses: Sequence[str] | None = None,
        interfaces: Sequence[str] | None = None,
    ) -> None:
        self.name = instance_label(name)
        self.port = port
        self.error: str | None = None
        self._txt = build_txt(
            version=version,
            tables=tables,
            open_seats=open_seats,
            host_name=host_name,
            app_version=app_version,
        )
        self._addresses = list(addresses) if addresses is not None else None
        self._interfaces = list(interfaces) if interfaces is not None else None
        # Our own SRV target, so we never contend for the machine's name with avahi/Bonjour.
        self._server = f"skat-desktop-{secrets.token_hex(4)}.local."
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._lock = asyncio.Lock()
        self._closed = False

    @property
    def announced(self) -> bool:
        return self._info is not None

    def _service_info(self, addresses: list[str]) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE,
            f"{self.name}.{SERVICE_TYPE}",
            port=self.port,
            properties=dict(self._txt),
            server=self._server,
            host_ttl=RECORD_TTL,
            other_ttl=RECORD_TTL,
            parsed_addresses=addresses,
        )

    async def start(self) -> bool:
        """Register the service; True when announced. Takes about a second (probing), so a
        host that must not wait runs it as a task."""
        async with self._lock:
            if self._closed or self._zc is not None:
                return self.announced
            try:
                addresses = self._addresses or local_ipv4_addresses()
                interfaces = self._interfaces or InterfaceChoice.All
                self._zc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
                info = self._service_info(addresses)
                async with asyncio.timeout(ANNOUNCE_TIMEOUT):
                    announcing = await self._zc.async_register_service(info, allow_name_change=True)
                    await announcing
                self._info = info
                self.name = info.name[: -len(SERVICE_TYPE) - 1]  # renamed if taken on the LAN
                log.info("announced %r on port %d at %s", self.name, self.port, addresses)
                return True
            except Exception as exc:  # discovery is optional: log, keep serving
                self.error = f"cannot announce on the local network: {_one_line(exc)}"
                log.warning("%s; players can still connect by typing host:port", self.error)
                await self._shutdown()
                return False

    async def update(
        self,
        *,
        tables: int | None = None,
        open_seats: int | None = None,
        host_name: str | None = None,
    ) -> None:
        """Re-announce changed TXT fields (seats taken, tables added); no-op if unchanged."""
        async with self._lock:
            txt = build_txt(
                version=int(self._txt[KEY_VERSION]),
                tables=int(self._txt[KEY_TABLES]) if tables is None else tables,
                open_seats=int(self._txt[KEY_OPEN]) if open_seats is None else open_seats,
                host_name=self._txt[KEY_HOST] if host_name is None else host_name,
                app_version=self._txt[KEY_APP],
            )
            if txt == self._txt:
                return
            self._txt = txt
            if self._zc is None or self._info is None:
                return
            try:
                info = self._service_info(self._info.parsed_addresses())
                async with asyncio.timeout(ANNOUNCE_TIMEOUT):
                    await (await self._zc.async_update_service(info))
                self._info = info
            except Exception as exc:
                log.warning("cannot update the LAN announcement: %s", _one_line(exc))

    async def close(self) -> None:
        """Say goodbye (browsers drop the host at once) and release the sockets."""
        async with self._lock:
            self._closed = True
            await self._shutdown()

    async def _shutdown(self) -> None:
        zc, self._zc, self._info = self._zc, None, None
        if zc is None:
            return
        try:
            async with asyncio.timeout(5.0):
                await zc.async_close()
        except Exception as exc:
            log.warning("closing the LAN announcement failed: %s", _one_line(exc))


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:200]


# --- browsing (client side, its own thread) --------------------------------------------------


class Browser:
    """Keeps the list of hosts on the LAN, thread-safe, for a GUI or a CLI.

    zeroconf runs on a private asyncio loop in a daemon thread. `snapshot()` may be
    called from any thread; ``on_change()`` is called on the browser's thread after the
    list changed (a Qt GUI emits a signal there and reads the snapshot in its own thread).
    Hostile services (bad TXT, no address) are left out with a log line; hosts vanish when
    their service goes away (goodbye, or records expiring after a crash).
    """

    def __init__(
        self,
        on_change: Callable[[], None] | None = None,
        *,
        interfaces: Sequence[str] | None = None,
    ) -> None:
        self._on_change = on_change
        self._interfaces = list(interfaces) if interfaces is not None else None
        self._lock = threading.Lock()
        self._hosts: dict[str, FoundHost] = {}
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._warned: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._stop = asyncio.Event()  # set from close(); binds to the browser's loop on use
        self.error: str | None = None

    def start(self) -> None:
        """Begin browsing in the background; returns at once and never raises."""
        if self._thread is not None:
            return
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(
            target=self._run, args=(loop,), name="skat-discovery", daemon=True
        )
        self._thread.start()

    def snapshot(self) -> list[FoundHost]:
        """The hosts found so far, sorted by name (a copy: safe from any thread)."""
        with self._lock:
            return sorted(self._hosts.values(), key=lambda h: (h.name.casefold(), h.port))

    def close(self, timeout: float = 5.0) -> None:
        """Stop browsing and join the thread (bounded by ``timeout``); idempotent."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop has already ended on its own
            loop.call_soon_threadsafe(self._stop.set)
        thread.join(timeout)

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- on the browser's thread --

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        try:
            await self._async_start()
            if self._zc is not None:
                await self._stop.wait()
        finally:
            await self._async_close()

    async def _async_start(self) -> None:
        try:
            interfaces = self._interfaces or InterfaceChoice.All
            self._zc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
            self._browser = AsyncServiceBrowser(
                self._zc.zeroconf, SERVICE_TYPE, handlers=[self._on_service]
            )
        except Exception as exc:
            self.error = f"cannot search the local network: {_one_line(exc)}"
            log.warning("%s; type host:port to join", self.error)
            await self._async_close()

    async def _async_close(self) -> None:
        tasks = list(self._resolving.values())
        self._resolving.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        browser, self._browser = self._browser, None
        zc, self._zc = self._zc, None
        with contextlib.suppress(Exception):
            if browser is not None:
                await browser.async_cancel()
        with contextlib.suppress(Exception):
            if zc is not None:
                async with asyncio.timeout(5.0):
                    await zc.async_close()

    def _on_service(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            task = self._resolving.pop(name, None)
            if task is not None:
                task.cancel()
            self._set(name, None)
            return
        known = name in self._hosts or name in self._resolving
        if not known and len(self._hosts) + len(self._resolving) >= MAX_HOSTS:
            self._warn(name, f"more than {MAX_HOSTS} services on the network")
            return
        old = self._resolving.pop(name, None)
        if old is not None:
            old.cancel()
        task = asyncio.get_running_loop().create_task(self._resolve(zeroconf, name))
        self._resolving[name] = task
        task.add_done_callback(lambda t, n=name: self._resolved(n, t))

    def _resolved(self, name: str, task: asyncio.Task[None]) -> None:
        if self._resolving.get(name) is task:
            del self._resolving[name]

    async def _resolve(self, zeroconf: Zeroconf, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        try:
            if not await info.async_request(zeroconf, RESOLVE_TIMEOUT_MS):
                log.debug("no answer resolving %r", name)
                return
            host = found_host(info)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # DiscoveryError, or zeroconf refusing a hostile name
            self._warn(name, _one_line(exc))
            self._set(name, None)  # a host that turned hostile is no longer listed
            return
        self._set(name, host)

    def _warn(self, name: str, reason: str) -> None:
        if name in self._warned:
            log.debug("ignoring LAN service %r: %s", name[:100], reason)
            return
        if len(self._warned) >= MAX_HOSTS:
            self._warned.clear()
        self._warned.add(name)
        log.warning("ignoring LAN service %r: %s", name[:100], reason)

    def _set(self, name: str, host: FoundHost | None) -> None:
        with self._lock:
            if self._hosts.get(name) == host:
                return
            if host is None:
                del self._hosts[name]
            else:
                self._hosts[name] = host
        if self._on_change is not None:
            try:
                self._on_change()
            except Exception:
                log.exception("discovery on_change callback failed")
