"""Player statistics and the season ranking, read from the stored score sheets.

Qt-free. Everything is computed from ``deal_scores`` and ``deal_results`` — the effective
outcome of each deal after corrections — so the figures always agree with the sheets.

The filters of :class:`StatsFilter` select whole series (rule profile, date range, who sat at
the table); a series is in or out, never cut in half, so each selected series can be rated as
the table it was (Seeger-Fabian and the other methods of :mod:`skat_desktop.engine.tournament`).

The counting is done in SQL: one ``GROUP BY`` over the player's deals (grouped by the facts
that matter: role, game, won, ...) and one ``GROUP BY series, seat`` that yields the tally of
every table member of every selected series (read from the partial covering index
``deal_scores_tally`` of migration m002: only the seats whose score or won/lost count moved).
Python only folds those rows and rates each table with the engine.

Definitions (all per player, over the selected series):

* *deals*: every deal of the series the player sat at; *active* ones (declarer, defender,
  Ramsch, passed in) and *sitting out* (the dealer at a table of four) are counted apart.
* *declarer share*: games declared / active deals. *passed-in rate*: passed-in / active deals.
* *defender success*: games the player defended actively that the declarer lost.
* *average game value*: mean value (after the overbid floor, before loss factor and doublings)
  of the games the player declared, won or lost.
* *overbid rate*: overbid games / games declared.
* *schneider/schwarz won*: games in which the player's side reached Schneider/Schwarz, as
  declarer or as active defender; *suffered*: the other side reached it.
* *Kontra success*: as active defender in games with Kontra (level >= 1), the declarer lost;
  as declarer in such games, he won.
* *Seeger-Fabian*: each series table is rated with
  :func:`~skat_desktop.engine.tournament.seeger_fabian` and the ratings are summed; per 36 and
  per 48 deals = total / deals × 36 (48).
* *won/lost* in the ranking count what a series tally counts (games declared; a Ramsch loser a
  lost game, a Texas Ramsch winner a won one); passed-in deals count neither.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from skat_desktop.engine.money import settle
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.tournament import METHODS, PlayerTally, evaluate, rank, seeger_fabian
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

__all__ = [
    "GameTypeStats",
    "PlayerStats",
    "RankingRow",
    "StatsFilter",
    "player_statistics",
    "ranking_csv_rows",
    "season_ranking",
    "statistics_csv_rows",
]

SUITS = ("clubs", "spades", "hearts", "diamonds")


@dataclass(frozen=True)
class StatsFilter:
    """Which series count. ``opponents``: only series where all these player ids sat."""

    profile: str | None = None  # rule profile name, e.g. "isko"
    date_from: str | None = None  # YYYY-MM-DD, inclusive
    date_to: str | None = None  # YYYY-MM-DD, inclusive
    opponents: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameTypeStats:
    """Games of one kind the player declared."""

    declared: int = 0
    won: int = 0
    lost: int = 0

    @property
    def win_rate(self) -> float | None:
        return _rate(self.won, self.declared)


@dataclass(frozen=True)
class PlayerStats:
    player_id: int
    name: str
    filter: StatsFilter
    series: int
    deals: int  # active + sitting out
    deals_active: int
    deals_sitting_out: int
    games_declared: int
    declarer_won: int
    declarer_lost: int
    suits: GameTypeStats  # clubs, spades, hearts, diamonds together
    grand: GameTypeStats
    null: GameTypeStats
    hand: GameTypeStats  # hand games of any kind
    ouvert: GameTypeStats  # ouvert games of any kind
    defender_games: int
    defender_won: int  # the declarer lost
    declarer_value_total: int
    overbid: int
    schneider_won: int
    schneider_suffered: int
    schwarz_won: int
    schwarz_suffered: int
    passed_in: int
    kontra_defender_games: int
    kontra_defender_won: int
    kontra_declarer_games: int
    kontra_declarer_won: int
    ramsch_deals: int
    ramsch_lost: int
    score_total: int  # game points, the sum of the score sheets
    seeger_fabian: int
    score_over_time: tuple[tuple[str, int, int], ...] = field(default=())
    # (series date, series id, cumulative score after that series), oldest first

    @property
    def declarer_share(self) -> float | None:
        return _rate(self.games_declared, self.deals_active)

    @property
    def declarer_win_rate(self) -> float | None:
        return _rate(self.declarer_won, self.games_declared)

    @property
    def defender_success(self) -> float | None:
        return _rate(self.defender_won, self.defender_games)

    @property
    def average_value(self) -> float | None:
        return _rate(self.declarer_value_total, self.games_declared)

    @property
    def overbid_rate(self) -> float | None:
        return _rate(self.overbid, self.games_declared)

    @property
    def passed_in_rate(self) -> float | None:
        return _rate(self.passed_in, self.deals_active)

    @property
    def kontra_defender_success(self) -> float | None:
        return _rate(self.kontra_defender_won, self.kontra_defender_games)

    @property
    def kontra_declarer_success(self) -> float | None:
        return _rate(self.kontra_declarer_won, self.kontra_declarer_games)

    @property
    def ramsch_loss_rate(self) -> float | None:
        return _rate(self.ramsch_lost, self.ramsch_deals)

    @property
    def seeger_fabian_per_36(self) -> float | None:
        return _per(self.seeger_fabian, self.deals, 36)

    @property
    def seeger_fabian_per_48(self) -> float | None:
        return _per(self.seeger_fabian, self.deals, 48)


@dataclass(frozen=True)
class RankingRow:
    place: int
    player_id: int
    name: str
    series: int
    deals: int
    won: int
    lost: int
    score: int  # game points
    evaluation: int  # sum of the per-series ratings by the method
    per_48: float | None  # evaluation per 48 deals
    money_cents: int = 0  # sum of the series' settlements at their stakes (ISkO 5.5.5)
    # equal to another player on the rating, games won and games lost: the place between
    # them was drawn by lot (SkTO 5.1), which a list shows so no one reads it as merit
    by_lot: bool = False


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _per(total: int, deals: int, n: int) -> float | None:
    return total / deals * n if deals else None


# ------------------------------------------------------------------ selection


def _check_date(value: str) -> None:
    try:
        datetime.strptime(value, "%Y-%m-%d")
    except (TypeError, ValueError):
        raise StoreError(f"{value!r} is not a date (YYYY-MM-DD)") from None


def _series_where(
    store: Store, flt: StatsFilter, with_players: Iterable[int] = ()
) -> tuple[str, list[Any]]:
    """SQL condition on ``series se`` selecting the filtered series, and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    if flt.profile is not None:
        row = store.conn.execute(
            "SELECT id FROM profiles WHERE name = ?", (flt.profile,)
        ).fetchone()
        if row is None:
            raise StoreError(f"there is no rule profile {flt.profile!r} in this database")
        clauses.append("se.profile_id = ?")
        params.append(row[0])
    if flt.date_from:
        _check_date(flt.date_from)
        clauses.append("se.date >= ?")
        params.append(flt.date_from)
    if flt.date_to:
        _check_date(flt.date_to)
        clauses.append("se.date <= ?")
        params.append(flt.date_to)
    people = sorted({*flt.opponents, *with_players})
    if people:
        marks = ", ".join("?" * len(people))
        clauses.append(
            "se.id IN (SELECT series_id FROM series_seats"
            f" WHERE player_id IN ({marks}) GROUP BY series_id"
            " HAVING COUNT(DISTINCT player_id) = ?)"
        )
        params += [*people, len(people)]
    return (" AND ".join(clauses) or "1"), params


