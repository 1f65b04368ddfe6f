"""Fair deals at a LAN table (docs/protocol.md, "Fair deals"): commit, pledge, open, reveal.

The host commits to a secret before the deal; every human seat pledges random bytes
(a hash of them) and opens them only once every pledge is fixed and shown to all; the
seed is a hash of the secret's commitment and the opened bytes. So the host cannot
pick the cards (its secret is fixed before it sees any bytes), nor can a player who
plays with the host (his bytes are fixed before anyone's are known), a player cannot
predict them (the secret stays hidden until the deal is over), and after the deal
every client checks the reveal and that the cards it saw are the ones that seed deals.
What remains is one bit per party that pledges and then withholds its bytes: the deal
with or without them. The reveal names such a seat, so everyone sees it.

Every check says why a deal is not verified as a :class:`NotVerified`: the English
sentence the CLI, the logs and the stored record keep, with a ``code`` and its ``params``
by which a window says it in the player's language (``gui/lan_link.verdict_text``).

Sans-IO: hashlib, hmac and secrets only (and the engine's dealing).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from skat_desktop.engine.cards import cards_of, code
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.view import SeatView

SIZE = 32  # bytes of a secret, a commitment and a contribution
_DOMAIN = b"skat-desktop deal v1|"
_PLEDGE_DOMAIN = b"skat-desktop contribution v1|"
_POSITIONS = ("forehand", "middlehand", "rearhand")


class NotVerified(str):
    """Why a deal is not verified: one English sentence -- it compares, prints and is
    stored as that sentence, as before -- with a ``code`` saying which check failed and its
    ``params`` (ints: a deal number, a seat from 0, a position, a card, a mask of cards),
    so that a window can say it in the player's language."""

    code: str
    params: Mapping[str, int]

    def __new__(cls, code: str, text: str, /, **params: int) -> NotVerified:
        self = super().__new__(cls, text)
        self.code = code
        self.params = MappingProxyType(dict(params))
        return self

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return _not_verified, (self.code, str(self), dict(self.params))

    def __repr__(self) -> str:
        return f"NotVerified({self.code!r}, {str(self)!r})"

    def reworded(self, text: str) -> NotVerified:
        """The same verdict (code and params) in other words (cut to one line)."""
        return NotVerified(self.code, text, **self.params)


def _not_verified(code: str, text: str, params: dict[str, int]) -> NotVerified:
    return NotVerified(code, text, **params)


def new_secret() -> bytes:
    """The host's secret for one deal."""
    return secrets.token_bytes(SIZE)


def new_contribution() -> bytes:
    """A client's contribution to one deal (drawn afresh for every deal)."""
    return secrets.token_bytes(SIZE)


def _check_bytes(value: object, what: str) -> bytes:
    if type(value) is not bytes or len(value) != SIZE:
        raise ValueError(f"{what} must be {SIZE} bytes")
    return value


def commitment(table: str, deal: int, secret: bytes) -> bytes:
    """SHA-256 over the table, the deal number and the secret: binds the host to the
    secret of exactly this deal at this table (it cannot be reused for another)."""
    return _commitment(table, deal, secret)


def _commitment(table: str, deal: int, secret: bytes) -> bytes:
    if type(deal) is not int or deal < 0:
        raise ValueError("a deal number is a whole number, 0 or more")
    _check_bytes(secret, "the secret")
    data = _DOMAIN + table.encode("utf-8") + b"|" + str(deal).encode() + b"|" + secret
    return hashlib.sha256(data).digest()


def pledge(table: str, deal: int, seat: int, value: bytes) -> bytes:
    """SHA-256 over the table, the deal, the seat and a contribution: what a seat sends
    first. It binds the seat to its bytes before anyone's are known (and cannot be moved
    to another seat, deal or table), yet says nothing about them."""
    if type(deal) is not int or deal < 0:
        raise ValueError("a deal number is a whole number, 0 or more")
    if type(seat) is not int or not 0 <= seat <= 255:
        raise ValueError("a seat is a whole number 0..255")
    _check_bytes(value, "a contribution")
    data = (
        _PLEDGE_DOMAIN
        + table.encode("utf-8")
        + b"|"
        + str(deal).encode()
        + b"|"
        + str(seat).encode()
        + b"|"
        + value
    )
    return hashlib.sha256(data).digest()


