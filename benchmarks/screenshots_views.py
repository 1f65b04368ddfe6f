"""Pictures of the score sheet, statistics and history views, for looking at them.

    python benchmarks/screenshots_views.py --out DIR [--db PATH] [--offscreen]

Builds a demo club database (four players, eight evenings under ISkO, Texas and house rules,
tables of three and four, a correction, a stake, one evening entered by hand from a paper
sheet; the played deals are played by the ``beginner`` computer players), then renders each
view at 1024 x 700 and 2560 x 1440 with a light and a dark palette (``QWidget.grab``) into
``DIR`` and prints how long each view took to show its data.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skat_desktop.ai.levels import make_player
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, TEXAS
from skat_desktop.store.repository import Store

PLAYERS = ("Anna", "Bernd", "Cem", "Dora")
# (title, date, place, seats, profile, deals played, planned, stake in cents per point)
EVENINGS = (
    ("Club evening", "2026-01-09", "Zur Linde", (0, 1, 2), ISKO, 24, 36, 0.0),
    ("Club evening", "2026-01-23", "Zur Linde", (0, 1, 2, 3), ISKO, 32, 48, 0.0),
    ("Pub night", "2026-02-06", "Kneipe am Markt", (1, 2, 3), HOUSE, 30, 36, 1.0),
    ("League match", "2026-02-20", "Austin", (0, 2, 3), TEXAS, 18, 36, 0.0),
    ("Club evening", "2026-03-06", "Zur Linde", (0, 1, 3), ISKO, 36, 36, 0.0),
    ("Pub night", "2026-03-20", "Kneipe am Markt", (0, 1, 2, 3), HOUSE, 28, 48, 0.5),
    ("Club evening", "2026-04-03", "Zur Linde", (0, 1, 2), ISKO, 21, 36, 0.0),
)


def _play_series(store: Store, sid: int, profile, size: int, deals: int, seed: int) -> None:
    svc = SeriesService(store, sid)
    rng = random.Random(seed)
    players = [make_player("beginner", rng.randrange(1 << 30)) for _ in range(size)]
    seeds = deal_seeds(seed)
    for _ in range(deals):
        s = next(seeds)
        dealer, bock, ramsch = svc.next_context()
        deal = Deal(DealSetup(profile, deal_from_seed(s), s, size, dealer, bock, ramsch))
        svc.record_played(play_deal(deal, players))


def build_demo_store(path: Path) -> Store:
    """A club's first months: played evenings, a correction and a paper sheet entered."""
    if path.exists():
        path.unlink()
    store = Store.open(path)
    ids = [store.add_player(n) for n in PLAYERS]
    for i, (title, date, place, seats, profile, played, planned, stake) in enumerate(EVENINGS):
        sid = store.create_series(
            title,
            date,
            [ids[s] for s in seats],
            profile,
            planned_deals=planned,
            place=place,
            stake_cents=stake,
        )
        _play_series(store, sid, profile, len(seats), played, seed=100 + i)
    # the first evening: deal 3 was written down wrongly and corrected at the table
    svc = SeriesService(store, 1)
    svc.correct(
        3,
        "Cem",
        "three jacks, not two",
        {
            "kind": "game",
            "declarer": 1,
            "contract": {"game": "clubs"},
            "bid": 24,
            "won": True,
            "matadors": 3,
        },
    )
    # a club evening played with real cards, entered from the paper sheet
    sid = store.create_series(
        "Paper sheet", "2026-04-17", [ids[1], ids[2], ids[3]], ISKO, planned_deals=36
    )
    svc = SeriesService(store, sid)
    for entry in (
        {
            "kind": "game",
            "declarer": 0,
            "contract": {"game": "grand"},
            "bid": 48,
            "won": True,
            "matadors": 2,
        },
        {
            "kind": "game",
            "declarer": 1,
            "contract": {"game": "hearts"},
            "bid": 20,
            "won": False,
            "matadors": 2,
            "with_matadors": False,
        },
        {"kind": "passed_in"},
        {
            "kind": "game",
            "declarer": 2,
            "contract": {"game": "null", "hand": True},
            "bid": 35,
            "won": True,
        },
        {
            "kind": "game",
            "declarer": 0,
            "contract": {"game": "spades"},
            "bid": 22,
            "won": True,
            "matadors": 1,
            "schneider": True,
        },
    ):
        svc.add_entry(entry)
    return store


# ------------------------------------------------------------------------------ pictures


