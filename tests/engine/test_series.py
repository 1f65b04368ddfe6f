"""Series at one table: dealer rotation, seats, Bock and Ramsch rounds (§1 row 42, §5.1)."""

from __future__ import annotations

import dataclasses

import pytest

from skat_desktop.engine.cards import GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import DealResult
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS
from skat_desktop.engine.scenario import score_scenario
from skat_desktop.engine.scoring import RamschResult, game_result
from skat_desktop.engine.series import Series

CARDS = deal_from_seed(1)


def game(profile, declarer, score_kwargs, contract=None, bid=18):
    """A DealResult for a suit game whose outcome comes from the real scoring."""
    contract = contract or Contract(GameType.CLUBS)
    from skat_desktop.engine.cards import mask, parse_cards

    cards12 = mask(
        parse_cards(["CJ", "HJ", "CA", "CT", "CK", "CQ", "C9", "SA", "HA", "DA", "C8", "D7"])
    )
    r = game_result(profile, contract, cards12, bid, **score_kwargs)
    scores = [0, 0, 0]
    scores[declarer] = r.score
    return DealResult(
        "game",
        tuple(scores),
        declarer=declarer,
        bid=bid,
        contract=contract,
        game=r,
        declarer_points=score_kwargs.get("declarer_points", 0),
    )


def passed_in():
    return DealResult("passed_in", (0, 0, 0), reason="all passed")


def play(series, result):
    setup = series.next_setup(CARDS)
    return setup, series.record(result)


def test_dealer_rotates_clockwise_and_passed_in_deals_count():
    """§5.1 / DL4: every deal, passed in or not, moves the deal on."""
    s = Series(ISKO, 4)
    dealers = []
    for r in (
        passed_in(),
        game(ISKO, 0, {"declarer_points": 70, "declarer_tricks": 6}),
        passed_in(),
        passed_in(),
        passed_in(),
    ):
        setup, _ = play(s, r)
        dealers.append(setup.dealer)
    assert dealers == [0, 1, 2, 3, 0]
    assert [e.kind for e in s.entries].count("passed_in") == 4


def test_four_player_sheet_maps_positions_to_seats():
    """DL2: dealer seat 0 sits out; forehand is seat 1, so position 0's score is seat 1's."""
    s = Series(ISKO, 4)
    _, e = play(s, game(ISKO, 0, {"declarer_points": 70, "declarer_tricks": 6}))
    assert e.seats == (1, 2, 3)
    assert e.declarer == 1
    assert e.scores == (0, 24, 0, 0)
    _, e2 = play(s, game(ISKO, 2, {"declarer_points": 50, "declarer_tricks": 4}))
    assert e2.seats == (2, 3, 0) and e2.declarer == 0
    assert e2.scores == (-48, 0, 0, 0)
    assert s.totals == [-48, 24, 0, 0]


def test_seeger_fabian_of_a_series():
    """§2.10: 24 + 50 for the winner; the 4-table bonus 30 per other player's loss."""
    s = Series(ISKO, 4)
    play(s, game(ISKO, 0, {"declarer_points": 70, "declarer_tricks": 6}))  # seat 1 +24
    play(s, game(ISKO, 2, {"declarer_points": 50, "declarer_tricks": 4}))  # seat 0 -48
    assert s.evaluation() == [-48 - 50, 24 + 50 + 30, 30, 30]


def test_pre1999_rating_gives_the_bonus_to_active_defenders_only():
    """A-P7: only the two defenders at the table receive 40 for the soloist's loss."""
    s = Series(PRE1999, 4)
    play(s, game(PRE1999, 0, {"declarer_points": 50, "declarer_tricks": 4}))  # seat 1 loses
    assert s.tallies()[0].defended_lost == 0  # the dealer sat out
    assert s.evaluation() == [0, -48 - 50, 40, 40]


def test_texas_ramsch_counts_won_and_lost_games():
    s = Series(TEXAS, 3)
    ramsch = RamschResult((10, 0, 0), (1, 0, 0), (30, 50, 40), (3, 4, 3))
    _, e = play(s, DealResult("ramsch", (10, 0, 0), ramsch=ramsch))
    assert e.outcome == (0, 1, 0)  # forehand is seat 1 when seat 0 deals
    assert s.tallies()[1].won == 1


def test_bock_round_follows_a_trigger_and_rounds_queue():
    """§1 row 42, K8: a 60-point loss makes the next round (3 deals at 3 seats) Bock.
    Triggers during a Bock round queue another round; they do not stack."""
    s = Series(HOUSE, 3)
    lost60 = game(HOUSE, 0, {"declarer_points": 60, "declarer_tricks": 5})
    ordinary = game(HOUSE, 1, {"declarer_points": 70, "declarer_tricks": 6})
    setup, e = play(s, lost60)
    assert not setup.bock and e.bock_triggered
    bocks = []
    for r in (lost60, ordinary, ordinary, ordinary, ordinary, ordinary, ordinary):
        setup, e = play(s, r)
        bocks.append(setup.bock)
    assert bocks == [True, True, True, True, True, True, False]


