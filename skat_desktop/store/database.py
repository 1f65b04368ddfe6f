"""Opening the database file: location, safety checks, pragmas and migrations.

A file is only written to once it is known to be ours (or new): a foreign SQLite
file, a file that is not SQLite at all, or one written by a newer skat-desktop is
refused with one sentence and left untouched.

* **Reading never needs the write lock.** ``open_database(path, read_only=True)``
  opens the file read-only and writes nothing (no pragma that touches the file, no
  migration), so a read-only file, or one that another program is writing to, can
  always be viewed and exported.
* **A writer writes only what is missing.** The write-ahead log, the schema steps and
  the file's marks are set only when they are not set yet, so an ordinary open takes
  no write lock either; the first write does.
* **A new database appears whole or not at all.** It is built in a temporary file
  beside the target (schema, marks, ``synchronous`` flush) and linked into place only
  then; a crash during the first start leaves at most that temporary file, which the
  next start removes. A file left half-created by an older version (our tables, our
  schema history, no mark, no data) is recognised and finished.
* **Finished deals survive a power cut**: writers use ``synchronous=FULL`` (every
  commit is flushed to the disk before the program says it is saved).
* New files and folders are private to the user (0600 / 0700).
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import sqlite3
import stat
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import platformdirs
from sqlite_utils import Database

from skat_desktop.store.faults import fail_point, kill_point
from skat_desktop.store.schema import APPLICATION_ID, KNOWN, MIGRATION_SET, migrations

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_MS = 5000  # how long a command waits for another program's write to finish


class StoreError(Exception):
    """A database problem explained in one sentence.

    The sentence is English, for the CLI and the log; ``code`` (and ``params``, such as the
    ``path``) let a window say it in the player's language. Without a code, the class says
    what kind of problem it is.
    """

    code: str = ""
    params: dict[str, object] = {}  # noqa: RUF012 - replaced, never changed

    def __init__(self, message: str = "", code: str = "", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class ForeignDatabase(StoreError):
    """The file is not a skat-desktop database."""


class NewerDatabase(StoreError):
    """The file was written by a newer skat-desktop."""


class CorruptDatabase(StoreError):
    """The file is damaged."""


class DatabaseBusy(StoreError):
    """Another program holds the database's lock; trying again later may work."""


class ReadOnlyDatabase(StoreError):
    """The file (or its folder) cannot be written; it can still be viewed."""


def default_path() -> Path:
    """The embedded default: one file in the platform's user data directory."""
    return platformdirs.user_data_path("skat-desktop", appauthor=False) / "skat-desktop.sqlite3"


def is_busy(e: BaseException) -> bool:
    """Whether a SQLite error means "another connection holds the lock"."""
    if not isinstance(e, sqlite3.OperationalError):
        return False
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    text = str(e)
    return "locked" in text or "busy" in text


def is_read_only(e: BaseException) -> bool:
    """Whether a SQLite error means "this file cannot be written"."""
    if not isinstance(e, sqlite3.OperationalError):
        return False
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None and code & 0xFF == sqlite3.SQLITE_READONLY:
        return True
    return "readonly" in str(e) or "read-only" in str(e)


def is_disk_full(e: BaseException) -> bool:
    """Whether a SQLite error means "no room left" (the disk, or the file's size limit)."""
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF == sqlite3.SQLITE_FULL
    return isinstance(e, sqlite3.OperationalError) and "disk is full" in str(e)


def is_outside(e: BaseException) -> bool:
    """Whether a SQLite error comes from outside the statement (a full or failing disk,
    a read-only file, another program's lock), not from the SQL or the data."""
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN):
        return True
    return is_busy(e) or is_read_only(e) or is_disk_full(e)


def _is_io_error(e: BaseException) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_IOERR


ROOM_NEEDED = 1 << 20
"""Free bytes below which a disk counts as full: SQLite reports a shared-memory file
(-shm) it cannot create or grow on a full disk as an I/O error, not as "full"."""


