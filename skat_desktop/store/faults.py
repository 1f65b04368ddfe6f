"""Named fault points for the crash and disk-full tests.

Risky operations (creating, migrating and writing the database, exports, backups,
restores) call :func:`kill_point` and :func:`fail_point` at the instants where a crash
or a full disk would hurt most. In normal use both are a dictionary look-up and do
nothing. A test runs the program in a subprocess with ``SKAT_DESKTOP_KILL_AT=<name>``
(the process SIGKILLs itself there, as a power cut or ``kill -9`` would stop it) or
``SKAT_DESKTOP_FAIL_AT=<name>`` (an ``OSError(ENOSPC)`` is raised there, as a full disk
would), and then checks that nothing was lost and the next start works.
``SKAT_DESKTOP_KILL_AFTER=<n>`` moves the kill to the n-th pass through the point (the
third commit, say), so a test can stop a long run in its middle.
"""

from __future__ import annotations

import errno
import os
import signal

KILL_ENV = "SKAT_DESKTOP_KILL_AT"
FAIL_ENV = "SKAT_DESKTOP_FAIL_AT"
KILL_AFTER_ENV = "SKAT_DESKTOP_KILL_AFTER"

POINTS: set[str] = set()
"""Every point name the code has passed through in this process (for the tests)."""

_kill_passes = 0  # passes through the point named by KILL_ENV so far


def kill_point(name: str) -> None:
    """Die here, without any clean-up, when the environment asks for it."""
    global _kill_passes
    POINTS.add(name)
    if os.environ.get(KILL_ENV) == name:
        _kill_passes += 1
        if _kill_passes < int(os.environ.get(KILL_AFTER_ENV) or 1):
            return
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def fail_point(name: str) -> None:
    """Raise a disk-full error here when the environment asks for it."""
    POINTS.add(name)
    if os.environ.get(FAIL_ENV) == name:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC) + f" (injected at {name})")
