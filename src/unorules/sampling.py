"""Information-set sampling: a full :class:`~unorules.State` consistent with one player's
:class:`~unorules.View`, for search that must not peek (determinized Monte Carlo, ISMCTS;
what OpenSpiel calls ``resample_from_infostate``).

:func:`sample_state` keeps everything the view shows where it is (the player's hand, the
cards they know in other hands, the discard pile, every public fact of the turn) and deals
the cards the player has not seen (the deck less all of those) at random, with a seed,
into the other hands' unknown places and the draw pile:

>>> import unorules as uno
>>> state = uno.new_game(3, seed=8)
>>> view = uno.observe(state, 1)
>>> guess = uno.sample_state(view, seed=1)
>>> guess.hands[1] == state.hands[1], [len(h) for h in guess.hands]
(True, [7, 7, 7])
>>> uno.observe(guess, 1) == view  # the player cannot tell the two apart
True
>>> guess.hands[0] == state.hands[0]  # but the hidden cards are dealt again
False
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from unorules import rng
from unorules._engine.legality import can_lay, matching
from unorules.cards import Card, Color
from unorules.rules import rules_to_options
from unorules.state import Phase, State
from unorules.view import View

__all__ = ["sample_state"]

_SEED_END: Final = 1 << 64


def _index(card: Card) -> int:
    return card.index


def _per_side(per_seat: tuple[int, ...], sides: list[int]) -> list[int]:
    """Per-seat values (team members show their team's) as one value per side."""
    out = [0] * len(set(sides))
    for seat, side in enumerate(sides):
        out[side] = per_seat[seat]
    return out


def sample_state(view: View, *, seed: int, offender_drew: int = 0) -> State:
    """A full state that ``view``'s player cannot tell from the real one, the cards they
    have not seen dealt at random with ``seed`` (the same seed, the same state).

    The sampled state holds, as the view says: the player's hand, every card they know in
    another hand (:attr:`View.known <unorules.View.known>`) in that hand, every hand's
    size, the draw pile's size, the discard pile, the color, the direction, the turn and
    phase, pending penalties and a pending challenge, the UNO windows, lost turns, scores,
    round and dealer. The rest of the deck (its census less all of those) is shuffled
    uniformly and dealt to the other hands' unknown places in seat order, then to the
    draw pile; in the drawn phase of another player, the card they just drew is one of
    their cards that may be laid (as the phase says). ``observe(sample_state(v, seed=k),
    v.player) == v`` for every view ``v`` of a real game.

    What it cannot know, and does not recover: the draw pile's order (a sampled pile is a
    fresh shuffle), what the history shows beyond the view (which cards went into the
    draw pile when it was rebuilt, the cards turned up to start the round, a color some
    player could not answer), what other players know of hands, and the game's private
    generator: the sampled state gets a seed of its own derived from ``seed``, so a Wild
    Shuffle Hands or a rebuilt pile in a sampled future is random and repeatable but
    tells nothing of the real game's. A pending Wild Draw Four's guilt is the bluff test
    (R7.2) on the sampled hand of its player as it was when the card was laid (the view
    of that player says it). A view shows the hand as it is now: if a catch (or a false
    call of UNO) made that player draw since, the history shows it and the view does not,
    so pass the count as ``offender_drew``; that many of the hand's sampled unseen cards
    are then the ones drawn, and the rest are judged. Left at 0 after such a draw, the
    cards drawn are judged too, and a bluff looks likelier than it was.

    Args:
        view: one player's view (:func:`unorules.observe`, or
            :meth:`View.from_json <unorules.View.from_json>` in a bot).
        seed: an integer in ``range(2**64)``: the deal of the unseen cards.
        offender_drew: in the challenge phase, how many cards the player of the Wild
            Draw Four has drawn since laying it (0 unless the history shows a draw).

    Raises:
        ValueError: the view is not one of a real game (it shows more of a card than the
            deck holds, the hands and the draw pile do not add up to the unseen cards, or
            another player has just drawn a card that may be laid and none could be), or
            ``offender_drew`` is not a count of that player's unseen cards in the
            challenge phase.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=3)
    >>> deal = uno.Deal(dealer=1, hands=[["W+4", "R1", "G5"], ["G2", "G3", "B1"]],
    ...                 turned=["R7"])
    >>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W+4", "blue"))
    >>> s = uno.apply(s, uno.Challenge(1))  # P0 bluffed: shows R1 G5, draws four
    >>> guess = uno.sample_state(uno.observe(s, 1), seed=3)
    >>> [str(c) for c in guess.hands[0] if str(c) in ("R1", "G5")], len(guess.hands[0])
    (['R1', 'G5'], 6)
    >>> guess.seed == s.seed, uno.sample_state(uno.observe(s, 1), seed=3) == guess
    (False, True)

    After a catch, the cards drawn are not judged (``offender_drew``): here P1 knows the
    G5 that P0 kept, so the Wild Draw Four was no bluff, whatever P0 drew since:

    >>> s = uno.State.from_position("W+4,G5/G2,G3 *,R7 red 0+ play - known=1:0:G5",
    ...                             rules=rules)
    >>> s = uno.apply(uno.apply(s, uno.Play(0, "W+4", "blue")), uno.CatchUno(1, 0))
    >>> view = uno.observe(s, 1)
    >>> guesses = [uno.sample_state(view, seed=k, offender_drew=2) for k in range(20)]
    >>> view.hand_sizes[0], {uno.observe(g, 0).challenge_bluff for g in guesses}
    (3, {False})
    """
    if not isinstance(view, View):
        raise TypeError(f"sample_state needs a View (unorules.observe), not {view!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _SEED_END:
        raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")
    rules = view.rules
    me = view.player
    n = len(view.hand_sizes)
    deck = Counter(rules.deck())
    seen = Counter(view.hand) + Counter(view.discard_pile)
    for cards in view.known:
        seen.update(cards)
    over = seen - deck
    if over:
        card = min(over, key=_index)
        raise ValueError(
            f"not a view of a real game: it shows {seen[card]} {card}, the deck holds {deck[card]}"
        )
    unseen = sorted((deck - seen).elements(), key=_index)
    places = [0 if s == me else view.hand_sizes[s] - len(view.known[s]) for s in range(n)]
    if any(k < 0 for k in places) or sum(places) + view.draw_pile_size != len(unseen):
        raise ValueError(
            f"not a view of a real game: {len(unseen)} cards unseen, but the other hands"
            f" hide {sum(places)} and the draw pile holds {view.draw_pile_size}"
        )
    if not isinstance(offender_drew, int) or isinstance(offender_drew, bool) or offender_drew < 0:
        raise ValueError(f"offender_drew is a count of cards, not {offender_drew!r}")
    if offender_drew:
        offender = view.challenge_offender
        if view.phase is not Phase.CHALLENGE or offender is None or offender == me:
            raise ValueError(
                "offender_drew counts the cards another player drew since laying a Wild Draw"
                " Four, in the challenge phase of a player who did not lay it"
            )
        if offender_drew > places[offender]:
            raise ValueError(
                f"offender_drew is {offender_drew}, but player {offender} hides only"
                f" {places[offender]} cards"
            )
    current = view.current_player
    if view.phase is not Phase.DRAWN or current is None or current == me:
        return _deal(view, unseen, places, seed, 0, drew=offender_drew)
    # Another player's drawn phase: the card just drawn may be laid, which under some
    # rules (a restricted plain Wild, the answer lock after a Reverse: C6) depends on the
    # rest of their hand. Deal again until it may (rejection sampling keeps the deal
    # uniform among those that agree with the phase).
    for attempt in range(_DRAWN_TRIES):
        state = _deal(view, unseen, places, seed, attempt, drew=0)
        drawn = state.drawn_card
        if drawn is not None and can_lay(state, current, drawn, state.hands[current]):
            return state
    return state  # no deal found in time: the last one (its drawn card matches, R4.5)


_DRAWN_TRIES: Final = 64
"""Deals tried for another player's drawn phase before the last one is kept."""


def _deal(
    view: View, unseen: list[Card], places: list[int], seed: int, attempt: int, *, drew: int
) -> State:
    """The unseen cards dealt with ``seed`` (attempt 0 draws on the generator's counters
    0 to 2; attempt ``k`` on ``3k`` to ``3k + 2``); in the challenge phase the last
    ``drew`` cards dealt to the offender are the ones it drew since laying the card."""
    base = 3 * attempt
    rules = view.rules
    me = view.player
    n = len(view.hand_sizes)
    places = list(places)
    pool = rng.shuffled(unseen, seed=seed, counter=base)
    hands: list[list[Card]] = [list(view.known[s]) for s in range(n)]
    hands[me] = list(view.hand)
    current = view.current_player
    drawn = view.drawn_card
    if view.phase is Phase.DRAWN and current is not None and current != me:
        # The card the other player just drew may be laid (that is why the phase is
        # drawn): one of the unseen cards that may, at random.
        fits = matching(view.top_card, view.color)
        options = [i for i, c in enumerate(pool) if c in fits]
        if options and places[current]:
            i = options[rng.randbelow(len(options), seed=seed, counter=base + 1)]
            drawn = pool.pop(i)
            hands[current].append(drawn)
            places[current] -= 1
        else:
            drawn = next((c for c in hands[current] if c in fits), None)
            if drawn is None:
                raise ValueError(
                    f"not a view of a real game: player {current} has just drawn a card"
                    f" that may be laid on {view.top_card}, but no card they may hold can be"
                )
    at = 0
    for s in range(n):
        hands[s] += pool[at : at + places[s]]
        at += places[s]
    pile = pool[at:]
    sides = [s % rules.teams for s in range(n)] if rules.teams else list(range(n))
    data: dict[str, Any] = {
        "format": "unorules-state/1",
        "rules": rules_to_options(rules),
        "names": list(view.names),
        "seed": rng.randbelow(_SEED_END, seed=seed, counter=base + 2),
        "round": view.round,
        "dealer": view.dealer,
        "sides": sides,
        "totals": _per_side(view.scores, sides),
        "eliminated": list(view.eliminated),
        "turned": [],
        "round_winner": view.round_winner,
        "round_points": None if view.round_points is None else _per_side(view.round_points, sides),
        "winner": view.winner,
        "hands": [[str(c) for c in h] for h in hands],
        "draw_pile": [str(c) for c in pile],
        "draw_pile_order_fixed": False,
        "discard_pile": [str(c) for c in view.discard_pile],
        "color": None if view.color is None else view.color.value,
        "direction": view.direction,
        "current_player": current,
        "phase": view.phase.value,
        "rng_counter": 0,
        "pending_draw": view.pending_draw,
        "challenge": None,
        "drawn_card": None if drawn is None else str(drawn),
        "uno_open": list(view.uno_open),
        "uno_overdue": list(view.uno_overdue),
        "lost_turns": list(view.lost_turns),
        "answer_lock": -1 if view.answer_lock is None else view.answer_lock,
        "idle_turns": view.idle_turns,
    }
    known = known_entries(view)
    if known:
        data["known"] = known
    if rules.round_turn_limit:  # the state's key exists only under the option
        data["turn_actions"] = view.turn_actions
    if view.phase is Phase.CHALLENGE:
        offender = view.challenge_offender
        color = view.challenge_color
        if offender is None or color is None:
            raise ValueError("not a view of a real game: a challenge without its offender")
        data["challenge"] = {
            "offender": offender,
            "guilty": bool(view.challenge_bluff),
            "previous_color": color.value,
        }
        held = tuple(hands[offender][: len(hands[offender]) - drew])
        if view.challenge_bluff is None and _bluff(State.from_dict(data), held, color):
            data["challenge"]["guilty"] = True
    return State.from_dict(data)


def known_entries(view: View) -> list[dict[str, object]]:
    """The ``"known"`` entries of a state's JSON for what ``view``'s player knows of other
    hands (:attr:`View.known <unorules.View.known>`), empty when it knows nothing.

    >>> import unorules as uno
    >>> known_entries(uno.observe(uno.new_game(2, seed=1), 0))
    []
    """
    return [
        {"seat": view.player, "of": of, "cards": [str(c) for c in cards]}
        for of, cards in enumerate(view.known)
        if cards
    ]


def _bluff(s: State, held: tuple[Card, ...], color: Color) -> bool:
    """Whether the Wild Draw Four on top of ``s`` was a bluff, judged on ``held`` (the
    sampled hand of its player as it was laid): on the card below it, with ``color`` in
    force (R7.2)."""
    from unorules._engine.legality import bluff  # noqa: PLC0415
    from unorules.state import draft  # noqa: PLC0415

    d = draft(s)
    d.color = color
    below = s._discard[1]
    if below is None:  # a Wild Draw Four alone on the pile is judged on itself
        return bluff(d, held)
    d._discard = below
    return bluff(d, held)