def series_money(series_id: int, totals: Sequence[int], stake_cents: float) -> list[int]:
    """Each seat's money at the end of a series (ISkO 5.5.5; none without a stake), or a
    one-line refusal naming the series whose stored stake cannot be counted: a file from
    before the store refused such stakes, or edited by hand (``db check`` names it)."""
    if not stake_cents:
        return [0] * len(totals)
    try:
        return settle(totals, stake_cents)
    except (ValueError, TypeError):
        raise StoreError(
            f"series {series_id}: its stake of {stake_cents!r} cents a point cannot be counted"
        ) from None


@dataclass
class _Table:
    """One selected series: who sat where and the tally of each seat."""

    series_id: int
    date: str
    table_size: int
    profile_id: int
    deals: int
    stake_cents: float = 0.0
    players: dict[int, int] = field(default_factory=dict)  # seat -> player id
    # seat -> [game points, won, lost, defended lost, [(n, won) of "without n" games]]
    counts: dict[int, list[Any]] = field(default_factory=dict)

    def count(self, seat: int) -> list[Any]:
        c = self.counts.get(seat)
        if c is None:
            c = self.counts[seat] = [0, 0, 0, 0, []]
        return c

    def tally(self, seat: int) -> PlayerTally:
        gp, won, lost, defended_lost, without = self.counts.get(seat) or (0, 0, 0, 0, ())
        return PlayerTally(gp, won, lost, defended_lost, tuple(without))

    def tallies(self) -> list[PlayerTally]:
        return [self.tally(s) for s in range(self.table_size)]


