"""Pictures of the club desk (issue 25), made by a script: real widgets, offscreen.

    python benchmarks/screenshots_club.py [--out DIR] [--languages en,de]
        [--sizes 1024x700,1600x1000] [--screen WxH] [--timeout 110]

Builds a club's database in a temporary folder -- a club evening of two tables (a table of
three under the ISkO, 21 games with a correction, signed after a reopening; a table of four
under the club / pub rules with Kontra, Re, Bock rounds and Ramsch, still open), a few
older evenings (one of them played in the program, one last year) and a guest -- opens the
real :class:`~skat_desktop.gui.main_window.MainWindow` on it and its Club menu's desk
(:mod:`skat_desktop.gui.club`), and writes ``<view>-<language>-<W>x<H>.png`` into ``DIR``
(default: a new temporary folder, printed):

- ``sheet-open``: the Score sheets tab with the open table of four, the entry row below the
  sheet typed in part (declarer, game, bid, matadors, won: the value shows);
- ``sheet-refused``: the same row with 40 card points, refused: the engine's reason under it;
- ``sheet-signed``: the same tab with the signed table of three (no entry row: "closed,
  signed by");
- ``list-search``: the series list filtered by a search for a player;
- ``season``: the Season tab (this year's ranking); ``players``: the Players tab;
- ``new-evening``: Club → New club evening… over the main window, two tables filled in;
- ``correction``, ``sign``, ``audit``, ``export``: those dialogs over the desk, each at its
  own size with a plain title bar drawn above it;
- ``print-sheet-<language>.png`` and ``print-ranking-<language>.png``: page 1 of the
  printed score sheet (the signed table) and of the season ranking, as the PDF has them.

Each file's faults as ``tests/gui/fit_walk.py`` finds them (cut or overlapping text) are
printed after its name. The desk is the window's own (one per main window); its dialogs are
made anew in each language. The offscreen screen is as large as the smallest of ``--sizes``
(``--screen`` to choose): the dialogs size themselves to its room, as to a real screen's, and
each must fit the smallest window (``--sizes 784x460``: the smallest screen the program
supports). The work folder is removed at the end; ``--timeout`` bounds the whole run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QIODevice,
    QSize,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication, QWidget

from benchmarks.screenshots import make_window
from benchmarks.screenshots_lan import dialog_picture, sizes_of
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.profiles import HOUSE, ISKO, RuleProfile
from skat_desktop.gui.i18n import install_translations
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store
from tests.gui.fit_walk import set_language as switch_language
from tests.gui.fit_walk import settle_layout, widget_problems

EVENING = "2026-11-27"  # a Friday; the sheets were signed after midnight
SEASON = ("2026-01-01", "2026-12-31")
PLACE = "Gasthaus Zur Linde"
SECRETARY = "Erika"  # who corrects and signs
THREE = ("Anna", "Bernd", "Karl-Heinz Böttcher")  # table 1 (ISkO)
FOUR = ("Carla", "Dieter", "Erika", "Frank")  # table 2 (club / pub rules)
GUEST = "Frank"
SEARCH = "anna"  # the list's search: a player's name as typed, in lower case
OPEN_TYPED = 15  # the table of four has 14 games; the 15th is being typed


# ---------------------------------------------------------------------- time


class Deadline:
    """The whole run's time: every wait asks it, so the script ends in bounded time."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def pump(self, done: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
        """Process events (and wait for the views' readers) until ``done()``."""
        until = min(self.end, time.monotonic() + seconds)
        while not done():
            if time.monotonic() > until:
                left = "the run's time is up" if time.monotonic() > self.end else "timed out"
                raise TimeoutError(f"{what}: {left}")
            wait_for_jobs(5)
            QCoreApplication.processEvents()
        settle_layout()


# ---------------------------------------------------------------------- the club's database


