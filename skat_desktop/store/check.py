"""The SQL of ``db check``: SQLite's own checks, our marks and the structural invariants.

Everything here but :func:`rewrite_profile_options` (``--repair``) only reads, so it
runs on a read-only connection (a locked or read-only file can be checked). Comparing
the derived rows with what the engine makes of the sources is
:mod:`skat_desktop.app.check`'s part; the rows it compares come from
:func:`stored_results` and :func:`stored_scores`.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from skat_desktop.store.iss import unsafe_character
from skat_desktop.store.repository import MAX_NAME, MAX_PLANNED_DEALS, MAX_STAKE_CENTS
from skat_desktop.store.schema import APPLICATION_ID, KNOWN, MIGRATION_SET

MAX_LISTED = 100  # per kind of problem: enough to act on, bounded for a wrecked file

# The guards that keep history append-only (store/schema.py).
APPEND_ONLY_TRIGGERS = tuple(
    f"{table}_append_only_{op}"
    for table in ("deals", "corrections", "series_events")
    for op in ("update", "delete")
)


@dataclass(frozen=True)
class Problem:
    """One thing ``db check`` found, in one sentence.

    ``repairable`` marks a derived row the sources can rewrite (``db check --repair``)."""

    text: str
    series: int | None = None
    deal: int | None = None  # the deal's number in its series
    repairable: bool = False
    damage: bool = False  # the file itself is damaged: nothing may be written into it

    def line(self) -> str:
        where = []
        if self.series is not None:
            where.append(f"series {self.series}")
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        return f"{' '.join(where)}: {self.text}" if where else self.text


def integrity(conn: sqlite3.Connection, limit: int = MAX_LISTED) -> list[Problem]:
    """SQLite's full integrity check (every page, every index entry)."""
    rows = conn.execute(f"PRAGMA integrity_check({int(limit)})").fetchall()
    return [Problem(f"SQLite: {r[0]}", damage=True) for r in rows if r[0] != "ok"]


def foreign_keys(conn: sqlite3.Connection, limit: int = MAX_LISTED) -> list[Problem]:
    """Rows that point to rows that do not exist (foreign keys are checked even when
    the connection does not enforce them)."""
    problems: list[Problem] = []
    extra = 0
    for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
        if len(problems) < limit:
            problems.append(Problem(f"row {rowid} of {table} points to a missing {parent} row"))
        else:
            extra += 1
    if extra:
        problems.append(Problem(f"... and {extra} more rows that point to missing rows"))
    return problems


def marks(conn: sqlite3.Connection) -> list[Problem]:
    """Our own marks: application id, schema version, schema steps, append-only guards."""
    problems = []
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id != APPLICATION_ID:
        problems.append(
            Problem(
                f"the file lacks skat-desktop's mark (application_id {app_id});"
                " opening it once with the program adds it"
            )
        )
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version != len(KNOWN):
        problems.append(
            Problem(
                f"the schema version is {version}, this program writes {len(KNOWN)};"
                " opening it once with the program updates it"
            )
        )
    done = {
        r[0]
        for r in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (MIGRATION_SET,)
        )
    }
    for step in KNOWN:
        if step not in done:
            problems.append(Problem(f"the schema step {step} is missing"))
    triggers = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'")}
    for name in APPEND_ONLY_TRIGGERS:
        if name not in triggers:
            problems.append(Problem(f"the guard {name} is missing: history could be changed"))
    return problems


def _missing(numbers: list[int]) -> str:
    have = set(numbers)
    gone = [n for n in range(1, max(numbers) + 1) if n not in have]
    shown = ", ".join(map(str, gone[:10])) + (", ..." if len(gone) > 10 else "")
    return f"missing {shown}" if gone else "numbers below 1"


