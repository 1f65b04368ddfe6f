"""Reading the card play: a world in which a player broke a club habit weighs less."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skat_desktop.ai import play_reading as pr
from skat_desktop.ai.beginner import BeginnerPlayer
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.pimc import EXPERT, STANDARD
from skat_desktop.ai.play_reading import play_weigher
from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.ai.sampling import sample_worlds
from skat_desktop.engine.cards import FULL_DECK, GameType, card, mask
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.engine.view import SeatView


def cards(*codes: str) -> int:
    return mask(card(c) for c in codes)


def view_after(
    tricks: list[tuple[int, tuple[str, str, str]]],
    me: int,
    hand: int,
    game: GameType = GameType.CLUBS,
    declarer: int = 0,
    trick: tuple[str, ...] = (),
) -> SeatView:
    """Position ``me``'s view after ``tricks`` (leader, the cards from him on), with
    the winners worked out by the rules; the skat unknown (declarer picked up)."""
    from skat_desktop.engine.cards import trick_winner

    done = []
    leader = 0
    for leader, codes in tricks:
        cs = tuple(card(c) for c in codes)
        done.append((leader, cs, (leader + trick_winner(cs, game)) % 3))
    next_leader = done[-1][2] if done else 0
    n = 10 - len(done)
    sizes = [n, n, n]
    for i in range(len(trick)):
        sizes[(next_leader + i) % 3] -= 1
    return SeatView(
        seat=me,
        position=me,
        profile=ISKO,
        phase="play",
        to_move=(next_leader + len(trick)) % 3,
        hand=hand,
        hand_sizes=(sizes[0], sizes[1], sizes[2]),
        auction=(),
        bid=18,
        declarer=declarer,
        contract=Contract(game),
        picked_up=True,
        skat=None,
        open_hands=(None, None, None),
        tricks=tuple(done),
        trick=tuple(card(c) for c in trick),
        leader=next_leader,
        last_trick=None,
        kontra=0,
        pushes=0,
        legal=(),
        bock=False,
    )


def test_a_ten_given_away_when_a_small_card_would_have_lost_as_well_is_unlikely():
    """The declarer's spade ace wins; the defender last to play follows with the ten.
    A world where he still holds the spade 8 (held it then) made him give 10 points away
    for nothing: less likely than one where the ten was all the spade he had."""
    me = cards("C7", "H7", "H8", "H9", "D7", "D8", "D9", "DQ", "DK")
    view = view_after([(0, ("SA", "S7", "ST"))], me=1, hand=me)
    weigh = play_weigher(view)
    assert weigh is not None
    rest = FULL_DECK & ~me & ~cards("SA", "S7", "ST")
    # position 2 with the spade 8 (a needless ten) or without spades (the ten forced)
    with_8 = cards("S8", "CA", "CT", "CK", "HA", "HT", "HK", "DA", "DT")
    without = cards("CJ", "CA", "CT", "CK", "HA", "HT", "HK", "DA", "DT")
    skat = cards("S9", "SK")
    w_with = weigh((rest & ~with_8 & ~skat, me, with_8))
    w_without = weigh((rest & ~without & ~skat, me, without))
    assert w_without == 1.0
    assert w_with == pytest.approx(pr.NEEDLESS)
    assert 0 < w_with < w_without


def test_a_ten_from_ten_and_one_small_card_is_read_as_nothing():
    """The defender last to play follows the declarer's ruff with the spade ten while
    the spade ace is out. From ten and one small card the ten is lost to the ace anyway
    (and the rules play it), so holding the small card says nothing then — but holding
    a third spade does."""
    me = cards("H7", "H8", "H9", "HQ", "D7", "D8", "D9", "DQ", "DK")
    view = view_after([(0, ("S7", "C7", "ST"))], me=0, hand=me, declarer=1)
    weigh = play_weigher(view)
    assert weigh is not None
    pair = (me, 0, cards("S8", "CA", "CT", "CK", "HA", "HT", "HK", "DA", "DT"))
    three = (me, 0, cards("S8", "S9", "CT", "CK", "HA", "HT", "HK", "DA", "DT"))
    assert weigh(pair) == 1.0
    assert weigh(three) == pytest.approx(pr.NEEDLESS)


def test_a_defender_last_to_his_partners_trick_smears_his_ten():
    """Declarer leads a heart, partner takes it with the ace; the defender behind plays
    the heart 8. A world where he held the heart ten (which would not have overtaken
    the ace) is less likely: smearing is the habit. A milder factor than a giveaway."""
    me = cards("C7", "C8", "S7", "S8", "S9", "D7", "D8", "D9", "DQ")
    view = view_after([(0, ("H7", "HA", "H8"))], me=1, hand=me)
    weigh = play_weigher(view)
    assert weigh is not None
    ten = (0, me, cards("HT", "CA", "CT", "SK", "SA", "ST", "DA", "DT", "DK"))
    none = (0, me, cards("HK", "CA", "CT", "SK", "SA", "ST", "DA", "DT", "DQ"))
    assert weigh(none) == 1.0
    assert weigh(ten) == pytest.approx(pr.NO_SMEAR)
    assert pr.NEEDLESS < pr.NO_SMEAR < 1.0


def test_a_fat_discard_onto_a_lost_trick_is_unlikely_unless_every_small_card_guards():
    """A defender void in diamonds throws the spade ten onto the declarer's diamond king
    while the spade ace is out. Holding a free small heart makes it unlikely; holding
    only the heart 7 beside the heart ten (its last guard, kept by the rules) does not."""
    me = cards("SA", "C7", "C8", "C9", "S7", "S8", "S9", "DT", "DA")
    view = view_after([(0, ("DK", "D7", "ST"))], me=1, hand=me)
    # position 1 (me) followed; position 2 is void in diamonds
    weigh = play_weigher(view)
    assert weigh is not None
    free = (0, me, cards("H7", "H8", "HA", "CJ", "SJ", "CA", "CT", "SK", "SQ"))
    guard = (0, me, cards("H7", "HT", "HJ", "CJ", "SJ", "CA", "CT", "CK", "CQ"))
    assert weigh(free) == pytest.approx(pr.FAT_DISCARD)
    assert weigh(guard) == 1.0


def test_a_ten_led_before_its_ace_is_unlikely():
    me = cards("S7", "S8", "S9", "H7", "H8", "H9", "D7", "D8", "D9")
    view = view_after([(2, ("HT", "HK", "HQ"))], me=0, hand=me, declarer=0)
    weigh = play_weigher(view)
    assert weigh is not None
    ace = (me, 0, cards("HA"))
    assert weigh(ace) == pytest.approx(pr.TEN_BEFORE_ACE)
    assert weigh((me, 0, cards("SA"))) == 1.0


def test_a_defender_last_lets_no_fat_trick_of_the_declarers_go():
    """The declarer's heart ten wins a trick the defender last to play could have taken
    with the heart ace: a world that gives him the ace is unlikely. Void in hearts, he
    would have trumped it: a world with a trump for him is unlikely as well."""
    me = cards("C7", "C8", "S7", "S8", "S9", "D7", "D8", "D9", "DQ")
    view = view_after([(0, ("HT", "H7", "H8"))], me=1, hand=me)
    weigh = play_weigher(view)
    assert weigh is not None
    assert weigh((0, me, cards("HA", "SA"))) == pytest.approx(pr.NO_TAKE)
    assert weigh((0, me, cards("HK", "SA"))) == 1.0
    me = (me | cards("H8")) & ~cards("S8")
    view = view_after([(0, ("HT", "H7", "S8"))], me=1, hand=me)
    weigh = play_weigher(view)
    assert weigh is not None
    assert weigh((0, me, cards("CQ", "SA"))) == pytest.approx(pr.NO_TAKE)
    assert weigh((0, me, cards("DA", "SA"))) == 1.0


def test_an_ace_is_cashed_not_underled():
    me = cards("C7", "C8", "S7", "S8", "S9", "D7", "D8", "D9", "DQ")
    view = view_after([(0, ("HK", "H7", "H8"))], me=1, hand=me, declarer=2)
    weigh = play_weigher(view)
    assert weigh is not None
    assert weigh((cards("HA"), me, 0)) == pytest.approx(pr.LOW_UNDER_ACE)
    assert weigh((cards("HT"), me, 0)) == 1.0


def test_the_trick_in_progress_is_read_too():
    """The lead of the trick in progress tells already; how it ends is not known yet."""
    me = cards("S7", "S8", "S9", "H7", "H8", "H9", "D7", "D8", "D9", "DT")
    view = view_after([], me=0, hand=me, trick=())
    assert play_weigher(view) is None  # nothing played: nothing read
    view = view_after([], me=1, hand=me, trick=("HT",), declarer=1)
    weigh = play_weigher(view)
    assert weigh is not None
    assert weigh((cards("HA"), 0, 0)) == pytest.approx(pr.TEN_BEFORE_ACE)


def test_a_declarers_ten_led_and_a_smear_in_front_are_not_read():
    """The declarer may lead a ten to keep his ace's control; a defender second behind
    his partner's ace may smear his ten before the declarer ruffs: neither is read."""
    me = cards("S7", "S8", "S9", "H7", "H8", "H9", "D7", "D8", "D9", "DT")
    assert play_weigher(view_after([], me=1, hand=me, trick=("HT",), declarer=0)) is None
    me = cards("C8", "S8", "S9", "H7", "H8", "H9", "D7", "D8", "D9")
    # the defender at 0 leads the spade ace, his partner at 1 smears the ten, the
    # declarer at 2 ruffs
    view = view_after([(0, ("SA", "ST", "C7"))], me=0, hand=me, declarer=2)
    assert play_weigher(view) is None


