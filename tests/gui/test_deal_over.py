"""The deal's end (issue 23): the skat and the put-down cards at one size, the whole panel in
sight at 1280 x 720 beside the side panel, card names legible in either colour scheme, and a
scheme change repainting the panel that is open."""

from __future__ import annotations

import dataclasses
import re

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRectF
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from skat_desktop.engine.actions import Bid, Declare, Discard, Hold, Pass, PickUp, Play
from skat_desktop.engine.cards import cards_of
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.engine.scoring import RamschResult
from skat_desktop.gui import game_words as words
from skat_desktop.gui import i18n
from skat_desktop.gui.card_items import CardPictures
from skat_desktop.gui.decks import french_deck
from skat_desktop.gui.main_window import SHEET, MainWindow
from skat_desktop.gui.panels import DealOverPanel
from skat_desktop.gui.theme import (
    DARK_TABLE,
    LIGHT_TABLE,
    TRICK_WINNER,
    apply_theme,
    contrast_ratio,
    over,
    panel_background,
    suit_text_color,
)

from .fit_walk import panel_problems, resize_window, set_side, settle_layout, widget_problems
from .table_driver import TablePlayer, make_window, start

NAMES = ("Anna", "Bert", "Cleo")


@pytest.fixture(autouse=True)
def light_afterwards(qapp):
    yield
    apply_theme(qapp, "light")
    i18n.remove_translations(qapp)


def declared_deal():
    """A deal played out in which forehand picked up the skat and put down other cards."""
    setup = DealSetup(ISKO, deal_from_seed(5), dealer=0)
    deal = Deal(setup)
    skat = None
    while not deal.finished:
        p = deal.to_move
        legal = deal.legal_actions(p, interjections=False)
        kinds = {type(a) for a in legal}
        if p == 0 and Bid in kinds:
            action = next(a for a in legal if type(a) is Bid)
        elif p == 0 and Hold in kinds:
            action = next(a for a in legal if type(a) is Hold)
        elif Pass in kinds and Bid in kinds | {Hold} and p != 0:
            action = next(a for a in legal if type(a) is Pass)
        elif PickUp in kinds:
            skat = deal.skat
            action = next(a for a in legal if type(a) is PickUp)
        elif Discard in kinds:
            action = next(a for a in legal if type(a) is Discard and (1 << a.cards[0]) & skat == 0)
        elif Declare in kinds:
            action = next(a for a in legal if type(a) is Declare)
        else:
            action = next(a for a in legal if type(a) is Play)
        deal.apply(action)
    view = deal.view(setup.seats[0])
    assert view.result.kind == "game" and view.skat != view.original_skat
    return view, setup.seats


def card_colors(html: str, symbols: str) -> set[str]:
    """The colours of the card names in ``html`` whose suit symbol is one of ``symbols``."""
    found = re.findall(r'<span style="color:(#[0-9a-fA-F]{6})[^"]*">([^<]+)</span>', html)
    return {color for color, name in found if name[0] in symbols}


def test_skat_and_put_down_cards_are_drawn_at_one_size(qtbot):
    """The table drew the skat at its own size before: that stand-in must not leak in."""
    view, seats = declared_deal()
    pictures = CardPictures(french_deck(), synchronous=False)
    panel = DealOverPanel(pictures)
    qtbot.addWidget(panel)
    panel.resize(420, 380)
    panel.show()
    dpr = panel.devicePixelRatioF()
    for c in cards_of(view.original_skat):  # the table's skat, 100 px wide
        pictures.pixmap(c, 100, dpr)
    pictures.wait()
    panel.show_result(view, seats, NAMES, None, practice=False, totals=(0, 0, 0))
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # replaced pictures
    QCoreApplication.processEvents()  # new ones show
    shown = [
        label
        for label in panel.skat_box.findChildren(type(panel.title))
        if not label.pixmap().isNull() and label.isVisibleTo(panel)
    ]
    assert len(shown) == 4
    sizes = {label.pixmap().deviceIndependentSize().toSize().toTuple() for label in shown}
    assert len(sizes) == 1, sizes
    assert {label.size().toTuple() for label in shown} == sizes


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_whole_deal_end_is_in_sight_at_1280x720_beside_the_side_panel(
    qtbot, qapp, tmp_path, store, language
):
    i18n.install_translations(qapp, language)
    window = make_window(qtbot, tmp_path, store=store, size=(1280, 720))
    window.show_side_panel(SHEET)
    start(window, seed=11, length=4)
    TablePlayer(qtbot, window, seed=3).play_deal()
    qtbot.waitUntil(lambda: not window.sheet_view.busy, timeout=20000)
    qtbot.wait(30)
    panel = window.deal_over
    assert window.host.current is panel and window.side_dock.isVisible()
    scroll = panel.scroll
    assert not scroll.verticalScrollBar().isVisible()
    assert not scroll.horizontalScrollBar().isVisible()
    assert panel.body.sizeHint().height() <= scroll.viewport().height()
    assert panel.body.sizeHint().width() <= scroll.viewport().width()
    assert panel.next_button.isVisible()
    pictures = [label for label in panel.card_labels if label.isVisibleTo(panel)]
    assert len({label.size().toTuple() for label in pictures}) == 1
    corner = {"en": "<b>Tricks</b>", "de": "<b>Stiche</b>"}[language]
    assert corner in panel.tricks.text()


