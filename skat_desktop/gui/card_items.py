"""The pieces on the card table: cards, name plates, bid bubbles, trick piles, text.

Card pictures come from :class:`CardPictures`: each face is rendered once per size and
device pixel ratio, off the GUI thread, and a scaled picture of another size (or of the
deck chosen before, or a plain card) stands in until the crisp one is ready (the KDE card
games' pattern), so a resize or another deck never stalls the table or blanks it.
"""

from __future__ import annotations

import contextlib
import math

from PySide6.QtCore import (
    QObject,
    QPointF,
    QRectF,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from skat_desktop.gui.decks import Deck, card_image, card_pixmap
from skat_desktop.gui.plain import tip
from skat_desktop.gui.theme import LIGHT_TABLE, TableColors

Key = tuple[object, int | None, int, float]  # deck key, card (None: back), width, dpr


# ---------------------------------------------------------------------- pictures


class _Done(QObject):
    images = Signal(object)


class _Render(QRunnable):
    def __init__(self, deck: Deck, keys: list[Key], done: _Done):
        super().__init__()
        self._deck, self._keys, self._done = deck, keys, done

    def run(self) -> None:
        out = []
        for key in self._keys:
            _, card, width, dpr = key
            try:
                out.append((key, card_image(self._deck, card, width, dpr)))
            except Exception:  # a broken SVG deck: the stand-in picture stays
                continue
        with contextlib.suppress(RuntimeError):  # the table is gone
            self._done.images.emit(out)


class CardPictures(QObject):
    """Card pixmaps by size for one deck; ``updated`` when crisp pictures arrive.

    ``synchronous`` renders at once on the GUI thread (screenshots, a few tests).
    """

    updated = Signal()

    BATCH = 8
    """Pictures rendered per job: the cards on the table, asked first, arrive first
    rather than after the whole deck at every size (a second or more)."""

    def __init__(self, deck: Deck, parent: QObject | None = None, synchronous: bool = False):
        super().__init__(parent)
        self.deck = deck
        self.synchronous = synchronous
        self._ready: dict[Key, QPixmap] = {}
        self._by_card: dict[tuple[object, int | None], Key] = {}
        self._before: dict[int | None, QPixmap] = {}  # the last deck's, until ours are in
        self._wanted: list[Key] = []
        self._running = False
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one deck painter at a time
        self._done = _Done(self)
        self._done.images.connect(self._arrived)

    @property
    def aspect(self) -> float:
        return self.deck.aspect

    def set_deck(self, deck: Deck) -> None:
        """Show ``deck`` from now on; its pictures are rendered, the old deck's stand in."""
        self._before = {
            card: self._ready[key] for (_, card), key in self._by_card.items()
        } or self._before
        self.deck = deck
        self._wanted.clear()
        self._by_card.clear()
        self._ready.clear()
        self.updated.emit()

    def pending(self) -> bool:
        """Whether pictures are still being rendered."""
        return self._running or bool(self._wanted)

    def pixmap(self, card: int | None, width: int, dpr: float) -> QPixmap:
        """The picture of ``card`` (None: the back) ``width`` pixels wide.

        May be a stand-in of another size (or a null pixmap) until the crisp one is
        ready; ``updated`` says when to ask again.
        """
        key = (self.deck.key, card, int(width), float(dpr))
        got = self._ready.get(key)
        if got is not None:
            return got
        if self.synchronous:
            pm = card_pixmap(self.deck, card, int(width), float(dpr))
            self._store(key, pm)
            return pm
        asked = key in self._wanted
        if asked:
            self._wanted.remove(key)
        self._wanted.insert(0, key)  # on the table now: before the prefetched ones
        if not asked and not self._running:
            QTimer.singleShot(0, self._render_next)
        other = self._by_card.get((self.deck.key, card))
        if other is not None:
            return self._ready[other]
        return self._before.get(card, QPixmap())

    def prefetch(self, faces: set[int], backs: set[int], dpr: float) -> None:
        """Render every face at the widths ``faces`` and the back at ``backs`` ahead of
        need (off the GUI thread); requests for sizes no longer wanted are dropped."""
        if self.synchronous:
            return
        widths = faces | backs
        self._wanted = [k for k in self._wanted if k[2] in widths and k[3] == dpr]
        keys = [(self.deck.key, c, w, float(dpr)) for w in sorted(faces) for c in range(32)]
        keys += [(self.deck.key, None, w, float(dpr)) for w in sorted(backs)]
        for key in keys:
            if key not in self._ready and key not in self._wanted:
                self._wanted.append(key)
        if self._wanted and not self._running:
            QTimer.singleShot(0, self._render_next)

    def _store(self, key: Key, pm: QPixmap) -> None:
        self._ready[key] = pm
        self._by_card[(key[0], key[1])] = key
        if len(self._ready) > 400:  # old sizes after many resizes
            keep = set(self._by_card.values())
            for k in [k for k in self._ready if k not in keep][:200]:
                del self._ready[k]

    def _render_next(self) -> None:
        if self._running or not self._wanted:
            return
        keys = [k for k in self._wanted if k[0] == self.deck.key and k not in self._ready]
        self._wanted = keys[self.BATCH :]
        if not keys:
            return
        self._running = True
        self._pool.start(_Render(self.deck, keys[: self.BATCH], self._done))

    def _arrived(self, images: list) -> None:
        self._running = False
        for key, image in images:
            if key[0] != self.deck.key:
                continue
            pm = QPixmap.fromImage(image)
            pm.setDevicePixelRatio(key[3])
            self._store(key, pm)
        if self._wanted:
            self._render_next()
        else:
            self._before = {}  # every picture asked for is in: the old deck is not needed
        self.updated.emit()

    def wait(self, timeout_ms: int = 5000) -> None:
        """Block until every requested picture is ready (screenshots, benchmarks)."""
        from PySide6.QtCore import QCoreApplication, QElapsedTimer

        clock = QElapsedTimer()
        clock.start()
        while self.pending() and clock.elapsed() < timeout_ms:
            self._pool.waitForDone(50)
            QCoreApplication.processEvents()

    def shutdown(self) -> None:
        self._wanted.clear()
        self._pool.waitForDone(2000)


# ---------------------------------------------------------------------- cards


class CardItem(QGraphicsObject):
    """One card on the table: a face (``card``) or a back (``card`` None).

    The table sets the flags; the card only draws them and reports the mouse to its
    ``owner`` (the table scene), so all rules stay in one place.
    """

    def __init__(self, key: object, card: int | None, owner, pictures: CardPictures):
        super().__init__()
        self.key = key
        self.card = card
        self.owner = owner
        self.pictures = pictures
        self.w = 10
        self.h = 15
        self.dpr = 1.0
        self.home = QPointF()  # where the layout puts the card (hover lifts it from here)
        self.side = ""  # the hand or zone it lies in ("bottom", "stage", ...)
        self.dimmed = False  # may not be played now
        self.playable = False  # may be played: highlight under the mouse
        self.focused = False  # the keyboard's card
        self.hinted = False  # the card a hint suggests
        self.hovered = False
        self.colors: TableColors = LIGHT_TABLE
        self._press: QPointF | None = None
        self._dragging = False
        self._pixmap = QPixmap()
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)

    # geometry --------------------------------------------------------------

    def set_size(self, w: int, h: int, dpr: float) -> None:
        if (w, h, dpr) != (self.w, self.h, self.dpr):
            self.prepareGeometryChange()
            self.w, self.h, self.dpr = w, h, dpr
        self.refresh_picture()

    def refresh_picture(self) -> None:
        self._pixmap = self.pictures.pixmap(self.card, self.w, self.dpr)
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.w, self.h)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.boundingRect(), self.w * 0.06, self.w * 0.06)
        return path

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None):
        rect = QRectF(0, 0, self.w, self.h)
        radius = self.w * 0.06
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._pixmap.isNull():
            p.setPen(QPen(QColor("#9a9a9a"), 1))
            p.setBrush(QColor("#fafafa") if self.card is not None else QColor("#3a5f9a"))
            p.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        else:
            exact = (
                self._pixmap.deviceIndependentSize().width() == self.w
                and self._pixmap.deviceIndependentSize().height() == self.h
            )
            if not exact:
                p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(rect, self._pixmap, QRectF(self._pixmap.rect()))
        if self.dimmed:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(self.colors.dim))
            p.drawRoundedRect(rect, radius, radius)
        ring = None
        if self.hinted:
            ring = QColor(self.colors.hint)
        elif self.focused or (self.hovered and self.playable):
            ring = QColor(self.colors.highlight)
        if ring is not None:
            width = max(2.0, self.w * 0.035)
            p.setPen(QPen(ring, width))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(
                rect.adjusted(width / 2, width / 2, -width / 2, -width / 2), radius, radius
            )

    # mouse -------------------------------------------------------------------

    def hoverEnterEvent(self, event) -> None:
        self.hovered = True
        self.owner.card_hovered(self, True)
        self.update()

    def hoverLeaveEvent(self, event) -> None:
        self.hovered = False
        self.owner.card_hovered(self, False)
        self.update()

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._press = event.scenePos()
        self._grab = event.scenePos() - self.pos()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None:
            return
        from PySide6.QtWidgets import QApplication

        if not self._dragging:
            moved = event.scenePos() - self._press
            if math.hypot(moved.x(), moved.y()) < QApplication.startDragDistance():
                return
            if not self.owner.card_drag_started(self):
                self._press = None
                return
            self._dragging = True
            self.setZValue(1000)
        self.setPos(event.scenePos() - self._grab)

    def mouseReleaseEvent(self, event) -> None:
        if self._press is None:
            return
        self._press = None
        if self._dragging:
            self._dragging = False
            self.owner.card_dropped(self, event.scenePos())
        else:
            self.owner.card_clicked(self)


