"""Hostile input lines of `skat-desktop score` and `skat-desktop solve` (issue 22).

Each bad line gets its own one-line error answer and the lines after it are still
answered; memory stays bounded (a line is never read past the limit); the parsers
raise only their documented errors (fuzzed with mutations of valid lines).
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop import cli
from skat_desktop.ai.solve_protocol import answer, parse_position
from skat_desktop.ai.solver import PositionError
from skat_desktop.cli import main
from skat_desktop.engine.scenario import ContractNotAllowed, ScenarioError, score_scenario

DATA = Path(__file__).resolve().parent / "data" / "scoring.jsonl"
SCENARIOS = [
    json.loads(line)["scenario"] for line in DATA.read_text(encoding="utf-8").splitlines()[:40]
]
GOOD = SCENARIOS[0]
POSITION = {
    "id": "p",
    "game": "clubs",
    "declarer": ["CJ", "SJ", "CA"],
    "left": ["HA", "HT", "H7"],
    "right": ["SA", "ST", "S7"],
    "skat": ["D7", "D8"],
    "leader": "declarer",
    "trick": [],
    "declarer_points": 50,
    "query": "value",
}


def run(command: str, stdin: str | io.StringIO) -> tuple[int, list[dict]]:
    out = io.StringIO()
    inp = stdin if isinstance(stdin, io.StringIO) else io.StringIO(stdin)
    code = main([command], out=out, inp=inp)
    lines = out.getvalue().splitlines()
    assert out.getvalue().endswith("\n") or not lines
    return code, [json.loads(line) for line in lines]


def good_line(command: str) -> str:
    return json.dumps(GOOD if command == "score" else POSITION)


HOSTILE = {
    "deep list": "[" * 100_000,
    "deep object": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "deep but parseable": "[" * 40 + "]" * 40,
    "deep id": '{"id": ' + "[" * 40 + "]" * 40 + "}",
    "5000 digits": "1" * 5000,
    "5000-digit id": '{"id": ' + "7" * 5000 + "}",
    "NaN": '{"id": NaN}',
    "1e400 id": '{"id": 1e400}',
    "not JSON": "{not json",
    "lone surrogate": '{"id": "\\ud800"}',
    "NUL and escape": '{"id": "a\\u0000\\u001b[31m"}',
}


@pytest.mark.parametrize("command", ["score", "solve"])
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_bad_line_gets_its_own_error_and_the_run_goes_on(command, name):
    good = good_line(command)
    code, answers = run(command, f"{good}\n{HOSTILE[name]}\n\n{good}\n")
    assert code == 1
    assert len(answers) == 3
    timeless = [{k: v for k, v in a.items() if k != "ms"} for a in answers]
    assert "error" not in answers[0] and timeless[0] == timeless[2]
    assert set(answers[1]) == {"id", "error"}
    assert "\n" not in answers[1]["error"]


@pytest.mark.parametrize("command", ["score", "solve"])
def test_error_answers_name_the_line(command):
    good = good_line(command)
    _, answers = run(command, f"{good}\n\n{'[' * 100_000}\n{'1' * 5000}\n{{x\n")
    assert [a["error"].split(":")[0] for a in answers[1:]] == ["line 3", "line 4", "line 5"]
    assert "nested deeper than 32" in answers[1]["error"]
    assert "too many digits" in answers[2]["error"]


class Recording(io.StringIO):
    """stdin that remembers the largest piece a reader took at once."""

    largest = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(size)
        self.largest = max(self.largest, len(line))
        return line

    def __iter__(self):  # reading line by line without a limit is what we must not do
        raise AssertionError("the command must read with a size limit")


@pytest.mark.parametrize("command", ["score", "solve"])
def test_an_over_long_line_is_skipped_in_bounded_pieces(command, monkeypatch):
    monkeypatch.setattr(cli, "MAX_LINE", 1000)
    good = good_line(command)
    stdin = Recording(f"{good}\n{'x' * 50_000}\n{good}\n{'y' * 1001}")
    code, answers = run(command, stdin)
    assert code == 1
    assert stdin.largest <= 1 << 16
    assert [a.get("error") for a in answers] == [
        None,
        "line 2: longer than 1000 characters",
        None,
        "line 4: longer than 1000 characters",
    ]


def test_a_line_of_exactly_the_limit_is_read(monkeypatch):
    line = good_line("score")
    monkeypatch.setattr(cli, "MAX_LINE", len(line))
    _, answers = run("score", line + "\n" + line)
    assert [a["id"] for a in answers] == [GOOD["id"], GOOD["id"]]
    assert "error" not in answers[0] and "error" not in answers[1]


def test_the_default_limit_refuses_a_line_above_one_megabyte():
    code, answers = run("score", "[" + "1," * 600_000 + "1]\n" + good_line("score") + "\n")
    assert answers[0]["error"] == "line 1: longer than 1000000 characters"
    assert answers[1]["id"] == GOOD["id"] and code == 1


# ---------------------------------------------------------------------- fuzzing

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["CJ", "D10", "HT", "grand", "null", "isko", "house", "declarer"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


def _mutate(obj: dict, key_index: int, how: int, value, extra_key: str) -> dict:
    """One structural mutation of a JSON object: replace, drop or add a field, or
    replace inside a nested list/object."""
    out = copy.deepcopy(obj)
    keys = sorted(out)
    key = keys[key_index % len(keys)]
    if how == 0:
        out[key] = value
    elif how == 1:
        del out[key]
    elif how == 2:
        out[extra_key] = value
    else:
        inner = out[key]
        if isinstance(inner, list) and inner:
            inner[key_index % len(inner)] = value
        elif isinstance(inner, dict) and inner:
            inner[sorted(inner)[key_index % len(inner)]] = value
        else:
            out[key] = [value]
    return out


MUTATION = st.tuples(
    st.integers(0, 100), st.integers(0, 3), JSON_VALUES, st.text(min_size=1, max_size=6)
)
TEXT_EDIT = st.tuples(st.integers(0, 10_000), st.integers(0, 6), st.text(max_size=4))

FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@FUZZ
@given(st.sampled_from(SCENARIOS), MUTATION)
def test_fuzzed_scenarios_raise_only_scenario_errors(scenario, mutation):
    mutated = _mutate(scenario, *mutation)
    try:
        result = score_scenario(mutated)
    except (ScenarioError, ContractNotAllowed) as e:
        assert str(e) and "\n" not in str(e)
        return
    assert isinstance(result["score"], int)


@FUZZ
@given(st.sampled_from(SCENARIOS), TEXT_EDIT, MUTATION)
def test_fuzzed_score_lines_each_get_one_answer(scenario, edit, mutation):
    at, cut, insert = edit
    text = json.dumps(_mutate(scenario, *mutation))
    at %= len(text) + 1
    text = text[:at] + insert + text[at + cut :]
    code, answers = run("score", f"{text}\n{good_line('score')}\n")
    assert code in (0, 1)
    assert 1 <= len(answers) <= 3  # a text edit may add a line break
    assert answers[-1]["id"] == GOOD["id"] and "error" not in answers[-1]
    for a in answers[:-1]:
        assert "id" in a and ("error" in a or "score" in a)


CARD = st.sampled_from(["CJ", "SJ", "HJ", "DJ", "CA", "CT", "C7", "SA", "ST", "S7", "HA", "HT"])
POSITION_MUTATION = st.tuples(
    st.integers(0, 100),
    st.integers(0, 3),
    JSON_VALUES | st.lists(CARD, max_size=4),
    st.text(min_size=1, max_size=6),
)


@FUZZ
@given(POSITION_MUTATION)
def test_fuzzed_positions_raise_only_position_errors(mutation):
    mutated = _mutate(POSITION, *mutation)
    try:
        parse_position(mutated)
    except PositionError as e:
        assert str(e) and "\n" not in str(e)
    result = answer(mutated)
    assert "error" in result or "best" in result


@FUZZ
@given(TEXT_EDIT, POSITION_MUTATION)
def test_fuzzed_solve_lines_each_get_one_answer(edit, mutation):
    at, cut, insert = edit
    text = json.dumps(_mutate(POSITION, *mutation))
    at %= len(text) + 1
    text = text[:at] + insert + text[at + cut :]
    code, answers = run("solve", f"{text}\n{good_line('solve')}\n")
    assert code in (0, 1)
    assert 1 <= len(answers) <= 3
    assert answers[-1]["value"] == 107
    for a in answers[:-1]:
        assert "id" in a and ("error" in a or "best" in a)
