"""Legal bid values: the exact lists of RULES.md §3.1-§3.3 and vector BD5 (§4.7)."""

from __future__ import annotations

import pytest

from skat_desktop.engine.bidding import Auction, bid_values
from skat_desktop.engine.cards import GameType, mask, parse_cards
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS, RuleProfile
from skat_desktop.engine.scoring import suit_grand_result

# RULES.md §3.1, copied verbatim.
ISKO_VALUES = (
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63,
    66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130,
    132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187,
    192, 198, 204, 216, 240, 264,
)  # fmt: skip

# RULES.md §3.2, copied verbatim.
PRE1999_VALUES = (
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63,
    66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130,
    132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187,
    192, 198, 204, 216, 240, 252, 288, 324, 360,
)  # fmt: skip

# RULES.md §3.3, "Values ≤ 264" and "Values > 264", copied verbatim.
TEXAS_VALUES_TO_264 = (
    18, 20, 22, 24, 27, 30, 32, 33, 36, 40, 44, 45, 48, 50, 54, 55, 60, 63, 64, 66, 70,
    72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 112, 117, 120, 121, 126, 128, 130,
    132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187,
    192, 198, 200, 204, 216, 220, 224, 234, 240, 242, 252, 256, 260, 264,
)  # fmt: skip
TEXAS_VALUES_ABOVE_264 = (
    270, 280, 286, 288, 300, 306, 308, 312, 320, 330, 336, 340, 352, 360, 374, 384, 408,
)  # fmt: skip
TEXAS_VALUES = TEXAS_VALUES_TO_264 + TEXAS_VALUES_ABOVE_264


def test_isko_bid_values_exact_list() -> None:
    """RULES.md §3.1: ISkO has exactly 63 bid values, 18 … 264."""
    assert len(ISKO_VALUES) == 63
    assert bid_values(ISKO) == ISKO_VALUES


def test_house_bid_values_equal_isko() -> None:
    """RULES.md §3.1 and §1B row 19: the club/house profile bids the ISkO list (63 values)."""
    assert bid_values(HOUSE) == ISKO_VALUES


def test_pre1999_bid_values_exact_list() -> None:
    """RULES.md §3.2: 66 values, 18 … 360; 264 gone, 252/288/324/360 added (Grand Ouvert 36)."""
    assert len(PRE1999_VALUES) == 66
    values = bid_values(PRE1999)
    assert values == PRE1999_VALUES
    assert 264 not in values
    assert {252, 288, 324, 360} <= set(values)
    # A-P2: the suit ouvert level keeps D×18 and S×18 in the list.
    assert {162, 198} <= set(values)


def test_texas_bid_values_exact_list() -> None:
    """RULES.md §3.3: 88 values, 18 … 408, 71 of them ≤ 264, 17 above (all ouvert)."""
    assert len(TEXAS_VALUES_TO_264) == 71
    assert len(TEXAS_VALUES_ABOVE_264) == 17
    values = bid_values(TEXAS)
    assert values == TEXAS_VALUES
    assert len(values) == 88
    assert len([v for v in values if v <= 264]) == 71
    assert max(values) == 408


def test_texas_differences_from_isko() -> None:
    """RULES.md §3.3: Texas-only values up to 264 and the ISkO values Texas lacks."""
    texas = {v for v in bid_values(TEXAS) if v <= 264}
    isko = set(bid_values(ISKO))
    assert texas - isko == {32, 64, 112, 128, 200, 220, 224, 234, 242, 252, 256, 260}
    assert isko - texas == {23, 35, 46, 59}


@pytest.mark.parametrize(
    ("profile", "contract", "trumps", "expected"),
    [
        # §3.1: G×11 = 264, Grand Ouvert with 4 (ISkO, ouvert level)
        (ISKO, Contract(GameType.GRAND, hand=True, ouvert=True), "CJ SJ HJ DJ", 264),
        # §3.2: pre-1999 Grand Ouvert with 4 = 36 × 10 = 360
        (PRE1999, Contract(GameType.GRAND, hand=True, ouvert=True), "CJ SJ HJ DJ", 360),
        # §3.3: Grand Ouvert Hand with 4 = 32 × 10 = 320
        (TEXAS, Contract(GameType.GRAND, hand=True, ouvert=True), "CJ SJ HJ DJ", 320),
        # §3.3: Clubs Ouvert Hand with 11 = 24 × 17 = 408, the Texas maximum
        (
            TEXAS,
            Contract(GameType.CLUBS, hand=True, ouvert=True),
            "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7",
            408,
        ),
    ],
)
def test_highest_values_are_produced_by_their_games(
    profile: RuleProfile, contract: Contract, trumps: str, expected: int
) -> None:
    """RULES.md §3.1-§3.3 'Highest': the top values of each list come from the named game."""
    cards12 = mask(parse_cards(trumps.split()))
    r = suit_grand_result(profile, contract, cards12, 18, 120, 10)
    assert r.won
    assert r.value == expected
    assert expected in bid_values(profile)


def test_maximum_bid_per_profile() -> None:
    """RULES.md §1A row 18: highest game value 264 ISkO/house, 360 pre-1999, 408 Texas."""
    assert max(bid_values(ISKO)) == 264
    assert max(bid_values(HOUSE)) == 264
    assert max(bid_values(PRE1999)) == 360
    assert max(bid_values(TEXAS)) == 408
    for p in (ISKO, HOUSE, PRE1999, TEXAS):
        assert bid_values(p)[0] == 18  # the lowest game, Diamonds with 1 (A29)


def _accepts(profile: RuleProfile, value: int) -> bool:
    """Whether middlehand's opening bid ``value`` is accepted; a rejection changes nothing."""
    a = Auction(bid_values(profile))
    try:
        a.bid(1, value)
    except IllegalAction:
        assert a.high == 0
        assert a.history == []
        assert a.waiting == 1
        return False
    assert a.high == value
    return True


ALL_PROFILES = (ISKO, TEXAS, PRE1999, HOUSE)


def test_bd5_only_game_values_may_be_bid() -> None:
    """RULES.md §4.7 BD5 (S0 ISkO 3.3.2; S1 Rule 7 Sec 1): a bid must be a real game value.

    19, 21, 25, 34 are rejected everywhere; 23/35/46/59 only outside Texas; 32/64/112/128
    only in Texas; 252 in pre-99 and Texas, not ISkO; 264 rejected in pre-99.
    """
    for profile in ALL_PROFILES:
        for v in (19, 21, 25, 34):
            assert not _accepts(profile, v), (profile.name, v)
    for v in (23, 35, 46, 59):
        assert _accepts(ISKO, v)
        assert _accepts(PRE1999, v)
        assert _accepts(HOUSE, v)
        assert not _accepts(TEXAS, v)
    for v in (32, 64, 112, 128):
        assert _accepts(TEXAS, v)
        assert not _accepts(ISKO, v)
        assert not _accepts(PRE1999, v)
        assert not _accepts(HOUSE, v)
    assert _accepts(PRE1999, 252)
    assert _accepts(TEXAS, 252)
    assert not _accepts(ISKO, 252)
    assert not _accepts(HOUSE, 252)
    assert not _accepts(PRE1999, 264)
    assert _accepts(ISKO, 264)
    assert _accepts(TEXAS, 264)
    # nothing above the profile maximum
    assert not _accepts(ISKO, 288)
    assert not _accepts(TEXAS, 432)
    assert not _accepts(PRE1999, 408)
