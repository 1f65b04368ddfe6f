"""Computer player levels by name: the registry the CLI, the arena and the GUI use."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from skat_desktop.ai.player import Player

if TYPE_CHECKING:
    from skat_desktop.ai.pimc import Strength


def _random(seed: int) -> Player:
    from skat_desktop.ai.random_player import RandomPlayer

    return RandomPlayer(random.Random(seed))


def _beginner(seed: int) -> Player:
    from skat_desktop.ai.beginner import BeginnerPlayer

    return BeginnerPlayer(random.Random(seed), careful=True)


def _pimc(level: str, seed: int, settings: dict[str, int | float | bool] | None = None) -> Player:
    """The PIMC player of ``level`` (standard or expert), with ``settings`` changed."""
    from skat_desktop.ai.pimc import EXPERT, STANDARD, PimcPlayer

    strength = {"standard": STANDARD, "expert": EXPERT}[level]
    if settings:
        strength = dataclasses.replace(strength, **settings)
    return PimcPlayer(strength, seed)


def _standard(seed: int) -> Player:
    return _pimc("standard", seed)


def _expert(seed: int) -> Player:
    return _pimc("expert", seed)


FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": _random,
    "beginner": _beginner,
    "standard": _standard,
    "expert": _expert,
}


def levels() -> tuple[str, ...]:
    """The player kinds available, weakest first."""
    return tuple(FACTORIES)


TUNABLE = ("standard", "expert")


def tuned_level(kind: str) -> tuple[str, dict[str, int | float | bool]]:
    """Split ``standard(max_worlds=64,exact_cards=5)`` into the level and its changed
    settings (fields of :class:`~skat_desktop.ai.pimc.Strength`), so the arena can
    measure a variant against its level; a plain level has none. Raises ValueError."""
    base, paren, rest = kind.partition("(")
    if not paren:
        return kind, {}
    if base not in TUNABLE or not rest.endswith(")"):
        raise ValueError(f"{kind!r}: only {' and '.join(TUNABLE)} take settings, as level(a=1,b=2)")
    from skat_desktop.ai.pimc import Strength

    fields = {f.name: f.type for f in dataclasses.fields(Strength) if f.name != "name"}
    out: dict[str, int | float | bool] = {}
    for item in filter(None, rest[:-1].split(",")):
        name, eq, text = (part.strip() for part in item.partition("="))
        if not eq or name not in fields:
            raise ValueError(f"{kind!r}: {name!r} is not a setting ({', '.join(fields)})")
        try:
            if fields[name] == "bool":
                if text not in ("true", "false"):
                    raise ValueError
                out[name] = text == "true"
            else:
                out[name] = int(text) if fields[name] == "int" else float(text)
        except ValueError:
            raise ValueError(f"{kind!r}: {name} must be {fields[name]}, not {text!r}") from None
    return base, out


def fixed_strength(strength: Strength) -> Strength:
    """``strength`` as it is: every level searches a fixed amount since issue 27 (solver
    nodes, not seconds; the clock only a logged safety cap), so the same view and seed
    give the same move however busy the machine is. Kept for earlier callers."""
    return strength


def make_player(kind: str, seed: int = 0, *, fixed: bool = False) -> Player:
    """A computer player of the given level; ``seed`` makes its choices reproducible:
    every level's moves follow from its seed alone, not from the machine's load (the
    standard and expert search a fixed number of solver nodes; the others never look at
    the clock). ``fixed`` is kept for compatibility and changes nothing.

    ``external:COMMAND`` seats another program through the engine protocol
    (docs/engine-protocol.md); the seed does not apply to it. ``standard(max_worlds=64)``
    is the standard level with that setting changed (see :func:`tuned_level`);
    ``standard(clock=true)`` races the clock as the levels did before issue 27.
    """
    del fixed  # every level searches a fixed amount
    if kind.startswith("external:"):
        from skat_desktop.ai.external import ExternalPlayer

        return ExternalPlayer(kind.removeprefix("external:"))
    level, settings = tuned_level(kind)
    if settings:
        return _pimc(level, seed, settings)
    try:
        factory = FACTORIES[kind]
    except KeyError:
        raise ValueError(f"unknown player {kind!r}: available are {', '.join(FACTORIES)}") from None
    return factory(seed)