def structure(conn: sqlite3.Connection, limit: int = MAX_LISTED) -> list[Problem]:
    """Invariants the program keeps and only a hand edit (or damage) breaks."""
    problems: list[Problem] = []
    for sid, count, low, high in conn.execute(
        "SELECT series_id, COUNT(*), MIN(number), MAX(number) FROM deals GROUP BY series_id"
        " HAVING MIN(number) != 1 OR MAX(number) != COUNT(*) LIMIT ?",
        (limit,),
    ).fetchall():
        numbers = [
            r[0]
            for r in conn.execute(
                "SELECT number FROM deals WHERE series_id = ? ORDER BY number", (sid,)
            )
        ]
        problems.append(
            Problem(
                f"its {count} deals are numbered {low} to {high}, not 1 to {count}"
                f" ({_missing(numbers)})",
                series=sid,
            )
        )
    for sid, size, count, low, high in conn.execute(
        "SELECT s.id, s.table_size, COUNT(t.seat), MIN(t.seat), MAX(t.seat) FROM series s"
        " LEFT JOIN series_seats t ON t.series_id = s.id GROUP BY s.id"
        " HAVING COUNT(t.seat) != s.table_size OR MIN(t.seat) != 0"
        " OR MAX(t.seat) != s.table_size - 1 LIMIT ?",
        (limit,),
    ).fetchall():
        seats = f"{count} seats" if not count else f"{count} seats numbered {low} to {high}"
        problems.append(Problem(f"a table of {size} has {seats}", series=sid))
    for sid, name in conn.execute(
        "SELECT t.series_id, COALESCE(p.name, t.player_id) FROM series_seats t"
        " LEFT JOIN players p ON p.id = t.player_id GROUP BY t.series_id, t.player_id"
        " HAVING COUNT(*) > 1 LIMIT ?",
        (limit,),
    ).fetchall():
        problems.append(Problem(f"{name} sits at the table twice", series=sid))
    for sid, planned, count in conn.execute(
        "SELECT s.id, s.planned_deals, COUNT(d.id) FROM series s JOIN deals d"
        " ON d.series_id = s.id WHERE s.planned_deals IS NOT NULL GROUP BY s.id"
        " HAVING COUNT(d.id) > s.planned_deals LIMIT ?",
        (limit,),
    ).fetchall():
        problems.append(Problem(f"it has {count} deals, {planned} were planned", series=sid))
    for sid, stake in conn.execute(
        "SELECT id, stake_cents FROM series WHERE typeof(stake_cents) NOT IN ('integer', 'real')"
        " OR NOT stake_cents BETWEEN 0 AND ? LIMIT ?",
        (MAX_STAKE_CENTS, limit),
    ).fetchall():
        problems.append(
            Problem(
                f"its stake of {stake!r} cents a point is not a number from 0 to"
                f" {MAX_STAKE_CENTS}: its money, and the season's, cannot be counted",
                series=sid,
            )
        )
    for sid, planned in conn.execute(
        "SELECT id, planned_deals FROM series WHERE planned_deals IS NOT NULL"
        " AND (typeof(planned_deals) != 'integer' OR NOT planned_deals BETWEEN 1 AND ?) LIMIT ?",
        (MAX_PLANNED_DEALS, limit),
    ).fetchall():
        problems.append(
            Problem(f"{planned!r} deals are planned, not 1 to {MAX_PLANNED_DEALS}", series=sid)
        )
    odd = 0
    for pid, name in conn.execute("SELECT id, name FROM players ORDER BY id"):
        text = str(name)
        why = (
            f"is longer than {MAX_NAME} characters"
            if len(text) > MAX_NAME
            else f"holds the control character {bad}"
            if (bad := unsafe_character(text))
            else None
        )
        if why is None:
            continue
        odd += 1
        if odd <= limit:
            shown = " ".join(text.split())[:40]
            problems.append(
                Problem(
                    f"the name of player {pid} ({shown!r}) {why}: an export of its series"
                    " cannot be read in again"
                )
            )
    if odd > limit:
        problems.append(Problem(f"... and {odd - limit} more such player names"))
    for sid, closed, last in conn.execute(
        "SELECT id, closed, last FROM (SELECT s.id, s.closed, (SELECT e.action FROM"
        " series_events e WHERE e.series_id = s.id ORDER BY e.id DESC LIMIT 1) AS last"
        " FROM series s) WHERE closed != (COALESCE(last, '') = 'close') LIMIT ?",
        (limit,),
    ).fetchall():
        if closed:
            fix = "; reopen it with a reason ('db close --reopen') to record that it is open"
            events = "its last event reopened it" if last else "it was never closed"
            problems.append(Problem(f"it is marked closed, but {events}{fix}", series=sid))
        else:
            problems.append(
                Problem(
                    "it is marked open, but its last event closed it; close it again"
                    " ('db close') to record that it is closed",
                    series=sid,
                )
            )
    for sid, action in conn.execute(
        "SELECT series_id, action FROM series_events WHERE action NOT IN ('close', 'reopen')"
        " LIMIT ?",
        (limit,),
    ).fetchall():
        problems.append(Problem(f"an event has the unknown action {action!r}", series=sid))
    for cid, deal_id in conn.execute(
        "SELECT c.id, c.deal_id FROM corrections c LEFT JOIN deals d ON d.id = c.deal_id"
        " WHERE d.id IS NULL LIMIT ?",
        (limit,),
    ).fetchall():
        problems.append(Problem(f"correction {cid} is for deal id {deal_id}, which does not exist"))
    problems += _history_order(conn, limit)
    for table in ("deal_results", "deal_scores"):
        count = conn.execute(
            f"SELECT COUNT(DISTINCT deal_id) FROM {table}"
            " WHERE deal_id NOT IN (SELECT id FROM deals)"
        ).fetchone()[0]
        if count:
            problems.append(
                Problem(
                    f"{table} holds rows of {count} deals that do not exist",
                    repairable=True,
                )
            )
    return problems


