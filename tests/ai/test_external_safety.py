"""Issue 22: an external engine cannot hang us, eat our memory or outlive us.

Engines here are small Python scripts written to tmp_path. Each blocking step runs in a
thread joined with a generous bound, so a regression fails instead of hanging the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
import tracemalloc

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from skat_desktop.ai.external import (
    MAX_LINE,
    AnswerError,
    EngineError,
    ExternalPlayer,
    decode_line,
    parse_answer,
)
from skat_desktop.engine.actions import action_to_dict
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import builtin

posix_only = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")
BOUND = 20.0  # seconds: far above what any of these steps needs


def alive(pid: int) -> bool:
    """Running (a zombie waiting for a parent that never reaps it counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rpartition(")")[2].split()[0]
        return state not in ("Z", "X")
    except FileNotFoundError:
        return False
    except OSError:  # no /proc
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def gone_soon(pid: int, seconds: float = BOUND) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def bounded(fn, seconds: float = BOUND):
    """Run ``fn`` in a thread; return what it returned or raised, failing if it hangs."""
    box: dict = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # handed to the test
            box["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"still blocked after {seconds} s"
    return box


def view(seat: int = 1):
    deal = Deal(DealSetup(builtin("isko"), deal_from_seed(1), seed=1, dealer=2))
    return deal.view(seat)


def engine(
    tmp_path, on_decide: str, *, with_child: bool = True, at_end: str = ""
) -> tuple[list[str], object]:
    """An engine that (optionally) first starts ``sleep 60`` holding its stdout and stderr,
    writes the child's pid to a file, answers hello, runs ``on_decide`` per decision and
    ``at_end`` when its input ends."""
    pid_file = tmp_path / "child.pid"
    script = tmp_path / "engine.py"
    spawn = (
        'child = subprocess.Popen(["sleep", "60"])\n'
        "open(sys.argv[1], 'w').write(str(child.pid))\n"
        if with_child
        else ""
    )
    script.write_text(
        "import json, os, subprocess, sys, time\n"
        + spawn
        + textwrap.dedent(
            """
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "t"}), flush=True)
                elif m["type"] == "decide":
            """
        )
        + textwrap.indent(textwrap.dedent(on_decide), " " * 8)
        + "\n"
        + at_end
        + "\n"
    )
    return [sys.executable, str(script), str(pid_file)], pid_file


# ---------------------------------------------------------------- children of engines


@posix_only
def test_closing_an_engine_does_not_wait_for_a_child_holding_its_output(tmp_path):
    argv, pid_file = engine(tmp_path, "pass")
    player = ExternalPlayer(argv, timeout=BOUND)
    assert "error" not in bounded(player.start)
    child = int(pid_file.read_text())
    assert alive(child)
    box = bounded(player.close)
    assert "error" not in box
    assert gone_soon(child), "the engine's child outlived the close"


@posix_only
def test_an_engine_that_exits_while_its_child_lives_is_reported_at_once(tmp_path):
    argv, pid_file = engine(tmp_path, 'print("bye", file=sys.stderr, flush=True); sys.exit(3)')
    player = ExternalPlayer(argv, timeout=60)  # the engine's death, not the time-out, ends it
    box = bounded(lambda: player.choose(view()))
    err = box.get("error")
    assert isinstance(err, EngineError), box
    assert "exited with code 3 without answering: bye" in str(err)
    assert gone_soon(int(pid_file.read_text()))


@posix_only
def test_a_silent_engine_is_killed_with_its_children_after_the_timeout(tmp_path):
    argv, pid_file = engine(tmp_path, "time.sleep(60)")
    player = ExternalPlayer(argv, timeout=0.5)
    box = bounded(lambda: player.choose(view()))
    assert isinstance(box.get("error"), EngineError)
    assert "no answer within 0.5 s" in str(box["error"])
    assert gone_soon(int(pid_file.read_text()))


@posix_only
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux")
def test_an_engine_dies_with_the_process_that_started_it(tmp_path):
    """A SIGKILLed host runs no clean-up: the engine, which does not stop at the end of
    its input, gets SIGKILL from the kernel."""
    argv, _ = engine(tmp_path, "pass", with_child=False, at_end="time.sleep(60)")
    host = tmp_path / "host.py"
    host.write_text(
        textwrap.dedent(
            f"""
            import sys, time
            from skat_desktop.ai.external import ExternalPlayer
            p = ExternalPlayer({argv!r}, timeout=20)
            p.start()
            print(p._proc.pid, flush=True)
            time.sleep(60)
            """
        )
    )
    proc = subprocess.Popen([sys.executable, str(host)], stdout=subprocess.PIPE, text=True)
    try:
        box = bounded(proc.stdout.readline)
        engine_pid = int(box["value"])
        assert alive(engine_pid)
        proc.kill()
        proc.wait(timeout=BOUND)
        assert gone_soon(engine_pid), "the engine outlived its SIGKILLed host"
    finally:
        proc.kill()
        proc.wait(timeout=BOUND)


# ---------------------------------------------------------------- bounded memory


@posix_only
def test_an_endless_answer_line_ends_the_engine_in_bounded_memory(tmp_path):
    argv, _ = engine(
        tmp_path,
        'sys.stdout.write("x" * (20 << 20)); sys.stdout.flush(); time.sleep(60)',
        with_child=False,
    )
    player = ExternalPlayer(argv, timeout=BOUND)
    tracemalloc.start()
    try:
        box = bounded(lambda: player.choose(view()))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        player.close()
    err = box.get("error")
    assert isinstance(err, EngineError), box
    assert f"answered a line longer than {MAX_LINE} bytes" in str(err)
    assert "\n" not in str(err)
    assert peak < 8 << 20, f"{peak} bytes traced for a 20 MB line"


@posix_only
def test_endless_standard_error_keeps_only_a_short_tail(tmp_path):
    argv, _ = engine(
        tmp_path,
        'sys.stderr.write("e" * (20 << 20) + " last words"); sys.stderr.flush(); sys.exit(4)',
        with_child=False,
    )
    player = ExternalPlayer(argv, timeout=BOUND)
    tracemalloc.start()
    try:
        box = bounded(lambda: player.choose(view()))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    err = box.get("error")
    assert isinstance(err, EngineError), box
    message = str(err)
    assert "exited with code 4 without answering: " in message
    assert "\n" not in message and len(message) < 300
    assert peak < 8 << 20, f"{peak} bytes traced for 20 MB of stderr"


# ---------------------------------------------------------------- answers, fuzzed

VIEWS = [view(1)]  # bidding
_deal = Deal(DealSetup(builtin("house"), deal_from_seed(7), seed=7, dealer=2))
while _deal.phase != Phase.PLAY:
    _deal.apply(_deal.view(_deal.setup.seats[_deal.to_move]).legal[0])
VIEWS.append(_deal.view(_deal.setup.seats[_deal.to_move]))  # play

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**399, max_value=10**400)
    | st.floats()
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
KINDS = ["play", "bid", "hold", "pass", "pickup", "discard", "declare", "push", "kontra"]
KINDS += ["re", "concede", "claim", "fly"]
action_like = st.fixed_dictionaries(
    {"type": st.sampled_from(KINDS) | json_values, "player": st.integers(-1, 3) | json_values},
    optional={
        "card": st.sampled_from(["CJ", "HT", "S7", "ZZ"]) | json_values,
        "value": st.integers(0, 300) | json_values,
        "cards": json_values,
        "contract": json_values,
        "lose_as": json_values,
        "agreed_by": json_values,
    },
)


@st.composite
def answer_lines(draw) -> tuple[bytes, object, bool]:
    v = draw(st.sampled_from(VIEWS))
    legal = st.sampled_from(v.legal).map(action_to_dict)
    shape = draw(st.integers(0, 5))
    if shape == 0:
        line = draw(st.binary(max_size=64))
    elif shape == 1:
        line = json.dumps(draw(json_values)).encode()
    else:
        action = draw(st.one_of(legal, action_like, json_values))
        if shape == 2:  # a legal action with one field spoiled
            action = dict(draw(legal))
            action[draw(st.sampled_from(sorted(action)))] = draw(json_values)
        line = json.dumps({"action": action}).encode()
    return line, v, draw(st.booleans())


def check_answer(line: bytes, v, interjection: bool) -> None:
    try:
        action = parse_answer(line, v, interjection)
    except AnswerError as e:
        message = str(e)
        assert message and "\n" not in message and len(message) < 300, message
        return
    assert action in v.legal or (action is None and interjection)


DEEP = b"[" * 100_000


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer_lines())
@example((DEEP, VIEWS[0], False))
@example((DEEP + b"]" * 100_000, VIEWS[0], False))
@example((b'{"action": ' + DEEP + b"]" * 100_000 + b"}", VIEWS[0], False))
@example(
    (
        b'{"action": {"type": "play", "player": 0, "card": ' + b"[" * 900 + b"]" * 900 + b"}}",
        VIEWS[1],
        False,
    )
)
@example((b"9" * 5000, VIEWS[0], False))  # beyond Python's int-digits limit
@example(
    (b'{"action": {"type": "bid", "player": 1, "value": ' + b"9" * 400 + b"}}", VIEWS[0], False)
)
@example((b'{"action": "\xc3\x28"}', VIEWS[0], False))  # invalid UTF-8
@example((b"\xff\xfe\x00", VIEWS[0], True))
@example((b'{"action": NaN}', VIEWS[0], False))
@example((b'{"action": null}', VIEWS[0], False))
@example((b"x" * (MAX_LINE + 1), VIEWS[0], False))
def test_no_answer_breaks_the_parser(case):
    line, v, interjection = case
    check_answer(line, v, interjection)


