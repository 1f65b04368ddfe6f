"""The program never reads a database file it may have open with ``open()``.

On POSIX, closing any descriptor of a file drops every lock the process holds on it,
those of its own SQLite connections included. A window opened its database a second
time (a writer's connection), ``Store.open`` read the file's first bytes with
``open()`` and closed it: the window's locks were gone. The next program that read the
database (``skat-desktop db sheet``, a backup tool) took it for unused when it closed,
checkpointed and deleted its write-ahead log, and the window went on writing its deals
into the deleted log: a crash of the window lost every deal since (sqlite.org,
"How To Corrupt An SQLite Database File", 2.2).
"""

from __future__ import annotations

import builtins
import contextlib
import io
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from skat_desktop.app import exchange
from skat_desktop.store import files, iss
from skat_desktop.store.database import StoreError, is_sqlite_file
from skat_desktop.store.repository import Store

pytestmark = pytest.mark.skipif(os.name == "nt", reason="no advisory locks to lose")

WINDOW = textwrap.dedent(
    """
    import os, signal, sys
    from skat_desktop.store.repository import Store
    path = sys.argv[1]
    first = Store.open(path)
    first.ensure_player("Before", kind="human")
    second = Store.open(path)  # the writer's connection: the file's head is read again
    print("ready", flush=True)
    sys.stdin.readline()  # meanwhile another program reads the database and closes it
    second.ensure_player("After", kind="human")  # a deal saved after that
    print("saved", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # the window crashes
    """
)


def test_a_second_connection_keeps_the_windows_locks_and_its_deals(tmp_path):
    path = tmp_path / "club.sqlite3"
    window = subprocess.Popen(
        [sys.executable, "-c", WINDOW, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert window.stdout.readline().strip() == "ready"
        other = sqlite3.connect(path)  # e.g. "skat-desktop db sheet" in a terminal
        other.execute("SELECT count(*) FROM players").fetchone()
        other.close()
        window.stdin.write("\n")
        window.stdin.flush()
        assert window.stdout.readline().strip() == "saved"
        assert window.wait(timeout=30) == -signal.SIGKILL
    finally:
        if window.poll() is None:
            window.kill()
    after = sqlite3.connect(path)
    names = {name for (name,) in after.execute("SELECT name FROM players")}
    after.close()
    assert {"Before", "After"} <= names


@pytest.fixture
def live(tmp_path, monkeypatch):
    """A database in use (write-ahead log), and a guard that fails any ``open()`` of it."""
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    store.ensure_player("Anna", kind="human")
    real = os.path.realpath(path)
    plain = builtins.open

    def guarded(file, *args, **kwargs):
        here = isinstance(file, str | os.PathLike) and os.path.realpath(file)
        if here and here in (real, f"{real}-wal", f"{real}-shm"):
            raise AssertionError(f"open() of the database in use: {file}")
        return plain(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)
    monkeypatch.setattr(io, "open", guarded)
    yield store, path
    store.close()


def test_nothing_reads_a_database_in_use_with_open(live, tmp_path):
    """Everything that looks at a file the user named, which may be the database itself:
    opening it again, an export's target, an import, a backup's target, ISS records."""
    _store, path = live
    assert is_sqlite_file(path) and not is_sqlite_file(tmp_path)  # a folder: not a file
    Store.open(path).close()  # a second connection (the writer's)
    Store.open(path, read_only=True).close()
    with pytest.raises(files.OutputRefused):
        files.refuse_database_target(path)  # an export named like the database
    with pytest.raises(exchange.ImportRefused, match="is a database, not a series export"):
        exchange.read_export(path)
    with pytest.raises(exchange.ExchangeError, match="database in use"):
        exchange.backup(Store.open(tmp_path / "other.sqlite3"), path)
    with pytest.raises(StoreError, match="is a database, not ISS game records"):
        next(iss.read_iss_file(path))
    # its companions too (choosing the window's -shm file to import dropped its shared
    # memory locks; later readers reset it under the window: a Bus error, a deal lost)
    for suffix in ("-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        assert part.is_file()
        with pytest.raises(exchange.ImportRefused, match="is a database"):
            exchange.read_export(part)
        with pytest.raises(StoreError, match="is a database"):
            next(iss.read_iss_file(part))
        with pytest.raises(exchange.ExchangeError, match="belongs to a database"):
            exchange.restore(part, tmp_path / "restored.sqlite3")


def test_other_files_are_told_from_databases(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    short = tmp_path / "short.txt"
    short.write_text("hello")
    export = tmp_path / "series.json"
    export.write_text('{"format": "skat-desktop"}')
    backup = tmp_path / "backup.sqlite3"
    conn = sqlite3.connect(backup)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert [is_sqlite_file(p) for p in (empty, short, export, backup)] == [
        False,
        False,
        False,
        True,
    ]
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == sorted(
        ["empty.sqlite3", "short.txt", "series.json", "backup.sqlite3"]
    )  # the probe leaves nothing beside the files


def test_a_damaged_target_is_kept_whole_where_there_are_no_hard_links(tmp_path, monkeypatch):
    """The restore keeps an unusable target under a new name; without hard links (a FAT
    stick) it copies it, never through open() of the target (it may be open here)."""
    good = tmp_path / "backup.sqlite3"
    store = Store.open(good)
    store.ensure_player("Anna", kind="human")
    exchange.backup(store, tmp_path / "backup-copy.sqlite3")
    store.close()
    target = tmp_path / "club.sqlite3"
    damaged = b"SQLite format 3\x00" + bytes(range(256)) * 40  # a header, then nonsense
    target.write_bytes(damaged)

    def no_links(*_args, **_kwargs):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    notes: list[str] = []
    kept = exchange.restore(tmp_path / "backup-copy.sqlite3", target, tell=notes.append)
    assert kept is not None and Path(kept).read_bytes() == damaged
    restored = sqlite3.connect(target)
    assert restored.execute("SELECT name FROM players").fetchall() == [("Anna",)]
    restored.close()


def test_a_replaced_backup_leaves_no_descriptor_behind(tmp_path):
    """A backup over an older one reads the older one's head through a kept descriptor
    (it might have been a database in use): once replaced, that descriptor is closed,
    so the old file's space is freed and no "(deleted)" file stays open."""
    store = Store.open(tmp_path / "club.sqlite3")
    store.ensure_player("Anna", kind="human")
    dest = tmp_path / "backup.sqlite3"
    for _ in range(3):
        exchange.backup(store, dest)
    store.close()
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        pytest.skip("no /proc here")
    open_now = []
    for fd in fds.iterdir():
        with contextlib.suppress(OSError):
            open_now.append(os.readlink(fd))
    assert not [f for f in open_now if "backup.sqlite3" in f and "(deleted)" in f]
