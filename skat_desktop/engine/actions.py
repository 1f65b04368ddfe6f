"""The actions of a deal. A deal is its cards plus the list of these actions.

``player`` is always the position in the deal: 0 forehand, 1 middlehand,
2 rearhand. Every action converts to and from a small JSON object, the unit of
the game record, the database's move log and the LAN protocol.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skat_desktop.engine.cards import GAME_NAMES, GameType, card, code
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.errors import InvalidRecord


@dataclass(frozen=True, slots=True)
class Bid:
    player: int
    value: int


@dataclass(frozen=True, slots=True)
class Hold:
    """'Yes': the responder accepts the bid he was offered."""

    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the bidding; also declines Grand Hand instead of Ramsch."""

    player: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take the skat (the declarer, or a player in Schieberamsch)."""

    player: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put exactly two cards into the skat (after picking it up)."""

    player: int
    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Push:
    """Schieberamsch: pass the skat on unseen. Every push doubles the result."""

    player: int


@dataclass(frozen=True, slots=True)
class Declare:
    """Name the game. ``lose_as`` picks the game charged for a Null below the bid."""

    player: int
    contract: Contract
    lose_as: GameType | None = None


@dataclass(frozen=True, slots=True)
class Double:
    """Kontra (1), Re (2), Bock (3), Hirsch (4) in the house profile."""

    player: int
    level: int


@dataclass(frozen=True, slots=True)
class Play:
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Concede:
    """Give up the game. A declarer's late concession needs a defender's consent."""

    player: int
    agreed_by: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """Show the cards and claim the rest (checked by exhaustive search, §5.9)."""

    player: int


Action = Bid | Hold | Pass | PickUp | Discard | Push | Declare | Double | Play | Concede | Claim

DOUBLING_NAMES = ("kontra", "re", "bock", "hirsch")


def action_to_dict(a: Action) -> dict[str, Any]:
    """The JSON form used by game records (docs/game-record.md)."""
    match a:
        case Play(player, c):
            return {"type": "play", "player": player, "card": code(c)}
        case Bid(player, value):
            return {"type": "bid", "player": player, "value": value}
        case Hold(player):
            return {"type": "hold", "player": player}
        case Pass(player):
            return {"type": "pass", "player": player}
        case PickUp(player):
            return {"type": "pickup", "player": player}
        case Discard(player, cards):
            return {"type": "discard", "player": player, "cards": [code(c) for c in cards]}
        case Push(player):
            return {"type": "push", "player": player}
        case Declare(player, contract, lose_as):
            d = {"type": "declare", "player": player, "contract": contract.to_dict()}
            if lose_as is not None:
                d["lose_as"] = lose_as.label
            return d
        case Double(player, level):
            if not 1 <= level <= len(DOUBLING_NAMES):
                raise ValueError(f"no doubling of level {level!r}: 1 Kontra to 4 Hirsch")
            return {"type": DOUBLING_NAMES[level - 1], "player": player}
        case Concede(player, agreed_by):
            d = {"type": "concede", "player": player}
            if agreed_by is not None:
                d["agreed_by"] = agreed_by
            return d
        case Claim(player):
            return {"type": "claim", "player": player}
    raise TypeError(f"not an action: {a!r}")


def action_from_dict(d: Any) -> Action:
    """Parse one action; anything malformed raises :class:`InvalidRecord` with one sentence."""
    if not isinstance(d, dict):
        raise InvalidRecord("an action must be a JSON object")
    kind = d.get("type")
    player = d.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player <= 2:
        raise InvalidRecord(f"action {kind!r} needs a player 0, 1 or 2")
    try:
        match kind:
            case "play":
                return Play(player, card(str(d["card"])))
            case "bid":
                value = d["value"]
                if not isinstance(value, int) or isinstance(value, bool):
                    raise InvalidRecord("a bid value must be a whole number")
                return Bid(player, value)
            case "hold":
                return Hold(player)
            case "pass":
                return Pass(player)
            case "pickup":
                return PickUp(player)
            case "discard":
                cards = d["cards"]
                if not isinstance(cards, list) or len(cards) != 2:
                    raise InvalidRecord("a discard must name exactly two cards")
                return Discard(player, (card(str(cards[0])), card(str(cards[1]))))
            case "push":
                return Push(player)
            case "declare":
                lose_as = d.get("lose_as")
                game = None
                if lose_as is not None:
                    game = GAME_NAMES.get(str(lose_as))
                    if game is None:
                        raise InvalidRecord(f"unknown game {lose_as!r} in lose_as")
                return Declare(player, Contract.from_dict(d["contract"]), game)
            case "kontra" | "re" | "bock" | "hirsch":
                return Double(player, DOUBLING_NAMES.index(kind) + 1)
            case "concede":
                agreed = d.get("agreed_by")
                if agreed is not None and (not isinstance(agreed, int) or not 0 <= agreed <= 2):
                    raise InvalidRecord("agreed_by must be a player 0, 1 or 2")
                return Concede(player, agreed)
            case "claim":
                return Claim(player)
    except KeyError as e:
        raise InvalidRecord(f"action {kind!r} lacks the field {e.args[0]!r}") from None
    except ValueError as e:
        raise InvalidRecord(str(e)) from None
    raise InvalidRecord(f"unknown action type {kind!r}")
