"""Self-play: complete deals between computer players, written as game records.

The loop is the same one the table controller runs, minus threads: whoever is on
turn gets a seat view and returns an action; between cards the other seats may
interject (Kontra, Re).
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from skat_desktop.ai.player import Player
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.dealing import SplitMix64, deal_from_seed
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.series import Series
from skat_desktop.store import files
from skat_desktop.store.database import StoreError


def play_deal(deal: Deal, players: Sequence[Player]) -> Deal:
    """Play a deal to its end. ``players`` are indexed by table seat."""
    seats = deal.setup.seats
    while not deal.finished:
        pos = deal.to_move
        if deal.profile.kontra:
            for q in range(3):
                if q != pos and deal.can_double(q):
                    a = players[seats[q]].wants_interjection(deal.view(seats[q]))
                    if a is not None:
                        deal.apply(a)
        deal.apply(players[seats[pos]].choose(deal.view(seats[pos])))
    return deal


def deal_seeds(seed: int) -> Iterator[int]:
    """The seeds of a self-play run's deals, derived from its one seed."""
    rng = SplitMix64(seed)
    while True:
        yield rng.next() >> 1


def selfplay(
    profile: RuleProfile,
    deals: int,
    seed: int,
    table_size: int = 3,
    make_players=None,
) -> Iterator[Deal]:
    """Play ``deals`` deals of one series; same seed, same deals, same actions."""
    if make_players is None:
        from skat_desktop.ai.random_player import RandomPlayer

        def make_players(rng: random.Random) -> list[Player]:
            return [RandomPlayer(rng) for _ in range(table_size)]

    players = make_players(random.Random(seed))
    series = Series(profile, table_size)
    seeds = deal_seeds(seed)
    for _ in range(deals):
        s = next(seeds)
        deal = Deal(series.next_setup(deal_from_seed(s), s))
        play_deal(deal, players)
        series.record(deal.result)
        yield deal


def write_records(
    path: str | os.PathLike[str],
    lines: Iterable[str],
    databases: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Write game records (text lines) to ``path`` as they are played, all at once.

    A long run streams into a private temporary file beside ``path`` (bounded memory),
    which replaces ``path`` only after the last deal: a run that fails or is stopped
    leaves the previous file as it was. A database (``databases``, or any SQLite file)
    is refused before the first deal is played. Raises :class:`StoreError`.
    """
    target = files.refuse_database_target(path, databases)
    if not target.parent.is_dir():
        raise StoreError(f"the folder {target.parent} does not exist")
    files.remove_stale_temps(target)
    tmp = files.temp_name(target)
    try:
        fd = files.create_private(tmp, files.mode_for(target))
        with open(fd, "w", encoding="utf-8", newline="\n") as f:
            for line in lines:
                f.write(line)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {e.strerror or e}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
    files.fsync_folder(target.parent)
    return target
