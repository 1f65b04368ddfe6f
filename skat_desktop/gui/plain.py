"""Text from the database, an import or the settings is shown as written, never as HTML.

A series title, a place, a player's or a profile's name can come from a file someone else
wrote. Qt renders a label's or a tooltip's text as HTML when it merely *looks* like HTML
(``Qt::mightBeRichText``), so a title such as ``<img src="http://…">`` would load a
picture and ``<span style="font-size:72pt">`` would take over the window. Labels that show
such text are plain (:func:`plain`); a label that is rich on purpose (a table of scores)
escapes every piece of foreign text (:func:`esc`); tooltips go through :func:`tip`.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel


def esc(text: object) -> str:
    """``text`` for the inside of rich text: ``<``, ``>`` and ``&`` as entities."""
    return html.escape(str(text), quote=False)


def plain(*labels: QLabel) -> None:
    """Show the labels' text as written, whatever it contains."""
    for label in labels:
        label.setTextFormat(Qt.TextFormat.PlainText)


def plain_label(label: QLabel) -> QLabel:
    """``label``, made plain (for use where it is built)."""
    plain(label)
    return label


def tip(text: str | None) -> str | None:
    """A tooltip that shows ``text`` as written.

    A tooltip has no text format of its own: Qt guesses. Text with ``<`` or ``&`` is
    escaped and marked as rich text, so the guess can only show it as written."""
    if not text or not any(c in text for c in "<&"):
        return text
    return "<qt>" + esc(text).replace("\n", "<br>") + "</qt>"
