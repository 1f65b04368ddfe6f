"""How long `skat-desktop serve` lives: started by a window (``--stop-at-eof``) it ends by
itself, gracefully, when the window's end of its standard input closes -- the window
crashed or was killed -- and releases the database's lock; started by hand it serves on
until SIGTERM whatever happens to its standard input. While serving, the lock file says
who serves (pid, port, the window's pid), so a refused window can tell the player."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time

import pytest

from skat_desktop.net.host import database_host, database_served

needs_locks = pytest.mark.skipif(
    importlib.util.find_spec("fcntl") is None, reason="no advisory database lock here"
)


def start_serve(db, *extra: str) -> tuple[subprocess.Popen, int]:
    """A real serve on a free loopback port with stdin a pipe of ours; returns it and its
    port once it listens."""
    args = ["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db), "--no-announce"]
    args += ["--table", "name=Club,seats=open+open+beginner,deals=3", *extra]
    proc = subprocess.Popen(
        [sys.executable, "-m", "skat_desktop", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    line = proc.stdout.readline()
    if not line.startswith("serving on 127.0.0.1:"):
        proc.kill()
        raise AssertionError((line, proc.communicate(timeout=10)))
    return proc, int(line.rsplit(":", 1)[1])


def _end(proc: subprocess.Popen) -> str:
    """Its log, after making sure it is gone."""
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)
    err = proc.stderr.read()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        stream.close()
    return err


@needs_locks
def test_a_serve_started_by_a_window_ends_gracefully_when_the_window_is_gone(tmp_path):
    db = tmp_path / "lan-host.sqlite3"
    proc, port = start_serve(db, "--stop-at-eof")
    try:
        record = database_host(db)
        assert record is not None and (record.pid, record.port) == (proc.pid, port)
        assert record.parent == os.getpid() and database_served(db)
        proc.stdin.close()  # what the system does when the window dies, kill -9 included
        started = time.monotonic()
        assert proc.wait(15) == 0
        assert time.monotonic() - started < 10
    finally:
        log = _end(proc)
    assert "closing: the host is shutting down" in log  # its own stop path, tables written
    assert not database_served(db) and database_host(db) is None
    proc, _ = start_serve(db, "--stop-at-eof")  # the next window hosts from it again
    try:
        assert database_host(db).pid == proc.pid
    finally:
        proc.stdin.close()
        assert proc.wait(15) == 0
        _end(proc)


@needs_locks
def test_a_serve_started_by_hand_serves_on_whatever_its_stdin_does(tmp_path):
    db = tmp_path / "club.sqlite3"
    proc, port = start_serve(db)
    try:
        record = database_host(db)
        assert (record.pid, record.port, record.parent) == (proc.pid, port, None)
        proc.stdin.close()
        time.sleep(1.5)
        assert proc.poll() is None and database_served(db)
        proc.terminate()  # SIGTERM: the same graceful stop as ever
        assert proc.wait(15) == 0
    finally:
        log = _end(proc)
    assert "closing: the host is shutting down" in log
    assert not database_served(db)