def game(
    pos: int,
    name: str,
    bid: int,
    won: bool = True,
    matadors: int = 1,
    **more: Any,
) -> dict[str, Any]:
    """A declared game as ``db add-game`` stores it; ``pos`` is the declarer's place in the
    deal (0 forehand, 1 middlehand, 2 rearhand: the dealer at four sits out), put to his
    seat when the game is entered. ``more``: hand, ouvert (the contract), with_matadors,
    schneider, schwarz, kontra, declarer_points."""
    contract = {"game": name}
    for key in ("hand", "ouvert"):
        if more.pop(key, False):
            contract[key] = True
    entry = {"kind": "game", "pos": pos, "contract": contract, "bid": bid, "won": won}
    if name != "null":
        entry["matadors"] = matadors
    entry.update(more)
    return entry


def ramsch(points: tuple[int, int, int], tricks: tuple[int, int, int], last: int) -> dict:
    """A Ramsch by place in the deal (card points without the skat, tricks, who took the
    last trick)."""
    return {"kind": "ramsch", "points": points, "tricks": tricks, "last": last}


PASSED_IN = {"kind": "passed_in"}

TABLE_ONE = [  # ISkO at three: 21 games
    game(0, "clubs", 24),
    game(1, "hearts", 20),
    game(2, "grand", 48),
    game(0, "spades", 33, won=False, matadors=2),
    game(1, "null", 23),
    game(2, "diamonds", 27, matadors=2, schneider=True),
    PASSED_IN,
    game(1, "spades", 30, matadors=2),  # corrected: three matadors, not two
    game(2, "grand", 60, matadors=2, hand=True),
    game(0, "hearts", 18, won=False, with_matadors=False),
    game(1, "null", 46, ouvert=True),
    game(2, "clubs", 22, matadors=2, with_matadors=False),
    game(0, "diamonds", 18),
    game(1, "grand", 24, won=False),
    game(2, "spades", 23, matadors=2),
    game(0, "hearts", 20, schneider=True),
    game(1, "clubs", 24, matadors=3),
    game(2, "null", 35, won=False, hand=True),
    game(0, "grand", 30, schneider=True),
    game(1, "spades", 22),
    game(2, "diamonds", 20, won=False, matadors=2),
]

TABLE_TWO = [  # club / pub rules at four: 14 games so far
    game(0, "clubs", 24),
    ramsch((45, 38, 27), (4, 3, 3), 0),
    game(1, "hearts", 20, kontra=1),
    game(2, "spades", 22, won=False, kontra=2),  # Kontra and Re: a Bock round follows
    game(0, "grand", 24),
    game(1, "diamonds", 18),
    game(2, "null", 23, won=False),
    game(0, "clubs", 36, matadors=2),
    game(1, "grand", 48, hand=True),  # a Grand Hand won: another Bock round
    game(2, "hearts", 30, matadors=2),
    ramsch((30, 52, 28), (3, 4, 3), 1),
    game(0, "spades", 27, won=False, declarer_points=60),  # lost with 60: Bock again
    game(1, "clubs", 18, with_matadors=False),
    game(2, "diamonds", 20, matadors=2, kontra=1),
]


def enter(svc: SeriesService, spec: dict[str, Any]) -> int:
    """Store ``spec`` as the series' next game; its places become the deal's seats."""
    dealer, _bock, _ramsch_round = svc.next_context()
    seats = active_seats(svc.info.table_size, dealer)
    n = svc.info.table_size
    entry = {k: v for k, v in spec.items() if k not in ("pos", "last")}
    if spec["kind"] == "game":
        entry["declarer"] = seats[spec["pos"]]
    elif spec["kind"] == "ramsch":
        points, tricks = [0] * n, [0] * n
        for pos, seat in enumerate(seats):
            points[seat], tricks[seat] = spec["points"][pos], spec["tricks"][pos]
        entry.update(
            points=points,
            tricks=tricks,
            last_trick=seats[spec["last"]],
            skat_points=120 - sum(points),
        )
    return svc.add_entry(entry)


BIDS = sorted({b * level for b in (9, 10, 11, 12, 24) for level in range(2, 8)} | {23, 35, 46, 59})


