"""Reading the other players' card play: how likely a world makes the cards they played.

A sampled world is a guess at the hands the other players hold now; the hand a player
held at one of his plays is that guess plus the cards he played from that trick on. A
club player plays by habits (the rules of :mod:`skat_desktop.ai.beginner` write them
down, and the PIMC levels break their ties with those rules): he does not give points
away for nothing, he smears a ten onto his partner's sure trick, he cashes an ace
before its ten. A world in which an observed card broke such a habit — the player
held a cheap card that would have done the same job — is less likely than one in
which he had no choice. Each broken habit multiplies the world's weight by a factor
below 1; never by 0 and never below :data:`MIN_WEIGHT` in all: a habit is no rule
and a world must never be ruled out by one.

The signals (suit games and Grand; Null and Ramsch are not read):

* **needless points** — a player who followed suit to a trick his side lost (the
  winner an opponent of his: the declarer against the two defenders) with an ace or
  ten while he held a card of that suit (trumps count as one suit) worth at most 4
  that would also have lost: :data:`NEEDLESS` played last, :data:`NEEDLESS_SECOND`
  played second; a king, queen or jack while he held a blank (7, 8, 9):
  :data:`NEEDLESS_SMALL`, last only. Second to play, only a card that was below the
  lead already (one that took the lead may have won the trick). Not read: a plain ten
  from ten and one small card with the ace still out (the ten is lost to the ace
  anyway, and the rules play it), and a defender second behind his partner's lead (he
  may have smeared in front of a trick he took for safe).
* **no smear** — a defender played last to his partner's trick (sure now) and
  followed with a card worth less than 10 while he held a ten of that suit that would
  not have overtaken; or could not follow and threw a plain card worth less than 10
  while he held a plain ten: :data:`NO_SMEAR` (milder: a ten kept as a master
  takes a trick later).
* **fat discard** — a player who could not follow threw a plain ace or ten onto a
  trick his side lost while he held a plain card worth at most 4 that was free to go
  (not the last small card guarding a ten without its ace, which the rules keep):
  :data:`FAT_DISCARD` played last, :data:`FAT_DISCARD_SECOND` played second.
* **no take** — a defender last to a trick of the declarer's worth 10 or more let it go
  while he held a card that would have taken it (a higher card of the suit followed, or
  a trump when void in a plain suit): :data:`NO_TAKE`. (A declarer may let a trick go
  to keep his trumps: not read.)
* **low under the ace** — a player led a small card (7 to king) of a plain suit whose
  ace he held: :data:`LOW_UNDER_ACE` (aces are cashed, not underled).
* **ten before ace** — a defender led a plain ten while he held its ace:
  :data:`TEN_BEFORE_ACE` (mild; a declarer often leads the ten first: not read).

The view is read once (:func:`play_weigher`); the returned function checks a handful
of precomputed masks per world, some microseconds.
"""

from __future__ import annotations

from collections.abc import Callable

from skat_desktop.engine.cards import (
    ACE,
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    FULL_DECK,
    JACK,
    POINTS,
    TEN,
    TRUMP,
    GameType,
    beats,
    cards_of,
    mask,
)
from skat_desktop.engine.view import SeatView

# The factors: the likelihood of the observed card in a world where the habit said
# otherwise, against one where the player had no choice. Fitted to the standard level's
# self-play (145 deals, match seeds 101 and 102, the true hands against the sampler's
# worlds: the likelihood ratio that explains how often the true hand broke the habit),
# then kept within 0.25..0.7 on purpose: the standard never broke NEEDLESS,
# NEEDLESS_SMALL nor NO_TAKE there (ratios below 0.02), but a search that sees a reason
# plays against a habit, and so do people. Measured ratios: NO_SMEAR 0.1-0.55 (two
# seeds), FAT_DISCARD(_SECOND) about 0.3, LOW_UNDER_ACE 0.23 (defenders) and 0.32
# (declarer), TEN_BEFORE_ACE 0.65 (defenders; a declarer led the ten before his ace
# more often than not).
NEEDLESS = 0.25
NEEDLESS_SECOND = 0.4
NEEDLESS_SMALL = 0.3
NO_SMEAR = 0.5
FAT_DISCARD = 0.35
FAT_DISCARD_SECOND = 0.4
NO_TAKE = 0.25
LOW_UNDER_ACE = 0.35
TEN_BEFORE_ACE = 0.7
# All the card play together weighs a world at least this much.
MIN_WEIGHT = 0.05

