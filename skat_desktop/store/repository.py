"""Reading and writing the records of the database: players, profiles, series, deals.

Each write that belongs together is one transaction; a finished deal is committed
the moment it is stored, so a killed process loses at most the deal in progress.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from skat_desktop.engine.profiles import BUILTIN, RuleProfile
from skat_desktop.store.database import (
    BUSY_MS,
    CorruptDatabase,
    FileId,
    StoreError,
    check_same_file,
    explain,
    file_id,
    is_outside,
    open_database,
)
from skat_desktop.store.faults import fail_point, kill_point
from skat_desktop.store.iss import unsafe_character


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _instant(text: str) -> datetime | None:
    """A stored time as an instant (one without a zone is UTC); None if unreadable."""
    try:
        when = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class SeriesClosed(StoreError):
    """The series is closed (signed); reopen it with a reason first."""


@dataclass(frozen=True)
class SeriesInfo:
    id: int
    title: str
    date: str
    place: str
    table_size: int
    profile: RuleProfile
    profile_id: int
    players: tuple[tuple[int, str], ...]  # (player id, name) by table seat
    planned_deals: int | None
    first_dealer: int
    stake_cents: float
    source: str
    closed: bool


@dataclass(frozen=True)
class DealRow:
    """One stored deal: how it ended plus its source of truth (move log or entry)."""

    number: int
    dealer: int
    kind: str  # "game", "ramsch", "passed_in"
    scores: tuple[int, ...]  # per table seat
    outcome: tuple[int, ...]  # per table seat: +1 won, -1 lost, 0 neither
    roles: tuple[str, ...]  # per table seat: declarer, defender, sitting_out, ramsch, passed
    seed: int | None = None
    declarer: int | None = None  # table seat
    game: str | None = None
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    bid: int = 0
    won: bool | None = None
    value: int = 0
    matadors: int = 0
    with_matadors: bool | None = None
    declarer_points: int | None = None
    declarer_tricks: int | None = None
    schneider: bool = False
    schwarz: bool = False
    overbid: bool = False
    kontra: int = 0
    bock: bool = False
    ramsch_round: bool = False
    bock_triggered: bool = False
    record: dict[str, Any] | None = None  # the engine's game record (played deals)
    entry: dict[str, Any] | None = None  # the score-sheet entry (games with real cards)


# What a player's name, a series' title and its place, its stake and its planned deals
# may be: the same limits as a series export's (app/exchange.py), so every series
# stored here can be exported and read in again, by this program or another copy.
MAX_NAME = 200  # characters of a player's name
MAX_TEXT = 10_000  # characters of a series' title or place
MAX_STAKE_CENTS = 10**9  # cents per point
MAX_PLANNED_DEALS = 500_000


def _checked_name(name: str) -> str:
    """A player's name without its surrounding spaces, or a one-line refusal."""
    name = name.strip()
    if not name:
        raise StoreError("a player needs a name")
    if len(name) > MAX_NAME:
        raise StoreError(
            f"a player's name has at most {MAX_NAME} characters", "name_long", most=MAX_NAME
        )
    bad = unsafe_character(name)
    if bad:
        raise StoreError(
            f"a player's name cannot hold the control character {bad}", "name_control", char=bad
        )
    return name


def _checked_series(title: str, place: str, stake_cents: float, planned: int | None) -> None:
    """Refuse, in one line, a series no export could carry (see ``MAX_NAME``)."""
    for what, text in (("title", title), ("place", place)):
        if len(text) > MAX_TEXT:
            raise StoreError(
                f"a series' {what} has at most {MAX_TEXT} characters", f"{what}_long", most=MAX_TEXT
            )
        bad = unsafe_character(text)
        if bad:
            raise StoreError(
                f"a series' {what} cannot hold the control character {bad}",
                f"{what}_control",
                char=bad,
            )
    if not title.strip():
        raise StoreError("a series needs a title", "title_empty")
    if (
        isinstance(stake_cents, bool)
        or not isinstance(stake_cents, int | float)
        or not 0 <= stake_cents <= MAX_STAKE_CENTS  # (not NaN either)
    ):
        raise StoreError(
            f"the stake must be a number from 0 to {MAX_STAKE_CENTS} cents",
            "stake_range",
            most=MAX_STAKE_CENTS,
        )
    if planned is not None and (
        isinstance(planned, bool)
        or not isinstance(planned, int)
        or not 0 < planned <= MAX_PLANNED_DEALS
    ):
        raise StoreError(
            f"the planned number of deals must be 1 to {MAX_PLANNED_DEALS}",
            "planned_range",
            most=MAX_PLANNED_DEALS,
        )


# Whose a table saved for later is: the snapshot's ``extra.kind`` says it (its owner's
# data, app/table.py ``live_extra``), "local" when there is none. A LAN host serving the
# user's own database keeps its tables there too: the window must not offer them, and
# the host must not take over the window's.
LIVE_LOCAL = "local"  # a table of this program's window
LIVE_HOSTED = "hosted"  # a table of a LAN host (net/hosted_table.py)


