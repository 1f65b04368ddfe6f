"""A club evening entered at the speed of the game (issue 25, items 2 and 3).

Everything is typed: the tests press keys on whatever widget has the focus, as a person at
the keyboard does, and count them. The CLI is the reference: the same games entered with
``skat-desktop db add-game`` into a second database give the same stored entries and the
same ``db sheet``. The database lock is real (a second SQLite connection holds
``BEGIN IMMEDIATE``); no test measures time.
"""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QVBoxLayout, QWidget

from skat_desktop.app.sheets import SeriesService, entry_to_result
from skat_desktop.cli import main as cli_main
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.gui.club_entry import (
    CorrectionDialog,
    GameEntryForm,
    LetterCombo,
    MatadorsBox,
    NewEveningDialog,
)
from skat_desktop.gui.game_words import game_name
from skat_desktop.gui.sheet_view import ScoreSheetView
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.database import ReadOnlyDatabase
from skat_desktop.store.repository import Store

from .fit_walk import set_language, settle_layout, widget_problems

WAIT = 20_000  # ms: a ceiling for the background, not a timing goal
TAB = Qt.Key.Key_Tab


# ------------------------------------------------------------------------ fixtures


def new_series(store: Store, names, profile=ISKO, deals: int | None = 36, first: int = 0) -> int:
    ids = [store.ensure_player(n) for n in names]
    return store.create_series(
        "Friday", "2026-11-20", ids, profile, planned_deals=deals, first_dealer=first
    )


def run_cli(db: Path, *argv: object) -> str:
    out = io.StringIO()
    code = cli_main(["db", "--db", str(db), *map(str, argv)], out=out, inp=io.StringIO())
    assert code == 0, (argv, out.getvalue())
    return out.getvalue()


def stored_entries(path: Path, series_id: int) -> list[Any]:
    """The entries stored for a series, read by a connection of its own."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT entry FROM deals WHERE series_id = ? ORDER BY number", (series_id,)
        ).fetchall()
    finally:
        conn.close()
    return [json.loads(r[0]) for r in rows]


class Keys:
    """Presses keys on the focused widget and counts them."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, key: Qt.Key | str) -> None:
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the focus"
        self.qtbot.keyClick(widget, key)
        self.count += 1

    def type(self, text: str) -> None:
        for ch in text:
            self.press(ch)

    def tab_to(self, widget: QWidget, limit: int = 40) -> None:
        seen = []
        for _ in range(limit):
            if QApplication.focusWidget() is widget:
                return
            seen.append(QApplication.focusWidget())
            self.press(TAB)
        raise AssertionError(f"Tab never reached {widget!r}: {seen}")

    def choose(self, box: QComboBox, text: str) -> None:
        """Its first letter until ``text`` is chosen (as a person watching the box does)."""
        for _ in range(box.count() + 1):
            if box.currentText() == text:
                return
            self.press(text[0])
        raise AssertionError(
            f"{text!r} is not offered: {[box.itemText(i) for i in range(box.count())]}"
        )


def show_form(qtbot, store, writer, series_id: int, number: int | None = None) -> GameEntryForm:
    form = GameEntryForm(store, writer, series_id, number)
    qtbot.addWidget(form)
    form.resize(1024, 260)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    form.focus_first()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.declarer, timeout=WAIT)
    return form


# ------------------------------------------------------------- typing one game


def type_game(keys: Keys, form: GameEntryForm, spec: dict[str, Any]) -> None:
    """Type ``spec`` into the row from its start, as a practised user does, and press Enter."""
    assert QApplication.focusWidget() is form.declarer, "the row starts at the declarer"
    kind = spec["kind"]
    if kind in ("ramsch", "passed_in"):
        keys.press(TAB)
        keys.choose(form.game, game_name(kind))
        if kind == "ramsch":
            for edits, at in ((form.ramsch_points, 0), (form.ramsch_tricks, 1)):
                for pos in range(3):
                    keys.press(TAB)
                    assert QApplication.focusWidget() is edits[pos]
                    keys.type(str(spec["tally"][pos][at]))
            keys.press(TAB)
            keys.choose(form.last_trick, spec["last"])
        keys.press(Qt.Key.Key_Return)
        return
    keys.choose(form.declarer, spec["declarer"])
    keys.press(TAB)
    keys.choose(form.game, game_name(spec["game"]))
    keys.press(TAB)
    keys.type(str(spec["bid"]))
    if form.matadors.isEnabled():
        keys.press(TAB)
        m = spec.get("matadors", 1)
        keys.type(str(m) if spec.get("with", True) else f"-{m}")
    keys.tab_to(form.result)
    keys.choose(form.result, "won" if spec["won"] else "lost")
    for flag in (
        "hand",
        "schneider_announced",
        "schwarz_announced",
        "ouvert",
        "schneider",
        "schwarz",
    ):
        if spec.get(flag):
            keys.tab_to(getattr(form, flag))
            keys.press(" ")
    if spec.get("kontra"):
        keys.tab_to(form.kontra)
        keys.choose(form.kontra, ("Kontra", "Re", "Bock", "Hirsch")[spec["kontra"] - 1])
    if spec.get("points") is not None:
        keys.tab_to(form.points)
        keys.type(str(spec["points"]))
    keys.press(Qt.Key.Key_Return)


