"""GUI tests draw offscreen: no display is needed, on a desktop or in CI."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _french_words():
    """Each test starts with the French deck's card names (a window sets its deck's)."""
    from skat_desktop.gui import game_words

    game_words.use_deck(game_words.FRENCH, notify=False)
    yield
    game_words.use_deck(game_words.FRENCH, notify=False)
