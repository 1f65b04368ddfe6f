"""The ``beginner`` level: fast rules of thumb for every decision of a deal.

Bidding, the skat, the discard and the declaration come from
:mod:`skat_desktop.ai.hand_eval`; card play follows the rules a club player teaches
a newcomer: the declarer draws trumps while he holds the highest one (or the
majority), cashes his aces and keeps control; the defenders cash aces, lead "short
way, long suit; long way, short suit", give their partner points (schmieren) when
his trick is safe, trump the declarer's tens and follow low when they cannot win.
In Null the declarer ducks as high as he safely can and the defenders lead low; in
Ramsch everybody ducks and dumps high cards when void. Kontra and Re only with a
strong hand; never a concession or a claim.

The level (``careful=True``, issue 27 item 5) also avoids three giveaways the plain
rules make: it never gives a jack away as if it were worth two points, keeps a side
ace it would smear while the declarer still follows that suit (it takes a trick
later), and takes the declarer's lead with a ten that is top of its suit. The plain
rules stay as they were: the PIMC levels consult them to break ties
(benchmarks/BEGINNER_NOTES.md).

Every decision uses the seat view only and takes well under a millisecond.
"""

from __future__ import annotations

import random
import threading

from skat_desktop.ai import hand_eval as he
from skat_desktop.engine.actions import (
    Action,
    Bid,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
)
from skat_desktop.engine.cards import (
    ACE,
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    FULL_DECK,
    JACK,
    JACKS,
    POINTS,
    POWER,
    TEN,
    TRUMP,
    GameType,
    cards_of,
    points_of,
)
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.view import SeatView

_NULL = GameType.NULL
_RAMSCH = GameType.RAMSCH
_GRAND = GameType.GRAND
# What a careful beginner counts a jack as when it gives a card away: above a king,
# below a ten (a jack under the declarer's jack gives him a trump trick for nothing)
_JACK_WORTH = 5


