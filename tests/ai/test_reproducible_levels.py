"""Reproducible computer levels (issue 27, item 1): every level decides by a fixed amount
of search, so the same seeds give the same games, byte for byte, on an idle and a busy
machine and with one or two arena workers; the clock is only a safety cap, logged when
it is reached.

The levels here are the standard with small node budgets: the same search as the
default level, only cheaper, and its budgets bind in most decisions (where a decision
that raced the clock would stop elsewhere under load).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys

from skat_desktop.ai.levels import make_player
from skat_desktop.app.arena import MatchConfig, run_match
from skat_desktop.app.selfplay import selfplay
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.engine.record import dumps, record_from_deal

SMALL = "standard(nodes=200000,deal_nodes=200000,min_worlds=4,max_worlds=16,deal_worlds=8)"

# Two processes that spin for at most this long (the test ends them sooner).
_BURN = "import time\nend = time.monotonic() + {s}\nwhile time.monotonic() < end:\n    pass\n"


def _selfplay_log(deals: int, seed: int) -> bytes:
    """The game records of ``deals`` deals between three SMALL players, as written."""
    played = selfplay(
        ISKO,
        deals,
        seed,
        3,
        lambda rng: [make_player(SMALL, rng.randrange(1 << 31)) for _ in "abc"],
    )
    return "".join(dumps(record_from_deal(d)) + "\n" for d in played).encode()


def _burners(n: int, seconds: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", _BURN.format(s=seconds)]) for _ in range(n)]


def test_the_same_seeds_give_the_same_games_on_an_idle_and_a_busy_machine():
    idle = _selfplay_log(3, 27)
    burners = _burners(2, 90)
    try:
        busy = _selfplay_log(3, 27)
        assert all(b.poll() is None for b in burners), "the load ran the whole time"
    finally:
        for b in burners:
            b.kill()
            b.wait()
    assert busy == idle
    assert idle.count(b'"type":"play"') > 60  # the cards were played, not passed in


def test_one_or_two_arena_workers_play_the_same_moves():
    """Two workers search on one thread each, one worker (in this process) on the
    threads of :func:`pimc.set_threads`: the moves are the same."""

    def moves(workers: int) -> list[str]:
        out: list[str] = []
        config = MatchConfig(a=SMALL, b="beginner", deals=2, seed=5)
        result = run_match(
            config,
            workers=workers,
            on_deal=lambda rec: out.extend(json.dumps(g["actions"]) for g in rec["games"]),
        )
        assert result.ok, result.error_message
        return out

    one, two = moves(1), moves(2)
    assert len(one) == 12 and one == two


def _first_card_view():
    """Forehand's first lead in a deal the rules bid and declared."""
    deal = Deal(DealSetup(ISKO, deal_from_seed(4), 4))
    rules = [make_player("beginner", s) for s in range(3)]
    while deal.phase != "play":
        deal.apply(rules[deal.to_move].choose(deal.view(deal.setup.seats[deal.to_move])))
    return deal.view(deal.setup.seats[deal.to_move])


def test_the_safety_cap_stops_a_decision_and_says_so_in_the_log(caplog):
    view = _first_card_view()
    with caplog.at_level(logging.WARNING, logger="skat_desktop.ai"):
        assert make_player(SMALL, 3).choose(view) in view.legal
        assert not caplog.records  # far from the cap: nothing to say
        capped = make_player(SMALL.replace(")", ",cap=0)"), 3)
        assert capped.choose(view) in view.legal  # the rules decide what is left
    (record,) = caplog.records
    assert record.name == "skat_desktop.ai" and "\n" not in record.getMessage()
    assert record.getMessage().startswith("standard: the safety cap of 0 s stopped a card")
    assert "after 0 of 16 worlds" in record.getMessage()


def test_the_cap_of_a_bidding_evaluation_is_logged_too(caplog):
    deal = Deal(DealSetup(ISKO, deal_from_seed(11), 11))
    view = deal.view(deal.setup.seats[deal.to_move])
    with caplog.at_level(logging.WARNING, logger="skat_desktop.ai"):
        player = make_player(SMALL.replace(")", ",deal_cap=0)"), 3)
        assert player.choose(view) in view.legal
    assert [r.name for r in caplog.records] == ["skat_desktop.ai"]
    assert "stopped the bidding at 18 after 0 of 8 deals" in caplog.records[0].getMessage()
