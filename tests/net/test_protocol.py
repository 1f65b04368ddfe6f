"""The wire protocol (net/protocol.py, docs/protocol.md): frames however they are
chunked, every message from its builder back through the strict parser, and every
kind of bad frame refused with its code -- on the host's side and on the client's."""

from __future__ import annotations

import ast
import copy
import dataclasses
import itertools
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    SeatSpec,
    SeriesOver,
    TableController,
)
from skat_desktop.engine.actions import Bid, Discard, Hold, Pass, PickUp, Play, action_to_dict
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, TEXAS
from skat_desktop.engine.record import result_to_dict
from skat_desktop.engine.view import actions_for
from skat_desktop.net import protocol as p
from skat_desktop.net.protocol import ProtocolError

ROOT = Path(__file__).resolve().parents[2]
NET = ROOT / "skat_desktop" / "net"
CLUB = HOUSE.copy("club", "Club rules: Grand 20", grand_base=20)

RUNS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --------------------------------------------------------------------------- data to send

NOT_PLAIN = "\x00\x07\t\n\r\x1b\x7f\x85\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2069"
PLAIN = st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters=NOT_PLAIN)


def plain(low: int, high: int) -> st.SearchStrategy[str]:
    text = st.text(PLAIN, min_size=low, max_size=high)
    return text.filter(lambda t: t.strip()) if low else text


TABLE = st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True)
TOKEN = st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True)
IDS = st.none() | st.integers(0, 2**53)
TICK = st.integers(0, 2**53)
STATES = st.sampled_from(("lobby", "playing", "finished"))
SEAT = st.integers(0, 3)
BYTES32 = st.binary(min_size=32, max_size=32)


def _deals(profile, seeds, size=3):
    """Deals of random legal play, kept at every step: views and logs to send."""
    out = []
    for seed in seeds:
        deal = Deal(DealSetup(profile, deal_from_seed(seed), seed, size, seed % size))
        rng = random.Random(seed)
        out.append(_copy(deal))
        while not deal.finished:
            deal.apply(rng.choice(deal.legal_actions(deal.to_move)))
            out.append(_copy(deal))
    return out


def _copy(deal: Deal) -> Deal:
    again = Deal(deal.setup)
    for a in deal.actions:
        again.apply(a)
    return again


DEALS = _deals(ISKO, range(3)) + _deals(CLUB, range(3, 5), 4) + _deals(TEXAS, range(5, 7))
ACTIONS = sorted(
    {a for d in DEALS if not d.finished for q in range(3) for a in d.legal_actions(q)}
    | {a for d in DEALS for a in d.actions},
    key=repr,
)


@st.composite
def client_cases(draw):
    """A client frame from its builder, and the message it must parse to."""
    i = draw(IDS)
    table = draw(TABLE)
    match draw(st.integers(0, 11)):
        case 10:
            deal, c = draw(st.integers(1, 2**53)), draw(BYTES32)
            return p.pledge(table, deal, c, i), p.Pledge(table, deal, c, i)
        case 11:
            first = draw(st.integers(1, 2**53))
            return p.fetch_records(table, first, i), p.FetchRecords(table, first, i)
        case 0:
            name, client = draw(plain(1, 64)), draw(plain(0, 64))
            return p.hello(name, client, i), p.Hello(name, p.VERSION, client, i)
        case 1:
            return p.list_tables(i), p.ListTables(i)
        case 2:
            seat = draw(st.none() | SEAT)
            proof = draw(st.none() | BYTES32)
            token = draw(st.none() | TOKEN)
            return p.join(table, seat, proof, token, i), p.Join(table, seat, proof, token, i)
        case 3:
            return p.leave(table, i), p.Leave(table, i)
        case 4:
            tick, action = draw(TICK), draw(st.sampled_from(ACTIONS))
            return p.act(table, tick, action, i), p.Act(table, tick, action, i)
        case 5:
            tick = draw(TICK)
            return p.decline(table, tick, i), p.Decline(table, tick, i)
        case 6:
            return p.next_deal(table, i), p.Next(table, i)
        case 7:
            deal, value = draw(st.integers(1, 2**53)), draw(BYTES32)
            return p.contribute(table, deal, value, i), p.Contribute(table, deal, value, i)
        case 8:
            text = draw(plain(1, 300))
            return p.chat(table, text, i), p.Chat(table, text, i)
        case _:
            return p.ping(i), p.Ping(i)


def _wire(frame: dict) -> dict:
    """Through encode and a FrameReader, as it arrives."""
    (got,) = p.FrameReader().feed(p.encode(frame))
    assert not isinstance(got, ProtocolError), got
    return got


@RUNS
@given(case=client_cases())
def test_every_client_message_round_trips(case) -> None:
    frame, message = case
    assert p.parse_client(_wire(frame)) == message


@st.composite
def seat_infos(draw, size: int):
    return [
        {
            "seat": s,
            "name": draw(st.none() | plain(0, 64)),
            "kind": draw(st.sampled_from(("human", "computer", "open"))),
            "level": draw(st.none() | st.sampled_from(("random", "standard"))),
            "connected": draw(st.booleans()),
        }
        for s in range(size)
    ]