# ---------------------------------------------------------------------- other pieces


def _font(px: int, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(8, int(px)))
    f.setBold(bold)
    return f


def _first_fitting(forms, metrics: QFontMetrics, width: float) -> str | None:
    """The first of ``forms`` (longest first) that fits ``width``, or None."""
    for form in forms:
        if metrics.horizontalAdvance(form) <= width:
            return form
    return None


def _two_lines(text: str, metrics: QFontMetrics, width: float) -> list[str] | None:
    """``text`` broken into two lines that fit ``width`` (the most even break between the
    parts of a line, else between words), or None."""
    for sep in (" · ", " "):
        best: tuple[int, list[str]] | None = None
        start = text.find(sep)
        while start > 0:
            lines = [text[:start], text[start + len(sep) :]]
            widest = max(metrics.horizontalAdvance(line) for line in lines)
            if widest <= width and (best is None or widest < best[0]):
                best = (widest, lines)
            start = text.find(sep, start + 1)
        if best is not None:
            return best[1]
    return None


def fit_lines(
    forms, width: float, height: float, font_px: float, bold: bool = True
) -> tuple[QFont, list[str]]:
    """The font and lines that show the longest of ``forms`` (longest first) that fits a
    ``width`` x ``height`` box: one line if one fits, else two, else a smaller font. Only
    when nothing fits is the shortest form elided; a compact form reads, a cut word does not."""
    forms = [f for f in forms if f] or [""]
    for scale in (1.0, 0.9, 0.8):
        font = _font(font_px * scale, bold)
        metrics = QFontMetrics(font)
        line = _first_fitting(forms, metrics, width)
        if line is not None:
            return font, [line]
        if 2 * metrics.height() <= height:
            for form in forms:
                lines = _two_lines(form, metrics, width)
                if lines is not None:
                    return font, lines
    font = _font(font_px * 0.8, bold)
    text = QFontMetrics(font).elidedText(forms[-1], Qt.TextElideMode.ElideRight, int(width))
    return font, [text]


