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
import re
import unicodedata

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


LONG_RUN = 24  # characters without a space that a wrapping label may break (a long word)
_RUN = re.compile(rf"\S{{{LONG_RUN + 1},}}")
_ZWSP = "\u200b"


def breakable(text: str, every: int = 12) -> str:
    """``text`` with a zero-width space every ``every`` characters of a run of more than
    :data:`LONG_RUN` without a space, where a wrapping label may then break it.

    A label that wraps breaks only between words, so a title or a name of 300 characters
    without a space (the command line and an import store them) kept it on one line and
    made the window 3,000 px wide. Shorter words are left alone, and no break goes
    before a combining mark or beside a joiner (an emoji's parts stay together)."""
    return _RUN.sub(lambda m: _broken(m.group(0), every), text)


def _broken(word: str, every: int) -> str:
    out: list[str] = []
    run = 0
    for i, ch in enumerate(word):
        if run >= every and _may_break_before(word, i):
            out.append(_ZWSP)
            run = 0
        out.append(ch)
        run += 1
    return "".join(out)


def _may_break_before(word: str, i: int) -> bool:
    ch, before = word[i], word[i - 1]
    if unicodedata.category(ch) in ("Mn", "Me", "Mc", "Cf") or before in "\u200d\u200c":
        return False
    return not ("\ufe00" <= ch <= "\ufe0f" or "\U0001f3fb" <= ch <= "\U0001f3ff")
