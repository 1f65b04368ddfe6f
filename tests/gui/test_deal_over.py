"""The deal's end (issue 23): the skat and the put-down cards at one size, the whole panel in
sight at 1280 x 720 beside the side panel, card names legible in either colour scheme, and a
scheme change repainting the panel that is open."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from skat_desktop.engine.actions import Bid, Declare, Discard, Hold, Pass, PickUp, Play
from skat_desktop.engine.cards import cards_of
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui import i18n
from skat_desktop.gui.card_items import CardPictures
from skat_desktop.gui.decks import french_deck
from skat_desktop.gui.main_window import SHEET
from skat_desktop.gui.panels import DealOverPanel
from skat_desktop.gui.store_worker import wait_for_jobs
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
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer, make_window, start

NAMES = ("Anna", "Bert", "Cleo")


@pytest.fixture(autouse=True)
def light_afterwards(qapp):
    yield
    apply_theme(qapp, "light")
    i18n.remove_translations(qapp)


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club.sqlite3")
    yield s
    wait_for_jobs()
    s.close()


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
