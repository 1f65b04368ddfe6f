"""A series at one table: dealer rotation, Bock and Ramsch rounds, the running score sheet.

Positions in a deal (forehand, middlehand, rearhand) are mapped back to table seats
here, so the sheet, the statistics and the tournament evaluation speak of seats.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from skat_desktop.engine.cards import GameType
from skat_desktop.engine.deal import DealResult, DealSetup
from skat_desktop.engine.dealing import DealtCards, active_seats
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.tournament import PlayerTally, evaluate


@dataclass(frozen=True)
class SheetEntry:
    """One line of the score sheet."""

    number: int  # 1-based deal number in the series
    dealer: int
    seats: tuple[int, int, int]  # table seats of forehand, middlehand, rearhand
    kind: str  # "game", "ramsch", "passed_in"
    scores: tuple[int, ...]  # per table seat
    totals: tuple[int, ...]  # running totals per table seat after this deal
    outcome: tuple[int, ...]  # per seat: +1 game won, -1 game lost, 0 neither
    declarer: int | None = None  # table seat
    label: str = ""
    value: int = 0
    won: bool | None = None
    bock: bool = False
    ramsch_round: bool = False
    kontra: int = 0
    overbid: bool = False
    with_matadors: bool | None = None
    matadors: int = 0
    bock_triggered: bool = False


class Series:
    """State of a series between deals. Feed each finished deal to :meth:`record`."""

    def __init__(
        self,
        profile: RuleProfile,
        table_size: int = 3,
        first_dealer: int = 0,
        length: int | None = None,
    ):
        if table_size not in profile.table_sizes:
            raise ValueError(f"{profile.title} is not played at a table of {table_size}")
        self.profile = profile
        self.table_size = table_size
        self.dealer = first_dealer
        self.length = length
        self.entries: list[SheetEntry] = []
        self.totals = [0] * table_size
        self.special: deque[str] = deque()  # queued rounds: "bock" / "ramsch"
        self.current: str | None = None  # the special round in progress
        self.current_left = 0
        self._pending: tuple[int, bool, bool] | None = None

    @property
    def finished(self) -> bool:
        return self.length is not None and len(self.entries) >= self.length

    def _round_state(self) -> tuple[bool, bool]:
        if self.current is None and self.special:
            self.current = self.special.popleft()
            self.current_left = self.table_size
        return self.current == "bock", self.current == "ramsch"

    def next_context(self) -> tuple[int, bool, bool]:
        """(dealer, Bock round?, compulsory Ramsch?) of the next deal; call record() after."""
        bock, ramsch = self._round_state()
        self._pending = (self.dealer, bock, ramsch)
        return self._pending

    def next_setup(self, cards: DealtCards, seed: int | None = None) -> DealSetup:
        """The setup of the next deal: who deals, Bock round or compulsory Ramsch."""
        dealer, bock, ramsch = self.next_context()
        return DealSetup(self.profile, cards, seed, self.table_size, dealer, bock, ramsch)

    def record(self, result: DealResult) -> SheetEntry:
        """Enter a finished deal on the sheet and move the deal on."""
        if self._pending is None:
            raise ValueError("record() needs a deal set up by next_setup() or next_context()")
        dealer, bock, ramsch_round = self._pending
        self._pending = None
        seats = active_seats(self.table_size, dealer)
        n = self.table_size
        scores = [0] * n
        outcome = [0] * n
        for pos in range(3):
            scores[seats[pos]] = result.scores[pos]
        declarer = None
        g = result.game
        if result.kind == "game":
            declarer = seats[result.declarer]
            outcome[declarer] = 1 if g.won else -1
        elif result.kind == "ramsch":
            for pos in range(3):
                outcome[seats[pos]] = result.ramsch.outcome[pos]
        for i in range(n):
            self.totals[i] += scores[i]
        triggered = self._bock_triggered(result, [i for i in range(n) if scores[i]])
        entry = SheetEntry(
            number=len(self.entries) + 1,
            dealer=dealer,
            seats=seats,
            kind=result.kind,
            scores=tuple(scores),
            totals=tuple(self.totals),
            outcome=tuple(outcome),
            declarer=declarer,
            label=result.contract.label() if result.contract else result.kind.replace("_", " "),
            value=g.value if g else 0,
            won=g.won if g else None,
            bock=bock,
            ramsch_round=ramsch_round,
            kontra=g.kontra if g else 0,
            overbid=g.overbid if g else False,
            with_matadors=g.with_matadors if g else None,
            matadors=g.matadors if g else 0,
            bock_triggered=triggered,
        )
        self.entries.append(entry)
        if triggered:
            self.special.append("bock")
            if self.profile.bock_ramsch_round:
                self.special.append("ramsch")
        # A Grand Hand played instead of a compulsory Ramsch is dealt again by the same
        # dealer and does not use up the Ramsch round (E1 -bockramsch).
        repeat = ramsch_round and result.kind == "game"
        if self.current is not None and not repeat:
            self.current_left -= 1
            if self.current_left == 0:
                self.current = None
        if not repeat:
            self.dealer = (self.dealer + 1) % n
        return entry

    def _bock_triggered(self, r: DealResult, changed: list[int]) -> bool:
        p = self.profile
        if not p.bock_rounds:
            return False
        t = p.bock_triggers
        g = r.game
        if g is not None:
            k = r.contract
            if "lost_with_60" in t and not g.won and r.declarer_points == 60 and not k.is_null:
                return True
            if "grand_hand_won" in t and g.won and k.game == GameType.GRAND and k.hand:
                return True
            if "kontra_won" in t and g.kontra >= 1 and not g.won:
                return True
            if "kontra_re" in t and g.kontra >= 2:
                return True
            if "value_72" in t and g.value >= 72:
                return True
            if "value_96" in t and g.value >= 96:
                return True
        for i in changed:
            total = abs(self.totals[i])
            if "three_equal_digits" in t and 100 < total < 1000 and len(set(str(total))) == 1:
                return True
            if "multiple_of_100" in t and total and total % 100 == 0:
                return True
        return False

    def tallies(self) -> list[PlayerTally]:
        """Per seat: game points, games won/lost, defended losses, 'without' games."""
        n = self.table_size
        won = [0] * n
        lost = [0] * n
        defended_lost = [0] * n
        without: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
        for e in self.entries:
            for i in range(n):
                if e.outcome[i] > 0:
                    won[i] += 1
                elif e.outcome[i] < 0:
                    lost[i] += 1
            if e.kind == "game" and e.declarer is not None:
                if e.won is False:
                    for s in e.seats:
                        if s != e.declarer:
                            defended_lost[s] += 1
                if e.with_matadors is False:
                    without[e.declarer].append((e.matadors, bool(e.won)))
        return [
            PlayerTally(self.totals[i], won[i], lost[i], defended_lost[i], tuple(without[i]))
            for i in range(n)
        ]

    def evaluation(self) -> list[int]:
        """The profile's series score per seat (Seeger-Fabian, Texas match points, ...)."""
        return evaluate(
            self.profile.tournament_scoring,
            self.tallies(),
            self.table_size,
            won_only=self.profile.texas_matador_bonus_won_only,
        )
