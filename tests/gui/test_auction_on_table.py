"""Issue 23 item 6: the auction stays readable on the table until the game is declared, the
header always says what is played (contract, declarer, bid; during the auction the bid and
who holds it) without cutting a word off, and name plates show computer players' full names.

Checked through the real window at 1024 x 700 and 1280 x 720, side panel open and closed, in
English and German: every seat's words (``18 · 20`` above ``Yes``) are shown beside its plate
and fit their bubble; after the declaration the header holds the contract, its declarer and
the bid, and fits its zone without an ellipsis.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetrics

from skat_desktop.app.table import DealOver, HumanTurn
from skat_desktop.engine.actions import Bid, Hold
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.dealing import active_seats
from skat_desktop.gui import game_words, i18n
from skat_desktop.gui.card_items import PlateItem, fit_lines
from skat_desktop.gui.table_header import (
    auction_record,
    current_bid,
    header_forms,
    record_forms,
)
from skat_desktop.gui.table_layout import compute_layout

from .table_driver import TablePlayer, make_window, start

ELLIPSIS = "…"


@pytest.fixture
def language(qapp, request):
    i18n.install_translations(qapp, request.param)
    yield request.param
    i18n.install_translations(qapp, "en")


# ---------------------------------------------------------------------- the pieces


def test_a_record_comes_complete_then_folded_then_only_its_end():
    words = ["18", "20", "22", "23", "24"]
    forms = record_forms(words)
    assert forms[0] == "18 · 20 · 22 · 23 · 24"
    assert "18–24" in forms
    assert forms[-1] == ELLIPSIS
    assert record_forms(["Yes", "Yes", "Yes"])[1] == "Yes ×3"
    assert record_forms([]) == ()


@pytest.mark.parametrize("language", ["en", "de"], indirect=True)
@pytest.mark.parametrize("seats", [3, 4])
def test_the_longest_header_fits_the_narrowest_table_without_an_ellipsis(qapp, language, seats):
    """Schwarz announced, Kontra and Re in a Bock round, at 1024 x 700 beside the side panel
    (the table is 594 x 659 then): a shorter form, two lines or smaller type, never a cut."""
    lay = compute_layout(594, 659, seats, "bar", 1.5)
    ctl = SimpleNamespace(deal_number=12, planned_deals=36, names=NAMES)  # a table port
    game = Contract(GameType.DIAMONDS, hand=True, schwarz_announced=True)
    view = SimpleNamespace(
        auction=((1, "bid", 18), (0, "pass", 18), (2, "bid", 120), (1, "pass", 120)),
        bid=120,
        contract=game,
        declarer=2,
        game=GameType.DIAMONDS,
        result=None,
        pushes=0,
        kontra=2,
        bock=True,
    )
    forms = header_forms(ctl, view, (0, 1, 2), "play")
    font, lines = fit_lines(forms, lay.info.width(), lay.info.height(), lay.font_px)
    shown = " ".join(lines)
    assert ELLIPSIS not in shown, lines
    for part in (game_words.seat_name("standard 3"), game_words.contract_text(game), "120"):
        assert part in shown
    metrics = QFontMetrics(font)
    assert all(metrics.horizontalAdvance(line) <= lay.info.width() for line in lines)
    assert metrics.height() * len(lines) <= lay.info.height()


def test_a_plate_too_narrow_for_the_name_in_its_type_shows_it_smaller_not_cut(qapp):
    plate = PlateItem()
    plate.set_text("standard 2", "Forehand · Dealer", True)
    plate.set_geometry(QRectF(0, 0, 110, 38), 14)
    font, text = plate.name_shown()
    assert text == "▶ standard 2"
    assert QFontMetrics(font).horizontalAdvance(text) <= plate.name_width()


# ---------------------------------------------------------------------- at the table

NAMES = ("Anna", "standard 2", "standard 3")


def _seat_of(window, pos: int) -> int:
    session = window.session
    return active_seats(session.ctl.table_size, session.dealer)[pos]


def _auction_shown(window, seen: dict) -> None:
    """Every seat that spoke in the auction shows its last word and (if it said more) the
    words before, in a form that fits its bubble inside the bubble's zone."""
    scene, session = window.scene, window.session
    view = session.ctl.view_for(session.bottom)
    for pos, words in auction_record(view).items():
        seat = _seat_of(window, pos)
        bubble = scene.bubbles[seat]
        assert bubble.isVisible(), (seat, words)
        pieces = bubble.lines()
        assert pieces[-1][1] == words[-1]
        if len(words) > 1:
            assert len(pieces) == 2, (words, pieces)
            assert pieces[0][1] in record_forms(words[:-1])
            seen["history"] = True
        rect = bubble.boundingRect()
        for font, text in pieces:
            assert QFontMetrics(font).horizontalAdvance(text) <= rect.width() - bubble._pad() + 1
        zone = scene.layout.seats[scene.side_of(seat)].bubble
        assert zone.adjusted(-0.5, -0.5, 0.5, 0.5).contains(bubble.sceneBoundingRect())