@pytest.mark.parametrize("dark", [False, True])
def test_suit_colours_keep_a_contrast_of_4_5_on_the_panel(dark):
    felt = DARK_TABLE if dark else LIGHT_TABLE
    for cloth in (felt.felt, felt.felt_edge):
        ground = over(panel_background(dark), QColor(cloth))
        for tint in (ground, QColor(TRICK_WINNER[dark])):
            for suit in range(4):
                assert contrast_ratio(suit_text_color(suit, dark), tint) >= 4.5, (suit, tint)


def test_contrast_ratio_is_wcags():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert contrast_ratio("#ffffff", "#767676") == pytest.approx(4.54, abs=0.01)


def test_a_scheme_change_repaints_the_open_deal_end(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, size=(1280, 720))
    start(window, seed=11, length=4)
    TablePlayer(qtbot, window, seed=3).play_deal()
    panel = window.deal_over
    assert window.host.current is panel
    before = panel.palette().color(QPalette.ColorRole.Window)
    light_text = panel.tricks.text()
    assert card_colors(light_text, "♣♠") == {suit_text_color(0, False)}

    window.set_color_scheme("dark")
    QApplication.processEvents()
    assert panel.palette().color(QPalette.ColorRole.Window) != before
    dark_text = panel.tricks.text()
    assert dark_text != light_text
    ground = over(panel_background(True), QColor(DARK_TABLE.felt_edge))
    blacks = card_colors(dark_text, "♣♠")
    assert blacks
    for color in blacks:
        assert contrast_ratio(color, ground) >= 4.5, color
    for color in card_colors(dark_text, "♥♦"):
        assert contrast_ratio(color, ground) >= 4.5, color

    window.set_color_scheme("light")  # and back
    QApplication.processEvents()
    assert panel.tricks.text() == light_text


# ---------------------------------------------------------------------- Ramsch

SCHIEBERAMSCH = dataclasses.replace(
    HOUSE, name="schieberamsch", title="Schieberamsch", all_pass="schieberamsch"
)


def _ramsch_over(qtbot, tmp_path, store, profile) -> MainWindow:
    """A window whose first Ramsch (everyone passed) has just ended."""
    window = make_window(qtbot, tmp_path, store=store, size=(1280, 720))
    start(window, profile=profile, seed=6, length=0, seats=["human", "beginner", "beginner"])
    player = TablePlayer(qtbot, window, seed=3)
    player.always_pass = True
    for _ in range(8):
        player.play_deal()
        if window.session.ctl.view_for(window.session.bottom).result.kind == "ramsch":
            return window
        player.step()
    raise AssertionError("no Ramsch in eight deals")


def _whole_in_sight(window: MainWindow, where: str) -> None:
    panel = window.deal_over
    assert window.host.current is panel and window.host.isVisible(), where
    scroll = panel.scroll
    assert not scroll.verticalScrollBar().isVisible(), where
    assert not scroll.horizontalScrollBar().isVisible(), where
    assert panel.body.sizeHint().height() <= scroll.viewport().height(), where
    assert panel.body.sizeHint().width() <= scroll.viewport().width(), where
    assert panel.next_button.isVisible(), where
    assert not widget_problems(window.host), (where, widget_problems(window.host))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("profile", ["house", "schieberamsch"])
