"""The player's preferences, kept in QSettings as plain types (str, int, bool, bytes).

One small typed wrapper so that every window and helper reads the same keys the same
way. Each property reads the stored value on access and falls back to its default when
the value is missing or of a wrong type (an edited or older settings file never breaks
the program); each setter writes at once.

Keys (all under the application's QSettings scope):

=====================  ======  =====================================================
property               type    meaning
=====================  ======  =====================================================
deck_id                str     the card deck (:func:`skat_desktop.gui.decks.deck_by_id`)
previous_deck_id       str     the last deck other than the colour-blind-safe one: where its
                               one-click toggle goes back to
index_style            str     corner letters of the French decks: ``en`` or ``de``
color_scheme           str     ``system``, ``light`` or ``dark``
animation_speed        int     0 (instant) .. :data:`MAX_ANIMATION_SPEED` (fastest)
sort_mode              str     ``game`` (trumps first, by the game) or ``manual``
language               str     a language code such as ``de``; ``""`` = the system's
speak_cards            bool    say each played card aloud (View → Speak played cards)
game_log_tab           bool    the game log is one of the side panel's tabs (View → Game log
                               adds it, its tab's close button takes it away)
window_geometry        bytes   ``QWidget.saveGeometry()`` of the main window
window_state           bytes   ``QMainWindow.saveState()``: the side panel's place and size
new_game               dict    the last choices of the new-game dialog (see below)
=====================  ======  =====================================================

The new-game choices are a :class:`NewGameChoices`; its fields are stored one key each.

The settings file is input like any other: it may be edited by hand, written by an older
or newer version, or planted by someone else. A seat is only ever ``human`` or one of the
computer levels of :func:`skat_desktop.ai.levels.levels` -- an ``external:COMMAND`` seat
from the file would start that program -- and every other value is checked against its
type and range; anything else is dropped (with a logged warning) for the default.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass, field, fields

from PySide6.QtCore import QByteArray, QSettings

from skat_desktop.ai.levels import levels

log = logging.getLogger(__name__)

COLOR_SCHEMES = ("system", "light", "dark")
SORT_MODES = ("game", "manual")
INDEX_STYLES = ("en", "de")
SERIES_LENGTHS = (0, 12, 36, 48)  # 0: a free series without a planned end
MAX_ANIMATION_SPEED = 4
DEFAULT_ANIMATION_SPEED = 2
HUMAN = "human"
DEFAULT_LEVEL = "standard"  # a computer seat nobody chose: plans by simulation (README)
MAX_NAME = 40  # the new-game dialog's limit for the player's name
MAX_KEY = 200  # a deck id, a profile name: longer is not ours
_LANGUAGE = re.compile(r"(?:[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*|pseudo)?")
_PRINTABLE = re.compile(r"[^\x00-\x1f\x7f]*")


def seat_kinds() -> tuple[str, ...]:
    """What a seat may hold: the player, or a computer level (never another program)."""
    return (HUMAN, *levels())


@dataclass
class NewGameChoices:
    """What the new-game dialog asked, in plain types.

    ``seats`` holds one entry per table seat: ``"human"`` for the player, or a computer
    level name (``beginner``, ``standard``, ...). ``series_length`` 0 is a free series.
    """

    player_name: str = ""
    # a new player meets worthy opponents; a settings file that names beginner keeps it
    seats: list[str] = field(default_factory=lambda: ["human", DEFAULT_LEVEL, DEFAULT_LEVEL])
    profile: str = "isko"
    series_length: int = 36
    practice: bool = False


class Settings:
    """Typed access to the player's preferences.

    ``Settings()`` uses the application's QSettings (organisation and application name
    set by :func:`skat_desktop.gui.app.run_gui`); tests pass their own ``QSettings``
    (for instance an INI file in a temporary folder).
    """

    def __init__(self, store: QSettings | None = None) -> None:
        self.qsettings = store if store is not None else QSettings()

    # ------------------------------------------------------------------ helpers

    def _value(self, key: str, default: object) -> object:
        try:
            return self.qsettings.value(key, default)
        except Exception:  # a value Qt cannot turn into a Python object
            log.warning("settings: %s cannot be read; the default is used", key)
            return default

    def _str(
        self,
        key: str,
        default: str,
        allowed: tuple[str, ...] | None = None,
        pattern: re.Pattern[str] = _PRINTABLE,
        longest: int = MAX_KEY,
    ) -> str:
        value = self._value(key, default)
        if (
            not isinstance(value, str)
            or len(value) > longest
            or not pattern.fullmatch(value)
            or (allowed is not None and value not in allowed)
        ):
            return default
        return value

    def _int(self, key: str, default: int, low: int, high: int) -> int:
        value = self._value(key, default)
        if isinstance(value, float) and not math.isfinite(value):
            return default
        if not isinstance(value, (int, float, str)) or (isinstance(value, str) and len(value) > 20):
            return default
        try:
            number = int(value)
        except (TypeError, ValueError, OverflowError):
            return default
        return number if low <= number <= high else default

    def _bool(self, key: str, default: bool) -> bool:
        value = self._value(key, default)
        if isinstance(value, bool):
            return value
        if isinstance(value, str):  # INI files give strings back
            return value.lower() in ("true", "1", "yes")
        return default

    def _set(self, key: str, value: object) -> None:
        self.qsettings.setValue(key, value)

    def sync(self) -> None:
        """Write pending changes to disk now (Qt also does this on its own)."""
        self.qsettings.sync()

    # ------------------------------------------------------------------ appearance

    @property
    def deck_id(self) -> str:
        return self._str("appearance/deck", "french")

    @deck_id.setter
    def deck_id(self, value: str) -> None:
        self._set("appearance/deck", str(value))

    @property
    def previous_deck_id(self) -> str:
        return self._str("appearance/previous_deck", "french")

    @previous_deck_id.setter
    def previous_deck_id(self, value: str) -> None:
        self._set("appearance/previous_deck", str(value))

    @property
    def index_style(self) -> str:
        return self._str("appearance/index_style", "en", INDEX_STYLES)

    @index_style.setter
    def index_style(self, value: str) -> None:
        if value not in INDEX_STYLES:
            raise ValueError(f"index style must be one of {', '.join(INDEX_STYLES)}")
        self._set("appearance/index_style", value)

    @property
    def color_scheme(self) -> str:
        return self._str("appearance/color_scheme", "system", COLOR_SCHEMES)

    @color_scheme.setter
    def color_scheme(self, value: str) -> None:
        if value not in COLOR_SCHEMES:
            raise ValueError(f"colour scheme must be one of {', '.join(COLOR_SCHEMES)}")
        self._set("appearance/color_scheme", value)

    @property
    def animation_speed(self) -> int:
        return self._int(
            "appearance/animation_speed", DEFAULT_ANIMATION_SPEED, 0, MAX_ANIMATION_SPEED
        )

    @animation_speed.setter
    def animation_speed(self, value: int) -> None:
        self._set("appearance/animation_speed", max(0, min(MAX_ANIMATION_SPEED, int(value))))

    @property
    def sort_mode(self) -> str:
        return self._str("table/sort_mode", "game", SORT_MODES)

    @sort_mode.setter
    def sort_mode(self, value: str) -> None:
        if value not in SORT_MODES:
            raise ValueError(f"sort mode must be one of {', '.join(SORT_MODES)}")
        self._set("table/sort_mode", value)

    @property
    def language(self) -> str:
        return self._str("appearance/language", "", pattern=_LANGUAGE, longest=40)

    @language.setter
    def language(self, value: str) -> None:
        self._set("appearance/language", str(value))

    @property
    def speak_cards(self) -> bool:
        """Off unless the player turned it on: it needs text to speech on the computer."""
        return self._bool("accessibility/speak_cards", False)

    @speak_cards.setter
    def speak_cards(self, value: bool) -> None:
        self._set("accessibility/speak_cards", bool(value))

    @property
    def game_log_tab(self) -> bool:
        """Off until the player opens the game log: four tabs need more room than three."""
        return self._bool("accessibility/game_log_tab", False)

    @game_log_tab.setter
    def game_log_tab(self, value: bool) -> None:
        self._set("accessibility/game_log_tab", bool(value))

    @property
    def window_geometry(self) -> bytes:
        value = self._value("window/geometry", b"")
        if isinstance(value, QByteArray):
            return bytes(value.data())
        return value if isinstance(value, bytes) else b""

    @window_geometry.setter
    def window_geometry(self, value: bytes) -> None:
        self._set("window/geometry", QByteArray(bytes(value)))

    @property
    def window_state(self) -> bytes:
        value = self._value("window/state", b"")
        if isinstance(value, QByteArray):
            return bytes(value.data())
        return value if isinstance(value, bytes) else b""

    @window_state.setter
    def window_state(self, value: bytes) -> None:
        self._set("window/state", QByteArray(bytes(value)))

    # ------------------------------------------------------------------ new game

    @property
    def new_game(self) -> NewGameChoices:
        default = NewGameChoices()
        return NewGameChoices(
            player_name=self._str(
                "new_game/player_name", default.player_name, longest=MAX_NAME
            ).strip(),
            seats=self._seats(default.seats),
            profile=self._str("new_game/profile", default.profile),
            series_length=self._int("new_game/series_length", default.series_length, 0, 10_000),
            practice=self._bool("new_game/practice", default.practice),
        )

    @new_game.setter
    def new_game(self, choices: NewGameChoices) -> None:
        for f in fields(choices):
            value = getattr(choices, f.name)
            if f.name == "seats":
                value = ",".join(value)
            self._set(f"new_game/{f.name}", value)

    def _seats(self, default: list[str]) -> list[str]:
        """The seats of the last game: 3 or 4 known kinds, at most one of them the player.

        Anything else (an ``external:`` program, a typo, a wrong type) is dropped for the
        default, with a warning in the log."""
        value = self._value("new_game/seats", ",".join(default))
        if isinstance(value, str):
            seats = [s.strip() for s in value.split(",") if s.strip()]
        elif isinstance(value, list) and all(isinstance(s, str) for s in value):
            seats = [s.strip() for s in value if s.strip()]  # an INI file's list
        else:
            seats = None
        known = seat_kinds()
        if (
            seats is None
            or len(seats) not in (3, 4)
            or any(s not in known for s in seats)
            or seats.count(HUMAN) > 1
        ):
            log.warning("settings: the stored seats %.80r are not used", value)
            return list(default)
        return seats
