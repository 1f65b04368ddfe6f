"""A practice hint is read where the player acts: on the panel he bids, declares or plays
from, word-wrapped and whole in every window size and language with the side panel open,
until he acts or the turn passes on.

It went to the status bar's turn line, which a shown message hides: the status bar's
message was cut by its fields on the right ("…(the declarer wins 83% of the s") in a
small window, the play bar kept saying "Your turn: play a card", and after ten seconds the
hint was gone while its card was still marked (a new-user probe).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSettings

from skat_desktop.ai.hints import Hint, Why
from skat_desktop.app.table import DealOver, HumanTurn
from skat_desktop.engine.actions import Bid, Declare, Discard, Double, Hold, Pass, PickUp, Play
from skat_desktop.engine.cards import POINTS
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.settings import Settings

from .fit_walk import SIDES, SIZES, Walk, problems, resize_window, set_language, set_side
from .fit_walk import settle as rest
from .fit_walk import settle_layout as settle
from .table_driver import TablePlayer, make_window, start


def _long_hint(need: HumanTurn) -> Hint:
    """A hint for ``need`` with the longest reason its kind of move has (a card's share of
    the sampled deals where the play has one)."""
    kinds = (Play, Bid, Hold, Declare, Discard, PickUp, Double, Pass)
    action = next(a for kind in kinds for a in need.legal if type(a) is kind)
    match action:
        case Play(_, card):
            why = Why("take", card=card, points=POINTS[card] + 21, side="declarer", share=83)
        case Bid(_, value):
            why = Why("bid", count=value)
        case Hold():
            why = Why("hold")
        case Declare(_, contract, _):
            why = Why("declare", contract=contract)
        case Discard(_, cards):
            why = Why("discard", cards=cards, points=sum(POINTS[c] for c in cards))
        case PickUp():
            why = Why("pick_up")
        case _:
            why = Why("other")
    return Hint(action, "", why)


def _hint_faults(window: MainWindow, line: str) -> list[str]:
    """What keeps the player from reading ``line`` whole on the panel he acts in."""
    host, panel = window.host, window.host.current
    label = getattr(panel, "hint_line", None)
    if label is None or not host.isVisible():
        return [f"{type(panel).__name__} shows no hint"]
    if not label.isVisible() or label.text() != line:
        return [f"{type(panel).__name__}'s hint line says {label.text()!r}"]
    out = []
    need = label.heightForWidth(label.width())
    if label.height() + 1 < need or label.minimumSizeHint().width() > label.width() + 1:
        out.append(f"the hint is cut: {label.size()} for {need} px high")
    view = QRect(QPoint(0, 0), window.view.viewport().size())
    where = QRect(label.mapTo(host.parentWidget(), QPoint(0, 0)), label.size())
    if not view.contains(where):
        out.append(f"the hint at {where} is not in the view {view}")
    if not panel.rect().contains(QRect(label.mapTo(panel, QPoint(0, 0)), label.size())):
        out.append("the hint lies outside its panel")
    return out + problems(window)


def _phases(walk: Walk):
    """The turns a player acts in, the window showing each one's panel: the auction, the
    skat, the discard, the declaration, the play; then Kontra and Schieberamsch."""
    w = walk.w
    walk.start(practice=True, length=0)
    walk.until(walk.phase_is("bidding"))
    yield "bidding", w.bidding
    while not walk.phase_is("skat")():  # the player bids on until he wins an auction
        walk.until(lambda: walk.phase_is("skat")() or isinstance(walk.need, DealOver))
        if isinstance(walk.need, DealOver):
            walk.step()
    yield "skat", w.skat_panel
    w.skat_panel.hand.click()
    rest(w)
    yield "hand-game", w.declare_panel
    w.declare_panel.back_button.click()
    rest(w)
    w.skat_panel.pick_up.click()
    walk.until(walk.phase_is("discard"))
    yield "discard", w.discard_panel
    walk.until(walk.phase_is("declare"))
    yield "declare", w.declare_panel
    walk.until(walk.phase_is("play"))
    yield "play", w.play_panel
    walk.start(profile="house", practice=True, seed=walk.seed + 1)
    kontra = lambda: isinstance(walk.need, HumanTurn) and walk.need.interjection  # noqa: E731
    walk.until(kontra, bid_on=False, limit=3000)
    yield "kontra", w.interjection


def _settings(tmp_path, language: str) -> Settings:
    settings = Settings(
        QSettings(str(tmp_path / f"hint-{language}.ini"), QSettings.Format.IniFormat)
    )
    settings.animation_speed = 0
    settings.color_scheme = "light"
    return settings


def _walk_hints(qtbot, qapp, tmp_path, store, language: str) -> list[str]:
    """Every turn's panel with a hint at every size and side panel state: the faults the
    hint brings (its line missing, cut or out of sight, or anything it pushes out)."""
    set_language(qapp, language)
    window = MainWindow(_settings(tmp_path, language), store, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    walk = Walk(window)
    faults: list[str] = []
    seen, too_short = [], set()
    for name, panel in _phases(walk):
        seen.append(name)
        assert window.host.current is panel, name
        views = [(size, side) for size in SIZES for side in SIDES]
        before = {}  # what is cut without a hint
        for size, side in views:
            resize_window(window, *size)
            set_side(window, side)
            settle()
            before[size, side] = problems(window)
        window._on_hint(_long_hint(walk.need))  # as the worker's answer comes
        line = window.statusBar().currentMessage()
        assert line.startswith("Hint: " if language == "en" else "Tipp: "), line
        window.statusBar().clearMessage()  # ten seconds later: the panel keeps the hint
        for size, side in views:
            resize_window(window, *size)
            set_side(window, side)
            settle()
            if any(" px high, needs " in f for f in before[size, side]):
                too_short.add((name, size))  # the panel is cut without a hint already
                continue
            where = f"{name} {language} {size[0]}x{size[1]} side {side}"
            new = [f for f in _hint_faults(window, line) if f not in before[size, side]]
            faults += [f"{where}: {f}" for f in new]
        if window.turn_label.text() == line:  # cut in a small window, hidden by a message
            faults.append(f"{name} {language}: the hint is on the status bar's turn line")
    assert seen == ["bidding", "skat", "hand-game", "discard", "declare", "play", "kontra"]
    # every panel fits every window with its instruction (the declaration at 784 x 460
    # beside the side panel spreads over the side columns and grows down to the cards)
    assert not too_short, too_short
    window.close()
    return faults


def test_the_hint_is_whole_on_the_panel_of_every_turn_in_english(qtbot, qapp, tmp_path, store):
    faults = _walk_hints(qtbot, qapp, tmp_path, store, "en")
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:30])


def test_the_hint_is_whole_on_the_panel_of_every_turn_in_german(qtbot, qapp, tmp_path, store):
    faults = _walk_hints(qtbot, qapp, tmp_path, store, "de")
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:30])


def test_the_hint_stays_on_the_play_bar_until_the_player_plays(qtbot, tmp_path):
    """The hint button's answer: on the play bar (not only for ten seconds in the status
    bar), in the smallest window with the side panel open, and gone with the card played."""
    window = make_window(qtbot, tmp_path, size=(784, 460))
    start(window, practice=True, length=0, seed=3, seats=["human", "beginner", "beginner"])
    set_side(window, "default")
    player = TablePlayer(qtbot, window, seed=1)
    player.turn("play")
    before = window.turn_label.text()
    panel = window.play_panel
    with qtbot.waitSignal(window.session.hintReady, timeout=30000):
        player.click(panel.hint_button)
    settle()
    line = panel.hint_line.text()
    assert line.startswith("Hint: ") and window.statusBar().currentMessage() == line
    assert window.turn_label.text() == before  # the status bar's turn line says the turn
    window.statusBar().clearMessage()  # its ten seconds are over
    settle()
    assert not _hint_faults(window, line)
    card = window.scene.hint_card
    assert card is not None and window.scene.card_item(card).hinted
    player.click_card(card)
    qtbot.waitUntil(lambda: window.session.need is not None and not panel.hint_line.isVisible())
    assert window.scene.hint_card is None
    assert panel.hint_line.isHidden() and window.statusBar().currentMessage() != line


def test_a_hint_for_the_bid_stays_until_the_turn_passes_on(qtbot, tmp_path):
    """Ctrl+H in the auction: the bidding panel says it (and chooses the value), in the
    language chosen meanwhile too; the player's word ends it, and the next panel starts
    without it."""
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    start(window, practice=True, length=0, seed=3, seats=["human", "beginner", "beginner"])
    player = TablePlayer(qtbot, window, seed=1)
    player.turn("bidding", limit=100)
    with qtbot.waitSignal(window.session.hintReady, timeout=30000):
        window.act_hint.trigger()
        assert window.bidding.hint_line.text() == "Looking for a good move…"
    line = window.bidding.hint_line.text()
    assert line.startswith("Hint: ") and window.bidding.hint_line.isVisible()
    window.set_language("de")  # the panels are built anew: the hint stays, in German
    qtbot.waitUntil(lambda: window.bidding.hint_line.text().startswith("Tipp: "))
    assert window.bidding.hint_line.isVisible()
    player.press(window.bidding.pass_button, "P")
    player.settle()
    assert all(p.hint_line is None or p.hint_line.isHidden() for p in window._panels())
