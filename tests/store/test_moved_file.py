"""A database file renamed, deleted or replaced while it is open (a tester's case).

SQLite keeps writing through the descriptor it opened: into the file under its new name,
or into a deleted file whose data goes when the last descriptor closes, and the
write-ahead log stays under the old name. A store therefore checks before each write that
the name it opened still leads to that file, and refuses the write otherwise
(``database_moved``): nothing is written into the old file, nothing is created under the
name. Put back under its name, the file takes writes again.
"""

from __future__ import annotations

import ast
import os
import sqlite3
import subprocess
import sys

import pytest

from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import MOVED, READ_ONLY, StoreError, file_fault
from skat_desktop.store.repository import Store


def club(tmp_path) -> tuple[Store, int]:
    store = Store.open(tmp_path / "club.sqlite3")
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    return store, store.create_series("Friday", "2026-01-09", ids, ISKO)


def save_table(store: Store, sid: int, state: str = '{"t": 1}') -> int:
    return store.save_live(sid, state, deal_number=1, deals_done=0)


def tables(store: Store) -> list[tuple]:
    """What the store's own file holds (through its own connection: under any name)."""
    return [tuple(r) for r in store.conn.execute("SELECT series_id, state FROM live_tables")]


def refused(store: Store, sid: int, path) -> StoreError:
    with pytest.raises(StoreError) as caught:
        save_table(store, sid, '{"t": 2}')
    e = caught.value
    assert e.code == MOVED and file_fault(e) == MOVED
    assert str(e.params["path"]) == str(path)
    assert "was moved, replaced or deleted while it was open" in str(e)
    return e


def test_a_renamed_database_refuses_writes_until_it_is_back_under_its_name(tmp_path):
    store, sid = club(tmp_path)
    path = tmp_path / "club.sqlite3"
    save_table(store, sid)
    os.rename(path, tmp_path / "renamed.sqlite3")
    refused(store, sid, path)
    with pytest.raises(StoreError, match="was moved"), store.transaction():
        store.conn.execute("DELETE FROM live_tables")
    assert tables(store) == [(sid, '{"t": 1}')]  # the old file is as it was
    assert not path.exists()  # and nothing was created under the name
    os.rename(tmp_path / "renamed.sqlite3", path)
    save_table(store, sid, '{"t": 3}')
    assert tables(store) == [(sid, '{"t": 3}')]
    store.close()


def test_a_deleted_database_refuses_writes_and_is_not_created_again(tmp_path):
    store, sid = club(tmp_path)
    path = tmp_path / "club.sqlite3"
    os.unlink(path)
    refused(store, sid, path)
    assert tables(store) == [] and not path.exists()
    store.close()


def test_a_database_replaced_by_another_file_is_not_written_through_the_old_one(tmp_path):
    store, sid = club(tmp_path)
    path = tmp_path / "club.sqlite3"
    other = tmp_path / "other.sqlite3"
    Store.open(other).close()
    os.replace(other, path)
    refused(store, sid, path)
    assert tables(store) == []
    store.close()


def test_a_name_through_a_link_is_checked_by_the_file_it_leads_to(tmp_path):
    store0, sid = club(tmp_path)
    store0.close()
    link = tmp_path / "link.sqlite3"
    link.symlink_to(tmp_path / "club.sqlite3")
    store = Store.open(link)
    save_table(store, sid)  # the same file, reached through a link: written
    os.rename(tmp_path / "club.sqlite3", tmp_path / "renamed.sqlite3")
    refused(store, sid, tmp_path / "club.sqlite3")
    store.close()


def test_a_database_in_memory_has_no_file_to_check():
    store = Store.open(":memory:")
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2026-01-09", ids, ISKO)
    assert save_table(store, sid)
    store.close()


def test_a_read_only_error_is_a_fault_of_the_file():
    e = sqlite3.OperationalError("attempt to write a readonly database")
    e.sqlite_errorcode = sqlite3.SQLITE_READONLY
    assert file_fault(e) == READ_ONLY
    assert file_fault(OSError("disk full")) is None
    assert file_fault(StoreError("disk full", "disk_full")) is None


# A backup copied over the database while a window has it open. SQLite pairs a file with
# the write-ahead log under its name: a log this store left there would be applied to the
# copied file by the next program to open it (a second window, ``skat-desktop db``), or
# after this program is killed, and the backup would silently take this file's pages.

OTHER_PROGRAM = """
import sys
from skat_desktop.store.repository import Store
store = Store.open(sys.argv[1])
if sys.argv[2:] == ["write"]:
    store.ensure_player("Dora")
print(sorted(r["name"] for r in store.query("SELECT name FROM players")))
store.close()
"""

KILLED_WINDOW = """
import os, sys
from skat_desktop.store.repository import Store
store = Store.open(sys.argv[1])
for name in ("Anna", "Bernd", "Cem", "Emil", "Frieda"):
    store.ensure_player(name)
os.replace(sys.argv[2], sys.argv[1])  # the backup copied over the database
os._exit(0)  # killed: the connection is never closed
"""


def other_program(path, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROGRAM, str(path), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def backup_of(tmp_path, names: tuple[str, ...]):
    backup = tmp_path / "backup.sqlite3"
    store = Store.open(backup)
    for name in names:
        store.ensure_player(name)
    store.close()
    return backup


def test_a_backup_copied_over_an_open_database_keeps_its_own_content(tmp_path):
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    for name in ("Anna", "Bernd", "Cem", "Emil", "Frieda"):
        store.ensure_player(name)
    os.replace(backup_of(tmp_path, ("Xaver", "Yvonne")), path)
    assert other_program(path) == ["Xaver", "Yvonne"]  # not this store's players
    assert other_program(path, "write") == ["Dora", "Xaver", "Yvonne"]
    store.close()  # the window closes last: nothing of its file goes into the backup
    assert other_program(path) == ["Dora", "Xaver", "Yvonne"]
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    check.close()


def test_a_backup_copied_over_the_database_of_a_killed_program_keeps_its_content(tmp_path):
    path = tmp_path / "club.sqlite3"
    backup = backup_of(tmp_path, ("Xaver", "Yvonne"))
    subprocess.run(
        [sys.executable, "-c", KILLED_WINDOW, str(path), str(backup)], timeout=60, check=True
    )
    assert other_program(path) == ["Xaver", "Yvonne"]


def test_the_log_is_emptied_after_a_durable_commit_not_after_the_tables_snapshot(tmp_path):
    """Emptying the log costs three flushes: after a deal or an entry, not at every move
    (the snapshot's commit is made without a flush to be cheap)."""
    store, sid = club(tmp_path)
    log = tmp_path / "club.sqlite3-wal"
    save_table(store, sid)  # durable
    assert log.stat().st_size == 0
    with store.transaction(durable=False):
        store.conn.execute("UPDATE live_tables SET state = ? WHERE series_id = ?", ("{}", sid))
    assert log.stat().st_size > 0  # left for the next durable commit
    store.ensure_player("Dora")
    assert log.stat().st_size == 0
    store.close()
