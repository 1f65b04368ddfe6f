"""International Skat Server (ISS) one-line game records, to and from our game records.

The ISS archive holds one game per line: ``(;GM[Skat]...MV[...]R[...] ;)`` (see
/work/shared/formats/ISS-GAME-RECORD.md). :func:`parse_iss_line` reads the properties
of one line, :func:`iss_to_record` replays its moves through the engine under
:data:`ISS_PROFILE` and checks the replayed result against the line's ``R``, and
:func:`record_to_iss` writes one of our records back as an ISS line.
:func:`read_iss_file` walks a whole (bzip2) archive and reports broken lines one by
one instead of stopping.

Every problem with the input is an :class:`IssError` carrying one sentence. Limits
against hostile archives (docs/series-export.md): a line holds at most
:data:`MAX_LINE` characters (longer lines are skipped without being kept in memory), a
player name at most :data:`MAX_NAME` characters and no control, format or
bidirectional-override characters; a ``.bz2`` archive may expand to at most
:data:`MAX_ARCHIVE_BYTES` and, beyond its first :data:`RATIO_GRACE` bytes, to at most
:data:`MAX_RATIO` times the compressed bytes read so far — otherwise the whole file is
refused (:class:`ArchiveRefused`) and reading stops.

ISS seat 0/1/2 is forehand/middlehand/rearhand, our positions 0/1/2. An imported
record is set at a 3-table with dealer 2, so table seats equal positions and
``table.players`` is ``[P0, P1, P2]``.

Moves that are not engine actions are kept in ``extra.iss.notes`` as
``[number of actions before it, "mover token"]`` so that the export puts them back
where they were: ``SC`` (show cards), the first defender's ``RE`` (a single defender
giving up does not end the game) and moves after the engine's end of the game.
"""

from __future__ import annotations

