"""The arena: duplicate seatings, Seeger-Fabian points, statistics, workers, external engines."""

from __future__ import annotations

import io
import json
import math
import random
import subprocess
import sys
import textwrap
from itertools import permutations

import pytest

from skat_desktop.ai.external import EngineError, ExternalPlayer
from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.arena import (
    SEATINGS,
    MatchConfig,
    paired_ci,
    play_arena_deal,
    player_seed,
    run_match,
    t_cdf,
    t_quantile,
    tournament_points,
)
from skat_desktop.cli import main
from skat_desktop.engine.actions import action_from_dict, action_to_dict
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.deal import Deal, DealResult, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import builtin
from skat_desktop.engine.scoring import GameResult, RamschResult

EXAMPLE = f"external:{sys.executable} -m skat_desktop.ai.protocol_example"


def cli(argv):
    out = io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(""))
    return code, out.getvalue()


# ---------------------------------------------------------------- seatings and seeds


def test_six_seatings_seat_each_side_equally():
    expected = {"".join(p) for t in ("AAB", "ABB") for p in permutations(t)}
    assert len(SEATINGS) == 6 and set(SEATINGS) == expected
    for seat in range(3):
        assert [s[seat] for s in SEATINGS].count("A") == 3
    assert sum(s.count("A") for s in SEATINGS) == 9 == sum(s.count("B") for s in SEATINGS)


def test_player_seeds_are_stable_and_distinct():
    a = player_seed(1, 0, 0, "random")
    assert a == player_seed(1, 0, 0, "random")
    assert 0 <= a < 2**63
    others = {
        player_seed(2, 0, 0, "random"),
        player_seed(1, 1, 0, "random"),
        player_seed(1, 0, 1, "random"),
        player_seed(1, 0, 0, "random#2"),
        player_seed(1, 0, 0, "reference:random"),
    }
    assert a not in others and len(others) == 5


def test_untagged_kinds_at_a_seat_share_their_random_numbers():
    # common random numbers: the level does not enter the seed, only the tag does
    seed = player_seed(3, 4, 1, "standard")
    assert seed == player_seed(3, 4, 1, "expert") == player_seed(3, 4, 1, "standard(max_worlds=8)")
    assert player_seed(3, 4, 1, "expert#2") == player_seed(3, 4, 1, "standard#2") != seed


# ---------------------------------------------------------------- points and statistics


def _game(declarer, score, won, overbid=False):
    g = GameResult(won=won, value=abs(score), score=score, game=GameType.CLUBS, overbid=overbid)
    scores = [0, 0, 0]
    scores[declarer] = score
    return DealResult("game", tuple(scores), declarer=declarer, game=g)


def test_seeger_fabian_points_per_game():
    seats = (1, 2, 0)  # position -> table seat
    assert tournament_points(_game(0, 48, True), seats) == (0, 98, 0)
    # lost: declarer score - 50, each active defender + 40
    assert tournament_points(_game(2, -96, False), seats) == (-146, 40, 40)
    assert tournament_points(DealResult("passed_in", (0, 0, 0)), seats) == (0, 0, 0)


def test_ramsch_points_use_the_engine_outcome():
    seats = (0, 1, 2)
    loser = RamschResult((0, -45, 0), (0, -1, 0), (30, 45, 45), (3, 4, 3))
    r = DealResult("ramsch", loser.scores, ramsch=loser)
    assert tournament_points(r, seats) == (40, -95, 40)
    winner = RamschResult((10, 0, 0), (1, 0, 0), (20, 50, 50), (2, 4, 4))  # Texas Ramsch
    r = DealResult("ramsch", winner.scores, ramsch=winner)
    assert tournament_points(r, seats) == (60, 0, 0)


def test_t_quantiles_match_the_tables():
    for df, q in [(1, 12.7062), (2, 4.3027), (4, 2.7764), (10, 2.2281), (29, 2.0452)]:
        assert t_quantile(0.975, df) == pytest.approx(q, abs=1e-4)
    assert t_quantile(0.975, 10_000) == pytest.approx(1.9602, abs=1e-4)
    assert t_quantile(0.025, 10) == pytest.approx(-2.2281, abs=1e-4)
    assert t_cdf(0.0, 5) == 0.5
    assert t_cdf(t_quantile(0.9, 7), 7) == pytest.approx(0.9, abs=1e-10)


