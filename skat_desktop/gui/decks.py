"""Card decks: our own drawn decks, decks installed by other card games, and a pixmap cache.

The built-in decks (French, four-colour tournament, four-colour colour-blind safe, German) are
drawn with QPainter paths in a 100-unit-wide design space, so they stay sharp at any card size
and device pixel ratio and need no image files. Decks that KDE's card games (``carddecks``) or
AisleRiot installed are offered too: they are SVG files whose element ids name the cards,
rendered with QSvgRenderer. A deck that is corrupt or lacks one of the 32 Skat cards or the
back is left out, never shown broken.

Cards are ints 0..31 as in :mod:`skat_desktop.engine.cards` (``suit * 8 + rank``).
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QLocale,
    QPointF,
    QRectF,
    QStandardPaths,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtSvg import QSvgRenderer

from skat_desktop.engine.cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, TEN
from skat_desktop.gui.game_words import fill
from skat_desktop.gui.pips import french_pip, paint_pip

INDEX_STYLES = ("en", "de")
"""Corner letters of the French decks: "en" J Q K A, "de" B D K A (Bube, Dame, König, Ass)."""

_W = 100.0  # width of the design space every built-in card is drawn in
_ASPECT = 1.5  # height / width of the built-in cards (Skat cards are 59 x 91 mm, near enough)
_H = _W * _ASPECT


class Deck(ABC):
    """A set of card pictures: 32 faces and a back, painted into any rectangle."""

    id: str
    """Stable identifier saved in the settings ("french", "kde:svg-oxygen", ...)."""
    aspect: float
    """Card height / width; callers size their rectangles with it."""

    @property
    @abstractmethod
    def title(self) -> str:
        """The name shown to the player, translated."""

    @property
    def key(self) -> str:
        """The id plus every option that changes the pictures: what pixmap caches key on."""
        return self.id

    @abstractmethod
    def paint_card(self, painter: QPainter, rect: QRectF, card: int) -> None:
        """Paint the face of ``card`` (0..31) into ``rect``."""

    @abstractmethod
    def paint_back(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the back of a card into ``rect``."""


# --- the built-in decks -----------------------------------------------------------------------


@dataclass(frozen=True)
class SuitInk:
    """Colours of one suit: ``pip`` fills the symbols, ``ink`` the letters and digits."""

    pip: str
    ink: str
    outline: str | None = None


_BLACK = SuitInk("#1c1c1c", "#1c1c1c")
_RED = SuitInk("#d3202a", "#c81d26")
FRENCH_COLORS = (_BLACK, _BLACK, _RED, _RED)
TOURNAMENT_COLORS = (
    _BLACK,
    SuitInk("#1a8a3c", "#137531"),
    _RED,
    SuitInk("#f39200", "#d97800", "#c06a00"),
)
# Colour-blind safe: the tournament deck's green (spades) and red (hearts) fall together for
# red-green colour-blind players, its orange (diamonds) comes close to both. These four stay
# apart under protanopia, deuteranopia and tritanopia as well as for normal vision, and each
# keeps a WCAG contrast of at least 3:1 on the card's white (tests/gui/test_colour_blind_deck.py
# measures both). Black and Okabe & Ito's blue (#0072b2, "Color Universal Design", 2008) for
# clubs and spades; for hearts a deep brick red and for diamonds an orange, set apart mainly by
# lightness, the cue that survives every deficiency, and kept in the places red and orange have
# in the tournament deck so that the change from it is small.
COLOUR_BLIND_SAFE_COLORS = (
    _BLACK,
    SuitInk("#0072b2", "#0072b2"),
    SuitInk("#982808", "#982808"),
    SuitInk("#d87020", "#d87020"),
)
GERMAN_COLORS = (
    SuitInk("#7a4b1c", "#6b4216"),
    SuitInk("#3a9a35", "#24772a"),
    SuitInk("#d8252a", "#c81e24"),
    SuitInk("#f3b21b", "#cf7d00"),
)

_RANK_TEXT = {
    "en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
    "de": ("7", "8", "9", "10", "B", "D", "K", "A"),
    "german": ("7", "8", "9", "10", "U", "O", "K", "A"),
}

# Pip positions of the number cards: (column, row) with columns -1/0/1 (left, centre, right)
# and rows as a fraction of the pip field from top (0) to bottom (1). Classic French layouts.
_TWO_COLUMNS_OF_FOUR = tuple((c, r / 3) for r in range(4) for c in (-1, 1))
_PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    0: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    1: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    2: (*_TWO_COLUMNS_OF_FOUR, (0, 0.5)),
    3: (*_TWO_COLUMNS_OF_FOUR, (0, 1 / 6), (0, 5 / 6)),
}
# The German deck's eight stands in two columns of four, as on Franconian and Bavarian cards.
_GERMAN_PIP_LAYOUTS = {**_PIP_LAYOUTS, 1: _TWO_COLUMNS_OF_FOUR}