def keeps_pledge(table: str, deal: int, seat: int, value: bytes, pledged: bytes) -> bool:
    """Whether ``value`` is the contribution ``seat`` pledged (constant time)."""
    try:
        return hmac.compare_digest(pledge(table, deal, seat, value), pledged)
    except (ValueError, TypeError):
        return False


def withheld(pledges: Mapping[int, bytes], contributions: Mapping[int, bytes]) -> list[int]:
    """The seats that pledged but whose bytes are not in the seed, in seat order."""
    return sorted(set(pledges) - set(contributions))


def derive_seed(commitment: bytes, contributions: Mapping[int, bytes]) -> int:
    """The deal's seed: the first 63 bits of SHA-256 over the commitment and each
    contribution in seat order, each after its seat as one byte (so the order of the
    mapping does not matter and a contribution cannot move to another seat)."""
    _check_bytes(commitment, "the commitment")
    h = hashlib.sha256(commitment)
    for seat in sorted(contributions):
        if type(seat) is not int or not 0 <= seat <= 255:
            raise ValueError("a contribution's seat is a whole number 0..255")
        h.update(seat.to_bytes(1, "big") + _check_bytes(contributions[seat], "a contribution"))
    # 63 bits: the database keeps a deal's seed in a signed 64-bit INTEGER column, and
    # TableController.start_deal(seed=...) refuses what it could not store
    return int.from_bytes(h.digest()[:8], "big") >> 1


def check_reveal(
    table: str,
    deal: int,
    commitment: bytes,
    secret: bytes,
    contributions: Mapping[int, bytes],
    seed: int,
    mine: tuple[int, bytes] | None = None,
    *,
    pledges: Mapping[int, bytes] | None = None,
    left_out: Sequence[int] | None = None,
) -> NotVerified | None:
    """None when the reveal is sound, else one sentence saying what is wrong.

    ``commitment`` is the one the client got in ``commit`` before the deal (not the
    reveal's word for it). ``mine`` is (seat, contribution) when this client opened
    its contribution: it must be in the reveal as sent, or the host could have
    replaced or dropped it. ``pledges`` are the seats' pledges as the client saw them
    before anyone opened: every contribution in the seed must keep its seat's pledge
    (so none was chosen after another's bytes were known). ``left_out``: the seats the
    reveal says withheld their bytes; they must be exactly the pledged seats missing.
    """
    try:
        if not hmac.compare_digest(_commitment(table, deal, secret), commitment):
            return NotVerified(
                "secret_mismatch",
                "the revealed secret does not match the commitment made before the deal",
            )
        if mine is not None:
            seat, value = mine
            if contributions.get(seat) != value:
                return NotVerified(
                    "contribution_replaced",
                    f"the contribution of seat {seat + 1} is not the one it sent",
                    seat=seat,
                )
        if pledges is not None:
            for seat in sorted(contributions):
                if seat not in pledges:
                    return NotVerified(
                        "contribution_unpledged",
                        f"the seed takes a contribution of seat {seat + 1}, never pledged",
                        seat=seat,
                    )
                if not keeps_pledge(table, deal, seat, contributions[seat], pledges[seat]):
                    return NotVerified(
                        "contribution_changed",
                        f"the contribution of seat {seat + 1} is not the one it pledged",
                        seat=seat,
                    )
            if left_out is not None and sorted(left_out) != withheld(pledges, contributions):
                return NotVerified(
                    "withheld_wrong",
                    "the seats said to have withheld their bytes are not the ones missing",
                )
        if derive_seed(commitment, contributions) != seed:
            return NotVerified(
                "seed_mismatch",
                "the seed does not follow from the commitment and the contributions",
            )
    except (ValueError, TypeError) as e:
        return NotVerified("reveal_malformed", f"the reveal is malformed: {e}")
    return None


