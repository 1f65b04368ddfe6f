"""The one interface every computer player (and an external engine) implements.

A player sees only :class:`~skat_desktop.engine.view.SeatView` objects. ``choose`` is
asked when it is the seat's turn; ``wants_interjection`` between cards when the seat
may say Kontra/Re without being on turn. Thinking may take long: callers run it off
the GUI thread and may set ``cancel``; a player that sees it set returns its best
action so far (any legal action) promptly.
"""

from __future__ import annotations

import threading
from typing import Protocol, runtime_checkable

from skat_desktop.engine.actions import Action
from skat_desktop.engine.view import SeatView


class Cancelled(Exception):
    """Raised by a player's helpers when a search is cancelled (never leaves ``choose``)."""


@runtime_checkable
class Player(Protocol):
    name: str

    def choose(self, view: SeatView, cancel: threading.Event | None = None) -> Action: ...

    def wants_interjection(self, view: SeatView) -> Action | None: ...
