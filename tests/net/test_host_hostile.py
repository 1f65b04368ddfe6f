"""The LAN host against a hostile or clumsy club member, over real sockets (127.0.0.1).

Each test is one attack: what it tries, and that the host refuses it, changes nothing
and serves on. The deals here start without contributions (``contribute_timeout_s=0``):
the fair-deal steps have their own tests, these are about seats, turns and the host.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from skat_desktop.app.table import TableError
from skat_desktop.engine.cards import code
from skat_desktop.engine.profiles import builtin
from skat_desktop.net import protocol as wire
from skat_desktop.net.host import Host, HostError, Limits, parse_table_spec
from skat_desktop.net.hosted_table import TableConfig
from skat_desktop.net.protocol import MAX_PLANNED_DEALS

from .test_host_server import FAST, Raw, hosting, run, settle

CARD = re.compile(r"(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])")


def quick(name: str = "Duo", seats: str = "open+open+random", **kw: Any):
    """A table whose deals start at once (no waiting for contributions)."""
    kw.setdefault("contribute_timeout_s", 0)
    kw.setdefault("planned_deals", 2)
    kw.setdefault("profile", builtin("isko"))
    return TableConfig(name=name, seats=seats.split("+"), first_seed=7, **kw)


async def sit(port: int, table: str, names: list[str]) -> list[Raw]:
    clients = []
    for seat, name in enumerate(names):
        raw = await Raw.connect(port, name)
        joined = await raw.ask(wire.join(table, seat))
        assert joined["type"] == "joined" and joined["seat"] == seat, joined
        raw.seat, raw.token = seat, joined["token"]
        clients.append(raw)
    return clients


async def next_turn(clients: list[Raw]) -> tuple[dict[str, Any], Raw | None]:
    """The next turn every client is told of (the same for all), and whose it is."""
    turns = [await c.until("turn") for c in clients]
    assert len({(t["tick"], t["seat"]) for t in turns}) == 1, turns
    # the mover's view is the one of that tick: read on to it if the turn came first
    mover = next((c for c in clients if c.seat == turns[0]["seat"]), None)
    return turns[0], mover


def act(table: str, tick: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "act", "table": table, "tick": tick, "action": action}


# --------------------------------------------------------------------------- acting for others


def test_a_declarer_cannot_forge_a_defenders_consent_to_concede():
    """ISkO 4.3.2: with fewer than nine cards the declarer may concede only if a
    defender agrees. ``concede {agreed_by}`` from the declarer's own connection must
    not stand for that defender's word (a concession escapes Schneider and Schwarz):
    the host asks that defender (``concession``), and only his ``consent`` applies it."""

    async def body():
        async with hosting([("duo", quick(seats="open+open+open"))]) as host:
            clients = await sit(host.address[1], "duo", ["Anna", "Bernd", "Cem"])
            while True:
                turn, mover = await next_turn(clients)
                view, tick = mover.view, turn["tick"]
                assert mover.tick == tick
                legal, pos = view["legal"], view["position"]
                kinds = [a["type"] for a in legal]
                if view["phase"] == "bidding":  # middlehand bids 18, the others pass
                    want = "bid" if pos == 1 and "bid" in kinds else "pass"
                    action = next(a for a in legal if a["type"] == want)
                elif "pickup" in kinds:
                    action = next(a for a in legal if a["type"] == "pickup")
                elif "declare" in kinds:
                    action = next(a for a in legal if a["type"] == "declare")
                elif view["phase"] == "play" and pos == view["declarer"] and len(view["hand"]) <= 8:
                    break
                else:
                    action = legal[0]
                await mover.send(act("duo", tick, action))
            honest = await mover.ask(act("duo", tick, {"type": "concede", "player": pos}))
            assert honest["code"] == "illegal", honest  # no consent: not allowed now
            table = host.tables["duo"]
            seats = table.controller.deal.setup.seats
            for other in ((pos + 1) % 3, (pos + 2) % 3):
                forged = {"type": "concede", "player": pos, "agreed_by": other}
                answer = await mover.ask(act("duo", tick, forged))
                assert answer["type"] == "concession", answer  # the defender is asked
                assert (answer["asked"], answer["answer"]) == (seats[other], None), answer
                # ... and the declarer cannot answer for him
                said = {"type": "consent", "table": "duo", "tick": tick, "agree": True}
                own = await mover.ask(said)
                assert own["type"] == "error" and own["code"] == "not_now", own
                assert table.tick == tick and not table.controller.deal.finished
                defender = next(c for c in clients if c.seat == seats[other])
                refused = await defender.ask({**said, "agree": False})
                assert refused["type"] == "concession" and refused["answer"] is False
            assert table.tick == tick  # nothing changed
            assert not table.controller.deal.finished

    run(body)


# --------------------------------------------------------------------------- lost data


def test_a_second_host_on_the_same_database_is_refused(tmp_path):
    """Two hosts on one database would both resume the same table and accept the same
    seat tokens: the deal would be played twice, and the store would keep whichever
    host wrote last. The second host must refuse to start, in one line."""

    async def body():
        db = tmp_path / "club.sqlite3"
        first = Host([("duo", quick())], db, limits=FAST, workers=0)
        await first.start("127.0.0.1", 0)
        try:
            second = Host([("duo", quick())], db, limits=FAST, workers=0)
            with pytest.raises(HostError) as refused:
                await second.start("127.0.0.1", 0)
            assert "another host" in str(refused.value) and "\n" not in str(refused.value)
            # by another path to the same file too
            link = tmp_path / "link.sqlite3"
            link.symlink_to(db)
            third = Host([("duo", quick())], link, limits=FAST, workers=0)
            with pytest.raises(HostError):
                await third.start("127.0.0.1", 0)
            raw = await Raw.connect(first.address[1], "Anna")  # the first serves on
            await raw.ping_pong()
        finally:
            await first.close()
        again = Host([("duo", quick())], db, limits=FAST, workers=0)  # free once closed
        await again.start("127.0.0.1", 0)
        await again.close()

    run(body)


def test_rules_the_database_knows_otherwise_by_their_name_are_refused_at_start(tmp_path):
    """A ``--profiles`` file changed since the last evening: the series would be stored
    under rules of the same name and other options, which the store refuses, so the
    table would never start. The host says so in one line instead of serving it."""
    from skat_desktop.engine.profiles import HOUSE
    from skat_desktop.store.repository import Store

    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    store.save_profile(HOUSE.copy("kneipe", "Kneipe", grand_base=20))
    store.close()
    changed = HOUSE.copy("kneipe", "Kneipe", grand_base=24)
    builtin_changed = builtin("isko").copy("isko", "International Skat Order", grand_base=20)

    async def body():
        for profile in (changed, builtin_changed):
            host = Host([("duo", quick(profile=profile))], db, limits=FAST, workers=0)
            with pytest.raises(HostError) as refused:
                await host.start("127.0.0.1", 0)
            assert f"other rules named '{profile.name}'" in str(refused.value)
            assert "\n" not in str(refused.value)
        same = HOUSE.copy("kneipe", "Kneipe", grand_base=20)
        host = Host([("duo", quick(profile=same))], db, limits=FAST, workers=0)
        await host.start("127.0.0.1", 0)  # the very rules it knows: served
        await host.close()

    run(body)


def test_a_name_that_only_looks_like_a_seated_players_is_told_apart():
    """A zero-width space, a byte-order mark or a decomposed letter makes another string
    but the same looks: such a player is named apart from the seated one, as a plain
    twin is, at the table, in the chat and on everyone's sheet."""

    async def body():
        async with hosting([("duo", quick(seats="open+open+open"))]) as host:
            names = ["Zoë", "Zoe\u0308", "\ufeffZo\u200bë"]
            clients = await sit(host.address[1], "duo", names)
            shown = [s["name"] for s in host.tables["duo"].info()["seats"]]
            assert shown == ["Zoë", "Zoe\u0308 (2)", "\ufeffZo\u200bë (3)"], shown
            for c in clients:
                c.writer.close()

    run(body)


