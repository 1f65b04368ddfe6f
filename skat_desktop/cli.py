"""The ``skat-desktop`` command: the GUI by default, sub-commands for scoring, self-play and more.

``skat-desktop [--db PATH]`` without a sub-command opens the card table; Qt is imported
only then, so the sub-commands run where no GUI libraries are installed. Every command
exits non-zero with a one-line, human-readable error on bad input.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from skat_desktop import __version__


class CommandError(Exception):
    """A one-line error the command prints before exiting with status 2."""


# Limits of one input line of `score` and `solve` (docs/score-format.md, engine-protocol.md)
MAX_LINE = 1_000_000  # characters; a longer line is skipped unread and answered with an error
MAX_DEPTH = 32  # nesting of objects and lists (a scenario needs 2)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _too_deep(value: Any) -> bool:
    """Nested deeper than :data:`MAX_DEPTH`? (Walked without recursion.)"""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else None
        if items is None:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((item, depth + 1) for item in items)
    return False


def _json_lines(inp: TextIO) -> Iterator[tuple[int, Any, str | None]]:
    """``(line number, value, None)`` or ``(line number, None, error)`` per non-blank line.

    Reads one line at a time and never more than :data:`MAX_LINE` characters of it, so
    one bad line (too long, too deep, a 5000-digit number, not JSON) costs its own
    error answer and the lines after it are still answered.
    """
    n = 0
    while True:
        line = inp.readline(MAX_LINE + 1)
        if not line:
            return
        n += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while True:  # skip the rest of the line in bounded pieces
                rest = inp.readline(1 << 16)
                if not rest or rest.endswith("\n"):
                    break
            yield n, None, f"line {n}: longer than {MAX_LINE} characters"
            continue
        if not line.strip():
            continue
        try:
            value = json.loads(line, parse_constant=_no_constant)
        except json.JSONDecodeError as e:
            yield n, None, f"line {n}: not valid JSON ({e.msg})"
        except RecursionError:
            yield n, None, f"line {n}: nested deeper than {MAX_DEPTH} levels"
        except ValueError as e:  # NaN, Infinity, or a number of more than 4300 digits
            why = "a number has too many digits" if "digits" in str(e) else str(e)
            yield n, None, f"line {n}: not valid JSON ({' '.join(why.split())[:100]})"
        else:
            if _too_deep(value):
                yield n, None, f"line {n}: nested deeper than {MAX_DEPTH} levels"
            else:
                yield n, value, None


def _answer_line(answer: dict[str, Any]) -> str:
    """One JSON line; an echoed ``id`` that JSON cannot write (1e400) becomes null."""
    try:
        return json.dumps(answer, allow_nan=False) + "\n"
    except ValueError:
        return json.dumps({**answer, "id": None}, allow_nan=False) + "\n"


def _cmd_score(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    from skat_desktop.engine.scenario import ContractNotAllowed, ScenarioError, score_scenario

    status = 0
    for _, data, error in _json_lines(inp):
        sid = data.get("id") if isinstance(data, dict) else None
        if error is not None:
            answer = {"id": None, "error": error}
            status = 1
        else:
            try:
                answer = score_scenario(data)
            except ScenarioError as e:
                answer = {"id": sid, "error": str(e)}
                status = 1
            except ContractNotAllowed as e:
                answer = {"id": sid, "error": str(e)}
        out.write(_answer_line(answer))
    return status


def _parse_players(text: str | None, table_size: int) -> list[str]:
    from skat_desktop.ai.levels import levels

    names = ["random"] * table_size if text is None else [p.strip() for p in text.split(",")]
    if len(names) != table_size:
        raise CommandError(f"--players needs {table_size} names for a table of {table_size}")
    for name in names:
        if name not in levels() and not name.startswith("external:"):
            raise CommandError(f"unknown player {name!r}: available are {', '.join(levels())}")
    return names


def _cmd_selfplay(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    import random

    from skat_desktop.ai.levels import make_player
    from skat_desktop.engine.profiles import builtin

    try:
        profile = builtin(args.profile)
    except ValueError as e:
        raise CommandError(str(e)) from None
    if args.table not in profile.table_sizes:
        raise CommandError(f"the {profile.name} profile is not played at a table of {args.table}")
    if args.deals < 0:
        raise CommandError("--deals must not be negative")
    names = _parse_players(args.players, args.table)

    def make_players(rng: random.Random):
        return [make_player(name, rng.randrange(1 << 31)) for name in names]

    from skat_desktop.ai.external import EngineError

    try:
        return _selfplay_to(args, out, profile, names, make_players)
    except EngineError as e:  # an external engine that would not start or answer
        raise CommandError(str(e)) from None


def _selfplay_to(args: argparse.Namespace, out: TextIO, profile, names, make_players) -> int:
    """The deals of ``selfplay`` into --db, --out or ``out``."""
    from skat_desktop.app.selfplay import selfplay
    from skat_desktop.engine.record import dumps, record_from_deal
    from skat_desktop.store.database import StoreError, default_path

    if args.out:
        # Before a deal is stored: --out must not name the database (nor any other).
        from skat_desktop.store.files import refuse_database_target

        try:
            refuse_database_target(args.out, [args.db, default_path()])
        except StoreError as e:
            raise CommandError(str(e)) from None
    if args.db:
        from skat_desktop.cli_db import selfplay_into_database

        sid = selfplay_into_database(
            args.db, profile, args.deals, args.seed, args.table, names, make_players
        )
        print(f"stored {args.deals} deals as series {sid} in {args.db}", file=sys.stderr)
        if not args.out:
            return 0
    records = (
        dumps(record_from_deal(deal, players=names)) + "\n"
        for deal in selfplay(profile, args.deals, args.seed, args.table, make_players)
    )
    if not args.out:
        for line in records:
            out.write(line)
        return 0
    from skat_desktop.app.selfplay import write_records

    try:
        write_records(args.out, records, [args.db, default_path()])
    except StoreError as e:
        raise CommandError(str(e)) from None
    return 0


def _cmd_arena(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    from skat_desktop.app.arena import ArenaError, run_arena_command

    try:
        return run_arena_command(args, out)
    except ArenaError as e:
        raise CommandError(str(e)) from None


def _cmd_solve(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    from skat_desktop.ai.solve_protocol import answer
    from skat_desktop.ai.solver import HAVE_FAST_PATH

    if args.engine == "c" and not HAVE_FAST_PATH:
        raise CommandError("the compiled solver is not installed (no C compiler at install time)")
    status = 0
    for _, data, error in _json_lines(inp):
        result = {"id": None, "error": error} if error is not None else answer(data, args.engine)
        if "error" in result:
            status = 1
        out.write(_answer_line(result))
        out.flush()
    return status


def _cmd_serve(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    """Host LAN tables until SIGTERM or SIGINT, or with --stop-at-eof until stdin ends
    (docs/protocol.md); no Qt is loaded."""
    import asyncio
    import logging

    from skat_desktop.net.host import (
        Host,
        HostError,
        read_password,
        read_profiles,
        serve,
        table_configs,
    )
    from skat_desktop.store.database import default_path

    if not 0 <= args.port <= 65535:
        raise CommandError("--port must be from 0 to 65535")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise CommandError("--workers must be between 1 and 256")
    try:
        password = read_password(args.password_file) if args.password_file else None
        profiles = read_profiles(args.profiles) if args.profiles else None
        host = Host(
            table_configs(args.table or [], password, profiles),
            args.db or default_path(),
            name=args.name,
            workers=args.workers,
            announce=not args.no_announce,
            parent=os.getppid() if args.stop_at_eof else None,
        )
        logging.basicConfig(
            level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s"
        )
        stdin = getattr(inp, "buffer", inp) if args.stop_at_eof else None
        asyncio.run(serve(host, args.host, args.port, out, stop_at_eof=stdin))
    except HostError as e:
        raise CommandError(str(e)) from None
    except KeyboardInterrupt:  # a second Ctrl+C while closing
        return 130
    return 0


def _run_gui(db_path: str | None) -> int:
    """Open the card table (imported lazily: the sub-commands never load Qt)."""
    try:
        from skat_desktop.gui.app import run_gui
    except ImportError as e:
        print(f"skat-desktop: error: the card table needs PySide6 ({e})", file=sys.stderr)
        return 1
    return run_gui(sys.argv[:1], db_path=db_path)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="skat-desktop",
        description="Skat: play against the computer, keep score sheets, analyse games.",
    )
    ap.add_argument("--version", action="version", version=f"skat-desktop {__version__}")
    ap.add_argument(
        "--db",
        dest="gui_db",
        metavar="PATH",
        help="the database file: the card table's without a sub-command, else that of db,"
        " selfplay or serve (as their own --db)",
    )
    sub = ap.add_subparsers(dest="command")
    sc = sub.add_parser(
        "score",
        help="score scenarios given as JSON lines on stdin (one JSON answer line each)",
    )
    sc.set_defaults(func=_cmd_score)
    sp = sub.add_parser("selfplay", help="play complete deals between computer players")
    sp.add_argument("--profile", default="isko", help="isko, texas, pre1999 or house")
    sp.add_argument("--deals", type=int, default=1)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument(
        "--players",
        help="comma-separated player kinds by seat: random, beginner, standard, expert, "
        "external:COMMAND (default: random)",
    )
    sp.add_argument("--table", type=int, default=3, choices=(3, 4), help="players at the table")
    sp.add_argument("--out", help="write the game records (JSON lines) to this file")
    sp.add_argument("--db", help="also store the deals as a new series in this database")
    sp.set_defaults(func=_cmd_selfplay)
    ar = sub.add_parser("arena", help="duplicate match between two player kinds (TP/G)")
    for side in ("A", "B"):
        ar.add_argument(
            f"--{side.lower()}",
            required=True,
            help=f"player kind {side}: a level, a level with changed settings "
            "('standard(max_worlds=64)') or external:COMMAND",
        )
    ar.add_argument(
        "--deals", type=int, default=100, help="deals, each in all 6 seatings (at most 1000000)"
    )
    ar.add_argument("--seed", type=int, default=0)
    ar.add_argument("--profile", default="isko", help="isko, texas, pre1999 or house")
    ar.add_argument("--json", action="store_true", help="print one JSON object")
    ar.add_argument(
        "--workers", type=int, help="worker processes, at most 256 (default: all cores)"
    )
    ar.add_argument("--contracts", choices=("free", "fixed"), default="free")
    ar.add_argument("--reference", help="who bids and declares with --contracts fixed")
    ar.add_argument(
        "--timeout", type=float, default=10.0, help="seconds per engine answer (at most 86400)"
    )
    ar.set_defaults(func=_cmd_arena)
    so = sub.add_parser(
        "solve", help="double-dummy values of positions given as JSON lines on stdin"
    )
    so.add_argument(
        "--engine",
        choices=("auto", "c", "python"),
        default="auto",
        help="compiled or pure-Python search (auto: compiled if installed)",
    )
    so.set_defaults(func=_cmd_solve)
    sv = sub.add_parser("serve", help="host tables for players on the local network")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=0, help="TCP port (0: any free port, printed)")
    sv.add_argument("--db", help="database for the tables and their series (default: yours)")
    sv.add_argument(
        "--table",
        action="append",
        metavar="SPEC",
        help="a table, e.g. name=Club,profile=isko,seats=open+open+standard,deals=36"
        "[,grace=300][,substitute=60|off][,level=standard]; repeatable "
        "(default: one ISkO table of three open seats, 36 deals)",
    )
    sv.add_argument("--name", help="the host's name shown to players (default: this computer's)")
    sv.add_argument("--password-file", help="file whose first line is the tables' password")
    sv.add_argument(
        "--profiles",
        metavar="FILE",
        help="JSON object of rule profiles (by the name a --table's profile= uses) besides "
        "the built-in ones",
    )
    sv.add_argument(
        "--workers",
        type=int,
        help="processes the computer players think in, at most 256 (default: all cores but "
        "one, which serves the connections; at least 1)",
    )
    sv.add_argument(
        "--no-announce",
        action="store_true",
        help="do not announce the host on the local network (players type host:port)",
    )
    sv.add_argument(
        "--stop-at-eof",
        action="store_true",
        help="stop (as on SIGTERM) when standard input ends: a program that starts the "
        "host keeps its pipe open, so the host ends with that program even if it is killed",
    )
    sv.set_defaults(func=_cmd_serve)
    from skat_desktop.cli_db import add_db_commands

    add_db_commands(sub)
    return ap


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None
) -> int:
    # the arena's and the LAN host's worker processes start this program again when frozen
    multiprocessing.freeze_support()
    out = out or sys.stdout
    inp = inp or sys.stdin
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return _run_gui(args.gui_db)
    refused = _database_given_before(args)
    if refused:
        print(f"skat-desktop: error: {refused}", file=sys.stderr)
        return 2
    try:
        return _run_command(args, out, inp)
    except BrokenPipeError:  # ``skat-desktop db sheet 1 | head -1``: the reader has enough
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _database_given_before(args: argparse.Namespace) -> str | None:
    """``skat-desktop --db FILE db restore …`` names the database before the sub-command:
    it is that command's ``--db`` (it used to be ignored, and the restore went into the
    default database). A reason when it cannot be: the command uses none, or got another."""
    if args.gui_db is None:
        return None
    if not hasattr(args, "db"):
        return (
            f"{args.command} uses no database: --db FILE goes with the card table, db,"
            " selfplay or serve"
        )
    if args.db is not None and args.db != args.gui_db:
        return f"two databases given, {args.gui_db} and {args.db}: give --db once"
    args.db = args.gui_db
    return None


def _run_command(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    if args.command == "db":
        from skat_desktop.cli_db import run_db_command

        return run_db_command(args, out)
    from skat_desktop.store.database import StoreError

    try:
        return args.func(args, out, inp)
    except (CommandError, StoreError) as e:
        print(f"skat-desktop: error: {str(e).strip().splitlines()[0]}", file=sys.stderr)
        return 2


def gui_main(argv: Sequence[str] | None = None) -> int:
    """``skat-desktop-gui``: the same program started without a console (a Windows GUI
    script); there ``sys.stdout`` and ``sys.stderr`` are None, so messages go nowhere
    rather than failing."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    return main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
