"""How wide a closed combo box is: its current text whole (issue 23), and a box filled late
as wide as its items, up to a limit.

A :class:`QComboBox` remembers the least width it worked out from the items it had when it
was first asked, and a layout short of room squeezes it to that: a box filled in English
and switched to German ("All rule profiles", then "Alle Regelprofile"), or filled after it
was first laid out, cuts its current text. :func:`keep_text_whole` gives such a box an
explicit least width from its current text whenever the text or the items change. Items
that only fit in the open list are fine: the list is as wide as they need.

:class:`ItemsCombo` is a box whose width follows its items (the players and games an entry
row gets once its series is read), so that choosing the longest moves no field beside it;
it asks for no more than about :data:`ITEM_CHARS` characters, beyond which a long item (a
player's name of 40 characters) ends in "…" in the closed box and shows whole in the open
list: a row that cannot scroll sideways is not made wider than a small screen by one name.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QWidget

ITEM_CHARS = 32
"""About the most characters of its items an :class:`ItemsCombo` is wide for (the built-in
rule profiles' titles, "Internationale Skatordnung", fit)."""


def _box_width(box: QComboBox, opt: QStyleOptionComboBox, text_px: int) -> int:
    """The width of ``box`` closed on ``text_px`` pixels of text (and its icon)."""
    width = text_px + 2  # drawn 1 px in on either side
    if not opt.currentIcon.isNull():
        width += opt.iconSize.width() + 4
    contents = QSize(width, box.fontMetrics().height())
    style = box.style()
    return style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt, contents, box).width()


def text_width(box: QComboBox) -> int:
    """The width ``box`` needs to show its current text (and icon) whole when closed."""
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)  # its text as shown may be cut short (ItemsCombo): not measured
    return _box_width(box, opt, box.fontMetrics().horizontalAdvance(box.currentText()))


def keep_text_whole(*boxes: QComboBox) -> None:
    """From now on each of ``boxes`` is at least as wide as its current text needs (up to
    its maximum width, and for an :class:`ItemsCombo` up to the most it asks for): measured
    again when the text, the items or the language change."""
    for box in boxes:

        def fit(*_args: object, box: QComboBox = box) -> None:
            need = min(text_width(box), box.maximumWidth())
            if isinstance(box, ItemsCombo):
                need = min(need, box.widest())
            if box.minimumWidth() != need:
                box.setMinimumWidth(need)

        box.currentTextChanged.connect(fit)
        model = box.model()
        for signal in (model.dataChanged, model.rowsInserted, model.modelReset):
            signal.connect(fit)
        fit()


class ItemsCombo(QComboBox):
    """A combo box as wide as its longest item wants, measured again whenever its items
    change (Qt's default measures the items of the moment a layout first asks, which may be
    none yet), but asking for no more than about :data:`ITEM_CHARS` characters: a longer
    current text ends in "…" when closed, where a layout gives the box no more room; the
    open list shows every item whole. Give it :func:`keep_text_whole` for its least width
    (its current text, up to the same width)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

    def widest(self) -> int:
        """The most width the box asks for: about :data:`ITEM_CHARS` characters."""
        opt = QStyleOptionComboBox()
        super().initStyleOption(opt)
        return _box_width(self, opt, self.fontMetrics().averageCharWidth() * ITEM_CHARS)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(min(hint.width(), self.widest()), hint.height())

    def minimumSizeHint(self) -> QSize:
        least = super().minimumSizeHint()
        return QSize(min(least.width(), self.widest()), least.height())

    def initStyleOption(self, option: QStyleOptionComboBox) -> None:
        """The current text as the closed box shows it: cut short with "…" where it is
        wider than the box (painted, and measured by checks, from this)."""
        super().initStyleOption(option)
        if self.isEditable() or not option.currentText:
            return
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        room = field.width() - 2  # the label is drawn 1 px in from either side
        if not option.currentIcon.isNull():
            room -= option.iconSize.width() + 4
        metrics = self.fontMetrics()
        option.currentText = metrics.elidedText(
            option.currentText, Qt.TextElideMode.ElideRight, max(0, room)
        )