def enter(qtbot, keys: Keys, form: GameEntryForm, spec: dict[str, Any]) -> None:
    """Type a game and wait until the database took it; the focus is back at the start."""
    number = form.context.number
    with qtbot.waitSignal(form.entered, timeout=WAIT) as signal:
        type_game(keys, form, spec)
    assert signal.args == [form.series_id, number]
    if not form.context.finished:  # after the last deal the row is closed
        assert QApplication.focusWidget() is form.declarer


def cli_args(spec: dict[str, Any]) -> list[str]:
    """The same game as ``db add-game`` options."""
    kind = spec["kind"]
    if kind == "passed_in":
        return ["--passed"]
    if kind == "ramsch":
        names = spec["names"]
        pts = ",".join(f"{n}={t[0]}" for n, t in zip(names, spec["tally"], strict=True))
        tricks = ",".join(f"{n}={t[1]}" for n, t in zip(names, spec["tally"], strict=True))
        skat = 120 - sum(t[0] for t in spec["tally"])
        return [
            "--ramsch",
            "--points",
            pts,
            "--tricks",
            tricks,
            "--last-trick",
            spec["last"],
            "--skat-points",
            str(skat),
        ]
    args = ["--declarer", spec["declarer"], "--game", spec["game"], "--bid", str(spec["bid"])]
    args += ["--won" if spec["won"] else "--lost", "--matadors", str(spec.get("matadors", 1))]
    if not spec.get("with", True):
        args.append("--without")
    for flag in (
        "hand",
        "schneider_announced",
        "schwarz_announced",
        "ouvert",
        "schneider",
        "schwarz",
    ):
        if spec.get(flag):
            args.append("--" + flag.replace("_", "-"))
    if spec.get("kontra"):
        args += ["--kontra", str(spec["kontra"])]
    if spec.get("points") is not None:
        args += ["--declarer-points", str(spec["points"])]
    return args


def evening_game(i: int, form: GameEntryForm) -> dict[str, Any]:
    """Game ``i`` of an evening under the club rules: suit games, Grand, Null, Hand,
    announcements, without, lost, Schwarz against, Kontra and Re, a 60:60, Ramsch."""
    ctx = form.context
    names = [n for _, n in ctx.info.players]
    active = [names[s] for s in ctx.seats]
    who = active[i % 3]
    games: list[dict[str, Any]] = [
        {"game": "clubs", "bid": 18, "won": True},
        {"game": "spades", "bid": 22, "won": True, "matadors": 2, "with": False, "schneider": True},
        {"game": "hearts", "bid": 30, "won": True, "hand": True},
        {"game": "diamonds", "bid": 18, "won": False},
        {"game": "grand", "bid": 24, "won": True, "matadors": 2},
        {"game": "null", "bid": 23, "won": True},
        {"game": "null", "bid": 46, "won": False, "hand": True, "ouvert": True},
        {"kind": "ramsch"},
        {
            "game": "grand",
            "bid": 24,
            "won": True,
            "hand": True,
            "schneider_announced": True,
            "schneider": True,
        },
        {"game": "clubs", "bid": 18, "won": False, "matadors": 3, "schwarz": True},
        {"game": "spades", "bid": 18, "won": True, "kontra": 2 if i % 24 == 10 else 1},
        {"game": "hearts", "bid": 18, "won": False, "points": 60},
    ]
    spec = dict(games[i % len(games)])
    if spec.get("kind") == "ramsch":
        if ctx.info.profile.plays_ramsch:
            tally = [(50, 4), (40, 3), (20, 3)][i % 3 :] + [(50, 4), (40, 3), (20, 3)][: i % 3]
            return {"kind": "ramsch", "names": active, "tally": tally, "last": active[0]}
        return {"kind": "passed_in"}
    spec.setdefault("kind", "game")
    spec["declarer"] = who
    return spec


