"""The pictures of README.md and docs/user-guide.md, made by a script (never by hand).

    python scripts/docs_screenshots.py [--out docs/images] [--only table,sheet] [--timeout 420]

Real widgets drawn offscreen at 1280 x 800, scale factor 1, in English (two in German), from
fixed seeds, a fixed clock and a fixed day, so that running it again gives the same
pictures. It reuses the benchmarks' screenshot machinery (``benchmarks/screenshots.py`` for
the card table, ``screenshots_club.py`` for the club's database and desk,
``screenshots_lan.py`` for a LAN host with scripted players) and writes:

- ``bidding.png``, ``profile-editor.png`` (Game → Rule profiles… over it), ``declare.png``,
  ``table.png`` (the third deal in play, cards on the table, the score sheet beside it),
  ``sheet.png`` (the sheet of the finished series), ``history.png`` (a stored deal
  replayed with open cards and the double-dummy analysis) -- one series at the table;
- ``table-de.png``: the table with its score sheet in German;
- ``club-desk.png`` (the series list and a signed club sheet), ``club-entry.png`` (a game
  typed into the entry row), ``statistics.png`` (a club player's statistics in the side
  panel), ``club-desk-de.png`` -- the club's database of ``screenshots_club.py``;
- ``lan-lobby.png``: the lobby of a LAN host on 127.0.0.1 (a ``skat-desktop serve`` child
  process and scripted players).

Every picture is checked for cut or overlapping text (``tests/gui/fit_walk.py``) and a fault
is printed under its name; PNGs are written with the strongest compression and, if still
larger than :data:`MAX_BYTES`, with fewer colours. The exit status is 1 if a picture could
not be made.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["QT_SCALE_FACTOR"] = "1"  # one pixel per pixel on every machine

from PySide6.QtCore import QCoreApplication, Qt, qInstallMessageHandler  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from benchmarks.screenshots import Driver, make_window, settle_views, start  # noqa: E402
from benchmarks.screenshots_club import (  # noqa: E402
    Camera,
    Clock,
    Deadline,
    _qt_message,
    build_club,
    fit_desk,
    open_series,
    type_row,
)
from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver  # noqa: E402
from skat_desktop.gui.i18n import install_translations  # noqa: E402
from skat_desktop.gui.main_window import HISTORY, SHEET, STATS, MainWindow  # noqa: E402
from skat_desktop.gui.store_worker import wait_for_jobs  # noqa: E402
from skat_desktop.store.repository import Store  # noqa: E402
from tests.gui.fit_walk import set_language, settle_layout  # noqa: E402

SIZE = (1280, 800)
SEED = 9  # the deals at the table: Anna wins the first auction, five games of six
DAY = dt.date(2026, 11, 27)  # "today" for series made at the table
SERIES_DEALS = 6  # the series at the table: short, so that its end is in a picture
HISTORY_DEAL = 5  # a Grand lost by a computer: the analysis has something to say
DESK_LIST = 0.45  # the desk's share for its series list (its filters in one row in German)
MAX_BYTES = 300_000
GROUPS: dict[str, tuple[str, ...]] = {
    "table": ("bidding", "profile-editor", "declare", "table", "sheet", "history"),
    "german": ("table-de",),
    "club": ("club-desk", "club-entry", "statistics", "club-desk-de"),
    "lan": ("lan-lobby",),
}
SHOTS = tuple(name for names in GROUPS.values() for name in names)


class Pictures(Camera):
    """The screenshots' camera, writing small PNGs and only the pictures asked for."""

    def __init__(self, out: Path, deadline: Deadline, wanted: set[str]) -> None:
        super().__init__(out, deadline)
        self.wanted = set(wanted)

    def wants(self, *names: str) -> bool:
        """Whether any of ``names`` is still to be taken."""
        return bool(self.wanted & set(names))

    def save(self, name: str, window: QWidget, dialog: QWidget | None = None) -> None:
        if name in self.wanted:
            super().save(name, window, dialog)

    def write(self, name: str, image: QImage, found=()) -> None:
        self.wanted.discard(name)
        path = self.out / f"{name}.png"
        small = small_png(image)
        path.write_bytes(small)
        self.saved += 1
        self.faulty += bool(found)
        print(f"{path} ({image.width()} x {image.height()}, {len(small) // 1024} KB)", flush=True)
        for line in found:
            print("   ", line, flush=True)


