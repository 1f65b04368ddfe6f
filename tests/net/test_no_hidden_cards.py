"""Security sweep over real sockets (issue 24, item 7): no client is ever sent a card its
seat may not know at that moment.

One host in this process (127.0.0.1, port 0) runs several tables at once: three seats in
every built-in profile, four seats, and a Schieberamsch house copy at three and four,
each with scripted clients (:class:`~skat_desktop.net.scripted.Bot`) at every open seat
and a kibitzer, together more than a thousand complete deals. The bots prefer Ouvert
games, pass whole deals now and then (Ramsch, Schieberamsch), say Kontra, claim, and drop
their connection at random moments -- in the bidding, in the middle of a trick -- to come
back with their session token. The clients run in two worker processes (this file run as
a script), so that the host and its clients use both cores.

Every frame every client receives is searched as it arrives: its whole JSON (keys,
values, sentences) for cards, as codes (``CJ``, ``D10``), symbols (``♣J``) and words
(``Jack of clubs``, ``Kreuz Bube``). "May know" is worked out here, not by engine/view.py,
from public facts: once a deal is over its seed (checked by the clients against the
host's commitment) gives every hand, and the revealed log replays it move by move. A
recipient may know, after the moves a frame stands after: its own dealt hand and every
card it has held since (the skat once it picked it up, hence its own discard; a
Schieberamsch pass it made or took), the cards played, an Ouvert declarer's hand once
declared, and every card once the move that ends the deal is made. A seat that sits out
and a kibitzer hold nothing. The moment is the client's own count of the moves it was
sent, each checked against the revealed log (and each result against the host's own
sheet), so no card can be made to look public by moves that were not made.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import re
import sys
import zlib
from collections import Counter, defaultdict
from typing import Any

from skat_desktop.app.table import TableController
from skat_desktop.engine.actions import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    Double,
    Pass,
    PickUp,
    Play,
    action_from_dict,
)
from skat_desktop.engine.cards import RANKS, SUITS, code
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import BUILTIN, HOUSE
from skat_desktop.engine.view import SeatView
from skat_desktop.net.host import Host, Limits
from skat_desktop.net.hosted_table import TableConfig
from skat_desktop.net.scripted import Bot

SCHIEBE = HOUSE.copy(
    "house_schieben",
    "House with Schieberamsch",
    all_pass="schieberamsch",
    ramsch_grand_hand=True,
    bock_ramsch_round=True,
)
PROFILES = {**BUILTIN, SCHIEBE.name: SCHIEBE}
# table id: (profile, seats, deals), 1,000 deals in all; the clients of each group of
# tables run in one worker process
TABLES = {
    "three-isko": ("isko", 3, 128),
    "three-texas": ("texas", 3, 128),
    "three-pre1999": ("pre1999", 3, 128),
    "three-house": ("house", 3, 128),
    "four-house": ("house", 4, 120),
    "four-texas": ("texas", 4, 120),
    "three-schieben": ("house_schieben", 3, 128),
    "four-schieben": ("house_schieben", 4, 120),
}
WORKERS = (
    ("three-isko", "three-house", "four-texas", "three-schieben"),
    ("three-texas", "three-pre1999", "four-house", "four-schieben"),
)
NAMES = ("Anna", "Bernd", "Cleo", "Dora")
WHOLE = 300.0  # seconds before a stuck sweep fails (it takes far less: see the report)
KEPT = 10  # problems described in full (all are counted)

# ---------------------------------------------------------------------- cards in a frame

_RANK_WORDS = ("7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
_SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")
_DE_SUITS = (("Kreuz", "Eichel"), ("Pik", "Grün"), ("Herz",), ("Karo", "Schellen"))
_DE_RANKS = (
    ("7",),
    ("8",),
    ("9",),
    ("10",),
    ("Bube", "Unter"),
    ("Dame", "Ober"),
    ("König",),
    ("Ass", "Daus"),
)
NAMED: dict[str, int] = {}  # every way a frame could name a card -> the card
for _c in range(32):
    _s, _r = _c >> 3, _c & 7
    _rank = "10" if RANKS[_r] == "T" else RANKS[_r]
    NAMED[code(_c)] = NAMED[SUITS[_s] + _rank] = NAMED["♣♠♥♦"[_s] + _rank] = _c
    NAMED[f"{_RANK_WORDS[_r]} of {_SUIT_WORDS[_s]}".casefold()] = _c
    for _ds in _DE_SUITS[_s]:
        for _dr in _DE_RANKS[_r]:
            NAMED[f"{_ds} {_dr}".casefold()] = _c
# a code or a symbol not inside a longer word (a session token's "-CJ_" is no card); the
# look-behind comes after the suit letter, so the search runs at the regex engine's speed
CODE_TEXT = re.compile(r"[CSHD♣♠♥♦](?<![\w-].)(?:10|[789TJQKA])(?![\w-])")
ENGLISH_TEXT = re.compile(
    r"\b(?:7|8|9|10|jack|queen|king|ace) of (?:clubs|spades|hearts|diamonds)\b"
)
GERMAN_SUITS = ("kreuz", "eichel", "pik", "grün", "herz", "karo", "schellen")
GERMAN_TEXT = re.compile(
    r"\b(?:kreuz|eichel|pik|grün|herz|karo|schellen) "
    r"(?:7|8|9|10|bube|unter|dame|ober|könig|ass|daus)\b"
)


def cards_in(text: str) -> int:
    """Every card named anywhere in a frame's JSON text, as a mask."""
    hits = CODE_TEXT.findall(text)
    low = text.casefold()
    if " of " in low:
        hits += ENGLISH_TEXT.findall(low)
    if any(suit in low for suit in GERMAN_SUITS):
        hits += GERMAN_TEXT.findall(low)
    m = 0
    for hit in hits:
        m |= 1 << NAMED[hit]
    return m