@dataclass(frozen=True)
class LiveTable:
    """A table saved for later (``live_tables``): what the "continue?" offer shows.

    ``stale`` says in one sentence why it cannot be continued (its series is closed or
    finished, or the database holds other deals of it than the table had), else None.
    ``state`` (the snapshot, which knows every card) is read by :meth:`Store.load_live`
    only, and never shown.
    """

    id: int
    series_id: int | None
    title: str
    players: tuple[str, ...]  # by table seat
    deal_number: int  # the deal in progress (or just finished); 0 before the first
    deals_done: int  # deals the table had on its sheet
    stored: int  # deals of its series in the database now
    planned_deals: int | None
    updated: str
    stale: str | None
    state: str = field(default="", repr=False)
    kind: str = LIVE_LOCAL  # LIVE_LOCAL or LIVE_HOSTED (or another owner's word)
    stale_code: str | None = None
    """``stale`` as a code for a window to word: ``no_series``, ``closed``, ``finished``,
    ``moved_on`` or ``missing``."""


_RESULT_COLUMNS = [
    "kind",
    "declarer",
    "game",
    "hand",
    "schneider_announced",
    "schwarz_announced",
    "ouvert",
    "bid",
    "won",
    "value",
    "matadors",
    "with_matadors",
    "declarer_points",
    "declarer_tricks",
    "schneider",
    "schwarz",
    "overbid",
    "kontra",
    "bock_triggered",
]