# ------------------------------------------------------------------------ the evening


def test_an_evening_of_two_tables_typed_at_the_keyboard_gives_the_clis_sheet(
    qtbot, store, writer, db, tmp_path
):
    """Issue 25 items 2 and 7: the evening is started in the dialog and its 2 x 36 games
    (a table of three, a table of four whose dealer sits out) typed into the entry rows;
    every stored entry is the one ``db add-game`` stores, and ``db sheet`` of the two
    databases is the same, as is the sheet view's summary."""
    dialog = NewEveningDialog(store, writer)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.title_edit, timeout=WAIT)
    keys = Keys(qtbot)
    keys.type("Friday")  # the default title is selected: typing replaces it
    keys.press(TAB)
    keys.tab_to(dialog.place)
    keys.type("Krone")
    keys.press(TAB)
    keys.choose(dialog.profile_box, "Club / pub rules")
    keys.tab_to(dialog.stake)
    keys.type("1")
    first = dialog.tables[0]
    keys.tab_to(first.seats[0])
    for i, name in enumerate(("Anna", "Bernd", "Cem")):
        if i:
            keys.press(TAB)
        keys.type(name)
    keys.tab_to(dialog.add_button)
    keys.press(" ")
    second = dialog.tables[1]
    assert QApplication.focusWidget() is second.seats[0]
    for i, name in enumerate(("Dora", "Emil", "Frieda", "Gustav")):
        if i:
            keys.press(TAB)
        keys.type(name)
    keys.tab_to(second.dealer)
    keys.choose(second.dealer, "Emil")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT):
        keys.press(Qt.Key.Key_Return)
    ids = dialog.series_ids
    assert len(ids) == 2
    date = dialog.date.date().toString("yyyy-MM-dd")
    infos = [store.series(sid) for sid in ids]
    assert [i.title for i in infos] == ["Friday – table 1", "Friday – table 2"]
    assert [i.table_size for i in infos] == [3, 4]
    assert infos[1].first_dealer == 1 and infos[0].profile == HOUSE

    cli_db = tmp_path / "cli.sqlite3"
    for info, players in zip(infos, ("Anna,Bernd,Cem", "Dora,Emil,Frieda,Gustav"), strict=True):
        run_cli(
            cli_db,
            "create-series",
            "--title",
            info.title,
            "--date",
            date,
            "--players",
            players,
            "--profile",
            "house",
            "--deals",
            "36",
            "--place",
            "Krone",
            "--stake",
            "1",
            "--first-dealer",
            players.split(",")[info.first_dealer],
        )

    for sid in ids:
        form = show_form(qtbot, store, writer, sid)
        for i in range(36):
            ctx = form.context
            if ctx.info.table_size == 4:
                dealer = ctx.info.players[ctx.dealer][1]
                assert f"Dealer: {dealer} (sits out)" in form.title.text()
                offered = [form.declarer.itemText(j) for j in range(form.declarer.count())]
                assert dealer not in offered and len(offered) == 3
            spec = evening_game(i, form)
            enter(qtbot, keys, form, spec)
            run_cli(cli_db, "add-game", sid, *cli_args(spec))
        assert not form.fields.isEnabled()  # all 36 entered
        assert "All 36 deals" in form.closed_note.text()
        form.close()

    cli_store = Store.open(cli_db, read_only=True)
    try:
        for sid in ids:
            assert stored_entries(db, sid) == stored_entries(cli_db, sid)
            assert run_cli(db, "sheet", sid) == run_cli(cli_db, "sheet", sid)
            view = ScoreSheetView(store, sid)
            qtbot.addWidget(view)
            qtbot.waitUntil(lambda v=view: v.summary is not None and not v.busy, timeout=WAIT)
            want = SeriesService(cli_store, sid).sheet()
            got = view.summary
            assert got.lines == want.lines and got.totals == want.totals
            assert (got.seeger_fabian, got.ranking, got.money_cents) == (
                want.seeger_fabian,
                want.ranking,
                want.money_cents,
            )
            assert any(line.bock for line in got.lines)  # Bock rounds came and went
            assert any(line.label == "ramsch" for line in got.lines)
    finally:
        cli_store.close()