def names(m: int) -> list[str]:
    return [code(c) for c in range(32) if m >> c & 1]


# ---------------------------------------------------------------------- the truth


class Truth:
    """One finished deal, replayed from its public facts, and what each position may
    know after each number of moves."""

    def __init__(self, setup: DealSetup, log: list[dict[str, Any]]):
        deal = Deal(setup)
        self.seats = setup.seats  # table seat of each position
        self.log = log
        self.held = [tuple(deal.hands)]  # after k moves: every card each position held
        self.public = [0]  # after k moves: the cards played, an Ouvert hand shown
        self.ouvert = self.schieben_passes = self.skat_taken = 0
        for known in log:
            a = action_from_dict(known)
            before = deal.phase
            deal.apply(a)
            public = self.public[-1]
            if type(a) is Play:
                public |= 1 << a.card
            if type(a) is Declare and deal.contract.ouvert and deal.phase == Phase.PLAY:
                public |= deal.hands[deal.declarer]
                self.ouvert += 1
            self.schieben_passes += type(a) is Discard and before == Phase.SCHIEBEN
            self.skat_taken += type(a) is PickUp and before == Phase.SKAT
            self.held.append(
                tuple(h | now for h, now in zip(self.held[-1], deal.hands, strict=True))
            )
            self.public.append(public)
        if not deal.finished:
            raise ValueError("the revealed log does not finish the deal")
        self.result = deal.result
        self.ramsch = deal.result.kind == "ramsch"

    def known(self, seat: int | None, k: int) -> int | None:
        """What table seat ``seat`` (None: a kibitzer) may know after ``k`` moves (None:
        the deal has no such moment)."""
        if k >= len(self.log):
            return (1 << 32) - 1 if k == len(self.log) else None  # the deal is over
        own = self.held[k][self.seats.index(seat)] if seat in self.seats else 0
        return self.public[k] | own


def same_action(sent: Any, known: dict[str, Any]) -> bool:
    """The move as sent equals the revealed one, but for a discard's withheld cards."""
    if known["type"] == "discard" and isinstance(sent, dict) and sent.get("cards") is None:
        return sent == {**known, "cards": None}
    return sent == known


class Problems:
    def __init__(self) -> None:
        self.count = 0
        self.kept: list[str] = []

    def __call__(self, text: str) -> None:
        self.count += 1
        if len(self.kept) < KEPT:
            self.kept.append(text[:2000])


