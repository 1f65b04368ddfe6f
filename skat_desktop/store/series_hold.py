"""A series at a table: held by one table at a time.

A series saved for later is continued by whichever window offers it. Two windows (or
two programs) on one database would both offer it and both play on: their deals are
numbered alike, so one table's deals are refused by the database and lost, and each
overwrites the other's saved table (a tester's case). So the table playing a series
holds it: an advisory lock on a small file beside the database, one per series, taken
without waiting and given back when the table leaves the series, or by the operating
system when the program ends in any way (a kill included). Another table that asks for
the series is told it is played elsewhere, and the start-up offer leaves it out.

The lock is ``flock`` on its own open file (not the database's, whose SQLite locks a
``close`` of another descriptor would drop), so two tables in one process exclude each
other too. Where there are no advisory locks (Windows) and for a database in memory a
hold is granted and excludes nothing.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from skat_desktop.store.database import StoreError


class SeriesHeld(StoreError):
    """The series is being played at another table (another window or program)."""


def _lock_file(database: Path, series_id: int) -> Path:
    real = Path(os.path.realpath(database))  # another path to the same file is the same
    return real.with_name(f".{real.name}.series-{int(series_id)}.lock")


class SeriesHold:
    """The hold of one series by one table; :meth:`release` gives it back (also when
    garbage collected: the descriptor closes)."""

    def __init__(self, series_id: int, lock: Path | None, fd: int | None) -> None:
        self.series_id = series_id
        self._lock = lock
        self._fd = fd

    @classmethod
    def take(cls, database: str | os.PathLike[str] | None, series_id: int) -> SeriesHold:
        """Hold ``series_id`` of the database file ``database`` (None: in memory) for this
        table; :class:`SeriesHeld` when another table holds it."""
        try:
            import fcntl
        except ImportError:  # no advisory locks: granted, excluding nothing
            return cls(series_id, None, None)
        if database is None:
            return cls(series_id, None, None)
        lock = _lock_file(Path(database), series_id)
        while True:
            try:
                fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError:  # a folder that cannot be written: the database cannot be either
                return cls(series_id, None, None)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise SeriesHeld(
                    f"series {series_id} is being played at another table (another window"
                    " or program)",
                    "series_held",
                    series=series_id,
                ) from None
            try:
                same = os.fstat(fd).st_ino == os.stat(lock).st_ino
            except OSError:
                same = False
            if same:  # not a file its last holder removed while we opened it
                return cls(series_id, lock, fd)
            os.close(fd)

    def release(self) -> None:
        """Give the series back (once; later calls do nothing). The lock file goes first,
        while still held: whoever waits for it then takes a new one."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.unlink()
        os.close(fd)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()


def series_held_elsewhere(database: str | os.PathLike[str] | None, series_id: int) -> bool:
    """Whether another table holds ``series_id`` now (probed by taking and giving back
    the hold; False where nothing can be known)."""
    try:
        hold = SeriesHold.take(database, series_id)
    except SeriesHeld:
        return True
    hold.release()
    return False
