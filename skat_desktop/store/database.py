"""Opening the database file: location, safety checks, pragmas and migrations.

A file is only written to once it is known to be ours (or new): a foreign SQLite
file, a file that is not SQLite at all, or one written by a newer skat-desktop is
refused with one sentence and left untouched.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import platformdirs
from sqlite_utils import Database

from skat_desktop.store.schema import APPLICATION_ID, KNOWN, MIGRATION_SET, migrations

SQLITE_HEADER = b"SQLite format 3\x00"


class StoreError(Exception):
    """A database problem explained in one sentence."""


class ForeignDatabase(StoreError):
    """The file is not a skat-desktop database."""


class NewerDatabase(StoreError):
    """The file was written by a newer skat-desktop."""


class CorruptDatabase(StoreError):
    """The file is damaged."""


def default_path() -> Path:
    """The embedded default: one file in the platform's user data directory."""
    return platformdirs.user_data_path("skat-desktop", appauthor=False) / "skat-desktop.sqlite3"


def _check_existing(path: Path) -> None:
    with open(path, "rb") as f:
        header = f.read(16)
    if header and header != SQLITE_HEADER:
        raise ForeignDatabase(f"{path} is not a SQLite database")


def _inspect(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse foreign, newer or damaged files before anything is written."""
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as e:
        raise CorruptDatabase(f"{path} cannot be read: {e}") from None
    if not tables and app_id == 0:
        return  # a new, empty file
    if app_id != APPLICATION_ID:
        raise ForeignDatabase(f"{path} is a SQLite database of another program")
    if "_sqlite_migrations" not in tables:
        raise CorruptDatabase(f"{path} has no schema history")
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (MIGRATION_SET,)
        )
    ]
    unknown = [n for n in names if n not in KNOWN]
    if unknown:
        raise NewerDatabase(
            f"{path} was written by a newer skat-desktop (schema step {unknown[-1]}); "
            "update the program to open it"
        )


def check_integrity(db: Database) -> None:
    """Full consistency check (seconds on a large file: for backups and ``db check``)."""
    result = db.conn.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise CorruptDatabase(f"the database is damaged: {result}")


def open_database(path: str | Path | None = None) -> Database:
    """Open (creating and migrating as needed) the database at ``path`` or the default."""
    path = Path(path) if path is not None else default_path()
    if path.exists() and path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file")
    if path.exists():
        _check_existing(path)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    except sqlite3.Error as e:
        raise StoreError(f"cannot open {path}: {e}") from None
    try:
        _inspect(conn, path)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL: a crash never corrupts, see README
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        db = Database(conn)
        migrations.apply(db)
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version={len(KNOWN)}")
    except sqlite3.DatabaseError as e:
        conn.close()
        raise CorruptDatabase(f"{path} cannot be used: {e}") from None
    except StoreError:
        conn.close()
        raise
    return db
