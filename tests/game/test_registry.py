"""The one registry mechanism (``unorules._registry``) and the registries built on it: rule
profiles, Wild Customizable effects, the bots a study names, the match's built-in bots.

Each registry keeps its own words; the mechanism adds a "did you mean" to an unknown name
that is a near miss of a known one."""

from __future__ import annotations

import threading

import pytest

import unorules as uno
from unorules import rules as rules_mod
from unorules._registry import Registry
from unorules.agents.match import BUILTIN_BOTS, BotSpec
from unorules.cli import main
from unorules.studies import study as study_mod

# -- "did you mean": one per registry, the exact message ------------------------------------


def test_a_mistyped_profile_name_gets_a_guess() -> None:
    with pytest.raises(ValueError) as info:
        uno.get_profile("swedsh")
    known = ", ".join(uno.PROFILES)
    assert str(info.value) == (
        f"unknown rules profile 'swedsh'; did you mean 'swedish'? known profiles: {known}"
    )


def test_a_mistyped_effect_name_gets_a_guess() -> None:
    with pytest.raises(uno.RulesError) as info:
        uno.MATTEL.but(customizable_effect="extra-trun")
    known = ", ".join(sorted(uno.EFFECTS))
    assert str(info.value) == (
        "customizable_effect='extra-trun' is not a registered effect;"
        f" did you mean 'extra-turn'? known: {known}"
    )


def test_a_mistyped_bot_name_gets_a_guess() -> None:
    with pytest.raises(ValueError) as info:
        uno.simulate("mattel", 2, 1, rounds=1, bots=["random", "heuristc"])
    known = ", ".join(sorted(study_mod.BOTS))
    assert str(info.value) == (
        f"bots[1]: unknown bot 'heuristc'; did you mean 'heuristic'? known: {known}"
    )


def test_a_mistyped_bot_name_on_the_command_line_gets_a_guess(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "1", "--bot", "randm"]) == 2
    known = ", ".join(sorted(study_mod.BOTS))
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err == (
        f"unorules simulate: error: --bot: unknown bot 'randm'; did you mean 'random'?"
        f" known: {known} (programs: unorules match)"
    )


def test_a_mistyped_built_in_bot_of_a_match_gets_a_guess() -> None:
    with pytest.raises(ValueError) as info:
        BotSpec.parse("builtin:randmo")
    known = ", ".join(sorted(BUILTIN_BOTS))  # the one table of bot names
    assert str(info.value) == f"unknown bot 'randmo'; did you mean 'random'? known: {known}"


def test_no_guess_for_a_name_like_none_of_the_known() -> None:
    with pytest.raises(ValueError) as info:
        uno.get_profile("hoyle")
    assert "did you mean" not in str(info.value)
    with pytest.raises(ValueError) as info:
        uno.get_profile("x" * 100_000)  # too long to guess for: no time spent on it
    assert "did you mean" not in str(info.value) and len(str(info.value)) < 300


# -- the registries keep their own words ------------------------------------------------------


def test_each_registry_refuses_a_taken_name_in_its_own_words() -> None:
    with pytest.raises(ValueError, match=r"^'mattel' is a built-in profile and cannot be"):
        uno.register_profile("mattel", uno.MATTEL_108, replace=True)
    with pytest.raises(ValueError, match=r"^'wild' is a built-in effect and cannot be replaced$"):
        uno.register_effect("wild", lambda ctx: None, replace=True)
    with pytest.raises(ValueError, match=r"^bot 'random' is already registered; pass replace"):
        study_mod.register_bot("random", study_mod.BOTS["heuristic"])


def test_each_registry_checks_name_and_value_in_its_own_words() -> None:
    with pytest.raises(TypeError, match=r"^register_profile needs a Rules value, not dict$"):
        uno.register_profile("", {})  # type: ignore[arg-type]  # the value first
    with pytest.raises(ValueError, match=r"^an effect name is a non-empty string: ' '$"):
        uno.register_effect(" ", lambda ctx: None)
    with pytest.raises(TypeError, match=r"^an effect is a function of an EffectContext, not 3$"):
        uno.register_effect("", 3)  # type: ignore[arg-type]  # the value first
    with pytest.raises(ValueError, match=r"^a bot's name is a non-empty string, not ''$"):
        study_mod.register_bot("", 3)  # type: ignore[arg-type]  # the name first
    with pytest.raises(TypeError, match=r"^bot 'x': the factory must be callable, not 3$"):
        study_mod.register_bot("x", 3)  # type: ignore[arg-type]
    assert "x" not in study_mod.BOTS


def test_a_built_in_bot_can_be_replaced_as_before() -> None:
    random = study_mod.BOTS["random"]
    study_mod.register_bot("random", study_mod.BOTS["heuristic"], replace=True)
    try:
        assert study_mod.get_bot("random") is study_mod.BOTS["heuristic"]
    finally:
        study_mod.register_bot("random", random, replace=True)
    assert study_mod.BOTS["random"] is random


@pytest.mark.parametrize(
    "view",
    [uno.PROFILES, uno.EFFECTS, study_mod.BOTS, BUILTIN_BOTS],
    ids=["PROFILES", "EFFECTS", "BOTS", "BUILTIN_BOTS"],
)
def test_every_registry_is_seen_read_only(view: object) -> None:
    with pytest.raises(TypeError, match="does not support item assignment"):
        view["x"] = None  # type: ignore[index]
    with pytest.raises(TypeError, match="does not support item deletion"):
        del view["random"]  # type: ignore[attr-defined]


def test_registered_names_follow_the_built_in_ones_and_can_be_tidied_away() -> None:
    uno.register_profile("test-registry-house", uno.MATTEL.but(target=300))
    try:
        assert list(uno.PROFILES)[: len(rules_mod.BUILT_IN_ORDER) + 1] == [
            *rules_mod.BUILT_IN_ORDER,
            "test-registry-house",
        ]
    finally:
        rules_mod._PROFILES.unregister("test-registry-house")
    assert "test-registry-house" not in uno.PROFILES
    with pytest.raises(ValueError, match="'mattel' is a built-in profile and cannot be removed"):
        rules_mod._PROFILES.unregister("mattel")


# -- the mechanism ----------------------------------------------------------------------------


def test_one_name_registered_at_once_by_many_threads_is_taken_once() -> None:
    sizes: Registry[int] = Registry("size", {"small": 1})
    barrier = threading.Barrier(8)
    outcomes: list[str] = []

    def register(i: int) -> None:
        barrier.wait()
        try:
            sizes.register("large", i)
            outcomes.append("registered")
        except ValueError as err:
            outcomes.append(str(err))

    threads = [threading.Thread(target=register, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("registered") == 1
    assert outcomes.count("size 'large' is already registered; pass replace=True") == 7


def test_an_unhashable_name_is_unknown_not_a_crash() -> None:
    sizes: Registry[int] = Registry("size", {"small": 1}, title="SIZES")
    with pytest.raises(ValueError, match=r"^unknown size \['small'\]; known: small$"):
        sizes.get(["small"])
    assert repr(sizes.view) == "SIZES({'small': 1})"
