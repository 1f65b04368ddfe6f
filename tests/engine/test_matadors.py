"""Matador counting: vectors MT1-MT10 of RULES.md §4.0 and the §2.2 edge cases."""

from __future__ import annotations

import pytest

from skat_desktop.engine.cards import GameType, mask, parse_cards
from skat_desktop.engine.scoring import matadors

SUIT_GAMES = [GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS]


def cards12(hand: str, skat: str) -> int:
    """The declarer's 10 cards plus the original skat as one mask."""
    cards = parse_cards(hand.split()) + parse_cards(skat.split())
    assert len(set(cards)) == len(cards)
    return mask(cards)


def test_mt1_hearts_with_3() -> None:
    """RULES.md §4.0 MT1 (S2 2.4.2 example): CJ SJ HJ held, DJ missing → with 3."""
    cards = cards12("CJ SJ HJ H7 H8 SA ST CA C7 D7", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (True, 3)


def test_mt2_hearts_without_3() -> None:
    """RULES.md §4.0 MT2 (S2 2.4.2 example): CJ SJ HJ missing, DJ held → without 3."""
    cards = cards12("DJ HA HT HK H9 SA ST CA C7 D7", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (False, 3)


def test_mt3_hearts_with_2() -> None:
    """RULES.md §4.0 MT3 (S3 §Hand value, more examples): CJ SJ, HJ missing → with 2."""
    cards = cards12("CJ SJ HA HT H9 SA ST CA C7 D7", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (True, 2)


def test_mt4_hearts_with_1() -> None:
    """RULES.md §4.0 MT4 (S3 §Hand value, more examples): CJ, SJ missing → with 1."""
    cards = cards12("CJ HJ HA HT H9 SA ST CA C7 D7", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (True, 1)


def test_mt5_hearts_with_5() -> None:
    """RULES.md §4.0 MT5 (S3 §Hand value, more examples): four jacks + HA, HT missing → with 5."""
    cards = cards12("CJ SJ HJ DJ HA HK H9 SA CA D7", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (True, 5)


def test_mt6_hearts_without_2() -> None:
    """RULES.md §4.0 MT6 (S3 §Hand value, more examples): CJ SJ missing, HJ held → without 2."""
    cards = cards12("HJ DJ HA HT H9 SA ST CA C7 D7", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (False, 2)


def test_mt7_hearts_without_2_gap_below() -> None:
    """RULES.md §4.0 MT7 (S3 §Hand value, more examples): only the run from the top counts."""
    cards = cards12("HJ HA HT H9 SA ST CA C7 D7 D8", "S7 S8")
    assert matadors(cards, GameType.HEARTS) == (False, 2)


def test_mt8_diamonds_with_2() -> None:
    """RULES.md §4.0 MT8 (S4 A4.4): CJ SJ, HJ missing → Diamonds with 2."""
    cards = cards12("CJ SJ DJ DA DT DK D9 SA HA C7", "C8 H7")
    assert matadors(cards, GameType.DIAMONDS) == (True, 2)


def test_mt9_grand_with_4_skat_counts() -> None:
    """RULES.md §4.0 MT9 (derived; §2.2 MATADORS uses the 12 cards): CJ in the skat → with 4."""
    cards = cards12("SJ HJ DJ CA CT CK SA HA DA D7", "CJ C7")
    assert matadors(cards, GameType.GRAND) == (True, 4)
    # without the skat the same hand would be "without 1"
    hand_only = cards12("SJ HJ DJ CA CT CK SA HA DA D7", "")
    assert matadors(hand_only, GameType.GRAND) == (False, 1)


def test_mt10_grand_without_4() -> None:
    """RULES.md §4.0 MT10 (derived): no jack among the 12 cards → Grand without 4."""
    cards = cards12("SA ST HA HT CA CT DA DT S7 H7", "C7 D7")
    assert matadors(cards, GameType.GRAND) == (False, 4)


@pytest.mark.parametrize("game", SUIT_GAMES)
def test_no_trump_at_all_is_without_11(game: GameType) -> None:
    """RULES.md §2.2 edge case: no trump among the 12 cards → "without 11" in a suit game."""
    # 12 cards that avoid the jacks and every card of the trump suit
    plain = [s * 8 + r for s in range(4) if s != game for r in (0, 1, 2, 3, 5, 6, 7)]
    assert matadors(mask(plain[:12]), game) == (False, 11)


def test_no_jack_is_grand_without_4() -> None:
    """RULES.md §2.2 edge case: no trump among the 12 cards → Grand "without 4"."""
    cards = cards12("CA CT CK CQ C9 C8 SA ST SK HA", "HT HK")
    assert matadors(cards, GameType.GRAND) == (False, 4)


@pytest.mark.parametrize("game", SUIT_GAMES)
def test_all_eleven_trumps_is_with_11(game: GameType) -> None:
    """RULES.md §2.2 edge case: all 11 trumps → "with 11"."""
    suit = "CSHD"[game]
    trumps = ["CJ", "SJ", "HJ", "DJ"] + [suit + r for r in "AKTQ987"]
    other = "D" if suit != "D" else "C"
    m = mask(parse_cards([*trumps, other + "A"]))
    assert matadors(m, game) == (True, 11)


def test_b12_clubs_hand_diamonds_without_11() -> None:
    """RULES.md §4.1 B12 / §2.2: no diamond and no jack in the 12 cards → Diamonds without 11."""
    cards = cards12("CA CT CK CQ C9 C8 SA ST SK HA", "HT HK")
    assert matadors(cards, GameType.DIAMONDS) == (False, 11)


def test_with_and_without_count_alike_in_grand() -> None:
    """RULES.md §2.2 / §1A row 6: "without 1" (SJ highest held) counts one like "with 1"."""
    assert matadors(mask(parse_cards(["SJ", "HJ"])), GameType.GRAND) == (False, 1)
    assert matadors(mask(parse_cards(["CJ", "HJ"])), GameType.GRAND) == (True, 1)
    assert matadors(mask(parse_cards(["CJ", "SJ", "DJ"])), GameType.GRAND) == (True, 2)
    assert matadors(mask(parse_cards(["DJ"])), GameType.GRAND) == (False, 3)


def test_ramsch_counts_like_grand() -> None:
    """RULES.md §1C row 35: Ramsch ranks as Grand (only the jacks are trumps)."""
    m = cards12("SJ HJ DJ CA CT CK SA HA DA D7", "CJ C7")
    assert matadors(m, GameType.RAMSCH) == matadors(m, GameType.GRAND) == (True, 4)
