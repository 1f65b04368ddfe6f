"""Game value and score: suit, Grand, Null, concessions, Kontra/Bock and Ramsch.

The one place where a deal's outcome becomes a number (RULES.md §2.2-§2.9). The
deal state machine, the score command, club-evening entry and the AI all call it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skat_desktop.engine.cards import JACKS, GameType, points_of, trump_order
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.profiles import RuleProfile

LEVEL_NAMES = (
    "game",
    "hand",
    "schneider",
    "schneider_announced",
    "schwarz",
    "schwarz_announced",
    "ouvert",
)


def matadors(cards12: int, game: GameType | int) -> tuple[bool, int]:
    """(with?, count) of the unbroken run of top trumps in the declarer's 12 cards (§2.2)."""
    order = trump_order(GameType.GRAND if game == GameType.RAMSCH else game)
    with_ = bool(cards12 >> order[0] & 1)
    n = 0
    for c in order:
        if bool(cards12 >> c & 1) != with_:
            break
        n += 1
    return with_, n


def ceil_to(bid: int, base: int) -> int:
    """The smallest multiple of ``base`` that is at least ``bid`` (the overbid floor)."""
    return -(-bid // base) * base


@dataclass(frozen=True)
class GameResult:
    """The outcome of a declared game, with everything the score sheet shows."""

    won: bool
    value: int  # after the overbid floor, before loss factor and doublings
    score: int  # the signed entry for the declarer
    game: GameType
    base: int = 0
    with_matadors: bool | None = None
    matadors: int = 0
    levels: tuple[str, ...] = ()
    overbid: bool = False
    loss_factor: int = 1
    kontra: int = 0
    bock: bool = False
    conceded: bool = False
    null_lost_as: GameType | None = None  # Null declared below the bid: charged as this game

    @property
    def multiplier(self) -> int:
        return self.matadors + len(self.levels)

    def explain(self) -> list[str]:
        """The value computation line by line, as the end-of-deal panel shows it."""
        lines = []
        if self.game == GameType.NULL and self.null_lost_as is None:
            lines.append(f"Null value {self.value}")
        else:
            g = self.null_lost_as if self.null_lost_as is not None else self.game
            if self.null_lost_as is not None:
                lines.append(f"Null below the bid: charged as {g.label.capitalize()}")
            w = "with" if self.with_matadors else "without"
            lines.append(f"{w} {self.matadors}")
            for name in self.levels:
                lines.append(f"+1 {name.replace('_', ' ')}")
            lines.append(f"= {self.multiplier} x {self.base} = {self.multiplier * self.base}")
            if self.overbid:
                lines.append(f"overbid: charged at {self.value}")
        if not self.won:
            lines.append(f"lost: x {self.loss_factor}")
        if self.kontra:
            names = ("Kontra", "Re", "Bock", "Hirsch")[: self.kontra]
            lines.append(f"{' + '.join(names)}: x {2**self.kontra}")
        if self.bock:
            lines.append("Bock round: x 2")
        lines.append(f"score {self.score:+d}")
        return lines


def game_value(
    profile: RuleProfile,
    contract: Contract,
    cards12: int,
    declarer_points: int,
    declarer_tricks: int,
    conceded: bool = False,
) -> tuple[int, int, bool, int, tuple[str, ...]]:
    """(value, base, with?, matadors, levels) of a suit or Grand game as played (§2.4)."""
    k = contract.normalised()
    g = k.game
    with_, m = matadors(cards12, g)
    base = profile.base(g)
    if k.ouvert and profile.ouvert_rule == "double_base":
        base *= 2
    elif k.ouvert and profile.ouvert_rule == "grand36" and g == GameType.GRAND:
        base = 36
    dp, dt = declarer_points, declarer_tricks
    sch_win = dp >= profile.schneider_min
    sch_own = dp <= profile.own_schneider_max
    schw_win = dt == 10
    schw_own = dt == 0
    if conceded:
        sch_win = sch_own = schw_win = schw_own = False
    levels = ["game"]
    if k.hand:
        levels.append("hand")
    if profile.announce_rule == "always":
        if sch_win or sch_own or k.schneider_announced:
            levels.append("schneider")
        if k.schneider_announced:
            levels.append("schneider_announced")
        if schw_win or schw_own or k.schwarz_announced:
            levels.append("schwarz")
        if k.schwarz_announced:
            levels.append("schwarz_announced")
        if k.ouvert and profile.ouvert_rule == "extra_level":
            levels.append("ouvert")
    else:  # pre-1999 literal reading (A-P1, A-P2): only what was reached counts
        if sch_win or sch_own:
            levels.append("schneider")
        if k.schneider_announced and sch_win:
            levels.append("schneider_announced")
        if schw_win or schw_own:
            levels.append("schwarz")
        if k.schwarz_announced and schw_win:
            levels.append("schwarz_announced")
        if k.ouvert and g != GameType.GRAND and schw_win:
            levels.append("ouvert")
    return base * (m + len(levels)), base, with_, m, tuple(levels)


def suit_grand_result(
    profile: RuleProfile,
    contract: Contract,
    cards12: int,
    bid: int,
    declarer_points: int,
    declarer_tricks: int,
    conceded: bool = False,
) -> GameResult:
    """Won/lost, value and score of a suit or Grand game (§2.4, concession §2.7)."""
    k = contract.normalised()
    value, base, with_, m, levels = game_value(
        profile, k, cards12, declarer_points, declarer_tricks, conceded
    )
    won = (
        not conceded
        and declarer_points >= 61
        and (not k.schneider_announced or declarer_points >= profile.schneider_min)
        and (not k.schwarz_announced or declarer_tricks == 10)
        and value >= bid
    )
    common = dict(
        game=k.game,
        base=base,
        with_matadors=with_,
        matadors=m,
        levels=levels,
        overbid=value < bid,
        conceded=conceded,
    )
    if won:
        return GameResult(won=True, value=value, score=value, **common)
    loss_value = max(value, ceil_to(bid, base))
    f = profile.loss_factor(k.hand)
    return GameResult(won=False, value=loss_value, score=-f * loss_value, loss_factor=f, **common)


def null_below_bid_result(
    profile: RuleProfile,
    cards12: int,
    bid: int,
    hand: bool,
    lose_as: GameType | None = None,
) -> GameResult:
    """ISkO 3.4.4: a Null below the bid is lost as a suit or Grand game covering the bid."""
    best: tuple[int, GameType, int, bool, int] | None = None
    choices = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND)
    for g in choices:
        if lose_as is not None and g != lose_as:
            continue
        with_, m = matadors(cards12, g)
        base = profile.base(g)
        v = base * (m + 1 + (1 if hand else 0))
        loss = max(v, ceil_to(bid, base))
        if best is None or loss < best[0]:
            best = (loss, g, base, with_, m)
    if best is None:
        raise ValueError("a Null below the bid can only be charged as a suit or Grand game")
    loss, g, base, with_, m = best
    f = profile.loss_factor(hand)
    levels = ("game", "hand") if hand else ("game",)
    return GameResult(
        won=False,
        value=loss,
        score=-f * loss,
        game=GameType.NULL,
        base=base,
        with_matadors=with_,
        matadors=m,
        levels=levels,
        overbid=True,
        loss_factor=f,
        null_lost_as=g,
    )