def test_a_normal_game_takes_eleven_key_presses(qtbot, store, writer, db):
    """ "Anna, Grand, bid 24, with 2, won" from the keyboard alone: A Tab G Tab 2 4 Tab 2
    Tab W Enter; the value and score show before Enter, the focus is back at the start."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Anna")
    keys.press(TAB)
    keys.choose(form.game, "Grand")
    keys.press(TAB)
    keys.type("24")
    keys.press(TAB)
    keys.type("2")
    keys.press(TAB)
    keys.choose(form.result, "won")
    assert form.preview.text() == "Value 72 → Anna +72"
    assert form.enter_button.isEnabled()
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        keys.press(Qt.Key.Key_Return)
    assert keys.count == 11 <= 15
    assert QApplication.focusWidget() is form.declarer
    assert form.declarer.currentIndex() == -1 and form.bid.text() == ""
    line = SeriesService(store, sid).sheet().lines[0]
    assert (line.declarer, line.label, line.value, line.won) == ("Anna", "Grand", 72, True)
    assert form.preview.text() == "Deal 1 stored: Value 72 → Anna +72"
    assert form.title.text().startswith("Deal 2 of 36 · Dealer: Bernd")
    set_language(QApplication.instance(), "de")  # the note follows (it stayed English)
    assert form.preview.text() == "Spiel 1 gespeichert: Wert 72 → Anna +72"


def test_a_letter_picks_the_next_item_that_begins_with_it(qtbot):
    """Kreuz and Karo both begin with K: K picks Kreuz, K again Karo, then Kreuz."""
    box = LetterCombo()
    qtbot.addWidget(box)
    box.addItems(["Kreuz", "Pik", "Herz", "Karo", "Grand"])
    box.setCurrentIndex(-1)
    for want in ("Kreuz", "Karo", "Kreuz"):
        qtbot.keyClick(box, "k")
        assert box.currentText() == want
    qtbot.keyClick(box, "x")  # no item: nothing changes
    assert box.currentText() == "Kreuz"


def test_a_box_filled_once_the_series_is_read_is_as_wide_as_its_items(qtbot):
    """The players and games arrive after the row is shown, maybe after a layout measured
    the empty box: the box measures them, so choosing the longest moves no field."""
    box = LetterCombo()
    qtbot.addWidget(box)
    box.show()
    empty = box.sizeHint().width()  # a layout asks before the series is read
    box.addItems(["Clubs", "Spades", "Hearts", "Diamonds", "Grand", "Null", "Karl-Heinz Böttcher"])
    longest = box.fontMetrics().horizontalAdvance("Karl-Heinz Böttcher")
    assert box.sizeHint().width() > max(empty, longest)


def test_matadors_are_typed_as_with_or_without(qtbot):
    box = MatadorsBox()
    qtbot.addWidget(box)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "-3")
    assert box.value() == -3
    assert box.textFromValue(box.value()) == "without 3"
    box.stepBy(1)
    box.stepBy(1)
    assert box.value() == -1
    box.stepBy(1)  # over 0: "with 1"
    assert box.value() == 1 and box.text() == "with 1"


def test_escape_clears_the_row(qtbot, store, writer):
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Cem")
    keys.press(TAB)
    keys.choose(form.game, "Null")
    keys.press(TAB)
    keys.type("23")
    keys.press(Qt.Key.Key_Escape)
    assert form.entry() == (None, "Choose the declarer and the game.")
    assert QApplication.focusWidget() is form.declarer and form.bid.text() == ""


# ------------------------------------------------------------------------ refusals


def game(declarer: int, name: str, bid: int, won: bool, **more: Any) -> dict[str, Any]:
    contract = {"game": name}
    for flag in ("hand", "schneider_announced", "schwarz_announced", "ouvert"):
        if more.pop(flag, False):
            contract[flag] = True
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": contract,
        "bid": bid,
        "won": won,
        **more,
    }


IMPOSSIBLE = {
    "overbid and won": (ISKO, game(1, "diamonds", 24, True, matadors=1)),
    "not a bid value": (ISKO, game(1, "clubs", 19, True, matadors=2)),
    "Schneider announced without Hand": (
        ISKO,
        game(1, "spades", 18, True, schneider_announced=True, schneider=True),
    ),
    "announced Schneider won but not reached": (
        ISKO,
        game(1, "grand", 24, True, hand=True, schneider_announced=True, matadors=1),
    ),
    "Grand with 5 matadors": (ISKO, game(1, "grand", 24, True, matadors=5)),
    "Null won below the bid": (ISKO, game(1, "null", 24, True, lose_as="clubs")),
    "Ramsch points beside 120": (
        HOUSE,
        {"kind": "ramsch", "points": [30, 40, 60], "tricks": [3, 4, 3], "last_trick": 1},
    ),
    "Ramsch tricks beside 10": (
        HOUSE,
        {"kind": "ramsch", "points": [30, 40, 40], "tricks": [3, 4, 4], "last_trick": 1},
    ),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_an_impossible_entry_is_refused_with_the_engines_reason(qtbot, store, writer, db, case):
    """The engine's sentence stands under the row, the button is off, Enter stores nothing
    and the row keeps what was typed."""
    profile, entry = IMPOSSIBLE[case]
    sid = new_series(store, ("Anna", "Bernd", "Cem"), profile)
    form = show_form(qtbot, store, writer, sid)
    ramsch = entry["kind"] == "ramsch"
    entry = {**entry, **({"skat_points": 120 - sum(entry["points"])} if ramsch else {})}
    with pytest.raises(ImpossibleEntry) as why:
        entry_to_result(profile, entry, 3, 0, False)
    form.fill(entry)
    form.focus_first()
    assert form.problem.text() == str(why.value)
    assert not form.enter_button.isEnabled() and not form.preview.text()
    Keys(qtbot).press(Qt.Key.Key_Return)
    assert not form.busy
    wait_for_jobs()
    writer.finish()
    assert stored_entries(db, sid) == []
    assert form.problem.text() == str(why.value)
    kept, _ = form.entry()
    assert kept is not None and kept["kind"] == entry["kind"]


def test_a_null_below_the_bid_asks_which_game_it_is_charged_as(qtbot, store, writer):
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Bernd")
    keys.press(TAB)
    keys.choose(form.game, "Null")
    keys.press(TAB)
    keys.type("2")
    assert not form.cells["lose_as"].isVisible() and not form.matadors.isEnabled()
    keys.type("4")  # 24: above the Null's 23
    assert form.cells["lose_as"].isVisible()
    assert not form.matadors.isEnabled()  # not before the game it is charged as
    keys.press(TAB)
    assert QApplication.focusWidget() is form.result
    keys.choose(form.result, "lost")
    assert form.problem.text().startswith("Null worth 23 is below the bid 24")
    assert not form.enter_button.isEnabled()
    keys.tab_to(form.lose_as)
    keys.choose(form.lose_as, "Clubs")
    assert form.matadors.isEnabled()  # its matadors count now
    assert form.enter_button.isEnabled()
    assert form.entry()[0]["lose_as"] == "clubs"


@pytest.mark.parametrize(
    ("bid", "ticks", "label"),
    [
        ("35", ("hand",), "Null Hand"),
        ("46", ("ouvert",), "Null Ouvert"),
        ("59", ("hand", "ouvert"), "Null Hand Ouvert"),
    ],
)
def test_a_null_hand_or_ouvert_is_typed_like_any_other_game(
    qtbot, store, writer, bid, ticks, label
):
    """Read off a paper sheet: B Tab N Tab 35 Tab W, then Tab to Hand and Space, Enter.
    The bid is above a plain Null's 23 until Hand or Ouvert is ticked, after the result:
    the matadors must not take the Tab meant for the result (the "won" went into them and
    the row then asked "Won or lost?"), and "charged as" waits after the ticks."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Bernd")
    keys.press(TAB)
    keys.choose(form.game, "Null")
    keys.press(TAB)
    keys.type(bid)
    keys.press(TAB)
    assert QApplication.focusWidget() is form.result
    keys.choose(form.result, "won")
    for name in ticks:
        keys.press(TAB)
        while QApplication.focusWidget() is not getattr(form, name):
            assert QApplication.focusWidget() in (form.hand, form.ouvert), "Tab left the ticks"
            keys.press(TAB)
        keys.press(Qt.Key.Key_Space)
    assert not form.cells["lose_as"].isVisible()
    assert form.problem.text() == ""
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        keys.press(Qt.Key.Key_Return)
    line = SeriesService(store, sid).sheet().lines[0]
    assert (line.declarer, line.label, line.value, line.won) == ("Bernd", label, int(bid), True)


