"""Suit symbols drawn as vector paths: French pips and the German deck's acorn, leaf, heart, bell.

Everything is built in a 100 x 100 design box (y downwards, centre 50/50) and scaled by the
painter, so a pip is as crisp at 12 px in a corner index as at 60 px on an ace. Fonts are never
used for pips: their glyphs differ per system and rarely match the card's proportions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3


@dataclass(frozen=True)
class PipLayer:
    """One filled and/or outlined part of a pip (German pips have several, in drawing order)."""

    path: QPainterPath
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0


def _symmetric(points: list[tuple[float, ...]]) -> QPainterPath:
    """A closed outline from its left half, drawn top to bottom; the right half is mirrored.

    ``points`` starts with a move-to point on the centre line, then cubic segments as 6-tuples
    (c1x, c1y, c2x, c2y, x, y); the last one must end on the centre line again.
    """
    path = QPainterPath(QPointF(*points[0]))
    for seg in points[1:]:
        path.cubicTo(*seg)
    # back up the right half: the same segments in reverse, mirrored
    segs = points[1:]
    starts = [points[0][:2]] + [s[4:6] for s in segs[:-1]]
    for seg, start in zip(reversed(segs), reversed(starts), strict=True):
        c1x, c1y, c2x, c2y, _x, _y = seg
        path.cubicTo(100 - c2x, c2y, 100 - c1x, c1y, 100 - start[0], start[1])
    path.closeSubpath()
    return path


# --- French pips ------------------------------------------------------------------------------


@cache
def french_pip(suit: int) -> QPainterPath:
    """The outline of a French suit symbol in the 100 x 100 design box."""
    if suit == HEARTS:
        return _symmetric(
            [
                (50, 24),
                (47, 11, 38, 5, 27, 5),
                (13, 5, 3, 16, 3, 33),
                (3, 60, 36, 75, 50, 96),
            ]
        )
    if suit == DIAMONDS:
        return _symmetric(
            [
                (50, 2),
                (40, 20, 28, 36, 13, 50),
                (28, 64, 40, 80, 50, 98),
            ]
        )
    if suit == SPADES:
        body = _symmetric(
            [
                (50, 3),
                (40, 22, 4, 38, 4, 62),
                (4, 78, 15, 86, 28, 86),
                (37, 86, 44, 81, 48, 74),
            ]
        )
        return body.united(_stem(74))
    # clubs: three leaves (circles), a small heart to join them, and the stem
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for cx, cy in ((50, 27), (26.5, 59), (73.5, 59)):
        leaf = QPainterPath()
        leaf.addEllipse(QPointF(cx, cy), 22.5, 22.5)
        path = path.united(leaf)
    join = QPainterPath()
    join.addEllipse(QPointF(50, 55), 13, 13)
    return path.united(join).united(_stem(62))


def _stem(top: float) -> QPainterPath:
    """The flared foot of spade and club."""
    stem = QPainterPath(QPointF(46.5, top))
    stem.cubicTo(46, 82, 40, 92, 30, 98)
    stem.lineTo(70, 98)
    stem.cubicTo(60, 92, 54, 82, 53.5, top)
    stem.closeSubpath()
    return stem


# --- German pips ------------------------------------------------------------------------------


@cache
def german_pip_layers(suit: int) -> tuple[PipLayer, ...]:
    """The German deck's suit symbol as coloured layers: Eichel, Grün, Herz, Schellen."""
    if suit == CLUBS:
        return _acorn()
    if suit == SPADES:
        return _leaf()
    if suit == HEARTS:
        return _german_heart()
    return _bell()


def german_pip_outline(suit: int) -> QPainterPath:
    """The silhouette of a German pip (union of its layers), e.g. for hit tests or shadows."""
    out = QPainterPath()
    for layer in german_pip_layers(suit):
        out = out.united(layer.path)
    return out


def _acorn() -> tuple[PipLayer, ...]:
    nut = _symmetric(
        [
            (50, 98),
            (40, 98, 24, 84, 24, 62),
            (24, 50, 30, 42, 50, 40),
        ]
    )
    cap = QPainterPath(QPointF(14, 46))
    cap.cubicTo(14, 22, 32, 12, 50, 12)
    cap.cubicTo(68, 12, 86, 22, 86, 46)
    cap.cubicTo(74, 52, 26, 52, 14, 46)
    cap.closeSubpath()
    hatch = QPainterPath()
    for i in range(-4, 9):
        x = 10 + i * 9
        hatch.moveTo(x, 50)
        hatch.lineTo(x + 36, 10)
        hatch.moveTo(x, 10)
        hatch.lineTo(x + 36, 50)
    hatch = _clip_lines(hatch, cap)
    stalk = QPainterPath(QPointF(47, 14))
    stalk.cubicTo(47, 8, 50, 4, 56, 1)
    stalk.lineTo(59, 4)
    stalk.cubicTo(55, 7, 53, 10, 53, 14)
    stalk.closeSubpath()
    shine = QPainterPath()
    shine.addEllipse(QRectF(33, 56, 9, 24))
    return (
        PipLayer(stalk, "#4a2f12", "#2b1a08", 2.0),
        PipLayer(nut, "#b48a2c", "#3d2a0c", 4.0),
        PipLayer(shine, "#e2c36a"),
        PipLayer(cap, "#7a4b1c", "#2b1a08", 4.0),
        PipLayer(hatch, None, "#3a230c", 2.2),
    )


