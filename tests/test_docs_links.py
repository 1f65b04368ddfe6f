"""The documentation points at things that exist: every relative link and picture in README.md
and docs/*.md, and every source path it names (``skat_desktop/gui/app.py``, ``gui/worker.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDES = ("README.md", "docs/user-guide.md", "docs/developer.md")
PAGES = sorted({*GUIDES, *(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))})

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
# a path with at least one folder and a file type we keep in the repository
PATH = re.compile(
    r"(?<![\w/.:-])((?:\.\./)?(?:[\w.-]+/)+[\w.-]+\.(?:py|md|c|json|xml|desktop|spec|png|toml|ts))"
    r"(?![\w/])"
)
# where a path written short is found: as written, in the package (``gui/worker.py``), or
# beside the page
BASES = ("", "skat_desktop/")


def links(page: str) -> list[str]:
    """The relative link targets of ``page`` (no web addresses, no in-page anchors)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    out = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        out.append(target.split("#", 1)[0])
    return out


def named_paths(page: str) -> set[str]:
    """Every ``folder/file.ext`` the page's text names (outside its web addresses)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    text = re.sub(r"https?://\S+", " ", text)
    return set(PATH.findall(text))


def exists(page: str, path: str) -> bool:
    beside = (ROOT / page).parent / path
    return beside.exists() or any((ROOT / base / path).exists() for base in BASES)


@pytest.mark.parametrize("page", GUIDES)
def test_the_guides_are_written(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert len(text.split()) > 300, f"{page} is (nearly) empty"


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_exists(page: str) -> None:
    missing = [t for t in links(page) if not ((ROOT / page).parent / t).exists()]
    assert not missing, f"{page} links to what is not there: {missing}"


@pytest.mark.parametrize("page", PAGES)
def test_every_named_path_exists(page: str) -> None:
    missing = sorted(p for p in named_paths(page) if not exists(page, p))
    assert not missing, f"{page} names files that are not there: {missing}"


def test_the_guides_show_the_pictures_the_script_makes() -> None:
    """Each picture of docs/images is shown somewhere, and each one shown is made by
    scripts/docs_screenshots.py (never by hand)."""
    import ast

    script = (ROOT / "scripts" / "docs_screenshots.py").read_text(encoding="utf-8")
    groups = next(
        node.value
        for node in ast.parse(script).body
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "GROUPS"
    )
    made = {f"{name}.png" for names in ast.literal_eval(groups).values() for name in names}
    shown = {
        Path(t).name
        for page in GUIDES
        for t in links(page)
        if t.endswith(".png") and "images/" in t
    }
    assert shown <= made, f"pictures not made by the script: {sorted(shown - made)}"
    assert made <= shown, f"pictures no page shows: {sorted(made - shown)}"


def test_every_module_of_the_developer_map_exists() -> None:
    """docs/developer.md lists modules by bare name under their package's heading
    (### `skat_desktop/engine/`): each is a file of that package."""
    text = (ROOT / "docs" / "developer.md").read_text(encoding="utf-8")
    sections = re.split(r"^### `(skat_desktop/[\w/]+)/`.*$", text, flags=re.MULTILINE)
    checked, missing = 0, []
    for package, body in zip(sections[1::2], sections[2::2], strict=True):
        for line in body.splitlines():
            if not line.startswith("| `"):
                continue
            first_cell = line.split("|")[1]
            for name in re.findall(r"`([\w.]+\.(?:py|c))`", first_cell):
                checked += 1
                if not (ROOT / package / name).exists():
                    missing.append(f"{package}/{name}")
    assert checked > 50, "the map lists too few modules: did its headings change?"
    assert not missing, f"docs/developer.md lists modules that are not there: {missing}"


def anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation dropped,
    spaces as hyphens."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", GUIDES)
def test_every_link_to_a_section_finds_its_heading(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    missing = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or "#" not in target:
            continue
        file, anchor = target.split("#", 1)
        linked = (ROOT / page).parent / file if file else ROOT / page
        if linked.suffix == ".md" and anchor not in anchors(linked):
            missing.append(target)
    assert not missing, f"{page} links to sections that are not there: {missing}"
