"""The file system holding the database is remounted read-only while it is open.

SQLite then refuses writes through the connection it has as disk I/O errors (the
SQLITE_IOERR family), not as SQLITE_READONLY: the window said the deal "waits and will be
saved later" and tried again for good. An I/O error while the database's file system is
mounted read-only is said as a read-only database (:func:`explain`), and so is a fault of
the file that must be fixed first (:func:`file_fault`); on a writable file system it is
not. The mount is the test's: ``os.statvfs`` reports it read-only for the test's folder.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import (
    READ_ONLY,
    ReadOnlyDatabase,
    StoreError,
    explain,
    file_fault,
)
from skat_desktop.store.repository import Store

pytestmark = pytest.mark.skipif(not hasattr(os, "statvfs"), reason="no statvfs (Windows)")

SQLITE_IOERR_WRITE = 778  # sqlite3.SQLITE_IOERR | (3 << 8)


def io_error() -> sqlite3.OperationalError:
    """SQLite's answer to a write on a file system remounted read-only under it."""
    e = sqlite3.OperationalError("disk I/O error")
    e.sqlite_errorcode = SQLITE_IOERR_WRITE
    return e


def mounted(monkeypatch, where: Path, read_only: bool) -> None:
    """``os.statvfs`` says the file system under ``where`` is mounted read-only (or not)."""
    real = os.statvfs
    where = Path(os.path.realpath(where))

    def statvfs(p):
        st = real(p)
        if not Path(os.path.realpath(p)).is_relative_to(where):
            return st
        flag = st.f_flag | os.ST_RDONLY if read_only else st.f_flag & ~os.ST_RDONLY
        return os.statvfs_result((*st[:8], flag, *st[9:]))

    monkeypatch.setattr(os, "statvfs", statvfs)


def club(path: Path) -> tuple[Store, int]:
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    return store, store.create_series("Friday", "2026-01-09", ids, ISKO)


@pytest.mark.parametrize("exists", [True, False])
def test_an_io_error_on_a_read_only_mount_is_said_as_read_only(tmp_path, monkeypatch, exists):
    path = tmp_path / "club.sqlite3"
    if exists:
        Store.open(path).close()
    mounted(monkeypatch, tmp_path, read_only=True)
    e = explain(io_error(), path, "write")
    assert isinstance(e, ReadOnlyDatabase) and file_fault(e) == READ_ONLY
    message = str(e)
    assert "\n" not in message and str(path) in message
    assert "mounted read-only" in message and "it can only be viewed" in message

    from skat_desktop.gui.errors import describe  # the window's words (and the CLI's class)

    assert describe(e) == (
        "The database cannot be written (it is read-only); it can only be viewed."
    )


def test_an_io_error_on_a_writable_mount_is_not_read_only(tmp_path, monkeypatch):
    path = tmp_path / "club.sqlite3"
    Store.open(path).close()
    mounted(monkeypatch, tmp_path, read_only=False)
    e = explain(io_error(), path, "write")
    assert not isinstance(e, ReadOnlyDatabase) and file_fault(e) is None
    assert "disk I/O error" in str(e)


@pytest.mark.parametrize("read_only", [True, False])
def test_file_fault_tells_a_read_only_mount_by_the_databases_path(tmp_path, monkeypatch, read_only):
    """SQLite's I/O error as a deal's write meets it (inside the transaction, before the
    store explains it), or the system's "read-only file system": a fault of the file only
    while the database's file system is mounted read-only, and only given its path."""
    path = tmp_path / "club.sqlite3"
    Store.open(path).close()
    mounted(monkeypatch, tmp_path, read_only=read_only)
    erofs = OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
    for e in (io_error(), erofs):
        assert file_fault(e, path) == (READ_ONLY if read_only else None)
        assert file_fault(e) is None  # no path: cannot be told
    assert file_fault(OSError(errno.ENOSPC, "disk full"), path) is None


def test_a_mount_that_cannot_be_asked_is_not_read_only(tmp_path, monkeypatch):
    def statvfs(_):
        raise OSError("no statvfs here")

    monkeypatch.setattr(os, "statvfs", statvfs)
    e = explain(io_error(), tmp_path / "club.sqlite3", "write")
    assert not isinstance(e, ReadOnlyDatabase) and file_fault(e) is None
    assert file_fault(io_error(), tmp_path / "club.sqlite3") is None


@pytest.mark.parametrize("read_only", [True, False])
def test_a_write_refused_by_a_read_only_mount_is_a_fault_of_the_file(
    tmp_path, monkeypatch, read_only
):
    """Through a store's transaction, as a deal's write goes: the I/O error inside it
    comes out as read-only (the window's "make the file writable and press Save again")
    only while the file system is mounted read-only."""
    path = tmp_path / "club.sqlite3"
    store, sid = club(path)
    mounted(monkeypatch, tmp_path, read_only=read_only)
    with pytest.raises(StoreError) as caught, store.transaction():
        store.save_live(sid, '{"t": 1}', deal_number=1, deals_done=0)
        raise io_error()
    assert isinstance(caught.value, ReadOnlyDatabase) == read_only
    assert file_fault(caught.value) == (READ_ONLY if read_only else None)
    assert store.conn.execute("SELECT count(*) FROM live_tables").fetchone() == (0,)
    store.close()
