"""Information-set sampling: a full :class:`~unorules.State` consistent with one player's
:class:`~unorules.View`, for search that must not peek (determinized Monte Carlo, ISMCTS;
what OpenSpiel calls ``resample_from_infostate``).

:func:`consistent_state` is the one builder of such a state: it deals the cards the view
does not show at random with a seed (:func:`sample_state`), or in a fixed arrangement (the
trust boundary, :func:`unorules.apply_from_seat`, tells why it refuses an action on such a
state, so that its message can name no hidden card).

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
from collections.abc import Sequence
from typing import Final

import attrs

from unorules import rng
from unorules._echo import shown, shown_int
from unorules._engine.legality import can_lay, matching
from unorules.cards import Card, Color, Side
from unorules.flipdeck import RANDOM
from unorules.rules import seat_sides
from unorules.state import Phase, State, build_state
from unorules.view import View, observe

__all__ = ["consistent_state", "sample_state"]

_SEED_END: Final = 1 << 64


def _index(card: Card) -> int:
    return card.index


def _per_side(per_seat: tuple[int, ...], sides: tuple[int, ...]) -> list[int]:
    """Per-seat values (team members show their team's) as one value per side."""
    out = [0] * len(set(sides))
    for seat, side in enumerate(sides):
        out[side] = per_seat[seat]
    return out


def _check_seed(seed: object) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _SEED_END:
        raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")


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

    UNO Flip! (FL-A13): the table sees the faces not in play of the other hands and of
    the draw pile's top card, so each of those places gets an unseen card whose face not
    in play is the one the view shows (chosen at random among the unseen cards with that
    face), and every card is dealt showing the side in play. A game with a random face
    pairing (``flip_pairing="random"``) is refused: its deck is the real match's secret.

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
            deck holds, the hands and the draw pile do not add up to the unseen cards,
            another player has just drawn a card that may be laid and none could be, its
            fields by seat do not agree on the number of seats, or a field is not what
            its other fields, the rules among them, make it: the message names the first
            such field in :class:`~unorules.View`'s order, such as ``legal_actions`` the
            rules do not give), or ``offender_drew`` is not a count of that player's
            unseen cards in the challenge phase. So a state is returned only if
            ``observe(state, view.player) == view``.

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=3)
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

    A UNO Flip! view (FL-A13): the hidden cards agree with the other faces it shows:

    >>> flip = uno.new_game(3, "mattel-flip", seed=2)
    >>> v = uno.observe(flip, 0)
    >>> g = uno.sample_state(v, seed=5)
    >>> uno.observe(g, 0) == v, g.hands[1] == flip.hands[1]
    (True, False)

    A view that contradicts itself is refused, naming the first field that does:

    >>> view = uno.observe(uno.new_game(2, seed=1), 0)
    >>> uno.sample_state(attrs.evolve(view, legal_actions=()), seed=1)
    Traceback (most recent call last):
    ...
    ValueError: not a view of a real game: its legal_actions is (), but ... (Draw(0), CallUno(0))
    """
    if not isinstance(view, View):
        raise TypeError(f"sample_state needs a View (unorules.observe), not {view!r}")
    _check_seed(seed)
    return consistent_state(view, seed=seed, offender_drew=offender_drew)


def consistent_state(
    view: View,
    *,
    seed: int | None,
    offender_drew: int = 0,
    held: Sequence[Sequence[Card]] = (),
    drawn_card: Card | None = None,
) -> State:
    """A full state that ``view``'s player cannot tell from the real one: what the view
    shows where it is, the cards it does not show dealt at random with ``seed``, or in a
    fixed arrangement when ``seed`` is None. The one builder of such a state:
    :func:`sample_state` is ``consistent_state(view, seed=seed)``, and the trust boundary
    (:func:`unorules.apply_from_seat`) tells a seat why an action is refused from the
    fixed arrangement of the seat's view, so that no message names a hidden card.

    Everything :func:`sample_state` says holds for both arrangements: ``observe(state,
    view.player) == view``. The fixed arrangement deals the unseen cards in card order to
    the other hands' unknown places in seat order, then to the draw pile (top first); in
    another player's drawn phase their drawn card is the first unseen card in card order
    that they may lay; the state's seed is 0. It is a pure function of the view.

    Args:
        view: one player's view (:func:`unorules.observe`).
        seed: an integer in ``range(2**64)`` (the deal of the unseen cards, as
            :func:`sample_state` deals them), or None for the fixed arrangement. No
            default: None means no randomness here, not a random seed.
        offender_drew: as for :func:`sample_state`.
        held: cards each seat (by seat, as :attr:`View.known <unorules.View.known>`)
            is known to hold beyond what the view knows, such as the cards of an action
            under way, laid in sight of all and still in the hand: dealt to that hand,
            but not recorded as known. Empty (the default) for none; never the
            player's own.
        drawn_card: in another player's drawn phase, the card they drew, one of their
            known or ``held`` cards; None (the default) deals one of their cards that may
            be laid.

    Raises:
        ValueError: as :func:`sample_state` says, and for ``held`` or ``drawn_card``
            that do not fit the view.

    >>> import unorules as uno
    >>> state = uno.new_game(3, seed=8)
    >>> view = uno.observe(state, 1)
    >>> fixed = consistent_state(view, seed=None)
    >>> uno.observe(fixed, 1) == view, fixed == consistent_state(view, seed=None)
    (True, True)
    >>> [str(c) for c in fixed.hands[0]], fixed.seed
    (['R0', 'R1', 'R2', 'R2', 'R3', 'R4', 'R4'], 0)
    >>> consistent_state(view, seed=1) == uno.sample_state(view, seed=1)
    True
    """
    if not isinstance(view, View):
        raise TypeError(f"consistent_state needs a View (unorules.observe), not {view!r}")
    if seed is not None:
        _check_seed(seed)
    n = _seats(view)
    rules = view.rules
    me = view.player
    extra = _held(held, n, me)
    if rules.flip_pairing == RANDOM:
        raise NotImplementedError(
            "sample_state cannot deal a UNO Flip! view with flip_pairing='random': the"
            " pairing is drawn from the real match's seed, which a view does not show"
        )
    deck = Counter(rules.deck())
    seen = Counter(view.hand) + Counter(view.discard_pile)
    for cards in (*view.known, *extra):
        seen.update(cards)
    if rules.flip:  # UNO Flip!'s cards counted light face up, as the deck is
        seen = Counter({c.facing(Side.LIGHT): k for c, k in seen.items()})
    over = seen - deck
    if over:
        card = min(over, key=_index)
        raise ValueError(
            f"not a view of a real game: it shows {seen[card]} {card}, the deck holds {deck[card]}"
        )
    unseen = sorted((deck - seen).elements(), key=_index)
    if rules.flip:  # dealt showing the side in play
        unseen = sorted((c.facing(view.side) for c in unseen), key=_index)
    places = [
        0 if s == me else view.hand_sizes[s] - len(view.known[s]) - len(extra[s]) for s in range(n)
    ]
    hidden = sum(places) + view.draw_pile_size + view.set_aside_size
    if any(k < 0 for k in places) or hidden != len(unseen):
        aside = f", the set-aside cards {view.set_aside_size}" if view.set_aside_size else ""
        raise ValueError(
            f"not a view of a real game: {len(unseen)} cards unseen, but the other hands"
            f" hide {sum(places)} and the draw pile holds {view.draw_pile_size}{aside}"
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
    others_drawn = view.phase is Phase.DRAWN and current is not None and current != me
    if drawn_card is not None:
        if not others_drawn or current is None:
            raise ValueError("drawn_card names the card another player drew, in their drawn phase")
        if drawn_card not in (*view.known[current], *extra[current]):
            raise ValueError(
                f"drawn_card {drawn_card} is not among the cards player {current} is known"
                " to hold (known or held)"
            )
    deal = _Deal(
        view=view,
        unseen=unseen,
        places=places,
        held=extra,
        seed=seed,
        drew=offender_drew,
        drawn_card=drawn_card,
    )
    if not others_drawn or drawn_card is not None or current is None:
        return _agreeing(view, deal.state(0))
    # Another player's drawn phase: the card just drawn may be laid, which under some
    # rules (a restricted plain Wild, the answer lock after a Reverse: C6) depends on the
    # rest of their hand. Deal again until it may (rejection sampling keeps a random deal
    # uniform among those that agree with the phase; the fixed arrangement takes the
    # next card that matches, in card order).
    tries = _DRAWN_TRIES
    if seed is None and rules.flip:  # one arrangement: the faces fix each card's place
        tries = 1
    elif seed is None:  # the fixed arrangement: one deal for each unseen card that matches
        fits = matching(view.top_card, view.color)
        tries = min(tries, sum(c in fits for c in unseen)) if places[current] else 1
    for attempt in range(max(tries, 1)):
        state = deal.state(attempt)
        drawn = state.drawn_card
        if drawn is not None and can_lay(state, current, drawn, state.hands[current]):
            return _agreeing(view, state)
    # No deal found in time: the last one (its drawn card matches, R4.5).
    return _agreeing(view, state)


def _seats(view: View) -> int:
    """How many seats ``view`` shows, once its fields by seat agree on it and its seats
    are at the table (else ``ValueError`` naming the field)."""
    n = len(view.hand_sizes)
    by_seat = {"names": view.names, "known": view.known, "scores": view.scores}
    if view.round_points is not None:
        by_seat["round_points"] = view.round_points
    for name, values in by_seat.items():
        if len(values) != n:
            raise ValueError(
                f"not a view of a real game: {name} has {len(values)} entries, but"
                f" hand_sizes has {n} (one per seat)"
            )
    for name, seat in (("player", view.player), ("current_player", view.current_player)):
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n
        ):
            raise ValueError(
                f"not a view of a real game: {name} is {shown_int(seat)}, not one of its"
                f" {n} seats (0 to {n - 1})"
            )
    return n


def _agreeing(view: View, state: State) -> State:
    """``state``, if ``view``'s player sees ``view`` in it; else ``ValueError`` naming the
    first field of the view (in :class:`~unorules.View`'s order) that its other fields
    contradict: ``legal_actions`` that the rules do not give, a ``top_card`` that is not
    the discard pile's, ... (one :func:`~unorules.observe`: cheap next to the deal)."""
    seen = observe(state, view.player)
    if seen != view:
        for field in attrs.fields(View):
            said, follows = getattr(view, field.name), getattr(seen, field.name)
            if said != follows:
                raise ValueError(
                    f"not a view of a real game: its {field.name} is {shown(said)}, but its"
                    f" other fields (the rules among them) make it {shown(follows)}"
                )
    return state


_DRAWN_TRIES: Final = 64
"""Deals tried for another player's drawn phase before the last one is kept."""


def _held(held: Sequence[Sequence[Card]], n: int, me: int) -> tuple[tuple[Card, ...], ...]:
    """``held`` checked: by seat, cards, none of the player's own."""
    if isinstance(held, str | bytes):
        raise TypeError(f"held lists cards by seat, not {held!r}")
    rows = tuple(tuple(cards) for cards in held)
    if not rows:
        return ((),) * n
    if len(rows) != n:
        raise ValueError(f"held lists cards by seat: {n} seats, not {len(rows)}")
    for cards in rows:
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"held lists cards (unorules.Card), not {card!r}")
    if rows[me]:
        raise ValueError(f"held names cards of other seats: player {me}'s own are its view's")
    return rows


