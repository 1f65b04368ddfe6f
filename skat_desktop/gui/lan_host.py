"""Hosting from the GUI: ``skat-desktop serve`` as a child process, and a look at its tables.

The GUI never holds a networked deal (docs/protocol.md): Game → Host a table… starts the
headless host (``sys.executable -m skat_desktop serve``) with its own database next to the
player's, and the hosting player then joins it on 127.0.0.1 like everyone else. So the
host is the very program a club runs on a spare laptop, and a restarted GUI host resumes
its open tables (serve does that itself).

The host never outlives its window: it runs with ``--stop-at-eof`` and its standard input
is a pipe from the window, which the system closes however the window ends (a crash,
``kill -9``), on every platform. Serve then closes as on SIGTERM: every table written,
the database's lock released, so the restarted window can host again. A host left by a
window of an earlier version (or one still closing) is found by its record in the lock
file (:func:`left_behind`), and the window offers to stop it (:func:`stop_left_behind`).

:class:`HostProcess` starts it, waits for its ``serving on HOST:PORT`` line, stops it
(closing its standard input, and SIGTERM: it says ``closing`` to every player and keeps
every table in its store), notices a crash and says each failure in one line. The
password and the player's own rule profiles go to it in private temporary files (mode
0600), removed once it listens: never on its command line, which every user of the
machine can read.

:class:`HostWatch` is a small observer connection to the host (hello and ``list`` every
few seconds, no table joined): who is connected, for "Stop hosting?" and the status line.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sys
import tempfile
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QObject,
    QProcess,
    QProcessEnvironment,
    QTimer,
    Signal,
)
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from skat_desktop import __version__
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.gui.game_words import fill

log = logging.getLogger(__name__)


def _wire() -> ModuleType:
    """The LAN protocol, imported when first needed: the window builds this module's
    menu items at start-up, and the protocol is only wanted once a player hosts or joins."""
    from skat_desktop.net import protocol

    return protocol


DEFAULT_PORT = 55123
START_TIMEOUT_MS = 30_000  # imports, opening the database, resuming tables: seconds at most
STOP_TIMEOUT_MS = 8_000  # SIGTERM: closing frames, tables written, the LAN goodbye
STDERR_KEPT = 40  # serve's last log lines, for the one line a failure shows
_SERVING = re.compile(r"serving on \[?([^\]\s]*)\]?:(\d+)\s*$")
_ERROR_PREFIX = "skat-desktop: error: "
_HOST_ERRORS = (
    (
        re.compile(r"cannot listen on (.+?): (.+)"),
        QT_TRANSLATE_NOOP("HostProcess", "cannot listen on %1: %2"),
    ),
    (
        re.compile(r"cannot lock the database (.+?): (.+)"),
        QT_TRANSLATE_NOOP("HostProcess", "the database %1 cannot be locked: %2"),
    ),
    (
        re.compile(r"another host is serving from the database (.+)"),
        QT_TRANSLATE_NOOP("HostProcess", "another host is already serving from the database %1"),
    ),
    (
        re.compile(r"cannot start (.+)"),
        QT_TRANSLATE_NOOP("HostProcess", "the program %1 cannot be started"),
    ),
    (
        re.compile(r"the host did not start within (\d+) s"),
        QT_TRANSLATE_NOOP("HostProcess", "the host did not start within %1 s"),
    ),
)
"""Serve's own one-line errors (``skat-desktop: error: …``, English as the CLI prints them)
that a player can meet when hosting from the window, and their translatable sentences."""


def host_error_text(detail: str) -> str:
    """Serve's error ``detail`` in the player's language: a known one as a sentence of its
    own, any other inside a translated one, so the English part is only the detail."""
    for pattern, text in _HOST_ERRORS:
        found = pattern.fullmatch(detail)
        if found is not None:
            return fill(QCoreApplication.translate("HostProcess", text), *found.groups())
    return fill(
        QCoreApplication.translate("HostProcess", "the host stopped with an error (%1)"), detail
    )


_TAKEN = re.compile(r"another host is serving from the database ")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (POSIX; elsewhere no host ever holds the lock)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        pass  # someone else's: it exists
    with contextlib.suppress(OSError, IndexError):  # Linux: a killed window nobody reaped
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    return True


def left_behind(record: Any) -> bool:
    """Whether the host of ``record`` (a :class:`~skat_desktop.net.host.HostRecord`) runs
    on although the window that started it is gone: then nobody else needs it, and this
    window may stop it. A host started by hand, or by a window still open, is not."""
    if record is None or record.parent is None or os.name != "posix":
        return False
    return _alive(record.pid) and not _alive(record.parent)


def stop_left_behind(record: Any) -> None:
    """Ask a left-behind host to end: SIGTERM, serve's own graceful stop (it finishes
    what it writes, keeps every table and releases the lock). Never killed."""
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.kill(record.pid, signal.SIGTERM)


def host_database_path() -> Path:
    """The hosted tables' own database, next to the player's (the host's store is not
    the player's: a client keeps its own copy of each series)."""
    from skat_desktop.store.database import default_path

    return default_path().with_name("lan-host.sqlite3")


def table_spec(
    name: str,
    profile: str,
    seats: Sequence[str],
    deals: int,
    *,
    grace_s: float,
    substitute_s: float | None,
    level: str = "standard",
) -> str:
    """A ``--table`` spec for serve. ``name`` must hold no ``,`` or ``=`` (the dialog
    refuses them) and ``profile`` is a built-in name or a key of the profiles file."""
    if any(ch in name for ch in ",=") or any(ch in profile for ch in ",="):
        raise ValueError("a table name cannot contain ',' or '='")
    substitute = "off" if substitute_s is None else f"{int(substitute_s)}"
    return (
        f"name={name.strip()},profile={profile},seats={'+'.join(seats)},deals={int(deals)},"
        f"grace={int(grace_s)},substitute={substitute},level={level}"
    )


def _private_file(folder: str, prefix: str, data: str) -> str:
    fd, path = tempfile.mkstemp(prefix=prefix, dir=folder)  # 0600 by construction
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(data)
    return path


def serve_command() -> list[str]:
    """The command before ``serve``: this interpreter running the package, or in the frozen
    app (PyInstaller, packaging/) the console executable beside this one."""
    if getattr(sys, "frozen", False):
        name = "skat-desktop.exe" if sys.platform == "win32" else "skat-desktop"
        return [str(Path(sys.executable).with_name(name))]
    return [sys.executable, "-m", "skat_desktop"]


class HostProcess(QObject):
    """``skat-desktop serve`` as a child :class:`QProcess`.

    Signals: ``started(address, port)`` once it listens; ``failed(line)`` when it ended
    (or was given up) before that; ``crashed(line)`` when it ended on its own after;
    ``stopped()`` after :meth:`stop`. Each line is one sentence in the player's language:
    serve's own (``skat-desktop: error: …``, see :func:`host_error_text`) or the exit status.
    """

    started = Signal(str, int)
    failed = Signal(str)
    crashed = Signal(str)
    stopped = Signal()

    def __init__(self, parent: QObject | None = None, program: Sequence[str] | None = None):
        super().__init__(parent)
        self._program = list(program) if program is not None else serve_command()
        self._proc: QProcess | None = None
        self._out = b""
        self._err_buf = b""
        self._errors: deque[str] = deque(maxlen=STDERR_KEPT)
        self._files: list[str] = []
        self._folder: str | None = None
        self._stopping = False
        self.address: str | None = None
        self.port: int | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start_timed_out)

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.state() != QProcess.ProcessState.NotRunning

    @property
    def listening(self) -> bool:
        return self.running and self.port is not None

    @property
    def pid(self) -> int | None:
        return int(self._proc.processId()) if self.running else None

    @property
    def database_taken(self) -> bool:
        """Whether serve refused to start because another host serves from its database."""
        return any(_TAKEN.search(line) for line in self._errors)

    def start(
        self,
        tables: Sequence[str],
        *,
        db: str | Path,
        name: str | None = None,
        password: str | None = None,
        profiles: dict[str, RuleProfile] | None = None,
        listen: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        announce: bool = True,
    ) -> None:
        """Start serving ``tables`` (``--table`` specs); the answer comes as a signal."""
        if self.running:
            raise RuntimeError("the host is running already")
        self._out, self._err_buf = b"", b""
        self._errors.clear()
        self._stopping = False
        self.address = self.port = None
        self._folder = tempfile.mkdtemp(prefix="skat-host-")  # 0700
        args = ["serve", "--host", listen, "--port", str(port), "--db", str(db)]
        args.append("--stop-at-eof")  # it ends with this window (its stdin: our pipe)
        for spec in tables:
            args += ["--table", spec]
        if name:
            args += ["--name", name]
        if not announce:
            args.append("--no-announce")
        if password:
            path = _private_file(self._folder, "password-", password + "\n")
            self._files.append(path)
            args += ["--password-file", path]
        if profiles:
            data = json.dumps({k: p.to_dict() for k, p in profiles.items()})
            path = _private_file(self._folder, "profiles-", data)
            self._files.append(path)
            args += ["--profiles", path]
        proc = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        env.insert("PYTHONUNBUFFERED", "1")  # the "serving on" line at once
        env.remove("QT_QPA_PLATFORM")  # serve loads no Qt; nothing to inherit
        proc.setProcessEnvironment(env)
        proc.readyReadStandardOutput.connect(self._read_out)
        proc.readyReadStandardError.connect(self._read_err)
        proc.finished.connect(self._finished)
        proc.errorOccurred.connect(self._error)
        self._proc = proc
        self._timer.start(START_TIMEOUT_MS)
        proc.start(self._program[0], [*self._program[1:], *args])

    def stop(self, wait_ms: int = STOP_TIMEOUT_MS) -> None:
        """End the host gracefully (it says ``closing`` and keeps every table); killed if
        it does not end within ``wait_ms``. Blocks at most that long."""
        proc = self._proc
        if proc is None or proc.state() == QProcess.ProcessState.NotRunning:
            self._cleanup()
            return
        self._stopping = True
        self._timer.stop()
        proc.closeWriteChannel()  # --stop-at-eof: the graceful stop on every platform
        proc.terminate()  # SIGTERM on Unix, the same graceful stop
        if not proc.waitForFinished(wait_ms):
            log.warning("the host did not end within %d ms: killed", wait_ms)
            proc.kill()
            proc.waitForFinished(2000)

    # -- the child's output --

    def _read_out(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._out = (self._out + bytes(proc.readAllStandardOutput().data()))[-4096:]
        while b"\n" in self._out:
            raw, self._out = self._out.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            m = _SERVING.search(line)
            if m and self.port is None:
                self.address, self.port = m.group(1), int(m.group(2))
                self._timer.stop()
                self._remove_files()  # it has read them: the password leaves the disk
                self.started.emit(self.address, self.port)

    def _read_err(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._err_buf += bytes(proc.readAllStandardError().data())
        *lines, self._err_buf = self._err_buf.split(b"\n")
        self._err_buf = self._err_buf[-4096:]
        for raw in lines:
            line = raw.decode("utf-8", "replace").strip()
            if line:
                self._errors.append(line[:300])

    def failure_line(self) -> str:
        """Serve's own one-line error if it printed one, else its last log line."""
        for line in reversed(self._errors):
            if line.startswith(_ERROR_PREFIX):
                return host_error_text(line[len(_ERROR_PREFIX) :])
        proc = self._proc
        code = proc.exitCode() if proc is not None else -1
        if self._errors:  # its last log line, e.g. a Python error's
            return host_error_text(self._errors[-1])
        return fill(
            QCoreApplication.translate("HostProcess", "the host ended (exit status %1)"), code
        )

    def _start_timed_out(self) -> None:
        if self._proc is not None and self.port is None:
            self._errors.append(
                f"{_ERROR_PREFIX}the host did not start within {START_TIMEOUT_MS // 1000} s"
            )
            self._proc.kill()

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart and self._proc is not None:
            self._errors.append(f"{_ERROR_PREFIX}cannot start {self._program[0]}")
            self._finished(-1, QProcess.ExitStatus.CrashExit)

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        proc = self._proc
        if proc is None:
            return
        self._read_out()
        self._read_err()
        if self._err_buf.strip():
            self._errors.append(self._err_buf.decode("utf-8", "replace").strip()[:300])
            self._err_buf = b""
        line = self.failure_line()
        was_listening, stopping = self.port is not None, self._stopping
        self._proc = None
        self._timer.stop()
        self._cleanup()
        proc.deleteLater()
        self.port = None
        if stopping:
            self.stopped.emit()
        elif was_listening:
            self.crashed.emit(line)
        else:
            self.failed.emit(line)

    def _remove_files(self) -> None:
        for path in self._files:
            with contextlib.suppress(OSError):
                os.unlink(path)
        self._files.clear()

    def _cleanup(self) -> None:
        self._remove_files()
        if self._folder is not None:
            with contextlib.suppress(OSError):
                os.rmdir(self._folder)
            self._folder = None


class HostWatch(QObject):
    """Looks at the host's tables every few seconds over a connection of its own
    (hello, then ``list``; it joins no table). ``tablesChanged(list)`` carries the
    TableInfo dicts; :meth:`connected_counts` counts who is at them."""

    tablesChanged = Signal(list)
    EVERY_MS = 3000  # tests make it shorter

    def __init__(self, port: int, parent: QObject | None = None, address: str = "127.0.0.1"):
        super().__init__(parent)
        self.tables: list[dict[str, Any]] = []
        self._address, self._port = address, port
        self._reader = _wire().FrameReader()
        self._socket = QTcpSocket(self)
        self._socket.connected.connect(self._hello)
        self._socket.readyRead.connect(self._read)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._poll)
        self._greeted = False
        self._socket.connectToHost(address, port)
        self._timer.start(self.EVERY_MS)

    def close(self) -> None:
        self._timer.stop()
        self._socket.abort()

    def connected_counts(self) -> tuple[int, int]:
        """Human seats whose player is connected, and kibitzers, over every table."""
        players = watchers = 0
        for t in self.tables:
            watchers += int(t.get("kibitzers") or 0)
            players += sum(
                1 for s in t.get("seats", ()) if s.get("kind") == "human" and s.get("connected")
            )
        return players, watchers

    def _send(self, frame: dict[str, Any]) -> None:
        self._socket.write(_wire().encode(frame))

    def _hello(self) -> None:
        self._send(_wire().hello("host window", f"skat-desktop {__version__}"))

    def _poll(self) -> None:
        state = self._socket.state()
        if state == QAbstractSocket.SocketState.UnconnectedState:
            self._greeted = False
            self._reader = _wire().FrameReader()
            self._socket.connectToHost(self._address, self._port)
        elif state == QAbstractSocket.SocketState.ConnectedState and self._greeted:
            self._send(_wire().list_tables())

    def _read(self) -> None:
        try:
            items = self._reader.feed(bytes(self._socket.readAll().data()))
        except _wire().ProtocolError:
            self._socket.abort()
            return
        for item in items:
            if isinstance(item, _wire().ProtocolError):
                continue
            try:
                msg = _wire().parse_host(item)
            except _wire().ProtocolError:
                continue
            if isinstance(msg, _wire().Welcome):
                self._greeted = True
                self._send(_wire().list_tables())
            elif isinstance(msg, _wire().Tables):
                self.tables = [dict(t) for t in msg.tables]
                self.tablesChanged.emit(self.tables)
