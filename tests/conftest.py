"""Shared test helpers: apply scripted action sequences, read hands, check rejections;
and the hypothesis profiles.

Positions are written in the position notation (:meth:`unorules.State.from_position`).

Hypothesis runs under one of two profiles, chosen by the ``CI`` environment variable:
``ci`` (``CI=true``, as ``.ci/run`` sets it) runs the full example counts, ``dev`` (every
other run) a fifth of them, for a quicker local suite. ``--hypothesis-profile=ci`` runs
the full counts locally. A test that sets its own ``max_examples`` writes it as
``examples(full)``, the count under ``ci``, so that it scales with the profile."""

from __future__ import annotations

import gc
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

import unorules as uno

CI_EXAMPLES = 100
"""``max_examples`` under the ``ci`` profile: hypothesis' own default."""

settings.register_profile("ci", max_examples=CI_EXAMPLES)
settings.register_profile("dev", max_examples=CI_EXAMPLES // 5)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")


def examples(full: int, *, least: int = 2) -> int:
    """A test's ``max_examples``: ``full`` under the ``ci`` profile, scaled with the
    profile in force (a fifth under ``dev``), and never below ``least`` (or ``full``).

    Hypothesis tries the simplest example first (a seed of 0), so ``least`` is 2: one
    example would run the same case whatever ``--hypothesis-seed``.
    """
    scaled = -(-full * settings().max_examples // CI_EXAMPLES)  # rounded up, exactly
    return max(min(full, least), scaled)


@pytest.fixture(autouse=True)
def _collector_stays_on() -> Iterator[None]:
    """Every test leaves the cyclic garbage collector on. A benchmark workload run in
    process turns it off for its counted run; left off, every later test's cycles pile up
    (the suite under the ``ci`` profile then grew past 20 GB and was killed)."""
    yield
    if not gc.isenabled():
        gc.enable()
        pytest.fail("the test left the cyclic garbage collector off")


def cards(text: str) -> tuple[uno.Card, ...]:
    """``cards("R1 G+2 W")`` -> a tuple of cards."""
    return tuple(uno.Card.parse(t) for t in text.split())


def run(state: uno.State, *actions: uno.Action) -> uno.State:
    """Apply actions in order, checking each time that apply leaves its input unchanged."""
    for action in actions:
        before = state.to_json()
        new = uno.apply(state, action)
        assert state.to_json() == before
        state = new
    return state


def hand(state: uno.State, seat: int) -> str:
    """A seat's hand in notation, e.g. ``"R1 G2 W"``."""
    return " ".join(map(str, state.hands[seat]))


def rejects(state: uno.State, action: uno.Action, code: str) -> uno.IllegalAction:
    """Assert that ``action`` is rejected with ``code`` and leaves ``state`` unchanged."""
    before = state.to_json()
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, action)
    assert info.value.code.value == code, str(info.value)
    assert not uno.is_legal(state, action)
    assert action not in uno.legal_actions(state)
    assert state.to_json() == before
    return info.value


@pytest.fixture(scope="module")
def conf() -> ModuleType:
    """The Sphinx configuration, ``docs/conf.py``, loaded as a module (the docs tests)."""
    path = Path(__file__).resolve().parents[1] / "docs" / "conf.py"
    spec = importlib.util.spec_from_file_location("docs_conf", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the compiled build ------------------------------------------------------------------
# scripts/test-compiled runs the suite against the mypyc-compiled build (uno.COMPILED). A
# test that cannot hold there is marked ``@pytest.mark.incompatible_with_mypyc(reason)``
# and skips in that run, with its reason in the report; it runs in the pure build.


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "incompatible_with_mypyc(reason): cannot hold in the compiled build; skipped there",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not uno.COMPILED:
        return
    for item in items:
        marker = item.get_closest_marker("incompatible_with_mypyc")
        if marker is not None:
            reason = marker.args[0] if marker.args else marker.kwargs.get("reason")
            assert reason, f"{item.nodeid}: incompatible_with_mypyc needs its reason"
            item.add_marker(pytest.mark.skip(reason=f"compiled build: {reason}"))
