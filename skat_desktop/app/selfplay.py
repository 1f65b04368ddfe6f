"""Self-play: complete deals between computer players, written as game records.

The loop is the same one the table controller runs, minus threads: whoever is on
turn gets a seat view and returns an action; between cards the other seats may
interject (Kontra, Re).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from skat_desktop.ai.player import Player
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.dealing import SplitMix64, deal_from_seed
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.series import Series


def play_deal(deal: Deal, players: Sequence[Player]) -> Deal:
    """Play a deal to its end. ``players`` are indexed by table seat."""
    seats = deal.setup.seats
    while not deal.finished:
        pos = deal.to_move
        if deal.profile.kontra:
            for q in range(3):
                if q != pos and deal.can_double(q):
                    a = players[seats[q]].wants_interjection(deal.view(seats[q]))
                    if a is not None:
                        deal.apply(a)
        deal.apply(players[seats[pos]].choose(deal.view(seats[pos])))
    return deal


def deal_seeds(seed: int) -> Iterator[int]:
    """The seeds of a self-play run's deals, derived from its one seed."""
    rng = SplitMix64(seed)
    while True:
        yield rng.next() >> 1


def selfplay(
    profile: RuleProfile,
    deals: int,
    seed: int,
    table_size: int = 3,
    make_players=None,
) -> Iterator[Deal]:
    """Play ``deals`` deals of one series; same seed, same deals, same actions."""
    if make_players is None:
        from skat_desktop.ai.random_player import RandomPlayer

        def make_players(rng: random.Random) -> list[Player]:
            return [RandomPlayer(rng) for _ in range(table_size)]

    players = make_players(random.Random(seed))
    series = Series(profile, table_size)
    seeds = deal_seeds(seed)
    for _ in range(deals):
        s = next(seeds)
        deal = Deal(series.next_setup(deal_from_seed(s), s))
        play_deal(deal, players)
        series.record(deal.result)
        yield deal
