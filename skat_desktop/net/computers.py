"""Where the host's computers think: worker processes shared by every table.

A computer's decision takes as long as its fixed search takes (seconds for an expert
early in a deal), and the search is mostly Python: in a thread of the host it would
hold the interpreter's lock and slow every table's answers. So it runs in a worker
*process* (``workers``, one per core but the one the sockets need), started with
"spawn" (the host has threads; a forked copy of them is not safe), searching on one
thread there. The answer comes back to the loop with ``post`` (e.g.
``loop.call_soon_threadsafe``), where the table applies it.

The job is a :class:`~skat_desktop.app.table.ThinkSpec` (what a fresh player needs)
and the worker runs :func:`~skat_desktop.app.table.run_think`, the controller's own
way of thinking, so a move does not depend on where it was thought: the same table
seed gives the same moves in the pool as in the controller. A table's jobs always go
to the same worker, whose :class:`~skat_desktop.app.table.PlayerCache` keeps the
table's players through the deal; a fresh worker (after one died) first makes the
player's earlier decisions again from the spec. A worker that dies is replaced, and
its job is answered with the fallback (the beginner's choice and a ``PlayerFailed``).

Each table keeps at most one job out at a time
(:class:`~skat_desktop.net.hosted_table.HostedTable`). :meth:`ComputerPool.run` runs
other jobs (a claim's check, a player that lives in the host such as another program)
on threads. ``workers=0`` runs everything at once in the calling thread (tests):
``done`` is then called before :meth:`ComputerPool.think` returns.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from skat_desktop.app.table import (
        ComputerTurn,
        PlayerCache,
        TableController,
        ThinkResult,
        ThinkSpec,
    )

T = TypeVar("T")
Post = Callable[[Callable[[], None]], None]
Done = Callable[["ThinkResult"], None]

log = logging.getLogger(__name__)

CACHE_SIZE = 64  # players a worker keeps (a table's 2-3 computers of the deal in play)
ROUTES = 4096  # tables a pool remembers the worker of
NICE = 5  # workers yield to the host's loop when cores are short: answers stay quick
WORKER_DIED = "its worker process stopped"
KILL_POINT = "computer_worker"  # fault injection (store.faults): a worker dies at a job


def _at_once(fn: Callable[[], None]) -> None:
    fn()


class ComputerPool:
    """Workers for the computers of every table; answers come back through ``post``."""

    def __init__(self, workers: int | None = None, post: Post = _at_once):
        if workers is None:
            workers = max(1, (os.cpu_count() or 1) - 1)  # one core for the sockets
        if workers < 0:
            raise ValueError("the number of workers cannot be negative")
        if workers and post is _at_once:  # answers must not touch a table off its thread
            raise ValueError("a pool with workers needs post (e.g. loop.call_soon_threadsafe)")
        self.workers = workers
        self._post = post
        self._executor = (
            ThreadPoolExecutor(workers, thread_name_prefix="computer") if workers else None
        )
        self._procs = [_Worker(self, i) for i in range(workers)]
        self._routes: OrderedDict[str, _Worker] = OrderedDict()
        self._cache: PlayerCache | None = None  # workers=0: the players kept here
        self._closed = False
        self._lock = threading.Lock()

    def think(
        self,
        ctl: TableController,
        turn: ComputerTurn,
        done: Done,
        cancel: threading.Event | None = None,
    ) -> None:
        """Ask ``turn``'s computer (never raises: a failing player gives way to the
        fallback); ``done(result)`` runs on the loop thread. The caller passes the
        result to ``ctl.submit``. A job whose ``cancel`` is set before it starts is
        dropped unanswered (its table is closing); a running one finishes."""
        if self._closed:
            return
        spec = ctl.think_spec(turn)
        if spec is None:  # its player lives in the controller
            self.run(lambda: ctl.think(turn, cancel), done)
        else:
            self.ask(spec, done, cancel)

    def ask(self, spec: ThinkSpec, done: Done, cancel: threading.Event | None = None) -> None:
        """Run ``spec`` (:func:`~skat_desktop.app.table.run_think`) on the worker of its
        table; ``done(result)`` on the loop thread. :meth:`think` for a controller's
        seat; a table's stand-in for a dropped player asks this way too."""
        if self._closed:
            return
        if not self._procs:
            self._finish(lambda: self._think_here(spec, cancel), done)
        else:
            self._worker_for(spec.table).submit(spec, done, cancel)

    def _think_here(self, spec: ThinkSpec, cancel: threading.Event | None) -> ThinkResult:
        from skat_desktop.app.table import PlayerCache, run_think

        if self._cache is None:
            self._cache = PlayerCache(CACHE_SIZE)
        return run_think(spec, self._cache, cancel)

    def _worker_for(self, table: str) -> _Worker:
        """The table's worker: the one it had, else the one with the fewest tables."""
        with self._lock:
            worker = self._routes.get(table)
            if worker is not None:
                self._routes.move_to_end(table)
                return worker
            worker = min(self._procs, key=lambda w: (w.tables, w.number))
            worker.tables += 1
            self._routes[table] = worker
            if len(self._routes) > ROUTES:
                _, gone = self._routes.popitem(last=False)
                gone.tables -= 1
            return worker

    def worker_pids(self) -> list[int]:
        """The worker processes running now (for tests and the host's log)."""
        return [pid for w in self._procs if (pid := w.pid()) is not None]

    def run(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        """Run ``job`` on a thread, then ``done(its result)`` on the loop thread. A job
        that raises is logged and ``done`` is not called (the caller's jobs do not
        raise: they catch their players' errors themselves). After :meth:`shutdown`
        nothing runs."""
        if self._closed:
            return
        if self._executor is None:
            self._finish(job, done)
            return
        with self._lock:
            if self._closed:
                return
            self._executor.submit(self._finish, job, done)

    def _finish(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        try:
            result = job()
        except Exception:
            log.exception("a computer's job failed")
            return
        self._answer(done, result)

    def _answer(self, done: Callable[[T], None], result: T) -> None:
        if self._closed:
            return
        try:
            self._post(lambda: done(result))
        except RuntimeError:  # the loop is closed: the host is going down
            log.debug("a computer's answer came after the host stopped")

    def shutdown(self, wait: bool = False) -> None:
        """Stop: the worker processes end at once (a search in progress too), jobs not
        yet started are dropped, answers still to come are not posted. ``wait``: until
        the threads that talk to the workers are gone as well."""
        with self._lock:
            self._closed = True
        for worker in self._procs:
            worker.close()
        if self._executor is not None:
            self._executor.shutdown(wait=wait, cancel_futures=True)
        if wait:
            for worker in self._procs:
                worker.join()


class _Worker:
    """One worker process and the host thread that feeds it its jobs, one at a time."""

    def __init__(self, pool: ComputerPool, number: int):
        self.pool = pool
        self.number = number
        self.tables = 0  # tables routed here (the pool's lock)
        self._jobs: queue.SimpleQueue[tuple[ThinkSpec, Done, Any] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._closed = False
        self._thread: threading.Thread | None = None
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None

    def pid(self) -> int | None:
        with self._lock:
            p = self._process
            return p.pid if p is not None and p.is_alive() else None

    def submit(self, spec: ThinkSpec, done: Done, cancel: threading.Event | None) -> None:
        with self._lock:
            if self._closed:
                return
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._serve, name=f"computer-{self.number}", daemon=True
                )
                self._thread.start()
        self._jobs.put((spec, done, cancel))

    def _serve(self) -> None:
        try:
            while (job := self._jobs.get()) is not None:
                spec, done, cancel = job
                if self._closed:
                    break
                if cancel is not None and cancel.is_set():
                    continue
                result = self._ask(spec)
                if result is not None:
                    self.pool._answer(done, result)
        finally:
            self._end_process()

    def _ask(self, spec: ThinkSpec) -> ThinkResult | None:
        """The worker's answer to ``spec``; the fallback's if the worker died (it is
        replaced at the next job) or could not take the job; None once closed."""
        from skat_desktop.app.table import ThinkResult, think_failed

        try:
            conn, sentinel = self._ready()
            if conn is None:
                return None
            conn.send(spec)
            if conn in wait([conn, sentinel]):  # an answer, or the end of the pipe
                result = conn.recv()
                if isinstance(result, ThinkResult):
                    return result
                detail = "its worker process could not answer"
            else:
                raise EOFError
        except (EOFError, OSError):
            if self._closed:
                return None
            log.warning("computer worker %d stopped; a new one takes its jobs", self.number)
            self._end_process()
            detail = WORKER_DIED
        except Exception:  # a job that does not pickle: a bug, but the table goes on
            log.exception("computer worker %d could not take a job", self.number)
            detail = "its worker process could not take the job"
        return think_failed(spec, detail)

    def _ready(self) -> tuple[Connection | None, Any]:
        """The live worker's pipe and sentinel, starting one if there is none."""
        with self._lock:
            if self._closed:
                return None, None
            if self._process is None or not self._process.is_alive():
                self._end_process_locked()
                context = multiprocessing.get_context("spawn")
                here, there = context.Pipe()
                process = context.Process(
                    target=worker_main,
                    args=(there,),
                    name=f"skat-computer-{self.number}",
                    daemon=True,  # multiprocessing ends it if the host exits without close
                )
                try:
                    process.start()
                finally:
                    there.close()  # the worker's end: only the worker holds it now
                    if process.pid is None:
                        here.close()
                self._process, self._conn = process, here
            return self._conn, self._process.sentinel

    def _end_process(self) -> None:
        with self._lock:
            self._end_process_locked()

    def _end_process_locked(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            _stop(process)

    def close(self) -> None:
        """End the process now (the feeding thread notices and ends too)."""
        with self._lock:
            self._closed = True
            process = self._process
            if process is not None:
                _stop(process)  # its thread closes the pipe: it may be waiting on it
        self._jobs.put(None)

    def join(self, timeout: float = 5.0) -> None:
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)


def _stop(process: BaseProcess) -> None:
    """Terminate ``process`` and reap it: no orphan, no zombie."""
    if process.is_alive():
        process.terminate()
        process.join(2.0)
        if process.is_alive():
            process.kill()
    process.join(2.0)


def worker_main(conn: Connection) -> None:
    """A worker process: specs in, results out, one at a time, until the pipe closes
    (the host stopped or died) -- so a worker never outlives its host for long."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the host's to handle
    with contextlib.suppress(OSError):
        os.nice(NICE)
    from skat_desktop.ai import pimc
    from skat_desktop.app.table import PlayerCache, run_think
    from skat_desktop.store.faults import kill_point

    pimc.set_threads(1)  # one core per worker: the pool is the parallelism
    cache = PlayerCache(CACHE_SIZE)
    while True:
        try:
            spec = conn.recv()
        except (EOFError, OSError):
            return
        except Exception:  # a job that does not unpickle here
            spec = False
        if spec is None:
            return
        kill_point(KILL_POINT)
        result = run_think(spec, cache) if spec is not False else None
        try:
            conn.send(result)
        except (OSError, ValueError):
            return
