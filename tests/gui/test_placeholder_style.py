"""One placeholder style in every translatable string: Qt's numbered %1, %2 (issue 26).

Qt Linguist checks the numbered placeholders and translators know them; ``str.format``'s
``{name}`` is neither checked nor known, so a translator renaming ``{player}`` to ``{spieler}``
broke the text only at run time. ``game_words.fill`` puts the values in; the update script
reports a ``{name}`` in a source string, and the translations must keep every %N.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from skat_desktop.engine.actions import Bid, Play
from skat_desktop.engine.cards import card
from skat_desktop.gui import game_words as words
from skat_desktop.gui import i18n
from skat_desktop.gui.game_words import fill

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    path = ROOT / "scripts" / "update_translations.py"
    spec = importlib.util.spec_from_file_location("update_translations_style", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- fill


def test_fill_puts_each_value_at_its_number_in_any_order():
    assert fill("%1 plays %2", "Anna", "Grand") == "Anna plays Grand"
    assert fill("%2 %1", "Bube", "Kreuz") == "Kreuz Bube"  # a translation may turn them round
    assert fill("%1 and %1 again", "x") == "x and x again"
    assert fill("bid %1", 18) == "bid 18"  # not only text


def test_fill_does_not_fill_a_value_again():
    """A chain of replace() would turn Anna's "%2" into the game's name."""
    assert fill("%1 plays %2", "%2", "Grand") == "%2 plays Grand"
    assert fill("%1: %2", "50%1", "%1") == "50%1: %1"


def test_fill_leaves_the_count_and_missing_values_alone():
    assert fill("%1 takes %n points", "Anna") == "Anna takes %n points"
    assert fill("%1 of %Ln deals", 3) == "3 of %Ln deals"
    assert fill("the declarer wins %1% of the deals", 70) == "the declarer wins 70% of the deals"
    assert fill("%1 plays %2", "Anna") == "Anna plays %2"  # shows, rather than vanishes


@pytest.mark.parametrize("language, said", [("en", "%2 bids 18"), ("de", "%2 reizt 18")])
def test_a_player_called_like_a_placeholder_keeps_the_name(qapp, language, said):
    i18n.install_translations(qapp, language)
    try:
        assert words.action_text(Bid(0, 18), lambda _pos: "%2") == said
        played = words.action_text(Play(0, card("CJ")), lambda _pos: "%2")
        assert played.startswith("%2 ") and played.endswith(words.card_text(card("CJ")))
    finally:
        i18n.remove_translations(qapp)


# --------------------------------------------------------------------------- the check

NAMED = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>GameWords</name>
    <message>
        <source>{player} plays {card}</source>
        <translation>{player} spielt {card}</translation>
    </message>
    <message>
        <source>{player} passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{player} holds</source>
        <translation type="vanished">{player} hält</translation>
    </message>
    <message>
        <source>%1 bids %2</source>
        <translation>%1 reizt</translation>
    </message>
    <message>
        <source>%1 says Kontra</source>
        <translation>%1 sagt Kontra zu %2</translation>
    </message>
    <message>
        <source>%1 plays %2</source>
        <translation>%2: %1 spielt</translation>
    </message>
</context>
</TS>
"""


def test_the_check_reports_a_named_placeholder_and_a_number_lost_or_added(tmp_path, monkeypatch):
    script = load_script()
    ts = tmp_path / "skat_desktop_de.ts"
    ts.write_text(NAMED, encoding="utf-8")
    monkeypatch.setattr(script, "ts_path", lambda _language: ts)
    report = script.check("de")
    named = [p for p in report.problems if "write %1, %2" in p]
    # translated or not, the source is at fault; a vanished string is no longer in the code
    assert len(named) == 2
    assert "{player} plays {card}" in named[0] and "{player}, {card}" in named[0]
    assert "{player} passes" in named[1]
    others = "\n".join(p for p in report.problems if p not in named)
    assert "%1 reizt" in others  # lacks %2
    assert "zu %2" in others  # adds %2
    assert "%2: %1 spielt" not in others  # the order is the translator's
    assert len(report.problems) == 4


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_translation_files_use_numbered_placeholders_only(language):
    """The .ts as it is, without running lupdate (test_words runs it on the code): no source
    string with a {name}, no translation losing or adding a %N."""
    script = load_script()
    report = script.check(language)
    assert report.problems == []
