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


@pytest.mark.parametrize("aspect", [1.5, 1.4])
@pytest.mark.parametrize("panel", PANEL_KINDS)
@pytest.mark.parametrize(
    ("size", "table"),
    [(size, table) for size in SIZES for table in (3, 4)] + [(size, 3) for size in NARROW],
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
