"""Windows that fit the room their screen gives them.

The least room the program supports is 784 x 460 (a 1568 x 920 screen at 200 %, or a small
laptop with its panels): a window or dialog larger than that puts its buttons below the
screen's edge. :func:`available_geometry` is that room, :func:`fit_into` brings a window
into it, :func:`fit_to_screen` sizes a dialog for it before it is shown (:class:`FitsScreen`
does that for a dialog), :func:`keep_on_screen` brings back one that grew past the screen's
edge, :func:`show_more_of` lets one grow for its page where the room allows and
:func:`grow_for_lines` for its wrapped lines. :class:`PageScroll` is the body of a window or
page that scrolls up and down where the room is too low for all of it (its buttons stay
outside, in sight).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

FRAME_ROOM = (16, 40)
"""What a window frame and title bar may add to the window, before the window is shown."""
FIRST_SIZE = (1280, 820)
"""The main window at the first start, where the screen has the room."""
NO_SCREEN = QRect(0, 0, *FIRST_SIZE)
"""The room without any screen (never on a desktop): the main window's first size."""


def available_geometry(widget: QWidget | None = None) -> QRect:
    """The room the screen gives windows (without task bars): the widget's screen's, else
    the primary screen's."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(NO_SCREEN)


def fit_into(rect: QRect, room: QRect, frame: tuple[int, int] = FRAME_ROOM) -> QRect:
    """``rect`` (a window without its frame) made to fit ``room`` with its frame: no larger
    than the room, then moved inside it."""
    w = max(1, min(rect.width(), room.width() - frame[0]))
    h = max(1, min(rect.height(), room.height() - frame[1]))
    x = min(max(rect.x(), room.left() + frame[0] // 2), room.right() + 1 - frame[0] // 2 - w)
    y = min(max(rect.y(), room.top() + frame[1] - frame[0] // 2), room.bottom() + 1 - h)
    return QRect(max(room.left(), x), max(room.top(), y), w, h)


def fit_to_screen(window: QWidget) -> None:
    """Size ``window`` (a dialog about to be shown: call it from its ``showEvent`` before
    ``QDialog`` places it over its parent, as :class:`FitsScreen` does) for the room of its
    parent's screen, with a frame and title bar: the size it was given (``resize``), else
    its size hint, each side cut to the room but not below the window's least size. Qt's
    own sizing would keep a size given in code however small the screen, and shrink a
    dialog sized by its contents to two thirds of the screen; a window whose body scrolls
    (:class:`PageScroll`) has a least size that fits."""
    room = available_geometry(window.parentWidget() or window)
    given = window.testAttribute(Qt.WidgetAttribute.WA_Resized)  # not Qt's adjustSize()
    want = window.size() if given else window.sizeHint()
    least = window.minimumSizeHint().expandedTo(window.minimumSize())
    width = max(least.width(), min(want.width(), room.width() - FRAME_ROOM[0]))
    if not given and window.hasHeightForWidth():  # its wrapped lines at that width
        want.setHeight(window.heightForWidth(width))
    height = max(least.height(), min(want.height(), room.height() - FRAME_ROOM[1]))
    window.resize(width, height)


def _room_of(window: QWidget) -> QRect:
    """The room of the screen ``window`` is on once it is on one, else its parent's (where
    ``QDialog`` will place it)."""
    handle = window.windowHandle()
    shown = handle is not None and handle.isVisible()
    return available_geometry(window if shown else window.parentWidget() or window)


def grow_for_lines(window: QWidget) -> None:
    """A shown ``window`` made as tall as its wrapped lines need at its width, as far as its
    screen's room allows: a window does not grow by itself for a label or a row of fields
    (a :class:`~skat_desktop.gui.panels.FlowBox`) that wraps onto another line, and what is
    below it would be cut off. Where the room is too low for them it grows wider instead,
    until they wrap into few enough lines (they are cut only where even the room's width
    leaves too many). Kept inside the room (:func:`keep_on_screen`); a window not shown
    yet is left alone (:class:`FitsScreen` sizes it as it is shown)."""
    if not window.isVisible():
        return
    width, height = window.width(), window.height()
    need = window.heightForWidth(width)  # -1 for a window without wrapped lines
    if need <= height:
        return
    room = _room_of(window)
    most = room.height() - FRAME_ROOM[1]
    if need > most:
        widest = min(room.width() - FRAME_ROOM[0], window.maximumWidth())
        width = _wide_enough(window, width, widest, most)
        need = window.heightForWidth(width)
    window.resize(width, max(height, min(need, most)))
    keep_on_screen(window)  # it grew to the right or downwards


def _wide_enough(window: QWidget, width: int, widest: int, most: int) -> int:
    """The least width from ``width`` to ``widest`` at which ``window``'s wrapped lines are
    no taller than ``most`` (``widest`` where none is)."""
    if widest <= width or window.heightForWidth(widest) > most:
        return max(width, widest)
    low, high = width, widest  # too low at low, enough at high
    while high - low > 1:
        middle = (low + high) // 2
        if window.heightForWidth(middle) > most:
            low = middle
        else:
            high = middle
    return high


class FitsScreen:
    """A dialog that is sized for its screen's room as it is shown, before ``QDialog``
    places it over its parent (so it opens over the middle of its window, inside the
    room): :func:`fit_to_screen`, then, for a dialog whose lines wrap (``wraps = True``:
    labels, a row of fields; nothing that scrolls), :func:`grow_for_lines`. Mixed in before
    the dialog class: ``class SignDialog(FitsScreen, QDialog)``."""

    wraps = False
    """The dialog's content wraps onto more lines where it is narrow, rather than scroll."""

    def showEvent(self, event: QShowEvent) -> None:
        if not event.spontaneous():  # shown by the program (not a window coming back)
            fit_to_screen(self)
            if self.wraps:
                grow_for_lines(self)
        super().showEvent(event)  # QDialog places it


