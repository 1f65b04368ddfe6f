"""Computer players of other programs, seated through the JSON-lines engine protocol.

An :class:`ExternalPlayer` runs the engine's command as a child process and talks to it
over its standard input and output, one JSON object per line (docs/engine-protocol.md):

* we send ``{"type": "hello", "protocol": 1, ...}``; the engine answers
  ``{"type": "hello", "protocol": 1, "name": "..."}``;
* for every decision we send ``{"type": "decide", "view": <SeatView.to_dict()>,
  "interjection": false}`` (``true`` when the seat may say Kontra/Re out of turn) and the
  engine answers ``{"action": <action dict>}`` (``{"action": null}`` declines an
  interjection);
* at the end we send ``{"type": "quit"}`` and the process is killed if it lingers.

Whatever goes wrong (no answer within ``timeout`` seconds, an answer that is not JSON or
longer than :data:`MAX_LINE` bytes, a malformed or illegal action, an engine that exits)
raises :class:`EngineError` with one line naming the engine and the reason; the engine is
killed at once.

An engine is a program we do not trust to behave (issue 22), so:

* it runs in a process group of its own, and "killed" means the whole group: children
  it started (``sleep 1000 &`` in a shell script) go with it, and nothing ever waits
  for the end of a pipe that such a child may still hold;
* its output is read in bounded chunks by threads that own their pipe ends: an answer
  line longer than :data:`MAX_LINE` ends the engine, and of its standard error only the
  last :data:`STDERR_TAIL` bytes are kept;
* we write to it from a thread of its own, so an engine that never reads cannot block us
  beyond the time-out;
* on Linux it gets SIGKILL when the thread that started it dies (``PR_SET_PDEATHSIG``;
  only for engines started by the main thread, since the signal follows the starting
  thread, not the process), and :func:`kill_all_engines` (also run at exit) kills every
  engine group this process still has.

The answer parsing (:func:`decode_line`, :func:`parse_action`) is pure, so it can be
fuzzed without a process.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from skat_desktop import __version__
from skat_desktop.engine.actions import Action, action_from_dict, action_to_dict
from skat_desktop.engine.view import SeatView

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0  # seconds for one answer (and for the hello)
MAX_LINE = 1 << 20  # bytes in one answer line (a view's answer needs well under 1 KiB)
STDERR_TAIL = 4096  # bytes of the engine's standard error kept to explain a failure
_CHUNK = 1 << 16  # bytes read from a pipe at once
_QUEUED_LINES = 4  # answer lines read ahead (an engine must not write unasked)
_QUIT_GRACE = 0.5  # seconds an engine may take to exit after "quit" before it is killed
_POLL = 0.05  # seconds between looks at a cancel flag or a dead engine
_EOF = object()
_TOO_LONG = object()
_CANCELLED = object()
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


class EngineError(Exception):
    """An external engine failed; the message is one line naming the engine and why."""


class AnswerError(ValueError):
    """Why one answer line is unacceptable (the player adds the engine's name)."""


def _clip(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def _show(value: Any, n: int = 80) -> str:
    """A short JSON rendering of anything an engine sent (never raises)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        text = f"<{type(value).__name__}>"
    return _clip(text, n)


def split_command(command: str) -> list[str]:
    """The argument vector of an engine command line (shell-like quoting, no shell)."""
    argv = shlex.split(command, posix=os.name != "nt")
    if not argv:
        raise ValueError("an external engine needs a command, e.g. external:python engine.py")
    return argv


# ---------------------------------------------------------------- answers (pure)


def decode_line(line: bytes) -> Any:
    """The JSON value of one answer line; :class:`AnswerError` says why there is none."""
    if len(line) > MAX_LINE:
        raise AnswerError(f"answered a line longer than {MAX_LINE} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise AnswerError(f"answer is not UTF-8: {_clip(repr(line[:60]))}") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise AnswerError("answer is nested too deeply to be read") from None
    except ValueError:  # JSONDecodeError, or a number of more than 4300 digits
        raise AnswerError(f"answer is not JSON: {_clip(text)!r}") from None


def parse_hello(hello: Any) -> str | None:
    """The engine's name from its hello line; :class:`AnswerError` if it is no hello."""
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        raise AnswerError(f"expected a hello line, got {_show(hello)}")
    protocol = hello.get("protocol")
    if protocol != PROTOCOL_VERSION:
        raise AnswerError(f"speaks protocol {_show(protocol, 30)}, we speak {PROTOCOL_VERSION}")
    name = hello.get("name")
    if name is None:
        return None
    return _clip(name if isinstance(name, str) else _show(name), 60)


def parse_action(
    answer: Any, legal: Sequence[Action], phase: Any, interjection: bool
) -> Action | None:
    """The action of a decoded answer, which must be one of ``legal``.

    ``None`` only for ``{"action": null}`` to an interjection question; anything else
    that is not a legal action raises :class:`AnswerError` with one line."""
    if not isinstance(answer, dict) or "action" not in answer:
        raise AnswerError(f"answer lacks the field 'action': {_show(answer)}")
    raw = answer["action"]
    if raw is None:
        if interjection:
            return None
        raise AnswerError("answered no action (null) where one is required")
    try:
        action = action_from_dict(raw)
    except Exception as e:  # InvalidRecord, or whatever a strange value provokes
        raise AnswerError(f"malformed action {_show(raw)}: {_clip(str(e))}") from None
    if action not in legal:
        raise AnswerError(
            f"illegal action {_show(action_to_dict(action))} "
            f"in phase {phase} (legal: {len(legal)} actions)"
        )
    return action


def parse_answer(line: bytes, view: SeatView, interjection: bool) -> Action | None:
    """One answer line to a decide message, checked against the view (pure)."""
    return parse_action(decode_line(line), view.legal, view.phase, interjection)


# ---------------------------------------------------------------- processes

_LIVE: dict[int, subprocess.Popen] = {}  # pid -> engine process of this process


def _signal_group(proc: subprocess.Popen) -> None:
    """SIGKILL the engine's process group (call before its leader is reaped: until then
    the group id cannot belong to anyone else)."""
    if os.name == "posix" and proc.returncode is None:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        proc.kill()


def kill_all_engines() -> None:
    """Kill every engine group this process started and has not closed.

    For a process that must go now (an arena worker whose parent died); also at exit."""
    for proc in list(_LIVE.values()):
        _signal_group(proc)


atexit.register(kill_all_engines)


def _libc_prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
    prctl.restype = ctypes.c_int
    return prctl


_PRCTL = _libc_prctl()


def set_parent_death_signal(sig: int) -> bool:
    """Linux: have this process receive ``sig`` when the thread that started it dies.

    Returns False where that is not available (the caller needs another way)."""
    if _PRCTL is None:
        return False
    return _PRCTL(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0


def _die_with_us() -> Callable[[], None] | None:
    """A ``preexec_fn`` giving the engine SIGKILL when we die (Linux, main thread only:
    the death signal follows the starting thread, and a GUI's worker threads come and go)."""
    if _PRCTL is None or threading.current_thread() is not threading.main_thread():
        return None
    parent = os.getpid()
    prctl = _PRCTL

    def preexec() -> None:
        prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # we died before the line above
            os._exit(1)

    return preexec


def _pump_stdout(stream: Any, lines: queue.Queue, stop: threading.Event) -> None:
    """Cut the engine's output into lines of at most MAX_LINE bytes (owns the pipe end)."""

    def put(item: object) -> bool:
        while not stop.is_set():
            try:
                lines.put(item, timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    pending = bytearray()
    with contextlib.closing(_chunks(stream)) as chunks:
        for chunk in chunks:
            first, *rest = chunk.split(b"\n")
            pending += first
            for part in rest:
                line, pending = bytes(pending), bytearray(part)
                if len(line) > MAX_LINE:
                    put(_TOO_LONG)
                    return
                if line.strip() and not put(line):
                    return
            if len(pending) > MAX_LINE:
                put(_TOO_LONG)
                return
    put(_EOF)


def _chunks(stream: Any) -> Iterator[bytes]:
    """What a pipe delivers, in bounded pieces, until it ends; the pipe end is closed
    when the reader stops, however it stops."""
    fd = stream.fileno()
    try:
        while True:
            try:
                chunk = os.read(fd, _CHUNK)
            except OSError:
                return
            if not chunk:
                return
            yield chunk
    finally:
        with contextlib.suppress(OSError):
            stream.close()


def _pump_stderr(stream: Any, tail: bytearray) -> None:
    """Keep the last STDERR_TAIL bytes of the engine's standard error (owns the pipe end)."""
    for chunk in _chunks(stream):
        tail += chunk[-STDERR_TAIL:]
        if len(tail) > STDERR_TAIL:
            del tail[:-STDERR_TAIL]


def _pump_stdin(stream: Any, outbox: queue.Queue) -> None:
    """Write queued messages to the engine until ``None`` (owns the pipe end): a write
    that blocks because the engine does not read blocks only this thread."""
    fd = stream.fileno()
    try:
        while True:
            data = outbox.get()
            if data is None:
                break
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
    except OSError:  # the engine is gone (EPIPE)
        pass
    finally:
        with contextlib.suppress(OSError):
            stream.close()


class ExternalPlayer:
    """A :class:`~skat_desktop.ai.player.Player` that asks an engine process.

    The process starts at the first decision (or :meth:`start`) and lives until
    :meth:`close`; use the player as a context manager or call ``close`` when the game is
    over. ``timeout`` may be changed before the first decision.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        cwd: str | None = None,
    ):
        if isinstance(command, str):
            self.command = command
            self.argv = split_command(command)
        else:
            self.argv = list(command)
            if not self.argv:
                raise ValueError("an external engine needs a command")
            self.command = shlex.join(self.argv)
        self.name = f"external:{self.command}"
        self.engine_name: str | None = None  # from the engine's hello
        self.timeout = timeout
        self.cwd = cwd
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue(_QUEUED_LINES)
        self._outbox: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._stderr = bytearray()
        self._stderr_pump: threading.Thread | None = None

    # ---------------------------------------------------------------- process

    def start(self) -> None:
        """Start the engine and exchange the hello lines (idempotent)."""
        if self._proc is not None:
            return
        options: dict[str, Any] = {}
        if os.name == "posix":
            options["start_new_session"] = True
            options["preexec_fn"] = _die_with_us()
        else:
            options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=self.cwd,
                **options,
            )
        except (OSError, subprocess.SubprocessError) as e:
            reason = getattr(e, "strerror", None) or e
            raise self._error(f"cannot start it: {reason}") from None
        self._proc = proc
        _LIVE[proc.pid] = proc
        self._lines = queue.Queue(_QUEUED_LINES)
        self._outbox = queue.Queue()
        self._stop = threading.Event()
        self._stderr = bytearray()
        for target, args in (
            (_pump_stdout, (proc.stdout, self._lines, self._stop)),
            (_pump_stdin, (proc.stdin, self._outbox)),
        ):
            threading.Thread(target=target, args=args, daemon=True).start()
        self._stderr_pump = threading.Thread(
            target=_pump_stderr, args=(proc.stderr, self._stderr), daemon=True
        )
        self._stderr_pump.start()
        hello = {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "program": "skat-desktop",
            "version": __version__,
        }
        try:
            self.engine_name = parse_hello(decode_line(self._ask(hello, None)))
        except AnswerError as e:
            self._kill()
            raise self._error(str(e)) from None

    def _leader_gone(self, proc: subprocess.Popen) -> bool:
        """Has the engine process exited? (Without reaping it where we can: until it is
        reaped, its process group id cannot be reused, so killing the group is safe.)"""
        if proc.returncode is not None:
            return True
        if hasattr(os, "waitid"):
            try:
                flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
                return os.waitid(os.P_PID, proc.pid, flags) is not None
            except ChildProcessError:
                return True
        return proc.poll() is not None

    def _wait_leader(self, proc: subprocess.Popen, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        pause = 0.0005  # an engine told to quit is usually gone within a millisecond or two
        while not self._leader_gone(proc):
            if time.monotonic() >= deadline:
                return False
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
        return True

    def _kill(self) -> None:
        """Kill the engine's whole group; never waits for a pipe to close."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._stop.set()
        _signal_group(proc)
        self._outbox.put(None)
        with contextlib.suppress(subprocess.TimeoutExpired):  # one that ignores SIGKILL
            proc.wait(timeout=5)
        _LIVE.pop(proc.pid, None)

    def close(self) -> None:
        """Say quit, give the engine a moment to exit, then kill its group."""
        proc = self._proc
        if proc is None:
            return
        if not self._leader_gone(proc):
            self._outbox.put(b'{"type": "quit"}\n')
            self._outbox.put(None)  # and close its input: end of file also means quit
            self._wait_leader(proc, _QUIT_GRACE)
        self._kill()

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            proc = self._proc
            if proc is not None:
                _signal_group(proc)
                _LIVE.pop(proc.pid, None)

    # ---------------------------------------------------------------- talking

    def _error(self, reason: str) -> EngineError:
        who = self.engine_name or self.command
        return EngineError(f"engine {_clip(who, 60)!r}: {reason}")

    def _last_words(self) -> str:
        text = bytes(self._stderr).decode("utf-8", errors="replace")
        said = [line for line in text.splitlines() if line.strip()]
        return f": {_clip(said[-1])}" if said else ""

    def _exited(self) -> EngineError:
        """The error for an engine that is gone (or closed its output)."""
        proc = self._proc
        assert proc is not None
        gone = self._wait_leader(proc, 1.0)
        self._kill()
        if self._stderr_pump is not None:  # the group is dead: its stderr ends now
            self._stderr_pump.join(timeout=0.5)
        code = proc.returncode if gone else None
        if code is None:
            status = "closed its output"
        elif code < 0:
            status = f"was killed by signal {-code}"
        else:
            status = f"exited with code {code}"
        return self._error(f"{status} without answering{self._last_words()}")

    def _ask(self, message: dict[str, Any], cancel: threading.Event | None) -> Any:
        """Send one line and return the answer line's bytes (``_CANCELLED`` if cancelled)."""
        proc = self._proc
        assert proc is not None
        self._outbox.put(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        deadline = time.monotonic() + self.timeout
        while True:
            if cancel is not None and cancel.is_set():
                # a late answer would desynchronise the lines: restart at the next decision
                self._kill()
                return _CANCELLED
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill()
                raise self._error(f"no answer within {self.timeout:g} s")
            try:
                line = self._lines.get(timeout=min(left, _POLL))
            except queue.Empty:
                # a child of the engine may hold the pipe open: do not wait for its end
                if self._leader_gone(proc):
                    try:
                        line = self._lines.get(timeout=_POLL)  # its last answer, if any
                    except queue.Empty:
                        raise self._exited() from None
                else:
                    continue
            break
        if line is _EOF:
            raise self._exited()
        if line is _TOO_LONG:
            self._kill()
            raise self._error(f"answered a line longer than {MAX_LINE} bytes")
        return line

    def _decide(
        self, view: SeatView, interjection: bool, cancel: threading.Event | None = None
    ) -> Action | None:
        if self._proc is None:
            self.start()
        line = self._ask(
            {"type": "decide", "view": view.to_dict(), "interjection": interjection}, cancel
        )
        if line is _CANCELLED:
            return None if interjection else view.legal[0]
        try:
            return parse_answer(line, view, interjection)
        except AnswerError as e:
            self._kill()
            raise self._error(str(e)) from None

    def choose(self, view: SeatView, cancel: threading.Event | None = None) -> Action:
        action = self._decide(view, False, cancel)
        assert action is not None
        return action

    def wants_interjection(self, view: SeatView) -> Action | None:
        return self._decide(view, True)
