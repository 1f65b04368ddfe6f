"""`skat-desktop solve`: positions as JSON lines in, one answer line each.

The format is in docs/engine-protocol.md.

The declarer is position 0, "left" plays directly after him (1), "right" last (2).
"""

from __future__ import annotations

from typing import Any

from skat_desktop.ai.solver import Position, PositionError, solve
from skat_desktop.engine.cards import GAME_NAMES, GameType, card, code, points_of

SIDES = {"declarer": 0, "left": 1, "right": 2}


def _cards(d: dict[str, Any], key: str) -> list[int]:
    v = d.get(key, [])
    if not isinstance(v, list):
        raise PositionError(f"{key} must be a list of card codes")
    try:
        return [card(str(c)) for c in v]
    except ValueError as e:
        raise PositionError(str(e)) from None


def parse_position(d: Any) -> tuple[Position, str]:
    """The :class:`Position` and query of one input line, or :class:`PositionError`."""
    if not isinstance(d, dict):
        raise PositionError("a position must be a JSON object")
    game = GAME_NAMES.get(str(d.get("game", "")))
    if game is None or game == GameType.RAMSCH:
        raise PositionError("game must be clubs, spades, hearts, diamonds, grand or null")
    hands = [_cards(d, k) for k in ("declarer", "left", "right")]
    skat = _cards(d, "skat")
    trick = _cards(d, "trick")
    if len(skat) not in (0, 2):
        raise PositionError("skat holds 0 or 2 cards")
    all_cards = [c for h in hands for c in h] + skat + trick
    if len(set(all_cards)) != len(all_cards):
        raise PositionError("a card appears twice")
    leader = SIDES.get(str(d.get("leader", "")))
    if leader is None:
        raise PositionError("leader must be declarer, left or right")
    dp = d.get("declarer_points", 0)
    if not isinstance(dp, int) or isinstance(dp, bool) or not 0 <= dp <= 120:
        raise PositionError("declarer_points must be a whole number 0..120")
    query = d.get("query", "value")
    if query not in ("value", "win"):
        raise PositionError("query must be value or win")
    masks = []
    for h in hands:
        m = 0
        for c in h:
            m |= 1 << c
        masks.append(m)
    skat_mask = sum(1 << c for c in skat)
    if (
        dp
        + points_of(skat_mask)
        + sum(points_of(m) for m in masks)
        + sum(points_of(1 << c) for c in trick)
        > 120
    ):
        raise PositionError("more than 120 card points in the position")
    p = Position(
        game,
        0,
        (masks[0], masks[1], masks[2]),
        tuple(trick),
        leader,
        dp,
        0 if game == GameType.NULL else points_of(skat_mask),
    )
    return p, query


def answer(d: Any, engine: str = "auto") -> dict[str, Any]:
    """The answer line for one input object (errors included)."""
    pid = d.get("id") if isinstance(d, dict) else None
    try:
        position, query = parse_position(d)
        s = solve(position, query, engine)
    except PositionError as e:
        return {"id": pid, "error": str(e)}
    out: dict[str, Any] = {"id": pid}
    if position.game == GameType.NULL or query == "win":
        out["declarer_wins"] = s.declarer_wins
    else:
        out["value"] = s.value
    out["best"] = [code(c) for c in s.best]
    out["nodes"] = s.nodes
    out["ms"] = round(s.ms, 3)
    return out
