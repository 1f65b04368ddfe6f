"""Crashes and full disks while the database is created, migrated and written (issue 22).

Each test stops a child process at a named fault point (SIGKILL, as a power cut or
``kill -9`` would) or makes the disk "full" there, then checks what the next start
sees: the file opens, it is ours, nothing committed is lost, nothing half-written is
visible, the user reads one line, and no temporary file is left behind.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from fault_tools import (
    assert_killed,
    assert_one_line_error,
    creating_leftovers,
    run_cli,
)
from sqlite_utils import Database

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store import repository
from skat_desktop.store.database import ForeignDatabase, ReadOnlyDatabase, StoreError
from skat_desktop.store.faults import FAIL_ENV
from skat_desktop.store.repository import Store
from skat_desktop.store.schema import APPLICATION_ID, KNOWN, migrations

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "store-schema-1.sqlite3"
DATA_TABLES = ("players", "profiles", "series", "series_seats", "series_events", "deals")
DERIVED = ("deal_results", "deal_scores", "corrections")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def counts(path: Path) -> dict[str, int]:
    """Rows per table, read without writing (a plain read-only connection)."""
    conn = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True)
    try:
        return {
            t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in DATA_TABLES + DERIVED
        }
    finally:
        conn.close()


def assert_ours_and_sound(path: Path) -> Store:
    """The next start: a writer opens the file, which is complete, marked and intact."""
    store = Store.open(path)
    c = store.conn
    assert c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert c.execute("PRAGMA user_version").fetchone()[0] == len(KNOWN)
    assert [r[0] for r in c.execute("SELECT name FROM _sqlite_migrations")] == list(KNOWN)
    assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert c.execute("PRAGMA foreign_key_check").fetchall() == []
    return store


def assert_deals_whole(store: Store, series_id: int) -> int:
    """Every stored deal has its result and a score per seat; the sheet replays them all."""
    n = store.conn.execute(
        "SELECT COUNT(*) FROM deals WHERE series_id = ?", (series_id,)
    ).fetchone()[0]
    results, scores = store.conn.execute(
        "SELECT (SELECT COUNT(*) FROM deal_results r JOIN deals d ON d.id = r.deal_id"
        "        WHERE d.series_id = ?),"
        " (SELECT COUNT(*) FROM deal_scores s JOIN deals d ON d.id = s.deal_id"
        "        WHERE d.series_id = ?)",
        (series_id, series_id),
    ).fetchone()
    seats = store.series(series_id).table_size
    assert (results, scores) == (n, seats * n)
    numbers = [r["number"] for r in store.deal_rows(series_id)]
    assert numbers == list(range(1, n + 1))
    assert len(SeriesService(store, series_id).sheet().lines) == n
    return n


def players(path: Path) -> list[str]:
    store = Store.open(path, read_only=True)
    try:
        return [p["name"] for p in store.players()]
    finally:
        store.close()


# --------------------------------------------------------------- the first start

CREATION_POINTS = ["create.file", "create.schema", "create.before-link", "create.linked"]


@pytest.mark.parametrize(
    ("point", "name"),
    [(p, "club.sqlite3") for p in CREATION_POINTS] + [("create.linked", "club [1].sqlite3")],
)
def test_a_first_start_killed_while_creating_is_finished_by_the_next(tmp_path, point, name):
    path = tmp_path / name
    proc = run_cli("db", "--db", str(path), "players", "--add", "Anna", kill_at=point)
    assert_killed(proc, point)
    assert creating_leftovers(path)  # the kill left its temporary file behind
    if point == "create.linked":
        assert players(path) == []  # already whole and in place
    else:
        assert not path.exists()  # a new database appears whole or not at all

    again = run_cli("db", "--db", str(path), "players", "--add", "Anna")
    assert again.returncode == 0, again.stderr
    assert creating_leftovers(path) == []
    assert_ours_and_sound(path).close()
    assert players(path) == ["Anna"]
    assert creating_leftovers(path) == []


def test_an_injected_full_disk_while_creating_leaves_no_file(tmp_path):
    path = tmp_path / "club.sqlite3"
    proc = run_cli("db", "--db", str(path), "players", "--add", "Anna", fail_at="create.sync")
    assert_one_line_error(proc, "cannot create", str(path), "No space left")
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []
    assert run_cli("db", "--db", str(path), "players", "--add", "Anna").returncode == 0
    assert players(path) == ["Anna"]
    assert creating_leftovers(path) == []


# ------------------------------------------------ files half-created by old versions


def _half_created(path: Path, *, wal: bool, stop_before: str | None) -> None:
    """What an older first start left when killed: our schema (some or all of its
    steps, each with its record), never the mark, no rows."""
    conn = sqlite3.connect(path, isolation_level=None)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    if stop_before == "m001_initial":
        migrations.ensure_migrations_table(Database(conn))
    else:
        migrations.apply(Database(conn), stop_before=stop_before)
    conn.close()


@pytest.mark.parametrize(
    ("wal", "stop_before"),
    [(True, None), (False, None), (True, "m002_statistics_indexes"), (False, "m001_initial")],
)
def test_a_file_half_created_by_an_old_version_is_finished(tmp_path, wal, stop_before):
    path = tmp_path / "club.sqlite3"
    _half_created(path, wal=wal, stop_before=stop_before)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == 0
    conn.close()
    store = assert_ours_and_sound(path)
    store.add_player("Anna")
    store.close()
    assert players(path) == ["Anna"]


def _foreign_same_names_with_data(path: Path) -> None:
    _half_created(path, wal=False, stop_before=None)
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO players (name, created) VALUES ('Zoe', 'yesterday')")


def _foreign_extra_table(path: Path) -> None:
    _half_created(path, wal=False, stop_before=None)
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE notes (text TEXT)")


def _foreign_other_migration_set(path: Path) -> None:
    _half_created(path, wal=False, stop_before=None)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE _sqlite_migrations SET migration_set = 'another_app'")


def _foreign_app_with_a_players_table(path: Path) -> None:
    """Another sqlite-utils program on its first day: a ``players`` table of its own,
    its (empty) migration history, no rows yet."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrations.ensure_migrations_table(Database(conn))
    conn.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT, elo INTEGER)")
    conn.close()


