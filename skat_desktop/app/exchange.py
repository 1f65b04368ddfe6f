"""Export, import, backup and restore of the store; ISS archive import and export. Qt-free.

* :func:`sheet_csv_rows` / :func:`write_csv` — a score sheet as CSV (one line per deal,
  then totals, games won and lost, Seeger-Fabian).
* :func:`export_series` / :func:`import_series` — complete series as one versioned JSON
  document (docs/series-export.md). The import is all or nothing in one transaction and
  checks everything with the engine: game records are replayed, entries and corrections
  are scored, the dealer rotation and Bock/Ramsch rounds are recomputed. A broken or
  hostile document is refused with one sentence (:class:`ImportRefused`) and the
  database stays as it was.
* :func:`backup` / :func:`restore` — a consistent copy made with SQLite's backup API
  while the database is in use, and a restore that validates the copy first and swaps
  the content atomically, keeping the replaced one under a name no other restore uses
  (:func:`kept_name`: ``<target>.before-restore``, then ``-2``, ``-3``, …).
* :func:`import_iss` / :func:`export_iss` — the International Skat Server's one-line game
  records (:mod:`skat_desktop.store.iss`): each game is replayed, stored in a series of
  its three players (source ``imported``) in its own transaction; broken lines are
  skipped and reported.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import errno
import hashlib
import io
import json
import math
import os
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from skat_desktop.app.sheets import (
    UNREADABLE,
    SeriesService,
    correction_old,
    deal_row,
    entry_to_result,
    source_result,
    unreadable_reason,
)
from skat_desktop.engine.actions import DOUBLING_NAMES
from skat_desktop.engine.deal import Deal, DealResult
from skat_desktop.engine.errors import SkatError
from skat_desktop.engine.profiles import BUILTIN, ISKO, RuleProfile
from skat_desktop.engine.record import deal_from_record, record_from_deal
from skat_desktop.engine.series import Series
from skat_desktop.store import files, iss
from skat_desktop.store.database import (
    SQLITE_HEADER,
    CorruptDatabase,
    DatabaseBusy,
    ForeignDatabase,
    ReadOnlyDatabase,
    StoreError,
    companion_of,
    database_part,
    explain,
    forget_deleted,
    is_busy,
    is_sqlite_file,
    open_database,
    read_database,
    sqlite_header,
)
from skat_desktop.store.faults import fail_point, kill_point
from skat_desktop.store.repository import (
    MAX_NAME,
    MAX_PLANNED_DEALS,
    MAX_STAKE_CENTS,
    MAX_TEXT,
    Store,
    _check_date,
)
from skat_desktop.store.schema import APPLICATION_ID

__all__ = [
    "FORMAT",
    "MAX_DEALS",
    "MAX_FILE_BYTES",
    "MAX_SERIES",
    "VERSION",
    "ExchangeError",
    "ImportRefused",
    "ImportReport",
    "backup",
    "dumps_export",
    "export_iss",
    "export_series",
    "import_iss",
    "import_series",
    "is_kept_copy",
    "kept_name",
    "read_export",
    "restore",
    "sheet_csv_rows",
    "write_csv",
    "write_export",
    "write_iss",
]

FORMAT = "skat-desktop series export"
VERSION = 1

# Limits that keep a hostile file from exhausting memory or time.
MAX_FILE_BYTES = 200 * 1024 * 1024
MAX_SERIES = 10_000  # series in one document
MAX_DEALS = 500_000  # deals in one document (all series together)
MAX_CORRECTIONS = 100_000  # corrections in one document
MAX_EVENTS = 10_000  # close/reopen events of one series
MAX_PLAYERS = 30_000
# (MAX_NAME, MAX_TEXT: the store's, for a player's name and for a title, place, author or
# reason: a series stored can be exported and read in again)
MAX_JSON = 1_000_000  # characters of one entry, record or correction, written compactly
MAX_DEPTH = 64  # nesting of objects and lists in a document (a record needs about ten)
MAX_REPORTED_ERRORS = 10_000  # broken ISS lines listed in a report (all are counted)
_INT64 = (-(2**63), 2**63 - 1)


class ExchangeError(StoreError):
    """An export, import, backup or restore problem, explained in one sentence."""


class ImportRefused(ExchangeError):
    """A series export that cannot be imported; the database is unchanged."""


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


# =============================================================================== CSV


_FIXED_BEFORE = ("number", "dealer", "declarer", "game", "value", "won")
_FIXED_AFTER = ("kontra", "bock", "ramsch round", "overbid", "corrected")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _player_columns(names: Sequence[str]) -> list[tuple[str, str]]:
    """(score column, running total column) per seat, named after the players."""
    taken = set(_FIXED_BEFORE) | set(_FIXED_AFTER)
    cols = [(n, f"{n} total") for n in names]
    flat = [c for pair in cols for c in pair]
    out = []
    for seat, (score, total) in enumerate(cols):
        if score in taken or total in taken or flat.count(score) > 1 or flat.count(total) > 1:
            score, total = f"{score} (seat {seat + 1})", f"{score} (seat {seat + 1}) total"
        out.append((score, total))
    return out


def sheet_csv_rows(store: Store, series_id: int) -> list[dict[str, Any]]:
    """The score sheet of a series as rows for :func:`write_csv`.

    One row per deal — ``number``, ``dealer``, ``declarer``, ``game`` (the contract as
    said at the table, ``Ramsch`` or ``Passed in``), ``value`` (empty
    without a declared game), ``won`` (``won``/``lost``/empty), each player's score and
    running total (columns ``<name>`` and ``<name> total``; ``(seat n)`` is added to a
    name that clashes with another column), ``kontra`` (the game's doubling: ``kontra``,
    ``re``, ``bock`` or ``hirsch``; empty without), and the markers ``bock``, ``ramsch
    round``, ``overbid``, ``corrected`` (``x`` when set) — then the lines ``total``, ``won``,
    ``lost`` and ``Seeger-Fabian`` with a number per player (label in ``number``).
    """
    sheet = SeriesService(store, series_id).sheet()
    names = [name for _, name in sheet.info.players]
    cols = _player_columns(names)
    columns = [*_FIXED_BEFORE, *(c for pair in cols for c in pair), *_FIXED_AFTER]

    def blank() -> dict[str, Any]:
        return dict.fromkeys(columns, "")

    rows = []
    for line in sheet.lines:
        row = blank()
        row.update(
            number=line.number,
            dealer=line.dealer,
            declarer=line.declarer or "",
            # the engine's words for a deal without a game are lower case ("ramsch",
            # "passed in"); in this column they stand beside "Grand" and "Clubs"
            game=line.label if line.unreadable else line.label[:1].upper() + line.label[1:],
            value=line.value if line.won is not None else "",
            won="" if line.won is None else ("won" if line.won else "lost"),
        )
        for seat, (score, total) in enumerate(cols):
            row[score] = line.scores[seat]
            row[total] = line.totals[seat]
        row["kontra"] = DOUBLING_NAMES[line.kontra - 1] if 0 < line.kontra <= 4 else ""
        for key, flag in zip(
            _FIXED_AFTER[1:],
            (line.bock, line.ramsch_round, line.overbid, line.corrected),
            strict=True,
        ):
            row[key] = "x" if flag else ""
        rows.append(row)
    for label, values in (
        ("total", sheet.totals),
        ("won", sheet.won),
        ("lost", sheet.lost),
        ("Seeger-Fabian", sheet.seeger_fabian),
    ):
        row = blank()
        row["number"] = label
        for seat, (score, total) in enumerate(cols):
            row[score] = values[seat]
            if label == "total":
                row[total] = values[seat]
        rows.append(row)
    return rows


def _cell(value: Any) -> Any:
    """Neutralise text a spreadsheet would run as a formula (CSV injection)."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


Databases = Iterable[str | os.PathLike[str] | None]


def write_csv(
    rows: Sequence[dict[str, Any]],
    file: str | os.PathLike[str] | IO[str],
    databases: Databases = (),
) -> None:
    """Write rows (dicts) as CSV with a header; works for sheets and statistics alike.

    The columns are the keys in order of first appearance; a missing value is empty.
    Text that starts like a spreadsheet formula (``=``, ``+``, ``-``, ``@``) gets a
    leading ``'``. A path is written as UTF-8 and all at once (:func:`_write_file`),
    never over one of ``databases`` (the files in use) or any other database.
    """
    columns: list[str] = []
    seen: set[str] = set()
    for row in rows:
        for key in row:
            if key not in seen:
                seen.add(key)
                columns.append(key)

    def emit(f: IO[str]) -> None:
        w = csv.writer(f, lineterminator="\r\n")
        if not columns:
            return
        w.writerow([_cell(c) for c in columns])
        for row in rows:
            w.writerow([_cell(row.get(c, "")) for c in columns])

    if isinstance(file, str | os.PathLike):
        text = io.StringIO(newline="")
        emit(text)
        _write_file(text.getvalue(), file, databases)
    else:
        emit(file)


