"""Restoring a backup while the database is in use (issue 22): the content is replaced in
one transaction on the live file, every write another program was told succeeded is kept,
a locked database is left alone, links and modes survive, a killed restore leaves the old
or the new content and its temporary copy beside the target, never in the system's."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from skat_desktop.app import exchange as ex
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import DatabaseBusy, StoreError
from skat_desktop.store.repository import Store

PASSED = {"kind": "passed_in"}

# A second program: opens the database, then obeys one command per line on stdin and
# answers "ok" once SQLite has told it the write succeeded.
HELPER = """
import sys
from skat_desktop.app.sheets import SeriesService
from skat_desktop.store.repository import Store

store = Store.open(sys.argv[1])
print("ok", flush=True)
for line in sys.stdin:
    cmd, _, arg = line.strip().partition(" ")
    if cmd == "deal":
        SeriesService(store, int(arg)).add_entry({"kind": "passed_in"})
    elif cmd == "player":
        store.add_player(arg)
    elif cmd == "exclusive":
        store.conn.execute("BEGIN EXCLUSIVE")
    else:
        break
    print("ok", flush=True)
"""


class Helper:
    def __init__(self, db: Path):
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HELPER, str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.expect_ok()

    def expect_ok(self) -> None:
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "ok"

    def do(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        self.expect_ok()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        assert self.proc.wait(timeout=60) == 0


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def make_club(path: Path, deals: int, guest: str | None = None) -> None:
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2026-11-20", ids, ISKO)
    svc = SeriesService(store, sid)
    for _ in range(deals):
        svc.add_entry(PASSED)
    if guest:
        store.add_player(guest, guest=True)
    store.close()


def content(path: Path) -> tuple[list[str], int, str]:
    """(players, deals, digest of the JSON export of every series)."""
    store = Store.open(path)
    try:
        names = [p["name"] for p in store.players()]
        n = store.conn.execute("SELECT count(*) FROM deals").fetchone()[0]
        ids = [r["id"] for r in store.query("SELECT id FROM series ORDER BY id")]
        doc = ex.dumps_export(ex.export_series(store, ids))
        return names, n, hashlib.sha256(doc.encode()).hexdigest()
    finally:
        store.close()


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    """(a backup with 3 deals, the club's database with 5 deals and a guest)."""
    source = tmp_path / "source.sqlite3"
    make_club(source, 3)
    store = Store.open(source)
    backup = ex.backup(store, tmp_path / "backup.sqlite3")
    store.close()
    target = tmp_path / "club.sqlite3"
    make_club(target, 5, guest="Zoe")
    return backup, target


def leftovers(folder: Path) -> list[str]:
    return sorted(p for p in os.listdir(folder) if p.startswith("."))


def test_a_connection_held_open_stays_consistent_and_keeps_writing(pair, tmp_path):
    backup, target = pair
    new = content(backup)
    live = Store.open(target)
    live.add_player("Yann")  # committed, told it succeeded, still in the write-ahead log
    kept = ex.restore(backup, target)
    assert kept == Path(f"{target}.before-restore")
    assert content(kept)[:2] == (["Anna", "Bernd", "Cem", "Yann", "Zoe"], 5)
    # the open connection sees the restored content and its next write lands in the file
    assert [p["name"] for p in live.players()] == ["Anna", "Bernd", "Cem"]
    live.add_player("Xaver")
    live.close()
    assert content(target)[0] == ["Anna", "Bernd", "Cem", "Xaver"]
    assert content(target)[1] == new[1]
    assert leftovers(tmp_path) == []


def test_the_append_only_rules_survive_the_restore(pair):
    backup, target = pair
    ex.restore(backup, target)
    conn = sqlite3.connect(target)
    for sql in ("DELETE FROM deals", "UPDATE deals SET seed = 0"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(sql)
    triggers = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'")
    assert triggers.fetchone()[0] == 6
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()


def test_a_deal_another_program_saved_is_kept_and_its_later_writes_land(pair):
    backup, target = pair
    other = Helper(target)
    try:
        other.do("deal 1")  # the sixth deal: saved, says SQLite
        kept = ex.restore(backup, target)
        other.do("player Xaver")  # written after the restore, into the restored file
    finally:
        other.close()
    assert content(kept)[1] == 6
    names, deals, _ = content(target)
    assert names == ["Anna", "Bernd", "Cem", "Xaver"] and deals == 3


def test_restore_refuses_while_another_program_holds_the_lock(pair, tmp_path, monkeypatch):
    backup, target = pair
    monkeypatch.setattr(ex, "RESTORE_BUSY_MS", 50, raising=False)  # keep the test fast
    other = Helper(target)
    try:
        other.do("exclusive")
        before = digest(target)
        with pytest.raises(DatabaseBusy) as info:
            ex.restore(backup, target)
        message = str(info.value)
        assert "\n" not in message and "in use by another program (locked)" in message
        assert digest(target) == before
    finally:
        other.close()
    assert not Path(f"{target}.before-restore").exists()
    assert content(target)[:2] == (["Anna", "Bernd", "Cem", "Zoe"], 5)
    assert leftovers(tmp_path) == []


def test_restore_through_a_symlink_keeps_the_link_and_the_mode(pair, tmp_path):
    backup, target = pair
    target.chmod(0o600)
    link = tmp_path / "link.sqlite3"
    link.symlink_to(target)
    ex.restore(backup, link)
    assert link.is_symlink() and link.resolve() == target
    assert mode(target) == 0o600
    assert content(link) == content(backup)


def test_restore_into_a_new_place_is_private(tmp_path, pair):
    backup, _ = pair
    old_umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.sqlite3"
        assert ex.restore(backup, fresh) is None
    finally:
        os.umask(old_umask)
    assert mode(fresh) == 0o600
    assert content(fresh) == content(backup)
    assert leftovers(tmp_path) == []


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for i in range(4096, len(data)):
        data[i] = (i * 7919) % 251
    path.write_bytes(bytes(data))


def test_a_damaged_database_is_kept_whole_and_replaced(pair, tmp_path):
    backup, target = pair
    _damage(target)
    target.chmod(0o600)
    damaged = digest(target)
    link = tmp_path / "link.sqlite3"
    link.symlink_to(target)
    notes: list[str] = []
    kept = ex.restore(backup, link, tell=notes.append)
    assert kept == Path(f"{target}.before-restore")
    assert digest(kept) == damaged
    assert len(notes) == 1 and str(kept) in notes[0] and "\n" not in notes[0]
    assert link.is_symlink() and link.resolve() == target and mode(target) == 0o600
    assert content(target) == content(backup)
    assert leftovers(tmp_path) == []


def test_a_backup_with_other_tables_is_refused(pair, tmp_path):
    backup, target = pair
    conn = sqlite3.connect(backup)
    conn.execute("CREATE TABLE notes (x TEXT)")
    conn.commit()
    conn.close()
    before = content(target)
    with pytest.raises(StoreError, match="other tables") as info:
        ex.restore(backup, target)
    assert "\n" not in str(info.value)
    assert content(target) == before
    assert not Path(f"{target}.before-restore").exists()
    assert leftovers(tmp_path) == []


def run_cli(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "skat_desktop.cli", *argv],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_cli_restores_while_the_database_is_open(pair):
    backup, target = pair
    live = Store.open(target)
    r = run_cli("db", "--db", str(target), "restore", str(backup), env={})
    assert r.returncode == 0, r.stderr
    assert f"kept as {target}.before-restore" in r.stdout
    assert live.conn.execute("SELECT count(*) FROM deals").fetchone()[0] == 3
    live.close()


@pytest.mark.parametrize(
    "point, restored",
    [("restore.validated", False), ("restore.before-commit", False), ("restore.committed", True)],
)
def test_a_killed_restore_leaves_old_or_new_content(pair, tmp_path, point, restored):
    backup, target = pair
    old, new = content(target), content(backup)
    system_tmp = tmp_path / "system-tmp"
    system_tmp.mkdir()
    r = run_cli(
        "db",
        "--db",
        str(target),
        "restore",
        str(backup),
        env={"SKAT_DESKTOP_KILL_AT": point, "TMPDIR": str(system_tmp)},
    )
    assert r.returncode == -signal.SIGKILL, r.stderr
    assert os.listdir(system_tmp) == []  # the temporary copy is beside the target
    assert any(name.endswith(".restoring") for name in leftovers(tmp_path))
    assert content(target) == (new if restored else old)
    kept = ex.restore(backup, target)  # the next restore works and clears what was left
    assert content(target) == new
    assert leftovers(tmp_path) == []
    assert content(kept) == (new if restored else old)
