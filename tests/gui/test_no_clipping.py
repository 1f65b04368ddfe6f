"""Nothing cut off, nothing overlapping (issue 23): every phase of a deal at 1024 x 700,
1280 x 720, 1366 x 768, 1920 x 1080 and 2560 x 1440, with the side panel closed, at its
least width, at its default width and as wide as the splitter lets it be (the score sheet's
headings and cells included), in English and German, at scale factor
1 and (in a subprocess with ``QT_SCALE_FACTOR=2``) 2; the first window fits the screen; the
splitter between table and side panel keeps its limits and its proportion.

The walk and the checker live in :mod:`tests.gui.fit_walk` (the screenshot script renders
the same matrix: ``benchmarks/screenshots.py --matrix``). One table is taken through the
phases once per language, and at each phase the same window is resized through the sizes.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QTabBar, QToolButton

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui import main_window as main_window_module
from skat_desktop.gui.main_window import HISTORY, LAN_TABLE, SIDE_MIN, STATS, MainWindow
from skat_desktop.gui.panels import FlowBox
from skat_desktop.gui.settings import Settings
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.gui.stats_view import StatisticsView
from skat_desktop.gui.table_layout import MIDDLE_MIN, compute_layout
from skat_desktop.store.repository import Store

from .fit_walk import (
    SIDES,
    SIZES,
    Walk,
    combo_problem,
    problems,
    resize_window,
    set_language,
    set_side,
    widget_problems,
)
from .fit_walk import settle_layout as settle

ROOT = Path(__file__).resolve().parents[2]
SITUATIONS = {
    "welcome",
    "bidding",
    "skat",
    "hand-game",
    "hand-ouvert",
    "discard",
    "declare",
    "play",
    "claim",
    "last-trick",
    "end-of-deal",
    "series-over",
    "ramsch",
    "ramsch-end",
    "kontra",
    "kontra-bar",
    "four-bidding",
    "four-play",
    "four-end",
}


def _settings(tmp_path: Path, name: str = "settings.ini") -> Settings:
    settings = Settings(QSettings(str(tmp_path / name), QSettings.Format.IniFormat))
    settings.animation_speed = 0
    settings.color_scheme = "light"
    return settings


def walk_matrix(qtbot, tmp_path, store, language: str) -> list[str]:
    """Every situation at every size and side panel state in ``language``: the faults."""
    app = QApplication.instance()
    set_language(app, language)
    window = MainWindow(_settings(tmp_path), store, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    faults: list[str] = []
    seen = set()
    for situation in Walk(window).situations():
        seen.add(situation.name)
        if situation.setup is not None:
            situation.setup()
        for side in SIDES:
            for size in SIZES:
                resize_window(window, *size)
                set_side(window, side)
                if situation.setup is not None:
                    situation.setup()  # a new layout closes the last trick
                settle()
                where = f"{situation.name} {language} side {side} {size[0]}x{size[1]}"
                faults += [f"{where}: {p}" for p in problems(window)]
    assert seen == SITUATIONS
    window.close()
    return faults


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_text_is_cut_and_nothing_overlaps_in_any_phase_size_or_side_panel(
    qtbot, tmp_path, store, language
):
    faults = walk_matrix(qtbot, tmp_path, store, language)
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:40])


def _run_scaled(tmp_path: Path, code: str, screen=(2560, 1440)) -> subprocess.CompletedProcess:
    """Run ``code`` at scale factor 2 on an offscreen screen of ``screen`` device pixels."""
    config = tmp_path / "screen.json"
    w, h = screen
    config.write_text(
        json.dumps({"screens": [{"name": "s", "x": 0, "y": 0, "width": w, "height": h}]})
    )
    env = {
        **os.environ,
        "QT_SCALE_FACTOR": "2",
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )


SCALED_WALK = """
import sys, tempfile
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from skat_desktop.gui.app import create_application
from skat_desktop.store.repository import Store
from tests.gui.test_no_clipping import SIDES, SIZES, Walk, problems, resize_window, set_side
from tests.gui.test_no_clipping import _settings, set_language, settle
from skat_desktop.gui.main_window import MainWindow
app = create_application()
assert app.devicePixelRatio() == 2, app.devicePixelRatio()
tmp = Path(tempfile.mkdtemp())
store = Store.open(tmp / "club.sqlite3")
set_language(app, "de")
window = MainWindow(_settings(tmp), store, synchronous_pictures=True)
window.show()
faults = 0
for situation in Walk(window).situations():
    for side in SIDES:
        for size in SIZES:
            resize_window(window, *size)
            set_side(window, side)
            if situation.setup is not None:
                situation.setup()
            settle()
            for p in problems(window):
                faults += 1
                print(situation.name, side, size, p)
