"""Run skat-desktop in a subprocess that dies or fails at a named fault point.

The fault points live in :mod:`skat_desktop.store.faults`; these helpers set their
environment variables for one child process, bound it in time, and check how it
ended, so each crash test reads as "die here, then the next start must cope".
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from skat_desktop.store.faults import FAIL_ENV, KILL_AFTER_ENV, KILL_ENV

TIMEOUT = 60  # seconds; a child normally needs well under two
KILLED = -getattr(signal, "SIGKILL", signal.SIGTERM)


def _env(kill_at: str | None, kill_after: int | None, fail_at: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (KILL_ENV, KILL_AFTER_ENV, FAIL_ENV)}
    if kill_at:
        env[KILL_ENV] = kill_at
    if kill_after:
        env[KILL_AFTER_ENV] = str(kill_after)
    if fail_at:
        env[FAIL_ENV] = fail_at
    return env


def run(
    argv: list[str],
    *,
    kill_at: str | None = None,
    kill_after: int | None = None,
    fail_at: str | None = None,
    timeout: float = TIMEOUT,
) -> subprocess.CompletedProcess[str]:
    """Run ``python argv...`` with the fault points armed; never hangs past ``timeout``."""
    return subprocess.run(
        [sys.executable, *argv],
        env=_env(kill_at, kill_after, fail_at),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def run_cli(*args: str, **faults) -> subprocess.CompletedProcess[str]:
    """``skat-desktop ARGS`` (as ``python -m skat_desktop``)."""
    return run(["-m", "skat_desktop", *args], **faults)


def run_python(code: str, *args: str, **faults) -> subprocess.CompletedProcess[str]:
    """A Python snippet; ``args`` arrive as ``sys.argv[1:]``."""
    return run(["-c", code, *args], **faults)


def assert_killed(proc: subprocess.CompletedProcess[str], point: str) -> None:
    """The child died by SIGKILL, which only the armed kill point sends."""
    assert proc.returncode == KILLED, (
        f"expected a kill at {point}, got exit {proc.returncode}: {proc.stderr[-2000:]}"
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    """The child exited with status 2 and printed one ``skat-desktop: error:`` line."""
    assert proc.returncode == 2, f"exit {proc.returncode}: {proc.stderr[-2000:]}"
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("skat-desktop: error: "), proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def creating_leftovers(path: Path) -> list[str]:
    """Temporary files of a first start beside ``path`` (``.NAME.*.creating*``)."""
    prefix = f".{path.name}."
    return sorted(
        p.name
        for p in path.parent.iterdir()
        if p.name.startswith(prefix) and ".creating" in p.name[len(prefix) :]
    )