def test_a_ramschs_end_is_in_sight_at_1280x720_and_1024x700_with_the_side_panel_or_without(
    qtbot, qapp, tmp_path, store, language, profile
):
    """The Ramsch end panel said each player's card points and tricks and each score a
    second time below the score table and needed scrolling at 1024 x 700 beside the side
    panel; the table now has a column of tricks and the lines below say only what it does
    not (Jungfrau, the skat pushed, a Bock round)."""
    i18n.install_translations(qapp, language)
    window = _ramsch_over(qtbot, tmp_path, store, SCHIEBERAMSCH if profile != "house" else profile)
    panel = window.deal_over
    view, seats, names, entry, totals = panel._shown
    tricks = {"en": "<th>Tricks</th>", "de": "<th>Stiche</th>"}[language]
    assert tricks.replace("<th>", "").replace("</th>", "") in panel.scores.text()
    for size in ((1280, 720), (1024, 700)):
        for side in ("default", "closed"):
            resize_window(window, *size)
            set_side(window, side)
            qtbot.waitUntil(lambda: not window.sheet_view.busy, timeout=20000)
            settle_layout()
            _whole_in_sight(window, f"{profile} {language} {size} side {side}")
    # every note a Ramsch can have: a Jungfrau, the skat pushed twice, a Bock round
    r = view.result
    doubled = tuple(4 * 2 * s for s in r.ramsch.scores)
    ramsch = dataclasses.replace(r.ramsch, jungfrau=True, pushes=2, scores=r.ramsch.scores)
    noted = dataclasses.replace(view, result=dataclasses.replace(r, ramsch=ramsch, scores=doubled))
    panel.show_result(noted, seats, names, entry, practice=False, totals=totals)
    notes = words.ramsch_lines(ramsch, tuple(names[s] for s in seats), doubled)[3:6]
    assert panel.value.isVisibleTo(panel)
    assert all(note in panel.value.text() for note in notes), (notes, panel.value.text())
    for size in ((1280, 720), (1024, 700)):
        resize_window(window, *size)
        set_side(window, "default")
        settle_layout()
        _whole_in_sight(window, f"{profile} {language} {size} with notes")


def test_the_ramsch_lines_below_the_table_are_only_its_notes(qtbot):
    """Each player's points and tricks and each score are in the table: not said twice."""
    view, seats = declared_deal()
    ramsch = RamschResult(
        scores=(0, -61, 0), outcome=(0, -1, 0), points=(20, 61, 39), tricks=(2, 5, 3)
    )
    r = dataclasses.replace(
        view.result,
        kind="ramsch",
        scores=(0, -122, 0),
        ramsch=ramsch,
        contract=None,
        points=ramsch.points,
        tricks=ramsch.tricks,
    )
    panel = DealOverPanel(CardPictures(french_deck(), synchronous=True))
    qtbot.addWidget(panel)
    panel.resize(560, 420)
    panel.show_result(
        dataclasses.replace(view, result=r), seats, NAMES, None, practice=False, totals=(0, 0, 0)
    )
    value = panel.value.text()
    assert "Bock round: × 2" in value  # the note: the score was doubled
    assert "61 points" not in value and "-122" not in value and "+122" not in value
    assert re.search(r"<td[^>]*>&nbsp;5</td>", panel.scores.text())  # Bert's five tricks


# ---------------------------------------------------------------------- a table of four


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_four_player_deal_end_is_whole_in_a_small_window_beside_the_game_log(
    qtbot, qapp, tmp_path, store, language
):
    """At 784 x 460 (800 x 500 at 200 %) beside the side panel with the game log's tab, a
    table of four left the deal's end a strip between the other players' trick piles and
    the player's own plate: one row of the score table, the skat cut, the rest to scroll
    (and at 1024 x 700 a deal with a reason line scrolled too). A deal's end taller than
    that room now grows down over the player's own plate, pile and hand; the other
    players' plates, bubbles and piles stay in sight."""
    i18n.install_translations(qapp, language)
    window = make_window(qtbot, tmp_path, store=store, size=(1024, 700))
    window.show_side_panel(SHEET)
    window.show_game_log()
    start(window, seed=7, seats=["human", "beginner", "beginner", "beginner"], length=0)
    player = TablePlayer(qtbot, window, seed=3)
    kinds = set()
    for deal in range(1, 4):
        player.play_deal()
        kinds.add(window.deal_over._shown[0].result.kind)
        for size in ((784, 460), (1024, 700)):
            resize_window(window, *size)
            qtbot.waitUntil(lambda: not window.sheet_view.busy, timeout=20000)
            settle_layout()
            where = f"{language} deal {deal} at {size[0]}x{size[1]}"
            assert window.width() == size[0], where
            assert window.side_tabs.currentWidget() is window.game_log, where
            _whole_in_sight(window, where)
            assert not panel_problems(window), (where, panel_problems(window))
            host = QRectF(window.host.geometry())
            for side, zones in window.scene.layout.seats.items():
                for name in ("plate", "bubble", "pile") if side != "bottom" else ():
                    assert not host.intersects(getattr(zones, name)), (where, side, name)
        player.step()  # the next deal
    assert "game" in kinds, kinds
