"""Render the main window in its main situations to PNG files (real widgets, offscreen).

    QT_QPA_PLATFORM=offscreen python benchmarks/screenshots.py --out shots/

Writes ``welcome.png``, ``bidding.png``, ``skat.png``, ``discard.png``, ``declare.png``,
``play.png``, ``last-trick.png``, ``end-of-deal.png``, ``ramsch.png``, ``ramsch-end.png``,
``kontra.png``, ``four-players.png``, ``german-deck.png``, ``dark.png``,
``small-1024x700.png`` and ``large-2560x1440.png`` (the table alone), then with a database open
and the side panel: ``side-sheet.png`` (the score sheet following a series, during the third
deal), ``side-statistics.png``, ``side-history.png`` (a stored deal replayed),
``side-sheet-dark.png``, ``side-statistics-dark.png``, ``side-small-1024x700.png``,
``side-large-2560x1440.png``; and in German (language ``de``): ``german-bidding.png``,
``german-play.png``, ``german-end-of-deal.png``, ``german-side-sheet.png``,
``german-side-statistics.png``, ``german-side-history.png``, ``german-dark.png`` and
``german-new-game.png`` (the new-game dialog).

With ``--matrix`` it renders instead what ``tests/gui/test_no_clipping.py`` checks: every
situation of :class:`tests.gui.fit_walk.Walk` (bidding, skat, Hand game, Hand Ouvert, discard,
declare, play, the claim asked, the last trick, the deal's end, the series' end, Ramsch, Kontra,
a table of four) at 1024 x 700, 1280 x 720, 1366 x 768, 1920 x 1080 and 2560 x 1440, with the
side panel closed, at its default width and as wide as the table lets it be, in English and
German, as ``matrix/<situation>-<language>-<side>-<W>x<H>.png``; each file's faults, if any,
are printed after its name. ``--scale 2`` renders at scale factor 2 (``QT_SCALE_FACTOR``: the
same sizes in device-independent pixels, twice the pixels); ``--sizes``, ``--languages``,
``--sides`` and ``--situations`` take comma-separated subsets (``--sizes`` any ``WxH``, e.g.
the smallest window, 784x460; the walk stops after the last situation asked for).

Other views add their own shots (a score sheet, statistics) by appending a function
``shot(window, driver, out)`` to :data:`EXTRA_SHOTS`; it is called with a window whose
first deal is over (after ``end-of-deal.png``) and uses :func:`shoot` to save.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QSettings
from PySide6.QtWidgets import QApplication

from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver
from skat_desktop.engine.actions import Bid, Hold, Play
from skat_desktop.gui.app import create_application
from skat_desktop.gui.i18n import install_translations
from skat_desktop.gui.main_window import HISTORY, SHEET, STATS, MainWindow
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.settings import NewGameChoices, Settings
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

EXTRA_SHOTS: list[Callable[[MainWindow, Driver, Path], None]] = []
"""More situations to render, added by other views' modules (see the module docstring)."""


