"""Scoring scenarios: the input of ``skat-desktop score`` (shared vectors format).

A scenario describes a finished game by its cards, bid, contract and outcome; the
answer is won/lost, value and score. Validation refuses everything that no real
deal could produce, with one sentence naming the problem.
"""

from __future__ import annotations

from itertools import accumulate, combinations
from typing import Any

from skat_desktop.engine.bidding import bid_values
from skat_desktop.engine.cards import POINTS, card, cards_of, mask
from skat_desktop.engine.contract import Contract, contract_problem
from skat_desktop.engine.profiles import builtin
from skat_desktop.engine.scoring import game_result


class ScenarioError(ValueError):
    """The line is not a valid scenario (the command exits with status 1)."""


class ContractNotAllowed(ValueError):
    """A valid scenario whose contract the profile does not allow (an answer, not a failure)."""


def _int(s: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    if key not in s:
        if default is None:
            raise ScenarioError(f"the scenario lacks {key!r}")
        return default
    v = s[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise ScenarioError(f"{key} must be a whole number")
    if not lo <= v <= hi:
        raise ScenarioError(f"{key} must be between {lo} and {hi}, not {v}")
    return v


def _cards(s: dict[str, Any], key: str, n: int) -> list[int]:
    v = s.get(key)
    if not isinstance(v, list):
        raise ScenarioError(f"{key} must be a list of {n} card codes")
    if len(v) != n:
        raise ScenarioError(f"{key} must hold {n} cards, not {len(v)}")
    try:
        return [card(str(c)) for c in v]
    except ValueError as e:
        raise ScenarioError(str(e)) from None


def _points_possible(cards12: int, hand: bool, skat: int, dp: int, dt: int) -> bool:
    """Can ``dt`` tricks plus the (buried or untouched) skat hold ``dp`` card points?"""
    pairs = [skat] if hand else [(1 << a) | (1 << b) for a, b in combinations(cards_of(cards12), 2)]
    for pair in pairs:
        skat_pts = POINTS[cards_of(pair)[0]] + POINTS[cards_of(pair)[1]]
        rest = sorted(POINTS[c] for c in range(32) if not pair >> c & 1)
        n = 3 * dt
        low = list(accumulate(rest, initial=0))[n]
        high = list(accumulate(reversed(rest), initial=0))[n]
        if low <= dp - skat_pts <= high:
            return True
    return False


def score_scenario(s: Any) -> dict[str, Any]:
    """Answer one scenario, or raise :class:`ScenarioError` / :class:`ContractNotAllowed`."""
    if not isinstance(s, dict):
        raise ScenarioError("a scenario must be a JSON object")
    sid = s.get("id")
    if not isinstance(sid, str):
        raise ScenarioError("the scenario needs a string 'id'")
    try:
        profile = builtin(str(s.get("profile", "")))
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    hand_cards = _cards(s, "cards", 10)
    skat_cards = _cards(s, "skat", 2)
    all_cards = hand_cards + skat_cards
    if len(set(all_cards)) != 12:
        raise ScenarioError("a card appears twice among the cards and the skat")
    bid = _int(s, "bid", 18, 10_000)
    if bid not in bid_values(profile):
        raise ScenarioError(f"{bid} is not a game value of the {profile.name} profile")
    try:
        contract = Contract.from_dict(s.get("contract"))
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    conceded = s.get("conceded", False)
    if not isinstance(conceded, bool):
        raise ScenarioError("conceded must be true or false")
    bock = s.get("bock_round", False)
    if not isinstance(bock, bool):
        raise ScenarioError("bock_round must be true or false")
    kontra = _int(s, "kontra", 0, 4, default=0)
    if kontra and not profile.kontra:
        raise ScenarioError(f"Kontra is not part of the {profile.name} profile")
    if bock and not profile.bock_rounds:
        raise ScenarioError(f"Bock rounds are not part of the {profile.name} profile")
    cards12 = mask(all_cards)
    dp = dt = 0
    if not conceded:
        dt = _int(s, "declarer_tricks", 0, 10)
        if not contract.is_null:
            dp = _int(s, "declarer_points", 0, 120)
            if not _points_possible(cards12, contract.hand, mask(skat_cards), dp, dt):
                raise ScenarioError(f"{dt} tricks plus the skat cannot hold {dp} card points")
    problem = contract_problem(profile, contract, picked_up=not contract.hand)
    if problem:
        raise ContractNotAllowed(problem)
    r = game_result(profile, contract, cards12, bid, dp, dt, conceded, kontra, bock)
    out: dict[str, Any] = {"id": sid, "won": r.won, "value": r.value, "score": r.score}
    if r.null_lost_as is not None:
        out["lost_as"] = r.null_lost_as.label
    if r.with_matadors is not None:
        out["matadors"] = r.matadors
        out["with"] = r.with_matadors
        out["levels"] = list(r.levels)
    out["overbid"] = r.overbid
    return out
