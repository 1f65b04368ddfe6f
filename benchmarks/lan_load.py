"""Many LAN tables at once: latency, lost moves and the host's cost (issue 24).

    python benchmarks/lan_load.py [--tables 50] [--deals 2] [--computer-tables 10]
                                  [--profile isko] [--processes 1] [--seed 1]
                                  [--think 0.3,1.5]

Starts ``skat-desktop serve`` (a subprocess, ``--port 0``, a database in a temporary
folder) with ``--tables`` tables of three open seats and ``--computer-tables`` tables
of one open seat and two ``standard`` computers, then seats scripted clients
(``net/scripted.Bot``: a random legal move, seeded) at every open seat -- all in one
asyncio process, or the tables shared out over ``--processes`` processes -- and plays
``--deals`` complete deals at every table (the tables' series are that long).

Each bot waits ``--think`` seconds (least,most; drawn per move) before it moves, as a
person at a table does; the time measured starts when the move is sent. ``--think 0``
plays flat out: every table moves as fast as the host answers, which measures how many
moves a second the host can take (the latency is then the queue in front of it).

Prints: the time from a client sending a move to the event for it reaching that
client, and to it reaching every client of its table (p50, p99, max); per client the
moves sent and applied and the move events received, checked against each other and
against the moves the host stored (nothing lost, nothing twice); how many deals every
client verified; the host's CPU seconds and memory (RSS, peak) in all and per table,
read from /proc (Linux). Figures only; no goals are asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skat_desktop.net.scripted import Bot, BotError, Latency

STARTUP_S = 60.0


# --------------------------------------------------------------------------- the host


def start_host(folder: Path, specs: list[str]) -> tuple[subprocess.Popen, int]:
    """``skat-desktop serve`` on a free port; returns the process and its port."""
    cmd = [
        sys.executable,
        "-m",
        "skat_desktop",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--db",
        str(folder / "host.sqlite3"),
        "--name",
        "lan-load",
    ]
    for spec in specs:
        cmd += ["--table", spec]
    log = open(folder / "host.log", "wb")  # noqa: SIM115 - the host writes it while it runs
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, env=_env())
    deadline = time.monotonic() + STARTUP_S
    line = b""
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.startswith(b"serving on ") or not line:
            break
    if not line.startswith(b"serving on "):
        proc.kill()
        tail = (folder / "host.log").read_text(errors="replace")[-2000:]
        sys.exit(f"lan_load: the host did not start: {tail.strip() or line!r}")
    port = int(line.rsplit(b":", 1)[1])
    return proc, port


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (the computer players' workers), from /proc."""
    out = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as f:
                out += [int(x) for x in f.read().split()]
    except OSError:
        pass
    return out


