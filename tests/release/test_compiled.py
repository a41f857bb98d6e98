"""The two builds of one source (issue 30): what holds in the pure build and in the
mypyc-compiled one alike, and which modules the compiled build compiles.

The pure job (``scripts/test``) runs these against the source; the compiled job
(``scripts/test-compiled``) runs them against the compiled wheel installed in a
temporary environment, where :data:`unorules.COMPILED` is true.
"""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import pickle
import pydoc
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import unorules as uno
import unorules.state
from unorules._native import is_compiled

ROOT = Path(__file__).resolve().parents[2]


def hook() -> dict[str, object]:
    """The mypyc build hook's configuration in pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: dict[str, object] = project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"][
        "mypyc"
    ]
    return found


Case = tuple[Callable[[], object], type[Exception], str]


def raise_exactly(cases: list[Case]) -> None:
    """Each call raises exactly that exception type (not a subclass) with that message."""
    for call, kind, message in cases:
        with pytest.raises(kind) as caught:
            call()
        assert type(caught.value) is kind and str(caught.value) == message


def declared_modules() -> list[str]:
    """The modules the hook compiles, from its one declaration (``include``): a folder
    there compiles every module in it, so a new room is compiled when it is added."""
    names: list[str] = []
    include = hook()["include"]
    assert isinstance(include, list)
    for pattern in include:
        path = ROOT / pattern.lstrip("/")
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        for file in files:
            parts = file.relative_to(ROOT / "src").with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_the_compiled_build_is_off_by_default_and_declares_the_rooms_and_the_state() -> None:
    config = hook()
    assert config["enable-by-default"] is False  # pip install . builds the pure package
    modules = declared_modules()
    rooms = {f"unorules._engine.{room}" for room in unorules._engine.LAYERS}
    assert rooms <= set(modules)
    assert "unorules.state" in modules
    assert "unorules.cards" in modules  # a native Card: the rooms read its fields natively
    # what the rooms call on every round: the scoring of its end, the generator of its deal
    assert {"unorules.scoring", "unorules.rng"} <= set(modules)
    # the observation encoders: interpreted, they read the native state through descriptors
    assert {"unorules.agents.observation", "unorules.agents.observation_v2"} <= set(modules)
    assert "unorules.agents._vector" in modules  # their writer, which PolicyBot calls too
    assert "unorules.engine" not in modules  # the public facade stays Python


def test_compiled_says_which_build_runs_and_every_declared_module_is_that_build() -> None:
    assert isinstance(uno.COMPILED, bool)
    assert uno.COMPILED is is_compiled(unorules.state)
    for name in declared_modules():
        try:
            module: ModuleType = importlib.import_module(name)
        except ModuleNotFoundError as missing:  # the encoders need numpy, an optional extra
            assert missing.name == "numpy" and name.startswith("unorules.agents."), missing
            continue
        assert is_compiled(module) is uno.COMPILED, (name, module.__file__)
        if uno.COMPILED:
            assert module.__file__ is not None and module.__file__.endswith(".so")
    assert not is_compiled(uno.engine)  # never compiled: the facade's checks and docs


def _parameters(node: ast.FunctionDef) -> list[str]:
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args)]
    if args.vararg is not None:
        names.append(args.vararg.arg)
    names.extend(a.arg for a in args.kwonlyargs)
    if args.kwarg is not None:
        names.append(args.kwarg.arg)
    return names


def test_every_public_name_of_a_compiled_module_reads_as_its_source() -> None:
    """Each public function and class that a public declared module defines (its
    ``__all__``) has the docstring and the parameters its source gives it, in both builds:
    mypyc drops them, and a compiled module that does not end by dressing its public names
    (``unorules._native.dress_public``) fails here, whichever module it is."""
    checked = 0
    for name in declared_modules():
        if any(part.startswith("_") for part in name.split(".")):
            continue  # the rooms (unorules._engine) and other private modules: no public names
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:  # the encoders need numpy, an optional extra
            assert missing.name == "numpy", missing
            continue
        path = ROOT / "src" / Path(*name.split("."))
        source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        tree = ast.parse(source.read_text(encoding="utf-8"))
        defined = {
            node.name: node
            for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.ClassDef)
        }
        for public in getattr(module, "__all__", ()):
            node = defined.get(public)
            if node is None:  # a constant, or a name defined elsewhere
                continue
            value = getattr(module, public)
            where = f"{name}.{public}"
            assert inspect.getdoc(value) == ast.get_docstring(node), where
            if isinstance(node, ast.FunctionDef):
                if node.decorator_list:  # a cache's wrapper (unorules._memo) takes one value
                    continue
                wanted = _parameters(node)
            else:
                init = next(
                    (
                        item
                        for item in node.body
                        if isinstance(item, ast.FunctionDef) and item.name == "__init__"
                    ),
                    None,
                )
                if init is None:  # no __init__ of its own: its signature is its base's
                    continue
                wanted = _parameters(init)[1:]  # without self
            assert list(inspect.signature(value).parameters) == wanted, where
            checked += 1
    assert checked >= 10  # the scoring, the generator and the encoders have a dozen


def test_public_state_keeps_its_docstrings_signatures_and_annotations() -> None:
    """``help(uno.State)`` reads the same in both builds: mypyc drops a compiled class's
    docstrings, which unorules._native gives back from the source."""
    assert (inspect.getdoc(uno.State) or "").startswith("An immutable game state. Make one with")
    text = pydoc.plain(pydoc.render_doc(uno.State))
    assert "An immutable game state" in text
    assert "The rules this game is played under." in text  # a property
    assert "A state from :meth:`to_json`'s output" in text  # a class method
    assert "from_json(text: 'str | bytes') -> 'State'" in text
    assert str(inspect.signature(uno.State.to_json)) == "(self) -> 'str'"
    assert str(inspect.signature(uno.State.from_position)) == (
        "(text: 'str', rules: 'Rules | str' = 'mattel') -> 'State'"
    )
    assert uno.State.is_over.__doc__ is not None
    assert ">>>" in (uno.State.is_over.__doc__ or "")
    assert ">>>" in (uno.State.position.__doc__ or "")
    assert str(inspect.signature(unorules.state.build_state)).startswith("(*, rules: 'Rules', ")
    assert (unorules.state.build_state.__doc__ or "").strip()


def test_public_functions_keep_their_signatures() -> None:
    assert str(inspect.signature(uno.apply)) == "(state: 'State', action: 'Action') -> 'State'"
    assert str(inspect.signature(uno.new_game)) == (
        "(players: 'int | Sequence[str]', rules: 'Rules | str | None' = None,"
        " seed: 'int | None' = None, *, deal: 'Deal | None' = None) -> 'State'"
    )
    assert (uno.apply.__doc__ or "").startswith("The state after ")


def test_the_scoring_and_the_generator_keep_their_docs_signatures_and_errors() -> None:
    """The public functions of the compiled scoring and generator modules read as written
    and refuse bad arguments in the library's words, as in the pure build."""
    from unorules import rng, scoring

    assert str(inspect.signature(rng.shuffled)) == (
        "(items: 'Sequence[T]', *, seed: 'int', counter: 'int') -> 'list[T]'"
    )
    assert (rng.shuffled.__doc__ or "").startswith("A uniformly random permutation of ")
    assert str(inspect.signature(scoring.hand_points)) == (
        "(cards: 'Iterable[Card]', rules: 'Rules') -> 'int'"
    )
    assert ">>>" in (scoring.score_round.__doc__ or "")
    assert rng.shuffled(range(10), seed=7, counter=0) == [3, 1, 8, 5, 6, 0, 4, 7, 9, 2]
    assert scoring.hand_points([uno.Card.parse("W"), uno.Card.parse("B7")], uno.MATTEL) == 57
    raise_exactly(
        [
            (
                lambda: rng.randbelow(6, seed=2**64, counter=0),
                ValueError,
                "a seed is an integer from 0 to 2**64 - 1, not 18446744073709551616",
            ),
            (
                lambda: rng.sample("abc", 5, seed=1, counter=0),
                ValueError,
                "cannot sample 5 of 3 items",
            ),
        ]
    )