def _no_room(path: Path | str) -> bool:
    """Whether the folder of ``path`` has (almost) no free space left."""
    folder = Path(path).resolve().parent
    try:
        return shutil.disk_usage(folder).free < ROOM_NEEDED
    except OSError:
        return False


def _mounted_read_only(path: Path | str) -> bool:
    """Whether the file system holding ``path`` (the file, else its folder) is mounted
    read-only now (False where that cannot be told, as on Windows)."""
    real = Path(path).resolve()
    for place in (real, real.parent):
        try:
            return bool(os.statvfs(place).f_flag & os.ST_RDONLY)
        except (OSError, AttributeError):  # no such file; no statvfs on this system
            continue
    return False


def _refused_by_mount(e: BaseException, path: Path | str | None) -> bool:
    """Whether ``e``, an I/O error (SQLite's, or the system's "read-only file system"),
    came from the file system holding ``path`` being mounted read-only now: remounted so
    under an open connection (after disk errors, say), SQLite's writes fail as I/O
    errors, not as "readonly"."""
    io_error = _is_io_error(e) or (isinstance(e, OSError) and e.errno == errno.EROFS)
    return io_error and path is not None and _mounted_read_only(path)


_DONE = {"read": "read", "write": "written", "open": "opened", "check": "checked"}
"""The participles of :func:`explain`'s verbs that are not the verb plus "d"."""


def explain(e: sqlite3.Error, path: Path | str, doing: str = "use") -> StoreError:
    """One sentence for a SQLite error, as the right :class:`StoreError`."""
    first = str(e).splitlines()[0] if str(e) else type(e).__name__
    if _refused_by_mount(e, path):
        return ReadOnlyDatabase(
            f"{path} cannot be written (its file system is mounted read-only); it can only"
            " be viewed"
        )
    if is_disk_full(e) or (_is_io_error(e) and _no_room(path)):
        return StoreError(
            f"cannot {doing} {path}: the disk is full; free some space and try again",
            "disk_full",
            path=path,
        )
    if is_busy(e):
        return DatabaseBusy(
            f"{path} is busy: another program is writing to it; try again in a moment"
        )
    if is_read_only(e):
        return ReadOnlyDatabase(f"{path} cannot be written ({first}); it can only be viewed")
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None and code & 0xFF == sqlite3.SQLITE_CANTOPEN:
        return StoreError(
            f"cannot {doing} {path}: the file or its folder cannot be opened "
            "(check that the folder exists and may be written)"
        )
    if isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError):
        done = _DONE.get(doing, f"{doing}d")
        return CorruptDatabase(f"{path} cannot be {done}: {first}")
    return StoreError(f"cannot {doing} {path}: {first}")


FileId = tuple[int, int]
"""A file's identity: its device and inode."""

READ_ONLY = "read_only"
MOVED = "database_moved"