class _Table:
    """What the seat knows about the cards during play, computed once per decision."""

    __slots__ = (
        "careful",
        "dec_open",
        "declarer",
        "em",
        "es",
        "followed",
        "g",
        "hand",
        "led",
        "legal",
        "me",
        "n",
        "out",
        "pw",
        "trick",
        "trick_points",
        "voids",
        "win_card",
        "win_pos",
    )

    def __init__(
        self,
        view: SeatView,
        g: int,
        legal: int,
        careful: bool = False,
        hand: int | None = None,
        skat: int | None = None,
    ):
        """``hand`` and ``skat``: what the seat holds and knows of the skat, when not
        the view's own (another player's hand in a guessed world)."""
        if hand is None:
            hand, skat = view.hand, view.skat
        self.careful = careful
        self.g = g
        self.es = es = EFFECTIVE_SUIT[g]
        self.pw = pw = POWER[g]
        self.em = EFFECTIVE_MASKS[g]
        self.me = view.position
        self.hand = hand
        self.legal = legal
        self.declarer = view.declarer
        self.dec_open = None
        if view.declarer is not None and view.declarer != self.me:
            self.dec_open = view.open_hands[view.declarer]
        voids = [0, 0, 0]
        followed = [0, 0, 0]  # suits each player has followed to someone else's lead
        known = hand | (skat or 0)
        for leader, cards, _ in view.tricks:
            lead_suit = es[cards[0]]
            for i in (1, 2):
                if es[cards[i]] != lead_suit:
                    voids[(leader + i) % 3] |= 1 << lead_suit
                else:
                    followed[(leader + i) % 3] |= 1 << lead_suit
            known |= (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
        trick = view.trick
        self.trick = trick
        self.n = len(trick)
        self.led = es[trick[0]] if trick else None
        win_i = 0
        for i, c in enumerate(trick):
            known |= 1 << c
            if i:
                if es[c] != self.led:
                    voids[(view.leader + i) % 3] |= 1 << self.led
                w = trick[win_i]
                if (es[c] == es[w] and pw[c] > pw[w]) or (es[c] == TRUMP and es[w] != TRUMP):
                    win_i = i
        for p in range(3):
            h = view.open_hands[p]
            if h is not None and p != self.me:
                known |= h
        self.out = FULL_DECK & ~known
        self.voids = voids
        self.followed = followed
        self.win_card = trick[win_i] if trick else None
        self.win_pos = (view.leader + win_i) % 3 if trick else None
        self.trick_points = sum(POINTS[c] for c in trick)

    # -- card relations

    def beats(self, a: int, b: int) -> bool:
        es, pw = self.es, self.pw
        if es[a] == es[b]:
            return pw[a] > pw[b]
        return es[a] == TRUMP

    def higher_out(self, c: int) -> int:
        """Outstanding cards of c's effective suit that beat c."""
        pw = self.pw
        p = pw[c]
        return sum(1 << d for d in cards_of(self.out & self.em[self.es[c]]) if pw[d] > p)

    def lower_out(self, c: int) -> int:
        pw = self.pw
        p = pw[c]
        return sum(1 << d for d in cards_of(self.out & self.em[self.es[c]]) if pw[d] < p)

    def master(self, c: int) -> bool:
        """No card still out can beat c in its own suit."""
        return not self.higher_out(c)

    def suit_cards(self, m: int, suit: int) -> list[int]:
        return cards_of(m & self.em[suit])

    def winners(self) -> list[int]:
        w = self.win_card
        return [c for c in cards_of(self.legal) if self.beats(c, w)]


class BeginnerPlayer:
    """Rules-of-thumb player: sensible bidding by hand strength and simple card play."""

    name = "beginner"

    def __init__(
        self,
        rng: random.Random | int | None = None,
        bid_margin: float = he.BID_MARGIN,
        *,
        careful: bool = False,
    ):
        # decisions are a function of the view today; the generator is kept for levels
        # built on this one (and for tie-breaks) so that seeds stay meaningful
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.bid_margin = bid_margin  # chance held back when bidding (see hand_eval)
        # the beginner level's own corrections (issue 27.5, see the module text); off
        # for the rules the PIMC levels consult for ties and fallbacks, which thus
        # play exactly as before
        self.careful = careful
        self.fallbacks = 0  # decisions that had to fall back to a default legal action
        self._eval_key: tuple | None = None
        self._eval: list[he.GameOption] = []
        self._plan_key: tuple | None = None
        self._plan: he.Plan | None = None

    # ------------------------------------------------------------------ interface

    def choose(self, view: SeatView, cancel: threading.Event | None = None) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the beginner player was asked to act without a legal action")
        a = self._decide(view)
        if a is None or a not in legal:
            self.fallbacks += 1
            plays = [x for x in legal if type(x) is Play]
            return plays[0] if plays else legal[-1] if type(legal[-1]) is Pass else legal[0]
        return a

    def wants_interjection(self, view: SeatView) -> Action | None:
        for a in view.legal:
            if type(a) is Double and self._wants_double(view, a.level):
                return a
        return None

    # ------------------------------------------------------------------ phases

    def _decide(self, view: SeatView) -> Action | None:
        phase = view.phase
        if phase == "play":
            for a in view.legal:
                if type(a) is Double and self._wants_double(view, a.level):
                    return a
            return self._play(view)
        if phase == "bidding":
            return self._bidding(view)
        if phase == "skat":
            return self._skat(view)
        if phase == "discard":
            return self._discard(view)
        if phase == "declare":
            return self._declare(view)
        if phase == "ramsch_offer":
            return self._ramsch_offer(view)
        if phase == "schieben":
            return self._schieben(view)
        return None

    def _options(self, view: SeatView) -> list[he.GameOption]:
        key = (view.hand, view.profile, view.position)
        if key != self._eval_key:
            self._eval = he.evaluate_hand(
                view.hand, view.profile, view.position, margin=self.bid_margin
            )
            self._eval_key = key
        return self._eval

    def _bidding(self, view: SeatView) -> Action:
        legal = view.legal
        ceiling = he.max_bid(self._options(view))
        first = legal[0]
        if type(first) is Bid:
            return first if first.value <= ceiling else legal[-1]
        if type(first) is Hold:
            high = max((v for _, kind, v in view.auction if kind == "bid"), default=0)
            return first if high <= ceiling else legal[-1]
        return legal[-1]

    def _skat(self, view: SeatView) -> Action:
        opts = self._options(view)
        bid = view.bid
        pick = max(
            (o.expected for o in opts if not o.contract.hand and o.value_estimate >= bid),
            default=-1e9,
        )
        plan = he.plan_declaration(view.hand, False, bid, view.profile, view.position)
        # a Hand game when it is strong, or when only a Hand game can reach the bid
        strong = plan.win_chance >= 0.8 or pick < -1e8
        if plan.covers_bid and strong and plan.expected > pick:
            a = declare_action(view, plan.contract)
            if a is not None:
                return a
        return PickUp(view.position)

    def _discard(self, view: SeatView) -> Action:
        plan = he.plan_declaration(view.hand, True, view.bid, view.profile, view.position)
        self._plan_key = (view.hand, view.bid, view.profile)
        self._plan = plan
        assert plan.discard is not None
        c1, c2 = sorted(plan.discard)
        return Discard(view.position, (c1, c2))

    def _declare(self, view: SeatView) -> Action | None:
        skat = view.skat or 0
        plan = self._plan
        if plan is None or self._plan_key != (view.hand | skat, view.bid, view.profile):
            plan = he.plan_declaration(
                view.hand, True, view.bid, view.profile, view.position, skat=skat
            )
        self._plan = None
        self._plan_key = None
        a = declare_action(view, plan.contract)
        if a is not None:
            return a
        # a correction within one game type (ISkO 3.4.5): the plain game of that type
        declares = [x for x in view.legal if type(x) is Declare]
        plain = [x for x in declares if x.contract == Contract(x.contract.game)]
        return (plain or declares or [None])[0]

    def _ramsch_offer(self, view: SeatView) -> Action:
        hand = view.hand
        p = he.win_chance(hand, _GRAND, view.position, pre=False)
        if p >= 0.85:
            a = declare_action(view, Contract(_GRAND, hand=True))
            if a is not None:
                return a
        return Pass(view.position)

    def _schieben(self, view: SeatView) -> Action:
        legal = view.legal
        if type(legal[0]) is PickUp:
            # taking the skat never worsens the hand (two cards go on); pushing doubles
            # the stakes, so push only with a hand that will hardly collect points
            if he.ramsch_danger(view.hand) < 2.5:
                return Push(view.position)
            return legal[0]
        c1, c2 = sorted(he.ramsch_discard(view.hand))
        return Discard(view.position, (c1, c2))

    def _wants_double(self, view: SeatView, level: int) -> bool:
        k = view.contract
        if k is None or k.is_null:
            return False
        hand = view.hand
        if level == 1:  # Kontra, by a defender: only with a strong defence
            g = k.game
            nj = (hand & JACKS).bit_count()
            aces = sum(1 for s in range(4) if hand >> (8 * s + ACE) & 1 and s != g)
            if g == _GRAND:
                return nj >= 2 and aces >= 3
            ntr = (hand & EFFECTIVE_MASKS[g][TRUMP]).bit_count()
            return ntr >= 5 and nj >= 2 and aces >= 1
        if level == 2 and view.position == view.declarer:  # Re
            skat = view.skat
            p = he.win_chance(
                hand,
                k.game,
                view.position,
                pre=False,
                skat_points=None if skat is None else points_of(skat),
            )
            return p >= 0.93
        return False

    # ------------------------------------------------------------------ card play

    def _play(self, view: SeatView) -> Action | None:
        legal = 0
        actions: dict[int, Action] = {}
        for a in view.legal:
            if type(a) is Play:
                legal |= 1 << a.card
                actions[a.card] = a
        if not legal:
            return None
        if legal & (legal - 1) == 0:
            return actions[legal.bit_length() - 1]
        return actions.get(rules_card(view, legal, self.careful))


def rules_card(
    view: SeatView,
    legal: int,
    careful: bool = False,
    hand: int | None = None,
    skat: int | None = None,
) -> int:
    """The card these rules play from ``legal`` (a mask of two cards or more) in a deal
    in play, seen from ``view.position``; ``hand``/``skat``: that seat's cards and its
    knowledge of the skat when not the view's (how a guessed hand would have played:
    :mod:`skat_desktop.ai.policy_reading`)."""
    g = view.game
    t = _Table(view, g, legal, careful, hand, skat)
    if g == _RAMSCH:
        return _ramsch_card(t)
    if g == _NULL:
        return _null_declarer_card(t) if t.me == t.declarer else _null_defender_card(t)
    if t.me == t.declarer:
        return _declarer_card(t)
    return _defender_card(t)


def declare_action(view: SeatView, contract: Contract) -> Action | None:
    k = contract.normalised()
    for a in view.legal:
        if type(a) is Declare and a.contract == k and a.lose_as is None:
            return a
    return None


# ---------------------------------------------------------------------- suit / grand


def _throw(t: _Table, cards: list[int]) -> int:
    """The card to give away when not winning: keep trumps, masters and guards of tens."""
    es, pw = t.es, t.pw
    hand = t.hand

    def key(c: int) -> tuple:
        trump = es[c] == TRUMP
        suit = hand & t.em[es[c]]
        guard = 0
        if (
            not trump
            and c & 7 != TEN
            and suit >> (c & ~7 | TEN) & 1
            and not suit >> (c & ~7 | ACE) & 1
        ):
            guard = suit.bit_count() <= 2  # the last small card protecting a ten
        worth = POINTS[c]
        if t.careful and c & 7 == JACK:
            worth = _JACK_WORTH  # a jack is a trump trick, not two points
        return (trump, t.master(c) and POINTS[c] >= 10, guard, worth, pw[c])

    return min(cards, key=key)


def _has_followed(t: _Table, p: int, suit: int) -> bool:
    return bool(t.followed[p] & (1 << suit)) and not t.voids[p] & (1 << suit)


def _cheapest_winner(t: _Table, winners: list[int]) -> int:
    es, pw = t.es, t.pw
    return min(winners, key=lambda c: (es[c] == TRUMP, c & 7 == JACK, pw[c], POINTS[c]))


def _safe_from(t: _Table, c: int, others: list[int]) -> bool:
    """Whether card c, once on the table, cannot be beaten by the players ``others``."""
    if t.higher_out(c):
        return False
    if t.es[c] != TRUMP and t.g != _NULL:
        suit_bit = 1 << t.es[c]
        trumps_out = t.out & t.em[TRUMP]
        for p in others:
            if t.voids[p] & suit_bit and trumps_out and not t.voids[p] & (1 << TRUMP):
                return False
    return True


def _declarer_card(t: _Table) -> int:
    legal = cards_of(t.legal)
    es = t.es
    d1, d2 = (t.me + 1) % 3, (t.me + 2) % 3
    trumps_out = t.out & t.em[TRUMP]
    if t.voids[d1] & t.voids[d2] & (1 << TRUMP):
        trumps_out = 0
    if t.n == 0:
        return _declarer_lead(t, legal, trumps_out, (d1, d2))
    winners = t.winners()
    if t.n == 2:
        if winners:
            c = _cheapest_winner(t, winners)
            # do not spend a jack on an empty trick while trumps are still out
            if not (c & 7 == JACK and t.trick_points == 0 and trumps_out):
                return c
        return _throw(t, legal)
    # second to play: the other defender still follows
    third = (t.me + 1) % 3
    safe = [c for c in winners if _safe_from(t, c, [third])]
    if safe:
        return _cheapest_winner(t, safe)
    following = es[legal[0]] == t.led
    throw = _throw(t, legal)
    if not following and winners and t.trick_points + POINTS[throw] >= 10:
        # ruff rather than give away a ten or let a fat trick go
        trumps = [c for c in winners if es[c] == TRUMP]
        if trumps:
            return min(trumps, key=lambda c: (c & 7 == JACK, POINTS[c], t.pw[c]))
    return throw


def _declarer_lead(t: _Table, legal: list[int], trumps_out: int, defenders) -> int:
    es, pw = t.es, t.pw
    my_tr = [c for c in legal if es[c] == TRUMP]
    if my_tr and trumps_out:
        top = max(my_tr, key=lambda c: pw[c])
        if t.master(top):
            return top
        if len(my_tr) > trumps_out.bit_count() and len(my_tr) >= 3:
            return min(my_tr, key=lambda c: (POINTS[c], pw[c]))
    side = [c for c in legal if es[c] != TRUMP]
    if side:
        masters = []
        for c in side:
            if not t.master(c):
                continue
            bit = 1 << es[c]
            ruffable = trumps_out and any(
                t.voids[p] & bit and not t.voids[p] & (1 << TRUMP) for p in defenders
            )
            if not ruffable:
                masters.append(c)
        if masters:
            return max(masters, key=lambda c: (POINTS[c], pw[c]))

        # no sure side trick: give up a low card (keeping the trumps for control),
        # from a short suit to make a void, never a ten or an ace into the defence
        def lead_key(c: int) -> tuple:
            suit = t.hand & t.em[es[c]]
            n = suit.bit_count()
            return (POINTS[c] >= 10, n, pw[c])

        lows = [min(t.suit_cards(t.hand, s), key=lambda c: pw[c]) for s in {es[c] for c in side}]
        return min(lows, key=lead_key)
    if not trumps_out:
        return max(my_tr, key=lambda c: pw[c])
    return min(my_tr, key=lambda c: (POINTS[c], pw[c]))  # give up the cheapest trump


def _defender_card(t: _Table) -> int:
    legal = cards_of(t.legal)
    es, pw = t.es, t.pw
    d = t.declarer
    partner = 3 - t.me - d
    if t.n == 0:
        return _defender_lead(t, legal, d, partner)
    winners = t.winners()
    following = es[legal[0]] == t.led
    if t.n == 2:
        if t.win_pos == partner:
            return _schmier(t, legal)
        if winners:
            return _cheapest_winner(t, winners)
        return _throw(t, legal)
    # second to play
    leader = (t.me + 2) % 3
    if leader == partner:  # the declarer plays last
        pc = t.trick[0]
        partner_safe = _safe_from(t, pc, [d])
        if following and partner_safe and t.led != TRUMP:
            # schmier only when the declarer has followed this suit before
            suit_out = (t.out & t.em[t.led]).bit_count()
            if suit_out >= 2 and _has_followed(t, d, t.led):
                return _schmier(t, legal)
        if partner_safe:
            return _throw(t, legal)  # never overtake partner's sure trick
        mine = [c for c in winners if _safe_from(t, c, [d])]
        if mine and t.led != TRUMP:
            return _cheapest_winner(t, mine)
        return _throw(t, legal)
    # the declarer led, partner plays last
    lc = t.trick[0]
    if following:
        mine = [c for c in winners if t.master(c)]
        if mine and (
            POINTS[lc] >= 10
            or (t.led != TRUMP and any(c & 7 == ACE for c in mine))
            # careful: a ten that is top of its suit takes the declarer's card now
            or (t.careful and any(c & 7 == TEN for c in mine))
        ):
            return _cheapest_winner(t, mine)
        return _throw(t, legal)
    trumps = [c for c in winners if es[c] == TRUMP]
    if trumps and POINTS[lc] >= 10:
        return min(trumps, key=lambda c: pw[c])
    return _throw(t, legal)


def _schmier(t: _Table, legal: list[int]) -> int:
    """Give points to partner's trick: tens first, then kings and queens, aces last.

    Careful: a side ace stays in the hand while the declarer still follows its suit,
    since it takes a trick of its own later (often the declarer's ten)."""
    es = t.es
    plain = [c for c in legal if es[c] != TRUMP] or legal
    d = t.declarer

    def value(c: int) -> float:
        v = POINTS[c]
        if c & 7 == ACE:
            v -= 6
            if t.careful and es[c] != TRUMP and not t.voids[d] & (1 << es[c]):
                v = -1  # below the small cards
        if c & 7 == JACK:
            v -= 20
        return v

    return max(plain, key=value)


def _defender_lead(t: _Table, legal: list[int], d: int, partner: int) -> int:
    es, pw = t.es, t.pw
    side = [c for c in legal if es[c] != TRUMP]
    dec_trumps = not t.voids[d] & (1 << TRUMP) and t.out & t.em[TRUMP]
    if side:
        suits = {es[c] for c in side}
        # partner is void and can ruff, the declarer must follow
        for s in suits:
            bit = 1 << s
            if (
                t.g != _GRAND
                and t.voids[partner] & bit
                and not t.voids[partner] & (1 << TRUMP)
                and not t.voids[d] & bit
            ):
                return min(t.suit_cards(t.hand, s), key=lambda c: pw[c])
        ok = [s for s in suits if not (dec_trumps and t.voids[d] & (1 << s))] or list(suits)
        masters = [c for c in side if es[c] in ok and t.master(c)]
        if masters:
            return max(masters, key=lambda c: (POINTS[c], pw[c]))
        short_way = (t.me + 1) % 3 == d  # declarer plays right after me

        def key(s: int) -> tuple:
            cards = t.suit_cards(t.hand, s)
            low = min(cards, key=lambda c: pw[c])
            n = len(cards)
            return (POINTS[low] >= 10, -n if short_way else n, pw[low])

        s = min(ok, key=key)
        return min(t.suit_cards(t.hand, s), key=lambda c: pw[c])
    # only trumps left
    top = max(legal, key=lambda c: pw[c])
    if t.master(top):
        return top
    return min(legal, key=lambda c: (pw[c], POINTS[c]))


# ---------------------------------------------------------------------- Null


def _null_declarer_card(t: _Table) -> int:
    legal = cards_of(t.legal)
    pw = t.pw
    if t.n == 0:

        def risk(c: int) -> tuple:
            higher = t.higher_out(c).bit_count()
            lower = t.lower_out(c).bit_count()
            return (higher == 0, lower, -higher)

        return min(legal, key=risk)
    following = t.es[legal[0]] == t.led
    if following:
        under = [c for c in legal if pw[c] < pw[t.win_card]]
        if under:
            return max(under, key=lambda c: pw[c])
        return min(legal, key=lambda c: pw[c])
    # void: discard the card that endangers its suit most
    hand = t.hand

    def danger(c: int) -> tuple:
        s = c >> 3
        b = (hand >> (8 * s)) & 0xFF
        gain = he.NULL_EXCESS[b] - he.NULL_EXCESS[b & ~(1 << (c & 7))]
        return (gain, pw[c])

    return max(legal, key=danger)


def _null_defender_card(t: _Table) -> int:
    legal = cards_of(t.legal)
    pw, es = t.pw, t.es
    d = t.declarer
    if t.n == 0:
        return _null_defender_lead(t, legal, d)
    following = es[legal[0]] == t.led
    order = [(t.me - t.n + i) % 3 for i in range(t.n)]
    if d in order:  # the declarer has played
        if t.win_pos == d:
            if following:
                under = [c for c in legal if pw[c] < pw[t.win_card]]
                if under:
                    return max(under, key=lambda c: pw[c])
            else:
                return max(legal, key=lambda c: pw[c])
        return max(legal, key=lambda c: pw[c])
    # the declarer plays after me: keep the bar low
    if following:
        return min(legal, key=lambda c: pw[c])
    return max(legal, key=lambda c: pw[c])


def _null_defender_lead(t: _Table, legal: list[int], d: int) -> int:
    """Lead low, in the suit where the declarer most likely holds cards above ours and
    the fewest below (in Null Ouvert his cards are known)."""
    pw, es = t.pw, t.es
    dec = t.dec_open if t.dec_open is not None else t.out
    best = None
    best_key = None
    for s in {es[c] for c in legal}:
        if t.voids[d] & (1 << s) or not dec & t.em[s]:
            continue
        c = min(t.suit_cards(t.hand, s), key=lambda x: pw[x])
        theirs = cards_of(dec & t.em[s])
        below = sum(1 for x in theirs if pw[x] < pw[c])
        key = (below, below - len(theirs), pw[c])
        if best_key is None or key < best_key:
            best, best_key = c, key
    if best is not None:
        return best
    return min(legal, key=lambda c: pw[c])


# ---------------------------------------------------------------------- Ramsch


def _ramsch_card(t: _Table) -> int:
    legal = cards_of(t.legal)
    es, pw = t.es, t.pw
    if t.n == 0:
        others = ((t.me + 1) % 3, (t.me + 2) % 3)

        def risk(c: int) -> tuple:
            bit = 1 << es[c]
            # a suit both others have shown void in wins the trick for sure
            higher = t.higher_out(c).bit_count()
            if all(t.voids[p] & bit for p in others):
                higher = 0
            lower = t.lower_out(c).bit_count()
            return (es[c] == TRUMP, higher == 0, -higher, lower, POINTS[c])

        return min(legal, key=risk)
    following = es[legal[0]] == t.led
    if following:
        under = [c for c in legal if not t.beats(c, t.win_card)]
        if under:
            return max(under, key=lambda c: (pw[c], POINTS[c]))
        if t.n == 2:
            return max(legal, key=lambda c: (pw[c], POINTS[c]))
        return min(legal, key=lambda c: (pw[c], POINTS[c]))
    # void in the led suit: dump points and high cards, but do not trump with a jack
    plain = [c for c in legal if es[c] != TRUMP]
    if plain:
        return max(plain, key=lambda c: (POINTS[c], pw[c]))
    under = [c for c in legal if not t.beats(c, t.win_card)]
    if under:
        return max(under, key=lambda c: pw[c])
    return min(legal, key=lambda c: pw[c])
