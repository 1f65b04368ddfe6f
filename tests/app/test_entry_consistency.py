"""Card points entered with a game must agree with its result (RULES.md §2.4, §2.5, §5.7).

A score-sheet entry may give the declarer's card points (``declarer_points``, with the
skat). The engine scores the game again from them: an entry whose result they contradict
is refused with one line, on entering and on correcting. Only what no game can produce is
refused: a game is lost with 61 or more when it is overbid or misses an announced Schneider
or Schwarz. Deals stored before the check (and files exported then) still read.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from skat_desktop.app import exchange
from skat_desktop.app.sheets import SeriesService, entered_result, entry_to_result
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.profiles import HOUSE, ISKO, TEXAS
from skat_desktop.store.repository import Store


def game(bid: int, won: bool, points: int | None, name: str = "grand", **more: Any) -> dict:
    """Bernd (seat 1) declares ``name`` with 1 unless ``matadors`` says otherwise."""
    contract = {"game": name}
    for flag in ("hand", "schneider_announced", "schwarz_announced", "ouvert"):
        if more.pop(flag, False):
            contract[flag] = True
    return {
        "kind": "game",
        "declarer": 1,
        "contract": contract,
        "bid": bid,
        "won": won,
        "matadors": more.pop("matadors", 1),
        "declarer_points": points,
        **more,
    }


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club.sqlite3")
    yield s
    s.close()


def new_series(store: Store, profile=HOUSE) -> SeriesService:
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2026-11-20", ids, profile, planned_deals=36)
    return SeriesService(store, sid)


def refusal(profile, entry: dict) -> ImpossibleEntry:
    with pytest.raises(ImpossibleEntry) as why:
        entered_result(profile, entry, 3, 0, False)
    return why.value


def score(profile, entry: dict) -> int:
    return entered_result(profile, entry, 3, 0, False).game.score


# ----------------------------------------------------------------- the tester's three rows


def test_a_game_won_with_40_card_points_is_refused_and_nothing_is_stored(store):
    """§2.4: won needs dp >= 61 (Grand, bid 24, with 1, won, 40 was stored as +48)."""
    svc = new_series(store)
    with pytest.raises(ImpossibleEntry) as why:
        svc.add_entry(game(24, True, 40))
    assert why.value.code == "won_below_61"
    assert str(why.value) == "a game is won with at least 61 card points, not 40"
    assert SeriesService(store, svc.info.id).deals == []


def test_a_game_lost_with_100_card_points_that_is_not_overbid_is_refused(store):
    svc = new_series(store)
    with pytest.raises(ImpossibleEntry) as why:
        svc.add_entry(game(24, False, 100))
    assert why.value.code == "lost_with_points_won"
    assert "\n" not in str(why.value)
    assert SeriesService(store, svc.info.id).deals == []


def test_schneider_reached_with_70_card_points_is_refused(store):
    svc = new_series(store)
    with pytest.raises(ImpossibleEntry) as why:
        svc.add_entry(game(24, True, 70, schneider=True))
    assert why.value.code == "no_schneider_at_points"
    assert str(why.value) == "with 70 card points neither side is Schneider"


# ---------------------------------------------------------------- what the rules allow


def test_a_game_is_won_with_61_and_lost_with_60():
    assert score(HOUSE, game(24, True, 61)) == 48
    assert score(HOUSE, game(24, False, 60)) == -96
    assert refusal(HOUSE, game(24, True, 60)).code == "won_below_61"
    assert refusal(HOUSE, game(24, False, 61)).code == "lost_with_points_won"


def test_an_overbid_game_is_lost_with_61_or_more_card_points(store):
    """§2.4 / ISkO 5.4.1: Diamonds with 1 is worth 18, the bid was 24: lost at 27."""
    svc = new_series(store)
    svc.add_entry(game(24, False, 85, "diamonds"))
    stored = svc.deals[-1].result
    assert stored.game.overbid and stored.game.score == -54 and stored.declarer_points == 85


def test_a_reached_schneider_that_covers_the_bid_wins_the_overbid_game():
    """§1A row 17: with Schneider (>= 90) Diamonds with 1 is worth 27 >= 24: won."""
    assert refusal(HOUSE, game(24, False, 95, "diamonds", schneider=True)).code == (
        "lost_with_points_won"
    )
    assert score(HOUSE, game(24, True, 95, "diamonds", schneider=True)) == 27


def test_an_overbid_game_with_schneider_reached_but_still_short_is_lost():
    """Grand with 1 and Schneider is worth 72 < 96: lost with 95, at 96."""
    assert score(HOUSE, game(96, False, 95, schneider=True)) == -192


def test_a_missed_announced_schneider_is_lost_with_61_to_89(store):
    """§2.4: announced Schneider not reached is lost (ISkO 5.2.5)."""
    svc = new_series(store)
    svc.add_entry(game(48, False, 75, hand=True, schneider_announced=True))
    assert svc.deals[-1].result.game.score == -240
    reached = game(48, False, 95, hand=True, schneider_announced=True, schneider=True)
    assert refusal(HOUSE, reached).code == "lost_with_points_won"


def test_a_missed_announced_schwarz_is_lost_with_a_schneider():
    entry = game(24, False, 100, hand=True, schwarz_announced=True, schneider=True)
    assert entered_result(HOUSE, entry, 3, 0, False).game.won is False


def test_schneider_needs_the_profiles_threshold():
    """§2.1: 90 under ISkO, 91 under Texas."""
    assert score(ISKO, game(24, True, 90, schneider=True)) == 72
    assert refusal(ISKO, game(24, True, 89, schneider=True)).code == "no_schneider_at_points"
    assert refusal(TEXAS, game(18, True, 90, schneider=True)).code == "no_schneider_at_points"
    assert score(TEXAS, game(18, True, 91, schneider=True)) == 48


def test_card_points_that_make_schneider_must_be_entered_as_schneider():
    why = refusal(HOUSE, game(24, True, 95))
    assert why.code == "schneider_at_points" and why.params == {"points": 95}
    schneidered = game(24, False, 25)  # the declarer has <= 30: he is Schneider
    assert refusal(HOUSE, schneidered).code == "schneider_at_points"
    assert score(HOUSE, {**schneidered, "schneider": True}) == -144


def test_schwarz_needs_every_trick():
    """§5.7: a won Schwarz has all 120; one lost Schwarz leaves at most the skat (22)."""
    assert score(HOUSE, game(24, True, 120, schwarz=True)) == 96
    assert refusal(HOUSE, game(24, True, 119, schwarz=True)).code == "schwarz_won_points"
    assert score(HOUSE, game(24, False, 22, schwarz=True)) == -192
    why = refusal(HOUSE, game(24, False, 50, schwarz=True))
    assert why.code == "schwarz_lost_points" and why.params == {"points": 50, "skat": 22}


def test_a_zero_point_trick_is_no_schwarz():
    """§5.7: 120 card points without Schwarz (the defenders took a trick of 7-8-9)."""
    assert score(HOUSE, game(24, True, 120, schneider=True)) == 72
    assert score(HOUSE, game(24, False, 0, schneider=True)) == -144


def test_a_null_game_has_no_card_points():
    null = game(23, True, 0, "null")
    assert refusal(HOUSE, null).code == "null_card_points"
    assert score(HOUSE, {**null, "declarer_points": None}) == 23


def test_without_card_points_nothing_more_is_checked():
    assert score(HOUSE, game(24, True, None)) == 48


# ------------------------------------------------------------- corrections and old data


def test_a_correction_is_checked_too(store):
    svc = new_series(store)
    svc.add_entry(game(24, True, 70))
    with pytest.raises(ImpossibleEntry):
        svc.correct(1, "Cem", "points", game(24, True, 40))
    assert store.corrections(series_id=svc.info.id) == []
    svc.correct(1, "Cem", "points", game(24, False, 55))
    assert svc.deals[0].result.game.score == -96


def _stored_before_the_check(svc: SeriesService, entry: dict) -> None:
    """As an older version stored it: scored without the card-point check."""
    dealer, bock, _ = svc.next_context()
    svc._store(entry_to_result(svc.info.profile, entry, 3, dealer, bock), entry=entry)


def test_a_deal_stored_before_the_check_still_reads(store):
    svc = new_series(store)
    _stored_before_the_check(svc, game(24, True, 40))
    again = SeriesService(store, svc.info.id)
    assert again.unreadable == ()
    assert again.deals[0].result.game.score == 48


def test_a_series_exported_before_the_check_still_imports(store, tmp_path):
    svc = new_series(store)
    _stored_before_the_check(svc, game(24, True, 40))
    text = exchange.dumps_export(exchange.export_series(store, [svc.info.id]))
    target = Store.open(tmp_path / "other.sqlite3")
    try:
        (sid,) = exchange.import_series(target, text)
        imported = SeriesService(target, sid)
        assert imported.unreadable == () and imported.deals[0].result.game.score == 48
        assert json.loads(json.dumps(imported.deals[0].result.declarer_points)) == 40
    finally:
        target.close()
