"""Building clubs' series for the store tests: played deals and real-table entries."""

from __future__ import annotations

import random

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import active_seats, deal_from_seed


def play(svc: SeriesService, deals: int, seed: int) -> None:
    """Play ``deals`` random-legal deals into the series, each stored as it ends."""
    rng = random.Random(seed)
    players = [RandomPlayer(rng) for _ in range(svc.info.table_size)]
    for i in range(deals):
        dealer, bock, ramsch = svc.next_context()
        s = seed * 1000 + i
        n = svc.info.table_size
        d = Deal(DealSetup(svc.info.profile, deal_from_seed(s), s, n, dealer, bock, ramsch))
        svc.record_played(play_deal(d, players))


def ramsch_entry(svc: SeriesService) -> dict:
    """A Ramsch entered from a real four-seat table as the next deal (30 / 50 / 30)."""
    dealer = svc.next_context()[0]
    active = active_seats(4, dealer)
    points, tricks = [0] * 4, [0] * 4
    for seat, p, t in zip(active, (30, 50, 30), (3, 4, 3), strict=True):
        points[seat], tricks[seat] = p, t
    return {
        "kind": "ramsch",
        "points": points,
        "tricks": tricks,
        "last_trick": active[1],
        "skat_points": 10,
    }
