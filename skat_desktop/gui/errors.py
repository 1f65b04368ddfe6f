"""One sentence in the player's language for an error a window shows (``describe``).

The program's errors carry English sentences for the CLI and the log. A window words
them by their class and, where one class covers several cases, by their ``code`` and
``params`` (:class:`~skat_desktop.store.database.StoreError`,
:class:`~skat_desktop.app.table.TableError`). The English sentence goes to the log only.

A file is named by its name where the player knows which file he chose (it is not a
database, it is damaged), and by its whole path where he must go there to fix it (it
cannot be created, read or written, a folder is missing).
"""

from __future__ import annotations

import errno
import logging
import sqlite3
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from skat_desktop.app.exchange import ExchangeError, ImportRefused
from skat_desktop.app.table import TableError
from skat_desktop.engine.errors import IllegalAction, InvalidRecord
from skat_desktop.gui.game_words import fill
from skat_desktop.store.database import (
    CorruptDatabase,
    DatabaseBusy,
    ForeignDatabase,
    NewerDatabase,
    ReadOnlyDatabase,
    StoreError,
)
from skat_desktop.store.iss import ArchiveRefused, IssError
from skat_desktop.store.repository import SeriesClosed

log = logging.getLogger(__name__)
CONTEXT = "Errors"


def one_line(e: BaseException) -> str:
    """The first line of an error's English sentence (for the log)."""
    lines = str(e).strip().splitlines()
    return lines[0] if lines else type(e).__name__


def _name(path: object) -> str:
    return Path(str(path)).name or str(path) if path else ""


def _detail(e: BaseException) -> str:
    return " ".join(one_line(e).split())


def describe(e: BaseException) -> str:
    """``e`` as one sentence in the player's language; its English sentence is logged."""
    log.info("shown translated: %s: %s", type(e).__name__, one_line(e))
    if isinstance(e, TableError):
        from skat_desktop.gui.session import table_refusal

        return table_refusal(e)
    if isinstance(e, ArchiveRefused):
        return QCoreApplication.translate(
            "Errors", "The archive unpacks to far more than a game archive holds; it was not read."
        )
    if isinstance(e, IssError):
        return fill(
            QCoreApplication.translate("Errors", "The ISS game record cannot be read: %1"),
            _detail(e),
        )
    if isinstance(e, ImportRefused):
        return _import_refused(e)
    if isinstance(e, StoreError):
        return _store_error(e)
    if isinstance(e, sqlite3.Error):
        return _sqlite_error(e)
    if isinstance(e, OSError):
        return _os_error(e)
    if isinstance(e, InvalidRecord):
        return QCoreApplication.translate(
            "Errors", "The record of this game is damaged; it cannot be shown."
        )
    if isinstance(e, IllegalAction):
        return QCoreApplication.translate(
            "Errors", "The record of this game holds a move the rules do not allow."
        )
    return QCoreApplication.translate("Errors", "That did not work; the details are in the log.")


def _import_refused(e: ImportRefused) -> str:
    code = getattr(e, "code", "")
    params = getattr(e, "params", None) or {}
    if code == "too_large":
        return fill(
            QCoreApplication.translate(
                "Errors", "The file is larger than %1 MB, too large to import."
            ),
            params.get("megabytes", ""),
        )
    if code == "not_json":
        if "line" in params:
            return fill(
                QCoreApplication.translate(
                    "Errors", "The file is not a series export: it is no JSON (line %1, column %2)."
                ),
                params["line"],
                params.get("column", ""),
            )
        return QCoreApplication.translate(
            "Errors", "The file is not a series export: it is no JSON text."
        )
    if code == "not_utf8":
        return QCoreApplication.translate(
            "Errors", "The file is not a series export: it is not UTF-8 text."
        )
    if code == "too_deep":
        return QCoreApplication.translate(
            "Errors", "The file is not a series export: its JSON is nested far too deeply."
        )
    if code == "unusable_json":
        return fill(
            QCoreApplication.translate("Errors", "The file is not a series export: %1"),
            _detail(e),
        )
    if code == "not_ours":
        return QCoreApplication.translate("Errors", "The file is not a Skat Desktop series export.")
    if code == "version":
        return QCoreApplication.translate(
            "Errors", "The series export was written by another version; this one cannot read it."
        )
    if code == "cannot_read":
        return fill(
            QCoreApplication.translate("Errors", "%1 cannot be read."), params.get("path", "")
        )
    if code == "already_there":
        return fill(
            QCoreApplication.translate(
                "Errors", "The series “%1” is already in the database (series %2)."
            ),
            params.get("title", ""),
            params.get("twin", ""),
        )
    return fill(
        QCoreApplication.translate("Errors", "The series export cannot be imported: %1"), _detail(e)
    )


