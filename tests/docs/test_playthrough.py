"""The generated move-by-move page (docs/_ext/playthrough.py) against its golden file.

The page replays one seeded round of each built-in profile with a fixed policy and shows
the table (``str(state)``) and the position after every action, so a change in the
engine's behaviour changes the page. When the change is deliberate, write the golden file
again (``python docs/_ext/playthrough.py > tests/golden/playthrough.rst``) and review the
diff.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import unorules as uno
from unorules.pictures import svg

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "playthrough.rst"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "playthrough", ROOT / "docs" / "_ext" / "playthrough.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_matches_its_golden_file() -> None:
    text = load().page()
    golden = GOLDEN.read_text(encoding="utf-8")
    assert text == golden, (
        "the move-by-move page changed: if the engine's behaviour changed on purpose, run"
        " `python docs/_ext/playthrough.py > tests/golden/playthrough.rst` and review the diff"
    )


def test_every_round_is_played_to_its_end_under_its_profile() -> None:
    module = load()
    assert [profile for profile, _ in module.ROUNDS] == [
        "mattel",
        "mattel-108",
        "swedish",
        "danish",
    ]
    for profile, seed in module.ROUNDS:
        state = uno.new_game(list(module.PLAYERS), profile, seed=seed)
        steps = 0
        while not state.is_over:
            state = uno.apply(state, module.policy(state))
            steps += 1
        assert steps < module.LIMIT
        assert state.phase is uno.Phase.ROUND_OVER
        assert state.round_winner is not None
        assert state.hands[state.round_winner] == ()


def test_every_position_on_the_page_reads_back_to_the_table_shown_above_it() -> None:
    """Each position line on the page, read back under its round's rules, gives a state
    whose picture is the table printed just before it."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    profile = ""
    checked = 0
    for i, line in enumerate(lines):
        if line.startswith("``") and ", seed " in line:
            profile = line.split("``")[1]
        if line == "Its position:":
            text = lines[i + 4].strip()
            state = uno.State.from_position(text, rules=profile)
            assert state.position() == text
            end = i - 1
            start = max(k for k in range(end) if lines[k] == ".. code-block:: text") + 2
            table = "\n".join(row[3:] for row in lines[start:end])
            assert str(state) == table.rstrip("\n")
            checked += 1
    assert checked == 4 + 17 + 18 + 18 + 18


def test_every_table_has_its_picture_and_the_golden_text_has_none() -> None:
    module = load()
    state = uno.new_game(3, seed=1)
    lines = module.pictures(state)
    assert lines[0].startswith(".. image:: /_generated/playthrough/")
    written = module.PICTURES / lines[0].rsplit("/", 1)[1]
    assert written.read_text(encoding="utf-8") == str(svg.table(state))
    with_pictures = module.page(with_pictures=True)
    assert with_pictures.count(".. image:: /_generated/playthrough/") == module.page().count(
        "Its position:"
    )
    assert ".. image::" not in module.page()