# What a card costs to give away when it loses: its points, a jack more (a trump
# trick, not two points, as the careful rules count it).
_COST = tuple(5 if c & 7 == JACK else POINTS[c] for c in range(32))

# How a signal is checked against a world (see _Signal).
_ANY = 0  # the player held one of ``cards``
_NOT_PAIR = 1  # ... and did not hold exactly two cards of ``suit`` (a plain ten's pair)
_FREE_LOW = 2  # ... one of ``cards`` not the last small guard of a ten without its ace

# (player, cards, factor, kind, played, suits): ``cards`` those whose holding makes the
# observed card unlikely; ``played`` what the player played from that trick on (his hand
# then is his world hand now | played); ``suits`` the plain suit masks a kind looks at.
_Signal = tuple[int, int, float, int, int, tuple[int, ...]]

Weigher = Callable[[tuple[int, int, int]], float]


def play_weigher(view: SeatView) -> Weigher | None:
    """How likely the other players' card plays so far in ``view`` are in a world: the
    returned function takes the hands every position holds now (a sampled world) and
    gives the product of the factors of the habits the world makes them break (1.0:
    none; at least :data:`MIN_WEIGHT`). ``None`` when nothing is read: no signal yet,
    or a Null or Ramsch. Hands that are open (ouvert) are not weighed."""
    signals = read_signals(view)
    if not signals:
        return None

    def weight(hands: tuple[int, int, int]) -> float:
        w = 1.0
        for p, cards, factor, kind, played, suits in signals:
            held = hands[p] | played  # his hand when he played that card
            if not held & cards:
                continue
            if kind == _NOT_PAIR and (held & suits[0]).bit_count() == 2:
                continue  # ten and one small card: the ten goes anyway
            if kind == _FREE_LOW and not any(
                held & cards & s and not _guards_ten(held & s) for s in suits
            ):
                continue  # every small card he held guarded a ten
            w *= factor
        return w if w >= MIN_WEIGHT else MIN_WEIGHT

    return weight


def _guards_ten(suit_held: int) -> bool:
    """Whether the small cards of a plain suit held are the last guard of its ten: ten
    without the ace and at most two cards (the rules keep such a card)."""
    return bool(suit_held & _TENS) and not suit_held & _ACES and suit_held.bit_count() <= 2


_TENS = sum(1 << (8 * s + TEN) for s in range(4))
_ACES = sum(1 << (8 * s + ACE) for s in range(4))


def read_signals(view: SeatView) -> list[_Signal]:
    """The habits each observed card play tells about, as masks (see :func:`play_weigher`)."""
    game = view.game
    me = view.position
    declarer = view.declarer
    if view.contract is None or game is None or declarer is None or me is None:
        return []
    if not (game.is_suit or game == GameType.GRAND):
        return []
    es = EFFECTIVE_SUIT[game]
    masks = EFFECTIVE_MASKS[game]
    trumps = masks[TRUMP]
    seen = view.hand | view.played | (view.skat or 0)
    for h in view.open_hands:
        if h is not None:
            seen |= h
    unseen = FULL_DECK & ~seen
    read = [p != me and view.open_hands[p] is None for p in range(3)]
    tricks: list[tuple[int, tuple[int, ...], int | None]] = [
        (ld, cs, w) for ld, cs, w in view.tricks
    ]
    if view.trick:
        tricks.append((view.leader, view.trick, None))
    # from_now[i][p]: the cards p played in trick i and after
    from_now = [[0, 0, 0] for _ in range(len(tricks) + 1)]
    for i in range(len(tricks) - 1, -1, -1):
        leader, cards, _ = tricks[i]
        row = from_now[i]
        row[:] = from_now[i + 1]
        for j, c in enumerate(cards):
            row[(leader + j) % 3] |= 1 << c
    out: list[_Signal] = []
    before = 0  # cards played before the current play
    for i, (leader, cards, winner) in enumerate(tricks):
        for j, c in enumerate(cards):
            p = (leader + j) % 3
            if read[p]:
                played = from_now[i][p]
                after = played & ~(1 << c)
                found = _signals_of_play(
                    game, p, j, c, cards, leader, winner, declarer, before, es, masks, trumps
                )
                for alt, factor, kind, suits in found:
                    if kind == _ANY and alt & after:
                        continue  # he surely held one: the same in every world
                    alt &= unseen | after  # (what he played later he held then)
                    if alt:
                        out.append((p, alt, factor, kind, played, suits))
            before |= 1 << c
    return out