def test_paired_interval_on_known_numbers():
    ci = paired_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    assert ci.mean == 3.0
    assert ci.sd == pytest.approx(math.sqrt(2.5))
    half = 2.776445 * math.sqrt(2.5) / math.sqrt(5)
    assert ci.low == pytest.approx(3.0 - half, abs=1e-5)
    assert ci.high == pytest.approx(3.0 + half, abs=1e-5)
    assert paired_ci([4.0]).low is None
    assert paired_ci([2.0, 2.0, 2.0]).low == paired_ci([2.0, 2.0, 2.0]).high == 2.0


# ---------------------------------------------------------------- matches


def test_same_seed_same_json():
    config = MatchConfig("random", "random#2", deals=12, seed=5, profile="house")
    first = json.dumps(run_match(config, workers=1).to_dict())
    assert first == json.dumps(run_match(config, workers=1).to_dict())
    other = json.dumps(
        run_match(MatchConfig("random", "random#2", 12, seed=6), workers=1).to_dict()
    )
    assert other != first


def test_one_or_two_workers_give_identical_results():
    config = MatchConfig("random", "random#2", deals=16, seed=9, profile="texas")
    one = run_match(config, workers=1).to_dict()
    two = run_match(config, workers=2).to_dict()
    assert one == two
    assert one["games"]["tables"] == 96


def test_cli_json_is_deterministic_and_independent_of_workers():
    argv = ["arena", "--a", "random", "--b", "random#2", "--deals", "6", "--seed", "3", "--json"]
    code1, out1 = cli([*argv, "--workers", "1"])
    code2, out2 = cli([*argv, "--workers", "2"])
    assert code1 == code2 == 0
    assert out1 == out2
    d = json.loads(out1)
    assert d["deals"] == 6 and d["games"]["tables"] == 36
    assert set(d["sides"]) == {"A", "B"}
    assert d["sides"]["A"]["seat_games"] == d["sides"]["B"]["seat_games"] == 54
    assert len(d["per_deal"]) == 6


def test_cli_prints_a_readable_summary():
    code, out = cli(["arena", "--a", "random", "--b", "random#2", "--deals", "4", "--workers", "1"])
    assert code == 0
    assert "A - B:" in out and "95% CI" in out and "TP per game" in out
    assert "declarer wins grand" in out and "defender success" in out and "overbid rate" in out


def test_a_kind_against_itself_differs_by_exactly_zero():
    # The seed of a seat depends on the kind sitting there, so with A = B all six seatings
    # are the same games and every per-deal difference is exactly 0.
    r = run_match(MatchConfig("random", "random", deals=20, seed=2, profile="house"), workers=1)
    assert r.diffs == [0.0] * 20
    assert r.sides["A"].tp_total == r.sides["B"].tp_total


def test_swapping_a_and_b_negates_every_difference():
    ab = run_match(MatchConfig("random", "random#2", deals=20, seed=4), workers=1)
    ba = run_match(MatchConfig("random#2", "random", deals=20, seed=4), workers=1)
    assert ab.diffs == [-x for x in ba.diffs]
    assert any(ab.diffs)


def test_random_against_independent_random_has_an_interval_around_zero():
    r = run_match(MatchConfig("random", "random#2", deals=300, seed=1), workers=1)
    ci = r.ci
    assert ci.n == 300 and ci.low < 0 < ci.high
    # paired: the mean difference is the difference of the TP per game
    assert ci.mean == pytest.approx(r.sides["A"].tp_per_game - r.sides["B"].tp_per_game)