# ------------------------------------------------------------ frames that cannot be sent


def _worst_entry(seats: int, number: int) -> dict[str, Any]:
    """A score-sheet line as long as one gets: every number at its widest."""
    big = [-9_999_999] * seats
    return {
        "number": number,
        "dealer": seats - 1,
        "seats": [0, 1, 2],
        "kind": "game",
        "scores": big,
        "totals": big,
        "outcome": [-1] * seats,
        "declarer": 2,
        "label": "Grand Hand Schneider Schwarz Ouvert",
        "value": 9_999_999,
        "won": False,
        "bock": True,
        "ramsch_round": True,
        "kontra": 4,
        "overbid": True,
        "with_matadors": True,
        "matadors": 11,
        "bock_triggered": True,
    }


def test_the_longest_series_a_table_allows_still_fits_a_joined_frame(monkeypatch):
    """Every sheet line goes into ``joined``; a series longer than one frame holds could
    never be joined again: the host could not send the frame and the client waited for
    ever. So the table allows as many deals as fit, with the widest lines and names."""
    for deals in (MAX_PLANNED_DEALS + 1, 1_000_000):
        with pytest.raises(TableError):
            quick(planned_deals=deals).check()
        with pytest.raises(HostError):
            parse_table_spec(f"deals={deals}")

    async def body():
        long_name = "\U0001f0a1" * 64  # 64 letters of 4 bytes each
        cfg = quick("Club", "open+open+open+random", planned_deals=MAX_PLANNED_DEALS)
        async with hosting([("club", cfg)]) as host:
            port = host.address[1]
            clients = []
            for seat in range(3):
                raw = await Raw.connect(port, long_name)
                joined = await raw.ask(wire.join("club", seat))
                raw.token = joined["token"]
                clients.append(raw)
            table = host.tables["club"]
            await settle(lambda: table.controller is not None and table.controller.deal)
            sheet = {
                "entries": [_worst_entry(4, n) for n in range(1, MAX_PLANNED_DEALS + 1)],
                "totals": [-9_999_999] * 4,
            }
            monkeypatch.setattr(table, "_sheet", lambda: sheet)
            back = await Raw.connect(port, "Anna")
            joined = await back.ask(wire.join("club", 0, token=clients[0].token))
            assert joined["type"] == "joined", joined
            assert len(joined["sheet"]["entries"]) == MAX_PLANNED_DEALS
            # room left for the last deal's full view and log (a few kB)
            assert len(wire.encode(joined)) + 6_000 < wire.MAX_FRAME

    run(body)


