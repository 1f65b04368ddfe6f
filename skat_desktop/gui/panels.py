"""The action panels that float over the card table: bid, skat, declare, play, the result.

Each panel offers exactly the legal actions the seat view allows and emits them as
engine actions (``action``); the main window hands them to the table controller. Every
button has a mnemonic (Alt+letter), and Enter presses a panel's main button, so a whole
deal can be played with the keyboard. :class:`PanelHost` is the floating frame that
holds the current panel inside the table view.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QBoxLayout,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
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
from skat_desktop.gui import texts
from skat_desktop.gui.card_items import CardPictures
from skat_desktop.gui.plain import esc, plain, plain_label, tip


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


def doubling_button_text(level: int) -> str:
    """Kontra, Re, Bock, Hirsch with mnemonics that no other visible button uses."""
    from PySide6.QtCore import QCoreApplication

    words = (
        QCoreApplication.translate("Panels", "&Kontra"),
        QCoreApplication.translate("Panels", "&Re"),
        QCoreApplication.translate("Panels", "B&ock"),
        QCoreApplication.translate("Panels", "Hi&rsch"),
    )
    return words[max(1, min(4, level)) - 1]


class Panel(QFrame):
    """Base of the action panels: ``action(Action)``; Enter presses the main button."""

    action = Signal(object)
    kind = "tall"  # how much table room it needs (table_layout.PANEL_KINDS)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main_button: QPushButton | None = None

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


# ---------------------------------------------------------------------- before a game


class WelcomePanel(Panel):
    """Before the first game: start with the last choices, or choose anew."""

    newGame = Signal()
    quickStart = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
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
            names = " ".join(texts.card_html(c, _dark(self)) for c in cards)
            points = sum(POINTS[c] for c in cards)
            self.choice.setText(
                self.tr("Chosen: %1 (%2 points)").replace("%1", names).replace("%2", str(points))
            )
        else:
            self.choice.setText(self.tr("Nothing chosen yet."))
        self.put_down.setEnabled(len(cards) == 2)
        self.clear.setEnabled(bool(cards))

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
        games = QHBoxLayout()
        self.group = QButtonGroup(self)
        labels = {
            GameType.DIAMONDS: self.tr("♦ D&iamonds"),
            GameType.HEARTS: self.tr("♥ H&earts"),
            GameType.SPADES: self.tr("♠ &Spades"),
            GameType.CLUBS: self.tr("♣ &Clubs"),
            GameType.GRAND: self.tr("G&rand"),
            GameType.NULL: self.tr("&Null"),
        }
        self.game_buttons: dict[GameType, QRadioButton] = {}
        for g in _GAME_ORDER:
            b = QRadioButton(labels[g], self)
            self.group.addButton(b, int(g))
            self.game_buttons[g] = b
            games.addWidget(b)
        games.addStretch(1)
        layout.addLayout(games)
        flags = QHBoxLayout()
        self.schneider = QCheckBox(self.tr("Schneider &announced"), self)
        self.schwarz = QCheckBox(self.tr("Sch&warz announced"), self)
        self.ouvert = QCheckBox(self.tr("&Ouvert"), self)
        for b in (self.schneider, self.schwarz, self.ouvert):
            flags.addWidget(b)
            b.toggled.connect(self._changed)
        flags.addStretch(1)
        layout.addLayout(flags)
        self.value = QLabel(self)
        self.value.setWordWrap(True)
        self.value.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.value)
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
        best = self._likely_game(view, offered)
        for b in (self.schneider, self.schwarz, self.ouvert):
            b.blockSignals(True)
            b.setChecked(False)
            b.blockSignals(False)
        if best is not None:
            self.game_buttons[best].setChecked(True)
        self._changed()

    def focus_first(self) -> None:
        b = self.group.checkedButton()
        if b is not None:
            b.setFocus()

    def _likely_game(self, view: SeatView, offered: set[GameType]) -> GameType | None:
        """Pre-select the suit the player holds most trumps in (Grand with many jacks)."""
        if not offered:
            return None
        hand = view.hand | (view.skat or 0)
        jacks = (hand & JACKS).bit_count()
        if GameType.GRAND in offered and jacks >= 3:
            return GameType.GRAND
        suits = [g for g in _GAME_ORDER[:4] if g in offered]
        if suits:
            return max(suits, key=lambda g: ((hand & SUIT_MASKS[g] & ~JACKS).bit_count(), g))
        return next(g for g in _GAME_ORDER if g in offered)

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
                .replace("%1", texts.contract_label(k))
                .replace("%2", str(value))
            )
        else:
            known = view.hand | (view.skat or 0) | (view.original_skat or 0)
            dp = p.schneider_min if k.schneider_announced else 61
            value = game_value(p, k, known, dp, 10 if k.schwarz_announced else 6)[0]
            line = (
                self.tr("%1 is worth %2")
                .replace("%1", texts.contract_label(k))
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
    """One line of text that ends in "…" where it has no room (a narrow table)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        plain(self)  # it names players

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(tip(text))
        self._elide()

    def text(self) -> str:
        return self._full

    def sizeHint(self) -> QSize:
        width = self.fontMetrics().horizontalAdvance(self._full) + 4
        return QSize(width, super().sizeHint().height())

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
    """The bar under the trick: Kontra/Re, last trick, give up, claim, and practice aids."""

    kind = "bar"
    lastTrick = Signal()
    undo = Signal()
    hint = Signal()
    redeclare = Signal()
    double = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = 0
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        self.note = ElidedLabel(self)
        row.addWidget(self.note, 1)
        self.double_button = _button(self.tr("&Kontra"), self, self.double.emit)
        self.last_button = _button(self.tr("&Last trick"), self, self.lastTrick.emit)
        self.concede_button = _button(self.tr("Give &up"), self, self._concede)
        self.claim_button = _button(self.tr("Cl&aim the rest"), self, self._claim)
        self.change_button = _button(self.tr("Change ga&me"), self, self.redeclare.emit)
        self.undo_button = _button(self.tr("Take &back"), self, self.undo.emit)
        self.hint_button = _button(self.tr("H&int"), self, self.hint.emit)
        for b in (
            self.double_button,
            self.last_button,
            self.concede_button,
            self.claim_button,
            self.change_button,
            self.undo_button,
            self.hint_button,
        ):
            row.addWidget(b)
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
    ) -> None:
        """Show what the player may do now; ``doubling`` is the next level he may say."""
        self.position = position or 0
        self.note.setText(note)
        if doubling:
            self.double_button.setText(doubling_button_text(doubling))
        self.double_button.setVisible(bool(doubling))
        self.last_button.setVisible(last_trick)
        self.concede_button.setVisible(any(type(a) is Concede for a in legal))
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


