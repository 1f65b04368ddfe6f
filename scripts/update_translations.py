"""Collect the GUI's strings into translations/*.ts and compile them into the package.

    python scripts/update_translations.py            # update .ts files, compile .qm, report
    python scripts/update_translations.py --list     # also list every untranslated string
    python scripts/update_translations.py --check    # exit 1 if a string lacks a translation

Placeholders are Qt's numbered ones, ``%1``, ``%2`` (and the count ``%n``), filled with
``skat_desktop.gui.game_words.fill``: the style Qt Linguist checks and translators know. A
``{name}`` of ``str.format`` in a source string is reported as a problem.

pyside6-lupdate reads every ``skat_desktop/gui/**/*.py`` and merges what it finds into
``translations/skat_desktop_<lang>.ts``: translations already written are kept, new strings
arrive unfinished, strings gone from the code are kept as "vanished" (``--drop-obsolete``
removes them). Translate the unfinished ones in the .ts file (by hand or with
``pyside6-linguist``), mark them finished by removing ``type="unfinished"``, and run the
script again: pyside6-lrelease then compiles ``skat_desktop/translations/skat_desktop_<lang>.qm``,
which ships as package data (pyproject.toml). Only finished translations are compiled.

English is the source language; its .ts holds only the plural forms (``tr("%n games", "", n)``),
which need an English translation too.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "skat_desktop" / "gui"
TS_DIR = ROOT / "translations"
QM_DIR = ROOT / "skat_desktop" / "translations"
LANGUAGES = ("de", "en")
SOURCE_LANGUAGE = "en"

# placeholders a translation must keep: {name}, %1, %L1, and the count %n / %Ln
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%L?\d+|%L?n")
_COUNT = {"%n", "%Ln"}
# str.format's placeholder, which the source strings no longer use: {name}, {0}, {}
_NAMED = re.compile(r"\{\w*\}")


@dataclass
class Report:
    language: str
    total: int = 0
    finished: int = 0
    untranslated: list[tuple[str, str]] = field(default_factory=list)  # (context, source)
    problems: list[str] = field(default_factory=list)


def tool(name: str) -> str:
    """The path of ``pyside6-<name>`` (PySide6 installs it next to the interpreter)."""
    for candidate in (
        shutil.which(f"pyside6-{name}"),
        shutil.which(f"pyside6-{name}", path=str(Path(sys.executable).parent)),
    ):
        if candidate:
            return candidate
    raise SystemExit(f"pyside6-{name} not found: install PySide6 (pip install PySide6)")


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in SOURCES.rglob("*.py"))


def ts_path(language: str) -> Path:
    return TS_DIR / f"skat_desktop_{language}.ts"


def qm_path(language: str) -> Path:
    return QM_DIR / f"skat_desktop_{language}.qm"


def run(cmd: list[str], verbose: bool) -> None:
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if verbose or done.returncode:
        sys.stderr.write(done.stdout + done.stderr)
    if done.returncode:
        raise SystemExit(f"{Path(cmd[0]).name} failed with exit code {done.returncode}")


def update(language: str, drop_obsolete: bool, verbose: bool) -> None:
    cmd = [
        tool("lupdate"),
        "-locations",
        "none",  # line numbers would change the .ts on every edit of the code
        "-sort-messages",
        "-source-language",
        SOURCE_LANGUAGE,
        "-target-language",
        language,
    ]
    if language == SOURCE_LANGUAGE:
        cmd.append("-pluralonly")
    if drop_obsolete:
        cmd.append("-no-obsolete")
    cmd += [*sources(), "-ts", str(ts_path(language).relative_to(ROOT))]
    run(cmd, verbose)


def compile_qm(language: str, verbose: bool) -> None:
    """Compile into a new file that then replaces the old one: lrelease itself rewrites the
    .qm in place, which crashed programs that had it loaded (tests running meanwhile)."""
    QM_DIR.mkdir(exist_ok=True)
    target = qm_path(language)
    fresh = target.with_name(f".{target.name}.{os.getpid()}")  # two runs at once: own files
    cmd = [tool("lrelease"), "-nounfinished", str(ts_path(language)), "-qm", str(fresh)]
    try:
        run(cmd, verbose)
        fresh.replace(target)
    finally:
        fresh.unlink(missing_ok=True)


def _key(message: ET.Element) -> tuple[str, str, str]:
    return (
        message.findtext("source", ""),
        message.findtext("comment", ""),
        message.get("numerus", ""),
    )


def carry_over(language: str) -> list[tuple[str, str]]:
    """Give a new unfinished string the translation it had before it moved to another context.

    A string moved to another class (or a context renamed) arrives unfinished while its old
    copy stays behind as vanished; when the old copies agree on one translation it is reused.
    Returns (context, source) of every string so filled, for a translator to look over.
    """
    path = ts_path(language)
    tree = ET.parse(path)
    known: dict[tuple[str, str, str], list[ET.Element]] = {}
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        old = translation is not None and translation.get("type") in ("vanished", "obsolete")
        if old and all(_texts(message)):
            known.setdefault(_key(message), []).append(translation)
    filled: list[tuple[str, str]] = []
    for context in tree.getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") != "unfinished":
                continue
            olds = known.get(_key(message), [])
            if len({ET.tostring(t) for t in olds}) != 1:
                continue  # never translated, or translated differently in different places
            new = copy.deepcopy(olds[0])
            new.attrib.pop("type")
            message.remove(translation)
            message.append(new)
            filled.append((context.findtext("name", ""), message.findtext("source", "")))
    if filled:
        tree.write(path, encoding="utf-8", xml_declaration=True)
    return filled


def _texts(message: ET.Element) -> list[str]:
    translation = message.find("translation")
    if translation is None:
        return []
    forms = translation.findall("numerusform")
    return [f.text or "" for f in forms] if forms else [translation.text or ""]


def check(language: str) -> Report:
    """Count finished and unfinished strings; flag a source string with a ``{name}``
    placeholder and translations that lose or add a placeholder."""
    report = Report(language)
    tree = ET.parse(ts_path(language))
    for context in tree.getroot().iter("context"):
        ctx = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type", "") if translation is not None else "unfinished"
            if kind in ("vanished", "obsolete"):
                continue
            source = message.findtext("source", "")
            report.total += 1
            named = _NAMED.findall(source)
            if named:
                report.problems.append(
                    f"{ctx}: {source!r}: placeholder {', '.join(named)}: write %1, %2 … instead"
                    " and fill them with game_words.fill"
                )
            texts = _texts(message)
            if kind == "unfinished" or not all(texts):
                report.untranslated.append((ctx, source))
                continue
            report.finished += 1
            # the count may be spelt out in the singular form ("einmal"), not in the others
            want = sorted(set(_PLACEHOLDER.findall(source)))
            for i, text in enumerate(texts):
                got = sorted(set(_PLACEHOLDER.findall(text)))
                if i == 0 and message.get("numerus") == "yes":
                    got = sorted(set(got) | (set(want) & _COUNT))
                if got != want:
                    report.problems.append(
                        f"{ctx}: {source!r} -> {text!r}: placeholders {got} instead of {want}"
                    )
                if source.count("&") != text.count("&"):
                    report.problems.append(f"{ctx}: {source!r} -> {text!r}: '&' shortcut differs")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", nargs="+", default=list(LANGUAGES), metavar="LANG")
    parser.add_argument("--no-update", action="store_true", help="do not run lupdate")
    parser.add_argument("--no-compile", action="store_true", help="do not run lrelease")
    parser.add_argument("--drop-obsolete", action="store_true", help="remove vanished strings")
    parser.add_argument("--list", action="store_true", help="list the untranslated strings")
    parser.add_argument("--check", action="store_true", help="exit 1 if anything is untranslated")
    parser.add_argument("-v", "--verbose", action="store_true", help="show the tools' output")
    args = parser.parse_args(argv)

    TS_DIR.mkdir(exist_ok=True)
    failed = False
    for language in args.languages:
        if not args.no_update:
            update(language, args.drop_obsolete, args.verbose)
            moved = carry_over(language)
            if moved:
                update(language, args.drop_obsolete, args.verbose)  # back to lupdate's layout
                print(f"{language}: {len(moved)} moved strings keep their translation:")
                for ctx, source in moved:
                    print(f"  {ctx}: {source!r}")
        if not args.no_compile:
            compile_qm(language, args.verbose)
        r = check(language)
        print(
            f"{language}: {r.total} strings, {r.finished} translated, "
            f"{len(r.untranslated)} untranslated -> {ts_path(language).relative_to(ROOT)}"
        )
        if args.list:
            for ctx, source in r.untranslated:
                print(f"  {ctx}: {source!r}")
        for problem in r.problems:
            print(f"  problem: {problem}")
        failed |= bool(r.problems) or (args.check and bool(r.untranslated))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