print("faults", faults)
window.close()
store.close()
"""


def test_the_same_at_scale_factor_2(tmp_path):
    """QT_SCALE_FACTOR=2 (a 2560 x 1440 screen at 200 %): the same sizes in device-independent
    pixels, twice the device pixels; German, whose words are the longest."""
    done = _run_scaled(tmp_path, SCALED_WALK)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("faults 0"), done.stdout[-4000:]


# ---------------------------------------------------------------------- the pieces


def test_a_flow_box_wraps_its_widgets_into_rows_and_says_how_tall_it_gets(qtbot):
    box = FlowBox()
    qtbot.addWidget(box)
    buttons = [QPushButton(f"Button number {i}") for i in range(6)]
    for b in buttons:
        box.add(b)
    row = box.sizeHint()
    assert box.heightForWidth(row.width()) == row.height()  # one row where it fits
    narrow = box.minimumSizeHint().width()
    rows = box.heightForWidth(narrow)
    assert rows >= 6 * buttons[0].sizeHint().height()  # one a row at the narrowest
    box.resize(narrow, rows)
    box.show()
    for a, b in itertools.combinations(buttons, 2):
        assert not a.geometry().intersects(b.geometry())
    assert all(box.rect().contains(b.geometry()) for b in buttons)
    buttons[0].hide()  # a hidden one leaves no gap
    settle()
    assert buttons[1].geometry().top() == 0


def test_the_panel_zone_grows_to_what_the_panel_needs_and_the_trick_stays():
    base = compute_layout(600, 659, 3, "bar")
    grown = compute_layout(600, 659, 3, "bar", panel_need=base.panel.height() + 40)
    assert grown.panel.height() == pytest.approx(base.panel.height() + 40)
    assert grown.panel.bottom() == base.panel.bottom()
    zones = [r for r in grown.zones().values() if r.width() > 0 and r.height() > 0]
    for a, b in itertools.combinations(zones, 2):
        assert not a.intersects(b)
    for kind, most in (("bar", 0.5), ("tall", 0.8)):
        huge = compute_layout(600, 659, 3, kind, panel_need=10_000)
        work = huge.panel.bottom() - huge.stage.top()
        assert huge.panel.height() <= most * work + 1
        assert huge.stage.height() > 0 and huge.trick_w >= 20


# ---------------------------------------------------------------------- the first window


def _fresh_window(qtbot, tmp_path, store=None, name="fresh.ini") -> MainWindow:
    window = MainWindow(_settings(tmp_path, name), store, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize(
    ("screen", "size"),
    [
        ((0, 0, 1280, 720), (1264, 680)),  # was 1280 x 820: the hand below the screen
        ((0, 0, 800, 500), (784, 460)),  # 1600 x 1000 at 200 % (was 2560 x 1640 pixels)
        ((0, 0, 1600, 1000), (1280, 820)),
        ((1920, 30, 1366, 738), (1280, 698)),  # a second screen, a task bar at the top
    ],
)
def test_the_first_window_fits_the_screens_room(qtbot, tmp_path, monkeypatch, screen, size):
    room = QRect(*screen)
    monkeypatch.setattr(main_window_module, "available_geometry", lambda widget=None: room)
    window = _fresh_window(qtbot, tmp_path)
    assert (window.width(), window.height()) == size
    assert room.contains(window.geometry())


def test_a_window_saved_on_a_larger_screen_is_brought_onto_this_one(qtbot, tmp_path, monkeypatch):
    big = QRect(0, 0, 2560, 1440)
    monkeypatch.setattr(main_window_module, "available_geometry", lambda widget=None: big)
    first = _fresh_window(qtbot, tmp_path, name="moved.ini")
    first.setGeometry(300, 200, 2000, 1200)
    first.close()
    small = QRect(0, 0, 1280, 720)
    monkeypatch.setattr(main_window_module, "available_geometry", lambda widget=None: small)
    second = MainWindow(first.settings, None, synchronous_pictures=True)
    qtbot.addWidget(second)
    assert small.contains(second.geometry()), second.geometry()
    # a window that fits stays as it was left (the offscreen screen is 800 x 800)
    second.setGeometry(100, 100, 600, 500)
    second.close()
    third = MainWindow(first.settings, None, synchronous_pictures=True)
    qtbot.addWidget(third)
    assert third.geometry() == QRect(100, 100, 600, 500)


def test_a_screen_too_small_for_table_and_side_panel_starts_with_the_table(
    qtbot, tmp_path, store, monkeypatch
):
    room = QRect(0, 0, 800, 500)
    monkeypatch.setattr(main_window_module, "available_geometry", lambda widget=None: room)
    window = _fresh_window(qtbot, tmp_path, store)
    assert not window.side_dock.isVisible()
    assert room.contains(window.geometry())


FIRST_START = """
from PySide6.QtCore import QCoreApplication, QSettings
from skat_desktop.gui.app import create_application
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.settings import Settings
import tempfile
app = create_application()
settings = Settings(QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat))
window = MainWindow(settings, None, synchronous_pictures=True)
window.show()
QCoreApplication.processEvents()
room = window.screen().availableGeometry()
print(room.width(), room.height(), window.frameGeometry().width(), window.frameGeometry().height(),
      int(room.contains(window.frameGeometry())))