def _foreign_same_names_other_columns(path: Path) -> None:
    """Our table names and schema history, but tables of a different shape."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrations.ensure_migrations_table(Database(conn))
    conn.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT)")
    for name in KNOWN:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
            " VALUES ('skat_desktop', ?, 'today')",
            (name,),
        )
    conn.close()


@pytest.mark.parametrize(
    "make",
    [
        _foreign_same_names_with_data,
        _foreign_extra_table,
        _foreign_other_migration_set,
        _foreign_app_with_a_players_table,
        _foreign_same_names_other_columns,
    ],
)
def test_a_foreign_file_like_a_half_created_one_is_refused_untouched(tmp_path, make):
    path = tmp_path / "other.sqlite3"
    make(path)
    before = digest(path)
    with pytest.raises(ForeignDatabase, match="another program"):
        Store.open(path)
    proc = run_cli("db", "--db", str(path), "players", "--add", "Anna")
    assert_one_line_error(proc, "another program")
    assert digest(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["other.sqlite3"]


# --------------------------------------------------------------------- migration


@pytest.mark.parametrize("point", ["migrate.before", "migrate.after"])
def test_a_migration_killed_midway_is_finished_and_keeps_every_row(tmp_path, point):
    path = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURE, path)
    before = counts(path)
    proc = run_cli("db", "--db", str(path), "players", "--add", "Dora", kill_at=point)
    assert_killed(proc, point)
    store = assert_ours_and_sound(path)
    assert counts(path) == before
    reference = Store.open(shutil.copy(FIXTURE, tmp_path / "reference.sqlite3"))
    sid = store.list_series()[0]["id"]
    sheet, expected = SeriesService(store, sid).sheet(), SeriesService(reference, sid).sheet()
    assert sheet.totals == expected.totals and len(sheet.lines) == len(expected.lines) == 6
    assert assert_deals_whole(store, sid) == 6
    store.close()
    assert "Dora" not in players(path)


# ------------------------------------------------------------------------ writing

SELFPLAY = ["selfplay", "--profile", "isko", "--deals", "5", "--seed", "1"]


def _deals(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True)
    try:
        return conn.execute(
            "SELECT number, dealer, seed, record FROM deals ORDER BY series_id, number"
        ).fetchall()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def selfplay_reference(tmp_path_factory) -> tuple[list[tuple], list[int]]:
    """The same self-play run, uninterrupted: its deals, and how many deals the file
    holds right after each of its commits (the 1st, 2nd, ... pass of write.committed)."""
    from skat_desktop.cli import main

    path = tmp_path_factory.mktemp("reference") / "selfplay.sqlite3"
    after_commit: list[int] = []

    def count_commits(name: str) -> None:
        if name == "write.committed" and path.exists():
            after_commit.append(len(_deals(path)))

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(repository, "kill_point", count_commits)
        assert main([*SELFPLAY, "--db", str(path)]) == 0
    deals = _deals(path)
    assert len(deals) == 5 and after_commit[-1] == 5
    return deals, after_commit


@pytest.mark.parametrize("nth", ["first deal", "third deal", "last deal"])
def test_a_run_killed_right_after_a_commit_keeps_every_committed_deal(
    tmp_path, selfplay_reference, nth
):
    deals, after_commit = selfplay_reference
    wanted = {"first deal": 1, "third deal": 3, "last deal": 5}[nth]
    k = after_commit.index(wanted) + 1  # the k-th commit stores that deal
    path = tmp_path / "selfplay.sqlite3"
    proc = run_cli(*SELFPLAY, "--db", str(path), kill_at="write.committed", kill_after=k)
    assert_killed(proc, "write.committed")
    store = assert_ours_and_sound(path)
    assert assert_deals_whole(store, 1) == wanted
    store.close()
    assert _deals(path) == deals[:wanted]  # the same deals, none half-written


# -------------------------------------------------------------------- full disks


def _club(path: Path) -> tuple[Store, SeriesService]:
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2026-11-20", ids, ISKO)
    return store, SeriesService(store, sid)


def _play_one(svc: SeriesService, seed: int) -> int:
    dealer, bock, ramsch = svc.next_context()
    deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed, 3, dealer, bock, ramsch))
    players = [RandomPlayer(random.Random(seed)) for _ in range(3)]
    return svc.record_played(play_deal(deal, players))


def test_a_full_disk_while_storing_a_deal_loses_nothing_and_says_so(tmp_path):
    path = tmp_path / "club.sqlite3"
    store, svc = _club(path)
    for seed in range(3):
        _play_one(svc, seed)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count={pages}")  # the disk is full from here
    with pytest.raises(StoreError) as e:
        for seed in range(3, 200):
            _play_one(svc, seed)
    message = str(e.value)
    assert "\n" not in message and "disk is full" in message and str(path) in message
    stored = assert_deals_whole(store, svc.info.id)
    assert stored >= 3 and svc.next_number == stored + 1
    store.close()

    store = assert_ours_and_sound(path)  # room again: the next start carries on
    svc = SeriesService(store, svc.info.id)
    assert assert_deals_whole(store, svc.info.id) == stored
    _play_one(svc, 999)
    assert assert_deals_whole(store, svc.info.id) == stored + 1
    store.close()


def test_a_full_disk_at_commit_keeps_the_earlier_rows(tmp_path, monkeypatch):
    path = tmp_path / "club.sqlite3"
    store, svc = _club(path)
    _play_one(svc, 0)
    monkeypatch.setenv(FAIL_ENV, "write.commit")
    with pytest.raises(OSError, match="No space left"):
        _play_one(svc, 1)
    monkeypatch.delenv(FAIL_ENV)
    assert assert_deals_whole(store, svc.info.id) == 1 and svc.next_number == 2
    store.close()
    before = counts(path)

    proc = run_cli("db", "--db", str(path), "players", "--add", "Dora", fail_at="write.commit")
    assert_one_line_error(proc, "No space left")
    assert counts(path) == before
    assert "Dora" not in players(path)


def test_writing_through_a_read_only_store_is_one_line_and_changes_nothing(tmp_path):
    path = tmp_path / "club.sqlite3"
    store, svc = _club(path)
    _play_one(svc, 0)
    store.close()
    before = counts(path)
    reader = Store.open(path, read_only=True)
    with pytest.raises(ReadOnlyDatabase) as e:
        reader.add_player("Dora")
    assert "\n" not in str(e.value) and str(path) in str(e.value)
    with pytest.raises(ReadOnlyDatabase):
        _play_one(SeriesService(reader, 1), 1)
    reader.close()
    assert counts(path) == before
    assert "Dora" not in players(path)


class _NoShm:
    """A connection whose first read fails as SQLite's does when it cannot create or grow
    the database's shared-memory file (-shm): an I/O error, not "disk is full"."""

    def execute(self, *_):
        e = sqlite3.OperationalError("disk I/O error")
        e.sqlite_errorcode = 4874  # SQLITE_IOERR_SHMSIZE
        raise e


