"""Recording games played through the API as transcripts: :func:`record`.

What chance produced during each action (the cards drawn, a rebuilt pile, shuffled
hands) comes from the engine itself (:func:`unorules.step`), never re-derived here.

Part of :mod:`unorules.formats.transcript`, which re-exports every public name; import them from
there.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator

import attrs

from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Play,
)
from unorules.cards import Card, Side
from unorules.deal import Deal
from unorules.engine import apply, new_game, step
from unorules.errors import IllegalAction
from unorules.formats.transcript._model import Meta, Round, Transcript, TranscriptError
from unorules.state import State

# == recording =================================================================================


def _deal_candidates(state: State, known_pile: bool) -> Iterator[Deal]:
    """Deals that start a round as ``state`` shows it. Several when a first Draw Two made a
    player draw, since which cards of that hand came from the pile is not in the state;
    with a known pile any choice gives the same state, so only one is offered then."""
    size = state.rules.hand_size
    pile = state.draw_pile
    if state.side is Side.DARK:
        # A UNO Flip! round that starts on the dark side: its first card was a Flip, which
        # turned the draw pile over (FL-A2); the deal is the pile as dealt, light side up.
        pile = tuple(c.facing(Side.LIGHT) for c in reversed(pile))
    seat = next((s for s, h in enumerate(state.hands) if len(h) > size), None)
    if seat is None:
        yield Deal(state.dealer, state.hands, state.turned, pile if known_pile else None)
        return
    hand = state.hands[seat]
    seen: set[tuple[Card, ...]] = set()
    for picked in itertools.combinations(range(len(hand)), len(hand) - size):
        drawn = tuple(hand[j] for j in picked)
        if drawn in seen:
            continue
        seen.add(drawn)
        kept = tuple(c for j, c in enumerate(hand) if j not in picked)
        hands = tuple(kept if s == seat else h for s, h in enumerate(state.hands))
        yield Deal(state.dealer, hands, state.turned, (*drawn, *pile) if known_pile else None)
        if known_pile:
            return


def _deal_of(state: State, rebuild: Callable[[Deal], State]) -> Deal:
    """The deal that ``rebuild`` turns into exactly ``state``."""
    for deal in _deal_candidates(state, state._ledger.pile_order_fixed):
        try:
            if rebuild(deal) == state:
                return deal
        except IllegalAction:
            continue
    raise ValueError(
        "record needs the states at the start of each round as new_game or NextRound made"
        f" them, not {state!r}"
    )


def _new_game_with(start: State) -> Callable[[Deal], State]:
    """``new_game`` for ``start``'s players, rules and seed, from a deal."""
    return lambda deal: new_game(start.names, start.rules, start.seed, deal=deal)


def _start_drew(state: State) -> bool:
    """Whether the first card made a player draw at the start of the round."""
    size = state.rules.hand_size
    return any(len(h) > size for h in state.hands)


def _full_deal(state: State) -> Deal:
    """A round's deal written out with its draw pile, from the round's first state."""
    return next(_deal_candidates(state, known_pile=True))


def record(
    start: State,
    actions: Iterable[Action],
    *,
    seed: bool = True,
    draw_pile: bool = True,
    result: bool = True,
    meta: Meta | None = None,
) -> Transcript:
    """The transcript of a game played through the API: ``start`` is the state
    :func:`~unorules.new_game` returned, ``actions`` everything applied to it, in order,
    with :class:`~unorules.NextRound` between rounds. Raises
    :class:`~unorules.IllegalAction` if an action is not legal.

    With ``seed=True`` (the default) the transcript keeps the match's seed and writes only
    the deals that did not come from it; it replays to states equal to the original ones.

    With ``seed=False`` the transcript stands alone: every deal is written out with its
    ``draw_pile`` (with ``draw_pile=False``, without it, and then every drawn card is
    named), every card drawn from a pile whose order the transcript cannot know (once the
    pile has been rebuilt) is named in ``drawn``, and every Wild Shuffle Hands gives its
    ``hands``. It replays to the same hands, discard pile and scores; the generator inside
    the states differs. ``ValueError`` if the game cannot be written so (a UNO call cannot
    name the cards of a ``false_uno_penalty``).

    ``result`` adds the final scores, which validation then checks; ``meta`` (a
    :class:`Meta`: event, site, date, comments) is written as given, never judged.

    >>> import unorules as uno
    >>> from unorules.agents import bots
    >>> start = uno.new_game(2, "swedish", seed=8)
    >>> actions = [a for a, _ in bots.play(start, bots.random_bots(2, seed=8), rounds=2)]
    >>> states = [start]
    >>> for action in actions:
    ...     states.append(uno.apply(states[-1], action))
    >>> t = record(start, actions)
    >>> t.seed, len(t.rounds), t.rounds[0].deal, replay(t) == states
    (8, 2, None, True)
    >>> alone = record(start, actions, seed=False)
    >>> alone.seed, alone.rounds[1].deal.dealer == states[-1].dealer
    (None, True)
    >>> [s.hands for s in replay(alone)] == [s.hands for s in states]
    True
    >>> record(start, actions, meta=Meta({"event": "demo"})).to_dict()["meta"]
    {'event': 'demo'}
    """
    if seed and not draw_pile:
        raise ValueError("draw_pile=False goes with seed=False (a seed fixes every draw)")
    if start.round != 0 or any(start.scores) or start.eliminated:
        raise ValueError("record needs the state at the start of the match (its first round)")
    names, rules, match_seed = start.names, start.rules, start.seed
    round_actions: list[list[Action]] = [[]]
    starts = [start]
    given: list[Deal | None] = [None]
    state = start
    unknown_order = False  # stand-alone: the replay no longer knows the pile's order
    for given_action in actions:
        action = given_action
        if seed:
            state = apply(state, action)
        else:
            state, _, chance = step(state, action)
        if isinstance(action, NextRound):
            round_actions.append([])
            starts.append(state)
            given.append(action.deal)
            unknown_order = False
            continue
        if not seed:
            if chance.drawn and getattr(action, "drawn", None) is None:
                unknown_order = unknown_order or chance.rebuilt
                if (unknown_order or not draw_pile) and isinstance(
                    action, Play | Draw | CallUno | CatchUno | Challenge | ChooseColor
                ):
                    action = attrs.evolve(action, drawn=chance.drawn)
            if chance.shuffled:
                assert isinstance(action, Play)
                action = attrs.evolve(action, hands=state.hands)
        round_actions[-1].append(action)
    deals: list[Deal | None] = []
    for i, first in enumerate(starts):
        if seed and i > 0:
            deals.append(given[i])
        elif seed:
            fresh = new_game(names, rules, match_seed) == first
            deals.append(None if fresh else _deal_of(first, _new_game_with(start)))
        elif draw_pile or _start_drew(first):
            # A round without draw_pile cannot name the cards a first Draw Two makes a
            # player draw at the start: such a round keeps its draw pile.
            deals.append(_full_deal(first))
        else:
            deals.append(attrs.evolve(_full_deal(first), draw_pile=None))
    rounds = [Round(a, d) for a, d in zip(round_actions, deals, strict=True)]
    transcript = Transcript(
        rules,
        names,
        rounds,
        seed=match_seed if seed else None,
        result=state.scores if result else None,
        meta=meta,
    )
    if not seed:
        from unorules.formats.transcript._validate import replay  # noqa: PLC0415 (it imports this module)

        try:
            replay(transcript)
        except TranscriptError as err:
            raise ValueError(
                f"this game cannot be written without its seed ({err.problem});"
                " record it with seed=True"
            ) from None
    return transcript
