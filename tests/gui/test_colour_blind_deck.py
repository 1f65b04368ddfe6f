"""The colour-blind-safe four-colour deck (issue 26, item 6): why it exists, and one click away.

About one man in twelve sees colours with a deficiency. The four-colour tournament deck paints
spades green and hearts red, which red-green colour-blind players cannot tell apart. The
colour-blind-safe deck keeps four suit colours apart for normal vision and under the three
dichromacies, simulated here with the matrices of

    G. M. Machado, M. M. Oliveira, L. A. F. Fernandes: "A Physiologically-based Model for
    Simulation of Color Vision Deficiency", IEEE Transactions on Visualization and Computer
    Graphics 15(6), 2009, pp. 1291-1298 (Table 1, severity 1.0; applied to linear sRGB),

and measures each pair's difference with CIEDE2000:

    G. Sharma, W. Wu, E. N. Dalal: "The CIEDE2000 Color-Difference Formula: Implementation
    Notes, Supplementary Test Data, and Mathematical Observations", Color Research and
    Application 30(1), 2005, pp. 21-30 (the formula, and the test pairs checked below).

The threshold is :data:`APART` = 20 ΔE00. About 1-2 ΔE00 is just noticeable between two large
patches side by side; a player instead has to name the suit of one small sign (a corner pip
is 2-3 mm tall) at a glance, with nothing beside it to compare, and colour discrimination
shrinks with the size of the field. So we ask for about ten times the just noticeable
difference. For scale: the tournament deck's green spades and red hearts are 7 ΔE00 apart
for a deuteranope, its green and orange 13 for a protanope -- the confusions its players
report -- while this deck's closest pair under any of the four visions is 22.
"""

from __future__ import annotations

import importlib.util
import itertools
import math
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QImage

from skat_desktop.engine.cards import ACE, SEVEN, card
from skat_desktop.gui import game_words as words
from skat_desktop.gui.deck_picker import DeckPicker, four_suits_icon
from skat_desktop.gui.decks import (
    COLOUR_BLIND_SAFE,
    DrawnDeck,
    available_decks,
    card_image,
    colour_blind_safe_deck,
    deck_by_id,
)
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.settings import Settings
from skat_desktop.gui.theme import contrast_ratio

ROOT = Path(__file__).resolve().parents[2]
APART = 20.0
"""Least CIEDE2000 difference between any two suit colours (see the module's note)."""
LEAST_CONTRAST = 3.0
"""WCAG 2 contrast against the card's white for graphics and large text (SC 1.4.11)."""

Matrix = tuple[tuple[float, float, float], ...]
VISIONS: dict[str, Matrix] = {
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")
SUITS = ("clubs", "spades", "hearts", "diamonds")

Lab = tuple[float, float, float]


# --- the colour maths -------------------------------------------------------------------------


def linear(channel: float) -> float:
    """sRGB's transfer function undone (IEC 61966-2-1): the matrices work on light, not code."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def seen(colour: QColor, vision: str) -> tuple[float, float, float]:
    """The linear RGB a viewer with ``vision`` perceives as ``colour`` (clipped to the gamut)."""
    rgb = [linear(c) for c in (colour.redF(), colour.greenF(), colour.blueF())]
    return tuple(
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
        for row in VISIONS[vision]
    )


def lab(rgb: tuple[float, float, float]) -> Lab:
    """CIE L*a*b* (D65 white) of a linear sRGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(first: Lab, second: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1), as Sharma, Wu and Dalal write it out."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1
        dh -= 360 if dh > 180 else -360 if dh < -180 else 0
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if not c1 * c2:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + (360 if h1 + h2 < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)
    )


def closest_pair(colours: list[QColor], vision: str) -> tuple[float, str]:
    """The smallest difference between two suits' colours as ``vision`` sees them, and which."""
    seen_lab = [lab(seen(c, vision)) for c in colours]
    return min(
        (delta_e2000(seen_lab[i], seen_lab[j]), f"{SUITS[i]}/{SUITS[j]}")
        for i, j in itertools.combinations(range(4), 2)
    )