def small_png(image: QImage) -> bytes:
    """``image`` as PNG bytes, strongest compression; fewer colours if it is still large."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    def encode(img: QImage) -> bytes:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not img.save(buffer, "PNG", 0):  # quality 0: zlib's strongest compression
            raise RuntimeError("a picture could not be encoded as PNG")
        buffer.close()
        return bytes(data.data())

    plain = image.convertToFormat(QImage.Format.Format_RGB32)  # no alpha channel to store
    data = encode(plain)
    if len(data) > MAX_BYTES:
        flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither
        data = encode(plain.convertToFormat(QImage.Format.Format_Indexed8, flags))
    return data


@contextlib.contextmanager
def fixed_time() -> Iterator[None]:
    """Series made at the table are dated :data:`DAY` and stored at fixed times, so the
    sheets' headers read the same at every run."""
    from skat_desktop.app import table as app_table
    from skat_desktop.gui import main_window
    from skat_desktop.store import repository

    class Day(dt.date):
        @classmethod
        def today(cls) -> dt.date:
            return DAY

    clock = Clock()
    clock.set(f"{DAY.isoformat()} 19:00")
    with (
        mock.patch.object(repository, "now", clock),
        mock.patch.object(app_table, "date", Day),
        mock.patch.object(main_window, "date", Day),
    ):
        yield


def side_at(window: MainWindow, key: str, share: float) -> None:
    """The side panel's tab ``key`` taking ``share`` of the window's width (as far as the
    table lets it), its views read and drawn."""
    window.show_side_panel(key)
    settle_layout()
    width = window._side_bounded(window.width() * share)
    window.resizeDocks([window.side_dock], [width], Qt.Orientation.Horizontal)
    settle_views(window)
    settle_layout()


class CoachedDriver(Driver):
    """The screenshots' driver with a ``beginner`` computer player deciding for the human
    (bids, skat, game, cards): Anna bids and plays as a sensible player would, so the
    series' sheet holds games rather than a row of passed-in deals."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        from skat_desktop.ai.levels import make_player

        self.coach = make_player("beginner", SEED)

    def human_step(self, bid_on: bool = True) -> None:
        need = self.need
        if not isinstance(need, HumanTurn) or need.interjection:
            super().human_step(bid_on)
            return
        self.w.session.apply(self.coach.choose(need.view))
        self.settle()


def playing(d: Driver, tricks: int, cards_on_table: int = 1) -> Callable[[], bool]:
    """The human's turn to play, ``tricks`` tricks done and cards in the current one."""
    return lambda: (
        isinstance(d.need, HumanTurn)
        and not d.need.interjection
        and d.need.view.phase == "play"
        and len(d.need.view.tricks) >= tricks
        and len(d.need.view.trick) >= cards_on_table
    )


def phase(d: Driver, name: str) -> Callable[[], bool]:
    return lambda: (
        isinstance(d.need, HumanTurn) and not d.need.interjection and d.need.view.phase == name
    )


# ---------------------------------------------------------------------- the table


def table_shots(work: Path, camera: Pictures) -> None:
    """One short series at the table: its moments, then its sheet, a deal replayed."""
    store = Store.open(work / "table.sqlite3")
    window = make_window(work, size=SIZE, store=store, side=False)
    try:
        start(window, seed=SEED, length=SERIES_DEALS)
        d = Driver(window)
        d.until(phase(d, "bidding"))
        camera.save("bidding", window)
        if camera.wants("profile-editor"):
            profile_editor_shot(camera, window, store)
        if not camera.wants("declare", "table", "sheet", "history"):
            return
        d.until(phase(d, "skat"))
        d.human_step()  # picks up the skat
        for card in window.scene.bottom_order()[-2:]:
            window.scene.activate(card)
        window.discard_panel.put_down.click()
        d.settle()
        camera.save("declare", window)
        if not camera.wants("table", "sheet", "history"):
            return
        d = CoachedDriver(window)  # Anna bid on to declare the first deal; now she thinks
        for _ in range(2):  # two deals on the sheet, the third one under way
            d.until(lambda: isinstance(d.need, DealOver))
            d.human_step()
        d.until(playing(d, 2))
        side_at(window, SHEET, 0.36)
        camera.save("table", window)
        if not camera.wants("sheet", "history"):
            return
        d.until(lambda: isinstance(d.need, SeriesOver), limit=800)
        side_at(window, SHEET, 0.5)
        camera.save("sheet", window)
        if camera.wants("history"):
            history_shot(camera, window)
    finally:
        window.close()
        wait_for_jobs()
        store.close()