# ------------------------------------------------------------------------ corrections


def test_a_correction_needs_author_and_reason_and_stays_in_the_audit_trail(
    qtbot, store, writer, db
):
    """Item 3: the deal's entry is in the row; without author and reason it cannot be
    stored; stored, the correction is the one ``db correct`` records and the sheet marks
    the line."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    svc = SeriesService(store, sid)
    svc.add_entry(game(1, "clubs", 18, True, matadors=1))
    svc.add_entry(game(2, "grand", 24, True, matadors=2))
    form = show_form(qtbot, store, writer, sid, number=2)
    assert form.title.text().startswith("Correcting deal 2")
    assert form.declarer.currentText() == "Cem" and form.game.currentText() == "Grand"
    assert form.bid.text() == "24" and form.matadors.value() == 2
    assert form.problem.text() == "A correction needs who makes it and why."
    assert not form.enter_button.isEnabled()
    keys = Keys(qtbot)
    keys.press(TAB)
    keys.press(TAB)
    keys.press(TAB)
    keys.type("3")  # with 3, not 2
    keys.tab_to(form.author)
    keys.type("Bernd")
    keys.press(TAB)
    keys.type("three matadors")
    assert form.preview.text() == "Value 96 → Cem +96"
    with qtbot.waitSignal(form.entered, timeout=WAIT) as signal:
        keys.press(Qt.Key.Key_Return)
    assert signal.args == [sid, 2]
    corrections = store.corrections(series_id=sid)
    assert [(c["number"], c["author"], c["reason"]) for c in corrections] == [
        (2, "Bernd", "three matadors")
    ]
    assert json.loads(corrections[0]["new"])["matadors"] == 3
    assert json.loads(corrections[0]["old"])["value"] == 72
    sheet = SeriesService(store, sid).sheet()
    assert sheet.lines[1].corrected and sheet.lines[1].value == 96
    assert run_cli(db, "sheet", sid).splitlines()[3].lstrip().startswith("2*")  # marked
    assert form.declarer.currentText() == "Cem"  # a correction's row stays as stored


def test_the_correction_dialog_closes_once_stored(qtbot, store, writer):
    sid = new_series(store, ("Anna", "Bernd", "Cem", "Dora"))
    SeriesService(store, sid).add_entry({"kind": "passed_in"})
    dialog = CorrectionDialog(store, writer, sid, 1)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.form.ready, timeout=WAIT)
    form = dialog.form
    assert form.game.currentText() == "Passed in"
    assert "Dealer: Anna (sits out)" in form.title.text()
    form.game.setCurrentIndex(form.game.findData("spades"))
    form.declarer.setCurrentIndex(form.declarer.findText("Bernd"))
    form.bid.setText("18")
    form.result.setCurrentIndex(0)
    form.author.setText("Cem")
    form.reason.setText("Bernd played Spades")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT):
        qtbot.mouseClick(form.enter_button, Qt.MouseButton.LeftButton)
    assert SeriesService(store, sid).sheet().lines[0].label == "Spades"


# ------------------------------------------------------------------------ closed, busy


def test_a_closed_series_cannot_be_entered(qtbot, store, writer, db):
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    store.close_series(sid, "Anna")
    form = GameEntryForm(store, writer, sid)
    qtbot.addWidget(form)
    form.show()
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    assert not form.fields.isEnabled()
    assert form.closed_note.text() == "This series is closed (signed); reopen it to change it."
    assert not form.submit()


def test_a_series_closed_meanwhile_refuses_the_game_and_says_so(qtbot, store, writer, db):
    """The form read the series open; another program signs it before Enter: the store
    refuses, nothing is stored, the form shows the series closed."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    other = Store.open(db)
    other.close_series(sid, "Anna")
    other.close()
    form.focus_first()
    Keys(qtbot).press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.busy, timeout=WAIT)
    assert "closed" in form.problem.text()
    qtbot.waitUntil(lambda: form.context.info.closed, timeout=WAIT)
    assert not form.fields.isEnabled()
    assert stored_entries(db, sid) == []