def test_bock_round_doubles_the_score_of_a_played_deal():
    """K5: a game played in a Bock round scores double (the Deal applies it)."""
    answer = score_scenario(
        {
            "id": "k5",
            "profile": "house",
            "cards": ["CJ", "SJ", "DJ", "CA", "CT", "SA", "ST", "HA", "D7", "D8"],
            "skat": ["H7", "C7"],
            "bid": 20,
            "contract": {"game": "grand"},
            "declarer_points": 78,
            "declarer_tricks": 7,
            "bock_round": True,
        }
    )
    assert answer["score"] == 144


@pytest.mark.parametrize(
    ("trigger", "kwargs", "contract", "fires"),
    [
        (
            "grand_hand_won",
            {"declarer_points": 70, "declarer_tricks": 6},
            Contract(GameType.GRAND, hand=True),
            True,
        ),
        (
            "grand_hand_won",
            {"declarer_points": 70, "declarer_tricks": 6},
            Contract(GameType.GRAND),
            False,
        ),
        ("kontra_re", {"declarer_points": 70, "declarer_tricks": 6, "kontra": 2}, None, True),
        ("kontra_re", {"declarer_points": 70, "declarer_tricks": 6, "kontra": 1}, None, False),
        ("kontra_won", {"declarer_points": 50, "declarer_tricks": 4, "kontra": 1}, None, True),
        ("kontra_won", {"declarer_points": 70, "declarer_tricks": 6, "kontra": 1}, None, False),
        ("value_72", {"declarer_points": 95, "declarer_tricks": 9}, Contract(GameType.GRAND), True),
        (
            "value_96",
            {"declarer_points": 70, "declarer_tricks": 6},
            Contract(GameType.GRAND),
            False,
        ),
    ],
)
def test_bock_triggers(trigger, kwargs, contract, fires):
    profile = dataclasses.replace(HOUSE, bock_triggers=frozenset({trigger}))
    s = Series(profile, 3)
    _, e = play(s, game(profile, 0, kwargs, contract))
    assert e.bock_triggered is fires


@pytest.mark.parametrize(
    ("trigger", "fires_at"),
    [("multiple_of_100", 25), ("three_equal_digits", 37)],  # totals 600 and 888
)
def test_totals_triggers(trigger, fires_at):
    """A running total that is a multiple of 100, or of three equal digits, triggers Bock."""
    profile = dataclasses.replace(HOUSE, bock_triggers=frozenset({trigger}))
    s = Series(profile, 3)
    fired = []
    for k in range(1, 41):
        position_of_seat_1 = (-s.dealer) % 3  # seat 1 declares every game (+24)
        _, e = play(
            s, game(profile, position_of_seat_1, {"declarer_points": 70, "declarer_tricks": 6})
        )
        assert e.totals[1] == 24 * k
        if e.bock_triggered:
            fired.append(k)
    assert fired == [fires_at]


def test_compulsory_ramsch_round_after_bock_round_and_grand_hand_repeats():
    """§1 row 42 option: a Ramsch round follows each Bock round; a Grand Hand played
    instead is dealt again by the same dealer and does not use up the round."""
    profile = dataclasses.replace(HOUSE, bock_ramsch_round=True)
    s = Series(profile, 3)
    lost60 = game(profile, 0, {"declarer_points": 60, "declarer_tricks": 5})
    ordinary = game(profile, 1, {"declarer_points": 70, "declarer_tricks": 6})
    play(s, lost60)
    kinds = []
    for _ in range(3):
        setup, _ = play(s, ordinary)
        kinds.append((setup.bock, setup.ramsch_round))
    assert kinds == [(True, False)] * 3
    ramsch = RamschResult((-30, 0, 0), (-1, 0, 0), (30, 50, 40), (3, 4, 3))
    r_result = DealResult("ramsch", (-30, 0, 0), ramsch=ramsch)
    setup, _ = play(s, r_result)
    assert setup.ramsch_round and not setup.bock
    dealer = s.dealer
    grand_hand = game(
        profile,
        0,
        {"declarer_points": 70, "declarer_tricks": 6},
        Contract(GameType.GRAND, hand=True),
    )
    setup, _ = play(s, grand_hand)
    assert setup.ramsch_round
    assert s.dealer == dealer  # the same dealer deals again
    setups = [play(s, r_result)[0] for _ in range(3)]
    assert [x.ramsch_round for x in setups] == [True, True, False]


def test_series_refuses_a_table_size_the_profile_does_not_play():
    with pytest.raises(ValueError, match="table of 5"):
        Series(ISKO, 5)