def keep_on_screen(window: QWidget) -> None:
    """A shown ``window`` that grew past its screen's edge moved back into the room, as far
    as its size lets it (its top left corner stays in the room): a window grows to the
    right and downwards from where it stands (a dialog that gains a table or a wrapped
    line), its buttons out of sight."""
    handle = window.windowHandle()
    if handle is None or not handle.isVisible():
        return  # not on the screen yet: QDialog places it over its parent as it shows it
    room = available_geometry(window)
    outer = window.frameGeometry()
    if room.contains(outer):
        return
    x = max(room.left(), min(outer.left(), room.right() + 1 - outer.width()))
    y = max(room.top(), min(outer.top(), room.bottom() + 1 - outer.height()))
    window.move(x, y)  # a window's position is its frame's


def show_more_of(window: QWidget, page: PageScroll) -> None:
    """A shown ``window`` made taller by the part of its ``page`` out of sight, as far as its
    screen's room allows: a window does not grow by itself for a body that scrolls (a
    dialog that gained a table or a wrapped line), and its page should scroll only where
    the screen has no more room. (Keep it inside the room with :func:`keep_on_screen` when
    it is resized.)"""
    if not window.isVisible():
        return
    most = available_geometry(window).height() - FRAME_ROOM[1]
    height = min(window.height() + page.hidden_height(), max(most, window.height()))
    if height > window.height():
        window.resize(window.width(), height)


class PageScroll(QScrollArea):
    """A page's ``body`` that scrolls up and down where the window is too low for it, and
    never sideways: the body is as wide as the view and the page as wide as the body's
    least width. The body is as high as the view, or as its least height at that width
    where that is more (the scroll area's own sizing would give it its preferred height,
    a sheet's many lines pushing what is below the sheet out of sight). Its size hint is
    the whole body in sight, so a window sized by its hint shows all of it where the
    screen has the room (:func:`fit_to_screen`)."""

    def __init__(self, body: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from field to field
        self.setWidget(body)
        body.installEventFilter(self)  # its rows change: its least height too

    def least_height(self, width: int) -> int:
        """What the body needs at ``width``: its wrapped rows, each widget at its least."""
        layout = self.widget().layout()
        if layout.hasHeightForWidth():
            return layout.totalMinimumHeightForWidth(width)
        return layout.totalMinimumSize().height()

    def hidden_height(self) -> int:
        """How much of the body the view's height leaves out of sight (to scroll to)."""
        view = self.viewport()
        return max(0, self.least_height(view.width()) - view.height()) if view.width() > 0 else 0

    def minimumSizeHint(self) -> QSize:
        least = super().minimumSizeHint()
        bar = self.verticalScrollBar().sizeHint().width()
        width = self.widget().minimumSizeHint().width() + bar + 2 * self.frameWidth()
        return QSize(width, least.height())

    def sizeHint(self) -> QSize:
        """The body at its preferred width and as high as it wants to be there (Qt's hint
        is the body's current size, bounded to 36 x 24 lines)."""
        body = self.widget()
        layout = body.layout()
        width = body.sizeHint().expandedTo(body.minimumSizeHint()).width()
        if layout.hasHeightForWidth():
            height = layout.totalHeightForWidth(width)
        else:
            height = layout.totalSizeHint().height()
        bar = self.verticalScrollBar().sizeHint().width()
        frame = 2 * self.frameWidth()
        return QSize(width + bar + frame, height + frame)

    def fit(self) -> None:
        """The body as wide as the view, and high enough for all of it."""
        body, view = self.widget(), self.viewport()
        if view.width() <= 0:
            return
        height = max(view.height(), self.least_height(view.width()))
        if body.size() != QSize(view.width(), height):
            body.resize(view.width(), height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)  # the view's own resizing arrives here too
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit()
            self.updateGeometry()  # its least width may have changed
        return super().eventFilter(watched, event)