class _ZoneItem(QGraphicsObject):
    """A table item that fills its zone of the layout (``zone``, local coordinates) and is
    placed anew at every re-layout; it draws text at ``font_px``."""

    def __init__(self, zone: QRectF, font_px: int = 14) -> None:
        super().__init__()
        self.zone = zone
        self.font_px = font_px
        self.colors: TableColors = LIGHT_TABLE
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _place(self, rect: QRectF, font_px: int) -> None:
        self.prepareGeometryChange()
        self.setPos(rect.topLeft())
        self.zone = QRectF(0, 0, rect.width(), rect.height())
        self.font_px = font_px

    def set_geometry(self, rect: QRectF, font_px: int) -> None:
        self._place(rect, font_px)
        self.update()


class PlateItem(_ZoneItem):
    """A seat's name plate: name, role, and a glow when the seat is on turn."""

    def __init__(self) -> None:
        super().__init__(QRectF(0, 0, 100, 40))
        self.name = ""
        self.role = ""
        self.on_turn = False

    def set_text(self, name: str, role: str, on_turn: bool) -> None:
        if (name, role, on_turn) != (self.name, self.role, self.on_turn):
            self.name, self.role, self.on_turn = name, role, on_turn
            self.setToolTip(tip(f"{name}\n{role}" if role else name))  # a name as written
            self.update()

    def boundingRect(self) -> QRectF:
        return self.zone

    def name_width(self) -> float:
        """The room for the name: the plate less its padding."""
        return self.zone.width() - 2 - 2 * self.font_px * 0.6

    def name_shown(self) -> tuple[QFont, str]:
        """The name's font and text: in smaller type rather than cut ("standar…"); elided
        only when even the smallest type is too wide."""
        text = ("▶ " if self.on_turn else "") + self.name
        width = self.name_width()
        for scale in (1.05, 0.95, 0.85, 0.76):
            font = _font(self.font_px * scale, bold=True)
            if QFontMetrics(font).horizontalAdvance(text) <= width:
                return font, text
        return font, QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, int(width))

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.zone.adjusted(1, 1, -1, -1)
        radius = min(10.0, r.height() * 0.25)
        if self.on_turn:
            p.setPen(QPen(QColor(self.colors.plate_turn), 2.5))
            p.setBrush(QColor(self.colors.plate_turn).darker(260))
        else:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(self.colors.plate))
        p.drawRoundedRect(r, radius, radius)
        pad = self.font_px * 0.6
        width = r.width() - 2 * pad
        # the role in one line, in smaller type if need be, else in two lines
        lines = [self.role]
        role_font = _font(self.font_px * 0.85)
        for scale in (0.85, 0.76):
            role_font = _font(self.font_px * scale)
            if QFontMetrics(role_font).horizontalAdvance(self.role) <= width:
                break
        else:
            parts = self.role.split(" · ")
            if len(parts) > 1:
                lines = [" · ".join(parts[:-1]) + " ·", parts[-1]]
                role_font = _font(self.font_px * 0.72)
        role_metrics = QFontMetrics(role_font)
        role_h = role_metrics.height() * len(lines)
        half = r.height() / 2 if len(lines) == 1 else r.height() - role_h - 2
        name_font, text = self.name_shown()
        p.setFont(name_font)
        p.setPen(QColor(self.colors.text))
        p.drawText(
            QRectF(r.left() + pad, r.top(), width, half + 2),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
            text,
        )
        p.setFont(role_font)
        p.setPen(QColor(self.colors.muted))
        top = r.top() + half + 2
        for line in lines:
            shown = role_metrics.elidedText(line, Qt.TextElideMode.ElideRight, int(width))
            p.drawText(
                QRectF(r.left() + pad, top, width, role_metrics.height()),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                shown,
            )
            top += role_metrics.height()


