"""Errors with stable codes: what went wrong, and where.

>>> err = IllegalAction(ErrorCode.NOT_YOUR_TURN, "player 2 may not play now: it is player 1's turn")
>>> err.code == "not_your_turn", err.code.value, isinstance(err, ValueError)
(True, 'not_your_turn', True)
"""

from __future__ import annotations

import enum

__all__ = ["ErrorCode", "IllegalAction"]


class ErrorCode(enum.StrEnum):
    """The stable codes of rejected actions and invalid transcripts (SPEC §5). A code is a
    string enum: it compares equal to its value, as the codes are stated.

    >>> [c.value for c in ErrorCode][:3]
    ['malformed', 'unknown_rules', 'bad_deal']
    >>> ErrorCode.NOT_YOUR_TURN == "not_your_turn", f"{ErrorCode.BAD_DEAL}"
    (True, 'bad_deal')
    """

    MALFORMED = "malformed"
    """Not valid JSON, or not of the transcript format."""
    UNKNOWN_RULES = "unknown_rules"
    """A profile or option name that is not known."""
    BAD_DEAL = "bad_deal"
    """Hands, turned cards and draw pile do not make up the deck, or wrong hand sizes."""
    NOT_YOUR_TURN = "not_your_turn"
    """That player may not act now."""
    WRONG_PHASE = "wrong_phase"
    """The action does not fit the moment (e.g. a play while a challenge is pending)."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The card played is not in the player's hand."""
    CARD_DOES_NOT_MATCH = "card_does_not_match"
    """The card may not be laid on the current top card and color."""
    WILD_RESTRICTED = "wild_restricted"
    """The profile forbids this wild here (e.g. a card of the current color could be played)."""
    BAD_COLOR = "bad_color"
    """A color missing on a wild, or given on a card that is not wild."""
    DRAW_MISMATCH = "draw_mismatch"
    """Named drawn cards not available, or a different number drawn."""
    NOTHING_TO_CATCH = "nothing_to_catch"
    """The catch target is not exposed (said UNO, does not hold one card, or too late)."""
    RESULT_MISMATCH = "result_mismatch"
    """A transcript's ``result`` disagrees with the replayed game."""


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
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[ErrorCode, str]]:
        return (type(self), (self.code, str(self)))
