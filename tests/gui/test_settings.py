"""The settings wrapper: defaults, round trips, and damaged values falling back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from skat_desktop.gui.settings import (
    DEFAULT_ANIMATION_SPEED,
    MAX_ANIMATION_SPEED,
    NewGameChoices,
    Settings,
)


@pytest.fixture
def settings(tmp_path):
    return Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))


def test_a_fresh_file_gives_the_defaults(settings):
    assert settings.deck_id == "french"
    assert settings.index_style == "en"
    assert settings.color_scheme == "system"
    assert settings.animation_speed == DEFAULT_ANIMATION_SPEED
    assert settings.sort_mode == "game"
    assert settings.language == ""
    assert settings.window_geometry == b""
    assert settings.new_game == NewGameChoices()


def test_values_survive_a_new_settings_object(tmp_path, settings):
    settings.deck_id = "german"
    settings.index_style = "de"
    settings.color_scheme = "dark"
    settings.animation_speed = 0
    settings.sort_mode = "manual"
    settings.language = "de"
    settings.window_geometry = b"\x01\x02geometry"
    settings.new_game = NewGameChoices(
        "Anna", ["beginner", "human", "expert", "random"], "house", 0, True
    )
    settings.sync()
    again = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert again.deck_id == "german"
    assert again.index_style == "de"
    assert again.color_scheme == "dark"
    assert again.animation_speed == 0
    assert again.sort_mode == "manual"
    assert again.language == "de"
    assert again.window_geometry == b"\x01\x02geometry"
    assert again.new_game == NewGameChoices(
        "Anna", ["beginner", "human", "expert", "random"], "house", 0, True
    )


def test_damaged_values_fall_back_to_the_defaults(tmp_path):
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    qs.setValue("appearance/color_scheme", "purple")
    qs.setValue("appearance/animation_speed", "fast")
    qs.setValue("table/sort_mode", 3)
    qs.setValue("new_game/seats", "human")
    qs.setValue("new_game/series_length", -5)
    s = Settings(qs)
    assert s.color_scheme == "system"
    assert s.animation_speed == DEFAULT_ANIMATION_SPEED
    assert s.sort_mode == "game"
    assert s.new_game.seats == NewGameChoices().seats
    assert s.new_game.series_length == NewGameChoices().series_length


def test_setters_refuse_unknown_choices_and_clamp_the_speed(settings):
    with pytest.raises(ValueError):
        settings.color_scheme = "purple"
    with pytest.raises(ValueError):
        settings.sort_mode = "by colour"
    settings.animation_speed = 99
    assert settings.animation_speed == MAX_ANIMATION_SPEED
    settings.animation_speed = -1
    assert settings.animation_speed == 0