class TableFacts:
    """What the clients of one table were told in public: each deal's dealer, sheet line
    and reveal. Once a deal's are all in, its :class:`Truth` judges every frame any of
    them got during that deal (kept until then; one deal's worth per client)."""

    def __init__(self, tid: str, problem: Problems):
        name, self.size, _ = TABLES[tid]
        self.tid, self.profile, self.problem = tid, PROFILES[name], problem
        self.dealers: dict[int, int] = {}
        self.entries: dict[int, dict[str, Any]] = {}
        self.reveals: dict[int, tuple[int, list[dict[str, Any]]]] = {}
        self.truths: dict[int, Truth] = {}
        self.waiting: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
        self.limited = 0  # frames naming cards judged while some cards were hidden

    def dealer(self, number: int, dealer: int | None) -> None:
        if number and dealer is not None:
            self._same(self.dealers, number, dealer, "dealer")

    def entry(self, entry: dict[str, Any] | None) -> None:
        if entry is not None:
            self._same(self.entries, entry["number"], entry, "sheet line")

    def reveal(self, frame: dict[str, Any]) -> None:
        self._same(self.reveals, frame["deal"], (frame["seed"], frame["actions"]), "reveal")

    def _same(self, kept: dict[int, Any], number: int, value: Any, what: str) -> None:
        if kept.setdefault(number, value) != value:
            self.problem(f"{self.tid}: deal {number} has two different {what}s")
        self._settle(number)

    def _settle(self, number: int) -> None:
        if number in self.truths or number not in self.reveals:
            return
        if number not in self.dealers or number not in self.entries:
            return
        seed, log = self.reveals[number]
        entry = self.entries[number]
        try:
            setup = DealSetup(
                self.profile,
                deal_from_seed(seed),
                seed,
                self.size,
                self.dealers[number],
                entry["bock"],
                entry["ramsch_round"],
            )
            truth = Truth(setup, log)
        except Exception as e:  # the public facts do not make the deal the host played
            self.problem(f"{self.tid}: deal {number} does not replay: {type(e).__name__}: {e}")
            return
        if (truth.result.kind, list(setup.seats)) != (entry["kind"], entry["seats"]):
            self.problem(f"{self.tid}: deal {number} replays otherwise than its sheet line")
        truth.scores = [0] * self.size  # by table seat, as the sheet has them
        for position, seat in enumerate(setup.seats):
            truth.scores[seat] = truth.result.scores[position]
        self.truths[number] = truth
        for item in self.waiting.pop(number, []):
            self._judge(truth, *item)

    def frame(self, who: Watch, number: int, moves: int, seen: tuple[Any, ...]) -> None:
        """What ``who`` got after ``moves`` moves of deal ``number``: ``seen`` is (the
        cards named, the frame's text if it named any, the moves it told as (index,
        action), whether it said the deal is over)."""
        truth = self.truths.get(number)
        if truth is not None:
            self._judge(truth, who, number, moves, *seen)
        else:
            self.waiting[number].append((who, number, moves, *seen))

    def _judge(
        self,
        truth: Truth,
        who: Watch,
        number: int,
        moves: int,
        m: int,
        text: str,
        moved: list[tuple[int, Any]],
        ended: bool,
    ) -> None:
        for index, sent in moved:
            if index >= len(truth.log) or not same_action(sent, truth.log[index]):
                self.problem(f"{who.who}: move {index} of deal {number} was sent as {sent}")
        if ended and moves != len(truth.log):
            self.problem(f"{who.who}: told deal {number} was over after {moves} moves")
        if not m:
            return
        known = truth.known(who.seat, moves)
        if known is None:
            self.problem(f"{who.who}: told of {moves} moves of deal {number}, which had fewer")
            return
        if known != (1 << 32) - 1:
            self.limited += 1
        leak = m & ~known
        if leak:
            self.problem(
                f"{who.who} (seat {who.seat}) was sent {names(leak)} after move {moves}"
                f" of deal {number}: {text}"
            )