def test_the_observation_encoders_keep_their_docs_signatures_and_errors() -> None:
    """The observation encoders (compiled too, so that they read the native state natively)
    read as written and refuse bad arguments in the library's words; an object that is no
    Arena but holds what the encoder reads, which the compiled method refuses at its door,
    is encoded by the source's own body, as in the pure build."""
    pytest.importorskip("numpy")
    from types import SimpleNamespace

    from unorules.agents import observation, observation_v2
    from unorules.agents.arena import Arena

    for module in (observation, observation_v2):
        assert str(inspect.signature(module.encode_arena)) == (
            "(arena: 'Arena', player: 'int') -> 'npt.NDArray[np.float32]'"
        )
        assert ">>>" in (module.encode_arena.__doc__ or "")
        assert str(inspect.signature(module.ObservationEncoder.encode_arena)) == (
            "(self, arena: 'Arena', player: 'int') -> 'npt.NDArray[np.float32]'"
        )
    assert str(inspect.signature(observation.ObservationEncoder)) == (
        "(players: 'int', rules: 'Rules', *, normalized: 'bool' = False) -> 'None'"
    )
    assert str(inspect.signature(observation_v2.ObservationEncoder)) == (
        "(players: 'int', rules: 'Rules') -> 'None'"
    )
    assert (observation.ObservationEncoder.__doc__ or "").startswith(
        "Encodes observations at one kind of table quickly"
    )
    raise_exactly(
        [
            (
                lambda: observation.ObservationEncoder("2", uno.MATTEL),  # type: ignore[arg-type]
                TypeError,
                "'str' object cannot be interpreted as an integer",
            ),
            (
                lambda: observation.ObservationEncoder(2, uno.MATTEL_NO_MERCY),
                ValueError,
                "the observation vector encodes the 56 classic cards; these rules' deck holds"
                " UNO Show 'Em No Mercy's cards, which observation version 2 (version=2:"
                " unorules/Uno-v2, unorules_uno_v2) encodes",
            ),
        ]
    )
    arena = Arena(2)
    arena.reset(seed=3)
    encoder = observation.ObservationEncoder(2, uno.MATTEL)
    alike = SimpleNamespace(**{name: getattr(arena, name) for name in ALIKE})
    assert encoder.encode_arena(alike, 0).tolist() == encoder.encode_arena(arena, 0).tolist()  # type: ignore[arg-type]


