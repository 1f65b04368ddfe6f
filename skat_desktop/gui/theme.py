"""Light and dark colours: the application palette and the colours of the card table.

:func:`apply_theme` sets the palette app-wide and returns the :class:`TableColors` the
table scene paints with. ``system`` follows the desktop's colour scheme where Qt can
read it (Qt 6.5+), else light.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory


@dataclass(frozen=True)
class TableColors:
    """Colours of the card table (the felt and what is drawn on it)."""

    dark: bool
    felt: str  # the cloth in the middle
    felt_edge: str  # the cloth towards the edges (radial gradient)
    text: str  # names and notes on the cloth
    muted: str  # secondary text on the cloth
    plate: str  # background of a name plate
    plate_turn: str  # the name plate of the seat on turn
    bubble: str  # speech bubble of a bid
    bubble_text: str
    highlight: str  # a playable card under the mouse, the keyboard's card
    hint: str  # the card a hint suggests
    dim: str  # veil over cards that may not be played (with alpha)
    panel: str  # the floating action panels (with alpha)


LIGHT_TABLE = TableColors(
    dark=False,
    felt="#2f7a4a",
    felt_edge="#1f5a35",
    text="#ffffff",
    muted="#cfe6d6",
    plate="#66154025",  # #AARRGGBB, as Qt reads it: a darker cloth behind the words
    plate_turn="#e0b43a",
    bubble="#fffbea",
    bubble_text="#202020",
    highlight="#ffd54a",
    hint="#4fc3f7",
    dim="#7a000000",
    panel="#f2f4f2f0",
)

DARK_TABLE = TableColors(
    dark=True,
    felt="#1e3d2c",
    felt_edge="#0f2219",
    text="#e8efe9",
    muted="#98b3a2",
    plate="#66000000",
    plate_turn="#b8902a",
    bubble="#33383a",
    bubble_text="#f0f0f0",
    highlight="#e6b422",
    hint="#29a3d6",
    dim="#8c000000",
    panel="#2a2e30f0",
)


def dark_palette() -> QPalette:
    """A calm dark palette for the Fusion style."""
    p = QPalette()
    window, base, text = QColor("#2b2d30"), QColor("#1f2123"), QColor("#e6e6e6")
    disabled = QColor("#7c7f83")
    p.setColor(QPalette.ColorRole.Window, window)
    p.setColor(QPalette.ColorRole.WindowText, text)
    p.setColor(QPalette.ColorRole.Base, base)
    p.setColor(QPalette.ColorRole.AlternateBase, QColor("#292b2e"))
    p.setColor(QPalette.ColorRole.ToolTipBase, QColor("#3a3d41"))
    p.setColor(QPalette.ColorRole.ToolTipText, text)
    p.setColor(QPalette.ColorRole.PlaceholderText, disabled)
    p.setColor(QPalette.ColorRole.Text, text)
    p.setColor(QPalette.ColorRole.Button, QColor("#35383b"))
    p.setColor(QPalette.ColorRole.ButtonText, text)
    p.setColor(QPalette.ColorRole.BrightText, QColor("#ff6b6b"))
    p.setColor(QPalette.ColorRole.Link, QColor("#6cb6ff"))
    p.setColor(QPalette.ColorRole.Highlight, QColor("#3d7bd9"))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    p.setColor(QPalette.ColorRole.Light, QColor("#45484c"))
    p.setColor(QPalette.ColorRole.Midlight, QColor("#3a3d41"))
    p.setColor(QPalette.ColorRole.Mid, QColor("#2f3235"))
    p.setColor(QPalette.ColorRole.Dark, QColor("#1a1b1d"))
    p.setColor(QPalette.ColorRole.Shadow, QColor("#000000"))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def light_palette() -> QPalette:
    """The Fusion style's own light palette."""
    style = QStyleFactory.create("Fusion")
    return style.standardPalette() if style is not None else QPalette()


def system_is_dark() -> bool:
    """Whether the desktop asks for dark colours (False where Qt cannot tell)."""
    app = QGuiApplication.instance()
    if app is None:
        return False
    try:
        return app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    except AttributeError:  # Qt before 6.5
        return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def resolve_scheme(scheme: str) -> bool:
    """True for dark: ``dark``, or ``system`` on a dark desktop."""
    if scheme == "dark":
        return True
    if scheme == "light":
        return False
    return system_is_dark()


def apply_theme(app: QApplication, scheme: str) -> TableColors:
    """Set the palette for ``scheme`` (system, light, dark) app-wide; return the table colours.

    The Fusion style is used, since native styles on Windows and macOS ignore much of a
    palette and a chosen dark scheme would come out half light.
    """
    dark = resolve_scheme(scheme)
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else light_palette())
    return DARK_TABLE if dark else LIGHT_TABLE


def table_colors(scheme: str) -> TableColors:
    """The table colours for ``scheme`` without touching the application."""
    return DARK_TABLE if resolve_scheme(scheme) else LIGHT_TABLE


# ---------------------------------------------------------------------- panels and text


# The floating panels' background (PanelHost), nearly opaque over the felt.
PANEL_BACKGROUND = {False: (250, 250, 247, 240), True: (40, 44, 46, 236)}

# Suit colours for card names in text (clubs, spades, hearts, diamonds): chosen so that
# each keeps a WCAG contrast of at least 4.5 on the panel and on a won trick's tint.
SUIT_TEXT = {
    False: ("#1c1c1c", "#1c1c1c", "#b3261e", "#b3261e"),
    True: ("#ececec", "#ececec", "#ff8a80", "#ff8a80"),
}

# The tint behind the card that took a trick, in the end-of-deal trick table.
TRICK_WINNER = {False: "#e3ead9", True: "#34403a"}


def panel_background(dark: bool) -> QColor:
    """The panels' background colour (with its alpha)."""
    return QColor(*PANEL_BACKGROUND[dark])


def suit_text_color(suit: int, dark: bool) -> str:
    """The colour of a card name of ``suit`` (engine order C, S, H, D) in panel text."""
    return SUIT_TEXT[dark][suit]


def over(top: QColor, below: QColor) -> QColor:
    """``top`` painted over the opaque ``below`` (alpha compositing)."""
    a = top.alphaF()
    return QColor.fromRgbF(
        top.redF() * a + below.redF() * (1 - a),
        top.greenF() * a + below.greenF() * (1 - a),
        top.blueF() * a + below.blueF() * (1 - a),
    )


def contrast_ratio(a: QColor | str, b: QColor | str) -> float:
    """The WCAG 2 contrast ratio of two opaque colours (1 to 21; text wants 4.5)."""

    def luminance(c: QColor) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

        return (
            0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())
        )

    la, lb = sorted((luminance(QColor(a)), luminance(QColor(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)