def file_id(path: str | os.PathLike[str]) -> FileId | None:
    """The identity of the file at ``path`` (links followed); None when there is no such
    file or its file system gives no inode numbers. OSError when it cannot be told (a
    folder on the way that may not be searched)."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return (st.st_dev, st.st_ino) if st.st_ino else None


def check_same_file(path: str | os.PathLike[str], opened: FileId | None) -> None:
    """Refuse a write (a :class:`StoreError` with code ``database_moved``) when ``path``
    no longer names the file that was opened there (``opened``, its :func:`file_id`
    then; None: nothing to compare).

    SQLite writes through the descriptor it opened: into a file renamed since, under its
    new name, or into one deleted since, whose deals go with the last descriptor; and it
    leaves the write-ahead log stranded under the old name. One ``stat`` per write."""
    if opened is None:
        return
    try:
        now = file_id(path)
    except OSError:
        return  # cannot be told (no permission on a folder): SQLite says what it finds
    if now != opened:
        raise moved_away(path)


def moved_away(path: str | os.PathLike[str]) -> StoreError:
    """The refusal of :func:`check_same_file`."""
    return StoreError(
        f"the database file {path} was moved, replaced or deleted while it was open;"
        " nothing is written into it until it is back under that name",
        MOVED,
        path=path,
    )


def file_fault(e: BaseException, path: Path | str | None = None) -> str | None:
    """What must be done to the database file before a write that failed with ``e`` can
    work: :data:`READ_ONLY` (make it writable), :data:`MOVED` (put it back under its
    name), or None (trying again may work by itself, or nothing will). ``path``, the
    database's file, tells an I/O error of a file system mounted read-only meanwhile
    (:func:`explain` says that one as a :class:`ReadOnlyDatabase` already)."""
    if isinstance(e, ReadOnlyDatabase) or is_read_only(e) or _refused_by_mount(e, path):
        return READ_ONLY
    if isinstance(e, StoreError) and e.code == MOVED:
        return MOVED
    return None


COMPANIONS = ("-wal", "-shm", "-journal")


def _check_kind(path: Path, real: Path) -> None:
    """Only a regular file (or a new name) can be a database: a device, a pipe or a
    socket is refused before SQLite would replace or wait on it, and so is the
    write-ahead log or journal of another database (deleting it would lose that
    database's last deals)."""
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise StoreError(f"cannot use {path}: {e.strerror or e}", "cannot_use", path=path) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise StoreError(f"{path} is a folder, not a database file", "not_a_file", path=path)
    if mode is not None and not stat.S_ISREG(mode):
        raise StoreError(
            f"{path} is not a regular file (a device, pipe or socket), not a database",
            "not_a_file",
            path=path,
        )
    for suffix in COMPANIONS:
        if real.name.endswith(suffix) and len(real.name) > len(suffix):
            base = real.with_name(real.name[: -len(suffix)])
            if base.is_file():
                raise StoreError(
                    f"{path} is the {suffix[1:]} file of the database {base}, not a database; "
                    f"use {base}"
                )


def is_sqlite_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a SQLite database file (an empty file is not one); OSError
    when it cannot be read.

    Read through SQLite itself, never with ``open()``: on POSIX, closing any descriptor
    of a file drops every lock this process holds on that file, those of its own SQLite
    connections included. Another program's SQLite then takes the database for unused
    when it closes, and deletes the write-ahead log that holds the window's latest deals
    (sqlite.org/howtocorrupt.html, 2.2: a second ``Store.open`` of the window's database
    did exactly that). SQLite closes its own descriptor only once no lock on the file is
    held. ``immutable``: the probe takes no lock and creates no file beside it."""
    real = Path(os.path.realpath(path))
    st = real.stat()
    if not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        return False
    try:
        probe = sqlite3.connect(real.as_uri() + "?mode=ro&immutable=1", uri=True)
        try:
            probe.execute("PRAGMA schema_version").fetchone()
        finally:
            probe.close()
    except sqlite3.Error as e:
        name = getattr(e, "sqlite_errorname", "")
        if name == "SQLITE_NOTADB":
            return False
        if name.startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM")) or not name:
            raise OSError(str(e).splitlines()[0] if str(e) else "cannot read") from None
        # a SQLite file, damaged: opening it says what is wrong (CorruptDatabase)
    return True


def database_part(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a SQLite database or one of its companion files (``-wal``,
    ``-shm``, ``-journal`` beside a database): files that must never be opened with
    ``open()`` (:func:`is_sqlite_file`) -- a companion's locks go the same way (choosing
    a window's ``-shm`` file to import crashed the window later, a Bus error, its deal
    lost). OSError when it cannot be read."""
    return companion_of(path) is not None or is_sqlite_file(path)


def companion_of(path: str | os.PathLike[str]) -> Path | None:
    """The SQLite database whose ``-wal``, ``-shm`` or ``-journal`` file ``path`` is."""
    real = Path(os.path.realpath(path))
    for suffix in COMPANIONS:
        if real.name.endswith(suffix) and len(real.name) > len(suffix):
            base = real.with_name(real.name[: -len(suffix)])
            with contextlib.suppress(OSError):
                if base.is_file() and is_sqlite_file(base):
                    return base
    return None


_HELD: dict[tuple[int, int], int] = {}  # (device, inode) -> a descriptor never closed
_HELD_LOCK = threading.Lock()


def forget_deleted() -> None:
    """Close the kept descriptors of files deleted (or replaced) since: nobody can open
    them by name any more, so no lock on them matters, and their disk space is freed."""
    with _HELD_LOCK:
        for key, fd in list(_HELD.items()):
            try:
                gone = os.fstat(fd).st_nlink == 0
            except OSError:
                gone = True
            if gone:
                del _HELD[key]
                with contextlib.suppress(OSError):
                    os.close(fd)


def read_database(path: str | os.PathLike[str], size: int | None = None) -> Iterator[bytes]:
    """The bytes of the SQLite file ``path`` (the first ``size``, or all), in chunks. Where
    closing a descriptor drops locks (POSIX), read through one this program keeps open
    for its life, one per such file, as SQLite keeps its own: it may be a database this
    program has open (see :func:`is_sqlite_file`). OSError when it cannot be read."""
    chunk = 1 << 20
    if os.name == "nt":  # no advisory locks to lose
        with open(path, "rb") as f:
            while size is None or size > 0:
                data = f.read(chunk if size is None else min(chunk, size))
                if not data:
                    return
                yield data
                size = None if size is None else size - len(data)
        return
    forget_deleted()
    st = os.stat(path)
    key = (st.st_dev, st.st_ino)
    with _HELD_LOCK:
        fd = _HELD.get(key)
        if fd is None:
            fd = _HELD[key] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    at = 0
    while size is None or at < size:
        data = os.pread(fd, chunk if size is None else min(chunk, size - at), at)
        if not data:
            return
        yield data
        at += len(data)


def sqlite_header(path: str | os.PathLike[str]) -> bytes:
    """The first 100 bytes of the SQLite file ``path``: :func:`read_database`."""
    return b"".join(read_database(path, 100))


def _check_existing(path: Path) -> None:
    try:
        sqlite = is_sqlite_file(path)
    except OSError as e:
        raise StoreError(
            f"cannot read {path}: {e.strerror or e}", "cannot_use", path=path
        ) from None
    if not sqlite and path.stat().st_size:
        raise ForeignDatabase(f"{path} is not a SQLite database", "not_sqlite", path=path)


def _check_writable(path: Path, real: Path) -> None:
    """Refuse, as viewable only, a database this program may not write: SQLite opens a
    file it cannot write read-only without a word, and its first write fails. A window
    then played on and said each deal "waits and will be saved later", which never came
    (a tester's ``chmod 444``). The file, its write-ahead log and shared memory (left by
    a run with other rights), or the folder they are created in, must be writable."""
    log = [Path(f"{real}{s}") for s in ("-wal", "-shm") if Path(f"{real}{s}").exists()]
    needs = [real, *log] if len(log) == 2 else [real, *log, real.parent]
    for part in needs:
        mode = os.W_OK | (os.X_OK if part == real.parent else 0)
        if not os.access(part, mode):
            what = "its folder" if part == real.parent else part.name
            raise ReadOnlyDatabase(
                f"{path} cannot be written (no permission to write {what}); it can only be"
                " viewed",
                path=path,
            )


def _schema(conn: sqlite3.Connection) -> set[tuple[str, str, str | None]]:
    """Tables, indexes, triggers and views as created (the migrations table aside: its
    shape depends on the sqlite-utils version that made it)."""
    return set(
        conn.execute(
            "SELECT type, name, sql FROM sqlite_master"
            " WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND tbl_name != '_sqlite_migrations'"
        )
    )


def _half_created(conn: sqlite3.Connection, tables: set[str]) -> bool:
    """An older version's first start killed before the file got its mark: exactly the
    schema our recorded steps create, nothing else, and not one row of data — safe to
    finish. (Matching table names is not enough: another program's fresh file may
    have a ``players`` table of its own.)"""
    if "_sqlite_migrations" not in tables:
        return False
    try:
        rows = conn.execute(
            "SELECT migration_set, name FROM _sqlite_migrations ORDER BY rowid"
        ).fetchall()
    except sqlite3.OperationalError:
        return False  # a table of that name, but not sqlite-utils' history
    steps = [name for _, name in rows]
    if any(s != MIGRATION_SET for s, _ in rows) or steps != list(KNOWN[: len(steps)]):
        return False  # another program's history, or steps we do not know
    expected = sqlite3.connect(":memory:", isolation_level=None)
    try:
        later = KNOWN[len(steps)] if len(steps) < len(KNOWN) else None
        migrations.apply(Database(expected), stop_before=later)
        if _schema(conn) != _schema(expected):
            return False
    finally:
        expected.close()
    return all(
        conn.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() is None
        for t in tables
        if t != "_sqlite_migrations"
    )


def _inspect(conn: sqlite3.Connection, path: Path) -> list[str]:
    """Refuse foreign, newer or damaged files before anything is written.

    Returns the schema steps still to apply (all of them for a new file)."""
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        user_version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as e:
        if is_outside(e):  # busy, full, read-only, or no room for its -shm: not damage
            raise explain(e, path) from None
        raise CorruptDatabase(f"{path} cannot be read: {str(e).splitlines()[0]}") from None
    except (UnicodeError, ValueError):  # a damaged byte inside the schema's text
        raise CorruptDatabase(f"{path} is damaged: its schema cannot be read") from None
    if not tables and app_id == 0:
        return list(KNOWN)  # a new, empty file
    if app_id != APPLICATION_ID and not (app_id == 0 and _half_created(conn, tables)):
        raise ForeignDatabase(
            f"{path} is a SQLite database of another program", "other_program", path=path
        )
    if user_version > len(KNOWN):
        raise NewerDatabase(
            f"{path} was written by a newer skat-desktop (schema version {user_version}); "
            "update the program to open it"
        )
    if "_sqlite_migrations" not in tables:
        raise CorruptDatabase(f"{path} has no schema history")
    try:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (MIGRATION_SET,)
            )
        ]
    except (sqlite3.DatabaseError, UnicodeError, ValueError) as e:
        raise CorruptDatabase(f"{path} has a damaged schema history: {e}") from None
    unknown = [n for n in names if n not in KNOWN]
    if unknown:
        raise NewerDatabase(
            f"{path} was written by a newer skat-desktop (schema step {unknown[-1]}); "
            "update the program to open it"
        )
    return [n for n in KNOWN if n not in names]