def _leaf() -> tuple[PipLayer, ...]:
    # a lime leaf pointing up, slightly serrated, on a curved stalk
    blade = _symmetric(
        [
            (50, 2),
            (44, 12, 36, 18, 28, 24),
            (26, 28, 22, 29, 19, 31),
            (19, 34, 16, 36, 12, 42),
            (13, 46, 10, 50, 8, 56),
            (6, 70, 14, 80, 28, 80),
            (37, 80, 45, 76, 50, 70),
        ]
    )
    stalk = QPainterPath(QPointF(48, 68))
    stalk.cubicTo(48, 80, 46, 90, 38, 98)
    stalk.lineTo(43, 99)
    stalk.cubicTo(51, 91, 53, 80, 53, 68)
    stalk.closeSubpath()
    veins = QPainterPath(QPointF(50, 10))
    veins.lineTo(50, 72)
    for y, dx, dy in ((30, 15, -9), (46, 23, -11), (60, 24, -10)):
        veins.moveTo(50, y + 4)
        veins.quadTo(50 - dx * 0.5, y, 50 - dx, y + dy)
        veins.moveTo(50, y + 4)
        veins.quadTo(50 + dx * 0.5, y, 50 + dx, y + dy)
    return (
        PipLayer(stalk, "#1f5e1f", "#123a12", 1.5),
        PipLayer(blade, "#3a9a35", "#14461a", 4.0),
        PipLayer(veins, None, "#1b5a1e", 2.6),
    )


def _german_heart() -> tuple[PipLayer, ...]:
    body = _symmetric(
        [
            (50, 22),
            (46, 10, 38, 4, 28, 4),
            (13, 4, 3, 15, 3, 33),
            (3, 58, 34, 74, 50, 97),
        ]
    )
    shine = QPainterPath(QPointF(16, 34))
    shine.cubicTo(15, 22, 22, 14, 31, 14)
    shine.cubicTo(25, 18, 21, 25, 21, 36)
    shine.closeSubpath()
    return (
        PipLayer(body, "#d8252a", "#7d0f12", 4.0),
        PipLayer(shine, "#f07a70"),
    )


def _bell() -> tuple[PipLayer, ...]:
    body = QPainterPath()
    body.addEllipse(QPointF(50, 56), 40, 40)
    loop = QPainterPath()
    loop.addEllipse(QPointF(50, 11), 7, 7)
    loop.addEllipse(QPointF(50, 11), 3.5, 3.5)
    band = QPainterPath(QPointF(10.5, 46))
    band.cubicTo(30, 54, 70, 54, 89.5, 46)
    band.lineTo(89.8, 57)
    band.cubicTo(70, 65, 30, 65, 10.2, 57)
    band.closeSubpath()
    band = band.intersected(body)
    # the slit of a sleigh bell: two round holes joined by a cut, and the seam below it
    slit = QPainterPath(QPointF(33, 80))
    slit.lineTo(67, 80)
    slit.moveTo(50, 80)
    slit.lineTo(50, 95)
    holes = QPainterPath()
    holes.addEllipse(QPointF(33, 80), 5, 5)
    holes.addEllipse(QPointF(67, 80), 5, 5)
    shine = QPainterPath(QPointF(20, 44))
    shine.cubicTo(20, 32, 30, 22, 42, 20)
    shine.cubicTo(34, 26, 28, 34, 26, 44)
    shine.closeSubpath()
    return (
        PipLayer(loop, "#c98a12", "#5a3a00", 2.5),
        PipLayer(body, "#f3b21b", "#6b4500", 4.0),
        PipLayer(shine, "#fde7a0"),
        PipLayer(band, "#c7331f", "#6b1a0c", 2.5),
        PipLayer(slit, None, "#4a2e00", 4.0),
        PipLayer(holes, "#4a2e00"),
    )


def _clip_lines(lines: QPainterPath, clip: QPainterPath) -> QPainterPath:
    """Line segments of ``lines`` kept only where they lie inside ``clip`` (for hatching)."""
    out = QPainterPath()
    steps = 24
    for i in range(0, lines.elementCount(), 2):
        a, b = lines.elementAt(i), lines.elementAt(i + 1)
        inside = False
        for k in range(steps + 1):
            t = k / steps
            p = QPointF(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            now = clip.contains(p)
            if now and not inside:
                out.moveTo(p)
            elif now:
                out.lineTo(p)
            inside = now
    return out


# --- painting ---------------------------------------------------------------------------------


def paint_pip(
    painter: QPainter,
    suit: int,
    center: QPointF,
    height: float,
    *,
    color: QColor | None = None,
    outline: QColor | None = None,
    german: bool = False,
    rotate: bool = False,
) -> None:
    """Draw one suit symbol ``height`` tall around ``center``; ``rotate`` turns it upside down.

    French pips are one flat colour (``color``), with an optional thin ``outline`` that keeps
    light colours such as orange crisp on white; German pips bring their own colours.
    """
    painter.save()
    painter.translate(center)
    if rotate:
        painter.rotate(180)
    scale = height / 100.0
    painter.scale(scale, scale)
    painter.translate(-50, -50)
    if german:
        for layer in german_pip_layers(suit):
            painter.setBrush(QBrush(QColor(layer.fill)) if layer.fill else Qt.BrushStyle.NoBrush)
            if layer.stroke:
                pen = QPen(QColor(layer.stroke), layer.stroke_width)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
            else:
                painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPath(layer.path)
    else:
        painter.setPen(QPen(outline, 5.0) if outline is not None else Qt.PenStyle.NoPen)
        painter.setBrush(color if color is not None else QColor("black"))
        painter.drawPath(french_pip(suit))
    painter.restore()
