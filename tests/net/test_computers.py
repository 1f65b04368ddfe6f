"""The host's computer pool: worker processes that think like the controller itself.

A move must not depend on where it was thought (in the controller, in this thread, in
a worker process, in a fresh worker that first repeats the player's earlier decisions),
a worker that dies must cost one fallback move and no table, and a pool that stops (or
whose host is killed) must leave no process behind.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    PlayerCache,
    PlayerFailed,
    SeatSpec,
    SeriesOver,
    TableController,
    run_think,
)
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.net.computers import KILL_POINT, WORKER_DIED, ComputerPool
from skat_desktop.store.faults import KILL_ENV

# the standard level searching a small fixed amount: the same code paths, quickly
SMALL = "standard(max_worlds=2,min_worlds=2,deal_worlds=2,candidates=1)"
ROOT = Path(__file__).resolve().parents[2]


def table(seed: int, profile=HOUSE) -> TableController:
    seats = [SeatSpec.computer(SMALL), SeatSpec.computer(SMALL), SeatSpec.computer("beginner")]
    return TableController(profile, seats, seed=seed, deals_planned=2, fixed_search=True)


def play(ctl: TableController, think) -> list:
    """Every decision of the series, each thought by ``think(ctl, turn)``."""
    moves = []
    while True:
        need = ctl.request()
        if isinstance(need, SeriesOver):
            return moves
        if isinstance(need, DealOver):
            ctl.start_deal()
            continue
        assert isinstance(need, ComputerTurn)
        result = think(ctl, need)
        assert result.failure is None
        moves.append((need.seat, need.interjection, result.action))
        assert ctl.submit(result)


def by_controller(ctl, turn):
    return ctl.think(turn)


def by_pool(pool: ComputerPool, answers: queue.Queue | None):
    def think(ctl, turn):
        box: list = []
        pool.think(ctl, turn, box.append)
        while answers is not None and not box:
            answers.get(timeout=60)()
        assert len(box) == 1
        return box[0]

    return think


def with_fresh_players(every: int):
    """Every ``every``-th decision by new players, which first make the seat's earlier
    decisions again: what a fresh worker does (after one died)."""
    asked = [0]
    cache = [PlayerCache()]

    def think(ctl, turn):
        asked[0] += 1
        if asked[0] % every == 0:
            cache[0] = PlayerCache()
        return run_think(ctl.think_spec(turn), cache[0])

    return think


def without_warm_up(ctl, turn):
    spec = ctl.think_spec(turn)
    return run_think(replace(spec, earlier=()), PlayerCache())


def test_the_same_table_seed_gives_the_same_moves_wherever_they_are_thought():
    answers: queue.Queue = queue.Queue()
    pool = ComputerPool(2, post=answers.put)
    try:
        for seed in (1, 2):
            mine = play(table(seed), by_controller)
            assert any(i for _, i, _ in mine)  # Kontra asked: interjections are warmed up too
            assert play(table(seed), by_pool(ComputerPool(0), None)) == mine
            assert play(table(seed), with_fresh_players(every=20)) == mine
            assert play(table(seed), by_pool(pool, answers)) == mine
        assert len(pool.worker_pids()) >= 1
    finally:
        pool.shutdown()


def test_the_warm_up_matters():
    """Without the earlier decisions a fresh player draws otherwise: the test above
    could fail."""
    assert any(
        play(table(seed), without_warm_up) != play(table(seed), by_controller) for seed in (1, 2, 3)
    )


def test_a_table_keeps_its_worker_and_tables_share_out_the_workers():
    pool = ComputerPool(2, post=lambda fn: fn())
    try:
        first, second = pool._worker_for("a"), pool._worker_for("b")
        assert first is not second
        assert pool._worker_for("a") is first and pool._worker_for("b") is second
    finally:
        pool.shutdown()


def test_the_cache_keeps_a_deals_players_and_forgets_earlier_deals():
    ctl = table(5, ISKO)
    ctl.start_deal()
    cache = PlayerCache(size=8)
    turn = ctl.request()
    spec = ctl.think_spec(turn)
    held = cache.held(spec)
    run_think(spec, cache)
    following = replace(spec, earlier=((turn.view, turn.interjection),))
    assert held.made == 1 and cache.held(following) is held  # kept: no warm-up next time
    assert cache.held(spec) is not held  # it made more decisions than the job knows: afresh
    later = replace(spec, deal=spec.deal + 1)
    assert cache.held(later) is not held and len(cache) == 1  # the earlier deal's went
    small = PlayerCache(size=2)
    for n in range(5):
        small.held(replace(spec, table=f"t{n}"))
    assert len(small) == 2


def test_a_worker_that_dies_is_replaced_and_its_move_is_the_fallback(monkeypatch):
    answers: queue.Queue = queue.Queue()
    pool = ComputerPool(1, post=answers.put)
    ctl = table(7, ISKO)
    ctl.start_deal()
    think = by_pool(pool, answers)
    try:
        monkeypatch.setenv(KILL_ENV, KILL_POINT)  # the worker started now dies at its job
        turn = ctl.request()
        box: list = []
        pool.think(ctl, turn, box.append)
        answers.get(timeout=60)()
        died = box[0]
        assert isinstance(died.failure, PlayerFailed)
        assert (died.failure.code, died.failure.detail) == ("computer_error", WORKER_DIED)
        level = ctl.spec_at(turn.seat).kind.partition("(")[0]
        assert died.failure.params == {"seat": turn.seat, "level": level}
        assert died.action == ctl._fallback(turn, died.failure).action  # the beginner's
        monkeypatch.delenv(KILL_ENV)
        assert ctl.submit(died)
        answered = 0
        while answered < 3:  # a new worker takes over, warmed up from the job
            turn = ctl.request()
            if isinstance(turn, DealOver):
                ctl.start_deal()
                continue
            answer = think(ctl, turn)
            assert answer.failure is None
            assert ctl.submit(answer)
            answered += 1
        assert len(pool.worker_pids()) == 1
    finally:
        pool.shutdown()


def gone(pid: int) -> bool:
    """No such process, or only its exit status left (a zombie of another parent)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_shutdown_ends_every_worker_even_mid_search():
    answers: queue.Queue = queue.Queue()
    pool = ComputerPool(2, post=answers.put)
    think = by_pool(pool, answers)
    tables = [table(8, ISKO), table(9, ISKO)]
    for ctl in tables:
        ctl.start_deal()
        think(ctl, ctl.request())
    pids = pool.worker_pids()
    assert len(pids) == 2
    late: list = []
    slow = TableController(ISKO, [SeatSpec.computer("expert")] * 3, seed=3, fixed_search=True)
    slow.start_deal()
    pool.think(slow, slow.request(), late.append)  # an expert's search, stopped by shutdown
    pool.shutdown(wait=True)
    assert all(gone(pid) for pid in pids)
    assert pool.worker_pids() == []
    assert answers.empty() and not late
    pool.think(tables[0], tables[0].request(), late.append)  # after shutdown nothing runs
    assert not late and pool.worker_pids() == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_killed_host_leaves_no_worker_behind():
    script = textwrap.dedent(
        f"""
        import os, queue, signal
        from skat_desktop.app.table import SeatSpec, TableController
        from skat_desktop.engine.profiles import ISKO
        from skat_desktop.net.computers import ComputerPool

        if __name__ == "__main__":
            answers = queue.Queue()
            pool = ComputerPool(1, post=answers.put)
            ctl = TableController(ISKO, [SeatSpec.computer({SMALL!r})] * 3, seed=1)
            ctl.start_deal()
            pool.think(ctl, ctl.request(), lambda r: None)
            answers.get(timeout=60)()
            print(pool.worker_pids()[0], flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env
    )
    pid = int(out.stdout.split()[0])
    deadline = time.monotonic() + 30
    while not gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(pid)


def test_a_pool_with_no_workers_answers_at_once_in_this_thread():
    pool = ComputerPool(0)
    ctl = table(4, ISKO)
    ctl.start_deal()
    box: list = []
    pool.think(ctl, ctl.request(), lambda r: box.append((r, threading.current_thread())))
    assert box and box[0][1] is threading.main_thread()
    assert pool.worker_pids() == []


def test_a_substitute_thinks_in_the_pool_as_in_this_thread(monkeypatch):
    """A dropped player's stand-in asks the same workers (HostedTable): its moves, and
    the table's own computer's, are the same as in this thread."""
    import random

    from skat_desktop.net import fairness
    from skat_desktop.net.hosted_table import HostedTable

    from . import test_hosted_table as hosted

    def deal_played(workers: int) -> tuple:
        rng = random.Random(5)
        monkeypatch.setattr(fairness, "new_secret", lambda: rng.randbytes(32))
        monkeypatch.setattr(fairness, "new_contribution", lambda: rng.randbytes(32))
        answers: queue.Queue = queue.Queue()
        pool = ComputerPool(workers, post=answers.put) if workers else ComputerPool(0)
        monkeypatch.setattr(
            hosted, "table_of", lambda cfg, store, clock: HostedTable("t1", cfg, store, pool, clock)
        )
        cfg = hosted.config(("open", "open", SMALL), substitute_after_s=0, substitute_level=SMALL)
        try:
            table, peers, _bots, _clock = hosted.started(cfg)
            for peer in peers:
                table.disconnected(peer)
            table.tick_timers()
            while not table.controller.deal.finished:
                answers.get(timeout=60)()
            return table.controller.actions
        finally:
            pool.shutdown()

    assert deal_played(1) == deal_played(0)