def check_integrity(db: Database) -> None:
    """Full consistency check (seconds on a large file: for backups and ``db check``)."""
    result = db.conn.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise CorruptDatabase(f"the database is damaged: {result}")


def quick_check(conn: sqlite3.Connection, path: Path | str) -> None:
    """SQLite's quick check (pages and structure, not index contents): before writing
    into a file, make sure its pages are sound, so damage is reported, never spread."""
    try:
        result = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.DatabaseError as e:
        if is_busy(e):
            raise explain(e, path) from None
        raise CorruptDatabase(f"{path} is damaged: {str(e).splitlines()[0]}") from None
    if result != "ok":
        raise CorruptDatabase(
            f"{path} is damaged ({result.splitlines()[0]}); restore a backup, "
            "or run 'skat-desktop db check' for details"
        )


def _connect(target: str, uri: bool = False, busy_ms: int = BUSY_MS) -> sqlite3.Connection:
    conn = sqlite3.connect(target, uri=uri, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    return conn


def _writer_pragmas(conn: sqlite3.Connection) -> None:
    """Per-connection settings (none of them writes to the file)."""
    conn.execute("PRAGMA synchronous=FULL")  # a commit is on the disk before we say saved
    conn.execute("PRAGMA foreign_keys=ON")


def _finish_schema(conn: sqlite3.Connection, pending: list[str]) -> None:
    """Write-ahead log, schema steps and marks: only what is not there yet."""
    if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
        conn.execute("PRAGMA journal_mode=WAL")
    if pending:
        kill_point("migrate.before")
        migrations.apply(Database(conn))
        kill_point("migrate.after")
    if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    if conn.execute("PRAGMA user_version").fetchone()[0] != len(KNOWN):
        conn.execute(f"PRAGMA user_version={len(KNOWN)}")


def _private_folder(folder: Path) -> None:
    if not folder.is_dir():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)