class InterjectionPanel(Panel):
    """Kontra, Re (Bock, Hirsch): the player is asked once before the play goes on."""

    kind = "bar"
    declined = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legal: tuple[Action, ...] = ()
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        self.note = plain_label(QLabel(self))  # "<name> plays <game>. Say Kontra?"
        row.addWidget(self.note, 1)
        self.say = _button(self.tr("&Kontra"), self, self._say)
        self.no = _button(self.tr("&No"), self, self.declined.emit)
        row.addWidget(self.say)
        row.addWidget(self.no)
        self.main_button = self.no

    def set_turn(self, legal: Sequence[Action], game: str) -> None:
        self.legal = tuple(a for a in legal if type(a) is Double)
        level = self.legal[0].level if self.legal else 1
        word = texts.doubling_name(level)
        self.note.setText(self.tr("%1. Say %2?").replace("%1", game).replace("%2", word))
        self.say.setText(doubling_button_text(level))

    def _say(self) -> None:
        if self.legal:
            self.action.emit(self.legal[0])


# ---------------------------------------------------------------------- after the deal


class DealOverPanel(Panel):
    """The deal is over: the skat, every trick, card points, the value line by line, scores."""

    kind = "full"
    nextDeal = Signal()
    replay = Signal()

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
        self.cards = QLabel(body)
        self.tricks = QLabel(body)
        for label in (self.value, self.scores, self.cards, self.tricks):
            # tables and short lines: no word wrap, whose height-for-width search is slow
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.skat_row = QHBoxLayout()
        self.skat_box = QWidget(body)
        self.skat_box.setLayout(self.skat_row)
        self.skat_row.setContentsMargins(0, 0, 0, 0)
        # wide: the value and the score | the skat, card points and tricks; narrow: the
        # value beside the score, above the skat and the tricks (no sideways scrolling)
        self.left_box = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.left_box.addWidget(self.value)
        self.left_box.addWidget(self.scores)
        self.left_box.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.skat_box)
        right.addWidget(self.cards)
        right.addWidget(self.tricks)
        right.addStretch(1)
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight, body)
        self.columns.setContentsMargins(0, 0, 0, 0)
        self.columns.addLayout(self.left_box, 2)
        self.columns.addLayout(right, 3)
        self._shown: tuple[SeatView, bool] | None = None
        self._card_width = 46
        scroll.setWidget(body)
        scroll.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
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
        r = view.result
        dark = _dark(self)
        by_pos = tuple(names[s] for s in seats)
        rich_pos = tuple(esc(n) for n in by_pos)  # for the rich-text tables below
        self.replay_button.setVisible(practice)
        self.next_button.setText(self.tr("&Final scores") if series_over else self.tr("&Next deal"))
        self.reason.setText("")
        value_lines: list[str] = []
        if r.kind == "game":
            who = by_pos[r.declarer]
            label = texts.contract_label(r.contract)
            if r.won:
                head = self.tr("%1 wins %2").replace("%1", who).replace("%2", label)
            else:
                head = self.tr("%1 loses %2").replace("%1", who).replace("%2", label)
            if r.contract.game != GameType.NULL:
                head += " " + self.tr("with %1 points").replace("%1", str(r.declarer_points))
            value_lines = texts.value_lines(r.game)
            if r.reason and r.reason != "played out":
                self.reason.setText(r.reason)
        elif r.kind == "ramsch":
            losers = [by_pos[i] for i in range(3) if r.scores[i] < 0]
            winners = [by_pos[i] for i in range(3) if r.scores[i] > 0]
            if losers:
                head = self.tr("Ramsch: %1 loses").replace("%1", ", ".join(losers))
            elif winners:
                head = self.tr("Ramsch: %1 wins").replace("%1", ", ".join(winners))
            else:
                head = texts.game_name(GameType.RAMSCH)
            value_lines = texts.ramsch_lines(r.ramsch, rich_pos, r.scores)
        else:
            head = self.tr("Everyone passed: the deal is not scored")
        self.title.setText(head)
        self.reason.setVisible(bool(self.reason.text()))  # no empty line under the title
        heading = self.tr("Value") if r.kind == "game" else self.tr("Scoring")
        html = "<b>" + heading + "</b><br>" if value_lines else ""
        html += "<br>".join(value_lines)
        self.value.setText(html)
        self.value.setVisible(bool(value_lines))
        self.scores.setText(self._scores_html(view, seats, names, entry, totals))
        self._shown = (view, dark)
        self._show_skat(view, dark)
        self.cards.setText(self._points_html(view, rich_pos))
        self.tricks.setText(self._tricks_html(view, rich_pos, dark))
        self.reflow()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.reflow()

    def reflow(self) -> None:
        """Two columns where they fit side by side, else one below the other; the skat's
        cards smaller on a low panel. Nothing needs sideways scrolling from about 330 px."""
        room = self.scroll.viewport().width()
        if not self.isVisible() or room <= 0:
            room = self.width() - 24
        card_w = 46 if self.height() >= 420 else 36
        if card_w != self._card_width and self._shown is not None:
            self._card_width = card_w
            self._show_skat(*self._shown)
        self._card_width = card_w
        gap = max(self.columns.spacing(), 6)
        value_w = self.value.sizeHint().width() if self.value.isVisibleTo(self) else 0
        left_w = max(value_w, self.scores.sizeHint().width())
        right_w = max(
            self.skat_box.sizeHint().width(),
            self.cards.sizeHint().width(),
            self.tricks.sizeHint().width(),
        )
        wide = left_w + gap + right_w <= room
        self.columns.setDirection(
            QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        )
        side_by_side = not wide and value_w + gap + self.scores.sizeHint().width() <= room
        self.left_box.setDirection(
            QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        )
        self.columns.setStretch(0, 2 if wide else 0)
        self.columns.setStretch(1, 3 if wide else 1)

    def min_width(self) -> int:
        """The narrowest this panel is without sideways scrolling (one column)."""
        widths = (
            self.value.sizeHint().width(),
            self.scores.sizeHint().width(),
            self.skat_box.sizeHint().width(),
            self.cards.sizeHint().width(),
            self.tricks.sizeHint().width(),
        )
        m = self.layout().contentsMargins()
        return max(widths) + m.left() + m.right() + 4

    def _scores_html(self, view, seats, names, entry, totals) -> str:
        rows = []
        scores = entry.scores if entry is not None else None
        if scores is None:
            scores = [0] * len(names)
            for pos, s in enumerate(seats):
                scores[s] = view.result.scores[pos]
        sums = entry.totals if entry is not None else totals
        head = _row(
            [self.tr("Player"), self.tr("This deal"), self.tr("Total")],
            "th",
            ("left", "right", "right"),
        )
        for seat, name in enumerate(names):
            total = "" if sums is None else str(sums[seat])
            rows.append(
                f"<tr><td>{esc(name)}</td><td align=right>&nbsp;{scores[seat]:+d}</td>"
                f"<td align=right>&nbsp;{total}</td></tr>"
            )
        note = (
            ""
            if entry is not None
            else "<br><i>" + self.tr("A replay is not on the score sheet.") + "</i>"
        )
        return "<b>" + self.tr("Score") + "</b><table>" + head + "".join(rows) + "</table>" + note

    def _show_skat(self, view: SeatView, dark: bool) -> None:
        while self.skat_row.count():
            item = self.skat_row.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        caption = QLabel(self.tr("Skat:"), self.skat_box)
        self.skat_row.addWidget(caption)
        original = view.original_skat or 0
        for c in cards_of(original):
            self.skat_row.addWidget(self._card_label(c))
        final = view.skat or 0
        if final and final != original and view.result.kind == "game":
            self.skat_row.addWidget(QLabel(self.tr("put down:"), self.skat_box))
            for c in cards_of(final):
                self.skat_row.addWidget(self._card_label(c))
        self.skat_row.addStretch(1)

    def _card_label(self, card: int) -> QLabel:
        label = QLabel(self.skat_box)
        if self.pictures is not None:
            dpr = self.devicePixelRatioF()
            pm = self.pictures.pixmap(card, self._card_width, dpr)
            if pm.isNull():
                from skat_desktop.gui.decks import card_pixmap

                pm = card_pixmap(self.pictures.deck, card, self._card_width, dpr)
            label.setPixmap(pm)
        else:
            label.setText(texts.card_html(card, _dark(self)))
        label.setToolTip(texts.card_name(card))
        return label

    def _points_html(self, view: SeatView, by_pos) -> str:
        r = view.result
        if r.kind == "passed_in":
            return ""
        parts = [f"{by_pos[i]}: {r.points[i]} ({texts.tricks_text(r.tricks[i])})" for i in range(3)]
        return "<b>" + self.tr("Card points") + "</b><br>" + "<br>".join(parts)

    def _tricks_html(self, view: SeatView, by_pos, dark: bool) -> str:
        if not view.tricks:
            return ""
        rows = []
        for n, (leader, cards, winner) in enumerate(view.tricks, 1):
            shown = " ".join(texts.card_html(c, dark) for c in cards)
            pts = sum(POINTS[c] for c in cards)
            rows.append(
                f"<tr><td align=right>{n}.</td><td>&nbsp;{by_pos[leader]}:</td>"
                f"<td>&nbsp;{shown}</td>"
                f"<td>&nbsp;→ {by_pos[winner]}</td><td align=right>&nbsp;{pts}</td></tr>"
            )
        return "<b>" + self.tr("Tricks") + "</b><table>" + "".join(rows) + "</table>"


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
        self.restyle(False)
        self.hide()

    def restyle(self, dark: bool) -> None:
        """Colours for a light or dark table (the palette follows the scheme)."""
        bg = "rgba(40, 44, 46, 236)" if dark else "rgba(250, 250, 247, 240)"
        border = "rgba(255,255,255,40)" if dark else "rgba(0,0,0,50)"
        self.setStyleSheet(
            f"#PanelHost {{ background: {bg}; border: 1px solid {border}; border-radius: 10px; }}"
        )

    def add(self, panel: Panel) -> None:
        if self._stack.indexOf(panel) < 0:
            self._stack.addWidget(panel)

    def show_panel(self, panel: Panel | None) -> None:
        if panel is None:
            self.current = None
            self.hide()
            return
        self.add(panel)
        if panel is not self.current:
            self.current = panel
            self._stack.setCurrentWidget(panel)
        self.show()
        self.raise_()
        self.place(self.zone)

    def place(self, zone: QRectF, room: QRectF | None = None) -> None:
        """Fit into ``zone`` (the layout's panel rectangle): full size for a ``full`` panel,
        else as small as the panel allows, centred. A ``full`` panel whose content does not
        fit a narrow ``zone`` spreads into ``room`` (the layout's ``panel_room``)."""
        self.zone = QRectF(zone)
        if room is not None:
            self.room = QRectF(room)
        if self.current is None or zone.width() <= 0 or zone.height() <= 0:
            self.hide()
            return
        z = zone.toRect()
        if self.current.kind == "full":
            self.setGeometry(self._full_rect(z))
            return
        m = self._stack.contentsMargins()
        hint: QSize = self.current.sizeHint().expandedTo(self.current.minimumSizeHint())
        hint = QSize(hint.width() + m.left() + m.right(), hint.height() + m.top() + m.bottom())
        w = min(z.width(), max(hint.width(), min(z.width(), 560)))
        h = min(z.height(), hint.height())
        if self.current.kind == "tall":
            h = min(z.height(), max(h, min(z.height(), 150)))
        x = z.left() + (z.width() - w) // 2
        y = z.top() + (z.height() - h) // 2
        self.setGeometry(QRect(x, y, w, h))

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
