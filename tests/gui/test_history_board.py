"""The History tab's replay board shows its cards at a readable size and uses its room.

Issue 23, item 7. In the main window at 1024 x 700, 1280 x 720 and 1920 x 1080, the side panel
at its default width and as wide as the table lets it, every position of every stored deal is
laid out: the board's cards are at least as tall as the table's opponents' cards in that
window, every card and every text lies inside the board, and no card covers another card's
corner index or a text; in English and in German. A board of any size gets the larger cards
the larger it is.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QRectF, Qt

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.cards import cards_of
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui import i18n
from skat_desktop.gui.history_view import INDEX_H, INDEX_W, BoardState, DealBoard
from skat_desktop.gui.main_window import HISTORY, TABLE_ROOM
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .table_driver import make_window

WAIT = 20_000  # ms; a ceiling for the deal list to arrive, not a timing goal


@pytest.fixture
def store(tmp_path):
    """One evening of eight deals played by random players (games picked up, lost, won)."""
    s = Store.open(tmp_path / "club.sqlite3")
    ids = [s.add_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = s.create_series("Evening 1", "2026-01-09", ids, ISKO, planned_deals=36)
    svc = SeriesService(s, sid)
    rng = random.Random(5)
    players = [RandomPlayer(random.Random(rng.random())) for _ in range(3)]
    seeds = deal_seeds(5)
    for _ in range(8):
        seed = next(seeds)
        dealer, bock, ramsch = svc.next_context()
        setup = DealSetup(ISKO, deal_from_seed(seed), seed, 3, dealer, bock, ramsch)
        svc.record_played(play_deal(Deal(setup), players))
    yield s
    wait_for_jobs()
    s.close()


def check_board(board: DealBoard, floor: int, where: object) -> None:
    """The board's picture of its state: cards of ``floor`` px height or more, all inside,
    no corner index and no text covered."""
    lay = board.board_layout()
    inside = QRectF(board.rect())
    assert lay.card_h >= floor, (where, lay.kind, lay.card_h, floor)
    held = sum(len(h) for h in board.state.hands) + len(board.state.skat) + len(board.state.trick)
    assert len(lay.cards) == held, where
    for c, rect in lay.cards:
        assert inside.contains(rect), (where, lay.kind, c, rect)
        assert (rect.width(), rect.height()) == (lay.card_w, lay.card_h), where
    for i, (c, rect) in enumerate(lay.cards):
        corner = QRectF(rect.x(), rect.y(), INDEX_W * rect.width(), INDEX_H * rect.height())
        corner = corner.adjusted(0.01, 0.01, -0.01, -0.01)  # a neighbour may touch its edge
        for d, above in lay.cards[i + 1 :]:
            assert not above.intersects(corner), (where, lay.kind, "covers the index", d, c)
    texts = lay.text_rects()
    for i, text in enumerate(texts):
        assert text.height() > 0 and inside.contains(text), (where, lay.kind, text)
        for c, rect in lay.cards:
            assert not rect.intersects(text), (where, lay.kind, "a card on a text", c, text)
        for other in texts[i + 1 :]:
            assert not other.intersects(text), (where, lay.kind, "texts overlap", text, other)


def settle(qtbot) -> None:
    wait_for_jobs()
    qtbot.wait(40)  # the window gives the table its room on a zero timer


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 720), (1920, 1080)])
def test_the_board_cards_are_as_large_as_the_tables_opponents(
    qtbot, qapp, tmp_path, store, size, language
):
    if language != "en":
        i18n.install_translations(qapp, language)
    try:
        window = make_window(qtbot, tmp_path, store=store, size=size)
        window.show_side_panel(HISTORY)
        view = window.history_view
        if view.busy or view.deal_count() == 0:
            with qtbot.waitSignal(view.list_loaded, timeout=WAIT):
                pass
        deals = [r.deal_id for r in view.list_model.rows if r.replayable]
        twelve = three = 0
        for panel in ("default", "wide"):
            if panel == "wide":  # as wide as the window lets the panel be
                dock = window.side_dock
                window.resizeDocks([dock], [window.width() - TABLE_ROOM], Qt.Orientation.Horizontal)
            settle(qtbot)
            # the table's opponents' cards in this window, beside this panel
            seats = window.scene.layout.seats
            floor = max(seats["left"].card_h, seats["right"].card_h)
            board = view.board
            assert board.isVisible()
            for deal_id in deals:
                view.show_deal(deal_id)
                for step in range(view.step_count + 1):
                    view.step_to(step)
                    state = board.state
                    twelve += any(len(h) == 12 for h in state.hands)
                    three += len(state.trick) == 3
                    check_board(board, floor, (size, panel, language, deal_id, step))
        assert twelve and three  # positions with the skat taken up and full tricks were seen
    finally:
        if language != "en":
            i18n.remove_translations(qapp)


def full_state(twelve: bool = False) -> BoardState:
    """Three hands of ten, the skat and a trick; or a hand of twelve and no skat."""
    cards = cards_of((1 << 32) - 1)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    if twelve:
        hands[1] = hands[1] + cards[30:32]
        return BoardState(names=["Anna", "Bernd", "Cem"], notes=["a", "b", "c"], hands=hands)
    state = BoardState(
        names=["Anna", "Bernd", "Cem"],
        notes=["forehand · points: 0", "middlehand", "rearhand · declarer"],
        hands=[h[:9] for h in hands],
        skat=cards[30:32],
        skat_label="Skat (put down)",
        trick=[(2, hands[2][9]), (0, hands[0][9]), (1, hands[1][9])],
        trick_winner=0,
        trick_note="Anna takes the trick (21 points)",
    )
    return state


def test_a_larger_board_never_gets_smaller_cards_and_everything_fits(qtbot):
    """Boards from the smallest to very large, low, narrow and tall: each arrangement keeps
    everything inside and every index in sight; from the size where the tight fan reaches
    the floor, the cards never get smaller than the table's opponents' at 1024 x 700."""
    board = DealBoard()
    qtbot.addWidget(board)
    last_by_height: dict[int, int] = {}
    kinds = set()
    for width in range(260, 1401, 95):
        last = 0
        for height in range(260, 1201, 85):
            board.resize(width, height)
            for twelve in (False, True):
                board.set_state(full_state(twelve))
                lay = board.board_layout()
                kinds.add(lay.kind)
                check_board(board, 0, (width, height, twelve))
            w = board.card_width()
            assert w >= last, (width, height)  # taller: never smaller
            assert w >= last_by_height.get(height, 0), (width, height)  # wider: never smaller
            last = last_by_height[height] = w
            if width >= 394 and height >= 260:
                assert w >= DealBoard.FLOOR, (width, height)
    assert kinds == {"table", "rows", "compact"}


def test_the_board_cards_stay_one_size_through_a_deal(qtbot):
    """Cards dealt, a hand of twelve, a trick, the deal's end: one card size throughout."""
    board = DealBoard()
    qtbot.addWidget(board)
    for size in ((394, 260), (322, 513), (675, 873)):
        board.resize(*size)
        widths = set()
        for state in (full_state(), full_state(twelve=True), BoardState(names=["A", "B", "C"])):
            board.set_state(state)
            widths.add(board.board_layout().card_w)
        assert len(widths) == 1, size