def profile_editor_shot(camera: Pictures, window: MainWindow, store: Store) -> None:
    """Game → Rule profiles…: a copy of the club / pub rules, its Kontra page open."""
    from skat_desktop.gui.profile_editor import SECTIONS, ProfileEditor

    dialog = ProfileEditor(store, current="house", parent=window)
    dialog.copy_profile()
    dialog.name_edit.setText("friday")
    dialog.title_edit.setText("Friday club")
    dialog.name_edit.deselect()
    kontra = next(i for i, s in enumerate(SECTIONS) if "Kontra" in s.title)
    dialog.sections.setCurrentRow(kontra)
    dialog.show()
    dialog.sections.setFocus()  # the pages have the keyboard, the name is not selected
    settle_layout()
    camera.save("profile-editor", window, dialog)
    dialog.reject()
    dialog.deleteLater()
    settle_layout()


def history_shot(camera: Pictures, window: MainWindow) -> None:
    """View → History, wide: a lost Grand replayed with the open-card analysis, at the
    first card that cost points after the first tricks."""
    side_at(window, HISTORY, 0.75)
    history = window.history_view
    camera.deadline.pump(lambda: history.deal_count() >= 2 and not history.busy, "the history")
    rows = history.list_model.rows
    row = next(i for i, r in enumerate(rows) if r.number == HISTORY_DEAL)
    history.deal_list.selectRow(row)
    settle_views(window)
    history.set_analysis(True)
    camera.deadline.pump(
        lambda: history.analysis is not None and not history.busy, "the deal's analysis", 60
    )
    # the first card that cost points after the first tricks: the note under the board
    costly = sorted(s for s, a in history._analysis_by_step.items() if a.cost)
    history.step_to(next((s for s in costly if s >= 12), costly[0] if costly else 24))
    settle_views(window)
    camera.save("history", window)


def german_shots(work: Path, camera: Pictures) -> None:
    """The table in German, its score sheet beside it, in the second deal."""
    store = Store.open(work / "german.sqlite3")
    window = make_window(work, size=SIZE, store=store, language="de", side=True)
    try:
        start(window, seed=SEED + 1, length=12)
        d = Driver(window)
        d.until(lambda: isinstance(d.need, DealOver))
        d.human_step()
        d.until(playing(d, 2))
        side_at(window, SHEET, 0.36)
        camera.save("table-de", window)
    finally:
        window.close()
        wait_for_jobs()
        store.close()
        install_translations(QApplication.instance(), "en")


# ---------------------------------------------------------------------- the club


def show_desk(window: MainWindow) -> Any:
    """The club desk at :data:`SIZE`, its series list at :data:`DESK_LIST` of the width."""
    desk = window.club.open_desk()
    fit_desk(desk, SIZE)
    whole = desk.splitter.width()
    desk.splitter.setSizes([round(whole * DESK_LIST), whole - round(whole * DESK_LIST)])
    settle_layout()
    return desk


def club_shots(work: Path, camera: Pictures) -> None:
    """The club desk on the club's database of ``screenshots_club.py``."""
    deadline = camera.deadline
    club = build_club(work / "club.sqlite3")
    store = Store.open(club.path)
    window = make_window(work, size=SIZE, store=store)
    app = QApplication.instance()
    try:
        deadline.pump(lambda: window.writer is not None, "the window's writer")
        if camera.wants("club-desk", "club-entry"):
            desk = show_desk(window)
            open_series(desk, deadline, club.signed)
            camera.save("club-desk", desk)
            open_series(desk, deadline, club.open)
            type_row(desk, deadline)
            camera.save("club-entry", desk)
            desk.entry_form.fill(None)  # nothing typed is left to ask about
            desk.hide()
        if camera.wants("statistics"):
            window.show_side_panel(STATS)
            settle_views(window)
            window.stats_view.set_player(club.players["Anna"])
            side_at(window, STATS, 0.7)
            camera.save("statistics", window)
        if camera.wants("club-desk-de"):
            set_language(app, "de")
            desk = show_desk(window)
            open_series(desk, deadline, club.signed)
            camera.save("club-desk-de", desk)
    finally:
        desk = window.club.desk
        if desk is not None:
            if desk.entry_form is not None:
                desk.entry_form.fill(None)
            desk.close()
        window.close()
        wait_for_jobs()
        store.close()
        install_translations(app, "en")


# ---------------------------------------------------------------------- the LAN