@pytest.mark.parametrize("free", [0, 10 << 30])
def test_no_room_for_the_shared_memory_file_is_not_called_damage(tmp_path, monkeypatch, free):
    """A tester started the window on a full disk: it said "The database is damaged;
    restore a backup" (and the CLI "cannot be read"), while `db check` found nothing:
    advice that would have had a club restore an old backup. A full disk is said as one;
    another I/O error at least not as damage."""
    from skat_desktop.store import database

    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(database.shutil, "disk_usage", lambda _: usage._replace(free=free))
    with pytest.raises(StoreError) as e:
        database._inspect(_NoShm(), tmp_path / "club.sqlite3")
    assert not isinstance(e.value, database.CorruptDatabase)
    message = str(e.value)
    assert "\n" not in message and "club.sqlite3" in message
    assert ("disk is full" in message) == (free == 0)
    if free == 0:  # the window's words (it starts without saving and says why)
        from skat_desktop.gui.errors import describe

        assert describe(e.value) == "The disk is full; the database cannot be written."


@pytest.mark.parametrize("part", ["", "-wal", "-shm", "folder"])
def test_a_database_it_may_not_write_is_opened_for_viewing_only(tmp_path, monkeypatch, part):
    """A tester made the file read-only (``chmod 444``) between two runs: SQLite opened it
    read-only without a word, the window played on, and every deal "waited to be saved
    later" for good. A file (or its log, its shared memory, their folder) this program may
    not write is refused as read-only at once; the window then opens it for viewing."""
    from skat_desktop.gui.app import open_store
    from skat_desktop.store import database

    path = tmp_path / "club.sqlite3"
    store, svc = _club(path)
    _play_one(svc, 0)
    keep = Store.open(path)  # another program: its -wal and -shm stay while it runs
    store.close()
    denied = tmp_path if part == "folder" else Path(f"{path}{part}")
    if part == "folder":
        for extra in ("-wal", "-shm"):  # a folder matters where SQLite must create them
            Path(f"{path}{extra}").unlink(missing_ok=True)
        keep.close()
    real_access = os.access
    monkeypatch.setattr(
        database.os,
        "access",
        lambda p, mode: not (mode & os.W_OK and Path(p) == denied) and real_access(p, mode),
    )
    with pytest.raises(ReadOnlyDatabase) as e:
        Store.open(path)
    assert "\n" not in str(e.value) and "it can only be viewed" in str(e.value)
    opening = open_store(path)
    assert opening.store is not None and opening.error is not None
    assert opening.store.series(svc.info.id).id == svc.info.id  # the sheets can be viewed
    opening.store.close()
    if part != "folder":
        keep.close()


def test_a_full_disk_at_start_still_shows_the_sheets(tmp_path, monkeypatch):
    """The user guide promises viewing on a full disk; the window showed nothing."""
    from skat_desktop.gui.app import open_store
    from skat_desktop.store import database

    path = tmp_path / "club.sqlite3"
    store, svc = _club(path)
    _play_one(svc, 0)
    store.close()
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(database.shutil, "disk_usage", lambda _: usage._replace(free=0))
    real_connect = database._connect

    def no_room(*args, **kwargs):  # the writer's first read: no room for its -shm
        conn = real_connect(*args, **kwargs)
        return conn if kwargs.get("uri") else _NoShmConnection(conn)  # a reader reads

    monkeypatch.setattr(database, "_connect", no_room)
    opening = open_store(path)
    assert opening.error == "The disk is full; the database cannot be written."
    assert opening.store is not None  # for viewing
    assert opening.store.series(svc.info.id).id == svc.info.id
    opening.store.close()


class _NoShmConnection:
    def __init__(self, conn):
        self._conn = conn

    def execute(self, *_):
        self._conn.close()
        return _NoShm().execute()

    def close(self):
        self._conn.close()
