"""Issue 22: the arena dies with everything it started, and its size is bounded.

Every subprocess here runs with a time-out, and every process a test starts is killed
by its pid in the end, so a regression fails instead of hanging or leaking.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import textwrap
import time
import tracemalloc
from itertools import islice
from pathlib import Path

import pytest

from skat_desktop.app.arena import (
    MAX_DEALS,
    MatchConfig,
    match_deal_seeds,
    run_match,
)
from skat_desktop.app.selfplay import deal_seeds
from skat_desktop.cli import main

linux_only = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table in /proc"
)
BOUND = 30.0  # seconds: far above what any step here needs
NO_ENGINE = "external:/nonexistent/engine --x"  # fails at its first decision


def cli(argv):
    out = io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(""))
    return code, out.getvalue()


def state(pid: int) -> str | None:
    """The process state letter, or None if there is no such process."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return None


def alive(pid: int) -> bool:
    # a zombie waits for a parent that may never reap it (pid 1 in a container): gone
    return state(pid) not in (None, "Z", "X")


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                out.append(int(entry))
    return out


def descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def kill_all(pids) -> None:
    for pid in pids:
        if alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


ENGINE = """
import json, os, subprocess, sys, time
pids = sys.argv[1]
child = subprocess.Popen(["sleep", "60"])  # holds our stdout and stderr
for pid in (os.getpid(), child.pid):
    open(os.path.join(pids, str(pid)), "w").close()
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "slow"}), flush=True)
    elif m["type"] == "decide":
        time.sleep(0.01)
        a = None if m["interjection"] else m["view"]["legal"][0]
        print(json.dumps({"action": a}), flush=True)
    else:
        break
time.sleep(60)  # does not stop at the end of its input
"""


@linux_only
def test_a_sigkilled_arena_takes_its_workers_and_engines_with_it(tmp_path):
    pids = tmp_path / "pids"
    pids.mkdir()
    script = tmp_path / "engine.py"
    script.write_text(textwrap.dedent(ENGINE))
    kind = f"external:{sys.executable} {script} {pids}"
    argv = [sys.executable, "-m", "skat_desktop", "arena", "--a", kind, "--b", "random"]
    argv += ["--deals", "40", "--workers", "2", "--timeout", "30"]
    arena = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tree: set[int] = set()
    try:
        deadline = time.monotonic() + BOUND
        while True:  # until both workers play with engines
            tree = descendants(arena.pid)
            engines = {int(p.name) for p in pids.iterdir()}
            workers = [p for p in children(arena.pid) if children(p)]
            if len(workers) >= 2 and engines & tree:
                break
            assert arena.poll() is None, "the match ended before the test could kill it"
            assert time.monotonic() < deadline, "the workers never started their engines"
            time.sleep(0.05)
        arena.kill()
        arena.wait(timeout=BOUND)
        time.sleep(0.2)  # an engine being started as the arena died has recorded itself
        started = tree | {int(p.name) for p in pids.iterdir()}
        deadline = time.monotonic() + BOUND
        while (left := [p for p in started if alive(p)]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not left, f"survived the arena: {[(p, state(p)) for p in left]}"
    finally:
        arena.kill()
        arena.wait(timeout=BOUND)
        kill_all(tree | {int(p.name) for p in pids.iterdir()})


def test_an_absurd_deal_count_is_refused_before_anything_is_allocated():
    """Run in a subprocess with 1 GiB of address space, so the old behaviour (a list of
    a billion seeds) fails there instead of filling this machine's memory."""
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))"
    code = f"{limit}; from skat_desktop.cli import main; raise SystemExit(main())"
    argv = [sys.executable, "-c", code, "arena", "--a", "random", "--b", "random"]
    proc = subprocess.run(
        [*argv, "--deals", "1000000000"], capture_output=True, text=True, timeout=BOUND
    )
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"skat-desktop: error: a match has at most {MAX_DEALS} deals"
    ]


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--workers", "100000", "--workers must be between 1 and 256"),
        ("--workers", "0", "--workers must be between 1 and 256"),
        ("--timeout", "inf", "the engine timeout must be more than 0 and at most 86400 s"),
        ("--timeout", "nan", "the engine timeout must be more than 0"),
        ("--deals", "0", "a match needs at least one deal"),
    ],
)
def test_absurd_options_are_one_line_errors(capsys, option, value, message):
    code, out = cli(["arena", "--a", "random", "--b", "random", "--deals", "1", option, value])
    assert code == 2 and out == ""
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and message in err[0]


def test_match_seeds_are_made_one_at_a_time():
    tracemalloc.start()
    try:
        seeds = match_deal_seeds(5, MAX_DEALS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, f"{peak} bytes traced for the seeds of the longest match"
    assert list(islice(seeds, 4)) == list(islice(deal_seeds(5), 4))
    assert list(match_deal_seeds(5, 3)) == list(islice(deal_seeds(5), 3))


@pytest.mark.parametrize(("deals", "workers"), [(MAX_DEALS, 1), (100_000, 2)])
def test_a_long_match_is_not_dealt_up_front(deals, workers):
    """A match stopped at its first deal allocated only that deal (the engine cannot
    start), whether in-process or with workers fed a few deals at a time."""
    tracemalloc.start()
    try:
        r = run_match(MatchConfig(NO_ENGINE, "random", deals=deals, seed=1), workers=workers)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not r.ok and r.error["deal"] == 0 and "cannot start it" in r.error_message
    assert peak < 10 << 20, f"{peak} bytes traced before the first deal's result"


def test_a_lost_worker_is_a_one_line_error():
    env = dict(os.environ, SKAT_DESKTOP_KILL_AT="arena-deal")
    argv = [sys.executable, "-m", "skat_desktop", "arena", "--a", "random", "--b", "random"]
    proc = subprocess.run(
        [*argv, "--deals", "4", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=BOUND * 2,
        env=env,
    )
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.splitlines()
    assert len(err) == 1 and err[0].startswith("skat-desktop: error: a worker process died")
