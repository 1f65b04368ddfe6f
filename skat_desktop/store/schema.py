"""The database schema as sqlite-utils migrations, oldest first. Never edit a released one.

Every table is STRICT. ``deals`` (the move log or the score-sheet entry of each deal),
``corrections`` and ``series_events`` are append-only: triggers refuse UPDATE and
DELETE, so history cannot change silently; a correction is a new row.
``deal_results`` and ``deal_scores`` are derived from them — the effective outcome
after corrections, per deal and per seat — and are what the sheet and statistics read.
``live_tables`` is scratch state, not history: the table in play (its seeds, seats and
the moves of the deal in progress), rewritten after every move so an interrupted series
can be continued where it stopped, and deleted when the series ends or is given up.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

APPLICATION_ID = 0x536B4174  # "SkAt": marks a file as ours (PRAGMA application_id)
MIGRATION_SET = "skat_desktop"

migrations = Migrations(MIGRATION_SET)


@migrations(name="m001_initial")
def m001_initial(db: Database) -> None:
    db.execute(
        """
        CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            guest INTEGER NOT NULL DEFAULT 0,
            kind TEXT NOT NULL DEFAULT 'human',
            created TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            builtin INTEGER NOT NULL DEFAULT 0,
            options TEXT NOT NULL,
            created TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE series (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            date TEXT NOT NULL,
            place TEXT NOT NULL DEFAULT '',
            table_size INTEGER NOT NULL CHECK (table_size BETWEEN 3 AND 4),
            profile_id INTEGER NOT NULL REFERENCES profiles(id),
            planned_deals INTEGER,
            first_dealer INTEGER NOT NULL DEFAULT 0,
            stake_cents REAL NOT NULL DEFAULT 0,
            source TEXT NOT NULL DEFAULT 'played',
            closed INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE series_seats (
            series_id INTEGER NOT NULL REFERENCES series(id),
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            PRIMARY KEY (series_id, seat)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE series_events (
            id INTEGER PRIMARY KEY,
            series_id INTEGER NOT NULL REFERENCES series(id),
            action TEXT NOT NULL,
            author TEXT NOT NULL,
            reason TEXT NOT NULL,
            created TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE deals (
            id INTEGER PRIMARY KEY,
            series_id INTEGER NOT NULL REFERENCES series(id),
            number INTEGER NOT NULL,
            dealer INTEGER NOT NULL,
            seed INTEGER,
            bock INTEGER NOT NULL DEFAULT 0,
            ramsch_round INTEGER NOT NULL DEFAULT 0,
            record TEXT,
            entry TEXT,
            created TEXT NOT NULL,
            UNIQUE (series_id, number),
            CHECK ((record IS NULL) != (entry IS NULL))
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE deal_results (
            deal_id INTEGER PRIMARY KEY REFERENCES deals(id),
            kind TEXT NOT NULL,
            declarer INTEGER,
            game TEXT,
            hand INTEGER NOT NULL DEFAULT 0,
            schneider_announced INTEGER NOT NULL DEFAULT 0,
            schwarz_announced INTEGER NOT NULL DEFAULT 0,
            ouvert INTEGER NOT NULL DEFAULT 0,
            bid INTEGER NOT NULL DEFAULT 0,
            won INTEGER,
            value INTEGER NOT NULL DEFAULT 0,
            matadors INTEGER NOT NULL DEFAULT 0,
            with_matadors INTEGER,
            declarer_points INTEGER,
            declarer_tricks INTEGER,
            schneider INTEGER NOT NULL DEFAULT 0,
            schwarz INTEGER NOT NULL DEFAULT 0,
            overbid INTEGER NOT NULL DEFAULT 0,
            kontra INTEGER NOT NULL DEFAULT 0,
            bock_triggered INTEGER NOT NULL DEFAULT 0,
            corrected INTEGER NOT NULL DEFAULT 0
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE deal_scores (
            deal_id INTEGER NOT NULL REFERENCES deals(id),
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            role TEXT NOT NULL,
            score INTEGER NOT NULL,
            outcome INTEGER NOT NULL,
            PRIMARY KEY (deal_id, seat)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE corrections (
            id INTEGER PRIMARY KEY,
            deal_id INTEGER NOT NULL REFERENCES deals(id),
            author TEXT NOT NULL,
            reason TEXT NOT NULL,
            old TEXT NOT NULL,
            new TEXT NOT NULL,
            created TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute("CREATE INDEX deals_series ON deals(series_id, number)")
    db.execute("CREATE INDEX deal_scores_player ON deal_scores(player_id, deal_id)")
    db.execute("CREATE INDEX series_date ON series(date)")
    db.execute("CREATE INDEX corrections_deal ON corrections(deal_id, id)")
    for table in ("deals", "corrections", "series_events"):
        db.execute(
            f"""
            CREATE TRIGGER {table}_append_only_update BEFORE UPDATE ON {table}
            BEGIN SELECT RAISE(ABORT, '{table} are append-only: add a correction instead'); END
            """
        )
        db.execute(
            f"""
            CREATE TRIGGER {table}_append_only_delete BEFORE DELETE ON {table}
            BEGIN SELECT RAISE(ABORT, '{table} are append-only: add a correction instead'); END
            """
        )


@migrations(name="m002_statistics_indexes")
def m002_statistics_indexes(db: Database) -> None:
    # Per-series tallies (statistics, season ranking): only the seats whose score or
    # won/lost count changes — about one row per deal instead of three or four.
    db.execute(
        "CREATE INDEX deal_scores_tally ON deal_scores(deal_id, seat, score, outcome)"
        " WHERE score != 0 OR outcome != 0"
    )


@migrations(name="m003_live_tables")
def m003_live_tables(db: Database) -> None:
    # One row per table in play (at most one per series): ``state`` is the table's JSON
    # snapshot (app/table.py), ``deals_done`` the deals it had on its sheet, so a row the
    # database has moved past (or lost deals of) is recognised as stale without reading it.
    db.execute(
        """
        CREATE TABLE live_tables (
            id INTEGER PRIMARY KEY,
            series_id INTEGER UNIQUE REFERENCES series(id),
            deal_number INTEGER NOT NULL,
            deals_done INTEGER NOT NULL,
            state TEXT NOT NULL,
            updated TEXT NOT NULL
        ) STRICT
        """
    )


KNOWN = ("m001_initial", "m002_statistics_indexes", "m003_live_tables")
