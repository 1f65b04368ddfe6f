"""The club desk in a small window (784 x 460, the least the program supports): a secretary
typing an evening's games on a small laptop sees the entry row, why a game is refused and a
few lines of the sheet, in English and in German; 1024 x 700 and 1280 x 720 stay whole.

The desk is the one the Club menu opens, every part plugged in (the toolbar's eight
actions, the entry row), on a table of four under the club rules with a stake (the sheet's
longest footer) in a Bock round (the row's longest title).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QScrollArea,
    QStyleOptionComboBox,
    QTableView,
    QWidget,
)

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE
from skat_desktop.gui.club_desk import ClubWindow
from skat_desktop.gui.club_entry import RAMSCH
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import MAX_NAME, Store

from .fit_walk import set_language, settle_layout, widget_problems
from .test_club_entry import WAIT, Keys

SMALL = (784, 460)
SIZES = (SMALL, (1024, 700), (1280, 720))
LINES = 4  # the sheet's lines in sight however small the window: its totals at least


@pytest.fixture(autouse=True)
def jobs_done_afterwards():
    yield
    wait_for_jobs()


def friday(
    db,
    players: tuple[str, ...] = ("Carla", "Dieter", "Erika", "Frank"),
    title: str = "Klubabend – Tisch 2",
) -> int:
    """Ten games at a table of four, the last lost with 60: deal 11 is in a Bock round."""
    store = Store.open(db)
    try:
        ids = [store.ensure_player(n) for n in players]
        sid = store.create_series(
            title, "2026-11-27", ids, HOUSE, planned_deals=32,
            place="Gasthaus Zur Linde", stake_cents=0.5, source="entered",
        )  # fmt: skip
        svc = SeriesService(store, sid)
        for i in range(10):
            dealer, _bock, _ramsch = svc.next_context()
            lost = i == 9
            svc.add_entry({"kind": "game", "declarer": (dealer + 1 + i % 3) % 4,
                           "contract": {"game": ("clubs", "grand", "hearts")[i % 3]},
                           "bid": 18, "won": not lost and i % 4 != 2, "matadors": 1,
                           **({"declarer_points": 60} if lost else {})})  # fmt: skip
        assert svc.next_context()[1], "deal 11 is in a Bock round"
        return sid
    finally:
        store.close()


def open_desk(qtbot, window, sid: int) -> ClubWindow:
    """The desk on ``sid``, its sheet and its entry row read."""
    desk = window.club.open_desk(series_id=sid)
    page = desk.page
    qtbot.waitUntil(lambda: desk.entry_form is not None, timeout=WAIT)
    qtbot.waitUntil(
        lambda: (
            desk.entry_form.ready
            and page.header is not None
            and page.sheet.summary is not None
            and not page.sheet.busy
        ),
        timeout=WAIT,
    )
    desk.activateWindow()
    return desk


def desk_at(desk: ClubWindow, size: tuple[int, int]) -> None:
    """The desk at ``size``, two fifths for the list (as it opens)."""
    desk.resize(*size)
    settle_layout()
    whole = sum(desk.splitter.sizes())
    desk.splitter.setSizes([whole * 2 // 5, whole - whole * 2 // 5])
    settle_layout()


def refused_game(desk: ClubWindow) -> dict[str, Any]:
    """A Grand declared won with 40 card points: the engine refuses it."""
    seat = desk.entry_form.context.seats[1]
    return {"kind": "game", "declarer": seat, "contract": {"game": "grand"}, "bid": 24,
            "won": True, "matadors": 2, "declarer_points": 40}  # fmt: skip


def in_sight(w: QWidget, window: QWidget) -> bool:
    """``w`` is drawn whole in ``window``: shown, not cut off by the edge of anything it
    lies in (a scrolled page's view) and inside the window."""
    where = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
    return (
        w.isVisible()
        and w.visibleRegion().boundingRect() == w.rect()
        and window.rect().contains(where)
    )


def lines_in_sight(table: QTableView) -> int:
    """The sheet's lines drawn whole where the user sees them."""
    seen = table.viewport().visibleRegion().boundingRect()
    return sum(
        1
        for r in range(table.model().rowCount())
        if not table.isRowHidden(r)
        and seen.contains(QRect(seen.left(), table.rowViewportPosition(r), 1, table.rowHeight(r)))
    )


def row_out_of_sight(desk: ClubWindow) -> list[str]:
    """What the secretary types into (each field of the row shown, its button) and cannot
    see whole."""
    form = desk.entry_form
    parts = {key: c for key, c in form.cells.items() if c.isVisibleTo(form)}
    parts["enter"] = form.enter_button
    return [f"the row's {key} is out of sight" for key, w in parts.items() if not in_sight(w, desk)]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_game_says_why_in_sight_of_the_row_and_the_sheet(
    qtbot, qapp, window, db, language
):
    """784 x 460 and larger: Enter on a game won with 40 card points stores nothing and the
    reason stands in the window under the row, the whole row and four lines of the sheet in
    sight with it, nothing cut off or outside its parent."""
    set_language(qapp, language)
    desk = open_desk(qtbot, window, friday(db))
    form = desk.entry_form
    for size in SIZES:
        desk_at(desk, size)
        form.fill(refused_game(desk))
        form.points.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is form.points, timeout=WAIT)
        Keys(qtbot).press(Qt.Key.Key_Return)
        settle_layout()
        _, why, refused = form.score()
        assert refused and why and form.problem.text() == why, (language, size)
        assert not form.busy  # nothing on its way to the database
        faults = [] if in_sight(form.problem, desk) else [f"the reason is out of sight: {why}"]
        faults += row_out_of_sight(desk)
        lines = lines_in_sight(desk.page.sheet.table)
        faults += [f"{lines} lines of the sheet in sight"] if lines < LINES else []
        faults += widget_problems(desk)
        assert not faults, (language, size, faults)
        form.fill(None)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_row_comes_back_in_sight_when_the_keyboard_goes_to_it(
    qtbot, qapp, window, db, language
):
    """At 784 x 460 the secretary scrolls up to the series' header; Tab into the row shows
    the row whole again, with the reason under it."""
    set_language(qapp, language)
    desk = open_desk(qtbot, window, friday(db))
    form = desk.entry_form
    desk_at(desk, SMALL)
    form.fill(refused_game(desk))
    settle_layout()
    page = next((w for w in _ancestors(form) if isinstance(w, QScrollArea)), None)
    if page is not None:  # the page scrolls where it is too low for all of it
        page.verticalScrollBar().setValue(0)
        settle_layout()
        assert in_sight(desk.page.title, desk), language
    form.declarer.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.declarer, timeout=WAIT)
    settle_layout()
    assert form.problem.text() and in_sight(form.problem, desk), language
    hidden = row_out_of_sight(desk)
    assert not hidden, (language, hidden)
    form.fill(None)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_series_opened_in_a_small_window_shows_its_entry_row(qtbot, qapp, window, db, language):
    """At 784 x 460 the page is lower than the series' header, its sheet and the entry row:
    opened and not touched, it shows its end (the row whole, the sheet's last lines over
    it), as the sheet shows its last lines, not the header with the row below the edge."""
    set_language(qapp, language)
    desk = open_desk(qtbot, window, friday(db))
    desk_at(desk, SMALL)
    bar = desk.page.scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the page is not lower than its content"
    hidden = row_out_of_sight(desk)
    assert not hidden, (language, bar.value(), bar.maximum(), hidden)
    lines = lines_in_sight(desk.page.sheet.table)
    assert lines >= LINES, (language, lines)