class Watch:
    """One client's frames, each searched as it arrives; the moment (deal, moves) is the
    client's own count of what it was sent."""

    def __init__(self, facts: TableFacts, seat: int | None, who: str):
        self.facts, self.seat, self.who = facts, seat, who
        self.deal = 0
        self.moves = 0
        self.over = 0  # the last deal this client saw end
        self.frames: Counter[str] = Counter()

    def __call__(self, frame: dict[str, Any]) -> None:
        try:
            self._see(frame)
        except Exception as e:  # a malformed frame must fail the sweep, not the bot
            self.facts.problem(f"{self.who}: {type(e).__name__}: {e} in {frame}")

    def _see(self, frame: dict[str, Any]) -> None:
        facts = self.facts
        kind = frame.get("type")
        self.frames[kind] += 1
        moved: list[tuple[int, Any]] = []
        ended = False
        if kind == "joined":
            self.deal, self.moves = frame["deal_number"], len(frame["actions"])
            moved = list(enumerate(frame["actions"]))
            facts.dealer(self.deal, frame.get("dealer"))
            for entry in frame["sheet"]["entries"]:
                facts.entry(entry)
            ended = frame["view"] is not None and frame["view"]["result"] is not None
            self.over = self.deal if ended else self.deal - 1
        elif kind == "records":
            # finished deals, every card open: only deals this client saw end
            late = [d["deal"] for d in frame["deals"] if d["deal"] > self.over]
            if late:
                facts.problem(f"{self.who} got the records of deals {late} in play: {frame}")
            return
        elif kind == "event":
            e = frame["event"]
            what = e["event"]
            if what == "deal_started":
                self.deal, self.moves, self.over = e["number"], 0, e["number"] - 1
                facts.dealer(self.deal, e["dealer"])
            elif what == "action_applied":
                if e["index"] != self.moves:
                    facts.problem(f"{self.who}: move {e['index']} came after {self.moves}")
                self.moves = e["index"] + 1
                moved = [(e["index"], e["action"])]
            elif what == "deal_finished":
                facts.entry(e["entry"])
                ended, self.over = True, self.deal
        elif kind == "reveal":
            facts.reveal(frame)
            if frame["deal"] < self.deal:
                return  # an earlier deal's, sent again to a seat back: all public since
        text = json.dumps(frame, ensure_ascii=False)
        m = cards_in(text)
        if not self.deal:
            if m:
                facts.problem(f"{self.who} was sent cards before the first deal: {text}")
            return
        if m or moved or ended:
            facts.frame(self, self.deal, self.moves, (m, text if m else "", moved, ended))


# ---------------------------------------------------------------------- how the bots play


class Style:
    """A random legal move, bent towards what the sweep must see: Ouvert declared often
    when the bot may, whole deals passed (the same deals at every seat of a
    table: Ramsch, Schieberamsch, passed in), the skat mostly picked up (discards), and
    now and then Kontra, a claim or a Texas redeclaration."""

    def __init__(self, table: str, bot: Bot, passing: int = 25):
        self.table, self.bot, self.passing = table, bot, passing
        self.drop_at: str | None = None  # "bidding" / "trick": hold there, to drop
        self.held = False  # it holds back its move: the table waits for it

    def __call__(self, view: SeatView, interjection: bool, rng: random.Random) -> Action | None:
        legal = list(view.legal)
        there = view.phase == Phase.BIDDING if self.drop_at == "bidding" else bool(view.trick)
        if self.drop_at is not None and not interjection and there:
            self.drop_at, self.held = None, True
            return None
        if interjection:
            doubles = [a for a in legal if type(a) is Double]
            return doubles[0] if doubles and rng.random() < 0.3 else None
        ouverts = [a for a in legal if type(a) is Declare and a.contract.ouvert]
        plays = [a for a in legal if type(a) is Play]
        if plays:
            claims = [a for a in legal if type(a) is Claim]
            if claims and view.hand.bit_count() <= 3 and rng.random() < 0.1:
                return claims[0]
            redeclares = [a for a in legal if type(a) is Declare]
            if redeclares and rng.random() < 0.1:
                return rng.choice(ouverts or redeclares)
            return rng.choice(plays)
        if view.phase == Phase.BIDDING:
            deal = f"{self.table}/{self.bot.table.deal_number}".encode()
            if zlib.crc32(deal) % 100 < self.passing:
                return next(a for a in legal if type(a) is Pass)
            bids = [a for a in legal if type(a) is Bid]
            if bids and rng.random() < 0.5:
                return bids[0]
            return rng.choice(legal)
        if view.phase == Phase.RAMSCH_OFFER:  # mostly on to (Schiebe)ramsch
            passes = [a for a in legal if type(a) is Pass]
            if rng.random() < 0.9:
                return passes[0]
        if view.phase == Phase.SKAT:
            choice = rng.random()
            if choice < 0.55:
                return next(a for a in legal if type(a) is PickUp)
            if ouverts and choice < 0.85:
                return rng.choice(ouverts)
        if view.phase == Phase.DECLARE and ouverts and rng.random() < 0.4:
            return rng.choice(ouverts)  # (Texas: Ouvert after the skat)
        if view.phase == Phase.SCHIEBEN and rng.random() < 0.7:
            pick = [a for a in legal if type(a) is PickUp]
            if pick:
                return pick[0]
        return rng.choice(legal)


