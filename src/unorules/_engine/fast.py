"""The fast route: cheap admission checks in front of the same rule functions the general
route calls. Every shortcut of the engine lives here, and none implements a rule.

A state is *calm* (``State._calm``) when its rules admit the fast paths (derived from each
option's declaration, :mod:`unorules._engine.gate`), no seat has been eliminated, no UNO
call is owed, no turn is lost and no answer lock is set. In a calm state, the checks of a
plain move by the current player reduce to a few tests; when they pass, the move is
resolved by the general route's own resolution (:func:`unorules._engine.play.lay`,
:func:`unorules._engine.moves.draw_turn`, ...), and under ``round_turn_limit`` a turn
action is counted by the function the general route counts it with
(:func:`unorules._engine.stall.counted`). Anything else returns None and takes the
general route, which reports every error.

>>> import attrs, unorules as uno
>>> rules = attrs.evolve(uno.MATTEL, hand_size=3)
>>> deal = uno.Deal(dealer=1, hands=[["R2", "G4", "B6"], ["B1", "B7", "Y3"]], turned=["R7"])
>>> s = uno.new_game(2, rules, deal=deal)
>>> fast_play(s, uno.Play(0, "R2")) == uno.apply(s, uno.Play(0, "R2"))
True
>>> fast_play(s, uno.Play(0, "G4")) is None  # does not match: the general route says why
True
"""

from __future__ import annotations

from typing import Final

from unorules._engine import moves, stall
from unorules._engine.legality import ON_CARD, ON_COLOR, playable, restriction
from unorules._engine.listing import SEATS, Seat, calls_of, legal_general, own_actions
from unorules._engine.play import lay
from unorules.actions import Action, Draw, Pass, Play
from unorules.cards import Card, Rank
from unorules.rules import Stacking
from unorules.state import Phase, State

__all__ = ["fast_draw", "fast_legal", "fast_pass", "fast_play"]

_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_CHALLENGE: Final = Phase.CHALLENGE
_SEVEN: Final = Rank.SEVEN


def fast_play(s: State, a: Play) -> State | None:
    """A single card laid by the current player on a normal turn (or the card just drawn)
    in a calm state, when it is held, matches, names a color exactly if it is a wild, and
    passes the checks its rules add (:func:`_declined`): everything
    :func:`unorules._engine.play.check` would test in a calm state."""
    p = a.player
    if not s._calm or p != s.current_player or not a._single:
        return None
    card = a.card
    phase = s.phase
    if phase is not _PLAY and (phase is not _DRAWN or card is not s._drawn_card):
        return None
    top = s._discard[0]
    if card not in (ON_COLOR[s.color] if top.is_wild else ON_CARD[top]):  # type: ignore[index]
        return None
    hand = s.hands[p]
    try:
        i = hand.index(card)  # cards compare by identity, so this is a C-level scan
    except ValueError:
        return None
    if (a.color is None) is card.is_wild:
        return None  # a wild names a color, another card none
    if a.uno and len(hand) != 2:
        return None  # a call with a play that does not leave one card: check refuses it
    if s._match.checked and _declined(s, p, card, hand):
        return None
    done = lay(s, a, (card,), hand[:i] + hand[i + 1 :], None)
    return stall.counted(s, a, done) if s._match.counts else done