@st.composite
def table_infos(draw):
    size = draw(st.sampled_from((3, 4)))
    return {
        "id": draw(TABLE),
        "name": draw(plain(0, 64)),
        "profile": draw(st.sampled_from(("isko", "house", "club"))),
        "profile_title": draw(plain(0, 200)),
        "size": size,
        "planned_deals": draw(st.integers(0, 2**53)),
        "deals_done": draw(st.integers(0, 2**53)),
        "password": draw(st.booleans()),
        "seats": draw(seat_infos(size)),
        "kibitzers": draw(st.integers(0, 100)),
        "state": draw(st.sampled_from(("lobby", "playing", "finished"))),
    }


def _deal_frame(draw, table: str, tick: int, re_: int | None):
    deal = draw(st.sampled_from(DEALS))
    size = deal.setup.table_size
    seat = draw(st.none() | st.integers(0, size - 1))
    names = draw(st.lists(st.none() | plain(0, 64), min_size=size, max_size=size))
    token = draw(st.none() | TOKEN)
    sheet = {"entries": [{"number": 1, "kind": "game"}], "totals": [0] * size}
    known = actions_for(deal, seat)
    name, planned, state = draw(plain(0, 64)), draw(st.integers(1, 100)), draw(STATES)
    setup = deal.setup
    frame = p.joined(
        table,
        seat,
        token,
        deal.profile,
        names,
        tick,
        deal.view(seat),
        known,
        1,
        sheet,
        re_,
        name=name,
        dealer=setup.dealer,
        deal_seats=setup.seats,
        planned_deals=planned,
        state=state,
    )
    view = deal.view(seat)
    expected = p.Joined(
        table,
        seat,
        token,
        deal.profile,
        tuple(names),
        tick,
        view,
        tuple(known),
        1,
        sheet,
        re_,
        name,
        setup.dealer,
        tuple(setup.seats),
        planned,
        1,
        state,
    )
    return frame, expected


FINISHED = [d for d in DEALS if d.finished]


def _record(draw) -> tuple[dict, dict]:
    """A finished deal as ``records`` carries it, and as parse_host gives it back."""
    deal = draw(st.sampled_from(FINISHED))
    number, seed = draw(st.integers(1, 2**20)), draw(st.integers(0, 2**63 - 1))
    log = [action_to_dict(a) for a in deal.actions]
    result = result_to_dict(deal.result)
    entry = draw(st.none() | st.just({"number": number, "kind": "game"}))
    fair = None
    if draw(st.booleans()):
        pledged = draw(st.dictionaries(SEAT, BYTES32))
        opened = {s: v for s, v in pledged.items() if draw(st.booleans())}
        fair = {
            "commitment": draw(BYTES32),
            "secret": draw(BYTES32),
            "pledges": pledged,
            "contributions": opened,
        }
    item = p.deal_record(number, seed, log, result, entry, fair)
    parsed = {**item, "actions": tuple(log)}
    if fair is not None:
        withheld = tuple(sorted(set(fair["pledges"]) - set(fair["contributions"])))
        parsed["fair"] = {**fair, "withheld": withheld}
    return item, parsed


@st.composite
def host_cases(draw):
    """A host frame from its builder, and the message it must parse to."""
    table, tick, seat, r = draw(TABLE), draw(TICK), draw(SEAT), draw(IDS)
    match draw(st.integers(0, 13)):
        case 12:
            given_ = draw(st.dictionaries(SEAT, BYTES32))
            deal = draw(st.integers(1, 2**53))
            return p.pledges(table, deal, given_), p.Pledges(table, deal, given_)
        case 13:
            items = [_record(draw) for _ in range(draw(st.integers(0, 3)))]
            items = list({i["deal"]: (i, j) for i, j in items}.values())
            items.sort(key=lambda x: x[0]["deal"])
            more = draw(st.booleans())
            frame = p.records(table, [i for i, _ in items], more, r)
            return frame, p.Records(table, tuple(j for _, j in items), more, r)
        case 0:
            server, host, challenge = draw(plain(0, 64)), draw(plain(0, 64)), draw(BYTES32)
            frame = p.welcome(server, host, challenge, r)
            return frame, p.Welcome(p.VERSION, server, host, challenge, r)
        case 1:
            infos = draw(st.lists(table_infos(), max_size=4))
            return p.tables(infos, r), p.Tables(tuple(infos), r)
        case 2:
            return _deal_frame(draw, table, tick, r)
        case 3:
            interjection = draw(st.booleans())
            frame = p.turn(table, tick, seat, interjection)
            return frame, p.Turn(table, tick, seat, interjection)
        case 4:
            size = draw(st.sampled_from((3, 4)))
            infos = draw(seat_infos(size))
            waiting = draw(st.none() | st.integers(0, size - 1))
            subs = draw(st.lists(st.integers(0, size - 1), unique=True))
            frame = p.seats(table, infos, waiting, subs)
            return frame, p.Seats(table, tuple(infos), waiting, tuple(subs))
        case 5:
            deal, c = draw(st.integers(1, 2**53)), draw(BYTES32)
            who = draw(st.lists(SEAT, unique=True))
            frame = p.commit(table, deal, c, who)
            return frame, p.Commit(table, deal, c, tuple(sorted(who)))
        case 6:
            deal, secret = draw(st.integers(1, 2**53)), draw(BYTES32)
            pledged = draw(st.dictionaries(SEAT, BYTES32))
            given_ = {s: v for s, v in pledged.items() if draw(st.booleans())}
            seed = draw(st.integers(0, 2**63 - 1))
            log = [action_to_dict(a) for a in draw(st.sampled_from(FINISHED)).actions]
            frame = p.reveal(table, deal, secret, given_, seed, pledges=pledged, actions=log)
            withheld = tuple(sorted(set(pledged) - set(given_)))
            expected = p.Reveal(table, deal, secret, given_, seed, None, pledged, withheld)
            return frame, dataclasses.replace(expected, actions=tuple(log))
        case 7:
            who, name, text = draw(st.none() | SEAT), draw(plain(0, 64)), draw(plain(1, 300))
            return p.chat_line(table, who, name, text), p.ChatLine(table, who, name, text)
        case 8:
            return p.pong(r), p.Pong(r)
        case 9:
            code = draw(st.sampled_from(sorted(p.ERROR_CODES)))
            params = draw(st.dictionaries(st.text(max_size=5), st.integers() | st.text()))
            frame = p.error_frame(code, None, params, r)
            return frame, p.ErrorReply(code, p.ERROR_CODES[code], params, r)
        case 10:
            reason = draw(plain(0, 500))
            return p.closing(reason), p.Closing(reason)
        case _:
            deal = draw(st.sampled_from(DEALS))
            who = draw(st.none() | st.integers(0, deal.setup.table_size - 1))
            view = deal.view(who)
            payload = {"event": "actions_undone", "seat": 0, "count": 1}
            frame = p.event(table, tick, payload, view)
            return frame, p.Event(table, tick, payload, view.to_dict())


