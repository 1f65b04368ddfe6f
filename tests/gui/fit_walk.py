"""Nothing cut off, nothing overlapping: a checker for a whole window, and a walk that takes a
table through every phase so the checker can look at it at every window size (issue 23).

:func:`problems` inspects a main window as it is now and returns one line per fault:

- a label, button, check box or radio button whose text is wider (or, wrapped, taller) than
  the room its widget has, or an :class:`~skat_desktop.gui.panels.ElidedLabel` that cut its
  text ("…");
- a widget that lies (partly) outside its parent, and two widgets of one layout (or of one
  hand-placed :class:`~skat_desktop.gui.panels.FlowBox`) that overlap;
- a combo box squeezed below its least size, or closed on a current text it cuts short;
- a tab bar or the menu bar narrower than its tabs or menus (a tab bar that scrolls, with the
  property ``scrollsTabs``, may be: its titles whole, its current tab and that tab's buttons
  in sight beside the scroll buttons, and the other tabs a scroll button away);
- in a table or tree: a header section narrower than its text (with the style's margins),
  and a visible cell whose text the view elides ("…") because it does not fit;
- on the table: the header, a name plate, a bubble, a trick count or the last trick's caption
  cut or wider than its zone, and any item outside the view.

:class:`Walk` plays a table through the real panels without pytest (the screenshot script
uses it too) and yields *situations*: bidding, skat, Hand game (with Ouvert), discard,
declare, play, the claim's confirmation, the last trick, the deal's end, Ramsch, Kontra, a
table of four, the series' end. A situation has an optional ``setup`` that puts the panel
back into its sub-state (a Hand game chosen, a claim asked) after a language switch or a
resize laid the table out anew.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QModelIndex, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLayout,
    QMenuBar,
    QPushButton,
    QRadioButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionHeaderV2,
    QStyleOptionViewItem,
    QTabBar,
    QTableView,
    QToolButton,
    QTreeView,
    QWidget,
)

from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver
from skat_desktop.engine.actions import Bid, Claim, Hold, Play
from skat_desktop.engine.cards import GameType
from skat_desktop.gui.card_items import _font, fit_lines
from skat_desktop.gui.panels import ElidedLabel, FlowBox
from skat_desktop.gui.settings import NewGameChoices

SIZES = ((784, 460), (1024, 700), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440))
"""Window sizes (device-independent pixels) the table must fit: from the window's least
size (1600 x 1000 at 200 %) up."""

# ---------------------------------------------------------------------- the checker


def _name(w: QWidget) -> str:
    text = ""
    if isinstance(w, (QLabel, QAbstractButton)):
        text = re.sub(r"<[^>]+>", "", w.text())[:40]
    elif isinstance(w, QComboBox):
        text = w.currentText()[:40]
    owner = w
    while owner is not None and not owner.objectName() and owner.parentWidget() is not None:
        owner = owner.parentWidget()
        if type(owner).__module__.startswith("skat_desktop"):
            break
    where = type(owner).__name__ if owner is not None and owner is not w else ""
    return f"{type(w).__name__}({text!r}) in {where}" if where else f"{type(w).__name__}({text!r})"


def _mnemonic_free(text: str) -> str:
    return re.sub(r"&(.)", r"\1", text)


def _in_scroll_area(w: QWidget) -> bool:
    """Whether ``w`` is the scrolled content of a scroll area (it may be larger than it)."""
    p = w.parentWidget()
    return (
        p is not None
        and isinstance(p.parentWidget(), QAbstractScrollArea)
        and (p is p.parentWidget().viewport())
    )


def _button_problem(w: QAbstractButton) -> str | None:
    text = _mnemonic_free(w.text())
    if not text:
        return None
    opt = QStyleOptionButton()
    opt.initFrom(w)
    opt.text = w.text()
    opt.icon = w.icon()
    opt.iconSize = w.iconSize()
    style = w.style()
    if isinstance(w, QCheckBox):
        element = QStyle.SubElement.SE_CheckBoxContents
    elif isinstance(w, QRadioButton):
        element = QStyle.SubElement.SE_RadioButtonContents
    elif isinstance(w, QPushButton):
        element = QStyle.SubElement.SE_PushButtonContents
    else:
        return None
    room = style.subElementRect(element, opt, w)
    metrics = QFontMetrics(w.font())
    need = metrics.size(Qt.TextFlag.TextShowMnemonic, w.text()).width()
    if isinstance(w, QPushButton):
        need += 2 * style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, opt, w) // 2
    if need > room.width() + 1:
        return f"{_name(w)} is cut: text {need} px in {room.width()} px"
    if metrics.height() > w.height():
        return f"{_name(w)} is cut: {metrics.height()} px high in {w.height()} px"
    return None


def _label_problem(w: QLabel) -> str | None:
    if isinstance(w, ElidedLabel):
        shown = QLabel.text(w)
        # elided where it asks for less than its text (``most_chars``) is meant; squeezed not
        if shown != w.text() and w.width() + 1 < w.widest():
            return f"{_name(w)} is elided to {shown!r}"
        return None
    if not w.text():
        return None
    hint = w.minimumSizeHint()
    if hint.width() > w.width() + 1:
        return f"{_name(w)} is cut: {hint.width()} px wide in {w.width()} px"
    if w.wordWrap():
        need = w.heightForWidth(w.width())
        if need > w.height() + 1:
            return f"{_name(w)} is cut: {need} px high in {w.height()} px"
    elif hint.height() > w.height() + 1:
        return f"{_name(w)} is cut: {hint.height()} px high in {w.height()} px"
    return None


def combo_problem(w: QComboBox) -> str | None:
    """A closed combo box narrower than its least size (its minimum width, else its
    minimum size hint), or showing its current text cut short: the text (and its icon)
    wider than the edit field the style gives it. Items that only fit in the open list
    are fine: the list is as wide as they need."""
    name = _name(w)
    least = w.minimumWidth() or w.minimumSizeHint().width()  # as a layout takes it
    if w.width() < least - 1:
        return f"{name} is squeezed: {w.width()} < {least}"
    if w.isEditable() or not w.currentText():
        return None
    opt = QStyleOptionComboBox()
    w.initStyleOption(opt)
    room = w.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, opt, QStyle.SubControl.SC_ComboBoxEditField, w
    )
    need = QFontMetrics(w.font()).horizontalAdvance(opt.currentText)
    if not opt.currentIcon.isNull():
        need += opt.iconSize.width() + 4
    if need > room.width() - 2 + 0.5:  # the label is drawn 1 px in from either side
        return f"{name} is cut: text {need} px in {room.width() - 2} px"
    return None


def _tab_room(bar: QTabBar) -> QRect:
    """Where a tab bar shows its tabs: the bar less its scroll buttons (when shown)."""
    room = bar.rect()
    for arrow in bar.findChildren(QToolButton):
        if arrow.objectName() not in _SCROLL_BUTTONS or not arrow.isVisible():
            continue
        if arrow.geometry().center().x() > room.center().x():
            room.setRight(min(room.right(), arrow.x() - 1))
        else:
            room.setLeft(max(room.left(), arrow.geometry().right() + 1))
    return room


_SCROLL_BUTTONS = ("ScrollLeftButton", "ScrollRightButton")
"""Qt's names for a tab bar's scroll buttons."""


def _tab_of_button(bar: QTabBar, w: QWidget) -> int | None:
    """The tab whose button (a close button...) ``w`` is, or None."""
    for i in range(bar.count()):
        for side in (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide):
            if bar.tabButton(i, side) is w:
                return i
    return None


def tab_bar_problem(bar: QTabBar) -> str | None:
    """A tab bar narrower than its tabs. One that scrolls (property ``scrollsTabs``) may
    be, if its titles are whole (not elided), its scroll buttons are shown and lead to the
    tabs out of sight, and its current tab is whole between them."""
    need = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    if need <= bar.width() + 1:
        return None
    short = f"{_name(bar)}: tabs need {need} px, have {bar.width()}"
    if not bar.property("scrollsTabs"):
        return short
    if bar.elideMode() != Qt.TextElideMode.ElideNone:
        return f"{short}, and it elides their titles"
    arrows = [a for a in bar.findChildren(QToolButton) if a.objectName() in _SCROLL_BUTTONS]
    if len(arrows) != 2 or not all(a.isVisible() for a in arrows):
        return f"{short}, and it shows no scroll buttons"
    room = _tab_room(bar)
    first, last = bar.tabRect(0), bar.tabRect(bar.count() - 1)
    left, right = sorted(arrows, key=lambda a: a.objectName() != "ScrollLeftButton")
    if left.isEnabled() != (first.left() < room.left()) or right.isEnabled() != (
        last.right() > room.right()
    ):
        return f"{short}, and its scroll buttons do not lead to the tabs out of sight"
    current = bar.currentIndex()
    if current >= 0 and not room.contains(bar.tabRect(current)):
        text = bar.tabText(current)
        return f"{short}, and its current tab {text!r} is not whole in sight"
    return None


def _view_name(view: QAbstractItemView) -> str:
    owner = view.parentWidget()
    while owner is not None and not type(owner).__module__.startswith("skat_desktop"):
        owner = owner.parentWidget()
    return f"{type(view).__name__} in {type(owner).__name__}" if owner else type(view).__name__


def header_problems(header: QHeaderView) -> list[str]:
    """The sections of a shown header whose text does not fit: elided ("…") where the header
    elides, else wider or taller than the section's label room (its lines, if it has
    several; word-wrapped where its alignment asks for it)."""
    if not header.isVisible() or header.model() is None:
        return []
    out: list[str] = []
    style = header.style()
    view = header.parentWidget()
    where = _view_name(view) if isinstance(view, QAbstractItemView) else "a view"
    for logical in range(header.count()):
        size = header.sectionSize(logical)
        if header.isSectionHidden(logical) or size <= 0:
            continue
        opt = QStyleOptionHeaderV2()
        header.initStyleOption(opt)
        header.initStyleOptionForIndex(opt, logical)
        text = opt.text
        if not text.strip():
            continue
        horizontal = header.orientation() == Qt.Orientation.Horizontal
        opt.rect = (
            QRect(0, 0, size, header.height()) if horizontal else QRect(0, 0, header.width(), size)
        )
        font = header.model().headerData(logical, header.orientation(), Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font) if isinstance(font, QFont) else opt.fontMetrics
        room = style.subElementRect(QStyle.SubElement.SE_HeaderLabel, opt, header)
        if not opt.icon.isNull():
            icon = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, opt, header)
            room.setLeft(room.left() + icon + style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin))
        name = f"the header {text!r} of {where}"
        if opt.textElideMode != Qt.TextElideMode.ElideNone:  # Qt elides lines to one line
            shown = metrics.elidedText(text, opt.textElideMode, room.width())
            if shown != text:
                out.append(f"{name} is elided to {shown!r} ({room.width()} px)")
            continue
        flags = int(opt.textAlignment) & int(Qt.AlignmentFlag.AlignHorizontal_Mask)
        if int(opt.textAlignment) & int(Qt.TextFlag.TextWordWrap):
            flags |= int(Qt.TextFlag.TextWordWrap)
            words = max((metrics.horizontalAdvance(word) for word in text.split()), default=0)
            if words > room.width() + 1:
                out.append(f"{name} is cut: a word {words} px wide in {room.width()} px")
        need = metrics.boundingRect(QRect(0, 0, room.width(), 10_000), flags, text)
        if need.width() > room.width() + 1:
            out.append(f"{name} is cut: {need.width()} px wide in {room.width()} px")
        if need.height() > opt.rect.height() + 1:
            out.append(f"{name} is cut: {need.height()} px high in {opt.rect.height()} px")
    return out


def _visible_indexes(view: QAbstractItemView) -> Iterator[QModelIndex]:
    """The indexes of ``view`` whose rows are in sight (every column not hidden)."""
    model = view.model()
    bottom = view.viewport().height()
    if isinstance(view, QTableView):
        first = view.rowAt(0)
        last = view.rowAt(bottom - 1)
        last = model.rowCount() - 1 if last < 0 else last
        rows = [(r, QModelIndex()) for r in range(max(first, 0), last + 1) if first >= 0]
    elif isinstance(view, QTreeView):
        rows = []
        index = view.indexAt(QPoint(1, 1))
        while index.isValid() and view.visualRect(index).top() < bottom:
            rows.append((index.row(), index.parent()))
            index = view.indexBelow(index)
    else:
        rows = []
        for r in range(model.rowCount()):
            rect = view.visualRect(model.index(r, 0))
            if rect.bottom() >= 0 and rect.top() < bottom:
                rows.append((r, QModelIndex()))
    for row, parent in rows:
        if isinstance(view, QTableView) and view.isRowHidden(row):
            continue
        spanned = isinstance(view, QTreeView) and view.isFirstColumnSpanned(row, parent)
        if spanned or not isinstance(view, (QTableView, QTreeView)):
            columns = 1  # a list view (its model's columnCount may be private: a list model)
        else:
            columns = model.columnCount(parent)
        for column in range(columns):
            if isinstance(view, (QTableView, QTreeView)) and view.isColumnHidden(column):
                continue
            yield model.index(row, column, parent)


def cell_problems(view: QAbstractItemView) -> list[str]:
    """The cells in sight whose text the view elides ("…"): its text wider than the room
    the style gives it (the delegate's font, alignment, icon and check box counted). A
    delegate that draws its own text tells what it draws by ``cell_texts(option, index)``
    (a list of font, text and room in pixels)."""
    if view.textElideMode() == Qt.TextElideMode.ElideNone or view.model() is None:
        return []
    out: list[str] = []
    style = view.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    for index in _visible_indexes(view):
        rect = view.visualRect(index)
        if rect.isEmpty():
            continue
        if isinstance(view, QTableView) and rect.left() != view.columnViewportPosition(
            index.column()
        ):
            continue  # covered by a span that starts in another column
        opt = QStyleOptionViewItem()
        view.initViewItemOption(opt)
        delegate = view.itemDelegateForIndex(index)
        if isinstance(delegate, QStyledItemDelegate):
            delegate.initStyleOption(opt, index)
        else:
            opt.text = str(index.data() or "")
        opt.rect = rect
        wrap = bool(opt.features & QStyleOptionViewItem.ViewItemFeature.WrapText)
        if hasattr(delegate, "cell_texts"):
            texts = delegate.cell_texts(opt, index)
        else:
            room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, view)
            texts = [(opt.font, opt.text, room.width() - 2 * margin)]
        row = (
            index.row() if not index.parent().isValid() else f"{index.parent().row()}.{index.row()}"
        )
        name = f"(row {row}, column {index.column()}) of {_view_name(view)}"
        for font, text, room_w in texts:
            if not text:
                continue
            widest, high = _wrapped(text, font, room_w if wrap else None)
            if widest > room_w + 0.5:
                out.append(f"the cell {text!r} {name} is elided: {widest:.0f} px in {room_w} px")
            elif high > rect.height() + 0.5:
                out.append(
                    f"the cell {text!r} {name} is cut: {high:.0f} px high in {rect.height()}"
                )
    return out


def _wrapped(text: str, font: QFont, width: int | None) -> tuple[float, float]:
    """The widest line and the height of ``text`` laid out as an item view lays it out:
    at its line breaks, and wrapped at ``width`` where given (words, after hyphens)."""
    layout = QTextLayout(text.replace("\n", "\u2028"), font)
    option = QTextOption()
    option.setWrapMode(
        QTextOption.WrapMode.WordWrap if width is not None else QTextOption.WrapMode.ManualWrap
    )
    layout.setTextOption(option)
    layout.beginLayout()
    widest = high = 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1) if width is not None else 1_000_000)
        widest = max(widest, line.naturalTextWidth())
        high += line.height()
    layout.endLayout()
    return widest, high


def _managed_children(w: QWidget) -> list[QWidget]:
    """The visible children of ``w`` that its layouts place (nested layouts too). Asked
    through the layouts' ``indexOf``: wrappers of their items would outlive them."""
    top = w.layout()
    layouts = [top, *top.findChildren(QLayout)]
    return [
        c
        for c in w.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if c.isVisible() and c.width() > 0 and any(lay.indexOf(c) >= 0 for lay in layouts)
    ]


def widget_problems(root: QWidget) -> list[str]:
    """Every text that does not fit its widget and every widget outside its parent or over
    a neighbour of its layout, among the visible widgets under ``root``."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or (w.isWindow() and w is not root):
            continue
        p = w.parentWidget()
        exempt = p is None or w.isWindow() or _in_scroll_area(w) or w.size().isEmpty()
        tab = _tab_of_button(p, w) if isinstance(p, QTabBar) else None
        if tab is not None and p.property("scrollsTabs"):
            # a tab scrolled (partly) out of sight takes its buttons along (under the scroll
            # buttons, which stay on top); a tab in sight has them in sight
            room = _tab_room(p)
            if room.contains(p.tabRect(tab)) and not room.contains(w.geometry()):
                out.append(f"{_name(w)} lies outside the tabs in sight of {_name(p)}")
            exempt = True
        if not exempt and not QRect(QPoint(0, 0), p.size()).adjusted(-1, -1, 1, 1).contains(
            w.geometry()
        ):
            out.append(f"{_name(w)} lies outside {_name(p)}: {w.geometry()} in {p.size()}")
        problem = None
        if isinstance(w, QLabel):
            problem = _label_problem(w)
        elif isinstance(w, QAbstractButton):
            problem = _button_problem(w)
        elif isinstance(w, QComboBox):
            problem = combo_problem(w)
        elif isinstance(w, QTabBar) and w.count():
            problem = tab_bar_problem(w)
        elif isinstance(w, QMenuBar) and w.sizeHint().width() > w.width() + 1:
            problem = f"the menu bar needs {w.sizeHint().width()} px, has {w.width()}"
        elif isinstance(w, QHeaderView):
            out += header_problems(w)
        elif isinstance(w, QAbstractItemView):
            out += cell_problems(w)
        if problem:
            out.append(problem)
        layout = w.layout()
        placed = _managed_children(w) if layout is not None else []
        if isinstance(w, FlowBox):  # places its widgets by hand, without a layout
            placed = [c for c in w._shown() if c.isVisible() and c.width() > 0]
        for a, b in itertools.combinations(placed, 2):
            if a.geometry().intersects(b.geometry()):
                out.append(f"{_name(a)} overlaps {_name(b)}")
    return out


def _fits_forms(lines: list[str], forms: tuple[str, ...]) -> bool:
    return any(f in (lines[0] if len(lines) == 1 else None, *_joins(lines)) for f in forms)


def _joins(lines: list[str]) -> tuple[str, ...]:
    return (" · ".join(lines), " ".join(lines)) if len(lines) > 1 else (lines[0],)


def scene_problems(window) -> list[str]:
    """The table's texts cut or too wide for their zones, and items outside the view."""
    scene = window.scene
    out: list[str] = []
    view_rect = QRectF(0, 0, window.view.viewport().width(), window.view.viewport().height())
    if scene.sceneRect() != view_rect:
        out.append(f"the scene {scene.sceneRect()} is not the view {view_rect}")
    for item in scene.items():
        if item.isVisible() and not item.boundingRect().isEmpty():
            r = item.sceneBoundingRect()
            if not view_rect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r):
                out.append(f"{type(item).__name__} at {r} lies outside the view")
    info = scene.info
    if info.forms:
        font, lines = info.fitted()
        if not _fits_forms(lines, info.forms):
            out.append(f"the header is cut: {lines} (forms {info.forms})")
    for _seat, plate in scene.plates.items():
        _, shown = plate.name_shown()
        if shown != ("▶ " if plate.on_turn else "") + plate.name:
            out.append(f"name plate {plate.name!r} is cut to {shown!r}")
        width = plate.zone.width() - 2 - 2 * plate.font_px * 0.6
        role_ok = QFontMetrics(_font(plate.font_px * 0.76)).horizontalAdvance(plate.role) <= width
        parts = plate.role.split(" · ")
        if not role_ok and len(parts) > 1:
            small = QFontMetrics(_font(plate.font_px * 0.72))
            lines = [" · ".join(parts[:-1]) + " ·", parts[-1]]
            role_ok = all(small.horizontalAdvance(line) <= width for line in lines)
        if not role_ok:
            out.append(f"the role {plate.role!r} on {plate.name!r}'s plate is cut")
    for _seat, bubble in scene.bubbles.items():
        if not bubble.isVisible() or not bubble.text:
            continue
        room = bubble.zone.width() - bubble._pad()
        _word_font, word_lines = fit_lines(
            (bubble.text,), room, bubble.zone.height() - 4, bubble.font_px
        )
        if not _fits_forms(word_lines, (bubble.text,)):
            out.append(f"the bubble {bubble.text!r} is cut to {word_lines}")
        for font, text in bubble.lines():
            if QFontMetrics(font).horizontalAdvance(text) > bubble.zone.width() + 0.5:
                out.append(f"the bubble's {text!r} is wider than its zone")
    for _seat, pile in scene.piles.items():
        if pile.tricks and pile.label:
            metrics = QFontMetrics(_font(pile.font_px * 0.85, bold=True))
            if metrics.horizontalAdvance(pile.label) > pile.zone.width() + 0.5:
                out.append(f"the trick count {pile.label!r} is wider than its zone")
            offset = max(1.5, pile.card_w * 0.06)
            if pile.card_h + offset * 2 + metrics.height() > pile.zone.height() + 0.5:
                out.append(f"the trick count {pile.label!r} is below its zone")
    backdrop = scene.backdrop
    if backdrop.isVisible() and backdrop.caption:
        metrics = QFontMetrics(_font(backdrop.font_px, bold=True))
        room = backdrop.zone.width() - 16
        for line in backdrop.caption.split("\n"):
            if metrics.horizontalAdvance(line) > room + 0.5:
                out.append(f"the last trick's caption {line!r} is cut ({room:.0f} px)")
        caption_bottom = (
            backdrop.pos().y() + 4 + metrics.height() * len(backdrop.caption.split("\n"))
        )
        if scene.info.isVisible() and scene.info.forms:
            caption = QRectF(backdrop.pos(), backdrop.zone.size())
            caption.setHeight(caption_bottom - caption.top())
            if caption.intersects(scene.info.sceneBoundingRect()):
                out.append("the header shows through the last trick's caption")
        for card in scene._last_items:
            if card.sceneBoundingRect().top() < caption_bottom - 0.5:
                out.append("a card of the last trick covers its caption")
                break
    return out