# ---------------------------------------------------------------------- the clients


async def play_table(port: int, tid: str, seed: int, problem: Problems) -> dict[str, Any]:
    """Seat a bot at every seat of ``tid`` and a kibitzer, play the whole series with
    drops and returns, and say what was seen."""
    facts = TableFacts(tid, problem)
    rng = random.Random(seed)
    bots: list[Bot] = []
    for seat in (None, *range(facts.size)):  # the kibitzer first: it hears every commitment
        who = f"{tid}/{'kibitzer' if seat is None else NAMES[seat]}"
        bot = Bot(
            "Kibitz" if seat is None else NAMES[seat],
            "127.0.0.1",
            port,
            table=tid,
            seat=seat,
            seed=seed * 10 + (9 if seat is None else seat),
            timeout=60,
            watch=Watch(facts, seat, who),
        )
        bot.policy = Style(tid, bot)
        bots.append(bot)
    reconnects: Counter[str] = Counter()
    try:
        for bot in bots:
            await bot.start()
        await drop_and_return(bots, rng, reconnects)
        await asyncio.gather(*(b.play(10**9, timeout=WHOLE) for b in bots))  # to its end
    finally:
        for bot in bots:
            await bot.close()
    for number in sorted(facts.waiting):
        problem(f"{tid}: deal {number} was never revealed to any client")
    truths = [facts.truths[n] for n in sorted(facts.truths)]
    verdicts: Counter[str] = Counter()
    for bot in bots:
        for p in bot.table.problems:
            problem(f"{tid}/{bot.name}: the client refused a frame: {p}")
        if bot.stats.duplicates or bot.stats.gaps:
            problem(f"{tid}/{bot.name}: moves twice or missing: {bot.stats}")
        verdicts["verified"] += bot.stats.verified
        verdicts["not verified"] += bot.stats.not_verified
    frames: Counter[str] = Counter()
    for bot in bots:
        frames.update(bot.watch.frames)
    return {
        "results": {n: [t.result.kind, t.scores] for n, t in facts.truths.items()},
        "deals": len(truths),
        "ouvert": sum(t.ouvert for t in truths),
        "skat_taken": sum(t.skat_taken for t in truths),
        "schieben_passes": sum(t.schieben_passes for t in truths),
        "ramsch": sum(t.ramsch for t in truths),
        "limited": facts.limited,
        "frames": frames,
        "reconnects": reconnects,
        "verdicts": verdicts,
    }