@RUNS
@given(case=host_cases())
def test_every_host_message_round_trips(case) -> None:
    frame, message = case
    got = p.parse_host(_wire(frame))
    if isinstance(message, p.Joined):
        assert got.view.to_dict() == message.view.to_dict()
        got = got.__class__(**{**got.__dict__, "view": message.view})
    assert got == message


def test_a_user_profile_travels_whole() -> None:
    """joined carries the profile's options, not just its name (a club's own copy)."""
    deal = next(d for d in DEALS if d.profile is CLUB and d.phase == "play")
    sheet = {"entries": [], "totals": [0, 0, 0, 0]}
    frame = p.joined(
        "t",
        1,
        None,
        CLUB,
        ["a", "b", "c", "d"],
        4,
        deal.view(1),
        [],
        1,
        sheet,
        dealer=deal.setup.dealer,
        deal_seats=deal.setup.seats,
        planned_deals=8,
        state="playing",
    )
    got = p.parse_host(_wire(frame))
    assert got.profile == CLUB and got.profile.grand_base == 20
    assert got.view.profile is got.profile


# --------------------------------------------------------------------------- framing


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
FRAMES = st.builds(
    lambda fields, kind: {**fields, "type": kind},
    st.dictionaries(st.text(max_size=6), JSON, max_size=5),
    st.text(max_size=10),
)
BAD_LINES = {b"nonsense": "bad_json", b"[1, 2]": "bad_frame", b'{"type": 1}': "bad_frame"}


@RUNS
@given(
    items=st.lists(FRAMES | st.sampled_from(sorted(BAD_LINES)), max_size=8),
    cuts=st.lists(st.integers(0, 10_000), max_size=12),
)
def test_frames_survive_any_chunking(items, cuts) -> None:
    data = b"".join(x + b"\n" if isinstance(x, bytes) else p.encode(x) for x in items)
    bounds = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    reader = p.FrameReader()
    got = []
    for a, b in itertools.pairwise(bounds):
        got += reader.feed(data[a:b])
    assert reader.partial == 0
    assert len(got) == len(items)
    for x, y in zip(items, got, strict=True):
        if isinstance(x, bytes):
            assert isinstance(y, ProtocolError) and y.code == BAD_LINES[x]
        else:
            assert y == x


def test_a_frame_waits_for_its_newline() -> None:
    reader = p.FrameReader()
    line = p.encode(p.ping(7))
    assert reader.feed(line[:5]) == [] and reader.partial == 5
    assert reader.feed(line[5:-1]) == [] and reader.partial == len(line) - 1
    assert reader.feed(line[-1:] + line[:3]) == [p.ping(7)] and reader.partial == 3


def _frame_of(size: int) -> bytes:
    """A valid frame of exactly ``size`` bytes with its newline."""
    head = b'{"type":"ping","pad":"'
    return head + b"x" * (size - len(head) - 3) + b'"}\n'


def test_the_largest_frame_passes_and_one_byte_more_is_too_large() -> None:
    largest = _frame_of(p.MAX_FRAME)
    assert len(largest) == p.MAX_FRAME
    assert p.FrameReader().feed(largest)[0]["type"] == "ping"
    reader = p.FrameReader()
    assert reader.feed(largest[:-1]) == []  # 65535 bytes may still get their newline
    assert reader.partial == p.MAX_FRAME - 1
    with pytest.raises(ProtocolError) as e:
        p.FrameReader().feed(_frame_of(p.MAX_FRAME + 1))
    assert e.value.code == "too_large"


def test_too_long_without_a_newline_is_too_large_and_the_reader_stays_failed() -> None:
    reader = p.FrameReader()
    before = p.encode(p.ping(1))
    with pytest.raises(ProtocolError) as e:
        reader.feed(before + b"x" * p.MAX_FRAME)
    assert e.value.code == "too_large" and e.value.frames == [p.ping(1)]
    assert reader.partial == 0  # the buffer is let go
    with pytest.raises(ProtocolError):
        reader.feed(p.encode(p.ping(2)))


def test_a_trickle_without_newline_is_cut_off_at_the_limit() -> None:
    reader = p.FrameReader(max_frame=1000)
    for _ in range(99):
        assert reader.feed(b"x" * 10) == []
    with pytest.raises(ProtocolError) as e:
        reader.feed(b"x" * 10)
    assert e.value.code == "too_large"