def random_game(rng: random.Random, profile: RuleProfile) -> dict[str, Any]:
    """A plausible game of an older evening (most won, few Null, now and then an all-pass
    deal: passed in or Ramsch as the rules say)."""
    if rng.random() < 0.05:
        return (
            ramsch((50, 40, 20), (4, 4, 2), rng.randrange(2)) if profile.plays_ramsch else PASSED_IN
        )
    pos = rng.randrange(3)
    won = rng.random() < 0.72
    if rng.random() < 0.08:
        hand, ouvert = rng.random() < 0.3, rng.random() < 0.2
        value = profile.null_value(hand, ouvert)
        return game(pos, "null", value, won=won, hand=hand, ouvert=ouvert)
    name = rng.choice(["clubs", "spades", "hearts", "diamonds", "grand", "clubs", "grand"])
    base = profile.base(["clubs", "spades", "hearts", "diamonds", "grand"].index(name))
    matadors = rng.choice([1, 1, 1, 2, 2, 3, 4])
    hand = rng.random() < 0.08
    schneider = rng.random() < 0.15
    value = base * (matadors + 1 + hand)
    bid = rng.choice([b for b in BIDS if b <= value][:4])
    more: dict[str, Any] = {"hand": hand, "schneider": schneider}
    if rng.random() < 0.3:
        more["with_matadors"] = False
    if profile.kontra and rng.random() < 0.1:
        more["kontra"] = 1
    return game(pos, name, bid, won=won, matadors=matadors, **more)


@dataclass
class Club:
    """The ids the pictures need."""

    path: Path
    signed: int  # the table of three, signed
    open: int  # the table of four, open
    players: dict[str, int] = field(default_factory=dict)


class Clock:
    """The store's clock while the club's past is written: each stored time (a series
    made, a deal, a signature, a correction) at the evening it belongs to, a minute after
    the one before, so the audit trail and "signed ... at" read as at a real table (and the
    pictures are the same at every run)."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 1, 1, tzinfo=UTC)

    def set(self, when: str) -> None:
        """The next time stored is ``when`` (``YYYY-MM-DD HH:MM``, UTC)."""
        self.moment = datetime.fromisoformat(when).replace(tzinfo=UTC)

    def __call__(self) -> str:
        now = self.moment
        self.moment += timedelta(minutes=1)
        return now.isoformat(timespec="seconds")


OLDER = (  # (title, date, players, rules, deals entered, planned, closed)
    ("Weihnachtsskat", "2025-12-12", (*THREE, "Carla"), ISKO, 32, 32, True),
    ("Klubabend – Tisch 1", "2026-10-30", ("Anna", "Carla", "Horst"), ISKO, 24, 24, True),
    ("Klubabend – Tisch 2", "2026-10-30", ("Bernd", "Dieter", "Gerda"), ISKO, 24, 24, True),
    ("Stammtisch", "2026-11-13", FOUR, HOUSE, 28, 32, True),
    ("Pokalrunde", "2026-11-20", ("Anna", "Dieter", THREE[2]), ISKO, 18, 36, False),
)


def build_club(path: Path) -> Club:
    """The club's database: the evening of two tables and its older evenings."""
    from skat_desktop.store import repository

    clock = Clock()
    with mock.patch.object(repository, "now", clock):
        store = Store.open(path)
        try:
            return _write_club(store, clock, path)
        finally:
            store.close()