class Driver:
    """Plays the human's part through the real panels until a situation is reached."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def settle(self, timeout_ms: int = 20000) -> None:
        """Let computers move and animations finish until the human is asked (or the end)."""
        clock = QElapsedTimer()
        clock.start()
        while clock.elapsed() < timeout_ms:
            QCoreApplication.processEvents()
            s = self.w.session
            if s is None:
                return
            if self.w.scene.busy or s.worker.busy("think") or s._pending_advance:
                continue
            if isinstance(s.need, (HumanTurn, DealOver, SeriesOver)):
                self.w.pictures.wait()
                QCoreApplication.processEvents()
                return
        raise TimeoutError("the table did not come to rest")

    @property
    def need(self):
        return self.w.session.need

    def human_step(self, bid_on: bool = True) -> None:
        """One decision of the human: bid on (or pass), pick up, discard, declare, play."""
        w = self.w
        need = self.need
        if not isinstance(need, HumanTurn):
            if isinstance(need, DealOver):
                w.deal_over.next_button.click()
                self.settle()
            return
        if need.interjection:
            w.interjection.no.click()
            self.settle()
            return
        phase = need.view.phase
        if phase == "bidding":
            if bid_on and any(type(a) in (Bid, Hold) for a in need.legal):
                (
                    w.bidding.bid_button
                    if w.bidding.bid_button.isVisible()
                    else w.bidding.hold_button
                ).click()
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
                for c in [c for c in w.scene.bottom_order() if w.scene.discardable >> c & 1][:2]:
                    w.scene.activate(c)
                w.discard_panel.put_down.click()
        elif phase == "play":
            plays = [a.card for a in need.legal if type(a) is Play]
            w.scene.activate(plays[0])
        self.settle()

    def until(self, done: Callable[[], bool], bid_on: bool = True, limit: int = 400) -> None:
        self.settle()
        for _ in range(limit):
            if done():
                return
            self.human_step(bid_on)
        raise RuntimeError("the situation was not reached")


def make_window(
    settings_dir: Path,
    size: tuple[int, int] = (1280, 800),
    scheme: str = "light",
    deck: str = "french",
    store=None,
    language: str = "en",
    side: bool = False,
) -> MainWindow:
    """A main window; ``side`` shows the side panel (score sheet, statistics, history)."""
    app = create_application()
    install_translations(app, language)
    qs = QSettings(
        str(settings_dir / f"{scheme}-{deck}-{language}-{int(side)}.ini"),
        QSettings.Format.IniFormat,
    )
    settings = Settings(qs)
    settings.animation_speed = 0
    settings.color_scheme = scheme
    settings.deck_id = deck
    settings.language = language
    window = MainWindow(settings, store, synchronous_pictures=True)
    window.side_dock.setVisible(side)
    window.resize(*size)
    window.show()
    QCoreApplication.processEvents()
    return window


def settle_views(window: MainWindow, timeout_ms: int = 30000) -> None:
    """Wait until the side panel's views have read the database and drawn it."""
    clock = QElapsedTimer()
    clock.start()
    views = [v for v in (window.sheet_view, window.stats_view, window.history_view) if v]
    while clock.elapsed() < timeout_ms:
        wait_for_jobs(50)
        QCoreApplication.processEvents()
        if not any(v.busy for v in views):
            break
    for _ in range(5):
        QCoreApplication.processEvents()


def side_shot(window: MainWindow, key: str, path: Path) -> None:
    window.show_side_panel(key)
    settle_views(window)
    if key == HISTORY and window.history_view.deal_count():
        window.history_view.deal_list.selectRow(0)
        settle_views(window)
        window.history_view.step_to(12)
    settle_views(window)
    shoot(window, path)


def shoot(window, path: Path) -> None:
    pictures = getattr(window, "pictures", None)
    if pictures is not None:
        pictures.wait()
    QCoreApplication.processEvents()
    window.grab().save(str(path))
    print(path)


def at_play(d: Driver, tricks: int = 1) -> Callable[[], bool]:
    return lambda: (
        isinstance(d.need, HumanTurn)
        and d.need.view.phase == "play"
        and len(d.need.view.tricks) >= tricks
    )


def side_shots(tmp: Path, out: Path, seed: int) -> None:
    """The side panel beside the table, with a database that the series fills."""
    store = Store.open(tmp / "side.sqlite3")
    try:
        w = make_window(tmp, store=store, side=True)
        start(w, seed=seed, length=12)
        d = Driver(w)
        for _ in range(2):  # two deals on the sheet, the third one under way
            d.until(lambda: isinstance(d.need, DealOver))
            d.human_step()
        d.until(at_play(d, 2))
        side_shot(w, SHEET, out / "side-sheet.png")
        side_shot(w, STATS, out / "side-statistics.png")
        side_shot(w, HISTORY, out / "side-history.png")
        w.close()

        w = make_window(tmp, store=store, side=True, scheme="dark")
        start(w, seed=seed + 3, length=12)
        d = Driver(w)
        d.until(at_play(d, 3))
        side_shot(w, SHEET, out / "side-sheet-dark.png")
        side_shot(w, STATS, out / "side-statistics-dark.png")
        w.close()

        for name, size in (("small-1024x700", (1024, 700)), ("large-2560x1440", (2560, 1440))):
            w = make_window(tmp, size=size, store=store, side=True)
            start(w, seed=seed + 4, length=12)
            d = Driver(w)
            d.until(at_play(d, 1))
            side_shot(w, SHEET, out / f"side-{name}.png")
            w.close()
    finally:
        wait_for_jobs()
        store.close()