def test_accounting_adds_up():
    r = run_match(MatchConfig("random", "random#2", deals=30, seed=8, profile="house"), workers=1)
    d = r.to_dict()
    g = d["games"]
    assert g["declared"] + g["passed_in"] + g["ramsch"] == g["tables"] == 180
    a, b = d["sides"]["A"], d["sides"]["B"]
    assert a["declared"] + b["declared"] == g["declared"]
    assert a["defender_success"]["games"] + b["defender_success"]["games"] == 2 * g["declared"]
    assert a["ramsch"]["games"] + b["ramsch"]["games"] == 3 * g["ramsch"]
    for side in (a, b):
        types = side["declarer_win_rate"]
        assert (
            types["suit"]["games"] + types["grand"]["games"] + types["null"]["games"]
            == (types["all"]["games"])
        )


def test_fixed_contracts_share_auction_and_declaration_in_every_seating():
    profile = builtin("isko")
    fixed = MatchConfig("random", "random#2", deals=10, seed=11, contracts="fixed")
    free = MatchConfig("random", "random#2", deals=10, seed=11)
    varied = False
    for i, seed in enumerate([101, 202, 303, 404, 505, 606, 707, 808]):
        out = play_arena_deal((fixed, profile, i, seed))
        keys = {(g.get("declarer"), g.get("contract"), g.get("bid")) for g in out["games"]}
        assert len(keys) == 1
        out = play_arena_deal((free, profile, i, seed))
        varied |= len({(g.get("declarer"), g.get("contract")) for g in out["games"]}) > 1
    assert varied  # without fixed contracts the six seatings bid differently
    assert fixed.reference_kind() in ("beginner", "random")


def test_unknown_kinds_and_profiles_are_one_line_errors(capsys):
    code, _ = cli(["arena", "--a", "nobody", "--b", "random", "--deals", "2"])
    assert code == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err
    code, _ = cli(["arena", "--a", "random", "--b", "random", "--profile", "nope"])
    assert code == 2


# ---------------------------------------------------------------- external engines


def test_every_legal_action_survives_the_json_round_trip():
    rng = random.Random(3)
    for seed in range(30):
        profile = builtin(("isko", "house", "texas")[seed % 3])
        deal = Deal(DealSetup(profile, deal_from_seed(seed), seed=seed, dealer=2))
        p = RandomPlayer(rng)
        while not deal.finished:
            view = deal.view(deal.setup.seats[deal.to_move])
            for a in view.legal:
                assert action_from_dict(json.loads(json.dumps(action_to_dict(a)))) == a
            deal.apply(p.choose(view))


def test_protocol_example_answers_the_first_legal_action():
    deal = Deal(DealSetup(builtin("house"), deal_from_seed(1), seed=1, dealer=2))
    with ExternalPlayer(EXAMPLE.removeprefix("external:")) as engine:
        view = deal.view(1)
        assert engine.choose(view) == view.legal[0]
        assert engine.engine_name == "first-legal"
        assert engine.wants_interjection(view) is None
        proc = engine._proc
    assert proc.poll() is not None  # closed: the process is gone


def test_a_short_match_against_the_protocol_example():
    r = run_match(MatchConfig(EXAMPLE, "random", deals=2, seed=1), workers=1)
    assert r.ok, r.error_message
    assert r.tables == 12 and len(r.diffs) == 2
    # the example bids every time and always declares its first legal game
    assert r.sides["A"].declared > 0


def _engine(tmp_path, name, body):
    script = tmp_path / f"{name}.py"
    script.write_text(
        textwrap.dedent(
            """
            import json, sys, time
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": HELLO, "name": NAME}),
                          flush=True)
                elif m["type"] == "decide":
            """
        )
        .replace("HELLO", "2" if name == "oldproto" else "1")
        .replace("NAME", repr(name))
        + textwrap.indent(textwrap.dedent(body), " " * 8)
    )
    return f"external:{sys.executable} {script}"