def _instant(text: object) -> datetime | None:
    """A stored time as an instant, as an import reads it (no zone: UTC); None if it is
    none (a hand edit: times that cannot be read are left out of the order)."""
    try:
        when = datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _history_order(conn: sqlite3.Connection, limit: int) -> list[Problem]:
    """Series whose history is out of time order, as an import sees it (each deal after
    the series was created and not while it was closed; the close/reopen events one
    after the other; each correction after its deal and the correction before it, not
    while closed): written before the store kept its times in order, with the clock set
    back meanwhile. The sheet is right, but an export of the series is refused by every
    import. The first fault of each series is named."""
    created = {sid: text for sid, text in conn.execute("SELECT id, created FROM series")}
    history: dict[int, list[tuple[str, object, int | None]]] = {sid: [] for sid in created}
    for sid, action, text in conn.execute(
        "SELECT series_id, action, created FROM series_events ORDER BY id"
    ):
        history.setdefault(sid, []).append((f"its {action} event", text, None))
    for sid, number, text in conn.execute(
        "SELECT series_id, number, created FROM deals ORDER BY series_id, number"
    ):
        history.setdefault(sid, []).append(("deal", text, number))
    for sid, number, text in conn.execute(
        "SELECT d.series_id, d.number, c.created FROM corrections c"
        " JOIN deals d ON d.id = c.deal_id ORDER BY c.id"
    ):
        history.setdefault(sid, []).append(("correction", text, number))
    problems: list[Problem] = []
    for sid, items in history.items():
        fault = _first_out_of_order(created.get(sid), items)
        if fault is not None:
            problems.append(
                Problem(
                    f"{fault} (was the clock set back?): its sheet is right, but an export"
                    " of it cannot be read in again",
                    series=sid,
                )
            )
            if len(problems) >= limit:
                break
    return problems


