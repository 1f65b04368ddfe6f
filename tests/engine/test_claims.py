"""Claims (RULES.md §5.9): the exhaustive search and what a claim does to a deal.

``claims.forced_trick_winners`` prunes equivalent cards and memoises positions; here
it is checked against a plain minimax over every legal card (no pruning, no memo,
its own follow-suit and trick-winner rules written from §5.5/§5.6) on thousands of
small random positions. Then hand-made deals show each profile's claim rules:
ISkO/house (proven → rest to the declarer, failed → rest to the defenders),
pre-1999 (failed → play on; the defenders' next trick collects everything left at
the claim), Texas (no penalty), Null claims and defender claims.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat_desktop.engine.actions import Bid, Claim, Concede, Declare, Hold, Pass, Play
from skat_desktop.engine.cards import GameType, card, cards_of, mask
from skat_desktop.engine.claims import (
    declarer_takes_all,
    declarer_takes_none,
    defenders_take_all,
    forced_trick_winners,
)
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS

# --------------------------------------------------------------------------- brute force

SUITS, RANKS = "CSHD", "789TJQKA"


def _suit(c: int, game: int) -> str:
    """Effective suit (§5.5): 'T' for trumps; in Null every card keeps its suit."""
    if game == GameType.NULL:
        return SUITS[c >> 3]
    if RANKS[c & 7] == "J" or (game <= 3 and c >> 3 == game):
        return "T"
    return SUITS[c >> 3]


def _rank(c: int, game: int) -> int:
    r = RANKS[c & 7]
    if game == GameType.NULL:
        return "789TJQKA".index(r)
    if r == "J":
        return 100 + "DHSC".index(SUITS[c >> 3])
    return "789QKTA".index(r)


def _winner(cards: list[int], game: int) -> int:
    led = _suit(cards[0], game)
    pool = [i for i in range(3) if _suit(cards[i], game) == "T"] or [
        i for i in range(3) if _suit(cards[i], game) == led
    ]
    return max(pool, key=lambda i: _rank(cards[i], game))


def brute_force(
    hands: tuple[list[int], list[int], list[int]],
    game: int,
    leader: int,
    choosers: frozenset[int],
    winners: frozenset[int],
) -> bool:
    """Plain AND-OR minimax over every legal card: can ``choosers`` force ``winners``?"""

    def go(h: tuple[list[int], ...], lead: int, p: int, trick: list[int]) -> bool:
        if len(trick) == 3:
            w = (lead + _winner(trick, game)) % 3
            if w not in winners:
                return False
            return go(h, w, w, []) if h[w] else True
        hand = h[p]
        if trick:
            led = _suit(trick[0], game)
            options = [c for c in hand if _suit(c, game) == led] or hand
        else:
            options = hand
        outcomes = (
            go(
                tuple([x for x in h[q] if x != c] if q == p else h[q] for q in range(3)),
                lead,
                (p + 1) % 3,
                [*trick, c],
            )
            for c in options
        )
        return any(outcomes) if p in choosers else all(outcomes)

    if not hands[leader]:
        return True
    return go(hands, leader, leader, [])


def _masks(hands: tuple[list[int], ...]) -> tuple[int, int, int]:
    return mask(hands[0]), mask(hands[1]), mask(hands[2])


@st.composite
def positions(draw):
    """2-4 cards per hand, drawn from few suits now and then so that runs and voids occur."""
    n = draw(st.integers(2, 4))
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    pool = [c for c in range(32) if c >> 3 in suits or c & 7 == 4]
    if len(pool) < 3 * n:
        pool = list(range(32))
    cards = draw(st.permutations(pool))[: 3 * n]
    hands = (sorted(cards[:n]), sorted(cards[n : 2 * n]), sorted(cards[2 * n :]))
    game = draw(st.sampled_from(list(GameType)))
    leader = draw(st.integers(0, 2))
    return hands, game, leader


SUBSETS = [frozenset(s) for s in ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2))]


@settings(max_examples=1500, deadline=None, derandomize=True, database=None)
@given(positions(), st.sampled_from(SUBSETS), st.sampled_from(SUBSETS))
def test_forced_trick_winners_matches_brute_force(position, choosers, winners) -> None:
    hands, game, leader = position
    expected = brute_force(hands, game, leader, choosers, winners)
    assert forced_trick_winners(_masks(hands), game, leader, choosers, winners) == expected


@settings(max_examples=1000, deadline=None, derandomize=True, database=None)
@given(positions(), st.integers(0, 2), st.integers(0, 1))
def test_claim_helpers_match_brute_force(position, declarer, claimant_offset) -> None:
    """The three claim questions the deal asks, each against the brute force."""
    hands, game, leader = position
    m = _masks(hands)
    d = frozenset({declarer})
    defenders = frozenset({0, 1, 2} - d)
    claimant = sorted(defenders)[claimant_offset]
    assert declarer_takes_all(m, game, leader, declarer) == brute_force(hands, game, leader, d, d)
    assert declarer_takes_none(m, game, leader, declarer) == brute_force(
        hands, game, leader, d, defenders
    )
    assert defenders_take_all(m, game, leader, declarer, claimant, False) == brute_force(
        hands, game, leader, frozenset({claimant}), defenders
    )
    assert defenders_take_all(m, game, leader, declarer, claimant, True) == brute_force(
        hands, game, leader, defenders, defenders
    )


def test_random_positions_reach_both_answers() -> None:
    """Guard for the test above: the positions give True and False often enough."""
    rng = random.Random(5)
    answers = []
    for _ in range(600):
        n = rng.randint(2, 4)
        cards = rng.sample(range(32), 3 * n)
        hands = (cards[:n], cards[n : 2 * n], cards[2 * n :])
        game = rng.choice(list(GameType)[:6])
        leader = rng.randrange(3)
        d = frozenset({rng.randrange(3)})
        got = forced_trick_winners(_masks(hands), game, leader, d, d)
        assert got == brute_force(hands, game, leader, d, d)
        answers.append(got)
    assert 0.05 < sum(answers) / len(answers) < 0.95


def test_equivalent_cards_are_not_all_equivalent() -> None:
    """SA and SQ with SK in another hand are no run: SQ loses a trick (pruning's edge).

    With SA SK together they are one run and both tricks are the declarer's.
    """
    sa, sk, sq, s7, s8, h7, h8 = (card(x) for x in ("SA", "SK", "SQ", "S7", "S8", "H7", "H8"))
    hands = ([sa, sq], [sk, s7], [h7, h8])
    assert brute_force(hands, GameType.GRAND, 0, frozenset({0}), frozenset({0})) is False
    assert (
        forced_trick_winners(_masks(hands), GameType.GRAND, 0, frozenset({0}), frozenset({0}))
        is False
    )
    hands = ([sa, sk], [sq, s7], [s8, h7])
    assert forced_trick_winners(_masks(hands), GameType.GRAND, 0, frozenset({0}), frozenset({0}))


# --------------------------------------------------------------------------- deals by hand


def _deal(profile, fh: str, mh: str, rh: str, skat: str, declarer: int, contract: Contract):
    """A deal bid at 18 to ``declarer`` and declared as a Hand game."""
    cards = DealtCards(
        tuple(mask(card(c) for c in h.split()) for h in (fh, mh, rh)),
        mask(card(c) for c in skat.split()),
    )
    deal = Deal(DealSetup(profile, cards))
    auction = {
        0: (Bid(1, 18), Hold(0), Pass(1), Pass(2)),
        1: (Bid(1, 18), Pass(0), Pass(2)),
        2: (Pass(1), Bid(2, 18), Pass(0)),
    }[declarer]
    for a in auction:
        deal.apply(a)
    assert deal.declarer == declarer
    deal.apply(Declare(declarer, contract))
    assert deal.phase == "play"
    return deal


def _play(deal: Deal, *codes: str) -> None:
    for c in codes:
        deal.apply(Play(deal.to_move, card(c)))


def _play_out(deal: Deal) -> None:
    """Finish the deal, everyone playing his lowest legal card."""
    while not deal.finished:
        p = deal.to_move
        deal.apply(Play(p, cards_of(deal.legal_cards(p))[0]))


GRAND_HAND = Contract(GameType.GRAND, hand=True)
NULL_HAND = Contract(GameType.NULL, hand=True)

# Forehand's Grand Hand: three jacks and the top of every suit; DJ is with middlehand.
WINNER_FH = "CJ SJ HJ CA CT SA ST HA HT DA"
WINNER_MH = "DJ CK CQ C9 SK SQ S9 HK HQ H9"
# The same with HT and HK swapped: middlehand's HT is guarded, a trick the declarer loses.
LOSER_FH = "CJ SJ HJ CA CT SA ST HA HK DA"
LOSER_MH = "DJ CK CQ C9 SK SQ S9 HT HQ H9"
REAR = "C8 C7 S8 S7 H8 H7 DT DK DQ D9"
SKAT = "D8 D7"


@pytest.mark.parametrize("profile", [ISKO, HOUSE, PRE1999, TEXAS], ids=lambda p: p.name)
def test_proven_declarer_claim_gives_the_rest_to_the_declarer(profile) -> None:
    deal = _deal(profile, WINNER_FH, WINNER_MH, REAR, SKAT, 0, GRAND_HAND)
    _play(deal, "CJ", "DJ", "C7")  # trick 1 to the declarer: 4 points
    deal.apply(Claim(0))
    r = deal.result
    assert deal.finished and r.reason == "claim proven: the rest goes to the declarer"
    assert (r.declarer_points, r.declarer_tricks) == (120, 10)
    assert r.game.won and "schwarz" in r.game.levels
    # Grand Hand with 3: 3 + game, hand, schneider, schwarz = 7
    base = profile.grand_base
    assert r.game.value == base * 7 and r.scores == (base * 7, 0, 0)


def test_claim_at_the_first_card_is_searched_in_full() -> None:
    """Proven only because the declarer can draw DJ first; leading DA would lose a trick."""
    deal = _deal(ISKO, WINNER_FH, WINNER_MH, REAR, SKAT, 0, GRAND_HAND)
    deal.apply(Claim(0))
    assert deal.result.declarer_tricks == 10 and deal.result.scores == (168, 0, 0)


@pytest.mark.parametrize("profile", [ISKO, HOUSE], ids=lambda p: p.name)
def test_failed_declarer_claim_isko_gives_the_rest_to_the_defenders(profile) -> None:
    deal = _deal(profile, LOSER_FH, LOSER_MH, REAR, SKAT, 0, GRAND_HAND)
    _play(deal, "CJ", "DJ", "C7")
    deal.apply(Claim(0))
    r = deal.result
    assert deal.finished and r.reason == "claim failed: the rest goes to the defenders"
    assert (r.declarer_points, r.declarer_tricks) == (4, 1)
    assert r.points[1] + r.points[2] == 116 and r.tricks[1] + r.tricks[2] == 9
    # lost: with 3 + game, hand, schneider (declarer <= 30) = 6 x 24 = 144, x 2
    assert not r.game.won and r.game.value == 144 and r.scores == (-288, 0, 0)


def test_failed_claim_pre1999_play_continues_and_next_defender_trick_collects_all() -> None:
    deal = _deal(PRE1999, LOSER_FH, LOSER_MH, REAR, SKAT, 0, GRAND_HAND)
    _play(deal, "CJ", "DJ", "C7")
    deal.apply(Claim(0))
    assert not deal.finished and deal.phase == "play"
    assert not deal.can_claim(0), "one claim per deal once it failed"
    with pytest.raises(IllegalAction):
        deal.apply(Claim(0))
    _play(deal, "HA", "H9", "H8")  # the declarer's trick after the claim
    assert not deal.finished
    _play(deal, "HK", "HT", "H7")  # the defenders' first trick after the claim
    r = deal.result
    assert deal.finished and r.reason.startswith("failed claim: the defenders collect the rest")
    # everything unplayed at the claim (incl. the HA trick) goes to the defenders
    assert (r.declarer_points, r.declarer_tricks) == (4, 1)
    assert sum(r.points) == 120 and sum(r.tricks) == 10
    # pre-1999: with 3 + game, hand, schneider = 144; lost Hand game single
    assert r.scores == (-144, 0, 0)


def test_failed_claim_pre1999_no_forfeit_if_the_defenders_take_nothing() -> None:
    deal = _deal(PRE1999, LOSER_FH, LOSER_MH, REAR, SKAT, 0, GRAND_HAND)
    _play(deal, "CJ", "DJ", "C7")
    deal.apply(Claim(0))
    _play(deal, "HA", "H9", "H8", "HK", "HQ", "H7")  # middlehand misses his chance
    _play_out(deal)
    r = deal.result
    assert r.reason == "played out" and (r.declarer_points, r.declarer_tricks) == (120, 10)
    assert r.game.won and r.scores == (24 * 7, 0, 0)  # with 3 + game, hand, schneider, schwarz


def test_failed_claim_texas_has_no_penalty() -> None:
    claimed = _deal(TEXAS, LOSER_FH, LOSER_MH, REAR, SKAT, 0, GRAND_HAND)
    plain = _deal(TEXAS, LOSER_FH, LOSER_MH, REAR, SKAT, 0, GRAND_HAND)
    for deal in (claimed, plain):
        _play(deal, "CJ", "DJ", "C7")
    hands_before = list(claimed.hands)
    claimed.apply(Claim(0))
    assert not claimed.finished and claimed.hands == hands_before
    assert claimed.won_points == plain.won_points and claimed.leader == plain.leader
    claimed.apply(Claim(0))  # showing the cards again changes nothing either
    for deal in (claimed, plain):
        _play(deal, "HA", "H9", "H8", "HK", "HT", "H7")
        _play_out(deal)
    assert claimed.result == plain.result
    assert claimed.result.reason == "played out"


NULL_FH = "C7 C8 C9 S7 S8 S9 H7 H8 D7 D8"
NULL_MH = "CT CJ ST SJ H9 HT HJ D9 DT DJ"
NULL_RH = "CQ CK SQ SK HQ HK HA DQ DK DA"
NULL_SKAT = "CA SA"


@pytest.mark.parametrize(
    "profile, score", [(ISKO, 35), (TEXAS, 30), (PRE1999, 35)], ids=lambda x: getattr(x, "name", x)
)
def test_null_claim_proven(profile, score) -> None:
    deal = _deal(profile, NULL_FH, NULL_MH, NULL_RH, NULL_SKAT, 0, NULL_HAND)
    deal.apply(Claim(0))
    r = deal.result
    assert r.reason == "claim proven: the declarer takes no further trick"
    assert r.game.won and r.declarer_tricks == 0 and r.scores == (score, 0, 0)


@pytest.mark.parametrize(
    "profile, score",
    [(ISKO, -70), (TEXAS, -30), (PRE1999, -35)],
    ids=lambda x: getattr(x, "name", x),
)
def test_null_claim_failed(profile, score) -> None:
    """Declarer's DA cannot be kept out of a trick: two diamond leads force it."""
    fh = NULL_FH.replace("D8", "DA")
    rh = NULL_RH.replace("DA", "D8")
    deal = _deal(profile, fh, NULL_MH, rh, NULL_SKAT, 0, NULL_HAND)
    _play(deal, "C7", "CT", "CQ")
    deal.apply(Claim(0))
    r = deal.result
    assert r.reason == "claim failed: the declarer cannot avoid a trick"
    assert not r.game.won and r.scores == (score, 0, 0)


def test_only_the_declarer_claims_in_null() -> None:
    deal = _deal(ISKO, NULL_FH, NULL_MH, NULL_RH, NULL_SKAT, 0, NULL_HAND)
    assert Claim(1) not in deal.legal_actions(1)
    with pytest.raises(IllegalAction):
        deal.apply(Claim(1))


def test_claim_only_between_tricks() -> None:
    deal = _deal(ISKO, WINNER_FH, WINNER_MH, REAR, SKAT, 0, GRAND_HAND)
    _play(deal, "CJ")
    for p in range(3):
        assert Claim(p) not in deal.legal_actions(p)
        with pytest.raises(IllegalAction):
            deal.apply(Claim(p))


# Declarer rearhand with the lowest cards of every suit and no trump: he can win nothing.
WEAK_FH = "CJ SJ CT CQ CK CA ST SQ SK SA"
WEAK_MH = "HJ DJ HT HQ HK HA DT DQ DK DA"
WEAK_RH = "C7 C8 C9 S7 S8 S9 H7 H8 H9 D7"
WEAK_SKAT = "D8 D9"


@pytest.mark.parametrize("profile", [ISKO, HOUSE, TEXAS], ids=lambda p: p.name)
@pytest.mark.parametrize("claimant", [0, 1])
def test_defender_claim_proven(profile, claimant) -> None:
    deal = _deal(profile, WEAK_FH, WEAK_MH, WEAK_RH, WEAK_SKAT, 2, GRAND_HAND)
    deal.apply(Claim(claimant))
    r = deal.result
    assert r.reason == "defender's claim proven: the rest goes to the defenders"
    assert (r.declarer_points, r.declarer_tricks) == (0, 0)
    # without 4 + game, hand, schneider, schwarz = 8 levels
    value = profile.grand_base * 8
    assert r.game.value == value
    assert r.scores == (0, 0, -value * profile.loss_factor_hand)


def test_defender_claim_failed_isko_gives_the_rest_to_the_declarer() -> None:
    """Rearhand holds CJ: it wins a trick whatever the defenders do."""
    fh = WEAK_FH.replace("CJ", "C7")
    rh = WEAK_RH.replace("C7", "CJ")
    deal = _deal(ISKO, fh, WEAK_MH, rh, WEAK_SKAT, 2, GRAND_HAND)
    deal.apply(Claim(1))
    r = deal.result
    assert r.reason == "defender's claim failed: the rest goes to the declarer"
    assert (r.declarer_points, r.declarer_tricks) == (120, 10)
    # with 1 + game, hand, schneider, schwarz = 5 x 24
    assert r.game.won and r.scores == (0, 0, 120)


def test_defender_claim_isko_partner_does_not_help() -> None:
    """ISkO 4.3.5 (2022): the claim must hold whatever the claimant's partner plays.

    Forehand alone can keep the declarer off every trick only if middlehand plays
    along; middlehand could also hand the declarer a trick. Texas lets both defenders
    play for the claim.
    """
    fh = "C9 CQ CA S7 S9 SQ SK HT HK HA"
    mh = "C7 CT CJ ST SJ H8 HJ D8 DJ DA"
    rh = "C8 CK S8 SA H9 HQ D7 D9 DQ DK"  # the declarer
    skat = "H7 DT"
    hands = tuple(mask(card(c) for c in h.split()) for h in (fh, mh, rh))
    assert defenders_take_all(hands, GameType.GRAND, 0, 2, 0, partner_helps=True)
    assert not defenders_take_all(hands, GameType.GRAND, 0, 2, 0, partner_helps=False)
    isko = _deal(ISKO, fh, mh, rh, skat, 2, GRAND_HAND)
    isko.apply(Claim(0))
    assert isko.result.reason == "defender's claim failed: the rest goes to the declarer"
    texas = _deal(TEXAS, fh, mh, rh, skat, 2, GRAND_HAND)
    texas.apply(Claim(0))
    assert texas.result.reason == "defender's claim proven: the rest goes to the defenders"


def test_defender_claim_failed_texas_declarer_wins_at_the_level_reached() -> None:
    """Texas Rule 11 Sec 4: a failed defender claim makes the player win.

    No trick has been played, so the declarer has reached no Schneider and no Schwarz:
    Grand Hand with 1 = 16 x (1 + game + hand) = 48. Taking no trick yet is not being
    made Schwarz.
    """
    fh = WEAK_FH.replace("CJ", "C7")
    rh = WEAK_RH.replace("C7", "CJ")
    deal = _deal(TEXAS, fh, WEAK_MH, rh, WEAK_SKAT, 2, GRAND_HAND)
    deal.apply(Claim(1))
    r = deal.result
    assert r.reason == "defender's claim failed: the declarer wins"
    assert r.game.won and r.game.levels == ("game", "hand")
    assert r.scores == (0, 0, 48)


def test_defender_concession_before_the_first_trick_adds_no_schwarz() -> None:
    """ISkO 4.3.3: the declarer wins at the level reached; 0 tricks so far is no Schwarz."""
    fh = WEAK_FH.replace("CJ", "C7")
    rh = WEAK_RH.replace("C7", "CJ")
    deal = _deal(ISKO, fh, WEAK_MH, rh, WEAK_SKAT, 2, GRAND_HAND)
    deal.apply(Concede(0))
    r = deal.result
    assert r.game.won and r.game.levels == ("game", "hand")
    assert r.scores == (0, 0, 24 * 3)


def test_claim_search_of_a_full_hand() -> None:
    """A claim before the first card searches ten cards each (speed: see the benchmarks)."""
    deal = _deal(ISKO, LOSER_FH, LOSER_MH, REAR, SKAT, 0, GRAND_HAND)
    deal.apply(Claim(0))
    assert deal.result.reason == "claim failed: the rest goes to the defenders"