def german_shots(tmp: Path, out: Path, seed: int) -> None:
    """The table, the side panel and the new-game dialog in German."""
    store = Store.open(tmp / "german.sqlite3")
    try:
        w = make_window(tmp, store=store, language="de")
        start(w, seed=seed, length=12, practice=True)
        d = Driver(w)
        d.until(lambda: isinstance(d.need, HumanTurn) and d.need.view.phase == "bidding")
        shoot(w, out / "german-bidding.png")
        d.until(at_play(d, 2))
        shoot(w, out / "german-play.png")
        d.until(lambda: isinstance(d.need, DealOver))
        shoot(w, out / "german-end-of-deal.png")
        side_shot(w, SHEET, out / "german-side-sheet.png")
        side_shot(w, STATS, out / "german-side-statistics.png")
        side_shot(w, HISTORY, out / "german-side-history.png")
        dialog = NewGameDialog(w.settings, store, parent=w)
        dialog.show()
        QCoreApplication.processEvents()
        shoot(dialog, out / "german-new-game.png")
        dialog.close()
        w.close()

        w = make_window(tmp, store=store, language="de", scheme="dark", side=True)
        start(w, seed=seed + 5, length=12)
        d = Driver(w)
        d.until(at_play(d, 1))
        side_shot(w, SHEET, out / "german-dark.png")
        w.close()
    finally:
        wait_for_jobs()
        store.close()
        install_translations(QApplication.instance(), "en")


def start(
    window: MainWindow, profile: str = "isko", seats=None, seed: int = 11, practice=False, length=12
):
    seats = seats or ["human", "beginner", "beginner"]
    window.start_game(NewGameChoices("Anna", list(seats), profile, length, practice), seed=seed)