_PIP_COLUMNS = (34.5, 50.0, 65.5)
_PIP_TOP, _PIP_BOTTOM = 28.0, _H - 28.0
_PIP_HEIGHT = 17.5

_INDEX_CENTER_X = 13.0
_INDEX_TOP = 5.5
_INDEX_TEXT_HEIGHT = 19.0
_INDEX_TEXT_WIDTH = 19.0
_INDEX_PIP_HEIGHT = 12.0


class DrawnDeck(Deck):
    """A deck drawn entirely by our own code: French or German suit symbols, any colours."""

    def __init__(
        self,
        deck_id: str,
        title: str,
        colors: tuple[SuitInk, SuitInk, SuitInk, SuitInk],
        *,
        german: bool = False,
        index_style: str = "en",
        back_color: QColor | str = "#24528f",
    ) -> None:
        if index_style not in INDEX_STYLES:
            raise ValueError(f"unknown index style {index_style!r}: expected one of {INDEX_STYLES}")
        self.id = deck_id
        self.aspect = _ASPECT
        self._title = title
        self.colors = colors
        self.german = german
        self.index_style = index_style
        self.back_color = QColor(back_color)
        self._ranks = _RANK_TEXT["german" if german else index_style]

    @property
    def title(self) -> str:
        return QCoreApplication.translate("Deck", self._title)

    @property
    def key(self) -> str:
        return f"{self.id}/{self.index_style}/{self.back_color.name()}"

    # painting

    def paint_card(self, painter: QPainter, rect: QRectF, card: int) -> None:
        if not 0 <= card < 32:
            raise ValueError(f"no such card {card}: cards are 0..31")
        suit, rank = card >> 3, card & 7
        painter.save()
        pixel = _enter_design_space(painter, rect)
        _paint_blank(painter, pixel)
        if rank <= TEN:
            self._paint_numbers(painter, suit, rank)
        elif rank == ACE:
            self._paint_ace(painter, suit)
        else:
            self._paint_court(painter, suit, rank)
        self._paint_indices(painter, suit, rank)
        painter.restore()

    def paint_back(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        pixel = _enter_design_space(painter, rect)
        _paint_blank(painter, pixel)
        _paint_back_pattern(painter, self.back_color, self.german)
        painter.restore()

    def _pip(
        self, painter: QPainter, suit: int, center: QPointF, height: float, rotate: bool
    ) -> None:
        ink = self.colors[suit]
        paint_pip(
            painter,
            suit,
            center,
            height,
            color=QColor(ink.pip),
            outline=QColor(ink.outline) if ink.outline else None,
            german=self.german,
            rotate=rotate,
        )

    def _paint_indices(self, painter: QPainter, suit: int, rank: int) -> None:
        text = self._ranks[rank]
        ink = QColor(self.colors[suit].ink)
        for upside_down in (False, True):
            painter.save()
            if upside_down:
                painter.translate(_W, _H)
                painter.rotate(180)
            box = QRectF(
                _INDEX_CENTER_X - _INDEX_TEXT_WIDTH / 2,
                _INDEX_TOP,
                _INDEX_TEXT_WIDTH,
                _INDEX_TEXT_HEIGHT,
            )
            _fill_text(painter, text, box, ink)
            pip_y = _INDEX_TOP + _INDEX_TEXT_HEIGHT + 4.0 + _INDEX_PIP_HEIGHT / 2
            self._pip(
                painter, suit, QPointF(_INDEX_CENTER_X, pip_y), _INDEX_PIP_HEIGHT, rotate=False
            )
            painter.restore()

    def _paint_numbers(self, painter: QPainter, suit: int, rank: int) -> None:
        layout = (_GERMAN_PIP_LAYOUTS if self.german else _PIP_LAYOUTS)[rank]
        for column, row in layout:
            x = _PIP_COLUMNS[column + 1]
            y = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
            # pips in the lower half stand on their heads, as on printed cards
            self._pip(painter, suit, QPointF(x, y), _PIP_HEIGHT, rotate=row > 0.5)

    def _paint_ace(self, painter: QPainter, suit: int) -> None:
        ink = QColor(self.colors[suit].ink)
        center = QPointF(_W / 2, _H / 2)
        ring = QColor(ink)
        ring.setAlphaF(0.35)
        painter.setPen(QPen(ring, 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(center, 34, 34)
        painter.drawEllipse(center, 36.5, 36.5)
        self._pip(painter, suit, center, 52 if self.german else 44, rotate=False)

    def _paint_court(self, painter: QPainter, suit: int, rank: int) -> None:
        ink = QColor(self.colors[suit].ink)
        frame = QRectF(25.0, 7.5, _W - 50.0, _H - 15.0)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_PANEL)
        painter.drawRoundedRect(frame, 3, 3)
        for upside_down in (False, True):
            painter.save()
            if upside_down:
                painter.translate(_W, _H)
                painter.rotate(180)
            painter.setClipRect(QRectF(0, 0, _W, _H / 2))
            self._paint_court_half(painter, suit, rank, ink)
            painter.restore()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(ink, 1.1))
        painter.drawRoundedRect(frame, 3, 3)
        painter.setPen(QPen(ink, 0.45))
        painter.drawRoundedRect(frame.adjusted(1.8, 1.8, -1.8, -1.8), 2, 2)
        # the divide between the two heads, with a small lozenge in the middle
        painter.drawLine(QPointF(frame.left() + 1.8, _H / 2), QPointF(_W / 2 - 4, _H / 2))
        painter.drawLine(QPointF(_W / 2 + 4, _H / 2), QPointF(frame.right() - 1.8, _H / 2))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        painter.drawPath(_lozenge(QPointF(_W / 2, _H / 2), 3.0))

    def _paint_court_half(self, painter: QPainter, suit: int, rank: int, ink: QColor) -> None:
        letter = self._ranks[rank]
        cx = _W / 2
        if self.german and rank == QUEEN:
            # the Ober holds his suit sign high above him
            self._pip(painter, suit, QPointF(cx, 24), 24, rotate=False)
            _fill_text(painter, letter, QRectF(cx - 13, 40, 26, 19), ink, serif=True)
            _paint_sash(painter, QPointF(cx, 65.5), ink)
            return
        if self.german and rank == JACK:
            # the Unter holds his sign low, under the cap and letter
            _paint_emblem(painter, JACK, QPointF(cx, 25), ink)
            _fill_text(painter, letter, QRectF(cx - 12, 37.5, 24, 18.5), ink, serif=True)
            self._pip(painter, suit, QPointF(cx, 64.5), 14, rotate=False)
            return
        _paint_emblem(painter, rank, QPointF(cx, 25), ink)
        _fill_text(painter, letter, QRectF(cx - 14, 39, 28, 22), ink, serif=True)
        for x in (cx - 15, cx + 15):
            self._pip(painter, suit, QPointF(x, 67), 10, rotate=False)


def _enter_design_space(painter: QPainter, rect: QRectF) -> float:
    """Map the 100 x 150 design space into ``rect`` (centred, uniform); return one pixel in it."""
    scale = min(rect.width() / _W, rect.height() / _H)
    painter.translate(
        rect.x() + (rect.width() - _W * scale) / 2, rect.y() + (rect.height() - _H * scale) / 2
    )
    painter.scale(scale, scale)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return 1.0 / scale if scale > 0 else 1.0


def _paint_blank(painter: QPainter, pixel: float) -> None:
    """The white card with rounded corners and a hairline edge at least one pixel wide."""
    width = max(0.7, pixel)
    painter.setPen(QPen(QColor("#7d7d7d"), width))
    painter.setBrush(QColor("#fffefb"))
    half = width / 2
    painter.drawRoundedRect(QRectF(half, half, _W - width, _H - width), 5.5, 5.5)


@cache
def _glyphs(text: str, serif: bool) -> QPainterPath:
    """The outline of ``text`` in a bold face, unscaled (fitted into boxes by ``_fill_text``)."""
    font = QFont()
    if serif:
        font.setFamilies(["DejaVu Serif", "Georgia", "Times New Roman", "Liberation Serif"])
        font.setStyleHint(QFont.StyleHint.Serif)
    else:
        font.setFamilies(["DejaVu Sans", "Arial", "Helvetica", "Liberation Sans"])
        font.setStyleHint(QFont.StyleHint.SansSerif)
        font.setStretch(QFont.Stretch.Condensed)
    font.setWeight(QFont.Weight.Bold)
    font.setPixelSize(100)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    return path


def _fill_text(
    painter: QPainter, text: str, box: QRectF, color: QColor, *, serif: bool = False
) -> None:
    """Fill ``text`` as large as fits ``box``: full height, squeezed sideways only if too wide.

    Fitting the glyph outlines (not the font metrics) keeps every rank the same visible size
    whichever font the system supplies.
    """
    path = _glyphs(text, serif)
    bounds = path.boundingRect()
    if bounds.isEmpty():
        return
    sy = box.height() / bounds.height()
    sx = min(sy, box.width() / bounds.width())
    painter.save()
    painter.translate(box.center())
    painter.scale(sx, sy)
    painter.translate(-bounds.center())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def _lozenge(center: QPointF, r: float) -> QPainterPath:
    path = QPainterPath(center + QPointF(0, -r))
    path.lineTo(center + QPointF(r * 0.7, 0))
    path.lineTo(center + QPointF(0, r))
    path.lineTo(center + QPointF(-r * 0.7, 0))
    path.closeSubpath()
    return path


_GOLD = QColor("#e8b640")
_PANEL = QColor("#f7efdb")
_GOLD_EDGE = QColor("#6e4b0e")


def _paint_emblem(painter: QPainter, rank: int, center: QPointF, ink: QColor) -> None:
    """Headgear that tells the courts apart at a glance: crown, coronet, feathered cap."""
    painter.save()
    painter.translate(center)
    pen = QPen(_GOLD_EDGE, 0.9)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(_GOLD)
    if rank == KING:
        crown = QPainterPath(QPointF(-15, 8))
        crown.lineTo(-17, -7)
        crown.lineTo(-8, -1)
        crown.lineTo(0, -12)
        crown.lineTo(8, -1)
        crown.lineTo(17, -7)
        crown.lineTo(15, 8)
        crown.closeSubpath()
        painter.drawPath(crown)
        painter.drawRect(QRectF(-15.5, 6.5, 31, 4.5))
        for x, y in ((-17, -7), (0, -12), (17, -7)):
            painter.drawEllipse(QPointF(x, y), 2.2, 2.2)
        painter.setBrush(ink)
        painter.setPen(Qt.PenStyle.NoPen)
        for x in (-8, 0, 8):
            painter.drawPath(_lozenge(QPointF(x, 8.75), 1.8))
        painter.drawEllipse(QPointF(0, 1), 2.2, 2.2)
    elif rank == QUEEN:
        coronet = QPainterPath(QPointF(-14, 8))
        coronet.lineTo(-14, 0)
        for i, x in enumerate((-7, 0, 7, 14)):
            top = -4 if i in (0, 2) else -8
            if i == 3:
                top = 0
            coronet.quadTo(x - 3.5, top - 4, x, top if i < 3 else 0)
        coronet.lineTo(14, 8)
        coronet.closeSubpath()
        painter.drawPath(coronet)
        painter.drawRect(QRectF(-14.5, 6.5, 29, 4.5))
        for x, y in ((-14, 0), (-7, -4), (0, -8), (7, -4), (14, 0)):
            painter.setBrush(QColor("#fbf6e8"))
            painter.drawEllipse(QPointF(x, y - 1.5), 1.9, 1.9)
        painter.setBrush(ink)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(0, 8.75), 1.8, 1.8)
        for x in (-7.5, 7.5):
            painter.drawEllipse(QPointF(x, 8.75), 1.2, 1.2)
    else:
        # a beret with a plume, the Jack's (Bube's, Unter's) cap
        plume = QPainterPath(QPointF(-5, 0))
        plume.cubicTo(-13, -4, -16, -10, -13, -15)
        plume.cubicTo(-9, -10, -5, -6, -1, -1)
        plume.closeSubpath()
        painter.drawPath(plume)
        painter.drawLine(QPointF(-4, -1), QPointF(-12, -13))
        beret = QPainterPath(QPointF(-16, 6))
        beret.cubicTo(-19, -1, -6, -7, 8, -5)
        beret.cubicTo(18, -4, 20, 2, 16, 6)
        beret.closeSubpath()
        painter.setBrush(ink)
        painter.setPen(QPen(ink.darker(170) if ink.lightness() > 60 else QColor("#000"), 0.9))
        painter.drawPath(beret)
        shine = QPainterPath(QPointF(-10, 1))
        shine.cubicTo(-8, -3, 0, -5, 9, -3)
        painter.setPen(QPen(QColor(255, 255, 255, 110), 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(shine)
        painter.setPen(pen)
        painter.setBrush(_GOLD)
        painter.drawRoundedRect(QRectF(-16.5, 5, 33, 5), 2, 2)
        painter.setBrush(ink)
        painter.setPen(Qt.PenStyle.NoPen)
        for x in (-8, 0, 8):
            painter.drawPath(_lozenge(QPointF(x, 7.5), 1.7))
    painter.restore()


def _paint_sash(painter: QPainter, center: QPointF, ink: QColor) -> None:
    """A gold ribbon with folded ends: the Ober's badge of office under his letter."""
    painter.save()
    painter.translate(center)
    pen = QPen(_GOLD_EDGE, 0.8)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(_GOLD.darker(115))
    for side in (-1, 1):
        tail = QPainterPath(QPointF(side * 11, -1.5))
        tail.lineTo(side * 18, -1.5)
        tail.lineTo(side * 15.5, 1.5)
        tail.lineTo(side * 18, 4.5)
        tail.lineTo(side * 11, 4.5)
        tail.closeSubpath()
        painter.drawPath(tail)
    painter.setBrush(_GOLD)
    painter.drawRect(QRectF(-13, -3.5, 26, 6))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    for x in (-7, 0, 7):
        painter.drawPath(_lozenge(QPointF(x, -0.5), 1.8))
    painter.restore()


def _paint_back_pattern(painter: QPainter, color: QColor, german: bool) -> None:
    """Our card back: a trellis of fine lines on the deck colour and a medallion of four suits.

    The French decks show their pips as white silhouettes and lozenges as ornaments; the
    German deck shows acorn, leaf, heart and bell in their own colours on a light medallion
    and round ornaments, so that nothing on it reads as a French suit sign (a white leaf
    looks like a spade, a lozenge like a diamond)."""
    field = QRectF(4.5, 4.5, _W - 9, _H - 9)
    clip = QPainterPath()
    clip.addRoundedRect(field, 3.5, 3.5)
    painter.save()
    painter.setClipPath(clip)
    painter.fillRect(field, color)
    light = QColor(color.lighter(150))
    light.setAlphaF(0.55)
    painter.setPen(QPen(light, 0.7))
    step = 6.0
    span = field.width() + field.height()
    t = -span
    while t < span:
        painter.drawLine(QPointF(t, 0), QPointF(t + _H, _H))
        painter.drawLine(QPointF(t + _H, 0), QPointF(t, _H))
        t += step
    painter.restore()

    white = QColor("#fbfaf5")
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(white, 1.1))
    painter.drawRoundedRect(field.adjusted(3.5, 3.5, -3.5, -3.5), 2, 2)
    painter.setPen(QPen(white, 0.45))
    painter.drawRoundedRect(field.adjusted(5.5, 5.5, -5.5, -5.5), 1.5, 1.5)

    center = QPointF(_W / 2, _H / 2)
    spots = ((SPADES, 0, -22), (HEARTS, 0, 22), (CLUBS, -14, 0), (DIAMONDS, 14, 0))
    if german:
        painter.setBrush(white)
        painter.setPen(QPen(white, 1.4))
        painter.drawEllipse(center, 29, 40)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(color, 0.8))
        painter.drawEllipse(center, 26, 37)
        for suit, dx, dy in spots:
            spot = center + QPointF(dx * 1.1, dy * 1.05)
            paint_pip(painter, suit, spot, 18, german=True, rotate=dy > 0)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawPath(_roundel(center, 3))
    else:
        painter.setBrush(color.darker(125))
        painter.setPen(QPen(white, 1.4))
        painter.drawEllipse(center, 29, 40)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(white, 0.5))
        painter.drawEllipse(center, 26, 37)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(white)
        for suit, dx, dy in spots:
            painter.save()
            painter.translate(center + QPointF(dx, dy))
            if dy > 0:
                painter.rotate(180)
            painter.scale(0.15, 0.15)
            painter.translate(-50, -50)
            painter.drawPath(french_pip(suit))
            painter.restore()
        painter.drawPath(_lozenge(center, 4))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(white)
    ornament = _roundel if german else _lozenge
    for corner in (
        field.topLeft() + QPointF(9.5, 9.5),
        field.topRight() + QPointF(-9.5, 9.5),
        field.bottomLeft() + QPointF(9.5, -9.5),
        field.bottomRight() + QPointF(-9.5, -9.5),
    ):
        painter.drawPath(ornament(corner, 2.6))