def _plates_whole(window) -> None:
    for seat, plate in window.scene.plates.items():
        _, text = plate.name_shown()
        assert text.removeprefix("▶ ") == game_words.seat_name(window.session.ctl.names[seat]), text


def _header(window) -> str:
    font, lines = window.scene.info.fitted()
    zone = window.scene.info.zone
    metrics = QFontMetrics(font)
    assert all(metrics.horizontalAdvance(line) <= zone.width() for line in lines), lines
    assert metrics.height() * len(lines) <= zone.height() + 1
    shown = " ".join(lines)
    assert ELLIPSIS not in shown, shown
    return shown


@pytest.mark.parametrize("language", ["en", "de"], indirect=True)
@pytest.mark.parametrize("side", [False, True], ids=["table", "side-panel"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 720)])
def test_the_auction_stays_on_the_table_and_the_header_says_the_game(
    qtbot, tmp_path, language, size, side
):
    window = make_window(qtbot, tmp_path, size=size)
    window.side_dock.setVisible(side)
    qtbot.waitUntil(lambda: window.side_dock.isVisible() == side)
    start(window, seats=["human", "standard", "standard"], length=12, seed=11)
    player = TablePlayer(qtbot, window, seed=3)
    seen: dict[str, bool] = {}
    for _ in range(200):
        player.settle()
        need = player.need
        _plates_whole(window)
        if isinstance(need, DealOver):
            player.step()
            continue
        view = need.view
        if view.contract is not None:  # declared: the contract replaces the auction
            shown = _header(window)
            declarer = _seat_of(window, view.declarer)
            game = game_words.contract_text(view.contract)
            for part in (game, window.session.ctl.names[declarer], str(view.bid)):
                assert part in shown, (part, shown)
            state = window.scene.state
            for seat, bubble in window.scene.bubbles.items():
                if seat in state.words:  # Kontra!
                    continue
                if seat == declarer:
                    assert bubble.isVisible() and bubble.lines()[-1][1] == game
                else:
                    assert not bubble.isVisible(), (seat, bubble.text)
            seen["declared"] = True
            break
        _auction_shown(window, seen)
        if view.phase == "bidding":
            bid, holder = current_bid(view)
            shown = _header(window)
            if bid:  # the bid standing and who holds it
                assert str(bid) in shown, shown
                assert (
                    game_words.seat_name(window.session.ctl.names[_seat_of(window, holder)])
                    in shown
                ), shown
            # bid on while the computers hold, so the auction runs long
            w = window
            if any(type(a) is Bid for a in need.legal) and w.bidding.bid_button.isVisible():
                player.click(w.bidding.bid_button)
                continue
            if any(type(a) is Hold for a in need.legal) and w.bidding.hold_button.isVisible():
                player.click(w.bidding.hold_button)
                continue
        elif view.phase in ("skat", "discard", "declare"):
            seen["after auction"] = True
            shown = _header(window)
            assert str(view.bid) in shown
        player.step()
    assert seen == {"history": True, "after auction": True, "declared": True}, seen
    assert isinstance(player.need, HumanTurn)
