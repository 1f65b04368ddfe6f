"""Loading translations: ours (package data) and Qt's own, at start and when the player switches.

Our strings are written in English in the code and translated with Qt's tools:
``self.tr("...")`` in a QObject subclass, ``QCoreApplication.translate("Context", "...")``
elsewhere, and ``QT_TRANSLATE_NOOP("Context", "...")`` to mark a string in a table that is
translated later, where it is shown. ``scripts/update_translations.py`` collects them into
``translations/skat_desktop_<lang>.ts`` and compiles ``skat_desktop/translations/*.qm``, which
ship inside the package and are found here through :mod:`importlib.resources`.

Switching the language at run time: call :func:`install_translations` again. It removes the
translators it installed before and installs the new ones; Qt then sends
``QEvent.LanguageChange`` to every widget. A widget that shows translated text therefore sets
all of it in one method and calls that method from its constructor and on the event::

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

Text that comes from data rather than from code (the engine's error sentences, player names)
is not translated. Standard dialog buttons (Save, Cancel, ...) translate themselves from Qt's
``qtbase_<lang>.qm``.

``install_translations(app, "pseudo")`` installs a pseudo-translation instead: every string
is stretched by about a third and bracketed, so layouts that break in longer languages such
as German and strings that escaped ``tr()`` both show up without knowing German.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib import resources

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QObject, QTranslator

PACKAGE = "skat_desktop.translations"
"""The package whose data files are the compiled translations."""
PREFIX = "skat_desktop_"
SOURCE_LANGUAGE = "en"
"""The language the strings are written in: always available, with or without a .qm file."""
PSEUDO = "pseudo"

_installed: list[QTranslator] = []  # referenced here, else Python would collect them
_language = SOURCE_LANGUAGE


class PseudoTranslator(QTranslator):
    """Stretches every string by a third and brackets it, keeping placeholders intact."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        if not source:
            return source
        return "[" + source + " " + "~" * max(1, len(source) // 3) + "]"

    def isEmpty(self) -> bool:
        return False


def available_languages() -> list[str]:
    """The languages we have translations for, the source language first (``["en", "de"]``).

    ``QLocale(code).nativeLanguageName()`` gives each its name for a menu ("Deutsch").
    """
    return list(_shipped_languages())


@functools.cache
def _shipped_languages() -> tuple[str, ...]:
    """The package's translations, read once: they do not change while the program runs,
    and a sheet's or a deal's heading asks at every refresh (``names_date``)."""
    found = {SOURCE_LANGUAGE}
    for entry in resources.files(PACKAGE).iterdir():
        name = entry.name
        if name.startswith(PREFIX) and name.endswith(".qm"):
            found.add(name[len(PREFIX) : -len(".qm")])
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


def language_name(code: str) -> str:
    """A language's name in itself, for a menu: ``"de"`` → "Deutsch", ``"en"`` → "English"."""
    locale = QLocale(code.replace("-", "_"))
    if locale.language() == QLocale.Language.English and "_" not in code:
        return "English"  # Qt says "American English" for a plain "en"
    name = locale.nativeLanguageName() or code
    return name[:1].upper() + name[1:]


def current_language() -> str:
    """The language :func:`install_translations` installed last (``"en"`` before any call)."""
    return _language


def _candidates(locale: QLocale) -> list[str]:
    """File name parts to try for ``locale``, most specific and most preferred first."""
    out: list[str] = []
    for tag in locale.uiLanguages():
        parts = tag.split("-")
        for name in ("_".join(parts), parts[0]):
            if name and name not in out:
                out.append(name)
    return out


class MemoryTranslator(QTranslator):
    """A translator that holds its .qm file in memory instead of mapping it.

    Loaded by name, Qt maps the file and reads it at every ``tr()``; a file rewritten in
    place while the program runs (``lrelease`` truncates and writes it when the translations
    are rebuilt beside running tests, or an installation is updated) then crashes the
    program at its next ``tr()`` (SIGBUS, or SIGSEGV in QTranslator). Qt keeps a pointer into
    the bytes it is given, not a copy, so they live as long as the translator.
    """

    def __init__(self) -> None:
        super().__init__()
        self._data = b""

    def load_data(self, data: bytes) -> bool:
        if not self.load(data):
            return False
        self._data = data
        return True


def _load_ours(translator: MemoryTranslator, language: str) -> bool:
    entry = resources.files(PACKAGE) / f"{PREFIX}{language}.qm"
    if not entry.is_file():
        return False
    return translator.load_data(entry.read_bytes())


_OTHERS: dict[str, MemoryTranslator | None] = {}


def translated_in(language: str, context: str, source: str) -> str:
    """``source`` as ``language`` says it (the source itself where it has no words for
    it), whatever language the program speaks now: a name stored in the language it was
    made in ("Vereins- und Kneipenregeln, 29.11.2026") is recognised after a switch."""
    if language == SOURCE_LANGUAGE:
        return source
    if language not in _OTHERS:
        translator = MemoryTranslator()
        _OTHERS[language] = translator if _load_ours(translator, language) else None
    translator = _OTHERS[language]
    return (translator.translate(context, source) if translator else "") or source


def _load_qt(translator: QTranslator, language: str) -> bool:
    directory = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in (language, language.split("_")[0]):
        if translator.load(f"qtbase_{name}", directory):
            return True
    return False


def remove_translations(app: QCoreApplication) -> None:
    """Uninstall what :func:`install_translations` installed: the source strings show again."""
    global _language
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    _language = SOURCE_LANGUAGE


def install_translations(app: QCoreApplication, language: str = "") -> str:
    """Install the translations of ``language`` and return the language now in use.

    ``language`` is a code such as ``"de"``, ``"de_AT"`` or ``"en"``; ``""`` follows the
    default locale, which is the system's unless the program called ``QLocale.setDefault``.
    A language we have no translation for falls back to English, Qt's dialogs included, so
    that a window never mixes two languages. Calling it again replaces what it installed.
    """
    global _language
    remove_translations(app)
    if language == PSEUDO:
        pseudo = PseudoTranslator()
        app.installTranslator(pseudo)
        _installed.append(pseudo)
        _language = PSEUDO
        return _language

    locale = QLocale(language.replace("-", "_")) if language else QLocale()
    chosen, ours = SOURCE_LANGUAGE, MemoryTranslator()
    for name in _candidates(locale):
        if _load_ours(ours, name):
            chosen = name
            break
        if name == SOURCE_LANGUAGE:
            break  # English is the source: no file needed
    if ours.isEmpty():
        ours = None

    qt = QTranslator()
    for translator in (qt if _load_qt(qt, chosen) else None, ours):
        if translator is not None:
            # the translator installed last is asked first: ours before Qt's
            app.installTranslator(translator)
            _installed.append(translator)
    _language = chosen
    return _language


class OnLanguageChange(QObject):
    """Calls ``retranslate`` when the widget it watches changes language: for an object
    that is not a widget itself (a page's actions) or code beside a widget, which get no
    ``changeEvent``. ``widget.installEventFilter(OnLanguageChange(owner, retranslate))``;
    ``owner`` keeps it as long as the text it sets lives."""

    def __init__(self, owner: QObject, retranslate: Callable[[], None]) -> None:
        super().__init__(owner)
        self._retranslate = retranslate

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # the event's type first: while a collected wrapper's C++ half is deleted, its
        # attributes are gone and the watched widget still sends it events
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        return False