ALIKE = ("state", "drawn", "played", "scores", "exposed", "actor", "interjecting", "prefix")
"""What :meth:`ObservationEncoder.encode_arena` reads of an arena."""


def test_apply_and_step_call_the_fast_route_itself_not_a_python_wrapper() -> None:
    """Issue 30's speed: the compiled build's thin Python layer dresses the public names
    only. It once put its Python wrapper in place of the fast route's functions in
    ``unorules.engine`` too (they are public in ``_engine.fast``), which added a Python
    call to every apply and step; the public ``legal_actions`` keeps its wrapper (its
    docstring and signature)."""
    from unorules._engine import fast

    for name in ("fast_play", "fast_draw", "fast_pass"):
        assert getattr(uno.engine, name) is getattr(fast, name), name
    assert inspect.signature(uno.legal_actions).parameters["player"].default is None
    assert (uno.legal_actions.__doc__ or "").startswith("Every action")
    s = uno.new_game(["A", "B"], seed=1)
    anything: Any = None
    for call, what in ((uno.apply, "apply"), (uno.step, "step")):
        for action in (uno.Play(0, "R1"), uno.Draw(0), uno.Pass(0)):
            with pytest.raises(TypeError) as caught:
                call(anything, action)
            assert str(caught.value) == f"{what} needs a State (from unorules.new_game), not None"
    assert uno.apply(s, uno.legal_actions(s)[0]) == uno.step(s, uno.legal_actions(s)[0]).state