async def drop_and_return(bots: list[Bot], rng: random.Random, reconnects: Counter[str]) -> None:
    """Until the series is over: a client drops its connection and comes back with its
    token -- a player at its next turn in the bidding, or at its next turn to add to a
    trick (the table waits for it), or any client at a random moment of a deal in play
    (the table goes on meanwhile). Then it asks for the records of the last deals."""
    seated = [b for b in bots if b.seat is not None]
    while True:
        how = rng.choice(("bidding", "trick", "anywhere"))
        bot = rng.choice(bots if how == "anywhere" else seated)
        deal = bot.table.deal_number + rng.randrange(1, 4)
        moves = rng.randrange(0, 36)

        def due(b: Bot, deal: int = deal, moves: int = moves, how: str = how) -> bool:
            t = b.table
            if t.series_over or b.policy.held:
                return True
            if how != "anywhere":
                return False
            return (t.deal_number, len(t.actions)) >= (deal, moves) and not t.deal_over

        if how != "anywhere":
            await bot.wait_for(lambda b, deal=deal: b.table.deal_number >= deal or due(b), WHOLE)
            bot.policy.drop_at = how
        await bot.wait_for(due, WHOLE)
        bot.policy.drop_at, bot.policy.held = None, False
        if bot.table.series_over:
            return
        view = (await bot.reconnect()).view
        await bot.send(bot.table.fetch_records(max(1, bot.table.deal_number - 1)))
        if view is None:
            reconnects["before the deal"] += 1
        elif view.phase == Phase.BIDDING:
            reconnects["in the bidding"] += 1
        elif view.phase == Phase.PLAY and view.trick:
            reconnects["in the middle of a trick"] += 1
        else:
            reconnects[f"in the phase {view.phase}"] += 1


async def clients(port: int, tids: list[str]) -> dict[str, Any]:
    problem = Problems()
    seeds = {tid: n for n, tid in enumerate(TABLES)}
    tables = await asyncio.gather(*(play_table(port, t, seeds[t], problem) for t in tids))
    return {
        "problems": problem.kept,
        "problem_count": problem.count,
        "tables": dict(zip(tids, tables, strict=True)),
    }


def worker(argv: list[str]) -> None:
    """``python test_no_hidden_cards.py PORT TABLE...``: the clients of those tables;
    prints what they saw as one JSON line."""
    port, tids = int(argv[0]), argv[1:]
    out = asyncio.run(asyncio.wait_for(clients(port, tids), WHOLE))
    sys.stdout.write(json.dumps(out) + "\n")


# ---------------------------------------------------------------------- the host


async def sweep(
    tables: dict[str, tuple[str, int, int]] = TABLES, workers: tuple[tuple[str, ...], ...] = WORKERS
) -> tuple[list[dict[str, Any]], dict[str, list[Any]]]:
    """Host ``tables`` here, run their clients in one process per group of ``workers``;
    returns what each process saw and the host's sheet (kind, scores) of each table."""
    configs = [
        (
            tid,
            TableConfig(
                tid,
                PROFILES[name],
                ["open"] * size,
                deals,
                grace_s=1e6,
                substitute_after_s=None,  # no computers: the bots play every seat
                first_seed=n,
            ),
        )
        for n, (tid, (name, size, deals)) in enumerate(tables.items())
    ]
    # the bots are quick: the per-client rate limit is not what this sweep is about
    limits = Limits(rate=1e4, burst=1e4, tick_s=0.05)
    host = Host(configs, None, name="sweep", limits=limits, workers=0)
    _, port = await host.start("127.0.0.1", 0)
    procs = []
    try:
        for tids in workers:
            procs.append(
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    __file__,
                    str(port),
                    *tids,
                    stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE,
                )
            )
        outs = await asyncio.gather(*(p.communicate() for p in procs))
        for p, (out, err) in zip(procs, outs, strict=True):
            assert p.returncode == 0 and out, f"a client process failed: {err.decode()[-3000:]}"
        sheets = {
            tid: [[e.kind, list(e.scores)] for e in host.tables[tid].controller.entries]
            for tid in tables
        }
        return [json.loads(out) for out, _ in outs], sheets
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
        await host.close()