class BubbleItem(_ZoneItem):
    """A speech bubble with a seat's last word: a bid, "pass", the game, "Kontra!".

    During the auction (until the game is declared) the words the seat said before stand
    in a smaller line above the last one (``history``: forms from complete to compact,
    :func:`skat_desktop.gui.table_header.record_forms`), so the auction stays readable."""

    SMALL = 0.8  # the history's type, by the word's

    def __init__(self) -> None:
        super().__init__(QRectF(0, 0, 80, 30))
        self.text = ""
        self.history: tuple[str, ...] = ()

    def set_text(self, text: str, history: tuple[str, ...] = ()) -> None:
        history = tuple(history) if text else ()
        if (text, history) != (self.text, self.history):
            self.prepareGeometryChange()
            self.text, self.history = text, history
            self.setVisible(bool(text))
            self.update()

    def _pad(self) -> float:
        return self.font_px * 1.4

    def _gap(self) -> float:
        return self.font_px * 0.4

    def arrangement(self) -> tuple[list[tuple[QFont, str]], bool]:
        """What the bubble shows and whether stacked: the history (the longest form that
        fits, in small type) above the last word if the bubble is tall enough, else beside
        it; the word in bold, in smaller type (or two lines) rather than cut if it is long."""
        room = self.zone.width() - self._pad()
        word_font, word_lines = fit_lines((self.text,), room, self.zone.height() - 4, self.font_px)
        pieces = [(word_font, line) for line in word_lines]
        if self.history and len(pieces) == 1:
            small = _font(self.font_px * self.SMALL)
            small_m, word_m = QFontMetrics(small), QFontMetrics(word_font)
            if small_m.height() + word_m.height() + 4 <= self.zone.height():
                line = _first_fitting(self.history, small_m, room)
                if line is not None:
                    return [(small, line), *pieces], True
            beside = room - self._gap() - word_m.horizontalAdvance(self.text)
            line = _first_fitting(self.history, small_m, beside)
            if line is not None:
                return [(small, line), *pieces], False
        return pieces, len(pieces) > 1

    def lines(self) -> list[tuple[QFont, str]]:
        """The texts the bubble shows, in reading order, with their fonts."""
        return self.arrangement()[0]

    def _bubble_rect(self) -> QRectF:
        pieces, stacked = self.arrangement()
        widths = [QFontMetrics(f).horizontalAdvance(t) for f, t in pieces]
        if stacked:
            width, height = max(widths) + self._pad(), self.zone.height()
        else:
            height = min(self.zone.height(), round(self.font_px * 2.1))
            width = sum(widths) + self._gap() * (len(pieces) - 1) + self._pad()
            if len(pieces) == 1:
                width = max(height * 1.3, width)
        return QRectF(0, 0, min(self.zone.width(), width), height)

    def boundingRect(self) -> QRectF:
        return self._bubble_rect()

    def paint(self, p: QPainter, option, widget=None) -> None:
        if not self.text:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._bubble_rect().adjusted(1, 1, -1, -1)
        pieces, stacked = self.arrangement()
        p.setPen(QPen(QColor(0, 0, 0, 70), 1))
        p.setBrush(QColor(self.colors.bubble))
        radius = min(r.height(), round(self.font_px * 2.1)) * 0.45
        p.drawRoundedRect(r, radius, radius)
        metrics = [QFontMetrics(f) for f, _ in pieces]
        heights = [m.height() for m in metrics]
        widths = [m.horizontalAdvance(t) for m, (_, t) in zip(metrics, pieces, strict=True)]
        top = r.top() + (r.height() - sum(heights)) / 2
        left = r.left() + (r.width() - sum(widths) - self._gap() * (len(pieces) - 1)) / 2
        for (f, text), h, w in zip(pieces, heights, widths, strict=True):
            p.setFont(f)
            color = QColor(self.colors.bubble_text)
            if not f.bold():  # the earlier words, quieter than the last
                color.setAlphaF(0.75)
            p.setPen(color)
            if stacked:
                p.drawText(QRectF(r.left(), top, r.width(), h), Qt.AlignmentFlag.AlignCenter, text)
                top += h
            else:
                p.drawText(
                    QRectF(left, r.top(), w + 1, r.height()), Qt.AlignmentFlag.AlignCenter, text
                )
                left += w + self._gap()