OUTPUT_REFUSED = {
    "out_folder": lambda: QCoreApplication.translate(
        "Errors", "%1 is a folder; name the file to write."
    ),
    "out_database": lambda: QCoreApplication.translate(
        "Errors", "%1 is the database itself; choose another file name."
    ),
    "out_companion": lambda: QCoreApplication.translate(
        "Errors", "%1 belongs to a database; choose another file name."
    ),
    "out_special": lambda: QCoreApplication.translate(
        "Errors", "%1 is not a regular file; name a file to write."
    ),
    "out_sqlite": lambda: QCoreApplication.translate(
        "Errors",
        "%1 is a SQLite database, which an export never overwrites; choose another file name.",
    ),
}


def _store_error(e: StoreError) -> str:
    code = getattr(e, "code", "")
    params = getattr(e, "params", None) or {}
    path = params.get("path", "")
    if code in OUTPUT_REFUSED:
        return fill(OUTPUT_REFUSED[code](), _name(path))
    if isinstance(e, ForeignDatabase):
        if code == "backup_not_sqlite":
            return fill(
                QCoreApplication.translate(
                    "Errors", "%1 is not a Skat Desktop backup: it is no SQLite database."
                ),
                _name(path),
            )
        if code == "backup_foreign":
            return fill(
                QCoreApplication.translate(
                    "Errors", "%1 is not a Skat Desktop backup: it is another program's database."
                ),
                _name(path),
            )
        if code == "not_sqlite":
            return fill(
                QCoreApplication.translate("Errors", "%1 is not a SQLite database."), _name(path)
            )
        return QCoreApplication.translate(
            "Errors", "The file is a database of another program, not of Skat Desktop."
        )
    if isinstance(e, NewerDatabase):
        return QCoreApplication.translate(
            "Errors",
            "The database was written by a newer version of Skat Desktop; update the program "
            "to open it.",
        )
    if isinstance(e, CorruptDatabase):
        if code == "backup_cut":
            return fill(
                QCoreApplication.translate(
                    "Errors",
                    "The backup %1 is incomplete: it was cut off while it was written. Restore"
                    " another backup.",
                ),
                _name(path),
            )
        if code == "backup_damaged":
            return fill(
                QCoreApplication.translate(
                    "Errors", "The backup %1 is damaged; restore another backup."
                ),
                _name(path),
            )
        return QCoreApplication.translate("Errors", "The database is damaged; restore a backup.")
    if isinstance(e, DatabaseBusy):
        return QCoreApplication.translate(
            "Errors", "Another program is using the database; try again in a moment."
        )
    if isinstance(e, ReadOnlyDatabase):
        return QCoreApplication.translate(
            "Errors", "The database cannot be written (it is read-only); it can only be viewed."
        )
    if isinstance(e, SeriesClosed):
        return QCoreApplication.translate("Errors", "This series is closed; reopen it first.")
    texts = {
        "disk_full": QCoreApplication.translate(
            "Errors", "The disk is full; the database cannot be written."
        ),
        "database_moved": QCoreApplication.translate(
            "Errors",
            "The database file %1 was moved, replaced or deleted while it was open; nothing "
            "is saved in it until it is back under that name.",
        ),
        "series_at_table": QCoreApplication.translate(
            "Errors",
            "This series is being played at a table of the program; its games are stored "
            "from there.",
        ),
        "close_at_table": QCoreApplication.translate(
            "Errors",
            "This series is being played at a table of the program; it can be closed once "
            "that table has finished it or given it up.",
        ),
        "table_in_window": QCoreApplication.translate(
            "Errors", "This series is being played in a window right now; give it up there."
        ),
        "table_hosted": QCoreApplication.translate(
            "Errors", "This series is at a table of a LAN host; its host gives it up."
        ),
        "no_database": QCoreApplication.translate("Errors", "There is no database at %1."),
        "not_a_file": QCoreApplication.translate("Errors", "%1 is not a database file."),
        "cannot_use": QCoreApplication.translate("Errors", "%1 cannot be read."),
        "cannot_create": QCoreApplication.translate("Errors", "%1 cannot be created."),
        "cannot_write": QCoreApplication.translate("Errors", "%1 cannot be written."),
        "no_folder": QCoreApplication.translate("Errors", "The folder %1 does not exist."),
        "profile_clash": QCoreApplication.translate(
            "Errors",
            "A rule profile named “%1” with other rules exists already; give the copy a new name.",
        ),
        "profile_builtin": QCoreApplication.translate(
            "Errors", "“%1” is a built-in rule profile; give the copy a new name."
        ),
        "name_long": QCoreApplication.translate(
            "Errors", "A player's name has at most %1 characters."
        ),
        "name_control": QCoreApplication.translate(
            "Errors", "A player's name cannot hold the invisible control character %1."
        ),
        "title_long": QCoreApplication.translate(
            "Errors", "A series' title has at most %1 characters."
        ),
        "title_control": QCoreApplication.translate(
            "Errors", "A series' title cannot hold the invisible control character %1."
        ),
        "place_long": QCoreApplication.translate(
            "Errors", "A series' place has at most %1 characters."
        ),
        "place_control": QCoreApplication.translate(
            "Errors", "A series' place cannot hold the invisible control character %1."
        ),
        "title_empty": QCoreApplication.translate("Errors", "A series needs a title."),
        "database_part": QCoreApplication.translate(
            "Errors", "%1 belongs to a database (its log or shared memory); it is no backup."
        ),
        "stake_range": QCoreApplication.translate(
            "Errors", "The stake must be a number from 0 to %1 cents a point."
        ),
        "planned_range": QCoreApplication.translate(
            "Errors", "The planned number of deals must be from 1 to %1."
        ),
    }
    if code in texts:
        shown = params.get("name", "") if code.startswith("profile") else path
        if "most" in params:
            shown = str(params["most"])
        elif "char" in params:
            shown = str(params["char"])
        if code == "not_a_file":
            shown = _name(path)
        return fill(texts[code], shown)
    if isinstance(e, ExchangeError):
        return fill(
            QCoreApplication.translate("Errors", "The file could not be exported or imported: %1"),
            _detail(e),
        )
    return QCoreApplication.translate(
        "Errors", "The database cannot do that now; the details are in the log."
    )


