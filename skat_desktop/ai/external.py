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

Whatever goes wrong (no answer within ``timeout`` seconds, an answer that is not JSON,
a malformed or illegal action, an engine that exits) raises :class:`EngineError` with one
line naming the engine and the reason; the process is killed at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from skat_desktop import __version__
from skat_desktop.engine.actions import Action, action_from_dict, action_to_dict
from skat_desktop.engine.errors import InvalidRecord
from skat_desktop.engine.view import SeatView

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0  # seconds for one answer (and for the hello)
_QUIT_GRACE = 0.5  # seconds an engine may take to exit after "quit" before it is killed
_EOF = object()


class EngineError(Exception):
    """An external engine failed; the message is one line naming the engine and why."""


def _clip(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def split_command(command: str) -> list[str]:
    """The argument vector of an engine command line (shell-like quoting, no shell)."""
    argv = shlex.split(command, posix=os.name != "nt")
    if not argv:
        raise ValueError("an external engine needs a command, e.g. external:python engine.py")
    return argv


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
        self._lines: queue.Queue = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)

    # ---------------------------------------------------------------- process

    def start(self) -> None:
        """Start the engine and exchange the hello lines (idempotent)."""
        if self._proc is not None:
            return
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=self.cwd,
            )
        except OSError as e:
            raise self._error(f"cannot start it: {e.strerror or e}") from None
        self._proc = proc
        self._lines = queue.Queue()
        self._stderr.clear()
        threading.Thread(target=self._pump_stdout, args=(proc, self._lines), daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(proc, self._stderr), daemon=True).start()
        hello = self._ask(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "program": "skat-desktop",
                "version": __version__,
            },
            None,
        )
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            self._kill()
            raise self._error(f"expected a hello line, got {_clip(json.dumps(hello))}")
        if hello.get("protocol") != PROTOCOL_VERSION:
            self._kill()
            raise self._error(
                f"speaks protocol {hello.get('protocol')!r}, we speak {PROTOCOL_VERSION}"
            )
        name = hello.get("name")
        self.engine_name = str(name) if name is not None else None

    @staticmethod
    def _pump_stdout(proc: subprocess.Popen, lines: queue.Queue) -> None:
        with contextlib.suppress(OSError, ValueError):  # the pipe closed under us
            for line in proc.stdout:
                if line.strip():
                    lines.put(line)
        lines.put(_EOF)

    @staticmethod
    def _pump_stderr(proc: subprocess.Popen, tail: deque) -> None:
        with contextlib.suppress(OSError, ValueError):  # the pipe closed under us
            for line in proc.stderr:
                if line.strip():
                    tail.append(line.rstrip("\n"))

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):  # one that ignores SIGKILL
            proc.wait(timeout=5)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            with contextlib.suppress(OSError):
                stream.close()

    def close(self) -> None:
        """Say quit, give the engine a moment to exit, then kill it."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            # an engine that is gone or ignores quit is killed below anyway
            with contextlib.suppress(OSError, ValueError, subprocess.TimeoutExpired):
                proc.stdin.write('{"type": "quit"}\n')
                proc.stdin.flush()
                proc.wait(timeout=_QUIT_GRACE)
        self._kill()

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._kill()

    # ---------------------------------------------------------------- talking

    def _error(self, reason: str) -> EngineError:
        who = self.engine_name or self.command
        return EngineError(f"engine {_clip(who, 60)!r}: {reason}")

    def _exited(self) -> EngineError:
        proc = self._proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
        time.sleep(0.05)  # let the stderr pump catch the last words
        last = f": {_clip(self._stderr[-1])}" if self._stderr else ""
        self._kill()
        status = "closed its output" if code is None else f"exited with code {code}"
        return self._error(f"{status} without answering{last}")

    def _ask(self, message: dict[str, Any], cancel: threading.Event | None) -> Any:
        """Send one line and return the parsed answer line (``_EOF`` never escapes)."""
        proc = self._proc
        assert proc is not None
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            raise self._exited() from None
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill()
                raise self._error(f"no answer within {self.timeout:g} s")
            if cancel is not None and cancel.is_set():
                # a late answer would desynchronise the lines: restart at the next decision
                self._kill()
                return None
            try:
                line = self._lines.get(timeout=min(left, 0.05) if cancel is not None else left)
            except queue.Empty:
                continue
            break
        if line is _EOF:
            raise self._exited()
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            self._kill()
            raise self._error(f"answer is not JSON: {_clip(line)!r}") from None

    def _decide(
        self, view: SeatView, interjection: bool, cancel: threading.Event | None = None
    ) -> Action | None:
        if self._proc is None:
            self.start()
        answer = self._ask(
            {"type": "decide", "view": view.to_dict(), "interjection": interjection}, cancel
        )
        if answer is None and cancel is not None and cancel.is_set():
            return None if interjection else view.legal[0]
        if not isinstance(answer, dict) or "action" not in answer:
            self._kill()
            raise self._error(f"answer lacks the field 'action': {_clip(json.dumps(answer))}")
        raw = answer["action"]
        if raw is None:
            if interjection:
                return None
            self._kill()
            raise self._error("answered no action (null) where one is required")
        try:
            action = action_from_dict(raw)
        except InvalidRecord as e:
            self._kill()
            raise self._error(f"malformed action {_clip(json.dumps(raw))}: {e}") from None
        if action not in view.legal:
            self._kill()
            raise self._error(
                f"illegal action {_clip(json.dumps(action_to_dict(action)))} "
                f"in phase {view.phase} (legal: {len(view.legal)} actions)"
            )
        return action

    def choose(self, view: SeatView, cancel: threading.Event | None = None) -> Action:
        action = self._decide(view, False, cancel)
        assert action is not None
        return action

    def wants_interjection(self, view: SeatView) -> Action | None:
        return self._decide(view, True)
