"""Correcting a played game the declarer conceded passes the card-points check: its
entry carries no card points (they are those of a game not played out)."""

from __future__ import annotations

from skat_desktop.ai.levels import make_player
from skat_desktop.app.club import entry_in_effect
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.actions import Concede
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.repository import Store


def _conceded_deal(seed: int) -> Deal | None:
    """A deal bid and declared by beginners whose declarer concedes at his first card."""
    deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed=seed))
    players = [make_player("beginner", seed + s) for s in range(3)]
    seats = deal.setup.seats
    while not deal.finished and deal.phase != Phase.PLAY:
        seat = seats[deal.to_move]
        deal.apply(players[seat].choose(deal.view(seat)))
    if deal.finished or deal.declarer is None or deal.to_move != deal.declarer:
        return None
    deal.apply(Concede(deal.declarer))
    return deal if deal.finished else None


def test_a_conceded_played_game_corrects_without_its_card_points(tmp_path):
    deal = next(d for d in map(_conceded_deal, range(1, 400)) if d is not None)
    store = Store.open(tmp_path / "club.sqlite3")
    players = [store.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    svc = SeriesService(store, store.create_series("Evening", "2026-11-29", players, ISKO))
    svc.record_played(deal)
    entry = entry_in_effect(svc, svc.deals[0])
    assert entry is not None and entry["kind"] == "game" and not entry["won"]
    assert entry["declarer_points"] is None  # the game was not played out
    # the same entry stores as a correction (with the points of the conceded game it was
    # refused: a game lost with 0 card points and not Schneider does not exist)
    svc.correct(1, "Erika", "typo in the bid", entry)
    assert len(store.corrections()) == 1
    store.close()