def test_encode_refuses_what_the_reader_would() -> None:
    with pytest.raises(ProtocolError) as e:
        p.encode({"type": "chat", "text": "x" * p.MAX_FRAME})
    assert e.value.code == "too_large"
    for bad in (float("nan"), float("inf"), b"bytes", "\ud800"):
        with pytest.raises(ProtocolError) as e:
            p.encode({"type": "x", "v": bad})
        assert e.value.code == "bad_field"
    assert p.encode({"type": "x", "t": "a\nb"}).count(b"\n") == 1


def _nest(depth: int) -> bytes:
    """A ping whose "x" nests ``depth`` levels below the frame (the frame is level 1)."""
    return b'{"type":"ping","x":' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize(
    "line, code",
    [
        (b"not json", "bad_json"),
        (b"", "bad_json"),
        (b'{"type":"ping"', "bad_json"),
        (b'{"type":"ping"} {}', "bad_json"),
        (b'{"type":"ping","x":"\xff"}', "bad_json"),  # not UTF-8
        (b'{"type":"ping","x":NaN}', "bad_json"),
        (b'{"type":"ping","x":Infinity}', "bad_json"),
        (b'{"type":"ping","x":-Infinity}', "bad_json"),
        (b'{"type":"ping","x":1e999}', "bad_json"),
        (b'{"type":"ping","x":' + b"9" * 5000 + b"}", "bad_json"),
        (_nest(p.MAX_DEPTH), "bad_json"),
        (_nest(100_000 // 4), "bad_json"),
        (b"[" * 30_000, "bad_json"),
        (b"[]", "bad_frame"),
        (b'"ping"', "bad_frame"),
        (b"{}", "bad_frame"),
        (b'{"type":null}', "bad_frame"),
        (b'{"type":["ping"]}', "bad_frame"),
    ],
)
def test_bad_lines_give_their_code(line: bytes, code: str) -> None:
    reader = p.FrameReader(max_frame=200_000)
    (got,) = reader.feed(line + b"\n")
    assert isinstance(got, ProtocolError) and got.code == code
    # reading goes on with the next frame
    assert reader.feed(p.encode(p.ping(3))) == [p.ping(3)]


def test_depth_is_counted_outside_strings_only() -> None:
    ok = _nest(p.MAX_DEPTH - 1)
    assert p.decode(ok)["type"] == "ping"
    brackets = '{"type":"chat","table":"t","text":"' + "[{" * 100 + '\\"[["}'
    assert p.parse_client(p.decode(brackets.encode())).text == "[{" * 100 + '"[['


# --------------------------------------------------------------------------- client fields


def _act(**change) -> dict:
    frame = p.act("t1", 5, Play(0, 3), 9)
    frame.update(change)
    return frame


BAD_CLIENT = {
    "tick a bool": _act(tick=True),
    "tick a float": _act(tick=5.0),
    "tick negative": _act(tick=-1),
    "tick too big": _act(tick=2**53 + 1),
    "tick text": _act(tick="5"),
    "id a bool": _act(id=False),
    "id a float": _act(id=1.5),
    "table missing": {"type": "act", "tick": 1, "action": action_to_dict(Play(0, 3))},
    "table too long": _act(table="t" * 65),
    "table empty": _act(table=""),
    "table odd char": _act(table="t 1"),
    "table unicode": _act(table="tä"),
    "action missing": {"type": "act", "table": "t", "tick": 1},
    "action not an object": _act(action="play CJ"),
    "action unknown": _act(action={"type": "shuffle", "player": 0}),
    "action player a bool": _act(action={"type": "play", "player": True, "card": "CJ"}),
    "action player 3": _act(action={"type": "play", "player": 3, "card": "CJ"}),
    "action card unknown": _act(action={"type": "play", "player": 0, "card": "ZZ"}),
    "action bid a float": _act(action={"type": "bid", "player": 0, "value": 18.0}),
    "action bid huge": _act(action={"type": "bid", "player": 0, "value": 10**40}),
    "action agreed_by a bool": _act(action={"type": "concede", "player": 0, "agreed_by": True}),
    "discard of one": _act(action={"type": "discard", "player": 0, "cards": ["CJ"]}),
    "declare no contract": _act(action={"type": "declare", "player": 0}),
    "declare bad game": _act(action={"type": "declare", "player": 0, "contract": {"game": 1}}),
    "seat 4": p.join("t", 4),
    "seat -1": p.join("t", -1),
    "seat a bool": {"type": "join", "table": "t", "seat": True},
    "seat missing": {"type": "join", "table": "t"},
    "proof short": {"type": "join", "table": "t", "seat": 0, "proof": "ab" * 31},
    "proof not hex": {"type": "join", "table": "t", "seat": 0, "proof": "zz" * 32},
    "proof with spaces": {"type": "join", "table": "t", "seat": 0, "proof": "ab " * 21 + "a"},
    "proof a number": {"type": "join", "table": "t", "seat": 0, "proof": 5},
    "token odd char": p.join("t", 0, token="abc/def"),
    "token too long": p.join("t", 0, token="a" * 65),
    "contribute short": {"type": "contribute", "table": "t", "deal": 1, "value": "00" * 31},
    "contribute deal 0": p.contribute("t", 0, bytes(32)),
    "contribute deal a bool": {"type": "contribute", "table": "t", "deal": True, "value": "0" * 64},
    "pledge short": {"type": "pledge", "table": "t", "deal": 1, "commitment": "00" * 31},
    "pledge deal 0": p.pledge("t", 0, bytes(32)),
    "pledge commitment missing": {"type": "pledge", "table": "t", "deal": 1},
    "records from 0": p.fetch_records("t", 0),
    "records from missing": {"type": "records", "table": "t"},
    "records from a bool": {"type": "records", "table": "t", "from": True},
    "chat empty": p.chat("t", ""),
    "chat blank": p.chat("t", "   "),
    "chat too long": p.chat("t", "x" * 301),
    "chat a number": {"type": "chat", "table": "t", "text": 5},
    "hello name empty": p.hello("", "c"),
    "hello name too long": p.hello("n" * 65, "c"),
    "hello version a bool": {"type": "hello", "name": "n", "version": True, "client": "c"},
    "hello version missing": {"type": "hello", "name": "n", "client": "c"},
    "hello client missing": {"type": "hello", "name": "n", "version": 1},
    **{
        f"chat with U+{ord(ch):04X}": p.chat("t", f"hi {ch} there")
        for ch in "\n\r\t\x00\x1b\x7f\x85\u2028\u202a\u202e\u2066\u2069\ud800"
    },
    **{f"name with U+{ord(ch):04X}": p.hello(f"An{ch}na", "c") for ch in "\n\u202e\u2067"},
}


@pytest.mark.parametrize("name", sorted(BAD_CLIENT))
def test_bad_client_fields_are_bad_field(name: str) -> None:
    frame = BAD_CLIENT[name]
    with pytest.raises(ProtocolError) as e:
        p.parse_client(frame)
    assert e.value.code == "bad_field"
    assert "\n" not in e.value.message
    error = e.value.frame(p.frame_id(frame))
    assert p.parse_host(_wire(error)).code == "bad_field"


def test_unknown_types_and_host_types_from_a_client() -> None:
    for kind in ("shuffle", "welcome", "error", "", "PING"):
        with pytest.raises(ProtocolError) as e:
            p.parse_client({"type": kind})
        assert e.value.code == "unknown_type"
    with pytest.raises(ProtocolError) as e:
        p.parse_client({"type": "\u202eevil" * 20})
    assert e.value.params == {"type": ""}  # a hostile name is not echoed


def test_unknown_extra_fields_are_ignored() -> None:
    frame = {**p.ping(4), "future": {"a": [1, 2]}, "x": None}
    assert p.parse_client(frame) == p.Ping(4)
    frame = {**p.act("t", 1, Play(1, 9)), "why": "because"}
    assert p.parse_client(frame) == p.Act("t", 1, Play(1, 9))


def test_frame_id_is_echoed_only_when_sound() -> None:
    assert p.frame_id({"type": "x", "id": 12}) == 12
    for bad in (True, -1, 2**53 + 1, "12", 1.0, None):
        assert p.frame_id({"type": "x", "id": bad}) is None
    assert p.frame_id([1]) is None


def test_plain_text() -> None:
    assert p.plain_text("Jürgen ♣ 李", 64) == "Jürgen ♣ 李"
    for bad in ("a\nb", "\u202eabc", "x" * 65, 5, None, b"bytes"):
        with pytest.raises(ProtocolError) as e:
            p.plain_text(bad, 64, "name")
        assert e.value.code == "bad_field" and e.value.params == {"field": "name"}


# --------------------------------------------------------------------------- hostile hosts


def _joined() -> dict:
    deal = next(d for d in DEALS if d.phase == "play" and d.profile is ISKO)
    sheet = {"entries": [], "totals": [0, 0, 0]}
    known = actions_for(deal, 0)
    return p.joined(
        "t",
        0,
        "tok",
        ISKO,
        ["a", "b", "c"],
        7,
        deal.view(0),
        known,
        1,
        sheet,
        name="Club",
        dealer=deal.setup.dealer,
        deal_seats=deal.setup.seats,
        planned_deals=36,
        state="playing",
    )


def _event(**change) -> dict:
    deal = next(d for d in DEALS if d.phase == "play" and d.profile is ISKO)
    index = len(deal.actions) - 1
    payload = {
        "event": "action_applied",
        "seat": deal.setup.seats[deal.actions[index].player],
        "index": index,
        "action": action_to_dict(deal.actions[index]),
    }
    frame = p.event("t", 3, payload, deal.view(1))
    frame.update(change)
    return frame


def _changed(frame: dict, path: tuple, value) -> dict:
    frame = copy.deepcopy(frame)
    target = frame
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return frame


WELCOME = p.welcome("skat-desktop 1", "Host", bytes(32))
TABLES = p.tables(
    [
        {
            "id": "t1",
            "name": "Club",
            "profile": "isko",
            "profile_title": "International Skat Order",
            "size": 3,
            "planned_deals": 36,
            "deals_done": 0,
            "password": False,
            "seats": [
                {"seat": s, "name": None, "kind": "open", "level": None, "connected": False}
                for s in range(3)
            ],
            "kibitzers": 0,
            "state": "lobby",
        }
    ]
)


def _with_discard() -> Deal:
    """A finished deal whose declarer picked up the skat and put two cards down."""
    deal = Deal(DealSetup(ISKO, deal_from_seed(1), 1))
    for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2), PickUp(0)):
        deal.apply(a)
    rng = random.Random(1)
    while not deal.finished:
        deal.apply(rng.choice(deal.legal_actions(deal.to_move)))
    assert any(type(a) is Discard for a in deal.actions)
    return deal