def _usage(pid: int) -> tuple[float, int, int, int]:
    """CPU seconds (user + system), RSS and peak RSS in KiB, threads of one process."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    mem = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM", "Threads"):
                mem[key] = int(value.split()[0])
    return cpu, mem.get("VmRSS", 0), mem.get("VmHWM", 0), mem.get("Threads", 0)


def host_usage(pid: int) -> dict[str, float]:
    """The host's CPU seconds and RSS / peak RSS in MiB, and the same summed over its
    worker processes (the computer players think there), from /proc."""
    cpu, rss, peak, threads = _usage(pid)
    workers = [0.0, 0, 0, 0]
    for child in _children(pid):
        try:
            c = _usage(child)
        except OSError:
            continue  # a worker that just ended
        workers = [a + b for a, b in zip(workers, c, strict=True)]
    return {
        "cpu_s": cpu,
        "rss_mib": rss / 1024,
        "peak_mib": peak / 1024,
        "threads": threads,
        "workers": len(_children(pid)),
        "workers_cpu_s": workers[0],
        "workers_rss_mib": workers[1] / 1024,
    }


def stored_actions(db: Path) -> dict[str, int]:
    """Moves the host stored per series title (what every client must have heard)."""
    from skat_desktop.store.repository import Store

    store = Store.open(db, read_only=True)
    try:
        out = {}
        for row in store.list_series():
            n = 0
            for deal in store.deal_sources(row["id"]):
                n += len(json.loads(deal["record"])["actions"])
            out[row["title"].rsplit(",", 1)[0]] = n
        return out
    finally:
        store.close()


# --------------------------------------------------------------------------- the clients


async def play_tables(
    port: int,
    tables: list[tuple[str, list[int]]],
    deals: int,
    seed: int,
    timeout: float,
    think: tuple[float, float] | None,
) -> dict[str, Any]:
    """Seat a bot at each open seat of ``tables`` ((id, seats)) and play ``deals``."""
    latency = Latency()
    bots: list[tuple[str, Bot]] = []
    for t, (tid, seats) in enumerate(tables):
        for seat in seats:
            name = f"{tid}-{seat}"
            bot = Bot(
                name,
                "127.0.0.1",
                port,
                table=tid,
                seat=seat,
                seed=seed * 1000 + t * 10 + seat,
                latency=latency,
                timeout=timeout,
                think=think,
            )
            bots.append((tid, bot))
    t0 = time.perf_counter()
    failures: Counter[str] = Counter()

    async def run(bot: Bot) -> None:
        try:
            await bot.start()
            await bot.play(deals, timeout)
        except BotError as e:
            failures[str(e).split(": ", 1)[-1][:80]] += 1

    await asyncio.gather(*(run(b) for _, b in bots))
    wall = time.perf_counter() - t0
    for _, bot in bots:
        await bot.close(wait=False)
    per_client = []
    for tid, bot in bots:
        s = bot.stats
        per_client.append(
            {
                "table": tid,
                "sent": s.acts_sent,
                "applied": s.acts_applied,
                "declines": s.declines_sent,
                "seen": s.actions_seen,
                "duplicates": s.duplicates,
                "gaps": s.gaps,
                "deals": s.deals_finished,
                "verified": s.verified,
                "not_verified": s.not_verified,
                "errors": dict(s.errors),
                "problems": bot.table.problem_count,
                "own_latency": list(s.latencies),
            }
        )
    return {
        "wall_s": wall,
        "all_latency": list(latency.samples),
        "clients": per_client,
        "failures": dict(failures),
    }


def run_group(
    port: int,
    tables: list[tuple[str, list[int]]],
    deals: int,
    seed: int,
    timeout: float,
    think: tuple[float, float] | None,
) -> dict[str, Any]:
    return asyncio.run(play_tables(port, tables, deals, seed, timeout, think))


def think_range(text: str) -> tuple[float, float] | None:
    """``--think``: "0" (flat out), "S" or "LEAST,MOST" in seconds."""
    try:
        parts = [float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not seconds: {text!r}") from None
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2 or min(parts) < 0 or parts[0] > parts[1]:
        raise argparse.ArgumentTypeError(f"want LEAST,MOST seconds: {text!r}")
    return None if parts[1] == 0 else (parts[0], parts[1])


# --------------------------------------------------------------------------- figures


def ms(values: list[float]) -> str:
    if not values:
        return "no samples"
    v = sorted(values)
    p99 = v[min(len(v) - 1, round(0.99 * (len(v) - 1)))]
    return (
        f"p50 {statistics.median(v) * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms"
        f"   max {v[-1] * 1000:7.1f} ms   (n={len(v)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables of three bots")
    parser.add_argument("--deals", type=int, default=2, help="deals played at every table")
    parser.add_argument(
        "--computer-tables", type=int, default=10, help="tables of one bot and two computers"
    )
    parser.add_argument("--profile", default="isko")
    parser.add_argument("--processes", type=int, default=1, help="client processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=think_range,
        default=(0.3, 1.5),
        help="seconds a bot waits before each move: LEAST,MOST (default 0.3,1.5; 0 = none)",
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds for the whole run")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the host's database")
    parser.add_argument("--keep", action="store_true", help="keep the host's database and log")
    args = parser.parse_args()
    if args.tables < 0 or args.computer_tables < 0 or args.tables + args.computer_tables < 1:
        sys.exit("lan_load: need at least one table")
    if args.deals < 1 or args.processes < 1:
        sys.exit("lan_load: --deals and --processes must be at least 1")

    specs, tables = [], []
    for i in range(args.tables):
        specs.append(
            f"name=H{i},profile={args.profile},seats=open+open+open,deals={args.deals},next=10"
        )
        tables.append((f"h{i}", [0, 1, 2]))
    for i in range(args.computer_tables):
        specs.append(
            f"name=C{i},profile={args.profile},seats=open+standard+standard,"
            f"deals={args.deals},next=10"
        )
        tables.append((f"c{i}", [0]))

    folder = Path(tempfile.mkdtemp(prefix="lan-load-", dir=args.dir))
    proc, port = start_host(folder, specs)
    try:
        idle = host_usage(proc.pid)
        groups = [tables[i :: args.processes] for i in range(args.processes)]
        if args.processes == 1:
            results = [run_group(port, groups[0], args.deals, args.seed, args.timeout, args.think)]
        else:
            with ProcessPoolExecutor(args.processes) as pool:
                futures = [
                    pool.submit(run_group, port, g, args.deals, args.seed, args.timeout, args.think)
                    for g in groups
                    if g
                ]
                results = [f.result() for f in futures]
        busy = host_usage(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    stored = stored_actions(folder / "host.sqlite3")

    clients = [c for r in results for c in r["clients"]]
    own = [x for c in clients for x in c["own_latency"]]
    every = [x for r in results for x in r["all_latency"]]
    n_tables = len(tables)
    wall = max(r["wall_s"] for r in results)
    print(
        f"{args.tables} tables of 3 bots + {args.computer_tables} tables of 1 bot and 2"
        f" standard computers, {args.deals} deals each, {args.profile}, {len(clients)}"
        f" clients in {args.processes} process(es), "
        + (f"{args.think[0]:g}-{args.think[1]:g} s" if args.think else "no")
        + f" thinking before a move: {wall:.1f} s"
    )
    print(f"move -> its event at the mover     {ms(own)}")
    print(f"move -> its event at every client  {ms(every)}")

    # nothing lost, nothing twice: every client of a table heard every move the host stored
    by_table: dict[str, list[dict[str, Any]]] = {}
    for c in clients:
        by_table.setdefault(c["table"], []).append(c)
    bad = []
    for tid, cs in sorted(by_table.items()):
        heard = {c["seen"] for c in cs}
        want = stored.get(tid.upper())
        refused = sum(sum(c["errors"].values()) for c in cs)
        if (
            len(heard) != 1
            or (want is not None and heard != {want})
            or any(c["duplicates"] or c["gaps"] for c in cs)
            or any(c["sent"] != c["applied"] for c in cs)
            or refused
        ):
            bad.append((tid, [(c["sent"], c["applied"], c["seen"], c["errors"]) for c in cs], want))
    sent = sum(c["sent"] for c in clients)
    applied = sum(c["applied"] for c in clients)
    seen = sum(c["seen"] for c in clients)
    print(
        f"moves sent {sent}, applied {applied}; move events received {seen}"
        f" (host stored {sum(stored.values())} moves);"
        f" duplicates {sum(c['duplicates'] for c in clients)},"
        f" gaps {sum(c['gaps'] for c in clients)}"
    )

    def spread(key: str) -> str:
        v = sorted(c[key] for c in clients)
        return f"{v[0]}/{statistics.median(v):g}/{v[-1]}"

    print(
        f"per client (min/median/max): moves sent {spread('sent')}, applied"
        f" {spread('applied')}, move events heard {spread('seen')}"
    )
    errors: Counter[str] = Counter()
    for c in clients:
        errors.update(c["errors"])
    deals = sum(c["deals"] for c in clients)
    print(
        f"deals finished (client view) {deals}; verified {sum(c['verified'] for c in clients)},"
        f" not verified {sum(c['not_verified'] for c in clients)};"
        f" host errors {dict(errors) or 'none'};"
        f" client problems {sum(c['problems'] for c in clients)}"
    )
    for r in results:
        for why, n in r["failures"].items():
            print(f"  {n} client(s) failed: {why}")
    if bad:
        print(f"TABLES WITH LOST, DOUBLED OR REFUSED MOVES: {len(bad)}")
        for tid, per, want in bad[:10]:
            print(f"  {tid}: (sent, applied, heard, errors) per client {per}; host stored {want}")
    else:
        print("every client heard every move once; every move sent was applied")
    cpu = busy["cpu_s"] - idle["cpu_s"]
    print(
        f"host: {cpu:.2f} CPU s for the run ({cpu / n_tables * 1000:.0f} ms per table,"
        f" {cpu / max(1, sum(stored.values())) * 1000:.2f} ms per move);"
        f" RSS {idle['rss_mib']:.1f} MiB idle -> {busy['rss_mib']:.1f} MiB"
        f" (peak {busy['peak_mib']:.1f}; {(busy['rss_mib'] - idle['rss_mib']) / n_tables:.2f}"
        f" MiB per table, the computer players' code loaded once among it);"
        f" {busy['threads']} threads"
    )
    if busy["workers"]:
        wcpu = busy["workers_cpu_s"] - idle["workers_cpu_s"]
        print(
            f"host's computer workers: {busy['workers']} process(es), {wcpu:.2f} CPU s for the"
            f" run ({wcpu / max(1, args.computer_tables) * 1000:.0f} ms per table with"
            f" computers), RSS {busy['workers_rss_mib']:.1f} MiB in all"
        )
    if args.keep:
        print(f"host log and database: {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