class Store:
    """The database of one club or one player. Not thread-safe: one per thread."""

    def __init__(self, db: Database):
        self.db = db
        self.conn: sqlite3.Connection = db.conn
        self._in_tx = False
        # the file as opened: a write checks that its name still leads there
        self._file = self.path
        self.file_id: FileId | None = None
        if self._file is not None:
            with suppress(OSError):
                self.file_id = file_id(self._file)

    @property
    def path(self) -> Path | None:
        """The file behind this store (``None`` for an in-memory database)."""
        for _, name, file in self.conn.execute("PRAGMA database_list"):
            if name == "main":
                return Path(file) if file else None
        return None

    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        read_only: bool = False,
        busy_ms: int = BUSY_MS,
        create: bool = True,
    ) -> Store:
        """Open the database; ``read_only`` for viewing (never takes the write lock),
        ``create`` False to refuse a missing file rather than start an empty one."""
        return cls(open_database(path, read_only=read_only, busy_ms=busy_ms, create=create))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self, *, durable: bool = True) -> Iterator[None]:
        """All or nothing; nested use joins the outer transaction.

        ``durable`` False commits without waiting for the disk (``synchronous=NORMAL``
        for this commit alone): it survives the program being killed, not a power cut.
        Only for scratch state rewritten at every move (the table in play), where the
        flush would be most of the cost; a later durable commit flushes it too."""
        if self._in_tx:
            yield
            return
        self.check_file()
        if not durable:
            self.conn.execute("PRAGMA synchronous=NORMAL")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            self._durable_again(durable)
            raise explain(e, self.path or "the database", "write") from None
        self._in_tx = True
        try:
            yield
            fail_point("write.commit")
        except sqlite3.OperationalError as e:
            with suppress(sqlite3.Error):  # SQLite may have rolled back already
                self.conn.execute("ROLLBACK")
            if is_outside(e):  # a full disk, say: one sentence, not SQLite's words
                raise explain(e, self.path or "the database", "write") from None
            raise
        except BaseException:
            with suppress(sqlite3.Error):  # SQLite may have rolled back already
                self.conn.execute("ROLLBACK")
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except sqlite3.OperationalError as e:
                with suppress(sqlite3.Error):
                    self.conn.execute("ROLLBACK")
                raise explain(e, self.path or "the database", "write") from None
            kill_point("write.committed")
            if durable:  # the table's snapshot at every move: the next durable commit
                self._empty_log()
        finally:
            self._in_tx = False
            self._durable_again(durable)

    def _empty_log(self) -> None:
        """After a commit: copy the write-ahead log into the file and empty it, waiting for
        no one (a reader in the way: copied as far as it allows, the rest next time).

        SQLite pairs a file with the log under its *name*. A log left there is applied to
        whatever file is put under that name next: a backup copied over the database while
        this store has it open would, at the next program to open it (``db``, a second
        window) or after this one is killed, silently get this file's pages.

        After durable commits only (a deal, an entry: three more flushes each): the
        snapshot the table commits at every move without a flush would pay them at every
        move, and its pages wait in the log for the deal's end."""
        with suppress(sqlite3.Error):  # the commit stands; the next one empties the log
            wait = self.conn.execute("PRAGMA busy_timeout").fetchone()[0]
            self.conn.execute("PRAGMA busy_timeout=0")
            try:
                self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                self.conn.execute(f"PRAGMA busy_timeout={int(wait)}")

    def check_file(self) -> None:
        """Refuse to write (``database_moved``) once the file's name no longer leads to
        the file this store opened: renamed, deleted or replaced meanwhile, SQLite would
        write on into the old file (:func:`~skat_desktop.store.database.check_same_file`).
        Every transaction checks it first."""
        if self._file is not None:
            check_same_file(self._file, self.file_id)

    def _durable_again(self, durable: bool) -> None:
        if not durable:
            with suppress(sqlite3.Error):  # the next commit flushes again
                self.conn.execute("PRAGMA synchronous=FULL")

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        cur = self.conn.execute(sql, params)
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]

    def _history_time(self, series_id: int) -> str:
        """The time of a new deal, correction or close/reopen of the series: now, but
        never before the latest time its history holds already (kept then). A clock set
        back (by hand, a flat clock battery, a time server's correction) would otherwise
        date a deal before the one it follows, and an import refuses a history out of
        time order: the series could be exported but never read in again."""
        stamp = now()
        latest = _instant(stamp)
        for (text,) in self.conn.execute(
            "SELECT created FROM series WHERE id = :s"
            " UNION ALL SELECT created FROM deals WHERE series_id = :s"
            " UNION ALL SELECT c.created FROM corrections c JOIN deals d ON d.id = c.deal_id"
            " WHERE d.series_id = :s"
            " UNION ALL SELECT created FROM series_events WHERE series_id = :s",
            {"s": series_id},
        ):
            when = _instant(text)
            if when is not None and latest is not None and when > latest:
                stamp, latest = text, when
        return stamp

    # ----------------------------------------------------------------- players

    def add_player(self, name: str, guest: bool = False, kind: str = "human") -> int:
        name = _checked_name(name)
        with self.transaction():  # checked under the write lock: no one adds it meanwhile
            if self.find_player(name) is not None:
                raise StoreError(f"there is already a player called {name!r}")
            cur = self.conn.execute(
                "INSERT INTO players (name, guest, kind, created) VALUES (?, ?, ?, ?)",
                (name, int(guest), kind, now()),
            )
        return cur.lastrowid

    def find_player(self, name: str) -> int | None:
        """The player of this name; "anna" or "ANNA " finds Anna (a club writes names as it
        pleases, and two players whose names differ only so would be one at the table)."""
        name = " ".join(name.split())
        row = self.conn.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        if row:
            return row[0]
        key = name.casefold()
        for pid, other in self.conn.execute("SELECT id, name FROM players ORDER BY id"):
            if " ".join(str(other).split()).casefold() == key:
                return pid
        return None

    def ensure_player(self, name: str, kind: str = "human") -> int:
        """The player of this name, added if there is none yet; asked again under the
        write lock before adding, so two programs adding one new name get one player."""
        found = self.find_player(name)
        if found is not None:
            return found
        with self.transaction():
            found = self.find_player(name)
            return found if found is not None else self.add_player(name, kind=kind)

    def players(self) -> list[dict[str, Any]]:
        return self.query("SELECT id, name, guest, kind, created FROM players ORDER BY name")

    def player_name(self, player_id: int) -> str:
        row = self.conn.execute("SELECT name FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no player {player_id}")
        return row[0]

    def rename_player(self, player_id: int, new_name: str) -> None:
        """Give a player another name; every sheet he sat at shows it (the seats hold his
        id). Refuses an empty name and one another player has, changing nothing."""
        name = _checked_name(new_name)
        with self.transaction():  # checked under the write lock: no one adds it meanwhile
            if self.player_name(player_id) == name:
                return  # nothing to change
            other = self.find_player(name)
            if other is not None and other != player_id:
                raise StoreError(f"there is already a player called {name!r}")
            self.conn.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))

    def set_guest(self, player_id: int, guest: bool) -> None:
        """Mark a player as a guest of the club (``True``) or as a member (``False``)."""
        with self.transaction():
            self.player_name(player_id)  # there is no such player: one line, nothing written
            kind = self.conn.execute(
                "SELECT kind FROM players WHERE id = ?", (player_id,)
            ).fetchone()[0]
            if kind == "computer" and guest:
                raise StoreError("a computer player is no guest of the club")
            self.conn.execute(
                "UPDATE players SET guest = ? WHERE id = ?", (int(bool(guest)), player_id)
            )

    # ---------------------------------------------------------------- profiles

    def save_profile(self, profile: RuleProfile) -> int:
        """Store a profile (built-in or user copy) and return its id; same name, same rules."""
        options = json.dumps(profile.to_dict(), sort_keys=True)
        if profile.name in BUILTIN and BUILTIN[profile.name] != profile:
            raise StoreError(
                f"{profile.name!r} is a built-in rule profile; give the copy a new name",
                "profile_builtin",
                name=profile.name,
            )
        row = self.conn.execute(
            "SELECT id, options FROM profiles WHERE name = ?", (profile.name,)
        ).fetchone()
        if row is not None:
            if row[1] != options:
                raise StoreError(
                    f"a rule profile named {profile.name!r} with other options exists; "
                    "give the copy a new name",
                    "profile_clash",
                    name=profile.name,
                )
            return row[0]
        with self.transaction():
            cur = self.conn.execute(
                "INSERT INTO profiles (name, title, builtin, options, created) VALUES (?,?,?,?,?)",
                (
                    profile.name,
                    profile.title,
                    int(BUILTIN.get(profile.name) == profile),
                    options,
                    now(),
                ),
            )
        return cur.lastrowid

    def profile(self, profile_id: int) -> RuleProfile:
        """A stored profile by id; :class:`CorruptDatabase` (one line) if its row is damaged."""
        row = self.conn.execute(
            "SELECT name, options FROM profiles WHERE id = ?", (profile_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"there is no rule profile {profile_id}")
        return self._stored_profile(row[0], row[1])

    def find_profile(self, name: str) -> RuleProfile | None:
        """A stored profile (a user copy, or a built-in one used before) by name."""
        row = self.conn.execute(
            "SELECT name, options FROM profiles WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else self._stored_profile(row[0], row[1])

    @staticmethod
    def _stored_profile(name: str, options: str) -> RuleProfile:
        try:
            return Store.profile_from_options(name, options)
        except ValueError as e:
            raise CorruptDatabase(
                f"rule profile {name!r} in the database is damaged: {e};"
                " run 'skat-desktop db check'"
            ) from None

    @staticmethod
    def profile_from_options(name: str, options: str) -> RuleProfile:
        """The profile a ``profiles`` row stores; ``ValueError`` saying what is wrong with a
        row another program (or damage) changed, so no caller meets a JSON or type error."""
        try:
            data = json.loads(options)
            if not isinstance(data, dict):
                raise ValueError("its options are not a set of rule options")
            profile = RuleProfile.from_dict(data)
        except (ValueError, TypeError, AttributeError, KeyError, RecursionError) as e:
            if isinstance(e, json.JSONDecodeError):
                raise ValueError("its options are not JSON") from None
            if isinstance(e, RecursionError):
                raise ValueError("its options are nested too deeply") from None
            text = " ".join(str(e).split())[:200] or type(e).__name__
            if not isinstance(e, ValueError):
                text = f"an option has the wrong type ({text})"
            raise ValueError(text) from None
        if profile.name != name:
            raise ValueError(f"its options are those of the profile {profile.name!r}")
        return profile

    def profiles(self) -> list[dict[str, Any]]:
        return self.query("SELECT id, name, title, builtin FROM profiles ORDER BY id")

    # ------------------------------------------------------------------ series

    def create_series(
        self,
        title: str,
        date: str,
        player_ids: Sequence[int],
        profile: RuleProfile,
        planned_deals: int | None = None,
        place: str = "",
        first_dealer: int = 0,
        stake_cents: float = 0.0,
        source: str = "played",
    ) -> int:
        n = len(player_ids)
        if n not in profile.table_sizes or n not in (3, 4):
            raise StoreError(f"a series under {profile.title} needs 3 or 4 players, not {n}")
        if len(set(player_ids)) != n:
            raise StoreError("a player cannot sit at the table twice")
        if not 0 <= first_dealer < n:
            raise StoreError("the first dealer must be one of the players")
        _checked_series(title, place, stake_cents, planned_deals)
        _check_date(date)
        with self.transaction():
            profile_id = self.save_profile(profile)
            cur = self.conn.execute(
                "INSERT INTO series (title, date, place, table_size, profile_id, planned_deals,"
                " first_dealer, stake_cents, source, closed, created)"
                " VALUES (?,?,?,?,?,?,?,?,?,0,?)",
                (
                    title,
                    date,
                    place,
                    n,
                    profile_id,
                    planned_deals,
                    first_dealer,
                    stake_cents,
                    source,
                    now(),
                ),
            )
            sid = cur.lastrowid
            for seat, pid in enumerate(player_ids):
                self.conn.execute(
                    "INSERT INTO series_seats (series_id, seat, player_id) VALUES (?,?,?)",
                    (sid, seat, pid),
                )
        return sid

    def series(self, series_id: int) -> SeriesInfo:
        rows = self.query("SELECT * FROM series WHERE id = ?", (series_id,))
        if not rows:
            raise StoreError(f"there is no series {series_id}")
        r = rows[0]
        seats = self.conn.execute(
            "SELECT s.player_id, p.name FROM series_seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.series_id = ? ORDER BY s.seat",
            (series_id,),
        ).fetchall()
        return SeriesInfo(
            id=r["id"],
            title=r["title"],
            date=r["date"],
            place=r["place"],
            table_size=r["table_size"],
            profile=self.profile(r["profile_id"]),
            profile_id=r["profile_id"],
            players=tuple((a, b) for a, b in seats),
            planned_deals=r["planned_deals"],
            first_dealer=r["first_dealer"],
            stake_cents=r["stake_cents"],
            source=r["source"],
            closed=bool(r["closed"]),
        )

    def list_series(
        self, date_from: str | None = None, date_to: str | None = None
    ) -> list[dict[str, Any]]:
        sql = "SELECT id, title, date, place, table_size, closed, source FROM series"
        where, params = _date_filter("date", date_from, date_to)
        return self.query(sql + where + " ORDER BY date, id", params)

    def series_started(self, series_ids: Sequence[int]) -> dict[int, str]:
        """When each of ``series_ids`` was created (its stored UTC time), by id."""
        ids = sorted({int(i) for i in series_ids})
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.query(f"SELECT id, created FROM series WHERE id IN ({marks})", ids)
        return {r["id"]: r["created"] for r in rows if r["created"]}

    def series_overview(self, series_id: int | None = None) -> list[dict[str, Any]]:
        """Every series (or only ``series_id``), newest first, with what a list of score
        sheets shows, in one query (a club keeps thousands): the rule profile's ``profile``
        name, ``profile_title`` and ``profile_builtin``, the ``players``' names by seat, the
        ``deals`` stored, and ``origin``: "program" (played here: move logs, a table in
        play, self-play or LAN), "entered" (from real tables: score-sheet entries),
        "imported", or "" while nothing says (no deal yet)."""
        live = (
            "EXISTS (SELECT 1 FROM live_tables l WHERE l.series_id = s.id)"
            if self._has_live_tables()
            else "0"
        )
        rows = self.query(
            "SELECT s.id, s.title, s.date, s.place, s.table_size, s.planned_deals,"
            " s.stake_cents, s.source, s.closed, s.created,"
            " p.name AS profile, p.title AS profile_title, p.builtin AS profile_builtin,"
            " (SELECT count(*) FROM deals d WHERE d.series_id = s.id) AS deals,"
            # the first deal says how the series is kept: a move log or an entry
            " (SELECT d.record IS NOT NULL FROM deals d WHERE d.series_id = s.id"
            "  ORDER BY d.number LIMIT 1) AS recorded,"
            f" {live} AS live,"
            " (SELECT json_group_array(name) FROM (SELECT pl.name FROM series_seats ss"
            "  JOIN players pl ON pl.id = ss.player_id WHERE ss.series_id = s.id"
            "  ORDER BY ss.seat)) AS players"
            " FROM series s JOIN profiles p ON p.id = s.profile_id"
            + (" WHERE s.id = ?" if series_id is not None else "")
            + " ORDER BY s.date DESC, s.id DESC",
            (series_id,) if series_id is not None else (),
        )
        for r in rows:
            recorded, live_table = r.pop("recorded"), r.pop("live")
            if r["source"] == "imported":
                r["origin"] = "imported"
            elif recorded or live_table or r["source"] in ("selfplay", "lan"):
                r["origin"] = "program"
            elif recorded is not None or r["source"] == "entered":
                r["origin"] = "entered"
            else:
                r["origin"] = ""
            try:
                names = json.loads(r["players"])
            except (TypeError, ValueError):
                names = []
            r["players"] = [str(n) for n in names] if isinstance(names, list) else []
            r["closed"] = bool(r["closed"])
            r["profile_builtin"] = bool(r["profile_builtin"])
        return rows

    def _set_closed(self, series_id: int, closed: bool, author: str, reason: str) -> None:
        if not author.strip():
            raise StoreError("say who closes or reopens the series")
        if not closed and not reason.strip():
            raise StoreError("reopening a closed series needs a reason")
        with self.transaction():  # seen under the write lock: two reopens never both count
            if self.series(series_id).closed == closed:
                state = "closed" if closed else "open"
                raise StoreError(f"series {series_id} is already {state}")
            self.conn.execute("UPDATE series SET closed = ? WHERE id = ?", (int(closed), series_id))
            self.conn.execute(
                "INSERT INTO series_events (series_id, action, author, reason, created)"
                " VALUES (?,?,?,?,?)",
                (
                    series_id,
                    "close" if closed else "reopen",
                    author,
                    reason,
                    self._history_time(series_id),
                ),
            )

    def close_series(self, series_id: int, author: str, reason: str = "signed") -> None:
        self._set_closed(series_id, True, author, reason)

    def reopen_series(self, series_id: int, author: str, reason: str) -> None:
        self._set_closed(series_id, False, author, reason)

    def series_events(self, series_id: int) -> list[dict[str, Any]]:
        return self.query(
            "SELECT action, author, reason, created FROM series_events WHERE series_id = ?"
            " ORDER BY id",
            (series_id,),
        )

    # ------------------------------------------------------------------- deals

    def add_deal(self, series_id: int, row: DealRow) -> int:
        """Store one finished deal with its per-seat scores, in one transaction (which
        also sees whether the series is still open: another program may close it)."""
        with self.transaction():
            info = self.series(series_id)
            if info.closed:
                raise SeriesClosed(f"series {series_id} is closed; reopen it with a reason first")
            n = info.table_size
            if not (len(row.scores) == len(row.outcome) == len(row.roles) == n):
                raise StoreError(f"a deal at this table needs {n} scores")
            expected = self.conn.execute(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM deals WHERE series_id = ?", (series_id,)
            ).fetchone()[0]
            if row.number != expected:
                raise StoreError(f"deal {row.number} is out of order: deal {expected} comes next")
            cur = self.conn.execute(
                "INSERT INTO deals (series_id, number, dealer, seed, bock, ramsch_round, record,"
                " entry, created) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    series_id,
                    row.number,
                    row.dealer,
                    row.seed,
                    int(row.bock),
                    int(row.ramsch_round),
                    _json(row.record),
                    _json(row.entry),
                    self._history_time(series_id),
                ),
            )
            deal_id = cur.lastrowid
            self._write_result(deal_id, info, row, corrected=False)
        return deal_id

    def _write_result(self, deal_id: int, info: SeriesInfo, row: DealRow, corrected: bool) -> None:
        """(Re)write the derived, effective outcome of a deal and its per-seat scores."""
        values = [getattr(row, c) for c in _RESULT_COLUMNS]
        values = [int(v) if isinstance(v, bool) else v for v in values]
        self.conn.execute(
            f"INSERT OR REPLACE INTO deal_results (deal_id, {', '.join(_RESULT_COLUMNS)},"
            f" corrected) VALUES (?, {', '.join('?' * len(_RESULT_COLUMNS))}, ?)",
            (deal_id, *values, int(corrected)),
        )
        self._write_scores(deal_id, info, row)

    def _write_scores(self, deal_id: int, info: SeriesInfo, row: DealRow) -> None:
        self.conn.execute("DELETE FROM deal_scores WHERE deal_id = ?", (deal_id,))
        self.conn.executemany(
            "INSERT INTO deal_scores (deal_id, seat, player_id, role, score, outcome)"
            " VALUES (?,?,?,?,?,?)",
            [
                (
                    deal_id,
                    seat,
                    info.players[seat][0],
                    row.roles[seat],
                    row.scores[seat],
                    row.outcome[seat],
                )
                for seat in range(info.table_size)
            ],
        )

    def deal_rows(self, series_id: int) -> list[dict[str, Any]]:
        """The deals of a series: source (record or entry) plus the effective result."""
        return self.query(
            "SELECT d.*, r.* FROM deals d JOIN deal_results r ON r.deal_id = d.id"
            " WHERE d.series_id = ? ORDER BY d.number",
            (series_id,),
        )

    def deal_sources(self, series_id: int) -> list[dict[str, Any]]:
        """The deals of a series with their sources of truth only (no derived rows), so a
        deal whose derived rows are missing or wrong is still read, replayed and checked."""
        return self.query(
            "SELECT id, number, dealer, seed, bock, ramsch_round, record, entry FROM deals"
            " WHERE series_id = ? ORDER BY number",
            (series_id,),
        )

    def deals_stored(self, series_id: int) -> int:
        """How many deals of the series the database holds."""
        sql = "SELECT COUNT(*) FROM deals WHERE series_id = ?"
        return self.conn.execute(sql, (series_id,)).fetchone()[0]

    def deal_record_text(self, series_id: int, number: int) -> str | None:
        """The stored record (JSON) of deal ``number`` of the series, or ``None``."""
        row = self.conn.execute(
            "SELECT record FROM deals WHERE series_id = ? AND number = ?", (series_id, number)
        ).fetchone()
        return row[0] if row is not None else None

    def deal_result(self, deal_id: int) -> dict[str, Any] | None:
        """The stored derived outcome of a deal, or ``None`` if it has none."""
        rows = self.query("SELECT * FROM deal_results WHERE deal_id = ?", (deal_id,))
        return rows[0] if rows else None

    def deal(self, deal_id: int) -> dict[str, Any]:
        rows = self.query(
            "SELECT d.*, r.* FROM deals d JOIN deal_results r ON r.deal_id = d.id WHERE d.id = ?",
            (deal_id,),
        )
        if not rows:
            raise StoreError(f"there is no deal {deal_id}")
        return rows[0]

    def scores(self, series_id: int) -> list[dict[str, Any]]:
        """Effective per-seat scores (after corrections) of every deal of a series."""
        return self.query(
            "SELECT d.number, s.seat, s.player_id, s.role, s.score, s.outcome FROM deal_scores s"
            " JOIN deals d ON d.id = s.deal_id WHERE d.series_id = ? ORDER BY d.number, s.seat",
            (series_id,),
        )

    # ------------------------------------------------------------- corrections

    def add_correction(
        self,
        deal_id: int,
        author: str,
        reason: str,
        old: dict[str, Any],
        new: dict[str, Any],
        row: DealRow,
    ) -> int:
        """Record a correction (who, when, why, old and new) and the deal's new scores."""
        return self.correct_deal(deal_id, author, reason, old, new, [(deal_id, row, True)])

    def correct_deal(
        self,
        deal_id: int,
        author: str,
        reason: str,
        old: dict[str, Any],
        new: dict[str, Any],
        rewrite: Sequence[tuple[int, DealRow, bool]],
    ) -> int:
        """Record a correction and rewrite the derived rows it changes — the corrected
        deal's and those of later deals whose Bock marks move — in one transaction.

        Unlike :meth:`add_correction` this needs no derived row of the deal, so a deal
        that could not be scored (no or wrong derived rows) can be corrected too.
        ``rewrite`` holds (deal id, row, corrected?) of the deals to rewrite."""
        if not author.strip() or not reason.strip():
            raise StoreError("a correction needs the name of who makes it and a reason")
        with self.transaction():  # open or signed: seen under the write lock
            found = self.conn.execute("SELECT series_id FROM deals WHERE id = ?", (deal_id,))
            row = found.fetchone()
            if row is None:
                raise StoreError(f"there is no deal {deal_id}")
            info = self.series(row[0])
            if info.closed:
                raise SeriesClosed(f"series {info.id} is closed; reopen it with a reason first")
            cur = self.conn.execute(
                "INSERT INTO corrections (deal_id, author, reason, old, new, created)"
                " VALUES (?,?,?,?,?,?)",
                (deal_id, author, reason, _json(old), _json(new), self._history_time(info.id)),
            )
            for other, deal_row, corrected in rewrite:
                self._write_result(other, info, deal_row, corrected=corrected)
        return cur.lastrowid

    def rewrite_derived(
        self, info: SeriesInfo, rewrite: Sequence[tuple[int, DealRow, bool]]
    ) -> None:
        """Rewrite derived rows (``deal_results``, ``deal_scores``) from their sources:
        the repair of ``db check --repair``. History tables are not touched."""
        with self.transaction():
            for deal_id, row, corrected in rewrite:
                self._write_result(deal_id, info, row, corrected=corrected)

    def drop_orphan_derived(self) -> int:
        """Delete derived rows whose deal does not exist; returns how many."""
        with self.transaction():
            n = self.conn.execute(
                "DELETE FROM deal_scores WHERE deal_id NOT IN (SELECT id FROM deals)"
            ).rowcount
            n += self.conn.execute(
                "DELETE FROM deal_results WHERE deal_id NOT IN (SELECT id FROM deals)"
            ).rowcount
        return n

    def corrections(
        self, deal_id: int | None = None, series_id: int | None = None
    ) -> list[dict[str, Any]]:
        sql = (
            "SELECT c.id, c.deal_id, d.number, c.author, c.reason, c.old, c.new, c.created"
            " FROM corrections c JOIN deals d ON d.id = c.deal_id"
        )
        if deal_id is not None:
            return self.query(sql + " WHERE c.deal_id = ? ORDER BY c.id", (deal_id,))
        if series_id is not None:
            return self.query(sql + " WHERE d.series_id = ? ORDER BY c.id", (series_id,))
        return self.query(sql + " ORDER BY c.id")

    # ------------------------------------------------------------- live tables

    def save_live(
        self, series_id: int | None, state: str, *, deal_number: int, deals_done: int
    ) -> int:
        """Keep the table in play (its JSON snapshot) for a later start; returns the row's
        id. A series has one row, rewritten in place: this is scratch state, not history.
        Joins the caller's transaction, so it commits together with the deal it follows."""
        if not isinstance(state, str) or not state:
            raise StoreError("a table saved for later needs its state")
        if deal_number < 0 or deals_done < 0:
            raise StoreError("a table saved for later needs a deal number of 0 or more")
        if (
            series_id is not None
            and self.conn.execute("SELECT 1 FROM series WHERE id = ?", (series_id,)).fetchone()
            is None
        ):
            raise StoreError(f"there is no series {series_id}")
        with self.transaction():
            if series_id is None:
                cur = self.conn.execute(
                    "INSERT INTO live_tables (series_id, deal_number, deals_done, state,"
                    " updated) VALUES (NULL, ?, ?, ?, ?)",
                    (deal_number, deals_done, state, now()),
                )
                return cur.lastrowid
            self.conn.execute(
                "INSERT INTO live_tables (series_id, deal_number, deals_done, state, updated)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (series_id) DO UPDATE SET"
                " deal_number = excluded.deal_number, deals_done = excluded.deals_done,"
                " state = excluded.state, updated = excluded.updated",
                (series_id, deal_number, deals_done, state, now()),
            )
            row = self.conn.execute(
                "SELECT id FROM live_tables WHERE series_id = ?", (series_id,)
            ).fetchone()
        return row[0]

    def _has_live_tables(self) -> bool:
        """False in a file of an older version opened read-only (not migrated)."""
        found = self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'live_tables'"
        )
        return found.fetchone() is not None

    def _live(self, where: str, params: Sequence[Any], state: bool) -> list[LiveTable]:
        if not self._has_live_tables():
            return []
        rows = self.query(
            "SELECT * FROM (SELECT l.id, l.series_id, l.deal_number, l.deals_done, l.updated,"
            + (" l.state," if state else "")
            + " s.id AS found, s.title, s.planned_deals, s.closed,"
            " (SELECT COUNT(*) FROM deals d WHERE d.series_id = l.series_id) AS stored,"
            f" {_LIVE_KIND} AS kind"
            " FROM live_tables l LEFT JOIN series s ON s.id = l.series_id)"
            + where
            + " ORDER BY updated DESC, id DESC",
            params,
        )
        out = []
        for r in rows:
            names = self.conn.execute(
                "SELECT p.name FROM series_seats s JOIN players p ON p.id = s.player_id"
                " WHERE s.series_id = ? ORDER BY s.seat",
                (r["series_id"],),
            ).fetchall()
            out.append(
                LiveTable(
                    id=r["id"],
                    series_id=r["series_id"],
                    title=r["title"] or "",
                    players=tuple(n for (n,) in names),
                    deal_number=r["deal_number"],
                    deals_done=r["deals_done"],
                    stored=r["stored"],
                    planned_deals=r["planned_deals"],
                    updated=r["updated"],
                    stale=_live_stale(r),
                    stale_code=_live_stale_code(r),
                    state=r.get("state") or "",
                    kind=r["kind"],
                )
            )
        return out

    def live_tables(self, kind: str | None = LIVE_LOCAL) -> list[LiveTable]:
        """The tables saved for later of ``kind`` (None: of every kind), the latest first
        (without their states). By default the window's own: a LAN host's tables in the
        same database are not offered to continue in the window."""
        if kind is None:
            return self._live("", (), state=False)
        return self._live(" WHERE kind = ?", (kind,), state=False)

    def load_live(self, live_id: int) -> LiveTable:
        """One table saved for later with its state; :class:`StoreError` if there is none."""
        found = self._live(" WHERE id = ?", (live_id,), state=True)
        if not found:
            raise StoreError(f"there is no table saved for later with the number {live_id}")
        return found[0]

    def drop_live(self, live_id: int) -> bool:
        """Forget a table saved for later; False if there was none."""
        if not self._has_live_tables():
            return False
        with self.transaction():
            cur = self.conn.execute("DELETE FROM live_tables WHERE id = ?", (live_id,))
        return cur.rowcount > 0

    def drop_series_live(self, series_id: int) -> bool:
        """Forget the table saved for later of a series (it ended or was given up); joins
        the caller's transaction, so it goes with the series' last deal."""
        with self.transaction():
            cur = self.conn.execute("DELETE FROM live_tables WHERE series_id = ?", (series_id,))
        return cur.rowcount > 0