def test_a_busy_database_keeps_the_game_and_try_again_stores_it(qtbot, store, writer, db):
    """Another program holds the write lock: the game stays in the row with the reason;
    once the lock is gone, Enter stores it (once)."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    form.focus_first()
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    try:
        Keys(qtbot).press(Qt.Key.Key_Return)
        assert form.busy and form.problem.text() == "Storing…"
        qtbot.waitUntil(lambda: not form.busy, timeout=WAIT)
        assert form.problem.text().startswith("The database is busy")
        assert form.enter_button.isEnabled()
        kept = form.entry()[0]
        assert (kept["declarer"], kept["bid"], kept["matadors"]) == (1, 24, 2)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert stored_entries(db, sid) == []
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        Keys(qtbot).press(Qt.Key.Key_Return)
    assert len(stored_entries(db, sid)) == 1
    assert form.title.text().startswith("Deal 2")


def test_a_read_only_database_keeps_the_game_and_says_why(qtbot, store, writer, db, monkeypatch):
    """A file that cannot be written (a read-only share, a full permission check): the
    writer's refusal in the player's words, the game stays, nothing is stored."""
    from skat_desktop.gui import club_entry

    def refuse(store, series_id, number, entry):
        raise ReadOnlyDatabase(f"{db} cannot be written (attempt to write a readonly database)")

    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    monkeypatch.setattr(club_entry, "add_entry", refuse)
    assert form.submit()
    qtbot.waitUntil(lambda: not form.busy, timeout=WAIT)
    assert form.problem.text() == "The database can only be read: nothing can be stored in it."
    assert form.entry()[0]["bid"] == 24 and form.enter_button.isEnabled()
    assert stored_entries(db, sid) == []


def test_a_deal_entered_elsewhere_meanwhile_is_not_overwritten(qtbot, store, writer, db):
    """The CLI entered deal 1 while the form was filled in: the form's game is not stored
    as deal 1 or 2 behind the user's back; the form moves on to deal 2 and keeps it."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    run_cli(db, "add-game", sid, "--passed")
    form.focus_first()
    Keys(qtbot).press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.busy, timeout=WAIT)
    assert "entered elsewhere" in form.problem.text()
    qtbot.waitUntil(lambda: form.context.number == 2, timeout=WAIT)
    assert len(stored_entries(db, sid)) == 1
    assert form.entry()[0] is not None  # the game is still there
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        Keys(qtbot).press(Qt.Key.Key_Return)
    assert [e["kind"] for e in stored_entries(db, sid)] == ["passed_in", "game"]


