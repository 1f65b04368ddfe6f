"""The deck picker: every available deck with a few of its cards, so players choose by sight;
and the one-click switch to the colour-blind-safe deck and back."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QPointF, QSize, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.gui.decks import (
    COLOUR_BLIND_SAFE,
    COLOUR_BLIND_SAFE_COLORS,
    Deck,
    available_decks,
    card_pixmap,
    card_size,
)
from skat_desktop.gui.pips import paint_pip
from skat_desktop.gui.plain import tip
from skat_desktop.gui.settings import Settings

# Clubs jack, spades queen, hearts king, diamonds ace and a back: the four suits, the three
# courts, an ace and the back tell a deck apart at a glance (Unter, Ober, König, Daus in German).
PREVIEW_CARDS: tuple[int | None, ...] = (0 * 8 + 4, 1 * 8 + 5, 2 * 8 + 6, 3 * 8 + 7, None)
PREVIEW_CARD_WIDTH = 64
_OVERLAP = 0.62  # share of a card's width that the next card leaves visible


def deck_preview(deck: Deck, card_width: int = PREVIEW_CARD_WIDTH, dpr: float = 1.0) -> QPixmap:
    """A fan of the preview cards side by side, each partly covering the one before."""
    w, h = card_size(deck, card_width)
    step = round(w * _OVERLAP)
    width = step * (len(PREVIEW_CARDS) - 1) + w
    pixmap = QPixmap(round(width * dpr), round(h * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    for i, card in enumerate(PREVIEW_CARDS):
        painter.drawPixmap(i * step, 0, card_pixmap(deck, card, card_width, dpr))
    painter.end()
    return pixmap


class DeckPicker(QDialog):
    """A dialog listing decks with previews; ``selected_deck_id`` is the player's choice."""

    def __init__(
        self,
        decks: Sequence[Deck] | None = None,
        current_id: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Card deck"))
        self._decks = list(decks) if decks is not None else available_decks()

        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Card decks"))  # a screen reader's name for it
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setUniformItemSizes(False)
        self.list.setSpacing(4)
        dpr = self.devicePixelRatioF()
        largest = QSize()
        for deck in self._decks:
            preview = deck_preview(deck, PREVIEW_CARD_WIDTH, dpr)
            icon = QIcon(preview)
            # the same picture when selected: a style's blue tint would falsify the colours
            icon.addPixmap(preview, QIcon.Mode.Selected)
            item = QListWidgetItem(icon, deck.title)
            item.setData(Qt.ItemDataRole.UserRole, deck.id)
            item.setToolTip(tip(deck.title))  # a deck's own file names it
            self.list.addItem(item)
            largest = largest.expandedTo(preview.deviceIndependentSize().toSize())
            if deck.id == current_id:
                self.list.setCurrentItem(item)
        self.list.setIconSize(largest)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(self.accept)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        hint = QLabel(self.tr("Choose the cards you want to play with."), self)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.list)
        layout.addWidget(self.buttons)
        self.resize(
            largest.width() + 320, min(640, 120 + len(self._decks) * (largest.height() + 12))
        )

    def selected_deck_id(self) -> str | None:
        """The id of the highlighted deck (None only if no deck is listed)."""
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    @classmethod
    def choose(cls, parent: QWidget | None = None, current_id: str | None = None) -> str | None:
        """Show the picker modally; the chosen deck id, or None if the player cancelled."""
        dialog = cls(current_id=current_id, parent=parent)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            return dialog.selected_deck_id()
        return None


# --- one click to the colour-blind-safe deck and back -----------------------------------------

_ICON_SIZES = (16, 22, 24, 32, 48)


def four_suits_icon() -> QIcon:
    """The four suit signs in the colour-blind-safe deck's colours, two by two: the toggle's
    picture says what it switches to without words, at any icon size."""
    icon = QIcon()
    for size in _ICON_SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        half = size / 2
        for suit, ink in enumerate(COLOUR_BLIND_SAFE_COLORS):
            centre = QPointF(half * (suit % 2) + half / 2, half * (suit // 2) + half / 2)
            paint_pip(painter, suit, centre, half * 0.92, color=QColor(ink.pip))
        painter.end()
        icon.addPixmap(pixmap)
    return icon


class ColourSafeToggle(QObject):
    """A checkable action and its status-bar button: one click puts the colour-blind-safe deck
    on the table, the next one brings back the deck played before.

    The deck to go back to is kept in the settings (``previous_deck_id``), so the switch
    works the same after a restart and after a deck was chosen in the deck picker. The
    window calls :meth:`follow` whenever its deck changes, however it changed.
    """

    def __init__(
        self,
        settings: Settings,
        set_deck: Callable[[str], object],
        current_id: str,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._set_deck = set_deck
        self.action = QAction(four_suits_icon(), "", self)
        self.action.setCheckable(True)
        self.action.triggered.connect(self._switch)
        self.button = QToolButton(parent)
        self.button.setObjectName("ColourSafeDeck")
        self.button.setDefaultAction(self.action)
        self.button.setAutoRaise(True)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the table keeps the keyboard
        self.follow(current_id)
        self.retranslate()

    def retranslate(self) -> None:
        """The action's words in the current language (the window calls this)."""
        self.action.setText(self.tr("Colour-&blind-safe colours"))
        self.action.setToolTip(
            self.tr(
                "Four suit colours that players with red-green or blue-yellow colour "
                "blindness can tell apart. Click again for the deck you had before."
            )
        )
        self.button.setAccessibleName(self.tr("Colour-blind-safe colours"))

    def follow(self, deck_id: str) -> None:
        """The deck on the table is now ``deck_id``: show whether it is the colour-blind-safe
        one, and remember any other deck as the one to come back to."""
        on = deck_id == COLOUR_BLIND_SAFE
        self.action.setChecked(on)  # says nothing: triggered is only sent for clicks
        if not on and self._settings.previous_deck_id != deck_id:
            self._settings.previous_deck_id = deck_id

    def _switch(self, on: bool) -> None:
        if on:
            self._set_deck(COLOUR_BLIND_SAFE)
            return
        previous = self._settings.previous_deck_id
        self._set_deck("french" if previous == COLOUR_BLIND_SAFE else previous)
