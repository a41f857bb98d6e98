"""A Wild Draw Four's challenge: the pending challenge, and how it resolves (R7.2, R7.3,
A4, A5, A6, C10).

Laying a Wild Draw Four that does not end the round opens a challenge
(:func:`open_challenge`): its victim may challenge it or take the penalty. Whether it was
a bluff is judged when it is laid (:func:`unorules._engine.legality.bluff`) and kept in
the :class:`~unorules.state.PendingChallenge`. The profiles resolve a challenge three ways
(``Rules.wd4_bluff``):

- ``challenge`` (Mattel, R7.3): a bluff costs the offender the penalty instead; an
  honest card costs the challenger two more;
- ``take_back`` (the Danish sheet, A6): a bluff is taken back into the offender's hand
  with two cards more, and the color before it is in force again;
- ``extra_four`` (the Swedish sheet, C10): the accusation costs a bluffer four cards, and
  the victim draws the penalty either way.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["W+4", "R1"], ["G2", "G3"]], turned=["R7"])
>>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W+4", "blue", uno=True))
>>> s._ledger.challenge
PendingChallenge(offender=0, guilty=True, previous_color=<Color.RED: 'red'>, take_back=False)
>>> after = uno.apply(s, uno.Challenge(1))
>>> len(after.hands[0]), after.current_player  # the bluffer draws four; P1 plays on
(5, 1)
"""

from __future__ import annotations

from typing import Final

from unorules._engine import knowledge, piles, turns
from unorules._engine.legality import bluff
from unorules._engine.piles import Named
from unorules.actions import Challenge
from unorules.cards import Card, Rank
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import WildDrawFourBluff
from unorules.state import Draft, PendingChallenge, Phase, State, draft, ledger

__all__ = ["challenge", "draw_penalty", "open_challenge"]

_WILD_DRAW_COLOR: Final = Rank.WILD_DRAW_COLOR
_TAKE_BACK: Final = WildDrawFourBluff.TAKE_BACK
_CHALLENGE_BLUFF: Final = WildDrawFourBluff.CHALLENGE
_CHALLENGE: Final = Phase.CHALLENGE
_PENALTY: Final = Phase.PENALTY


def draw_penalty(d: Draft, seat: int, count: int, named: Named | None) -> None:
    """``seat`` draws a penalty: ``count`` cards; under a UNO Flip! Wild Draw Color on
    top, first one card at a time until one of the color named (a wild face never
    counts; the draw stops when nothing can be drawn; the card is kept, FL2.5, FL-A9),
    then ``count`` more (a lost challenge's two, FL-A10)."""
    if d._discard[0].rank is _WILD_DRAW_COLOR:
        color = d.color
        piles.draw_until(d, seat, lambda c: c.color is color, None, named)
    if count:
        piles.draw(d, seat, count, named)


def open_challenge(
    d: Draft, s: State, offender: int, *, victim: int, total: int, hand_after: tuple[Card, ...]
) -> None:
    """A Wild Draw Four laid by ``offender`` (from ``s``, leaving ``hand_after``) waits
    for ``victim``'s challenge or draw of ``total`` cards (R7.3)."""
    w = ledger(d)
    w.pending_draw = total
    w.challenge = PendingChallenge(
        offender,
        bluff(s, hand_after),
        s.color,
        s._match.rules.wd4_bluff is _TAKE_BACK,
    )
    d.current_player = victim
    d.phase = _CHALLENGE


def challenge(s: State, a: Challenge, named: Named | None) -> State:
    """The victim of a Wild Draw Four challenges it."""
    p = a.player
    if s.phase is not _CHALLENGE:
        what = (
            "Wild Draw Two or Wild Draw Color (FL2.5)" if s._match.rules.flip else "Wild Draw Four"
        )
        raise IllegalAction(ErrorCode.WRONG_PHASE, f"there is no {what} to challenge now (A5)")
    if p != s.current_player:
        raise IllegalAction(
            ErrorCode.NOT_YOUR_TURN,
            f"only player {s.current_player}, who must draw, may challenge (R7.3)",
        )
    pending = s._ledger.challenge
    assert pending is not None
    offender, guilty = pending.offender, pending.guilty
    if named is not None:
        named.challenge_won = guilty  # a challenge succeeds exactly on a bluff
    rules = s._match.rules
    d = draft(s)
    before = s.hands
    total = s._ledger.pending_draw
    w = ledger(d)
    w.pending_draw = 0
    w.challenge = None
    how = rules.wd4_bluff
    nxt: int
    if how is _CHALLENGE_BLUFF:
        # The challenged player shows their hand to the challenger, privately (R7.3).
        knowledge.reveal(d, p, offender)
        # UNO Flip!'s Wild Draw Two (total 2) and Wild Draw Color (until the color named,
        # total 0) are challenged the same way (FL2.5, FL-A10): guilty, the offender draws
        # the penalty; innocent, the challenger draws it and 2 more.
        if guilty:
            draw_penalty(d, offender, total, named)
            nxt = p if rules.challenger_plays_after_success else turns.step(d, p, 1)
        else:
            draw_penalty(d, p, total + 2, named)
            nxt = turns.step(d, p, 1)
    elif how is _TAKE_BACK:
        if guilty:
            wd4 = d._discard[0]
            below = d._discard[1]
            assert below is not None
            d._discard = below
            d.color = pending.previous_color
            piles.give(d, offender, [wd4])
            knowledge.shown(d, offender, [wd4])  # taken back in sight of all (A6)
            if named is not None:
                named.taken_back = (offender, wd4)
            piles.draw(d, offender, 2, named)
            rest = total - 4
            if rest > 0:
                # Only the most recent Wild Draw Four can be challenged (A18): the rest
                # of the stack stands as a plain penalty.
                ledger(d).pending_draw = rest
                d.current_player = p
                d.phase = _PENALTY
                return turns.close(d, named, before)
            nxt = p if rules.challenger_plays_after_success else turns.step(d, p, 1)
        else:
            piles.draw(d, p, total, named)
            nxt = turns.step(d, p, 1)
    else:  # the Swedish accusation (C10)
        if guilty:
            piles.draw(d, offender, 4, named)
        piles.draw(d, p, total, named)
        nxt = turns.step(d, p, 1)
    return turns.close(d, named, before, nxt)