def _roundel(center: QPointF, r: float) -> QPainterPath:
    """A small ring with a dot: the German back's ornament where the French ones have a
    lozenge."""
    path = QPainterPath()
    path.addEllipse(center, r * 0.8, r * 0.8)
    path.addEllipse(center, r * 0.5, r * 0.5)
    path.addEllipse(center, r * 0.25, r * 0.25)
    return path


def french_deck(index_style: str = "en", back_color: QColor | str = "#24528f") -> DrawnDeck:
    """The classic two-colour French deck: black clubs and spades, red hearts and diamonds."""
    return DrawnDeck(
        "french",
        QT_TRANSLATE_NOOP("Deck", "French"),
        FRENCH_COLORS,
        index_style=index_style,
        back_color=back_color,
    )


def tournament_deck(index_style: str = "en", back_color: QColor | str = "#9c2a2a") -> DrawnDeck:
    """The four-colour tournament deck: French pips in the German deck's suit colours."""
    return DrawnDeck(
        "tournament",
        QT_TRANSLATE_NOOP("Deck", "Tournament (four colours)"),
        TOURNAMENT_COLORS,
        index_style=index_style,
        back_color=back_color,
    )


COLOUR_BLIND_SAFE = "colour-blind-safe"
"""The id of :func:`colour_blind_safe_deck`, which the status bar's toggle switches to."""


