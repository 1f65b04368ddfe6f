"""Table events as one seat may know them: what leaves the host (ARCHITECTURE §1).

The controller's events are whole, for listeners in its own process. Whatever goes to
a seat (the LAN host's connections, a kibitzer) passes through :func:`event_for`, which
gives the event's JSON form with hidden cards taken out. Which cards a seat may know is
decided once, in :mod:`skat_desktop.engine.view` (:func:`action_for` for an action,
:func:`seat_view` for the table); this module only applies it to each kind of event.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from skat_desktop.app.table import (
    ActionApplied,
    ActionsUndone,
    DealFinished,
    DealsStored,
    DealStarted,
    PlayerFailed,
    SeriesFinished,
    StoreFailed,
    TableEvent,
    failure_text,
)
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.record import result_to_dict
from skat_desktop.engine.series import SheetEntry
from skat_desktop.engine.view import action_for


def _json(value: Any) -> Any:
    """Tuples as lists, recursively: the form ``json.loads`` gives back."""
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def entry_json(entry: SheetEntry) -> dict[str, Any]:
    """A score-sheet line as the wire carries it (every card is open by then)."""
    return _json(asdict(entry))


def event_for(event: TableEvent, seat: int | None, deal: Deal | None) -> dict[str, Any] | None:
    """``event`` as table ``seat`` (None: a kibitzer) may know it, as JSON-ready data,
    or None when it is not for the seats at all.

    ``deal`` is the table's deal as the event left it (an action is judged by what is
    known at that moment: a discard is shown to all once the deal is over). Store
    events concern this host's database alone (and their text may name its files), so
    they are not sent. A failing computer is told by code and parameters, never by the
    action it tried nor its error's text.
    """
    match event:
        case ActionApplied(actor, action, index):
            if deal is None:
                raise ValueError("an action event is judged against the deal it happened in")
            known = action_for(deal, action, index, seat)
            return {"event": "action_applied", "seat": actor, "index": index, "action": known}
        case DealStarted(number, dealer, seats, replay):
            return {
                "event": "deal_started",
                "number": number,
                "dealer": dealer,
                "seats": list(seats),
                "replay": replay,
            }
        case DealFinished(result, entry):
            return {
                "event": "deal_finished",
                "result": result_to_dict(result),
                "entry": None if entry is None else entry_json(entry),
            }
        case ActionsUndone(undoer, count):
            return {"event": "actions_undone", "seat": undoer, "count": count}
        case PlayerFailed(failed, code, params):  # the error's own detail stays here
            return {
                "event": "player_failed",
                "seat": failed,
                "code": code,
                "params": _json(dict(params)),
                "message": failure_text(code, params),
            }
        case SeriesFinished(totals):
            return {"event": "series_finished", "totals": list(totals)}
        case StoreFailed() | DealsStored():
            return None
    raise TypeError(f"not a table event: {type(event).__name__}")
