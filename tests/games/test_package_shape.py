"""Every game is a package of one shape, so a sixth game is a copied folder (README, "Adding a
game"): the contract's names at its door, the same modules behind it, each small enough to
read in one sitting."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import games

GAMES = Path(games.__file__).resolve().parent
EVERY_GAME_HAS = {"__init__", "rules", "view", "notation", "bot"}
# cards where the game has a card set; scoring where its scoring is a chapter of its own.
A_GAME_MAY_HAVE = {"cards", "scoring", "words"}
LONGEST_MODULE = 600
CONTRACT = (
    *("slug", "title", "min_players", "max_players", "options", "setup", "to_act"),
    *("legal_moves", "apply", "view", "outcome", "describe", "parse_move", "format_move"),
)


def modules_of(slug: str) -> set[str]:
    """The game's modules by name; one that would pass what a module should hold is a package
    of its chapters under the same name (DOS's and Dr. Hrubec's rules, Dr. Gomb's bot)."""
    folder = GAMES / slug
    names = {path.stem for path in folder.glob("*.py")}
    return names | {path.parent.name for path in folder.glob("*/__init__.py")}


def files_of(slug: str) -> list[Path]:
    return sorted((GAMES / slug).rglob("*.py"))


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_is_a_package_of_the_same_modules(slug):
    found = modules_of(slug)
    assert found >= EVERY_GAME_HAS, f"{slug} lacks {sorted(EVERY_GAME_HAS - found)}"
    assert found <= EVERY_GAME_HAS | A_GAME_MAY_HAVE, (
        f"{slug} has modules outside the shape: {sorted(found - EVERY_GAME_HAS - A_GAME_MAY_HAVE)}"
    )


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_module_reads_in_one_sitting(slug):
    long = {
        str(path.relative_to(GAMES)): lines
        for path in files_of(slug)
        if (lines := len(path.read_text().splitlines())) > LONGEST_MODULE
    }
    assert not long, f"{slug}: modules over {LONGEST_MODULE} lines: {long}"


@pytest.mark.parametrize("slug", games.slugs())
def test_no_game_module_imports_its_own_door(slug):
    """The door (`games.<slug>`) imports the modules; a module importing the door back would
    make a circle."""
    door = f"games.{slug}"
    for path in files_of(slug):
        if path == GAMES / slug / "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            imported = [node.module] if isinstance(node, ast.ImportFrom) else []
            if isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            assert door not in imported, f"{path.relative_to(GAMES)} imports its own door {door}"


@pytest.mark.parametrize("slug", games.slugs())
def test_the_door_names_the_whole_contract(slug):
    rules = games.get(slug)
    assert rules.__doc__ and len(rules.__doc__.splitlines()) > 3, "the rules notes live at the door"
    missing = [name for name in CONTRACT if not hasattr(rules, name)]
    assert not missing, f"{slug} lacks {missing}"
