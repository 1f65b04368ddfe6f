"""The JSON game record: a deal's rules, table, cards, every action and the result.

Documented in docs/game-record.md. Reading a record replays it through the engine,
so a record that breaks a rule, or whose stored result differs from the replayed
one, is refused with one sentence (:class:`InvalidRecord`).
"""

from __future__ import annotations

import json
from typing import Any

from skat_desktop.engine.actions import action_from_dict, action_to_dict
from skat_desktop.engine.cards import card, code
from skat_desktop.engine.deal import Deal, DealResult, DealSetup
from skat_desktop.engine.dealing import DealtCards, deal_from_seed
from skat_desktop.engine.errors import InvalidRecord, SkatError
from skat_desktop.engine.profiles import RuleProfile

FORMAT = "skat-desktop game record"
VERSION = 1


def _cards(m: int) -> list[str]:
    return [code(c) for c in range(32) if m >> c & 1]


def result_to_dict(r: DealResult) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": r.kind, "scores": list(r.scores), "reason": r.reason}
    if r.kind == "game":
        g = r.game
        out.update(
            {
                "declarer": r.declarer,
                "bid": r.bid,
                "contract": r.contract.to_dict() if r.contract else None,
                "won": g.won,
                "value": g.value,
                "score": g.score,
                "matadors": g.matadors,
                "with_matadors": g.with_matadors,
                "levels": list(g.levels),
                "overbid": g.overbid,
                "kontra": g.kontra,
                "declarer_points": r.declarer_points,
                "declarer_tricks": r.declarer_tricks,
            }
        )
    elif r.kind == "ramsch":
        out.update({"points": list(r.points), "tricks": list(r.tricks), "pushes": r.ramsch.pushes})
    return out


def record_from_deal(
    deal: Deal, players: list[str] | None = None, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The record of a deal (finished or not; an unfinished one has no result)."""
    s = deal.setup
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "profile": s.profile.to_dict(),
        "table": {"size": s.table_size, "dealer": s.dealer, "seats": list(s.seats)},
        "deal": {
            "seed": s.seed,
            "hands": [_cards(h) for h in s.cards.hands],
            "skat": _cards(s.cards.skat),
        },
        "context": {"bock": s.bock, "ramsch_round": s.ramsch_round},
        "actions": [action_to_dict(a) for a in deal.actions],
        "result": result_to_dict(deal.result) if deal.result else None,
    }
    if players is not None:
        rec["table"]["players"] = list(players)
    if extra:
        rec["extra"] = extra
    return rec


def dumps(record: dict[str, Any]) -> str:
    """One compact line; the same record always gives the same bytes."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def _need(d: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise InvalidRecord(f"the game record lacks {where}.{key}")
    v = d[key]
    if not isinstance(v, kind) or (isinstance(v, bool) and kind is int):
        raise InvalidRecord(f"{where}.{key} has the wrong type")
    return v


def _mask_of(codes: list[Any]) -> int:
    """The card set of a list of codes; a card listed twice is an error, not a carry."""
    m = 0
    for c in codes:
        bit = 1 << card(str(c))
        if m & bit:
            raise InvalidRecord(f"the card {str(c).upper()} is listed twice in the dealt cards")
        m |= bit
    return m


def setup_from_record(rec: Any) -> DealSetup:
    if not isinstance(rec, dict):
        raise InvalidRecord("a game record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise InvalidRecord("this is not a skat-desktop game record")
    version = rec.get("version")
    if version != VERSION or type(version) is not int:
        raise InvalidRecord(
            f"game record version {version!r} is not supported (this reads {VERSION})"
        )
    try:
        profile = RuleProfile.from_dict(_need(rec, "profile", dict, "record"))
    except (ValueError, TypeError) as e:
        raise InvalidRecord(f"bad rule profile in the record: {e}") from None
    table = _need(rec, "table", dict, "record")
    size = _need(table, "size", int, "table")
    dealer = _need(table, "dealer", int, "table")
    d = _need(rec, "deal", dict, "record")
    seed = d.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InvalidRecord("deal.seed must be a whole number or null")
    try:
        hands = _need(d, "hands", list, "deal")
        skat = _need(d, "skat", list, "deal")
        if len(hands) != 3 or not all(isinstance(h, list) for h in hands):
            raise InvalidRecord("deal.hands must hold three lists of cards")
        masks = [_mask_of(h) for h in hands]
        cards = DealtCards((masks[0], masks[1], masks[2]), _mask_of(skat))
    except ValueError as e:
        raise InvalidRecord(f"bad cards in the record: {e}") from None
    if seed is not None and deal_from_seed(seed) != cards:
        raise InvalidRecord("the dealt cards do not match the record's seed")
    ctx = rec.get("context") or {}
    if not isinstance(ctx, dict):
        raise InvalidRecord("record.context must be an object")
    try:
        setup = DealSetup(
            profile,
            cards,
            seed,
            size,
            dealer,
            bool(ctx.get("bock", False)),
            bool(ctx.get("ramsch_round", False)),
        )
        setup.seats  # noqa: B018 - validates table size and dealer
    except ValueError as e:
        raise InvalidRecord(f"bad table in the record: {e}") from None
    if size not in profile.table_sizes:
        raise InvalidRecord(f"a table of {size} is not allowed by the profile")
    return setup


def deal_from_record(rec: Any) -> Deal:
    """Replay a record into a :class:`Deal`; the stored result must match the replay."""
    setup = setup_from_record(rec)
    deal = Deal(setup)
    actions = rec.get("actions")
    if not isinstance(actions, list):
        raise InvalidRecord("record.actions must be a list")
    for i, a in enumerate(actions):
        action = action_from_dict(a)
        try:
            deal.apply(action)
        except SkatError as e:
            raise InvalidRecord(f"action {i + 1} cannot be replayed: {e}") from None
    stored = rec.get("result")
    if stored is not None:
        if deal.result is None:
            raise InvalidRecord("the record has a result but its actions do not finish the deal")
        if result_to_dict(deal.result) != stored:
            raise InvalidRecord("the stored result differs from the replayed deal")
    return deal


def loads(line: str) -> Deal:
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        raise InvalidRecord(f"not valid JSON: {e.msg} at position {e.pos}") from None
    except (ValueError, RecursionError):  # numbers too long, nesting too deep
        raise InvalidRecord("not valid JSON: nested too deeply or a number too long") from None
    return deal_from_record(rec)