# The kind of a live row, from its snapshot (a damaged one counts as the window's: it is
# offered, and refused there with its reason, rather than hidden).
_LIVE_KIND = (
    "COALESCE(CASE WHEN json_valid(l.state) THEN CASE"
    " WHEN json_type(l.state, '$.extra.kind') = 'text' THEN json_extract(l.state, '$.extra.kind')"
    f" END END, '{LIVE_LOCAL}')"
)


def _live_stale(r: dict[str, Any]) -> str | None:
    """Why a saved table cannot be continued (one sentence), or None."""
    why = _live_staleness(r)
    return None if why is None else why[1]


def _live_stale_code(r: dict[str, Any]) -> str | None:
    """:attr:`LiveTable.stale_code`: the reason of :func:`_live_stale` as a code."""
    why = _live_staleness(r)
    return None if why is None else why[0]


def _live_staleness(r: dict[str, Any]) -> tuple[str, str] | None:
    """Why a saved table cannot be continued: (code, sentence), or None."""
    done, stored, planned = r["deals_done"], r["stored"], r["planned_deals"]
    if r["found"] is None:
        return "no_series", "it belongs to no stored series"
    if r["closed"]:
        return "closed", f"series {r['series_id']} is closed"
    if planned is not None and stored >= planned:
        return "finished", f"series {r['series_id']} is finished"
    if stored > done:
        return "moved_on", (
            f"series {r['series_id']} has moved on: the database holds {stored} deals,"
            f" the saved table knew {done}"
        )
    if stored < done:
        return "missing", (
            f"deals of series {r['series_id']} are missing: the database holds {stored},"
            f" the saved table had {done}"
        )
    return None