CREATION_WAIT_S = 10.0  # how long a first start waits for another one building the file


def _lock_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.creating.lock")


def _creation_lock(path: Path, wait_s: float) -> int | None:
    """Take the lock that first starts of ``path`` share; its descriptor, or ``None``
    when another process holds it past ``wait_s``. (-1: no advisory locks here.)

    A lock file that another process removed meanwhile is not a lock: take it again."""
    try:
        import fcntl
    except ImportError:  # Windows: a same-instant first start is rare; go unlocked
        return -1
    lock = _lock_name(path)
    deadline = time.monotonic() + wait_s
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.02)
            continue
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except OSError:
            same = False
        if same:
            return fd
        os.close(fd)


def _release(path: Path, fd: int | None) -> None:
    if fd is None or fd < 0:
        return
    with contextlib.suppress(OSError):
        _lock_name(path).unlink()  # while still held: whoever waits takes a new one
    os.close(fd)


def _remove_stale_creations(path: Path) -> None:
    """Remove the temporary files (with their journals) of first starts that were
    killed; the caller holds the creation lock, so none of them is still being built.
    One killed just after linking its file into place left a second name of the
    database itself: harmless, but a hidden copy of the data must not linger."""
    for old in path.parent.glob(f".{glob.escape(path.name)}.*.creating"):
        for extra in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                Path(f"{old}{extra}").unlink()


