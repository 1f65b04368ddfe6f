"""The window's one connection to a LAN host (docs/protocol.md): :class:`LanLink`.

Network I/O runs on the GUI thread with a :class:`QTcpSocket` (no threads): each chunk
the host sends is cut into frames and handed to the protocol's sans-IO client
(:class:`~skat_desktop.net.client.ClientTable`, through the table's
:class:`~skat_desktop.net.remote.RemoteTable` once one is joined), which answers what the
protocol asks (the fair-deal steps) by itself. The link turns what happened into signals
for the lobby dialogs and the table window.

What a player at a club evening expects of it:

- The seat's session token is kept (QSettings, per host:port and table), so a player who
  closed the window, left the table or lost the connection gets the seat back by joining
  again. A host started again on another port of the same address, on its database,
  serves the same table: when it says the seat is taken (or wants the password), the
  token kept for that table and seat at the old port is tried once (a host that does not
  know it refuses it, and the first refusal is said).
- When the host is gone (a crash, a restart, the network) while a table is joined, the
  link tries again with a growing pause ("Host gone -- trying again..."), takes the seat
  back with the token and the table goes on where it is.
- Each finished deal is checked (fair deals) and the client's own copy of the series is
  written through the window's :class:`~skat_desktop.gui.store_worker.StoreWriter`, off
  the GUI thread, in order. A window that came late (or was away for some deals) holds
  the deals after the gap and fetches the missing ones from the host (``records``), so
  its copy ends equal to the host's.

:class:`TablePanel` is the side panel's tab at a networked table: the host and its
address (and where friends join a table hosted here), who sits where and who is
connected (while the host is gone: not known), each deal's check, and the chat between
deals. The status bar keeps only a word or two of it, so the turn line stays whole at
1024 px. :func:`verdict_text` says why a deal is not verified in the player's language.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QByteArray,
    QCoreApplication,
    QEvent,
    QObject,
    QSettings,
    QTimer,
    Signal,
)
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app.table import TableError
from skat_desktop.engine.cards import cards_of
from skat_desktop.gui import game_words as words
from skat_desktop.gui.plain import plain, tip
from skat_desktop.net import protocol
from skat_desktop.net.client import (
    ChatMessage,
    ClientError,
    ClientRecorder,
    ClientTable,
    FinishedDeal,
    SeriesAtHost,
)
from skat_desktop.net.protocol import (
    ChatLine,
    Closing,
    ErrorReply,
    Joined,
    ProtocolError,
    Seats,
    Tables,
    Welcome,
)
from skat_desktop.net.remote import RemoteTable

if TYPE_CHECKING:
    from skat_desktop.gui.store_worker import StoreWriter
    from skat_desktop.store.repository import Store

log = logging.getLogger(__name__)

CLOSED, CONNECTING, CONNECTED, GONE = "closed", "connecting", "connected", "gone"
"""The link's :attr:`LanLink.state`: no connection; connecting (or saying hello); talking
to the host; the host is gone and the link tries again."""
RETRY_MS = (500, 1000, 2000, 3000, 5000)
"""The pauses before the first tries to reach a host that is gone; then the last one."""
CONNECT_MS = 5000  # a connection not made in this time counts as failed
WELCOME_MS = 10_000  # a Skat host welcomes at once: no welcome in this time, none answers
PING_MS = int(protocol.PING_S * 1000)  # the host is pinged this often (protocol.PING_S) ...
SILENT_MS = 45_000  # ... and given up after this long without a byte from the host
STORE_RETRY_MS = 1000  # a deal the database was too busy for is tried again after this
STORE_TRIES = 120
TOKENS = "lan/tokens"  # the QSettings group of the seats' session tokens


_VERDICTS: dict[str, tuple[str, tuple[str, ...]]] = {
    # code: (the words, translated where they are shown; the figures for %1, %2, %3)
    "secret_mismatch": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "the host's secret does not match its commitment before the deal"
        ),
        (),
    ),
    "contribution_replaced": (
        QT_TRANSLATE_NOOP("FairDeals", "the contribution of seat %1 is not the one it sent"),
        ("seat",),
    ),
    "contribution_unpledged": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "the cards take a contribution of seat %1 that was never pledged"
        ),
        ("seat",),
    ),
    "contribution_changed": (
        QT_TRANSLATE_NOOP("FairDeals", "the contribution of seat %1 is not the one it pledged"),
        ("seat",),
    ),
    "withheld_wrong": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "the seats said to have withheld their bytes are not the ones missing"
        ),
        (),
    ),
    "seed_mismatch": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "the cards do not follow from the commitment and the contributions"
        ),
        (),
    ),
    "reveal_malformed": (QT_TRANSLATE_NOOP("FairDeals", "the host's reveal cannot be read"), ()),
    "hand_not_dealt": (
        QT_TRANSLATE_NOOP("FairDeals", "%1 was shown %2, but the agreed shuffle deals %3"),
        ("position", "shown", "dealt"),
    ),
    "skat_not_dealt": (
        QT_TRANSLATE_NOOP("FairDeals", "the skat shown was %1, but the agreed shuffle deals %2"),
        ("shown", "dealt"),
    ),
    "cards_not_shown": (
        QT_TRANSLATE_NOOP("FairDeals", "the cards were not shown at the end of the deal"),
        (),
    ),
    "card_not_dealt": (
        QT_TRANSLATE_NOOP("FairDeals", "%1 played %2 without having been dealt it"),
        ("position", "card"),
    ),
    "log_differs": (
        QT_TRANSLATE_NOOP("FairDeals", "the moves revealed are not the ones played"),
        (),
    ),
    "commitment_unseen": (
        QT_TRANSLATE_NOOP("FairDeals", "the host's commitment did not arrive before the deal"),
        (),
    ),
    "recommitted": (QT_TRANSLATE_NOOP("FairDeals", "the host committed to the deal twice"), ()),
    "came_during": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "you came after this deal was dealt: its dealing could not be seen here"
        ),
        (),
    ),
    "commitment_late": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "the host's commitment arrived only after the deal was dealt"
        ),
        (),
    ),
    "repledged": (
        QT_TRANSLATE_NOOP("FairDeals", "the host showed the pledges twice, differently"),
        (),
    ),
    "left_out": (
        QT_TRANSLATE_NOOP("FairDeals", "the host left your seat out of the contributions"),
        (),
    ),
    "pledge_away": (
        QT_TRANSLATE_NOOP(
            "FairDeals",
            "your connection was lost before your pledge was taken: the cards were dealt"
            " without your bytes",
        ),
        (),
    ),
    "pledge_late": (
        QT_TRANSLATE_NOOP(
            "FairDeals",
            "your pledge reached the host only after the pledges were shown: the cards were"
            " dealt without your bytes",
        ),
        (),
    ),
    "commit_away": (
        QT_TRANSLATE_NOOP(
            "FairDeals",
            "you were not connected when the deal was committed, so you were not asked to"
            " contribute: the cards were dealt without your bytes",
        ),
        (),
    ),
    "pledges_unseen": (
        QT_TRANSLATE_NOOP("FairDeals", "the pledges were not shown before the deal"),
        (),
    ),
    "pledges_differ": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "the pledges revealed are not the ones shown before the deal"
        ),
        (),
    ),
    "pledge_not_asked": (
        QT_TRANSLATE_NOOP("FairDeals", "the cards take a pledge of seat %1, which was not asked"),
        ("seat",),
    ),
    "no_contributions": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "no player's bytes went into the cards: they are only as fair as the host"
        ),
        (),
    ),
    "host_forgot": (
        QT_TRANSLATE_NOOP("FairDeals", "the host no longer knows how the deal was dealt"),
        (),
    ),
    "fetched": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "it was not seen played here: its record was fetched afterwards"
        ),
        (),
    ),
    "not_revealed": (
        QT_TRANSLATE_NOOP("FairDeals", "the host did not reveal how the deal was dealt"),
        (),
    ),
    "not_replayable": (
        QT_TRANSLATE_NOOP("FairDeals", "the moves shown do not make up the deal"),
        (),
    ),
    "result_differs": (
        QT_TRANSLATE_NOOP("FairDeals", "the moves do not give the host's result"),
        (),
    ),
    "hand_shown_differs": (
        QT_TRANSLATE_NOOP(
            "FairDeals", "a hand shown to you during the deal is not the dealt cards'"
        ),
        (),
    ),
}
"""Why a deal is not verified, by the code the client gives it
(:class:`~skat_desktop.net.fairness.NotVerified`), in words a player reads."""
_CHECK_FAILED = QT_TRANSLATE_NOOP("FairDeals", "the check of the deal found a fault")
_NO_CARDS = QT_TRANSLATE_NOOP("FairDeals", "no cards")
_LIMITS = {"position": 3, "card": 32, "shown": 1 << 32, "dealt": 1 << 32, "seat": 256}


UNCHECKED = frozenset({"came_during", "pledge_away", "pledge_late", "commit_away"})
"""Verdicts of a deal this window could not check, through no fault it can lay at the
host's door: it came after the deal was dealt, or its own pledge was not taken because
its connection was lost or the pledge came too late (the host names such a seat to all),
or it was not connected when the deal was committed and so not asked at all."""


def came_during(verdict: object) -> bool:
    """Whether a deal is unchecked only because this window came after it was dealt
    (joined, or back after a restart, in its middle or at its end): no fault of the
    host's, said without alarm."""
    return getattr(verdict, "code", None) == "came_during"