def test_an_answer_too_large_for_a_frame_is_an_error_not_silence():
    """A ``tables`` list of a host with very many tables does not fit one frame: the
    client gets an error for its request instead of waiting for ever."""

    async def body():
        tables = [(f"t{i}", quick(f"Table {i:03d} " + "x" * 54)) for i in range(200)]
        async with hosting(tables) as host:
            raw = await Raw.connect(host.address[1], "Anna")
            answer = await raw.ask(wire.list_tables())
            assert answer["type"] == "error" and answer["code"] == "internal", answer
            await raw.ping_pong()

    run(body)


# --------------------------------------------------------------------------- what holds up


def test_seats_cannot_be_taken_by_guessing_reusing_or_racing():
    async def body():
        tables = [("duo", quick()), ("trio", quick("Trio"))]
        async with hosting(tables) as host:
            port = host.address[1]
            anna = await Raw.connect(port, "Anna")
            token = (await anna.ask(wire.join("trio", 0)))["token"]
            guessed = token[:-1] + ("B" if token.endswith("A") else "A")  # never the token
            mallory = await Raw.connect(port, "Mallory")
            # a token of another table, a guessed one, a seat of 3 at a table of three
            for frame, code_ in (
                (wire.join("duo", 0, token=token), "bad_token"),
                (wire.join("trio", 1, token=token), "bad_token"),  # right token, other seat
                (wire.join("trio", 0, token=guessed), "bad_token"),
                (wire.join("trio", 0), "seat_taken"),
                ({"type": "join", "table": "trio", "seat": 3}, "seat_invalid"),
                ({"type": "join", "table": "trio", "seat": 2**63}, "bad_field"),
                ({"type": "join", "table": "trio", "seat": -1}, "bad_field"),
            ):
                answer = await mallory.ask(frame)
                assert answer.get("code") == code_, (frame, answer)
            # leaving in the lobby frees the seat; the old token is dead for good
            await anna.send(wire.leave("trio"))
            await settle(lambda: not host.tables["trio"].info()["seats"][0]["name"])
            assert (await mallory.ask(wire.join("trio", 0, token=token)))["code"] == "bad_token"
            # two joins for one seat at the same moment: exactly one gets it
            one, two = await Raw.connect(port, "One"), await Raw.connect(port, "Two")
            await one.send({**wire.join("duo", 1), "id": 7})
            await two.send({**wire.join("duo", 1), "id": 7})
            answers = [await _answer(raw, 7) for raw in (one, two)]
            kinds = sorted(a["type"] for a in answers)
            assert kinds == ["error", "joined"], answers
            # kibitz and then sit on one connection: a player, no longer a kibitzer
            three = await Raw.connect(port, "Three")
            assert (await three.ask(wire.join("duo", None)))["seat"] is None
            assert (await three.ask(wire.join("duo", 2)))["code"] == "seat_invalid"  # computer
            assert (await three.ask(wire.join("duo", 0)))["seat"] == 0
            assert host.tables["duo"].info()["kibitzers"] == 0
            assert (await three.ask(wire.join("duo", None)))["code"] == "already_joined"

    run(body)