def colour_blind_safe_deck(
    index_style: str = "en", back_color: QColor | str = "#3f5468"
) -> DrawnDeck:
    """Four suit colours that colour-blind players tell apart too (see the colours' note)."""
    return DrawnDeck(
        COLOUR_BLIND_SAFE,
        QT_TRANSLATE_NOOP("Deck", "Colour-blind safe (four colours)"),
        COLOUR_BLIND_SAFE_COLORS,
        index_style=index_style,
        back_color=back_color,
    )


def german_deck(back_color: QColor | str = "#2f6b3a") -> DrawnDeck:
    """The German deck: Eichel, Grün, Herz, Schellen with Unter, Ober, König and Daus."""
    return DrawnDeck(
        "german",
        QT_TRANSLATE_NOOP("Deck", "German"),
        GERMAN_COLORS,
        german=True,
        back_color=back_color,
    )


# --- decks installed by other card games ------------------------------------------------------

_SVG_SUITS = ("club", "spade", "heart", "diamond")  # in our suit order
_SVG_RANKS = ("7", "8", "9", "10", "jack", "queen", "king", "1")  # in our rank order
# AisleRiot lays its themes out as a grid of 13 columns (ace..king) and 5 rows (club, diamond,
# heart, spade, then jokers and back) and draws each card clipped to its cell.
_GRID_ROWS = {"club": 0, "diamond": 1, "heart": 2, "spade": 3}
_GRID_COLUMNS = {r: i for i, r in enumerate(("1", "2", "3", "4", "5", "6", "7", "8", "9", "10"))}
_GRID_COLUMNS.update({"jack": 10, "queen": 11, "king": 12})
_GRID_BACK = (2, 4)