def unchecked(verdict: object) -> bool:
    """Whether a deal is "not checked" rather than NOT verified (:data:`UNCHECKED`):
    said without alarm, in amber."""
    return getattr(verdict, "code", None) in UNCHECKED


def verdict_text(verdict: object) -> str:
    """Why a deal is not verified, in the player's language, by the verdict's code and its
    figures (:class:`~skat_desktop.net.fairness.NotVerified`). A verdict this window has
    no words for (no code, one it does not know, figures missing) is named in general."""

    def t(text: str) -> str:
        return QCoreApplication.translate("FairDeals", text)

    code = getattr(verdict, "code", None)
    params = dict(getattr(verdict, "params", None) or {})
    text, needs = _VERDICTS.get(code, (None, ()))
    figures = []
    for key in needs:
        value = params.get(key)
        if type(value) is not int or not 0 <= value < _LIMITS[key]:
            text = None
            break
        if key == "seat":
            figures.append(str(value + 1))
        elif key == "position":
            figures.append(words.position_name(value))
        elif key == "card":
            figures.append(words.card_text(value))
        else:
            figures.append(words.cards_text(cards_of(value)) or t(_NO_CARDS))
    if text is None:
        log.debug("a deal was not verified: %s", verdict)
        return t(_CHECK_FAILED)
    said = t(text)
    for i, figure in enumerate(figures, 1):
        said = said.replace(f"%{i}", figure)
    return said


_WHERE = 20  # hex digits of the address in a token's settings key


def _where(host: str, port: int) -> str:
    return hashlib.sha256(f"{host.strip().lower()}:{port}".encode()).hexdigest()[:_WHERE]


def _token_key(host: str, port: int, table: str) -> str:
    """A settings key for a seat's token: a host's name may hold any character."""
    return f"{TOKENS}/{_where(host, port)}_{table}"