_OVER = _with_discard()
_LOG = [action_to_dict(a) for a in _OVER.actions]
REVEAL = p.reveal(
    "t", 1, bytes(32), {0: bytes(32)}, 5, pledges={0: bytes(32), 2: bytes(32)}, actions=_LOG
)
PLEDGES = p.pledges("t", 1, {0: bytes(32), 1: b"\x01" * 32})
RECORDS = p.records(
    "t",
    [
        p.deal_record(
            2,
            5,
            _LOG,
            result_to_dict(_OVER.result),
            {"number": 2},
            {
                "commitment": bytes(32),
                "secret": bytes(32),
                "pledges": {0: bytes(32)},
                "contributions": {},
            },
        ),
        p.deal_record(3, 6, _LOG, result_to_dict(_OVER.result), None),
    ],
    True,
    4,
)
_DISCARD = next(i for i, a in enumerate(_LOG) if a["type"] == "discard")

BAD_HOST = {
    "welcome challenge short": _changed(WELCOME, ("challenge",), "00" * 31),
    "welcome version a bool": _changed(WELCOME, ("version",), True),
    "welcome host newline": _changed(WELCOME, ("host",), "Ho\nst"),
    "tables not a list": _changed(TABLES, ("tables",), {}),
    "table size 5": _changed(TABLES, ("tables", 0, "size"), 5),
    "table size a bool": _changed(TABLES, ("tables", 0, "size"), True),
    "table seats short": _changed(TABLES, ("tables", 0, "seats"), []),
    "table seat kind": _changed(TABLES, ("tables", 0, "seats", 0, "kind"), "robot"),
    "table seat twice": _changed(TABLES, ("tables", 0, "seats", 1, "seat"), 0),
    "table state": _changed(TABLES, ("tables", 0, "state"), "open"),
    "table name bidi": _changed(TABLES, ("tables", 0, "name"), "\u202eevil"),
    "table id bad": _changed(TABLES, ("tables", 0, "id"), "../x"),
    "joined profile unknown option": _changed(_joined(), ("profile", "cheat"), True),
    "joined profile option a string": _changed(_joined(), ("profile", "grand_base"), "24"),
    "joined profile triggers a dict": _changed(_joined(), ("profile", "bock_triggers"), [{}]),
    "joined profile a list": _changed(_joined(), ("profile",), []),
    "joined profile name a number": _changed(_joined(), ("profile", "name"), 5),
    "joined view for another profile": _changed(_joined(), ("view", "profile"), "texas"),
    "joined view hand bad": _changed(_joined(), ("view", "hand"), ["CJ", "CJ"]),
    "joined view phase": _changed(_joined(), ("view", "phase"), 7),
    "joined view legal bad": _changed(_joined(), ("view", "legal"), [{"type": "x"}]),
    "joined view a list": _changed(_joined(), ("view",), []),
    "joined actions bad": _changed(_joined(), ("actions",), [{"type": "bid", "player": 9}]),
    "joined names too many": _changed(_joined(), ("names",), ["a"] * 5),
    "joined token bad": _changed(_joined(), ("token",), "a b"),
    "joined sheet totals": _changed(_joined(), ("sheet", "totals"), ["0"]),
    "joined tick missing": _changed(_joined(), ("tick",), KeyError),
    "event kind unknown": _changed(_event(), ("event", "event"), "explosion"),
    "event action bad": _changed(_event(), ("event", "action"), {"type": "play", "player": 0}),
    "event seat 9": _changed(_event(), ("event", "seat"), 9),
    "event view bad": _changed(_event(), ("view", "trick"), ["CJ"] * 4),
    "event view no profile": _changed(_event(), ("view", "profile"), None),
    "event not an object": _changed(_event(), ("event",), "boom"),
    "turn interjection a number": _changed(p.turn("t", 1, 0, False), ("interjection",), 1),
    "seats waiting 4": p.seats("t", TABLES["tables"][0]["seats"], 4, []),
    "seats substitutes twice": p.seats("t", TABLES["tables"][0]["seats"], None, [1, 1]),
    "commit short": _changed(p.commit("t", 1, bytes(32), [0]), ("commitment",), "00"),
    "commit contributors 4": p.commit("t", 1, bytes(32), [4]),
    "reveal seat 4": _changed(REVEAL, ("contributions",), {"4": "00" * 32}),
    "reveal seat name": _changed(REVEAL, ("contributions",), {"north": "00" * 32}),
    "reveal seed too big": _changed(REVEAL, ("seed",), 2**63),
    "reveal seed negative": _changed(REVEAL, ("seed",), -1),
    "reveal deal 0": _changed(REVEAL, ("deal",), 0),
    "reveal pledges missing": _changed(REVEAL, ("pledges",), KeyError),
    "reveal pledge short": _changed(REVEAL, ("pledges", "0"), "00"),
    "reveal withheld seat 4": _changed(REVEAL, ("withheld",), [4]),
    "reveal withheld twice": _changed(REVEAL, ("withheld",), [2, 2]),
    "reveal late seat 4": _changed(REVEAL, ("late",), [4]),
    "reveal late not a list": _changed(REVEAL, ("late",), 1),
    "reveal actions missing": _changed(REVEAL, ("actions",), KeyError),
    "reveal a discard hidden": _changed(REVEAL, ("actions", _DISCARD, "cards"), None),
    "reveal an action bad": _changed(REVEAL, ("actions", 0), {"type": "bid", "player": 7}),
    "pledges seat 4": _changed(PLEDGES, ("pledges",), {"4": "00" * 32}),
    "pledges not hex": _changed(PLEDGES, ("pledges", "0"), "zz" * 32),
    "pledges missing": _changed(PLEDGES, ("pledges",), KeyError),
    "records out of order": _changed(RECORDS, ("deals", 1, "deal"), 1),
    "records twice": _changed(RECORDS, ("deals", 1, "deal"), 2),
    "records too many": _changed(RECORDS, ("deals",), [RECORDS["deals"][1]] * 41),
    "records more a number": _changed(RECORDS, ("more",), 1),
    "records deal 0": _changed(RECORDS, ("deals", 0, "deal"), 0),
    "records seed too big": _changed(RECORDS, ("deals", 0, "seed"), 2**63),
    "records discard hidden": _changed(RECORDS, ("deals", 0, "actions", _DISCARD, "cards"), None),
    "records result kind": _changed(RECORDS, ("deals", 0, "result", "kind"), "win"),
    "records entry a list": _changed(RECORDS, ("deals", 0, "entry"), []),
    "records fair secret": _changed(RECORDS, ("deals", 0, "fair", "secret"), "00"),
    "records fair pledges": _changed(RECORDS, ("deals", 0, "fair", "pledges"), {"9": "00" * 32}),
    "records fair missing": _changed(RECORDS, ("deals", 0, "fair"), KeyError),
    "joined state": _changed(_joined(), ("state",), "paused"),
    "joined state missing": _changed(_joined(), ("state",), KeyError),
    "joined seats two": _changed(_joined(), ("seats",), [0, 1]),
    "joined dealer 4": _changed(_joined(), ("dealer",), 4),
    "joined planned a bool": _changed(_joined(), ("planned_deals",), True),
    "joined deals done missing": _changed(_joined(), ("deals_done",), KeyError),
    "joined name newline": _changed(_joined(), ("name",), "a\nb"),
    "chat text newline": p.chat_line("t", 0, "a", "x\ny"),
    "chat seat 7": p.chat_line("t", 7, "a", "x"),
    "error code odd": _changed(p.error_frame("illegal"), ("code",), "Illegal Move!"),
    "error message newline": _changed(p.error_frame("illegal"), ("message",), "a\nb"),
    "error params a list": _changed(p.error_frame("illegal"), ("params",), []),
    "closing reason control": _changed(p.closing("bye"), ("reason",), "\x1b[2J"),
    "pong re a bool": _changed(p.pong(), ("re",), True),
}