def matrix_shots(tmp: Path, out: Path, args: argparse.Namespace) -> int:
    """Every situation of the fit walk at every size, side panel state and language; the
    number of pictures with a fault (cut or overlapping) is returned."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.gui.fit_walk import (
        SIDES,
        SIZES,
        Walk,
        problems,
        resize_window,
        set_side,
        settle_layout,
    )
    from tests.gui.fit_walk import set_language as switch_language

    def subset(text: str | None, every):
        return every if not text else [x for x in every if str(x) in text.split(",")]

    sizes = args.sizes.split(",") if args.sizes else [f"{w}x{h}" for w, h in SIZES]
    languages = subset(args.languages, ["en", "de"])
    sides = subset(args.sides, list(SIDES))
    only = args.situations.split(",") if args.situations else None
    left = set(only or ())
    folder = out / "matrix"
    folder.mkdir(parents=True, exist_ok=True)
    store = Store.open(tmp / "matrix.sqlite3")
    faulty = 0
    try:
        w = make_window(tmp, store=store)
        app = QApplication.instance()
        for situation in Walk(w).situations():
            if only and situation.name not in only:
                continue
            for language in languages:
                switch_language(app, language)
                for side in sides:
                    for size in sizes:
                        width, height = (int(n) for n in size.split("x"))
                        resize_window(w, width, height)
                        set_side(w, side)
                        if situation.setup is not None:
                            situation.setup()
                        settle_layout()
                        path = folder / f"{situation.name}-{language}-{side}-{size}.png"
                        shoot(w, path)
                        found = problems(w)
                        faulty += bool(found)
                        for line in found:
                            print("   ", line)
            left.discard(situation.name)
            if only and not left:
                break  # no need to play on
        w.close()
    finally:
        wait_for_jobs()
        store.close()
        install_translations(QApplication.instance(), "en")
    return faulty


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="folder for the PNG files")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--matrix", action="store_true", help="sizes x phases x languages")
    ap.add_argument("--scale", type=float, default=0, help="QT_SCALE_FACTOR, e.g. 2")
    ap.add_argument("--sizes", help="e.g. 784x460,2560x1440 (with --matrix)")
    ap.add_argument("--languages", help="e.g. de (with --matrix)")
    ap.add_argument("--sides", help="closed, default, widest (with --matrix)")
    ap.add_argument("--situations", help="e.g. declare,claim (with --matrix)")
    args = ap.parse_args(argv)
    if args.scale:
        os.environ["QT_SCALE_FACTOR"] = f"{args.scale:g}"  # before the application starts
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="skat-shots-"))
    if args.matrix:
        create_application()
        faulty = matrix_shots(tmp, out, args)
        print(f"{faulty} pictures with a fault")
        return 1 if faulty else 0

    w = make_window(tmp)
    shoot(w, out / "welcome.png")
    start(w, seed=args.seed, practice=True)
    d = Driver(w)
    d.until(lambda: isinstance(d.need, HumanTurn) and d.need.view.phase == "bidding")
    shoot(w, out / "bidding.png")
    d.until(lambda: isinstance(d.need, HumanTurn) and d.need.view.phase == "skat")
    shoot(w, out / "skat.png")
    d.human_step()
    for c in w.scene.bottom_order()[-2:]:
        w.scene.activate(c)
    QCoreApplication.processEvents()
    shoot(w, out / "discard.png")
    w.discard_panel.put_down.click()
    d.settle()
    shoot(w, out / "declare.png")
    d.until(
        lambda: (
            isinstance(d.need, HumanTurn)
            and d.need.view.phase == "play"
            and len(d.need.view.tricks) >= 2
            and len(d.need.view.trick) >= 1
        )
    )
    shoot(w, out / "play.png")
    w.show_last_trick()
    shoot(w, out / "last-trick.png")
    w.scene.hide_last_trick()
    d.until(lambda: isinstance(d.need, DealOver))
    shoot(w, out / "end-of-deal.png")
    for extra in EXTRA_SHOTS:
        extra(w, d, out)
    w.close()

    w = make_window(tmp)
    start(w, profile="house", seed=args.seed + 1, length=0)
    d = Driver(w)
    d.until(
        lambda: (
            isinstance(d.need, HumanTurn)
            and d.need.view.phase == "play"
            and d.need.view.game is not None
            and d.need.view.game.name == "RAMSCH"
        ),
        bid_on=False,
        limit=2000,
    )
    shoot(w, out / "ramsch.png")
    d.until(lambda: isinstance(d.need, DealOver), False)
    shoot(w, out / "ramsch-end.png")
    d.until(lambda: isinstance(d.need, HumanTurn) and d.need.interjection, False, 2000)
    shoot(w, out / "kontra.png")
    w.close()

    w = make_window(tmp)
    start(w, seats=["human", "beginner", "beginner", "beginner"], seed=args.seed + 2)
    d = Driver(w)
    d.until(lambda: isinstance(d.need, HumanTurn) and d.need.view.phase == "play")
    shoot(w, out / "four-players.png")
    w.close()

    for name, scheme, deck, size in (
        ("german-deck", "light", "german", (1280, 800)),
        ("dark", "dark", "french", (1280, 800)),
        ("small-1024x700", "light", "french", (1024, 700)),
        ("large-2560x1440", "light", "tournament", (2560, 1440)),
    ):
        w = make_window(tmp, size=size, scheme=scheme, deck=deck)
        if size != (1280, 800):  # the table view itself at that size
            bars = w.size() - w.view.size()
            w.resize(size[0] + bars.width(), size[1] + bars.height())
        start(w, seed=args.seed)
        d = Driver(w)
        d.until(
            lambda d=d: (
                isinstance(d.need, HumanTurn)
                and d.need.view.phase == "play"
                and len(d.need.view.tricks) >= 1
            )
        )
        shoot(w, out / f"{name}.png")
        w.close()

    side_shots(tmp, out, args.seed)
    german_shots(tmp, out, args.seed)
    QApplication.instance().processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