async def _answer(raw: Raw, ident: int) -> dict[str, Any]:
    while True:
        frame = await raw.recv()
        if frame.get("re") == ident:
            return frame


def test_moves_out_of_turn_for_others_or_out_of_step_change_nothing():
    async def body():
        async with hosting([("duo", quick())]) as host:
            anna, bernd = await sit(host.address[1], "duo", ["Anna", "Bernd"])
            table = host.tables["duo"]
            turn, mover = await next_turn([anna, bernd])
            while mover is None:  # the computer first
                turn, mover = await next_turn([anna, bernd])
            other = bernd if mover is anna else anna
            tick = turn["tick"]
            assert mover.tick == tick
            mine = mover.view["legal"][0]
            for raw, frame, code_ in (
                (other, act("duo", tick, mine), "not_your_turn"),  # the mover's move
                (other, act("duo", tick, {**mine, "player": other.view["position"]}), None),
                (mover, act("duo", tick - 1, mine), "stale"),
                (mover, act("duo", tick + 1, mine), "stale"),
                (mover, wire.decline("duo", tick), "not_your_turn"),  # not asked
                (mover, wire.next_deal("duo"), "not_now"),  # during the deal
                (mover, wire.contribute("duo", 1, bytes(32)), "not_now"),  # dealt already
                (
                    mover,
                    {"type": "contribute", "table": "duo", "deal": -1, "value": "0" * 64},
                    "bad_field",
                ),
                (mover, wire.chat("duo", "I hold the club jack"), "not_now"),
            ):
                answer = await raw.ask(frame)
                assert answer["type"] == "error", (frame, answer)
                if code_ is not None:
                    assert answer["code"] == code_, (frame, answer)
                assert table.tick == tick
            # the right move still goes through
            await mover.send(act("duo", tick, mine))
            event = await mover.until("event")
            assert event["event"]["event"] == "action_applied" and event["tick"] > tick

    run(body)