def _first_out_of_order(
    series_created: object, items: list[tuple[str, object, int | None]]
) -> str | None:
    """The first time of a series' history (events, then deals by number, then
    corrections in the order made) that an import would refuse, in words; None if none."""
    start = _instant(series_created)
    if start is None:
        return None  # a hand edit, not a clock: not this check's to say
    closed: list[tuple[datetime, datetime | None]] = []
    last, last_what = start, f"the series was created ({series_created})"
    for what, text, _ in (i for i in items if i[2] is None):  # close/reopen events
        when = _instant(text)
        if when is None:
            continue
        if when < last:
            return f"{what} is dated {text}, before {last_what}"
        if what.endswith("close event"):
            closed.append((when, None))
        elif closed:
            closed[-1] = (closed[-1][0], when)
        last, last_what = when, f"the event before it ({text})"
    dealt: dict[int, tuple[datetime, object]] = {}
    previous: tuple[datetime, object, int] | None = None
    for what, text, number in (i for i in items if i[2] is not None):
        when = _instant(text)
        name = f"{what} of deal {number}" if what == "correction" else f"deal {number}"
        if when is None:
            continue
        if what == "deal":
            if when < start:
                return f"{name} is dated {text}, before the series was created ({series_created})"
            dealt[number] = (when, text)
        else:
            if number in dealt and when < dealt[number][0]:
                return f"{name} is dated {text}, before the deal ({dealt[number][1]})"
            if previous is not None and when < previous[0]:
                return (
                    f"{name} is dated {text}, before the correction of deal {previous[2]}"
                    f" ({previous[1]})"
                )
            previous = (when, text, number)
        if any(a < when and (b is None or when < b) for a, b in closed):
            return f"{name} is dated {text}, while the series was closed"
    return None


def series_ids(conn: sqlite3.Connection) -> list[int]:
    return [r[0] for r in conn.execute("SELECT id FROM series ORDER BY id")]


def profile_rows(conn: sqlite3.Connection) -> list[tuple[int, str, str]]:
    """(id, name, options) of every stored rule profile."""
    return conn.execute("SELECT id, name, options FROM profiles ORDER BY id").fetchall()


def series_of_profile(conn: sqlite3.Connection, profile_id: int) -> list[int]:
    sql = "SELECT id FROM series WHERE profile_id = ? ORDER BY id"
    return [r[0] for r in conn.execute(sql, (profile_id,))]


def rewrite_profile_options(conn: sqlite3.Connection, profile_id: int, options: str) -> None:
    """Replace a damaged profile row's options (profiles are no append-only history: a
    built-in profile's options are the program's own definition, kept for the series)."""
    conn.execute("UPDATE profiles SET options = ? WHERE id = ?", (options, profile_id))


def _rows(cur: sqlite3.Cursor) -> list[dict[str, Any]]:
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]


def stored_results(conn: sqlite3.Connection, series_id: int) -> dict[int, dict[str, Any]]:
    """The ``deal_results`` rows of a series' deals, by deal id."""
    rows = _rows(
        conn.execute(
            "SELECT r.* FROM deal_results r JOIN deals d ON d.id = r.deal_id WHERE d.series_id = ?",
            (series_id,),
        )
    )
    return {r.pop("deal_id"): r for r in rows}


def stored_scores(conn: sqlite3.Connection, series_id: int) -> dict[int, list[dict[str, Any]]]:
    """The ``deal_scores`` rows of a series' deals, by deal id, in seat order."""
    out: dict[int, list[dict[str, Any]]] = {}
    for r in _rows(
        conn.execute(
            "SELECT s.deal_id, s.seat, s.player_id, s.role, s.score, s.outcome"
            " FROM deal_scores s JOIN deals d ON d.id = s.deal_id WHERE d.series_id = ?"
            " ORDER BY s.deal_id, s.seat",
            (series_id,),
        )
    ):
        out.setdefault(r.pop("deal_id"), []).append(r)
    return out


def player_names(conn: sqlite3.Connection) -> dict[int, str]:
    return dict(conn.execute("SELECT id, name FROM players").fetchall())