LONG_NAME = "Wolfgang Maximilian Großmann-Württemberg"  # 40 characters


def test_a_long_player_name_leaves_the_desk_as_narrow_as_it_was(qtbot, qapp, window, db):
    """A player's name of 40 characters chosen as the declarer ends in "…" in the closed box
    and shows whole in the open list: the page, which cannot scroll sideways, and so the
    desk keep the least width they have without it (no more than 784 px allows), and at
    784 x 460 the row stays in sight with nothing cut. (The box used to be as wide as the
    name, the page and the desk with it.)"""
    assert len(LONG_NAME) == 40
    desk = open_desk(qtbot, window, friday(db, ("Carla", LONG_NAME, "Erika", "Frank")))
    desk_at(desk, SMALL)
    least = desk.minimumSizeHint().width()
    assert least <= SMALL[0]
    box = desk.entry_form.declarer
    box.setCurrentIndex(box.findText(LONG_NAME))
    assert box.currentText() == LONG_NAME
    desk_at(desk, (1024, 700))  # laid out anew: each layout measures its least width again
    desk_at(desk, SMALL)
    assert desk.minimumSizeHint().width() == least
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)  # what the closed box shows
    assert opt.currentText.endswith("…") and LONG_NAME.startswith(opt.currentText[:-1])
    box.showPopup()
    qtbot.waitUntil(box.view().isVisible, timeout=WAIT)
    list_width = box.view().viewport().width()
    box.hidePopup()
    assert list_width >= box.fontMetrics().horizontalAdvance(LONG_NAME), list_width
    faults = row_out_of_sight(desk) + widget_problems(desk)
    assert not faults, faults
    desk.entry_form.fill(None)