def panel_problems(window) -> list[str]:
    """The floating panel outside its zone of the table, or shorter than its rows need."""
    host, lay = window.host, window.scene.layout
    if not host.isVisible() or host.current is None:
        return []
    out = []
    rect = QRectF(host.geometry())
    if host.current.kind in ("full", "whole"):
        zone = lay.panel.united(lay.panel_room()) if lay.panel_room().height() > 0 else lay.panel
        if rect.bottom() > zone.bottom() + 1 and not lay.panel_below().isEmpty():
            # the deal's end too tall for the room grows down over the player's own plate,
            # pile and hand (PanelHost._grown_down)
            zone = zone.united(lay.panel_below())
    else:
        # a bar or tall panel too tall for a small window's narrow middle spreads into the
        # room below the other players' plates (PanelHost._fit_short_zone); its height is
        # what it needs at its width as it is shown (its instruction aside for a hint)
        zone = lay.panel.united(lay.panel_room()) if host.spread else lay.panel
        if host.grown:  # still too short there: grown down over the player's own plate
            zone = zone.united(lay.panel_below())
        need = host.shown_height()
        if host.height() + 1 < need:
            out.append(f"{type(host.current).__name__} is {host.height()} px high, needs {need}")
    if not zone.adjusted(-1, -1, 1, 1).contains(rect):
        out.append(f"{type(host.current).__name__} at {rect} lies outside its zone {zone}")
    return out