# The series are the outer loop (CROSS JOIN fixes the join order), their deals come from
# the covering index deals_series, so the big deals table with the move logs is never read.
# Deals are numbered 1, 2, ... without gaps (the store enforces it): the highest number of a
# series is its number of deals.
_SERIES_SQL = """
SELECT se.id, se.date, se.table_size, se.profile_id,
       (SELECT MAX(d.number) FROM deals d WHERE d.series_id = se.id) AS deals, se.stake_cents
FROM series se
WHERE deals IS NOT NULL AND {where}
ORDER BY se.date, se.id
"""

_SEATS_SQL = """
SELECT ss.series_id, ss.seat, ss.player_id
FROM series se CROSS JOIN series_seats ss ON ss.series_id = se.id
WHERE {where}
"""

# Only the seats whose score or won/lost count changes (the declarer, Ramsch losers):
# about one row per deal, read from the partial covering index deal_scores_tally (m002).
_TALLY_SQL = """
SELECT se.id, s.seat, SUM(s.score), SUM(s.outcome > 0), SUM(s.outcome < 0)
FROM series se CROSS JOIN deals d ON d.series_id = se.id
CROSS JOIN deal_scores s ON s.deal_id = d.id AND (s.score != 0 OR s.outcome != 0)
WHERE {where}
GROUP BY se.id, s.seat
"""

# For the pre-1999 rating: games a soloist lost against each active defender. The primary
# key index is named because SQLite would otherwise build an automatic index on every run.
_DEFENDED_LOST_SQL = """
SELECT se.id, s.seat, COUNT(*)
FROM series se CROSS JOIN deals d ON d.series_id = se.id
CROSS JOIN deal_results r ON r.deal_id = d.id
CROSS JOIN deal_scores s INDEXED BY sqlite_autoindex_deal_scores_1 ON s.deal_id = d.id
WHERE r.kind = 'game' AND r.won = 0 AND s.role = 'defender' AND {where}
GROUP BY se.id, s.seat
"""

# For Texas match points: the games declared "without n".
_WITHOUT_SQL = """
SELECT se.id, r.declarer, r.matadors, r.won
FROM series se CROSS JOIN deals d ON d.series_id = se.id
CROSS JOIN deal_results r ON r.deal_id = d.id
WHERE r.kind = 'game' AND r.with_matadors = 0 AND {where}
"""


