"""Skat's words (issue 23, item 5): one module names every game term for every view.

A card and a game are called the same on the table, in the history and on the score sheet,
in English and German, with the French and the German deck; the German deck's words are
Eichel, Grün, Rot, Schellen (Acorns, Leaves, Hearts, Bells) and Unter, Ober, Daus, never
♣♠♥♦ or Kreuz, Pik, Herz, Karo; counts take Qt's numerus forms; the sheet ranks equal
players alike; and every German string is translated with its placeholders kept.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from skat_desktop.ai.hints import Hint, Why
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import DealOver
from skat_desktop.engine.actions import Bid, Declare, Discard, Play
from skat_desktop.engine.cards import GameType, card
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui import game_words as words
from skat_desktop.gui import i18n
from skat_desktop.gui.history_view import HistoryBrowser
from skat_desktop.gui.main_window import SHEET
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer, make_window, start

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20_000
FRENCH_SIGNS = re.compile("[♣♠♥♦]")
FRENCH_SUITS_DE = re.compile(r"\b(Kreuz|Pik|Herz|Karo)\b")


def speak(qapp, language: str, deck: str) -> None:
    i18n.install_translations(qapp, language)
    words.use_deck(deck, notify=False)


# --------------------------------------------------------------------------- the words


CASES = {
    ("en", "french"): ("♣J", "♥10", "Jack of Clubs", "Hearts Hand", "Spades Schneider announced"),
    ("de", "french"): ("♣B", "♥10", "Kreuz Bube", "Herz Hand", "Pik Schneider angesagt"),
    ("en", "german"): ("AU", "H10", "Unter of Acorns", "Hearts Hand", "Leaves Schneider announced"),
    ("de", "german"): ("EU", "R10", "Eichel Unter", "Rot Hand", "Grün Schneider angesagt"),
}


@pytest.mark.parametrize("language, deck", list(CASES))
def test_cards_and_games_are_named_by_the_deck_in_either_language(qapp, language, deck):
    speak(qapp, language, deck)
    jack, ten, full, hearts_hand, spades_schneider = CASES[language, deck]
    assert words.card_text(card("CJ")) == jack
    assert words.card_text(card("HT")) == ten
    assert words.card_full_name(card("CJ")) == full
    assert words.contract_text(Contract(GameType.HEARTS, hand=True)) == hearts_hand
    # the sheet and the history keep the engine's English label: said in the deck's words
    assert words.game_label("Hearts Hand") == hearts_hand
    assert words.game_label("Spades Schneider announced") == spades_schneider
    # a move, a hint, the rich text of the panels: the same name
    assert jack in words.action_text(Play(0, card("CJ")), lambda pos: "Anna")
    assert words.move_text(Play(0, card("CJ"))) == jack
    assert f">{jack}</span>" in words.card_html(card("CJ"))
    assert jack in words.hint_reason(Hint(Play(0, card("CJ")), "", Why("lead", card("CJ"))))
    assert words.move_text(Discard(0, (card("CJ"), card("HT")))).count(jack) == 1


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_german_deck_never_says_the_french_suits(qapp, language):
    speak(qapp, language, "german")
    said = [words.card_text(c) for c in range(32)]
    said += [words.card_full_name(c) for c in range(32)]
    said += [words.game_name(g) for g in GameType]
    said += [words.suit_button_text(g) for g in GameType if g.is_suit]
    said += [words.game_label(Contract(GameType(g), hand=True).label()) for g in range(4)]
    for text in said:
        assert not FRENCH_SIGNS.search(text), text
        assert not FRENCH_SUITS_DE.search(text), text
    names = {
        "de": ["Eichel", "Grün", "Rot", "Schellen", "Unter", "Ober", "König", "Daus"],
        "en": ["Acorns", "Leaves", "Hearts", "Bells", "Unter", "Ober", "King", "Deuce"],
    }[language]
    assert all(any(name in text for text in said) for name in names)
    # 32 different short names, as on any deck
    assert len(set(said[:32])) == 32


def test_the_deck_setting_reaches_the_words_and_the_open_windows(qapp, qtbot, tmp_path, store):
    """The main window passes its deck to the words: at start and on every change, after
    which an open view says its words anew."""
    window = make_window(qtbot, tmp_path)
    assert words.deck_style() == "french"
    svc, sheet = sheet_of(qtbot, store, None)
    svc.add_entry(
        {"kind": "game", "declarer": 0, "contract": {"game": "clubs"}, "bid": 18,
         "won": True, "matadors": 1}
    )  # fmt: skip
    shown(qtbot, sheet)
    sheet.show()

    def game() -> str:
        return sheet.model.index(0, 3).data()

    assert game() == "Clubs"
    window._set_deck("german")
    assert window.settings.deck_id == "german" and words.deck_style() == "german"
    qtbot.waitUntil(lambda: game() == "Acorns", timeout=WAIT)
    window._set_deck("tournament")  # French signs again
    qtbot.waitUntil(lambda: game() == "Clubs", timeout=WAIT)


def test_the_windows_hint_line_uses_the_words(qapp, qtbot, tmp_path):
    """The window's own move words (``_action_words``) are gone: a hint says its move and
    its reason in the player's language, with the deck's card names."""
    window = make_window(qtbot, tmp_path)
    window.set_language("de")
    window._set_deck("german")
    window._on_hint(Hint(Bid(0, 18), "the hand is worth at least 18", Why("bid", count=18)))
    said = window.statusBar().currentMessage  # (and the hint line of the panel acted in)
    assert said() == "Tipp: 18 reizen — das Blatt ist mindestens 18 wert"
    jack = Discard(0, (card("CJ"), card("S7")))
    window._on_hint(Hint(jack, "", Why("discard", cards=jack.cards, points=2)))
    assert said() == "Tipp: EU G7 drücken — 2 Augen sicher im Skat"


# --------------------------------------------------------------------------- counts


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", ["1 trick", "2 tricks", "1 deal", "2 deals", "1 of 48 deals", "pushed 1 time"]),
        ("de", ["1 Stich", "2 Stiche", "1 Spiel", "2 Spiele", "1 von 48 Spielen",
                "einmal geschoben"]),
    ],
)  # fmt: skip
def test_counts_take_the_languages_plural_forms(qapp, language, expected):
    i18n.install_translations(qapp, language)
    said = [
        words.tricks_text(1),
        words.tricks_text(2),
        words.deals_text(1),
        words.deals_text(2),
        words.deals_of_text(1, 48),
        words.pushed_text(1),
    ]
    assert said == expected


def test_without_a_translation_english_still_counts_right(qapp):
    i18n.remove_translations(qapp)
    assert (words.tricks_text(1), words.deals_text(3)) == ("1 trick", "3 deals")


def test_a_hint_says_who_wins_in_good_english_and_in_german(qapp):
    why = Why("take", card("CJ"), points=11, side="declarer", share=100)
    assert why.english() == (
        "takes the trick with ♣J (11 points so far) (the declarer wins 100% of sampled deals)"
    )
    defenders = Why("throw", card("D7"), side="defenders", share=40).english()
    assert defenders.endswith("(the defenders win 40% of sampled deals)")
    speak(qapp, "de", "german")
    said = words.hint_reason(Hint(Play(0, card("CJ")), why.english(), why))
    assert said == (
        "sticht mit EU (bisher 11 Augen)"
        " (der Alleinspieler gewinnt 100 % der simulierten Verteilungen)"
    )
    assert words.move_text(Bid(0, 18)) == "18 reizen"
    assert words.move_text(Declare(0, Contract(GameType.SPADES))) == "Grün"


# --------------------------------------------------------------------------- the sheet


def sheet_of(qtbot, store: Store, planned: int | None) -> tuple[SeriesService, ScoreSheetView]:
    a, b, c = (store.add_player(n) for n in ("Anna", "Bert", "Cleo"))
    sid = store.create_series("Evening", "2026-01-09", [a, b, c], ISKO, planned_deals=planned)
    view = ScoreSheetView(store, sid)
    qtbot.addWidget(view)
    return SeriesService(store, sid), view


def shown(qtbot, view: ScoreSheetView) -> None:
    view.refresh()
    qtbot.waitUntil(lambda: view.summary is not None and not view.busy, timeout=WAIT)


def places(view: ScoreSheetView) -> list[str]:
    model = view.model
    row = model.footer_row("places")
    return [model.index(row, model.player_column(s)).data() for s in range(3)]


def test_equal_players_share_their_place_on_the_sheet(qtbot, store):
    svc, view = sheet_of(qtbot, store, 48)
    shown(qtbot, view)
    assert places(view) == ["1.", "1.", "1."]  # before the first deal (was 3. 2. 1.)
    svc.add_entry(
        {"kind": "game", "declarer": 1, "contract": {"game": "grand"}, "bid": 24,
         "won": True, "matadors": 1}
    )  # fmt: skip
    shown(qtbot, view)
    assert places(view) == ["2.", "1.", "2."]  # standard competition ranking


def test_the_sheet_counts_its_deals_in_either_language(qapp, qtbot, store):
    svc, view = sheet_of(qtbot, store, None)
    svc.add_entry({"kind": "passed_in"})
    shown(qtbot, view)
    assert "— 1 deal —" in view.title.text()  # was "1 deals"
    i18n.install_translations(qapp, "de")
    qtbot.waitUntil(lambda: "— 1 Spiel — offen" in view.title.text(), timeout=WAIT)


def test_the_sheets_heading_follows_the_language(qapp, qtbot, store):
    svc, view = sheet_of(qtbot, store, 48)
    svc.add_entry({"kind": "passed_in"})
    svc.add_entry({"kind": "passed_in"})
    shown(qtbot, view)
    assert view.title.text().endswith("— 2 of 48 deals — open")
    i18n.install_translations(qapp, "de")
    qtbot.waitUntil(lambda: view.title.text().endswith("— 2 von 48 Spielen — offen"), timeout=WAIT)
    row = view.model.index(0, 3)
    assert row.data() == "Eingepasst"


def named_sheet(qtbot, store: Store, title: str, profile) -> ScoreSheetView:
    """The sheet of a new series called ``title`` (of 2026-01-09), shown."""
    ids = [store.add_player(n) for n in ("Anna", "Bert", "Cleo")]
    view = ScoreSheetView(store, store.create_series(title, "2026-01-09", ids, profile))
    qtbot.addWidget(view)
    shown(qtbot, view)
    return view


def test_a_series_named_in_english_gets_its_date_once_in_a_german_heading(qapp, qtbot, store):
    """A table's series is called "<rules>, <date>" in the language it was started in;
    shown in German its heading named the date again ("…, 1/9/2026 — 09.01.2026")."""
    title = "International Skat Order, 1/9/2026"
    view = named_sheet(qtbot, store, title, ISKO)
    assert view.title.text().startswith(title + " — 0 deals")
    i18n.install_translations(qapp, "de")
    qtbot.waitUntil(lambda: "Spiele" in view.title.text(), timeout=WAIT)
    assert view.title.text().startswith(title + " — 0 Spiele")
    assert "09.01.2026" not in view.title.text()


# --------------------------------------------------------------------------- every view


def test_a_card_and_a_game_are_named_alike_on_the_table_in_the_history_and_on_the_sheet(
    qapp, qtbot, tmp_path, store
):
    window = make_window(qtbot, tmp_path, store=store, size=(1280, 800))
    window.show_side_panel(SHEET)
    start(window, seed=11, length=4)
    TablePlayer(qtbot, window, seed=3).play_deal()
    assert isinstance(window.session.need, DealOver)
    result = window.session.ctl.view_for(window.session.bottom)
    assert result.result.kind == "game", "the seeds give a game played out"
    contract = result.contract
    played = [c for _, cards, _ in result.tricks for c in cards]
    history = window.history_view
    sheet = window.sheet_view
    qtbot.waitUntil(lambda: bool(sheet.summary and sheet.summary.lines), timeout=WAIT)
    with qtbot.waitSignal(history.list_loaded, timeout=WAIT):
        history.refresh()
    history.show_deal(history.list_model.rows[0].deal_id)
    history.step_to(history.step_count)  # the whole deal: the game declared, every card

    for language, deck in CASES:
        window.set_language(language)
        window._set_deck(deck)  # what View → Deck… does
        QApplication.processEvents()
        QCoreApplication.processEvents()
        game = words.contract_text(contract)
        names = [words.card_text(c) for c in played]
        where = (language, deck)
        # the table: its header and the deal's end
        qtbot.waitUntil(lambda: window.host.current is window.deal_over, timeout=WAIT)
        header = " ".join(window.scene.state.header)
        assert game in header, where
        assert game in window.deal_over.title.text(), where
        tricks = window.deal_over.tricks.text()
        assert all(f">{name}</span>" in tricks for name in names), where
        # the history: the moves and the game
        moves = [history.moves.item(i).text() for i in range(history.moves.count())]
        for name in names:
            assert any(re.search(rf" {re.escape(name)}(\s|$)", m) for m in moves), (where, name)
        assert game in history.contract_line.text(), where
        # the sheet: the game
        qtbot.waitUntil(lambda g=game: sheet_game(window) == g, timeout=WAIT)
        if deck == "german":
            for text in (header, tricks, *moves, sheet_game(window)):
                assert not FRENCH_SIGNS.search(text), (where, text)
                if language == "de":
                    assert not FRENCH_SUITS_DE.search(text), (where, text)


def sheet_game(window) -> str:
    return window.sheet_view.model.index(0, 3).data()


def test_the_history_heading_follows_the_language(qapp, qtbot, store):
    a, b, c = (store.add_player(n) for n in ("Anna", "Bert", "Cleo"))
    sid = store.create_series("Evening", "2026-01-09", [a, b, c], ISKO)
    SeriesService(store, sid).add_entry({"kind": "passed_in"})
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: view.deal_count() == 1, timeout=WAIT)
    assert view.list_status.text() == "1 deal"
    view.show_deal(view.list_model.rows[0].deal_id)
    assert "— deal 1 — dealt by Anna" in view.heading.text()
    i18n.install_translations(qapp, "de")
    qtbot.waitUntil(lambda: "— Spiel 1 — Geber: Anna" in view.heading.text(), timeout=WAIT)
    assert view.list_status.text() == "1 Spiel"


def test_a_series_named_in_german_names_its_rules_and_date_once_in_english(qtbot, store):
    """Started in German, a table's series is "Vereins- und Kneipenregeln, 09.01.2026";
    in English its heading added "— 1/9/2026 — Club / pub rules" (the date, then the
    rules again)."""
    title = "Vereins- und Kneipenregeln, 09.01.2026"
    view = named_sheet(qtbot, store, title, HOUSE)
    assert view.title.text() == title + " — 0 deals — open"


def test_the_history_without_a_deal_says_so_in_the_new_language(qapp, qtbot, store):
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    assert view.heading.text() == "No deal chosen"
    i18n.install_translations(qapp, "de")
    qtbot.waitUntil(lambda: view.heading.text() == "Kein Spiel gewählt", timeout=WAIT)
    assert view.board.state.empty_text == "Wählen Sie ein Spiel aus der Liste."


def test_a_deal_of_a_series_named_in_english_gets_its_date_once_in_german(qapp, qtbot, store):
    a, b, c = (store.add_player(n) for n in ("Anna", "Bert", "Cleo"))
    title = "International Skat Order, 1/9/2026"
    sid = store.create_series(title, "2026-01-09", [a, b, c], ISKO)
    SeriesService(store, sid).add_entry({"kind": "passed_in"})
    i18n.install_translations(qapp, "de")
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: view.deal_count() == 1, timeout=WAIT)
    view.show_deal(view.list_model.rows[0].deal_id)
    assert view.heading.text().startswith(title + " — Spiel 1")  # not "…, 09.01.2026 — …"


# --------------------------------------------------------------------------- translations


def load_script():
    path = ROOT / "scripts" / "update_translations.py"
    spec = importlib.util.spec_from_file_location("update_translations_words", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_string_of_the_code_is_translated_with_its_placeholders(
    tmp_path, monkeypatch, language
):
    """lupdate collects the code's strings into a copy of the .ts: none may be new or
    unfinished, and no translation may lose or rename a placeholder."""
    script = load_script()
    try:
        lupdate = script.tool("lupdate")
    except SystemExit:
        pytest.skip("pyside6-lupdate is not installed")
    copy = tmp_path / f"skat_desktop_{language}.ts"
    shutil.copyfile(script.ts_path(language), copy)
    cmd = [lupdate, "-locations", "none", "-source-language", "en", "-target-language", language]
    if language == "en":
        cmd.append("-pluralonly")
    done = subprocess.run(
        [*cmd, *script.sources(), "-ts", str(copy)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    monkeypatch.setattr(script, "ts_path", lambda _language: copy)
    report = script.check(language)
    assert report.untranslated == [], "translate these in translations/*.ts"
    assert report.problems == []


BROKEN = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>GameWords</name>
    <message>
        <source>%1 plays %2</source>
        <translation>%1 spielt %3</translation>
    </message>
    <message>
        <source>Hint: %1 — %2</source>
        <translation>Tipp: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln deal(s)</source>
        <translation>
            <numerusform>%1 von einem Spiel</numerusform>
            <numerusform>%1 von vielen Spielen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pushed %n time(s)</source>
        <translation>
            <numerusform>einmal geschoben</numerusform>
            <numerusform>%n-mal geschoben</numerusform>
        </translation>
    </message>
    <message>
        <source>Grand</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""


def test_the_check_finds_lost_placeholders_and_untranslated_strings(tmp_path, monkeypatch):
    script = load_script()
    ts = tmp_path / "skat_desktop_de.ts"
    ts.write_text(BROKEN, encoding="utf-8")
    monkeypatch.setattr(script, "ts_path", lambda _language: ts)
    report = script.check("de")
    assert report.untranslated == [("GameWords", "Grand")]
    flagged = "\n".join(report.problems)
    assert "%1 spielt %3" in flagged and "Tipp: %1" in flagged
    assert "vielen Spielen" in flagged  # the plural form lost its count
    assert "einem Spiel" not in flagged  # the singular may spell it out
    assert "geschoben" not in flagged
    assert len(report.problems) == 3
