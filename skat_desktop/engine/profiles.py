"""Rule profiles: the §1 matrix of RULES.md as frozen data.

Every rule that differs between the International Skat Order, the Texas league,
the pre-1999 official rules and pub/club play is one field here, passed explicitly
to the engine. ASSUMPTIONS of RULES.md §6 are fields too, so that a user copy of a
profile can choose the other reading.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

# Allowed values of the enumerated options, used to validate user copies.
CHOICES: dict[str, tuple[str, ...]] = {
    "ouvert_rule": ("extra_level", "double_base", "grand36"),
    "announce_rule": ("always", "if_achieved"),
    "concession": ("isko", "texas", "anytime"),
    "concession_scoring": ("level_reached", "remaining_tricks"),
    "declarer_claim_fail": ("defenders_take_rest", "continue_forfeit", "continue"),
    "defender_claim": ("isko", "texas"),
    "all_pass": ("passed_in", "texas_ramsch", "redeal", "ramsch", "schieberamsch"),
    "ramsch_skat_to": ("last_trick", "loser"),
    "ramsch_scoring": ("augen", "simple"),
    "ramsch_ties": ("all_tied_lose", "last_trick_loses", "split"),
    "kontra_window": ("first_card", "own_first_card"),
    "tournament_scoring": (
        "seeger_fabian",
        "texas_match_points",
        "pre1999_rating",
        "running_total",
    ),
}

BOCK_TRIGGERS = (
    "lost_with_60",  # game lost with exactly 60 card points
    "grand_hand_won",
    "kontra_won",  # the side that said Kontra won
    "kontra_re",  # a game with Kontra and Re
    "three_equal_digits",  # a running total such as 111 or -444
    "multiple_of_100",  # a running total that is a non-zero multiple of 100
    "value_72",  # game value >= 72
    "value_96",  # game value >= 96
)


@dataclass(frozen=True)
class RuleProfile:
    """All rule options of one rule set. Field names are the ``engine key`` of RULES.md §1."""

    name: str
    title: str
    # 1A values and game scoring
    suit_base: tuple[int, int, int, int] = (12, 11, 10, 9)  # clubs, spades, hearts, diamonds
    grand_base: int = 24
    ouvert_rule: str = "extra_level"
    null_values: tuple[int, int, int, int] = (23, 35, 46, 59)  # N, NH, NO, NOH
    schneider_min: int = 90
    own_schneider_max: int = 30
    announce_requires_hand: bool = True
    ouvert_requires_hand: bool = True
    announce_rule: str = "always"
    loss_factor_skat: int = 2
    loss_factor_hand: int = 2
    # 1B bidding, declaration, play
    redeclare: bool = False  # Texas: change the contract until the first card
    concession: str = "isko"
    # level_reached: ISkO 4.3.1/4.3.3 (A-C1). remaining_tricks: the other side takes the
    # cards still in play and the game is scored as played out (the ISS server's rule).
    concession_scoring: str = "level_reached"
    declarer_claim_fail: str = "defenders_take_rest"
    defender_claim: str = "isko"
    table_sizes: tuple[int, ...] = (3, 4)
    # 1C all pass, Ramsch, Kontra, Bock
    all_pass: str = "passed_in"
    ramsch_grand_hand: bool = False  # on all pass, anyone may play Grand Hand instead
    ramsch_skat_to: str = "last_trick"
    ramsch_scoring: str = "augen"
    ramsch_ties: str = "all_tied_lose"
    ramsch_jungfrau_doubles: bool = True
    ramsch_penalty: int = 30
    kontra: bool = False
    kontra_window: str = "first_card"
    kontra_requires_bid18: bool = False
    kontra_max_level: int = 2  # 2 = Kontra and Re; 4 adds Bock and Hirsch
    bock_rounds: bool = False
    bock_triggers: frozenset[str] = field(default_factory=frozenset)
    bock_ramsch_round: bool = False  # a compulsory Ramsch round after each Bock round
    # 1D tournament and money
    tournament_scoring: str = "seeger_fabian"
    texas_matador_bonus_won_only: bool = False  # A-T7
    stake_cents_per_point: float = 1.0

    def __post_init__(self) -> None:
        for key, allowed in CHOICES.items():
            if getattr(self, key) not in allowed:
                raise ValueError(
                    f"rule option {key} = {getattr(self, key)!r} is not one of {', '.join(allowed)}"
                )
        unknown = set(self.bock_triggers) - set(BOCK_TRIGGERS)
        if unknown:
            raise ValueError(f"unknown Bock trigger(s): {', '.join(sorted(unknown))}")
        if self.grand_base not in (16, 20, 24):
            raise ValueError("grand_base must be 16, 20 or 24")
        if not 0 <= self.kontra_max_level <= 4:
            raise ValueError("kontra_max_level must be 0..4")
        if not self.table_sizes:
            raise ValueError("a profile must allow at least one table size (3 to 6 players)")
        if not set(self.table_sizes) <= {3, 4, 5, 6}:
            raise ValueError("table sizes must be 3 to 6 players")
        for key in ("suit_base", "null_values"):
            v = getattr(self, key)
            if len(v) != 4 or not all(type(x) is int and x > 0 for x in v):
                raise ValueError(f"rule option {key} must be four positive whole numbers")
        s = self.stake_cents_per_point
        if type(s) not in (int, float) or not s >= 0:
            raise ValueError("rule option stake_cents_per_point must be a number, 0 or more")

    @property
    def is_texas_ramsch(self) -> bool:
        return self.all_pass == "texas_ramsch"

    @property
    def plays_ramsch(self) -> bool:
        return self.all_pass in ("texas_ramsch", "ramsch", "schieberamsch")

    def base(self, game: int) -> int:
        """Base value of a suit (0..3) or grand (4) game."""
        return self.suit_base[game] if game <= 3 else self.grand_base

    def null_value(self, hand: bool, ouvert: bool) -> int:
        return self.null_values[(2 if ouvert else 0) + (1 if hand else 0)]

    def loss_factor(self, hand: bool) -> int:
        return self.loss_factor_hand if hand else self.loss_factor_skat

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able options (records and the store keep profiles this way)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, frozenset):
                v = sorted(v)
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleProfile:
        """Build a profile from :meth:`to_dict` output; unknown keys are an error."""
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(data) - set(names)
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        base = BUILTIN.get(data.get("name", ""), ISKO)
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            default = getattr(base, key)
            if isinstance(default, frozenset):
                value = frozenset(value)
            elif isinstance(default, tuple):
                value = tuple(value)
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rule option {key} must be true or false")
            elif isinstance(default, int) and (
                not isinstance(value, int) or isinstance(value, bool)
            ):
                raise ValueError(f"rule option {key} must be a whole number")
            kwargs[key] = value
        return dataclasses.replace(base, **kwargs)

    def copy(self, name: str, title: str, **changes: Any) -> RuleProfile:
        """A user copy of this profile with a new name and changed options."""
        return dataclasses.replace(self, name=name, title=title, **changes)


ISKO = RuleProfile(name="isko", title="International Skat Order")

TEXAS = RuleProfile(
    name="texas",
    title="Texas State Skat League",
    grand_base=16,
    ouvert_rule="double_base",
    null_values=(20, 30, 40, 60),
    schneider_min=91,
    announce_requires_hand=False,
    ouvert_requires_hand=False,
    loss_factor_hand=1,
    redeclare=True,
    concession="texas",
    declarer_claim_fail="continue",
    defender_claim="texas",
    all_pass="texas_ramsch",
    tournament_scoring="texas_match_points",
)

PRE1999 = RuleProfile(
    name="pre1999",
    title="Official rules before 1999",
    ouvert_rule="grand36",
    announce_rule="if_achieved",
    loss_factor_hand=1,
    declarer_claim_fail="continue_forfeit",
    all_pass="redeal",
    tournament_scoring="pre1999_rating",
)

HOUSE = RuleProfile(
    name="house",
    title="Club / pub rules",
    all_pass="ramsch",
    kontra=True,
    kontra_max_level=4,
    kontra_requires_bid18=False,
    bock_rounds=True,
    bock_triggers=frozenset({"lost_with_60", "grand_hand_won", "kontra_re"}),
    tournament_scoring="running_total",
)

BUILTIN: dict[str, RuleProfile] = {p.name: p for p in (ISKO, TEXAS, PRE1999, HOUSE)}


def builtin(name: str) -> RuleProfile:
    """A built-in profile by name (``isko``, ``texas``, ``pre1999``, ``house``)."""
    try:
        return BUILTIN[name]
    except KeyError:
        raise ValueError(
            f"unknown rule profile {name!r}: choose one of {', '.join(BUILTIN)}"
        ) from None
