"""``skat-desktop db …``: score sheets, club-evening entry, rankings and backups from the shell.

Every sub-command opens the database given by ``--db`` (default: the embedded file
in the user data directory) and exits non-zero with one line on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date as _date
from pathlib import Path
from typing import Any, TextIO

from skat_desktop.engine.cards import GAME_NAMES


class DbCommandError(Exception):
    """One line for the user; exit status 2."""


def _store(args: argparse.Namespace, read_only: bool = False, create: bool = False):
    """The database of ``--db``. Commands that only look open it read-only: they need no
    lock, so they work beside a program that is writing and on a read-only file. Only
    commands that start something (a player, a series, a profile, an import) create a
    missing database; the others say there is none, so a mistyped ``--db`` never leaves
    an empty file behind (or gets backed up over a good backup)."""
    from skat_desktop.store.repository import Store

    return Store.open(args.db, read_only=read_only, create=create and not read_only)


def _service(store, series_id: int):
    from skat_desktop.app.sheets import SeriesService

    return SeriesService(store, series_id)


def _seat_of(info, name: str) -> int:
    for seat, (_, player) in enumerate(info.players):
        if player.casefold() == name.strip().casefold():
            return seat
    names = ", ".join(p for _, p in info.players)
    raise DbCommandError(f"{name!r} does not play in series {info.id} ({names})")


def _per_seat(info, text: str, what: str) -> list[int]:
    """Parse ``Anna=61,Bernd=39,Cem=20`` into a list by table seat."""
    values = [0] * info.table_size
    for part in text.split(","):
        name, sep, value = part.partition("=")
        if not sep:
            raise DbCommandError(f"--{what} takes NAME=NUMBER pairs separated by commas")
        try:
            values[_seat_of(info, name)] = int(value)
        except ValueError:
            raise DbCommandError(f"--{what}: {value!r} is not a whole number") from None
    return values


def _game_entry(args: argparse.Namespace, info) -> dict[str, Any]:
    if args.entry:
        try:
            entry = json.loads(args.entry)
        except json.JSONDecodeError as e:
            raise DbCommandError(f"--entry is not valid JSON: {e.msg}") from None
        return entry
    if args.passed:
        return {"kind": "passed_in"}
    if args.ramsch:
        if not (args.points and args.tricks and args.last_trick):
            raise DbCommandError("a Ramsch entry needs --points, --tricks and --last-trick")
        return {
            "kind": "ramsch",
            "points": _per_seat(info, args.points, "points"),
            "tricks": _per_seat(info, args.tricks, "tricks"),
            "last_trick": _seat_of(info, args.last_trick),
            "skat_points": args.skat_points,
            "pushes": args.pushes,
            "later_trick": [_seat_of(info, n) for n in (args.later_trick or "").split(",") if n],
        }
    if not args.declarer or not args.game or args.bid is None or args.won is None:
        raise DbCommandError("a game entry needs --declarer, --game, --bid and --won or --lost")
    return {
        "kind": "game",
        "declarer": _seat_of(info, args.declarer),
        "contract": {
            "game": args.game,
            "hand": args.hand,
            "schneider_announced": args.schneider_announced,
            "schwarz_announced": args.schwarz_announced,
            "ouvert": args.ouvert,
        },
        "bid": args.bid,
        "won": args.won,
        "with_matadors": not args.without,
        "matadors": args.matadors,
        "schneider": args.schneider,
        "schwarz": args.schwarz,
        "kontra": args.kontra,
        "lose_as": args.lose_as,
        "declarer_points": args.declarer_points,
    }


def _add_entry_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("series", type=int)
    p.add_argument("--entry", help="the whole entry as JSON (see docs/score-sheet.md)")
    p.add_argument("--passed", action="store_true", help="all passed (passed in)")
    p.add_argument("--declarer")
    p.add_argument("--game", choices=[g for g in GAME_NAMES if g != "ramsch"])
    p.add_argument("--hand", action="store_true")
    p.add_argument("--schneider-announced", action="store_true")
    p.add_argument("--schwarz-announced", action="store_true")
    p.add_argument("--ouvert", action="store_true")
    p.add_argument("--bid", type=int)
    won = p.add_mutually_exclusive_group()
    won.add_argument("--won", dest="won", action="store_true", default=None)
    won.add_argument("--lost", dest="won", action="store_false")
    p.add_argument("--matadors", type=int, default=1)
    p.add_argument("--without", action="store_true", help="matadors counted 'without'")
    p.add_argument("--schneider", action="store_true", help="Schneider reached")
    p.add_argument("--schwarz", action="store_true", help="Schwarz reached")
    p.add_argument("--kontra", type=int, default=0, help="1 Kontra, 2 Re, 3 Bock, 4 Hirsch")
    p.add_argument(
        "--lose-as",
        choices=["diamonds", "hearts", "spades", "clubs", "grand"],
        help="Null below the bid: the game it is charged as",
    )
    p.add_argument("--declarer-points", type=int)
    p.add_argument("--ramsch", action="store_true")
    p.add_argument("--points", help="Ramsch: NAME=POINTS,... from the tricks, without the skat")
    p.add_argument("--tricks", help="Ramsch: NAME=TRICKS,...")
    p.add_argument("--last-trick", help="Ramsch: who took the last trick")
    p.add_argument("--later-trick", help="Ramsch ties: tied players, the later trick first")
    p.add_argument("--skat-points", type=int, default=0)
    p.add_argument("--pushes", type=int, default=0)


def _date_arg(text: str) -> str:
    try:
        _date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None
    return text


# ---------------------------------------------------------------- handlers


def _players(args, out: TextIO) -> int:
    store = _store(args, read_only=not args.add, create=True)
    if args.add:
        pid = store.add_player(args.add, guest=args.guest)
        print(f"player {pid}: {args.add}", file=out)
        return 0
    for p in store.players():
        guest = " (guest)" if p["guest"] else ""
        print(f"{p['id']:>4}  {p['name']}{guest}", file=out)
    return 0


def _profile(store, name: str):
    """A built-in profile, or a user copy stored in the database."""
    from skat_desktop.engine.profiles import BUILTIN

    profile = BUILTIN.get(name) or store.find_profile(name)
    if profile is None:
        known = sorted({*BUILTIN, *(p["name"] for p in store.profiles())})
        raise DbCommandError(f"unknown rule profile {name!r}: choose one of {', '.join(known)}")
    return profile


def _profiles(args, out: TextIO) -> int:
    from skat_desktop.engine.profiles import BUILTIN

    store = _store(args, read_only=not args.copy, create=True)
    if args.copy:
        base = _profile(store, args.copy)
        changes: dict[str, Any] = {}
        for item in args.set or []:
            key, sep, value = item.partition("=")
            if not sep:
                raise DbCommandError("--set takes OPTION=VALUE")
            try:
                changes[key.strip()] = json.loads(value)
            except json.JSONDecodeError:
                changes[key.strip()] = value
        if not args.name or args.name in BUILTIN:
            raise DbCommandError("a copy needs a new --name that is not a built-in profile")
        data = {**base.to_dict(), **changes, "name": args.name, "title": args.title or args.name}
        from skat_desktop.engine.profiles import RuleProfile

        try:
            profile = RuleProfile.from_dict(data)
        except (ValueError, TypeError) as e:
            raise DbCommandError(str(e)) from None
        pid = store.save_profile(profile)
        print(f"profile {pid}: {profile.name} ({profile.title})", file=out)
        return 0
    stored = {p["name"] for p in store.profiles()}
    for name in sorted({*BUILTIN, *stored}):
        p = _profile(store, name)
        kind = "built-in" if name in BUILTIN else "user copy"
        print(f"{name:12s} {kind:9s} {p.title}", file=out)
    return 0


def _create_series(args, out: TextIO) -> int:
    store = _store(args, create=True)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    profile = _profile(store, args.profile)
    ids = [store.ensure_player(n) for n in names]
    first = 0
    if args.first_dealer:
        first = (
            [n.casefold() for n in names].index(args.first_dealer.casefold())
            if args.first_dealer.casefold() in [n.casefold() for n in names]
            else -1
        )
        if first < 0:
            raise DbCommandError(f"--first-dealer {args.first_dealer!r} is not at the table")
    sid = store.create_series(
        args.title,
        args.date or _date.today().isoformat(),
        ids,
        profile,
        planned_deals=args.deals,
        place=args.place,
        first_dealer=first,
        stake_cents=args.stake,
        source="entered",  # games of a real table: the list of score sheets says so
    )
    print(f"series {sid}", file=out)
    return 0


def _add_game(args, out: TextIO) -> int:
    from skat_desktop.store.database import StoreError

    store = _store(args)
    svc = _service(store, args.series)
    entry = _game_entry(args, svc.info)
    svc.add_entry(entry)
    try:
        line = svc.sheet().lines[-1]
    except StoreError as e:  # stored all the same: said, so that it is not entered twice
        raise DbCommandError(f"the game is stored, but the sheet cannot be shown: {e}") from None
    scores = [
        f"{name} {score:+d}"
        for (_, name), score in zip(svc.info.players, line.scores, strict=True)
        if score
    ]
    print(
        f"deal {line.number}: {line.label} {line.value} -> {', '.join(scores) or 'no score'}",
        file=out,
    )
    return 0


def _correct(args, out: TextIO) -> int:
    store = _store(args)
    svc = _service(store, args.series)
    entry = _game_entry(args, svc.info)
    svc.correct(args.number, args.author, args.reason, entry)
    line = svc.sheet().lines[args.number - 1]
    print(
        f"deal {line.number} corrected: {line.label} {line.value}, totals "
        f"{' / '.join(str(t) for t in svc.sheet().totals)}",
        file=out,
    )
    return 0


MAX_CHECK_LINES = 1000  # problem lines printed by `db check`; the summary counts them all


def _check(args, out: TextIO) -> int:
    """`db check [--repair]`: 0 clean, 1 problems found (or left), 2 cannot open."""
    from skat_desktop.app.check import check_database, repair_database

    report = repair_database(args.db) if args.repair else check_database(args.db)
    for line in report.rewritten:
        print(line, file=out)
    if report.refused:
        print(report.refused, file=out)
    for problem in report.problems[:MAX_CHECK_LINES]:
        print(problem.line(), file=out)
    if len(report.problems) > MAX_CHECK_LINES:
        print(f"... and {len(report.problems) - MAX_CHECK_LINES} more problems", file=out)
    print(report.summary(), file=out)
    return 0 if report.clean else 1


def _close(args, out: TextIO) -> int:
    store = _store(args)
    if args.reopen:
        store.reopen_series(args.series, args.author, args.reason or "")
        print(f"series {args.series} reopened", file=out)
    else:
        _service(store, args.series).close(args.author, args.reason or "signed")
        print(f"series {args.series} closed", file=out)
    return 0


def _table(rows: list[list[str]], out: TextIO) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print(
            "  ".join(
                c.rjust(w)
                if c[:1].isdigit() or (c[:1] in "+-" and c[1:2].isdigit())
                else c.ljust(w)
                for c, w in zip(r, widths, strict=True)
            ).rstrip(),
            file=out,
        )


def _sheet(args, out: TextIO) -> int:
    store = _store(args, read_only=True)
    svc = _service(store, args.series)
    if args.csv:
        from skat_desktop.app.exchange import sheet_csv_rows, write_csv

        write_csv(sheet_csv_rows(store, args.series), Path(args.csv), [store.path])
        print(f"wrote {args.csv}", file=out)
        return 0
    sh = svc.sheet()
    names = [n for _, n in sh.info.players]
    status = "closed" if sh.info.closed else "open"
    print(
        " — ".join(
            part
            for part in (
                sh.info.title,
                f"{sh.info.date} {sh.info.place}".strip(),
                sh.info.profile.title,
                status,
            )
            if part
        ),
        file=out,
    )
    rows = [["#", "dealer", "declarer", "game", "value", *names]]
    for line in sh.lines:
        marks = (
            ("B" if line.bock else "")
            + ("R" if line.ramsch_round else "")
            + ("*" if line.corrected else "")
            + ("U" if line.overbid else "")
        )
        result = "" if line.won is None else ("won" if line.won else "lost")
        rows.append(
            [
                f"{line.number}{marks}",
                line.dealer,
                line.declarer or "-",
                f"{line.label} {result}".strip(),
                str(line.value) if line.value else "",
                *[f"{t}" for t in line.totals],
            ]
        )
    rows.append(["", "", "", "total", "", *[str(t) for t in sh.totals]])
    rows.append(
        [
            "",
            "",
            "",
            "won / lost",
            "",
            *[f"{w}/{lo}" for w, lo in zip(sh.won, sh.lost, strict=True)],
        ]
    )
    rows.append(["", "", "", "Seeger-Fabian", "", *[str(s) for s in sh.seeger_fabian]])
    if sh.info.profile.tournament_scoring not in ("seeger_fabian", "running_total"):
        rows.append(
            [
                "",
                "",
                "",
                sh.info.profile.tournament_scoring.replace("_", " "),
                "",
                *[str(s) for s in sh.evaluation],
            ]
        )
    if sh.info.stake_cents:
        rows.append(["", "", "", "money (cents)", "", *[f"{m:+d}" for m in sh.money_cents]])
    _table(rows, out)
    print("places: " + ", ".join(f"{p}. {names[s]}" for p, s in sh.ranking), file=out)
    if sh.passed_in:
        print(f"passed in: {sh.passed_in}", file=out)
    print("B Bock round, R Ramsch round, * corrected, U overbid", file=out)
    for number, why in sh.unreadable:
        print(
            f"deal {number} cannot be scored ({why}); it counts 0 and the totals, "
            f"Seeger-Fabian and places are provisional until it is corrected (db correct)",
            file=out,
        )
    return 0


def selfplay_into_database(
    path, profile, deals: int, seed: int, table: int, names: list[str], make_players
) -> int:
    """Play ``deals`` deals into a new series of the database; returns the series id.

    Each deal is committed the moment it ends (the same path the GUI table takes)."""
    import random

    from skat_desktop.store.repository import Store

    store = Store.open(path)

    from skat_desktop.app.selfplay import deal_seeds, play_deal
    from skat_desktop.engine.deal import Deal, DealSetup
    from skat_desktop.engine.dealing import deal_from_seed

    ids = [store.ensure_player(f"{n} {i + 1}", kind="computer") for i, n in enumerate(names)]
    sid = store.create_series(
        f"Self-play seed {seed}",
        _date.today().isoformat(),
        ids,
        profile,
        planned_deals=deals or None,
        source="selfplay",
    )
    svc = _service(store, sid)
    players = make_players(random.Random(seed))
    seeds = deal_seeds(seed)
    for _ in range(deals):
        s = next(seeds)
        dealer, bock, ramsch = svc.next_context()
        deal = Deal(DealSetup(profile, deal_from_seed(s), s, table, dealer, bock, ramsch))
        svc.record_played(play_deal(deal, players))
    store.close()
    return sid


def _export(args, out: TextIO) -> int:
    from skat_desktop.app import exchange

    store = _store(args, read_only=True)
    if args.iss:
        lines = [line for sid in args.series for line in exchange.export_iss(store, sid)]
        exchange.write_iss(lines, Path(args.out), [store.path])
        print(f"wrote {len(lines)} ISS game records to {args.out}", file=out)
        return 0
    exchange.write_export(exchange.export_series(store, args.series), Path(args.out), [store.path])
    print(f"wrote {len(args.series)} series to {args.out}", file=out)
    return 0


def _import(args, out: TextIO) -> int:
    from skat_desktop.app import exchange

    store = _store(args, create=True)
    if args.iss:
        report = exchange.import_iss(store, Path(args.file), limit=args.limit)
        if report.unreadable and report.unreadable == report.skipped and not report.imported:
            # not one game record: the wrong file (a series export, say), not a damaged one
            line_no, why = report.errors[0]
            raise exchange.ExchangeError(
                f"no line of {args.file} is an ISS game record ({report.unreadable} lines;"
                f" line {line_no}: {why})"
            )
        print(f"imported {report.imported} ISS games, skipped {report.skipped}", file=out)
        for line_no, message in report.errors[:20]:
            print(f"  line {line_no}: {message}", file=out)
        if len(report.errors) > 20:
            print(f"  ... and {len(report.errors) - 20} more", file=out)
        return 0
    ids = exchange.import_series(store, Path(args.file))
    print(f"imported series {', '.join(map(str, ids))}", file=out)
    return 0


def _backup(args, out: TextIO) -> int:
    from skat_desktop.app import exchange

    store = _store(args, read_only=True)
    dest = exchange.backup(store, args.dest)
    print(f"backup written to {dest}", file=out)
    return 0


def _restore(args, out: TextIO) -> int:
    from skat_desktop.app import exchange
    from skat_desktop.store.database import default_path

    target = Path(args.db) if args.db else default_path()
    notes: list[str] = []
    kept = exchange.restore(args.backup, target, tell=notes.append)
    print(f"restored {args.backup} to {target}", file=out)
    for note in notes:
        print(note, file=out)
    if kept and not notes:
        print(f"the previous content is kept as {kept}", file=out)
    return 0


def _filter(args, store):
    from skat_desktop.app.statistics import StatsFilter

    opponents = ()
    if getattr(args, "opponents", None):
        ids = []
        for name in args.opponents.split(","):
            pid = store.find_player(name)
            if pid is None:
                raise DbCommandError(f"there is no player called {name.strip()!r}")
            ids.append(pid)
        opponents = tuple(ids)
    return StatsFilter(args.profile, args.date_from, args.date_to, opponents)


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.1f}%"


def _num(v: float | None) -> str:
    return "-" if v is None else f"{v:.1f}"


def _stats(args, out: TextIO) -> int:
    from skat_desktop.app import statistics
    from skat_desktop.app.exchange import write_csv

    store = _store(args, read_only=True)
    pid = store.find_player(args.player)
    if pid is None:
        raise DbCommandError(f"there is no player called {args.player!r}")
    st = statistics.player_statistics(store, pid, _filter(args, store))
    if args.csv:
        write_csv(statistics.statistics_csv_rows(st), Path(args.csv), [store.path])
        print(f"wrote {args.csv}", file=out)
        return 0
    rows = [
        ("series / deals", f"{st.series} / {st.deals} ({st.deals_sitting_out} sitting out)"),
        ("games declared", f"{st.games_declared} ({_pct(st.declarer_share)} of deals)"),
        (
            "won / lost as declarer",
            f"{st.declarer_won} / {st.declarer_lost} ({_pct(st.declarer_win_rate)})",
        ),
    ]
    for label, g in (
        ("suit games", st.suits),
        ("Grand", st.grand),
        ("Null", st.null),
        ("Hand games", st.hand),
        ("ouvert", st.ouvert),
    ):
        if g.declared:
            rows.append((f"  {label}", f"{g.won} / {g.declared} won ({_pct(g.win_rate)})"))
    rows += [
        (
            "defender success",
            f"{st.defender_won} / {st.defender_games} ({_pct(st.defender_success)})",
        ),
        ("average game value", _num(st.average_value)),
        ("overbid", f"{st.overbid} ({_pct(st.overbid_rate)})"),
        ("Schneider won / suffered", f"{st.schneider_won} / {st.schneider_suffered}"),
        ("Schwarz won / suffered", f"{st.schwarz_won} / {st.schwarz_suffered}"),
        ("passed in", f"{st.passed_in} ({_pct(st.passed_in_rate)})"),
        ("score", str(st.score_total)),
        (
            "Seeger-Fabian",
            f"{st.seeger_fabian} (per 36: {_num(st.seeger_fabian_per_36)}, "
            f"per 48: {_num(st.seeger_fabian_per_48)})",
        ),
    ]
    if st.kontra_defender_games or st.kontra_declarer_games:
        rows.append(
            (
                "Kontra success (defending / declaring)",
                f"{_pct(st.kontra_defender_success)} / {_pct(st.kontra_declarer_success)}",
            )
        )
    if st.ramsch_deals:
        rows.append(("Ramsch lost", f"{st.ramsch_lost} / {st.ramsch_deals}"))
    print(f"Statistics for {st.name}", file=out)
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k.ljust(width)}  {v}", file=out)
    return 0


def _ranking(args, out: TextIO) -> int:
    from skat_desktop.app import statistics
    from skat_desktop.app.exchange import write_csv

    store = _store(args, read_only=True)
    rows = statistics.season_ranking(store, _filter(args, store), method=args.method)
    if args.csv:
        write_csv(statistics.ranking_csv_rows(rows), Path(args.csv), [store.path])
        print(f"wrote {args.csv}", file=out)
        return 0
    with_money = any(r.money_cents for r in rows)
    header = ["place", "player", "series", "deals", "won", "lost", "score"]
    header += [args.method.replace("_", " "), "per 48"]
    table = [header + (["money (cents)"] if with_money else [])]
    for r in rows:
        line = [str(r.place), r.name, str(r.series), str(r.deals), str(r.won), str(r.lost)]
        line += [str(r.score), str(r.evaluation), _num(r.per_48)]
        table.append(line + ([f"{r.money_cents:+d}"] if with_money else []))
    if len(table) == 1:
        print("no series in this range", file=out)
        return 0
    _table(table, out)
    return 0


def _filter_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", help="only series under this rule profile")
    p.add_argument("--from", dest="date_from", type=_date_arg, help="first date (YYYY-MM-DD)")
    p.add_argument("--to", dest="date_to", type=_date_arg, help="last date (YYYY-MM-DD)")
    p.add_argument("--csv", metavar="FILE", help="write CSV instead")


def add_db_commands(sub: argparse._SubParsersAction) -> None:
    db = sub.add_parser("db", help="score sheets, club evenings, rankings, export and backup")
    db.add_argument("--db", help="the database file (default: the one in your data folder)")
    cmds = db.add_subparsers(dest="db_command", required=True)

    p = cmds.add_parser("players", help="list players, or add one")
    p.add_argument("--add", metavar="NAME")
    p.add_argument("--guest", action="store_true")
    p.set_defaults(db_func=_players)

    p = cmds.add_parser("profiles", help="list rule profiles, or --copy one with changes")
    p.add_argument("--copy", metavar="PROFILE", help="the profile to copy")
    p.add_argument("--name", help="name of the copy")
    p.add_argument("--title", help="title of the copy")
    p.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help="change an option (RULES.md §1 engine keys), e.g. grand_base=20",
    )
    p.set_defaults(db_func=_profiles)

    p = cmds.add_parser("create-series", help="start a series at a 3- or 4-seat table")
    p.add_argument("--title", required=True)
    p.add_argument("--date", type=_date_arg)
    p.add_argument("--players", required=True, help="names in seat order, comma-separated")
    p.add_argument("--profile", default="isko")
    p.add_argument("--deals", type=int, help="planned length, e.g. 36 or 48")
    p.add_argument("--place", default="")
    p.add_argument("--first-dealer", help="name of the first dealer (default: first seat)")
    p.add_argument("--stake", type=float, default=0.0, help="cents per point")
    p.set_defaults(db_func=_create_series)

    p = cmds.add_parser("add-game", help="enter a game played with real cards")
    _add_entry_options(p)
    p.set_defaults(db_func=_add_game)

    p = cmds.add_parser("correct", help="correct a deal (kept with an audit trail)")
    _add_entry_options(p)
    p.add_argument("number", type=int, help="deal number in the series")
    p.add_argument("--author", required=True)
    p.add_argument("--reason", required=True)
    p.set_defaults(db_func=_correct)

    p = cmds.add_parser("close", help="close (sign) a series, or --reopen it with a reason")
    p.add_argument("series", type=int)
    p.add_argument("--author", required=True)
    p.add_argument("--reason")
    p.add_argument("--reopen", action="store_true")
    p.set_defaults(db_func=_close)

    p = cmds.add_parser(
        "check",
        help="check the database (read-only): SQLite, marks, and every sheet against its"
        " sources; exit 0 clean, 1 problems, 2 cannot open",
    )
    p.add_argument(
        "--repair",
        action="store_true",
        help="rewrite the derived rows (results, scores) that disagree with the sources",
    )
    p.set_defaults(db_func=_check)

    p = cmds.add_parser("sheet", help="show a series' score sheet")
    p.add_argument("series", type=int)
    p.add_argument("--csv", metavar="FILE", help="write it as CSV instead")
    p.set_defaults(db_func=_sheet)

    p = cmds.add_parser("stats", help="a player's statistics")
    p.add_argument("player")
    p.add_argument("--opponents", help="only series with all of these players at the table")
    _filter_options(p)
    p.set_defaults(db_func=_stats)

    p = cmds.add_parser("ranking", help="the club ranking over a season (date range)")
    p.add_argument(
        "--method",
        default="seeger_fabian",
        choices=["seeger_fabian", "texas_match_points", "pre1999_rating", "running_total"],
    )
    _filter_options(p)
    p.set_defaults(db_func=_ranking)

    p = cmds.add_parser("export", help="export series as JSON (or ISS game records)")
    p.add_argument("series", type=int, nargs="+")
    p.add_argument("--out", required=True, metavar="FILE")
    p.add_argument("--iss", action="store_true", help="one ISS game record per line")
    p.set_defaults(db_func=_export)

    p = cmds.add_parser("import", help="import a JSON series export (or an ISS archive)")
    p.add_argument("file")
    p.add_argument("--iss", action="store_true", help="ISS game records (.sgf or .sgf.bz2)")
    p.add_argument("--limit", type=int, help="ISS: import at most this many games")
    p.set_defaults(db_func=_import)

    p = cmds.add_parser("backup", help="write a consistent copy of the database")
    p.add_argument("dest", metavar="FILE")
    p.set_defaults(db_func=_backup)

    p = cmds.add_parser(
        "restore", help="replace the database's content by a checked backup (even while in use)"
    )
    p.add_argument("backup", metavar="FILE")
    p.set_defaults(db_func=_restore)


def run_db_command(args: argparse.Namespace, out: TextIO) -> int:
    import sqlite3

    from skat_desktop.engine.entry import ImpossibleEntry
    from skat_desktop.store.database import StoreError, default_path, explain

    try:
        return args.db_func(args, out)
    except BrokenPipeError:  # the reader of our output stopped reading (``| head``)
        raise
    except (DbCommandError, StoreError, ImpossibleEntry, OSError) as e:
        print(f"skat-desktop: error: {_first_line(e)}", file=sys.stderr)
        return 2
    except sqlite3.Error as e:  # a damaged page met halfway through a command
        print(f"skat-desktop: error: {explain(e, args.db or default_path())}", file=sys.stderr)
        return 2


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__
