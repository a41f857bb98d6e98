"""Errors with stable codes: what went wrong, and where.

>>> err = IllegalAction(ErrorCode.NOT_YOUR_TURN, "player 2 may not play now: it is player 1's turn")
>>> err.code == "not_your_turn", err.code.value, isinstance(err, ValueError)
(True, 'not_your_turn', True)
"""

from __future__ import annotations

import enum
from typing import Final

from unorules._echo import capped

__all__ = ["ErrorCode", "IllegalAction", "JSONError"]


class ErrorCode(enum.StrEnum):
    """The stable codes of rejected actions and invalid transcripts (the transcript format and the
    :class:`IllegalAction` messages both use them). A code is a string enum: it compares
    equal to its value, as the codes are stated.

    >>> [c.value for c in ErrorCode][:3]
    ['malformed', 'unknown_rules', 'bad_deal']
    >>> ErrorCode.NOT_YOUR_TURN == "not_your_turn", f"{ErrorCode.BAD_DEAL}"
    (True, 'bad_deal')
    """

    MALFORMED = "malformed"
    """A transcript that is not valid JSON (or not UTF-8), or not of the format: a missing
    or unknown key, a value of the wrong type, two verbs in one action, a rule option with
    a value it cannot take (``"hand_size": 99``) or options in conflict, a game larger than
    16 MiB (``transcript.MAX_GAME_BYTES``); the report names the JSON path."""
    UNKNOWN_RULES = "unknown_rules"
    """A transcript names a profile, rule option or Wild Customizable effect that is not
    known (the path names it)."""
    BAD_DEAL = "bad_deal"
    """An explicit deal whose hands, turned cards and draw pile do not make up the deck;
    wrong hand sizes; a first card that cannot stay; a dealer other than the one the deal
    passes to."""
    NOT_YOUR_TURN = "not_your_turn"
    """That player may not act now (also: no such seat)."""
    WRONG_PHASE = "wrong_phase"
    """The action does not fit the moment: a play while a challenge is pending, a draw
    while holding a playable card where the rules forbid it, ``uno=True`` on a play that
    does not leave one card, a round entry before the previous round has ended; an action
    that would take a counter of the state (the round number, the generator's draws, a
    total) past 2**63 - 1, which only a state written next to that bound meets."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The card played is not in the player's hand."""
    CARD_DOES_NOT_MATCH = "card_does_not_match"
    """The card may not be laid on the current top card and color."""
    WILD_RESTRICTED = "wild_restricted"
    """The profile forbids this wild here (e.g. a card of the current color could be played)."""
    BAD_COLOR = "bad_color"
    """A color missing on a wild, or given on a card that is not wild."""
    DRAW_MISMATCH = "draw_mismatch"
    """The cards named in ``drawn`` are not in the draw pile (or not next in a known
    pile), a different number of cards is drawn, or a transcript does not name cards it
    has to."""
    NOTHING_TO_CATCH = "nothing_to_catch"
    """The catch target is not exposed: said UNO, does not hold one card, or it is too
    late (or, under the Swedish window, too early)."""
    RESULT_MISMATCH = "result_mismatch"
    """A transcript's ``result`` disagrees with the replayed game."""
    HOST_ONLY = "host_only"
    """A seat sent what only the host may decide: a chance field (``drawn=``, ``hands=``)
    or ``NextRound`` (``unorules.apply_from_seat`` refuses them)."""
    AMBIGUOUS_CARD = "ambiguous_card"
    """A UNO Flip! card named by its face in play alone, when the hand holds several cards
    with that face (different other faces): the message lists them (FL2.2). For example
    ``{"player": 0, "play": "B2"}`` from a hand holding B2|O8 and B2|P6: "player 0 holds 2
    different cards showing B2: name one of B2|P6, B2|O8"; ``"play": "B2|O8"`` names
    one."""


_MESSAGE_LIMIT: Final = 300
"""The longest message an :class:`IllegalAction` keeps (then an ellipsis): messages name
the cards of the action, which may be long lists."""


class IllegalAction(ValueError):
    """An action that :func:`unorules.apply` rejects, with a stable :class:`ErrorCode` and a
    message naming the rule broken. The state it was applied to is never changed.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=1)
    >>> try:
    ...     uno.apply(state, uno.Pass(state.current_player))
    ... except uno.IllegalAction as err:
    ...     print(err.code.value)
    wrong_phase
    """

    code: ErrorCode
    """Why the action was rejected."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(capped(message, _MESSAGE_LIMIT))
        self.code = code

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[ErrorCode, str]]:
        return (type(self), (self.code, str(self)))


class JSONError(ValueError):
    """JSON that is not what it should be (an action, a view): the JSON path of the first
    problem, and what is wrong there. :mod:`unorules.formats.jsonio` re-exports it, and
    the ``from_dict`` and ``from_json`` methods of actions and views raise it.

    >>> import unorules as uno
    >>> try:
    ...     uno.Play.from_json('{"player": 0, "draw": true, "pass": true}')
    ... except JSONError as err:
    ...     print(err.path, "|", err.message)
    $.pass | two verbs in one action (draw and pass): an action has exactly one
    """

    path: str
    """Where the problem is, e.g. ``$.hand[2]``."""
    message: str
    """What is wrong there."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"at {path}: {message}")
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[type[JSONError], tuple[str, str]]:
        return (type(self), (self.path, self.message))
