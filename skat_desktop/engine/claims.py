"""Exhaustive checks of claims and concessions over the cards still in play (§5.9).

A claim is about trick *winners* only, never card points, so cards adjacent in rank
within one effective suit and one hand are interchangeable: only one of them needs
to be tried. The search is an AND-OR tree with a memo on the remaining cards.
"""

from __future__ import annotations

from functools import lru_cache

from skat_desktop.engine.cards import (
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    POWER,
    GameType,
    cards_of,
    legal_cards,
)


def _representatives(hand: int, legal: int, in_play: int, game: int) -> list[int]:
    """One card of every run of legal cards that no card of another hand separates."""
    es = EFFECTIVE_SUIT[game]
    pw = POWER[game]
    out = []
    for c in cards_of(legal):
        # skip c if the next higher card of its effective suit still in play is ours too
        higher = [d for d in cards_of(EFFECTIVE_MASKS[game][es[c]] & in_play) if pw[d] > pw[c]]
        if higher:
            nxt = min(higher, key=lambda d: pw[d])
            if legal >> nxt & 1 and hand >> nxt & 1:
                continue
        out.append(c)
    return out


def forced_trick_winners(
    hands: tuple[int, int, int],
    game: int,
    leader: int,
    choosers: frozenset[int],
    winners: frozenset[int],
) -> bool:
    """True if the players in ``choosers`` can make every remaining trick go to ``winners``.

    The others play adversarially. ``hands`` are the cards still held by position;
    the current trick must be empty (claims are made between tricks).
    """
    memo: dict[tuple[int, int, int, int], bool] = {}

    def trick(h: tuple[int, int, int], lead: int) -> bool:
        if not h[lead]:
            return True
        key = (h[0], h[1], h[2], lead)
        hit = memo.get(key)
        if hit is not None:
            return hit
        in_play = h[0] | h[1] | h[2]
        result = play(h, lead, lead, [], in_play)
        memo[key] = result
        return result

    def play(h: tuple[int, int, int], lead: int, p: int, cards: list[int], in_play: int) -> bool:
        if len(cards) == 3:
            best = 0
            es = EFFECTIVE_SUIT[game]
            pw = POWER[game]
            for i in (1, 2):
                c, b = cards[i], cards[best]
                if (es[c] == es[b] and pw[c] > pw[b]) or (es[c] == 4 and es[b] != 4):
                    best = i
            w = (lead + best) % 3
            if w not in winners:
                return False
            return trick(h, w)
        legal = legal_cards(h[p], cards[0] if cards else None, game)
        options = _representatives(h[p], legal, in_play, game)
        mine = p in choosers
        for c in options:
            nh = list(h)
            nh[p] &= ~(1 << c)
            ok = play((nh[0], nh[1], nh[2]), lead, (p + 1) % 3, [*cards, c], in_play)
            if mine and ok:
                return True
            if not mine and not ok:
                return False
        return not mine

    return trick(hands, leader)


def declarer_takes_all(hands: tuple[int, int, int], game: int, leader: int, declarer: int) -> bool:
    """Suit/Grand claim: can the declarer force every remaining trick?"""
    return forced_trick_winners(hands, game, leader, frozenset({declarer}), frozenset({declarer}))


def declarer_takes_none(hands: tuple[int, int, int], game: int, leader: int, declarer: int) -> bool:
    """Null claim: can the declarer avoid every remaining trick whatever the defenders do?"""
    others = frozenset({0, 1, 2} - {declarer})
    return forced_trick_winners(hands, game, leader, frozenset({declarer}), others)


def defenders_take_all(
    hands: tuple[int, int, int],
    game: int,
    leader: int,
    declarer: int,
    claimant: int,
    partner_helps: bool = False,
) -> bool:
    """Defender claim: can the claimant keep the declarer from every remaining trick?

    ISkO (2022 wording) lets neither the declarer nor the partner help
    (``partner_helps=False``).
    """
    defenders = frozenset({0, 1, 2} - {declarer})
    choosers = defenders if partner_helps else frozenset({claimant})
    return forced_trick_winners(hands, game, leader, choosers, defenders)


@lru_cache(maxsize=16)
def claim_holds(
    hands: tuple[int, int, int],
    game: int,
    leader: int,
    declarer: int,
    claimant: int,
    partner_helps: bool,
) -> bool:
    """Whether a claim by ``claimant`` is proven (the arguments of
    :meth:`Deal.claim_question`). Cached: the search can take a few hundred ms early in
    a deal, so a table checks it in a worker first and applying the claim is then instant.
    """
    if claimant == declarer:
        if game == GameType.NULL:
            return declarer_takes_none(hands, game, leader, declarer)
        return declarer_takes_all(hands, game, leader, declarer)
    return defenders_take_all(hands, game, leader, declarer, claimant, partner_helps)
