"""The card table: a QGraphicsScene that draws a :class:`TableState` and animates changes.

The scene holds no rules. It is told what lies where (:meth:`TableScene.set_state`), which
of the player's cards may be played or put into the skat (:meth:`TableScene.set_interaction`),
and it reports what the player did with the mouse or the keyboard through signals:
``cardPlayed`` (click, drag to the middle, Enter on the keyboard's card), ``illegalCard``,
``discardChanged``. Changes are animated step by step (deal, card to the trick, the full
trick for a moment, the trick to its winner); ``idle`` says when the table is still again,
so the caller asks the next player only then. Animation speed 0 makes every change
instant.

The scene is always exactly as large as its view (no scaling), so each card is drawn from
a pixmap rendered for its size and the screen's device pixel ratio: crisp on any display.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView

from skat_desktop.engine.cards import sort_for_display
from skat_desktop.gui import game_words
from skat_desktop.gui.card_items import (
    BackdropItem,
    BubbleItem,
    CardItem,
    CardPictures,
    PileItem,
    PlateItem,
    TextItem,
    fit_lines,
)
from skat_desktop.gui.table_header import record_forms
from skat_desktop.gui.table_layout import (
    TableLayout,
    compute_layout,
    narrowest_width,
    sides_for,
)
from skat_desktop.gui.table_state import TableState
from skat_desktop.gui.theme import LIGHT_TABLE, TableColors

SPEED_FACTORS = (0.0, 1.7, 1.0, 0.6, 0.35)  # by the settings' animation speed 0..4
MOVE_MS = 300
DEAL_MOVE_MS = 280
DEAL_STAGGER_MS = 28
TRICK_PAUSE_MS = 800
COLLECT_MS = 380
WORD_PAUSE_MS = 550
GROW_FROM = 0.6  # share of its size a card grows from where it comes in at its place

Z_HAND, Z_SIDE, Z_SKAT, Z_TRICK, Z_FLY, Z_LAST = 200, 100, 250, 300, 320, 950


@dataclass
class Placement:
    """Where one card goes: position (top-left), size, stacking order and zone."""

    key: object
    card: int | None
    pos: QPointF
    w: int
    h: int
    z: float
    zone: str
    origin: QPointF | None = None  # a new item flies in from here
    origin_w: int | None = None
    delay: int = 0
    vanish: bool = False  # removed once it arrived (a trick going to its pile)


class TableScene(QGraphicsScene):
    """The card table. See the module docstring for how it is driven."""

    cardPlayed = Signal(int)
    illegalCard = Signal(int)
    discardChanged = Signal(object)
    handReordered = Signal()
    idle = Signal()
    layoutChanged = Signal()

    def __init__(
        self,
        pictures: CardPictures,
        colors: TableColors = LIGHT_TABLE,
        speed: int = 2,
        parent=None,
    ) -> None:
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # cards move a lot
        self.pictures = pictures
        self.pictures.updated.connect(self._refresh_pictures)
        self.colors = colors
        self.speed = speed
        self.dpr = 1.0
        self._w, self._h = 1024, 700
        self.setSceneRect(0, 0, self._w, self._h)
        self.panel_kind = "none"
        self.panel_need: Callable[[float], float] | None = None
        self.table_size = 3
        self.layout: TableLayout = compute_layout(self._w, self._h, 3, "none", pictures.aspect)
        self.state: TableState | None = None
        self.cards: dict[object, CardItem] = {}
        self.plates: dict[int, PlateItem] = {}
        self.bubbles: dict[int, BubbleItem] = {}
        self.piles: dict[int, PileItem] = {}
        self.info = TextItem()
        self.addItem(self.info)
        self.backdrop = BackdropItem()
        self.backdrop.setZValue(Z_LAST - 1)
        self.backdrop.setVisible(False)
        self.backdrop.mousePressEvent = self._backdrop_clicked
        self.addItem(self.backdrop)
        self._last_items: list[CardItem] = []
        self.mode = "idle"  # "play", "discard" or "idle"
        self.playable: frozenset[int] = frozenset()
        self.discardable = 0
        self.discard: list[int] = []
        self.sort_mode = "game"
        self.manual_order: list[int] = []
        self.focus_card: int | None = None
        self.hint_card: int | None = None
        self.preview_game = None  # the game the player looks at while declaring
        self._steps: deque[Callable[[bool], QAbstractAnimation | None]] = deque()
        self._anim: QAbstractAnimation | None = None
        self._animate = False
        self._vanishing: list[CardItem] = []
        self._place_decor()

    # ------------------------------------------------------------------ settings

    @property
    def factor(self) -> float:
        return SPEED_FACTORS[max(0, min(len(SPEED_FACTORS) - 1, self.speed))]

    def set_speed(self, speed: int) -> None:
        self.speed = speed

    def set_colors(self, colors: TableColors) -> None:
        self.colors = colors
        for item in self._decor_items():
            item.colors = colors
            item.update()
        self._apply_flags()
        self.update()

    def set_sort_mode(self, mode: str) -> None:
        if mode != self.sort_mode:
            self.sort_mode = mode
            self._relayout(animate=True)

    def set_deck(self) -> None:
        """The pictures' deck changed: new sizes (aspect) and pictures."""
        self._relayout(animate=False)
        self._refresh_pictures()

    # ------------------------------------------------------------------ geometry

    def resize_to(self, width: int, height: int, dpr: float) -> None:
        self.finish_animations()
        self._w, self._h, self.dpr = max(1, width), max(1, height), dpr
        self.setSceneRect(0, 0, self._w, self._h)
        self._relayout(animate=False)

    def set_panel_kind(self, kind: str) -> None:
        """How much room the action panel needs: none, bar, tall, full, whole."""
        if kind != self.panel_kind:
            self.finish_animations()
            self.panel_kind = kind
            self._relayout(animate=False)

    def set_panel_need(self, need: Callable[[float], float] | None) -> None:
        """The height the action panel needs for a zone width (``PanelHost.needed_height``):
        on a narrow table its rows wrap, and the panel zone grows rather than cut them."""
        self.panel_need = need
        if self._compute_layout().panel != self.layout.panel:
            self.finish_animations()
            self._relayout(animate=False)

    def _compute_layout(self) -> TableLayout:
        kind = self.panel_kind
        if kind == "whole" and self.state is not None:
            kind = "full"  # (should a ``whole`` panel come over cards: the plates in sight)
        lay = compute_layout(self._w, self._h, self.table_size, kind, self.pictures.aspect)
        if self.panel_need is not None and self.panel_kind in ("bar", "tall"):
            need = self.panel_need(lay.panel.width())
            if need > lay.panel.height():
                lay = compute_layout(
                    self._w, self._h, self.table_size, self.panel_kind, self.pictures.aspect, need
                )
        return lay

    def _relayout(self, animate: bool) -> None:
        self.layout = self._compute_layout()
        lay = self.layout
        sides = {z.card_w for z in lay.seats.values()}
        self.pictures.prefetch(
            {lay.seats["bottom"].card_w, lay.trick_w}, sides | {lay.trick_w, lay.pile_w}, self.dpr
        )
        self._place_decor()
        if self.state is not None:
            anim = self._apply(self._placements(self.state), animate and self.factor > 0)
            if anim is not None:
                self._start(anim)
        self.hide_last_trick()
        self.layoutChanged.emit()

    def side_of(self, seat: int) -> str:
        bottom = self.state.bottom if self.state else 0
        sides = sides_for(self.table_size)
        return sides[(seat - bottom) % self.table_size]

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        r = self.sceneRect()
        gradient = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.7)
        gradient.setColorAt(0.0, QColor(self.colors.felt))
        gradient.setColorAt(1.0, QColor(self.colors.felt_edge))
        painter.fillRect(rect, gradient)

    # ------------------------------------------------------------------ decor

    def _decor_items(self):
        yield self.info
        yield from self.plates.values()
        yield from self.bubbles.values()
        yield from self.piles.values()

    def _drop_seats(self) -> None:
        """No name plates, bubbles or trick piles (the info line stays)."""
        for item in list(self._decor_items()):
            if item is not self.info:
                self.removeItem(item)
        self.plates, self.bubbles, self.piles = {}, {}, {}

    def _ensure_seats(self, n: int) -> None:
        if n == self.table_size and len(self.plates) == n:
            return
        self._drop_seats()
        self.table_size = n
        for seat in range(n):
            plate, bubble, pile = PlateItem(), BubbleItem(), PileItem(self.pictures)
            for item in (plate, bubble, pile):
                item.colors = self.colors
                self.addItem(item)
            bubble.setZValue(Z_TRICK + 50)
            bubble.setVisible(False)
            self.plates[seat], self.bubbles[seat], self.piles[seat] = plate, bubble, pile

    def _place_decor(self) -> None:
        lay = self.layout
        self.info.set_geometry(lay.info, lay.font_px)
        for seat in self.plates:
            side = self.side_of(seat)
            zones = lay.seats[side]
            self.plates[seat].set_geometry(zones.plate, lay.font_px)
            self.bubbles[seat].set_geometry(zones.bubble, lay.font_px)
            self.piles[seat].set_geometry(zones.pile, lay.pile_w, lay.pile_h, lay.font_px, self.dpr)

    def _update_decor(self, state: TableState, piles: bool = True) -> None:
        self.info.set_forms(state.header or (state.info,))
        for s in state.seats:
            self.plates[s.seat].set_text(s.name, s.role, s.on_turn)
            self.bubbles[s.seat].set_text(s.bubble, record_forms(s.history))
            if piles:
                self._update_pile(s)

    def _update_pile(self, s) -> None:
        if s.tricks:
            label = game_words.tricks_text(s.tricks)
            if s.points is not None:
                label += f" · {s.points}"
        else:
            label = ""
        self.piles[s.seat].set_count(s.tricks, label)

    # ------------------------------------------------------------------ state

    def clear_table(self) -> None:
        """Nothing on the table any more, as before the first game: no cards, name plates,
        bubbles or trick piles. For a table that is gone (its host closed it): what lay
        there belongs to no game now, and the welcome panel gets the whole table, as it
        does before a game (beside the side panel of a small window the zone a finished
        deal's panel has between the plates cut its lines)."""
        self.finish_animations()
        self.hide_last_trick()
        for item in [*self.cards.values(), *self._vanishing]:
            if item.scene() is self:
                self.removeItem(item)
        self.cards.clear()
        self._vanishing.clear()
        self._drop_seats()
        self.info.set_forms(())
        self.state = None
        self.mode = "idle"
        self.playable = frozenset()
        self.discardable = 0
        self._forget_deal()
        self.layout = self._compute_layout()
        self._place_decor()
        self.layoutChanged.emit()
        self._tell_views()

    def _forget_deal(self) -> None:
        """What the player chose in the last deal: cards to discard, his own order, the
        focused and the hinted card, the game he looked at while declaring."""
        self.discard.clear()
        self.manual_order = []
        self.focus_card = self.hint_card = None
        self.preview_game = None

    def set_state(self, state: TableState, animate: bool = True) -> None:
        """Show ``state``; changes since the last state are animated (speed > 0)."""
        self.finish_animations()
        old = self.state
        self.state = state
        self.hide_last_trick()
        if old is None or old.table_size != state.table_size or old.bottom != state.bottom:
            self._ensure_seats(state.table_size)
            self.layout = self._compute_layout()
            self._place_decor()
            self.layoutChanged.emit()
        new_deal = old is None or old.deal_key != state.deal_key
        if new_deal:
            self._forget_deal()
        hand = set(state.seats[state.bottom].hand or ())
        if self.focus_card not in hand:
            self.focus_card = None
        self.discard = [c for c in self.discard if c in hand]
        steps: list[Callable[[bool], QAbstractAnimation | None]] = []
        if new_deal and state.deal_key != (0, 0):
            steps.append(partial(self._step_deal, state))
        elif old is not None and state.tricks_done == old.tricks_done + 1 and state.completed:
            steps.append(partial(self._step_layout, state, state.completed, False))
            steps.append(partial(self._step_pause, TRICK_PAUSE_MS))
            steps.append(partial(self._step_layout, state, None, True))
        else:
            steps.append(partial(self._step_layout, state, None, False))
            if old is not None and not new_deal:
                before = {s.seat: s.bubble for s in old.seats}
                if any(s.bubble and s.bubble != before.get(s.seat) for s in state.seats):
                    steps.append(partial(self._step_pause, WORD_PAUSE_MS))
        self._steps.extend(steps)
        self._animate = animate and self.factor > 0
        self._run()
        self._tell_views()

    @property
    def busy(self) -> bool:
        """Whether an animation is running (the caller waits for ``idle``)."""
        return self._anim is not None or bool(self._steps)

    def _run(self) -> None:
        while self._steps:
            step = self._steps.popleft()
            anim = step(self._animate)
            if anim is not None:
                self._start(anim)
                return
        self._at_rest()

    def _at_rest(self) -> None:
        """The table is still: everything in its place, and ``idle`` says so."""
        self._anim = None
        if self.state is not None:
            self._update_decor(self.state)
        self._apply_flags()
        self.idle.emit()

    def _start(self, anim: QAbstractAnimation) -> None:
        self._anim = anim
        anim.finished.connect(self._anim_finished)
        anim.start()

    def _anim_finished(self) -> None:
        anim = self.sender()
        if anim is not self._anim:
            return
        self._anim = None
        self._drop_vanishing()
        self._run()

    def finish_animations(self) -> None:
        """Jump to the end of every running and queued animation.

        The table is at rest then and says so (``idle``), as when the animation ends by
        itself: the window asks the next player only then, and an animation cut short (a
        resize, the side panel, the last trick shown) must not leave it waiting forever."""
        if self._anim is None and not self._steps:
            return
        if self._anim is not None:
            anim, self._anim = self._anim, None
            anim.finished.disconnect(self._anim_finished)
            anim.stop()
            for item in self.cards.values():
                item.setScale(1.0)
                item.setPos(item.home)
                item.setVisible(True)
            self._drop_vanishing()
        if self._steps:
            self._animate = False
            while self._steps:
                self._steps.popleft()(False)
            self._drop_vanishing()
        self._at_rest()

    def _drop_vanishing(self) -> None:
        for item in self._vanishing:
            if self.cards.get(item.key) is item:
                del self.cards[item.key]
            if item.scene() is self:
                self.removeItem(item)
        self._vanishing.clear()

    # ------------------------------------------------------------------ steps

    def _step_pause(self, ms: int, animate: bool) -> QAbstractAnimation | None:
        if not animate:
            return None
        return QPauseAnimation(round(ms * self.factor), self)

    def _step_layout(self, state, trick_override, collect, animate):
        self._update_decor(state, piles=not collect)
        return self._apply(self._placements(state, trick_override, collect), animate)

    def _step_deal(self, state: TableState, animate: bool) -> QAbstractAnimation | None:
        for item in list(self.cards.values()):
            self.removeItem(item)
        self.cards.clear()
        self._update_decor(state)
        placements = self._placements(state)
        origin = self.piles[state.dealer].card_anchor() if state.dealer in self.piles else QPointF()
        order: dict[str, int] = {}
        for s in state.seats:
            if s.active:
                order[self.side_of(s.seat)] = len(order)
        counters: dict[str, int] = {}
        players = max(1, len(order))
        for pl in placements:
            side = pl.zone.split(".")[0]
            i = counters.get(side, 0)
            counters[side] = i + 1
            # the skat comes after the first packets
            rank = 3 * players + i if pl.zone == "stage" else i * players + order.get(side, 0)
            pl.origin = origin
            pl.origin_w = self.layout.pile_w
            pl.delay = round(rank * DEAL_STAGGER_MS * self.factor)
        return self._apply(placements, animate, DEAL_MOVE_MS)

    # ------------------------------------------------------------------ placements

    def bottom_order(self) -> list[int]:
        """The player's hand cards in the order shown, left to right (without the
        cards chosen for the skat)."""
        if self.state is None:
            return []
        hand = list(self.state.seats[self.state.bottom].hand or ())
        game = self.state.game if self.state.game is not None else self.preview_game
        sorted_hand = sort_for_display(hand, game)
        if self.sort_mode == "manual" and self.manual_order:
            kept = [c for c in self.manual_order if c in hand]
            order = kept + [c for c in sorted_hand if c not in kept]
        else:
            order = sorted_hand
        self.manual_order = order
        return [c for c in order if c not in self.discard]

    def _placements(
        self,
        state: TableState,
        trick_override: tuple[tuple[int, int], ...] | None = None,
        collect: bool = False,
    ) -> list[Placement]:
        lay = self.layout
        out: list[Placement] = []
        skat_spots = lay.skat_positions()
        for s in state.seats:
            if not s.active:
                continue
            side = self.side_of(s.seat)
            zones = lay.seats[side]
            zone = f"{side}.hand"
            base = Z_HAND if side == "bottom" else Z_SIDE
            if s.seat == state.bottom:
                cards: list[int | None] = list(self.bottom_order())
            elif s.hand is not None:
                cards = list(sort_for_display(s.hand, state.game))
            else:
                cards = [None] * s.hand_count
            positions = lay.hand_positions(side, len(cards))
            for i, (card, pos) in enumerate(zip(cards, positions, strict=True)):
                key = ("card", card) if card is not None else ("back", s.seat, i)
                out.append(
                    Placement(
                        key,
                        card,
                        pos,
                        zones.card_w,
                        zones.card_h,
                        base + i,
                        zone,
                        origin=skat_spots[0],
                        origin_w=lay.trick_w,
                    )
                )
        trick = state.trick if trick_override is None else trick_override
        unseen = state.seats[state.bottom].hand is None  # a watcher's: no hand at the bottom
        for i, (seat, card) in enumerate(trick):
            side = self.side_of(seat)
            pos = lay.trick_position(side)
            origin, origin_w = lay.seat_anchor(side), lay.trick_w
            if side == "bottom" and unseen:
                origin, origin_w = self._grown_in_place(pos)
            out.append(
                Placement(
                    ("card", card),
                    card,
                    pos,
                    lay.trick_w,
                    lay.trick_h,
                    Z_TRICK + i,
                    "stage",
                    origin=origin,
                    origin_w=origin_w,
                )
            )
        if collect and state.completed_winner is not None:
            target = lay.pile_position(self.side_of(state.completed_winner))
            for i, (_, card) in enumerate(state.completed):
                out.append(
                    Placement(
                        ("card", card),
                        card,
                        target,
                        lay.pile_w,
                        lay.pile_h,
                        Z_FLY + i,
                        f"{self.side_of(state.completed_winner)}.pile",
                        vanish=True,
                    )
                )
        for i, card in enumerate(state.skat[:2]):
            key = ("card", card) if card is not None else ("skat", i)
            out.append(
                Placement(key, card, skat_spots[i], lay.trick_w, lay.trick_h, Z_SKAT + i, "stage")
            )
        if self.mode == "discard":
            for i, card in enumerate(self.discard[:2]):
                out.append(
                    Placement(
                        ("card", card),
                        card,
                        skat_spots[i],
                        lay.trick_w,
                        lay.trick_h,
                        Z_SKAT + 5 + i,
                        "stage",
                    )
                )
        return out

    def _grown_in_place(self, pos: QPointF) -> tuple[QPointF, int]:
        """Where a trick card comes in that no hand on the table held (the bottom seat's
        at a watcher's window): small in the middle of its place, growing to it. From the
        empty place below the play bar it passed under the bar on its way up."""
        lay = self.layout
        w = round(lay.trick_w * GROW_FROM)
        inset = (1 - w / lay.trick_w) / 2
        return QPointF(pos.x() + lay.trick_w * inset, pos.y() + lay.trick_h * inset), w

    def _apply(
        self, placements: list[Placement], animate: bool, move_ms: int = MOVE_MS
    ) -> QAbstractAnimation | None:
        group = QParallelAnimationGroup(self) if animate else None
        seen: set[object] = set()
        duration = round(
            (COLLECT_MS if any(p.vanish for p in placements) else move_ms) * self.factor
        )
        for pl in placements:
            seen.add(pl.key)
            item = self.cards.get(pl.key)
            if item is None:
                item = CardItem(pl.key, pl.card, self, self.pictures)
                item.colors = self.colors
                self.addItem(item)
                self.cards[pl.key] = item
                start = pl.origin if pl.origin is not None else pl.pos
                start_w = pl.origin_w if pl.origin is not None and pl.origin_w else pl.w
            else:
                start = item.pos()
                start_w = item.w * item.scale()
            item.set_size(pl.w, pl.h, self.dpr)
            item.setZValue(pl.z)
            item.home = pl.pos
            item.side = pl.zone
            if pl.vanish:
                self._vanishing.append(item)
            scale0 = start_w / pl.w if pl.w else 1.0
            if group is not None and (start != pl.pos or abs(scale0 - 1.0) > 0.01):
                item.setPos(start)
                item.setScale(scale0)
                move = QPropertyAnimation(item, b"pos", group)
                move.setStartValue(start)
                move.setEndValue(pl.pos)
                move.setDuration(duration)
                move.setEasingCurve(QEasingCurve.Type.OutCubic)
                anims: list[QAbstractAnimation] = [move]
                if abs(scale0 - 1.0) > 0.01:
                    grow = QPropertyAnimation(item, b"scale", group)
                    grow.setStartValue(scale0)
                    grow.setEndValue(1.0)
                    grow.setDuration(duration)
                    grow.setEasingCurve(QEasingCurve.Type.OutCubic)
                    anims.append(grow)
                if pl.delay:
                    seq = QSequentialAnimationGroup(group)
                    seq.addPause(pl.delay)
                    both = QParallelAnimationGroup(seq)
                    for a in anims:
                        both.addAnimation(a)
                    seq.addAnimation(both)
                    group.addAnimation(seq)
                    # a card still to be dealt is not shown face up on the dealer's pile
                    item.setVisible(False)
                    seq.currentAnimationChanged.connect(partial(_show_when, item, both))
                else:
                    for a in anims:
                        group.addAnimation(a)
            else:
                item.setScale(1.0)
                item.setPos(pl.pos)
        for key in [k for k in self.cards if k not in seen]:
            item = self.cards.pop(key)
            self.removeItem(item)
        if group is None:
            self._drop_vanishing()
        self._apply_flags(lift=group is None)
        if group is not None and group.animationCount():
            return group
        if group is not None:
            group.deleteLater()
        return None

    # ------------------------------------------------------------------ interaction

    def set_interaction(
        self, mode: str, playable: frozenset[int] = frozenset(), discardable: int = 0
    ) -> None:
        """What the player may do with the cards: ``play`` (``playable`` cards),
        ``discard`` (choose two of ``discardable``) or ``idle``."""
        if mode != "discard" and self.discard:
            self.discard.clear()
            changed = True
        else:
            changed = False
        if mode != self.mode and mode == "discard":
            self.discard.clear()
        self.mode = mode
        self.playable = frozenset(playable)
        self.discardable = discardable
        if mode == "idle":
            self.focus_card = None
        if changed and self.state is not None:
            self._apply(self._placements(self.state), False)
        self._apply_flags()

    def set_preview_game(self, game) -> None:
        """Sort the hand as if ``game`` were played (while the player declares)."""
        if game != self.preview_game:
            self.preview_game = game
            if self.state is not None and self.state.game is None and not self.busy:
                anim = self._apply(self._placements(self.state), self.factor > 0, MOVE_MS // 2)
                if anim is not None:
                    self._start(anim)

    def set_hint(self, card: int | None) -> None:
        self.hint_card = card
        self._apply_flags()

    def _apply_flags(self, lift: bool = True) -> None:
        """Dim, highlight and lift the cards for what the player may do now (``lift``:
        also move the lifted cards, which waits while cards fly)."""
        for item in self.cards.values():
            in_hand = item.side == "bottom.hand"
            chosen = item.card is not None and item.card in self.discard
            item.colors = self.colors
            if in_hand and self.mode == "play":
                item.playable = item.card in self.playable
                item.dimmed = not item.playable
            elif (in_hand or chosen) and self.mode == "discard":
                item.dimmed = item.card is None or not (self.discardable >> item.card & 1)
                item.playable = not item.dimmed
            else:
                item.playable = item.dimmed = False
            item.focused = item.card is not None and item.card == self.focus_card
            item.hinted = (in_hand or chosen) and item.card == self.hint_card
            if lift and in_hand and self._anim is None:
                lifted = item.focused or (item.hovered and item.playable)
                dy = self.layout.lift("bottom") if lifted else 0
                item.setPos(item.home - QPointF(0, dy))
            item.update()
        self._tell_views()

    def _tell_views(self) -> None:
        """The views say the table anew in words (the hand, the keyboard's card)."""
        for view in self.views():
            if isinstance(view, TableView):
                view.describe()

    def card_hovered(self, item: CardItem, on: bool) -> None:
        if item.side == "bottom.hand" and self._anim is None:
            self._apply_flags()

    def card_clicked(self, item: CardItem) -> None:
        if self.backdrop.isVisible():
            self.hide_last_trick()
            return
        if item.card is not None:
            self.activate(item.card)

    def activate(self, card: int) -> None:
        """The player chose ``card``: play it, or move it into or out of the skat."""
        if self.busy or self.state is None:
            return
        in_hand = card in (self.state.seats[self.state.bottom].hand or ())
        if not in_hand:
            return
        if self.mode == "play":
            if card in self.playable:
                self.cardPlayed.emit(card)
            else:
                self.illegalCard.emit(card)
        elif self.mode == "discard":
            if card in self.discard:
                self.discard.remove(card)
            elif self.discardable >> card & 1 and len(self.discard) < 2:
                order = self.bottom_order()
                self.discard.append(card)
                if self.focus_card == card:  # the keyboard moves on to the next card
                    rest = [c for c in order if c != card]
                    i = min(order.index(card), len(rest) - 1)
                    self.focus_card = rest[i] if rest else None
            else:
                return
            anim = self._apply(self._placements(self.state), self.factor > 0, MOVE_MS // 2)
            if anim is not None:
                self._start(anim)
            self.discardChanged.emit(tuple(self.discard))

    def clear_discard(self) -> None:
        if self.discard:
            self.discard.clear()
            if self.state is not None:
                self._apply(self._placements(self.state), False)
            self.discardChanged.emit(())

    def card_drag_started(self, item: CardItem) -> bool:
        if self.busy or item.card is None or self.backdrop.isVisible():
            return False
        return item.side == "bottom.hand" or (self.mode == "discard" and item.card in self.discard)

    def card_dropped(self, item: CardItem, pos: QPointF) -> None:
        card = item.card
        hand_zone = self.layout.seats["bottom"].hand
        above_hand = pos.y() < hand_zone.top()
        if self.mode == "play" and above_hand and card in self.playable:
            item.setPos(item.home)
            self.cardPlayed.emit(card)
            return
        if self.mode == "discard" and (above_hand == (card not in self.discard)):
            self.activate(card)
            return
        if not above_hand and card not in self.discard:
            self._reorder(card, pos.x() - item.w / 2)
            return
        self._apply(self._placements(self.state), False)

    def _reorder(self, card: int, x: float) -> None:
        order = self.bottom_order()
        others = [c for c in order if c != card]
        index = 0
        for c in others:
            other = self.cards.get(("card", c))
            if other is not None and other.home.x() < x:
                index += 1
        others.insert(index, card)
        self.manual_order = others + [c for c in self.discard]
        self.sort_mode = "manual"
        self.handReordered.emit()
        anim = self._apply(self._placements(self.state), self.factor > 0, MOVE_MS // 2)
        if anim is not None:
            self._start(anim)

    def handle_key(self, event: QKeyEvent) -> bool:
        """Left/Right choose a card, Enter/Space play it (or move it), Escape cancels."""
        key = event.key()
        if key == Qt.Key.Key_Escape:
            if self.backdrop.isVisible():
                self.hide_last_trick()
                return True
            if self.mode == "discard" and self.discard:
                self.clear_discard()
                return True
            if self.focus_card is not None:
                self.focus_card = None
                self._apply_flags()
                return True
            return False
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            if self.mode not in ("play", "discard") or self.busy:
                return False
            cards = self.bottom_order()
            if self.mode == "play":
                cards = [c for c in cards if c in self.playable]
            elif self.mode == "discard":
                cards = [c for c in cards if self.discardable >> c & 1] + list(self.discard)
            if not cards:
                return False
            if self.focus_card in cards:
                i = cards.index(self.focus_card) + (1 if key == Qt.Key.Key_Right else -1)
                i = max(0, min(len(cards) - 1, i))
            else:
                i = 0 if key == Qt.Key.Key_Right else len(cards) - 1
            self.focus_card = cards[i]
            self._apply_flags()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.focus_card is None or self.mode not in ("play", "discard"):
                return False
            card = self.focus_card
            if self.mode == "play":
                self.focus_card = None
            self.activate(card)
            return True
        return False

    # ------------------------------------------------------------------ the last trick

    def show_last_trick(self, caption: str) -> bool:
        """Show the last trick in the middle until a click or Escape; False if none."""
        if self.state is None or self.state.last_trick is None:
            return False
        self.finish_animations()
        self.hide_last_trick()
        lay = self.layout
        stage = lay.stage if lay.stage.height() > 0 else lay.panel
        # the veil covers the header line too: the caption stands there, above the cards, in
        # two lines or smaller type on a narrow table rather than cut at both ends
        veil = stage.united(lay.info) if stage is lay.stage else stage
        room = veil.height() if stage is not lay.stage else lay.info.height() + lay.margin - 4
        font, lines = fit_lines((caption,), veil.width() - 16, room, lay.font_px)
        self.backdrop.caption = "\n".join(lines)
        self.backdrop.set_geometry(veil, font.pixelSize())
        self.backdrop.setVisible(True)
        self.info.setVisible(not veil.contains(lay.info))  # not through the veil
        cards, _ = self.state.last_trick
        for i, (seat, card) in enumerate(cards):
            item = CardItem(("last", card), card, self, self.pictures)
            item.colors = self.colors
            item.set_size(lay.trick_w, lay.trick_h, self.dpr)
            item.home = lay.trick_position(self.side_of(seat))
            item.setPos(item.home)
            item.side = "stage"
            item.setZValue(Z_LAST + i)
            self.addItem(item)
            self._last_items.append(item)
        return True

    def last_trick_shown(self) -> bool:
        return self.backdrop.isVisible()

    def hide_last_trick(self) -> None:
        self.backdrop.setVisible(False)
        self.info.setVisible(True)
        for item in self._last_items:
            self.removeItem(item)
        self._last_items.clear()

    def _backdrop_clicked(self, event) -> None:
        event.accept()
        self.hide_last_trick()

    # ------------------------------------------------------------------ pictures

    def _refresh_pictures(self) -> None:
        for item in self.cards.values():
            item.refresh_picture()
        for item in self._last_items:
            item.refresh_picture()
        for pile in self.piles.values():
            pile.update()

    # ------------------------------------------------------------------ inspection

    def card_item(self, card: int) -> CardItem | None:
        return self.cards.get(("card", card))

    def click_point(self, card: int) -> QPointF | None:
        """A scene point where a click reaches ``card`` (its visible part), or None."""
        item = self.card_item(card)
        if item is None:
            return None
        for fx in (0.15, 0.3, 0.5, 0.7, 0.85):
            for fy in (0.5, 0.3, 0.15, 0.7):
                p = item.mapToScene(QPointF(item.w * fx, item.h * fy))
                top = self.itemAt(p, self.views()[0].transform() if self.views() else None)
                if top is item:
                    return p
        return None

    def placed_items(self) -> list[tuple[str, QRectF]]:
        """Every visible item with the zone it belongs to (for layout checks)."""
        out: list[tuple[str, QRectF]] = []
        for item in self.cards.values():
            out.append((item.side, item.sceneBoundingRect()))
        for item in self._last_items:
            out.append(("stage", item.sceneBoundingRect()))
        out.append(("info", self.info.sceneBoundingRect()))
        for seat in self.plates:
            side = self.side_of(seat)
            out.append((f"{side}.plate", self.plates[seat].sceneBoundingRect()))
            if self.bubbles[seat].isVisible():
                out.append((f"{side}.bubble", self.bubbles[seat].sceneBoundingRect()))
            out.append((f"{side}.pile", self.piles[seat].sceneBoundingRect()))
        return out


def _show_when(item: CardItem, flight: QAbstractAnimation, current: QAbstractAnimation) -> None:
    if current is flight:
        item.setVisible(True)


class TableView(QGraphicsView):
    """Shows the table scene 1:1 at the window's size; keys go to the scene first.

    For a screen reader the view is the "Card table", described by the player's own hand
    (never another's, even with open cards in practice), the card the keyboard chose and
    the trick on the table. Reached with Tab (or F6), it shows a frame: the keyboard is on
    the table now, where the arrows choose a card and Enter plays it.
    """

    resized = Signal()

    def __init__(self, scene: TableScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(480, 360)
        self.unhandled_key: Callable[[QKeyEvent], bool] | None = None
        self.keyboard_focus = False  # the focus came by the keyboard: the frame shows it
        self.setAccessibleName(self.tr("Card table"))
        self.describe()

    def describe(self) -> None:
        """The table in words for assistive technology: the player's hand and the trick,
        the cards named in full (:func:`~skat_desktop.gui.game_words.spoken_cards`)."""
        with game_words.spoken_cards():
            text = self._description()
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

    def _description(self) -> str:
        table = self.table
        state = table.state
        hand = state.seats[state.bottom].hand if state is not None else None
        parts: list[str] = []
        if hand:
            cards = ", ".join(game_words.card_text(c) for c in table.bottom_order())
            parts.append(self.tr("Your hand: %1.").replace("%1", cards))
            if table.discard:
                chosen = ", ".join(game_words.card_text(c) for c in table.discard)
                parts.append(self.tr("For the skat: %1.").replace("%1", chosen))
            if table.focus_card is not None and table.focus_card in hand:
                card = game_words.card_text(table.focus_card)
                parts.append(self.tr("Chosen card: %1.").replace("%1", card))
        else:
            parts.append(self.tr("No cards in your hand."))
        if state is not None and state.trick:
            names = {s.seat: s.name for s in state.seats}
            played = ", ".join(
                self.tr("%1 %2")
                .replace("%1", names.get(seat, ""))
                .replace("%2", game_words.card_text(card))
                for seat, card in state.trick
            )
            parts.append(self.tr("On the table: %1.").replace("%1", played))
        return " ".join(parts)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setAccessibleName(self.tr("Card table"))
            self.describe()
        super().changeEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        keyboard = (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
            Qt.FocusReason.ShortcutFocusReason,
        )
        self.keyboard_focus = event.reason() in keyboard
        self.viewport().update()
        super().focusInEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        moved = super().focusNextPrevChild(next)
        if self.hasFocus() and not self.keyboard_focus:
            # nothing else takes the keys now (the skat is being chosen): the table keeps
            # them, and shows it
            self.keyboard_focus = True
            self.viewport().update()
        return moved

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.keyboard_focus = False
        self.viewport().update()
        super().focusOutEvent(event)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawForeground(painter, rect)
        if self.keyboard_focus and self.hasFocus():
            width = 3.0
            painter.setPen(QPen(QColor(self.table.colors.highlight), width))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            frame = QRectF(self.viewport().rect()).adjusted(width, width, -width, -width)
            painter.drawRoundedRect(self.mapToScene(frame.toRect()).boundingRect(), 6, 6)

    def _sync_size(self) -> None:
        vp = self.viewport()
        self.table.resize_to(vp.width(), vp.height(), self.devicePixelRatioF())
        self.resized.emit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._sync_size()

    def least_width(self) -> int:
        """The narrowest this table may get beside the side panel at its height: its middle
        keeps room for the action panels (the side columns grow with the height)."""
        return narrowest_width(self.height(), self.table.table_size, self.table.pictures.aspect)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self._sync_size()
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.table.handle_key(event) or (
            self.unhandled_key is not None and self.unhandled_key(event)
        ):
            event.accept()
            return
        super().keyPressEvent(event)
