"""The random-legal player: the baseline of the strength ladder and the engine's fuzzer.

It picks among the legal actions of its seat view, with weights that keep deals
looking like Skat (most players pass early, most declarers pick up the skat) while
still reaching every kind of action: hand games, announcements, ouvert, Null,
Kontra, concessions and claims.
"""

from __future__ import annotations

import random

from skat_desktop.engine.actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
)
from skat_desktop.engine.view import SeatView


def _announced(a: Declare) -> bool:
    k = a.contract
    return k.schneider_announced or k.ouvert


class RandomPlayer:
    """Chooses a random legal action; ``rng`` makes it reproducible."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: SeatView, cancel=None) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the random player was asked to act without a legal action")
        rng = self.rng
        plays = [a for a in legal if type(a) is Play]
        if plays:
            # claims only late in the deal: an early claim is an expensive search
            late = view.hand.bit_count() <= 4
            extras = [
                a for a in legal if type(a) in (Double, Concede) or (late and type(a) is Claim)
            ]
            if extras and rng.random() < 0.004:
                return rng.choice(extras)
            return rng.choice(plays)
        first = legal[0]
        kind = type(first)
        if kind is Bid:
            # bid the next value or pass; now and then jump
            if rng.random() < 0.45:
                return Pass(view.position)
            bids = [a for a in legal if type(a) is Bid]
            return bids[0] if rng.random() < 0.85 else rng.choice(bids[:8])
        if kind is Hold:
            return first if rng.random() < 0.6 else legal[-1]
        if kind is PickUp:
            if type(legal[1]) is Push:  # Schieberamsch
                return rng.choice(legal)
            if rng.random() < 0.8:
                return first
            return rng.choice(legal[1:])
        declares = [a for a in legal if type(a) is Declare]
        if declares and any(type(a) is Pass for a in legal):  # Grand Hand instead of Ramsch
            return declares[0] if rng.random() < 0.1 else legal[-1]
        if declares and rng.random() < 0.8:
            plain = [a for a in declares if not _announced(a)]
            if plain:
                return rng.choice(plain)
        return rng.choice(legal)

    def wants_interjection(self, view: SeatView) -> Action | None:
        """Asked when it is not this seat's turn: say Kontra (or Re ...) now and then."""
        doubles = [a for a in view.legal if type(a) is Double]
        if doubles and self.rng.random() < 0.1:
            return doubles[0]
        return None
