"""Pluggable effects for the Wild Customizable cards (R9, A10, C14).

A Wild Customizable is a Wild whose written rule is agreed before play. Under these rules
the rule is a named *effect*: a function that receives an :class:`EffectContext` after the
card is laid and its color named, and before the turn passes. Three are built in:
``"wild"`` (nothing more), ``"extra-turn"`` (the same player takes another turn) and
``"draw-until-color"`` (the next player draws until a card of the named color comes, keeps
them all and loses the turn). Choose one with ``Rules(customizable_effect=...)``.

>>> def next_draws_one(ctx: EffectContext) -> None:
...     ctx.draw(ctx.next_player, 1)
>>> register_effect("doc-next-draws-one", next_draws_one)
>>> EFFECTS["doc-next-draws-one"] is next_draws_one
True
>>> {"wild", "extra-turn", "draw-until-color"} <= set(EFFECTS)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, Protocol

from unorules._registry import Registry
from unorules.cards import Card, Color

__all__ = ["EFFECTS", "Effect", "EffectContext", "register_effect"]


class EffectContext(Protocol):
    """What an effect may look at and do. The engine provides it while it applies the card.

    >>> import unorules as uno
    >>> def show(ctx: EffectContext) -> None:
    ...     print(ctx.player, ctx.color.value, ctx.next_player, len(ctx.hand(ctx.next_player)))
    >>> uno.register_effect("doc-show", show)
    >>> rules = uno.MATTEL.but(customizable_effect="doc-show", hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=(("WC", "R1"), ("G2", "G3")), turned=("R5",))
    >>> state = uno.new_game(2, rules=rules, deal=deal)
    >>> _ = uno.apply(state, uno.Play(0, "WC", "blue"))
    0 blue 1 2
    """

    @property
    def player(self) -> int:
        """The seat that laid the card."""

    @property
    def color(self) -> Color:
        """The color named with the card."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""

    @property
    def next_player(self) -> int:
        """The seat that moves next if nothing changes it."""

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now."""

    def draw(self, seat: int, count: int) -> tuple[Card, ...]:
        """Make ``seat`` draw ``count`` cards (fewer when both piles run out); returns them."""

    def draw_until(self, seat: int, stop: Callable[[Card], bool]) -> tuple[Card, ...]:
        """Make ``seat`` draw one card at a time until ``stop(card)`` holds or the piles run
        out; the seat keeps every card; returns them."""

    def skip_next(self) -> None:
        """The next player loses the turn."""

    def extra_turn(self) -> None:
        """The player who laid the card takes another turn."""


Effect = Callable[[EffectContext], None]
"""An effect is a function of the context that returns nothing.

>>> def extra_turn(ctx: EffectContext) -> None:
...     ctx.extra_turn()
>>> effect: Effect = extra_turn
"""


def _wild(ctx: EffectContext) -> None:
    """A plain Wild: the color is named and nothing more happens."""


def _extra_turn(ctx: EffectContext) -> None:
    """Mattel's example "you get an extra turn" (quoted by the Danish guide; C14)."""
    ctx.extra_turn()


def _draw_until_color(ctx: EffectContext) -> None:
    """Mattel's example "the next player draws until he gets a certain colour" (quoted by
    the Danish guide; C14): the color named with the card; all cards drawn are kept; the
    turn is lost."""
    color = ctx.color
    ctx.draw_until(ctx.next_player, lambda card: card.color is color)
    ctx.skip_next()


def _check_effect(name: object, effect: object) -> None:
    if not callable(effect):
        raise TypeError(f"an effect is a function of an EffectContext, not {effect!r}")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"an effect name is a non-empty string: {name!r}")


_EFFECTS: Final[Registry[Effect]] = Registry(
    "effect",
    {"wild": _wild, "extra-turn": _extra_turn, "draw-until-color": _draw_until_color},
    check=_check_effect,
    unknown="{name} is not a registered effect; {hint}known: {known}",
    title="EFFECTS",
)

EFFECTS: Final[Mapping[str, Effect]] = _EFFECTS.view
"""Read-only mapping of effect name to effect; :func:`register_effect` adds to it.

>>> "extra-turn" in EFFECTS
True
"""


def register_effect(name: str, effect: Effect, *, replace: bool = False) -> None:
    """Make ``effect`` available as ``Rules(customizable_effect=name)``.

    An effect acts only through its :class:`EffectContext`, and keeps no state of its own:
    the engine may run it more than once for one play (a host that deals chance itself,
    such as the OpenSpiel game, replays the play to learn what it draws), and it must let
    every exception it did not raise itself pass.

    >>> register_effect("wild", lambda ctx: None)
    Traceback (most recent call last):
    ...
    ValueError: 'wild' is a built-in effect and cannot be replaced
    """
    _EFFECTS.register(name, effect, replace=replace)
