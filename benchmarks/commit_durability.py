"""What ``synchronous=FULL`` costs per stored deal, against ``NORMAL`` (issue 22).

    python benchmarks/commit_durability.py [--deals 200] [--dir FOLDER] [--no-strace]

Writers use ``PRAGMA synchronous=FULL`` so a deal the table reports as saved survives a
power cut: every commit flushes the write-ahead log to the disk. ``NORMAL`` flushes only
at checkpoints, so the last deals before a power cut may be lost (never corrupted).
This stores the same ``--deals`` self-played deals (random players, isko, table of 3)
into a new database once per mode, through ``SeriesService.record_played`` (the GUI
table's path, one transaction per deal; playing is not timed), and prints the time per
stored deal (median, p95). The folder matters: a tmpfs flushes nothing, so use
``--dir`` on the disk the real database lives on.

If ``strace`` is installed (optional: ``apt-get install strace``), each mode also runs
once in a child process under ``strace -f -c -e trace=fsync,fdatasync`` and the flush
calls are counted; a run with no deals is subtracted, so the figure is per deal.
Prints figures only; no goals are asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skat_desktop.app.selfplay import selfplay
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.repository import Store

MODES = ("FULL", "NORMAL")
SYNC_CALLS = ("fsync", "fdatasync")


def store_deals(folder: Path, mode: str, deals: int, seed: int) -> list[float]:
    """Store ``deals`` deals into a new database with ``synchronous=mode``; ms per deal."""
    path = folder / f"durability-{mode.lower()}.sqlite3"
    store = Store.open(path)
    store.conn.execute(f"PRAGMA synchronous={mode}")
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    svc = SeriesService(store, store.create_series("Durability", "2026-11-20", ids, ISKO))
    played = list(selfplay(ISKO, deals, seed, 3))
    times = []
    for deal in played:
        t0 = time.perf_counter()
        svc.record_played(deal)
        times.append((time.perf_counter() - t0) * 1000)
    store.close()
    return times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def filesystem(folder: Path) -> str:
    """The type of the file system holding ``folder`` (Linux; '?' elsewhere)."""
    try:
        mounts = [line.split() for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "?"
    real = os.path.realpath(folder)
    best = max(
        (m for m in mounts if real == m[1] or real.startswith(m[1].rstrip("/") + "/")),
        key=lambda m: len(m[1]),
        default=None,
    )
    return best[2] if best else "?"


def count_syncs(strace: str, mode: str, deals: int, seed: int, folder: Path) -> dict[str, int]:
    """fsync/fdatasync calls of a child that stores ``deals`` deals in ``mode``."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        out = Path(tmp) / "strace.txt"
        child = Path(tmp) / "db"
        child.mkdir()
        subprocess.run(
            [
                strace,
                "-f",
                "-c",
                "-e",
                "trace=" + ",".join(SYNC_CALLS),
                "-o",
                str(out),
                sys.executable,
                __file__,
                "--child",
                mode,
                "--deals",
                str(deals),
                "--seed",
                str(seed),
                "--dir",
                str(child),
            ],
            check=True,
            timeout=600,
            stdout=subprocess.DEVNULL,
        )
        calls = dict.fromkeys(SYNC_CALLS, 0)
        for line in out.read_text().splitlines():
            parts = line.split()
            if parts and parts[-1] in calls:
                calls[parts[-1]] = int(parts[3])  # % time, seconds, usecs/call, calls, ...
        return calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", help="folder for the scratch databases (default: temp folder)")
    ap.add_argument("--no-strace", action="store_true", help="skip counting flush calls")
    ap.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:  # one mode, for strace: no timing output needed
        store_deals(Path(args.dir), args.child, args.deals, args.seed)
        return
    base = Path(args.dir or tempfile.gettempdir())
    fs = filesystem(base)
    print(f"{args.deals} deals per mode, databases in {base} ({fs})")
    if fs in ("tmpfs", "ramfs"):
        print("  warning: this file system flushes nothing; use --dir on a real disk")
    results = {}
    with tempfile.TemporaryDirectory(dir=base) as tmp:
        for mode in MODES:
            times = store_deals(Path(tmp), mode, args.deals, args.seed)
            results[mode] = {
                "median_ms": round(statistics.median(times), 3),
                "p95_ms": round(p95(times), 3),
                "total_s": round(sum(times) / 1000, 3),
            }
            r = results[mode]
            print(
                f"synchronous={mode:<6}  per deal: median {r['median_ms']:.3f} ms,"
                f" p95 {r['p95_ms']:.3f} ms  (all {args.deals}: {r['total_s']:.2f} s)"
            )
    strace = shutil.which("strace")
    if args.no_strace:
        pass
    elif strace is None:
        print("strace not found: flush calls not counted (optional: apt-get install strace)")
    else:
        for mode in MODES:
            full = count_syncs(strace, mode, args.deals, args.seed, base)
            empty = count_syncs(strace, mode, 0, args.seed, base)
            calls = {k: full[k] - empty[k] for k in SYNC_CALLS}
            per_deal = sum(calls.values()) / max(args.deals, 1)
            results[mode]["syncs"] = calls
            print(
                f"synchronous={mode:<6}  flushes for {args.deals} deals: "
                + ", ".join(f"{k} {v}" for k, v in calls.items())
                + f"  ({per_deal:.2f} per deal; opening and set-up, not counted:"
                f" {sum(empty.values())})"
            )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
