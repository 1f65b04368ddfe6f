"""The action panels that float over the card table: bid, skat, declare, play, the result.

Each panel offers exactly the legal actions the seat view allows and emits them as
engine actions (``action``); the main window hands them to the table controller. Every
button has a mnemonic (Alt+letter), and Enter presses a panel's main button, so a whole
deal can be played with the keyboard. :class:`PanelHost` is the floating frame that
holds the current panel inside the table view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import unescape

from PySide6.QtCore import QEvent, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.engine.actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Push,
)
from skat_desktop.engine.cards import JACKS, POINTS, SUIT_MASKS, GameType, cards_of
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.scoring import game_value
from skat_desktop.engine.view import SeatView
from skat_desktop.gui import game_words as words
from skat_desktop.gui.card_items import CardPictures
from skat_desktop.gui.plain import esc, plain, plain_label, tip
from skat_desktop.gui.theme import PANEL_BACKGROUND, TRICK_WINNER


def _dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


def _button(text: str, parent: QWidget, slot=None) -> QPushButton:
    b = QPushButton(text, parent)
    b.setAutoDefault(False)
    b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    if slot is not None:
        b.clicked.connect(slot)
    return b


def _title(text: str, parent: QWidget) -> QLabel:
    label = plain_label(QLabel(text, parent))  # it may name a player
    f = label.font()
    f.setBold(True)
    f.setPointSizeF(f.pointSizeF() * 1.15)
    label.setFont(f)
    label.setWordWrap(True)
    return label


def _row(cells: Sequence[str], tag: str, align: Sequence[str]) -> str:
    """One row of a rich-text table."""
    inner = "".join(
        f"<{tag} align={a}>&nbsp;{c}</{tag}>" for c, a in zip(cells, align, strict=True)
    )
    return f"<tr>{inner}</tr>"


_EXPANDING = (QSizePolicy.Policy.Expanding, QSizePolicy.Policy.MinimumExpanding)


class FlowBox(QWidget):
    """Widgets side by side in rows that wrap where the room ends: on a narrow table (the
    side panel open) a panel's buttons go on to a second row rather than being cut.

    A widget whose horizontal size policy expands takes what its row leaves (the play bar's
    note); ``right`` puts the widgets of a row without one at the right. The box answers
    ``heightForWidth``, so its panel (and the table's panel zone) grows by the rows it needs.
    """

    def __init__(self, parent: QWidget | None = None, spacing: int = 6, right: bool = False):
        super().__init__(parent)
        self._widgets: list[QWidget] = []
        self.spacing = spacing
        self.right = right
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def add(self, widget: QWidget) -> None:
        widget.setParent(self)
        self._widgets.append(widget)
        self.updateGeometry()

    def _shown(self) -> list[QWidget]:
        """The widgets that take room: not hidden, and not an empty box."""
        return [
            w
            for w in self._widgets
            if not w.isHidden() and not (isinstance(w, FlowBox) and not w._shown())
        ]

    def _rows(self, width: int) -> list[list[tuple[QWidget, int, int]]]:
        """The widgets by row with the width and height each gets at ``width``."""
        rows: list[list[tuple[QWidget, int, int]]] = []
        row: list[tuple[QWidget, int, int]] = []
        used = 0
        for w in self._shown():
            least = max(w.minimumSizeHint().width(), w.minimumWidth())
            want = min(max(w.sizeHint().width(), least), width)
            if row and used + self.spacing + want > width:
                rows.append(row)
                row, used = [], 0
            h = w.heightForWidth(want) if w.hasHeightForWidth() else w.sizeHint().height()
            row.append((w, want, max(h, w.minimumSizeHint().height(), w.minimumHeight())))
            used += want + (self.spacing if len(row) > 1 else 0)
        if row:
            rows.append(row)
        return rows

    def _height(self, rows) -> int:
        return sum(max(h for _, _, h in row) for row in rows) + self.spacing * max(0, len(rows) - 1)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height(self._rows(max(1, width)))

    def sizeHint(self) -> QSize:
        shown = self._shown()
        if not shown:
            return QSize(0, 0)
        width = sum(w.sizeHint().width() for w in shown) + self.spacing * (len(shown) - 1)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        shown = self._shown()
        if not shown:
            return QSize(0, 0)
        widest = max(max(w.minimumSizeHint().width(), w.minimumWidth()) for w in shown)
        least = max(max(w.minimumSizeHint().height(), w.minimumHeight()) for w in shown)
        return QSize(widest, least)

    def _place(self) -> None:
        width = self.width()
        for w in self._widgets:
            if isinstance(w, FlowBox) and not w._shown():
                w.setGeometry(0, 0, 0, 0)  # nothing in it: no room, no gap
        y = 0
        for row in self._rows(width):
            row_h = max(h for _, _, h in row)
            used = sum(w for _, w, _ in row) + self.spacing * (len(row) - 1)
            spare = max(0, width - used)
            growing = [w for w, _, _ in row if w.sizePolicy().horizontalPolicy() in _EXPANDING]
            x = spare if self.right and not growing else 0
            for w, ww, h in row:
                if growing and w is growing[0]:
                    ww += spare
                w.setGeometry(x, y + (row_h - h) // 2, ww, h)
                x += ww + self.spacing
            y += row_h + self.spacing

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a widget shown, hidden or renamed
            self.updateGeometry()
            self._place()
        return super().event(event)


def doubling_button_text(level: int) -> str:
    """Kontra, Re, Bock, Hirsch with mnemonics that no other visible button uses."""
    from PySide6.QtCore import QCoreApplication

    buttons = (
        QCoreApplication.translate("Panels", "&Kontra"),
        QCoreApplication.translate("Panels", "&Re"),
        QCoreApplication.translate("Panels", "B&ock"),
        QCoreApplication.translate("Panels", "Hi&rsch"),
    )
    return buttons[max(1, min(4, level)) - 1]


class Panel(QFrame):
    """Base of the action panels: ``action(Action)``; Enter presses the main button."""

    action = Signal(object)
    kind = "tall"  # how much table room it needs (table_layout.PANEL_KINDS)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main_button: QPushButton | None = None
        self.hint_line: QLabel | None = None  # a panel the player acts in: his practice hint
        # what to do, in words, on a row of its own: gives its row to a hint where the
        # table has no room for both (PanelHost)
        self.instruction: QLabel | None = None

    def least_height(self, width: int) -> int:
        """The least height this panel needs at ``width`` to show its content without
        scrolling: its rows wrapped to that width (the deal's end measures its own)."""
        need = self.heightForWidth(width) if self.hasHeightForWidth() else -1
        return max(need, self.minimumSizeHint().height())

    def _make_hint_line(self) -> QLabel:
        """The line for a practice hint, hidden until one comes. It wraps rather than cut:
        the player reads it here, where he acts, until he acts or the turn passes on."""
        line = plain_label(QLabel(self))  # a card's name, a game's, a reason: as written
        line.setObjectName("HintLine")
        line.setWordWrap(True)
        line.hide()
        self.hint_line = line
        return line

    def show_hint(self, text: str) -> None:
        """Show ``text`` (``""``: no hint) on the hint line, if the panel has one."""
        line = self.hint_line
        if line is None:
            return
        line.setText(text)
        line.setVisible(bool(text))
        if not text:
            self.set_brief(False)

    @property
    def brief(self) -> bool:
        """The instruction stepped aside for the hint."""
        return self.instruction is not None and self.instruction.isHidden()

    def set_brief(self, brief: bool) -> None:
        """Let the hint the player asked for take the instruction's row (it says what to
        do, and more precisely), or give the row back; only while a hint is shown."""
        note, line = self.instruction, self.hint_line
        brief = brief and line is not None and not line.isHidden()
        if note is not None and note.isHidden() != brief:
            note.setHidden(brief)

    def instruction_height(self, width: int) -> int:
        """The height the instruction's row takes (with the layout's spacing) in the panel
        ``width`` pixels wide: what the panel gains when it steps aside for a hint (0
        without a hint or an instruction)."""
        note, line, layout = self.instruction, self.hint_line, self.layout()
        if note is None or line is None or line.isHidden() or layout is None:
            return 0
        m = layout.contentsMargins()
        inner = max(1, width - m.left() - m.right())
        return note.heightForWidth(inner) + max(0, layout.spacing())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.press_main():
            event.accept()
            return
        super().keyPressEvent(event)

    def press_main(self) -> bool:
        """Press the main button (Enter); False if there is none or it is disabled."""
        b = self.main_button
        if b is not None and b.isVisible() and b.isEnabled():
            b.click()
            return True
        return False

    def focus_first(self) -> None:
        """Give the keyboard to the panel's first field (if it has one)."""

    def changeEvent(self, event) -> None:
        # A colour scheme change reaches every panel as a new palette (theme.apply_theme
        # sets it app-wide), shown or not: colours written into rich text follow here.
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.scheme_changed()

    def scheme_changed(self) -> None:
        """Draw again what was coloured for the other scheme (light or dark)."""


# ---------------------------------------------------------------------- before a game


class WelcomePanel(Panel):
    """Before the first game: start with the last choices, or choose anew, knowing what
    each computer level is worth (a new player should not have to guess)."""

    newGame = Signal()
    quickStart = Signal()
    kind = "whole"  # nothing else is on the table yet: the whole table (table_layout)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        title = _title(self.tr("Welcome to Skat"), self)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(title)
        self.summary = plain_label(QLabel(self))  # the rules' title may be the user's
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.summary)
        row = QHBoxLayout()
        row.addStretch(1)
        self.quick = _button(self.tr("&Play"), self, self.quickStart.emit)
        self.new = _button(self.tr("&New game…"), self, self.newGame.emit)
        row.addWidget(self.quick)
        row.addWidget(self.new)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addSpacing(10)
        levels = QWidget(self)  # a block of its own, centred, at most a reading width
        levels.setMaximumWidth(620)
        levels.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        block = QVBoxLayout(levels)
        block.setContentsMargins(0, 0, 0, 0)
        block.addWidget(QLabel(self.tr("Computer players:"), levels))
        strengths = words.level_words()
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        self.level_labels: dict[str, tuple[QLabel, QLabel]] = {}
        for i, (level, (name, what)) in enumerate(strengths.items()):
            name_label = QLabel(name, levels)
            f = name_label.font()
            f.setBold(True)
            name_label.setFont(f)
            what_label = QLabel(what, levels)
            what_label.setWordWrap(True)
            grid.addWidget(name_label, i, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(what_label, i, 1)
            self.level_labels[level] = (name_label, what_label)
        block.addLayout(grid)
        centred = QHBoxLayout()  # not an alignment: that would cut the wrapped lines short
        centred.addStretch(1)
        centred.addWidget(levels, 100)
        centred.addStretch(1)
        layout.addLayout(centred)
        layout.addStretch(1)
        self.main_button = self.quick

    def set_summary(self, text: str) -> None:
        """What "Play" starts (the last choices)."""
        self.summary.setText(text)


class WaitPanel(Panel):
    """Someone else decides: who it is, so the player is never left wondering."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.label = plain_label(QLabel(self))  # "<name> is thinking…"
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        layout.addWidget(self.label)

    def set_text(self, text: str, kind: str = "tall") -> None:
        self.label.setText(text)
        self.kind = kind


# ---------------------------------------------------------------------- the auction


class BiddingPanel(Panel):
    """Bid (any legal value, jump bids included), hold, pass, or forehand's option."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = 0
        layout = QVBoxLayout(self)
        self.title = _title("", self)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(self._make_hint_line())
        self.instruction = self.note
        row = QHBoxLayout()
        self.value_label = QLabel(self.tr("Value:"), self)
        self.values = QComboBox(self)
        self.values.setMinimumContentsLength(4)
        self.values.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.value_label.setBuddy(self.values)
        self.bid_button = _button(self.tr("&Bid"), self, self._bid)
        self.hold_button = _button(self.tr("&Yes"), self, self._hold)
        self.pass_button = _button(self.tr("&Pass"), self, self._pass)
        for w in (self.value_label, self.values, self.bid_button, self.hold_button):
            row.addWidget(w)
        row.addStretch(1)
        row.addWidget(self.pass_button)
        layout.addLayout(row)
        layout.addStretch(1)

    def set_turn(self, view: SeatView, legal: Sequence[Action], partner: str) -> None:
        """Offer ``legal`` (the seat view's bidding actions); ``partner`` is whom one bids to."""
        self.position = view.position or 0
        bids = sorted(a.value for a in legal if type(a) is Bid)
        hold = any(type(a) is Hold for a in legal)
        self.values.clear()
        for v in bids:
            self.values.addItem(str(v), v)
        option = bids == [bids[0]] if bids else False
        option = (
            option and view.position == 0 and sum(1 for a in view.auction if a[1] == "pass") == 2
        )
        if option:
            self.title.setText(self.tr("Both others passed"))
            self.note.setText(
                self.tr("Play at %1, or pass the deal in?").replace("%1", str(bids[0]))
            )
            self.bid_button.setText(self.tr("P&lay %1").replace("%1", str(bids[0])))
        elif bids:
            if view.bid:
                self.title.setText(self.tr("Bid to %1").replace("%1", partner))
                self.note.setText(
                    self.tr("The bid stands at %1. Bid higher or pass.").replace(
                        "%1", str(view.bid)
                    )
                )
            else:
                self.title.setText(self.tr("Your bid to %1").replace("%1", partner))
                self.note.setText(self.tr("Choose a value (higher values are jump bids) or pass."))
            self.bid_button.setText(self.tr("&Bid"))
        else:
            self.title.setText(
                self.tr("%1 bids %2").replace("%1", partner).replace("%2", str(view.bid))
            )
            self.note.setText(self.tr("Hold the bid (say yes) or pass."))
            self.hold_button.setText(self.tr("&Yes, %1").replace("%1", str(view.bid)))
        for w in (self.value_label, self.values):
            w.setVisible(bool(bids) and not option)
        self.bid_button.setVisible(bool(bids))
        self.hold_button.setVisible(hold)
        self.main_button = self.bid_button if bids else self.hold_button

    def focus_first(self) -> None:
        if self.values.isVisible():
            self.values.setFocus()
        else:
            self.setFocus()

    def select_value(self, value: int) -> None:
        i = self.values.findData(value)
        if i >= 0:
            self.values.setCurrentIndex(i)

    def _bid(self) -> None:
        value = self.values.currentData()
        if value is not None:
            self.action.emit(Bid(self.position, int(value)))

    def _hold(self) -> None:
        self.action.emit(Hold(self.position))

    def _pass(self) -> None:
        self.action.emit(Pass(self.position))


# ---------------------------------------------------------------------- skat and declaration


class SkatPanel(Panel):
    """The bidding is won: pick up the skat, or play a Hand game."""

    handGame = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = 0
        layout = QVBoxLayout(self)
        self.title = _title("", self)
        layout.addWidget(self.title)
        note = QLabel(self.tr("Pick up the skat, or play a Hand game without it."), self)
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(self._make_hint_line())
        self.instruction = note
        row = QHBoxLayout()
        self.pick_up = _button(self.tr("&Pick up the skat"), self, self._pick_up)
        self.hand = _button(self.tr("Play ha&nd…"), self, self.handGame.emit)
        row.addWidget(self.pick_up)
        row.addWidget(self.hand)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        self.main_button = self.pick_up

    def set_turn(self, view: SeatView) -> None:
        self.position = view.position or 0
        self.title.setText(self.tr("You play at %1").replace("%1", str(view.bid)))

    def _pick_up(self) -> None:
        self.action.emit(PickUp(self.position))


class DiscardPanel(Panel):
    """Choose two cards for the skat (or, in Schieberamsch, to pass on)."""

    clearRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = 0
        self.chosen: tuple[int, ...] = ()
        layout = QVBoxLayout(self)
        self.title = _title("", self)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.choice = QLabel(self)
        self.choice.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(self.choice)
        layout.addWidget(self._make_hint_line())
        self.instruction = self.note
        row = QHBoxLayout()
        self.put_down = _button(self.tr("&Put down"), self, self._put_down)
        self.clear = _button(self.tr("&Take back"), self, self.clearRequested.emit)
        row.addWidget(self.put_down)
        row.addWidget(self.clear)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        self.main_button = self.put_down

    def set_turn(self, view: SeatView, schieben: bool = False) -> None:
        self.position = view.position or 0
        if schieben:
            self.title.setText(self.tr("Pass two cards on"))
            self.note.setText(
                self.tr(
                    "Click two cards (no jacks) or drag them to the middle; "
                    "they go to the next player."
                )
            )
            self.put_down.setText(self.tr("&Pass on"))
        else:
            self.title.setText(self.tr("Put two cards into the skat"))
            self.note.setText(
                self.tr("Click two cards or drag them to the middle. Their points count for you.")
            )
            self.put_down.setText(self.tr("&Put down"))
        self.set_choice(())

    def set_choice(self, cards: tuple[int, ...]) -> None:
        self.chosen = tuple(cards)
        if cards:
            names = " ".join(words.card_html(c, _dark(self)) for c in cards)
            points = sum(POINTS[c] for c in cards)
            self.choice.setText(
                self.tr("Chosen: %1 (%2 points)").replace("%1", names).replace("%2", str(points))
            )
        else:
            self.choice.setText(self.tr("Nothing chosen yet."))
        self.put_down.setEnabled(len(cards) == 2)
        self.clear.setEnabled(bool(cards))

    def scheme_changed(self) -> None:
        self.set_choice(self.chosen)

    def _put_down(self) -> None:
        if len(self.chosen) == 2:
            self.action.emit(Discard(self.position, (self.chosen[0], self.chosen[1])))


_GAME_ORDER = (
    GameType.DIAMONDS,
    GameType.HEARTS,
    GameType.SPADES,
    GameType.CLUBS,
    GameType.GRAND,
    GameType.NULL,
)


class DeclarePanel(Panel):
    """Name the game: only the contracts the rules allow, with the value against the bid."""

    back = Signal()
    gameChosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: SeatView | None = None
        self.contracts: list[Contract] = []
        self.position = 0
        layout = QVBoxLayout(self)
        self.title = _title(self.tr("Declare your game"), self)
        layout.addWidget(self.title)
        games = FlowBox(self, spacing=10)  # in rows where the table is narrow
        self.group = QButtonGroup(self)
        labels = {
            **{g: words.suit_button_text(g) for g in GameType if g.is_suit},
            GameType.GRAND: self.tr("G&rand"),
            GameType.NULL: self.tr("&Null"),
        }
        self.game_buttons: dict[GameType, QRadioButton] = {}
        for g in _GAME_ORDER:
            b = QRadioButton(labels[g], self)
            self.group.addButton(b, int(g))
            self.game_buttons[g] = b
            games.add(b)
        layout.addWidget(games)
        flags = FlowBox(self, spacing=10)
        self.schneider = QCheckBox(self.tr("Schneider &announced"), self)
        self.schwarz = QCheckBox(self.tr("Sch&warz announced"), self)
        self.ouvert = QCheckBox(self.tr("&Ouvert"), self)
        for b in (self.schneider, self.schwarz, self.ouvert):
            flags.add(b)
            b.toggled.connect(self._changed)
        layout.addWidget(flags)
        self.value = QLabel(self)
        self.value.setWordWrap(True)
        self.value.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.value)
        layout.addWidget(self._make_hint_line())
        self.instruction = self.title  # "Declare your game": the hint names one
        row = QHBoxLayout()
        self.declare = _button(self.tr("&Declare"), self, self._declare)
        self.pass_button = _button(self.tr("Ra&msch"), self, self._pass)
        self.back_button = _button(self.tr("Bac&k"), self, self.back.emit)
        row.addWidget(self.declare)
        row.addWidget(self.pass_button)
        row.addStretch(1)
        row.addWidget(self.back_button)
        layout.addLayout(row)
        self.group.idToggled.connect(lambda *_: self._changed())
        self.main_button = self.declare

    def set_turn(
        self,
        view: SeatView,
        legal: Sequence[Action],
        *,
        can_go_back: bool = False,
        ramsch_offer: bool = False,
        title: str | None = None,
    ) -> None:
        self.view = view
        self.position = view.position or 0
        self.contracts = [a.contract for a in legal if type(a) is Declare]
        self.can_pass = any(type(a) is Pass for a in legal)
        if title:
            self.title.setText(title)
        elif ramsch_offer:
            self.title.setText(self.tr("Everyone passed: play Grand Hand, or Ramsch?"))
        else:
            self.title.setText(self.tr("Declare your game"))
        offered = {k.game for k in self.contracts}
        for g, b in self.game_buttons.items():
            b.setVisible(g in offered)
            b.setEnabled(g in offered)
        self.pass_button.setVisible(self.can_pass and ramsch_offer)
        self.back_button.setVisible(can_go_back)
        best = self._likely_contract(view, offered)
        for b in (self.schneider, self.schwarz, self.ouvert):
            b.blockSignals(True)
            b.setChecked(False)
            b.blockSignals(False)
        if best is not None:
            self.game_buttons[best.game].setChecked(True)
            if best.ouvert:  # only the beginner's own choice (a Null Ouvert)
                self.ouvert.blockSignals(True)
                self.ouvert.setChecked(True)
                self.ouvert.blockSignals(False)
        self._changed()

    def focus_first(self) -> None:
        b = self.group.checkedButton()
        if b is not None:
            b.setFocus()

    def _likely_contract(self, view: SeatView, offered: set[GameType]) -> Contract | None:
        """The game the beginner level would declare with the cards as they are now.

        After the discard that is the ten cards kept (the two put down count only as the
        skat), so Enter never declares a game the discard just weakened; before the
        pick-up it is the Hand game the beginner would choose. An option (Ouvert) comes
        only with the beginner's own choice; Schneider or Schwarz is never announced.
        """
        if not offered:
            return None
        hand_game = self.contracts[0].hand
        position = view.position or 0
        skat = 0 if hand_game else view.skat or 0
        # a suit whose cards all went into the skat: the beginner names it only to lose
        # cheaply with a hopeless hand, and to the player it looks like a slip
        emptied = {
            g
            for g in _GAME_ORDER[:4]
            if skat & SUIT_MASKS[g] & ~JACKS and not view.hand & SUIT_MASKS[g] & ~JACKS
        }
        from skat_desktop.ai import hand_eval  # the first declaration, not the start-up

        plan = hand_eval.plan_declaration(
            view.hand, not hand_game, view.bid, view.profile, position, skat=skat
        )
        k = plan.contract
        # a game declarable without options: a change of game (Texas) offers the declared
        # game only with more announced, and "Not allowed." is no game to start from
        plain = {g for g in offered if Contract(g, hand=hand_game) in self.contracts} or offered
        if k.game in plain and k.game not in emptied:
            return k if k in self.contracts else Contract(k.game, hand=hand_game)
        # not offered (a change of game, Grand Hand or Ramsch) or emptied: the game that
        # covers the bid with the best chance by the beginner's judgement of these cards
        p = view.profile

        def worth(g: GameType) -> int:
            if g == GameType.NULL:
                return p.null_value(hand_game, False)
            return game_value(p, Contract(g, hand=hand_game), view.hand | skat, 61, 5)[0]

        games = [g for g in _GAME_ORDER if g in plain and g not in emptied]
        best = max(
            games or [g for g in _GAME_ORDER if g in plain],
            key=lambda g: (
                worth(g) >= view.bid,
                hand_eval.win_chance(view.hand, g, position, pre=False),
            ),
        )
        return Contract(best, hand=hand_game)

    def chosen(self) -> Contract | None:
        gid = self.group.checkedId()
        if gid < 0:
            return None
        game = GameType(gid)
        hand = bool(self.contracts) and self.contracts[0].hand
        k = Contract(
            game,
            hand=hand,
            schneider_announced=self.schneider.isChecked() and game != GameType.NULL,
            schwarz_announced=self.schwarz.isChecked() and game != GameType.NULL,
            ouvert=self.ouvert.isChecked(),
        ).normalised()
        return k if k in self.contracts else None

    def scheme_changed(self) -> None:
        if getattr(self, "contracts", None):  # the value line is coloured for the scheme
            self._changed()

    def _changed(self) -> None:
        gid = self.group.checkedId()
        game = GameType(gid) if gid >= 0 else None
        of_game = [k for k in self.contracts if k.game == game]
        for box, flag in (
            (self.schneider, "schneider_announced"),
            (self.schwarz, "schwarz_announced"),
            (self.ouvert, "ouvert"),
        ):
            possible = any(getattr(k, flag) for k in of_game)
            box.setVisible(any(getattr(k, flag) for k in self.contracts))
            box.setEnabled(possible)
            if not possible and box.isChecked():
                box.blockSignals(True)
                box.setChecked(False)
                box.blockSignals(False)
        if game is not None:
            self.gameChosen.emit(game)
        k = self.chosen()
        self.declare.setEnabled(k is not None)
        self.value.setText(self._value_text(k) if k is not None else self.tr("Not allowed."))

    def _value_text(self, k: Contract) -> str:
        view = self.view
        if view is None:
            return ""
        bid = view.bid
        p = view.profile
        if k.is_null:
            value = p.null_value(k.hand, k.ouvert)
            line = (
                self.tr("%1 is worth %2")
                .replace("%1", words.contract_text(k))
                .replace("%2", str(value))
            )
        else:
            known = view.hand | (view.skat or 0) | (view.original_skat or 0)
            dp = p.schneider_min if k.schneider_announced else 61
            value = game_value(p, k, known, dp, 10 if k.schwarz_announced else 6)[0]
            line = (
                self.tr("%1 is worth %2")
                .replace("%1", words.contract_text(k))
                .replace("%2", str(value))
            )
            if k.hand:
                line += " " + self.tr("(the skat may still change your matadors)")
        if not bid:
            return line
        if value >= bid:
            return line + " — " + self.tr("enough for your bid of %1").replace("%1", str(bid))
        color = "#ff8080" if _dark(self) else "#b71c1c"
        warn = self.tr("less than your bid of %1: you lose as overbid").replace("%1", str(bid))
        return f'{line} — <span style="color:{color}">{warn}</span>'

    def _declare(self) -> None:
        k = self.chosen()
        if k is not None:
            self.action.emit(Declare(self.position, k))

    def _pass(self) -> None:
        self.action.emit(Pass(self.position))


class SchiebenPanel(Panel):
    """Schieberamsch: take the skat (and pass two cards on) or push it on unseen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = 0
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("Schieberamsch"), self))
        note = QLabel(
            self.tr(
                "Take the skat and pass two cards on, or push it on unseen (each push doubles)."
            ),
            self,
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(self._make_hint_line())
        self.instruction = note
        row = QHBoxLayout()
        self.take = _button(self.tr("&Take the skat"), self, self._take)
        self.push = _button(self.tr("P&ush it on"), self, self._push)
        row.addWidget(self.take)
        row.addWidget(self.push)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        self.main_button = self.push

    def set_turn(self, view: SeatView) -> None:
        self.position = view.position or 0

    def _take(self) -> None:
        self.action.emit(PickUp(self.position))

    def _push(self) -> None:
        self.action.emit(Push(self.position))


# ---------------------------------------------------------------------- during play


class ElidedLabel(QLabel):
    """One line of text that ends in "…" where it has no room (a narrow table), whole in
    its tooltip. ``most_chars``: it asks for no more than about so many characters (a
    player's name of 40 over a column of numbers), however long its text."""

    def __init__(self, parent: QWidget | None = None, most_chars: int | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.most_chars = most_chars
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        plain(self)  # it names players

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(tip(text))
        self.setAccessibleName(text)  # a screen reader reads it whole, not as shown
        self._elide()

    def text(self) -> str:
        return self._full

    def widest(self) -> int:
        """The most width it asks for: its whole text, or about ``most_chars`` of it."""
        width = self.fontMetrics().horizontalAdvance(self._full) + 4
        if self.most_chars is not None:
            width = min(width, self.fontMetrics().averageCharWidth() * self.most_chars + 4)
        return width

    def sizeHint(self) -> QSize:
        return QSize(self.widest(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(0, self.contentsRect().width())
        super().setText(
            self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        )


class PlayPanel(Panel):
    """The bar under the trick: Kontra/Re, last trick, give up, claim, and practice aids.

    Late in his game a declarer may give up only if a defender agrees (ISkO 4.3.2): where
    the table can ask a player at another laptop, "Give up…" opens a menu with one entry
    per defender who can be asked (:attr:`askable`, read as the menu opens: who is there
    may have changed), and the choice is the move ``Concede(position, agreed_by)``.
    """

    kind = "bar"
    lastTrick = Signal()
    undo = Signal()
    hint = Signal()
    redeclare = Signal()
    double = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = 0
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 2, 6, 2)
        row = FlowBox(self, right=True)  # the buttons below the note on a narrow table ...
        outer.addWidget(row)
        self.note = ElidedLabel(self)
        row.add(self.note)
        buttons = FlowBox(self, right=True)  # ... together, in rows of their own if need be
        row.add(buttons)
        self.double_button = _button(self.tr("&Kontra"), self, self.double.emit)
        self.last_button = _button(self.tr("&Last trick"), self, self.lastTrick.emit)
        self.concede_button = _button(self.tr("Give &up"), self, self._concede)
        # the same place and key as "Give up": one of the two is shown
        self.ask_button = _button(self.tr("Give &up…"), self)
        self.ask_button.setToolTip(
            tip(self.tr("Late in the game you may give up only if a defender agrees."))
        )
        self.ask_menu = QMenu(self.ask_button)
        self.ask_menu.aboutToShow.connect(self._fill_ask_menu)
        self.ask_button.setMenu(self.ask_menu)
        # (position, name) of each defender who can be asked now; the window sets it
        self.askable: Callable[[], Sequence[tuple[int, str]]] = lambda: ()
        self.claim_button = _button(self.tr("Cl&aim the rest"), self, self._claim)
        self.change_button = _button(self.tr("Change ga&me"), self, self.redeclare.emit)
        self.undo_button = _button(self.tr("Take &back"), self, self.undo.emit)
        self.hint_button = _button(self.tr("H&int"), self, self.hint.emit)
        for b in (
            self.double_button,
            self.last_button,
            self.concede_button,
            self.ask_button,
            self.claim_button,
            self.change_button,
            self.undo_button,
            self.hint_button,
        ):
            buttons.add(b)
        outer.addWidget(self._make_hint_line())  # under the note and the buttons, whole
        self._armed: QPushButton | None = None
        self._disarm = QTimer(self)
        self._disarm.setSingleShot(True)
        self._disarm.setInterval(4000)
        self._disarm.timeout.connect(self._reset_confirm)

    def set_state(
        self,
        note: str,
        legal: Sequence[Action] = (),
        *,
        position: int | None = None,
        doubling: int | None = None,
        last_trick: bool = False,
        practice: bool = False,
        can_undo: bool = False,
        my_turn: bool = False,
        ask_consent: bool = False,
    ) -> None:
        """Show what the player may do now; ``doubling`` is the next level he may say;
        ``ask_consent``: he may give up if a defender agrees (the menu asks :attr:`askable`)."""
        self.position = position or 0
        self.note.setText(note)
        if doubling:
            self.double_button.setText(doubling_button_text(doubling))
        self.double_button.setVisible(bool(doubling))
        self.last_button.setVisible(last_trick)
        concede = any(type(a) is Concede for a in legal)
        self.concede_button.setVisible(concede)
        self.ask_button.setVisible(ask_consent and not concede)
        self.claim_button.setVisible(any(type(a) is Claim for a in legal))
        self.change_button.setVisible(my_turn and any(type(a) is Declare for a in legal))
        self.undo_button.setVisible(practice)
        self.undo_button.setEnabled(can_undo)
        self.hint_button.setVisible(practice)
        self.hint_button.setEnabled(my_turn)
        self._reset_confirm()

    def _confirm(self, button: QPushButton, question: str) -> bool:
        """Giving up and claiming end the game: the first click asks, the second does it."""
        if self._armed is button:
            self._reset_confirm()
            return True
        self._reset_confirm()
        self._armed = button
        button.setProperty("plain", button.text())
        button.setText(question)
        self._disarm.start()
        return False

    def _reset_confirm(self) -> None:
        if self._armed is not None:
            self._armed.setText(self._armed.property("plain"))
            self._armed = None
        self._disarm.stop()

    def _concede(self) -> None:
        if self._confirm(self.concede_button, self.tr("Really give &up?")):
            self.action.emit(Concede(self.position))

    def _claim(self) -> None:
        if self._confirm(self.claim_button, self.tr("Really cl&aim?")):
            self.action.emit(Claim(self.position))

    def _fill_ask_menu(self) -> None:
        """One entry per defender who can be asked now (the choice itself is the second
        step of giving up: no "Really?" before it)."""
        self._reset_confirm()
        menu = self.ask_menu
        menu.clear()
        for position, name in self.askable():
            text = self.tr("Ask %1 to agree…").replace("%1", name.replace("&", "&&"))
            entry = menu.addAction(text)
            entry.triggered.connect(lambda _=False, p=position: self._ask(p))
        if not menu.actions():
            menu.addAction(self.tr("Nobody can agree just now")).setEnabled(False)

    def _ask(self, defender: int) -> None:
        self.action.emit(Concede(self.position, agreed_by=defender))


class InterjectionPanel(Panel):
    """Kontra, Re (Bock, Hirsch): the player is asked once before the play goes on."""

    kind = "bar"
    declined = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legal: tuple[Action, ...] = ()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 2, 6, 2)
        row = FlowBox(self, right=True)  # the buttons below the question where it is narrow
        outer.addWidget(row)
        self.note = plain_label(QLabel(self))  # "<name> plays <game>. Say Kontra?"
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row.add(self.note)
        self.say = _button(self.tr("&Kontra"), self, self._say)
        self.no = _button(self.tr("&No"), self, self.declined.emit)
        buttons = FlowBox(self, right=True)  # side by side
        buttons.add(self.say)
        buttons.add(self.no)
        row.add(buttons)
        outer.addWidget(self._make_hint_line())
        self.main_button = self.no

    def set_turn(self, legal: Sequence[Action], game: str) -> None:
        self.legal = tuple(a for a in legal if type(a) is Double)
        level = self.legal[0].level if self.legal else 1
        word = words.doubling_name(level)
        self.note.setText(self.tr("%1. Say %2?").replace("%1", game).replace("%2", word))
        self.say.setText(doubling_button_text(level))

    def _say(self) -> None:
        if self.legal:
            self.action.emit(self.legal[0])


class ConsentPanel(Panel):
    """The question to a defender when the declarer, late in his game, wants to give up
    (ISkO 4.3.2: only with a defender's consent). Looks like the Kontra question;
    ``answered(bool)``: Agree or Play on (Enter: play on, which ends nothing)."""

    kind = "bar"
    answered = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 2, 6, 2)
        row = FlowBox(self, right=True)  # the buttons below the question where it is narrow
        outer.addWidget(row)
        self.note = plain_label(QLabel(self))  # "<name> wants to give up the game. Agree?"
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row.add(self.note)
        self.agree = _button(self.tr("&Agree"), self, lambda: self.answered.emit(True))
        self.play_on = _button(self.tr("&Play on"), self, lambda: self.answered.emit(False))
        buttons = FlowBox(self, right=True)  # side by side
        buttons.add(self.agree)
        buttons.add(self.play_on)
        row.add(buttons)
        self.main_button = self.play_on

    def set_question(self, declarer: str) -> None:
        """Ask on behalf of ``declarer`` (his name)."""
        self.note.setText(self.tr("%1 wants to give up the game. Agree?").replace("%1", declarer))
        self.agree.setToolTip(
            tip(self.tr("The game ends now and %1 loses it.").replace("%1", declarer))
        )


# ---------------------------------------------------------------------- after the deal


def _card_text(card: int, dark: bool, won: bool = False) -> str:
    """A card name in its suit's theme colour (legible on the panel in either scheme);
    ``won``: underlined, the card that took its trick."""
    return words.card_html(card, dark, won)


def _ramsch_notes(r, names: tuple[str, str, str]) -> list[str]:
    """What a Ramsch's scoring says beyond the score table (which has every player's card
    points, tricks and score): Durchmarsch, Jungfrau, the skat pushed, a Bock round. The
    words module's lines say each player's points and tricks first, then these notes,
    then each score that is not zero (or "no score")."""
    lines = words.ramsch_lines(r.ramsch, names, r.scores)[3:]
    scored = sum(1 for s in r.scores if s)
    return lines[: len(lines) - (scored or 1)]


def _joined(notes: list[str], metrics: QFontMetrics, width: int) -> list[str]:
    """Short notes (rich text) joined by " · " into lines no wider than ``width`` where
    they fit; a longer note keeps a line of its own."""
    lines: list[str] = []
    for note in notes:
        joined = f"{lines[-1]} · {note}" if lines else note
        if lines and metrics.horizontalAdvance(unescape(joined)) <= width:
            lines[-1] = joined
        else:
            lines.append(note)
    return lines


def _short(name: str, most: int = 12) -> str:
    """A name cut to ``most`` characters for the narrow trick table."""
    return name if len(name) <= most else name[: most - 1] + "…"


# How the end-of-deal panel's parts may be arranged, most preferred first: rows of cells, a
# cell a column of parts (V value, S score and card points, K skat, T tricks).
_ARRANGEMENTS: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {
    "beside": ((("V",), ("S", "K")), (("T",),)),
    "value-score": ((("V",), ("S",)), (("K",),), (("T",),)),
    "score-skat": ((("S",), ("K",)), (("V",),), (("T",),)),
    "column": ((("V",),), (("S",),), (("K",),), (("T",),)),
    "tricks-value": ((("S",), ("K",)), (("T",), ("V",))),
    "tricks-skat": ((("V",), ("S",)), (("T",), ("K",))),
}


class DealOverPanel(Panel):
    """The deal is over: the skat, every trick, card points, the value line by line, scores.

    Compact, so that it needs no scrolling from about 1280 x 720 with the side panel open:
    the parts are arranged to fit the room, the tricks form a table with a column per trick,
    and the skat and the put-down cards share one size chosen from the room that is left.
    """

    kind = "full"
    nextDeal = Signal()
    replay = Signal()
    MIN_CARD = 28  # card widths (px) of the skat and the put-down cards
    MAX_CARD = 72
    GAP_H = 14  # between the columns of a row
    GAP_V = 6  # between rows

    def __init__(self, pictures: CardPictures | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.pictures = pictures
        outer = QVBoxLayout(self)
        self.title = _title("", self)
        self.reason = plain_label(QLabel(self))
        self.reason.setWordWrap(True)
        outer.addWidget(self.title)
        outer.addWidget(self.reason)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll = scroll
        body = QWidget(scroll)
        self.body = body
        self.value = QLabel(body)
        self.scores = QLabel(body)
        self.tricks = QLabel(body)
        self.cards = self.scores  # the card points are a column of the score table
        for label in (self.value, self.scores, self.tricks):
            # tables and short lines: no word wrap, whose height-for-width search is slow
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tricks.setToolTip(
            self.tr("A column for each trick, in the order played; the underlined card took it.")
        )
        self.skat_box = QWidget(body)
        self.skat_row = QHBoxLayout(self.skat_box)
        self.skat_row.setContentsMargins(0, 0, 0, 0)
        self.skat_row.setSpacing(self.GAP_H)
        self.card_labels: list[QLabel] = []  # the skat's and the put-down cards' pictures
        self._groups: list[tuple[int, int, int]] = []  # per group: cards, caption w and h
        self.rows = QVBoxLayout(body)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(self.GAP_V)
        self.arrangement = ""
        self._shown: tuple | None = None  # show_result's arguments, to draw again
        self._drawn_dark = False  # the scheme the result was drawn for
        self._card_width = 46
        scroll.setWidget(body)
        scroll.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
        scroll.installEventFilter(self)  # its size is the room: arrange anew when it changes
        body.setAutoFillBackground(False)
        outer.addWidget(scroll, 1)
        row = QHBoxLayout()
        self.next_button = _button(self.tr("&Next deal"), self, self.nextDeal.emit)
        self.replay_button = _button(self.tr("&Replay this deal…"), self, self.replay.emit)
        row.addStretch(1)
        row.addWidget(self.replay_button)
        row.addWidget(self.next_button)
        outer.addLayout(row)
        self.main_button = self.next_button
        self._arrange("beside")

    def show_result(
        self,
        view: SeatView,
        seats: tuple[int, int, int],
        names: Sequence[str],
        entry,
        *,
        practice: bool,
        series_over: bool = False,
        totals: Sequence[int] | None = None,
    ) -> None:
        """Fill in the deal's end. ``seats``: table seats of forehand, middle- and rearhand;
        ``entry`` the sheet line (None for a practice replay)."""
        self._shown = (view, seats, names, entry, totals)
        self.replay_button.setVisible(practice)
        self.next_button.setText(self.tr("&Final scores") if series_over else self.tr("&Next deal"))
        self._fill()

    def scheme_changed(self) -> None:
        """The colour scheme changed, perhaps with the result on show: draw it anew."""
        if self._shown is not None and self._drawn_dark != _dark(self):
            self._fill()

    def _fill(self) -> None:
        view, seats, names, entry, totals = self._shown
        r = view.result
        dark = self._drawn_dark = _dark(self)
        by_pos = tuple(names[s] for s in seats)
        rich_pos = tuple(esc(n) for n in by_pos)  # for the rich-text tables below
        self.reason.setText("")
        value_lines: list[str] = []
        if r.kind == "game":
            who = by_pos[r.declarer]
            label = words.contract_text(r.contract)
            if r.won:
                head = self.tr("%1 wins %2").replace("%1", who).replace("%2", label)
            else:
                head = self.tr("%1 loses %2").replace("%1", who).replace("%2", label)
            if r.contract.game != GameType.NULL:
                head += " " + self.tr("with %1 points").replace("%1", str(r.declarer_points))
            value_lines = words.value_lines(r.game)
            if r.reason and r.reason != "played out":
                self.reason.setText(words.result_reason(r.reason))
        elif r.kind == "ramsch":
            losers = [by_pos[i] for i in range(3) if r.scores[i] < 0]
            winners = [by_pos[i] for i in range(3) if r.scores[i] > 0]
            if losers:
                head = self.tr("Ramsch: %1 loses").replace("%1", ", ".join(losers))
            elif winners:
                head = self.tr("Ramsch: %1 wins").replace("%1", ", ".join(winners))
            else:
                head = words.game_name(GameType.RAMSCH)
            value_lines = _ramsch_notes(r, rich_pos)
        else:
            head = self.tr("Everyone passed: the deal is not scored")
        self.title.setText(head)
        self.reason.setVisible(bool(self.reason.text()))  # no empty line under the title
        self.scores.setText(self._scores_html(view, seats, names, entry, totals))
        if r.kind == "ramsch":  # notes under the score table, as few lines as its width
            room = self.scores.sizeHint().width()
            html = "<br>".join(_joined(value_lines, self.value.fontMetrics(), room))
        else:
            heading = self.tr("Value") if r.kind == "game" else self.tr("Scoring")
            html = "<b>" + heading + "</b><br>" if value_lines else ""
            html += "<br>".join(value_lines)
        self.value.setText(html)
        self.value.setVisible(bool(value_lines))
        self._show_skat(view, dark)
        self.tricks.setText(self._tricks_html(view, by_pos, dark))
        self.tricks.setVisible(bool(view.tricks))
        self.reflow()

    # ------------------------------------------------------------------ arranging

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.scroll:
            self.reflow()
        return super().eventFilter(watched, event)

    def _room(self) -> tuple[int, int]:
        """Width and height the body may take without scrolling."""
        w, h = self.scroll.width(), self.scroll.height()
        if not self.scroll.testAttribute(Qt.WidgetAttribute.WA_Resized):
            m = self.layout().contentsMargins()
            w = self.width() - m.left() - m.right()
        return max(0, w), max(0, h)

    def _part_sizes(self, card_w: int) -> dict[str, tuple[int, int]]:
        """Each part's width and height (0 x 0 when hidden), the skat's at ``card_w``."""
        sizes = {}
        for key, label in (("V", self.value), ("S", self.scores)):
            hint = label.sizeHint()
            sizes[key] = (hint.width(), hint.height()) if label.isVisibleTo(self) else (0, 0)
        hint = self.tricks.sizeHint()
        sizes["T"] = (hint.width(), hint.height()) if self.tricks.isVisibleTo(self) else (0, 0)
        sizes["K"] = self._skat_size(card_w)
        return sizes

    def _skat_size(self, card_w: int) -> tuple[int, int]:
        if not self._groups:
            return 0, 0
        card_h = round(card_w * self._aspect())
        spacing = self.skat_row.spacing()
        width = height = 0
        for n, cap_w, cap_h in self._groups:
            width += max(cap_w, n * card_w + (n - 1) * 3)
            height = max(height, cap_h + 2 + card_h)
        return width + spacing * (len(self._groups) - 1), height

    def _aspect(self) -> float:
        return self.pictures.aspect if self.pictures is not None else 1.5

    def _measure(self, name: str, sizes: dict[str, tuple[int, int]]) -> tuple[int, int]:
        """Width and height of arrangement ``name`` for parts of ``sizes``."""
        total_w = total_h = 0
        rows = 0
        for row in _ARRANGEMENTS[name]:
            row_w = row_h = cells = 0
            for cell in row:
                shown = [sizes[k] for k in cell if sizes[k][1] > 0]
                if not shown:
                    continue
                row_w += max(w for w, _ in shown) + (self.GAP_H if cells else 0)
                row_h = max(row_h, sum(h for _, h in shown) + self.GAP_V * (len(shown) - 1))
                cells += 1
            if cells:
                total_w = max(total_w, row_w)
                total_h += row_h + (self.GAP_V if rows else 0)
                rows += 1
        return total_w, total_h

    def _choose(self) -> tuple[str, int]:
        """The arrangement and card width to use: the largest cards any arrangement fits
        without scrolling (the preferred arrangement on a tie); where none fits, the lowest
        that needs no sideways scrolling, with small cards."""
        room_w, room_h = self._room()
        bar = self.scroll.verticalScrollBar().sizeHint().width()
        best: tuple[str, int] | None = None
        for card_w in range(self.MAX_CARD, self.MIN_CARD - 1, -2):
            sizes = self._part_sizes(card_w)
            for name in _ARRANGEMENTS:
                w, h = self._measure(name, sizes)
                if w <= room_w and h <= room_h:
                    best = (name, card_w)
                    break
            if best is not None or not self._groups:
                break
        if best is not None:
            return best
        card_w = self.MIN_CARD + 8
        sizes = self._part_sizes(card_w)
        fitting = [
            (self._measure(name, sizes)[1], i, name)
            for i, name in enumerate(_ARRANGEMENTS)
            if self._measure(name, sizes)[0] <= room_w - bar
        ]
        return (min(fitting)[2] if fitting else "column"), card_w

    def reflow(self) -> None:
        """Arrange the parts and size the skat's cards for the room the panel has."""
        if self._shown is None:
            return
        name, card_w = self._choose()
        if card_w != self._card_width:
            self._card_width = card_w
            self._show_skat(self._shown[0], _dark(self))
        if name != self.arrangement:
            self._arrange(name)

    def _arrange(self, name: str) -> None:
        parts = {"V": self.value, "S": self.scores, "K": self.skat_box, "T": self.tricks}
        while self.rows.count():
            item = self.rows.takeAt(0)
            row = item.layout()
            if row is not None:
                while row.count():
                    cell = row.takeAt(0).layout()
                    if cell is not None:
                        while cell.count():
                            cell.takeAt(0)
                        cell.deleteLater()
                row.deleteLater()
        for row_keys in _ARRANGEMENTS[name]:
            row = QHBoxLayout()
            row.setSpacing(self.GAP_H)
            for cell_keys in row_keys:
                cell = QVBoxLayout()
                cell.setSpacing(self.GAP_V)
                for key in cell_keys:
                    cell.addWidget(parts[key], 0, Qt.AlignmentFlag.AlignLeft)
                cell.addStretch(1)
                row.addLayout(cell)
            row.addStretch(1)
            self.rows.addLayout(row)
        self.rows.addStretch(1)
        self.arrangement = name

    def min_width(self) -> int:
        """The narrowest this panel is without sideways scrolling (one column)."""
        w, _ = self._measure("column", self._part_sizes(self.MIN_CARD))
        m = self.layout().contentsMargins()
        return w + m.left() + m.right() + 4

    def least_height(self, width: int) -> int:
        """The least height this panel needs at ``width`` to show the whole deal's end
        without scrolling: its lowest arrangement that fits the width, with small cards."""
        outer = self.layout()
        m = outer.contentsMargins()
        inner = width - m.left() - m.right()
        sizes = self._part_sizes(self.MIN_CARD)
        measured = [self._measure(name, sizes) for name in _ARRANGEMENTS]
        heights = [h for w, h in measured if w <= inner]
        parts = [min(heights, default=self._measure("column", sizes)[1])]
        for label in (self.title, self.reason):
            if label.isVisibleTo(self):
                parts.append(label.heightForWidth(inner))
        buttons = [b for b in (self.replay_button, self.next_button) if b.isVisibleTo(self)]
        if buttons:
            parts.append(max(b.sizeHint().height() for b in buttons))
        return sum(parts) + outer.spacing() * (len(parts) - 1) + m.top() + m.bottom()

    # ------------------------------------------------------------------ the parts

    def _scores_html(self, view, seats, names, entry, totals) -> str:
        rows = []
        scores = entry.scores if entry is not None else None
        if scores is None:
            scores = [0] * len(names)
            for pos, s in enumerate(seats):
                scores[s] = view.result.scores[pos]
        sums = entry.totals if entry is not None else totals
        r = view.result
        points: dict[int, str] | None = None  # card points by seat (not who sat out)
        if r.kind != "passed_in":
            points = {s: str(r.points[pos]) for pos, s in enumerate(seats)}
        tricks: dict[int, str] | None = None  # a Ramsch: who took how many tricks
        if r.kind == "ramsch":
            tricks = {s: str(r.tricks[pos]) for pos, s in enumerate(seats)}
        head = _row(
            [self.tr("Player")]
            + ([self.tr("Card points")] if points is not None else [])
            + ([self.tr("Tricks")] if tricks is not None else [])
            + [self.tr("This deal"), self.tr("Total")],
            "th",
            ("left",)
            + (("right",) if points is not None else ())
            + (("right",) if tricks is not None else ())
            + ("right", "right"),
        )
        for seat, name in enumerate(names):
            total = "" if sums is None else str(sums[seat])
            cells = f"<td>{esc(name)}</td>"
            if points is not None:
                cells += f"<td align=right>&nbsp;{points.get(seat, '')}</td>"
            if tricks is not None:
                cells += f"<td align=right>&nbsp;{tricks.get(seat, '')}</td>"
            rows.append(
                f"<tr>{cells}<td align=right>&nbsp;{scores[seat]:+d}</td>"
                f"<td align=right>&nbsp;{total}</td></tr>"
            )
        note = (
            ""
            if entry is not None
            else "<br><i>" + self.tr("A replay is not on the score sheet.") + "</i>"
        )
        return "<table>" + head + "".join(rows) + "</table>" + note

    def _show_skat(self, view: SeatView, dark: bool) -> None:
        """The skat as dealt and, where the declarer changed it, the cards put down: one
        size for all of them (``_card_width``), whatever size the table last drew them."""
        while self.skat_row.count():
            item = self.skat_row.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        self.card_labels = []
        self._groups = []
        groups = []
        original = view.original_skat or 0
        if original:
            groups.append((self.tr("Skat"), original))
        final = view.skat or 0
        if final and final != original and view.result.kind == "game":
            groups.append((self.tr("Put down"), final))
        for caption_text, cards in groups:
            group = QWidget(self.skat_box)
            column = QVBoxLayout(group)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            caption = QLabel(caption_text, group)
            column.addWidget(caption)
            line = QHBoxLayout()
            line.setSpacing(3)
            for c in cards_of(cards):
                label = self._card_label(c, group, dark)
                self.card_labels.append(label)
                line.addWidget(label)
            line.addStretch(1)
            column.addLayout(line)
            hint = caption.sizeHint()
            self._groups.append((len(cards_of(cards)), hint.width(), hint.height()))
            self.skat_row.addWidget(group)
            group.show()  # at once, not when the event loop gets round to it
        self.skat_row.addStretch(1)
        self.skat_box.setVisible(bool(groups))

    def _card_label(self, card: int, parent: QWidget, dark: bool) -> QLabel:
        label = QLabel(parent)
        w = self._card_width
        if self.pictures is not None:
            dpr = self.devicePixelRatioF()
            pm = self.pictures.pixmap(card, w, dpr)
            if pm.isNull() or round(pm.deviceIndependentSize().width()) != w:
                # a stand-in of another size (the table's): draw this one now, it is small
                from skat_desktop.gui.decks import card_pixmap

                pm = card_pixmap(self.pictures.deck, card, w, dpr)
            label.setPixmap(pm)
            label.setFixedSize(pm.deviceIndependentSize().toSize())
        else:
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setText(_card_text(card, dark))
        label.setToolTip(words.card_full_name(card))
        return label

    def _tricks_html(self, view: SeatView, by_pos, dark: bool) -> str:
        """A row for each player (forehand first) and a column for each trick; the card that
        took the trick underlined on a tint; the trick's points below."""
        if not view.tricks:
            return ""
        tint = TRICK_WINNER[dark]
        corner = self.tr("Tricks")
        cells = "".join(f"<td align=center>{n}</td>" for n in range(1, len(view.tricks) + 1))
        rows = [f"<tr><td><b>{corner}</b></td>{cells}</tr>"]
        for pos in range(3):
            cells = []
            for leader, cards, winner in view.tricks:
                k = (pos - leader) % 3
                if k >= len(cards):
                    cells.append("<td></td>")
                elif winner == pos:
                    cells.append(
                        f"<td align=center bgcolor={tint}>{_card_text(cards[k], dark, True)}</td>"
                    )
                else:
                    cells.append(f"<td align=center>{_card_text(cards[k], dark)}</td>")
            rows.append(f"<tr><td>{esc(_short(by_pos[pos]))}&nbsp;</td>{''.join(cells)}</tr>")
        pts = "".join(
            f"<td align=center>{sum(POINTS[c] for c in cards)}</td>" for _, cards, _ in view.tricks
        )
        rows.append(f"<tr><td></td>{pts}</tr>")
        return "<table cellspacing=2 cellpadding=0>" + "".join(rows) + "</table>"


class SeriesOverPanel(Panel):
    """The series is over: the final totals and the profile's evaluation."""

    kind = "full"
    newGame = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(_title(self.tr("The series is over"), self))
        self.table = QLabel(self)
        self.table.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.table)
        layout.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.new_button = _button(self.tr("&New game…"), self, self.newGame.emit)
        row.addWidget(self.new_button)
        layout.addLayout(row)
        self.main_button = self.new_button

    def show_totals(self, names: Sequence[str], totals: Sequence[int], evaluation: Sequence[int]):
        order = sorted(range(len(names)), key=lambda i: -evaluation[i])
        rows = "".join(
            f"<tr><td>{n}.</td><td>&nbsp;{esc(names[i])}</td>"
            f"<td align=right>&nbsp;{totals[i]}</td>"
            f"<td align=right>&nbsp;{evaluation[i]}</td></tr>"
            for n, i in enumerate(order, 1)
        )
        head = _row(
            ["", self.tr("Player"), self.tr("Points"), self.tr("Rating")],
            "th",
            ("left", "left", "right", "right"),
        )
        self.table.setText("<table>" + head + rows + "</table>")


# ---------------------------------------------------------------------- the host


class PanelHost(QFrame):
    """The floating frame over the table that shows one panel at a time.

    Every panel is added once (:meth:`add`); switching only raises another page of a
    stacked layout, so no widget is re-parented or re-polished during play.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("PanelHost")
        self.setAutoFillBackground(False)
        self.current: Panel | None = None
        self._stack = QStackedLayout(self)
        self._stack.setContentsMargins(10, 6, 10, 6)
        self.zone = QRectF()
        self.room = QRectF()
        self.below = QRectF()  # where a ``full`` or ``tall`` panel too tall for its zone grows
        self.spread = False  # a bar or tall panel placed in the room: the zone was too short
        self.grown = False  # ... and grown down into ``below``: the room was too short too
        self._refit_soon = QTimer(self)  # dies with the host
        self._refit_soon.setSingleShot(True)
        self._refit_soon.setInterval(0)
        self._refit_soon.timeout.connect(self._refit)
        self.restyle(False)
        self.hide()

    def restyle(self, dark: bool) -> None:
        """Colours for a light or dark table (the palette follows the scheme)."""
        bg = "rgba({}, {}, {}, {})".format(*PANEL_BACKGROUND[dark])
        border = "rgba(255,255,255,40)" if dark else "rgba(0,0,0,50)"
        self.setStyleSheet(
            f"#PanelHost {{ background: {bg}; border: 1px solid {border}; border-radius: 10px; }}"
        )

    def add(self, panel: Panel) -> None:
        if self._stack.indexOf(panel) < 0:
            self._stack.addWidget(panel)
            panel.installEventFilter(self)

    def show_panel(self, panel: Panel | None) -> None:
        if panel is None:
            self.current = None
            self.hide()
            self._tell_table()
            return
        self.add(panel)
        if panel is not self.current:
            self.current = panel
            self._stack.setCurrentWidget(panel)
        self.show()
        self.raise_()
        self._tell_table()
        self.place(self.zone)

    def place(self, zone: QRectF, room: QRectF | None = None, below: QRectF | None = None) -> None:
        """Fit into ``zone`` (the layout's panel rectangle): full size for a ``full`` panel,
        else as small as the panel allows, centred. A ``full`` panel whose content does not
        fit a narrow ``zone`` spreads into ``room`` (the layout's ``panel_room``), and one
        still too short grows down into ``below`` (``panel_below``); a ``whole`` panel (the
        welcome) is as large as its content wants in a room that takes in the zone (the
        whole empty table), centred. A ``bar`` or ``tall`` panel too tall for its zone
        makes room for a hint, spreads or grows down (:meth:`_fit_short_zone`)."""
        self.zone = QRectF(zone)
        if room is not None:
            self.room = QRectF(room)
        if below is not None:
            self.below = QRectF(below)
        self.spread = self.grown = False
        if self.current is None or zone.width() <= 0 or zone.height() <= 0:
            self.hide()
            return
        z = zone.toRect()
        if self.current.kind == "whole" and self._whole_table(z):
            self.setGeometry(self._whole_rect())
            return
        if self.current.kind in ("full", "whole"):
            self.setGeometry(self._grown_down(self._full_rect(z)))
            return
        widened = self._widened(z)
        if widened is not None:
            self.setGeometry(widened)
            return
        w, full, brief = self._heights(z.width())
        if full > z.height():
            spread = self._fit_short_zone(z, full, brief)
            if spread is not None:
                self.setGeometry(spread)
                return
        else:
            self.current.set_brief(False)
        h = min(z.height(), brief if self.current.brief else full)
        if self.current.kind == "tall":
            h = min(z.height(), max(h, min(z.height(), 150)))
        x = z.left() + (z.width() - w) // 2
        y = z.top() + (z.height() - h) // 2
        self.setGeometry(QRect(x, y, w, h))

    def _heights(self, room: int) -> tuple[int, int, int]:
        """The current panel's width in a zone ``room`` pixels wide, and its height there
        with its instruction and with the instruction aside for a hint (the same without
        a hint), whichever of the two it shows now."""
        w, h = self._size_in(room)
        m = self._stack.contentsMargins()
        panel = self.current
        saving = panel.instruction_height(w - m.left() - m.right())
        return (w, h + saving, h) if panel.brief else (w, h, h - saving)

    def _fit_short_zone(self, z: QRect, full: int, brief: int) -> QRect | None:
        """A ``bar`` or ``tall`` panel ``full`` pixels high in a shorter zone ``z`` (a small
        window's narrow middle beside the side panel; a hint on it is the usual cause):
        the panel's instruction gives its row to the hint if the panel fits the zone then;
        else the panel spreads into the room below the other players' plates, bubbles
        and piles (over the lower cards of their columns) where that width gives it the
        height it needs; failing that, a ``tall`` one grows down (:meth:`_grown_short`).
        The rectangle in the room, or None: the panel stays in the zone (brief if a hint
        is on it)."""
        panel = self.current
        if brief <= z.height():
            panel.set_brief(True)
            return None
        if self._room_beside(z):
            spread = self._in_room(z, self.room.toRect().width())
            if spread is not None:
                return spread
        grown = self._grown_short(z)
        if grown is not None:
            return grown
        panel.set_brief(True)  # nowhere whole: the hint at least, rather than the instruction
        return None

    def _widened(self, z: QRect) -> QRect | None:
        """A ``bar`` or ``tall`` panel whose rows are wider than the zone ``z`` (the bid
        box and its buttons, "Skat aufnehmen" beside "Hand spielen…", in the 236 px middle
        beside the side panel of a small window): as wide as it wants in the room below
        the other players' plates, where that holds it whole. None where the zone is wide
        enough, or the room too short: then it is fitted to the zone."""
        m = self._stack.contentsMargins()
        panel = self.current
        want = panel.minimumSizeHint().width() + m.left() + m.right()
        if want <= z.width() or not self._room_beside(z):
            return None
        return self._in_room(z, min(self.room.toRect().width(), want))

    def _in_room(self, z: QRect, width: int) -> QRect | None:
        """The current panel ``width`` pixels wide in the room beside the zone ``z``, from
        the room's top down to the zone's bottom, centred; else None."""
        room = self.room.toRect()
        top = max(room.top(), z.top())
        rect = self._fit_band(z, room.left(), room.right(), top, z.bottom(), width, True)
        self.spread = rect is not None
        return rect

    def _fit_band(
        self, z: QRect, left: int, right: int, top: int, bottom: int, width: int, centre: bool
    ) -> QRect | None:
        """The current panel ``width`` pixels wide (at most the band's) between ``left``
        and ``right`` and from ``top`` down to ``bottom``, under the zone ``z``'s centre,
        where that holds it whole: with its instruction, else with the instruction aside
        for a hint. Centred in the band's height, or at its top; None where too short."""
        w, full, brief = self._heights(min(width, right + 1 - left))
        high = bottom + 1 - top
        for short, h in ((False, full), (True, brief)):
            if h <= high:
                self.current.set_brief(short)
                x = max(left, min(z.center().x() - w // 2, right + 1 - w))
                return QRect(x, top + (high - h) // 2 if centre else top, w, h)
        return None

    def _room_beside(self, z: QRect) -> bool:
        """Whether the room is wider than the zone ``z`` and reaches down to its bottom."""
        room = self.room.toRect()
        return room.width() > z.width() and room.contains(
            QRect(z.left(), z.bottom() - 1, z.width(), 1)
        )

    def _grown_short(self, z: QRect) -> QRect | None:
        """A ``tall`` panel too tall for the zone and the room beside it (the declaration
        at 784 x 460 beside the side panel, its six games in three rows): it keeps its
        top and grows down over the player's own plate and bubble (:attr:`below`, which
        stops above the player's cards), as wide as the room lets it be, so that every
        game can be chosen. The rectangle, or None where even that is too short."""
        below = self.below.toRect()
        if below.isEmpty() or below.top() > z.bottom() + 2:
            return None
        room = self.room.toRect()
        places = [(z.left(), z.right(), z.top(), False)]  # the zone's width, or the room's
        if self._room_beside(z):
            places.insert(0, (room.left(), room.right(), max(room.top(), z.top()), True))
        for left, right, top, in_room in places:
            rect = self._fit_band(z, left, right, top, below.bottom(), right + 1 - left, False)
            if rect is not None:
                self.spread, self.grown = in_room, True
                return rect
        return None

    def shown_height(self) -> int:
        """The height the current panel needs at the host's width as it is shown now (its
        instruction aside for a hint or not): what the host must be at least."""
        if self.current is None:
            return 0
        _, full, brief = self._heights(self.width())
        return brief if self.current.brief else full

    def _size_in(self, room: int) -> tuple[int, int]:
        """Width and height of the current panel in a zone ``room`` pixels wide: as wide as it
        likes (at least 560 where there is room), and as tall as its wrapped lines and rows
        need at that width."""
        panel = self.current
        m = self._stack.contentsMargins()
        side, ends = m.left() + m.right(), m.top() + m.bottom()
        hint = panel.sizeHint().expandedTo(panel.minimumSizeHint())
        w = min(room, max(hint.width() + side, min(room, 560)))
        h = panel.heightForWidth(w - side) if panel.hasHeightForWidth() else -1
        return w, max(h, panel.minimumSizeHint().height()) + ends

    def needed_height(self, room: float) -> float:
        """The height the current panel needs in a zone ``room`` pixels wide (0 for none or
        a ``full`` panel): the table gives its panel zone at least that much."""
        if self.current is None or self.current.kind in ("full", "whole") or room <= 0:
            return 0.0
        return float(self._heights(int(room))[1])  # with its instruction: a steady zone

    def _tell_table(self) -> None:
        """Let the table (the view's scene) know what the panel needs; it lays itself out
        anew if its panel zone must grow or may shrink, and the host is placed again."""
        parent = self.parentWidget()
        table = getattr(parent, "table", None)
        if table is None and parent is not None:  # on the table view's viewport
            table = getattr(parent.parentWidget(), "table", None)
        if table is not None and hasattr(table, "set_panel_need"):
            table.set_panel_need(self.needed_height if self.current is not None else None)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and watched is self.current:
            # the panel's content changed (a longer text, a button shown): fit it again
            self._refit_soon.start()
        return super().eventFilter(watched, event)

    def _refit(self) -> None:
        if self.current is not None and self.isVisible():
            self._tell_table()
            self.place(self.zone)

    def _whole_table(self, z: QRect) -> bool:
        """Whether the room takes in the zone: the table holds nothing a panel could cover
        (the layout's ``panel_room`` for a ``whole`` panel before a game)."""
        room = self.room.toRect()
        return not room.isEmpty() and room.contains(z)

    def _whole_rect(self) -> QRect:
        """As wide as the panel likes (at least 560 pixels where the room has them) and as
        tall as its wrapped lines need at that width, centred in the room: never stretched
        over a large table, never cut beside the side panel of a small window."""
        room = self.room.toRect()
        w, h = self._size_in(room.width())
        h = min(h, room.height())
        x = room.left() + (room.width() - w) // 2
        y = room.top() + (room.height() - h) // 2
        return QRect(x, y, w, h)

    def _grown_down(self, rect: QRect) -> QRect:
        """``rect`` (a ``full`` panel's place), on down into :attr:`below` as far as the
        panel needs to show its content without scrolling (:meth:`Panel.least_height`),
        where it is too short for it."""
        panel = self.current
        below = self.below.toRect()
        if below.isEmpty():
            return rect
        m = self._stack.contentsMargins()
        need = panel.least_height(rect.width() - m.left() - m.right()) + m.top() + m.bottom()
        within = below.left() <= rect.left() and rect.right() <= below.right()
        if need <= rect.height() or not within or below.top() > rect.bottom() + 2:
            return rect
        grown = QRect(rect)
        grown.setBottom(max(rect.bottom(), min(rect.top() + need - 1, below.bottom())))
        return grown

    def _full_rect(self, z: QRect) -> QRect:
        """The zone itself where the panel is at home there: wide enough for two columns, or
        for its one column when the room beside it would cost much of its height (the room
        lies below the other players' trick piles). Else as wide as it wants in the room,
        from the room's top down to the zone's bottom."""
        room = self.room.toRect()
        panel = self.current
        if room.isEmpty() or not room.contains(QRect(z.left(), z.bottom() - 1, z.width(), 1)):
            return z
        m = self._stack.contentsMargins()
        need = panel.min_width() if hasattr(panel, "min_width") else 0
        need = max(need, panel.minimumSizeHint().width()) + m.left() + m.right()
        want = max(need, 480)
        if z.width() >= want:
            return z
        if z.width() >= need and room.height() < 0.85 * z.height():
            return z
        w = min(room.width(), want)
        x = max(room.left(), min(z.center().x() - w // 2, room.right() + 1 - w))
        return QRect(x, room.top(), w, z.bottom() - room.top() + 1)
