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
index_style            str     corner letters of the French decks: ``en`` or ``de``
color_scheme           str     ``system``, ``light`` or ``dark``
animation_speed        int     0 (instant) .. :data:`MAX_ANIMATION_SPEED` (fastest)
sort_mode              str     ``game`` (trumps first, by the game) or ``manual``
language               str     a language code such as ``de``; ``""`` = the system's
window_geometry        bytes   ``QWidget.saveGeometry()`` of the main window
window_state           bytes   ``QMainWindow.saveState()``: the side panel's place and size
new_game               dict    the last choices of the new-game dialog (see below)
=====================  ======  =====================================================

The new-game choices are a :class:`NewGameChoices`; its fields are stored one key each.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from PySide6.QtCore import QByteArray, QSettings

COLOR_SCHEMES = ("system", "light", "dark")
SORT_MODES = ("game", "manual")
INDEX_STYLES = ("en", "de")
SERIES_LENGTHS = (0, 12, 36, 48)  # 0: a free series without a planned end
MAX_ANIMATION_SPEED = 4
DEFAULT_ANIMATION_SPEED = 2


@dataclass
class NewGameChoices:
    """What the new-game dialog asked, in plain types.

    ``seats`` holds one entry per table seat: ``"human"`` for the player, or a computer
    level name (``beginner``, ``standard``, ...). ``series_length`` 0 is a free series.
    """

    player_name: str = ""
    seats: list[str] = field(default_factory=lambda: ["human", "beginner", "beginner"])
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

    def _str(self, key: str, default: str, allowed: tuple[str, ...] | None = None) -> str:
        value = self.qsettings.value(key, default)
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            return default
        return value

    def _int(self, key: str, default: int, low: int, high: int) -> int:
        value = self.qsettings.value(key, default)
        try:
            number = int(value)
        except (TypeError, ValueError):
            return default
        return number if low <= number <= high else default

    def _bool(self, key: str, default: bool) -> bool:
        value = self.qsettings.value(key, default)
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
        return self._str("appearance/language", "")

    @language.setter
    def language(self, value: str) -> None:
        self._set("appearance/language", str(value))

    @property
    def window_geometry(self) -> bytes:
        value = self.qsettings.value("window/geometry", b"")
        if isinstance(value, QByteArray):
            return bytes(value.data())
        return value if isinstance(value, bytes) else b""

    @window_geometry.setter
    def window_geometry(self, value: bytes) -> None:
        self._set("window/geometry", QByteArray(bytes(value)))

    @property
    def window_state(self) -> bytes:
        value = self.qsettings.value("window/state", b"")
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
        seats = self.qsettings.value("new_game/seats", ",".join(default.seats))
        seat_list = [s for s in str(seats).split(",") if s] if isinstance(seats, str) else []
        if len(seat_list) not in (3, 4):
            seat_list = default.seats
        return NewGameChoices(
            player_name=self._str("new_game/player_name", default.player_name),
            seats=seat_list,
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