@pytest.mark.parametrize("name", sorted(BAD_HOST))
def test_bad_host_frames_are_bad_field(name: str) -> None:
    with pytest.raises(ProtocolError) as e:
        p.parse_host(BAD_HOST[name])
    assert e.value.code == "bad_field"
    assert "\n" not in e.value.message


def test_the_good_host_frames_above_parse() -> None:
    for frame in (WELCOME, TABLES, _joined(), _event(), REVEAL, PLEDGES, RECORDS, p.closing("x")):
        p.parse_host(_wire(frame))
    got = p.parse_host(_wire(RECORDS))
    assert [d["deal"] for d in got.deals] == [2, 3] and got.more and got.re == 4
    assert got.deals[0]["fair"]["withheld"] == (0,) and got.deals[1]["fair"] is None
    reveal = p.parse_host(_wire(REVEAL))
    assert reveal.withheld == (2,) and reveal.actions == tuple(_LOG) and reveal.late == ()
    # the seats whose pledges came late: a host from before them sends no such field
    late = p.parse_host(_wire(_changed(REVEAL, ("late",), [1])))
    assert late.late == (1,)
    assert p.parse_host(_wire(_changed(REVEAL, ("late",), KeyError))) == reveal


def test_unknown_host_types() -> None:
    for kind in ("hello", "act", "surprise"):
        with pytest.raises(ProtocolError) as e:
            p.parse_host({"type": kind})
        assert e.value.code == "unknown_type"


