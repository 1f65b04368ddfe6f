"""Games played with real cards, entered from a score sheet: no move log, just the facts.

At a club evening the table reports the declarer, the game, what was announced and
reached, the matadors and won or lost. The engine turns that into value and score
with the same rules as a played deal, and refuses entries no real game can produce.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skat_desktop.engine.bidding import bid_values
from skat_desktop.engine.cards import GameType, trump_order
from skat_desktop.engine.contract import Contract, contract_refusal
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.scoring import (
    GameResult,
    RamschResult,
    RamschTally,
    game_result,
    ramsch_from_tally,
)


class ImpossibleEntry(ValueError):
    """An entry that no real game can produce; the message says why in one English sentence.

    ``code`` and ``params`` say the same for a translation (the GUI's words); ``params``
    hold numbers and the engine's objects (a profile, a game, a contract), so the GUI
    names them in the player's language and deck. An empty ``code``: only the sentence.
    """

    def __init__(self, message: str, code: str = "", params: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.code, self.params))


@dataclass(frozen=True)
class GameEntry:
    """One declared game as written on a score sheet.

    ``schneider``/``schwarz`` say the level was reached: by the declarer when the game
    was won, against him when it was lost. ``matadors`` counts "with" or "without"
    (``with_matadors``); Null needs none (except when lost below the bid: then the
    matadors of ``lose_as``).
    """

    contract: Contract
    bid: int
    won: bool
    with_matadors: bool = True
    matadors: int = 1
    schneider: bool = False
    schwarz: bool = False
    kontra: int = 0
    bock: bool = False
    overbid: bool | None = None  # if given, must agree with what the engine computes
    lose_as: GameType | None = None  # Null below the bid: the game charged


def cards_for_matadors(game: GameType, with_: bool, m: int) -> int:
    """A card set whose matadors in ``game`` are exactly (with_, m)."""
    order = trump_order(game)
    held = order[:m] if with_ else order[m : m + 1]
    out = 0
    for c in held:
        out |= 1 << c
    return out


def score_entry(profile: RuleProfile, e: GameEntry) -> GameResult:
    """Value and score of an entered game, or :class:`ImpossibleEntry`."""
    k = e.contract
    if e.bid not in bid_values(profile) and not (e.bid == 0 and k.game == GameType.GRAND):
        raise ImpossibleEntry(
            f"{e.bid} is not a game value one can bid under {profile.title}",
            "bid_not_game_value",
            {"bid": e.bid, "profile": profile},
        )
    problem = contract_refusal(profile, k, picked_up=not k.hand)
    if problem:
        raise ImpossibleEntry(problem.text, problem.code, problem.params)
    k = k.normalised()
    if not 0 <= e.kontra <= profile.kontra_max_level or (e.kontra and not profile.kontra):
        raise ImpossibleEntry(
            f"Kontra level {e.kontra} is not allowed under {profile.title}",
            "kontra_not_allowed",
            {"level": e.kontra, "profile": profile},
        )
    if e.bock and not profile.bock_rounds:
        raise ImpossibleEntry(
            f"{profile.title} has no Bock rounds", "no_bock_rounds", {"profile": profile}
        )
    schneider = e.schneider or e.schwarz
    cards12 = 0
    game_for_matadors = k.game if not k.is_null else e.lose_as
    if game_for_matadors is not None:
        if game_for_matadors > GameType.GRAND:
            raise ImpossibleEntry(
                "a Null below the bid is charged as a suit or Grand game", "null_charged_as_null"
            )
        top = 4 if game_for_matadors == GameType.GRAND else 11
        if not 1 <= e.matadors <= top:
            raise ImpossibleEntry(
                f"{game_for_matadors.label.capitalize()} has 1 to {top} matadors, not {e.matadors}",
                "matadors_out_of_range",
                {"game": game_for_matadors, "top": top, "matadors": e.matadors},
            )
        cards12 = cards_for_matadors(game_for_matadors, e.with_matadors, e.matadors)
    if k.is_null:
        if e.schneider or e.schwarz:
            raise ImpossibleEntry("a Null game has no Schneider or Schwarz", "null_schneider")
        null_value = profile.null_value(k.hand, k.ouvert)
        if null_value < e.bid and e.lose_as is None:
            raise ImpossibleEntry(
                f"Null worth {null_value} is below the bid {e.bid}: name the game it is charged as",
                "null_below_bid_unnamed",
                {"value": null_value, "bid": e.bid},
            )
        if null_value < e.bid and e.won:
            raise ImpossibleEntry(
                f"a Null worth {null_value} cannot win a bid of {e.bid}",
                "null_below_bid_won",
                {"value": null_value, "bid": e.bid},
            )
        r = game_result(
            profile,
            k,
            cards12,
            e.bid,
            0,
            0 if e.won else 1,
            kontra=e.kontra,
            bock=e.bock,
            lose_as=e.lose_as,
        )
    else:
        if e.won:
            if k.schneider_announced and not schneider:
                raise ImpossibleEntry(
                    "an announced Schneider that was not reached cannot be won",
                    "schneider_announced_missed",
                )
            if k.schwarz_announced and not e.schwarz:
                raise ImpossibleEntry(
                    "an announced Schwarz (or ouvert) game needs every trick",
                    "schwarz_announced_missed",
                )
            dp, dt = (
                (120, 10) if e.schwarz else (profile.schneider_min, 9) if schneider else (61, 6)
            )
        else:
            dp, dt = (
                (0, 0) if e.schwarz else (profile.own_schneider_max, 3) if schneider else (60, 5)
            )
        r = game_result(profile, k, cards12, e.bid, dp, dt, kontra=e.kontra, bock=e.bock)
        if e.won and not r.won:
            raise ImpossibleEntry(
                f"{k.label()} with these matadors and levels stays below the bid {e.bid}: "
                "it is lost as overbid",
                "below_the_bid",
                {"contract": k, "bid": e.bid},
            )
    if e.overbid is not None and e.overbid != r.overbid:
        if e.overbid:
            raise ImpossibleEntry(
                "the entry says overbid, but the game covers the bid", "not_overbid"
            )
        raise ImpossibleEntry(
            f"the game is overbid: its value does not reach the bid {e.bid}",
            "overbid",
            {"bid": e.bid},
        )
    return r


@dataclass(frozen=True)
class RamschEntry:
    """A Ramsch deal as written down: card points per position (forehand, middlehand,
    rearhand) counted from the tricks *without* the skat, how many tricks each took,
    who took the last trick, and the later trick among players tied on points."""

    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    last_trick: int  # position that took trick 10
    skat_points: int
    pushes: int = 0
    later_trick: tuple[int, ...] = ()  # positions, the one who took the latest trick first


def score_ramsch_entry(profile: RuleProfile, e: RamschEntry) -> RamschResult:
    """Score an entered Ramsch, or :class:`ImpossibleEntry`."""
    if not profile.plays_ramsch:
        raise ImpossibleEntry(f"{profile.title} plays no Ramsch", "no_ramsch", {"profile": profile})
    if sum(e.tricks) != 10 or min(e.tricks) < 0:
        raise ImpossibleEntry("the three players' tricks must add up to 10", "ramsch_tricks")
    if not 0 <= e.skat_points <= 21:
        raise ImpossibleEntry("the skat holds 0 to 21 card points", "ramsch_skat_points")
    if sum(e.points) + e.skat_points != 120 or min(e.points) < 0:
        raise ImpossibleEntry(
            "card points from the tricks plus the skat must add up to 120", "ramsch_points"
        )
    for p in range(3):
        if e.tricks[p] == 0 and e.points[p]:
            raise ImpossibleEntry(
                "a player without a trick has no card points", "points_without_trick"
            )
    if e.tricks[e.last_trick] == 0:
        raise ImpossibleEntry(
            "the player who took the last trick must have a trick", "last_trick_without_trick"
        )
    if e.pushes and profile.all_pass != "schieberamsch":
        raise ImpossibleEntry("pushing the skat belongs to Schieberamsch", "push_not_schieberamsch")
    if not 0 <= e.pushes <= 3:
        raise ImpossibleEntry("at most three players can push the skat", "too_many_pushes")
    # order of the players' last tricks: the one who took trick 10 is latest, then later_trick
    rank = [-1, -1, -1]
    order = [e.last_trick, *[p for p in e.later_trick if p != e.last_trick]]
    order += [p for p in range(3) if p not in order and e.tricks[p]]
    for i, p in enumerate(order):
        if e.tricks[p]:
            rank[p] = 9 - i
    tally = RamschTally(e.points, e.tricks, tuple(rank), e.last_trick, e.skat_points)
    return ramsch_from_tally(profile, tally, e.pushes)