class PileItem(_ZoneItem):
    """The tricks a seat has taken: a small stack of backs and a count."""

    def __init__(self, pictures: CardPictures) -> None:
        super().__init__(QRectF(0, 0, 60, 80), font_px=12)
        self.pictures = pictures
        self.card_w, self.card_h = 30, 45
        self.dpr = 1.0
        self.tricks = 0
        self.label = ""

    def set_geometry(self, rect: QRectF, card_w: int, card_h: int, font_px: int, dpr: float):
        self._place(rect, font_px)
        self.card_w, self.card_h, self.dpr = card_w, card_h, dpr
        self.update()

    def set_count(self, tricks: int, label: str) -> None:
        if (tricks, label) != (self.tricks, self.label):
            self.tricks, self.label = tricks, label
            self.update()

    def card_anchor(self) -> QPointF:
        """Scene position where a trick taken lands."""
        return self.mapToScene(QPointF(0, 0))

    def boundingRect(self) -> QRectF:
        return self.zone

    def paint(self, p: QPainter, option, widget=None) -> None:
        if self.tricks <= 0:
            return
        back = self.pictures.pixmap(None, self.card_w, self.dpr)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        shown = min(3, self.tricks)
        offset = max(1.5, self.card_w * 0.06)
        for i in range(shown):
            r = QRectF(i * offset, i * offset * 0.5, self.card_w, self.card_h)
            if back.isNull():
                p.setBrush(QColor("#3a5f9a"))
                p.drawRoundedRect(r, 3, 3)
            else:
                p.drawPixmap(r, back, QRectF(back.rect()))
        if self.label:
            f = _font(self.font_px * 0.85, bold=True)
            p.setFont(f)
            p.setPen(QColor(self.colors.text))
            text_rect = QRectF(0, self.card_h + offset * 2, self.zone.width(), self.zone.height())
            p.drawText(
                text_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, self.label
            )


