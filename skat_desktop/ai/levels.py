"""Computer player levels by name: the registry the CLI, the arena and the GUI use."""

from __future__ import annotations

import random
from collections.abc import Callable

from skat_desktop.ai.player import Player


def _random(seed: int) -> Player:
    from skat_desktop.ai.random_player import RandomPlayer

    return RandomPlayer(random.Random(seed))


def _beginner(seed: int) -> Player:
    from skat_desktop.ai.beginner import BeginnerPlayer

    return BeginnerPlayer(random.Random(seed))


def _standard(seed: int) -> Player:
    from skat_desktop.ai.pimc import STANDARD, PimcPlayer

    return PimcPlayer(STANDARD, seed)


def _expert(seed: int) -> Player:
    from skat_desktop.ai.pimc import EXPERT, PimcPlayer

    return PimcPlayer(EXPERT, seed)


FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": _random,
    "beginner": _beginner,
    "standard": _standard,
    "expert": _expert,
}


def levels() -> tuple[str, ...]:
    """The player kinds available, weakest first."""
    return tuple(FACTORIES)


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player of the given level; ``seed`` makes its choices reproducible.

    ``external:COMMAND`` seats another program through the engine protocol
    (docs/engine-protocol.md); the seed does not apply to it.
    """
    if kind.startswith("external:"):
        from skat_desktop.ai.external import ExternalPlayer

        return ExternalPlayer(kind.removeprefix("external:"))
    try:
        factory = FACTORIES[kind]
    except KeyError:
        raise ValueError(f"unknown player {kind!r}: available are {', '.join(FACTORIES)}") from None
    return factory(seed)
