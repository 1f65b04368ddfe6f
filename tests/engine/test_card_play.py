"""Card play: vectors P1-P13 of RULES.md §4.9 (following §5.5, trick winner §5.6, play stops
§5.8, claims §5.9, last trick §5.11)."""

from __future__ import annotations

import pytest

from skat_desktop.engine.actions import (
    Bid,
    Claim,
    Declare,
    Discard,
    Pass,
    PickUp,
    Play,
)
from skat_desktop.engine.cards import (
    JACKS,
    SUIT_MASKS,
    GameType,
    card,
    cards_of,
    legal_cards,
    mask,
    parse_cards,
    points_of,
    trick_winner,
    trump_mask,
)
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import DealtCards, deal_from_seed
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import HOUSE, ISKO, PRE1999, TEXAS, RuleProfile

FH, MH, RH = 0, 1, 2


def m(codes: str) -> int:
    return mask(parse_cards(codes.split()))


def legal(hand: str, led: str, game: GameType) -> int:
    return legal_cards(m(hand), card(led), game)


def winner(cards: str, game: GameType) -> int:
    return trick_winner(parse_cards(cards.split()), game)


def play_tricks(deal: Deal, tricks: list[str]) -> None:
    """Play each trick's cards in order; the engine decides whose turn it is."""
    for t in tricks:
        for c in parse_cards(t.split()):
            deal.apply(Play(deal.to_move, c))


def snapshot(deal: Deal) -> tuple:
    return (
        list(deal.actions),
        deal.phase,
        list(deal.hands),
        list(deal.trick),
        list(deal.tricks),
        list(deal.won_points),
        deal.leader,
    )


# ---------------------------------------------------------------- following and winning


def test_p1_follow_suit_and_ruff() -> None:
    """RULES.md §4.9 P1 (S0 ISkO 4.2.1-4.2.2, 4.4.2): Hearts; FH leads SA; MH holds S7 (and
    hearts) → must play S7; RH holds no spade and may ruff with H7 → RH wins."""
    assert legal("S7 HA HT H9 CA", "SA", GameType.HEARTS) == m("S7")
    rh = "H7 CA CT DA D7"
    assert legal(rh, "SA", GameType.HEARTS) == m(rh)  # void: any card, trump or not
    assert winner("SA S7 H7", GameType.HEARTS) == 2
    assert winner("SA S7 CA", GameType.HEARTS) == 0  # a discard does not win


def test_p2_jack_lead_is_a_trump_lead() -> None:
    """RULES.md §4.9 P2 (S0 ISkO 2.3.2, 4.2.1): Hearts; FH leads SJ; MH holds HA and SA, no jack
    → SJ is a trump lead: MH must play HA; SA is illegal."""
    hand = "HA SA ST C7 D7"
    allowed = legal(hand, "SJ", GameType.HEARTS)
    assert allowed == m("HA")
    assert not allowed & m("SA")


def test_p3_grand_jack_is_not_a_club() -> None:
    """RULES.md §4.9 P3 (S0 ISkO 2.3.3): Grand; FH leads CA; MH holds CJ and C7 → must play C7.
    If MH's only club-marked card is CJ, any card is legal."""
    assert legal("CJ C7 SA H7 D7", "CA", GameType.GRAND) == m("C7")
    hand = "CJ SA H7 D7 DT"
    assert legal(hand, "CA", GameType.GRAND) == m(hand)


def test_p4_null_rank_order() -> None:
    """RULES.md §4.9 P4 (S0 ISkO 2.3.4): Null; FH DJ, MH DQ, RH DT → MH wins (A K Q J T 9 8 7)."""
    assert winner("DJ DQ DT", GameType.NULL) == 1
    assert winner("DT DJ D9", GameType.NULL) == 1
    assert winner("DK DA DQ", GameType.NULL) == 1


def test_p5_trump_beats_suit() -> None:
    """RULES.md §4.9 P5 (S0 ISkO 1.2, 4.4.2): Clubs; FH DT, MH DA, RH DK → DA wins; variant RH
    void plays C7 → C7 wins."""
    assert winner("DT DA DK", GameType.CLUBS) == 1
    assert winner("DT DA C7", GameType.CLUBS) == 2


def test_p6_null_jack_belongs_to_its_suit() -> None:
    """RULES.md §4.9 P6 (S0 ISkO 2.3.4): Null; FH leads H8; MH holds HJ and spades → must
    play HJ."""
    assert legal("HJ SA S7 S8", "H8", GameType.NULL) == m("HJ")
    # and a jack lead in Null asks for its suit, not for trumps
    assert legal("CJ D7 D8", "DJ", GameType.NULL) == m("D7 D8")


