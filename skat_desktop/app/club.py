"""A club evening entered from real tables: one series per table, the context of the next
deal (who deals, who sits out, Bock or Ramsch round) and the entry in effect of a stored
deal, for the entry form and its corrections.

Qt-free: the GUI runs these on its store writer's or a loader's thread. The writes go
through the same store and :class:`~skat_desktop.app.sheets.SeriesService` calls as
``skat-desktop db create-series``, ``db add-game`` and ``db correct``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skat_desktop.app.sheets import SeriesService, StoredDeal, deal_row, played_at_table
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import SeriesInfo, Store


class DealMoved(StoreError):
    """The series got another deal (from another window or program) since the form was
    filled in: the game was not stored, the form shows the new deal."""


@dataclass(frozen=True)
class EveningTable:
    """One table of the evening: its players in seat order and who deals first."""

    names: tuple[str, ...]
    first_dealer: int = 0


def name_key(name: str) -> str:
    """How two spellings of one player's name compare ("anna " is Anna)."""
    return " ".join(name.split()).casefold()


def create_evening(
    store: Store,
    titles: Sequence[str],
    date: str,
    place: str,
    profile: RuleProfile,
    tables: Sequence[EveningTable],
    planned_deals: int | None = None,
    stake_cents: float = 0.0,
) -> list[int]:
    """Create one series per table (all of them or, on any refusal, none); returns their
    ids. A name the club knows in another spelling ("anna") is that player; a new name
    becomes a new player, as ``db create-series`` does."""
    if len(titles) != len(tables) or not tables:
        raise StoreError("an evening needs a title for each of its tables")
    seen: dict[str, int] = {}
    for number, table in enumerate(tables, 1):
        for name in table.names:
            key = name_key(name)
            if not key:
                raise StoreError("every seat needs a player's name")
            if key in seen:
                raise StoreError(f"{name.strip()!r} cannot play at two seats of the evening")
            seen[key] = number
    known = {name_key(p["name"]): p["name"] for p in store.players()}
    ids: list[int] = []
    with store.transaction():
        for title, table in zip(titles, tables, strict=True):
            players = [
                store.ensure_player(known.get(name_key(n), " ".join(n.split())))
                for n in table.names
            ]
            ids.append(
                store.create_series(
                    title,
                    date,
                    players,
                    profile,
                    planned_deals=planned_deals,
                    place=place,
                    first_dealer=table.first_dealer,
                    stake_cents=stake_cents,
                    source="entered",  # games of a real table
                )
            )
    return ids


def rename_player(store: Store, player_id: int, new_name: str) -> None:
    """Rename a player; refuses a name another player has in any spelling ("anna" while
    Anna plays): an evening takes both for one (:func:`name_key`), so one's games could
    land on the other's account. A player may change the spelling of his own name."""
    name = " ".join(new_name.split())
    with store.transaction():  # checked under the write lock: no one adds it meanwhile
        for p in store.players():
            if p["id"] != player_id and name_key(p["name"]) == name_key(name):
                raise StoreError(f"there is already a player called {p['name']!r}")
        store.rename_player(player_id, name)


def mark_guest(store: Store, player_id: int, guest: bool) -> None:
    """Mark a person as a guest of the club (or a member again); a computer player is
    neither, and is refused."""
    with store.transaction():
        kind = next((p["kind"] for p in store.players() if p["id"] == player_id), None)
        if kind == "computer":
            raise StoreError(f"{store.player_name(player_id)} is a computer player, not a guest")
        store.set_guest(player_id, guest)


@dataclass(frozen=True)
class EntryContext:
    """What the entry form needs to know about the deal it enters or corrects."""

    info: SeriesInfo
    number: int  # the deal entered next, or the deal corrected
    dealer: int  # table seat
    bock: bool
    ramsch_round: bool
    deals: int  # deals stored so far
    finished: bool  # every planned deal is stored
    entry: dict[str, Any] | None = None  # a corrected deal's entry in effect
    correcting: bool = False
    # a table of the program plays the series (saved for later): it stores the next deal,
    # none is typed (a correction is still made here)
    at_table: bool = False

    @property
    def seats(self) -> tuple[int, int, int]:
        """Table seats of forehand, middlehand and rearhand: the players of this deal."""
        return active_seats(self.info.table_size, self.dealer)

    @property
    def sits_out(self) -> int | None:
        """The dealer's seat at a table of four (he sits out), else ``None``."""
        return self.dealer if self.info.table_size > 3 else None


def context_of(svc: SeriesService, number: int | None = None) -> EntryContext:
    """The context of the next deal of ``svc``'s series, or of its stored deal ``number``."""
    if number is None:
        dealer, bock, ramsch_round = svc.next_context()
        return EntryContext(
            svc.info,
            svc.next_number,
            dealer,
            bock,
            ramsch_round,
            len(svc.deals),
            svc.series.finished,
            at_table=played_at_table(svc.store, svc.info.id),
        )
    deal = next((d for d in svc.deals if d.number == number), None)
    if deal is None:
        raise StoreError(f"series {svc.info.id} has no deal {number}")
    return EntryContext(
        svc.info,
        number,
        deal.sheet.dealer,
        deal.sheet.bock,
        deal.sheet.ramsch_round,
        len(svc.deals),
        svc.series.finished,
        entry=entry_in_effect(svc, deal),
        correcting=True,
    )


def read_context(store: Store, series_id: int, number: int | None = None) -> EntryContext:
    """:func:`context_of` a series read from ``store`` (a loader's thread)."""
    return context_of(SeriesService(store, series_id), number)