def test_an_illegal_card_names_no_card_of_another():
    """Whatever card a player tries, the refusal names at most his own cards and the
    ones he named himself: "does not hold that card" is the same for every card he
    lacks, wherever it lies."""

    async def body():
        limits = Limits(tick_s=0.05, rate=1e6, burst=1e6)
        async with hosting([("duo", quick(seats="open+open+open"))], limits=limits) as host:
            clients = await sit(host.address[1], "duo", ["Anna", "Bernd", "Cem"])
            messages = set()
            while not messages:
                turn, mover = await next_turn(clients)
                view, tick = mover.view, turn["tick"]
                legal, pos = view["legal"], view["position"]
                if view["phase"] == "play":
                    hand = set(view["hand"])
                    for c in map(code, range(32)):
                        action = {"type": "play", "player": pos, "card": c}
                        if action in legal:
                            continue
                        answer = await mover.ask(act("duo", tick, action))
                        assert answer["code"] == "illegal", answer
                        # the table's own reason, for the player's window to word
                        assert answer["params"] == {"reason": "illegal"}, answer
                        assert set(CARD.findall(answer["message"])) <= hand | {c}, answer
                        if c not in hand:
                            messages.add(answer["message"])
                    assert host.tables["duo"].tick == tick
                    break
                if view["phase"] == "discard":  # pairs with a card he does not hold
                    for c in [code(c) for c in range(32) if code(c) not in view["hand"]]:
                        pair = [c, view["hand"][0]]
                        action = {"type": "discard", "player": pos, "cards": pair}
                        answer = await mover.ask(act("duo", tick, action))
                        assert answer["code"] == "illegal", answer
                        named = set(CARD.findall(answer["message"]))
                        assert named <= set(view["hand"]) | set(pair), answer
                    assert host.tables["duo"].tick == tick
                if view["phase"] == "bidding":
                    bids = pos == 1 and any(a["type"] == "bid" for a in legal)
                    action = next(a for a in legal if a["type"] == ("bid" if bids else "pass"))
                else:
                    action = next((a for a in legal if a["type"] == "pickup"), legal[0])
                await mover.send(act("duo", tick, action))
            assert len(messages) == 1, messages  # one sentence for every card not held

    run(body)


def test_no_client_ever_sees_another_seats_token():
    async def body():
        async with hosting([("duo", quick())]) as host:
            port = host.address[1]
            anna, bernd = await sit(port, "duo", ["Anna", "Bernd"])
            kib = await Raw.connect(port, "Kib")
            await kib.ask(wire.join("duo", None))
            for raw in (anna, bernd, kib):
                await raw.ask(wire.list_tables())
                await raw.ping_pong()
            for raw, secret in ((anna, bernd.token), (bernd, anna.token), (kib, anna.token)):
                assert all(secret not in json.dumps(f) for f in raw.seen)

    run(body)


def test_join_leave_storms_and_half_frames_leave_nothing_behind():
    async def body():
        limits = Limits(hello_s=0.5, frame_s=0.5, flood_s=0.5, tick_s=0.05, rate=1e6, burst=1e6)
        async with hosting([("duo", quick())], limits=limits) as host:
            port = host.address[1]
            table = host.tables["duo"]
            storm = await Raw.connect(port, "Storm")
            frames = b"".join(
                wire.encode(wire.join("duo", i % 2 if i % 3 else None))
                + wire.encode(wire.leave("duo"))
                for i in range(1000)
            )
            await storm.send(frames)
            await storm.ping_pong()  # after every join and leave
            assert table.state == "lobby"
            assert table.info()["kibitzers"] == 0
            assert [s["kind"] for s in table.info()["seats"]] == ["open", "open", "computer"]
            lorises = [await Raw.connect(port, None) for _ in range(30)]
            for loris in lorises:
                await loris.send(b'{"type":"hello","name":"' + "\u00e4".encode() * 100)
            good = await Raw.connect(port, "Good")
            await good.ping_pong()
            await settle(lambda: len(host.connections) == 2)  # the lorises are gone
            await good.ping_pong()

    run(body)