def null_result(
    profile: RuleProfile,
    contract: Contract,
    bid: int,
    declarer_tricks: int,
    cards12: int = 0,
    lose_as: GameType | None = None,
    conceded: bool = False,
) -> GameResult:
    """Null: won when the declarer takes no trick (§2.5); below the bid see §2.6."""
    value = profile.null_value(contract.hand, contract.ouvert)
    if value < bid:
        return null_below_bid_result(profile, cards12, bid, contract.hand, lose_as)
    if declarer_tricks == 0 and not conceded:
        return GameResult(won=True, value=value, score=value, game=GameType.NULL)
    f = profile.loss_factor(contract.hand)
    return GameResult(
        won=False,
        value=value,
        score=-f * value,
        game=GameType.NULL,
        loss_factor=f,
        conceded=conceded,
    )


def apply_doublings(result: GameResult, kontra: int = 0, bock: bool = False) -> GameResult:
    """Kontra/Re/Bock/Hirsch and Bock rounds double only the score (§2.8)."""
    if not kontra and not bock:
        return result
    score = result.score * (2**kontra) * (2 if bock else 1)
    return GameResult(**{**result.__dict__, "score": score, "kontra": kontra, "bock": bock})


def game_result(
    profile: RuleProfile,
    contract: Contract,
    cards12: int,
    bid: int,
    declarer_points: int = 0,
    declarer_tricks: int = 0,
    conceded: bool = False,
    kontra: int = 0,
    bock: bool = False,
    lose_as: GameType | None = None,
) -> GameResult:
    """SCORE_DEAL of §2.12 for a declared game. ``cards12`` = dealt hand + original skat."""
    if contract.is_null:
        r = null_result(profile, contract, bid, declarer_tricks, cards12, lose_as, conceded)
    else:
        r = suit_grand_result(
            profile, contract, cards12, bid, declarer_points, declarer_tricks, conceded
        )
    return apply_doublings(r, kontra, bock)