def _loaded(text: Any) -> dict[str, Any] | None:
    try:
        value = json.loads(text) if isinstance(text, str) else text
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def entry_in_effect(svc: SeriesService, deal: StoredDeal) -> dict[str, Any] | None:
    """The score-sheet entry a correction of ``deal`` starts from: its latest correction,
    else the entry it was stored with, else one read off its played result (a move log).
    ``None`` if none can be had (a deal that cannot be scored and has no entry)."""
    if deal.corrected:
        found = svc.store.corrections(deal_id=deal.deal_id)
        if found:
            return _loaded(found[-1]["new"])
    if deal.source == "entry":
        for row in svc.store.deal_sources(svc.info.id):
            if row["id"] == deal.deal_id:
                return _loaded(row["entry"])
    if deal.unreadable:
        return None
    return entry_of_result(svc, deal)


def entry_of_result(svc: SeriesService, deal: StoredDeal) -> dict[str, Any]:
    """The entry a played deal would have on a score sheet (as ``db add-game`` builds it)."""
    result, sheet = deal.result, deal.sheet
    n = svc.info.table_size
    if result.kind == "passed_in":
        return {"kind": "passed_in"}
    if result.kind == "ramsch":
        r = result.ramsch
        points, tricks = [0] * n, [0] * n
        for pos, seat in enumerate(sheet.seats):
            points[seat], tricks[seat] = r.points[pos], r.tricks[pos]
        return {
            "kind": "ramsch",
            "points": points,  # with the skat already added: the skat counts 0 here
            "tricks": tricks,
            "last_trick": None,  # not on the sheet: the form asks for it
            "skat_points": 0,
            "pushes": r.pushes,
            "later_trick": [],
        }
    g, k = result.game, result.contract
    row = deal_row(svc.info.profile, sheet, result, n)
    lose_as = g.null_lost_as.label if g.null_lost_as is not None else None
    counted = not k.is_null or lose_as is not None
    return {
        "kind": "game",
        "declarer": sheet.declarer,
        "contract": k.to_dict(),
        "bid": result.bid,
        "won": g.won,
        "with_matadors": bool(g.with_matadors) if counted else True,
        "matadors": g.matadors if counted else 1,
        "schneider": row.schneider,
        "schwarz": row.schwarz,
        "kontra": g.kontra,
        "lose_as": lose_as,
        "declarer_points": row.declarer_points,
    }


def add_entry(store: Store, series_id: int, number: int, entry: dict[str, Any]) -> EntryContext:
    """Store ``entry`` as deal ``number`` (as ``db add-game`` does) and return the context
    of the deal after it. :class:`DealMoved` if the series' next deal is another one,
    :class:`~skat_desktop.app.sheets.SeriesAtTable` if a table plays the series. The
    series is read and written under one lock: what it is checked against is what the
    game is written into."""
    with store.transaction():
        svc = SeriesService(store, series_id)
        if svc.next_number != number:
            raise DealMoved(
                f"deal {number} was entered elsewhere meanwhile; this game would be deal "
                f"{svc.next_number}: check it and enter it again"
            )
        svc.add_entry(entry)
        return context_of(svc)


def correct_entry(
    store: Store, series_id: int, number: int, author: str, reason: str, entry: dict[str, Any]
) -> EntryContext:
    """Correct deal ``number`` (as ``db correct`` does); returns its new context."""
    with store.transaction():  # the later deals it rewrites are the ones it read
        svc = SeriesService(store, series_id)
        svc.correct(number, author, reason, entry)
        return context_of(svc, number)


def check_unchanged(store: Store, shown: EntryContext) -> None:
    """Refuse (:class:`DealMoved`, nothing written) to store what was typed against
    ``shown`` when the series is no longer as it was read: another deal was entered, the
    deal is dealt by another seat or is now in a Bock or Ramsch round (a correction
    elsewhere), the series' players or rules are not the ones shown (a player was
    renamed, or a backup restored: the same seat may be another person), or -- for a
    correction -- another window or program corrected the deal meanwhile (storing would
    undo that correction unseen). Call it in the writing transaction."""
    svc = SeriesService(store, shown.info.id)
    info = svc.info
    if info.players != shown.info.players or info.profile != shown.info.profile:
        names = ", ".join(name for _, name in info.players)
        raise DealMoved(
            f"series {info.id} has other players or rules now (renamed, or a backup "
            f"restored): {names}; check the game and enter it again"
        )
    if shown.correcting:
        deal = next((d for d in svc.deals if d.number == shown.number), None)
        if deal is None:
            raise StoreError(f"series {info.id} has no deal {shown.number}")
        if entry_in_effect(svc, deal) != shown.entry:
            found = svc.store.corrections(deal_id=deal.deal_id)
            who = f" by {found[-1]['author']} ({found[-1]['reason']})" if found else ""
            raise DealMoved(
                f"deal {shown.number} was corrected meanwhile{who}; it is shown as it is "
                "now: make your correction again"
            )
        return
    if svc.next_number != shown.number:
        raise DealMoved(
            f"deal {shown.number} was entered elsewhere meanwhile; this game would be deal "
            f"{svc.next_number}: check it and enter it again"
        )
    if svc.next_context() != (shown.dealer, shown.bock, shown.ramsch_round):
        raise DealMoved(
            f"deal {shown.number} changed meanwhile (its dealer, a Bock or a Ramsch round, "
            "after a correction elsewhere): check it and enter it again"
        )
