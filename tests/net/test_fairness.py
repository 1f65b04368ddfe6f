"""Fair deals (net/fairness.py): the commitment binds the host's secret, the seed
needs every contribution, the reveal and the cards are checked -- and a real table
dealt from that seed shows exactly the cards the check expects."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat_desktop.app.table import ComputerTurn, DealOver, SeatSpec, SeriesOver, TableController
from skat_desktop.engine.actions import Discard, Pass, PickUp, Push
from skat_desktop.engine.cards import cards_of
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import HOUSE, ISKO, TEXAS
from skat_desktop.engine.view import SeatView
from skat_desktop.net import fairness as f
from skat_desktop.net import protocol as p

RUNS = settings(max_examples=50, deadline=None, derandomize=True, database=None)
BYTES32 = st.binary(min_size=32, max_size=32)
CONTRIBUTIONS = st.dictionaries(st.integers(0, 3), BYTES32, max_size=4)
SCHIEBE = dataclasses.replace(HOUSE, all_pass="schieberamsch", ramsch_grand_hand=True)


# --------------------------------------------------------------------------- commitment


@RUNS
@given(secret=BYTES32, other=BYTES32, deal=st.integers(1, 10**6))
def test_the_commitment_binds_the_secret_the_table_and_the_deal(secret, other, deal) -> None:
    c = f.commitment("t1", deal, secret)
    assert len(c) == 32 and c == f.commitment("t1", deal, secret)
    if other != secret:
        assert f.commitment("t1", deal, other) != c
    assert f.commitment("t2", deal, secret) != c
    assert f.commitment("t1", deal + 1, secret) != c


def test_the_commitment_is_the_documented_hash() -> None:
    secret = bytes(range(32))
    expected = hashlib.sha256(b"skat-desktop deal v1|t1|7|" + secret).digest()
    assert f.commitment("t1", 7, secret) == expected


def test_secrets_and_contributions_are_fresh() -> None:
    drawn = {f.new_secret() for _ in range(20)} | {f.new_contribution() for _ in range(20)}
    assert len(drawn) == 40 and all(len(x) == 32 for x in drawn)


@pytest.mark.parametrize("secret", [b"", bytes(31), bytes(33), "00" * 32, None])
def test_a_secret_must_be_32_bytes(secret) -> None:
    with pytest.raises(ValueError):
        f.commitment("t", 1, secret)


# --------------------------------------------------------------------------- pledges


def test_the_pledge_is_the_documented_hash() -> None:
    value = bytes(range(32))
    expected = hashlib.sha256(b"skat-desktop contribution v1|t1|7|2|" + value).digest()
    assert f.pledge("t1", 7, 2, value) == expected


@RUNS
@given(value=BYTES32, other=BYTES32, deal=st.integers(1, 10**6), seat=st.integers(0, 3))
def test_a_pledge_binds_the_bytes_the_seat_the_deal_and_the_table(value, other, deal, seat):
    pledged = f.pledge("t1", deal, seat, value)
    assert f.keeps_pledge("t1", deal, seat, value, pledged)
    if other != value:
        assert not f.keeps_pledge("t1", deal, seat, other, pledged)
    assert not f.keeps_pledge("t1", deal, (seat + 1) % 4, value, pledged)  # another seat's
    assert not f.keeps_pledge("t1", deal + 1, seat, value, pledged)
    assert not f.keeps_pledge("t2", deal, seat, value, pledged)
    assert not f.keeps_pledge("t1", deal, seat, value[:5], pledged)  # malformed: False


def _pledged(table="t1", deal=3, seats=(0, 2), opened=(0, 2)):
    secret = f.new_secret()
    c = f.commitment(table, deal, secret)
    values = {s: f.new_contribution() for s in seats}
    pledges = {s: f.pledge(table, deal, s, v) for s, v in values.items()}
    given_ = {s: values[s] for s in opened}
    return secret, c, pledges, given_, f.derive_seed(c, given_)


def test_a_reveal_keeps_the_pledges_and_names_who_withheld() -> None:
    secret, c, pledges, given_, seed = _pledged(seats=(0, 1, 2), opened=(0, 2))
    assert f.withheld(pledges, given_) == [1]
    args = ("t1", 3, c, secret, given_, seed)
    assert f.check_reveal(*args, pledges=pledges, left_out=[1]) is None
    assert "withheld" in f.check_reveal(*args, pledges=pledges, left_out=[])
    assert "withheld" in f.check_reveal(*args, pledges=pledges, left_out=[1, 2])


def test_bytes_chosen_after_the_pledges_are_caught() -> None:
    """A seat (the host's own, say) that sends bytes other than it pledged, or bytes it
    never pledged, would choose the seed after seeing the others': refused."""
    secret, c, pledges, given_, _ = _pledged()
    chosen = {**given_, 2: f.new_contribution()}
    reason = f.check_reveal("t1", 3, c, secret, chosen, f.derive_seed(c, chosen), pledges=pledges)
    assert reason == "the contribution of seat 3 is not the one it pledged"
    stranger = {**given_, 1: f.new_contribution()}
    seed = f.derive_seed(c, stranger)
    reason = f.check_reveal("t1", 3, c, secret, stranger, seed, pledges=pledges)
    assert reason == "the seed takes a contribution of seat 2, never pledged"
    moved = {1: given_[0], 2: given_[2]}  # seat 1's bytes passed off as seat 2's
    pledges_moved = {1: pledges[0], 2: pledges[2]}
    seed = f.derive_seed(c, moved)
    assert f.check_reveal("t1", 3, c, secret, moved, seed, pledges=pledges_moved)


# --------------------------------------------------------------------------- the seed


def test_the_seed_is_the_documented_hash() -> None:
    c, r0, r2 = bytes(32), b"\x01" * 32, b"\x02" * 32
    digest = hashlib.sha256(c + b"\x00" + r0 + b"\x02" + r2).digest()
    assert f.derive_seed(c, {2: r2, 0: r0}) == int.from_bytes(digest[:8], "big") >> 1
    assert f.derive_seed(c, {}) == int.from_bytes(hashlib.sha256(c).digest()[:8], "big") >> 1


@RUNS
@given(c=BYTES32, given_=CONTRIBUTIONS, rng=st.randoms(use_true_random=False))
def test_the_seed_ignores_the_mappings_order(c, given_, rng) -> None:
    items = list(given_.items())
    rng.shuffle(items)
    seed = f.derive_seed(c, given_)
    assert f.derive_seed(c, dict(items)) == seed
    assert 0 <= seed < 2**63  # the store keeps a seed as a signed 64-bit number


@RUNS
@given(c=BYTES32, given_=CONTRIBUTIONS.filter(bool), data=st.data())
def test_the_seed_depends_on_every_contribution(c, given_, data) -> None:
    seed = f.derive_seed(c, given_)
    seat = data.draw(st.sampled_from(sorted(given_)))
    byte = data.draw(st.integers(0, 31))
    changed = bytearray(given_[seat])
    changed[byte] ^= 1 << data.draw(st.integers(0, 7))
    assert f.derive_seed(c, {**given_, seat: bytes(changed)}) != seed
    without = {s: v for s, v in given_.items() if s != seat}
    assert f.derive_seed(c, without) != seed
    moved = {**without, (seat + 1) % 4 if (seat + 1) % 4 not in given_ else 9: given_[seat]}
    assert f.derive_seed(c, moved) != seed  # a contribution belongs to its seat
    other_c = bytes([c[0] ^ 1]) + c[1:]
    assert f.derive_seed(other_c, given_) != seed


# --------------------------------------------------------------------------- the reveal


def _round(table="t1", deal=3, seats=(0, 2)):
    secret = f.new_secret()
    c = f.commitment(table, deal, secret)
    given_ = {s: f.new_contribution() for s in seats}
    return secret, c, given_, f.derive_seed(c, given_)


def test_a_sound_reveal_passes() -> None:
    secret, c, given_, seed = _round()
    assert f.check_reveal("t1", 3, c, secret, given_, seed) is None
    assert f.check_reveal("t1", 3, c, secret, given_, seed, mine=(2, given_[2])) is None


def _flip(b: bytes) -> bytes:
    return bytes([b[0] ^ 0x80]) + b[1:]


def test_a_changed_reveal_is_caught() -> None:
    secret, c, given_, seed = _round()
    bad = {
        "secret": ("t1", 3, c, _flip(secret), given_, seed),
        "commitment": ("t1", 3, _flip(c), secret, given_, seed),
        "table": ("t2", 3, c, secret, given_, seed),
        "deal": ("t1", 4, c, secret, given_, seed),
        "contribution": ("t1", 3, c, secret, {**given_, 0: _flip(given_[0])}, seed),
        "one dropped": ("t1", 3, c, secret, {2: given_[2]}, seed),
        "seed": ("t1", 3, c, secret, given_, seed ^ 1),
    }
    for what, args in bad.items():
        reason = f.check_reveal(*args)
        assert reason and "\n" not in reason, what


def test_a_client_sees_its_own_contribution_replaced() -> None:
    """A host that swaps a seat's bytes for its own picks the seed: the seat sees it."""
    secret, c, given_, _ = _round()
    mine = given_[0]
    forged = {**given_, 0: f.new_contribution()}
    seed = f.derive_seed(c, forged)
    assert f.check_reveal("t1", 3, c, secret, forged, seed) is None  # consistent in itself
    assert "seat 1" in f.check_reveal("t1", 3, c, secret, forged, seed, mine=(0, mine))
    dropped = {2: given_[2]}
    seed = f.derive_seed(c, dropped)
    assert f.check_reveal("t1", 3, c, secret, dropped, seed, mine=(0, mine))


def test_a_malformed_reveal_is_a_reason_not_an_exception() -> None:
    secret, c, given_, seed = _round()
    assert f.check_reveal("t1", 3, c, secret[:5], given_, seed)
    assert f.check_reveal("t1", 3, c, secret, {0: b"short"}, seed)
    assert f.check_reveal("t1", 3, "not bytes", secret, given_, seed)


# --------------------------------------------------------------------------- the cards


@RUNS
@given(seed=st.integers(0, 2**64 - 1))
def test_the_seeds_cards_pass(seed) -> None:
    cards = deal_from_seed(seed)
    assert f.check_cards(seed, cards.hands, cards.skat) is None
    for pos in range(3):
        assert f.check_hand(seed, pos, cards.hands[pos]) is None


def _swap(a: int, b: int) -> tuple[int, int]:
    """Move the lowest card of ``a`` to ``b`` and the lowest of ``b`` to ``a``."""
    x, y = a & -a, b & -b
    return (a ^ x) | y, (b ^ y) | x


@RUNS
@given(seed=st.integers(0, 2**64 - 1), i=st.integers(0, 2), j=st.integers(0, 3))
def test_a_swapped_card_is_caught(seed, i, j) -> None:
    cards = deal_from_seed(seed)
    piles = [*cards.hands, cards.skat]
    if i == j:
        j = 3
    piles[i], piles[j] = _swap(piles[i], piles[j])
    reason = f.check_cards(seed, piles[:3], piles[3])
    assert reason and "\n" not in reason
    assert f.check_hand(seed, i, piles[i])
    assert f.check_cards(seed ^ 1, cards.hands, cards.skat)  # another seed, other cards


def test_a_hand_at_another_position_is_caught() -> None:
    cards = deal_from_seed(99)
    assert f.check_hand(99, 1, cards.hands[0])
    assert f.check_hand(99, 3, cards.hands[0])
    assert f.check_cards(99, cards.hands[:2], cards.skat)


def _play(profile, seed: int, size: int = 3) -> Deal:
    deal = Deal(DealSetup(profile, deal_from_seed(seed), seed, size, seed % size))
    rng = random.Random(seed)
    while not deal.finished:
        legal = deal.legal_actions(deal.to_move)
        passes = [a for a in legal if type(a).__name__ in ("Pass", "Push")]
        deal.apply(passes[0] if passes and rng.random() < 0.6 else rng.choice(legal))
    return deal


@pytest.mark.parametrize("profile", [ISKO, TEXAS, SCHIEBE], ids=lambda x: x.name)
@pytest.mark.parametrize("size", [3, 4])
def test_every_seat_checks_a_finished_deal_from_its_final_view(profile, size) -> None:
    kinds = set()
    for seed in range(12):
        deal = _play(profile, seed, size)
        kinds.add(deal.result.kind)
        for seat in [*range(size), None]:
            view = SeatView.from_dict(deal.view(seat).to_dict(), profile)  # as sent
            pos = view.position
            start = None if pos is None else deal.setup.cards.hands[pos]
            assert f.check_view(seed, view, start) is None
            assert f.check_view(seed + 1, view)
    if profile is SCHIEBE:
        assert "ramsch" in kinds  # a skat passed on to a later seat is no false alarm


def test_cards_passed_on_in_schieberamsch_are_no_false_alarm() -> None:
    """Forehand puts two of its own cards into the skat, middlehand takes them and
    plays them: they were dealt to forehand, yet no one cheated."""
    profile = dataclasses.replace(HOUSE, all_pass="schieberamsch")
    for seed in range(50):
        deal = Deal(DealSetup(profile, deal_from_seed(seed), seed))
        while deal.phase == "bidding":
            deal.apply(Pass(deal.to_move))
        deal.apply(PickUp(0))
        own = [a for a in deal.legal_actions(0) if type(a) is Discard]
        passed = next(
            (a for a in own if not any(c in cards_of(deal.setup.cards.skat) for c in a.cards)),
            None,
        )
        if passed is None:
            continue
        deal.apply(passed)
        deal.apply(PickUp(1))
        keep = next(a for a in deal.legal_actions(1) if not set(a.cards) & set(passed.cards))
        deal.apply(keep)
        deal.apply(Push(2))
        rng = random.Random(seed)
        while not deal.finished:
            deal.apply(rng.choice(deal.legal_actions(deal.to_move)))
        by_middlehand = {c for leader, cards, _ in deal.tricks for i, c in enumerate(cards)
                         if (leader + i) % 3 == 1}  # fmt: skip
        assert set(passed.cards) <= by_middlehand
        for seat in range(3):
            assert f.check_view(seed, deal.view(seat)) is None
        return
    raise AssertionError("no deal to pass two cards on")


def test_check_view_catches_tampered_cards() -> None:
    deal = next(d for d in (_play(ISKO, s) for s in range(30)) if len(d.tricks) >= 2)
    seed, view = deal.setup.seed, deal.view(0)
    assert f.check_view(seed, view) is None
    a, b = _swap(view.dealt[0], view.dealt[1])
    dealt = dataclasses.replace(view, dealt=(a, b, view.dealt[2]))
    assert "hand" in f.check_view(seed, dealt)
    # a played card that its player was not dealt (the host changed the trick)
    leader, cards, winner = view.tricks[0]
    stranger = next(
        c for c in cards_of(view.dealt[(leader + 1) % 3]) if c not in cards and c not in view.trick
    )
    tricks = ((leader, (stranger, cards[1], cards[2]), winner), *view.tricks[1:])
    assert "was played by" in f.check_view(seed, dataclasses.replace(view, tricks=tricks))
    # own start hand against what the seed deals
    assert f.check_view(seed, view, deal.setup.cards.hands[1])
    unfinished = Deal(deal.setup).view(0)
    assert "not over" in f.check_view(seed, unfinished)


# --------------------------------------------------------------------------- a real table


@pytest.mark.parametrize("size", [3, 4])
def test_a_table_dealt_from_the_fair_seed_passes_every_check(size: int) -> None:
    """The whole round as the host and a client run it: commit, contributions, the
    seed into TableController.start_deal, the deal played, the reveal and the views
    every seat gets through the wire checked by the client's functions."""
    profile = HOUSE if size == 4 else ISKO
    specs = [SeatSpec.computer("random", seed=s) for s in range(size)]
    ctl = TableController(profile, specs, seed=5, deals_planned=size + 1)
    started: dict[int | None, int | None] = {}  # each seat's hand as the deal began
    final: dict[int | None, SeatView] = {}

    def listen(seat):
        def heard(payload: dict) -> None:
            line = p.encode(p.event("t1", 1, payload, ctl.view_for(seat)))
            view = p.parse_host(p.decode(line[:-1])).seat_view(profile)
            if payload["event"] == "deal_started":
                started[seat] = view.hand if view.position is not None else None
            final[seat] = view

        return heard

    for seat in [*range(size), None]:
        ctl.add_seat_listener(seat, listen(seat))
    while not isinstance(need := ctl.request(), SeriesOver):
        if isinstance(need, DealOver):
            number = ctl.deal_number + 1
            secret = f.new_secret()
            c = f.commitment("t1", number, secret)
            given_ = {s: f.new_contribution() for s in range(size) if s % 2 == 0}
            seed = f.derive_seed(c, given_)
            ctl.start_deal(seed)
            assert ctl.deal.setup.seed == seed
            continue
        assert isinstance(need, ComputerTurn)
        ctl.submit(ctl.think(need))
        if not ctl.deal.finished:
            continue
        assert f.check_reveal("t1", number, c, secret, given_, seed, mine=(0, given_[0])) is None
        for seat, view in final.items():
            assert f.check_view(seed, view, started.get(seat)) is None, (seat, number)


# --------------------------------------------------------------------------- verdicts


def test_each_failed_check_names_its_code_beside_the_sentence() -> None:
    """A window says why a deal is not verified in the player's language: every check
    gives a code and its figures (the seat, the position, the cards), and the English
    sentence stays the same for the CLI, the logs and the stored record."""
    secret = bytes(range(32))
    c = f.commitment("t1", 3, secret)
    given_ = {0: bytes(32), 2: bytes([7]) * 32}
    seed = f.derive_seed(c, given_)
    wrong = f.check_reveal("t1", 3, c, bytes(32), given_, seed)
    assert (wrong.code, dict(wrong.params)) == ("secret_mismatch", {})
    assert wrong == "the revealed secret does not match the commitment made before the deal"
    replaced = f.check_reveal("t1", 3, c, secret, given_, seed, mine=(2, bytes(32)))
    assert (replaced.code, dict(replaced.params)) == ("contribution_replaced", {"seat": 2})
    assert replaced == "the contribution of seat 3 is not the one it sent"
    assert f.check_reveal("t1", 3, c, secret, given_, seed ^ 1).code == "seed_mismatch"
    assert f.check_reveal("t1", 3, c, secret, {0: b"short"}, seed).code == "reveal_malformed"
    pledges = {0: f.pledge("t1", 3, 0, given_[0]), 2: f.pledge("t1", 3, 2, bytes(32))}
    changed = f.check_reveal("t1", 3, c, secret, given_, seed, pledges=pledges)
    assert (changed.code, dict(changed.params)) == ("contribution_changed", {"seat": 2})

    cards = deal_from_seed(99)
    hand = f.check_hand(99, 1, cards.hands[0])
    assert hand.code == "hand_not_dealt"
    assert dict(hand.params) == {"position": 1, "shown": cards.hands[0], "dealt": cards.hands[1]}
    skat = f.check_cards(99, cards.hands, cards.hands[0])
    assert (skat.code, skat.params["dealt"]) == ("skat_not_dealt", cards.skat)
    # the sentence is what it was; a copy, a pickle and JSON keep it (and a copy its code)
    for again in (copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert again == hand and again.code == hand.code and again.params == hand.params
    assert json.loads(json.dumps({"verified": hand})) == {"verified": str(hand)}
    assert hand.startswith("the middlehand hand was ")