def problems(window) -> list[str]:
    """Everything cut off or overlapping in ``window`` (a MainWindow) as it is now."""
    return widget_problems(window) + scene_problems(window) + panel_problems(window)


# ---------------------------------------------------------------------- driving


def pump(done: Callable[[], bool], timeout_ms: int = 30000) -> None:
    clock = QElapsedTimer()
    clock.start()
    while not done():
        if clock.elapsed() > timeout_ms:
            raise TimeoutError("the table did not come to rest")
        QCoreApplication.processEvents()


def resting(w) -> bool:
    s = w.session
    return (
        s is not None
        and not w.scene.busy
        and not s.worker.busy("think")
        and not s._pending_advance
        and isinstance(s.need, (HumanTurn, DealOver, SeriesOver))
    )


def settle(w) -> None:
    pump(lambda: resting(w))
    w.pictures.wait()
    for _ in range(3):
        QCoreApplication.processEvents()


@dataclass
class Situation:
    """A moment of a deal to look at: ``name``; ``setup`` puts its panel's sub-state back."""

    name: str
    setup: Callable[[], None] | None = None


def settle_layout(rounds: int = 6) -> None:
    """Let the layouts follow a change: a panel's rows wrap, the host asks the table for
    room on a zero timer, the table lays itself out anew; a few turns of the event loop."""
    for _ in range(rounds):
        QCoreApplication.processEvents()