class TextItem(_ZoneItem):
    """A line of text in a zone (what is played, a note). Given several forms (longest
    first), it shows the longest that fits, on two lines or in smaller type if need be
    (:func:`fit_lines`), and elides only when nothing else fits."""

    def __init__(self, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> None:
        super().__init__(QRectF(0, 0, 100, 20))
        self.text = ""
        self.forms: tuple[str, ...] = ()
        self.bold = True
        self.align = align

    def set_text(self, text: str) -> None:
        self.set_forms((text,) if text else ())

    def set_forms(self, forms) -> None:
        forms = tuple(f for f in forms if f)
        if forms != self.forms:
            self.forms = forms
            self.text = forms[0] if forms else ""
            self.update()

    def fitted(self) -> tuple[QFont, list[str]]:
        """The font and the lines drawn now."""
        return fit_lines(self.forms, self.zone.width(), self.zone.height(), self.font_px, self.bold)

    def boundingRect(self) -> QRectF:
        return self.zone

    def paint(self, p: QPainter, option, widget=None) -> None:
        if not self.forms:
            return
        font, lines = self.fitted()
        p.setFont(font)
        p.setPen(QColor(self.colors.text))
        p.drawText(self.zone, self.align | Qt.AlignmentFlag.AlignVCenter, "\n".join(lines))


class BackdropItem(_ZoneItem):
    """A veil with a caption behind the last trick when the player looks at it."""

    def __init__(self) -> None:
        super().__init__(QRectF(0, 0, 100, 100))
        self.caption = ""
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    def boundingRect(self) -> QRectF:
        return self.zone

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(QColor(0, 0, 0, 120)))
        p.drawRoundedRect(self.zone, 12, 12)
        p.setFont(_font(self.font_px, bold=True))
        p.setPen(QColor("#ffffff"))
        p.drawText(
            self.zone.adjusted(8, 4, -8, -4),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            self.caption,
        )

    def mousePressEvent(self, event) -> None:
        event.accept()
        self.setVisible(False)