def test_the_parser_accepts_every_legal_action_and_a_declined_interjection():
    for v in VIEWS:
        for a in v.legal:
            line = json.dumps({"action": action_to_dict(a)}).encode()
            assert parse_answer(line, v, False) == a
    assert parse_answer(b'{"action": null}', VIEWS[0], True) is None


@posix_only
def test_a_deeply_nested_answer_from_an_engine_is_an_engine_error(tmp_path):
    argv, _ = engine(tmp_path, 'print("[" * 100000, flush=True); time.sleep(60)', with_child=False)
    with ExternalPlayer(argv, timeout=BOUND) as player:
        box = bounded(lambda: player.choose(view()))
    assert isinstance(box.get("error"), EngineError), box
    assert "nested too deeply" in str(box["error"])


def test_deep_nesting_is_a_one_line_error_not_a_recursion_error():
    with pytest.raises(AnswerError, match="nested too deeply"):
        decode_line(DEEP + b"]" * 100_000)


@posix_only
def test_an_engine_is_killed_by_its_group(tmp_path):
    """The engine leads a process group of its own (so killing it takes its children)."""
    argv, _ = engine(tmp_path, "pass", with_child=False)
    with ExternalPlayer(argv, timeout=BOUND) as player:
        bounded(player.start)
        pid = player._proc.pid
        assert os.getpgid(pid) == pid != os.getpgid(0)
    assert not alive(pid)
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)  # the group is empty: its children went too
