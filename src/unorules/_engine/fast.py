"""The fast route: cheap admission checks in front of the same rule functions the general
route calls. Every shortcut of the engine lives here, and none implements a rule.

A state is *calm* (``State._calm``) when its rules admit the fast paths (derived from each
option's declaration, :mod:`unorules._engine.gate`), no seat has been eliminated, no UNO
call is owed, no turn is lost and no answer lock is set. In a calm state, the checks of a
plain move by the current player reduce to a few tests; when they pass, the move is
resolved by the general route's own resolution (:func:`unorules._engine.play.lay`,
:func:`unorules._engine.moves.draw_turn`, ...), and under ``round_turn_limit`` a turn
action is counted by the function the general route counts it with
(:func:`unorules._engine.stall.counted`). For anything else ``fast_play``, ``fast_draw``
and ``fast_pass`` return None, and :func:`~unorules.apply` takes the general route, which
reports every error.

The public :func:`~unorules.legal_actions` is defined here too (and re-exported by
:mod:`unorules.engine`): its admission checks and the calm listing are one function, so a
listing costs no call between them. It never returns None: what its admission does not
take, it lists with the general listing (:func:`unorules._engine.listing.legal_general`),
and a value that is not a State it refuses with ``TypeError`` itself.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=3)
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
from unorules._engine.listing import (
    SEATS,
    Seat,
    calls_of,
    check_player,
    legal_general,
    own_actions,
)
from unorules._engine.numbers import needs_target
from unorules._engine.piles import Named
from unorules._engine.play import lay
from unorules.actions import Action, Draw, Pass, Play
from unorules.cards import Card
from unorules.rules import Stacking
from unorules.state import Phase, State

__all__ = ["fast_draw", "fast_pass", "fast_play", "legal_actions"]

_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_CHALLENGE: Final = Phase.CHALLENGE
_NO_STACKING: Final = Stacking.NONE


def fast_play(s: State, a: Play, named: Named | None = None) -> State | None:
    """A single card laid by the current player on a normal turn (or the card just drawn)
    in a calm state, when it names a color exactly if it is a wild (``Play._plain``), is
    held, matches, and passes the checks its rules add (:func:`_declined`): everything
    :func:`unorules._engine.play.check` would test in a calm state. ``named`` is the log
    :func:`unorules.step` keeps (a ``Named`` of no cards), None for :func:`~unorules.apply`."""
    p = a.player
    if not s._calm or p != s.current_player or not a._plain:
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
    if a.uno and len(hand) != 2:
        # A call with a play that leaves two cards or more (check refuses it), or with
        # the play that goes out (moot, but a Wild Shuffle Hands laid last may redeal
        # instead): the general route decides.
        return None
    if s._match.checked and _declined(s, p, card, hand):
        return None
    done = lay(s, a, (card,), hand[:i] + hand[i + 1 :], named)
    return stall.counted(s, a, done) if s._match.counts else done


def _declined(s: State, p: int, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether a matching card held by the current player still fails a check that its
    rules add (``Match.checked``): a wild restriction or the last-card rule
    (:func:`~unorules._engine.legality.restriction`), or a card that must name the seat
    it swaps with (:func:`~unorules._engine.numbers.needs_target`, asked only under
    rules that give cards such plays, ``Match.compound``: a plain play names none)."""
    m = s._match
    if m.compound and needs_target(m.rules, card, len(hand) - 1):
        return True
    return restriction(s, p, card, hand) is not None


def fast_draw(s: State, a: Draw, named: Named | None = None) -> State | None:
    """The current player's draw in a calm state, naming no cards: on a normal turn where
    :func:`~unorules._engine.moves.may_draw` allows it, or taking a Wild Draw Four
    unchallenged. ``named`` as for :func:`fast_play`."""
    p = a.player
    if not s._calm or p != s.current_player or a.drawn is not None:
        return None
    phase = s.phase
    if phase is _PLAY:
        m = s._match
        if m.limits_draws:
            # The rules may refuse the draw: may_draw decides, as in moves.draw, given
            # whether the player holds a card it may lay. Under rules that add no checks
            # to a play (not ``Match.checked``), a card may be laid exactly when it
            # matches, so that is a hand not disjoint from the matching table, tested in
            # C; else the rule function lists the cards. (Without ``limits_draws`` every
            # option that may refuse a draw is at its default, which never does.)
            if m.checked:
                layable = bool(playable(s, p))
            else:
                top = s._discard[0]
                match = ON_COLOR[s.color] if top.is_wild else ON_CARD[top]  # type: ignore[index]
                layable = not match.isdisjoint(s.hands[p])
            if not moves.may_draw(m.rules, layable):
                return None
        done = moves.draw_turn(s, p, named)
        return stall.counted(s, a, done) if s._match.counts else done
    if phase is _CHALLENGE:
        return moves.take_penalty(s, p, named)
    return None