def _declined(s: State, p: int, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether a matching card held by the current player still fails a check that its
    rules add (``Match.checked``): a wild restriction or the last-card rule
    (:func:`~unorules._engine.legality.restriction`), or a Seven-O 7 that must name the
    seat it swaps with (A18; a multi-card play is never a single card)."""
    if card.rank is _SEVEN and len(hand) > 1 and s._match.rules.seven_o:
        return True
    return restriction(s, p, card, hand) is not None


def fast_draw(s: State, a: Draw) -> State | None:
    """The current player's draw in a calm state, naming no cards: on a normal turn where
    drawing is allowed (always, or with nothing to lay), or taking a Wild Draw Four
    unchallenged."""
    p = a.player
    if not s._calm or p != s.current_player or a.drawn is not None:
        return None
    phase = s.phase
    if phase is _PLAY:
        # Drawing is allowed always, or (without voluntary draws, A7) with nothing to lay:
        # the test moves.draw makes.
        if s._match.rules.voluntary_draw or not playable(s, p):
            done = moves.draw_turn(s, p, None)
            return stall.counted(s, a, done) if s._match.counts else done
        return None
    if phase is _CHALLENGE:
        return moves.take_penalty(s, p, None)
    return None


def fast_pass(s: State, a: Pass) -> State | None:
    """The current player keeps the card just drawn, in a calm state, where the rules
    never make a drawn card be laid (without ``draw_until_playable``)."""
    p = a.player
    if not s._calm or p != s.current_player or s.phase is not _DRAWN:
        return None
    if s._match.rules.draw_until_playable:
        return None  # a card drawn until one may be laid must be laid (A18)
    return moves.keep_drawn(s, p)


def fast_legal(state: State, player: int | None) -> tuple[Action, ...]:
    """``legal_actions`` for a calm state, from the seats' interned actions; the general
    listing for other phases. In a calm state nobody may act out of turn but to say UNO
    or (under ``jump_in``) to jump in, so the listing for the current player is its own
    actions and its call, and the listing for everyone adds the calls (or, under
    ``jump_in``, is the general listing)."""
    phase = state.phase
    if phase is not _PLAY and phase is not _DRAWN and phase is not _CHALLENGE:
        return legal_general(state, player)
    current: int = state.current_player  # type: ignore[assignment]
    tab = SEATS[current]
    out: tuple[Action, ...]
    if phase is _PLAY:
        hand = state.hands[current]
        plays = tab.two if len(hand) == 2 else tab.one
        # Tuples throughout: one to three playable cards are the rule, and concatenating
        # tuples of known size is cheaper than growing a list.
        out = ()
        if not state._match.checked:  # by matching alone
            top = state._discard[0]
            match = ON_COLOR[state.color] if top.is_wild else ON_CARD[top]  # type: ignore[index]
            last = None
            for card in hand:  # in card order, so copies of a card are neighbours
                if card in match and card is not last:
                    last = card
                    out += plays[card]
        elif state._match.compound:  # Seven-O targets, several cards at once: the
            out = tuple(own_actions(state, current))  # general listing's own turn
            return _and_calls(state, out, player, tab)
        else:  # a wild restriction or the last-card rule: the rule function decides
            for card in playable(state, current):
                out += plays[card]
        if state._match.rules.voluntary_draw or not out:
            if player is not None:
                return out + tab.draw_call
            out += tab.draw_only
    elif phase is _DRAWN:
        if state._match.checked or state._match.rules.draw_until_playable:
            # A Seven-O 7's targets; a drawn card that must be laid; a wild that a
            # restriction forbids once a false call's penalty card joined the hand.
            out = tuple(own_actions(state, current))
        else:
            plays = tab.two if len(state.hands[current]) == 2 else tab.one
            if player is not None:
                return plays[state._drawn_card] + tab.pass_call  # type: ignore[index]
            out = plays[state._drawn_card] + tab.pass_only  # type: ignore[index]
    else:  # facing a Wild Draw Four
        if state._match.rules.stacking is not Stacking.NONE:
            return legal_general(state, player)  # a Wild Draw Four may stack on it
        if player is not None:
            return tab.challenge_call
        out = tab.challenge_only
    return _and_calls(state, out, player, tab)


def _and_calls(
    state: State, out: tuple[Action, ...], player: int | None, tab: Seat
) -> tuple[Action, ...]:
    """The current player's actions ``out`` and the UNO calls: its own, or everyone's
    (under ``jump_in``, the general listing for everyone: the others may jump in)."""
    if player is None:
        if state._match.rules.jump_in:
            return legal_general(state, None)
        return out + calls_of(state._match.active)
    return out + tab.call_only