def _tidy(path: Path) -> None:
    """After an open: clear what killed first starts left, unless one is running now."""
    if not _lock_name(path).exists() and not any(
        path.parent.glob(f".{glob.escape(path.name)}.*.creating")
    ):
        return
    fd = _creation_lock(path, 0)
    if fd is not None:
        try:
            _remove_stale_creations(path)
        finally:
            _release(path, fd)


def _create(path: Path) -> None:
    """Build a complete new database beside ``path`` and link it into place.

    First starts of one file take turns (a lock beside it), so one builds it and the
    others find it there."""
    try:
        lock = _creation_lock(path, CREATION_WAIT_S)
    except OSError as e:
        raise StoreError(
            f"cannot create {path}: {e.strerror or e}", "cannot_create", path=path
        ) from None
    if lock is None:
        raise DatabaseBusy(f"{path} is being created by another program; try again in a moment")
    try:
        if not path.exists():
            _remove_stale_creations(path)  # an earlier first start that was killed
            _build(path)
    finally:
        _release(path, lock)


def _build(path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.creating")
    holder = -1
    try:
        holder = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        kill_point("create.file")
        conn = _connect(str(tmp))
        try:
            # Nobody sees this file before it is complete, synced (below) and linked into
            # place, and a kill leaves only a stray file the next start removes: its
            # steps need neither a journal on the disk nor a flush each (a first start
            # is about 20 ms faster). It stays out of WAL mode until it is in place: a
            # WAL file must not be renamed with its log beside it.
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute("PRAGMA journal_mode=MEMORY")
            conn.execute("PRAGMA foreign_keys=ON")
            migrations.apply(Database(conn))
            kill_point("create.schema")
            conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version={len(KNOWN)}")
        finally:
            conn.close()
        fail_point("create.sync")
        os.fsync(holder)
        kill_point("create.before-link")
        try:
            os.link(tmp, path)  # never over a file another program created meanwhile
        except FileExistsError:
            pass  # someone else's first start won: use theirs
        except OSError:
            if not path.exists():
                os.replace(tmp, path)
        kill_point("create.linked")
    except sqlite3.Error as e:
        raise explain(e, path, "create") from None
    except OSError as e:
        raise StoreError(
            f"cannot create {path}: {e.strerror or e}", "cannot_create", path=path
        ) from None
    finally:
        for extra in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                Path(f"{tmp}{extra}").unlink()
        if holder >= 0:
            os.close(holder)
    with contextlib.suppress(OSError):
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def open_database(
    path: str | Path | None = None,
    read_only: bool = False,
    busy_ms: int = BUSY_MS,
    check: bool = True,
    create: bool = True,
) -> Database:
    """Open (creating and migrating as needed) the database at ``path`` or the default.

    ``read_only`` opens an existing file for viewing: nothing is written and no lock is
    taken beyond SQLite's shared reading. A writer runs SQLite's quick check first
    (``check``) so a damaged file is reported before anything is written into it.
    ``create`` False refuses a missing file instead of making a new database (a command
    that needs existing score sheets must not leave an empty file at a mistyped path).
    Raises :class:`StoreError` (or a subclass) with one sentence.
    """
    if str(path) == ":memory:":  # tests and scratch work: SQLite's own in-memory database
        return _open_memory()
    path = Path(path) if path is not None else default_path()
    real = Path(os.path.realpath(path))  # a link stays a link; its file is used
    _check_kind(path, real)
    if read_only:
        return _open_reader(path, real, busy_ms)
    if real.exists() and real.stat().st_size == 0:
        # A first start killed before SQLite wrote a byte (older versions created the
        # file first): nothing to keep.
        with contextlib.suppress(OSError):
            real.unlink()
    if real.exists():
        _check_existing(real)
        _check_writable(path, real)
    elif not create:
        raise StoreError(f"there is no database at {path}", "no_database", path=path)
    else:
        try:
            _private_folder(real.parent)
        except OSError as e:
            raise StoreError(
                f"cannot create the folder {real.parent}: {e.strerror or e}",
                "cannot_create",
                path=real.parent,
            ) from None
        _create(real)
    try:
        conn = _connect(str(real), busy_ms=busy_ms)
    except sqlite3.Error as e:
        raise explain(e, path, "open") from None
    try:
        pending = _inspect(conn, path)
        if check:
            quick_check(conn, path)
        _writer_pragmas(conn)
        _finish_schema(conn, pending)
    except sqlite3.DatabaseError as e:
        conn.close()
        raise explain(e, path) from None
    except BaseException:
        conn.close()
        raise
    _tidy(real)
    return Database(conn)


def _open_memory() -> Database:
    conn = _connect(":memory:")
    _writer_pragmas(conn)
    migrations.apply(Database(conn))
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version={len(KNOWN)}")
    return Database(conn)


def _open_reader(path: Path, real: Path, busy_ms: int) -> Database:
    if not real.exists():
        raise StoreError(f"there is no database at {path}", "no_database", path=path)
    _check_existing(real)
    uri = real.as_uri() + "?mode=ro"
    try:
        conn = _connect(uri, uri=True, busy_ms=busy_ms)
        try:
            conn.execute("PRAGMA query_only=1")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as e:
            conn.close()
            if is_busy(e):
                raise
            # A write-ahead-log file in a folder we may not write (no -shm can be made):
            # read it as it stands on the disk.
            conn = _connect(real.as_uri() + "?mode=ro&immutable=1", uri=True, busy_ms=busy_ms)
            conn.execute("PRAGMA query_only=1")
    except sqlite3.Error as e:
        raise explain(e, path, "read") from None
    try:
        _inspect(conn, path)
    except BaseException:
        conn.close()
        raise
    return Database(conn)