@pytest.mark.parametrize(
    "first, second, expected",
    [  # pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal's Table 1
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_the_colour_difference_is_ciede2000(first, second, expected):
    assert delta_e2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_keep_white_white_and_confuse_what_they_should():
    white = QColor("#ffffff")
    for vision in VISIONS:
        assert seen(white, vision) == pytest.approx((1.0, 1.0, 1.0), abs=1e-3)
    # the classic confusions: red and green for protanopes and deuteranopes, blue and green
    # for tritanopes, each much closer than for normal vision
    red, green = QColor("#d3202a"), QColor("#1a8a3c")
    blue, teal = QColor("#3060e0"), QColor("#10a0a0")

    def apart(a: QColor, b: QColor, vision: str) -> float:
        return delta_e2000(lab(seen(a, vision)), lab(seen(b, vision)))

    for vision in ("protanopia", "deuteranopia"):
        assert apart(red, green, vision) < apart(red, green, "normal vision") / 2
    assert apart(blue, teal, "tritanopia") < apart(blue, teal, "normal vision") / 2


# --- the deck's colours -----------------------------------------------------------------------


def painted_suit_colours(deck: DrawnDeck) -> list[QColor]:
    """Each suit's colour as the deck paints it: the middle of its ace's big pip."""
    colours = []
    for suit in range(4):
        ace = card_image(deck, suit * 8 + ACE, 120)
        colours.append(ace.pixelColor(ace.width() // 2, ace.height() // 2))
    return colours


def card_white(deck: DrawnDeck) -> QColor:
    """The paper of a card: the commonest colour of a seven."""
    image = card_image(deck, SEVEN, 120).convertToFormat(QImage.Format.Format_ARGB32)
    counts: dict[int, int] = {}
    for argb in memoryview(image.constBits()).cast("I"):
        counts[argb] = counts.get(argb, 0) + 1
    return QColor.fromRgba(max(counts, key=counts.__getitem__))


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_two_suits_of_the_colour_blind_safe_deck_stay_apart(qapp, vision):
    deck = colour_blind_safe_deck()
    painted = painted_suit_colours(deck)
    assert [c.name() for c in painted] == [QColor(ink.pip).name() for ink in deck.colors]
    for colours in (painted, [QColor(ink.ink) for ink in deck.colors]):
        difference, pair = closest_pair(colours, vision)
        assert difference > APART, f"{pair} only {difference:.1f} ΔE00 apart with {vision}"


def test_the_tournament_deck_fails_colour_blind_players_which_is_why_the_new_deck_exists(qapp):
    painted = painted_suit_colours(deck_by_id("tournament"))
    assert closest_pair(painted, "normal vision")[0] > APART  # fine for most players...
    for vision in ("protanopia", "deuteranopia"):  # ...not for red-green colour blindness
        difference, pair = closest_pair(painted, vision)
        assert difference < APART, f"the tournament deck passes with {vision}"
    difference, pair = closest_pair(painted, "deuteranopia")
    assert pair == "spades/hearts" and difference < APART / 2  # green and red fall together


def test_each_suit_colour_stands_out_from_the_card(qapp):
    deck = colour_blind_safe_deck()
    paper = card_white(deck)
    assert paper.lightness() > 245
    for suit, ink in zip(SUITS, deck.colors, strict=True):
        for colour in (ink.pip, ink.ink):
            ratio = contrast_ratio(colour, paper)
            assert ratio >= LEAST_CONTRAST, f"{suit} {colour}: contrast {ratio:.2f}"


def test_the_deck_is_built_in_beside_the_tournament_deck_and_falls_back_nowhere(qapp):
    ids = [d.id for d in available_decks()]
    assert ids.index(COLOUR_BLIND_SAFE) == ids.index("tournament") + 1
    deck = deck_by_id(COLOUR_BLIND_SAFE, index_style="de")
    assert deck.id == COLOUR_BLIND_SAFE and deck.index_style == "de"
    assert deck.title == "Colour-blind safe (four colours)"


def test_the_deck_picker_and_the_new_game_dialog_offer_it(qtbot, tmp_path):
    picker = DeckPicker(current_id=COLOUR_BLIND_SAFE)
    qtbot.addWidget(picker)
    assert picker.selected_deck_id() == COLOUR_BLIND_SAFE
    assert picker.list.currentItem().text() == "Colour-blind safe (four colours)"
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    settings.deck_id = COLOUR_BLIND_SAFE
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.deck_box.currentData() == COLOUR_BLIND_SAFE


# --- one click away ---------------------------------------------------------------------------


def window_with(qtbot, path, deck_id: str | None = None, previous: str | None = None):
    settings = Settings(QSettings(str(path), QSettings.Format.IniFormat))
    settings.animation_speed = 0
    if deck_id is not None:
        settings.deck_id = deck_id
    if previous is not None:
        settings.previous_deck_id = previous
    window = MainWindow(settings, None, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def click(qtbot, window: MainWindow) -> None:
    button = window.colour_safe.button
    assert button.isVisible() and window.statusBar().isAncestorOf(button)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_one_click_in_the_status_bar_switches_to_the_deck_and_the_next_one_back(qtbot, tmp_path):
    window = window_with(qtbot, tmp_path / "s.ini", deck_id="german")
    window.set_language("de")
    assert words.card_full_name(card("CJ")) == "Eichel Unter"
    assert not window.colour_safe.action.isChecked()
    assert window.colour_safe.button.toolTip()  # says what it does

    click(qtbot, window)
    assert window.pictures.deck.id == COLOUR_BLIND_SAFE
    assert window.settings.deck_id == COLOUR_BLIND_SAFE
    assert window.colour_safe.action.isChecked()
    assert words.card_full_name(card("CJ")) == "Kreuz Bube"  # French suits, as its signs are

    click(qtbot, window)
    assert window.pictures.deck.id == "german" and window.settings.deck_id == "german"
    assert not window.colour_safe.action.isChecked()
    assert words.card_full_name(card("CJ")) == "Eichel Unter"


def test_the_choice_and_the_deck_to_go_back_to_outlast_the_window(qtbot, tmp_path):
    path = tmp_path / "s.ini"
    first = window_with(qtbot, path, deck_id="tournament")
    click(qtbot, first)
    first.settings.sync()
    first.close()

    second = window_with(qtbot, path)
    assert second.pictures.deck.id == COLOUR_BLIND_SAFE
    assert second.colour_safe.action.isChecked()
    click(qtbot, second)
    assert second.pictures.deck.id == "tournament"


def test_the_toggle_follows_the_deck_however_it_is_chosen(qtbot, tmp_path):
    window = window_with(qtbot, tmp_path / "s.ini")
    window._set_deck(COLOUR_BLIND_SAFE)  # what View → Deck… and a new game's deck do
    assert window.colour_safe.action.isChecked()
    window._set_deck("german")
    assert not window.colour_safe.action.isChecked()
    click(qtbot, window)
    click(qtbot, window)
    assert window.pictures.deck.id == "german"  # back to the deck chosen last, not French


def test_the_view_menu_holds_the_same_switch(qtbot, tmp_path):
    window = window_with(qtbot, tmp_path / "s.ini")
    assert window.colour_safe.action in window.menu_view.actions()
    window.colour_safe.action.trigger()
    assert window.pictures.deck.id == COLOUR_BLIND_SAFE and window.settings.deck_id == (
        COLOUR_BLIND_SAFE
    )


@pytest.mark.parametrize("stored", [COLOUR_BLIND_SAFE, "no-such-deck", "bad\x01id", 17])
def test_a_bad_deck_to_go_back_to_brings_the_french_deck(qtbot, tmp_path, stored):
    path = tmp_path / "s.ini"
    QSettings(str(path), QSettings.Format.IniFormat).setValue("appearance/previous_deck", stored)
    window = window_with(qtbot, path, deck_id=COLOUR_BLIND_SAFE)
    assert window.colour_safe.action.isChecked()
    click(qtbot, window)
    assert window.pictures.deck.id == "french"
    assert not window.colour_safe.action.isChecked()


def test_the_buttons_picture_shows_the_four_suit_colours(qapp):
    image = four_suits_icon().pixmap(32, 32).toImage()
    colours = {image.pixelColor(x, y).name() for x in range(32) for y in range(32)}
    assert {ink.pip for ink in colour_blind_safe_deck().colors} <= colours


# --- the deck sheet benchmark -----------------------------------------------------------------


def deck_sheet_script():
    spec = importlib.util.spec_from_file_location(
        "deck_sheet", ROOT / "benchmarks" / "deck_sheet.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_deck_sheet_draws_the_deck_alone_and_whole_at_a_small_width(qapp, tmp_path, capsys):
    out = tmp_path / "sheets"
    assert (
        deck_sheet_script().main(["--out", str(out), "--deck", COLOUR_BLIND_SAFE, "--width", "40"])
        == 0
    )
    assert [f.name for f in out.iterdir()] == [f"{COLOUR_BLIND_SAFE}.png"]
    sheet = QImage(str(out / f"{COLOUR_BLIND_SAFE}.png"))
    # the last row's 80-pixel cards (120 high) are taller than the 40-pixel sheet cards
    assert sheet.height() >= 4 * 60 + 120 + 6 * 10


def test_the_deck_sheet_refuses_an_unknown_deck_and_writes_nothing(qapp, tmp_path, capsys):
    out = tmp_path / "sheets"
    with pytest.raises(SystemExit) as exit_:
        deck_sheet_script().main(["--out", str(out), "--deck", "no-such-deck"])
    assert exit_.value.code == 2
    assert "no deck no-such-deck" in capsys.readouterr().err
    assert not out.exists()
