"""The engine's design holds: regressions that hid in its shortcuts, and its structure."""

from __future__ import annotations

import ast
import pathlib
from typing import Any

import attrs
import pytest

import unorules as uno


@pytest.mark.parametrize("extra", [{}, {"stacking": uno.Stacking.SAME_TYPE}])
def test_c6_answer_lock_ends_when_the_answering_player_keeps_a_drawn_card(
    extra: dict[str, Any],
) -> None:
    """C6: only the player who moves right after a Reverse may not answer it by symbol.

    Two players, mattel-108 with ``next_may_answer_symbol=False`` and a Reverse that
    passes the turn: P1, right after the Reverse, may not lay G-Rev, draws a playable
    card and keeps it; P0 does the same; on P1's next turn the Reverse is still on top
    and G-Rev is legal. (A shortcut for keeping a drawn card once moved the turn on
    without ending the lock; an unrelated house rule hid it.)"""
    rules = attrs.evolve(
        uno.get_profile("mattel-108"),
        next_may_answer_symbol=False,
        two_player_reverse=uno.TwoPlayerReverse.PASS,
        hand_size=3,
        **extra,
    )
    deal = uno.Deal(dealer=1, hands=[["RR", "B1", "B2"], ["GR", "Y5", "Y6"]], turned=["R9"])
    s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "RR"))
    assert s.current_player == 1
    assert not uno.is_legal(s, uno.Play(1, "GR"))
    s = uno.apply(s, uno.Draw(1, drawn=["R3"]))
    assert (s.phase, s.drawn_card) == (uno.Phase.DRAWN, uno.Card.parse("R3"))
    s = uno.apply(s, uno.Pass(1))
    s = uno.apply(s, uno.Draw(0, drawn=["R4"]))
    s = uno.apply(s, uno.Pass(0))
    assert (s.current_player, str(s.top_card), s.phase) == (1, "RR", uno.Phase.PLAY)
    assert uno.is_legal(s, uno.Play(1, "GR"))
    assert uno.Play(1, "GR") in uno.legal_actions(s, 1)


def _engine_imports(path: pathlib.Path) -> set[str]:
    """The rooms a module imports at its top level (``unorules._engine.x``)."""
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "unorules._engine":
                out.update(alias.name for alias in node.names)
            elif node.module.startswith("unorules._engine."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.If):  # `if TYPE_CHECKING:` imports are for types only
            continue
    return out


def test_the_engine_rooms_import_one_way() -> None:
    """Each room imports only rooms listed before it in ``unorules._engine.LAYERS``, and
    every module of the package is listed."""
    from unorules import _engine

    folder = pathlib.Path(_engine.__file__).parent
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    assert modules == set(_engine.LAYERS)
    for i, room in enumerate(_engine.LAYERS):
        imported = _engine_imports(folder / f"{room}.py")
        later = imported - set(_engine.LAYERS[:i])
        assert not later, f"{room} imports {sorted(later)}, which come after it"


def test_the_concepts_page_lists_the_rooms_in_their_order() -> None:
    """docs/concepts.rst names the rooms in import order: the list a reader learns the
    engine from is the package's own."""
    import re

    from unorules import _engine

    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "concepts.rst"
    text = " ".join(page.read_text(encoding="utf-8").split())
    found = re.search(r"in this order: (.*?) \(a test holds", text)
    assert found is not None
    assert re.findall(r"``(\w+)``", found.group(1)) == list(_engine.LAYERS)


def test_the_state_module_needs_only_the_rooms_below_it() -> None:
    """``unorules.state`` is the value the rooms work on: at its top level it imports
    only the gate and the UNO call value, which come before it."""
    import unorules.state

    # The source beside the module (compiled, __file__ is the extension).
    source = pathlib.Path(unorules.state.__file__).with_name("state.py")
    assert _engine_imports(source) == {"gate", "calls"}


def test_a_draft_becomes_a_state_in_one_place() -> None:
    """Only ``freeze``, beside the state it makes, switches a draft's class (the rest of
    the engine calls it)."""
    import unorules

    root = pathlib.Path(unorules.__file__).parent
    switching = sorted(
        str(p.relative_to(root)) for p in root.rglob("*.py") if "__class__ = State" in p.read_text()
    )
    assert switching == ["state.py"]


def test_listing_admits_a_seat_only_as_the_int_the_state_holds() -> None:
    """``legal_actions(state, player)`` takes its fast listing only for the current seat
    given as a plain int; an int subclass of the same value is listed by the general
    route (the same actions). A value that is not an int (a bool too, whatever its
    value) is refused as no int, an int that is no seat as no seat."""
    from unorules._engine.listing import legal_general

    class Seat(int):
        pass

    s = uno.new_game(2, seed=5)
    assert s.phase is uno.Phase.PLAY
    p = s.current_player
    assert p is not None
    assert uno.legal_actions(s, Seat(p)) == legal_general(s, p) == uno.legal_actions(s, p)
    for seat, shown in ((False, "False"), (True, "True"), (1.0, "1.0"), ("1", "'1'")):
        with pytest.raises(ValueError) as info:
            uno.legal_actions(s, seat)  # type: ignore[arg-type]
        assert str(info.value) == f"a seat is an int from 0 to 1, not {shown}"
    with pytest.raises(ValueError) as err:
        uno.legal_actions(s, 2)
    assert str(err.value) == "there is no seat 2 at this table (seats 0 to 1)"