def fast_pass(s: State, a: Pass) -> State | None:
    """The current player keeps the card just drawn, in a calm state, where the rules
    never make a drawn card be laid (without ``draw_until_playable``)."""
    p = a.player
    if not s._calm or p != s.current_player or s.phase is not _DRAWN:
        return None
    if s._match.draw_until_playable:
        return None  # a card drawn until one may be laid must be laid (A18)
    return moves.keep_drawn(s, p)


def legal_actions(state: State, player: int | None = None) -> tuple[Action, ...]:
    """Every action :func:`~unorules.apply` accepts now, in a stable order; or only ``player``'s.

    The order: the current player's actions first (plays in card order, a wild once per
    color, each play that leaves one card without and with ``uno=True``; then draw, pass or
    challenge), then Jump-Ins, catches and UNO calls by seat. Actions that draw are listed
    without ``drawn``; :func:`~unorules.apply` also accepts them naming the cards drawn. A
    multi-card play is listed once per outcome (the middle cards in card order);
    :func:`~unorules.apply` accepts the middle cards in any order. A play that goes out is
    listed without ``uno=True``; :func:`~unorules.apply` also accepts it with the call
    said, which is moot there (the same outcome). Saying UNO is allowed at
    any moment of a round (C8), so every seat has a :class:`~unorules.CallUno`.

    Raises ``TypeError`` when ``state`` is not a :class:`~unorules.State`, and
    ``ValueError`` when ``player`` is neither None nor a seat of this table (an int; not
    a bool, a float, a string or a numpy integer).

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "B7"]], turned=["R7"])
    >>> uno.legal_actions(uno.new_game(2, rules, deal=deal), 0)  # doctest: +NORMALIZE_WHITESPACE
    (Play(0, 'R2'), Play(0, 'R2', uno=True),
     Play(0, 'W', 'red'), Play(0, 'W', 'red', uno=True), Play(0, 'W', 'yellow'),
     Play(0, 'W', 'yellow', uno=True), Play(0, 'W', 'green'), Play(0, 'W', 'green', uno=True),
     Play(0, 'W', 'blue'), Play(0, 'W', 'blue', uno=True), Draw(0), CallUno(0))
    """
    # The admission: a State (only a State has _calm: cheaper than a type check), no
    # seat or the current one given as the very int the state holds (a seat is a small
    # int, which CPython keeps one object of; any other value of it, an int subclass or
    # a bool is checked below and listed by the general route), and a calm state. In a
    # calm state nobody may act out of turn but to say UNO or (under ``jump_in``) to
    # jump in, so the listing for the current player is its own actions and its call,
    # and the listing for everyone adds the calls (or, under ``jump_in``, is the
    # general listing). The seats' actions are interned: listing builds no new objects.
    try:
        calm = state._calm
    except AttributeError:
        raise TypeError(
            f"legal_actions needs a State (from unorules.new_game), not {state!r}"
        ) from None
    current = state.current_player
    if player is not None and player is not current:
        check_player(state._match, player)
        return legal_general(state, player)
    if not calm or current is None:  # None: the round or the match is over
        return legal_general(state, player)
    phase = state.phase
    out: tuple[Action, ...]
    if phase is _PLAY:
        tab = SEATS[current]
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
        # The draw, where may_draw allows it (asked only under rules that may refuse it;
        # ``out`` holds plays exactly when the player has a card it may lay).
        if not state._match.limits_draws or moves.may_draw(state._match.rules, bool(out)):
            if player is not None:
                return out + tab.draw_call
            out += tab.draw_only
    elif phase is _DRAWN:
        tab = SEATS[current]
        if state._match.checked or state._match.draw_until_playable:
            # A Seven-O 7's targets; a drawn card that must be laid; a wild that a
            # restriction forbids once a false call's penalty card joined the hand.
            out = tuple(own_actions(state, current))
        else:
            plays = tab.two if len(state.hands[current]) == 2 else tab.one
            if player is not None:
                return plays[state._drawn_card] + tab.pass_call  # type: ignore[index]
            out = plays[state._drawn_card] + tab.pass_only  # type: ignore[index]
    elif phase is _CHALLENGE:  # facing a Wild Draw Four
        if state._match.rules.stacking is not _NO_STACKING:
            return legal_general(state, player)  # a Wild Draw Four may stack on it
        tab = SEATS[current]
        if player is not None:
            return tab.challenge_call
        out = tab.challenge_only
    else:  # naming a color, a penalty to take, a round over: the general listing
        return legal_general(state, player)
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
