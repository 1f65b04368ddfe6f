"""Playing for money: per-game amounts, end-of-series settlement, Texas loss fees.

RULES.md §1D rows 46-48 and §2.11. All amounts are whole cents (int). Stakes are cents per
point and may be fractional (the ISkO caps them at 1 cent); they are turned into exact
:class:`~fractions.Fraction` values so that ½ and ¼ cent stakes round exactly as the rules say.

Rounding. ISkO 5.5.4 gives the only rounding rule: a fraction of a cent is rounded *up*, and
a lost game is rounded before it is doubled. Settlement uses the same rule in the only form
that keeps the table balanced: money changes hands pair by pair (Version 3), each pair's debt
is rounded up to the next whole cent in the creditor's favour, and a player's amount is the
sum of his pair debts. Because a debt is exactly the negative of its counterpart, the amounts
always sum to zero. With a whole-cent stake no rounding happens and Versions 1/2
(``stake × (n·sᵢ − Σs)``) give the same numbers, so :func:`settle` uses that formula then.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

__all__ = [
    "TEXAS_FEE_SCHEDULES",
    "Stake",
    "game_money",
    "game_settlement",
    "settle",
    "settle_pairwise",
    "texas_loss_fees",
]

Stake = int | float | Fraction


def _stake(stake: Stake) -> Fraction:
    """Exact stake. Floats go through their shortest repr, so 0.1 means 1/10, not 0.1000…0555."""
    if isinstance(stake, bool):
        raise TypeError("the stake is a number of cents per point, not a bool")
    exact = Fraction(repr(stake)) if isinstance(stake, float) else Fraction(stake)
    if exact < 0:
        raise ValueError("the stake cannot be negative")
    return exact


def _round_up(amount: Fraction) -> int:
    """Round a signed amount away from zero to whole cents (ISkO 5.5.4: fractions round up)."""
    magnitude = math.ceil(abs(amount))
    return magnitude if amount >= 0 else -magnitude


def game_money(value: int, won: bool, stake: Stake) -> int:
    """Cents one opponent pays the declarer (negative: the declarer pays) for one game.

    ``value`` is the positive game value. ISkO 5.5.4: value × stake is rounded up to whole
    cents first; a lost game then doubles that rounded amount (M5: ½ cent, 45 lost → −46).
    """
    if value < 0:
        raise ValueError("pass the positive game value and the won flag, not a signed score")
    cents = math.ceil(value * _stake(stake))
    return cents if won else -2 * cents


def game_settlement(
    value: int, won: bool, declarer_index: int, n_players: int, stake: Stake
) -> list[int]:
    """Cents per seat for one game: the declarer settles with every other table member.

    ISkO 3.5.3: at a table of four or more the sitting-out dealer pays or is paid as well.
    """
    if n_players < 2:
        raise ValueError("a settlement needs at least two players")
    if not 0 <= declarer_index < n_players:
        raise ValueError(f"declarer index {declarer_index} is not a seat of {n_players}")
    each = game_money(value, won, stake)
    amounts = [-each] * n_players
    amounts[declarer_index] = each * (n_players - 1)
    return amounts


def settle_pairwise(totals: Sequence[int], stake: Stake) -> list[int]:
    """Version 3 of ISkO 5.5.5: every pair settles the difference of its totals.

    Each pair's debt stake × (sᵢ − sⱼ) is rounded up to whole cents in the creditor's
    favour, so the result always sums to zero.
    """
    exact = _stake(stake)
    amounts = [0] * len(totals)
    for i, si in enumerate(totals):
        for j in range(i + 1, len(totals)):
            debt = _round_up(exact * (si - totals[j]))
            amounts[i] += debt
            amounts[j] -= debt
    return amounts


def settle(totals: Sequence[int], stake: Stake) -> list[int]:
    """End-of-series settlement, Versions 1 and 2 of ISkO 5.5.5: stake × (n·sᵢ − Σs).

    The same numbers as :func:`settle_pairwise`. For a fractional stake the per-player
    formula cannot be rounded so that the table balances, so the pairwise rule is used.
    """
    exact = _stake(stake)
    if exact.denominator != 1:
        return settle_pairwise(totals, exact)
    n, total = len(totals), sum(totals)
    return [int(exact) * (n * s - total) for s in totals]


# Cents charged for each successive loss; the last entry repeats for every further loss.
TEXAS_FEE_SCHEDULES: dict[str, tuple[int, ...]] = {
    "tournament_20_rounds": (50, 50, 50, 50, 100),  # S1 TournRules, 20-round event
    "match_point_session": (50, 50, 100, 100, 200),  # S1 TournRules, 12/10-round session
}


def texas_loss_fees(losses: int, schedule: str) -> int:
    """Total Texas per-loss fees in cents for one player's ``losses`` lost games [S1 TournRules]."""
    try:
        steps = TEXAS_FEE_SCHEDULES[schedule]
    except KeyError:
        raise ValueError(
            f"unknown fee schedule {schedule!r}: choose one of {', '.join(TEXAS_FEE_SCHEDULES)}"
        ) from None
    if losses < 0:
        raise ValueError("the number of losses cannot be negative")
    head = steps[:-1]
    return sum(head[:losses]) + max(0, losses - len(head)) * steps[-1]