# ------------------------------------------------------------------------ the dialog


def test_a_name_twice_is_refused_next_to_its_table(qtbot, store, writer):
    store.add_player("Anna")
    dialog = NewEveningDialog(store, writer)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.players.stringList() == ["Anna"], timeout=WAIT)
    first = dialog.tables[0]
    for edit, name in zip(first.seats, ("anna", "Bernd", "Anna "), strict=False):
        edit.setText(name)
    assert first.problem.text() == "“Anna” is at this table twice."
    assert not dialog.ok_button.isEnabled()
    first.seats[2].setText("Cem")
    assert not first.problem.isVisible() and dialog.ok_button.isEnabled()
    second = dialog.add_table()
    assert not dialog.ok_button.isEnabled()
    assert second.problem.text() == "Enter three or four players."
    for edit, name in zip(second.seats, ("Dora", "Emil", "BERND"), strict=False):
        edit.setText(name)
    assert second.problem.text() == "“BERND” already plays at table 1."
    second.seats[2].setText("Frieda")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT):
        dialog.ok_button.click()
    first_series = store.series(dialog.series_ids[0])
    assert [n for _, n in first_series.players] == ["Anna", "Bernd", "Cem"]  # the club's Anna
    assert first_series.profile == ISKO and first_series.planned_deals == 36


def test_the_dialog_keeps_the_evening_when_the_database_is_busy(qtbot, store, writer, db):
    dialog = NewEveningDialog(store, writer)
    qtbot.addWidget(dialog)
    dialog.show()
    for edit, name in zip(dialog.tables[0].seats, ("Anna", "Bernd", "Cem"), strict=False):
        edit.setText(name)
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    try:
        dialog.ok_button.click()
        qtbot.waitUntil(lambda: dialog.ok_button.isEnabled(), timeout=WAIT)
        assert dialog.problem.text().startswith("The database is busy")
        assert dialog.isVisible() and dialog.series_ids == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.list_series() == []
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT):
        dialog.ok_button.click()
    assert (
        len(dialog.series_ids) == 1 and store.series(dialog.series_ids[0]).title == "Club evening"
    )