def defender_concession_result(
    profile: RuleProfile,
    contract: Contract,
    cards12: int,
    bid: int,
    declarer_points: int,
    declarer_tricks: int,
    points_outstanding: int,
    defenders_took_trick: bool,
) -> GameResult:
    """A defender gives up (ISkO 4.3.3): the declarer wins at the level reached.

    If the bid needs more, he also gets the levels the bid requires unless they had
    already become impossible (ISkO 4.1.5, 5.4.3); if even that cannot cover the bid
    the game is lost as overbid.
    """
    k = contract.normalised()
    if k.is_null:
        return null_result(profile, k, bid, 0, cards12)
    dp, dt = declarer_points, declarer_tricks
    # 61 or 90 points come with at least one trick: no trick *yet* is not Schwarz
    candidates = [(max(dp, 61), max(dt, 1))]
    if dp + points_outstanding >= profile.schneider_min:
        candidates.append((max(dp, profile.schneider_min), max(dt, 1)))
    if not defenders_took_trick:
        candidates.append((dp + points_outstanding, 10))
    for cdp, cdt in candidates:
        r = suit_grand_result(profile, k, cards12, bid, cdp, cdt)
        if r.won:
            return r
    return suit_grand_result(profile, k, cards12, bid, candidates[-1][0], candidates[-1][1])


# ---------------------------------------------------------------- Ramsch (§2.9)

TEXAS_DURCHMARSCH = 30  # S1 Rule 6 Sec 5: one player took every trick


@dataclass(frozen=True)
class RamschResult:
    """Scores of a Ramsch deal per position (forehand, middlehand, rearhand)."""

    scores: tuple[int, int, int]
    outcome: tuple[int, int, int]  # +1 counts as a game won, -1 as lost, 0 neither
    points: tuple[int, int, int]  # card points after the skat was added
    tricks: tuple[int, int, int]
    durchmarsch: int | None = None
    jungfrau: bool = False
    pushes: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)

    def explain(self) -> list[str]:
        names = ("Forehand", "Middlehand", "Rearhand")
        lines = [f"{names[i]}: {self.points[i]} points, {self.tricks[i]} tricks" for i in range(3)]
        lines.extend(self.notes)
        lines.extend(f"{names[i]} {self.scores[i]:+d}" for i in range(3) if self.scores[i])
        if not any(self.scores):
            lines.append("no score")
        return lines


@dataclass(frozen=True)
class RamschTally:
    """What Ramsch scoring needs from the play: card points (without the skat), tricks,
    the index (0..9) of each player's last trick (-1 if none) and who took trick 10.

    Built from the tricks of a played deal, or from a score-sheet entry of a game
    played with real cards."""

    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    last_trick: tuple[int, int, int]
    final_trick: int | None
    skat_points: int

    @classmethod
    def from_tricks(cls, trick_winners: list[int], trick_points: list[int], skat: int):
        pts = [0, 0, 0]
        tricks = [0, 0, 0]
        last = [-1, -1, -1]
        for i, (w, p) in enumerate(zip(trick_winners, trick_points, strict=True)):
            pts[w] += p
            tricks[w] += 1
            last[w] = i
        final = trick_winners[-1] if trick_winners else None
        return cls(tuple(pts), tuple(tricks), tuple(last), final, points_of(skat))


def texas_ramsch_result(
    trick_winners: list[int],
    trick_points: list[int],
    skat: int,
    violator: int | None = None,
    penalty: int = 30,
) -> RamschResult:
    """Texas forced Ramsch (S1 Rule 6): lowest card points scores +10 (+20 without a trick)."""
    tally = RamschTally.from_tricks(trick_winners, trick_points, skat)
    return texas_ramsch_from_tally(tally, violator, penalty)


def texas_ramsch_from_tally(
    tally: RamschTally, violator: int | None = None, penalty: int = 30
) -> RamschResult:
    """Texas Ramsch scored from a tally (the skat goes to the taker of the last trick)."""
    pts = list(tally.points)
    tricks = list(tally.tricks)
    if tally.final_trick is not None:
        pts[tally.final_trick] += tally.skat_points
    scores = [0, 0, 0]
    outcome = [0, 0, 0]
    if violator is not None:
        scores[violator], outcome[violator] = -penalty, -1
        return RamschResult(
            tuple(scores),
            tuple(outcome),
            tuple(pts),
            tuple(tricks),
            notes=("revoke or lead out of turn",),
        )
    for p in range(3):
        if tricks[p] == 10:
            scores[p], outcome[p] = -TEXAS_DURCHMARSCH, -1
            return RamschResult(
                tuple(scores),
                tuple(outcome),
                tuple(pts),
                tuple(tricks),
                durchmarsch=p,
                notes=("one player took every trick",),
            )
    low = min(pts)
    lows = [p for p in range(3) if pts[p] == low]
    if len(lows) == 3:
        w = 0
    elif len(lows) == 2:
        w = min(lows, key=lambda p: tally.last_trick[p])
    else:
        w = lows[0]
    scores[w] = 20 if tricks[w] == 0 else 10
    outcome[w] = 1
    return RamschResult(
        tuple(scores), tuple(outcome), tuple(pts), tuple(tricks), jungfrau=tricks[w] == 0
    )