class SvgDeck(Deck):
    """A deck from another card game's SVG file, with one element per card."""

    def __init__(
        self,
        deck_id: str,
        name: str,
        source: str,
        renderer: QSvgRenderer,
        elements: tuple[str, ...],
        cells: tuple[QRectF, ...],
    ) -> None:
        self.id = deck_id
        self.name = name
        self.source = source
        self._renderer = renderer
        self._elements = elements  # 32 faces, then the back
        self._cells = cells  # the part of the document each card occupies, same order
        back = cells[32]
        self.aspect = back.height() / back.width()
        # QSvgRenderer is not reentrant; pictures may be rendered off the GUI thread
        self._lock = threading.Lock()

    @property
    def title(self) -> str:
        if self.source == "kde":
            return fill(QCoreApplication.translate("Deck", "%1 (KDE)"), self.name)
        return fill(QCoreApplication.translate("Deck", "%1 (AisleRiot)"), self.name)

    def paint_card(self, painter: QPainter, rect: QRectF, card: int) -> None:
        if not 0 <= card < 32:
            raise ValueError(f"no such card {card}: cards are 0..31")
        self._paint(painter, rect, card)

    def paint_back(self, painter: QPainter, rect: QRectF) -> None:
        self._paint(painter, rect, 32)

    def _paint(self, painter: QPainter, rect: QRectF, slot: int) -> None:
        element = self._elements[slot]
        cell = self._cells[slot]
        with self._lock:
            bounds = _document_bounds(self._renderer, element)
            to_rect = QTransform.fromTranslate(-cell.x(), -cell.y())
            to_rect *= QTransform.fromScale(
                rect.width() / cell.width(), rect.height() / cell.height()
            )
            to_rect *= QTransform.fromTranslate(rect.x(), rect.y())
            painter.save()
            painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
            self._renderer.render(painter, element, to_rect.mapRect(bounds))
            painter.restore()


