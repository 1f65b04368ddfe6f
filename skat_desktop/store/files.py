"""Writing files next to a club's database without ever endangering it.

Every file the program writes for the user (exports, score-sheet CSV, ISS lines,
self-play game records, backups) goes through :func:`write_private_atomic`:

* it is refused when the path is the database itself or one of its companion files
  (``-wal``, ``-shm``, ``-journal``), or an existing SQLite file, so a mistyped output
  name cannot destroy a club's history;
* the new content is written to a temporary file in the same folder, flushed to disk,
  and only then renamed over the old file: a failed or killed export leaves the previous
  good file as it was;
* a new file is private to the user (0600); an existing one keeps its mode;
* a symbolic link is followed: the file it points to is replaced, the link stays.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import stat
import uuid
from collections.abc import Iterable
from pathlib import Path

from skat_desktop.store.database import StoreError, is_sqlite_file
from skat_desktop.store.faults import fail_point, kill_point

PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
COMPANIONS = ("", "-wal", "-shm", "-journal")


class OutputRefused(StoreError):
    """An output file that must not be written (it is a database, or a folder)."""


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a path finally names: symbolic links followed, even a dangling one."""
    return Path(os.path.realpath(os.fspath(path)))


def _same(a: Path, b: Path) -> bool:
    if a == b:
        return True
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def refuse_database_target(
    path: str | os.PathLike[str],
    databases: Iterable[str | os.PathLike[str] | None] = (),
    allow_sqlite: bool = False,
) -> Path:
    """Refuse to write over a database; returns the real path to write to.

    ``databases`` are the files in use (``None`` entries are ignored). Unless
    ``allow_sqlite`` (a backup may replace an older backup), any existing SQLite file
    is refused too: an export never belongs in one.
    """
    target = real_path(path)
    if target.is_dir():
        raise OutputRefused(f"{path} is a folder; name the file to write", "out_folder", path=path)
    for db in databases:
        if db is None:
            continue
        db_real = real_path(db)
        for suffix in COMPANIONS:
            if _same(target, Path(f"{db_real}{suffix}")):
                raise OutputRefused(
                    f"{path} is the database itself; choose another file name",
                    "out_database",
                    path=path,
                )
    for suffix in COMPANIONS[1:]:
        base = Path(str(target)[: -len(suffix)]) if target.name.endswith(suffix) else None
        if base is not None and base.name and _is_sqlite(base):
            # Another database's write-ahead log or journal may hold its last deals.
            raise OutputRefused(
                f"{path} belongs to the database {base}; choose another file name",
                "out_companion",
                path=path,
            )
    if target.exists() and not target.is_file():
        raise OutputRefused(
            f"{path} is not a regular file; name a file to write", "out_special", path=path
        )
    if not allow_sqlite and target.is_file() and _is_sqlite(target):
        raise OutputRefused(
            f"{path} is a SQLite database; an export never overwrites one, "
            "choose another file name",
            "out_sqlite",
            path=path,
        )
    return target


def _is_sqlite(path: Path) -> bool:
    """Read through SQLite, never ``open()``: see :func:`database.is_sqlite_file` (the
    file may be a database this program has open)."""
    try:
        return is_sqlite_file(path)
    except OSError:
        return False


def private_folder(path: str | os.PathLike[str]) -> Path:
    """Create a folder (and its parents) if needed; the new ones only the user can enter."""
    folder = Path(path)
    if not folder.is_dir():
        folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    return folder


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform and file system allow)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def temp_name(target: Path, tag: str = "tmp") -> Path:
    """A hidden name beside ``target`` that no other writer will pick."""
    return target.with_name(f".{target.name}.{uuid.uuid4().hex}.{tag}")


def remove_stale_temps(target: Path, tag: str = "tmp") -> None:
    """Remove temporary files (and SQLite's files beside them) that a killed earlier
    write of ``target`` left behind: only names :func:`temp_name` makes, nothing else."""
    pattern = re.compile(
        rf"\.{re.escape(target.name)}\.[0-9a-f]{{32}}\.{re.escape(tag)}(-wal|-shm|-journal)?"
    )
    with contextlib.suppress(OSError):
        for old in target.parent.glob(f".{glob.escape(target.name)}.*.{tag}*"):
            if pattern.fullmatch(old.name):
                with contextlib.suppress(OSError):
                    old.unlink()


def create_private(path: Path, mode: int = PRIVATE_FILE) -> int:
    """Create ``path`` (it must not exist) with exactly ``mode``, whatever the umask;
    returns the open descriptor for writing."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    return fd


def mode_for(target: Path) -> int:
    """The mode a replaced file keeps, or private for a new one."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return PRIVATE_FILE


def write_private_atomic(
    path: str | os.PathLike[str],
    data: bytes | str,
    databases: Iterable[str | os.PathLike[str] | None] = (),
    point: str = "export",
) -> Path:
    """Write ``data`` to ``path`` all at once or not at all; returns the real path.

    Text is written as UTF-8. ``point`` names the fault points (``<point>.write``,
    ``<point>.before-replace``). Raises :class:`OutputRefused` or :class:`StoreError`
    with one sentence; on any failure the previous file is untouched and no temporary
    file stays behind.
    """
    target = refuse_database_target(path, databases)
    if not target.parent.is_dir():
        raise StoreError(
            f"the folder {target.parent} does not exist", "no_folder", path=target.parent
        )
    payload = data.encode("utf-8") if isinstance(data, str) else data
    remove_stale_temps(target)
    tmp = temp_name(target)
    try:
        fd = create_private(tmp, mode_for(target))
        try:
            with os.fdopen(fd, "wb", closefd=False) as f:
                view = memoryview(payload)
                half = len(view) // 2
                f.write(view[:half])
                fail_point(f"{point}.write")
                f.write(view[half:])
                f.flush()
                os.fsync(f.fileno())
        finally:
            os.close(fd)
        kill_point(f"{point}.before-replace")
        os.replace(tmp, target)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise StoreError(
            f"cannot write {path}: {e.strerror or e}", "cannot_write", path=path
        ) from None
    fsync_folder(target.parent)
    return target
