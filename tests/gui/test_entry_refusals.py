"""An impossible club entry is refused in the player's language (issue 26, item 5).

The engine says why in English (the CLI shows that sentence); each refusal also carries a
code and its parameters, which :func:`game_words.entry_refusal` says in German or English.
The codes are collected from the source, so a new refusal without a code, or one whose
code has no translation, fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication

from skat_desktop.app.sheets import entry_to_result
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui import i18n
from skat_desktop.gui.game_words import (
    ENTRY_REFUSAL_CONTEXT,
    ENTRY_REFUSALS,
    entry_refusal,
    game_name,
)

from .test_club_entry import WAIT, Keys, game, new_series, show_form

PACKAGE = Path(__file__).resolve().parents[2] / "skat_desktop"
SOURCES = ("engine/entry.py", "engine/contract.py", "app/sheets.py")
_LEFT = re.compile(r"%\d")


def _refusals() -> tuple[dict[str, set[frozenset[str]]], list[str]]:
    """Every code the three modules refuse with and the parameter names given with it;
    and every refusal that gives no code (``file:line``)."""
    codes: dict[str, set[frozenset[str]]] = {}
    uncoded: list[str] = []
    for name in SOURCES:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in ("ImpossibleEntry", "ContractProblem"):
                continue
            where = f"{name}:{node.lineno}"
            if node.func.id == "ImpossibleEntry":
                code = node.args[1] if len(node.args) > 1 else None
                params = node.args[2] if len(node.args) > 2 else None
                if isinstance(code, ast.Attribute) and code.attr == "code":
                    continue  # passes a contract refusal on: its codes are counted there
            else:
                code, params = node.args[0], node.args[2] if len(node.args) > 2 else None
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str) and code.value):
                uncoded.append(where)
                continue
            keys: frozenset[str] = frozenset()
            if isinstance(params, ast.Dict):
                keys = frozenset(k.value for k in params.keys if isinstance(k, ast.Constant))
            codes.setdefault(code.value, set()).add(keys)
    return codes, uncoded


def _sample(key: str) -> Any:
    """A parameter as the engine gives it."""
    return {
        "profile": ISKO,
        "game": GameType.GRAND,
        "contract": Contract(GameType.CLUBS, hand=True, schneider_announced=True),
        "detail": "detail",
        "field": "bid",
    }.get(key, 7)


def test_every_refusal_in_the_engine_has_a_code_the_gui_translates():
    codes, uncoded = _refusals()
    assert uncoded == [], f"refusals without a code: {uncoded}"
    assert len(codes) >= 40
    assert set(codes) == set(ENTRY_REFUSALS)
    for code, given in codes.items():
        assert given == {frozenset(ENTRY_REFUSALS[code][1])}, code


def test_every_refusal_is_german_with_its_placeholders_filled(qapp):
    codes, _ = _refusals()
    english = {
        code: entry_refusal(
            ImpossibleEntry("?", code, {k: _sample(k) for k in ENTRY_REFUSALS[code][1]})
        )
        for code in codes
    }
    assert i18n.install_translations(qapp, "de") == "de"
    for code in sorted(codes):
        text, keys = ENTRY_REFUSALS[code]
        assert QCoreApplication.translate(ENTRY_REFUSAL_CONTEXT, text) != text, code
        german = entry_refusal(ImpossibleEntry("?", code, {k: _sample(k) for k in keys}))
        assert german != english[code] and german != "?", code
        assert not _LEFT.search(german), (code, german)
    profile = entry_refusal(ImpossibleEntry("?", "no_bock_rounds", {"profile": ISKO}))
    assert "International Skat Order" not in profile  # the profile by its German title


def test_in_english_the_gui_says_the_engines_sentence(qapp):
    """Without a translation the words are the engine's own (the CLI's)."""
    entries = (
        (ISKO, game(1, "grand", 24, True, matadors=5)),
        (ISKO, game(1, "clubs", 19, True, matadors=2)),
        (ISKO, game(1, "spades", 18, True, schneider_announced=True, schneider=True)),
        (ISKO, game(1, "clubs", 24, True, hand=True, schneider_announced=True)),
        (HOUSE, {"kind": "passed_in"}),
        (ISKO, game(1, "diamonds", 24, True, matadors=1)),
        (HOUSE, {"kind": "ramsch", "points": [30, 40, 40], "tricks": [3, 4, 4], "last_trick": 1}),
    )
    for profile, entry in entries:
        with pytest.raises(ImpossibleEntry) as why:
            entry_to_result(profile, entry, 3, 0, False)
        assert why.value.code in ENTRY_REFUSALS
        assert entry_refusal(why.value) == str(why.value)


def test_an_unknown_code_or_missing_parameters_show_the_english_sentence(qapp):
    i18n.install_translations(qapp, "de")
    assert entry_refusal(ImpossibleEntry("a new reason", "not_a_code", {})) == "a new reason"
    assert entry_refusal(ImpossibleEntry("no bock", "no_bock_rounds")) == "no bock"
    assert entry_refusal(ValueError("first line\nsecond")) == "first line"


def test_impossible_entries_typed_in_german_are_refused_in_german(qtbot, qapp, store, writer):
    i18n.install_translations(qapp, "de")
    sid = new_series(store, ("Anna", "Bernd", "Cem"), ISKO)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)

    def type_row(name: str, bid: int, matadors: int) -> str:
        form.clear()
        form.focus_first()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is form.declarer, timeout=WAIT)
        keys.choose(form.declarer, "Bernd")
        keys.press(Qt.Key.Key_Tab)
        keys.choose(form.game, game_name(name))
        keys.press(Qt.Key.Key_Tab)
        keys.type(str(bid))
        keys.press(Qt.Key.Key_Tab)
        keys.type(str(matadors))
        keys.tab_to(form.result)
        keys.choose(form.result, form.result.itemText(0))  # won
        assert not form.enter_button.isEnabled()
        return form.problem.text()

    assert type_row("grand", 24, 5) == "Grand hat 1 bis 4 Spitzen, nicht 5"
    said = type_row("clubs", 19, 2)
    assert said.startswith("19 ist kein Spielwert") and "%" not in said


def test_the_guis_own_store_and_host_sentences_are_german(qapp):
    """Group B of the audit: the sentences the GUI itself writes into its messages."""
    from skat_desktop.gui.lan_host import host_error_text
    from skat_desktop.gui.store_worker import not_stored_text

    assert not_stored_text(3, "disk full") == "deal 3 could not be stored: disk full"
    i18n.install_translations(qapp, "de")
    assert not_stored_text(3, "disk full") == "Spiel 3 konnte nicht gespeichert werden: disk full"
    assert not_stored_text(None, "disk full").startswith("der Tisch konnte nicht")
    busy = host_error_text("cannot listen on 127.0.0.1:55123: Address already in use")
    assert busy == (
        "auf 127.0.0.1:55123 können keine Verbindungen angenommen werden: Address already in use"
    )
    other = host_error_text("table spec 'x': unknown rule profile 'nonsense'")
    assert other == (
        "der Gastgeber wurde mit einem Fehler beendet"
        " (table spec 'x': unknown rule profile 'nonsense')"
    )


def test_a_refused_background_write_is_worded_in_german(qapp):
    """A store refusal a background job reports (store_worker.Failure) is shown in the
    player's language by its class; one without a code keeps its own sentence."""
    from skat_desktop.gui.store_worker import Failure
    from skat_desktop.store.database import DatabaseBusy, StoreError

    i18n.install_translations(qapp, "de")
    busy = Failure.of(DatabaseBusy("database is locked"))
    assert busy == QCoreApplication.translate(
        "Errors", "Another program is using the database; try again in a moment."
    )
    assert busy != "Another program is using the database; try again in a moment."
    refused = Failure.of(
        ImpossibleEntry("19 is not ...", "bid_not_game_value", {"bid": 19, "profile": ISKO})
    )
    assert refused.startswith("19 ist kein Spielwert")
    assert Failure.of(StoreError("series 1 is already closed")) == "series 1 is already closed"