def dark_palette():
    from PySide6.QtGui import QColor, QPalette

    p = QPalette()
    role = QPalette.ColorRole
    for r, c in (
        (role.Window, "#2b2d30"),
        (role.WindowText, "#e6e6e6"),
        (role.Base, "#1f2124"),
        (role.AlternateBase, "#26282b"),
        (role.Text, "#e6e6e6"),
        (role.Button, "#33363a"),
        (role.ButtonText, "#e6e6e6"),
        (role.Highlight, "#3d6fb4"),
        (role.HighlightedText, "#ffffff"),
        (role.ToolTipBase, "#33363a"),
        (role.ToolTipText, "#e6e6e6"),
        (role.PlaceholderText, "#8a8d91"),
        (role.Light, "#4a4d52"),
        (role.Midlight, "#3c3f44"),
        (role.Mid, "#2f3236"),
        (role.Dark, "#151618"),
        (role.Shadow, "#000000"),
        (role.Link, "#8ab4f8"),
    ):
        p.setColor(r, QColor(c))
    for r in (role.Text, role.WindowText, role.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, r, QColor("#7a7d82"))
    return p


def wait_until(app, done: Callable[[], bool], seconds: float = 30.0) -> float:
    """Process events until ``done()``; returns the seconds it took."""
    from skat_desktop.gui.store_worker import wait_for_jobs

    start = time.perf_counter()
    while not done():
        if time.perf_counter() - start > seconds:
            raise SystemExit("a view did not finish loading in time")
        wait_for_jobs(5)
        app.processEvents()
    for _ in range(5):  # let layouts and pending paints settle
        app.processEvents()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path, help="folder for the PNG files")
    ap.add_argument("--db", type=Path, help="use this database instead of building the demo")
    ap.add_argument(
        "--offscreen", action="store_true", help="render without a display (QT_QPA_PLATFORM)"
    )
    args = ap.parse_args(argv)
    if args.offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from PySide6.QtWidgets import QApplication

    from skat_desktop.gui.history_view import HistoryBrowser
    from skat_desktop.gui.sheet_view import ScoreSheetView
    from skat_desktop.gui.stats_view import StatisticsView

    app = QApplication.instance() or QApplication(["screenshots"])
    app.setStyle("Fusion")
    light = app.style().standardPalette()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.db:
        store = Store.open(args.db)
    else:
        t = time.perf_counter()
        store = build_demo_store(args.out / "demo.sqlite3")
        print(f"demo database: {time.perf_counter() - t:.1f} s")

    series = store.list_series()
    sheet_series = series[1]["id"] if len(series) > 1 else series[0]["id"]
    history_deal = store.query(
        "SELECT d.id FROM deals d JOIN deal_results r ON r.deal_id = d.id"
        " WHERE d.series_id = 1 AND r.kind = 'game' AND d.record IS NOT NULL"
        " ORDER BY d.number LIMIT 1 OFFSET 4"
    )[0]["id"]

    for size in ((1024, 700), (2560, 1440)):
        for name, palette in (("light", light), ("dark", dark_palette())):
            app.setPalette(palette)
            tag = f"{size[0]}x{size[1]}-{name}"

            sheet = ScoreSheetView(store, sheet_series)
            sheet.resize(*size)
            sheet.show()
            took = wait_until(app, lambda v=sheet: v.summary is not None and not v.busy)
            sheet.grab().save(str(args.out / f"sheet-{tag}.png"))
            print(f"sheet {tag}: {took * 1000:.0f} ms")
            sheet.close()

            stats = StatisticsView(store)
            stats.resize(*size)
            stats.show()
            took = wait_until(app, lambda v=stats: v.stats is not None and not v.busy)
            stats.grab().save(str(args.out / f"stats-{tag}.png"))
            if size[0] == 1024:
                for tab in range(1, stats.tabs.count()):
                    stats.tabs.setCurrentIndex(tab)
                    wait_until(app, lambda: True)
                    stats.grab().save(str(args.out / f"stats-{tag}-tab{tab}.png"))
            print(f"statistics {tag}: {took * 1000:.0f} ms")
            stats.close()

            history = HistoryBrowser(store)
            history.resize(*size)
            history.show()
            wait_until(app, lambda v=history: v.deal_count() > 0 and not v.busy)
            history.show_deal(history_deal)
            history.step_to(17)
            history.set_analysis(True)
            took = wait_until(app, lambda v=history: v.analysis is not None)
            history.grab().save(str(args.out / f"history-{tag}.png"))
            if size[0] == 1024:
                history.last()
                wait_until(app, lambda: True)
                history.grab().save(str(args.out / f"history-{tag}-end.png"))
            print(f"history {tag} (analysis): {took * 1000:.0f} ms")
            history.close()
    store.close()
    print(f"pictures in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
