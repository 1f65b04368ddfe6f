"""Recreate tests/data/store-schema-1.sqlite3: a database written by schema step m001.

Run only with a checkout whose schema ends at m001 (the fixture must stay as the first
release wrote it; later migrations are tested by opening it).
"""

from __future__ import annotations

import random
import sqlite3
import sys
from pathlib import Path

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.repository import Store

OUT = Path(__file__).with_name("store-schema-1.sqlite3")


def main() -> None:
    if OUT.exists():
        OUT.unlink()
    store = Store.open(OUT)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series(
        "Club evening", "2026-11-20", ids, ISKO, planned_deals=36, place="Gasthaus"
    )
    svc = SeriesService(store, sid)
    rng = random.Random(1)
    players = [RandomPlayer(rng) for _ in range(3)]
    for seed in range(5):
        dealer, bock, ramsch = svc.next_context()
        deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed, 3, dealer, bock, ramsch))
        svc.record_played(play_deal(deal, players))
    declarer = (svc.next_context()[0] + 1) % 3
    svc.add_entry(
        {
            "kind": "game",
            "declarer": declarer,
            "contract": {"game": "grand"},
            "bid": 48,
            "won": True,
            "matadors": 2,
        }
    )
    svc.correct(
        6,
        "Anna",
        "it was Grand with 3",
        {
            "kind": "game",
            "declarer": declarer,
            "contract": {"game": "grand"},
            "bid": 48,
            "won": True,
            "matadors": 3,
        },
    )
    svc.close("Anna")
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.conn.execute("PRAGMA journal_mode=DELETE")
    store.close()
    with sqlite3.connect(OUT) as c:
        print(c.execute("SELECT name FROM _sqlite_migrations").fetchall(), file=sys.stderr)


if __name__ == "__main__":
    main()
