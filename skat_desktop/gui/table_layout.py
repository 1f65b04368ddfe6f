"""Where everything goes on the card table, for a given view size: plain geometry.

The table is cut into *zones* that never overlap: a hand zone per seat (the player's at
the bottom, the neighbours in columns at the left and right, a fourth player on top),
a name plate, a bid bubble and a trick pile per seat, an info line, the *stage* in the
middle (the trick, the skat) and the *panel* rectangle where the action panels float.
Every item of the scene stays inside its zone, so nothing overlaps or is cut off at any
size from 1024 x 700 up (tests/gui/test_table_play.py checks it).

Seats are named by where they sit as seen from the player at the bottom: ``bottom``,
``left`` (next in the playing order), ``top`` (four players only) and ``right``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

SIDES_3 = ("bottom", "left", "right")
SIDES_4 = ("bottom", "left", "top", "right")

# How much of the work area the action panel takes: "bar" during play, "tall" for the
# auction and the declaration, "full" when the deal is over; "whole" before a game (the
# welcome): nothing lies on the table, so the panel may have all of it (``panel_room``).
PANEL_KINDS = ("none", "bar", "tall", "full", "whole")
HAND_STEP = 0.52  # share of a card's width between two cards of the player's hand
SIDE_STEP = 0.30  # share of a side card's height between two cards of a side column
LIFT = 0.14  # a playable card under the mouse rises by this share of its height
MAX_HAND = 12  # after picking up the skat
BAR_MOST = 0.5  # the most of the work area a bar panel's rows may take (the trick keeps half)
TALL_MOST = 0.8  # ... and a tall panel's (the skat or the trick stays in sight above it)


def sides_for(table_size: int) -> tuple[str, ...]:
    """The sides seats occupy, in playing order from the bottom seat."""
    return SIDES_4 if table_size == 4 else SIDES_3


@dataclass(frozen=True)
class SeatZones:
    """The zones of one seat."""

    side: str
    plate: QRectF  # name and role
    bubble: QRectF  # the last bid, the game, Kontra
    pile: QRectF  # the tricks taken
    hand: QRectF  # the cards held
    card_w: int  # size of this seat's hand cards
    card_h: int
    horizontal: bool  # cards side by side (bottom, top) or stacked downwards (left, right)


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    margin: int
    font_px: int  # text on the cloth
    seats: dict[str, SeatZones]
    info: QRectF  # the line saying what is played
    stage: QRectF  # the trick, the skat, the last trick on demand
    panel: QRectF  # the floating action panel
    trick_w: int  # size of trick and skat cards
    trick_h: int
    pile_w: int  # size of the cards in a trick pile
    pile_h: int
    kind: str = "tall"  # the panel's kind (PANEL_KINDS) the layout was made for

    def zones(self) -> dict[str, QRectF]:
        """Every zone by name (``bottom.hand``, ``stage``, ...); they never overlap."""
        out: dict[str, QRectF] = {"info": self.info}
        if self.stage.height() > 0:
            out["stage"] = self.stage
        if self.panel.height() > 0:
            out["panel"] = self.panel
        for side, z in self.seats.items():
            for name in ("plate", "bubble", "pile", "hand"):
                out[f"{side}.{name}"] = getattr(z, name)
        return out

    def panel_room(self) -> QRectF:
        """Where a ``full`` panel (the deal's end) may spread when the centre is narrow: the
        whole width between the margins, below the other players' name plates, bubbles and
        trick piles, which stay in sight. Below them the side columns hold no cards at the
        deal's end. A ``tall`` panel (the auction, the declaration) too tall for a small
        window's middle spreads there too, over the lower cards of the side columns; it
        comes before the first trick is taken, so the empty piles do not count.

        A ``whole`` panel (the welcome, before a game: no cards, no name plates) has the
        whole table between the margins: the middle between the side columns, kept for
        the trick and the panels during a deal, is too small for it beside the side panel
        of a small window (236 x 200 pixels at 784 x 460)."""
        if self.kind == "whole":
            m = self.margin
            return QRectF(m, m, self.width - 2 * m, self.height - 2 * m)
        top = self.panel.top()
        for side, z in self.seats.items():
            if side != "bottom":
                shown = max(z.plate.bottom(), z.bubble.bottom())
                if self.kind != "tall":  # a tall panel comes before the first trick is taken
                    shown = max(shown, z.pile.bottom())
                top = max(top, shown + self.margin)
        return QRectF(
            self.margin, top, self.width - 2 * self.margin, max(0.0, self.panel.bottom() - top)
        )

    def panel_below(self) -> QRectF:
        """Below the panel's zone (and its room), over the player's own plate and bubble,
        where a panel too tall for a small window's middle grows down rather than show a
        row or two and scroll; the other players' plates, bubbles and piles stay in sight.

        A ``full`` panel (the deal's end) may cover the player's hand as well, down to the
        table's bottom margin. A ``tall`` one (the declaration, the Hand game question)
        stops above the player's cards, which the choice is made from. Empty for the
        other kinds."""
        top = self.panel.bottom()
        m = self.margin
        if self.kind == "full":
            bottom = self.height - m
        elif self.kind == "tall" and "bottom" in self.seats:
            z = self.seats["bottom"]
            bottom = z.hand.bottom() - z.card_h - m / 2
        else:
            return QRectF()
        return QRectF(m, top, self.width - 2 * m, max(0.0, bottom - top))

    # ------------------------------------------------------------------ positions

    def hand_positions(self, side: str, count: int) -> list[QPointF]:
        """Top-left corners of ``count`` cards of a hand (left to right, top to bottom)."""
        z = self.seats[side]
        if count <= 0:
            return []
        if z.horizontal:
            room = z.hand.width() - z.card_w
            step = min(z.card_w * HAND_STEP, room / max(1, count - 1))
            used = z.card_w + step * (count - 1)
            # the player's hand in the middle; the top player's next to his name plate
            x0 = z.hand.left() + ((z.hand.width() - used) / 2 if side == "bottom" else 0)
            y = z.hand.bottom() - z.card_h
            return [QPointF(round(x0 + i * step), round(y)) for i in range(count)]
        room = z.hand.height() - z.card_h
        step = min(z.card_h * SIDE_STEP, room / max(1, count - 1))
        x = z.hand.left()
        y0 = z.hand.top()
        return [QPointF(round(x), round(y0 + i * step)) for i in range(count)]

    def hand_step(self, side: str, count: int) -> float:
        """The distance between two neighbouring cards of a hand of ``count`` cards."""
        pos = self.hand_positions(side, max(2, count))
        a, b = pos[0], pos[1]
        return abs(b.x() - a.x()) + abs(b.y() - a.y())

    def lift(self, side: str) -> int:
        return round(self.seats[side].card_h * LIFT) if side == "bottom" else 0

    def trick_position(self, side: str) -> QPointF:
        """Top-left corner of the card ``side`` plays to the trick."""
        c = self.stage.center()
        tw, th = self.trick_w, self.trick_h
        dx, dy = tw * 0.58, th * 0.2
        x, y = c.x() - tw / 2, c.y() - th / 2
        if side == "bottom":
            y += dy
        elif side == "top":
            y -= dy
        elif side == "left":
            x -= dx
            y -= dy * 0.5
        else:
            x += dx
            y -= dy * 0.5
        return QPointF(round(x), round(y))

    def skat_positions(self) -> list[QPointF]:
        """Top-left corners of the two skat cards in the middle."""
        c = self.stage.center()
        tw, th = self.trick_w, self.trick_h
        gap = max(4.0, tw * 0.08)
        y = c.y() - th / 2
        return [
            QPointF(round(c.x() - tw - gap / 2), round(y)),
            QPointF(round(c.x() + gap / 2), round(y)),
        ]

    def seat_anchor(self, side: str) -> QPointF:
        """Where cards of ``side`` come from and go to (its hand's middle)."""
        z = self.seats[side]
        c = z.hand.center()
        w, h = (self.trick_w, self.trick_h)
        return QPointF(round(c.x() - w / 2), round(c.y() - h / 2))

    def pile_position(self, side: str) -> QPointF:
        z = self.seats[side].pile
        return QPointF(round(z.left()), round(z.top() + (z.height() - self.pile_h) / 2))


MIDDLE_MIN = 285
"""The narrowest middle (where the action panels float) a table keeps beside the side panel."""


def narrowest_width(height: int, table_size: int = 3, aspect: float = 1.5) -> int:
    """The narrowest table of ``height`` pixels whose middle keeps :data:`MIDDLE_MIN`: the
    side panel's splitter stops there. The side columns grow with the height, so a taller
    table needs more width."""
    low, high = 320, 4000
    while low < high:
        mid = (low + high) // 2
        if compute_layout(mid, height, table_size, "tall", aspect).stage.width() >= MIDDLE_MIN:
            high = mid
        else:
            low = mid + 1
    return low


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


TOP_SPREAD = 1 + (MAX_HAND - 1) * 0.3  # widths of twelve top cards, each showing 0.3 of itself


def _top_seat(
    left: float,
    right: float,
    m: int,
    font: int,
    sw: int,
    beside: float,
    pile_h: int,
    aspect: float,
) -> SeatZones:
    """The fourth player's zones in the row above the middle, between ``left`` and ``right``.

    Wide: name plate (the bubble under it) | the row of cards | the tricks taken. Where that
    row would leave the cards small (a narrow table beside the side panel), the cards go under
    the name plate and the bubble over the tricks: two columns a margin apart, so the plate
    never touches the pile however narrow the table.
    """
    plate_h = round(font * 2.9)
    bubble_h = round(font * 2.5)
    pile_zone_h = pile_h + font * 1.6
    width = right - left
    plate_w = round(font * 11)
    wide_row = width - plate_w - beside - 2 * m
    wide_tw = min(sw, wide_row / TOP_SPREAD)
    cards_w = width - beside - m  # the narrow form: the column under the name plate
    stack_h = max(round(sw * aspect), bubble_h + m + pile_zone_h)
    narrow_tw = min(sw, cards_w / TOP_SPREAD, (stack_h - plate_h - m) / aspect)
    if wide_tw >= 0.75 * narrow_tw:
        bubble_h = round(font * 2.1)  # as wide as the plate: the auction's words in one row
        row_h = max(round(sw * aspect), plate_h + m + bubble_h, pile_zone_h)
        plate = QRectF(left, m, plate_w, plate_h)
        bubble = QRectF(left, plate.bottom() + m, plate_w, bubble_h)
        pile = QRectF(right - beside, m, beside, row_h)
        tw = round(wide_tw)  # twelve cards fit the row
        hand = QRectF(plate.right() + m, m, wide_row, round(tw * aspect))
    else:
        tw = max(1, round(narrow_tw))
        th = round(tw * aspect)
        plate = QRectF(left, m, min(plate_w, cards_w), plate_h)
        hand = QRectF(left, plate.bottom() + m, cards_w, th)
        bubble = QRectF(right - beside, m, beside, bubble_h)
        row_bottom = max(hand.bottom(), bubble.bottom() + m + pile_zone_h)
        pile = QRectF(right - beside, bubble.bottom() + m, beside, row_bottom - bubble.bottom() - m)
    return SeatZones("top", plate, bubble, pile, hand, tw, round(tw * aspect), True)


def compute_layout(
    width: int,
    height: int,
    table_size: int = 3,
    panel: str = "tall",
    aspect: float = 1.5,
    panel_need: float = 0.0,
) -> TableLayout:
    """The zones for a view of ``width`` x ``height`` pixels.

    ``panel`` is the action panel's kind (:data:`PANEL_KINDS`); ``aspect`` the deck's
    card height / width; ``panel_need`` the height the panel needs at the middle's width
    (its rows wrap on a narrow table): a ``bar`` or ``tall`` zone grows to it, leaving the
    trick (or the skat) smaller but in sight, rather than cut the panel.
    """
    if panel not in PANEL_KINDS:
        raise ValueError(f"unknown panel kind {panel!r}")
    w, h = max(320, int(width)), max(240, int(height))
    m = round(_clamp(min(w, h) * 0.012, 5, 18))
    font = round(_clamp(min(h * 0.02, w * 0.018), 11, 24))  # a tall narrow table: smaller
    plate_h = round(font * 2.9)
    bubble_h = round(font * 2.5)  # the last word, and the auction's earlier words above it

    # the player's hand: twelve cards must fit in the width, one card plus lift in ~25%
    cw = _clamp(min(h * 0.21 / aspect, (w - 2 * m) / (1 + HAND_STEP * 11.6)), 40, 230)
    cw = round(cw)
    ch = round(cw * aspect)
    lift = round(ch * LIFT)
    hand_top = h - m - ch - lift
    bottom_hand = QRectF(m, hand_top, w - 2 * m, ch + lift)

    # side columns: a stack of cards, and beside it the bubble and the pile
    sw = round(cw * 0.64)
    sh = round(sw * aspect)
    pile_w = round(_clamp(cw * 0.42, 22, 90))
    pile_h = round(pile_w * aspect)
    text_w = round(font * 6.5)  # "Kontra!" or "3 tricks" in the bubble or under the pile
    beside = max(text_w, pile_w + font * 4)
    col_w = round(max(font * 11, sw + m + beside))

    top_h = 0
    sides = sides_for(table_size)
    seats: dict[str, SeatZones] = {}
    col_top = m
    col_bottom = hand_top - m
    left_x, right_x = m, w - m - col_w
    for side, x in (("left", left_x), ("right", right_x)):
        plate = QRectF(x, col_top, col_w, plate_h)
        stack_top = plate.bottom() + m
        if side == "left":
            hand = QRectF(x, stack_top, sw, col_bottom - stack_top)
            bx = x + sw + m
        else:
            hand = QRectF(x + col_w - sw, stack_top, sw, col_bottom - stack_top)
            bx = x
        bubble = QRectF(bx, stack_top, col_w - sw - m, bubble_h)
        pile_zone_h = pile_h + font * 1.6
        pile = QRectF(bx, bubble.bottom() + m, col_w - sw - m, pile_zone_h)
        seats[side] = SeatZones(side, plate, bubble, pile, hand, sw, sh, False)

    centre_left = left_x + col_w + m
    centre_right = right_x - m
    centre_w = centre_right - centre_left
    if "top" in sides:
        seats["top"] = _top_seat(centre_left, centre_right, m, font, sw, beside, pile_h, aspect)
        top = seats["top"]
        top_h = max(top.plate.bottom(), top.bubble.bottom(), top.pile.bottom(), top.hand.bottom())

    # the player's plate, bubble and pile in a strip above the hand; on a narrow table (a
    # side panel beside it) the bubble goes above the plate, which then has the width
    free = centre_w - beside - m
    stacked = free < font * 14.5 + m + font * 7
    strip_h = max(plate_h + (bubble_h + m if stacked else 0), pile_h + font * 1.6)  # count
    strip_top = hand_top - m - strip_h
    if stacked:
        plate_w = round(max(font * 6, min(font * 14.5, free - m)))
        b_bubble = QRectF(centre_left, strip_top, min(font * 7, plate_w), bubble_h)
        b_plate = QRectF(centre_left, strip_top + strip_h - plate_h, plate_w, plate_h)
    else:
        plate_w = round(font * 14.5)
        b_plate = QRectF(centre_left, strip_top + strip_h - plate_h, plate_w, plate_h)
        b_bubble = QRectF(b_plate.right() + m, b_plate.top(), font * 7, bubble_h)
    b_pile = QRectF(centre_right - beside, strip_top, beside, strip_h)
    seats["bottom"] = SeatZones("bottom", b_plate, b_bubble, b_pile, bottom_hand, cw, ch, True)

    work_top = m + top_h
    # a narrow middle (the side panel open) gives the header two lines rather than cut it
    info_h = round(font * (1.7 if centre_w >= font * 45 else 2.2))
    info = QRectF(centre_left, work_top, centre_w, info_h)
    work = QRectF(centre_left, info.bottom() + m, centre_w, strip_top - m - info.bottom() - m)
    if panel == "none":
        panel_h = 0.0
    elif panel == "bar":
        panel_h = min(work.height() * 0.3, font * 3.6)
        panel_h = max(panel_h, min(panel_need, work.height() * BAR_MOST))
    elif panel == "tall":
        panel_h = _clamp(font * 12.5, work.height() * 0.45, work.height() * 0.64)
        panel_h = max(panel_h, min(panel_need, work.height() * TALL_MOST))
    else:  # full, whole
        panel_h = work.height()
    stage_h = max(0.0, work.height() - panel_h - (m if 0 < panel_h < work.height() else 0))
    stage = QRectF(work.left(), work.top(), work.width(), stage_h)
    panel_rect = QRectF(work.left(), work.bottom() - panel_h, work.width(), panel_h)

    # trick cards: three cards spread over about 2.2 widths and 1.45 heights
    tw = min(cw * 0.9, stage.width() / 2.3, stage_h / (aspect * 1.46)) if stage_h > 0 else cw * 0.6
    tw = round(max(20, tw))
    th = round(tw * aspect)
    return TableLayout(
        width=w,
        height=h,
        margin=m,
        font_px=font,
        seats={s: seats[s] for s in sides},
        info=info,
        stage=stage,
        panel=panel_rect,
        trick_w=tw,
        trick_h=th,
        pile_w=pile_w,
        pile_h=pile_h,
        kind=panel,
    )