def _write_club(store: Store, clock: Clock, path: Path) -> Club:
    clock.set("2025-09-01 18:00")
    ids = {n: store.ensure_player(n) for n in (*THREE, *FOUR, "Gerda", "Horst")}
    store.set_guest(ids[GUEST], True)
    rng = random.Random(25)
    for title, day, names, profile, deals, planned, closed in OLDER:
        clock.set(f"{day} 18:30")
        sid = store.create_series(
            title,
            day,
            [ids[n] for n in names],
            profile,
            planned_deals=planned,
            place=PLACE,
            stake_cents=0.5 if profile is HOUSE else 0.0,
            source="entered",
        )
        svc = SeriesService(store, sid)
        while svc.next_number <= deals:
            try:
                enter(svc, random_game(rng, profile))
            except ImpossibleEntry:
                continue
        if closed:
            clock.set(f"{day} 23:15")
            svc.close("Anna")
    clock.set("2026-11-22 15:00")
    played = store.create_series(
        "Übungsrunde", "2026-11-22", [ids[n] for n in ("Bernd", "Carla", "Gerda")], ISKO, 12
    )
    _play(store, played, 6)

    clock.set(f"{EVENING} 18:45")
    signed = store.create_series(
        "Klubabend – Tisch 1",
        EVENING,
        [ids[n] for n in THREE],
        ISKO,
        planned_deals=len(TABLE_ONE),
        place=PLACE,
        source="entered",
    )
    open_ = store.create_series(
        "Klubabend – Tisch 2",
        EVENING,
        [ids[n] for n in FOUR],
        HOUSE,
        planned_deals=32,
        place=PLACE,
        stake_cents=0.5,
        source="entered",
    )
    clock.set(f"{EVENING} 19:05")
    one, two = SeriesService(store, signed), SeriesService(store, open_)
    for spec in TABLE_ONE[:12]:
        enter(one, spec)
    for spec in TABLE_TWO:
        enter(two, spec)
    for spec in TABLE_ONE[12:]:
        enter(one, spec)
    clock.set(f"{EVENING} 22:52")
    one.close("Anna")
    clock.set(f"{EVENING} 22:58")
    one.reopen(SECRETARY, "Spiel 8: drei Spitzen, nicht zwei")
    _correct(one, 8, dict(TABLE_ONE[7], matadors=3))
    clock.set(f"{EVENING} 23:04")
    one.close("Anna")
    return Club(path, signed, open_, ids)


def _correct(svc: SeriesService, number: int, spec: dict[str, Any]) -> None:
    """Correct deal ``number`` to ``spec`` (its places put to the deal's seats)."""
    row = next(r for r in svc.store.deal_sources(svc.info.id) if r["number"] == number)
    seats = active_seats(svc.info.table_size, row["dealer"])
    entry = {k: v for k, v in spec.items() if k != "pos"}
    entry["declarer"] = seats[spec["pos"]]
    svc.correct(number, SECRETARY, "drei Spitzen, nicht zwei", entry)


def _play(store: Store, series_id: int, deals: int) -> None:
    """Deals played in the program by computer players (the list says so)."""
    from skat_desktop.ai.levels import make_player
    from skat_desktop.app.selfplay import deal_seeds, play_deal
    from skat_desktop.engine.deal import Deal, DealSetup
    from skat_desktop.engine.dealing import deal_from_seed

    svc = SeriesService(store, series_id)
    rng = random.Random(7)
    players = [make_player("beginner", rng.randrange(1 << 30)) for _ in range(3)]
    seeds = deal_seeds(7)
    for _ in range(deals):
        s = next(seeds)
        dealer, bock, ramsch_round = svc.next_context()
        setup = DealSetup(ISKO, deal_from_seed(s), s, 3, dealer, bock, ramsch_round)
        svc.record_played(play_deal(Deal(setup), players))


# ---------------------------------------------------------------------- pictures