def _document_bounds(renderer: QSvgRenderer, element: str) -> QRectF:
    """Where an element lies in document coordinates (its parents' transforms applied)."""
    return renderer.transformForElement(element).mapRect(renderer.boundsOnElement(element))


# A Skat table lays out portrait cards; decks outside this range (landscape novelty decks)
# would break its layout, so they are not offered.
_ASPECT_RANGE = (1.1, 2.0)


def _usable(cells: tuple[QRectF, ...]) -> bool:
    if any(c.isEmpty() for c in cells):
        return False
    back = cells[32]
    return _ASPECT_RANGE[0] <= back.height() / back.width() <= _ASPECT_RANGE[1]


def _element_names(renderer: QSvgRenderer) -> tuple[str, ...] | None:
    """Ids of the 32 Skat cards and the back, in whichever naming the file uses, or None.

    KDE's decks and older AisleRiot themes say ``1_club``/``jack_heart``, current AisleRiot
    themes ``club_1``/``heart_jack``; both call the back ``back``.
    """
    for rank_first in (True, False):
        names = tuple(
            f"{r}_{s}" if rank_first else f"{s}_{r}" for s in _SVG_SUITS for r in _SVG_RANKS
        )
        if all(renderer.elementExists(n) for n in names):
            return (*names, "back") if renderer.elementExists("back") else None
    return None


