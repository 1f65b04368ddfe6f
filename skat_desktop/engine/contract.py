"""The declared game (contract) and its validation per rule profile (RULES.md §2.3)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from skat_desktop.engine.cards import GAME_NAMES, GameType
from skat_desktop.engine.errors import InvalidContract
from skat_desktop.engine.profiles import RuleProfile


@dataclass(frozen=True, slots=True)
class Contract:
    """What the declarer plays: game type plus hand, announcements and ouvert."""

    game: GameType
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False

    def normalised(self) -> Contract:
        """Ouvert (suit/grand) includes schwarz announced, which includes schneider announced."""
        if self.game == GameType.NULL:
            return self
        schwarz = self.schwarz_announced or self.ouvert
        schneider = self.schneider_announced or schwarz
        if schwarz == self.schwarz_announced and schneider == self.schneider_announced:
            return self
        return replace(self, schwarz_announced=schwarz, schneider_announced=schneider)

    @property
    def is_null(self) -> bool:
        return self.game == GameType.NULL

    def label(self) -> str:
        """English name as said at the table, e.g. ``Grand Hand Schneider announced``."""
        parts = [self.game.label.capitalize()]
        if self.hand:
            parts.append("Hand")
        if self.ouvert:
            parts.append("Ouvert")
        elif self.schwarz_announced:
            parts.append("Schwarz announced")
        elif self.schneider_announced:
            parts.append("Schneider announced")
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.label,
            "hand": self.hand,
            "schneider_announced": self.schneider_announced,
            "schwarz_announced": self.schwarz_announced,
            "ouvert": self.ouvert,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Contract:
        if not isinstance(data, dict):
            raise ValueError("a contract must be an object with a 'game' field")
        game = GAME_NAMES.get(str(data.get("game", "")).lower())
        if game is None or game == GameType.RAMSCH:
            raise ValueError(
                f"unknown game {data.get('game')!r}: "
                "use clubs, spades, hearts, diamonds, grand or null"
            )
        flags = {}
        for key in ("hand", "schneider_announced", "schwarz_announced", "ouvert"):
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise ValueError(f"contract field {key} must be true or false")
            flags[key] = value
        return cls(game, **flags)


@dataclass(frozen=True)
class ContractProblem:
    """Why a declaration is invalid: ``code`` and ``params`` for a translated sentence (the
    GUI's), ``text`` the English one the CLI and the logs show."""

    code: str
    text: str
    params: dict[str, Any]


def contract_refusal(
    profile: RuleProfile, contract: Contract, picked_up: bool
) -> ContractProblem | None:
    """Why the declaration is invalid under ``profile``, or ``None`` if it is valid.

    Null declared below the bid is valid here: it is a scored loss (§2.6), not an
    invalid declaration.
    """
    k = contract.normalised()
    if picked_up and k.hand:
        return ContractProblem(
            "hand_after_pickup", "a Hand game cannot be declared after picking up the skat", {}
        )
    if k.game == GameType.RAMSCH:
        return ContractProblem("ramsch_declared", "Ramsch is not a game a declarer can name", {})
    if k.is_null:
        if contract.schneider_announced or contract.schwarz_announced:
            return ContractProblem(
                "null_announced", "Schneider or Schwarz cannot be announced in a Null game", {}
            )
        return None
    if k.ouvert:
        if not k.hand and profile.ouvert_requires_hand:
            return ContractProblem(
                "ouvert_needs_hand",
                f"ouvert suit and Grand games must be Hand games under {profile.title}",
                {"profile": profile},
            )
    elif k.schneider_announced and not k.hand and profile.announce_requires_hand:
        return ContractProblem(
            "announce_needs_hand",
            f"Schneider or Schwarz may only be announced in a Hand game under {profile.title}",
            {"profile": profile},
        )
    return None


def contract_problem(profile: RuleProfile, contract: Contract, picked_up: bool) -> str | None:
    """Why the declaration is invalid under ``profile`` in one English sentence, or ``None``
    if it is valid (:func:`contract_refusal` says it with a code)."""
    found = contract_refusal(profile, contract, picked_up)
    return found.text if found is not None else None


def validate_contract(profile: RuleProfile, contract: Contract, picked_up: bool) -> Contract:
    """Return the normalised contract or raise :class:`InvalidContract`."""
    problem = contract_problem(profile, contract, picked_up)
    if problem:
        raise InvalidContract(problem)
    return contract.normalised()


@lru_cache(maxsize=64)
def valid_contracts(profile: RuleProfile, picked_up: bool) -> tuple[Contract, ...]:
    """Every distinct (normalised) contract the declarer may name, for menus and the AI."""
    out: list[Contract] = []
    seen: set[Contract] = set()
    hands = (False,) if picked_up else (True,)
    for game in (
        GameType.DIAMONDS,
        GameType.HEARTS,
        GameType.SPADES,
        GameType.CLUBS,
        GameType.GRAND,
        GameType.NULL,
    ):
        for hand in hands:
            for sch in (False, True):
                for schw in (False, True):
                    for ouvert in (False, True):
                        k = Contract(game, hand, sch, schw, ouvert)
                        if contract_problem(profile, k, picked_up):
                            continue
                        n = k.normalised()
                        if n not in seen:
                            seen.add(n)
                            out.append(n)
    return tuple(out)