def test_p7_grand_club_jack_highest() -> None:
    """RULES.md §4.9 P7 (S0 ISkO 2.3.3): Grand; SJ, CJ, DJ → CJ wins."""
    assert winner("SJ CJ DJ", GameType.GRAND) == 1
    assert winner("HJ DJ SJ", GameType.GRAND) == 2


def test_p8_all_jacks_are_trumps() -> None:
    """RULES.md §4.9 P8 (S0 ISkO 2.3.2): Hearts; FH leads HA; MH holds no heart but DJ → must
    play DJ."""
    assert legal("DJ DA DT SA C7", "HA", GameType.HEARTS) == m("DJ")


# ---------------------------------------------------------------- play stops in Null

# FH (declarer): C7 C8 C9 S7 S8 S9 H7 H8 D7 DA, skat CA SA (vector N02)
NULL_CARDS = DealtCards(
    (
        m("C7 C8 C9 S7 S8 S9 H7 H8 D7 DA"),
        m("CT CJ ST SJ H9 HT HJ D8 D9 DT"),
        m("CQ CK SQ SK HQ HK HA DJ DQ DK"),
    ),
    m("CA SA"),
)


def forehand_null(profile: RuleProfile) -> Deal:
    deal = Deal(DealSetup(profile, NULL_CARDS))
    deal.apply(Pass(MH))
    deal.apply(Pass(RH))
    deal.apply(Bid(FH, 18))
    deal.apply(PickUp(FH))
    deal.apply(Discard(FH, (card("CA"), card("SA"))))
    deal.apply(Declare(FH, Contract(GameType.NULL)))
    return deal


@pytest.mark.parametrize(("profile", "score"), [(ISKO, -46), (PRE1999, -46), (TEXAS, -40)])
def test_p9_null_ends_at_declarers_first_trick(profile: RuleProfile, score: int) -> None:
    """RULES.md §4.9 P9 (S0 ISkO 5.2.7; S3 §Null game): the declarer wins trick 3 → the game ends
    immediately after trick 3; scored as N02 (−46 ISkO, −40 Texas)."""
    deal = forehand_null(profile)
    play_tricks(deal, ["C7 CT CQ", "SQ S7 ST"])  # RH (Q > T) takes both
    assert deal.phase == Phase.PLAY
    assert [w for _, _, w in deal.tricks] == [RH, RH]
    play_tricks(deal, ["DJ DA D8"])  # declarer's DA wins trick 3
    assert deal.phase == Phase.FINISHED
    assert len(deal.tricks) == 3
    r = deal.result
    assert r.declarer_tricks == 1
    assert r.scores == (score, 0, 0)
    assert not r.game.won
    with pytest.raises(IllegalAction):
        deal.apply(Play(FH, card("D7")))


# ---------------------------------------------------------------- Clubs deals (P10, P11)

# FH declares Clubs Hand at 18 with CJ SJ HJ DJ CA CT CK SA HA DA (with 7).
CLAIM_OK_CARDS = DealtCards(
    (
        m("CJ SJ HJ DJ CA CT CK SA HA DA"),
        m("CQ C9 ST SK SQ HT HK HQ DT DK"),
        m("C8 C7 S9 S8 S7 H9 H8 H7 D9 DQ"),
    ),
    m("D7 D8"),
)
CLAIM_OK_PLAY = [
    "CJ C9 C7",  #  2
    "SJ CQ C8",  #  5: the defenders have no trump left
    "SA SQ S7",  # 14
    "HA HQ H7",  # 14
    "DA DK D9",  # 15
    "CA ST S8",  # 21
    "CT SK S9",  # 14 → declarer 85 after 7 tricks; holds HJ DJ CK
]

# The same, but the declarer holds D7 instead of DA: his last D7 must lose to MH's DA.
CLAIM_FAIL_CARDS = DealtCards(
    (
        m("CJ SJ HJ DJ CA CT CK SA HA D7"),
        m("CQ C9 ST SK SQ HT HK HQ DA DK"),
        m("C8 C7 S9 S8 H9 H8 DT DQ D9 D8"),
    ),
    m("S7 H7"),
)
CLAIM_FAIL_PLAY = [
    "CJ C9 C7",  #  2
    "SJ CQ C8",  #  5
    "SA SQ S8",  # 14
    "HA HQ H8",  # 14
    "HJ ST S9",  # 12
    "DJ SK H9",  #  6
    "CA HK D8",  # 15 → declarer 68 after 7 tricks; holds CT CK D7
]


def forehand_clubs_hand(profile: RuleProfile, cards: DealtCards) -> Deal:
    deal = Deal(DealSetup(profile, cards))
    deal.apply(Pass(MH))
    deal.apply(Pass(RH))
    deal.apply(Bid(FH, 18))
    deal.apply(Declare(FH, Contract(GameType.CLUBS, hand=True)))
    assert deal.phase == Phase.PLAY
    return deal


