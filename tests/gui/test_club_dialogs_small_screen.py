"""The club desk's dialogs on the smallest screen the program supports: 784 x 460 to use (a
1568 x 920 screen at 200 %). Each lies inside the screen's room with room left for a title
bar, its buttons in sight and no text cut, in English and German: the audit trail and a
player's statistics (sized 940 x 420 and 960 x 640 where the screen has the room), a new
club evening (its fields and tables scroll, its buttons stay), and the smaller dialogs
(correction, signing, reopening, export), also grown for what they say before they are
shown. Each opens over the middle of its window: it is sized before Qt places it.

A screen's size is fixed when the application starts, so one process of its own shows every
dialog in both languages on the offscreen platform with that screen and reports what it
found; each test reads its dialog's part.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .test_no_clipping import _run_scaled

SCREEN = (1568, 920)  # device pixels; at scale factor 2 the room is 784 x 460
FRAME = (16, 40)
"""What a desktop's frame and title bar add to a window (the offscreen platform adds 2 px a
side); the program leaves the same (``screen_room.FRAME_ROOM``)."""
LANGUAGES = ("en", "de")
DIALOGS = (
    "audit",
    "player-statistics",
    "new-evening",  # as it opens: one table, its note "Enter three or four players."
    "new-evening-two-tables",  # two tables filled in, as in the screenshots
    "correction",
    "correction-grown",  # its deal read and a refused game's reason before it is shown
    "sign",
    "sign-grown",  # a long title and the line that the database is for viewing only
    "reopen",  # with the line that a reason is missing
    "export",
)

SHOW_EVERY_DIALOG = """
import json, shutil, tempfile, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QPoint, QRect
from PySide6.QtWidgets import QDialogButtonBox, QWidget
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui.app import create_application
from skat_desktop.gui.club_admin import AuditDialog, PlayerStatsDialog, SignDialog
from skat_desktop.gui.club_entry import CorrectionDialog, NewEveningDialog
from skat_desktop.gui.club_files import ExportDialog
from skat_desktop.gui.store_worker import StoreWriter, wait_for_jobs
from skat_desktop.store.repository import Store
from tests.gui.fit_walk import set_language, settle_layout, widget_problems

app = create_application()
assert app.devicePixelRatio() == 2, app.devicePixelRatio()
work = Path(tempfile.mkdtemp())
store = Store.open(work / "club.sqlite3")
three, four = ("Anna", "Bernd", "Karl-Heinz Böttcher"), ("Carla", "Dieter", "Erika", "Frank")
ids = {n: store.ensure_player(n) for n in (*three, *four)}
LONG_TITLE = ("Vereinsmeisterschaft 2026, dritter Klubabend im Gasthaus Zur Linde: Tisch 2"
              " (vom Protokoll des Schriftführers nachgetragen)")

def games(svc, count):
    for i in range(count):
        dealer = svc.next_context()[0]
        seat = (dealer + 1 + i % 2) % svc.info.table_size
        svc.add_entry({"kind": "game", "declarer": seat, "bid": 18, "won": i % 3 != 2,
                       "contract": {"game": ("clubs", "grand", "spades")[i % 3]}, "matadors": 1})

signed = SeriesService(store, store.create_series(
    "Klubabend – Tisch 1", "2026-11-27", [ids[n] for n in three], ISKO, planned_deals=6,
    place="Gasthaus Zur Linde"))
games(signed, 6)
signed.close("Anna")
signed.reopen("Erika", "Spiel 2: drei Spitzen, nicht zwei")
signed.correct(2, "Erika", "drei Spitzen, nicht zwei", {"kind": "game", "declarer": 1,
               "contract": {"game": "grand"}, "bid": 24, "won": True, "matadors": 3})
signed.close("Anna")
open_ = SeriesService(store, store.create_series(
    "Klubabend – Tisch 2", "2026-11-27", [ids[n] for n in four], HOUSE, planned_deals=32,
    place="Gasthaus Zur Linde", stake_cents=0.5))
games(open_, 8)
writer = StoreWriter(store)
parent = QWidget()  # the club desk, as large as the room
parent.resize(784, 460)
parent.show()

def wait(done, what):
    end = time.monotonic() + 30
    while not done():
        if time.monotonic() > end:
            raise TimeoutError(what)
        wait_for_jobs(5)
        QCoreApplication.processEvents()
    settle_layout()

