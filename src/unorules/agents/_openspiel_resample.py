"""OpenSpiel's ``resample_from_infostate`` for :class:`unorules.agents.openspiel.UnoState`: a
state one player cannot tell from the real one, the cards they have not seen dealt again
(what information-set search, such as OpenSpiel's IS-MCTS, plays from).

Every try deals through the library's :func:`unorules.sampling.consistent_state` (what
:func:`unorules.sample_state` is: a determinization of the player's
:class:`~unorules.View`), with ``held=`` and ``drawn_card=`` for the cards of another
player's action under way; the resampler adds only what the OpenSpiel game holds beyond
the library state:

- **The history** of the round (the cards each seat laid, how many it drew, the match
  totals) and the decision the game is at are kept: the same seat decides, in the same
  interjection window or turn. The player's own half-built action (tokens chosen, the
  action not complete yet) is kept; another player's is not seen, so that player starts
  its action afresh. A sample in which the seat deciding now would have nothing to do
  (an interjection window opened for a Jump-In it could not make with its sampled hand)
  is dealt again: the seat that decides is public.
- **A pending action** (a chance node in the middle of an action: a draw, a redeal) is
  kept, with the cards it lays in its player's hand (a card laid is seen by all), and
  the sample is one in which the action is legal (a draw that the rules allow only
  when nothing may be laid says so) and a challenge made has the real outcome (it is
  settled in view of all). The cards chance has dealt for the action so far are in no
  hand yet, so no one has seen them in the observation: they are dealt again at random
  from the sampled pile (again if the sampled cards would end the action sooner than
  the real ones did).
- **Dealing** (before the first turn): the player's own cards dealt so far and the cards
  turned up are kept, the other seats' cards are dealt again from the rest of the deck,
  and the cards a first Draw Two draws are dealt again too.
- **The information state**: the player's record (every public action, the cards it
  got, what it came to know) is kept, so its ``information_state_string`` and
  ``information_state_tensor`` are the real state's; the other players' records,
  which name their real cards, start again from their sampled hands.
- **A challenge after a catch**: the cards the Wild Draw Four's player drew since laying
  it are passed to :func:`~unorules.sample_state` (``offender_drew``), so the bluff is
  judged on the hand it was laid from.

**Seeding.** The sampler OpenSpiel passes (a callable returning a float in ``[0, 1)``)
is called exactly twice per resample; each call gives 32 bits (``int(u * 2**32)``), and
the two make the 64-bit seed of every random choice the resample makes (the library's
counter-mode generator, :mod:`unorules.rng`). The same sampler sequence gives the same
resampled state. The resampled state's ``history()`` is empty (a replayed history would
name the real chance outcomes); everything else, ``move_number`` aside, is a state of
the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from unorules import rng
from unorules.actions import Challenge, Play
from unorules.cards import Card, build_deck
from unorules.sampling import consistent_state
from unorules.state import Phase, State
from unorules.view import View, observe

if TYPE_CHECKING:
    from unorules.agents.openspiel import UnoState

__all__ = ["TRIES", "resample", "seed_from"]

TRIES: Final = 1000
"""Samples tried before a resample gives up (each is rejected only when the public facts
the view does not carry rule it out; a real game is one of the samples, so a sample is
found unless that one is very unlikely)."""

_WORD: Final = 1 << 32
_SEED_END: Final = 1 << 64


def seed_from(sampler: Callable[[], float]) -> int:
    """The 64-bit seed of one resample: two calls of ``sampler``, 32 bits each.

    Raises:
        ValueError: the sampler gives something else than a float in ``[0, 1)``.

    >>> values = iter([0.5, 0.25])
    >>> hex(seed_from(lambda: next(values)))
    '0x8000000040000000'
    """
    seed = 0
    for _ in range(2):
        u = sampler()
        if not isinstance(u, float | int) or isinstance(u, bool) or not 0.0 <= u < 1.0:
            raise ValueError(f"the probability sampler gives a float in [0, 1), not {u!r}")
        seed = seed << 32 | int(u * _WORD)
    return seed


def _index(card: Card) -> int:
    return card.index


def _guilty(s: State) -> bool | None:
    """Whether the Wild Draw Four open to challenge in ``s`` was a bluff (None: none is)."""
    return None if s._ledger.challenge is None else s._ledger.challenge.guilty


def _pick(state: UnoState, seed: int, counter: int) -> int:
    """A chance outcome of ``state`` (a chance node), drawn with the library's generator
    with the odds ``chance_outcomes`` gives."""
    if state.dealer is None:
        return rng.randbelow(state.players, seed=seed, counter=counter)
    cards = sorted(state._left().elements(), key=_index)
    return cards[rng.randbelow(len(cards), seed=seed, counter=counter)].index


def _fresh(state: UnoState) -> UnoState:
    new = type(state)(state.get_game())
    new.moves = state.moves
    new.challenge_size = state.challenge_size
    return new


def resample(state: UnoState, player: int, seed: int) -> UnoState:
    """A new state that ``player`` cannot tell from ``state`` (see the module docs).

    Raises:
        RuntimeError: no consistent sample was found in :data:`TRIES` tries.
    """
    if state.arena is None:
        return _dealing(state, player, seed)
    view = observe(state.arena.state, player)
    for attempt in range(TRIES):
        deal = rng.randbelow(_SEED_END, seed=seed, counter=2 * attempt)
        chance = rng.randbelow(_SEED_END, seed=seed, counter=2 * attempt + 1)
        new = _playing(state, view, deal, chance)
        if new is not None:
            _recall(state, new, player)
            return new
    raise RuntimeError(
        f"no state consistent with player {player}'s information was found in {TRIES} samples"
    )


def _recall(state: UnoState, new: UnoState, player: int) -> None:
    """Give ``new`` what ``player`` has seen in ``state`` (its information state): the
    public record and the player's own are kept; the other players' records, which
    name their real cards, start again from their sampled hands."""
    assert new.arena is not None
    hands = new.arena.state.hands
    new.infos = [
        state.infos[seat]
        if seat == player
        else "resampled hand " + " ".join(map(str, hands[seat])) + "; "
        for seat in range(state.players)
    ]
    new.recent = state.recent
    new.known_seen = new.arena.state._ledger.known


def _dealing(state: UnoState, player: int, seed: int) -> UnoState:
    """A resample before the first turn (the deal, the cards turned up, the first Draw
    Two's cards)."""
    new = _fresh(state)
    if state.dealer is None:
        return new
    new._apply_action(state.dealer)
    n = state.players
    rules = state._rules()
    seats = [(state.dealer + 1 + i) % n for i in range(len(state.dealt))]
    mine = [card for card, seat in zip(state.dealt, seats, strict=True) if seat == player]
    pool = Counter(build_deck(rules.shuffle_hands_cards, rules.customizable_cards))
    pool.subtract(mine)
    pool.subtract(state.turned)
    others = iter(rng.shuffled(sorted((+pool).elements(), key=_index), seed=seed, counter=0))
    for card, seat in zip(state.dealt, seats, strict=True):
        new._apply_action((card if seat == player else next(others)).index)
    for card in state.turned:
        new._apply_action(card.index)
    for k in range(len(state.opening or ())):
        new._apply_action(_pick(new, seed, 1 + k))
    return new


def _sample(state: UnoState, view: View, seed: int) -> State:
    """The library's sample of ``view``, with the cards of a pending action of another
    seat in that seat's hand (and as its drawn card, in its drawn phase)."""
    real = state.arena
    assert real is not None
    s = real.state
    player = view.player
    drew = 0
    offender = view.challenge_offender
    if offender is not None and offender != player and state.challenge_size is not None:
        drew = max(0, len(s.hands[offender]) - state.challenge_size)
    actor = real.actor
    held: list[tuple[Card, ...]] = [() for _ in view.hand_sizes]
    drawn = None
    if actor is not None and actor != player and isinstance(state.pending, Play):
        # The cards of the pending play are in its player's hand, seen by all, but not
        # known as the view knows cards: held. In its drawn phase the card drawn is the
        # one laid.
        laid = Counter((state.pending.card, *state.pending.also))
        laid.subtract(view.known[actor])
        held[actor] = tuple(sorted((+laid).elements(), key=_index))
        if view.phase is Phase.DRAWN and view.current_player == actor:
            drawn = state.pending.card
    return consistent_state(view, seed=seed, offender_drew=drew, held=held, drawn_card=drawn)


def _playing(state: UnoState, view: View, deal: int, chance: int) -> UnoState | None:
    """One try at a resample after the deal, or None if the sample contradicts a public
    fact that the view does not carry."""
    real = state.arena
    assert real is not None
    sampled = _sample(state, view, deal)
    new = _fresh(state)
    new.dealer = state.dealer
    new.turned = list(state.turned)
    arena = real.__copy__()
    new.arena = arena
    actor = real.actor
    if actor is None:  # the round is over
        arena.state = sampled
        return new
    if not arena._resume(sampled, actor, real.interjecting):
        return None  # e.g. a window for a Jump-In the sampled hand cannot make
    if actor == view.player:
        if arena.offered != real.offered:
            return None
        for token in real.prefix:
            arena.builder.push(token)
    pending = state.pending
    if pending is None:
        return new
    if pending not in arena.offered:
        return None  # e.g. a draw where the rules allow one only if nothing may be laid
    # A challenge made is settled in view of all (who draws tells the outcome): the
    # sampled Wild Draw Four must be a bluff exactly when the real one was.
    if isinstance(pending, Challenge) and _guilty(sampled) != _guilty(real.state):
        return None
    new.pending = pending
    for k in range(len(state.drawn) + len(state.redealt)):
        if new.pending is None:
            return None  # the sampled cards end the action sooner than the real ones did
        new._apply_action(_pick(new, chance, k))
    return new if new.pending is not None else None