def test_no_client_is_ever_sent_a_card_it_may_not_know():
    workers, sheets = asyncio.run(asyncio.wait_for(sweep(), WHOLE + 30))
    problems = [p for w in workers for p in w["problems"]]
    count = sum(w["problem_count"] for w in workers)
    assert not count, f"{count} problems, e.g.:\n" + "\n".join(problems)
    tables = {tid: t for w in workers for tid, t in w["tables"].items()}
    for tid, (_, _, planned) in TABLES.items():
        # every deal the clients judged is one the host played, with the host's result
        seen = tables[tid]["results"]
        assert [seen.get(str(n)) for n in range(1, planned + 1)] == sheets[tid], tid
    total = Counter()
    for t in tables.values():
        total.update({k: v for k, v in t.items() if type(v) is int})
    assert total["deals"] == sum(planned for *_, planned in TABLES.values()) >= 1000
    assert total["ouvert"] >= 150
    assert total["skat_taken"] >= 200
    assert total["ramsch"] >= 100
    assert total["schieben_passes"] >= 60
    assert total["limited"] >= 50_000  # frames naming cards while some were hidden
    reconnects = Counter()
    verdicts = Counter()
    for t in tables.values():
        reconnects.update(t["reconnects"])
        verdicts.update(t["verdicts"])
    assert reconnects["in the bidding"] >= 100
    assert reconnects["in the middle of a trick"] >= 100
    assert sum(reconnects.values()) >= 300
    # every client checks the fair deal of (nearly) every deal it saw; one that was away
    # when a deal was committed to, or when it was revealed, cannot (some ten in 2,300)
    assert verdicts["verified"] >= 0.98 * sum(verdicts.values()) > 2000, verdicts


def test_the_sweep_finds_a_card_that_was_not_the_seats():
    """The judge itself: another hand's card in a view, the skat in a message, a card
    spelled out in words, and a card after more moves than were made are all caught."""
    problem = Problems()
    facts = TableFacts("three-isko", problem)
    seed = 5
    dealt = deal_from_seed(seed)
    setup = DealSetup(BUILTIN["isko"], dealt, seed, 3, 0, False, False)
    mine, other = setup.seats.index(1), setup.seats.index(2)
    low = lambda m: m & -m  # noqa: E731
    watch = Watch(facts, 1, "seat 1")
    watch({"type": "event", "event": {"event": "deal_started", "number": 1, "dealer": 0}})
    watch({"type": "event", "event": {"event": "x"}, "view": {"hand": names(dealt.hands[mine])}})
    card = low(dealt.hands[other])
    watch({"type": "event", "event": {"event": "x"}, "view": {"hand": names(card)}})
    skat = low(dealt.skat).bit_length() - 1
    watch({"type": "error", "message": f"the {code(skat)} is not yours"})
    c = low(dealt.hands[other] & ~card).bit_length() - 1
    watch({"type": "chat", "text": f"{_RANK_WORDS[c & 7]} OF {_SUIT_WORDS[c >> 3]}"})
    log = [{"type": "pass", "player": p} for p in (1, 2, 0)]  # passed in: 3 moves
    watch.moves = 4
    watch({"type": "turn", "hand": names(dealt.hands[mine])})
    entry = {"number": 1, "kind": "passed_in", "seats": list(setup.seats)}
    facts.entry({**entry, "bock": False, "ramsch_round": False})
    assert not problem.count  # nothing is judged before the deal's facts are public
    facts.reveal({"deal": 1, "seed": seed, "actions": log})
    assert problem.count == 4, problem.kept
    assert "told of 4 moves" in problem.kept[-1]


def test_the_sweep_catches_a_host_that_shows_a_kibitzer_a_hand(monkeypatch):
    """The whole way, sockets and worker included: a host whose kibitzer view carries
    forehand's hand once the cards are played fails the sweep."""
    shown = TableController.view_for

    def leaky(ctl: TableController, seat: int | None) -> SeatView:
        view = shown(ctl, seat)
        if seat is None and view.phase == Phase.PLAY:
            return dataclasses.replace(view, hand=ctl.deal.hands[0])
        return view

    monkeypatch.setattr(TableController, "view_for", leaky)
    workers, _ = asyncio.run(
        asyncio.wait_for(sweep({"three-isko": ("isko", 3, 2)}, (("three-isko",),)), WHOLE)
    )
    assert workers[0]["problem_count"] > 0
    assert any("kibitzer (seat None) was sent" in p for p in workers[0]["problems"])


if __name__ == "__main__":
    worker(sys.argv[1:])