def _tables(store: Store, where: str, params: list[Any], method: str) -> list[_Table]:
    """Every selected series that has deals, with the tally of each seat, by date."""
    conn = store.conn
    tables = {
        sid: _Table(sid, date, size, profile_id, deals, stake)
        for sid, date, size, profile_id, deals, stake in conn.execute(
            _SERIES_SQL.format(where=where), params
        )
    }
    for sid, seat, pid in conn.execute(_SEATS_SQL.format(where=where), params):
        if sid in tables:
            tables[sid].players[seat] = pid
    for sid, seat, score, won, lost in conn.execute(_TALLY_SQL.format(where=where), params):
        tables[sid].counts[seat] = [score, won, lost, 0, []]
    if method == "pre1999_rating":
        for sid, seat, n in conn.execute(_DEFENDED_LOST_SQL.format(where=where), params):
            tables[sid].count(seat)[3] = n
    if method == "texas_match_points":
        for sid, seat, matadors, won in conn.execute(_WITHOUT_SQL.format(where=where), params):
            tables[sid].count(seat)[4].append((matadors, bool(won)))
    return list(tables.values())


# ---------------------------------------------------------------- statistics

# The player's deals, grouped by everything the statistics distinguish. A few hundred
# groups at most, however many deals; Python adds them up.
_PLAYER_SQL = """
SELECT s.role, r.kind, r.game, r.hand, r.ouvert, r.won, r.overbid, r.kontra > 0,
       r.schneider, r.schwarz,
       COALESCE(r.declarer_points > 60, r.won) AS declarer_ahead,
       COALESCE(r.declarer_tricks = 10, r.declarer_points > 60, r.won) AS declarer_ahead_schwarz,
       s.outcome, COUNT(*), SUM(r.value)
FROM series se CROSS JOIN deals d ON d.series_id = se.id
CROSS JOIN deal_scores s ON s.deal_id = d.id
JOIN deal_results r ON r.deal_id = d.id
WHERE s.player_id = ? AND {where}
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
"""


def player_statistics(store: Store, player_id: int, flt: StatsFilter | None = None) -> PlayerStats:
    """The statistics page of one player over the series selected by ``flt``."""
    flt = flt or StatsFilter()
    name = store.player_name(player_id)
    where, params = _series_where(store, flt, with_players=(player_id,))

    c: dict[str, int] = defaultdict(int)
    kinds: dict[str, list[int]] = {
        k: [0, 0, 0] for k in ("suits", "grand", "null", "hand", "ouvert")
    }
    rows = store.conn.execute(_PLAYER_SQL.format(where=where), [player_id, *params])
    for (
        role,
        kind,
        game,
        hand,
        ouvert,
        won,
        overbid,
        kontra,
        schneider,
        schwarz,
        ahead,
        ahead_schwarz,
        outcome,
        n,
        value,
    ) in rows:
        if role == "sitting_out":
            c["sitting_out"] += n
            continue
        c["active"] += n
        if kind == "passed_in":
            c["passed_in"] += n
        elif kind == "ramsch":
            c["ramsch"] += n
            if outcome < 0:
                c["ramsch_lost"] += n
        elif kind != "game":
            continue
        elif role == "declarer":
            c["declared"] += n
            c["won" if won else "lost"] += n
            c["value"] += value or 0
            c["overbid"] += n if overbid else 0
            groups = ["suits" if game in SUITS else game]
            groups += ["hand"] if hand else []
            groups += ["ouvert"] if ouvert else []
            for g in groups:
                if g in kinds:
                    kinds[g][0] += n
                    kinds[g][1 if won else 2] += n
            if kontra:
                c["kontra_decl"] += n
                c["kontra_decl_won"] += n if won else 0
            _levels(c, schneider, schwarz, ahead, ahead_schwarz, mine=True, n=n)
        elif role == "defender":
            c["defended"] += n
            c["defended_won"] += 0 if won else n
            if kontra:
                c["kontra_def"] += n
                c["kontra_def_won"] += 0 if won else n
            _levels(c, schneider, schwarz, ahead, ahead_schwarz, mine=False, n=n)

    tables = _tables(store, where, params, "seeger_fabian")
    sf_total = 0
    score_total = 0
    over_time = []
    for t in tables:
        seat = next(s for s, p in t.players.items() if p == player_id)
        sf_total += seeger_fabian(t.tallies(), t.table_size)[seat]
        score_total += t.tally(seat).game_points
        over_time.append((t.date, t.series_id, score_total))

    return PlayerStats(
        player_id=player_id,
        name=name,
        filter=flt,
        series=len(tables),
        deals=c["active"] + c["sitting_out"],
        deals_active=c["active"],
        deals_sitting_out=c["sitting_out"],
        games_declared=c["declared"],
        declarer_won=c["won"],
        declarer_lost=c["lost"],
        suits=GameTypeStats(*kinds["suits"]),
        grand=GameTypeStats(*kinds["grand"]),
        null=GameTypeStats(*kinds["null"]),
        hand=GameTypeStats(*kinds["hand"]),
        ouvert=GameTypeStats(*kinds["ouvert"]),
        defender_games=c["defended"],
        defender_won=c["defended_won"],
        declarer_value_total=c["value"],
        overbid=c["overbid"],
        schneider_won=c["schneider_won"],
        schneider_suffered=c["schneider_suffered"],
        schwarz_won=c["schwarz_won"],
        schwarz_suffered=c["schwarz_suffered"],
        passed_in=c["passed_in"],
        kontra_defender_games=c["kontra_def"],
        kontra_defender_won=c["kontra_def_won"],
        kontra_declarer_games=c["kontra_decl"],
        kontra_declarer_won=c["kontra_decl_won"],
        ramsch_deals=c["ramsch"],
        ramsch_lost=c["ramsch_lost"],
        score_total=score_total,
        seeger_fabian=sf_total,
        score_over_time=tuple(over_time),
    )


