"""The deck picker: every available deck with a few of its cards, so players choose by sight."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.gui.decks import Deck, available_decks, card_pixmap, card_size
from skat_desktop.gui.plain import tip

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