@functools.lru_cache(maxsize=4)
def _ports_of(host: str) -> dict[str, int]:
    """The port of each settings-key address of ``host`` (tokens kept before the value
    said its host: about 0.1 s, once per host)."""
    return {_where(host, port): port for port in range(1, 65536)}


@dataclass(frozen=True)
class _Kept:
    """How one write of finished deals into the client's copy went."""

    series_id: int | None
    results: tuple[tuple[int, int | str | None], ...]  # (number, deal id / None / why not)
    held: tuple[int, ...]  # deals waiting for the ones before them (to be fetched)
    notes: tuple[str, ...]  # why a deal could not be kept (one line each)


class _Notes:
    """Collects what :meth:`ClientRecorder.record_all` says about deals it cannot keep
    (on the writer's thread: the client's table is the GUI thread's)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def note(self, text: str) -> None:
        self.lines.append(text)


def _record(store: Store, recorder: ClientRecorder, deals: list[FinishedDeal]) -> _Kept:
    """On the writer's thread: keep finished deals in the client's own copy of the series
    (found again by its place), in order; a deal after a gap (this window came late or
    missed deals) is held by ``recorder`` until the deals before it are fetched."""
    recorder.use(store)
    notes = _Notes()
    results = recorder.record_all(notes, deals)
    return _Kept(recorder.series_id, tuple(results), recorder.held, tuple(notes.lines))


def _catch_up(store: Store, recorder: ClientRecorder, at: SeriesAtHost) -> _Kept:
    """On the writer's thread, after a join: whether the client's copy lacks deals the
    host has finished (``recorder`` then asks for them: :meth:`LanLink._fetch_missing`)."""
    recorder.use(store)
    recorder.catch_up(at)
    return _Kept(recorder.series_id, (), recorder.held, ())


class LanLink(QObject):
    """One connection to one host, and the table joined there (if any).

    Signals: ``welcomed(dict)`` (the host said hello: ``host``, ``server``, ``address``),
    ``tablesChanged(list)`` (its TableInfo dicts), ``joined(object)`` (the
    :class:`RemoteTable` of the table taken, again after a reconnect), ``refused(str,
    str, object)`` (an error code, the host's one line, its params dict), ``chatLine(object)``
    (a :class:`~skat_desktop.net.client.ChatMessage`), ``seatsChanged(object)`` (who sits
    where: ``{seats, waiting_for, substitutes}``), ``closed(str)`` (the connection ended;
    while a table is joined the link then tries again), ``reconnecting(int, int)`` (the
    try about to be made and the pause before it in ms), ``updated()`` (frames came: the
    table may have moved on), ``verified(int, object)`` (deal number: True or why it is
    not verified), ``fetched(int)`` (a deal played before this window came, or while it
    was away, fetched from the host for the client's copy: not witnessed, so no verdict),
    ``stored(int, int)`` (the client's copy: series id, deal number),
    ``storeFailed(str)``, ``left(object, str)`` (the table's :class:`RemoteTable` is
    not played any more: the player left it -- why is ``""`` -- or its seat could not be
    taken back after the host came back: the host's reason).
    """

    welcomed = Signal(dict)
    tablesChanged = Signal(list)
    joined = Signal(object)
    refused = Signal(str, str, object)
    chatLine = Signal(object)
    seatsChanged = Signal(object)
    closed = Signal(str)
    reconnecting = Signal(int, int)
    updated = Signal()
    verified = Signal(int, object)
    fetched = Signal(int)
    stored = Signal(int, int)
    storeFailed = Signal(str)
    left = Signal(object, str)

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        settings: QSettings | None = None,
        writer: StoreWriter | None = None,
    ) -> None:
        super().__init__(parent)
        if settings is None:  # the window's own settings and store writer by default
            settings = getattr(getattr(parent, "settings", None), "qsettings", None)
        if writer is None:
            writer = getattr(parent, "writer", None)
        self.settings = settings if settings is not None else QSettings()
        self.writer = writer
        if writer is not None:
            writer.done.connect(self._written)
        self.state = CLOSED
        self.address: tuple[str, int] | None = None
        self.name = ""
        self.client = ClientTable()
        self.remote: RemoteTable | None = None
        self.attempt = 0  # tries to reach the host since it went
        self.reason = ""  # why the connection ended last
        self._socket: QTcpSocket | None = None
        self._frames = protocol.FrameReader()
        self._join: dict[str, Any] | None = None  # the join on its way
        self._back: tuple[str, int | None] | None = None  # the table to take back
        self._heard = 0  # frames since the last signal
        self._keep: deque[FinishedDeal] = deque()  # deals for the client's copy, in order
        self._job: int | None = None
        self._batch = 0  # deals of ``_keep`` in the write that is out
        # after a join: the copy is compared with the deals the host has finished (a
        # window that died between a deal's end and its write comes back without it)
        self._catch_up: SeriesAtHost | None = None
        self._catching = False  # the job out is that comparison
        # the client's copy of the table's series (its deals held for a gap, what it asked
        # the host for); used on the writer's thread, one write at a time
        self._recorder: ClientRecorder | None = None
        self._recorder_for: tuple[str, str | None] | None = None  # (host, table)
        self._tries = 0
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self._connect)
        self._connect_timer = QTimer(self)
        self._connect_timer.setSingleShot(True)
        self._connect_timer.timeout.connect(lambda: self._lost(self.tr("no answer from the host")))
        self._welcome_timer = QTimer(self)  # connected, but no Skat host has said welcome
        self._welcome_timer.setSingleShot(True)
        self._welcome_timer.timeout.connect(
            lambda: self._lost(self.tr("no answer from a Skat host at that address"))
        )
        self._ping = QTimer(self)
        self._ping.setInterval(PING_MS)
        self._ping.timeout.connect(self._keep_alive)
        self._silent = 0  # ping rounds without a byte from the host
        self._store_again = QTimer(self)
        self._store_again.setSingleShot(True)
        self._store_again.timeout.connect(self._write_next)

    # ------------------------------------------------------------------ state

    @property
    def host_name(self) -> str:
        """The host's display name (from its welcome)."""
        return self.client.host

    @property
    def table(self) -> str | None:
        """The id of the table joined (or being taken back)."""
        return self._back[0] if self._back is not None else None

    @property
    def connected(self) -> bool:
        return self.state == CONNECTED

    def token(self, table: str) -> str | None:
        """The session token kept for ``table`` at this host (None: none kept)."""
        if self.address is None:
            return None
        raw = self.settings.value(_token_key(*self.address, table))
        try:
            data = json.loads(raw) if isinstance(raw, str) else None
        except ValueError:
            data = None
        token = data.get("token") if isinstance(data, dict) else None
        return token if isinstance(token, str) and protocol._TOKEN.fullmatch(token) else None

    def _kept_seat(self, table: str) -> int | None:
        raw = self.settings.value(_token_key(*self.address, table)) if self.address else None
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            seat = json.loads(raw).get("seat")
            return seat if type(seat) is int and 0 <= seat <= protocol.MAX_SEAT else None
        return None

    def _remember(self, table: str, seat: int, token: str) -> None:
        if self.address is not None:
            host = self.address[0].strip().lower()
            value = json.dumps({"token": token, "seat": seat, "host": host})
            self.settings.setValue(_token_key(*self.address, table), value)

    def _elsewhere(self, table: str, seat: int) -> tuple[str, str] | None:
        """(settings key, token) kept for ``seat`` at ``table`` at this host's address on
        another port: a host started again on another port, on its database, serves the
        same table with the same tokens. None: no such token."""
        if self.address is None:
            return None
        host, port = self.address[0].strip().lower(), self.address[1]
        here = _token_key(host, port, table)
        self.settings.beginGroup(TOKENS)
        try:
            keys = [k for k in self.settings.childKeys() if k[_WHERE:] == f"_{table}"]
        finally:
            self.settings.endGroup()
        for key in sorted(keys):
            full = f"{TOKENS}/{key}"
            if full == here:
                continue
            raw = self.settings.value(full)
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                data = json.loads(raw)
                token, kept = data.get("token"), data.get("seat")
                if kept != seat or not isinstance(token, str):
                    continue
                if not protocol._TOKEN.fullmatch(token):
                    continue
                if "host" in data:
                    if data["host"] != host:
                        continue
                elif key[:_WHERE] not in _ports_of(host):
                    continue
                return full, token
        return None

    def forget(self, table: str) -> None:
        """Drop the token kept for ``table`` (the seat is not this player's any more)."""
        if self.address is not None:
            self.settings.remove(_token_key(*self.address, table))

    # ------------------------------------------------------------------ connecting

    def open(self, host: str, port: int, name: str) -> None:
        """Connect to ``host``:``port`` and say hello as ``name`` (a new connection: the
        table of an earlier one is left as it is, its token kept)."""
        self.leave()  # a table of the connection before is left (the host is told)
        self._drop_socket()
        self._back = None
        self._join = None
        self.remote = None
        self._retry.stop()
        self.address = (host.strip(), int(port))
        self.name = name
        self.client = ClientTable()
        self.attempt = 0
        self._connect()

    def _connect(self) -> None:
        if self.address is None:
            return
        self._drop_socket()
        self.state = CONNECTING
        self._frames = protocol.FrameReader()
        sock = QTcpSocket(self)
        sock.connected.connect(self._connected)
        sock.readyRead.connect(self._read)
        sock.disconnected.connect(lambda: self._lost(self._ended()))
        sock.errorOccurred.connect(lambda e: self._lost(self._socket_error(sock, e)))
        self._socket = sock
        self._connect_timer.start(CONNECT_MS)
        sock.connectToHost(self.address[0], self.address[1])

    def _ended(self) -> str:
        if self.client.closing:  # the host's own words stay in the log: they are English
            log.info("the host closed the connection: %s", self.client.closing)
            return self.tr("the host shut down")
        return self.tr("the host closed the connection")

    def _socket_error(self, sock: QTcpSocket, error: QAbstractSocket.SocketError) -> str:
        """Why the connection failed, in the player's language (Qt's own sentence is
        English and goes to the log)."""
        log.info("connection to the host: %s", sock.errorString())
        E = QAbstractSocket.SocketError
        words = {
            E.ConnectionRefusedError: self.tr("nobody answers at that address"),
            E.RemoteHostClosedError: self.tr("the host closed the connection"),
            E.HostNotFoundError: self.tr("no computer of that name was found"),
            E.SocketTimeoutError: self.tr("no answer from the host"),
            E.NetworkError: self.tr("the network is not reachable"),
        }
        return words.get(error, self.tr("the connection failed"))

    def _connected(self) -> None:
        self._connect_timer.stop()
        self._welcome_timer.start(WELCOME_MS)
        self._silent = 0
        self._ping.start()
        self._send(self.client.hello(self.name))

    def _drop_socket(self) -> None:
        sock, self._socket = self._socket, None
        self._connect_timer.stop()
        self._welcome_timer.stop()
        self._ping.stop()
        if sock is None:
            return
        with contextlib.suppress(RuntimeError, TypeError):
            sock.disconnected.disconnect()
            sock.errorOccurred.disconnect()
            sock.readyRead.disconnect()
        sock.abort()
        sock.deleteLater()

    def _lost(self, reason: str) -> None:
        """The connection ended (or could not be made)."""
        if self._socket is None:
            return
        self._drop_socket()
        self.reason = " ".join(str(reason).split()) or self.tr("the connection was lost")
        self._join = None
        if self.remote is not None:
            self.remote.set_connected(False)
        if self._back is not None:
            self.state = GONE
            delay = RETRY_MS[min(self.attempt, len(RETRY_MS) - 1)]
            self.attempt += 1
            self.closed.emit(self.reason)
            self.reconnecting.emit(self.attempt, delay)
            self._retry.start(delay)
        else:
            self.state = CLOSED
            self.closed.emit(self.reason)

    def close(self) -> None:
        """End the connection (the host keeps the seat; the token stays for coming
        back). What is written is flushed first; no try to reconnect follows."""
        self._retry.stop()
        self._back = None
        self._join = None
        sock, self._socket = self._socket, None
        if sock is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                sock.disconnected.disconnect()
                sock.errorOccurred.disconnect()
                sock.readyRead.disconnect()
            if sock.state() == QAbstractSocket.SocketState.ConnectedState:
                sock.flush()
                sock.waitForBytesWritten(200)
            sock.abort()
            sock.deleteLater()
        self._connect_timer.stop()
        self._welcome_timer.stop()
        self._ping.stop()
        remote, self.remote = self.remote, None
        if remote is not None:  # the host keeps the seat: the token takes it back
            remote.set_connected(False)
            self.left.emit(remote, "")
        if self.state != CLOSED:
            self.state = CLOSED
            self.reason = self.tr("the connection was closed")
            self.closed.emit(self.reason)

    def _keep_alive(self) -> None:
        self._silent += 1
        if self._silent * PING_MS >= SILENT_MS:
            self._lost(self.tr("the host stopped answering"))
            return
        with contextlib.suppress(ClientError):
            self._send(self.client.ping())

    # ------------------------------------------------------------------ what the player does

    def list_tables(self) -> None:
        """Ask the host for its tables (``tablesChanged`` answers)."""
        self._send(self.client.list_tables())

    def join(self, table: str, seat: int | None, password: str | None = None) -> None:
        """Take ``seat`` at ``table`` (None: watch), or -- with a token kept from before
        -- the seat this player holds there. ``joined`` or ``refused`` answers."""
        if self.remote is not None and self.remote.table_id != table:
            self.leave()
        token = self.token(table) if seat is not None else None
        self._start_join(table, seat, password, token)

    def _start_join(
        self,
        table: str,
        seat: int | None,
        password: str | None,
        token: str | None,
        moved: tuple[str, str, str] | None = None,
    ) -> None:
        """Send the join; ``moved`` = (the settings key of a token kept at another port,
        the first refusal's code and words) while that token is tried."""
        if self.remote is None or self.remote.table_id != table or not self.client.joined:
            old = self.client
            client = ClientTable(table)
            client.host, client.server, client.challenge = old.host, old.server, old.challenge
            client.tables, client.info = (
                old.tables,
                next((t for t in old.tables if t.get("id") == table), None),
            )
            self.client = client
            self.remote = RemoteTable(client, self._send)
            self.remote.link = self  # the window finds the connection of its table here
        kept = self._kept_seat(table) if moved is None else None  # moved: for this seat
        if token is not None and seat is not None and kept not in (None, seat):
            token = None  # a token for another seat: the player chose this one
        try:
            frame = self.client.join(table, seat, password=password, token=token)
        except ClientError as e:
            self.refused.emit("bad_field", str(e), {})
            return
        self._join = {
            "id": frame["id"],
            "table": table,
            "seat": seat,
            "password": password,
            "token": token,
            "moved": moved,
        }
        self._send(frame)

    def chat(self, text: str) -> None:
        """A chat line to the table joined (the host takes it only between deals)."""
        if self.remote is None:
            self.refused.emit("not_joined", self.tr("join a table first"), {})
            return
        try:
            self.remote.chat(text)
        except TableError as e:
            self.refused.emit("bad_field", str(e), {})

    def leave(self) -> None:
        """Leave the table joined: the host is told (``leave``); the seat's token is
        kept, so joining again takes the seat back."""
        remote, self.remote = self.remote, None
        self._back = None
        self._join = None
        self._retry.stop()
        if remote is not None:
            remote.set_connected(False)
            if self._socket is not None and self.state == CONNECTED:
                remote.leave()
                if self._socket is not None:
                    self._socket.flush()
        if self.state == GONE:
            self._drop_socket()
            self.state = CLOSED
        old = self.client
        self.client = ClientTable()
        self.client.host, self.client.server = old.host, old.server
        self.client.challenge, self.client.tables = old.challenge, old.tables
        if remote is not None:
            self.left.emit(remote, "")

    # ------------------------------------------------------------------ the wire

    def _send(self, frame: dict[str, Any]) -> None:
        sock = self._socket
        if sock is None or sock.state() != QAbstractSocket.SocketState.ConnectedState:
            return  # the host is gone: the move is refused by the table, a reply is moot
        try:
            sock.write(QByteArray(protocol.encode(frame)))
        except ProtocolError as e:
            log.warning("a frame could not be sent: %s", e.message)

    def _read(self) -> None:
        sock = self._socket
        if sock is None:
            return
        self._silent = 0
        data = bytes(sock.readAll().data())
        try:
            items = self._frames.feed(data)
        except ProtocolError as e:  # no frame boundary in sight: the stream is lost
            for item in e.frames:
                self._take(item)
            self._after()
            if self.state == CONNECTING:  # a Skat host's first line is a short welcome
                self._lost(self._not_skat())
            else:
                self._lost(self.tr("the host sent a frame that is too large"))
            return
        for item in items:
            if self._socket is None:
                break
            self._take(item)
        self._after()

    def _not_skat(self) -> str:
        return self.tr("another program answers at that address, not a Skat host")

    def _take(self, item: dict[str, Any] | ProtocolError) -> None:
        bad = item if isinstance(item, ProtocolError) else None
        if bad is None:
            try:
                msg = protocol.parse_host(item)
            except ProtocolError as e:
                bad = e
        if bad is not None:
            self.client.note(f"the host sent a bad frame: {bad.message}")
            if self.state == CONNECTING:
                # no welcome first: an SSH banner, a web server's answer -- said at once
                self._lost(self._not_skat())
            return
        self._heard += 1
        remote = self.remote
        if isinstance(msg, ErrorReply) and remote is not None and remote.answers(msg.re):
            remote.feed(msg)  # an answer to a move: the table says it (Refused)
            return
        if remote is not None:
            remote.feed(msg)
        else:
            for reply in self.client.feed(msg):
                self._send(reply)
        self._handle(msg)

    def _handle(self, msg: Any) -> None:
        match msg:
            case Welcome():
                self._welcome_timer.stop()
                if msg.version != protocol.VERSION:  # a host of another version: said so
                    from skat_desktop.gui.lan_dialogs import refusal_text

                    self._lost(refusal_text("version", "", {"version": msg.version}))
                    return
                self.state = CONNECTED
                host, port = self.address
                shown = f"[{host}]" if ":" in host else host
                info = {"host": msg.host, "server": msg.server, "address": f"{shown}:{port}"}
                self.welcomed.emit(info)
                self.list_tables()
                if self._back is not None:  # the host is back: take the seat again
                    table, seat = self._back
                    self._start_join(table, seat, None, self.token(table))
            case Tables():
                self.tablesChanged.emit([dict(t) for t in msg.tables])
            case Joined():
                self._joined(msg)
            case ErrorReply():
                self._error(msg)
            case ChatLine():
                if self.client.joined and msg.table == self.client.table:
                    self.chatLine.emit(ChatMessage(msg.seat, msg.name, msg.text))
            case Seats():
                if self.client.joined and msg.table == self.client.table:
                    self.seatsChanged.emit(
                        {
                            "seats": [dict(s) for s in msg.seats],
                            "waiting_for": msg.waiting_for,
                            "substitutes": list(msg.substitutes),
                        }
                    )
            case Closing():
                self.reason = msg.reason

    def _joined(self, msg: Joined) -> None:
        pending = self._join
        client = self.client
        if pending is None or msg.table != pending["table"] or not client.joined:
            return
        self._join = None
        self.attempt = 0
        self._retry.stop()
        if client.seat is not None and client.token:
            self._remember(msg.table, client.seat, client.token)
            if pending["moved"] is not None:  # the token of the old port holds here now
                self.settings.remove(pending["moved"][0])
        self._back = (msg.table, client.seat)
        if self.remote is not None:
            self.remote.set_connected(True)
            self.joined.emit(self.remote)
        self._catch_up = client.series_at_host()
        self._write_next()  # the copy compared with the host's series, after what is due
        self._fetch_missing()  # deals the copy still lacks (asked once per connection)

    def _error(self, msg: ErrorReply) -> None:
        pending = self._join
        if pending is not None and msg.re == pending["id"]:
            self._join = None
            table, seat = pending["table"], pending["seat"]
            if pending["moved"] is not None:  # the old port's token is not this host's
                _, code, message = pending["moved"]
                self.refused.emit(code, message, {})  # the first refusal is the answer
                return
            if (
                pending["token"] is None
                and seat is not None
                and self._back is None
                and msg.code in ("seat_taken", "bad_password")
            ):
                found = self._elsewhere(table, seat)
                if found is not None:  # the host may have moved: the seat may be ours
                    key, token = found
                    moved = (key, msg.code, msg.message)
                    self._start_join(table, seat, pending["password"], token, moved)
                    return
            if pending["token"] is not None and msg.code == "bad_token":
                self.forget(table)  # the seat is not held any more: ask for it afresh
                if self._back is None:
                    self._start_join(table, seat, pending["password"], None)
                    return
            if self._back is not None:  # the seat could not be taken back: the table is lost
                from skat_desktop.gui.lan_dialogs import refusal_text

                self._back = None
                remote, self.remote = self.remote, None
                if remote is not None:
                    remote.set_connected(False)
                    self.left.emit(remote, refusal_text(msg.code, msg.message, msg.params))
            self.refused.emit(msg.code, msg.message, msg.params)
            return
        self.refused.emit(msg.code, msg.message, msg.params)

    def _after(self) -> None:
        """After a chunk of frames: the finished deals to keep, then one signal."""
        remote = self.remote
        if remote is not None:
            for done in remote.take_finished():
                if done.fetched:  # its record, fetched to fill the copy: not seen played
                    self.fetched.emit(done.number)
                else:
                    self.verified.emit(done.number, done.verified)
                if self.writer is not None:
                    # a deal that cannot be rebuilt is refused by the recorder in one
                    # line (storeFailed): the player saw it end, so he hears why
                    self._keep.append(done)
            self._write_next()
        if self._heard:
            self._heard = 0
            self.updated.emit()

    # ------------------------------------------------------------------ the client's copy

    def _write_next(self) -> None:
        """Hand the deals waiting for the client's copy to the writer: those of one table
        at a time, with the deals the copy holds for a gap (one write out at a time)."""
        if self._job is not None or self.writer is None:
            return
        if not self._keep:
            self._compare_copy()
            return
        first = self._keep[0]
        where = (first.host, first.table)
        if self._recorder is None or self._recorder_for != where:
            self._recorder, self._recorder_for = ClientRecorder(None), where
        deals = []
        for done in self._keep:
            if (done.host, done.table) != where:
                break
            deals.append(done)
        recorder, self._batch = self._recorder, len(deals)
        self._job = self.writer.submit(lambda store: _record(store, recorder, deals))

    def _compare_copy(self) -> None:
        """After a join, once the deals due are written: let the recorder of the table
        joined compare the copy with the host's series (one write out at a time)."""
        at = self._catch_up
        client = self.client
        if at is None or not client.joined or (at.host, at.table) != (client.host, client.table):
            self._catch_up = None
            return
        where = (at.host, at.table)
        if self._recorder is None or self._recorder_for != where:
            self._recorder, self._recorder_for = ClientRecorder(None), where
        recorder, self._batch, self._catching = self._recorder, 0, True
        self._job = self.writer.submit(lambda store: _catch_up(store, recorder, at))

    def _written(self, ticket: int, ok: bool, answer: object) -> None:
        if ticket != self._job:
            return
        self._job = None
        catching, self._catching = self._catching, False
        if not ok and getattr(answer, "busy", False) and self._tries < STORE_TRIES:
            self._tries += 1  # another program holds the lock: the same deals again soon
            self._store_again.start(STORE_RETRY_MS)
            return
        self._tries = 0
        if catching:
            self._catch_up = None  # compared (or it failed, said below): not again
        deals = [self._keep.popleft() for _ in range(min(self._batch, len(self._keep)))]
        self._batch = 0
        if ok:
            kept: _Kept = answer
            for number, result in kept.results:
                if type(result) is int and kept.series_id is not None:
                    self.stored.emit(kept.series_id, number)
                elif isinstance(result, str) and number not in kept.held:
                    self._store_failed(number, result)
            self._fetch_missing()
        elif catching:
            log.warning("the copy could not be compared with the host's series: %s", answer)
        else:
            for done in deals[:1]:
                self._store_failed(done.number, str(answer))
        self._write_next()

    def _store_failed(self, number: int, why: str) -> None:
        said = f"deal {number} cannot be kept: "
        why = why[len(said) :] if why.startswith(said) else why  # the number is said once
        self.storeFailed.emit(
            self.tr("Your copy of deal %1 could not be kept: %2")
            .replace("%1", str(number))
            .replace("%2", why)
        )

    def _fetch_missing(self) -> None:
        """Ask the host for the deals the client's copy lacks before a deal it holds (this
        window came late, or was away for some deals): the copy ends equal to the host's."""
        recorder, client = self._recorder, self.client
        if recorder is None or self._job is not None or not self.connected:
            return
        if self.remote is None or self._recorder_for != (client.host, client.table):
            return
        frame = recorder.fetch(client)
        if frame is not None:
            self._send(frame)

    def finish(self, msecs: int = 5000) -> None:
        """Wait for the client's copy of the deals that ended (closing the window)."""
        if self.writer is None:
            return
        for _ in range(len(self._keep) + 1):
            if self._job is None:
                break
            self.writer.finish(msecs)


# ---------------------------------------------------------------------- the side panel


class TablePanel(QWidget):
    """The side panel's tab at a networked table: the table and its host, who sits where
    and who is here, each deal's fair-deal check, and the chat (between deals only)."""

    FETCHED = "fetched"
    """The verdict of a deal fetched afterwards for the client's copy (not seen played)."""

    def __init__(self, link: LanLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.verdicts: dict[int, bool | str] = {}
        self.hosting_line: Callable[[], str] | None = None  # "you host this table at ..."
        self._chat: deque[ChatMessage] = deque(maxlen=200)
        column = QVBoxLayout(self)
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        # the connection in words (the status bar says it in one): host, address, state
        self.connection = QLabel(self)
        self.connection.setWordWrap(True)
        self.connection.setObjectName("LanConnection")
        self.seats = QLabel(self)
        self.seats.setWordWrap(True)
        self.fair_title = QLabel(self)
        self.fair = QLabel(self)
        self.fair.setWordWrap(True)
        self.chat_title = QLabel(self)
        self.log = QPlainTextEdit(self)
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(200)
        self.log.setObjectName("LanChat")
        row = QHBoxLayout()
        self.line = QLineEdit(self)
        self.line.setMaxLength(protocol.CHAT_LIMIT)
        self.line.returnPressed.connect(self.send)
        self.send_button = QPushButton(self)
        self.send_button.clicked.connect(self.send)
        row.addWidget(self.line, 1)
        row.addWidget(self.send_button)
        plain(self.title, self.connection, self.seats, self.fair, self.fair_title, self.chat_title)
        for heading in (self.fair_title, self.chat_title):
            heading.setFont(font)  # bold, as the title
        for w in (
            self.title,
            self.connection,
            self.seats,
            self.fair_title,
            self.fair,
            self.chat_title,
        ):
            column.addWidget(w)
        link.fetched.connect(self.add_fetched)
        column.addWidget(self.log, 1)
        column.addLayout(row)
        self.retranslate()
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.refresh()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.fair_title.setText(self.tr("Fair deals"))
        self.chat_title.setText(self.tr("Chat"))
        self.send_button.setText(self.tr("&Send"))
        self.line.setPlaceholderText(self.tr("A word to the table…"))

    def seat_lines(self) -> list[str]:
        """One line per seat: the name, whether it is this window's, who is here -- known
        only while the host is connected: while it is gone nobody's state is known (the
        last word heard would say "here" of players who may be gone as well)."""
        remote = self.link.remote
        if remote is None:
            return []
        client = remote.client
        known = self.link.state == CONNECTED and remote.connected
        infos = {s["seat"]: s for s in client.seat_infos or (client.info or {}).get("seats", ())}
        lines = []
        for seat, name in enumerate(client.names):
            info = infos.get(seat, {})
            kind = info.get("kind")
            shown = words.seat_name(name or info.get("name") or "")
            shown = shown or self.tr("Seat %1").replace("%1", str(seat + 1))
            if seat == client.seat:
                shown = self.tr("%1 (you)").replace("%1", shown)
            if kind == "computer":
                state = self.tr("computer")
            elif kind == "open":
                state = self.tr("open seat")
            elif not known:
                state = self.tr("not known: the host is gone")
            elif seat in client.substitutes:
                state = self.tr("away, a computer plays")
            elif seat == client.waiting_for:
                state = self.tr("away, the table waits")
            elif info.get("connected", True):
                state = self.tr("here")
            else:
                state = self.tr("away")
            lines.append(f"{shown} — {state}")
        return lines

    def connection_lines(self) -> list[str]:
        """The connection in words: to which host at which address, or that it is gone;
        and, at a table this window hosts, the addresses friends join at."""
        link = self.link
        where = ""
        if link.address is not None:
            host, port = link.address
            where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        host = link.host_name or self.tr("the host")
        if link.state == CONNECTED:
            line = self.tr("Connected to %1 at %2").replace("%1", host).replace("%2", where)
        elif link.state == GONE:
            line = (
                self.tr("%1 at %2 is gone: trying again (try %3)…")
                .replace("%1", host)
                .replace("%2", where)
                .replace("%3", str(max(1, link.attempt)))
            )
        else:
            line = self.tr("Not connected")
        lines = [line]
        hosting = self.hosting_line() if self.hosting_line is not None else ""
        if hosting:
            lines.append(hosting)
        return lines

    def status_lines(self) -> list[str]:
        """The connection and the seats: the status bar's tooltip."""
        return [*self.connection_lines(), *self.seat_lines()]

    def refresh(self) -> None:
        link = self.link
        remote = link.remote
        if remote is not None and remote.client.joined:
            info = remote.client.info or {}
            name = (
                remote.client.table_name
                or info.get("name")
                or getattr(remote.client, "name", "")
                or remote.table_id
            )
            self.title.setText(
                self.tr("%1 at %2").replace("%1", str(name)).replace("%2", link.host_name)
            )
        else:
            self.title.setText(self.tr("Not at a table"))
        self.connection.setText("\n".join(self.connection_lines()))
        self.seats.setText("\n".join(self.seat_lines()))
        lines = []
        for number in sorted(self.verdicts)[-8:]:
            verdict = self.verdicts[number]
            if verdict is True:
                lines.append(self.tr("Deal %1: verified").replace("%1", str(number)))
            elif verdict == self.FETCHED:
                lines.append(self.tr("Deal %1: fetched afterwards").replace("%1", str(number)))
            elif came_during(verdict):
                lines.append(
                    self.tr("Deal %1: not checked (you came after it was dealt)").replace(
                        "%1", str(number)
                    )
                )
            elif unchecked(verdict):
                lines.append(
                    self.tr("Deal %1: not checked (%2)")
                    .replace("%1", str(number))
                    .replace("%2", verdict_text(verdict))
                )
            else:
                lines.append(
                    self.tr("Deal %1: NOT verified (%2)")
                    .replace("%1", str(number))
                    .replace("%2", verdict_text(verdict))
                )
            lines.extend(self._left_out_lines(number))
        self.fair.setText("\n".join(lines) or self.tr("No deal has been checked yet."))
        self.fair.setToolTip(tip("\n".join(lines)))
        between = remote is None or not remote.dealt or remote.client.deal_over
        allowed = link.connected and remote is not None and between
        self.line.setEnabled(allowed)
        self.send_button.setEnabled(allowed)
        self.line.setToolTip(
            "" if allowed else self.tr("The table chats between deals, not during one.")
        )

    def _left_out_lines(self, number: int) -> list[str]:
        """The seats whose bytes deal ``number`` was dealt without, as its reveal names
        them to every client: a pledge not opened, a pledge that came too late."""
        remote = self.link.remote
        check = remote.client.checks.get(number) if remote is not None else None
        if check is None:
            return []
        names = remote.client.names

        def who(seat: int) -> str:
            name = names[seat] if seat < len(names) else None
            return name or self.tr("seat %1").replace("%1", str(seat + 1))

        lines = [
            self.tr("Deal %1: %2 pledged bytes and did not open them")
            .replace("%1", str(number))
            .replace("%2", who(seat))
            for seat in check.withheld
        ]
        lines += [
            self.tr("Deal %1: the pledge of %2 came too late; dealt without it")
            .replace("%1", str(number))
            .replace("%2", who(seat))
            for seat in check.late_pledges
        ]
        return lines

    def add_chat(self, line: ChatMessage) -> None:
        self._chat.append(line)
        self.log.appendPlainText(f"{line.name}: {line.text}")

    def add_verdict(self, number: int, verdict: bool | str) -> None:
        self.verdicts[number] = verdict
        while len(self.verdicts) > 64:
            del self.verdicts[min(self.verdicts)]
        self.refresh()

    def add_fetched(self, number: int) -> None:
        """A deal played before this window came (or while it was away), its record
        fetched for the client's copy: checked, but not witnessed here."""
        if number not in self.verdicts:
            self.add_verdict(number, self.FETCHED)

    def send(self) -> None:
        text = " ".join(self.line.text().split())
        if not text:
            return
        self.link.chat(text)
        self.line.clear()