def _paths(value, path=()):
    """Every path into a JSON value."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


HOSTILE_BASES = [
    WELCOME,
    TABLES,
    _joined(),
    _event(),
    REVEAL,
    PLEDGES,
    RECORDS,
    p.error_frame("stale"),
]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_a_hostile_host_gets_an_error_never_a_crash(data) -> None:
    """Any field anywhere in a host frame replaced by any JSON: a message or a
    ProtocolError, nothing else (the client must not crash)."""
    base = data.draw(st.sampled_from(HOSTILE_BASES))
    path = data.draw(st.sampled_from([q for q in _paths(base) if q]))
    frame = _changed(base, path, data.draw(JSON))
    try:
        got = p.parse_host(json.loads(json.dumps(frame)))
    except ProtocolError as e:
        assert e.code in p.ERROR_CODES and "\n" not in e.message
        return
    if isinstance(got, p.Event) and got.view is not None and got.view["profile"] == "isko":
        assert got.seat_view(ISKO).to_dict() == got.view


def test_event_views_are_read_with_the_tables_profile() -> None:
    got = p.parse_host(_wire(_event()))
    view = got.seat_view(ISKO)
    assert view.profile is ISKO and view.to_dict() == got.view
    with pytest.raises(ProtocolError) as e:
        got.seat_view(TEXAS)
    assert e.value.code == "bad_field"


def test_error_frames_are_always_readable() -> None:
    """The host's own sentences are made one line, so the client never refuses them."""
    frame = p.error_frame("illegal", "you may not\nplay \u202eCJ " + "x" * 600, re=4)
    got = p.parse_host(_wire(frame))
    assert got.code == "illegal" and "\n" not in got.message and got.re == 4
    assert len(got.message) <= p.MESSAGE_LIMIT
    assert p.parse_host(_wire(p.closing("shut\ndown"))).reason == "shut down"


