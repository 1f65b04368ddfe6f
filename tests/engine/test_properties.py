"""Property tests over random complete deals (RULES.md §2, §5).

Every example deals a seeded hand and plays it to the end with a random legal
policy that only ever picks from ``deal.view(seat).legal`` (interjections such as
Kontra, concessions and claims included now and then). Along the way and at the
end it checks:

* every applied action was in the acting seat's legal list, and actions outside
  the list are refused without changing the deal;
* the cards: every card is in exactly one place, every card is played at most
  once, a played-out deal has 10 tricks and 120 card points with the skat;
* visibility (§5.11): no seat view, nor its JSON form, ever shows a card that
  seat may not know;
* replay through the JSON record gives the same actions, result and bytes;
* score shapes: game score = value × 2^kontra × Bock factor (× loss factor when
  lost), won games reach the bid, Ramsch scores as §2.9.

Configurations: every built-in profile, a Schieberamsch house variant with the
Grand Hand option, and 4-player tables with a varying dealer. About 3000 deals in
all; hypothesis is derandomised so CI runs the same deals every time.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_desktop.engine.actions import (
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Play,
    Push,
)
from skat_desktop.engine.bidding import bid_values
from skat_desktop.engine.cards import (
    FULL_DECK,
    JACKS,
    POINTS,
    GameType,
    cards_of,
    code,
    points_of,
)
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import BUILTIN, HOUSE, ISKO, PRE1999, TEXAS
from skat_desktop.engine.record import dumps, loads, record_from_deal

SCHIEBE = dataclasses.replace(HOUSE, all_pass="schieberamsch", ramsch_grand_hand=True)
PROFILES = {"isko": ISKO, "texas": TEXAS, "pre1999": PRE1999, "house": HOUSE, "schiebe": SCHIEBE}
assert set(BUILTIN) <= set(PROFILES), "a new built-in profile needs a property run"

INTERJECTIONS = (Double, Concede, Claim)
CLAIM_MAX_CARDS = 5  # claims are an exhaustive search: keep random claims late

RUNS = settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------------------- the policy


def _choose(rng: random.Random, deal: Deal, legal_by_pos: dict[int, tuple]):
    """A random legal action of some seat; mostly the one on turn, sometimes an interjection."""
    pos = deal.to_move
    extras = [
        a
        for p, legal in legal_by_pos.items()
        for a in legal
        if isinstance(a, INTERJECTIONS)
        and (not isinstance(a, Claim) or deal.hands[a.player].bit_count() <= CLAIM_MAX_CARDS)
    ]
    doubles = [a for a in extras if isinstance(a, Double)]
    if doubles and rng.random() < 0.3:
        return rng.choice(doubles)
    concessions = [a for a in extras if isinstance(a, Concede)]
    if concessions and rng.random() < 0.005:
        return rng.choice(concessions)
    claims = [a for a in extras if isinstance(a, Claim)]
    if claims and rng.random() < 0.03:
        return rng.choice(claims)
    own = [a for a in legal_by_pos[pos] if not isinstance(a, INTERJECTIONS)]
    assert own, f"the player on turn has no action in phase {deal.phase}"
    bids = [a for a in own if isinstance(a, Bid)]
    if bids:
        r = rng.random()
        if r < 0.45:
            return Pass(pos)
        if r < 0.92:
            return bids[0]
        return rng.choice(bids)
    if isinstance(own[0], Hold):
        return own[0] if rng.random() < 0.6 else own[-1]
    plays = [a for a in own if isinstance(a, Play)]
    if plays:
        redeclares = [a for a in own if isinstance(a, Declare)]
        if redeclares and rng.random() < 0.1:
            return rng.choice(redeclares)
        return rng.choice(plays)
    if isinstance(own[0], PickUp) and not any(isinstance(a, Push) for a in own):
        return own[0] if rng.random() < 0.6 else rng.choice(own[1:])
    passes = [a for a in own if isinstance(a, Pass)]
    if passes and rng.random() < 0.7:  # Ramsch rather than Grand Hand, mostly
        return passes[0]
    plain = [
        a
        for a in own
        if isinstance(a, Declare) and not (a.contract.schneider_announced or a.contract.ouvert)
    ]
    if plain and rng.random() < 0.75:
        return rng.choice(plain)
    return rng.choice(own)


# --------------------------------------------------------------------------- invariants


def _fingerprint(deal: Deal):
    """Everything an illegal action must leave unchanged."""
    return (
        deal.phase,
        tuple(deal.hands),
        deal.skat,
        len(deal.actions),
        tuple(deal.trick),
        len(deal.tricks),
        deal.kontra,
        len(deal.auction.history),
        deal.declarer,
        deal.contract,
        deal.pushes,
        deal.to_move,
        tuple(deal.won_points),
        deal.result,
    )


def _probe_illegal(rng: random.Random, deal: Deal) -> None:
    """Random actions that are not in the legal list are refused and change nothing."""
    for _ in range(3):
        p = rng.randrange(3)
        c1, c2 = sorted(rng.sample(range(32), 2))
        candidates = [
            Play(p, rng.randrange(32)),
            Bid(p, rng.choice(bid_values(deal.profile))),
            Bid(p, rng.randrange(300)),
            Hold(p),
            Pass(p),
            PickUp(p),
            Push(p),
            Discard(p, (c1, c2)),
            Double(p, rng.randrange(1, 5)),
            Concede(p),
            Claim(p),
        ]
        a = rng.choice(candidates)
        if isinstance(a, Claim) and deal.hands[p].bit_count() > CLAIM_MAX_CARDS:
            continue
        if a in deal.legal_actions(p):
            continue
        before = _fingerprint(deal)
        with pytest.raises(IllegalAction):
            deal.apply(a)
        assert _fingerprint(deal) == before, f"refused {a} changed the deal"


def _check_cards(deal: Deal) -> None:
    """Every card in exactly one place; none played twice."""
    played = []
    for _, cards, _ in deal.tricks:
        played.extend(cards)
    played.extend(deal.trick)
    assert len(played) == len(set(played)), "a card was played twice"
    played_mask = sum(1 << c for c in played)
    places = [deal.hands[0], deal.hands[1], deal.hands[2], deal.skat, played_mask]
    total = 0
    for m in places:
        assert total & m == 0, "a card is in two places"
        total |= m
    if not deal.finished or deal.result.reason == "played out":
        # (claims and concessions hand the cards still in play over without playing them)
        assert total == FULL_DECK, "a card went missing"


CODES = tuple(code(c) for c in range(32))


def _codes(m: int) -> list[str]:
    return [CODES[c] for c in cards_of(m)]


def _json_strings(obj) -> set[str]:
    return set(json.dumps(obj).split('"'))


def _check_view(deal: Deal, seat: int, knower: int | None, as_json: bool = True) -> tuple:
    """What ``seat`` sees is what §5.11 allows, no more; returns its legal actions.

    ``as_json`` also checks the JSON form (the LAN and engine protocols send it).
    """
    v = deal.view(seat)
    seats = deal.setup.seats
    pos = seats.index(seat) if seat in seats else None
    assert v.position == pos
    finished = deal.finished
    k = deal.contract

    # own hand only
    assert v.hand == (deal.hands[pos] if pos is not None else 0)
    # open hands: the ouvert declarer's during play, everyone's at the end
    if finished:
        assert v.open_hands == tuple(deal.hands)
    else:
        for i in range(3):
            ouvert_shown = (
                k is not None and k.ouvert and deal.phase == "play" and i == deal.declarer
            )
            assert v.open_hands[i] == (deal.hands[i] if ouvert_shown else None), (
                f"seat {seat} sees hand {i} in phase {deal.phase}"
            )
    # the skat: whoever put it down, or everyone at the end
    if finished:
        assert v.skat == deal.skat
        assert v.dealt == deal.setup.cards.hands
        assert v.original_skat == deal.setup.cards.skat
    else:
        if v.skat is not None:
            assert pos is not None and pos == knower, f"seat {seat} sees a skat it did not put down"
            assert v.skat == deal.skat
        elif pos is not None and pos == knower and deal.skat:
            pytest.fail(f"seat {seat} put the skat down but cannot see it")
        assert v.dealt is None, "dealt hands shown before the end"
        if v.original_skat is not None:
            assert pos == deal.declarer and deal.picked_up, "original skat shown too early"
            assert v.original_skat == deal.setup.cards.skat
    # last trick: never an earlier one (§5.11)
    if v.last_trick is not None:
        assert v.last_trick == deal.tricks[-1]
    # legal actions: this seat's only
    if pos is None or finished:
        assert v.legal == ()
    else:
        assert all(a.player == pos for a in v.legal)
        assert list(v.legal) == deal.legal_actions(pos)

    if not as_json:
        return v.legal
    # the JSON form carries no hidden card anywhere
    d = v.to_dict()
    if not finished:
        hidden = 0
        for i in range(3):
            if i != pos and v.open_hands[i] is None:
                hidden |= deal.hands[i]
        if v.skat is None:
            hidden |= deal.skat
        leaked = _json_strings(d).intersection(_codes(hidden))
        assert not leaked, f"seat {seat} JSON view shows hidden cards {sorted(leaked)}"
        assert d["dealt"] is None and d["result"] is None
    assert d["hand"] == _codes(v.hand)
    assert d["skat"] == (None if v.skat is None else _codes(v.skat))
    return v.legal


# --------------------------------------------------------------------------- §5.5, §5.6 again

PLAIN_ORDER = "789QKTA"  # plain suits and suit trumps below the jacks
NULL_ORDER = "789TJQKA"
JACK_ORDER = "DHSC"


def _suit_of(c: int, game: int) -> str:
    """Effective suit (§5.5): 'T' for every trump, else the printed suit letter."""
    s, r = "CSHD"[c >> 3], "789TJQKA"[c & 7]
    if game == GameType.NULL:
        return s
    if r == "J" or (game <= 3 and c >> 3 == game):
        return "T"
    return s


def _rank(c: int, game: int) -> int:
    s, r = "CSHD"[c >> 3], "789TJQKA"[c & 7]
    if game == GameType.NULL:
        return NULL_ORDER.index(r)
    if r == "J":
        return 100 + JACK_ORDER.index(s)
    return PLAIN_ORDER.index(r)


def _winner_index(cards: tuple[int, int, int], game: int) -> int:
    """§5.6: the highest trump, else the highest card of the led suit."""
    led = _suit_of(cards[0], game)
    trumps = [i for i in range(3) if _suit_of(cards[i], game) == "T"]
    pool = trumps or [i for i in range(3) if _suit_of(cards[i], game) == led]
    return max(pool, key=lambda i: _rank(cards[i], game))


def _check_follows_suit(deal: Deal, a: Play) -> None:
    if not deal.trick:
        return
    led = _suit_of(deal.trick[0], deal.game)
    can_follow = any(_suit_of(c, deal.game) == led for c in cards_of(deal.hands[a.player]))
    if can_follow:
        assert _suit_of(a.card, deal.game) == led, f"{code(a.card)} does not follow suit"


# --------------------------------------------------------------------------- results


def _trick_tally(deal: Deal):
    pts, tricks, last = [0, 0, 0], [0, 0, 0], [-1, -1, -1]
    for i, (leader, cards, winner) in enumerate(deal.tricks):
        assert winner == (leader + _winner_index(cards, deal.game)) % 3, "wrong trick winner"
        pts[winner] += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]]
        tricks[winner] += 1
        last[winner] = i
    return pts, tricks, last


def _check_played_out(deal: Deal) -> None:
    r = deal.result
    if r.reason != "played out":
        assert len(deal.tricks) <= 10
        assert sum(r.points) <= 120
        return
    assert len(deal.tricks) == 10, "a played-out deal has 10 tricks"
    assert not any(deal.hands)
    played = [c for _, cards, _ in deal.tricks for c in cards]
    assert sorted(played + [c for c in range(32) if deal.skat >> c & 1]) == list(range(32))
    assert sum(POINTS[c] for c in played) + points_of(deal.skat) == 120
    assert sum(r.points) == 120
    assert sum(r.tricks) == 10


def _check_game_score(deal: Deal) -> None:
    r = deal.result
    g = r.game
    k = r.contract
    p = deal.profile
    d = r.declarer
    assert d is not None and k is not None and g is not None
    factor = 2**deal.kontra * (2 if deal.setup.bock else 1)
    assert g.kontra == deal.kontra and g.bock == deal.setup.bock
    assert deal.kontra <= p.kontra_max_level and (p.kontra or deal.kontra == 0)
    assert r.scores[d] == g.score
    assert all(r.scores[i] == 0 for i in range(3) if i != d)
    assert g.value > 0
    if g.won:
        assert g.score == g.value * factor
        assert g.value >= r.bid, "a won game reaches the bid"
    else:
        assert g.score == -p.loss_factor(k.hand) * g.value * factor
    dp, dt = r.declarer_points, r.declarer_tricks
    assert 0 <= dp <= 120 and 0 <= dt <= 10

    if k.is_null:
        if g.null_lost_as is not None:  # Null below the bid (§2.6)
            assert p.null_value(k.hand, k.ouvert) < r.bid
            assert not g.won and g.overbid and g.value >= r.bid
        else:
            assert g.value == p.null_value(k.hand, k.ouvert)
            if "conceded" not in r.reason:
                assert g.won == (dt == 0)
        return

    base = p.base(k.game)
    if k.ouvert and p.ouvert_rule == "double_base":
        base *= 2
    elif k.ouvert and p.ouvert_rule == "grand36" and k.game == GameType.GRAND:
        base = 36
    raw = base * (g.matadors + len(g.levels))
    assert g.base == base
    if g.won:
        assert g.value == raw
    else:
        assert g.value == max(raw, -(-r.bid // base) * base)
        assert g.overbid == (raw < r.bid)
    if r.reason == "played out" or ("claim" in r.reason and "declarer wins" not in r.reason):
        # the game as played: §2.4 win conditions
        expect_won = (
            dp >= 61
            and (not k.schneider_announced or dp >= p.schneider_min)
            and (not k.schwarz_announced or dt == 10)
            and raw >= r.bid
        )
        assert g.won == expect_won
        if p.announce_rule == "always":
            schneider = dp >= p.schneider_min or dp <= p.own_schneider_max
            assert ("schneider" in g.levels) == (schneider or k.schneider_announced)
            assert ("schwarz" in g.levels) == (dt in (0, 10) or k.schwarz_announced)
        assert ("hand" in g.levels) == k.hand


def _check_ramsch_score(deal: Deal) -> None:
    r = deal.result
    p = deal.profile
    pts, tricks, last = _trick_tally(deal)
    bock = 2 if deal.setup.bock else 1
    assert len(deal.tricks) == 10 and r.reason == "played out"
    skat_pts = points_of(deal.skat)
    if p.is_texas_ramsch:
        pts[deal.tricks[-1][2]] += skat_pts
        assert list(r.points) == pts and list(r.tricks) == tricks
        nonzero = [i for i in range(3) if r.scores[i]]
        assert len(nonzero) == 1
        (w,) = nonzero
        if 10 in tricks:  # one player took every trick: -30 (S1 Rule 6 Sec 5)
            assert tricks[w] == 10 and r.scores[w] == -30 * bock
            return
        low = min(pts)
        lows = [i for i in range(3) if pts[i] == low]
        assert pts[w] == low
        if len(lows) == 3:
            assert w == 0
        elif len(lows) == 2:
            assert w == min(lows, key=lambda i: last[i])
        assert r.scores[w] == (20 if tricks[w] == 0 else 10) * bock
        return
    # club Augenramsch with the house defaults (§2.9 CLUB_RAMSCH)
    assert p.ramsch_scoring == "augen" and p.ramsch_skat_to == "last_trick"
    assert p.ramsch_ties == "all_tied_lose" and p.ramsch_jungfrau_doubles
    factor = 2**deal.pushes * bock
    if 10 in tricks:
        w = tricks.index(10)
        assert r.scores[w] == 120 * factor and sum(map(abs, r.scores)) == 120 * factor
        return
    pts[deal.tricks[-1][2]] += skat_pts
    assert list(r.points) == pts and list(r.tricks) == tricks
    hi = max(pts)
    losers = [i for i in range(3) if pts[i] == hi]
    if len(losers) == 3:
        assert r.scores == (0, 0, 0)
        return
    loss = hi * (2 if 0 in tricks else 1) * factor
    for i in range(3):
        assert r.scores[i] == (-loss if i in losers else 0)


def _check_replay(deal: Deal) -> None:
    line = dumps(record_from_deal(deal))
    again = loads(line)
    assert again.actions == deal.actions
    assert again.result == deal.result
    assert dumps(record_from_deal(again)) == line


# --------------------------------------------------------------------------- the driver


def play_random_deal(setup: DealSetup, rng: random.Random) -> Deal:
    """Play one deal with the random legal policy, checking every step."""
    deal = Deal(setup)
    table = range(setup.table_size)
    seats = setup.seats
    knower: int | None = None  # the position that last put the skat down
    replay_at = rng.randrange(40)
    step = 0
    while not deal.finished:
        legal_by_pos = {}
        for seat in table:
            legal = _check_view(deal, seat, knower, as_json=(step + seat) % 2 == 0)
            if seat in seats:
                legal_by_pos[seats.index(seat)] = legal
        _check_cards(deal)
        if step == replay_at:  # an unfinished record replays to the same views
            again = loads(dumps(record_from_deal(deal)))
            for seat in table:
                assert again.view(seat).to_dict() == deal.view(seat).to_dict()
        if rng.random() < 0.15:
            _probe_illegal(rng, deal)
        a = _choose(rng, deal, legal_by_pos)
        assert a in legal_by_pos[a.player], f"{a} is not in the legal list of its seat"
        if isinstance(a, Play):
            _check_follows_suit(deal, a)
        deal.apply(a)
        if isinstance(a, Discard):
            knower = a.player
        elif isinstance(a, PickUp):
            knower = None
        step += 1
        assert step < 200, "the deal does not end"
    for seat in table:
        _check_view(deal, seat, knower)
    _check_cards(deal)
    _trick_tally(deal)
    with pytest.raises(IllegalAction):
        deal.apply(Pass(0))
    return deal


def check_result(deal: Deal) -> None:
    r = deal.result
    assert r is not None
    _check_replay(deal)
    if r.kind == "passed_in":
        assert deal.profile.all_pass in ("passed_in", "redeal")
        assert r.scores == (0, 0, 0) and not deal.tricks
        return
    _check_played_out(deal)
    if r.kind == "game":
        _check_game_score(deal)
    else:
        assert r.kind == "ramsch" and deal.profile.plays_ramsch
        _check_ramsch_score(deal)


@pytest.mark.parametrize("name", sorted(PROFILES))
@RUNS
@given(
    deal_seed=st.integers(0, 2**63 - 1),
    player_seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 2),
    bock=st.booleans(),
    ramsch_round=st.booleans(),
)
def test_random_deal_three_players(
    name: str, deal_seed: int, player_seed: int, dealer: int, bock: bool, ramsch_round: bool
) -> None:
    profile = PROFILES[name]
    house = profile.plays_ramsch and profile.kontra
    setup = DealSetup(
        profile,
        deal_from_seed(deal_seed),
        deal_seed,
        3,
        dealer,
        bock=bock and house,
        ramsch_round=ramsch_round and house and not bock,
    )
    deal = play_random_deal(setup, random.Random(player_seed))
    check_result(deal)


@RUNS
@given(
    name=st.sampled_from(sorted(PROFILES)),
    deal_seed=st.integers(0, 2**63 - 1),
    player_seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
)
def test_random_deal_four_players(name: str, deal_seed: int, player_seed: int, dealer: int) -> None:
    setup = DealSetup(PROFILES[name], deal_from_seed(deal_seed), deal_seed, 4, dealer)
    assert dealer not in setup.seats
    deal = play_random_deal(setup, random.Random(player_seed))
    check_result(deal)
    view = deal.view(dealer)
    assert view.position is None and view.hand == 0


def test_schieberamsch_passes_no_jack() -> None:
    """Schieberamsch never lets a jack be passed on (the check the policy relies on)."""
    for seed in range(200):
        deal = Deal(DealSetup(SCHIEBE, deal_from_seed(seed), seed))
        rng = random.Random(seed)
        while deal.phase in ("bidding", "ramsch_offer"):
            pos = deal.to_move
            legal = [a for a in deal.legal_actions(pos) if not isinstance(a, Declare)]
            deal.apply(Pass(pos) if Pass(pos) in legal else rng.choice(legal))
        if deal.phase != "schieben":
            continue
        deal.apply(PickUp(0))
        for a in deal.legal_actions(0):
            assert isinstance(a, Discard) and not (sum(1 << c for c in a.cards) & JACKS)
        jacks = deal.hands[0] & JACKS
        if jacks:
            j = (jacks & -jacks).bit_length() - 1
            other = next(c for c in range(32) if deal.hands[0] >> c & 1 and c != j)
            with pytest.raises(IllegalAction):
                deal.apply(Discard(0, (j, other)))
            return
    pytest.fail("no Schieberamsch deal with a jack in forehand's hand")
