"""The club desk's entry row refuses what the typed facts contradict, with a reason.

Typed at the keyboard into the real row, as a secretary does: card points that
contradict won or lost or Schneider (app.sheets.card_points_refusal), and a matador count
no game has, which the row once cut silently ("12" became "with 1").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from skat_desktop.app.sheets import SeriesService, entry_to_result
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui import i18n
from skat_desktop.gui.club_entry import MatadorsBox
from skat_desktop.gui.store_worker import wait_for_jobs

from .test_club_entry import WAIT, Keys, game, new_series, show_form, type_game

NAMES = ("Anna", "Bernd", "Cem")


def stored(store, sid: int) -> list:
    return SeriesService(store, sid).deals


def refused_on_enter(qtbot, form, keys: Keys, spec: dict) -> str:
    """Type ``spec`` and press Enter: nothing is stored, the row keeps it and says why."""
    type_game(keys, form, spec)
    assert not form.busy and not form.enter_button.isEnabled()
    assert not form.preview.text()
    wait_for_jobs()
    return form.problem.text()


def test_card_points_that_contradict_the_result_are_refused_as_typed(qtbot, store, writer):
    """The tester's rows under the club rules: Grand, bid 24, with 1."""
    sid = new_series(store, NAMES, HOUSE)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    base = {"kind": "game", "declarer": "Bernd", "game": "grand", "bid": 24}
    said = refused_on_enter(qtbot, form, keys, {**base, "won": True, "points": 40})
    assert said == "a game is won with at least 61 card points, not 40"
    assert stored(store, sid) == []

    form.clear()
    said = refused_on_enter(qtbot, form, keys, {**base, "won": False, "points": 100})
    assert said.startswith("with 100 card points this game is won")
    form.clear()
    spec = {**base, "won": True, "schneider": True, "points": 70}
    said = refused_on_enter(qtbot, form, keys, spec)
    assert said == "with 70 card points neither side is Schneider"
    assert stored(store, sid) == []

    form.clear()  # the points the rules allow: stored
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        type_game(keys, form, {**base, "won": True, "points": 75})
    (deal,) = stored(store, sid)
    assert deal.result.game.score == 48 and deal.result.declarer_points == 75


def test_an_overbid_game_lost_with_61_or_more_is_stored(qtbot, store, writer):
    sid = new_series(store, NAMES, HOUSE)
    form = show_form(qtbot, store, writer, sid)
    spec = {"kind": "game", "declarer": "Bernd", "game": "diamonds", "bid": 24, "won": False}
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        type_game(Keys(qtbot), form, {**spec, "points": 80})
    (deal,) = stored(store, sid)
    assert deal.result.game.overbid and deal.result.game.score == -54


def test_a_matador_count_typed_beyond_the_game_is_refused_not_cut(qtbot, store, writer):
    """Typed "12" stays 12 (it became "with 1"), refused with the reason "0" gets."""
    sid = new_series(store, NAMES, ISKO)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    spec = {"kind": "game", "declarer": "Bernd", "game": "hearts", "bid": 20, "won": True}
    said = refused_on_enter(qtbot, form, keys, {**spec, "matadors": 12})
    assert form.matadors.value() == 12
    assert said == "Hearts has 1 to 11 matadors, not 12"
    form.clear()
    said = refused_on_enter(qtbot, form, keys, {**spec, "matadors": 12, "with": False})
    assert form.matadors.value() == -12 and said == "Hearts has 1 to 11 matadors, not 12"
    form.clear()
    assert refused_on_enter(qtbot, form, keys, {**spec, "matadors": 0}) == (
        "Hearts has 1 to 11 matadors, not 0"
    )
    assert stored(store, sid) == []


def test_a_matador_count_too_high_is_refused_in_german(qtbot, qapp, store, writer):
    i18n.install_translations(qapp, "de")
    sid = new_series(store, NAMES, ISKO)
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Bernd")
    keys.press(Qt.Key.Key_Tab)
    keys.choose(form.game, "Herz")
    keys.press(Qt.Key.Key_Tab)
    keys.type("20")
    keys.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form.matadors
    keys.type("12")
    keys.tab_to(form.result)
    keys.choose(form.result, form.result.itemText(0))  # gewonnen
    assert form.matadors.value() == 12
    assert form.problem.text() == "Herz hat 1 bis 11 Spitzen, nicht 12"
    assert not form.enter_button.isEnabled()


def test_the_matadors_box_keeps_what_is_typed_and_the_arrows_stay_in_range(qtbot):
    box = MatadorsBox()
    qtbot.addWidget(box)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "12")
    assert box.value() == 12 and box.textFromValue(12) == "with 12"
    box.stepBy(1)  # the arrows come back to the counts a game has
    assert box.value() == 11
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "-5")
    box.stepBy(1)
    assert box.value() == -4


def test_a_correction_shows_the_card_points_it_checks(qtbot, store, writer):
    """Under ISkO the row has no card-points cell; a deal stored with contradicting points
    (before the check) shows them when corrected, so the reason can be acted on."""
    sid = new_series(store, NAMES, ISKO)
    svc = SeriesService(store, sid)
    entry = game(1, "grand", 24, True, matadors=1, declarer_points=40)
    dealer, bock, _ = svc.next_context()
    svc._store(entry_to_result(ISKO, entry, 3, dealer, bock), entry=entry)  # as stored then
    form = show_form(qtbot, store, writer, sid, number=1)
    assert form.cells["points"].isVisible() and form.points.value() == 40
    form.author.setText("Cem")
    form.reason.setText("points miscounted")
    assert form.problem.text() == "a game is won with at least 61 card points, not 40"
    form.points.setValue(-1)  # "–": no card points
    assert form.enter_button.isEnabled()


def test_the_card_point_reasons_are_german(qapp):
    from skat_desktop.engine.entry import ImpossibleEntry
    from skat_desktop.gui.game_words import ENTRY_REFUSALS
    from skat_desktop.gui.game_words import entry_refusal as refusal_text

    i18n.install_translations(qapp, "de")
    for code, (text, keys) in ENTRY_REFUSALS.items():
        german = refusal_text(ImpossibleEntry("?", code, {key: 40 for key in keys}))
        assert german != text.replace("%1", "40").replace("%2", "40"), code
        assert german != "?" and "%" not in german, code
    won = ImpossibleEntry("?", "won_below_61", {"points": 40})
    assert refusal_text(won) == "ein Spiel ist mit mindestens 61 Augen gewonnen, nicht mit 40"