def _load_svg(path: Path) -> tuple[QSvgRenderer, tuple[str, ...]] | None:
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return None
    except OSError:
        return None
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        return None
    names = _element_names(renderer)
    return (renderer, names) if names else None


def load_kde_deck(directory: Path) -> SvgDeck | None:
    """A KDE card deck (a folder with ``index.desktop`` naming its SVG), or None if unusable."""
    entries = _read_desktop_group(directory / "index.desktop", "KDE Backdeck")
    svg_name = entries.get("SVG", "")
    if not svg_name:
        return None
    loaded = _load_svg(directory / svg_name)
    if loaded is None:
        return None
    renderer, names = loaded
    cells = tuple(_document_bounds(renderer, n) for n in names)
    if not _usable(cells):
        return None
    name = _localized(entries, "Name") or directory.name
    return SvgDeck(f"kde:{directory.name}", name, "kde", renderer, names, cells)


def load_aisleriot_deck(path: Path) -> SvgDeck | None:
    """An AisleRiot SVG theme (one ``.svg``/``.svgz`` file laid out as a grid), or None."""
    loaded = _load_svg(path)
    if loaded is None:
        return None
    renderer, names = loaded
    view = renderer.viewBoxF()
    if view.isEmpty():
        return None
    width, height = view.width() / 13, view.height() / 5

    def cell(element: str) -> QRectF:
        if element == "back":
            column, row = _GRID_BACK
        else:
            a, b = element.split("_")
            suit, rank = (a, b) if a in _GRID_ROWS else (b, a)
            column, row = _GRID_COLUMNS[rank], _GRID_ROWS[suit]
        return QRectF(view.x() + column * width, view.y() + row * height, width, height)

    cells = tuple(cell(n) for n in names)
    if not _usable(cells):
        return None
    stem = path.name.removesuffix(".svgz").removesuffix(".svg")
    name = stem.replace("_", " ").replace("-", " ").title()
    return SvgDeck(f"aisleriot:{stem}", name, "aisleriot", renderer, names, cells)


def _read_desktop_group(path: Path, group: str) -> dict[str, str]:
    """The keys of one group of a freedesktop ``.desktop`` file (empty if unreadable)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    entries: dict[str, str] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
        elif current == group and "=" in line:
            key, value = line.split("=", 1)
            entries.setdefault(key.strip(), value.strip())
    return entries


def _localized(entries: dict[str, str], key: str) -> str:
    """``Name[de_DE]``, ``Name[de]`` or ``Name``, for the user's language."""
    locale = QLocale().name()  # e.g. de_DE
    for candidate in (f"{key}[{locale}]", f"{key}[{locale.split('_')[0]}]", key):
        if entries.get(candidate):
            return entries[candidate]
    return ""


def system_deck_dirs() -> list[Path]:
    """Where other card games install their decks: user folders first, then the system's."""
    bases = [
        Path(p)
        for p in QStandardPaths.standardLocations(
            QStandardPaths.StandardLocation.GenericDataLocation
        )
    ]
    for fallback in (Path("/usr/local/share"), Path("/usr/share")):
        if fallback not in bases:
            bases.append(fallback)
    dirs: list[Path] = []
    for base in bases:
        for sub in ("carddecks", "aisleriot/cards", "gnome-games-common/cards"):
            candidate = base / sub
            if candidate not in dirs:
                dirs.append(candidate)
    return dirs


