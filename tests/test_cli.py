"""The command line: --version, score (shared vectors format) and selfplay."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from skat_desktop import __version__
from skat_desktop.cli import main
from skat_desktop.engine.record import loads

DATA = Path(__file__).resolve().parent / "data" / "scoring.jsonl"


def run(argv, stdin=""):
    out = io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_version_of_installed_command():
    proc = subprocess.run(
        [sys.executable, "-m", "skat_desktop", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"skat-desktop {__version__}"


def test_score_answers_every_vector_in_order():
    lines = DATA.read_text(encoding="utf-8").splitlines()
    stdin = "\n".join(json.dumps(json.loads(line)["scenario"]) for line in lines) + "\n"
    code, out = run(["score"], stdin)
    answers = [json.loads(a) for a in out.splitlines()]
    assert code == 0  # a contract the profile forbids is an answer, not a bad line
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers, strict=True):
        v = json.loads(line)
        assert answer["id"] == v["scenario"]["id"]
        if v["expected"].get("error"):
            assert "error" in answer
        else:
            assert {k: answer[k] for k in v["expected"]} == v["expected"]


def test_score_bad_lines_answer_errors_and_exit_1_after_all_lines():
    good = json.loads(DATA.read_text(encoding="utf-8").splitlines()[0])["scenario"]
    bad = {**good, "id": "x", "cards": good["cards"][:9]}
    stdin = "{not json\n" + json.dumps(bad) + "\n" + json.dumps(good) + "\n"
    code, out = run(["score"], stdin)
    answers = [json.loads(a) for a in out.splitlines()]
    assert code == 1
    assert "error" in answers[0] and "JSON" in answers[0]["error"]
    assert answers[1]["id"] == "x" and "10 cards" in answers[1]["error"]
    assert answers[2]["score"] == -100


def test_selfplay_is_reproducible_byte_for_byte(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for target in (a, b):
        code, _ = run(
            ["selfplay", "--profile", "house", "--deals", "30", "--seed", "7", "--out", str(target)]
        )
        assert code == 0
    assert a.read_bytes() == b.read_bytes()
    records = a.read_text(encoding="utf-8").splitlines()
    assert len(records) == 30
    for line in records:
        assert loads(line).finished


def test_selfplay_differs_by_seed():
    _, one = run(["selfplay", "--deals", "5", "--seed", "1"])
    _, two = run(["selfplay", "--deals", "5", "--seed", "2"])
    assert one != two


@pytest.mark.parametrize("engine", ["/no/such/engine", f"{sys.executable} -c pass"])
def test_selfplay_with_an_engine_that_fails_says_so_in_one_line(engine, capsys):
    """An external engine that cannot start, or ends without answering: a one-line error
    naming it and status 2, as for every other refusal (it was a traceback)."""
    code, _ = run(["selfplay", "--deals", "1", "--players", f"external:{engine},random,random"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("skat-desktop: error: engine ") and len(err.splitlines()) == 1, err


def test_selfplay_four_player_table_rotates_the_dealer():
    _, out = run(["selfplay", "--deals", "8", "--seed", "3", "--table", "4"])
    dealers = [json.loads(line)["table"]["dealer"] for line in out.splitlines()]
    assert dealers == [0, 1, 2, 3, 0, 1, 2, 3]


def test_bad_arguments_give_one_line_errors(capsys):
    assert run(["selfplay", "--profile", "nope"])[0] == 2
    assert "unknown rule profile" in capsys.readouterr().err
    assert run(["selfplay", "--players", "random,random"])[0] == 2
    assert "3 names" in capsys.readouterr().err
    assert run(["selfplay", "--players", "random,kermit,random"])[0] == 2
    assert "unknown player" in capsys.readouterr().err


def test_the_gui_script_runs_without_a_console(monkeypatch):
    """``skat-desktop-gui`` on Windows has no stdout/stderr: a message must not crash it."""
    from skat_desktop.cli import gui_main

    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    with pytest.raises(SystemExit) as done:
        gui_main(["--no-such-option"])
    assert done.value.code == 2
    assert sys.stdout is not None and sys.stderr is not None
    sys.stdout.close()
    sys.stderr.close()