def _levels(
    c: dict[str, int],
    schneider: int,
    schwarz: int,
    declarer_ahead: int | None,
    declarer_ahead_schwarz: int | None,
    mine: bool,
    n: int,
) -> None:
    """Count Schneider/Schwarz for the player's side (``mine``: he declared)."""
    if schneider:
        ours = bool(declarer_ahead) == mine
        c["schneider_won" if ours else "schneider_suffered"] += n
    if schwarz:
        ours = bool(declarer_ahead_schwarz) == mine
        c["schwarz_won" if ours else "schwarz_suffered"] += n


# ------------------------------------------------------------------- ranking


def season_ranking(
    store: Store,
    flt: StatsFilter | None = None,
    method: str = "seeger_fabian",
    lot_seed: int | None = 0,
) -> list[RankingRow]:
    """The club ranking over the selected series, best first.

    Each series is rated with ``method`` (one of :data:`~skat_desktop.engine.tournament.METHODS`)
    at its own table size, the ratings are summed per player, and the players are ordered by
    :func:`~skat_desktop.engine.tournament.rank`: higher total, then more games won, then fewer
    lost, then the lot drawn from ``lot_seed`` (``None``: equal players share a place).
    """
    flt = flt or StatsFilter()
    if method not in METHODS:
        raise StoreError(f"unknown rating method {method!r}: choose one of {', '.join(METHODS)}")
    where, params = _series_where(store, flt)
    tables = _tables(store, where, params, method)
    won_only: dict[int, bool] = {}
    # player -> [series, deals, score, won, lost, evaluation, money]
    acc: dict[int, list[int]] = {}
    for t in tables:
        if t.profile_id not in won_only:
            profile: RuleProfile = store.profile(t.profile_id)
            won_only[t.profile_id] = profile.texas_matador_bonus_won_only
        tallies = t.tallies()
        ratings = evaluate(method, tallies, t.table_size, won_only[t.profile_id])
        money = series_money(t.series_id, [x.game_points for x in tallies], t.stake_cents)
        for seat, pid in t.players.items():
            tally = tallies[seat]
            a = acc.setdefault(pid, [0, 0, 0, 0, 0, 0, 0])
            a[6] += money[seat]
            a[0] += 1
            a[1] += t.deals
            a[2] += tally.game_points
            a[3] += tally.won
            a[4] += tally.lost
            a[5] += ratings[seat]
    if not acc:
        return []
    ids = sorted(acc)
    names = _names(store, ids)
    scores = [acc[p][5] for p in ids]
    tallies = [PlayerTally(acc[p][2], acc[p][3], acc[p][4]) for p in ids]
    places = rank(ids, scores, tallies, lot_seed=lot_seed)
    # the places the SkTO tie-breaks leave shared: where the lot decided
    unbroken = rank(ids, scores, tallies, lot_seed=None)
    shared = Counter(place for place, _ in unbroken)
    tied = {pid for place, pid in unbroken if shared[place] > 1}
    out = []
    for place, pid in places:
        series, deals, score, won, lost, evaluation, money_cents = acc[pid]
        out.append(
            RankingRow(
                place=place,
                player_id=pid,
                name=names[pid],
                series=series,
                deals=deals,
                won=won,
                lost=lost,
                score=score,
                evaluation=evaluation,
                per_48=_per(evaluation, deals, 48),
                money_cents=money_cents,
                by_lot=lot_seed is not None and pid in tied,
            )
        )
    return out