def test_the_row_and_the_dialog_change_language_at_once(qtbot, qapp, store, writer):
    """View → Language while the row is filled in: every word (captions, games, won/lost,
    "with 2", the title) in the new language, what is typed stays."""
    sid = new_series(store, ("Anna", "Bernd", "Cem"))
    form = show_form(qtbot, store, writer, sid)
    form.fill(game(1, "grand", 24, True, matadors=2))
    dialog = NewEveningDialog(store, writer)
    qtbot.addWidget(dialog)
    set_language(qapp, "pseudo")
    assert form.declarer_caption.text().startswith("[Declarer")
    assert form.game.currentText().startswith("[Grand")
    assert form.result.currentText().startswith("[won")
    assert form.matadors.text().startswith("[with 2")
    assert form.title.text().startswith("[Deal 1 of 36")
    assert form.enter_button.text().startswith("[Enter game")
    assert dialog.windowTitle().startswith("[New club evening")
    assert dialog.tables[0].title().startswith("[Table 1")
    assert form.entry()[0]["bid"] == 24 and form.enter_button.isEnabled()


# ------------------------------------------------------------------------ text sizes


def _host(form: QWidget) -> QWidget:
    host = QWidget()
    layout = QVBoxLayout(host)
    layout.addStretch(1)
    layout.addWidget(form)
    return host


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
def test_no_text_is_cut_at_1024_by_700(qtbot, qapp, store, writer, language):
    """The dialog (one, two, three tables; a table's reason) and the row in each of its
    states (a game, an impossible one, Ramsch at four with the dealer out, a correction,
    a closed series) whole at 1024 x 700 and wider."""
    set_language(qapp, language)
    three = new_series(store, ("Anna-Lena Sommer", "Bernd", "Cem"), ISKO)
    four = new_series(store, ("Dora", "Emil", "Frieda", "Gustav"), HOUSE, first=1)
    SeriesService(store, three).add_entry(game(1, "grand", 24, True, matadors=2))
    closed = new_series(store, ("Anna-Lena Sommer", "Bernd", "Cem"), ISKO)
    store.close_series(closed, "Anna")

    dialog = NewEveningDialog(store, writer)
    qtbot.addWidget(dialog)
    dialog.show()
    for edit, name in zip(
        dialog.tables[0].seats, ("Anna-Lena Sommer", "Bernd", "Bernd"), strict=False
    ):
        edit.setText(name)
    for tables in (1, 2, 3):
        while len(dialog.tables) < tables:
            dialog.add_table()
        dialog.adjustSize()
        settle_layout()
        hint = dialog.sizeHint()
        assert hint.width() <= 1024 and hint.height() <= 700, (language, tables, hint)
        for size in ((hint.width(), hint.height()), (1024, 700)):
            dialog.resize(*size)
            settle_layout()
            assert not widget_problems(dialog), (language, tables, size, widget_problems(dialog))

    states = [
        (three, None, game(0, "clubs", 18, True, matadors=1)),
        (three, None, game(0, "diamonds", 24, True, matadors=1)),
        (
            four,
            None,
            {"kind": "ramsch", "points": [30, 0, 45, 25], "tricks": [3, 0, 4, 3], "last_trick": 2},
        ),
        (four, None, game(2, "hearts", 18, False, hand=True, kontra=2, declarer_points=60)),
        (three, 1, None),
        (closed, None, None),
    ]
    for sid, number, entry in states:
        form = GameEntryForm(store, writer, sid, number)
        host = _host(form)
        qtbot.addWidget(host)
        host.show()
        qtbot.waitUntil(lambda f=form: f.ready, timeout=WAIT)
        if entry is not None:
            form.fill(entry)
        for size in ((1024, 700), (1280, 720), (1600, 1000)):
            host.resize(*size)
            settle_layout()
            where = (language, sid, number, size)
            assert not widget_problems(host), (where, widget_problems(host))
            assert form.height() <= 700 // 2, where  # the sheet keeps most of the page
        host.close()