def test_p10_last_trick_visible_until_own_card() -> None:
    """RULES.md §4.9 P10 (S0 ISkO 4.4.3; S1 Rule 10 Sec 3): trick 4 just completed, FH leads
    trick 5; each active player may view trick 4 until he has played to trick 5; no earlier
    trick may be viewed."""
    deal = forehand_clubs_hand(ISKO, CLAIM_OK_CARDS)
    seats = deal.setup.seats  # table seat of FH, MH, RH
    assert deal.view(seats[FH]).last_trick is None  # nothing completed yet
    play_tricks(deal, CLAIM_OK_PLAY[:4])
    trick4 = deal.tricks[3]
    assert trick4[1] == tuple(parse_cards(["HA", "HQ", "H7"]))
    assert deal.to_move == FH
    for pos in (FH, MH, RH):
        assert deal.view(seats[pos]).last_trick == trick4
    deal.apply(Play(FH, card("DA")))
    assert deal.view(seats[FH]).last_trick is None
    assert deal.view(seats[MH]).last_trick == trick4
    assert deal.view(seats[RH]).last_trick == trick4
    deal.apply(Play(MH, card("DK")))
    assert deal.view(seats[FH]).last_trick is None
    assert deal.view(seats[MH]).last_trick is None
    assert deal.view(seats[RH]).last_trick == trick4
    deal.apply(Play(RH, card("D9")))
    trick5 = deal.tricks[4]
    for pos in (FH, MH, RH):
        assert deal.view(seats[pos]).last_trick == trick5  # never trick 3 or earlier


def test_p10_sitting_out_dealer_sees_no_last_trick() -> None:
    """RULES.md §5.11 / §5.1: at a 4-table the dealer is not an active player."""
    deal = Deal(DealSetup(ISKO, CLAIM_OK_CARDS, table_size=4, dealer=0))
    deal.apply(Pass(MH))
    deal.apply(Pass(RH))
    deal.apply(Bid(FH, 18))
    deal.apply(Declare(FH, Contract(GameType.CLUBS, hand=True)))
    play_tricks(deal, CLAIM_OK_PLAY[:2])
    v = deal.view(0)
    assert v.position is None
    assert v.last_trick is None
    assert v.hand == 0


def test_p11_claim_proven_by_search() -> None:
    """RULES.md §4.9 P11 (S0 ISkO 4.3.4): Clubs, the declarer claims the rest with 3 cards left
    (HJ DJ CK, the defenders hold no trump); the exhaustive search proves it → remaining cards to
    the declarer: 10 tricks, 120 points, Clubs Hand with 7 + game, hand, schneider, schwarz =
    11 × 12 = +132."""
    deal = forehand_clubs_hand(ISKO, CLAIM_OK_CARDS)
    play_tricks(deal, CLAIM_OK_PLAY)
    assert deal.won_points[FH] == 85
    assert deal.hands[FH] == m("HJ DJ CK")
    assert Claim(FH) in deal.legal_actions(FH)
    deal.apply(Claim(FH))
    r = deal.result
    assert r is not None
    assert (r.declarer_points, r.declarer_tricks) == (120, 10)
    assert r.scores == (132, 0, 0)
    assert r.game.won


def test_p11_failed_claim_isko_rest_to_defenders() -> None:
    """RULES.md §4.9 P11, §5.9 (S0 ISkO 4.3.4; S2 4.3.4): a claim that cannot be proven (CT CK D7
    against MH's DA) fails; ISkO/house: the remaining cards (52 points, 3 tricks) go to the
    defenders. The declarer keeps 68 → Clubs Hand with 7 still won, 12 × 9 = +108."""
    for profile in (ISKO, HOUSE):
        deal = forehand_clubs_hand(profile, CLAIM_FAIL_CARDS)
        play_tricks(deal, CLAIM_FAIL_PLAY)
        assert deal.won_points[FH] == 68
        assert deal.hands[FH] == m("CT CK D7")
        deal.apply(Claim(FH))
        r = deal.result
        assert r is not None
        assert (r.declarer_points, r.declarer_tricks) == (68, 7)
        assert r.points[MH] + r.points[RH] == 52
        assert r.tricks[MH] + r.tricks[RH] == 3
        assert r.scores == (108, 0, 0)


def test_p11_failed_claim_texas_play_continues() -> None:
    """RULES.md §5.9 (S1 Rule 11 Sec 1): in Texas showing the cards is not penalised; play
    continues."""
    deal = forehand_clubs_hand(TEXAS, CLAIM_FAIL_CARDS)
    play_tricks(deal, CLAIM_FAIL_PLAY)
    hands = list(deal.hands)
    deal.apply(Claim(FH))
    assert deal.phase == Phase.PLAY
    assert deal.hands == hands
    play_tricks(deal, ["CT HT DT", "CK DK DQ", "D7 DA D9"])
    r = deal.result
    assert (r.declarer_points, r.declarer_tricks) == (68 + 30 + 11, 9)
    # Clubs Hand with 7 in Texas, 109 ≥ 91 is schneider: 12 × (7 + 3) = 120, won
    assert r.scores == (120, 0, 0)


