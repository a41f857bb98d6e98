"""The round turn limit: under the house rule ``round_turn_limit``, a round that has
lasted that many turn actions ends as a stuck round does (C15).

Nothing in the rules of UNO makes a round end: a card laid can be drawn again, so players
who stall on purpose (lay a card, draw one, and never go out) can keep a round going for
ever. The option bounds it. Each *turn action* (C2: a play, a Jump-In included, or a draw
that is not a penalty) counts; when the count reaches the limit, once the action has
resolved, the round ends with no winner and nobody scores (C15). A turn has at most two
turn actions (a draw, then laying the card drawn), and the other actions that move a round
on (taking or challenging a penalty, naming a color) come between them, a few at most, so
the limit bounds every action that moves a round on. Like the seventy-five-move rule of
chess it is automatic: nobody has to claim it.

Both routes count with :func:`counted`, once the action has resolved: the general route
(:mod:`unorules._engine.general`) after every action, the fast route
(:mod:`unorules._engine.fast`) after the plays and draws it admits, so the option is
declared ``FastPath.COUNTS_TURNS``. Rules that do not set it (every profile) never count
(``Match.counts`` is False), so their states hold no count and their JSON no
``turn_actions`` key.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=3, round_turn_limit=2)
>>> s = uno.State.from_position("R1,R2,R3/G1,G2,G3 R5 red 0+ play *", rules=rules)
>>> s = uno.apply(s, uno.Play(0, "R1"))
>>> s.turn_actions, s.phase.value
(1, 'play')
>>> s = uno.apply(s, uno.Draw(1))
>>> s.turn_actions, s.phase.value, s.round_winner, s.scores
(2, 'round_over', None, (0, 0))
"""

from __future__ import annotations

from typing import Final

from unorules._engine.turns import end_round
from unorules.actions import Action, Draw, Play
from unorules.state import Phase, State, draft, freeze, ledger

__all__ = ["counted", "is_turn_action"]

_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER


def is_turn_action(before: State, action: Action) -> bool:
    """Whether ``action``, accepted in ``before``, is a turn action (C2): a play (a
    Jump-In too), or a draw on a normal turn (not taking a penalty)."""
    kind = type(action)
    return kind is Play or (kind is Draw and before.phase is _PLAY)


def counted(before: State, action: Action, after: State) -> State:
    """``after`` (the state ``action`` led to from ``before``) with the turn action
    counted under ``round_turn_limit``; at the limit the round ends with no winner (C15),
    unless the action ended it already."""
    if not is_turn_action(before, action):
        return after
    d = draft(after)
    ledger(d).turn_actions = after._ledger.turn_actions + 1
    phase = after.phase
    at_limit = d._ledger.turn_actions >= d._match.rules.round_turn_limit
    if at_limit and phase is not _ROUND_OVER and phase is not _GAME_OVER:
        return end_round(d, None)  # a round that lasted too long: stuck (C15)
    return freeze(d)