def test_long_names_over_a_ramsch_row_leave_the_desk_as_narrow_as_it_was(qtbot, qapp, window, db):
    """A Ramsch row names its three players over their points and tricks: names of 40
    characters end in "…" there (whole in their tooltips and to a screen reader), so the
    page, which cannot scroll sideways, and the desk keep the least width short names give
    them. (Each label used to be as wide as its name: two such names made the desk wider
    than 784 px. And the row's flow of cells laid a cell out by its size hint's height, not
    the least height it is given, so a Ramsch row at 784 px put its skat note partly below
    the row.)"""
    short, longs = ("Carla", "Dieter", "Erika", "Frank"), tuple(LONG_NAME[:-1] + c for c in "ABCD")
    least = {}
    for names in (short, longs):
        desk = open_desk(qtbot, window, friday(db, names))
        form = desk.entry_form
        form.game.setCurrentIndex(form.game.findData(RAMSCH))
        desk_at(desk, (1024, 700))
        desk_at(desk, SMALL)
        least[names] = desk.minimumSizeHint().width()
        faults = row_out_of_sight(desk) + widget_problems(desk)
        assert not faults, (names[0], faults)
        shown = [QLabel.text(label) for label in form.ramsch_names]
        tips = {label.toolTip() for label in form.ramsch_names}
        read = [QAccessible.queryAccessibleInterface(label) for label in form.ramsch_names]
        heard = {a.text(QAccessible.Text.Name) for a in read}  # what a screen reader says
        form.fill(None)
        desk.close()
        settle_layout()
    assert least[longs] == least[short] <= SMALL[0], least
    assert all(t.endswith("…") and LONG_NAME.startswith(t[:-1]) for t in shown), shown
    assert len(tips) == 3 and tips <= set(longs), tips  # the three players of the deal
    assert heard == tips, heard


def test_the_longest_names_and_title_the_store_takes_leave_the_desk_as_narrow_as_it_was(
    qtbot, qapp, window, db
):
    """The command line and an import may store names of 200 characters and a title of
    thousands, without a space: with a title of 300 such characters the desk was 3,486 px
    wide, off any screen. They now break where they must (or end in "…" where a line
    cannot grow), so the desk keeps the least width short ones give it."""
    long_names = tuple(c * MAX_NAME for c in "ABCD")
    cases = {"short": friday(db), "long": friday(db, long_names, "X" * 300)}
    least = {}
    for case, sid in cases.items():
        desk = open_desk(qtbot, window, sid)
        desk_at(desk, (1024, 700))
        desk_at(desk, SMALL)
        least[case] = desk.minimumSizeHint().width()
        faults = row_out_of_sight(desk)
        assert not faults, (case, faults)
        desk.entry_form.fill(None)
        desk.close()
        settle_layout()
    assert least["long"] == least["short"] <= SMALL[0], least


@pytest.mark.parametrize("language", ["en", "de"])
def test_four_long_names_leave_every_players_column_of_the_sheet_in_sight(
    qtbot, qapp, window, db, language
):
    """At 1024 x 700 a table of four with names of 36 to 40 characters put the third
    player's column half and the fourth wholly out of sight (the sheet scrolled sideways).
    Now the names end in "…" where they must, keeping their first letters, and their
    headings' tooltips say them whole."""
    set_language(qapp, language)
    names = (
        "Maximilian-Alexander Müller-Lüdenscheidt",
        "Hans-Joachim Schulze-Oberkirchberger",
        "Wolfgang Friedrich-Wilhelm Zimmermann",
        "Eva",
    )
    desk = open_desk(qtbot, window, friday(db, names))
    desk_at(desk, (1024, 700))
    table, model = desk.page.sheet.table, desk.page.sheet.model
    heads = []
    for s in range(4):
        c = model.player_column(s)
        end = table.columnViewportPosition(c) + table.columnWidth(c)
        assert not table.isColumnHidden(c) and 0 <= end <= table.viewport().width(), (s, end)
        heads.append(model.headerData(c, Qt.Orientation.Horizontal))
        whole = model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert whole == names[s], whole
    assert not table.horizontalScrollBar().isVisible()
    assert any("…" in h for h in heads) and heads[3] == "Eva", heads
    assert all(h.replace("\n", " ")[:6] == n[:6] for h, n in zip(heads, names, strict=True))
    assert not widget_problems(desk.page.sheet), widget_problems(desk.page.sheet)
    desk.entry_form.fill(None)


def _ancestors(w: QWidget) -> list[QWidget]:
    found = []
    p = w.parentWidget()
    while p is not None:
        found.append(p)
        p = p.parentWidget()
    return found