def _decks_in(directory: Path) -> Iterator[SvgDeck]:
    """Decks in one folder: KDE deck folders (or the folder itself) and AisleRiot SVG files."""
    try:
        if not directory.is_dir():
            return
        if (directory / "index.desktop").is_file():
            deck = load_kde_deck(directory)
            if deck:
                yield deck
            return
        entries = sorted(directory.iterdir())
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_dir() and (entry / "index.desktop").is_file():
                deck = load_kde_deck(entry)
            elif entry.is_file() and entry.name.endswith((".svg", ".svgz")):
                deck = load_aisleriot_deck(entry)
            else:
                continue
        except OSError:
            continue
        if deck:
            yield deck


_found: dict[tuple[Path, ...], list[SvgDeck]] = {}
_builtin: dict[str, list[Deck]] = {}


def builtin_decks(index_style: str = "en") -> list[Deck]:
    """Our own four decks, in the order the picker shows them (the four-colour ones together)."""
    if index_style not in _builtin:
        _builtin[index_style] = [
            french_deck(index_style),
            tournament_deck(index_style),
            colour_blind_safe_deck(index_style),
            german_deck(),
        ]
    return _builtin[index_style]


def find_system_decks(
    extra_dirs: Iterable[str | Path] = (), *, rescan: bool = False
) -> list[SvgDeck]:
    """Usable decks of other card games, from ``extra_dirs`` first, then the usual places.

    Parsing every SVG takes a moment, so the result is kept until ``rescan``.
    """
    dirs = tuple(Path(d) for d in extra_dirs) + tuple(system_deck_dirs())
    if rescan or dirs not in _found:
        seen: set[str] = set()
        decks: list[SvgDeck] = []
        for directory in dirs:
            for deck in _decks_in(directory):
                if deck.id not in seen:
                    seen.add(deck.id)
                    decks.append(deck)
        _found[dirs] = decks
    return _found[dirs]


def available_decks(
    extra_dirs: Iterable[str | Path] = (), *, index_style: str = "en", rescan: bool = False
) -> list[Deck]:
    """Every deck the player can choose: ours first, then those other card games installed."""
    return [*builtin_decks(index_style), *find_system_decks(extra_dirs, rescan=rescan)]


def deck_by_id(
    deck_id: str, *, index_style: str = "en", extra_dirs: Iterable[str | Path] = ()
) -> Deck:
    """The deck saved as ``deck_id``; the French deck if it is gone (uninstalled, renamed)."""
    builtins = builtin_decks(index_style)
    for deck in builtins:
        if deck.id == deck_id:
            return deck
    if ":" in deck_id:
        for deck in find_system_decks(extra_dirs):
            if deck.id == deck_id:
                return deck
    return builtins[0]


# --- pictures ---------------------------------------------------------------------------------


def card_size(deck: Deck, width: int) -> tuple[int, int]:
    """Width and height in logical pixels of a card ``width`` pixels wide."""
    return width, max(1, round(width * deck.aspect))


def card_image(deck: Deck, card: int | None, width: int, dpr: float = 1.0) -> QImage:
    """A card picture (``None``: the back) as a QImage; safe to call off the GUI thread."""
    w, h = card_size(deck, width)
    image = QImage(round(w * dpr), round(h * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    rect = QRectF(0, 0, w, h)
    if card is None:
        deck.paint_back(painter, rect)
    else:
        deck.paint_card(painter, rect, card)
    painter.end()
    return image


_CACHE_BYTES = 96 * 1024 * 1024
_cache: OrderedDict[tuple[str, int | None, int, float], QPixmap] = OrderedDict()
_cache_bytes = 0


def card_pixmap(deck: Deck, card: int | None, width: int, dpr: float = 1.0) -> QPixmap:
    """A card picture for the screen (``None``: the back), crisp at device pixel ratio ``dpr``.

    Pictures are kept in a least-recently-used cache, since a table shows the same few sizes
    over and over; GUI thread only (QPixmap).
    """
    global _cache_bytes
    key = (deck.key, card, width, float(dpr))
    pixmap = _cache.get(key)
    if pixmap is not None:
        _cache.move_to_end(key)
        return pixmap
    pixmap = QPixmap.fromImage(card_image(deck, card, width, dpr))
    pixmap.setDevicePixelRatio(dpr)
    _cache[key] = pixmap
    _cache_bytes += pixmap.width() * pixmap.height() * 4
    while _cache_bytes > _CACHE_BYTES and len(_cache) > 1:
        _, old = _cache.popitem(last=False)
        _cache_bytes -= old.width() * old.height() * 4
    return pixmap


def clear_card_cache() -> None:
    """Forget all cached pictures (after a deck or its options changed)."""
    global _cache_bytes
    _cache.clear()
    _cache_bytes = 0