def test_the_library_s_own_errors_in_both_builds() -> None:
    """The same TypeError/ValueError, with the library's words, in both builds: a bool is
    not a seat (compiled code would otherwise take True for 1)."""
    s = uno.new_game(["A", "B"], seed=1)
    anything: Any = "x"
    cases: list[Case] = [
        (lambda: uno.legal_actions(s, True), ValueError, "a seat is an int from 0 to 1, not True"),
        (
            lambda: uno.apply(s, uno.Draw(True)),
            TypeError,
            "player is a seat, a whole number, not True",
        ),
        (
            lambda: uno.is_legal(s, uno.Draw(True)),
            TypeError,
            "player is a seat, a whole number, not True",
        ),
        (
            lambda: uno.legal_actions(s, anything),
            ValueError,
            "a seat is an int from 0 to 1, not 'x'",
        ),
        (lambda: uno.apply(s, anything), TypeError, "not an action: 'x'"),
        (
            lambda: uno.apply(anything, uno.Draw(0)),
            TypeError,
            "apply needs a State (from unorules.new_game), not 'x'",
        ),
        (
            lambda: uno.new_game(True),
            TypeError,
            "players is a number of seats or a list of names, not True",
        ),
        (
            lambda: uno.legal_actions(s, 5),
            ValueError,
            "there is no seat 5 at this table (seats 0 to 1)",
        ),
    ]
    raise_exactly(cases)


def test_a_state_stays_immutable_and_pickles_in_both_builds() -> None:
    s = uno.new_game(["A", "B"], seed=1)
    with pytest.raises(AttributeError) as caught:
        s.hands = ()
    assert str(caught.value) == "State is immutable: use unorules.apply(state, action)"
    with pytest.raises(AttributeError, match="State is immutable"):
        del s.color
    ledger = s._ledger
    with pytest.raises(AttributeError, match="a Ledger is immutable"):
        ledger.rng_counter = 0
    after = uno.apply(s, uno.legal_actions(s)[0])
    assert type(after) is uno.State and type(after._ledger) is unorules.state.Ledger
    assert pickle.loads(pickle.dumps(after)) == after
    assert pickle.loads(pickle.dumps(after._ledger)).key() == after._ledger.key()
    assert copy.copy(after) is after and copy.deepcopy(after) is after


@pytest.mark.incompatible_with_mypyc(
    "a native class keeps no __annotations__ and its attributes take only their declared"
    " types, so the marks cannot be written; the copy functions are the same source, so"
    " the pure run checks them"
)
def test_the_compiled_build_s_copies_carry_every_field() -> None:
    """The compiled build freezes a draft and seals a ledger by copying them field by
    field (a native instance cannot switch its class): a field added to a state or a
    ledger and left out of ``_copy_fields`` or ``_copy_ledger`` would be lost in the
    compiled build only (No Mercy's ``set_aside`` was, at the merge). Every annotated
    field gets a distinct value, and the copy must carry each one."""
    from unorules.state import (
        Draft,
        Fields,
        LedgerDraft,
        LedgerFields,
        _copy_fields,
        _copy_ledger,
    )

    def fields(cls: type) -> list[str]:
        return [name for name in cls.__annotations__ if not name.startswith("__")]

    cases: list[tuple[type, Any, Any, Callable[[Any, Any], None]]] = [
        (Fields, Draft(), Draft(), _copy_fields),
        (LedgerFields, LedgerDraft(), LedgerDraft(), _copy_ledger),
    ]
    for cls, source, target, copier in cases:
        names = fields(cls)
        assert len(names) >= 10, names
        marks = {name: object() for name in names}
        for name, mark in marks.items():
            object.__setattr__(source, name, mark)
        copier(source, target)
        missing = [n for n in names if getattr(target, n, None) is not marks[n]]
        assert missing == [], f"{copier.__name__} leaves out {missing}"