def splitter_positions(splitter: QSplitter, step: int = 1) -> list[int]:
    """Every width (or height) of the splitter's first pane the user can drag it to, from
    the least its widgets allow to the most, ``step`` apart (both ends always). Found by
    asking the splitter itself, which keeps each pane at its least size (it is left at the
    most)."""
    whole = sum(splitter.sizes())
    splitter.setSizes([1, whole - 1])
    least = splitter.sizes()[0]
    splitter.setSizes([whole - 1, 1])
    most = splitter.sizes()[0]
    return sorted({*range(least, most, max(1, step)), most})


def set_first_pane(splitter: QSplitter, size: int) -> None:
    """The splitter's first pane at ``size`` (as a drag of its handle leaves it)."""
    whole = sum(splitter.sizes())
    splitter.setSizes([size, whole - size])
    settle_layout(rounds=3)  # the panes resize at once; their rows and columns follow


def resize_window(w, width: int, height: int) -> None:
    """The whole window at ``width`` x ``height`` (as a maximised window on such a screen)."""
    w.resize(width, height)
    settle_layout()


class Walk:
    """Takes ``window`` through the situations; each ``yield`` stops for a look."""

    def __init__(self, window, seed: int = 5) -> None:
        self.w = window
        self.seed = seed

    # -------------------------------------------------------------- steps

    def start(self, profile="isko", seats=("human", "beginner", "beginner"), length=0, **kw):
        choices = NewGameChoices("Anna", list(seats), profile, length, kw.get("practice", False))
        assert self.w.start_game(choices, seed=kw.get("seed", self.seed))
        settle(self.w)

    @property
    def need(self):
        return self.w.session.need

    def step(self, bid_on: bool = True, bid_limit: int = 48) -> None:
        """One decision of the player: bid (up to ``bid_limit``) or pass, pick up, put the
        two last cards down, declare the panel's choice, play the first legal card."""
        w = self.w
        need = self.need
        if isinstance(need, DealOver):
            w.deal_over.next_button.click()
        elif isinstance(need, HumanTurn) and need.interjection:
            w.interjection.no.click()
        elif isinstance(need, HumanTurn):
            phase = need.view.phase
            if phase == "bidding":
                bids = [a.value for a in need.legal if type(a) is Bid]
                holds = any(type(a) is Hold for a in need.legal)
                if bid_on and bids and bids[0] <= bid_limit:
                    w.bidding.bid_button.click()
                elif bid_on and holds and need.view.bid <= bid_limit:
                    w.bidding.hold_button.click()
                else:
                    w.bidding.pass_button.click()
            elif phase == "skat":
                w.skat_panel.pick_up.click()
            elif phase == "discard":
                for c in w.scene.bottom_order()[-2:]:
                    w.scene.activate(c)
                w.discard_panel.put_down.click()
            elif phase in ("declare", "ramsch_offer"):
                w.declare_panel.declare.click()
            elif phase == "schieben":
                if w.host.current is w.schieben:
                    w.schieben.push.click()
                else:
                    allowed = w.scene.discardable
                    for c in [c for c in w.scene.bottom_order() if allowed >> c & 1][:2]:
                        w.scene.activate(c)
                    w.discard_panel.put_down.click()
            elif phase == "play":
                w.scene.activate(next(a.card for a in need.legal if type(a) is Play))
        settle(w)

    def until(self, done: Callable[[], bool], limit: int = 600, **kw) -> None:
        settle(self.w)
        for _ in range(limit):
            if done():
                return
            self.step(**kw)
        raise AssertionError("the situation was not reached")

    def phase_is(self, *phases: str) -> Callable[[], bool]:
        return lambda: (
            isinstance(self.need, HumanTurn)
            and not self.need.interjection
            and self.need.view.phase in phases
        )

    # -------------------------------------------------------------- the situations

    def situations(self) -> Iterator[Situation]:
        w = self.w
        yield Situation("welcome")
        # a practice series where the player bids high: the declarer's panels and play bar
        self.start(practice=True, length=2)
        self.until(self.phase_is("bidding"))
        yield Situation("bidding")
        while not self.phase_is("skat")():
            self.until(lambda: self.phase_is("skat")() or isinstance(self.need, DealOver))
            if isinstance(self.need, DealOver):
                self.step()
        yield Situation("skat")

        def hand_game(ouvert: bool) -> Callable[[], None]:
            def setup() -> None:
                if w.host.current is not w.declare_panel:
                    w.skat_panel.hand.click()
                panel = w.declare_panel
                panel.game_buttons[GameType.CLUBS].setChecked(True)
                panel.schneider.setChecked(True)
                panel.schwarz.setChecked(True)
                panel.ouvert.setChecked(ouvert)
                QCoreApplication.processEvents()

            return setup

        yield Situation("hand-game", hand_game(False))
        yield Situation("hand-ouvert", hand_game(True))
        w.declare_panel.back_button.click()
        settle(w)
        w.skat_panel.pick_up.click()
        settle(w)

        def choose_two() -> None:
            if not w.scene.discard:
                for c in w.scene.bottom_order()[-2:]:
                    w.scene.activate(c)
            QCoreApplication.processEvents()

        choose_two()
        yield Situation("discard", choose_two)
        w.discard_panel.put_down.click()
        settle(w)
        yield Situation("declare")
        self.until(
            lambda: (
                self.phase_is("play")()
                and self.need.view.tricks
                and any(type(a) is Claim for a in self.need.legal)
            )
        )
        yield Situation("play")

        def ask_claim() -> None:
            button = w.play_panel.claim_button
            if button.text() == button.property("plain") or w.play_panel._armed is None:
                button.click()
            QCoreApplication.processEvents()

        yield Situation("claim", ask_claim)

        def last_trick() -> None:
            if not w.scene.last_trick_shown():
                w.show_last_trick()
            QCoreApplication.processEvents()

        w.play_panel._reset_confirm()
        yield Situation("last-trick", last_trick)
        w.scene.hide_last_trick()
        self.until(lambda: isinstance(self.need, DealOver))
        yield Situation("end-of-deal")
        self.until(lambda: isinstance(self.need, SeriesOver) and w.host.current is w.deal_over)
        w.deal_over.next_button.click()
        QCoreApplication.processEvents()
        yield Situation("series-over")

        # house rules, the player passes: Ramsch; a computer's game: Kontra
        self.start(profile="house", seed=self.seed + 1)
        ramsch = lambda: (  # noqa: E731
            self.phase_is("play")() and self.need.view.game == GameType.RAMSCH
        )
        self.until(ramsch, bid_on=False, limit=3000)
        yield Situation("ramsch")
        self.until(lambda: isinstance(self.need, DealOver), bid_on=False)
        yield Situation("ramsch-end")
        self.until(
            lambda: isinstance(self.need, HumanTurn) and self.need.interjection,
            bid_on=False,
            limit=3000,
        )
        yield Situation("kontra")
        w.interjection.no.click()
        settle(w)
        self.until(
            lambda: self.phase_is("play")() and w.session.ctl.can_double(w.session.bottom),
            bid_on=False,
            limit=3000,
        )
        yield Situation("kontra-bar")

        # a table of four
        self.start(seats=("human", "beginner", "beginner", "beginner"), seed=self.seed + 2)
        self.until(self.phase_is("bidding"), bid_on=False)
        yield Situation("four-bidding")
        self.until(self.phase_is("play"), bid_on=False)
        yield Situation("four-play")
        self.until(lambda: isinstance(self.need, DealOver), bid_on=False)
        yield Situation("four-end")


def set_language(app: QApplication, code: str) -> None:
    """Switch the whole window's language as View → Language does."""
    from skat_desktop.gui.i18n import install_translations

    install_translations(app, code)
    for _ in range(3):
        QCoreApplication.processEvents()


SIDES = ("closed", "narrowest", "default", "widest")
"""The side panel closed, at its least width (:data:`SIDE_MIN`), at the width it opens with,
and as wide as the table lets it be."""


def set_side(w, side: str) -> None:
    """Put the side panel (score sheet) into state ``side`` of :data:`SIDES`."""
    from skat_desktop.gui.main_window import SHEET, SIDE_MIN

    if side == "closed":
        w.side_dock.hide()
    elif side == "narrowest":
        w.show_side_panel(SHEET)
        w.resizeDocks([w.side_dock], [SIDE_MIN], Qt.Orientation.Horizontal)
    elif side == "default":
        w.show_side_panel(SHEET)
        w.resizeDocks([w.side_dock], [w._side_width(SHEET)], Qt.Orientation.Horizontal)
    else:
        w.show_side_panel(SHEET)
        w.resizeDocks([w.side_dock], [w.width()], Qt.Orientation.Horizontal)
    settle_layout()