import bz2
import dataclasses
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from skat_desktop.engine.actions import (
    Action,
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
from skat_desktop.engine.bidding import POSITION_NAMES
from skat_desktop.engine.cards import GameType, cards_of, code, mask
from skat_desktop.engine.contract import Contract, contract_problem
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import DealtCards
from skat_desktop.engine.errors import SkatError
from skat_desktop.engine.profiles import ISKO, RuleProfile
from skat_desktop.engine.record import deal_from_record, record_from_deal
from skat_desktop.store.database import StoreError, database_part

__all__ = [
    "ISS_PROFILE",
    "MAX_ARCHIVE_BYTES",
    "MAX_LINE",
    "MAX_NAME",
    "MAX_RATIO",
    "ArchiveRefused",
    "IssError",
    "IssGame",
    "iss_to_record",
    "line_to_record",
    "parse_iss_line",
    "read_iss_file",
    "record_to_iss",
    "unsafe_character",
]

ISS_PROFILE = dataclasses.replace(
    ISKO,
    name="iss",
    title="International Skat Server",
    concession="anytime",
    concession_scoring="remaining_tricks",
    declarer_claim_fail="continue",
)

MAX_LINE = 100_000  # characters (bytes in a file); archive lines are about 600
MAX_NAME = 64  # characters of a player name (ISS nicks are short, a dozen or so)
MAX_ARCHIVE_BYTES = 32 * 2**30  # decompressed bytes of one .bz2 archive
MAX_RATIO = 100  # decompressed / compressed bytes; ISS text compresses about 6:1
RATIO_GRACE = 4 * 2**20  # decompressed bytes read before the ratio is judged
_CHUNK = 1 << 20  # bytes read from a file at a time

_CARD = {code(c): c for c in range(32)}
_GAME_OF_LETTER = {
    "G": GameType.GRAND,
    "C": GameType.CLUBS,
    "S": GameType.SPADES,
    "H": GameType.HEARTS,
    "D": GameType.DIAMONDS,
    "N": GameType.NULL,
}
_LETTER_OF_GAME = {g: letter for letter, g in _GAME_OF_LETTER.items()}
_FLAGS = "HOSZ"

_PROPERTY = re.compile(r"\s*([A-Z][A-Z0-9]*)\[([^\]]*)\]")
_TOKEN = re.compile(r"[0-9A-Za-z?.|]{1,200}")
_BID = re.compile(r"[0-9]{1,4}")
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_RESULT_KEY = re.compile(r"[a-z][a-z0-9]{0,9}")
_SEAT_MOVE = re.compile(r"(?:LE|TI)\.([0-9]+)")
_MOVERS = ("w", "0", "1", "2")

# Properties kept in IssGame fields; the rest go to extra.iss.properties on import.
_MAIN_KEYS = ("GM", "ID", "DT", "P0", "P1", "P2", "MV", "R")
_PROPERTY_ORDER = ("GM", "PC", "CO", "SE", "ID", "DT", "P0", "P1", "P2", "R0", "R1", "R2")
_RESULT_ORDER = ("d", "outcome", "v", "m", "bidok", "p", "t", "s", "z")
_RESULT_TAIL = ("p0", "p1", "p2", "l", "to", "r")
_REQUIRED_RESULT = ("d", "outcome", "v", "p", "t")

# Rule options that change what a deal means or scores; they must be those of ISkO
# (= ISS) for a record to be written as an ISS line.
_RULE_FIELDS = tuple(
    f.name
    for f in dataclasses.fields(RuleProfile)
    if f.name
    not in (
        "name",
        "title",
        "concession",
        "concession_scoring",
        "declarer_claim_fail",
        "defender_claim",
        "table_sizes",
        "tournament_scoring",
        "stake_cents_per_point",
    )
)
_DEFAULT_DATE = "1970-01-01/00:00:00/UTC"


class IssError(ValueError):
    """An ISS line that cannot be read or replayed, or a record ISS cannot express."""


class ArchiveRefused(IssError, StoreError):
    """A whole ISS file refused (a decompression bomb): reading stops, nothing more is read."""

    code = "too_large"  # for a window to word it (StoreError.code)


# Characters a name or title must not hold: controls (Cc: NUL, ESC, newline, ...),
# format characters (Cf: bidirectional overrides such as U+202E, invisible marks),
# surrogates and line/paragraph separators. They hide, reorder or break what is shown.
_UNSAFE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiner: needed by some scripts, emoji


def unsafe_character(text: str, allow: str = "") -> str | None:
    """The first character of ``text`` no name may hold, as ``U+XXXX``; ``None`` if none.

    ``allow`` lists characters accepted anyway (e.g. a newline in a free-text reason).
    """
    if text.isprintable():  # the common case, in C: no control, format or separator
        return None
    for ch in text:
        if ch in allow or ch in _JOINERS:
            continue
        if unicodedata.category(ch) in _UNSAFE_CATEGORIES:
            return f"U+{ord(ch):04X}"
    return None


def _check_name(name: str, key: str) -> str:
    name = name.strip()
    if not name:
        raise IssError(f"{key} names no player")
    if len(name) > MAX_NAME:
        raise IssError(f"the player name in {key} is longer than {MAX_NAME} characters")
    bad = unsafe_character(name)
    if bad:
        raise IssError(f"the player name in {key} holds the control character {bad}")
    return name


@dataclass(frozen=True)
class IssGame:
    """One ISS game line, parsed but not yet replayed.

    ``properties`` holds every ``KEY[value]`` of the line in order. ``deal`` is the
    32 cards of the ``w`` deal move in ISS order (seat 0's ten, seat 1's, seat 2's,
    the skat); ``moves`` are the ``(mover, token)`` pairs after it, the mover being
    ``"w"`` (the server) or ``"0"``/``"1"``/``"2"``. ``result`` is ``R`` parsed:
    ``{"passed": True}`` or ``{"d": 1, "outcome": "win", "v": 46, "m": 0,
    "bidok": True, "p": 14, "t": 0, "s": 0, "z": 0, "p0": 0, ..., "r": 1}``.
    """

    properties: dict[str, str]
    id: int | None
    date: str | None
    players: tuple[str, str, str]
    deal: tuple[int, ...]
    moves: tuple[tuple[str, str], ...]
    result: dict[str, Any]

    @property
    def hands(self) -> tuple[int, int, int]:
        """The dealt hands of seats 0, 1, 2 as card masks."""
        d = self.deal
        return (mask(d[0:10]), mask(d[10:20]), mask(d[20:30]))

    @property
    def skat(self) -> int:
        return mask(self.deal[30:32])

    @property
    def passed(self) -> bool:
        return bool(self.result.get("passed"))


# ---------------------------------------------------------------------- parsing


def _card_list(text: str, what: str) -> list[int]:
    """Cards joined by ``.``; ``??`` or anything else unknown is an error."""
    out = []
    for part in text.split("."):
        c = _CARD.get(part)
        if c is None:
            if part == "??":
                raise IssError(f"aborted game: {what} holds an unknown card (??)")
            raise IssError(f"{what} holds {part[:20]!r}, which is not a card")
        out.append(c)
    return out


def _parse_deal(token: str) -> tuple[int, ...]:
    cards = _card_list(token.replace("|", "."), "the deal")
    if len(cards) != 32:
        raise IssError(f"the deal has {len(cards)} cards instead of 32")
    if len(set(cards)) != 32:
        twice = sorted({code(c) for c in cards if cards.count(c) > 1})
        raise IssError(f"the deal holds {', '.join(twice)} twice")
    return tuple(cards)


def _parse_moves(mv: str) -> tuple[tuple[int, ...], tuple[tuple[str, str], ...]]:
    tokens = mv.split()
    if not tokens:
        raise IssError("MV is empty: it must start with the deal")
    if len(tokens) % 2:
        raise IssError("MV must hold pairs of a mover and a move")
    pairs = []
    for i in range(0, len(tokens), 2):
        mover, token = tokens[i], tokens[i + 1]
        if mover not in _MOVERS:
            raise IssError(f"move mover {mover[:20]!r} is not w, 0, 1 or 2")
        if not _TOKEN.fullmatch(token):
            raise IssError(f"the move {token[:20]!r} of {mover} is not an ISS move")
        pairs.append((mover, token))
    if pairs[0][0] != "w":
        raise IssError("MV must start with the server's deal (w followed by 32 cards)")
    return _parse_deal(pairs[0][1]), tuple(pairs[1:])


def _parse_result(text: str) -> dict[str, Any]:
    tokens = text.split()
    if tokens == ["passed"]:
        return {"passed": True}
    out: dict[str, Any] = {}
    for t in tokens:
        if t in ("win", "loss", "penalty"):
            key, value = "outcome", t
        elif t in ("bidok", "overbid"):
            key, value = "bidok", t == "bidok"
        else:
            key, sep, number = t.partition(":")
            if not sep or not _RESULT_KEY.fullmatch(key) or not _NUMBER.fullmatch(number):
                raise IssError(f"R holds {t[:20]!r}, which is not an ISS result token")
            if key in ("outcome", "bidok", "passed"):
                raise IssError(f"R holds {t[:20]!r}, which is not an ISS result token")
            value = int(number)
        if key in out:
            raise IssError(f"R names {key} twice")
        out[key] = value
    missing = [k if k != "outcome" else "win/loss" for k in _REQUIRED_RESULT if k not in out]
    if missing:
        raise IssError(f"R lacks {', '.join(missing)}")
    return out


def parse_iss_line(line: str) -> IssGame:
    """Parse one ``(;GM[Skat]...;)`` line; properties are read by key, in any order."""
    if not isinstance(line, str):
        raise IssError("an ISS record must be a line of text")
    if len(line) > MAX_LINE:
        raise IssError(f"the line is longer than {MAX_LINE} characters")
    text = line.strip()
    if not text.startswith("(;") or not text.endswith(";)"):
        raise IssError("this is not an ISS game record: it must start with '(;' and end with ';)'")
    body = text[2:-2]
    props: dict[str, str] = {}
    pos = 0
    while True:
        m = _PROPERTY.match(body, pos)
        if m is None:
            break
        key, value = m.group(1), m.group(2)
        if key in props:
            raise IssError(f"the property {key} appears twice")
        props[key] = value
        pos = m.end()
    if body[pos:].strip():
        rest = body[pos:].strip()[:20]
        raise IssError(f"the record holds {rest!r} where a property KEY[value] was expected")
    if props.get("GM") != "Skat":
        raise IssError("the record is not a Skat game (GM[Skat] is missing)")
    for key in ("P0", "P1", "P2", "MV", "R"):
        if key not in props:
            raise IssError(f"the record lacks the property {key}")
    for key, value in props.items():
        bad = unsafe_character(value, allow="\t")
        if bad:
            raise IssError(f"the property {key} holds the control character {bad}")
    p0, p1, p2 = (_check_name(props[key], key) for key in ("P0", "P1", "P2"))
    game_id = None
    if "ID" in props:
        if not re.fullmatch(r"[0-9]{1,18}", props["ID"]):
            raise IssError(f"the game number ID[{props['ID'][:20]}] is not a whole number")
        game_id = int(props["ID"])
    deal, moves = _parse_moves(props["MV"])
    return IssGame(
        properties=props,
        id=game_id,
        date=props.get("DT"),
        players=(p0, p1, p2),
        deal=deal,
        moves=moves,
        result=_parse_result(props["R"]),
    )


# ---------------------------------------------------------------------- import


def _parse_declaration(token: str) -> tuple[GameType, str, list[int]]:
    """``<type>[flags][.cards]`` -> (game, flags, cards)."""
    head, dot, rest = token.partition(".")
    if not head or head[0] not in _GAME_OF_LETTER:
        raise IssError(f"{token[:20]!r} is not a game declaration")
    flags = head[1:]
    if any(f not in _FLAGS for f in flags) or len(set(flags)) != len(flags):
        raise IssError(f"the declaration {token[:20]!r} has an unknown or repeated flag")
    cards = _card_list(rest, "the declaration") if dot else []
    return _GAME_OF_LETTER[head[0]], flags, cards


def _is_show_cards(token: str) -> bool:
    return token == "SC" or token.startswith("SC.")


def _declaration_actions(
    deal: Deal, player: int, game: GameType, flags: str, cards: list[int], split: list[int] | None
) -> list[Action]:
    """Discard (after a pick-up) and Declare for one declaration token."""
    picked_up = deal.picked_up
    if "H" in flags and picked_up:
        raise IssError("the declaration says Hand, but the declarer picked up the skat")
    hand = not picked_up
    ouvert = "O" in flags
    if game == GameType.NULL:
        if "S" in flags or "Z" in flags:
            raise IssError("Schneider or Schwarz cannot be announced in a Null game")
        contract = Contract(game, hand=hand, ouvert=ouvert)
    else:
        schwarz = "Z" in flags or ouvert
        contract = Contract(game, hand, "S" in flags or schwarz, schwarz, ouvert)
    problem = contract_problem(ISS_PROFILE, contract, picked_up)
    if problem:
        raise IssError(f"invalid declaration: {problem}")
    out: list[Action] = []
    holding = deal.hands[player]
    if picked_up:
        if split is not None:
            if cards:
                raise IssError("the discards are given both in the declaration and after it")
            discards, shown = split, []
        elif len(cards) in (2, 12):
            discards, shown = cards[:2], cards[2:]
        elif not cards:
            raise IssError("the declarer picked up the skat but the record names no discards")
        else:
            raise IssError(f"the declaration lists {len(cards)} cards instead of 2 or 12")
        if len(discards) != 2:
            raise IssError("the split discard must name exactly two cards")
        out.append(Discard(player, (discards[0], discards[1])))
        holding &= ~mask(discards)
    else:
        if cards and len(cards) != 10:
            raise IssError(f"the Hand declaration lists {len(cards)} cards instead of 10")
        shown = cards
    if shown:
        if not ouvert:
            raise IssError("the declaration lists the declarer's cards but is not ouvert")
        if len(shown) != 10 or mask(shown) != holding:
            raise IssError("the ouvert cards of the declaration are not the declarer's hand")
    out.append(Declare(player, contract.normalised()))
    return out


def _replay(game: IssGame) -> tuple[Deal, list[list[Any]]]:
    """Replay the moves through the engine; returns the deal and the notes."""
    for mover, token in game.moves:
        m = _SEAT_MOVE.fullmatch(token)
        if mover == "w" and m:
            what = "left the table" if token.startswith("LE") else "timed out"
            raise IssError(f"aborted game: seat {m.group(1)} {what}")
        if "??" in token:
            raise IssError(f"aborted game: a move of {mover} holds an unknown card (??)")
    if game.result.get("outcome") == "penalty":
        raise IssError("aborted game: the result is a penalty")
    try:
        cards = DealtCards(game.hands, game.skat)
    except ValueError as e:  # cannot happen after _parse_deal, kept for safety
        raise IssError(f"bad deal: {e}") from None
    deal = Deal(DealSetup(ISS_PROFILE, cards, seed=None, table_size=3, dealer=2))
    notes: list[list[Any]] = []
    resigned: set[int] = set()
    skat_shown = False
    moves = game.moves
    i = 0
    while i < len(moves):
        mover, token = moves[i]
        where = f"move {i + 1} ({mover} {token[:40]})"
        i += 1
        if deal.finished:
            if mover != "w" and (token in _CARD or token == "RE" or _is_show_cards(token)):
                notes.append([len(deal.actions), f"{mover} {token}"])
                continue
            raise IssError(f"{where} comes after the end of the game")
        if mover == "w":
            if deal.phase == Phase.DISCARD and not skat_shown:
                shown = _card_list(token, "the skat shown")
                if len(shown) != 2 or mask(shown) != deal.setup.cards.skat:
                    raise IssError(f"{where} shows a skat other than the dealt skat")
                skat_shown = True
                continue
            raise IssError(f"{where} is not a server move this reader knows")
        player = int(mover)
        phase = deal.phase
        actions: list[Action]
        if phase == Phase.BIDDING:
            if _BID.fullmatch(token):
                actions = [Bid(player, int(token))]
            elif token == "y":
                actions = [Hold(player)]
            elif token == "p":
                actions = [Pass(player)]
            else:
                raise IssError(f"{where} is not a bid, y or p")
        elif phase == Phase.SKAT and token == "s":
            actions = [PickUp(player)]
        elif phase in (Phase.SKAT, Phase.DISCARD):
            kind, flags, cards = _parse_declaration(token)
            split = None
            if phase == Phase.DISCARD and i < len(moves) and moves[i][0] == mover:
                parts = moves[i][1].split(".")
                if len(parts) == 2 and all(c in _CARD for c in parts):
                    split = _card_list(moves[i][1], "the split discard")
                    i += 1
            actions = _declaration_actions(deal, player, kind, flags, cards, split)
        elif phase == Phase.PLAY:
            if token in _CARD:
                actions = [Play(player, _CARD[token])]
            elif _is_show_cards(token):
                notes.append([len(deal.actions), f"{mover} {token}"])
                continue
            elif token == "RE":
                d = deal.declarer
                if player == d or (3 - d - player) in resigned:
                    actions = [Concede(player)]
                else:
                    resigned.add(player)
                    notes.append([len(deal.actions), f"{mover} {token}"])
                    continue
            else:
                raise IssError(f"{where} is not a card, SC or RE")
        else:  # pragma: no cover - the engine has no other phase under ISS rules
            raise IssError(f"{where} comes in an unexpected phase ({phase.value})")
        for a in actions:
            try:
                deal.apply(a)
            except SkatError as e:
                raise IssError(f"{where} cannot be replayed: {e}") from None
        if isinstance(actions[-1], Declare) and deal.phase not in (Phase.PLAY, Phase.FINISHED):
            raise IssError(f"{where} was not accepted as a declaration")  # pragma: no cover
    if not deal.finished:
        raise IssError("the moves end before the game is over")
    return deal, notes


def _check_result(deal: Deal, r: dict[str, Any]) -> None:
    res = deal.result
    assert res is not None
    if r.get("passed"):
        if res.kind != "passed_in":
            who = POSITION_NAMES[res.declarer] if res.declarer is not None else "a player"
            raise IssError(f"R says everybody passed, but in the replay {who} declares")
        return
    if res.kind != "game":
        raise IssError(f"R names declarer seat {r['d']}, but everybody passed in the replay")
    g = res.game
    checks = (
        ("declarer seat", res.declarer, r["d"], "d"),
        ("outcome", "win" if g.won else "loss", r["outcome"], ""),
        ("score", g.score, r["v"], "v"),
        ("declarer's card points", res.declarer_points, r["p"], "p"),
        ("declarer's tricks", res.declarer_tricks, r["t"], "t"),
    )
    diffs = [
        f"{name} {ours} in the replay but {key + ':' if key else ''}{theirs} in R"
        for name, ours, theirs, key in checks
        if ours != theirs
    ]
    if diffs:
        raise IssError(f"the replayed result differs from R: {'; '.join(diffs)}")


def iss_to_record(game: IssGame) -> dict[str, Any]:
    """Replay a parsed ISS game under :data:`ISS_PROFILE` into our game record.

    The replayed result must agree with ``R`` (declarer, win/loss, score, card points,
    tricks). Aborted games (a player left or timed out, unknown cards, penalty) are
    refused: they cannot be replayed.
    """
    if not isinstance(game, IssGame):
        raise IssError("iss_to_record needs a parsed ISS game (see parse_iss_line)")
    # an IssGame built by hand gets the checks parse_iss_line makes
    if sorted(game.deal) != list(range(32)):
        raise IssError("the deal must hold each of the 32 cards once")
    for mover, token in game.moves:
        if mover not in _MOVERS or not isinstance(token, str) or not _TOKEN.fullmatch(token):
            raise IssError(f"the move {str(mover)[:5]} {str(token)[:20]!r} is not an ISS move")
    r = game.result
    if not isinstance(r, dict) or not (
        r.get("passed") or all(isinstance(r.get(k), int | str) for k in _REQUIRED_RESULT)
    ):
        raise IssError("the ISS result must be passed or name d, win/loss, v, p and t")
    deal, notes = _replay(game)
    _check_result(deal, game.result)
    iss: dict[str, Any] = {
        "id": game.id,
        "date": game.date,
        "result": dict(game.result),
        "notes": notes,
        "properties": {k: v for k, v in game.properties.items() if k not in _MAIN_KEYS},
    }
    return record_from_deal(deal, players=list(game.players), extra={"iss": iss})


def line_to_record(line: str) -> dict[str, Any]:
    """:func:`parse_iss_line` then :func:`iss_to_record`."""
    return iss_to_record(parse_iss_line(line))


# ---------------------------------------------------------------------- export


def _clean(value: Any, what: str) -> str:
    text = str(value)
    if "]" in text or "\n" in text or "\r" in text:
        raise IssError(f"{what} {text[:20]!r} cannot be written inside an ISS property")
    return text


def _name(value: Any) -> str:
    text = re.sub(r"[\s\[\]]+", "_", str(value)).strip("_")
    return text or "?"


def _declaration_token(contract: Contract, discards: tuple[int, int] | None) -> str:
    k = contract.normalised()
    token = _LETTER_OF_GAME[k.game]
    if k.hand:
        token += "H"
    if k.ouvert:
        token += "O"
    if k.schneider_announced:
        token += "S"
    if k.schwarz_announced:
        token += "Z"
    if discards is not None:
        token += "." + ".".join(code(c) for c in discards)
    return token


def _notes_by_index(iss: dict[str, Any]) -> dict[int, list[tuple[str, str]]]:
    out: dict[int, list[tuple[str, str]]] = {}
    notes = iss.get("notes", [])
    if not isinstance(notes, list):
        raise IssError("extra.iss.notes must be a list")
    for note in notes:
        if (
            not isinstance(note, list)
            or len(note) != 2
            or not isinstance(note[0], int)
            or not isinstance(note[1], str)
        ):
            raise IssError("an entry of extra.iss.notes is not [index, 'mover move']")
        parts = note[1].split()
        if len(parts) != 2 or parts[0] not in _MOVERS or not _TOKEN.fullmatch(parts[1]):
            raise IssError(f"the note {note[1][:40]!r} is not an ISS move")
        out.setdefault(note[0], []).append((parts[0], parts[1]))
    return out


def _result_tokens(deal: Deal, stored: dict[str, Any] | None) -> str:
    res = deal.result
    assert res is not None
    if res.kind == "passed_in":
        return "passed"
    g = res.game
    k = res.contract
    dp, dt = res.declarer_points, res.declarer_tricks
    is_null = k is not None and k.is_null
    computed: dict[str, Any] = {
        "d": res.declarer,
        "outcome": "win" if g.won else "loss",
        "v": g.score,
        "m": 0 if is_null else (g.matadors if g.with_matadors else -g.matadors),
        "bidok": not g.overbid,
        "p": dp,
        "t": dt,
        "s": int(not is_null and (dp >= 90 or dp <= 30)),
        "z": int(not is_null and dt in (0, 10)),
        "p0": 0,
        "p1": 0,
        "p2": 0,
        "l": -1,
        "to": -1,
        "r": int(any(isinstance(a, Concede) for a in deal.actions)),
    }
    if isinstance(stored, dict) and not stored.get("passed"):
        # keep what R said that our result does not decide (and which keys it had)
        merged = {key: stored[key] for key in stored}
        for key in _REQUIRED_RESULT:
            merged[key] = computed[key]
        values = merged
    else:
        values = computed
    tokens = []
    order = [*_RESULT_ORDER, *_RESULT_TAIL]
    order += sorted(key for key in values if key not in order)
    for key in order:
        if key not in values:
            continue
        v = values[key]
        if key == "outcome":
            tokens.append(str(v))
        elif key == "bidok":
            tokens.append("bidok" if v else "overbid")
        elif isinstance(v, int) and not isinstance(v, bool) and _RESULT_KEY.fullmatch(key):
            tokens.append(f"{key}:{v}")
        else:
            raise IssError(f"the stored ISS result field {key[:20]!r} cannot be written")
    return " ".join(tokens)


def _check_exportable(record: dict[str, Any], deal: Deal) -> None:
    s = deal.setup
    p = s.profile
    for f in _RULE_FIELDS:
        if getattr(p, f) != getattr(ISKO, f):
            raise IssError(
                f"only ISkO/ISS games can be written as ISS lines: the rule option {f} differs"
            )
    if s.table_size != 3:
        raise IssError("only deals at a table of three can be written as ISS lines")
    if s.bock or s.ramsch_round:
        raise IssError("Bock and Ramsch rounds cannot be written as ISS lines")
    if deal.result is None:
        raise IssError("the deal is not finished, so it has no ISS result")
    if deal.result.kind not in ("game", "passed_in"):
        raise IssError(f"a {deal.result.kind} deal cannot be written as an ISS line")
    for a in deal.actions:
        if isinstance(a, Claim):
            raise IssError("ISS records have no claims, so this deal cannot be exported")
        if isinstance(a, Double | Push):
            raise IssError("ISS records have no Kontra or Schieberamsch")
        if isinstance(a, Concede) and p.concession_scoring != "remaining_tricks":
            raise IssError(
                "a concession scored at the level reached (ISkO) has no ISS form; "
                "only concessions under ISS rules can be exported"
            )
        if isinstance(a, Declare) and a.lose_as is not None:
            raise IssError("ISS records cannot name the game charged for a Null below the bid")


def _moves(deal: Deal, notes: dict[int, list[tuple[str, str]]]) -> list[tuple[str, str]]:
    s = deal.setup
    hands = (*s.cards.hands, s.cards.skat)
    out = [("w", ".".join(code(c) for h in hands for c in cards_of(h)))]
    walker = Deal(s)
    resigned: set[int] = set()
    discards: tuple[int, int] | None = None

    def emit_notes(index: int) -> None:
        for mover, token in notes.get(index, ()):
            out.append((mover, token))
            if token == "RE" and mover != "w":
                resigned.add(int(mover))

    for index, a in enumerate(deal.actions):
        emit_notes(index)
        p = str(a.player)
        match a:
            case Bid(value=v):
                out.append((p, str(v)))
            case Hold():
                out.append((p, "y"))
            case Pass():
                out.append((p, "p"))
            case PickUp():
                out.append((p, "s"))
                out.append(("w", ".".join(code(c) for c in cards_of(s.cards.skat))))
            case Discard(cards=cards):
                discards = cards
            case Declare(contract=k):
                out.append((p, _declaration_token(k, discards)))
                discards = None
            case Play(card=c):
                out.append((p, code(c)))
            case Concede(player=q):
                d = walker.declarer
                other = 3 - d - q if q != d else None
                if other is not None and other not in resigned:
                    out.append((str(other), "RE"))
                out.append((p, "RE"))
        try:
            walker.apply(a)
        except SkatError as e:  # pragma: no cover - deal_from_record replayed it already
            raise IssError(f"action {index + 1} cannot be replayed: {e}") from None
        if isinstance(a, Declare) and walker.phase not in (Phase.PLAY, Phase.FINISHED):
            raise IssError("a corrected (invalid) declaration cannot be written as an ISS line")
    emit_notes(len(deal.actions))
    if any(not 0 <= index <= len(deal.actions) for index in notes):
        raise IssError("a note of extra.iss.notes points outside the deal's actions")
    return out


def record_to_iss(
    record: dict[str, Any], *, game_id: int | None = None, date: str | None = None
) -> str:
    """Write one of our game records as an ISS line.

    The record must be a finished deal at a table of three under ISkO or ISS rules,
    without Ramsch, Kontra, Bock or claims (and with concessions only under ISS
    rules). Properties and result details that came from an imported ISS line
    (``extra.iss``) are written back; ``game_id`` and ``date`` override ID and DT.
    """
    try:
        deal = deal_from_record(record)
    except SkatError as e:
        raise IssError(f"the record cannot be exported: {e}") from None
    _check_exportable(record, deal)
    extra = record.get("extra")
    iss = extra.get("iss") if isinstance(extra, dict) else None
    if iss is not None and not isinstance(iss, dict):
        raise IssError("extra.iss must be an object")
    iss = iss or {}
    notes = _notes_by_index(iss)
    mv = " ".join(f"{m} {t}" for m, t in _moves(deal, notes))
    result = _result_tokens(deal, iss.get("result"))

    seats = deal.setup.seats
    players = record.get("table", {}).get("players")
    if isinstance(players, list) and len(players) == deal.setup.table_size:
        names = [_name(players[seat]) for seat in seats]
    else:
        names = [f"player{seat + 1}" for seat in seats]

    stored = iss.get("properties")
    props: dict[str, str] = {}
    if isinstance(stored, dict):
        props.update({str(k): _clean(v, f"property {k}") for k, v in stored.items()})
    elif iss:
        raise IssError("extra.iss.properties must be an object")
    else:
        props.update(PC="skat-desktop", CO="", SE="0", R0="", R1="", R2="")
    props["GM"] = "Skat"
    number = game_id if game_id is not None else iss.get("id", 0 if not iss else None)
    if number is not None:
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise IssError(f"the game number {str(number)[:20]!r} is not a whole number")
        props["ID"] = str(number)
    when = date if date is not None else iss.get("date", _DEFAULT_DATE if not iss else None)
    if when is not None:
        props["DT"] = _clean(when, "DT")
    props.update(P0=names[0], P1=names[1], P2=names[2])
    for key in props:
        if not re.fullmatch(r"[A-Z][A-Z0-9]*", key) or key in ("MV", "R"):
            raise IssError(f"{key[:20]!r} cannot be written as an ISS property")
    order = [k for k in _PROPERTY_ORDER if k in props]
    order += [k for k in props if k not in _PROPERTY_ORDER]
    text = "".join(f"{k}[{props[k]}]" for k in order)
    return f"(;{text}MV[{mv} ]R[{result}] ;)"


# ---------------------------------------------------------------------- files


class _Counted:
    """A binary file that counts the bytes read from it (the compressed side of an archive)."""

    def __init__(self, f: IO[bytes]):
        self.f = f
        self.count = 0

    def read(self, size: int = -1) -> bytes:
        data = self.f.read(size)
        self.count += len(data)
        return data


_NEWLINES = re.compile(rb"\n+")


def _file_lines(
    f: IO[bytes], compressed: _Counted | None = None
) -> Iterator[tuple[int, bytes | None]]:
    """``(line number, line)`` of a binary file, blank lines left out.

    Reads :data:`_CHUNK` bytes at a time and never keeps more than :data:`MAX_LINE` bytes
    of a line: a longer one is skipped (``None``) as it streams past. With ``compressed``
    (the archive under ``f``) the decompressed size and ratio are bounded, so a small
    file that expands to gigabytes is refused within the first few megabytes.
    """
    n = 0  # lines finished so far
    total = 0
    part = b""  # the start of the current line
    too_long = False
    while True:
        chunk = f.read(_CHUNK)
        if not chunk:
            break
        total += len(chunk)
        if compressed is not None:
            if total > MAX_ARCHIVE_BYTES:
                raise ArchiveRefused(
                    f"the archive expands to more than {MAX_ARCHIVE_BYTES / 2**30:g} GiB:"
                    f" refused, reading stopped after line {n}"
                )
            if total > RATIO_GRACE and total > MAX_RATIO * compressed.count:
                raise ArchiveRefused(
                    f"the archive expands to more than {MAX_RATIO} times its compressed size"
                    f" (a decompression bomb): refused, reading stopped after line {n}"
                )
        pos = 0
        size = len(chunk)
        while pos < size:
            if not part and not too_long:
                run = _NEWLINES.match(chunk, pos)  # blank lines in bulk, cheaply
                if run:
                    n += run.end() - pos
                    pos = run.end()
                    continue
            end = chunk.find(b"\n", pos)
            piece = chunk[pos:] if end < 0 else chunk[pos:end]
            if not too_long and len(part) + len(piece) > MAX_LINE:
                too_long, part = True, b""
            elif not too_long:
                part += piece
            if end < 0:
                break
            n += 1
            yield n, None if too_long else part
            part, too_long = b"", False
            pos = end + 1
    if part or too_long:
        yield n + 1, None if too_long else part


def _numbered(lines: Iterable[Any]) -> Iterator[tuple[int, Any]]:
    return enumerate(lines, 1)


def _records(
    lines: Iterable[tuple[int, Any]],
) -> Iterator[tuple[int, dict[str, Any] | IssError]]:
    n = 0
    it = iter(lines)
    while True:
        try:
            n, line = next(it)
        except StopIteration:
            return
        except (OSError, EOFError, UnicodeError) as e:
            yield n + 1, IssError(f"the file cannot be read further: {e}")
            return
        if line is None:
            yield n, IssError(f"the line is longer than {MAX_LINE} characters")
            continue
        if isinstance(line, bytes | bytearray):
            line = bytes(line).decode("utf-8", errors="replace")
        if not isinstance(line, str):
            yield n, IssError("an ISS record must be a line of text")
            continue
        if not line.strip():
            continue
        try:
            yield n, line_to_record(line)
        except IssError as e:
            yield n, e


def read_iss_file(
    source: str | os.PathLike[str] | Iterable[str],
) -> Iterator[tuple[int, dict[str, Any] | IssError]]:
    """Read ISS lines: yields ``(line number, record or IssError)`` per non-blank line.

    ``source`` is a path (``.bz2`` files are decompressed on the fly) or an iterable of
    lines. A broken line yields its :class:`IssError` and reading goes on, so a bulk
    import can count and skip them. An archive that expands beyond the limits of the
    module docstring raises :class:`ArchiveRefused` (a :class:`StoreError` too).
    """
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        if database_part(path):  # (closing it after open() could cost its locks)
            raise StoreError(f"{path} is a database, not ISS game records", "not_iss")
        with open(path, "rb") as raw:
            if path.endswith(".bz2"):
                counted = _Counted(raw)
                with bz2.BZ2File(counted) as f:  # type: ignore[arg-type]
                    yield from _records(_file_lines(f, counted))
            else:
                yield from _records(_file_lines(raw))
        return
    yield from _records(_numbered(source))