def test_a_card_keeps_its_signature_errors_identity_and_immutability_in_both_builds() -> None:
    """Issue 30: the compiled build compiles ``Card`` into a native class, whose compiled
    ``__new__`` would check its arguments in mypyc's words (``unorules.cards.Rank object
    expected; got str``) and show no signature; Python callers get the source's own."""
    card_new: Any = uno.Card  # called with wrong arguments on purpose
    assert str(inspect.signature(uno.Card)) == (
        "(rank: 'Rank', color: 'Color | None' = None) -> 'Card'"
    )
    r7 = uno.Card(uno.Rank.SEVEN, uno.Color.RED)
    assert type(r7) is uno.Card and r7 is uno.Card.parse("R7") and r7.index == 7
    assert r7.face is r7 and r7.other is None and r7.up is None
    cases: list[Case] = [
        (lambda: card_new("R7"), TypeError, "a card's rank must be a Rank, not 'R7'"),
        (
            lambda: card_new(uno.Rank.SEVEN, "red"),
            ValueError,
            "Rank.SEVEN needs a color (red, yellow, green or blue), got 'red'",
        ),
        (
            lambda: uno.Card(uno.Rank.WILD, uno.Color.RED),
            ValueError,
            "a wild card has no color: got Rank.WILD with Color.RED",
        ),
        (
            lambda: uno.Card(uno.Rank.DISCARD_ALL, uno.Color.PINK),
            ValueError,
            "there is no pink discard all card in any deck",
        ),
    ]
    raise_exactly(cases)
    anything: Any = r7
    with pytest.raises(AttributeError) as refused:
        anything.index = 3
    assert str(refused.value) == "Card is immutable"
    with pytest.raises(AttributeError) as refused:
        del anything.rank
    assert str(refused.value) == "Card is immutable"
    double = uno.Card.parse("B2|O8", uno.Side.DARK)
    assert double.index == 134 + uno.Card.parse("O8").index * 134 + uno.Card.parse("B2").index
    assert double.face is uno.Card.parse("O8") and double.other is not None
    assert double.other.other is double and double.other.up is uno.Side.LIGHT
    for card in (r7, double, uno.Card.parse("W+4")):
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card and copy.deepcopy(card) is card


def test_a_card_asked_for_by_another_thread_while_one_is_made_is_the_interned_one() -> None:
    """A card is allocated in ``Card.__new__`` only, told what to make by the module
    (``_mint_next``, as ``Card._make`` and ``Card._double`` do); that note is per thread, so
    ``Card(rank, color)`` called meanwhile by another thread (a UNO Flip! random pairing
    makes double-sided cards during play) is looked up, not made from it."""
    import threading

    from unorules import cards

    red_seven = uno.Card.parse("R7")
    cards._mint_next((999, "X", None, None))  # this thread is about to make a card
    try:
        got: list[uno.Card] = []
        other = threading.Thread(target=lambda: got.append(uno.Card(uno.Rank.SEVEN, uno.Color.RED)))
        other.start()
        other.join()
        assert len(got) == 1 and got[0] is red_seven
    finally:
        cards._MINTING.pending.clear()
    assert uno.Card(uno.Rank.SEVEN, uno.Color.RED) is red_seven


def test_the_match_keeps_the_options_every_draw_reads_as_the_rules_say() -> None:
    """Issue 30's speed: a draw reads ``draw_until_playable``, ``draw_up_to``,
    ``play_drawn_card`` and ``mercy`` from the match (native fields when compiled), which
    must hold the rules' own values under every profile and a house-rule mixture."""
    mixtures = [uno.get_profile(name) for name in uno.PROFILES]
    mixtures.append(uno.MATTEL.but(draw_until_playable=True, play_drawn_card=True))
    mixtures.append(uno.MATTEL.but(draw_up_to=3, play_drawn_card=False))
    for rules in mixtures:
        m = uno.new_game(2, rules, seed=1)._match
        for name in ("draw_until_playable", "draw_up_to", "play_drawn_card", "mercy"):
            assert getattr(m, name) == getattr(rules, name), (rules, name)
            assert type(getattr(m, name)) is type(getattr(rules, name)), (rules, name)
