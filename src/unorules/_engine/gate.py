"""The fast paths' gate: which rules admit them, derived from each option's declaration.

Every :class:`~unorules.Rules` option declares how the fast paths treat it
(:class:`~unorules.rules.FastPath`): it *honours* the option, *assumes its default*, or
does *not read* it. Rules admit the fast paths exactly when every option that is assumed
at its default has it; nothing here names an option, so a new option is gated the moment
it declares itself.

Today every option is honoured or not read, so all rules admit them; an option declared
``FastPath.ASSUMES_DEFAULT`` would keep rules that change it on the general route.

>>> import unorules as uno
>>> fast_path_admits(uno.get_profile("swedish")), fast_path_admits(uno.MATTEL.but(seven_o=True))
(True, True)
>>> assumed_defaults()
()
"""

from __future__ import annotations

from typing import Final

import attrs

from unorules._memo import by_identity
from unorules.rules import FastPath, Rules

__all__ = ["assumed_defaults", "fast_path_admits"]

_ASSUMED: Final = tuple(
    (field.name, field.default)
    for field in attrs.fields(Rules)
    if field.metadata["fast"] is FastPath.ASSUMES_DEFAULT
)


def assumed_defaults() -> tuple[str, ...]:
    """The options the fast paths assume at their defaults, in declaration order."""
    return tuple(name for name, _ in _ASSUMED)


@by_identity
def fast_path_admits(rules: Rules) -> bool:
    """Whether the fast paths may run under ``rules``: every option they assume at its
    default has it."""
    return all(getattr(rules, name) == default for name, default in _ASSUMED)