def lan_shots(work: Path, camera: Pictures) -> None:
    """The lobby of a host on 127.0.0.1: one table playing (two players and a computer, a
    watcher), one waiting for players, a chat line (``screenshots_lan.lobby_shots``)."""
    from benchmarks import screenshots_lan as lan
    from skat_desktop.gui.lan_host import DEFAULT_PORT, HostProcess
    from skat_desktop.net.host import table_id

    deadline = lan.Deadline(max(10.0, camera.deadline.end - time.monotonic()))
    host = HostProcess()
    bots = lan.Bots()
    shots = work / "lan-shots"
    shots.mkdir()
    try:
        specs = [
            f"name={lan.CLUB},profile=isko,seats=open+open+beginner,deals=36",
            f"name={lan.BACK_ROOM},profile=house,seats=open+open+open+beginner,deals=48",
        ]
        settings: dict[str, Any] = dict(
            tables=specs,
            db=work / "lan-host.sqlite3",
            name=lan.CLUB_HOST,
            password=lan.PASSWORD,
            listen=lan.LOOPBACK,
            announce=False,
        )
        try:  # the default port, as the docs say (any free one if it is taken)
            lan.start_hosts(deadline, [(host, dict(settings, port=DEFAULT_PORT))])
        except SystemExit:
            host.stop()
            host = HostProcess()
            lan.start_hosts(deadline, [(host, dict(settings, port=0))])
        port = host.port
        assert port is not None
        slow = {"password": lan.PASSWORD, "think": (0.6, 1.5), "timeout": 20}
        bots.seat("Bernd", port, table_id(lan.CLUB), 0, **slow)
        bots.seat("Carla", port, table_id(lan.CLUB), 1, **slow)
        bots.seat("Emil", port, table_id(lan.CLUB), None, **slow)
        dieter = bots.seat("Dieter", port, table_id(lan.BACK_ROOM), 0, **slow)
        lan.lobby_shots(work / "lan", shots, ["en"], [SIZE], deadline, port, bots, dieter)
        made = shots / f"lobby-en-{SIZE[0]}x{SIZE[1]}.png"
        camera.write("lan-lobby", QImage(str(made)))
    finally:
        bots.close()
        host.stop()


# ---------------------------------------------------------------------- the run


def run(out: Path, wanted: set[str], timeout: float) -> Pictures:
    """Take the pictures ``wanted`` into ``out``, each group of them on its own database."""
    deadline = Deadline(timeout)
    camera = Pictures(out, deadline, wanted)
    work = Path(tempfile.mkdtemp(prefix="skat-docs-shots-"))
    app = QApplication.instance()
    if app is None:
        from skat_desktop.gui.app import create_application

        app = create_application()
    qInstallMessageHandler(_qt_message)
    QCoreApplication.processEvents()
    groups: dict[str, Callable[[Path, Pictures], None]] = {
        "table": table_shots,
        "german": german_shots,
        "club": club_shots,
        "lan": lan_shots,
    }
    try:
        with fixed_time():
            for group, names in GROUPS.items():
                if camera.wants(*names):
                    folder = work / group
                    folder.mkdir()
                    groups[group](folder, camera)
    finally:
        install_translations(app, "en")
        shutil.rmtree(work, ignore_errors=True)
    return camera


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"), help="folder for the PNGs")
    ap.add_argument("--only", help=f"comma-separated subset of: {', '.join(SHOTS)}")
    ap.add_argument("--timeout", type=float, default=420.0, help="seconds for the whole run")
    args = ap.parse_args(argv)
    wanted = set(SHOTS)
    if args.only is not None:
        wanted = {x.strip().removesuffix(".png") for x in args.only.split(",") if x.strip()}
        unknown = sorted(wanted - set(SHOTS))
        if unknown or not wanted:
            ap.error(f"--only: {unknown[0] if unknown else args.only!r} is not a picture")
    if args.timeout <= 0:
        ap.error("--timeout must be a positive number of seconds")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    try:
        camera = run(out, wanted, args.timeout)
    except (TimeoutError, RuntimeError) as e:
        print(f"docs_screenshots: error: {e}", file=sys.stderr)
        return 1
    missing = sorted(camera.wanted)
    print(
        f"{camera.saved} pictures, {camera.faulty} with a fault, in"
        f" {time.monotonic() - started:.0f} s",
        flush=True,
    )
    if missing:
        print(f"docs_screenshots: error: not made: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
