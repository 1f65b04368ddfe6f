"""How quick the card table feels: start-up, animation frames, GUI-thread stalls.

    QT_QPA_PLATFORM=offscreen python benchmarks/gui_speed.py [--deals 4] [--level beginner]

Prints three figures:

* start-up: from the first import of Qt to a usable main window (store opened, window
  shown, its first frame painted), as ``run_gui`` does it; card pictures are rendered in
  the background from then on. Measured in fresh processes (the median of
  ``--startup-runs``) with the bytecode cache an installed program has (pip compiles it
  at install): one run before them fills a cache in a temporary folder, even where
  ``PYTHONDONTWRITEBYTECODE`` is set (else every start would compile some 60 modules,
  about 0.3 s here, which no installed copy does);
* trick animations: the median and 95th percentile interval between frames the table
  paints while cards fly at normal animation speed;
* the longest GUI-thread stall during a series of computer players (a QTimer heartbeat
  every 5 ms; a stall is the heartbeat's lateness), at instant and at normal speed.

The goal is no stall above 50 ms: computers think in worker threads and the GUI thread
only moves pictures.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
T0 = time.perf_counter()

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEvent, QObject, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from skat_desktop.gui.app import create_application, open_store  # noqa: E402
from skat_desktop.gui.main_window import MainWindow  # noqa: E402
from skat_desktop.gui.settings import NewGameChoices, Settings  # noqa: E402


class Heartbeat(QObject):
    """A timer every ``interval`` ms; records how late each beat came (the GUI stall)."""

    def __init__(self, interval: int = 5) -> None:
        super().__init__()
        self.interval = interval
        self.clock = QElapsedTimer()
        self.late: list[float] = []
        self.timer = QTimer(self)
        self.timer.setInterval(interval)
        self.timer.timeout.connect(self._beat)
        self._last = 0.0

    def start(self) -> None:
        self.clock.start()
        self._last = self.clock.nsecsElapsed() / 1e6
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _beat(self) -> None:
        now = self.clock.nsecsElapsed() / 1e6
        self.late.append(now - self._last - self.interval)
        self._last = now


class PaintClock(QObject):
    """Times every paint of a widget while ``active``."""

    def __init__(self) -> None:
        super().__init__()
        self.active = False
        self.stamps: list[float] = []

    def eventFilter(self, obj, event) -> bool:
        if self.active and event.type() == QEvent.Type.Paint:
            self.stamps.append(time.perf_counter())
        return False


def make_window(tmp: Path, speed: int, store=None) -> MainWindow:
    qs = QSettings(str(tmp / f"speed-{speed}.ini"), QSettings.Format.IniFormat)
    settings = Settings(qs)
    settings.animation_speed = speed
    settings.color_scheme = "light"
    window = MainWindow(settings, store)
    window.resize(1280, 800)
    window.show()
    return window


def run_until(done, timeout_s: float) -> None:
    end = time.perf_counter() + timeout_s
    while not done() and time.perf_counter() < end:
        QCoreApplication.processEvents()
        time.sleep(0.0005)


def startup(tmp: Path) -> float:
    create_application()
    store = open_store(tmp / "startup.sqlite3").store
    window = make_window(tmp, 2, store)
    painted = PaintClock()
    painted.active = True
    window.view.viewport().installEventFilter(painted)
    run_until(lambda: bool(painted.stamps), 10)
    elapsed = (painted.stamps[0] if painted.stamps else time.perf_counter()) - T0
    window.close()
    store.close()
    return elapsed


def frames(tmp: Path, deals: int) -> list[float]:
    """Frame intervals (ms) while cards fly, at normal speed, over a few computer deals."""
    window = make_window(tmp, 2)
    clock = PaintClock()
    window.view.viewport().installEventFilter(clock)
    window.start_game(
        NewGameChoices("watch", ["random", "random", "random"], "isko", deals, False), seed=3
    )
    intervals: list[float] = []
    last_busy = False
    deadline = time.perf_counter() + 60 * deals
    ctl = window.controller
    while time.perf_counter() < deadline and len(ctl.entries) < deals:
        QCoreApplication.processEvents()
        busy = window.scene.busy
        if busy and not last_busy:
            clock.stamps.clear()
        clock.active = busy
        if last_busy and not busy and len(clock.stamps) > 2:
            s = clock.stamps
            intervals += [(b - a) * 1000 for a, b in itertools.pairwise(s)]
        last_busy = busy
        if window.host.current is window.deal_over and window.deal_over.next_button.isVisible():
            window.deal_over.next_button.click()
        time.sleep(0.0005)
    window.close()
    return intervals


def stalls(tmp: Path, deals: int, level: str, speed: int) -> tuple[float, float, int]:
    """(longest stall ms, 99th percentile ms, deals played) for a computer series."""
    window = make_window(tmp, speed)
    beat = Heartbeat()
    window.start_game(NewGameChoices("watch", [level, level, level], "house", deals, False), seed=5)
    ctl = window.controller
    beat.start()
    deadline = time.perf_counter() + 120 * deals
    while time.perf_counter() < deadline and len(ctl.entries) < deals:
        QCoreApplication.processEvents()
        if window.host.current is window.deal_over and window.deal_over.next_button.isVisible():
            window.deal_over.next_button.click()
        time.sleep(0.0005)
    beat.stop()
    window.close()
    late = sorted(beat.late) or [0.0]
    return max(late), late[int(0.99 * (len(late) - 1))], len(ctl.entries)


def startups(tmp: Path, runs: int) -> list[float]:
    """Start-up (ms) of ``runs`` fresh processes, each with a new database, after one
    that fills the bytecode cache."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    out = []
    for i in range(runs + 1):
        folder = tmp / f"start-{i}"
        folder.mkdir()
        done = subprocess.run(
            [sys.executable, __file__, "--startup-only", str(folder)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        if i:
            out.append(float(done.stdout.split()[-1]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4, help="deals per computer series")
    ap.add_argument("--level", default="beginner", help="computer level for the stall series")
    ap.add_argument("--startup-runs", type=int, default=5, help="fresh processes timed")
    ap.add_argument("--startup-only", type=Path, help=argparse.SUPPRESS)  # one timed start
    args = ap.parse_args(argv)
    if args.startup_only is not None:
        print(f"{startup(args.startup_only) * 1000:.1f}")
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="skat-speed-"))
    times = startups(tmp, max(1, args.startup_runs))
    print(
        f"start-up to a usable window: median {statistics.median(times):.0f} ms"
        f" ({min(times):.0f}-{max(times):.0f} ms over {len(times)} starts)"
    )
    create_application()
    intervals = frames(tmp, max(1, args.deals // 2))
    if intervals:
        p95 = sorted(intervals)[int(0.95 * (len(intervals) - 1))]
        print(
            f"trick animation frames: median {statistics.median(intervals):.1f} ms, "
            f"95th percentile {p95:.1f} ms ({len(intervals)} frames)"
        )
    for speed in (0, 2):
        worst, p99, n = stalls(tmp, args.deals, args.level, speed)
        print(
            f"GUI-thread stall, {n} deals of {args.level} players at animation speed {speed}: "
            f"longest {worst:.1f} ms, 99th percentile {p99:.1f} ms"
        )
    QApplication.instance().processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