def derived_values(
    info: SeriesInfo, row: DealRow, corrected: bool
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The ``deal_results`` values and ``deal_scores`` rows :meth:`Store._write_result`
    writes for ``row``: what ``db check`` compares the stored rows with."""
    result = {c: getattr(row, c) for c in _RESULT_COLUMNS}
    result = {k: int(v) if isinstance(v, bool) else v for k, v in result.items()}
    result["corrected"] = int(corrected)
    scores = [
        {
            "seat": seat,
            "player_id": info.players[seat][0],
            "role": row.roles[seat],
            "score": row.scores[seat],
            "outcome": row.outcome[seat],
        }
        for seat in range(info.table_size)
    ]
    return result, scores


def _json(v: Any) -> str | None:
    return None if v is None else json.dumps(v, separators=(",", ":"), sort_keys=True)


def _check_date(date: str) -> None:
    try:
        datetime.strptime(date, "%Y-%m-%d")
    except ValueError:
        raise StoreError(f"{date!r} is not a date (YYYY-MM-DD)") from None


def _date_filter(column: str, date_from: str | None, date_to: str | None) -> tuple[str, list[str]]:
    clauses, params = [], []
    if date_from:
        _check_date(date_from)
        clauses.append(f"{column} >= ?")
        params.append(date_from)
    if date_to:
        _check_date(date_to)
        clauses.append(f"{column} <= ?")
        params.append(date_to)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params
