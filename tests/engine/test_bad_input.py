"""Malformed actions and profiles are refused with one sentence and change nothing."""

import dataclasses

import pytest

from skat_desktop.engine.actions import Bid, Discard, Double, Play, action_to_dict
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import ISKO


@pytest.mark.parametrize(
    "action",
    [
        Bid(1, 18.0),
        Bid(True, 18),
        Play(0, "CA"),
        Play(0, 40),
        Discard(0, (1, "x")),
        Discard(0, [1, 2]),
    ],
    ids=repr,
)
def test_malformed_actions_are_refused_and_change_nothing(action):
    deal = Deal(DealSetup(ISKO, deal_from_seed(5)))
    with pytest.raises(IllegalAction) as e:
        deal.apply(action)
    assert "\n" not in str(e.value)
    assert deal.actions == []
    deal.apply(Bid(1, 18))  # the deal goes on as if nothing happened
    assert deal.actions == [Bid(1, 18)]


def test_no_doubling_level_zero_in_a_record():
    with pytest.raises(ValueError, match="no doubling of level 0"):
        action_to_dict(Double(1, 0))


def test_a_profile_needs_a_table_size():
    with pytest.raises(ValueError, match="table size"):
        dataclasses.replace(ISKO, table_sizes=())
