"""One deal as an action-driven state machine: auction, skat, declaration, play, result.

``Deal.apply(action)`` either advances the state or raises :class:`IllegalAction`
and leaves the state as it was. The list of applied actions plus the dealt cards
rebuild every state (replay, undo, the stored move log, the LAN broadcast).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from skat_desktop.engine.actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
)
from skat_desktop.engine.bidding import POSITION_NAMES, Auction, bid_values
from skat_desktop.engine.cards import (
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    JACKS,
    POINTS,
    POWER,
    TRUMP,
    GameType,
    cards_of,
    code,
    points_of,
)
from skat_desktop.engine.claims import claim_holds
from skat_desktop.engine.contract import Contract, contract_problem, valid_contracts
from skat_desktop.engine.dealing import DealtCards, active_seats
from skat_desktop.engine.errors import IllegalAction, InvalidContract
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.scoring import (
    GameResult,
    RamschResult,
    apply_doublings,
    defender_concession_result,
    game_result,
    game_value,
    matadors,
    null_below_bid_result,
    ramsch_result,
)


class Phase(StrEnum):
    BIDDING = "bidding"
    SKAT = "skat"  # the declarer picks up the skat or declares a Hand game
    DISCARD = "discard"
    DECLARE = "declare"
    RAMSCH_OFFER = "ramsch_offer"  # all passed: anyone may play Grand Hand instead
    SCHIEBEN = "schieben"  # Schieberamsch: the skat goes round
    PLAY = "play"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class DealSetup:
    """Everything fixed before the first action: rules, cards and the table around it."""

    profile: RuleProfile
    cards: DealtCards
    seed: int | None = None
    table_size: int = 3
    dealer: int = 0
    bock: bool = False  # the deal is played in a Bock round (score x 2)
    ramsch_round: bool = False  # compulsory Ramsch round: no bidding

    @property
    def seats(self) -> tuple[int, int, int]:
        """Table seats of forehand, middlehand, rearhand."""
        return active_seats(self.table_size, self.dealer)


@dataclass(frozen=True)
class DealResult:
    """How a deal ended and the score-sheet entry of each position."""

    kind: str  # "game", "ramsch" or "passed_in"
    scores: tuple[int, int, int]
    reason: str = "played out"
    declarer: int | None = None
    bid: int = 0
    contract: Contract | None = None
    game: GameResult | None = None
    ramsch: RamschResult | None = None
    declarer_points: int = 0
    declarer_tricks: int = 0
    points: tuple[int, int, int] = (0, 0, 0)  # card points per position (declarer incl. skat)
    tricks: tuple[int, int, int] = (0, 0, 0)
    extra: dict = field(default_factory=dict)

    @property
    def won(self) -> bool | None:
        return self.game.won if self.game else None


# Actions are immutable, so the engine hands out shared instances on its hot paths.
PLAY_ACTIONS = tuple(tuple(Play(p, c) for c in range(32)) for p in range(3))
_BID_ACTIONS: dict[tuple[tuple[int, ...], int], tuple[Bid, ...]] = {}


def _bid_actions(values: tuple[int, ...], player: int) -> tuple[Bid, ...]:
    key = (values, player)
    got = _BID_ACTIONS.get(key)
    if got is None:
        got = _BID_ACTIONS[key] = tuple(Bid(player, v) for v in values)
    return got


def _check_fields(action: Action) -> None:
    """Numbers must be whole numbers and cards card codes 0..31: a float bid or a card
    given as text would be logged and then fail to replay from the record."""
    for name in ("player", "value", "level", "card"):
        v = getattr(action, name, None)
        if v is not None and type(v) is not int:
            raise IllegalAction(f"{type(action).__name__} {name} must be a whole number, not {v!r}")
    cards = getattr(action, "cards", None)
    if cards is not None and (
        type(cards) is not tuple or any(type(c) is not int or not 0 <= c < 32 for c in cards)
    ):
        raise IllegalAction(f"{type(action).__name__} cards must be card codes 0..31: {cards!r}")
    if type(action) is Play and not 0 <= action.card < 32:
        raise IllegalAction(f"there is no card {action.card!r}")


def _check_player(player: int) -> None:
    if player not in (0, 1, 2):
        raise IllegalAction(f"there is no player {player!r} in a deal (0, 1, 2)")


class Deal:
    """The state of one deal. Mutable; copy it by replaying its actions."""

    def __init__(self, setup: DealSetup):
        self.setup = setup
        self.profile = setup.profile
        self.hands = list(setup.cards.hands)
        self.skat = setup.cards.skat
        self.actions: list[Action] = []
        self.auction = Auction(bid_values(setup.profile))
        self.declarer: int | None = None
        self.bid = 0
        self.contract: Contract | None = None
        self.picked_up = False
        self.correction_game: GameType | None = None  # ISkO 3.4.5 after an invalid declaration
        self.game: GameType | None = None
        self.leader = 0
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, int, int], int]] = []  # (leader, cards, winner)
        self.won_points = [0, 0, 0]
        self.won_tricks = [0, 0, 0]
        self.played = [0, 0, 0]  # cards each player has played (mask)
        self.cards_played = 0
        self.kontra = 0
        self.doubled_at = 0  # cards_played when the last doubling was said
        self.offer_turn = 0  # RAMSCH_OFFER / SCHIEBEN: whose turn
        self.schieben_holding = False
        self.pushes = 0
        self.skat_owner: int | None = None  # who last put the skat down (knows it)
        self.forfeit_mask = 0  # pre-1999 failed claim: cards the defenders may collect
        self._claim_points = [0, 0, 0]
        self._claim_tricks = [0, 0, 0]
        self.result: DealResult | None = None
        if setup.ramsch_round:
            self.phase = Phase.RAMSCH_OFFER
        else:
            self.phase = Phase.BIDDING
        self._dispatch = {
            Bid: self._bid,
            Hold: self._hold,
            Pass: self._pass,
            PickUp: self._pickup,
            Discard: self._discard,
            Push: self._push,
            Declare: self._declare,
            Double: self._double,
            Play: self._play,
            Concede: self._concede,
            Claim: self._claim,
        }

    # ------------------------------------------------------------------ queries

    @property
    def finished(self) -> bool:
        return self.phase == Phase.FINISHED

    @property
    def to_move(self) -> int | None:
        """Who must act next (interjections such as Kontra aside)."""
        ph = self.phase
        if ph == Phase.PLAY:
            return (self.leader + len(self.trick)) % 3
        if ph == Phase.BIDDING:
            return self.auction.to_move
        if ph in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            return self.declarer
        if ph in (Phase.RAMSCH_OFFER, Phase.SCHIEBEN):
            return self.offer_turn
        return None

    def is_defender(self, player: int) -> bool:
        return self.declarer is not None and player != self.declarer

    def legal_cards(self, player: int) -> int:
        """Mask of the cards ``player`` may play now (0 when it is not his turn)."""
        if self.phase != Phase.PLAY or player != (self.leader + len(self.trick)) % 3:
            return 0
        hand = self.hands[player]
        if not self.trick:
            return hand
        g = self.game
        follow = hand & EFFECTIVE_MASKS[g][EFFECTIVE_SUIT[g][self.trick[0]]]
        return follow or hand

    def cards12(self) -> int:
        """The declarer's dealt hand plus the original skat (matadors, §2.2)."""
        assert self.declarer is not None
        return self.setup.cards.hands[self.declarer] | self.setup.cards.skat

    def can_double(self, player: int) -> bool:
        """Whether ``player`` may say the next of Kontra, Re, Bock, Hirsch now (§5.12)."""
        p = self.profile
        if (
            not p.kontra
            or self.phase != Phase.PLAY
            or self.game == GameType.RAMSCH
            or self.declarer is None
            or self.kontra >= p.kontra_max_level
        ):
            return False
        level = self.kontra + 1
        defender_turn = level % 2 == 1
        if defender_turn != self.is_defender(player):
            return False
        if level == 1:
            if p.kontra_requires_bid18 and self.auction.bid_or_held[player] < 18:
                return False
            if p.kontra_window == "first_card":
                return self.cards_played == 0
            return not self.played[player]
        return self.cards_played == self.doubled_at

    def can_concede(self, player: int, agreed_by: int | None = None) -> bool:
        if self.phase != Phase.PLAY or self.game == GameType.RAMSCH or self.declarer is None:
            return False
        if player != self.declarer or self.profile.concession == "anytime":
            return True
        if self.profile.concession == "texas":
            return len(self.tricks) == 1 and len(self.trick) < 2
        if agreed_by is not None and agreed_by != player and agreed_by in (0, 1, 2):
            return True
        return self.hands[player].bit_count() >= 9

    def can_claim(self, player: int) -> bool:
        if self.phase != Phase.PLAY or self.game == GameType.RAMSCH or self.trick:
            return False
        if self.forfeit_mask:
            return False
        return player == self.declarer or self.game != GameType.NULL

    def legal_actions(self, player: int, interjections: bool = True) -> list[Action]:
        """Every action ``player`` may take now; ``interjections`` adds Kontra, concede, claim."""
        out: list[Action] = []
        ph = self.phase
        turn = self.to_move == player
        if ph == Phase.PLAY:
            if turn:
                plays = PLAY_ACTIONS[player]
                out.extend([plays[c] for c in cards_of(self.legal_cards(player))])
            if interjections:
                if self.can_double(player):
                    out.append(Double(player, self.kontra + 1))
                if self.can_concede(player):
                    out.append(Concede(player))
                if self.can_claim(player):
                    out.append(Claim(player))
            if (
                turn
                and self.profile.redeclare
                and player == self.declarer
                and not self.cards_played
            ):
                out.extend(
                    Declare(player, k)
                    for k in valid_contracts(self.profile, self.picked_up)
                    if k != self.contract and self._redeclare_problem(k) is None
                )
            return out
        if not turn:
            return out
        if ph == Phase.BIDDING:
            a = self.auction
            if a.expects_bid:
                bids = _bid_actions(a.values, player)
                values = a.next_values()  # a contiguous run of a.values
                if values:
                    start = a.values.index(values[0])
                    out.extend(bids[start : start + len(values)])
            else:
                out.append(Hold(player))
            out.append(Pass(player))
        elif ph == Phase.SKAT:
            out.append(PickUp(player))
            out.extend(Declare(player, k) for k in valid_contracts(self.profile, False))
        elif ph == Phase.DISCARD:
            out.extend(
                Discard(player, pair) for pair in combinations(cards_of(self.hands[player]), 2)
            )
        elif ph == Phase.DECLARE:
            out.extend(
                Declare(player, k)
                for k in valid_contracts(self.profile, True)
                if self.correction_game is None or k.game == self.correction_game
            )
        elif ph == Phase.RAMSCH_OFFER:
            out.extend(
                Declare(player, k)
                for k in valid_contracts(self.profile, False)
                if k.game == GameType.GRAND
            )
            out.append(Pass(player))
        elif ph == Phase.SCHIEBEN:
            if self.schieben_holding:
                free = self.hands[player] & ~JACKS
                out.extend(Discard(player, pair) for pair in combinations(cards_of(free), 2))
            else:
                out.extend((PickUp(player), Push(player)))
        return out

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> None:
        """Apply one action, or raise :class:`IllegalAction` and change nothing."""
        if self.phase == Phase.FINISHED:
            raise IllegalAction("the deal is over")
        handler = self._dispatch.get(type(action))
        if handler is None:
            raise IllegalAction(f"not an action: {action!r}")
        _check_fields(action)
        _check_player(action.player)
        handler(action)
        self.actions.append(action)

    def _not_now(self, what: str) -> IllegalAction:
        return IllegalAction(f"{what} is not possible now (phase: {self.phase.value})")

    def _require_turn(self, player: int, what: str) -> None:
        if self.to_move != player:
            mover = self.to_move
            who = POSITION_NAMES[mover] if mover is not None else "nobody"
            raise IllegalAction(f"{POSITION_NAMES[player]} cannot {what}: it is {who}'s turn")

    # auction ---------------------------------------------------------------

    def _bid(self, a: Bid) -> None:
        if self.phase != Phase.BIDDING:
            raise self._not_now("bidding")
        self.auction.bid(a.player, a.value)
        self._after_auction()

    def _hold(self, a: Hold) -> None:
        if self.phase != Phase.BIDDING:
            raise self._not_now("holding a bid")
        self.auction.hold(a.player)

    def _pass(self, a: Pass) -> None:
        if self.phase == Phase.BIDDING:
            self.auction.pass_(a.player)
            self._after_auction()
        elif self.phase == Phase.RAMSCH_OFFER:
            self._require_turn(a.player, "pass")
            if self.offer_turn == 2:
                self._start_ramsch()
            else:
                self.offer_turn += 1
        else:
            raise self._not_now("passing")

    def _after_auction(self) -> None:
        a = self.auction
        if not a.finished:
            return
        if a.declarer is not None:
            self.declarer = a.declarer
            self.bid = a.high
            self.phase = Phase.SKAT
            return
        rule = self.profile.all_pass
        if rule in ("passed_in", "redeal"):
            self._finish(DealResult("passed_in", (0, 0, 0), reason="all passed"))
        elif rule == "texas_ramsch":
            self._start_ramsch()
        elif self.profile.ramsch_grand_hand:
            self.phase = Phase.RAMSCH_OFFER
            self.offer_turn = 0
        else:
            self._start_ramsch()

    def _start_ramsch(self) -> None:
        self.game = GameType.RAMSCH
        self.leader = 0
        if self.profile.all_pass == "schieberamsch":
            self.phase = Phase.SCHIEBEN
            self.offer_turn = 0
        else:
            self.phase = Phase.PLAY

    # skat and declaration ----------------------------------------------------

    def _pickup(self, a: PickUp) -> None:
        if self.phase == Phase.SKAT:
            self._require_turn(a.player, "pick up the skat")
            self.hands[a.player] |= self.skat
            self.skat = 0
            self.picked_up = True
            self.phase = Phase.DISCARD
        elif self.phase == Phase.SCHIEBEN and not self.schieben_holding:
            self._require_turn(a.player, "take the skat")
            self.hands[a.player] |= self.skat
            self.skat = 0
            self.schieben_holding = True
        else:
            raise self._not_now("picking up the skat")

    def _discard(self, a: Discard) -> None:
        if self.phase not in (Phase.DISCARD, Phase.SCHIEBEN) or (
            self.phase == Phase.SCHIEBEN and not self.schieben_holding
        ):
            raise self._not_now("discarding")
        self._require_turn(a.player, "discard")
        c1, c2 = a.cards
        if c1 == c2 or not 0 <= c1 < 32 or not 0 <= c2 < 32:
            raise IllegalAction("discard exactly two different cards")
        m = (1 << c1) | (1 << c2)
        if self.hands[a.player] & m != m:
            raise IllegalAction(f"{code(c1)} and {code(c2)} must both be in your hand")
        if self.phase == Phase.SCHIEBEN:
            if m & JACKS:
                raise IllegalAction("a jack may not be passed on in Schieberamsch")
            self.hands[a.player] &= ~m
            self.skat = m
            self.skat_owner = a.player
            self.schieben_holding = False
            self._next_schieben()
            return
        self.hands[a.player] &= ~m
        self.skat = m
        self.skat_owner = a.player
        self.phase = Phase.DECLARE

    def _push(self, a: Push) -> None:
        if self.phase != Phase.SCHIEBEN or self.schieben_holding:
            raise self._not_now("pushing the skat")
        self._require_turn(a.player, "push the skat")
        self.pushes += 1
        self._next_schieben()

    def _next_schieben(self) -> None:
        if self.offer_turn == 2:
            self.phase = Phase.PLAY
        else:
            self.offer_turn += 1

    def _redeclare_problem(self, k: Contract) -> str | None:
        """Texas: a new contract keeps hand/pickup and must still be worth the bid."""
        if k.hand != (not self.picked_up):
            return "a changed contract must keep Hand or skat pick-up as before"
        problem = contract_problem(self.profile, k, self.picked_up)
        if problem:
            return problem
        if k.is_null:
            value = self.profile.null_value(k.hand, k.ouvert)
        else:
            known = self.setup.cards.hands[self.declarer] | (
                self.setup.cards.skat if self.picked_up else 0
            )
            dp = self.profile.schneider_min if k.schneider_announced else 61
            value = game_value(self.profile, k, known, dp, 10 if k.schwarz_announced else 5)[0]
        if value < self.bid:
            return f"the new contract is worth {value}, less than the bid {self.bid}"
        return None

    def _declare(self, a: Declare) -> None:
        p = a.player
        k = a.contract
        if self.phase == Phase.RAMSCH_OFFER:
            self._require_turn(p, "declare")
            if k.game != GameType.GRAND or not k.hand:
                raise InvalidContract("instead of Ramsch only a Grand Hand may be played")
            problem = contract_problem(self.profile, k, picked_up=False)
            if problem:
                raise InvalidContract(problem)
            self.declarer = p
            self.bid = 0
            self._start_play(k.normalised(), a.lose_as)
            return
        if self.phase == Phase.PLAY:
            if not self.profile.redeclare or p != self.declarer or self.cards_played:
                raise IllegalAction("the declared game cannot be changed now")
            problem = self._redeclare_problem(k)
            if problem:
                raise InvalidContract(problem)
            self.contract = k.normalised()
            self.game = k.game
            return
        if self.phase not in (Phase.SKAT, Phase.DECLARE):
            raise self._not_now("declaring a game")
        self._require_turn(p, "declare")
        if self.phase == Phase.SKAT and not k.hand:
            raise IllegalAction("pick up the skat first, or declare a Hand game")
        if self.correction_game is not None and k.game != self.correction_game:
            raise InvalidContract(
                f"an invalid declaration may only be corrected within "
                f"{self.correction_game.label} (ISkO 3.4.5)"
            )
        problem = contract_problem(self.profile, k, self.picked_up)
        if problem:
            if self.profile.redeclare or self.correction_game is not None:
                raise InvalidContract(problem)
            # ISkO 3.4.5: not penalised, but the correction must stay in this game type.
            self.correction_game = k.game
            return
        self._start_play(k.normalised(), a.lose_as)

    def _start_play(self, k: Contract, lose_as: GameType | None) -> None:
        below_bid = k.is_null and self.profile.null_value(k.hand, k.ouvert) < self.bid
        if lose_as is not None and not (below_bid and lose_as <= GameType.GRAND):
            raise InvalidContract(
                "only a Null below the bid names a game to lose (a suit or Grand game)"
            )
        self.contract = k
        self.game = k.game
        if below_bid:
            r = null_below_bid_result(self.profile, self.cards12(), self.bid, k.hand, lose_as)
            self._finish_game(r, "Null declared below the bid (ISkO 3.4.4)")
            return
        self.phase = Phase.PLAY
        self.leader = 0

    # play ------------------------------------------------------------------

    def _double(self, a: Double) -> None:
        if a.level != self.kontra + 1 or not self.can_double(a.player):
            names = ("Kontra", "Re", "Bock", "Hirsch")
            what = names[a.level - 1] if 1 <= a.level <= 4 else f"doubling {a.level}"
            raise IllegalAction(f"{POSITION_NAMES[a.player]} cannot say {what} now")
        self.kontra = a.level
        self.doubled_at = self.cards_played

    def _play(self, a: Play) -> None:
        p = a.player
        c = a.card
        if self.phase != Phase.PLAY:
            raise self._not_now("playing a card")
        if p != (self.leader + len(self.trick)) % 3:
            self._require_turn(p, "play")
        if not 0 <= c < 32 or not self.hands[p] >> c & 1:
            raise IllegalAction(f"{POSITION_NAMES[p]} does not hold that card")
        if not self.legal_cards(p) >> c & 1:
            raise IllegalAction(
                f"{code(c)} does not follow suit: a card of the led suit must be played"
            )
        bit = 1 << c
        self.hands[p] ^= bit
        self.played[p] |= bit
        self.cards_played += 1
        self.trick.append(c)
        if len(self.trick) == 3:
            self._complete_trick()

    def _complete_trick(self) -> None:
        g = self.game
        t = self.trick
        es = EFFECTIVE_SUIT[g]
        pw = POWER[g]
        best = 0
        if (es[t[1]] == es[t[0]] and pw[t[1]] > pw[t[0]]) or (
            es[t[1]] == TRUMP and es[t[0]] != TRUMP
        ):
            best = 1
        b = t[best]
        if (es[t[2]] == es[b] and pw[t[2]] > pw[b]) or (es[t[2]] == TRUMP and es[b] != TRUMP):
            best = 2
        winner = (self.leader + best) % 3
        self.tricks.append((self.leader, (t[0], t[1], t[2]), winner))
        pts = POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]]
        self.trick = []
        self.leader = winner
        if self.forfeit_mask and winner != self.declarer:
            self._forfeit_to_defenders()
            return
        self.won_points[winner] += pts
        self.won_tricks[winner] += 1
        if len(self.tricks) == 10:
            self._finish_play("played out")
            return
        if g == GameType.RAMSCH:
            return
        d = self.declarer
        if g == GameType.NULL:
            if winner == d:
                self._finish_play("the declarer took a trick in Null")
        elif (
            winner != d
            and self.contract.schwarz_announced
            and self.profile.announce_rule == "always"
        ):
            self._finish_play("the defenders took a trick against Schwarz announced")

    def _remaining(self) -> int:
        return self.hands[0] | self.hands[1] | self.hands[2]

    def _forfeit_to_defenders(self) -> None:
        """Pre-1999: after a failed claim the defenders took a trick and get every card
        that was unplayed when the claim was made (S4 A3.3)."""
        d = self.declarer
        left, right = (d + 1) % 3, (d + 2) % 3
        pts, tricks = self._claim_points, self._claim_tricks
        self.won_points = list(pts)
        self.won_tricks = list(tricks)
        self.won_points[left] = 120 - points_of(self.skat) - pts[d] - pts[right]
        self.won_tricks[left] = 10 - tricks[d] - tricks[right]
        self._finish_play("failed claim: the defenders collect the rest (pre-1999)")

    # shortening --------------------------------------------------------------

    def _concede(self, a: Concede) -> None:
        if not self.can_concede(a.player, a.agreed_by):
            raise IllegalAction(f"{POSITION_NAMES[a.player]} cannot concede now")
        d = self.declarer
        if self.profile.concession_scoring == "remaining_tricks":
            if self.game == GameType.NULL:
                if a.player == d:
                    self.won_tricks[d] += 1
                self._finish_play("conceded: Null " + ("lost" if a.player == d else "won"))
            elif a.player == d:
                self._give_rest((d + 1) % 3, "conceded by the declarer: the rest to the defenders")
            else:
                self._give_rest(d, "conceded by a defender: the rest to the declarer")
            return
        if a.player == d:
            r = game_result(
                self.profile,
                self.contract,
                self.cards12(),
                self.bid,
                conceded=True,
                lose_as=None,
            )
            self._finish_game(r, "conceded by the declarer")
            return
        self._declarer_wins_by_concession("conceded by a defender")

    def _declarer_wins_by_concession(self, reason: str) -> None:
        """ISkO 4.3.3: the declarer wins at the level reached (or the one the bid needs)."""
        d = self.declarer
        in_trick = sum(POINTS[c] for c in self.trick)
        r = defender_concession_result(
            self.profile,
            self.contract,
            self.cards12(),
            self.bid,
            self.won_points[d] + points_of(self.skat),
            self.won_tricks[d],
            points_of(self._remaining()) + in_trick,
            any(w != d for _, _, w in self.tricks),
        )
        self._finish_game(r, reason)

    def claim_question(self, player: int) -> tuple[tuple[int, int, int], int, int, int, int, bool]:
        """The arguments of :func:`claims.claim_holds` for a claim by ``player`` now."""
        if not self.can_claim(player):
            raise IllegalAction(f"{POSITION_NAMES[player]} cannot claim now")
        hands = (self.hands[0], self.hands[1], self.hands[2])
        partner_helps = self.profile.defender_claim == "texas"
        return hands, int(self.game), self.leader, self.declarer, player, partner_helps

    def _claim(self, a: Claim) -> None:
        holds = claim_holds(*self.claim_question(a.player))
        d = self.declarer
        g = self.game
        if a.player == d:
            if g == GameType.NULL:
                if holds:
                    self._finish_play("claim proven: the declarer takes no further trick")
                else:
                    self.won_tricks[d] += 1
                    self._finish_play("claim failed: the declarer cannot avoid a trick")
                return
            if holds:
                self._give_rest(d, "claim proven: the rest goes to the declarer")
                return
            rule = self.profile.declarer_claim_fail
            if rule == "defenders_take_rest":
                self._give_rest((d + 1) % 3, "claim failed: the rest goes to the defenders")
            elif rule == "continue_forfeit":
                self.forfeit_mask = self._remaining()
                self._claim_points = list(self.won_points)
                self._claim_tricks = list(self.won_tricks)
            # "continue" (Texas): showing the cards is not penalised
            return
        if holds:
            self._give_rest(a.player, "defender's claim proven: the rest goes to the defenders")
        elif self.profile.defender_claim == "texas":
            self._declarer_wins_by_concession("defender's claim failed: the declarer wins")
        else:
            self._give_rest(d, "defender's claim failed: the rest goes to the declarer")

    def _give_rest(self, to: int, reason: str) -> None:
        """The cards still in play, the trick on the table included, go to ``to``'s side."""
        rest = self._remaining()
        for c in self.trick:
            rest |= 1 << c
        self.trick = []
        self.won_points[to] += points_of(rest)
        self.won_tricks[to] += rest.bit_count() // 3
        self._finish_play(reason)

    # results -------------------------------------------------------------------

    def _finish_play(self, reason: str) -> None:
        if self.game == GameType.RAMSCH:
            winners = [w for _, _, w in self.tricks]
            points = [POINTS[c[0]] + POINTS[c[1]] + POINTS[c[2]] for _, c, _ in self.tricks]
            r = ramsch_result(self.profile, winners, points, self.skat, self.pushes)
            factor = 2 if self.setup.bock else 1
            scores = tuple(s * factor for s in r.scores)
            self._finish(
                DealResult(
                    "ramsch",
                    scores,
                    reason=reason,
                    ramsch=r,
                    points=r.points,
                    tricks=r.tricks,
                )
            )
            return
        d = self.declarer
        dp = self.won_points[d] + points_of(self.skat)
        r = game_result(
            self.profile,
            self.contract,
            self.cards12(),
            self.bid,
            dp,
            self.won_tricks[d],
        )
        self._finish_game(r, reason)

    def _finish_game(self, r: GameResult, reason: str) -> None:
        """Close a declared game; Kontra and Bock double only the final score (§2.8)."""
        r = apply_doublings(r, self.kontra, self.setup.bock)
        d = self.declarer
        scores = [0, 0, 0]
        scores[d] = r.score
        points = list(self.won_points)
        points[d] += points_of(self.skat)
        self._finish(
            DealResult(
                "game",
                (scores[0], scores[1], scores[2]),
                reason=reason,
                declarer=d,
                bid=self.bid,
                contract=self.contract,
                game=r,
                declarer_points=points[d],
                declarer_tricks=self.won_tricks[d],
                points=(points[0], points[1], points[2]),
                tricks=(self.won_tricks[0], self.won_tricks[1], self.won_tricks[2]),
            )
        )

    def _finish(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.FINISHED

    # ------------------------------------------------------------------ views

    def view(self, seat: int):
        """What the player at table ``seat`` may know now (see :mod:`engine.view`)."""
        from skat_desktop.engine.view import seat_view

        return seat_view(self, seat)

    def matadors_known(self) -> tuple[bool, int] | None:
        """Matadors of the declared game (after the deal, when the skat is turned)."""
        if self.declarer is None or self.game is None or self.game > GameType.GRAND:
            return None
        return matadors(self.cards12(), self.game)
