"""A closed combo box shows its current text whole (issue 23).

A :class:`QComboBox` remembers the least width it worked out from the items it had when it
was first asked, and a layout short of room squeezes it to that: a box filled in English
and switched to German ("All rule profiles", then "Alle Regelprofile"), or filled after it
was first laid out, cuts its current text. :func:`keep_text_whole` gives such a box an
explicit least width from its current text whenever the text or the items change. Items
that only fit in the open list are fine: the list is as wide as they need.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox


def text_width(box: QComboBox) -> int:
    """The width ``box`` needs to show its current text (and icon) whole when closed."""
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)
    metrics = box.fontMetrics()
    width = metrics.horizontalAdvance(opt.currentText) + 2  # drawn 1 px in on either side
    if not opt.currentIcon.isNull():
        width += opt.iconSize.width() + 4
    contents = QSize(width, metrics.height())
    style = box.style()
    return style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt, contents, box).width()


def keep_text_whole(*boxes: QComboBox) -> None:
    """From now on each of ``boxes`` is at least as wide as its current text needs (up to
    its maximum width): measured again when the text, the items or the language change."""
    for box in boxes:

        def fit(*_args: object, box: QComboBox = box) -> None:
            need = min(text_width(box), box.maximumWidth())
            if box.minimumWidth() != need:
                box.setMinimumWidth(need)

        box.currentTextChanged.connect(fit)
        model = box.model()
        for signal in (model.dataChanged, model.rowsInserted, model.modelReset):
            signal.connect(fit)
        fit()
