"""How safe a Null hand is, suit by suit, by exact play of every split of a suit.

The rules' Null model (:func:`hand_eval.null_features`) counts how far a suit's cards
stand above the always-safe pattern 7 9 J K. That misses the hole a club player fears
most: a long suit whose low cards run out before the defenders' do. ♥8 9 K A against
♥7 10 J Q held 7 / 10 J Q: the 7 led, the 8 goes under the 10; the jack led, the 9
under it; then the queen led and the declarer must take it with the king. The excess
counts this suit as a small gap; played out, it is lost in 58 % of the splits.

Here a suit is played out exactly, with the defenders holding the lead (in a Null they
win every trick the declarer does not take) and each able to lead, and the declarer
choosing his card knowing theirs (double-dummy within the suit). A suit is *lost* when
the defenders can force the declarer to take a trick in it. Over every way the suit's
outstanding cards may lie between the two defenders, weighted by how likely each split
is (each holds 10 of the 20 cards the declarer does not know after his discard), that
gives the chance the suit is lost, and the product over the suits the chance the hand
is safe. Suits are taken apart: the declarer's discards of a dangerous card onto
another suit's lead (and the defenders' of theirs) are not counted, nor the first lead
of a declarer in forehand.

Ranks are bits of a suit byte, as in :mod:`hand_eval`: bit r is rank r in Null's order
7 8 9 10 J Q K A.

No level uses it yet: as a double-dummy estimate it is far better than the rules'
chance, but at the table the rules' chance (fitted to table results) predicts as well,
and the discard it chooses wins less (``benchmarks/null_calibration.py --by suits``,
``--discard suits``; benchmarks/NULL_NOTES.md).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb

from skat_desktop.engine.cards import cards_of

UNKNOWN = 20
"""The cards the two defenders hold between them after the declarer's discard."""


def _ranks(b: int) -> list[int]:
    return [r for r in range(8) if b >> r & 1]


@cache
def lost(mine: int, before: int, after: int) -> bool:
    """Whether the defenders force the declarer to take a trick in this suit.

    ``before`` plays just before the declarer (his lead puts the declarer second, the
    other defender third); ``after`` plays just after him (his lead puts the declarer
    last). Either defender may lead at any time; each follows suit while he can.
    """
    if not mine:
        return False
    return any(_before_leads(mine, before, after, lead) for lead in _ranks(before)) or any(
        _after_leads(mine, before, after, lead) for lead in _ranks(after)
    )


def _before_leads(mine: int, before: int, after: int, lead: int) -> bool:
    """``before`` leads ``lead``: the declarer plays second. Forced when every card of
    his loses (takes this trick or a later one)."""
    rest_before = before & ~(1 << lead)
    thirds = [after & ~(1 << r) for r in _ranks(after)] or [after]
    for d in _ranks(mine):
        if d > lead and (not after or (after & -after).bit_length() - 1 < d):
            continue  # the third plays under (or discards): the declarer takes it
        # the declarer stays under, or the third must go over him: he chooses how
        if any(lost(mine & ~(1 << d), rest_before, a) for a in thirds):
            continue
        return False
    return True


def _after_leads(mine: int, before: int, after: int, lead: int) -> bool:
    """``after`` leads ``lead``: the other defender plays second, the declarer last.
    Forced when the second has a card (or a discard) after which every card of the
    declarer's loses."""
    rest_after = after & ~(1 << lead)
    seconds = [(r, before & ~(1 << r)) for r in _ranks(before)] or [(-1, before)]
    for second, rest_before in seconds:
        top = max(lead, second)
        if all(d > top or lost(mine & ~(1 << d), rest_before, rest_after) for d in _ranks(mine)):
            return True
    return False


@cache
def suit_lost_chance(mine: int, out: int, unknown: int = UNKNOWN) -> float:
    """The chance this suit is lost when the defenders share the suit's cards that are
    neither the declarer's nor in ``out`` (the skat he put down), each holding half of
    the ``unknown`` cards."""
    rest = 0xFF & ~mine & ~out
    if not mine or not rest:
        return 0.0
    cards = _ranks(rest)
    m = len(cards)
    half = unknown // 2
    total = comb(unknown, half)
    chance = 0.0
    for split in range(1 << m):
        before = sum(1 << cards[i] for i in range(m) if split >> i & 1)
        k = before.bit_count()
        if k > half or m - k > half:
            continue
        if lost(mine, before, rest & ~before):
            chance += comb(unknown - m, half - k) / total
    return chance


def safe_chance(hand: int, out: int = 0) -> float:
    """The chance no suit of this 10-card Null hand is lost, suits taken apart.

    ``hand`` and ``out`` are card masks (:mod:`engine.cards`: eight bits per suit);
    ``out`` holds the cards the declarer knows are out of play (his discard)."""
    p = 1.0
    for s in range(4):
        p *= 1.0 - suit_lost_chance(hand >> (8 * s) & 0xFF, out >> (8 * s) & 0xFF)
    return p


def best_discard(hand12: int) -> tuple[int, int]:
    """The two cards to put down for a Null that leave the safest hand by
    :func:`safe_chance` (ascending card numbers; of equals, the first pair found)."""

    def safety(pair: tuple[int, int]) -> float:
        out = (1 << pair[0]) | (1 << pair[1])
        return safe_chance(hand12 & ~out, out)

    return max(combinations(cards_of(hand12), 2), key=safety)