def _signals_of_play(
    game: GameType,
    p: int,
    j: int,
    c: int,
    cards: tuple[int, ...],
    leader: int,
    winner: int | None,
    declarer: int,
    before: int,
    es: tuple[int, ...],
    masks: tuple[int, ...],
    trumps: int,
) -> list[tuple[int, float, int, tuple[int, ...]]]:
    """The habits card ``c``, the ``j``-th of its trick played by ``p``, may have broken:
    (cards whose holding says so, factor, kind, suit masks). ``before``: every card
    played before it; ``winner``: None while the trick is in progress."""
    out: list[tuple[int, float, int, tuple[int, ...]]] = []
    plain = es[c] != TRUMP
    rank = c & 7
    if j == 0:
        if plain and rank == TEN and p != declarer:
            out.append((1 << (c - TEN + ACE), TEN_BEFORE_ACE, _ANY, ()))
        elif plain and POINTS[c] <= 4:
            out.append((1 << (c - rank + ACE), LOW_UNDER_ACE, _ANY, ()))
        return out
    if winner is None:
        return out  # how the trick ends is not known yet
    led = es[cards[0]]
    win_card = cards[(winner - leader) % 3]
    lost = (winner == declarer) != (p == declarer)
    last = j == 2
    if not last and p != declarer and leader != declarer:
        return out  # second behind his partner's lead: he may have smeared in front
    if not last and beats(c, cards[0], game):
        return out  # second with a card that took the lead: it may have won the trick
    followed = es[c] == led
    if last and lost and p != declarer and POINTS[cards[0]] + POINTS[cards[1]] >= 10:
        # a fat trick of the declarer's he could have taken as last to play
        if followed:
            alt = mask(x for x in cards_of(masks[led]) if beats(x, win_card, game))
            out.append((alt & ~(1 << c), NO_TAKE, _ANY, ()))
        elif led != TRUMP:
            alt = mask(x for x in cards_of(trumps) if beats(x, win_card, game))
            out.append((alt & ~(1 << c), NO_TAKE, _ANY, ()))
    if followed and lost:
        suit = masks[led] & ~(1 << c)
        lower = [x for x in cards_of(suit) if not beats(x, win_card, game)]
        if POINTS[c] >= 10:
            alt = mask(x for x in lower if _COST[x] <= 4)
            factor = NEEDLESS if last else NEEDLESS_SECOND
            ace_out = not before >> (c - TEN + ACE) & 1
            if plain and rank == TEN and ace_out:
                out.append((alt, factor, _NOT_PAIR, (masks[led],)))
            else:
                out.append((alt, factor, _ANY, ()))
        elif _COST[c] >= 3 and last:
            alt = mask(x for x in lower if _COST[x] == 0)
            out.append((alt, NEEDLESS_SMALL, _ANY, ()))
    elif not followed and lost and plain and POINTS[c] >= 10:
        others = FULL_DECK & ~trumps & ~masks[led] & ~(1 << c)
        alt = mask(x for x in cards_of(others) if _COST[x] <= 4)
        factor = FAT_DISCARD if last else FAT_DISCARD_SECOND
        # an ace, or a ten whose ace has gone, is a master: the rules throw any small
        # card first, guard or not
        master = rank == ACE or before >> (c - TEN + ACE) & 1
        if master:
            out.append((alt, factor, _ANY, ()))
        else:
            suits = tuple(masks[s] for s in range(4) if s != led and masks[s] & alt)
            out.append((alt, factor, _FREE_LOW, suits))
    elif last and winner != p and winner != declarer and p != declarer and POINTS[c] < 10:
        # his partner's trick, sure once he plays: the habit is to smear a ten
        if followed:
            tens = masks[led] & _TENS & ~(1 << c)
            alt = mask(x for x in cards_of(tens) if not beats(x, win_card, game))
            if alt:
                out.append((alt, NO_SMEAR, _ANY, ()))
        elif plain:
            alt = _TENS & ~trumps & ~masks[led]
            out.append((alt, NO_SMEAR, _ANY, ()))
    return [s for s in out if s[0]]
