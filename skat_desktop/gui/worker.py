"""Slow work off the GUI thread: a computer's decision, a hint.

:class:`Worker` runs one callable at a time per *channel* in a QThreadPool and brings its
answer back to the GUI thread through a queued signal. Every job gets a
``threading.Event``; :meth:`Worker.cancel` sets it (a computer player then answers
promptly with its best move so far) and makes sure the late answer is dropped, so a new
game or a closed window never receives an old result.

The jobs never touch widgets or the table state: ``TableController.think`` reads only the
turn it is given (the Anki "operations" pattern, docs/table-controller.md).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


@dataclass(frozen=True)
class JobResult:
    """The answer of a job: ``value``, or ``error`` (one line) if it raised."""

    channel: str
    ticket: int
    value: Any = None
    error: str | None = None


class _Relay(QObject):
    """Lives in the GUI thread; a worker thread emits, the GUI thread receives (queued)."""

    done = Signal(object)


class _Job(QRunnable):
    def __init__(self, relay: _Relay, channel: str, ticket: int, fn: Callable, cancel):
        super().__init__()
        self.setAutoDelete(True)
        self._relay = relay
        self._channel = channel
        self._ticket = ticket
        self._fn = fn
        self._cancel = cancel

    def run(self) -> None:
        try:
            result = JobResult(self._channel, self._ticket, self._fn(self._cancel))
        except Exception as e:  # the GUI shows it; a worker thread must never die silently
            text = str(e).strip().splitlines()
            line = text[0] if text else type(e).__name__
            traceback.print_exc()
            result = JobResult(self._channel, self._ticket, error=line)
        with contextlib.suppress(RuntimeError):  # the window closed: nobody waits for it
            self._relay.done.emit(result)


class Worker(QObject):
    """Runs ``fn(cancel_event)`` in a thread pool; ``finished(JobResult)`` on the GUI thread.

    One job per channel is current: starting another on the same channel cancels the
    first and its answer is dropped. ``finished`` fires only for current jobs.
    """

    finished = Signal(object)

    def __init__(self, parent: QObject | None = None, threads: int = 2) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._tickets = itertools.count(1)
        self._current: dict[str, tuple[int, threading.Event]] = {}

    def start(self, channel: str, fn: Callable[[threading.Event], Any]) -> int:
        """Run ``fn(cancel)`` off the GUI thread; returns the job's ticket."""
        self.cancel(channel)
        ticket = next(self._tickets)
        cancel = threading.Event()
        self._current[channel] = (ticket, cancel)
        self._pool.start(_Job(self._relay, channel, ticket, fn, cancel))
        return ticket

    def busy(self, channel: str | None = None) -> bool:
        """Whether a current job runs (on ``channel``, or on any channel)."""
        if channel is None:
            return bool(self._current)
        return channel in self._current

    def cancel(self, channel: str | None = None) -> None:
        """Cancel the current job of ``channel`` (all channels if None); its answer is dropped."""
        names = list(self._current) if channel is None else [channel]
        for name in names:
            job = self._current.pop(name, None)
            if job is not None:
                job[1].set()

    def shutdown(self, wait_ms: int = 3000) -> bool:
        """Cancel everything and wait (at most ``wait_ms``) for the threads to stop."""
        self.cancel()
        return self._pool.waitForDone(wait_ms)

    def _on_done(self, result: JobResult) -> None:
        job = self._current.get(result.channel)
        if job is None or job[0] != result.ticket:
            return  # cancelled or replaced: a late answer
        del self._current[result.channel]
        self.finished.emit(result)