"""


def test_the_first_window_fits_a_real_screen_at_200_percent(tmp_path):
    """The offscreen platform with a 1600 x 1000 screen at scale factor 2: 800 x 500 to use."""
    done = _run_scaled(tmp_path, FIRST_START, screen=(1600, 1000))
    assert done.returncode == 0, done.stderr[-3000:]
    room_w, room_h, w, h, inside = map(int, done.stdout.split()[-5:])
    assert (room_w, room_h) == (800, 500)
    assert inside == 1 and w <= 800 and h <= 500, done.stdout


# ---------------------------------------------------------------------- the welcome panel


def _welcome_lines_whole(window) -> list[str]:
    """The welcome panel's level lines (names and what each level does) that are not in
    sight whole: outside the panel or the view, or shorter than their wrapped lines."""
    panel, host = window.welcome, window.host
    view = QRect(QPoint(0, 0), window.view.viewport().size())
    out = []
    for name, what in panel.level_labels.values():
        for label in (name, what):
            where = QRect(label.mapTo(host.parentWidget(), QPoint(0, 0)), label.size())
            need = label.heightForWidth(label.width()) if label.wordWrap() else 0
            need = max(need, label.minimumSizeHint().height())
            if not label.isVisible() or not view.contains(where):
                out.append(f"{label.text()!r} at {where} is not in the view {view}")
            elif not panel.rect().contains(QRect(label.mapTo(panel, QPoint(0, 0)), label.size())):
                out.append(f"{label.text()!r} lies outside the welcome panel")
            elif label.height() + 1 < need:
                out.append(f"{label.text()!r} is cut: {label.height()} px high, needs {need}")
    return out


WELCOME_VIEWS = [
    ((784, 460), "default"),  # 1600 x 1000 at 200 %: the table's middle is 236 x 200 there
    ((784, 460), "narrowest"),
    ((1024, 700), "default"),
    ((1280, 720), "default"),
    ((2560, 1440), "default"),
    ((2560, 1440), "closed"),
]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_welcome_panel_is_whole_in_the_smallest_window_with_the_side_panel_open(
    qtbot, qapp, tmp_path, store, language
):
    """At 784 x 460 with the side panel open the table's middle (where the panels float
    between the other players' columns) is 236 x 200 pixels, and the welcome panel's level
    lines were cut to a sliver each. Before a game nothing lies on the table, so the welcome
    panel has the whole table: every line whole, inside the view, not one plate covered;
    on a large table it keeps a reading width rather than spread edge to edge."""
    set_language(qapp, language)
    window = _fresh_window(qtbot, tmp_path, store, name=f"welcome-{language}.ini")
    for size, side in WELCOME_VIEWS:
        resize_window(window, *size)
        set_side(window, side)
        settle()
        where = f"{language} {size[0]}x{size[1]} side {side}"
        assert window.side_dock.isVisible() == (side != "closed"), where
        host = window.host
        assert host.current is window.welcome and host.isVisible(), where
        assert not window.scene.plates, where  # nothing on the table to cover
        faults = problems(window) + _welcome_lines_whole(window)
        assert not faults, (where, faults)
        view = window.view.viewport().size()
        assert host.width() <= max(700, view.width() // 2), (where, host.geometry())
        assert host.height() <= max(560, view.height() // 2), (where, host.geometry())
    window.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_welcome_panel_after_a_table_is_gone_is_whole(
    qtbot, qapp, tmp_path, store, language
):
    """When a networked table is gone (the host closed it), the welcome panel comes
    back. It came back over the table as it was left, in the zone a finished deal's
    panel has between the name plates, and at 784 x 460 with the side panel open its
    level lines were cut. The table is cleared now, as before a game: every line whole."""
    from .table_driver import start

    set_language(qapp, language)
    window = _fresh_window(qtbot, tmp_path, store, name=f"gone-{language}.ini")
    start(window, seats=["human", "beginner", "beginner"], length=0, practice=True)
    settle()
    assert window.game_log.lines  # the deal so far
    window._table_gone()  # as when the host's table goes away
    assert window.game_log.lines == ()  # its deal went with it
    for size, side in WELCOME_VIEWS:
        resize_window(window, *size)
        set_side(window, side)
        settle()
        where = f"{language} {size[0]}x{size[1]} side {side}"
        host = window.host
        assert host.current is window.welcome and host.isVisible(), where
        assert not window.scene.plates and not window.scene.cards, where
        faults = problems(window) + _welcome_lines_whole(window)
        assert not faults, (where, faults)
    window.close()


# ---------------------------------------------------------------------- the splitter


def _side_open(qtbot, tmp_path, store, size) -> MainWindow:
    window = _fresh_window(qtbot, tmp_path, store, name=f"side-{size[0]}.ini")
    resize_window(window, *size)
    set_side(window, "default")
    return window


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_splitter_keeps_the_side_panel_and_the_table_usable(qtbot, tmp_path, store, size):
    window = _side_open(qtbot, tmp_path, store, size)
    dock = window.side_dock
    window.resizeDocks([dock], [60], Qt.Orientation.Horizontal)  # dragged far to the right
    settle()
    assert dock.width() >= SIDE_MIN
    window.resizeDocks([dock], [size[0]], Qt.Orientation.Horizontal)  # ... and to the left
    settle()
    assert window.view.width() >= window.view.least_width()
    assert window.scene.layout.stage.width() >= MIDDLE_MIN
    assert dock.width() >= SIDE_MIN


def test_a_maximised_window_widens_the_side_panel_in_proportion(qtbot, tmp_path, store):
    window = _side_open(qtbot, tmp_path, store, (1280, 720))
    dock = window.side_dock
    window.resizeDocks([dock], [SIDE_MIN + 20], Qt.Orientation.Horizontal)  # the player
    settle()
    share = dock.width() / window.width()
    resize_window(window, 2560, 1440)  # maximised on a larger screen
    settle()
    assert abs(dock.width() - share * 2560) <= 8, (dock.width(), share * 2560)
    resize_window(window, 1280, 720)  # and back
    settle()
    assert abs(dock.width() - share * 1280) <= 8


def test_a_narrow_side_panel_saved_before_is_restored_usable(qtbot, tmp_path, store, monkeypatch):
    """A settings file from before: the side panel 150 px wide. It opens at its least width,
    and a larger window widens it in proportion."""
    room = QRect(0, 0, 1600, 1000)
    monkeypatch.setattr(main_window_module, "available_geometry", lambda widget=None: room)
    first = _side_open(qtbot, tmp_path, store, (1280, 720))
    first.side_tabs.setMinimumWidth(0)
    first.resizeDocks([first.side_dock], [150], Qt.Orientation.Horizontal)
    settle()
    assert first.side_dock.width() < SIDE_MIN
    first.close()
    first.settings.window_geometry = b""  # Qt would fit it to the 800 x 800 offscreen screen
    second = MainWindow(first.settings, store, synchronous_pictures=True)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    settle()
    assert second.side_dock.isVisible()
    assert second.side_dock.width() >= SIDE_MIN
    narrow = second.side_dock.width()
    resize_window(second, 2560, 1440)
    settle()
    assert second.side_dock.width() >= narrow * 2560 / 1280 - 8


# ---------------------------------------------------------------------- the side panel


LONG_GAMES = (
    {"game": "clubs", "hand": True, "schneider_announced": True},
    {"game": "null", "hand": True, "ouvert": True},
    {"game": "grand", "hand": True},
    {"game": "spades"},
)


def _a_long_sheet(store: Store, names: tuple[str, ...]) -> int:
    """A house-rules series with long game names, a Ramsch, Kontra, Re and a Bock round."""
    ids = [store.add_player(n) for n in names]
    sid = store.create_series("Evening", "2026-01-09", ids, HOUSE, planned_deals=36)
    svc = SeriesService(store, sid)
    for i in range(9):
        seats = svc.next_context()[0]
        if i == 2:
            active = [s for s in range(len(names)) if s != seats] if len(names) == 4 else []
            points, tricks = [0] * len(names), [0] * len(names)
            for s, p, t in zip(active or range(3), (20, 61, 39), (2, 5, 3), strict=True):
                points[s], tricks[s] = p, t
            svc.add_entry({"kind": "ramsch", "points": points, "tricks": tricks, "last_trick": 1})
            continue
        declarer = 1 if len(names) == 3 or seats != 1 else 2
        svc.add_entry(
            {
                "kind": "game",
                "declarer": declarer,
                "contract": LONG_GAMES[i % len(LONG_GAMES)],
                "bid": 18,
                "won": i % 4 != 3,
                "schneider": i % len(LONG_GAMES) == 0,
                "matadors": 2,
                "kontra": 2 if i == 3 else (1 if i == 1 else 0),
            }
        )
    return sid


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "names", [("Anna", "beginner 2", "beginner 3"), ("Anna-Lena Sommer", "Bert", "Cleo", "Dora")]
)
def test_the_score_sheets_headings_and_cells_are_whole_at_every_panel_width(
    qtbot, qapp, store, language, names
):
    """The sheet's headings ("beg…r 2", "All…ler") and cells were cut short ("…") in a
    narrow side panel. Now they go onto two lines, columns give way, a long game wraps;
    at the width the panel opens with beside a 1024 px window (410 px) three players'
    columns are in sight, and where even the narrowest columns are too wide (280 px, four
    long names) the players' names end in "…" (down to their first letters, whole in the
    tooltips) before the sheet scrolls sideways."""
    set_language(qapp, language)
    sid = _a_long_sheet(store, names)
    view = ScoreSheetView(store, sid)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.summary is not None and not view.busy, timeout=20000)
    assert any("B" in (t or "") for t, _ in view.model.column_cells(view.model.notes_column))
    for width in (SIDE_MIN, 340, 410, 520, 760, 1100):
        view.resize(width, 640)
        settle()
        where = f"{language} {len(names)} players {width} px"
        assert not widget_problems(view), (where, widget_problems(view))
        table, model = view.table, view.model
        if width >= 410 and len(names) == 3:
            assert not table.horizontalScrollBar().isVisible(), where
            for s in range(len(names)):
                c = model.player_column(s)
                end = table.columnViewportPosition(c) + table.columnWidth(c)
                assert not table.isColumnHidden(c) and end <= table.viewport().width(), where
        if table.isColumnHidden(2):  # the declarer is named by the game's tooltip
            tip = model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole)
            assert model.index(0, 2).data() in tip, where


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_statistics_figures_are_whole_beside_the_charts(qtbot, qapp, store, language):
    """Beside the charts (a 640 px panel) the figures' labels were cut short ("Anteil an
    den mitgespielten Spielen"); the figures now get the width their labels need, and a
    panel too narrow for that puts them above the charts."""
    set_language(qapp, language)
    view = StatisticsView(store)
    qtbot.addWidget(view)
    view.show()
    for width in (SIDE_MIN, 560, 640, 760, 1000, 1300):
        view.resize(width, 700)
        settle()
        where = f"{language} {width} px"
        assert not widget_problems(view.figures), (where, widget_problems(view.figures))
        beside = view.splitter.orientation() == Qt.Orientation.Horizontal
        if width >= 1000 or width <= 560:
            assert beside == (width >= 1000), where


def test_the_legend_explains_the_marks_only_beside_their_column(qtbot, qapp, store):
    """A narrow sheet of a series without any mark leaves its notes column out; its legend
    still listed the marks (B, R, K, Re, Ü, ✎) that nothing on screen showed."""
    ids = [store.add_player(n) for n in ("Anna-Lena Sommer", "Bert", "Cleo", "Dora")]
    sid = store.create_series("Evening", "2026-01-09", ids, ISKO, planned_deals=36)
    SeriesService(store, sid).add_entry({"kind": "passed_in"})
    view = ScoreSheetView(store, sid)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.summary is not None and not view.busy, timeout=20000)
    notes = view.model.notes_column
    for width in (SIDE_MIN, 1100):
        view.resize(width, 640)
        settle()
        hidden = view.table.isColumnHidden(notes)
        assert hidden == (width == SIDE_MIN), width
        assert ("Bock round" in view.legend.text()) != hidden, view.legend.text()
        assert "Small numbers" in view.legend.text()

@pytest.mark.parametrize("language", ["en", "de"])
def test_the_charts_name_every_game_type_in_a_short_panel(qtbot, qapp, store, language):
    """In the side panel of a 700 px window the bar charts were so low that Qt cut every
    game type's name to "…" (or left it out, where a category's row is lower than a line);
    each chart is now as high as its names need."""
    from PySide6.QtGui import QFontMetricsF

    set_language(qapp, language)
    _a_long_sheet(store, ("Anna", "Bert", "Cleo"))
    view = StatisticsView(store)
    qtbot.addWidget(view)
    view.show()
    view.resize(SIDE_MIN, 480)
    settle()
    view.player_box.setCurrentIndex(1)
    qtbot.waitUntil(lambda: not view.busy, timeout=20000)
    for chart_view in (view.game_chart, view.rate_chart):
        view.tabs.setCurrentWidget(chart_view)
        settle()
        chart = chart_view.chart()
        axis = chart.axes(Qt.Orientation.Vertical)[0]
        row = chart.plotArea().height() / axis.count()
        line = QFontMetricsF(axis.labelsFont()).height()
        assert row >= line + 4, (language, axis.categories(), row, line)


# ---------------------------------------------------------------------- history and combos


def _side_tab(
    qtbot, tmp_path, store, language: str, key: str, *sheets, early: bool = False
) -> MainWindow:
    """A 1920 x 1080 window with the side panel on tab ``key``, built on an empty ``store``
    that then gets ``sheets`` (player names) as a new series fills it (``early``: stored
    before the window is built); ``language`` "en-de": built in English, then switched
    to German (View → Language)."""
    app = QApplication.instance()
    first, *then = language.split("-")
    set_language(app, first)
    if early:
        for names in sheets:
            _a_long_sheet(store, names)
        sheets = ()
    window = _fresh_window(qtbot, tmp_path, store, name=f"{key}-{language}.ini")
    resize_window(window, 1920, 1080)
    window.show_side_panel(key)
    view = window.history_view if key == HISTORY else window.stats_view
    qtbot.waitUntil(lambda: not view.busy, timeout=20000)
    for names in sheets:
        _a_long_sheet(store, names)
    view.set_store(store)  # as the window's views follow a new series
    qtbot.waitUntil(lambda: not view.busy, timeout=20000)
    for code in then:
        set_language(app, code)
    settle()
    return window


PANEL_WIDTHS = (SIDE_MIN, 410, 760, 1920)  # the least, beside 1024 px, and wider


@pytest.mark.parametrize("language", ["en", "de", "en-de"])
def test_the_history_list_is_whole_in_the_side_panel_at_every_width(
    qtbot, tmp_path, store, language
):
    """The History tab's deal list cut "Alleinspieler" at 280 px and "(beginner 3)" and
    "Kreuz Hand Schneider angesagt" short ("…") at 640 px, and after a switch from English
    kept the English widths ("Datum" cut). Now its game and declarer wrap onto more lines
    (all rows one height), the date and the number give way, and every width is
    measured anew in the new language; the list never scrolls sideways."""
    sheets = (("Anna", "beginner 2", "beginner 3"), ("Anna-Lena Sommer", "Bert", "Cleo", "Dora"))
    window = _side_tab(qtbot, tmp_path, store, language, HISTORY, *sheets)
    view = window.history_view
    assert view.deal_count() == 18
    for width in PANEL_WIDTHS:
        window.resizeDocks([window.side_dock], [width], Qt.Orientation.Horizontal)
        settle()
        where = f"{language} {window.side_dock.width()} px"
        faults = widget_problems(window.side_dock)
        assert not faults, (where, faults)
        deals = view.deal_list
        assert not deals.horizontalScrollBar().isVisible(), where
        assert not deals.isColumnHidden(1 + 3), where  # the score
        # the rows in sight, scrolled through: none cut (the checker looks at those in sight)
        for row in range(0, view.deal_count(), 3):
            deals.scrollTo(view.list_model.index(row, 0))
            settle(1)
            assert not widget_problems(deals), (where, row, widget_problems(deals))
    window.close()


@pytest.mark.parametrize(("language", "early"), [("de", True), ("de", False), ("en-de", False)])
def test_the_statistics_filters_show_their_choice_whole(qtbot, tmp_path, store, language, early):
    """Built in English before a series was stored, then switched to German, the
    statistics' rules box kept the width of "All rule profiles" and cut "Alle
    Regelprofile"; built in German, the charts' tab bar was narrower than its tabs. A
    combo box is now never narrower than its current text, the tabs never hidden."""
    sheet = ("Anna", "beginner 2", "beginner 3")
    window = _side_tab(qtbot, tmp_path, store, language, STATS, sheet, early=early)
    assert window.stats_view.profile_box.currentText() == "Alle Regelprofile"
    for width in PANEL_WIDTHS:
        window.resizeDocks([window.side_dock], [width], Qt.Orientation.Horizontal)
        settle()
        faults = widget_problems(window.side_dock)
        assert not faults, (language, width, faults)
    window.close()


def test_the_checker_faults_a_closed_combo_that_cuts_its_text_not_a_long_item(qtbot):
    box = QComboBox()
    qtbot.addWidget(box)
    box.addItems(["Alle Regelprofile", "Internationale Skatordnung (eingebaut)"])
    box.show()
    box.setFixedWidth(box.fontMetrics().horizontalAdvance("Alle Regelprofile") // 2)
    settle()
    assert "is cut" in (combo_problem(box) or "")
    from skat_desktop.gui.combo_width import text_width

    box.setFixedWidth(text_width(box))  # the current text whole, the long item not
    settle()
    assert combo_problem(box) is None
    box.setCurrentIndex(1)
    settle()
    assert "is cut" in (combo_problem(box) or "")


def test_the_checker_faults_widgets_of_a_flow_box_placed_over_each_other(qtbot):
    """A flow box places its widgets by hand (no layout), so the layouts' overlap check
    never looked at them: a filter row drawn over itself went unseen."""
    box = FlowBox()
    qtbot.addWidget(box)
    a, b = QPushButton("Offen"), QPushButton("Alle Jahre")
    box.add(a)
    box.add(b)
    box.resize(box.sizeHint())
    box.show()
    settle()
    assert not widget_problems(box)
    b.move(a.x() + a.width() // 2, a.y())  # as a box that grew where it stood
    assert any("overlaps" in f for f in widget_problems(box))


# ---------------------------------------------------------------------- the game log's tab


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_game_log_tab_widens_the_side_panel_and_its_close_button_takes_it_away(
    qtbot, qapp, tmp_path, store, language
):
    """Four tabs need more than :data:`SIDE_MIN`: the game log is a tab only once asked for,
    and then the side panel is at least as wide as all four titles, at 1024 x 700 too."""
    set_language(qapp, language)
    window = _fresh_window(qtbot, tmp_path, store, name="log.ini")
    resize_window(window, 1024, 700)
    tabs = window.side_tabs
    assert [tabs.widget(i).property("sidePanel") for i in range(tabs.count())] == [
        "sheet",
        "statistics",
        "history",
    ]
    # not a tab: owned by the window (it dies with it, on the GUI thread) and not shown
    assert window.game_log.parent() is window and not window.game_log.isVisible()
    window.act_log.trigger()
    settle()
    assert tabs.currentWidget() is window.game_log
    window.resizeDocks([window.side_dock], [SIDE_MIN], Qt.Orientation.Horizontal)
    settle()
    bar = tabs.tabBar()
    need = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    assert need > SIDE_MIN and bar.width() >= need
    assert widget_problems(window.side_dock) == []
    assert window.view.width() >= window.view.least_width()
    assert window.settings.game_log_tab  # the next window has it too
    close = window.findChild(QToolButton, "CloseGameLog")
    close.click()
    settle()
    assert tabs.indexOf(window.game_log) < 0 and not window.settings.game_log_tab
    assert not window.game_log.isVisible() and window.game_log.window() is window
    window.resizeDocks([window.side_dock], [SIDE_MIN], Qt.Orientation.Horizontal)
    settle()
    assert window.side_dock.width() <= SIDE_MIN + 8  # back to three tabs' width


def test_the_game_log_tab_never_widens_a_small_window(qtbot, qapp, tmp_path, store):
    """800 x 500 to use (1600 x 1000 at 200 %): the four titles do not fit beside the
    table, so the tabs scroll instead of pushing the window past the screen's edge; a
    larger window gives them their whole width again."""
    set_language(qapp, "de")
    window = _fresh_window(qtbot, tmp_path, store, name="small-log.ini")
    resize_window(window, 784, 460)
    window.show_game_log()
    settle()
    assert window.width() == 784
    assert window.side_tabs.minimumWidth() == SIDE_MIN
    resize_window(window, 1024, 700)
    settle()
    bar = window.side_tabs.tabBar()
    assert bar.width() >= sum(bar.tabSizeHint(i).width() for i in range(bar.count()))


def _add_table_tab(window, tmp_path) -> None:
    """A networked table's tab, as the window adds it when it joins a table (a link that
    knows its table and seats, no host needed)."""
    from skat_desktop.gui.lan_link import CONNECTED, LanLink, TablePanel
    from skat_desktop.net.client import ClientTable
    from skat_desktop.net.remote import RemoteTable

    settings = QSettings(str(tmp_path / "link.ini"), QSettings.Format.IniFormat)
    link = LanLink(window, settings=settings)
    client = ClientTable("stammtisch")
    client.joined, client.seat, client.names = True, 0, ("Anna", "Ben", "Kai")
    client.seat_infos = tuple(
        {"seat": s, "name": n, "kind": "human", "level": None, "connected": True}
        for s, n in enumerate(client.names)
    )
    link.remote = RemoteTable(client, lambda _frame: None)
    link.state = CONNECTED
    panel = TablePanel(link)
    panel.setProperty("sidePanel", LAN_TABLE)
    panel.setObjectName(f"SidePanel-{LAN_TABLE}")
    window.lan_panel = panel
    window.add_side_panel(window._side_titles()[LAN_TABLE], panel, show=False)
    panel.refresh()
    window._fit_side_tabs()
    settle()


def _tab_in_sight(bar: QTabBar, index: int) -> bool:
    """Tab ``index`` whole between the ends of the bar and its scroll buttons."""
    room = bar.rect()
    for arrow in bar.findChildren(QToolButton):
        if arrow.objectName().startswith("Scroll") and arrow.isVisible():
            room.setRight(min(room.right(), arrow.x() - 1))
    return room.contains(bar.tabRect(index))


def _every_tab_reached(qtbot, window, where: str) -> None:
    """Each tab of the side panel brought into sight with the scroll buttons (as a mouse
    would), clicked, and then whole with its title and its close button; the checker finds
    nothing cut in the side panel."""
    bar = window.side_tabs.tabBar()
    arrows = {a.objectName(): a for a in bar.findChildren(QToolButton)}
    for index in range(bar.count()):
        for _ in range(bar.count() * 2):
            if _tab_in_sight(bar, index):
                break
            ahead = bar.tabRect(index).left() >= 0
            arrow = arrows["ScrollRightButton" if ahead else "ScrollLeftButton"]
            assert arrow.isVisible() and arrow.isEnabled(), (where, index)
            qtbot.mouseClick(arrow, Qt.MouseButton.LeftButton)
            settle(1)
        assert _tab_in_sight(bar, index), (where, bar.tabText(index))
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
        settle()
        assert bar.currentIndex() == index, (where, bar.tabText(index))
        assert bar.elideMode() == Qt.TextElideMode.ElideNone  # the title is whole
        assert bar.tabRect(index).width() >= bar.tabSizeHint(index).width(), where
        close = bar.tabButton(index, QTabBar.ButtonPosition.RightSide)
        if close is not None:
            assert close.isVisible() and bar.rect().contains(close.geometry()), where
        faults = widget_problems(window.side_dock)
        assert not faults, (where, bar.tabText(index), faults)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_game_log_and_table_tabs_let_the_window_shrink_as_far_as_without(
    qtbot, qapp, tmp_path, store, language
):
    """With the game log's tab open the window would not get narrower than 844 px (893 px
    with a networked table's tab too): the side panel's minimum was its tabs' titles, and
    it became the window's. The minimum is :data:`SIDE_MIN` whatever the tabs; a window
    with the room shows every title whole, a smaller one scrolls the tabs, every one of
    them (and the log's close button) a click away and whole once there."""
    set_language(qapp, language)
    window = _fresh_window(qtbot, tmp_path, store, name=f"tabs-{language}.ini")
    resize_window(window, 1024, 700)
    set_side(window, "default")
    least = window.minimumSizeHint().width()
    assert least <= 784
    resize_window(window, 784, 460)  # the table's width there without the two tabs
    table_w = window.view.width()
    resize_window(window, 1024, 700)
    window.show_game_log()
    _add_table_tab(window, tmp_path)
    settle()
    bar = window.side_tabs.tabBar()
    assert bar.count() == 5
    assert window.minimumSizeHint().width() == least
    # at 1024 x 700 the titles fit beside the table: all of them whole, none scrolled
    assert bar.width() >= sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    assert window.view.width() >= window.view.least_width()
    assert widget_problems(window.side_dock) == []
    resize_window(window, 784, 460)
    settle()
    assert window.width() == 784 and window.side_dock.isVisible()
    assert window.view.width() == table_w
    _every_tab_reached(qtbot, window, f"{language} 784x460")
    # the player drags the splitter to its end: the same
    window.resizeDocks([window.side_dock], [SIDE_MIN], Qt.Orientation.Horizontal)
    settle()
    _every_tab_reached(qtbot, window, f"{language} 784x460 narrowest")
    resize_window(window, 1024, 700)  # larger again: every title whole once more
    settle()
    assert bar.width() >= sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    assert widget_problems(window.side_dock) == []
    window.close()


def test_the_checker_faults_a_scrolling_tab_bar_whose_current_tab_is_out_of_sight(qtbot):
    """A tab bar narrower than its tabs is cut, unless it scrolls (``scrollsTabs``) and
    shows its current tab whole."""
    from PySide6.QtWidgets import QTabWidget, QWidget

    from .fit_walk import tab_bar_problem

    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    for title in ("Spielliste", "Statistik", "Verlauf", "Spielverlauf", "Tisch"):
        tabs.addTab(QWidget(), title)
    tabs.setUsesScrollButtons(True)
    tabs.setElideMode(Qt.TextElideMode.ElideNone)
    tabs.resize(SIDE_MIN, 200)
    tabs.show()
    settle()
    bar = tabs.tabBar()
    assert "tabs need" in (tab_bar_problem(bar) or "")
    bar.setProperty("scrollsTabs", True)
    for index in range(bar.count()):
        bar.setCurrentIndex(index)
        settle()
        assert tab_bar_problem(bar) is None, index
    bar.setCurrentIndex(bar.count() - 1)
    settle()
    for arrow in bar.findChildren(QToolButton):
        if arrow.objectName() == "ScrollLeftButton":
            while arrow.isEnabled():  # scrolled away from the current tab
                arrow.click()
    settle()
    assert "not whole in sight" in (tab_bar_problem(bar) or "")
    tabs.setElideMode(Qt.TextElideMode.ElideRight)
    settle()
    assert "elides" in (tab_bar_problem(bar) or "")