def club_ramsch_result(
    profile: RuleProfile,
    trick_winners: list[int],
    trick_points: list[int],
    skat: int,
    pushes: int = 0,
) -> RamschResult:
    """Club Ramsch (§2.9 CLUB_RAMSCH): most card points loses; options from the profile."""
    tally = RamschTally.from_tricks(trick_winners, trick_points, skat)
    return club_ramsch_from_tally(profile, tally, pushes)


def club_ramsch_from_tally(
    profile: RuleProfile, tally: RamschTally, pushes: int = 0
) -> RamschResult:
    """Club Ramsch scored from a tally; skat, ties, Jungfrau and pushes per the profile."""
    pts = list(tally.points)
    tricks = list(tally.tricks)
    simple = profile.ramsch_scoring == "simple"
    skat_points = tally.skat_points
    factor = 2**pushes
    scores = [0, 0, 0]
    outcome = [0, 0, 0]
    for p in range(3):
        if tricks[p] == 10:
            pts[p] += skat_points
            scores[p] = (-20 if simple else 120) * factor
            outcome[p] = -1 if simple else 1
            return RamschResult(
                tuple(scores),
                tuple(outcome),
                tuple(pts),
                tuple(tricks),
                durchmarsch=p,
                pushes=pushes,
                notes=("Durchmarsch",),
            )
    if profile.ramsch_skat_to == "last_trick" and tally.final_trick is not None:
        pts[tally.final_trick] += skat_points
    hi = max(pts)
    losers = [p for p in range(3) if pts[p] == hi]
    jungfrau = any(t == 0 for t in tricks)
    if len(losers) == 3:
        return RamschResult(
            (0, 0, 0),
            (0, 0, 0),
            tuple(pts),
            tuple(tricks),
            jungfrau=jungfrau,
            pushes=pushes,
            notes=("three-way tie",),
        )
    notes = []
    if profile.ramsch_skat_to == "loser":
        hi += skat_points
        for p in losers:
            pts[p] += skat_points
        notes.append(f"skat ({skat_points}) to the loser")
    if simple:
        loss = 15 if jungfrau else 10
    else:
        loss = hi
        if jungfrau and profile.ramsch_jungfrau_doubles:
            loss *= 2
            notes.append("Jungfrau: x 2")
    loss *= factor
    if pushes:
        notes.append(f"pushed {pushes}x: x {factor}")
    if len(losers) == 2:
        if profile.ramsch_ties == "last_trick_loses":
            losers = [max(losers, key=lambda p: tally.last_trick[p])]
        elif profile.ramsch_ties == "split":
            loss = -(-loss // 2)  # half each, rounded up against the losers
    for p in losers:
        scores[p], outcome[p] = -loss, -1
    return RamschResult(
        tuple(scores),
        tuple(outcome),
        tuple(pts),
        tuple(tricks),
        jungfrau=jungfrau,
        pushes=pushes,
        notes=tuple(notes),
    )


def ramsch_result(
    profile: RuleProfile,
    trick_winners: list[int],
    trick_points: list[int],
    skat: int,
    pushes: int = 0,
    violator: int | None = None,
) -> RamschResult:
    """Score a played Ramsch deal under the profile's all-pass rule."""
    tally = RamschTally.from_tricks(trick_winners, trick_points, skat)
    return ramsch_from_tally(profile, tally, pushes, violator)


def ramsch_from_tally(
    profile: RuleProfile, tally: RamschTally, pushes: int = 0, violator: int | None = None
) -> RamschResult:
    """Score a Ramsch deal (played or entered from a score sheet) under the profile."""
    if profile.all_pass == "texas_ramsch":
        return texas_ramsch_from_tally(tally, violator, profile.ramsch_penalty)
    if violator is not None:
        scores = [0, 0, 0]
        outcome = [0, 0, 0]
        scores[violator], outcome[violator] = -profile.ramsch_penalty, -1
        return RamschResult(
            tuple(scores),
            tuple(outcome),
            tally.points,
            tally.tricks,
            notes=("revoke or lead out of turn",),
        )
    return club_ramsch_from_tally(profile, tally, pushes)


def jacks_in(m: int) -> int:
    """How many jacks a card set holds (Schieberamsch forbids passing them on)."""
    return (m & JACKS).bit_count()