def evening(tables):
    dialog = NewEveningDialog(store, writer, parent)
    def ready():
        wait(lambda: dialog.players.rowCount() > 0, "the club's players")
        if tables == 2:
            dialog.add_table()
            for box, names in zip(dialog.tables, (three, four)):
                for edit, name in zip(box.seats, names):
                    edit.setText(name)
    return dialog, ready

def make(name):
    sid = signed.info.id
    if name == "audit":
        d = AuditDialog(store, sid, parent)
        return d, lambda: wait(lambda: d.view.trail is not None and not d.view.busy, name)
    if name == "player-statistics":
        d = PlayerStatsDialog(store, ids["Karl-Heinz Böttcher"], parent)
        return d, lambda: wait(lambda: d.view.stats is not None and not d.view.busy, name)
    if name == "new-evening":
        return evening(1)
    if name == "new-evening-two-tables":
        return evening(2)
    if name == "correction":
        d = CorrectionDialog(store, writer, open_.info.id, 4, parent)
        return d, lambda: wait(lambda: d.form.ready, name)
    if name == "correction-grown":
        d = CorrectionDialog(store, writer, open_.info.id, 4, parent)
        wait(lambda: d.form.ready, name)
        d.form.fill({"kind": "game", "declarer": d.form.context.seats[1], "bid": 24,
                     "contract": {"game": "grand"}, "won": True, "matadors": 2,
                     "declarer_points": 40})  # won with 40: refused, the reason below
        assert d.form.problem.text()
        return d, None
    if name == "sign-grown":
        d = SignDialog(None, open_.info.id, title=LONG_TITLE, deals=(8, 32), parent=parent)
        return d, None
    if name == "sign":
        d = SignDialog(writer, open_.info.id, title="Klubabend – Tisch 2", deals=(8, 32),
                       parent=parent)
        return d, None
    if name == "reopen":
        d = SignDialog(writer, sid, reopen=True, title="Klubabend – Tisch 1", author="",
                       parent=parent)
        return d, d.submit
    d = ExportDialog(store, [open_.info.id], parent)
    return d, lambda: wait(lambda: bool(d.series), name)

def hidden_buttons(dialog):
    out = []
    for box in dialog.findChildren(QDialogButtonBox):
        for b in box.buttons():
            where = QRect(b.mapTo(dialog, QPoint(0, 0)), b.size())
            whole = b.visibleRegion().boundingRect() == b.rect()
            if not (b.isVisible() and whole and dialog.rect().contains(where)):
                out.append(b.text())
    return out

seen = {}
for language in LANGUAGES:
    set_language(app, language)
    for name in DIALOGS:
        dialog, ready = make(name)
        dialog.show()
        opened = dialog.geometry().center() - parent.geometry().center()
        if ready is not None:
            ready()
        settle_layout()
        seen.setdefault(name, {})[language] = {
            "window": dialog.geometry().getRect(),
            "frame": dialog.frameGeometry().getRect(),
            "room": dialog.screen().availableGeometry().getRect(),
            "off_centre": (opened.x(), opened.y()),
            "hidden_buttons": hidden_buttons(dialog),
            "problems": widget_problems(dialog),
        }
        dialog.close()
        dialog.deleteLater()
        settle_layout()
