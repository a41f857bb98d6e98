"""The fast paths' gate: which rules admit them, and how they take each rule, derived
from each option's declaration.

Every :class:`~unorules.Rules` option declares how the fast paths treat it
(:class:`~unorules.rules.FastPath`): it *honours* the option (some options say how: by
checking every play, by shaping the listing of a turn, by counting turn actions),
*assumes its default*, or does *not read* it. Rules admit the fast paths exactly when
every option that is assumed at its default has it, and the fast paths check, shape or
count exactly when an option declared so is not at its default. Nothing here names an
option, so a new option is routed the moment it declares itself.

The classic options are honoured or not read, so all classic rules admit them; the No
Mercy options (NM1.2 to NM1.10) are declared ``FastPath.ASSUMES_DEFAULT``, which keeps
rules that change one, ``mattel-no-mercy`` among them, on the general route. UNO
Flip!'s ``flip_pairing`` is declared ``FastPath.ASSUMES_DEFAULT`` too: the fast paths
match cards by identity in tables of single-faced cards, so a Flip game (double-sided
cards, matched by their face in play) takes the general route.

>>> import unorules as uno
>>> fast_path_admits(uno.get_profile("swedish")), fast_path_admits(uno.MATTEL.but(seven_o=True))
(True, True)
>>> fast_path_admits(uno.get_profile("mattel-no-mercy"))
False
>>> fast_path_admits(uno.get_profile("mattel-flip"))
False
>>> assumed_defaults()[:3], assumed_defaults()[-1]
(('deck_counts', 'mercy', 'knockout_points'), 'flip_pairing')
>>> route = fast_route(uno.get_profile("swedish"))  # a wild restriction: plays are checked
>>> route.admits, route.checked, route.compound, route.counts, route.limits_draws
(True, True, False, False, True)
>>> fast_route(uno.MATTEL.but(seven_o=True)).compound
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

import attrs

from unorules._memo import by_identity
from unorules.rules import FastPath, Rules

__all__ = ["FastRoute", "assumed_defaults", "declared", "fast_path_admits", "fast_route"]


def declared(*kinds: FastPath) -> tuple[tuple[str, Any], ...]:
    """The options (name, default) declared as one of ``kinds``, in declaration order."""
    return tuple(
        (field.name, field.default) for field in attrs.fields(Rules) if _fast(field) in kinds
    )


def _fast(field: attrs.Attribute[Any]) -> object:
    """An option's declaration (its field metadata ``"fast"``). The metadata is read
    untyped: attrs types it ``dict``, but it is a mappingproxy at run time, which compiled
    code (the compiled build) would refuse as a dict."""
    metadata: Mapping[str, object] = getattr(field, "metadata")  # noqa: B009
    return metadata["fast"]


_ASSUMED: Final = declared(FastPath.ASSUMES_DEFAULT)
_CHECKING: Final = declared(FastPath.CHECKS_PLAYS, FastPath.SHAPES_PLAYS)
_SHAPING: Final = declared(FastPath.SHAPES_PLAYS)
_COUNTING: Final = declared(FastPath.COUNTS_TURNS)
_LIMITING: Final = declared(FastPath.LIMITS_DRAWS)


class FastRoute(NamedTuple):
    """How the fast paths take a set of rules (kept by each round's ``Match``)."""

    admits: bool
    """The fast paths may run: every option they assume at its default has it."""
    checked: bool
    """Some option declared ``CHECKS_PLAYS`` or ``SHAPES_PLAYS`` is not at its default:
    every play of a normal turn is checked by the legality rule functions."""
    compound: bool
    """Some option declared ``SHAPES_PLAYS`` is not at its default: the current player's
    listing comes from the general listing's own function."""
    counts: bool
    """Some option declared ``COUNTS_TURNS`` is not at its default: turn actions are
    counted."""
    limits_draws: bool
    """Some option declared ``LIMITS_DRAWS`` is not at its default: a normal turn's draw
    is asked of :func:`unorules._engine.moves.may_draw`."""


def _changed(rules: Rules, options: tuple[tuple[str, Any], ...]) -> bool:
    return any(getattr(rules, name) != default for name, default in options)


def assumed_defaults() -> tuple[str, ...]:
    """The options the fast paths assume at their defaults, in declaration order."""
    return tuple(name for name, _ in _ASSUMED)


def fast_path_admits(rules: Rules) -> bool:
    """Whether the fast paths may run under ``rules``: every option they assume at its
    default has it."""
    return fast_route(rules).admits


@by_identity
def fast_route(rules: Rules) -> FastRoute:
    """How the fast paths take ``rules``, from the options' declarations."""
    return FastRoute(
        admits=not _changed(rules, _ASSUMED),
        checked=_changed(rules, _CHECKING),
        compound=_changed(rules, _SHAPING),
        counts=_changed(rules, _COUNTING),
        limits_draws=_changed(rules, _LIMITING),
    )
