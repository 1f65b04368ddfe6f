"""The table's zones at every size from 1024 x 700 to 2560 x 1440: inside the view, never
overlapping, and roomy enough for twelve cards with their corner indices visible."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRectF

from skat_desktop.gui.table_layout import MAX_HAND, PANEL_KINDS, compute_layout

SIZES = [(1024, 700), (1280, 720), (1366, 768), (1280, 1024), (1920, 1080), (2560, 1440)]


# the table beside the side panel (score sheet, statistics) at 1024 x 700 and 1280 x 800
NARROW = [(594, 640), (635, 740), (760, 740)]
# ... and beside the side panel as the history opens it, from 1024 x 700 to 2560 x 1440
NARROWER = [(594, 659), (634, 759), (714, 759), (762, 759), (1274, 1399), (1794, 1399)]


@pytest.mark.parametrize("aspect", [1.5, 1.4])
@pytest.mark.parametrize("panel", PANEL_KINDS)
@pytest.mark.parametrize(
    ("size", "table"),
    [(size, table) for size in SIZES + NARROW for table in (3, 4)],
)
def test_zones_fit_and_never_overlap(size, table, panel, aspect):
    lay = compute_layout(*size, table, panel, aspect)
    view = QRectF(0, 0, *size)
    zones = {k: r for k, r in lay.zones().items() if r.width() > 0 and r.height() > 0}
    for name, rect in zones.items():
        assert view.contains(rect), name
    for (a, ra), (b, rb) in itertools.combinations(zones.items(), 2):
        assert not ra.intersects(rb), (a, b)
    for side, z in lay.seats.items():
        positions = lay.hand_positions(side, MAX_HAND)
        for p in positions:
            card = QRectF(p.x(), p.y(), z.card_w, z.card_h)
            assert z.hand.adjusted(-0.5, -0.5, 0.5, 0.5).contains(card), side
        step = lay.hand_step(side, MAX_HAND)
        # the corner index (about a fifth of a card) stays visible
        assert step >= (z.card_w * 0.22 if z.horizontal else z.card_h * 0.18), side
    if lay.stage.height() > 0:
        for side in lay.seats:
            p = lay.trick_position(side)
            assert lay.stage.contains(QRectF(p.x(), p.y(), lay.trick_w, lay.trick_h)), side
        for p in lay.skat_positions():
            assert lay.stage.contains(QRectF(p.x(), p.y(), lay.trick_w, lay.trick_h))


def test_cards_grow_with_the_window():
    small = compute_layout(1024, 700)
    large = compute_layout(2560, 1440)
    assert large.seats["bottom"].card_w > 1.8 * small.seats["bottom"].card_w
    assert large.font_px > small.font_px


def _apart(a: QRectF, b: QRectF, gap: float) -> bool:
    """Whether ``a`` and ``b`` are at least ``gap`` apart (side by side or one above the other)."""
    g = gap - 0.01
    return not a.adjusted(-g, -g, g, g).intersects(b)


@pytest.mark.parametrize("panel", PANEL_KINDS)
@pytest.mark.parametrize("size", SIZES + NARROW + NARROWER)
def test_the_top_player_keeps_plate_cards_bubble_and_tricks_apart(size, panel):
    lay = compute_layout(*size, 4, panel)
    top = lay.seats["top"]
    zones = {"plate": top.plate, "bubble": top.bubble, "pile": top.pile, "hand": top.hand}
    for (a, ra), (b, rb) in itertools.combinations(zones.items(), 2):
        assert _apart(ra, rb, lay.margin), (a, b)
    # twelve cards of a reasonable size, not a sliver squeezed between plate and pile
    assert top.hand.width() >= top.card_w * 4
    assert top.card_w >= 0.6 * lay.seats["left"].card_w


@pytest.mark.parametrize("table", [3, 4])
@pytest.mark.parametrize("size", SIZES + NARROW + NARROWER)
def test_the_deal_end_spreads_only_below_the_other_players_plates_and_tricks(size, table):
    lay = compute_layout(*size, table, "full")
    room = lay.panel_room()
    assert QRectF(0, 0, *size).contains(room)
    assert room.bottom() == lay.panel.bottom()
    for side, z in lay.seats.items():
        if side == "bottom":
            continue
        for name in ("plate", "bubble", "pile"):
            assert not room.intersects(getattr(z, name)), f"{side}.{name}"
    bottom = lay.seats["bottom"]
    for name in ("plate", "bubble", "pile", "hand"):
        assert not room.intersects(getattr(bottom, name)), f"bottom.{name}"


@pytest.mark.parametrize("table", [3, 4])
@pytest.mark.parametrize("size", SIZES + NARROW + NARROWER + [(496, 410)])
def test_a_tall_panel_grows_down_to_the_players_cards_and_no_further(size, table):
    """The declaration too tall for a small window's middle spreads below the other
    players' plates and bubbles (their piles are empty before the first trick) and grows
    down over the player's own plate and bubble, never over the cards it is chosen from."""
    lay = compute_layout(*size, table, "tall")
    room, below = lay.panel_room(), lay.panel_below()
    assert room.bottom() == lay.panel.bottom() and below.top() == lay.panel.bottom()
    for side, z in lay.seats.items():
        if side != "bottom":
            for name in ("plate", "bubble"):
                assert not room.intersects(getattr(z, name)), f"{side}.{name}"
                assert not below.intersects(getattr(z, name)), f"{side}.{name}"
    cards_top = lay.hand_positions("bottom", 10)[0].y()
    assert below.bottom() < cards_top
    assert below.height() > 0
    for kind in ("none", "bar"):
        assert compute_layout(*size, table, kind).panel_below().isEmpty()
