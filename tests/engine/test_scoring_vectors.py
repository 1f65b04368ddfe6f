"""Every line of the shared scoring vectors (RULES.md §4.1, §4.2, §4.4 as JSON lines).

The file is a copy of ../shared/rules/vectors/scoring.jsonl kept in tests/data, so the
suite runs on a user's machine without ../shared.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skat_desktop.engine.scenario import ContractNotAllowed, ScenarioError, score_scenario

VECTORS = Path(__file__).resolve().parents[1] / "data" / "scoring.jsonl"
LINES = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines() if line]


def test_vector_file_is_complete():
    """177 cases over the isko, texas, pre1999 and house profiles."""
    assert len(LINES) == 177
    assert {v["scenario"]["profile"] for v in LINES} == {"isko", "texas", "pre1999", "house"}


@pytest.mark.parametrize("vector", LINES, ids=[v["scenario"]["id"] for v in LINES])
def test_scoring_vector(vector):
    expected = vector["expected"]
    if expected.get("error"):
        with pytest.raises(ContractNotAllowed):
            score_scenario(vector["scenario"])
        return
    answer = score_scenario(vector["scenario"])
    assert {k: answer[k] for k in expected} == expected, vector["source"]


BASE = LINES[0]["scenario"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cards": ["SA"] * 10}, "twice"),
        ({"cards": BASE["cards"] + ["C8"]}, "10 cards"),
        ({"skat": ["XJ", "C7"]}, "unknown card"),
        ({"declarer_points": 121}, "between 0 and 120"),
        ({"declarer_points": 100, "declarer_tricks": 2}, "cannot hold"),
        ({"declarer_points": 110, "declarer_tricks": 10}, "cannot hold"),
        ({"declarer_points": 40, "declarer_tricks": 0}, "cannot hold"),
        ({"bid": 19}, "not a game value"),
        ({"bid": 32}, "not a game value"),
        ({"profile": "skatclub"}, "unknown rule profile"),
        ({"contract": {"game": "hearts5"}}, "unknown game"),
        ({"kontra": 1}, "Kontra"),
    ],
)
def test_invalid_scenarios_are_refused_with_a_reason(change, message):
    """vectors/README.md: a line that is not a valid scenario answers an error naming it."""
    with pytest.raises(ScenarioError, match=message):
        score_scenario({**BASE, **change})


def test_hand_game_without_tricks_holds_exactly_the_skat():
    """0 tricks leave only the skat's points; in a hand game that is the original skat."""
    s = {**BASE, "contract": {**BASE["contract"], "hand": True}, "skat": ["CJ", "C7"]}
    assert score_scenario({**s, "declarer_points": 2, "declarer_tricks": 0})["won"] is False
    with pytest.raises(ScenarioError):
        score_scenario({**s, "declarer_points": 3, "declarer_tricks": 0})