class _Deal:
    """The deals of the unseen cards of one view: with a seed, attempt ``k`` draws on
    the generator's counters ``3k`` to ``3k + 2`` (attempt 0 on 0 to 2); without one, the
    fixed arrangement, whose attempt ``k`` takes the ``k``-th card that matches as another
    player's drawn card."""

    def __init__(
        self,
        *,
        view: View,
        unseen: list[Card],
        places: list[int],
        held: tuple[tuple[Card, ...], ...],
        seed: int | None,
        drew: int,
        drawn_card: Card | None,
    ) -> None:
        self.view = view
        self.unseen = unseen
        self.places = places
        self.held = held
        self.seed = seed
        self.drew = drew
        self.drawn_card = drawn_card

    def state(self, attempt: int) -> State:
        """The unseen cards dealt (attempt ``attempt``); in the challenge phase the last
        ``drew`` cards dealt to the offender are the ones it drew since laying the card."""
        view = self.view
        seed = self.seed
        base = 3 * attempt
        me = view.player
        n = len(view.hand_sizes)
        places = list(self.places)
        if seed is None:
            pool = list(self.unseen)
        else:
            pool = rng.shuffled(self.unseen, seed=seed, counter=base)
        hands: list[list[Card]] = [[*view.known[s], *self.held[s]] for s in range(n)]
        hands[me] = list(view.hand)
        current = view.current_player
        drawn = view.drawn_card
        flip_top: list[Card] = []
        if view.rules.flip:
            drawn, pool, flip_top = self._flip_deal(pool, hands, places, attempt)
        elif self.drawn_card is not None:
            drawn = self.drawn_card
        elif view.phase is Phase.DRAWN and current is not None and current != me:
            # The card the other player just drew may be laid (that is why the phase is
            # drawn): one of the unseen cards that may.
            fits = matching(view.top_card, view.color)
            options = [i for i, c in enumerate(pool) if c in fits]
            if options and places[current]:
                if seed is None:
                    k = min(attempt, len(options) - 1)
                else:
                    k = rng.randbelow(len(options), seed=seed, counter=base + 1)
                drawn = pool.pop(options[k])
                hands[current].append(drawn)
                places[current] -= 1
            else:
                drawn = next((c for c in hands[current] if c in fits), None)
                if drawn is None:
                    raise ValueError(
                        f"not a view of a real game: player {current} has just drawn a card"
                        f" that may be laid on {view.top_card}, but no card they may hold"
                        " can be"
                    )
        at = 0
        for s in range(n):
            hands[s] += pool[at : at + places[s]]
            at += places[s]
        challenge: tuple[int, bool, Color | None] | None = None
        if view.phase is Phase.CHALLENGE:
            offender = view.challenge_offender
            color = view.challenge_color
            if offender is None or color is None:
                raise ValueError("not a view of a real game: a challenge without its offender")
            challenge = (offender, bool(view.challenge_bluff), color)
        # The set-aside cards (No Mercy's knocked-out hands), then the draw pile.
        aside = pool[at : at + view.set_aside_size]
        at += view.set_aside_size
        pile = [*flip_top, *pool[at:]]
        state = self._build(hands, pile, drawn, challenge, base, aside=aside)
        if challenge is not None and view.challenge_bluff is None:
            offender, _, color = challenge
            held = tuple(hands[offender][: len(hands[offender]) - self.drew])
            if _bluff(state, held, color):
                state = self._build(hands, pile, drawn, (offender, True, color), base, aside=aside)
        return state

    def _flip_deal(
        self, pool: list[Card], hands: list[list[Card]], places: list[int], attempt: int
    ) -> tuple[Card | None, list[Card], list[Card]]:
        """UNO Flip! (FL-A13): deal to each hidden place of another hand, and to the top
        of the draw pile, an unseen card whose face not in play is the one the view
        shows there (the first such card of ``pool``, which is shuffled or in card
        order); ``places`` is then zero for them. Returns the card another player has
        just drawn (in their drawn phase: one of their dealt cards that may be laid),
        the rest of ``pool`` in its order, and the draw pile's top card (or nothing)."""
        view = self.view
        me = view.player
        left = list(pool)

        def take(face: Card, where: str) -> Card:
            for i, card in enumerate(left):
                if _other_face(card) is face:
                    return left.pop(i)
            raise ValueError(
                f"not a view of a real game: {where} shows the other face {face}, and no"
                " unseen card has it"
            )

        current = view.current_player
        drawn = view.drawn_card
        if self.drawn_card is not None:
            drawn = self.drawn_card
        elif view.phase is Phase.DRAWN and current is not None and current != me:
            # The card just drawn may be laid: first one of the unseen cards that may,
            # whose other face is one the hand shows.
            fits = matching(view.top_card, view.color)
            shown = Counter(view.other_faces[current]) - Counter(map(_other_face, hands[current]))
            options = [
                i for i, c in enumerate(left) if c.face in fits and shown[_other_face(c)] > 0
            ]
            if options and places[current]:
                k = 0
                if self.seed is not None:
                    k = rng.randbelow(len(options), seed=self.seed, counter=3 * attempt + 1)
                drawn = left.pop(options[k])
                hands[current].append(drawn)
                places[current] -= 1
            else:
                drawn = next((c for c in hands[current] if c.face in fits), None)
                if drawn is None:
                    raise ValueError(
                        f"not a view of a real game: player {current} has just drawn a card"
                        f" that may be laid on {view.top_card}, but no card they may hold"
                        " can be"
                    )
        for s, hand in enumerate(hands):
            if s == me or not places[s]:
                continue
            need = Counter(view.other_faces[s]) - Counter(map(_other_face, hand))
            if need.total() != places[s]:
                raise ValueError(
                    f"not a view of a real game: player {s}'s other faces are not those of"
                    f" a hand of {view.hand_sizes[s]} holding its known cards"
                )
            hand += [
                take(face, f"player {s}'s hand") for face in sorted(need.elements(), key=_index)
            ]
            places[s] = 0
        top = view.draw_pile_other_face
        flip_top = [take(top, "the draw pile's top card")] if top is not None else []
        return drawn, left, flip_top

    def _build(
        self,
        hands: list[list[Card]],
        pile: list[Card],
        drawn: Card | None,
        challenge: tuple[int, bool, Color | None] | None,
        base: int,
        *,
        aside: list[Card],
    ) -> State:
        view = self.view
        seed = self.seed
        sides = seat_sides(view.rules, len(hands))
        return build_state(
            rules=view.rules,
            names=view.names,
            seed=0 if seed is None else rng.randbelow(_SEED_END, seed=seed, counter=base + 2),
            round=view.round,
            dealer=view.dealer,
            totals=_per_side(view.scores, sides),
            eliminated=view.eliminated,
            round_winner=view.round_winner,
            round_points=None if view.round_points is None else _per_side(view.round_points, sides),
            winner=view.winner,
            hands=hands,
            draw_pile=pile,
            discard_pile=view.discard_pile,
            color=view.color,
            direction=view.direction,
            current_player=view.current_player,
            phase=view.phase,
            pending_draw=view.pending_draw,
            challenge=challenge,
            drawn_card=drawn,
            uno_open=view.uno_open,
            uno_overdue=view.uno_overdue,
            lost_turns=view.lost_turns,
            answer_lock=view.answer_lock,
            idle_turns=view.idle_turns,
            turn_actions=view.turn_actions,
            known=[(view.player, of, cards) for of, cards in enumerate(view.known) if cards],
            knocked_out=view.knocked_out,
            set_aside=aside,
        )


def _other_face(card: Card) -> Card:
    """The face not in play of a UNO Flip! card."""
    turned = card.other
    assert turned is not None
    return turned.face


def _bluff(s: State, held: tuple[Card, ...], color: Color | None) -> bool:
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