def _sqlite_error(e: sqlite3.Error) -> str:
    text = str(e).lower()
    if "locked" in text or "busy" in text:
        return QCoreApplication.translate(
            "Errors", "Another program is using the database; try again in a moment."
        )
    if "readonly" in text or "read-only" in text:
        return QCoreApplication.translate(
            "Errors", "The database cannot be written (it is read-only); it can only be viewed."
        )
    if "disk is full" in text or "disk full" in text:
        return QCoreApplication.translate(
            "Errors", "The disk is full; the database cannot be written."
        )
    if "not a database" in text:
        return QCoreApplication.translate("Errors", "The file is not a SQLite database.")
    if "malformed" in text or "disk image" in text or "corrupt" in text:
        return QCoreApplication.translate("Errors", "The database is damaged; restore a backup.")
    return QCoreApplication.translate(
        "Errors", "The database cannot do that now; the details are in the log."
    )


def _os_error(e: OSError) -> str:
    where = e.filename or ""
    if e.errno == errno.ENOSPC:
        return QCoreApplication.translate(
            "Errors", "The disk is full; the database cannot be written."
        )
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return fill(
            QCoreApplication.translate("Errors", "%1 cannot be written: no permission."), where
        )
    if e.errno == errno.ENOENT:
        return fill(QCoreApplication.translate("Errors", "%1 does not exist."), where)
    return (
        fill(QCoreApplication.translate("Errors", "%1 cannot be used."), where)
        if where
        else QCoreApplication.translate("Errors", "That did not work; the details are in the log.")
    )