class Camera:
    """Saves pictures into ``out`` and prints each with its faults."""

    def __init__(self, out: Path, deadline: Deadline) -> None:
        self.out = out
        self.deadline = deadline
        self.saved = 0
        self.faulty = 0

    def save(self, name: str, window: QWidget, dialog: QWidget | None = None) -> None:
        """``window`` (and ``dialog`` over its middle, with a title bar) into ``name``."""
        pictures = getattr(window, "pictures", None)
        if pictures is not None:
            pictures.wait()
        settle_layout()
        picture = window.grab()
        found: list[str] = []
        if dialog is not None:
            top = dialog_picture(dialog)
            if top.width() > picture.width() or top.height() > picture.height():
                found.append(
                    f"the dialog ({dialog.width()} x {dialog.height()}) is larger than the window"
                )
            painter = QPainter(picture)
            x = max(0, (picture.width() - top.width()) // 2)
            y = max(0, (picture.height() - top.height()) // 2)
            painter.drawPixmap(x, y, top)
            painter.setPen(QPen(QColor("#30343a"), 1))
            painter.drawRect(x, y, top.width() - 1, top.height() - 1)
            painter.end()
            found += widget_problems(dialog)
        else:
            found += widget_problems(window)
        self.write(name, picture.toImage(), found)

    def write(self, name: str, image: QImage, found: Sequence[str] = ()) -> None:
        """``image`` as ``<name>.png``; ``found``: its faults, printed under its name."""
        path = self.out / f"{name}.png"
        if not image.save(str(path)):
            raise RuntimeError(f"{path} could not be written")
        self.saved += 1
        self.faulty += bool(found)
        print(path, flush=True)
        for line in found:
            print("   ", line, flush=True)


def fit_desk(desk: QWidget, size: tuple[int, int]) -> None:
    """The desk at ``size``: two fifths for the list, the rest for the sheet (as it opens)."""
    desk.resize(*size)
    settle_layout()
    whole = desk.splitter.width()
    desk.splitter.setSizes([whole * 2 // 5, whole - whole * 2 // 5])
    settle_layout()


def open_series(desk: Any, deadline: Deadline, series_id: int) -> None:
    """Open ``series_id`` on the Score sheets tab and wait until its header, its sheet and
    its entry row are read."""
    desk.tabs.setCurrentIndex(0)
    desk.open_series(series_id)
    page = desk.page

    def shown() -> bool:
        form = desk.entry_form
        return (
            page.header is not None
            and page.sheet.summary is not None
            and not page.sheet.busy
            and not desk.series_list.busy
            and (form is None or form.ready)
        )

    deadline.pump(shown, f"series {series_id} was not shown")


def type_row(desk: Any, deadline: Deadline) -> None:
    """The next game typed in part: middlehand's Grand, bid 24, with 2, won."""
    form = desk.entry_form
    deadline.pump(lambda: form.ready and form.context.number == OPEN_TYPED, "the entry row")
    form.declarer.setCurrentIndex(1)
    form.game.setCurrentIndex(form.game.findData("grand"))
    form.bid.setText("24")
    form.matadors.setValue(2)
    form.result.setCurrentIndex(0)
    form.result.setFocus()
    settle_layout()


def refuse_row(desk: Any) -> None:
    """The typed game won with 40 card points, Enter pressed: refused, with the reason."""
    form = desk.entry_form
    form.points.setValue(40)
    form.points.setFocus()
    form.submit()
    settle_layout()


def desk_shots(
    camera: Camera, window: MainWindow, club: Club, tag: str, size: tuple[int, int]
) -> None:
    """The desk's tabs at ``size``, and its dialogs over it."""
    from skat_desktop.gui.club_admin import AuditDialog, SignDialog
    from skat_desktop.gui.club_entry import CorrectionDialog
    from skat_desktop.gui.club_files import ExportDialog

    deadline = camera.deadline
    desk = window.club.open_desk()
    fit_desk(desk, size)

    open_series(desk, deadline, club.open)
    type_row(desk, deadline)
    camera.save(f"sheet-open-{tag}", desk)
    refuse_row(desk)
    camera.save(f"sheet-refused-{tag}", desk)

    def dialog_shot(name: str, dialog: QWidget, ready: Callable[[], bool]) -> None:
        dialog.show()
        deadline.pump(ready, f"the {name} dialog")
        camera.save(f"{name}-{tag}", desk, dialog)
        dialog.close()
        dialog.deleteLater()
        settle_layout()

    writer = desk.page.writer
    correction = CorrectionDialog(desk.store, writer, club.open, 4, desk)
    form = correction.form

    def corrected() -> bool:
        if not form.ready:
            return False
        if not form.author.text():
            form.kontra.setCurrentIndex(form.kontra.findData(1))
            form.author.setText(SECRETARY)
            form.reason.setText("Re war nicht angesagt")
        return True

    dialog_shot("correction", correction, corrected)
    title = desk.page.header.listing.title
    sign = SignDialog(writer, club.open, title=title, settings=window.settings, parent=desk)
    sign.author_edit.setText("Carla")
    dialog_shot("sign", sign, lambda: True)
    export = ExportDialog(desk.store, [club.open], desk)
    dialog_shot("export", export, lambda: bool(export.series))

    desk.entry_form.fill(None)  # else opening another series asks whether to drop it
    open_series(desk, deadline, club.signed)
    camera.save(f"sheet-signed-{tag}", desk)
    audit = AuditDialog(desk.store, club.signed, desk)
    dialog_shot("audit", audit, lambda: audit.view.trail is not None and not audit.view.busy)

    desk.series_list.set_search(SEARCH)
    deadline.pump(lambda: not desk.series_list.busy, "the search")
    camera.save(f"list-search-{tag}", desk)
    desk.series_list.set_search("")

    season = desk.season_view
    desk.tabs.setCurrentWidget(season)
    if season.current_filter().date_from != SEASON[0]:
        season.set_range(*SEASON)
    deadline.pump(lambda: not season.busy and bool(season.rows), "the season ranking")
    camera.save(f"season-{tag}", desk)

    players = desk.players_view
    desk.tabs.setCurrentWidget(players)
    deadline.pump(lambda: not players.busy and bool(players.players), "the players")
    players.select_player(club.players[GUEST])
    camera.save(f"players-{tag}", desk)
    desk.tabs.setCurrentIndex(0)


def evening_shot(camera: Camera, window: MainWindow, tag: str) -> None:
    """Club → New club evening… over the main window: next Friday's two tables."""
    from PySide6.QtCore import QDate

    from skat_desktop.gui.club_entry import NewEveningDialog

    dialog = NewEveningDialog(window.store, window.writer, window)
    dialog.show()
    camera.deadline.pump(lambda: dialog.players.rowCount() > 0, "the club's players")
    dialog.title_edit.setText("Klubabend")
    dialog.date.setDate(QDate(2026, 12, 4))
    dialog.place.setText(PLACE)
    dialog.profile_box.setCurrentIndex(dialog.profile_box.findData("isko"))
    dialog.add_table()
    for box, names in zip(dialog.tables, (THREE, FOUR), strict=True):
        for edit, name in zip(box.seats, names, strict=False):
            edit.setText(name)
    dialog.tables[1].dealer.setCurrentIndex(1)
    settle_layout()
    camera.save(f"new-evening-{tag}", window, dialog)
    dialog.close()
    dialog.deleteLater()
    settle_layout()


def page_image(pdf: bytes, width: int = 1000) -> QImage:
    """Page 1 of ``pdf`` on white paper, ``width`` pixels wide."""
    from PySide6.QtPdf import QPdfDocument

    data = QByteArray(pdf)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    doc = QPdfDocument()
    doc.load(buffer)
    if doc.status() != QPdfDocument.Status.Ready:
        raise RuntimeError(f"the printed PDF cannot be read: {doc.error()}")
    points = doc.pagePointSize(0)
    size = QSize(width, round(width * points.height() / points.width()))
    page = doc.render(0, size)
    paper = QImage(size, QImage.Format.Format_RGB32)
    paper.fill(QColor("white"))
    painter = QPainter(paper)
    painter.drawImage(0, 0, page)
    painter.end()
    doc.close()
    return paper


def print_shots(camera: Camera, store: Store, club: Club, language: str) -> None:
    """Page 1 of the signed table's printed sheet and of this season's ranking."""
    from skat_desktop.app.statistics import StatsFilter
    from skat_desktop.gui.club_admin import read_season
    from skat_desktop.gui.club_print import (
        pdf_bytes,
        ranking_document,
        read_printed_sheet,
        sheet_document,
    )

    flt = StatsFilter(date_from=SEASON[0], date_to=SEASON[1])
    for name, document in (
        ("sheet", sheet_document(read_printed_sheet(store, club.signed))),
        ("ranking", ranking_document(read_season(store, flt, "seeger_fabian"))),
    ):
        pdf, _pages = pdf_bytes(document)  # as "Save as PDF" writes it
        camera.write(f"print-{name}-{language}", page_image(pdf))


def run(
    work: Path, out: Path, languages: list[str], sizes: list[tuple[int, int]], deadline: Deadline
) -> Camera:
    """Build the club in ``work``, open the window and its desk on it, and take every
    picture in every language and size; the window and its database are closed after."""
    camera = Camera(out, deadline)
    t = time.monotonic()
    club = build_club(work / "club.sqlite3")
    print(f"the club's database: {time.monotonic() - t:.1f} s", flush=True)
    store = Store.open(club.path)
    window = make_window(work, size=sizes[0], store=store, language=languages[0])
    try:
        deadline.pump(lambda: window.writer is not None, "the window's writer")
        app = QApplication.instance()
        for language in languages:
            switch_language(app, language)
            for width, height in sizes:
                tag = f"{language}-{width}x{height}"
                window.resize(width, height)
                settle_layout()
                desk_shots(camera, window, club, tag, (width, height))
                evening_shot(camera, window, tag)
            print_shots(camera, store, club, language)
    finally:
        desk = window.club.desk
        if desk is not None:
            if desk.entry_form is not None:
                desk.entry_form.fill(None)  # nothing typed is left to ask about
            desk.close()
        window.close()
        wait_for_jobs()
        store.close()
    return camera


def _qt_message(_mode: QtMsgType, _context: object, message: str) -> None:
    """Qt's messages, less the offscreen platform's notes on what it cannot do (raise a
    window, pass size hints to a window manager) that every dialog would print."""
    if not message.startswith("This plugin does not support"):
        print(message, file=sys.stderr, flush=True)


def use_screen(work: Path, size: tuple[int, int]) -> None:
    """The offscreen platform with one screen of ``size`` (its room for the dialogs), unless
    another platform was chosen; before the application is made."""
    if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        return
    config = work / "screen.json"
    width, height = size
    screens = [{"name": "shots", "x": 0, "y": 0, "width": width, "height": height}]
    config.write_text(json.dumps({"screens": screens}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="folder for the PNG files (default: a new temporary one)")
    ap.add_argument("--languages", default="en,de", help="e.g. en,de")
    ap.add_argument("--sizes", default="1024x700,1600x1000", help="desk sizes, e.g. 1024x700")
    ap.add_argument(
        "--screen", help="the offscreen screen, e.g. 1366x768 (default: the smallest size)"
    )
    ap.add_argument("--timeout", type=float, default=110.0, help="seconds for the whole run")
    args = ap.parse_args(argv)
    languages = [x for x in args.languages.split(",") if x]
    sizes = sizes_of(args.sizes)
    screen = sizes_of(args.screen)[0] if args.screen else tuple(map(min, zip(*sizes, strict=True)))
    if not languages:
        raise SystemExit("--languages: give at least one, e.g. en")
    if args.timeout <= 0:
        raise SystemExit("--timeout must be a positive number of seconds")
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="skat-club-shots-"))
    out.mkdir(parents=True, exist_ok=True)
    print(f"pictures in {out}", flush=True)
    work = Path(tempfile.mkdtemp(prefix="skat-club-work-"))
    started = time.monotonic()
    qInstallMessageHandler(_qt_message)
    use_screen(work, screen)
    app = QApplication.instance()
    if app is None:  # the window's own application (named for its settings)
        from skat_desktop.gui.app import create_application

        app = create_application()
    try:
        camera = run(work, out, languages, sizes, Deadline(args.timeout))
    except (TimeoutError, RuntimeError) as e:
        print(f"screenshots_club: error: {e}", file=sys.stderr)
        return 1
    finally:
        install_translations(app, "en")
        shutil.rmtree(work, ignore_errors=True)
    print(
        f"{camera.saved} pictures, {camera.faulty} with a fault, in"
        f" {time.monotonic() - started:.0f} s; pictures in {out}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