def _write_file(text: str, path: str | os.PathLike[str], databases: Databases) -> None:
    """Write an export file whole or not at all: a temporary file beside it, flushed, then
    renamed over it (a failed export keeps the previous file). A new file is private
    (0600), a replaced one keeps its mode; a database is never overwritten."""
    try:
        files.write_private_atomic(path, text, databases)
    except StoreError as e:  # (its code and path let a window say it in its language)
        raise ExchangeError(_one_line(str(e)), e.code, **e.params) from None


# ======================================================================= JSON export


def _loads_column(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _compact(value: Any) -> str:
    """The way the store keeps JSON columns (see repository._json)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def export_series(store: Store, series_ids: Iterable[int]) -> dict[str, Any]:
    """Complete series as one JSON-able document (docs/series-export.md), without ids.

    Everything needed to re-create them: the players, each series' fields, rule profile,
    seats, every deal's source (game record or score-sheet entry) with seed, dealer and
    Bock/Ramsch round, every correction and the close/reopen history.
    """
    ids: list[int] = []
    for sid in series_ids:
        if sid not in ids:
            ids.append(sid)
    players: dict[str, dict[str, Any]] = {}
    out_series = []
    for sid in ids:
        info = store.series(sid)  # StoreError if there is no such series
        row = store.query("SELECT created FROM series WHERE id = ?", (sid,))[0]
        for pid, name in info.players:
            if name not in players:
                p = store.query("SELECT name, guest, kind FROM players WHERE id = ?", (pid,))[0]
                players[name] = {"name": p["name"], "guest": bool(p["guest"]), "kind": p["kind"]}
        deals = store.query(
            "SELECT number, dealer, seed, bock, ramsch_round, record, entry, created"
            " FROM deals WHERE series_id = ? ORDER BY number",
            (sid,),
        )
        out_series.append(
            {
                "title": info.title,
                "date": info.date,
                "place": info.place,
                "table_size": info.table_size,
                "planned_deals": info.planned_deals,
                "first_dealer": info.first_dealer,
                "stake_cents": float(info.stake_cents),
                "source": info.source,
                "closed": info.closed,
                "created": row["created"],
                "profile": info.profile.to_dict(),
                "seats": [name for _, name in info.players],
                "deals": [
                    {
                        "number": d["number"],
                        "dealer": d["dealer"],
                        "seed": d["seed"],
                        "bock": bool(d["bock"]),
                        "ramsch_round": bool(d["ramsch_round"]),
                        "created": d["created"],
                        "record": _loads_column(d["record"]),
                        "entry": _loads_column(d["entry"]),
                    }
                    for d in deals
                ],
                "corrections": [
                    {
                        "deal": c["number"],
                        "author": c["author"],
                        "reason": c["reason"],
                        "old": json.loads(c["old"]),
                        "new": json.loads(c["new"]),
                        "created": c["created"],
                    }
                    for c in store.corrections(series_id=sid)
                ],
                "events": store.series_events(sid),
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(players.values()),
        "series": out_series,
    }


def dumps_export(document: dict[str, Any]) -> str:
    """The document as text; the same document always gives the same text."""
    return json.dumps(document, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def write_export(
    document: dict[str, Any], file: str | os.PathLike[str] | IO[str], databases: Databases = ()
) -> None:
    _write_text(dumps_export(document), file, databases)


def _write_text(
    text: str, file: str | os.PathLike[str] | IO[str], databases: Databases = ()
) -> None:
    """Write to a path (atomically, see :func:`_write_file`) or to an open text file."""
    if isinstance(file, str | os.PathLike):
        _write_file(text, file, databases)
    else:
        file.write(text)


# ======================================================================= JSON import


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse_json(raw: bytes | str) -> Any:
    """The document of a file's text; anything that is not usable JSON is refused."""
    if len(raw) > MAX_FILE_BYTES:
        raise ImportRefused(
            f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB, too large to import",
            "too_large",
            megabytes=MAX_FILE_BYTES // (1024 * 1024),
        )
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused(
                "the file is not UTF-8 text, so it is not a series export", "not_utf8"
            ) from None
    try:
        return json.loads(raw, parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        what = e.msg.removesuffix(" at")  # "Unterminated string starting at": not "at at"
        raise ImportRefused(
            f"the file is not JSON ({what} at line {e.lineno}, column {e.colno})",
            "not_json",
            line=e.lineno,
            column=e.colno,
        ) from None
    except RecursionError:
        raise ImportRefused(
            "the file is not usable JSON: it is nested far too deeply", "too_deep"
        ) from None
    except ValueError as e:  # NaN/Infinity, or a number of more than 4300 digits
        raise ImportRefused(
            _one_line(f"the file is not usable JSON: {e}")[:200], "unusable_json"
        ) from None


_PLACE_WORDS = {
    "players": "player",
    "series": "series",
    "deals": "deal",
    "corrections": "correction",
    "events": "event",
}


def _place(node: tuple[Any, ...] | None) -> str:
    """Name a value by its path: ``series 1, deal 3, entry.bid`` (numbered from 1)."""
    keys: list[Any] = []
    while node is not None:
        node, key = node
        keys.append(key)
    keys.reverse()
    words: list[str] = []
    rest = ""
    i = 0
    while i < len(keys):
        key = keys[i]
        nxt = keys[i + 1] if i + 1 < len(keys) else None
        if not rest and key in _PLACE_WORDS and isinstance(nxt, int):
            words.append(f"{_PLACE_WORDS[key]} {nxt + 1}")
            i += 2
            continue
        if isinstance(key, int):
            rest += f"[{key}]"
        else:
            name = _one_line(key)[:40]
            rest += f".{name}" if rest else name
        i += 1
    if rest:
        words.append(rest[:120])
    return ", ".join(words) or "the document"


def _number_text(value: int) -> str:
    digits = int(value.bit_length() * 0.30103) + 1  # str() of a huge number is slow
    return f"the number {value}" if digits <= 30 else f"a number of about {digits} digits"


def _check_values(doc: Any) -> None:
    """Walk the whole document once, without recursion, before anything reads it.

    Every number must fit SQLite and the engine (a whole number in 64 bits, a finite
    real number), every key must be text and nesting is bounded (:data:`MAX_DEPTH`), so
    no later step can overflow, recurse too deeply or store what it cannot read back.
    """
    stack: list[tuple[Any, tuple[Any, ...] | None, int]] = [(doc, None, 0)]
    while stack:
        value, node, depth = stack.pop()
        if value is None or isinstance(value, str | bool):
            continue
        if isinstance(value, int):
            if not _INT64[0] <= value <= _INT64[1]:
                raise ImportRefused(
                    f"{_place(node)}: {_number_text(value)} does not fit in 64 bits"
                )
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise ImportRefused(f"{_place(node)}: {value} is not a finite number")
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise ImportRefused(f"{_place(node)} is nested deeper than {MAX_DEPTH} levels")
            if isinstance(value, dict):
                for key, item in value.items():
                    if not isinstance(key, str):
                        raise ImportRefused(f"{_place(node)} has a key that is not text")
                    stack.append((item, (node, key), depth + 1))
            else:
                for index, item in enumerate(value):
                    stack.append((item, (node, index), depth + 1))
        else:
            raise ImportRefused(f"{_place(node)} holds a value JSON cannot hold")


def read_export(file: str | os.PathLike[str] | IO[bytes]) -> Any:
    """Read a series export (path or binary file) as JSON, at most :data:`MAX_FILE_BYTES`."""
    try:
        if isinstance(file, str | os.PathLike):
            path = Path(file)
            if path.is_dir():
                raise ImportRefused(f"{path} is a folder, not a series export", "not_ours")
            if database_part(path):  # (closing it after open() could cost its locks)
                raise ImportRefused(f"{path} is a database, not a series export", "not_ours")
            with open(path, "rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
        else:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ImportRefused(
            f"cannot read {file}: {e.strerror or e}", "cannot_read", path=file
        ) from None
    return _parse_json(raw)


_NULL = type(None)


def _typename(types: tuple[type, ...]) -> str:
    names = {
        str: "text",
        int: "a whole number",
        float: "a number",
        bool: "true or false",
        dict: "an object",
        list: "a list",
        _NULL: "null",
    }
    return " or ".join(names[t] for t in types)


def _is(value: Any, types: tuple[type, ...]) -> bool:
    for t in types:
        if t is int and isinstance(value, int) and not isinstance(value, bool):
            return True
        if t is float and isinstance(value, int | float) and not isinstance(value, bool):
            return True
        if t in (str, bool, dict, list, _NULL) and isinstance(value, t):
            return True
    return False


def _fields(d: Any, where: str, spec: dict[str, tuple[type, ...]]) -> dict[str, Any]:
    """Check an object has exactly the fields of ``spec`` with the right types."""
    if not isinstance(d, dict):
        raise ImportRefused(f"{where} must be an object")
    for key in d:
        if key not in spec:
            raise ImportRefused(f"{where} has an unknown field {str(key)[:40]!r}")
    for key, types in spec.items():
        if key not in d:
            raise ImportRefused(f"{where} lacks the field {key!r}")
        if not _is(d[key], types):
            raise ImportRefused(f"{where}: {key} must be {_typename(types)}")
    return d


def _text(
    value: str, where: str, limit: int = MAX_TEXT, required: bool = False, allow: str = ""
) -> str:
    """Bounded text without control, format or bidi-override characters (but ``allow``).

    Names, titles and places are shown everywhere: a NUL, an escape sequence, a line
    break or a right-to-left override in them would hide or fake what the sheet says.
    """
    if len(value) > limit:
        raise ImportRefused(f"{where} is longer than {limit} characters")
    if required and not value.strip():
        raise ImportRefused(f"{where} is empty")
    bad = iss.unsafe_character(value, allow)
    if bad:
        raise ImportRefused(f"{where} holds the control character {bad}")
    return value


def _timestamp(value: str, where: str) -> datetime:
    """The instant of an ISO 8601 time (one without a zone is taken as UTC)."""
    _text(value, where, 64, required=True)
    try:
        instant = datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(f"{where} {value[:40]!r} is not a date and time") from None
    return instant if instant.tzinfo is not None else instant.replace(tzinfo=UTC)


def _closed_at(closed: list[tuple[datetime, datetime | None]], when: datetime) -> bool:
    """Was the series closed (signed) at ``when``? Both ends of a closed spell are open,
    as times are kept to the second and a change may share the second of a close."""
    return any(start < when and (end is None or when < end) for start, end in closed)


def _json_size(value: Any, where: str) -> None:
    try:
        size = len(_compact(value))
    except (ValueError, TypeError, RecursionError):
        raise ImportRefused(f"{where} cannot be stored as JSON") from None
    if size > MAX_JSON:
        raise ImportRefused(f"{where} is larger than {MAX_JSON} characters")


def _check_profile(data: Any, where: str) -> RuleProfile:
    """A rule profile from its options; every option must have the right type."""
    if not isinstance(data, dict):
        raise ImportRefused(f"{where} must be an object of rule options")
    defaults = {f.name: getattr(ISKO, f.name) for f in dataclasses.fields(RuleProfile)}
    for key, value in data.items():
        if key not in defaults:
            raise ImportRefused(f"{where} has an unknown rule option {str(key)[:40]!r}")
        d = defaults[key]
        if isinstance(d, bool):
            ok = isinstance(value, bool)
        elif isinstance(d, int):
            ok = _is(value, (int,)) and _INT64[0] <= value <= _INT64[1]
        elif isinstance(d, float):
            ok = _is(value, (float,)) and math.isfinite(value)
        elif isinstance(d, str):
            ok = isinstance(value, str) and len(value) <= MAX_TEXT
        elif isinstance(d, tuple):
            ok = (
                isinstance(value, list)
                and len(value) <= 16
                and all(_is(v, (int,)) and abs(v) < 10**6 for v in value)
            )
        elif isinstance(d, frozenset):
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        else:  # pragma: no cover - every option type is listed above
            ok = False
        if not ok:
            raise ImportRefused(f"{where}: the rule option {key} has the wrong type")
    if "name" not in data or not isinstance(data["name"], str) or not data["name"].strip():
        raise ImportRefused(f"{where} lacks the profile's name")
    _text(data["name"], f"the name of {where}", MAX_NAME)
    if isinstance(data.get("title"), str):
        _text(data["title"], f"the title of {where}", MAX_NAME)
    try:
        profile = RuleProfile.from_dict(data)
    except (ValueError, TypeError) as e:
        raise ImportRefused(_one_line(f"{where}: {e}")) from None
    for key in ("suit_base", "null_values"):
        if len(getattr(profile, key)) != 4:
            raise ImportRefused(f"{where}: the rule option {key} needs four values")
    if not profile.table_sizes:
        raise ImportRefused(f"{where}: the rule option table_sizes is empty")
    builtin = BUILTIN.get(profile.name)
    if builtin is not None and builtin != profile:
        raise ImportRefused(
            f"{where}: the rule profile {profile.name!r} differs from the built-in profile"
            " of that name"
        )
    return profile


_PLAYER = {"name": (str,), "guest": (bool,), "kind": (str,)}
_SERIES = {
    "title": (str,),
    "date": (str,),
    "place": (str,),
    "table_size": (int,),
    "planned_deals": (int, _NULL),
    "first_dealer": (int,),
    "stake_cents": (float,),
    "source": (str,),
    "closed": (bool,),
    "created": (str,),
    "profile": (dict,),
    "seats": (list,),
    "deals": (list,),
    "corrections": (list,),
    "events": (list,),
}
_DEAL = {
    "number": (int,),
    "dealer": (int,),
    "seed": (int, _NULL),
    "bock": (bool,),
    "ramsch_round": (bool,),
    "created": (str,),
    "record": (dict, _NULL),
    "entry": (dict, _NULL),
}
_CORRECTION = {
    "deal": (int,),
    "author": (str,),
    "reason": (str,),
    "old": (dict,),
    "new": (dict,),
    "created": (str,),
}
_EVENT = {"action": (str,), "author": (str,), "reason": (str,), "created": (str,)}


@dataclass
class _SeriesPlan:
    where: str
    data: dict[str, Any]
    profile: RuleProfile
    corrections: dict[int, list[tuple[int, dict[str, Any]]]]  # deal -> (number, correction)


def _check_document(doc: Any) -> tuple[list[dict[str, Any]], list[_SeriesPlan]]:
    """Everything that can be checked without the engine or the database."""
    if not isinstance(doc, dict):
        raise ImportRefused("the file is not a series export (it holds no JSON object)", "not_ours")
    if doc.get("format") != FORMAT:
        raise ImportRefused("the file is not a skat-desktop series export", "not_ours")
    version = doc.get("version")
    if version != VERSION:
        raise ImportRefused(
            f"series export version {str(version)[:20]} is not supported (this reads {VERSION})",
            "version",
        )
    _fields(
        doc,
        "the export",
        {"format": (str,), "version": (int,), "players": (list,), "series": (list,)},
    )
    _check_values(doc)

    players = doc["players"]
    if len(players) > MAX_PLAYERS:
        raise ImportRefused(f"the export lists more than {MAX_PLAYERS} players")
    names: set[str] = set()
    for i, p in enumerate(players):
        where = f"player {i + 1}"
        _fields(p, where, _PLAYER)
        name = p["name"]
        _text(name, f"the name of {where}", MAX_NAME, required=True)
        if name != name.strip():
            raise ImportRefused(f"the name of {where} has surrounding spaces")
        if name in names:
            raise ImportRefused(f"the player {name!r} is listed twice")
        names.add(name)
        _text(p["kind"], f"the kind of player {name!r}", 40, required=True)

    series = doc["series"]
    if len(series) > MAX_SERIES:
        raise ImportRefused(f"the export holds more than {MAX_SERIES} series")
    total_deals = total_corrections = 0
    plans = []
    for i, s in enumerate(series):
        where = f"series {i + 1}"
        _fields(s, where, _SERIES)
        where = f"series {i + 1} ({_one_line(s['title'])[:40]!r})"
        _text(s["title"], f"the title of {where}", required=True)
        _text(s["place"], f"the place of {where}")
        _text(s["source"], f"the source of {where}", 40, required=True)
        created = _timestamp(s["created"], f"the creation time of {where}")
        try:
            _check_date(s["date"])
        except StoreError as e:
            raise ImportRefused(f"{where}: {e}") from None
        n = s["table_size"]
        if n not in (3, 4):
            raise ImportRefused(f"{where}: a table has 3 or 4 players, not {n}")
        if len(s["seats"]) != n:
            raise ImportRefused(f"{where}: a table of {n} needs {n} seats")
        for seat, name in enumerate(s["seats"]):
            if not isinstance(name, str) or name not in names:
                raise ImportRefused(f"{where}: seat {seat} names no player of the export")
        if not 0 <= s["first_dealer"] < n:
            raise ImportRefused(f"{where}: the first dealer must be one of the seats")
        stake = s["stake_cents"]
        if not math.isfinite(stake) or not 0 <= stake <= MAX_STAKE_CENTS:
            raise ImportRefused(f"{where}: the stake must be a number from 0 to 10^9 cents")
        profile = _check_profile(s["profile"], f"the rule profile of {where}")
        deals = s["deals"]
        total_deals += len(deals)
        if total_deals > MAX_DEALS:
            raise ImportRefused(f"the export holds more than {MAX_DEALS} deals")
        planned = s["planned_deals"]
        if planned is not None and not 0 < planned <= MAX_PLANNED_DEALS:
            raise ImportRefused(
                f"{where}: the planned number of deals must be 1 to {MAX_PLANNED_DEALS}"
            )
        if planned is not None and len(deals) > planned:
            raise ImportRefused(
                f"{where} holds {len(deals)} deals, more than the {planned} planned"
            )
        # The history must be in time order: the series, then its deals; the close/reopen
        # events one after the other; each correction after its deal and the correction
        # before it. Nothing is added or corrected while the series is closed.
        events = s["events"]
        if len(events) > MAX_EVENTS:
            raise ImportRefused(f"{where} has more than {MAX_EVENTS} close/reopen events")
        closed: list[tuple[datetime, datetime | None]] = []
        last, last_what = created, "the series was created"
        for j, e in enumerate(events):
            ew = f"{where}, event {j + 1}"
            _fields(e, ew, _EVENT)
            expected = "close" if j % 2 == 0 else "reopen"
            if e["action"] != expected:
                raise ImportRefused(
                    f"{ew} is {_one_line(e['action'])[:20]!r}, but the series can only {expected}"
                )
            _text(e["author"], f"the author of {ew}", required=True)
            _text(e["reason"], f"the reason of {ew}", required=expected == "reopen", allow="\n\t")
            when = _timestamp(e["created"], f"the time of {ew}")
            if when < last:
                raise ImportRefused(f"{ew} ({e['action']}) is dated before {last_what}")
            last, last_what = when, f"event {j + 1}"
            if expected == "close":
                closed.append((when, None))
            else:
                closed[-1] = (closed[-1][0], when)
        if s["closed"] != (len(events) % 2 == 1):
            raise ImportRefused(f"{where}: its closed flag does not match its close/reopen history")
        dealt: list[datetime] = []
        for j, d in enumerate(deals):
            dw = f"{where}, deal {j + 1}"
            _fields(d, dw, _DEAL)
            if d["number"] != j + 1:
                raise ImportRefused(f"{dw} is numbered {d['number']}")
            if not 0 <= d["dealer"] < n:
                raise ImportRefused(f"{dw}: the dealer must be one of the seats")
            seed = d["seed"]
            if seed is not None and not _INT64[0] <= seed <= _INT64[1]:
                raise ImportRefused(f"{dw}: the seed is out of range")
            when = _timestamp(d["created"], f"the time of {dw}")
            if when < created:
                raise ImportRefused(f"{dw} is dated before its series was created")
            if _closed_at(closed, when):
                raise ImportRefused(f"{dw} is dated while the series was closed")
            dealt.append(when)
            if (d["record"] is None) == (d["entry"] is None):
                raise ImportRefused(f"{dw} needs either a game record or an entry")
            _json_size(d["record"] if d["record"] is not None else d["entry"], dw)
        corrections: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        total_corrections += len(s["corrections"])
        if total_corrections > MAX_CORRECTIONS:
            raise ImportRefused(f"the export holds more than {MAX_CORRECTIONS} corrections")
        previous: datetime | None = None
        for j, c in enumerate(s["corrections"]):
            cw = f"{where}, correction {j + 1}"
            _fields(c, cw, _CORRECTION)
            if not 1 <= c["deal"] <= len(deals):
                raise ImportRefused(f"{cw} is for deal {c['deal']}, which the series lacks")
            _text(c["author"], f"the author of {cw}", required=True)
            _text(c["reason"], f"the reason of {cw}", required=True, allow="\n\t")
            when = _timestamp(c["created"], f"the time of {cw}")
            if when < dealt[c["deal"] - 1]:
                raise ImportRefused(f"{cw} is dated before deal {c['deal']}, which it corrects")
            if previous is not None and when < previous:
                raise ImportRefused(f"{cw} is dated before correction {j}")
            if _closed_at(closed, when):
                raise ImportRefused(f"{cw} is dated while the series was closed")
            previous = when
            _json_size(c["old"], cw)
            _json_size(c["new"], cw)
            corrections.setdefault(c["deal"], []).append((j + 1, c))
        plans.append(_SeriesPlan(where, s, profile, corrections))
    return players, plans


def _engine_check(where: str, fn, *args, **kwargs):
    """Run an engine step on imported data; any failure refuses the import."""
    try:
        return fn(*args, **kwargs)
    except ImportRefused:
        raise
    except (
        SkatError,
        StoreError,
        ValueError,
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
        OverflowError,
        RecursionError,
    ) as e:
        raise ImportRefused(_one_line(f"{where}: {e}")) from None


def _shown(profile: RuleProfile, result: DealResult, table_size: int, dealer: int) -> dict:
    """What the sheet showed of a deal: the ``old`` that :meth:`SeriesService.correct`
    keeps with a correction (kind, declarer seat, game, bid, won, value, seat scores)."""
    probe = Series(profile, table_size, dealer)
    probe.next_context()
    row = deal_row(profile, probe.record(result), result, table_size)
    return {
        "kind": row.kind,
        "declarer": row.declarer,
        "game": row.game,
        "bid": row.bid,
        "won": None if row.won is None else int(row.won),
        "value": row.value,
        "scores": list(row.scores),
    }


def _unscorable(profile: RuleProfile, table_size: int, row: dict[str, Any]) -> str | None:
    """Why a deal's original source (``row`` as stored) cannot be scored, in the sheet's
    words, or ``None`` if it can: judged by the sheet's own code, so that the ``old`` of
    the correction that repaired it can be recomputed exactly."""
    try:
        source_result(profile, table_size, row, None, bool(row["bock"]))
    except UNREADABLE as e:
        return unreadable_reason("moves" if row["record"] is not None else "entry", e)
    return None


def _fingerprint(store: Store, sid: int) -> str:
    """A series as an import would re-create it: title, date, place, players by seat,
    rule profile and every deal's source. Two imports of one export give the same."""
    h = hashlib.sha256()
    head = store.query(
        "SELECT s.title, s.date, s.place, p.name, p.options FROM series s"
        " JOIN profiles p ON p.id = s.profile_id WHERE s.id = ?",
        (sid,),
    )
    seats = store.query(
        "SELECT p.name FROM series_seats s JOIN players p ON p.id = s.player_id"
        " WHERE s.series_id = ? ORDER BY s.seat",
        (sid,),
    )
    h.update(_compact([head, seats]).encode())
    for row in store.conn.execute(
        "SELECT number, dealer, seed, bock, ramsch_round, record, entry FROM deals"
        " WHERE series_id = ? ORDER BY number",
        (sid,),
    ):
        *marks, record, entry = row
        h.update(b"\0" + _compact([*marks, _as_value(record), _as_value(entry)]).encode())
    return h.hexdigest()


def _as_value(text: str | None) -> Any:
    """A record or entry column as its JSON value, so that a bad row another program wrote
    (other spacing or key order) matches its import, which is stored compactly."""
    if text is None:
        return None
    try:
        return ["json", json.loads(text)]
    except (ValueError, RecursionError):
        return ["text", text]


def _already_there(store: Store, sid: int, before: int) -> int | None:
    """A series that existed before this import and holds the same as ``sid``."""
    info = store.query("SELECT title, date, place FROM series WHERE id = ?", (sid,))[0]
    count = "SELECT COUNT(*) FROM deals WHERE series_id = ?"
    deals = store.conn.execute(count, (sid,)).fetchone()[0]
    fingerprint = None
    for row in store.query(
        "SELECT id FROM series WHERE title = ? AND date = ? AND place = ? AND id <= ? ORDER BY id",
        (info["title"], info["date"], info["place"], before),
    ):
        if store.conn.execute(count, (row["id"],)).fetchone()[0] != deals:
            continue
        fingerprint = fingerprint or _fingerprint(store, sid)
        if _fingerprint(store, row["id"]) == fingerprint:
            return row["id"]
    return None


def _import_one(
    store: Store, plan: _SeriesPlan, player_ids: dict[str, int], before: int = 0
) -> int:
    """Re-create one checked series; ``before`` is the last series id before the import."""
    s = plan.data
    where = plan.where
    profile = plan.profile
    n = s["table_size"]
    try:
        sid = store.create_series(
            s["title"],
            s["date"],
            [player_ids[name] for name in s["seats"]],
            profile,
            planned_deals=s["planned_deals"],
            place=s["place"],
            first_dealer=s["first_dealer"],
            stake_cents=float(s["stake_cents"]),
            source=s["source"],
        )
    except StoreError as e:
        raise ImportRefused(_one_line(f"{where}: {e}")) from None
    conn = store.conn
    conn.execute("UPDATE series SET created = ? WHERE id = ?", (s["created"], sid))
    info = store.series(sid)
    names = [name for _, name in info.players]
    engine = _engine_check(where, Series, profile, n, s["first_dealer"], s["planned_deals"])
    imported = s["source"] == "imported"
    deal_ids: list[int] = []
    for d in s["deals"]:
        number = d["number"]
        dw = f"{where}, deal {number}"
        if imported:  # independent deals (ISS games): each keeps its own dealer
            engine.dealer = d["dealer"]
        dealer, bock, ramsch_round = engine.next_context()
        if (d["dealer"], d["bock"], d["ramsch_round"]) != (dealer, bock, ramsch_round):
            raise ImportRefused(
                f"{dw} says dealer seat {d['dealer']}, Bock {d['bock']}, Ramsch round"
                f" {d['ramsch_round']}, but the series gives dealer seat {dealer}, Bock {bock},"
                f" Ramsch round {ramsch_round}"
            )
        record = entry = None
        seed = d["seed"]
        corrected = plan.corrections.get(number, [])
        # A source that cannot be scored (a bad row another program wrote) is accepted only
        # when a correction repaired it, and that first correction's old must then be the
        # one SeriesService.correct writes for it: no derived rows (an import has none to
        # carry), why it could not be scored and the entry as it was.
        result: DealResult | None
        unreadable = text = None
        if corrected:
            text = None if d["entry"] is None else _compact(d["entry"])
            source = {
                "dealer": dealer,
                "bock": bock,
                "ramsch_round": ramsch_round,
                "record": None if d["record"] is None else _compact(d["record"]),
                "entry": text,
            }
            unreadable = _engine_check(dw, _unscorable, profile, n, source)
        if unreadable is not None:
            if d["entry"] is not None and seed is not None:
                raise ImportRefused(f"{dw}: a deal entered from a score sheet has no seed")
            record, entry = d["record"], d["entry"]  # kept as they were, for the audit trail
            result = None
        elif d["record"] is not None:
            rec = d["record"]
            deal: Deal = _engine_check(dw, deal_from_record, rec)
            if rec.get("result") is None or deal.result is None:
                raise ImportRefused(f"{dw}: the game record is not a finished deal")
            st = deal.setup
            if (st.dealer, st.bock, st.ramsch_round, st.table_size) != (
                dealer,
                bock,
                ramsch_round,
                n,
            ) or st.profile != profile:
                raise ImportRefused(f"{dw}: the game record was not set up for this deal")
            if seed != st.seed:
                raise ImportRefused(f"{dw}: the seed differs from the game record's")
            extra = rec.get("extra")
            if extra is not None and not isinstance(extra, dict):
                raise ImportRefused(f"{dw}: the game record's extra must be an object")
            record = record_from_deal(deal, players=names, extra=extra)
            result = deal.result
        else:
            if seed is not None:
                raise ImportRefused(f"{dw}: a deal entered from a score sheet has no seed")
            entry = d["entry"]
            result = _engine_check(dw, entry_to_result, profile, entry, n, dealer, bock)
        for k, c in corrected:
            # the chain of corrections: each one's old is what the sheet showed before it
            if result is None:  # the repair of a source that cannot be scored
                shown = correction_old(None, [], unreadable, text)
            else:
                shown = _engine_check(dw, _shown, profile, result, n, dealer)
            if c["old"] != shown:
                raise ImportRefused(
                    f"{where}, correction {k}: its old value is not what the sheet showed"
                    f" for deal {number} before it"
                )
            result = _engine_check(
                f"{dw} (correction)", entry_to_result, profile, c["new"], n, dealer, bock
            )
        sheet = _engine_check(dw, engine.record, result)
        row = _engine_check(dw, deal_row, profile, sheet, result, n, seed=seed)
        cur = conn.execute(
            "INSERT INTO deals (series_id, number, dealer, seed, bock, ramsch_round, record,"
            " entry, created) VALUES (?,?,?,?,?,?,?,?,?)",
            (
                sid,
                number,
                dealer,
                seed,
                int(bock),
                int(ramsch_round),
                None if record is None else _compact(record),
                None if entry is None else _compact(entry),
                d["created"],
            ),
        )
        deal_ids.append(cur.lastrowid)
        _engine_check(dw, store._write_result, cur.lastrowid, info, row, bool(corrected))
    for c in s["corrections"]:
        conn.execute(
            "INSERT INTO corrections (deal_id, author, reason, old, new, created)"
            " VALUES (?,?,?,?,?,?)",
            (
                deal_ids[c["deal"] - 1],
                c["author"],
                c["reason"],
                _compact(c["old"]),
                _compact(c["new"]),
                c["created"],
            ),
        )
    for e in s["events"]:
        conn.execute(
            "INSERT INTO series_events (series_id, action, author, reason, created)"
            " VALUES (?,?,?,?,?)",
            (sid, e["action"], e["author"], e["reason"], e["created"]),
        )
    if s["closed"]:
        conn.execute("UPDATE series SET closed = 1 WHERE id = ?", (sid,))
    # The score sheet's own rebuild as the last word: rotation, rounds, records, entries.
    try:
        check = SeriesService(store, sid)
    except StoreError as e:
        raise ImportRefused(_one_line(f"{where}: {e}")) from None
    if check.series.totals != engine.totals:  # pragma: no cover - same engine, same input
        raise ImportRefused(f"{where}: the rebuilt score sheet differs from the import")
    twin = _already_there(store, sid, before)
    if twin is not None:
        raise ImportRefused(
            f"{where} is already in the database as series {twin}",
            "already_there",
            title=_one_line(s["title"]),
            twin=twin,
        )
    return sid


def import_series(store: Store, data: Any) -> list[int]:
    """Re-create the series of an export; returns their new ids in the export's order.

    ``data`` is the document (a dict), its JSON text (``str``/``bytes``) or a path
    (:class:`os.PathLike`). Players are matched by name: an existing player of the same
    name is reused. Rule profiles are matched by name and must have the same options.
    All or nothing in one transaction (joining the caller's, if one is open); anything
    broken, a forged history (a correction's ``old`` that the sheet never showed, times
    out of order) and a series that is already in the database raise
    :class:`ImportRefused` with one sentence (limits: docs/series-export.md).
    """
    if isinstance(data, os.PathLike):
        data = read_export(data)
    elif isinstance(data, str | bytes | bytearray):
        data = _parse_json(bytes(data) if isinstance(data, bytearray) else data)
    try:
        players, plans = _check_document(data)
    except RecursionError:
        raise ImportRefused("the file is nested too deeply to be a series export") from None
    try:
        with store.transaction():
            player_ids: dict[str, int] = {}
            for p in players:
                pid = store.find_player(p["name"])
                if pid is None:
                    pid = store.add_player(p["name"], guest=p["guest"], kind=p["kind"])
                player_ids[p["name"]] = pid
            for plan in plans:
                profile_id = store.conn.execute(
                    "SELECT id, options FROM profiles WHERE name = ?", (plan.profile.name,)
                ).fetchone()
                if profile_id is not None and profile_id[1] != _options(plan.profile):
                    raise ImportRefused(
                        f"{plan.where}: a rule profile named {plan.profile.name!r} with other"
                        " options is already in the database"
                    )
            before = store.conn.execute("SELECT COALESCE(MAX(id), 0) FROM series").fetchone()[0]
            return [_import_one(store, plan, player_ids, before) for plan in plans]
    except ImportRefused:
        raise
    except StoreError as e:
        raise ImportRefused(_one_line(f"the import was refused: {e}")) from None
    except sqlite3.Error as e:
        raise ImportRefused(_one_line(f"the import failed in the database: {e}")) from None


def _options(profile: RuleProfile) -> str:
    return json.dumps(profile.to_dict(), sort_keys=True)  # as Store.save_profile keeps them


# ==================================================================== backup/restore

RESTORE_BUSY_MS = 2000  # how long a restore waits for another program's write to finish
_RESTORING = "restoring"  # tag of the temporary files a restore keeps beside the target
_COMPANIONS = ("-wal", "-shm", "-journal")
KEPT = ".before-restore"  # a restore keeps the replaced content as <db>.before-restore[-n]
MAX_KEPT = 10_000  # kept copies of one database before a restore asks to clear some


def kept_name(file: str | os.PathLike[str], n: int = 1) -> Path:
    """The ``n``-th name a restore of ``file`` keeps the replaced content under:
    ``<file>.before-restore``, ``<file>.before-restore-2``, … A restore takes the first
    name that is free (with its ``-wal``/``-shm``/``-journal``), so a kept copy is never
    overwritten: restoring twice still leaves the content from before the first one."""
    return Path(f"{os.fspath(file)}{KEPT}" + (f"-{n}" if n > 1 else ""))


def _kept_pattern(database_name: str) -> re.Pattern[str]:
    logs = "(?:-wal|-shm|-journal)?"
    return re.compile(rf"{re.escape(database_name)}{logs}{re.escape(KEPT)}(?:-[0-9]+)?{logs}")


def is_kept_copy(path: str | os.PathLike[str], database: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is (by its name) a copy a restore of ``database`` kept, or the log
    of one: such a file may hold the only copy of a club's old content."""
    db = files.real_path(database)
    pattern = _kept_pattern(db.name)
    for candidate in (Path(os.path.abspath(os.fspath(path))), files.real_path(path)):
        if pattern.fullmatch(candidate.name) and (
            candidate.parent == db.parent or _same_folder(candidate.parent, db.parent)
        ):
            return True
    return False


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False


def _taken(name: Path) -> bool:
    return any(os.path.lexists(f"{name}{suffix}") for suffix in ("", *_COMPANIONS))


def _move_new(source: Path, dest: Path) -> None:
    """Rename ``source`` to ``dest`` but never over an existing file (a hard link fails
    if the name is taken; where links are not possible the name is checked just before)."""
    try:
        os.link(source, dest)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(dest):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(dest)) from None
        os.replace(source, dest)
        return
    os.unlink(source)


def _keep_as_new(source: Path, base: Path, move: bool, tmp: Path | None = None) -> Path:
    """Give ``source`` the first free kept name of ``base`` and return it; never replaces
    a file. ``move`` takes the name from ``source``; otherwise ``source`` stays and the
    kept name is a hard link to it (a private copy via ``tmp`` where links fail)."""
    for n in range(1, MAX_KEPT + 1):
        kept = kept_name(base, n)
        if _taken(kept):
            continue
        try:
            if move:
                _move_new(source, kept)
            else:
                try:
                    os.link(source, kept)
                except FileExistsError:
                    raise
                except OSError:  # no hard links here: a complete copy, then its name
                    if tmp is None:
                        raise
                    try:
                        _private_file(tmp, files.mode_for(source))
                        with open(tmp, "wb") as out:  # (never open(source): it may be open)
                            for data in read_database(source):
                                out.write(data)
                        _fsync_file(tmp)
                        _move_new(tmp, kept)
                    finally:
                        _remove(tmp)
        except FileExistsError:
            continue  # taken meanwhile: the next name
        files.fsync_folder(kept.parent)
        return kept
    raise ExchangeError(
        f"{base} has {MAX_KEPT} copies kept by earlier restores; move some elsewhere first"
    )


def _fsync_file(path: Path) -> None:
    with open(path, "rb+") as f:
        os.fsync(f.fileno())


def _remove(path: Path) -> None:
    """Remove a temporary database file and whatever SQLite left beside it."""
    for suffix in ("", *_COMPANIONS):
        with contextlib.suppress(OSError):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def _private_file(path: Path, mode: int = files.PRIVATE_FILE) -> None:
    """Create an empty file only we may read (exactly ``mode``, whatever the umask)."""
    os.close(files.create_private(path, mode))


def _copy_database(source: sqlite3.Connection, dest: Path, point: str = "") -> None:
    """SQLite's online backup of ``source`` into the new file ``dest``: one consistent
    snapshot, written as a self-contained file (rollback journal, no WAL), checked."""
    conn = sqlite3.connect(str(dest), isolation_level=None)
    try:
        source.backup(conn)
        if point:
            fail_point(point)
            kill_point(point)
        conn.execute("PRAGMA journal_mode=DELETE")
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        conn.close()
    if check != "ok":
        raise ExchangeError(f"the copy failed its check: {_one_line(check)}")
    _fsync_file(dest)


def _refuse_live_database(path: Path, shown: str | os.PathLike[str]) -> None:
    """A backup may replace an older backup (always a rollback-journal file), never a
    database some program uses (write-ahead log)."""
    try:  # (never with open(): it may be the database this program has open)
        header = sqlite_header(path) if is_sqlite_file(path) else b""
    except OSError:
        return
    if len(header) >= 20 and header.startswith(SQLITE_HEADER) and header[18:20] == b"\x02\x02":
        raise ExchangeError(
            f"{shown} is a database in use (write-ahead log), not a backup; "
            "choose another file name"
        )


def backup(store: Store, dest: str | os.PathLike[str]) -> Path:
    """Write a consistent copy of the database to ``dest`` while it stays in use.

    SQLite's online backup copies a snapshot in one step (other connections may keep
    writing; their changes after the snapshot are not in the copy). The copy is a single
    self-contained file (rollback journal, no WAL), checked, flushed to the disk and only
    then renamed over ``dest``: a failed or killed backup leaves the previous one whole.
    A new backup is private (0600); one that replaces an older backup keeps its mode. A
    symbolic link is followed (its file is replaced). The database itself, its
    ``-wal``/``-shm``, any database in use and the copies a restore kept
    (:func:`is_kept_copy`) are refused.
    """
    if store._in_tx:
        raise ExchangeError("finish the change in progress before making a backup")
    if store.path is not None and is_kept_copy(dest, store.path):
        raise ExchangeError(
            f"{dest} is a copy a restore of {store.path} kept (maybe the only copy of"
            " its old content); a backup never replaces one, choose another file name"
        )
    try:
        real = files.refuse_database_target(dest, [store.path], allow_sqlite=True)
    except StoreError as e:
        raise ExchangeError(str(e), e.code, **e.params) from None
    if not real.parent.is_dir():
        raise ExchangeError(f"the folder {real.parent} does not exist")
    _refuse_live_database(real, dest)
    files.remove_stale_temps(real, "tmp")
    tmp = files.temp_name(real)
    try:
        _private_file(tmp, files.mode_for(real))
        _copy_database(store.conn, tmp, "backup.copy")
        kill_point("backup.before-replace")
        os.replace(tmp, real)
        files.fsync_folder(real.parent)
        forget_deleted()  # the older backup's head was read through a kept descriptor
    except ExchangeError as e:
        _remove(tmp)
        raise ExchangeError(_one_line(f"cannot back up to {dest}: {e}")) from None
    except (OSError, sqlite3.Error) as e:
        _remove(tmp)
        raise ExchangeError(_one_line(f"cannot back up to {dest}: {e}")) from None
    return Path(dest)


def _read_header(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read(100)


def _cut_short(path: Path, header: bytes) -> int | None:
    """The size the header of the SQLite file ``path`` gives it, if the file is shorter.

    A backup cut off while it was written (a stick pulled out too early) still opens: the
    pages it lacks read as zeros, so the deals at their ends are silently damaged, and
    ``PRAGMA integrity_check`` passes when the cut falls inside the last page. The
    header's page count is used only where SQLite trusts it too (its change counter
    equals its version-valid-for number)."""
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if pages == 0 or header[24:28] != header[92:96]:
        return None
    expected = page_size * pages
    return expected if path.stat().st_size < expected else None


def _validate_copy(copy: Path, shown: Path) -> None:
    """Check a copy of a backup: ours, not newer, complete, intact. Errors name ``shown``;
    damage is said as the backup's (``backup_damaged``), not the database's."""

    def named(e: StoreError) -> StoreError:
        if isinstance(e, CorruptDatabase):
            return CorruptDatabase(
                str(e).replace(str(copy), str(shown)), "backup_damaged", path=shown
            )
        params = {k: shown if str(v) == str(copy) else v for k, v in e.params.items()}
        return type(e)(str(e).replace(str(copy), str(shown)), e.code, **params)

    header = _read_header(copy)
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise ForeignDatabase(
            f"{shown} is not a skat-desktop backup (not a SQLite database)",
            "backup_not_sqlite",
            path=shown,
        )
    log = Path(f"{copy}-wal")
    expected = None if log.is_file() and log.stat().st_size else _cut_short(copy, header)
    if expected is not None:  # (a log beside it may hold the pages the file lacks)
        raise CorruptDatabase(
            f"{shown} is incomplete ({copy.stat().st_size} of its {expected} bytes): it was"
            " cut off while it was written; restore another backup",
            "backup_cut",
            path=shown,
        )
    try:
        probe = sqlite3.connect(str(copy))
        try:
            app_id = probe.execute("PRAGMA application_id").fetchone()[0]
        finally:
            probe.close()
    except sqlite3.DatabaseError as e:
        raise CorruptDatabase(
            _one_line(f"{shown} cannot be read: {e}"), "backup_damaged", path=shown
        ) from None
    if app_id != APPLICATION_ID:
        raise ForeignDatabase(
            f"{shown} is not a skat-desktop backup (another program's file)",
            "backup_foreign",
            path=shown,
        )
    try:
        db = open_database(copy)
    except StoreError as e:
        raise named(e) from None
    conn = db.conn
    try:
        try:
            problems = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
            fk = conn.execute("PRAGMA foreign_key_check").fetchall()
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.DatabaseError as e:
            raise CorruptDatabase(
                _one_line(f"{shown} is damaged: {e}"), "backup_damaged", path=shown
            ) from None
        if problems != ["ok"]:
            raise CorruptDatabase(
                _one_line(f"{shown} is damaged: {problems[0]}"), "backup_damaged", path=shown
            )
        if fk:
            raise CorruptDatabase(
                f"{shown} is damaged: {len(fk)} rows point to missing rows",
                "backup_damaged",
                path=shown,
            )
    finally:
        conn.close()


def _copy_private(source: Path, dest: Path) -> None:
    _private_file(dest)
    with open(source, "rb") as inp, open(dest, "wb") as out:
        shutil.copyfileobj(inp, out, 1 << 20)


def restore(
    backup_path: str | os.PathLike[str],
    target_path: str | os.PathLike[str],
    busy_ms: int | None = None,
    tell: Callable[[str], None] | None = None,
) -> Path | None:
    """Replace the database at ``target_path`` with a validated backup.

    The backup is checked on a private temporary copy beside the target (hidden name
    ``.<target>.<id>.restoring``; the backup file itself is never touched; copies left
    by a killed restore are removed by the next one): it must be a skat-desktop
    database, not newer than this program, and pass SQLite's integrity check (an older
    schema is migrated on the copy). Then:

    * a target that opens as our database keeps its file: its content is replaced in
      one write transaction, so programs that have it open stay consistent and a crash
      leaves the old or the new content, never a mix. The transaction first takes the
      write lock (waiting ``busy_ms``, by default :data:`RESTORE_BUSY_MS`; a program
      holding it longer is reported as :class:`DatabaseBusy` and nothing changes) and,
      holding it, copies the committed content to a new kept file, so every write
      another program was told had succeeded is either in that copy or written after
      the restore;
    * a new target gets the copy linked into place (0600);
    * a damaged target (or one that is not ours) is kept whole under a new kept name and
      the copy moved in; ``tell`` receives one line saying so.

    The kept file is the first free :func:`kept_name` (``<target>.before-restore``, then
    ``-2``, ``-3``, …): no restore overwrites what an earlier one kept. A restore that
    fails or is refused after making its kept copy removes that copy (the target is
    unchanged, so it is redundant) and leaves all older ones alone; a killed restore
    leaves at most one extra complete kept copy. A symbolic link is followed (the link
    stays a link) and the file keeps its mode. Returns the kept file (``None`` if there
    was no target). A refused backup raises :class:`ForeignDatabase`,
    :class:`NewerDatabase`, :class:`CorruptDatabase` or :class:`ExchangeError` with one
    sentence and leaves the target unchanged.
    """
    if busy_ms is None:
        busy_ms = RESTORE_BUSY_MS
    src = Path(backup_path)
    target = Path(target_path)
    if not src.is_file():
        raise ExchangeError(f"{src} is not a file, so there is nothing to restore")
    if target.is_dir():
        raise ExchangeError(f"{target} is a folder, not a database file")
    real = files.real_path(target)
    if real.exists() and real.samefile(src):
        raise ExchangeError("the backup and the database to restore are the same file")
    if companion_of(src) is not None:  # read with open() below: never a database's log
        raise ExchangeError(
            f"{src} belongs to a database (its log or shared memory); it is no backup",
            "database_part",
            path=src,
        )
    if not real.parent.is_dir():
        raise ExchangeError(f"the folder {real.parent} does not exist")
    files.remove_stale_temps(real, _RESTORING)
    copy = files.temp_name(real, _RESTORING)
    try:
        try:
            _copy_private(src, copy)
            wal = Path(f"{src}-wal")
            if wal.is_file():  # a copy of a database in use: its write-ahead log belongs to it
                _copy_private(wal, Path(f"{copy}-wal"))
        except OSError as e:
            raise ExchangeError(f"cannot copy {src} beside {target}: {e.strerror or e}") from None
        _validate_copy(copy, src)
        kill_point("restore.validated")
        if not real.exists():
            _restore_new(copy, real, target, tell)
            return None
        try:
            db = open_database(real, busy_ms=busy_ms)
        except (DatabaseBusy, ReadOnlyDatabase) as e:
            raise type(e)(f"{e}; nothing was restored") from None
        except StoreError as e:
            return _restore_over_damaged(copy, real, target, str(e), tell)
        return _restore_in_place(db.conn, copy, real, target, src, busy_ms)
    finally:
        _remove(copy)


def _restore_new(
    copy: Path, real: Path, shown: Path, tell: Callable[[str], None] | None = None
) -> None:
    """Link the validated copy into place; a stale log beside a missing file is kept
    aside first under a new kept name (applied to the restored file it would damage it),
    and put back if the restore fails."""
    moved: list[tuple[Path, Path]] = []
    done = False
    try:
        for suffix in _COMPANIONS:
            stale = Path(f"{real}{suffix}")
            if stale.exists():
                moved.append((stale, _keep_as_new(stale, stale, move=True)))
        kill_point("restore.before-commit")
        fail_point("restore.commit")
        try:
            os.link(copy, real)  # never over a file another program created meanwhile
        except FileExistsError:
            raise ExchangeError(f"{shown} was created while restoring; try again") from None
        except OSError:
            if real.exists():
                raise
            os.replace(copy, real)
        done = True
        kill_point("restore.committed")
        files.fsync_folder(real.parent)
    except OSError as e:
        raise ExchangeError(f"cannot write {shown}: {e.strerror or e}") from None
    finally:
        if not done:
            _put_back(moved)
    if tell is not None:
        for _, kept in moved:
            tell(f"a stale log beside the missing {shown} is kept as {kept}")


def _put_back(moved: list[tuple[Path, Path]]) -> None:
    """Undo :func:`_keep_as_new` moves of a restore that did not happen (never over a
    file that appeared meanwhile: then the kept one simply stays)."""
    for original, kept in reversed(moved):
        with contextlib.suppress(OSError):
            _move_new(kept, original)


def _restore_over_damaged(
    copy: Path, real: Path, shown: Path, why: str, tell: Callable[[str], None] | None
) -> Path:
    """Keep an unusable target whole (file and logs) under a new kept name; move the
    copy in. At every instant the target's name holds the old or the new file; a
    failure before the swap takes the kept name (and the logs) back."""
    kept: Path | None = None
    moved: list[tuple[Path, Path]] = []
    done = False
    try:
        os.chmod(copy, files.mode_for(real))
        _fsync_file(copy)
        kept = _keep_as_new(real, real, move=False, tmp=files.temp_name(real, _RESTORING))
        kill_point("restore.before-commit")
        for suffix in ("-wal", "-journal"):  # its logs belong to the kept file
            log = Path(f"{real}{suffix}")
            if log.exists():
                _move_new(log, Path(f"{kept}{suffix}"))
                moved.append((log, Path(f"{kept}{suffix}")))
        fail_point("restore.commit")
        Path(f"{real}-shm").unlink(missing_ok=True)
        os.replace(copy, real)
        done = True
        kill_point("restore.committed")
        files.fsync_folder(real.parent)
    except OSError as e:
        raise ExchangeError(
            f"cannot replace {shown}: {e.strerror or e}; nothing was restored"
        ) from None
    finally:
        if not done:
            _put_back(moved)
            if kept is not None:
                with contextlib.suppress(OSError):
                    kept.unlink()
    if tell is not None:
        tell(_one_line(f"{shown} could not be used ({why}); it is kept as {kept}"))
    return kept


def _tables(conn: sqlite3.Connection, schema: str) -> dict[str, list[str]]:
    """Every table of ``schema`` with its columns; SQLite's own (``sqlite_sequence``, the
    statistics) left out."""
    names = [
        r[0]
        for r in conn.execute(
            f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite%' ORDER BY name"
        )
    ]
    sql = "SELECT name FROM pragma_table_info(?, ?)"
    return {name: [r[0] for r in conn.execute(sql, (name, schema))] for name in names}


def _has_table(conn: sqlite3.Connection, schema: str, name: str) -> bool:
    sql = f"SELECT 1 FROM {schema}.sqlite_master WHERE type = 'table' AND name = ?"
    return conn.execute(sql, (name,)).fetchone() is not None


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _keep_committed(real: Path) -> Path:
    """Copy the committed content of ``real`` to a new kept file and return its name
    (called while holding the write lock, so nothing can be committed meanwhile). The
    copy is complete before it gets its name."""
    tmp = files.temp_name(real, _RESTORING)
    try:
        _private_file(tmp)
        reader = sqlite3.connect(real.as_uri() + "?mode=ro", uri=True, isolation_level=None)
        try:
            _copy_database(reader, tmp)
        finally:
            reader.close()
        return _keep_as_new(tmp, real, move=True)
    finally:
        _remove(tmp)


def _restore_in_place(
    conn: sqlite3.Connection, copy: Path, real: Path, shown: Path, src: Path, busy_ms: int
) -> Path:
    """Replace every table's rows with the copy's, in one transaction on the live file.
    Unless the commit happened (or SQLite cannot say it did not), the kept copy this
    restore made is removed again: the target is unchanged."""
    kept: Path | None = None
    unchanged = True
    try:
        conn.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
        conn.execute("ATTACH DATABASE ? AS restoring", (str(copy),))
        tables = _tables(conn, "main")
        theirs = _tables(conn, "restoring")
        if {t: set(c) for t, c in tables.items()} != {t: set(c) for t, c in theirs.items()}:
            raise ExchangeError(
                f"{src} has other tables or columns than {shown}; nothing was restored"
            )
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if is_busy(e):
                raise DatabaseBusy(
                    f"{shown} is in use by another program (locked); close it and try again"
                ) from None
            raise
        try:
            kept = _keep_committed(real)
            triggers = conn.execute(
                "SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger'"
                " AND sql IS NOT NULL ORDER BY name"
            ).fetchall()
            conn.execute("PRAGMA defer_foreign_keys=ON")  # checked at COMMIT
            for name, _ in triggers:  # the append-only triggers refuse the DELETE
                conn.execute(f"DROP TRIGGER main.{_quoted(name)}")
            for table, columns in tables.items():
                cols = ", ".join(_quoted(c) for c in columns)
                conn.execute(f"DELETE FROM main.{_quoted(table)}")
                conn.execute(
                    f"INSERT INTO main.{_quoted(table)} ({cols})"
                    f" SELECT {cols} FROM restoring.{_quoted(table)}"
                )
            if _has_table(conn, "main", "sqlite_sequence"):  # AUTOINCREMENT counters
                conn.execute("DELETE FROM main.sqlite_sequence")
                if _has_table(conn, "restoring", "sqlite_sequence"):
                    conn.execute(
                        "INSERT INTO main.sqlite_sequence SELECT * FROM restoring.sqlite_sequence"
                    )
            for _, sql in triggers:
                conn.execute(sql)
            fail_point("restore.commit")
            kill_point("restore.before-commit")
            unchanged = False  # a failed COMMIT may still have reached the disk ...
            conn.execute("COMMIT")
        except BaseException:
            unchanged = unchanged or conn.in_transaction  # ... unless it is still open
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        kill_point("restore.committed")
        _check_restored(conn, tables, shown, kept)
        conn.execute("DETACH DATABASE restoring")
    except sqlite3.Error as e:
        raise _not_restored(explain(e, shown, "restore"), kept, unchanged) from None
    except OSError as e:
        error = ExchangeError(f"cannot restore {shown}: {e.strerror or e}")
        raise _not_restored(error, kept, unchanged) from None
    finally:
        conn.close()
        if unchanged and kept is not None:
            _remove(kept)  # the target holds what it held: this copy is redundant
    return kept


def _not_restored(error: StoreError, kept: Path | None, unchanged: bool) -> StoreError:
    """The one line of a failed restore, saying whether the target may have changed."""
    if unchanged:
        return type(error)(f"{error}; nothing was restored")
    return type(error)(f"{error}; the previous content is kept as {kept}")


def _check_restored(
    conn: sqlite3.Connection, tables: dict[str, list[str]], shown: Path, kept: Path | None
) -> None:
    """After the commit: the file is sound and holds exactly the copy's rows."""
    result = conn.execute("PRAGMA main.integrity_check(1)").fetchone()[0]
    if result != "ok":
        raise CorruptDatabase(
            _one_line(
                f"{shown} is damaged after the restore ({result}); the previous "
                f"content is kept as {kept}"
            )
        )
    for table in tables:
        q = _quoted(table)
        ours = conn.execute(f"SELECT count(*) FROM main.{q}").fetchone()[0]
        theirs = conn.execute(f"SELECT count(*) FROM restoring.{q}").fetchone()[0]
        if ours != theirs:
            raise CorruptDatabase(
                f"{shown} has {ours} rows in {table} after the restore, the backup "
                f"{theirs}; the previous content is kept as {kept}"
            )


# ============================================================================== ISS


@dataclass
class ImportReport:
    """What an ISS import did: games stored, lines skipped and why (line number, reason)."""

    imported: int = 0
    skipped: int = 0
    unreadable: int = 0  # of the skipped: lines that are no ISS game record at all
    errors: list[tuple[int, str]] = field(default_factory=list)
    series_ids: list[int] = field(default_factory=list)  # series that received games


def _trio_key(names: Sequence[str]) -> tuple[str, ...]:
    """The same key for every cyclic rotation of a seat order."""
    rotations = [tuple(names[i:]) + tuple(names[:i]) for i in range(len(names))]
    return min(rotations)


def _iss_date(record: dict[str, Any]) -> str:
    extra = record.get("extra")
    date = extra.get("iss", {}).get("date") if isinstance(extra, dict) else None
    if isinstance(date, str):
        day = date[:10]
        with contextlib.suppress(StoreError):
            _check_date(day)
            return day
    return datetime.now(UTC).date().isoformat()


def _iss_id(record: dict[str, Any]) -> int | None:
    extra = record.get("extra")
    if isinstance(extra, dict) and isinstance(extra.get("iss"), dict):
        gid = extra["iss"].get("id")
        # ID 0 marks a game exported by us, not one of the server's numbered games
        if isinstance(gid, int) and not isinstance(gid, bool) and gid > 0:
            return gid
    return None


class _IssSeries:
    """The open imported series of each trio, created on demand."""

    def __init__(self, store: Store):
        self.store = store
        self.services: dict[tuple[str, ...], SeriesService] = {}
        self.ids: dict[tuple[str, ...], int] = {}
        options = _options(iss.ISS_PROFILE)
        for r in store.query(
            "SELECT s.id FROM series s JOIN profiles p ON p.id = s.profile_id"
            " WHERE s.source = 'imported' AND s.table_size = 3 AND s.closed = 0"
            " AND p.name = ? AND p.options = ? ORDER BY s.id",
            (iss.ISS_PROFILE.name, options),
        ):
            seats = [
                x["name"]
                for x in store.query(
                    "SELECT p.name FROM series_seats s JOIN players p ON p.id = s.player_id"
                    " WHERE s.series_id = ? ORDER BY s.seat",
                    (r["id"],),
                )
            ]
            self.ids.setdefault(_trio_key(seats), r["id"])

    def get(self, players: Sequence[str], record: dict[str, Any]) -> SeriesService:
        key = _trio_key(players)
        svc = self.services.get(key)
        if svc is not None:
            return svc
        sid = self.ids.get(key)
        if sid is None:
            ids = [self.store.ensure_player(name) for name in players]
            sid = self.store.create_series(
                f"ISS games: {', '.join(players)}",
                _iss_date(record),
                ids,
                iss.ISS_PROFILE,
                place="International Skat Server",
                first_dealer=2,
                source="imported",
            )
        svc = SeriesService(self.store, sid)
        self.services[key] = svc
        self.ids[key] = sid
        return svc

    def forget(self, players: Sequence[str]) -> None:
        """After a failed game: the series may be gone or the cached state stale."""
        key = _trio_key(players)
        self.services.pop(key, None)
        sid = self.ids.get(key)
        if sid is not None and not self.store.query("SELECT id FROM series WHERE id = ?", (sid,)):
            del self.ids[key]


def import_iss(
    store: Store,
    source: str | os.PathLike[str] | Iterable[str],
    limit: int | None = None,
) -> ImportReport:
    """Import ISS game lines (a file, ``.bz2`` too, or an iterable of lines).

    Each game is replayed under :data:`iss.ISS_PROFILE` and stored in the open imported
    series of its three players whose seat order fits the game's forehand, middlehand
    and rearhand (a new one if there is none), its dealer being the rearhand's seat.
    Each game is its own transaction. Broken lines and games already in the database
    (same ISS game ID) are skipped and listed in the report. ``limit`` stops after that
    many games have been imported.
    """
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ExchangeError("the limit must be a whole number of games, 0 or more")
    if store._in_tx:
        raise ExchangeError("ISS games are imported one transaction each: finish the open one")
    report = ImportReport()
    if limit == 0:
        return report

    def skip(line_no: int, message: str) -> None:
        report.skipped += 1
        if len(report.errors) < MAX_REPORTED_ERRORS:
            report.errors.append((line_no, _one_line(message)))

    known = {
        r[0]
        for r in store.conn.execute(
            "SELECT json_extract(d.record, '$.extra.iss.id') FROM deals d"
            " JOIN series s ON s.id = d.series_id"
            " WHERE s.source = 'imported' AND d.record IS NOT NULL"
        )
        if isinstance(r[0], int)
    }
    trios = _IssSeries(store)
    try:
        lines = iss.read_iss_file(source)
        for line_no, rec in lines:
            if isinstance(rec, Exception):
                report.unreadable += 1
                skip(line_no, str(rec))
                continue
            gid = _iss_id(rec)
            if gid is not None and gid in known:
                skip(line_no, f"ISS game {gid} is already in the database")
                continue
            players = list(rec.get("table", {}).get("players") or [])
            try:
                if len(players) != 3 or not all(isinstance(p, str) for p in players):
                    raise ExchangeError("the game does not name its three players")
                with store.transaction():
                    svc = trios.get(players, rec)
                    seats = [name for _, name in svc.info.players]
                    if sorted(seats) != sorted(players):
                        raise ExchangeError("the game's players do not fit its series")
                    rear = seats.index(players[2])
                    rec2 = {**rec, "table": {**rec["table"], "dealer": rear}}
                    deal = deal_from_record(rec2)
                    if [seats[s] for s in deal.setup.seats] != players:
                        raise ExchangeError("the game's seat order does not fit its series")
                    svc.record_played(deal, extra=rec.get("extra"))
                    if svc.info.id not in report.series_ids:
                        report.series_ids.append(svc.info.id)
            except (StoreError, SkatError, ValueError) as e:
                trios.forget(players)
                skip(line_no, str(e))
                continue
            report.imported += 1
            if gid is not None:
                known.add(gid)
            if limit is not None and report.imported >= limit:
                break
    except OSError as e:
        raise ExchangeError(_one_line(f"cannot read {source}: {e.strerror or e}")) from None
    return report


def export_iss(store: Store, series_id: int) -> list[str]:
    """The deals of a series as ISS lines (games played at a table of three under ISkO or
    ISS rules, with their move logs). A deal entered from a score sheet, a corrected deal
    or one ISS cannot express refuses the export with one sentence."""
    info = store.series(series_id)
    corrected = {c["number"] for c in store.corrections(series_id=series_id)}
    lines = []
    for row in store.query(
        "SELECT number, record FROM deals WHERE series_id = ? ORDER BY number", (series_id,)
    ):
        n = row["number"]
        if row["record"] is None:
            raise ExchangeError(
                f"deal {n} was entered from a score sheet and has no moves for an ISS line"
            )
        if n in corrected:
            raise ExchangeError(f"deal {n} was corrected, so its moves no longer match the sheet")
        record = json.loads(row["record"])
        kwargs: dict[str, Any] = {}
        if _iss_id(record) is None and not (
            isinstance(record.get("extra"), dict) and "iss" in record["extra"]
        ):
            kwargs["date"] = f"{info.date}/00:00:00/UTC"
        try:
            lines.append(iss.record_to_iss(record, **kwargs))
        except iss.IssError as e:
            raise ExchangeError(
                _one_line(f"deal {n} cannot be written as an ISS line: {e}")
            ) from None
    return lines


def write_iss(
    lines: Iterable[str], file: str | os.PathLike[str] | IO[str], databases: Databases = ()
) -> None:
    """Write ISS lines, one per line (a path atomically, see :func:`_write_file`)."""
    _write_text("".join(f"{line}\n" for line in lines), file, databases)