def _cards(m: int) -> str:
    return " ".join(code(c) for c in cards_of(m)) or "none"


def check_hand(seed: int, position: int, hand: int) -> NotVerified | None:
    """Whether ``hand`` (a mask) is what ``seed`` deals to ``position`` (0 forehand,
    1 middlehand, 2 rearhand): a seat checks the hand it got at the start of the deal.

    The series deals ``deal_from_seed(seed)`` as it comes: hand i goes to position i
    (TableController.start_deal: ``series.next_setup(deal_from_seed(seed), seed)``).
    """
    if position not in (0, 1, 2):
        return NotVerified("bad_position", "a hand is checked at a position 0, 1 or 2")
    dealt = deal_from_seed(seed).hands[position]
    if hand != dealt:
        return NotVerified(
            "hand_not_dealt",
            f"the {_POSITIONS[position]} hand was {_cards(hand)}, "
            f"but the seed deals {_cards(dealt)}",
            position=position,
            shown=hand,
            dealt=dealt,
        )
    return None


def check_cards(seed: int, dealt: Sequence[int], skat: int) -> NotVerified | None:
    """Whether the hands dealt (masks by position, forehand first) and the skat, as
    a finished deal shows them (the view's ``dealt`` and ``original_skat``), are the
    cards of ``seed``."""
    cards = deal_from_seed(seed)
    if len(dealt) != 3:
        return NotVerified("not_three_hands", "a deal has three hands")
    for pos in range(3):
        if dealt[pos] != cards.hands[pos]:
            return NotVerified(
                "hand_not_dealt",
                f"the {_POSITIONS[pos]} hand shown was {_cards(dealt[pos])}, "
                f"but the seed deals {_cards(cards.hands[pos])}",
                position=pos,
                shown=dealt[pos],
                dealt=cards.hands[pos],
            )
    if skat != cards.skat:
        return NotVerified(
            "skat_not_dealt",
            f"the skat shown was {_cards(skat)}, but the seed deals {_cards(cards.skat)}",
            shown=skat,
            dealt=cards.skat,
        )
    return None


def check_view(seed: int, view: SeatView, start_hand: int | None = None) -> NotVerified | None:
    """Everything a client can check once its deal is over, from the final view alone:
    the dealt hands and the skat are the seed's, every card played came from its
    player's dealt hand or the skat, and (``start_hand``: the hand this seat was shown
    when the deal began) this seat got the hand the seed deals to it."""
    if view.dealt is None or view.original_skat is None:
        return NotVerified(
            "cards_not_shown", "the deal is not over: its dealt cards are not shown yet"
        )
    problem = check_cards(seed, view.dealt, view.original_skat)
    if problem:
        return problem
    # Whose cards each position may play: its own and the skat's; in Schieberamsch
    # also those of the positions before it, who may have passed them on with the skat.
    schieben = (
        view.profile.all_pass == "schieberamsch"
        and view.result is not None
        and view.result.kind == "ramsch"
    )
    allowed = []
    for pos in range(3):
        m = view.dealt[pos] | view.original_skat
        if schieben:
            for before in range(pos):
                m |= view.dealt[before]
        allowed.append(m)
    played = [(leader, cards) for leader, cards, _ in view.tricks]
    played.append((view.leader, view.trick))  # a deal can end inside a trick
    for leader, cards in played:
        for i, c in enumerate(cards):
            pos = (leader + i) % 3
            if not allowed[pos] >> c & 1:
                return NotVerified(
                    "card_not_dealt",
                    f"{code(c)} was played by the {_POSITIONS[pos]}, who was not dealt it",
                    card=c,
                    position=pos,
                )
    if start_hand is not None and view.position is not None:
        return check_hand(seed, view.position, start_hand)
    return None