def test_p11_failed_claim_pre1999_forfeits_once_defenders_win_a_trick() -> None:
    """RULES.md §5.9 (S4 A3.3): pre-1999, a failed claim lets play continue; once the defenders
    win a trick they receive every card that was unplayed at the moment of the claim."""
    deal = forehand_clubs_hand(PRE1999, CLAIM_FAIL_CARDS)
    play_tricks(deal, CLAIM_FAIL_PLAY)
    deal.apply(Claim(FH))
    assert deal.phase == Phase.PLAY
    play_tricks(deal, ["CT HT DT", "CK DK DQ"])  # the declarer wins both
    assert deal.phase == Phase.PLAY
    play_tricks(deal, ["D7 DA D9"])  # MH wins: the defenders collect everything since the claim
    r = deal.result
    assert (r.declarer_points, r.declarer_tricks) == (68, 7)
    assert r.scores == (108, 0, 0)


def test_claim_rejected_mid_trick_leaves_state() -> None:
    """RULES.md §5.9: claims are made between tricks; a claim with cards on the table and a card
    that does not follow suit are both rejected without changing the deal."""
    deal = forehand_clubs_hand(ISKO, CLAIM_OK_CARDS)
    deal.apply(Play(FH, card("SA")))
    before = snapshot(deal)
    for bad in (Claim(FH), Play(MH, card("HT")), Play(RH, card("S7")), Play(MH, card("CA"))):
        with pytest.raises(IllegalAction):
            deal.apply(bad)
        assert snapshot(deal) == before


# ---------------------------------------------------------------- point sums


def lowest_card(deal: Deal) -> None:
    p = deal.to_move
    deal.apply(Play(p, cards_of(deal.legal_cards(p))[0]))


def play_out(deal: Deal) -> None:
    while not deal.finished:
        lowest_card(deal)


@pytest.mark.parametrize("profile", [ISKO, TEXAS, PRE1999, HOUSE])
@pytest.mark.parametrize("game", [GameType.CLUBS, GameType.HEARTS, GameType.GRAND])
def test_p12_card_points_sum_to_120(profile: RuleProfile, game: GameType) -> None:
    """RULES.md §4.9 P12 (derived): in any full deal trick points + skat = 120, and the
    declarer's dp ∈ [0, 120]."""
    for seed in range(12):
        deal = Deal(DealSetup(profile, deal_from_seed(seed)))
        deal.apply(Bid(MH, 18))
        deal.apply(Pass(FH))
        deal.apply(Pass(RH))
        deal.apply(PickUp(MH))
        c1, c2 = cards_of(deal.hands[MH])[:2]
        deal.apply(Discard(MH, (c1, c2)))
        deal.apply(Declare(MH, Contract(game)))
        play_out(deal)
        r = deal.result
        assert r.kind == "game"
        trick_points = sum(points_of(mask(cs)) for _, cs, _ in deal.tricks)
        assert trick_points + points_of(deal.skat) == 120
        assert sum(r.points) == 120
        assert 0 <= r.declarer_points <= 120
        assert sum(r.tricks) == len(deal.tricks) == 10


@pytest.mark.parametrize("profile", [TEXAS, HOUSE])
def test_p12_ramsch_points_sum_to_120(profile: RuleProfile) -> None:
    """RULES.md §4.9 P12 for Ramsch: the skat goes to a player, the total stays 120."""
    for seed in range(12):
        deal = Deal(DealSetup(profile, deal_from_seed(seed)))
        for p in (MH, RH, FH):
            deal.apply(Pass(p))
        play_out(deal)
        assert deal.result.kind == "ramsch"
        assert sum(deal.result.points) == 120
        assert sum(deal.result.tricks) == 10


@pytest.mark.parametrize("game", list(GameType)[:4])
def test_p13_trump_group_holds_36_points(game: GameType) -> None:
    """RULES.md §4.9 P13 (S1 Point value of cards, note): in a suit game the trump group (4 jacks
    + 7 trump-suit cards) holds 36 points, each plain suit (7 cards, no jack) 28; 36 + 3 × 28 =
    120."""
    trumps = trump_mask(game)
    assert trumps.bit_count() == 11
    assert points_of(trumps) == 36
    plains = [SUIT_MASKS[s] & ~JACKS for s in range(4) if s != game]
    assert [p.bit_count() for p in plains] == [7, 7, 7]
    assert [points_of(p) for p in plains] == [28, 28, 28]
    assert points_of(trumps) + sum(points_of(p) for p in plains) == 120