def test_nothing_is_read_in_null():
    me = cards("S7", "S8", "S9", "H7", "H8", "H9", "D7", "D8", "D9")
    view = view_after([(0, ("SA", "S7", "ST"))], me=1, hand=me, game=GameType.NULL)
    assert play_weigher(view) is None


def played(seed: int, players) -> Iterator[tuple[Deal, SeatView]]:
    """Deal ``seed`` as ``players`` play it (one per position): each view before its move."""
    deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
    while not deal.finished:
        p = deal.to_move
        view = deal.view(deal.setup.seats[p])
        yield deal, view
        deal.apply(players[p].choose(view))


def test_a_world_is_never_ruled_out():
    """Random play breaks every habit there is; each world still weighs something."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        for _, view in played(seed, [RandomPlayer(rng)] * 3):
            weigh = play_weigher(view) if view.phase == "play" else None
            if weigh is not None:
                for w in sample_worlds(view, 16, rng, play_reading=True):
                    assert w.weight > 0
                    assert weigh(w.hands) >= pr.MIN_WEIGHT
                    checked += 1
    assert checked > 100


def test_the_rules_own_play_breaks_no_habit():
    """The rules the PIMC levels break their ties with play by these habits: their
    true hands never weigh less (the signals read what the rules do)."""
    read = 0
    for seed in range(15):
        players = [BeginnerPlayer(random.Random(seed * 3 + p)) for p in range(3)]
        for deal, view in played(seed, players):
            weigh = play_weigher(view) if view.phase == "play" else None
            if weigh is not None:
                read += 1
                assert weigh((deal.hands[0], deal.hands[1], deal.hands[2])) == 1.0
    assert read > 20


@pytest.mark.parametrize("seed", range(4))
def test_without_play_reading_the_worlds_are_the_old_ones(seed):
    """Off (the default) nothing changes; on, the same worlds are drawn and only their
    weights are multiplied by the play's factor."""
    changed = 0
    for deal_seed in range(3):
        player = RandomPlayer(random.Random(deal_seed))
        for _, view in played(deal_seed, [player] * 3):
            if view.phase == "play" and view.game != GameType.RAMSCH:
                old = sample_worlds(view, 12, random.Random(seed), passes=True)
                off = sample_worlds(view, 12, random.Random(seed), passes=True, play_reading=False)
                on = sample_worlds(view, 12, random.Random(seed), passes=True, play_reading=True)
                assert off == old
                assert [(w.hands, w.skat) for w in on] == [(w.hands, w.skat) for w in old]
                weigh = play_weigher(view)
                for a, b in zip(on, old, strict=True):
                    factor = 1.0 if weigh is None else weigh(a.hands)
                    assert a.weight == pytest.approx(b.weight * factor)
                    changed += a.weight != b.weight
    assert changed  # the reading does weigh something


def test_the_levels_read_no_card_play_unless_asked():
    assert STANDARD.play_reading is False and EXPERT.play_reading is False
    assert make_player("expert(play_reading=true)", 1).strength.play_reading is True
    assert make_player("standard(play_reading=true)", 1).strength.play_reading is True


def test_a_level_that_reads_the_play_passes_it_to_the_sampling(monkeypatch):
    import skat_desktop.ai.pimc as pimc

    seen = []

    def spy(*args, **kwargs):
        seen.append(kwargs.get("play_reading"))
        return sample_worlds(*args, **kwargs)

    monkeypatch.setattr(pimc, "sample_worlds", spy)
    me = cards("C7", "S8", "S9", "H7", "H8", "H9", "D7", "D8", "D9")
    view = view_after([(0, ("SA", "S7", "ST"))], me=0, hand=me)  # the declarer to lead
    quick = "min_worlds=2,max_worlds=4,nodes=1"
    for kind, wanted in (
        (f"standard({quick},play_reading=true)", True),
        (f"standard({quick})", False),
    ):
        player = make_player(kind, 1)
        player.card_scores(view)
        assert seen[-1] is wanted