writer.close()
wait_for_jobs()
store.close()
shutil.rmtree(work, ignore_errors=True)
print("SEEN " + json.dumps(seen))
"""


@pytest.fixture(scope="module")
def seen(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """What the dialogs showed on the small screen: by dialog, by language."""
    code = f"LANGUAGES, DIALOGS = {LANGUAGES!r}, {DIALOGS!r}\n" + SHOW_EVERY_DIALOG
    done = _run_scaled(tmp_path_factory.mktemp("small-screen"), code, screen=SCREEN)
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(x for x in done.stdout.splitlines() if x.startswith("SEEN "))
    return json.loads(line.removeprefix("SEEN "))


def faults(found: dict[str, Any]) -> list[str]:
    """What is wrong with one dialog on the small screen: larger than the room (with a
    title bar: the offscreen platform draws none), outside it, a button out of sight, text
    cut or widgets overlapping."""
    out: list[str] = []
    _x, _y, width, height = found["window"]
    rx, ry, room_w, room_h = found["room"]
    fx, fy, fw, fh = found["frame"]
    if width + FRAME[0] > room_w or height + FRAME[1] > room_h:
        out.append(f"{width} x {height} and a title bar do not fit {room_w} x {room_h}")
    if fx < rx or fy < ry or fx + fw > rx + room_w or fy + fh > ry + room_h:
        out.append(f"the window {found['frame']} lies outside the room {found['room']}")
    out += [f"the button {text!r} is out of sight" for text in found["hidden_buttons"]]
    return out + found["problems"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("dialog", DIALOGS)
def test_a_club_dialog_fits_the_smallest_screen_with_its_buttons_in_sight(seen, dialog, language):
    found = seen[dialog][language]
    assert found["room"][2:] == [784, 460]
    assert not faults(found), (dialog, language, faults(found))
    assert max(map(abs, found["off_centre"])) <= 3, (dialog, language, found["off_centre"])


def test_where_the_screen_has_the_room_a_new_evening_grows_instead_of_scrolling(
    qtbot, store, writer
):
    """On the offscreen platform's own screen (800 x 800) the evening opens over the middle
    of its window and its page shows all of it: a second table and each table's note ("Enter
    three or four players.") make the dialog taller, as they did before its page scrolled."""

    from skat_desktop.gui.club_entry import NewEveningDialog

    from .fit_walk import settle_layout, widget_problems

    window = small_window(qtbot)
    dialog = NewEveningDialog(store, writer, window)
    dialog.show()
    settle_layout()
    off_centre = dialog.geometry().center() - window.geometry().center()
    assert abs(off_centre.x()) <= 3 and abs(off_centre.y()) <= 3, off_centre
    first = dialog.height()
    dialog.add_table()
    settle_layout()
    assert dialog.height() > first
    assert dialog.page.verticalScrollBar().maximum() == 0
    assert dialog.screen().availableGeometry().contains(dialog.frameGeometry())
    assert widget_problems(dialog) == []


def test_a_dialog_whose_lines_grow_past_the_screen_grows_wider_and_stays_inside_it(qtbot):
    """A line said once the sign dialog is shown (the store's reason, here as long as it
    gets) makes it as tall as the screen's room allows and no taller, wider so that its
    lines wrap into that height, and inside the room with nothing cut: it used to grow as
    tall as the text, its buttons below the screen."""

    from skat_desktop.gui.club_admin import SignDialog

    from .fit_walk import settle_layout, widget_problems

    window = small_window(qtbot)
    dialog = SignDialog(None, 1, title="Klubabend – Tisch 2", parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    settle_layout()
    first = dialog.width()
    room = dialog.screen().availableGeometry()
    reason = " ".join(f"Spiel {n}: die Punkte passen nicht zum Ergebnis." for n in range(90))
    dialog._tell(reason, True)
    settle_layout()
    assert dialog.height() + FRAME[1] <= room.height(), (dialog.size(), room)
    assert room.contains(dialog.frameGeometry()), (dialog.frameGeometry(), room)
    assert dialog.width() > first  # its lines wrap into the room's height
    assert widget_problems(dialog) == []
    assert dialog.status.isVisible() and dialog.ok_button.isVisible()


def test_a_new_evening_resized_by_the_user_stays_where_it_is_put(qtbot, store, writer):
    """The window manager's or the user's resizing (dragging an edge, or the window across
    screens) is left alone, even past the screen's edge: the dialog is moved back into the
    room only when it grew by itself (a table or a reason added)."""
    from PySide6.QtCore import QRect

    from skat_desktop.gui.club_entry import NewEveningDialog

    from .fit_walk import settle_layout

    window = small_window(qtbot)
    dialog = NewEveningDialog(store, writer, window)
    dialog.show()
    settle_layout()
    room = dialog.screen().availableGeometry()
    put = QRect(dialog.x(), room.bottom() - 200, dialog.width(), dialog.height() + 40)
    dialog.windowHandle().setPosition(put.topLeft())  # dragged partly below the screen
    settle_layout()
    dialog.windowHandle().resize(put.size())  # then made taller: as the window system does
    settle_layout()
    assert dialog.geometry() == put, (dialog.geometry(), put)
    dialog.add_table()  # grown by itself: back inside the room
    settle_layout()
    assert room.contains(dialog.frameGeometry()), (dialog.frameGeometry(), room)


def small_window(qtbot) -> Any:
    """A shown window of the least size (784 x 460) for a dialog to open over."""
    from PySide6.QtWidgets import QWidget

    window = QWidget()
    qtbot.addWidget(window)
    window.setGeometry(8, 40, 784, 460)
    window.show()
    return window
