"""A series at a table: held by one table at a time.

A series saved for later is continued by whichever window offers it. Two windows (or
two programs) on one database would both offer it and both play on: their deals are
numbered alike, so one table's deals are refused by the database and lost, and each
overwrites the other's saved table (a tester's case). So the table playing a series
holds it: an advisory lock on a small lock file of its own, one per series, taken
without waiting and given back when the table leaves the series, or by the operating
system when the program ends in any way (a kill included). Another table that asks for
the series is told it is played elsewhere, and the start-up offer leaves it out.

The lock is ``flock`` on its own open file (not the database's, whose SQLite locks a
``close`` of another descriptor would drop), so two tables in one process exclude each
other too. The lock file is named by the database file's identity (device and inode),
not its name, and lives in the user's runtime folder: a database renamed, moved or
reached through a link while a table plays is the same database (a tester renamed the
file under a playing window and a second window continued the series). Where there are
no advisory locks (Windows), for a database in memory, and where no lock file can be
made, a hold is granted and excludes nothing.
"""

from __future__ import annotations

import contextlib
import functools
import os
import warnings
from pathlib import Path

import platformdirs

from skat_desktop.store.database import StoreError


class SeriesHeld(StoreError):
    """The series is being played at another table (another window or program)."""


def lock_folder() -> Path:
    """Where the holds' lock files are: the user's runtime folder (emptied at each boot;
    a killed program's file is harmless, the next holder takes it over)."""
    return _runtime_folder(os.environ.get("XDG_RUNTIME_DIR"))


@functools.lru_cache(maxsize=4)
def _runtime_folder(_xdg: str | None) -> Path:
    """Asked once per runtime setting: silencing platformdirs' warning about a missing
    XDG_RUNTIME_DIR (its fallback is fine here) changes the process's warning filters,
    which is not for every thread to do at any time."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return platformdirs.user_runtime_path("skat-desktop", appauthor=False)


def _lock_file(database: Path, series_id: int) -> Path | None:
    """The lock file of ``series_id`` of the database file (by its device and inode:
    any name or link of the file is the same); None when there is none to be had."""
    try:
        st = os.stat(database)
        folder = lock_folder()
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"series-{st.st_dev}-{st.st_ino}-{int(series_id)}.lock"


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
        if lock is None:  # no file, or no folder for the lock: granted, excluding nothing
            return cls(series_id, None, None)
        while True:
            try:
                fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError:  # a runtime folder that cannot be written: excluding nothing
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
