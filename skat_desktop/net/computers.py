"""Where the host's computers think: one pool of workers shared by every table.

A computer's decision takes as long as its fixed search takes (seconds for an expert
early in a deal), so it never runs on the server's loop thread: the pool runs it on a
worker and hands the answer back to the loop with ``post`` (e.g.
``loop.call_soon_threadsafe``), where the table applies it. Each table keeps at most
one job out at a time (:class:`~skat_desktop.net.hosted_table.HostedTable`), so one
table holds at most one worker and a slow computer at one table never holds up
another: the other tables' jobs run on the other workers.

``workers=0`` runs each job at once in the calling thread (tests, a machine with one
table): ``done`` is then called before :meth:`ComputerPool.think` returns.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from skat_desktop.app.table import ComputerTurn, TableController, ThinkResult

T = TypeVar("T")
Post = Callable[[Callable[[], None]], None]

log = logging.getLogger(__name__)


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
        self._closed = False
        self._lock = threading.Lock()

    def think(
        self,
        ctl: TableController,
        turn: ComputerTurn,
        done: Callable[[ThinkResult], None],
        cancel: threading.Event | None = None,
    ) -> None:
        """Ask ``turn``'s computer (``ctl.think``, which never raises); ``done(result)``
        runs on the loop thread. The caller passes the result to ``ctl.submit``."""
        self.run(lambda: ctl.think(turn, cancel), done)

    def run(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        """Run ``job`` on a worker, then ``done(its result)`` on the loop thread. A job
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
        if self._closed:
            return
        try:
            self._post(lambda: done(result))
        except RuntimeError:  # the loop is closed: the host is going down
            log.debug("a computer's answer came after the host stopped")

    def shutdown(self, wait: bool = False) -> None:
        """Stop: jobs not yet started are dropped, answers still to come are not posted
        (the tables cancel their running searches themselves)."""
        with self._lock:
            self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=wait, cancel_futures=True)