BROKEN = {
    "garbage": ('print("this is not json", flush=True)', "answer is not JSON: 'this is not json'"),
    "illegal": (
        'print(json.dumps({"action": {"type": "bid", "player": m["view"]["position"], '
        '"value": 999}}), flush=True)',
        'illegal action {"type": "bid"',
    ),
    "noaction": ('print(json.dumps({"action": None}), flush=True)', "answered no action"),
    "malformed": (
        'print(json.dumps({"action": {"type": "fly", "player": 0}}), flush=True)',
        "malformed action",
    ),
    "hang": ("time.sleep(60)", "no answer within 0.5 s"),
    "crash": ('print("boom", file=sys.stderr); sys.exit(3)', "exited with code 3"),
    "oldproto": ("pass", "speaks protocol 2, we speak 1"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_engine_stops_the_match_with_one_clear_error(tmp_path, name):
    body, reason = BROKEN[name]
    kind = _engine(tmp_path, name, body)
    r = run_match(MatchConfig("random", kind, deals=3, seed=1, timeout=0.5), workers=1)
    assert not r.ok
    msg = r.error_message
    assert "\n" not in msg
    assert reason in msg
    assert r.error["side"] == "B" and r.error["player"] == kind
    assert r.error["deal"] == 0 and r.error["seating"] in SEATINGS
    assert msg.startswith(f"{kind} (side B, seat ")


def test_the_command_reports_a_broken_engine_and_exits_1(tmp_path, capsys):
    kind = _engine(tmp_path, "garbage", BROKEN["garbage"][0])
    code, out = cli(["arena", "--a", kind, "--b", "random", "--deals", "2", "--json"])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "answer is not JSON" in err[0] and "(side A, seat" in err[0]
    assert json.loads(out)["error"]["side"] == "A"


def test_an_engine_that_cannot_start_is_reported():
    with pytest.raises(EngineError, match="cannot start it"):
        ExternalPlayer("/nonexistent/engine --x").start()


def test_the_example_engine_runs_standalone():
    proc = subprocess.run(
        [sys.executable, "-m", "skat_desktop.ai.protocol_example"],
        input='{"type": "hello", "protocol": 1}\n{"type": "quit"}\n',
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {"type": "hello", "protocol": 1, "name": "first-legal"}


def test_the_ladder_compares_two_kinds_through_a_common_opponent():
    """``benchmarks/arena_ladder.py --against C``: A vs C and B vs C on the same deals,
    their per-deal difference paired; a kind compared with itself differs by 0."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "arena_ladder.py"
    args = ["--json", "--workers", "1", "--deals", "6", "--against", "random"]
    args += ["--pair", "beginner", "random", "--pair", "random", "random"]
    proc = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines()[1:])
    plain = run_match(MatchConfig("beginner", "random", deals=6, seed=1), workers=1)
    assert first["a_vs_c"] == pytest.approx(plain.ci.mean)  # the same deals and seeds
    assert first["b_vs_c"] == 0.0
    assert first["diff"]["mean"] == pytest.approx(first["a_vs_c"] - first["b_vs_c"])
    assert first["diff"]["ci95"][0] > 0
    assert second["diff"] == {"mean": 0.0, "ci95": [0.0, 0.0], "sd": 0.0}


def test_the_breakdown_splits_a_match_into_parts_that_add_up(tmp_path):
    """``benchmarks/arena_breakdown.py``: the difference by declarer and by hand each
    add up to the match's mean; the records it saves are the match's deals."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "arena_breakdown.py"
    saved = tmp_path / "records.jsonl"
    args = ["--json", "--workers", "1", "--deals", "5", "--a", "beginner", "--b", "random"]
    proc = subprocess.run(
        [sys.executable, str(script), *args, "--save", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in saved.read_text().splitlines()]
    out = json.loads(proc.stdout)
    plain = run_match(MatchConfig("beginner", "random", deals=5, seed=1), workers=1)
    assert out["mean"] == pytest.approx(plain.ci.mean)
    assert sum(c for _, c in out["by_declarer"].values()) == pytest.approx(plain.ci.mean)
    assert sum(c for *_, c in out["by_hand"]) == pytest.approx(plain.ci.mean)
    assert sum(n for _, _, n, _ in out["by_hand"]) == 5 * 3  # every deal's three positions
    assert [r["deal"] for r in records] == list(range(5))
    assert all(len(r["games"]) == 6 for r in records)
