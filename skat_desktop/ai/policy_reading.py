"""Reading the others' card play by the rules' card: how likely a world makes each card.

:mod:`skat_desktop.ai.play_reading` reads a handful of club habits. This reads every
card another player chose (from two legal cards or more) through a model of how he
plays: the rules of :mod:`skat_desktop.ai.beginner`, which a club player follows most
of the time and which the PIMC levels consult whenever their search sees no difference
between cards. For a sampled world it asks which card the rules would have played with
the hand the world says that player held then; a world in which they would have played
another card than the one he did play is less likely, by a factor measured for the kind
of decision (game type, declarer or defender, lead or follow): the likelihood of the
observed card in a world where the rules disagree, against one where they agree, both
measured against the sampler's own worlds (``benchmarks/policy_agreement.py``). This is
policy-based inference (Rebstock, Solinas, Buro and Sturtevant, "Policy Based Inference
in Trick-Taking Card Games", 2019) with the rules as the policy.

Like the habits, a disagreement never rules a world out: the weight is a product of
factors, raised to a strength (``power``; the factors assume independent decisions,
which they are not quite), and never below :data:`MIN_WEIGHT`. Ramsch is not read, nor
an open hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from skat_desktop.ai.beginner import rules_card
from skat_desktop.engine.cards import GameType, legal_cards
from skat_desktop.engine.view import SeatView

# Per decision kind (game, the player the declarer, he led): the weight of a world in
# which the rules would have played another card, against one in which they play his
# card. Measured (benchmarks/policy_agreement.py --level standard --deals 120 --first
# 2000: standard self-play, the rules' card on the true hand against the next player's
# 24 sampled worlds at that moment; the choices counted in brackets): in suit games the
# rules agreed with the declarer's lead 70 % on the true hand and 53 % on the worlds
# (316), his follow 72 / 59 % (239), the defenders' lead 53 / 49 % (296), their follow
# 78 / 64 % (706); in Grands 73 / 61 % (243), 79 / 70 % (129), 53 / 42 % (162), 76 / 61 %
# (464); in Nulls the declarer's follow 95 / 88 % (22), the defenders' lead 38 / 35 %
# (29), their follow 78 / 63 % (27); the declarer's Null lead (2 choices) is not read.
FACTORS: dict[tuple[GameType, bool, bool], float] = {
    (GameType.CLUBS, True, True): 0.49,
    (GameType.CLUBS, True, False): 0.56,
    (GameType.CLUBS, False, True): 0.83,
    (GameType.CLUBS, False, False): 0.50,
    (GameType.GRAND, True, True): 0.57,
    (GameType.GRAND, True, False): 0.63,
    (GameType.GRAND, False, True): 0.65,
    (GameType.GRAND, False, False): 0.50,
    (GameType.NULL, True, True): 1.0,
    (GameType.NULL, True, False): 0.34,
    (GameType.NULL, False, True): 0.90,
    (GameType.NULL, False, False): 0.48,
}
# All the card play together weighs a world at least this much.
MIN_WEIGHT = 0.02

# A world's hands as every position holds them now, and its skat.
Weigher = Callable[[tuple[int, int, int], int], float]


def _kind(game: GameType) -> GameType:
    """The factor table's row for a game: the four suit games share one."""
    return game if game in (GameType.GRAND, GameType.NULL) else GameType.CLUBS


def policy_weigher(view: SeatView, power: float = 1.0) -> Weigher | None:
    """How likely the other players' card choices so far in ``view`` are in a world:
    the returned function takes a world's hands and skat and gives the product of the
    factors of the choices the rules, with the world's hand, would have made otherwise
    (each raised to ``power``; 1.0 when none; at least :data:`MIN_WEIGHT`). ``None``
    when nothing is read: no choice yet, Ramsch, or ``power`` 0."""
    game = view.game
    if power <= 0 or game is None or game == GameType.RAMSCH or view.contract is None:
        return None
    decl = view.declarer
    tricks = [(ld, cs) for ld, cs, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    # (player, the view he had, the card he played, the suit led, what he played from
    # that trick on, the factor)
    choices: list[tuple[int, SeatView, int, int | None, int, float]] = []
    since = [0, 0, 0]
    for t in range(len(tricks) - 1, -1, -1):  # backwards: "played from then on" grows
        leader, cards = tricks[t]
        for i in range(len(cards) - 1, -1, -1):
            p = (leader + i) % 3
            c = cards[i]
            since[p] |= 1 << c
            if p == view.position or view.open_hands[p] is not None:
                continue
            factor = FACTORS[(_kind(game), p == decl, i == 0)] ** power
            if factor >= 1.0:
                continue
            then = dataclasses.replace(
                view,
                position=p,
                tricks=view.tricks[:t],
                trick=cards[:i],
                leader=leader,
                to_move=p,
            )
            choices.append((p, then, c, cards[0] if i else None, since[p], factor))
    if not choices:
        return None
    skat_known = view.picked_up  # the declarer knows what he put down; not a Hand's skat

    def weight(hands: tuple[int, int, int], skat: int) -> float:
        w = 1.0
        for p, then, c, led, played, factor in choices:
            held = hands[p] | played  # his hand when he chose
            legal = legal_cards(held, led, game)
            if legal & (legal - 1) == 0:
                continue  # no choice in this world
            known = skat if p == decl and skat_known else None
            if rules_card(then, legal, False, held, known) != c:
                w *= factor
                if w < MIN_WEIGHT:
                    return MIN_WEIGHT
        return w

    return weight