# --------------------------------------------------------------------------- a real table


@pytest.mark.parametrize("size", [3, 4])
def test_a_real_tables_frames_pass_the_clients_checks(size: int) -> None:
    """Every event and view a TableController gives every seat and a kibitzer, framed
    as the host frames them, passes parse_host and rebuilds the same view."""
    profile = HOUSE if size == 4 else ISKO
    specs = [SeatSpec.computer("random", seed=s) for s in range(size)]
    ctl = TableController(profile, specs, seed=size, deals_planned=3)
    tick = [0]
    reader = p.FrameReader()
    checked = []

    def listen(seat):
        def heard(payload: dict) -> None:
            tick[0] += 1
            view = ctl.view_for(seat)
            frame = p.event("t1", tick[0], payload, view)
            for got in reader.feed(p.encode(frame)):
                assert isinstance(got, dict)
                message = p.parse_host(got)
                assert message.event == payload
                assert message.seat_view(profile).to_dict() == view.to_dict()
                checked.append(payload["event"])

        return heard

    for seat in [*range(size), None]:
        ctl.add_seat_listener(seat, listen(seat))
    while not isinstance(need := ctl.request(), SeriesOver):
        if isinstance(need, DealOver):
            ctl.start_deal()
        else:
            assert isinstance(need, ComputerTurn)
            ctl.submit(ctl.think(need))
    assert {"deal_started", "action_applied", "deal_finished", "series_finished"} <= set(checked)


def test_a_hidden_discard_passes_as_known_to_the_other_seats() -> None:
    deal = Deal(DealSetup(ISKO, deal_from_seed(1), 1))
    for a in (Bid(1, 18), Hold(0), Pass(1), Pass(2), PickUp(0)):
        deal.apply(a)
    deal.apply(next(a for a in deal.legal_actions(0) if type(a) is Discard))
    other = deal.setup.seats[1]
    known = actions_for(deal, other)
    assert any(a["type"] == "discard" and a["cards"] is None for a in known)
    sheet = {"entries": [], "totals": [0, 0, 0]}
    frame = p.joined(
        "t",
        other,
        None,
        ISKO,
        ["a", "b", "c"],
        1,
        deal.view(other),
        known,
        1,
        sheet,
        dealer=deal.setup.dealer,
        deal_seats=deal.setup.seats,
        planned_deals=1,
        state="playing",
    )
    assert p.parse_host(_wire(frame)).actions == tuple(known)


# --------------------------------------------------------------------------- passwords


def test_a_proof_shows_the_password_for_this_challenge_and_table() -> None:
    key = p.password_key("sesame")
    challenge = bytes(range(32))
    shown = p.proof(key, challenge, "t1")
    assert len(shown) == 32
    assert p.check_proof(key, challenge, "t1", shown)
    assert not p.check_proof(p.password_key("Sesame"), challenge, "t1", shown)
    assert not p.check_proof(key, bytes(32), "t1", shown)  # another connection
    assert not p.check_proof(key, challenge, "t2", shown)  # another table
    assert not p.check_proof(key, challenge, "t1", None)
    assert not p.check_proof(key, challenge, "t1", shown.hex())
    # the wire carries the proof, never the password or its key
    frame = p.encode(p.join("t1", 0, proof=shown))
    assert b"sesame" not in frame and key.hex().encode() not in frame


def test_password_key_is_the_documented_pbkdf2() -> None:
    import hashlib

    expected = hashlib.pbkdf2_hmac("sha256", b"pw", b"skat-desktop table password", 50_000)
    assert p.password_key("pw") == expected


# --------------------------------------------------------------------------- codes and docs


def _codes_used() -> set[str]:
    used = set()
    # the first text argument of each call that makes an error: its code
    pattern = re.compile(r"(?:ProtocolError|error_frame|_error)\([^()\"']*[\"']([a-z_]+)[\"']")
    for path in NET.glob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return used


def test_every_error_code_used_has_a_default_message() -> None:
    used = _codes_used()
    assert {"bad_json", "bad_field", "too_large"} <= used
    assert used <= set(p.ERROR_CODES), used - set(p.ERROR_CODES)
    for code, message in p.ERROR_CODES.items():
        assert re.fullmatch(r"[a-z_]+", code) and p.plain_text(message, p.MESSAGE_LIMIT)


def test_the_protocol_document_names_every_code_and_message() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for code in p.ERROR_CODES:
        assert f"`{code}`" in doc, code
    for kind in (*p._CLIENT_PARSERS, *p._HOST_PARSERS):
        assert f"`{kind}`" in doc, kind


def test_protocol_and_fairness_are_sans_io() -> None:
    for name in ("protocol.py", "fairness.py"):
        tree = ast.parse((NET / name).read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                imported.add((node.module or "").split(".")[0])
        assert not imported & {"socket", "asyncio", "selectors", "ssl", "PySide6", "threading"}
    code = (
        "import sys, skat_desktop.net.protocol, skat_desktop.net.fairness; "
        "print(sorted(m for m in ('asyncio', 'socket', 'PySide6') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