def _names(store: Store, ids: Sequence[int]) -> dict[int, str]:
    return dict(
        store.conn.execute(f"SELECT id, name FROM players WHERE id IN ({', '.join(map(str, ids))})")
    )


# ----------------------------------------------------------------------- CSV

_RATES = (
    "declarer_share",
    "declarer_win_rate",
    "defender_success",
    "average_value",
    "overbid_rate",
    "passed_in_rate",
    "kontra_defender_success",
    "kontra_declarer_success",
    "ramsch_loss_rate",
    "seeger_fabian_per_36",
    "seeger_fabian_per_48",
)


def _fmt(v: float | None) -> float | str:
    return "" if v is None else round(v, 4)


def statistics_csv_rows(stats: PlayerStats) -> list[dict[str, Any]]:
    """Flat rows (player, metric, value, date, series_id) for a CSV writer.

    First one row per figure, then one ``cumulative_score`` row per series for the chart.
    """
    base = {"player_id": stats.player_id, "player": stats.name}
    rows: list[dict[str, Any]] = []

    def add(metric: str, value: Any, date: str = "", series_id: Any = "") -> None:
        rows.append(
            {**base, "metric": metric, "value": value, "date": date, "series_id": series_id}
        )

    flt = stats.filter
    add("filter_profile", flt.profile or "")
    add("filter_date_from", flt.date_from or "")
    add("filter_date_to", flt.date_to or "")
    add("filter_opponents", " ".join(map(str, flt.opponents)))
    for f in fields(stats):
        v = getattr(stats, f.name)
        if f.name in ("player_id", "name", "filter", "score_over_time"):
            continue
        if isinstance(v, GameTypeStats):
            add(f"{f.name}_declared", v.declared)
            add(f"{f.name}_won", v.won)
            add(f"{f.name}_lost", v.lost)
            add(f"{f.name}_win_rate", _fmt(v.win_rate))
        else:
            add(f.name, v)
    for name in _RATES:
        add(name, _fmt(getattr(stats, name)))
    for date, sid, total in stats.score_over_time:
        add("cumulative_score", total, date, sid)
    return rows


def ranking_csv_rows(rows: Sequence[RankingRow]) -> list[dict[str, Any]]:
    """One flat dict per ranking line, in ranking order."""
    return [
        {
            "place": r.place,
            "player_id": r.player_id,
            "name": r.name,
            "series": r.series,
            "deals": r.deals,
            "won": r.won,
            "lost": r.lost,
            "score": r.score,
            "evaluation": r.evaluation,
            "per_48": _fmt(None if r.per_48 is None else round(r.per_48, 2)),
            "money_cents": r.money_cents,
        }
        for r in rows
    ]
