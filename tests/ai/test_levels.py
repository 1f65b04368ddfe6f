"""Levels by name, and levels with changed settings for measuring variants in the arena."""

from __future__ import annotations

import pytest

from skat_desktop.ai.levels import make_player, tuned_level
from skat_desktop.ai.pimc import EXPERT, STANDARD
from skat_desktop.app.arena import ArenaError, check_kind


def test_a_plain_level_has_no_changed_settings():
    assert tuned_level("standard") == ("standard", {})
    assert make_player("standard", 3).strength == STANDARD


def test_a_tuned_level_changes_only_the_settings_named():
    kind = "expert(max_worlds=80,play_edge=0.5,pass_inference=false)"
    assert tuned_level(kind) == (
        "expert",
        {"max_worlds": 80, "play_edge": 0.5, "pass_inference": False},
    )
    strength = make_player(kind, 1).strength
    assert (strength.max_worlds, strength.play_edge, strength.pass_inference) == (80, 0.5, False)
    assert strength.budget == EXPERT.budget and strength.name == "expert"
    check_kind(kind)  # the arena takes it
    check_kind(kind + "#2")


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("beginner(max_worlds=3)", "only standard and expert"),
        ("standard(worlds=3)", "'worlds' is not a setting"),
        ("standard(max_worlds=many)", "max_worlds must be int, not 'many'"),
        ("standard(inference=1)", "inference must be bool"),
        ("standard(max_worlds=3", "only standard and expert"),
    ],
)
def test_a_wrong_setting_is_refused_in_one_line(kind, words):
    with pytest.raises(ValueError, match="^" + "'") as err:
        tuned_level(kind)
    assert words in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(ArenaError):
        check_kind(kind)
