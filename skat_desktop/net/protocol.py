"""The LAN wire protocol (docs/protocol.md), sans-IO: frames, messages and their checks.

Bytes in, messages out, and back: no sockets here. The host and the client run every
frame they receive through the same strict checks, so whatever a peer sends -- too
long, too deep, not JSON, NaN, a bool for a number, a hidden control character in a
name -- ends as a :class:`ProtocolError` with a code and one English line, never as
another exception, a hang or unbounded memory on the receiving side.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from skat_desktop.engine.actions import Action, action_from_dict, action_to_dict
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.view import SeatView

VERSION = 1
MAX_FRAME = 65_536  # bytes of one frame, its newline included
# Every line of the score sheet goes out in one ``joined`` frame (MAX_FRAME): a longer
# series could never be joined again. 144 of the widest lines at a table of four with
# the longest names still fit (tests/net/test_host_hostile.py); three lists of 48 deals.
MAX_PLANNED_DEALS = 144
MAX_DEPTH = 32  # nesting of JSON objects and arrays; the frame itself is level 1
MAX_INT = 2**53  # every number on the wire fits a JSON reader's exact range
MAX_SEED = 2**63 - 1  # fairness.derive_seed: 63 bits, what the store keeps
NAME_LIMIT = 64  # player, host, server, client and table names
TITLE_LIMIT = 200  # a rule profile's title
CHAT_LIMIT = 300
MESSAGE_LIMIT = 500  # an error's message, a closing reason
TABLE_SIZES = (3, 4)
MAX_SEAT = 3
MAX_RECORDS = 40  # finished deals in one ``records`` answer (fewer if the frame is full)
# A client pings at least this often (whatever else it sends); the host drops a greeted
# connection that stays silent for several of these (host.Limits.silent_s)
PING_S = 15.0

ERROR_CODES: dict[str, str] = {
    "bad_frame": "a frame must be one JSON object with a text field 'type', on one line",
    "too_large": f"a frame may hold at most {MAX_FRAME} bytes including its newline",
    "bad_json": "the frame is not valid JSON (or holds NaN or Infinity, or is nested too deeply)",
    "unknown_type": "unknown message type",
    "bad_field": "a field of the message is missing or has a wrong type or value",
    "hello_first": "the first message must be hello",
    "version": f"this host speaks protocol version {VERSION}",
    "rate_limited": "too many messages: slow down",
    "timeout": "nothing complete arrived in time: closing the connection",
    "no_table": "there is no such table",
    "seat_taken": "that seat is taken",
    "seat_invalid": "there is no such seat at this table",
    "bad_password": "wrong or missing table password",
    "bad_token": "that session token does not hold a seat at this table",
    "already_joined": "this connection has already joined this table",
    "not_joined": "this connection has not joined this table",
    "not_your_turn": "it is not your turn",
    "stale": "the table has moved on since the state this message answers",
    "illegal": "the rules do not allow that now",
    "not_now": "that is not possible at this moment",
    "table_full": "the table has no room for another player or kibitzer",
    "server_busy": "the host is busy: try again later",
    "host_cannot_save": "the host cannot save the table just now: play waits until it can",
    "internal": "the host could not handle the message; nothing changed",
}


class ProtocolError(ValueError):
    """A frame or message that is refused: ``code`` (a key of :data:`ERROR_CODES`),
    one English line and parameters. :meth:`frame` is the error frame to answer with."""

    def __init__(self, code: str, message: str | None = None, params: dict | None = None):
        self.code = code
        self.message = message if message is not None else ERROR_CODES.get(code, code)
        self.params = dict(params or {})
        # FrameReader: the frames read before a too_large in the same feed (the
        # connection is dropped, but a caller may still want them).
        self.frames: list[dict[str, Any] | ProtocolError] = []
        super().__init__(self.message)

    def frame(self, re: int | None = None) -> dict[str, Any]:
        return error_frame(self.code, self.message, self.params, re)


def _bad(key: str, what: str) -> ProtocolError:
    return ProtocolError("bad_field", f"field {key!r} must be {what}", {"field": key})


# --------------------------------------------------------------------------- frames

# A JSON string, or a quote that is never closed (matched to the end of the line): the
# optional closing quote keeps every match linear and the matches disjoint.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPEN = frozenset(b"[{")


def _too_deep(line: bytes) -> bool:
    """Whether ``line`` nests objects and arrays more than :data:`MAX_DEPTH` deep,
    worked out before parsing: a deep frame must not reach the recursive parser."""
    if line.count(b"[") + line.count(b"{") <= MAX_DEPTH:
        return False
    brackets = _STRING.sub(b"", line).translate(None, _NOT_BRACKETS)
    depth = 0
    for b in brackets:
        if b in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def _no_constant(name: str) -> Any:
    raise ProtocolError("bad_json", f"{name} is not a number the protocol accepts")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError("bad_json", "numbers must be finite")
    return value


_DECODER = json.JSONDecoder(parse_float=_finite, parse_constant=_no_constant, strict=True)


def decode(line: bytes, max_frame: int = MAX_FRAME) -> dict[str, Any]:
    """One frame without its newline: a JSON object with a text ``type``."""
    if len(line) + 1 > max_frame:
        raise ProtocolError("too_large")
    if _too_deep(line):
        raise ProtocolError("bad_json", f"the frame is nested more than {MAX_DEPTH} levels deep")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bad_json", "the frame is not UTF-8") from None
    try:
        value = _DECODER.decode(text)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):  # JSONDecodeError, an integer of too many digits
        raise ProtocolError("bad_json") from None
    if type(value) is not dict or type(value.get("type")) is not str:
        raise ProtocolError("bad_frame")
    return value


def encode(frame: dict[str, Any]) -> bytes:
    """Compact JSON and a newline. Raises ProtocolError ``too_large`` beyond
    :data:`MAX_FRAME`, ``bad_field`` for what JSON cannot hold (NaN, a lone surrogate)."""
    try:
        text = json.dumps(frame, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        data = text.encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        raise ProtocolError("bad_field", "the frame cannot be written as JSON") from None
    if len(data) + 1 > MAX_FRAME:
        raise ProtocolError("too_large")
    return data + b"\n"


class FrameReader:
    """Cuts a byte stream into frames, however it is chunked.

    :meth:`feed` returns each complete line as a frame, or as a :class:`ProtocolError`
    when it is not one (reading goes on with the next line). More than ``max_frame``
    bytes without a newline raise ProtocolError ``too_large``: the next frame boundary
    cannot be found, so the connection must be dropped (the reader stays failed; the
    error's ``frames`` holds what came before it in that feed). Memory stays below
    ``max_frame`` plus one chunk.
    """

    def __init__(self, max_frame: int = MAX_FRAME):
        self.max_frame = max_frame
        self._buffer = bytearray()
        self._failed = False

    @property
    def partial(self) -> int:
        """Bytes waiting for their newline."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[dict[str, Any] | ProtocolError]:
        if self._failed:
            raise ProtocolError("too_large")
        buffer = self._buffer
        search = len(buffer)  # the bytes held so far have no newline
        buffer += data
        out: list[dict[str, Any] | ProtocolError] = []
        start = 0
        while (end := buffer.find(b"\n", search)) >= 0:
            if end - start + 1 > self.max_frame:
                self._fail(out)
            try:
                out.append(decode(bytes(buffer[start:end]), self.max_frame))
            except ProtocolError as e:
                out.append(e)
            start = search = end + 1
        del buffer[:start]
        if len(buffer) >= self.max_frame:  # no room left for its newline
            self._fail(out)
        return out

    def _fail(self, frames: list[dict[str, Any] | ProtocolError]) -> None:
        self._failed = True
        self._buffer = bytearray()
        error = ProtocolError("too_large")
        error.frames = frames
        raise error


# --------------------------------------------------------------------------- fields

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
_CODE = re.compile(r"[a-z0-9_]{1,32}")


def is_code(text: object) -> bool:
    """``text`` is a code as the wire carries one (an error's, a refusal's reason)."""
    return type(text) is str and _CODE.fullmatch(text) is not None


_HEX = re.compile(r"[0-9a-fA-F]*")
# C0 and C1 controls and DEL (newline and tab among them), the line and paragraph
# separators, the bidi embeddings/overrides and isolates, lone surrogates.
_NOT_PLAIN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def plain_text(text: Any, limit: int, key: str = "text") -> str:
    """``text`` if it is plain text of at most ``limit`` characters on one line: no
    control characters, no bidi overrides (which could make a name read as another).
    Raises ProtocolError ``bad_field`` naming the field ``key``."""
    if type(text) is not str or len(text) > limit or _NOT_PLAIN.search(text):
        raise _bad(key, f"plain text of at most {limit} characters on one line")
    return text


def _has(frame: Mapping[str, Any], key: str) -> Any:
    if key not in frame:
        raise ProtocolError("bad_field", f"field {key!r} is missing", {"field": key})
    return frame[key]


def _int(value: Any, key: str, low: int = 0, high: int = MAX_INT, *, null: bool = False) -> Any:
    if value is None and null:
        return None
    if type(value) is not int or not low <= value <= high:
        also = " or null" if null else ""
        raise _bad(key, f"a whole number {low}..{high}{also}")
    return value


def _bool(value: Any, key: str) -> bool:
    if type(value) is not bool:
        raise _bad(key, "true or false")
    return value


def _seat(value: Any, key: str = "seat", *, null: bool = False) -> int | None:
    return _int(value, key, 0, MAX_SEAT, null=null)


def _seat_list(value: Any, key: str, low: int = 0, high: int = MAX_SEAT + 1) -> tuple[int, ...]:
    if type(value) is not list or not low <= len(value) <= high:
        raise _bad(key, f"a list of {low} to {high} seats")
    seats = tuple(_seat(s, key) for s in value)
    if len(set(seats)) != len(seats):
        raise _bad(key, "a list of different seats")
    return seats


def _text(
    value: Any, key: str, limit: int, *, null: bool = False, empty: bool = True
) -> str | None:
    if value is None and null:
        return None
    text = plain_text(value, limit, key)
    if not empty and not text.strip():
        raise _bad(key, "a text that is not empty")
    return text


def _table_id(value: Any, key: str = "table") -> str:
    if type(value) is not str or not _TABLE_ID.fullmatch(value):
        raise _bad(key, "a table id of 1 to 64 letters, digits, '_' or '-'")
    return value


def _token(value: Any, key: str = "token", *, null: bool = False) -> str | None:
    if value is None and null:
        return None
    if type(value) is not str or not _TOKEN.fullmatch(value):
        raise _bad(key, "a session token of 1 to 64 letters, digits, '_' or '-'")
    return value


def _hex(value: Any, key: str, size: int = 32) -> bytes:
    if type(value) is not str or len(value) != 2 * size or not _HEX.fullmatch(value):
        raise _bad(key, f"{size} bytes as {2 * size} hex digits")
    return bytes.fromhex(value)


def _list(value: Any, key: str, low: int = 0, high: int = MAX_INT) -> list[Any]:
    if type(value) is not list or not low <= len(value) <= high:
        raise _bad(key, f"a list of {low} to {high} items" if high < MAX_INT else "a list")
    return value


def _object(value: Any, key: str) -> dict[str, Any]:
    if type(value) is not dict:
        raise _bad(key, "an object")
    return value


def _ints(value: Any, key: str, low: int, high: int) -> tuple[int, ...]:
    return tuple(_int(v, key, -MAX_INT, MAX_INT) for v in _list(value, key, low, high))


def frame_id(frame: Any) -> int | None:
    """The ``id`` of a client frame to echo as ``re`` (None when it has none usable):
    an error about a malformed frame can still be matched to its request."""
    if type(frame) is dict:
        value = frame.get("id")
        if type(value) is int and 0 <= value <= MAX_INT:
            return value
    return None


def _action_fields(data: Any, key: str) -> dict[str, Any]:
    """An action object's own numbers must be whole numbers in range (a bool is no
    player): the engine parser is lenient there; it checks the rest."""
    data = _object(data, key)
    for name in ("player", "value", "agreed_by"):
        value = data.get(name)
        if value is not None:
            _int(value, f"{key}.{name}")
    return data


def _action(value: Any, key: str = "action") -> Action:
    data = _action_fields(value, key)
    try:
        return action_from_dict(data)
    except Exception as e:  # anything the engine parser raises is this field's fault
        raise ProtocolError("bad_field", f"field {key!r}: {e}", {"field": key}) from None


def _known_action(value: Any, key: str) -> dict[str, Any]:
    """An action as a seat may know it (view.action_for): an action, or a discard whose
    cards are hidden (``cards`` null)."""
    data = _action_fields(value, key)
    if data.get("type") == "discard" and data.get("cards", 0) is None:
        _int(_has(data, "player"), f"{key}.player", 0, 2)
        return data
    _action(data, key)
    return data


# --------------------------------------------------------------------------- client messages


@dataclass(frozen=True)
class Hello:
    name: str
    version: int
    client: str
    id: int | None = None


@dataclass(frozen=True)
class ListTables:
    id: int | None = None


@dataclass(frozen=True)
class Join:
    table: str
    seat: int | None  # None: kibitz
    proof: bytes | None = None
    token: str | None = None
    id: int | None = None


@dataclass(frozen=True)
class Leave:
    table: str
    id: int | None = None


@dataclass(frozen=True)
class Act:
    table: str
    tick: int
    action: Action
    id: int | None = None


@dataclass(frozen=True)
class Decline:
    table: str
    tick: int
    id: int | None = None


@dataclass(frozen=True)
class Next:
    table: str
    id: int | None = None


@dataclass(frozen=True)
class Pledge:
    """Fair deals, step 2: the hash of the contribution this seat will open
    (:func:`fairness.pledge`), sent before anyone's bytes are known."""

    table: str
    deal: int
    commitment: bytes
    id: int | None = None


@dataclass(frozen=True)
class Contribute:
    """Fair deals, step 3: the contribution itself, opened once the host showed every
    seat's pledge (``pledges``)."""

    table: str
    deal: int
    value: bytes
    id: int | None = None


@dataclass(frozen=True)
class FetchRecords:
    """``records {table, from}``: the finished deals from number ``first`` on."""

    table: str
    first: int
    id: int | None = None


@dataclass(frozen=True)
class Chat:
    table: str
    text: str
    id: int | None = None


@dataclass(frozen=True)
class Consent:
    """The answer of the defender a declarer's late concession asks (``concession``):
    ``agree`` True lets the concession stand, False refuses it."""

    table: str
    tick: int
    agree: bool
    id: int | None = None


@dataclass(frozen=True)
class Ping:
    id: int | None = None


ClientMessage = (
    Hello
    | ListTables
    | Join
    | Leave
    | Act
    | Decline
    | Next
    | Pledge
    | Contribute
    | FetchRecords
    | Chat
    | Consent
    | Ping
)


def _id(frame: dict[str, Any]) -> int | None:
    return _int(frame.get("id"), "id", null=True)


def _hello(f: dict[str, Any]) -> Hello:
    return Hello(
        _text(_has(f, "name"), "name", NAME_LIMIT, empty=False),
        _int(_has(f, "version"), "version"),
        _text(_has(f, "client"), "client", NAME_LIMIT),
        _id(f),
    )


def _join(f: dict[str, Any]) -> Join:
    proof = f.get("proof")
    return Join(
        _table_id(_has(f, "table")),
        _seat(_has(f, "seat"), null=True),
        None if proof is None else _hex(proof, "proof"),
        _token(f.get("token"), null=True),
        _id(f),
    )


_CLIENT_PARSERS = {
    "hello": _hello,
    "list": lambda f: ListTables(_id(f)),
    "join": _join,
    "leave": lambda f: Leave(_table_id(_has(f, "table")), _id(f)),
    "act": lambda f: Act(
        _table_id(_has(f, "table")),
        _int(_has(f, "tick"), "tick"),
        _action(_has(f, "action")),
        _id(f),
    ),
    "decline": lambda f: Decline(
        _table_id(_has(f, "table")), _int(_has(f, "tick"), "tick"), _id(f)
    ),
    "next": lambda f: Next(_table_id(_has(f, "table")), _id(f)),
    "pledge": lambda f: Pledge(
        _table_id(_has(f, "table")),
        _int(_has(f, "deal"), "deal", 1),
        _hex(_has(f, "commitment"), "commitment"),
        _id(f),
    ),
    "contribute": lambda f: Contribute(
        _table_id(_has(f, "table")),
        _int(_has(f, "deal"), "deal", 1),
        _hex(_has(f, "value"), "value"),
        _id(f),
    ),
    "records": lambda f: FetchRecords(
        _table_id(_has(f, "table")),
        _int(_has(f, "from"), "from", 1),
        _id(f),
    ),
    "chat": lambda f: Chat(
        _table_id(_has(f, "table")),
        _text(_has(f, "text"), "text", CHAT_LIMIT, empty=False),
        _id(f),
    ),
    "consent": lambda f: Consent(
        _table_id(_has(f, "table")),
        _int(_has(f, "tick"), "tick"),
        _bool(_has(f, "agree"), "agree"),
        _id(f),
    ),
    "ping": lambda f: Ping(_id(f)),
}


def parse_client(frame: Any) -> ClientMessage:
    """A client's frame (as :func:`decode` gives it) as a message. Raises ProtocolError
    ``bad_frame``, ``unknown_type`` or ``bad_field``; unknown extra fields are ignored."""
    if type(frame) is not dict or type(frame.get("type")) is not str:
        raise ProtocolError("bad_frame")
    parser = _CLIENT_PARSERS.get(frame["type"])
    if parser is None:
        raise ProtocolError("unknown_type", params={"type": _short(frame["type"])})
    return parser(frame)


def _short(text: str) -> str:
    """An unknown type name, made safe to echo: plain and short, or nothing."""
    if len(text) <= 32 and _CODE.fullmatch(text):
        return text
    return ""


# --------------------------------------------------------------------------- host messages


@dataclass(frozen=True)
class Welcome:
    version: int
    server: str
    host: str
    challenge: bytes
    re: int | None = None


@dataclass(frozen=True)
class Tables:
    tables: tuple[dict[str, Any], ...]  # TableInfo dicts with their known fields only
    re: int | None = None


@dataclass(frozen=True)
class Joined:
    table: str
    seat: int | None
    token: str | None
    profile: RuleProfile
    names: tuple[str | None, ...]
    tick: int
    view: SeatView | None  # None before the first deal
    actions: tuple[dict[str, Any], ...]  # the deal's log as this seat may know it
    deal_number: int  # 0 before the first deal
    sheet: dict[str, Any]  # {"entries": [...], "totals": [...]}
    re: int | None = None
    # the series as a (re)joining client needs it, without asking for the table list
    name: str = ""  # the table's name
    dealer: int | None = None  # the dealer of the deal in play (or just over)
    deal_seats: tuple[int, ...] | None = None  # its table seats: forehand, middle-, rearhand
    planned_deals: int = 0
    deals_done: int = 0
    state: str = "lobby"  # "lobby" | "playing" | "finished"


@dataclass(frozen=True)
class Event:
    """One change of the table. ``view`` is the checked JSON of the recipient's view;
    :meth:`seat_view` rebuilds it with the table's profile (from ``joined``)."""

    table: str
    tick: int
    event: dict[str, Any]
    view: dict[str, Any] | None
    re: int | None = None
    _parsed: SeatView | None = field(default=None, repr=False, compare=False)

    def seat_view(self, profile: RuleProfile) -> SeatView | None:
        if self._parsed is None:
            return None
        if self._parsed.profile.name != profile.name:
            raise _bad("view", f"a view under the table's profile {profile.name!r}")
        return dataclasses.replace(self._parsed, profile=profile)


@dataclass(frozen=True)
class Turn:
    table: str
    tick: int
    seat: int
    interjection: bool
    re: int | None = None


@dataclass(frozen=True)
class Seats:
    table: str
    seats: tuple[dict[str, Any], ...]
    waiting_for: int | None
    substitutes: tuple[int, ...]
    re: int | None = None
    paused: str | None = None  # an error code (host_cannot_save) while the table waits


@dataclass(frozen=True)
class Commit:
    table: str
    deal: int
    commitment: bytes
    contributors: tuple[int, ...]
    re: int | None = None


@dataclass(frozen=True)
class Pledges:
    """Every seat's pledge for the deal, fixed: the contributors open their bytes now."""

    table: str
    deal: int
    pledges: dict[int, bytes]
    re: int | None = None


@dataclass(frozen=True)
class Reveal:
    table: str
    deal: int
    secret: bytes
    contributions: dict[int, bytes]  # the opened bytes that kept their pledges: the seed's
    seed: int
    re: int | None = None
    pledges: dict[int, bytes] = field(default_factory=dict)
    withheld: tuple[int, ...] = ()  # seats that pledged and did not open
    actions: tuple[dict[str, Any], ...] = ()  # the deal's whole log, every card open
    # seats asked whose pledge came only after the pledges were shown (not taken); a
    # host before this field sends none
    late: tuple[int, ...] = ()


@dataclass(frozen=True)
class Records:
    """Finished deals (public since their reveal), oldest first: each
    ``{deal, seed, actions, result, entry, fair}`` with ``fair`` None or
    ``{commitment, secret, pledges, contributions, withheld}`` (bytes as bytes)."""

    table: str
    deals: tuple[dict[str, Any], ...]
    more: bool  # later finished deals did not fit: ask again from the next number
    re: int | None = None


@dataclass(frozen=True)
class Concession:
    """A declarer's late concession waits for a defender's consent (``answer`` None: the
    table asks ``asked``), or was answered: True (it is applied now), False (refused,
    not answered in time, or the table moved on; the declarer plays on)."""

    table: str
    tick: int
    declarer: int  # table seats
    asked: int
    answer: bool | None
    re: int | None = None


@dataclass(frozen=True)
class ChatLine:
    table: str
    seat: int | None
    name: str
    text: str
    re: int | None = None


@dataclass(frozen=True)
class Pong:
    re: int | None = None


@dataclass(frozen=True)
class ErrorReply:
    code: str  # a key of ERROR_CODES (a newer host may send others)
    message: str
    params: dict[str, Any]
    re: int | None = None


@dataclass(frozen=True)
class Closing:
    reason: str
    re: int | None = None


HostMessage = (
    Welcome
    | Tables
    | Joined
    | Event
    | Turn
    | Seats
    | Commit
    | Pledges
    | Reveal
    | Records
    | Concession
    | ChatLine
    | Pong
    | ErrorReply
    | Closing
)

_SEAT_KINDS = ("human", "computer", "open")
_TABLE_STATES = ("lobby", "playing", "finished")
_RESULT_KINDS = ("game", "ramsch", "passed_in")


def _re(frame: dict[str, Any]) -> int | None:
    return _int(frame.get("re"), "re", null=True)


def _seat_info(value: Any, key: str = "seats") -> dict[str, Any]:
    d = _object(value, key)
    kind = _has(d, "kind")
    if kind not in _SEAT_KINDS:
        raise _bad(f"{key}.kind", "human, computer or open")
    return {
        "seat": _seat(_has(d, "seat"), f"{key}.seat"),
        "name": _text(_has(d, "name"), f"{key}.name", NAME_LIMIT, null=True),
        "kind": kind,
        "level": _text(_has(d, "level"), f"{key}.level", NAME_LIMIT, null=True),
        "connected": _bool(_has(d, "connected"), f"{key}.connected"),
    }


def _seat_infos(value: Any, key: str, size: int | None = None) -> tuple[dict[str, Any], ...]:
    low, high = (size, size) if size else (min(TABLE_SIZES), max(TABLE_SIZES))
    seats = tuple(_seat_info(s, key) for s in _list(value, key, low, high))
    if sorted(s["seat"] for s in seats) != list(range(len(seats))):
        raise _bad(key, "one entry for each seat of the table")
    return seats


def _table_info(value: Any) -> dict[str, Any]:
    d = _object(value, "tables")
    size = _has(d, "size")
    if size not in TABLE_SIZES or type(size) is not int:
        raise _bad("tables.size", "3 or 4")
    state = _has(d, "state")
    if state not in _TABLE_STATES:
        raise _bad("tables.state", "lobby, playing or finished")
    return {
        "id": _table_id(_has(d, "id"), "tables.id"),
        "name": _text(_has(d, "name"), "tables.name", NAME_LIMIT),
        "profile": _text(_has(d, "profile"), "tables.profile", NAME_LIMIT, empty=False),
        "profile_title": _text(_has(d, "profile_title"), "tables.profile_title", TITLE_LIMIT),
        "size": size,
        "planned_deals": _int(_has(d, "planned_deals"), "tables.planned_deals"),
        "deals_done": _int(_has(d, "deals_done"), "tables.deals_done"),
        "password": _bool(_has(d, "password"), "tables.password"),
        "seats": list(_seat_infos(_has(d, "seats"), "tables.seats", size)),
        "kibitzers": _int(_has(d, "kibitzers"), "tables.kibitzers"),
        "state": state,
    }


def _profile(value: Any) -> RuleProfile:
    data = _object(value, "profile")
    try:
        profile = RuleProfile.from_dict(data)
    except Exception as e:  # a hostile profile may fail in any way: the field is bad
        raise ProtocolError("bad_field", f"field 'profile': {e}", {"field": "profile"}) from None
    _text(profile.name, "profile.name", NAME_LIMIT, empty=False)
    _text(profile.title, "profile.title", TITLE_LIMIT)
    return profile


def _view(value: Any, profile: RuleProfile) -> SeatView:
    try:
        return SeatView.from_dict(value, profile)
    except Exception as e:  # from_dict promises ValueError; a hostile view gets no more
        raise ProtocolError("bad_field", f"field 'view': {e}", {"field": "view"}) from None


def _stand_in(value: Any) -> RuleProfile:
    """A profile to check a view against before the client names the table's own."""
    name = value.get("profile") if type(value) is dict else None
    if type(name) is not str:
        raise _bad("view", "a seat view naming its rule profile")
    return RuleProfile(name=name, title=name)


def _sheet(value: Any) -> dict[str, Any]:
    d = _object(value, "sheet")
    entries = [_object(e, "sheet.entries") for e in _list(_has(d, "entries"), "sheet.entries")]
    totals = _ints(_has(d, "totals"), "sheet.totals", min(TABLE_SIZES), max(TABLE_SIZES))
    return {"entries": entries, "totals": list(totals)}


def _joined(f: dict[str, Any]) -> Joined:
    profile = _profile(_has(f, "profile"))
    view = _has(f, "view")
    names = tuple(
        _text(n, "names", NAME_LIMIT, null=True)
        for n in _list(_has(f, "names"), "names", min(TABLE_SIZES), max(TABLE_SIZES))
    )
    return Joined(
        _table_id(_has(f, "table")),
        _seat(_has(f, "seat"), null=True),
        _token(_has(f, "token"), null=True),
        profile,
        names,
        _int(_has(f, "tick"), "tick"),
        None if view is None else _view(view, profile),
        tuple(_known_action(a, "actions") for a in _list(_has(f, "actions"), "actions")),
        _int(_has(f, "deal_number"), "deal_number"),
        _sheet(_has(f, "sheet")),
        _re(f),
        _text(_has(f, "name"), "name", NAME_LIMIT),
        _seat(_has(f, "dealer"), "dealer", null=True),
        _deal_seats(_has(f, "seats")),
        _int(_has(f, "planned_deals"), "planned_deals"),
        _int(_has(f, "deals_done"), "deals_done"),
        _state(_has(f, "state")),
    )


def _deal_seats(value: Any) -> tuple[int, ...] | None:
    return None if value is None else _seat_list(value, "seats", 3, 3)


def _state(value: Any, key: str = "state") -> str:
    if value not in _TABLE_STATES:
        raise _bad(key, "lobby, playing or finished")
    return value


def _result(value: Any, key: str) -> dict[str, Any]:
    result = _object(value, key)
    if _has(result, "kind") not in _RESULT_KINDS:
        raise _bad(f"{key}.kind", "game, ramsch or passed_in")
    _ints(_has(result, "scores"), f"{key}.scores", 3, 3)
    return result


def _check_event(e: dict[str, Any]) -> None:
    """The fields of each kind of app.redaction.event_for's JSON that a client uses."""
    kind = _has(e, "event")
    if kind == "action_applied":
        _seat(_has(e, "seat"), "event.seat")
        _int(_has(e, "index"), "event.index")
        _known_action(_has(e, "action"), "event.action")
    elif kind == "deal_started":
        _int(_has(e, "number"), "event.number", 1)
        _seat(_has(e, "dealer"), "event.dealer")
        _seat_list(_has(e, "seats"), "event.seats", 3, 3)
        _bool(_has(e, "replay"), "event.replay")
    elif kind == "deal_finished":
        _result(_has(e, "result"), "event.result")
        entry = _has(e, "entry")
        if entry is not None:
            _object(entry, "event.entry")
    elif kind == "actions_undone":
        _seat(_has(e, "seat"), "event.seat")
        _int(_has(e, "count"), "event.count")
    elif kind == "player_failed":
        _seat(_has(e, "seat"), "event.seat")
        _text(_has(e, "code"), "event.code", NAME_LIMIT, empty=False)
        _object(_has(e, "params"), "event.params")
        _text(_has(e, "message"), "event.message", MESSAGE_LIMIT)
    elif kind == "series_finished":
        _ints(_has(e, "totals"), "event.totals", min(TABLE_SIZES), max(TABLE_SIZES))
    else:
        raise _bad("event.event", "a known kind of table event")


def _event(f: dict[str, Any]) -> Event:
    event = _object(_has(f, "event"), "event")
    _check_event(event)
    view = _has(f, "view")
    parsed = None if view is None else _view(view, _stand_in(view))
    return Event(
        _table_id(_has(f, "table")),
        _int(_has(f, "tick"), "tick"),
        event,
        view,
        _re(f),
        parsed,
    )


def _contributions(value: Any, key: str = "contributions") -> dict[int, bytes]:
    d = _object(value, key)
    out: dict[int, bytes] = {}
    for seat, hex_value in d.items():
        if seat not in ("0", "1", "2", "3"):
            raise _bad(key, "an object from seats '0' to '3' to hex values")
        out[int(seat)] = _hex(hex_value, key)
    return out


def _full_log(value: Any, key: str) -> tuple[dict[str, Any], ...]:
    """A finished deal's log with every card open (no hidden discard)."""
    out = []
    for a in _list(value, key):
        _action(a, key)
        out.append(a)
    return tuple(out)


def _reveal(f: dict[str, Any]) -> Reveal:
    pledges = _contributions(_has(f, "pledges"), "pledges")
    return Reveal(
        _table_id(_has(f, "table")),
        _int(_has(f, "deal"), "deal", 1),
        _hex(_has(f, "secret"), "secret"),
        _contributions(_has(f, "contributions")),
        _int(_has(f, "seed"), "seed", 0, MAX_SEED),
        _re(f),
        pledges,
        _seat_list(_has(f, "withheld"), "withheld"),
        _full_log(_has(f, "actions"), "actions"),
        _seat_list(f.get("late", []), "late"),
    )


def _fair_record(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    d = _object(value, "deals.fair")
    return {
        "commitment": _hex(_has(d, "commitment"), "deals.fair.commitment"),
        "secret": _hex(_has(d, "secret"), "deals.fair.secret"),
        "pledges": _contributions(_has(d, "pledges"), "deals.fair.pledges"),
        "contributions": _contributions(_has(d, "contributions"), "deals.fair.contributions"),
        "withheld": _seat_list(_has(d, "withheld"), "deals.fair.withheld"),
    }


def _deal_record(value: Any) -> dict[str, Any]:
    d = _object(value, "deals")
    entry = _has(d, "entry")
    return {
        "deal": _int(_has(d, "deal"), "deals.deal", 1),
        "seed": _int(_has(d, "seed"), "deals.seed", 0, MAX_SEED),
        "actions": _full_log(_has(d, "actions"), "deals.actions"),
        "result": _result(_has(d, "result"), "deals.result"),
        "entry": None if entry is None else _object(entry, "deals.entry"),
        "fair": _fair_record(_has(d, "fair")),
    }


def _records(f: dict[str, Any]) -> Records:
    deals = tuple(_deal_record(d) for d in _list(_has(f, "deals"), "deals", 0, MAX_RECORDS))
    numbers = [d["deal"] for d in deals]
    if numbers != sorted(set(numbers)):
        raise _bad("deals", "deals in ascending order, each once")
    return Records(_table_id(_has(f, "table")), deals, _bool(_has(f, "more"), "more"), _re(f))


def _code(value: Any, key: str) -> str | None:
    if value is None:
        return None
    if type(value) is not str or not _CODE.fullmatch(value):
        raise _bad(key, "an error code or null")
    return value


def _error(f: dict[str, Any]) -> ErrorReply:
    code = _has(f, "code")
    if type(code) is not str or not _CODE.fullmatch(code):
        raise _bad("code", "an error code")
    return ErrorReply(
        code,
        _text(_has(f, "message"), "message", MESSAGE_LIMIT),
        _object(f.get("params", {}), "params"),
        _re(f),
    )


_HOST_PARSERS = {
    "welcome": lambda f: Welcome(
        _int(_has(f, "version"), "version"),
        _text(_has(f, "server"), "server", NAME_LIMIT),
        _text(_has(f, "host"), "host", NAME_LIMIT),
        _hex(_has(f, "challenge"), "challenge"),
        _re(f),
    ),
    "tables": lambda f: Tables(
        tuple(_table_info(t) for t in _list(_has(f, "tables"), "tables")), _re(f)
    ),
    "joined": _joined,
    "event": _event,
    "turn": lambda f: Turn(
        _table_id(_has(f, "table")),
        _int(_has(f, "tick"), "tick"),
        _seat(_has(f, "seat")),
        _bool(_has(f, "interjection"), "interjection"),
        _re(f),
    ),
    "seats": lambda f: Seats(
        _table_id(_has(f, "table")),
        _seat_infos(_has(f, "seats"), "seats"),
        _seat(_has(f, "waiting_for"), "waiting_for", null=True),
        _seat_list(_has(f, "substitutes"), "substitutes"),
        _re(f),
        _code(f.get("paused"), "paused"),
    ),
    "commit": lambda f: Commit(
        _table_id(_has(f, "table")),
        _int(_has(f, "deal"), "deal", 1),
        _hex(_has(f, "commitment"), "commitment"),
        _seat_list(_has(f, "contributors"), "contributors"),
        _re(f),
    ),
    "pledges": lambda f: Pledges(
        _table_id(_has(f, "table")),
        _int(_has(f, "deal"), "deal", 1),
        _contributions(_has(f, "pledges"), "pledges"),
        _re(f),
    ),
    "reveal": _reveal,
    "records": _records,
    "concession": lambda f: Concession(
        _table_id(_has(f, "table")),
        _int(_has(f, "tick"), "tick"),
        _seat(_has(f, "declarer"), "declarer"),
        _seat(_has(f, "asked"), "asked"),
        None if _has(f, "answer") is None else _bool(f["answer"], "answer"),
        _re(f),
    ),
    "chat": lambda f: ChatLine(
        _table_id(_has(f, "table")),
        _seat(_has(f, "seat"), null=True),
        _text(_has(f, "name"), "name", NAME_LIMIT),
        _text(_has(f, "text"), "text", CHAT_LIMIT),
        _re(f),
    ),
    "pong": lambda f: Pong(_re(f)),
    "error": _error,
    "closing": lambda f: Closing(_text(_has(f, "reason"), "reason", MESSAGE_LIMIT), _re(f)),
}


def parse_host(frame: Any) -> HostMessage:
    """A host's frame as a message, checked as strictly as the host checks a client's
    (a hostile host must not crash a client). Raises ProtocolError ``bad_frame``,
    ``unknown_type`` or ``bad_field``; unknown extra fields are ignored."""
    if type(frame) is not dict or type(frame.get("type")) is not str:
        raise ProtocolError("bad_frame")
    parser = _HOST_PARSERS.get(frame["type"])
    if parser is None:
        raise ProtocolError("unknown_type", params={"type": _short(frame["type"])})
    return parser(frame)


# --------------------------------------------------------------------------- building frames


def _frame(kind: str, fields: dict[str, Any], reply: int | None = None, key: str = "re") -> dict:
    out = {"type": kind, **fields}
    if reply is not None:
        out[key] = reply
    return out


def _view_json(view: SeatView | dict[str, Any] | None) -> dict[str, Any] | None:
    return view.to_dict() if isinstance(view, SeatView) else view


def _one_line(text: str, limit: int) -> str:
    """Free text the host sends (an error's sentence, a closing reason), made to pass
    :func:`plain_text` on the other side: the frame must never be refused for it."""
    return _NOT_PLAIN.sub(" ", str(text))[:limit]


def welcome(server: str, host: str, challenge: bytes, re: int | None = None) -> dict[str, Any]:
    fields = {"version": VERSION, "server": server, "host": host, "challenge": challenge.hex()}
    return _frame("welcome", fields, re)


def tables(infos: Iterable[dict[str, Any]], re: int | None = None) -> dict[str, Any]:
    return _frame("tables", {"tables": list(infos)}, re)


def joined(
    table: str,
    seat: int | None,
    token: str | None,
    profile: RuleProfile,
    names: Iterable[str | None],
    tick: int,
    view: SeatView | dict[str, Any] | None,
    actions: Iterable[dict[str, Any]],
    deal_number: int,
    sheet: dict[str, Any],
    re: int | None = None,
    *,
    planned_deals: int,
    state: str,
    name: str = "",
    dealer: int | None = None,
    deal_seats: Iterable[int] | None = None,
    deals_done: int | None = None,
) -> dict[str, Any]:
    """Everything a seat (or a kibitzer) needs to draw the table at once, also after a
    reconnect: the deal in play (its dealer and seating) and the series' length, state
    and deals done. ``deals_done`` defaults to the sheet's lines."""
    fields = {
        "table": table,
        "seat": seat,
        "token": token,
        "profile": profile.to_dict(),
        "names": list(names),
        "tick": tick,
        "view": _view_json(view),
        "actions": list(actions),
        "deal_number": deal_number,
        "sheet": sheet,
        "name": name,
        "dealer": dealer,
        "seats": None if deal_seats is None else list(deal_seats),
        "planned_deals": planned_deals,
        "deals_done": len(sheet["entries"]) if deals_done is None else deals_done,
        "state": state,
    }
    return _frame("joined", fields, re)


def event(
    table: str, tick: int, event: dict[str, Any], view: SeatView | dict[str, Any] | None
) -> dict[str, Any]:
    return _frame("event", {"table": table, "tick": tick, "event": event, "view": _view_json(view)})


def turn(table: str, tick: int, seat: int, interjection: bool) -> dict[str, Any]:
    fields = {"table": table, "tick": tick, "seat": seat, "interjection": interjection}
    return _frame("turn", fields)


def seats(
    table: str,
    seats: Iterable[dict[str, Any]],
    waiting_for: int | None,
    substitutes: Iterable[int],
    paused: str | None = None,
) -> dict[str, Any]:
    """Who sits where; ``paused``: the error code of why the table waits (the host
    cannot save it), or None while it plays."""
    fields = {
        "table": table,
        "seats": list(seats),
        "waiting_for": waiting_for,
        "substitutes": list(substitutes),
        "paused": paused,
    }
    return _frame("seats", fields)


def commit(table: str, deal: int, commitment: bytes, contributors: Iterable[int]) -> dict:
    fields = {
        "table": table,
        "deal": deal,
        "commitment": commitment.hex(),
        "contributors": sorted(contributors),
    }
    return _frame("commit", fields)


def _by_seat(values: Mapping[int, bytes]) -> dict[str, str]:
    return {str(s): v.hex() for s, v in sorted(values.items())}


def pledges(table: str, deal: int, pledges: Mapping[int, bytes]) -> dict[str, Any]:
    return _frame("pledges", {"table": table, "deal": deal, "pledges": _by_seat(pledges)})


def reveal(
    table: str,
    deal: int,
    secret: bytes,
    contributions: Mapping[int, bytes],
    seed: int,
    *,
    pledges: Mapping[int, bytes],
    actions: Iterable[dict[str, Any]],
    late: Iterable[int] = (),
) -> dict[str, Any]:
    """After the deal: the host's secret, every pledge, the opened contributions the
    seed took, the seats that withheld theirs, the deal's whole log (every card open
    now, so each client keeps exactly the host's record), and the seats whose pledge
    came after the pledges were shown (so such a seat's client knows why it was not
    taken, which it cannot tell from an omission by itself)."""
    fields = {
        "table": table,
        "deal": deal,
        "secret": secret.hex(),
        "contributions": _by_seat(contributions),
        "seed": seed,
        "pledges": _by_seat(pledges),
        "withheld": sorted(set(pledges) - set(contributions)),
        "actions": list(actions),
        "late": sorted(set(late)),
    }
    return _frame("reveal", fields)


def deal_record(
    deal: int,
    seed: int,
    actions: Iterable[dict[str, Any]],
    result: dict[str, Any],
    entry: dict[str, Any] | None,
    fair: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One finished deal of a ``records`` answer. ``fair`` (None when the host no longer
    knows it, e.g. after a restart): ``{commitment, secret, pledges, contributions}``
    as bytes; the seats that withheld are added."""
    fair_json = None
    if fair is not None:
        fair_json = {
            "commitment": fair["commitment"].hex(),
            "secret": fair["secret"].hex(),
            "pledges": _by_seat(fair["pledges"]),
            "contributions": _by_seat(fair["contributions"]),
            "withheld": sorted(set(fair["pledges"]) - set(fair["contributions"])),
        }
    return {
        "deal": deal,
        "seed": seed,
        "actions": list(actions),
        "result": result,
        "entry": entry,
        "fair": fair_json,
    }


def records(
    table: str, deals: Iterable[dict[str, Any]], more: bool, re: int | None = None
) -> dict[str, Any]:
    """At most :data:`MAX_RECORDS` of :func:`deal_record`, oldest first (the host
    sends fewer when the frame would be too large, and says ``more``)."""
    return _frame("records", {"table": table, "deals": list(deals), "more": more}, re)


def concession(
    table: str,
    tick: int,
    declarer: int,
    asked: int,
    answer: bool | None,
    re: int | None = None,
) -> dict[str, Any]:
    """A declarer's late concession: asked of a defender (``answer`` None) or answered."""
    fields = {
        "table": table,
        "tick": tick,
        "declarer": declarer,
        "asked": asked,
        "answer": answer,
    }
    return _frame("concession", fields, re)


def chat_line(table: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
    return _frame("chat", {"table": table, "seat": seat, "name": name, "text": text})


def pong(re: int | None = None) -> dict[str, Any]:
    return _frame("pong", {}, re)


def closing(reason: str) -> dict[str, Any]:
    return _frame("closing", {"reason": _one_line(reason, MESSAGE_LIMIT)})


def error_frame(
    code: str, message: str | None = None, params: dict | None = None, re: int | None = None
) -> dict[str, Any]:
    """The error frame for ``code``; ``message`` defaults to its English line."""
    text = ERROR_CODES.get(code, code) if message is None else message
    fields = {"code": code, "message": _one_line(text, MESSAGE_LIMIT), "params": params or {}}
    return _frame("error", fields, re)


def hello(name: str, client: str, id: int | None = None) -> dict[str, Any]:
    return _frame("hello", {"name": name, "version": VERSION, "client": client}, id, "id")


def list_tables(id: int | None = None) -> dict[str, Any]:
    return _frame("list", {}, id, "id")


def join(
    table: str,
    seat: int | None,
    proof: bytes | None = None,
    token: str | None = None,
    id: int | None = None,
) -> dict[str, Any]:
    fields: dict[str, Any] = {"table": table, "seat": seat}
    if proof is not None:
        fields["proof"] = proof.hex()
    if token is not None:
        fields["token"] = token
    return _frame("join", fields, id, "id")


def leave(table: str, id: int | None = None) -> dict[str, Any]:
    return _frame("leave", {"table": table}, id, "id")


def act(table: str, tick: int, action: Action, id: int | None = None) -> dict[str, Any]:
    fields = {"table": table, "tick": tick, "action": action_to_dict(action)}
    return _frame("act", fields, id, "id")


def decline(table: str, tick: int, id: int | None = None) -> dict[str, Any]:
    return _frame("decline", {"table": table, "tick": tick}, id, "id")


def next_deal(table: str, id: int | None = None) -> dict[str, Any]:
    return _frame("next", {"table": table}, id, "id")


def pledge(table: str, deal: int, commitment: bytes, id: int | None = None) -> dict[str, Any]:
    fields = {"table": table, "deal": deal, "commitment": commitment.hex()}
    return _frame("pledge", fields, id, "id")


def fetch_records(table: str, first: int, id: int | None = None) -> dict[str, Any]:
    return _frame("records", {"table": table, "from": first}, id, "id")


def contribute(table: str, deal: int, value: bytes, id: int | None = None) -> dict[str, Any]:
    return _frame("contribute", {"table": table, "deal": deal, "value": value.hex()}, id, "id")


def chat(table: str, text: str, id: int | None = None) -> dict[str, Any]:
    return _frame("chat", {"table": table, "text": text}, id, "id")


def consent(table: str, tick: int, agree: bool, id: int | None = None) -> dict[str, Any]:
    """A defender's answer to a declarer's late concession (``concession``)."""
    return _frame("consent", {"table": table, "tick": tick, "agree": agree}, id, "id")


def ping(id: int | None = None) -> dict[str, Any]:
    return _frame("ping", {}, id, "id")


# --------------------------------------------------------------------------- table passwords

_PASSWORD_SALT = b"skat-desktop table password"
PASSWORD_ROUNDS = 50_000


def password_key(password: str) -> bytes:
    """The key a table password stands for (slow to guess; the password itself never
    crosses the wire)."""
    return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), _PASSWORD_SALT, PASSWORD_ROUNDS)


def _digest(key: bytes, challenge: bytes, table: str) -> bytes:
    return hmac.new(key, challenge + table.encode("utf-8"), hashlib.sha256).digest()


def proof(key: bytes, challenge: bytes, table: str) -> bytes:
    """What a client shows for ``table``: bound to this connection's challenge, so a
    proof overheard on the LAN is worth nothing on another connection or table."""
    return _digest(key, challenge, table)


def check_proof(key: bytes, challenge: bytes, table: str, proof: bytes | None) -> bool:
    """Whether ``proof`` is the proof for ``table`` on this connection (constant time)."""
    if type(proof) is not bytes:
        return False
    return hmac.compare_digest(_digest(key, challenge, table), proof)
