"""The fast route equals the general route under every option, alone, under every profile.

The fast route (``unorules._engine.fast``) admits a plain move with a few cheap checks and
resolves it with the general route's own rule functions; which rules admit it is computed
from each option's declaration (``Rules`` field metadata ``"fast"``). This test is what
makes a wrong declaration fail: for options set one at a time to values other than their
default, under every profile, seeded games are played and at every step

- ``legal_actions`` (for everyone and for each seat) equals the general listing,
- the chosen action, and a play of every card the current player holds (legal or not),
  give the same state or the same error on both routes;

and the same for the moment with the current player's hand exchanged with each other
seat's, and with one of the draw pile's action cards and wilds (in turn from step to
step) exchanged for one of its cards, so that the rarer cards come up at every step; and
(its listing and probes) for the current player down to its last card, each action card
and wild of these hands in turn, so that the rules of going out do too. Each example
plays the four profiles at tables of four different sizes (2 to 5 players).

Options and their values are read from ``Rules`` itself, so a new option enters the test
without editing it, and the time goes where the fast route reads an option (its
declaration, :class:`~unorules.rules.FastPath`): every other value of an option it reads
(each member of an enumeration, each registered effect), the smallest and the largest
of the integers tried for an integer option it reads, and one value of an option it
does not read (``NOT_READ``). The seeds are hypothesis' examples: five per option value
under the ``ci`` profile, two under ``dev`` (``tests/conftest.py``).

To check the test, remove one of the fast route's admissions of an option it declares
``FastPath.HONOURS`` (for example the ``jump_in`` test in ``_and_calls``, or
``_declined`` in ``fast_play``): this test then fails, whatever ``--hypothesis-seed``.
"""

from __future__ import annotations

import enum
import random
from typing import Any

import attrs
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import unorules as uno
from unorules._engine.gate import fast_path_admits
from unorules._engine.general import apply_general
from unorules._engine.listing import legal_general
from unorules.effects import EFFECTS
from unorules.flipdeck import PAIRINGS
from unorules.rules import FastPath, RulesError
from unorules.state import draft, freeze, ledger

PROFILES = ("mattel", "mattel-108", "swedish", "danish", "mattel-no-mercy", "mattel-flip")
STEPS = 200


def _alternatives(field: Any) -> list[object]:
    """The values other than the default that an option of this type can take (for an
    integer, a few small ones and the default's neighbours)."""
    default = field.default
    kind = type(default)
    if kind is bool:
        return [not default]
    if isinstance(default, enum.Enum):
        return [v for v in kind if v is not default]
    if kind is int:
        # and each profile's own value's neighbours (mercy=25 in mattel-no-mercy, say)
        near = {getattr(uno.get_profile(p), field.name) + k for p in PROFILES for k in (-1, 1)}
        return sorted(({0, 1, 2, 3, default - 1, default + 1} | near) - {default})
    if kind is str:
        if field.name == "flip_pairing":  # UNO Flip!'s face pairings (FL-A1)
            return [*sorted(PAIRINGS), "random"]
        return [name for name in sorted(EFFECTS) if name != default]
    if field.name == "deck_counts":  # None is the classic deck; a deck given as counts
        return [uno.rules.classic_deck(1, 3), uno.rules.classic_deck(0, 0)]
    if attrs.has(kind):  # a value made of ints, such as CardPoints
        first = attrs.fields(kind)[0]
        return [attrs.evolve(default, **{first.name: getattr(default, first.name) + 5})]
    raise AssertionError(f"option {field.name}: no values known for {kind.__name__}")


def _rules(profile: str, name: str, value: object) -> uno.Rules | None:
    try:
        changes: dict[str, Any] = {name: value}
        return attrs.evolve(uno.get_profile(profile), **changes)
    except (RulesError, ValueError, TypeError):
        return None


def _valid(field: Any) -> list[object]:
    """The alternatives to an option's default that some profile allows."""
    return [
        value
        for value in _alternatives(field)
        if any(_rules(profile, field.name, value) for profile in PROFILES)
    ]


def _spent(field: Any, values: list[object]) -> list[object]:
    """The values the differential test plays an option at, by its declaration: one for
    an option the fast route does not read (for an integer, the one nearest the default),
    the smallest and the largest for an integer it reads, all of them for any other."""
    default = field.default
    ints = [v for v in values if type(v) is int]
    if field.metadata["fast"] is FastPath.NOT_READ:
        return [min(ints, key=lambda v: (abs(v - default), -v))] if ints else values[:1]
    return [min(ints), max(ints)] if ints else values


def _variants(*, spent: bool) -> list[tuple[str, object]]:
    """Every (option, value) other than the default that some profile allows; with
    ``spent``, only the values the differential test plays (:func:`_spent`)."""
    out = []
    for field in attrs.fields(uno.Rules):
        values = _valid(field)
        for value in _spent(field, values) if spent else values:
            out.append((field.name, value))
    return out


ALL_VARIANTS = _variants(spent=False)
VARIANTS = _variants(spent=True)


def _players(rules: uno.Rules, seed: int) -> int | None:
    for players in (2 + seed % 4, 4, 6):
        if rules.teams and (players % rules.teams or players // rules.teams < 2):
            continue
        if rules.hand_size * players + 1 > rules.deck_size:
            continue
        return players
    return None


def _probes(state: uno.State) -> list[uno.Action]:
    """A play of every distinct card the current player holds, legal or not."""
    p = state.current_player
    if p is None:
        return []
    out: list[uno.Action] = []
    for card in dict.fromkeys(state.hands[p]):
        out.append(uno.Play(p, card, uno.Color.GREEN if card.is_wild else None))
        out.append(uno.Play(p, card, uno.Color.BLUE if card.is_wild else None, uno=True))
    out.append(uno.Draw(p))
    out.append(uno.Pass(p))
    return out


def _hand_swaps(state: uno.State) -> list[uno.State]:
    """The state with the current player's hand exchanged with each other seat's: the same
    moment of the game with other cards to answer it, so that rarer situations (a Wild
    Draw Four held by its victim, say) come up in every game. What a seat knows of a hand
    goes with the hand. (Built from a draft, as the engine builds states:
    ``State.from_dict`` would check each one and cost more than the comparison.)"""
    p = state.current_player
    if p is None or state.phase is uno.Phase.DRAWN:
        return []
    out = []
    for seat in state._match.active:  # not an eliminated seat, which holds no cards
        if seat == p or 1 in (len(state.hands[p]), len(state.hands[seat])):
            continue  # an owed UNO call is tied to its hand
        hands = list(state.hands)
        hands[p], hands[seat] = hands[seat], hands[p]
        d = draft(state)
        d.hands = tuple(hands)
        if state._ledger.known:
            owner = {p: seat, seat: p}
            ledger(d).known = tuple(
                sorted(
                    (knower, owner.get(of, of), cards)
                    for knower, of, cards in state._ledger.known
                    if owner.get(of, of) != knower
                )
            )
        out.append(freeze(d))
    return out


def _holds_known(state: uno.State, p: int) -> bool:
    """Whether some seat knows a card of ``p``'s hand (tied to the hand as it is)."""
    return any(owner == p for _, owner, _ in state._ledger.known)


def _rebuilt(state: uno.State, hand: tuple[uno.Card, ...], pile: tuple[uno.Card, ...]) -> uno.State:
    """``state`` with the current player holding ``hand`` and ``pile`` as the draw pile
    (the same cards in all), built as the engine builds states, from a draft:
    ``State.from_dict`` would check each one and cost more than the comparison."""
    p = state.current_player
    assert p is not None
    d = draft(state)
    d.hands = (*state.hands[:p], tuple(sorted(hand, key=lambda c: c.index)), *state.hands[p + 1 :])
    d._pile = pile
    d._pile_start = 0
    return freeze(d)


def _exchanged(state: uno.State, step: int) -> uno.State | None:
    """The state with one of the draw pile's action cards and wilds, in turn from step to
    step, exchanged for one of the current player's cards (in turn too, put under the
    pile): the same moment with a rarer card to answer it (a Wild Draw Four to stack on
    one, a Skip to bounce a Draw Two, a Wild Shuffle Hands to lay), at every step."""
    p = state.current_player
    if (
        p is None
        or state.phase not in (uno.Phase.PLAY, uno.Phase.CHALLENGE)
        or not state.hands[p]
        or _holds_known(state, p)
    ):
        return None
    pile = state.draw_pile
    rare = sorted({c for c in pile if c.number is None}, key=lambda c: c.index)
    if not rare:
        return None
    card = rare[step % len(rare)]
    hand = state.hands[p]
    j = step % len(hand)
    i = pile.index(card)
    return _rebuilt(state, (*hand[:j], *hand[j + 1 :], card), (*pile[:i], *pile[i + 1 :], hand[j]))


def _last_cards(state: uno.State, seen: set[uno.Card]) -> list[uno.State]:
    """The state with the current player down to one card, each of its action cards and
    wilds not in ``seen`` in turn (the rest of its hand put under the draw pile): the same
    moment with that card as its last, so that the rules of going out (the last card must
    be a number, a Wild Shuffle Hands laid last, the round's scoring) meet the rarer cards
    at every step, not only when a round happens to end on one. Adds the cards to
    ``seen``."""
    p = state.current_player
    if (
        p is None
        or state.phase is not uno.Phase.PLAY
        or len(state.hands[p]) < 2
        or _holds_known(state, p)
    ):
        return []
    hand = state.hands[p]
    out = []
    for card in dict.fromkeys(hand):
        if card.number is not None or card in seen:
            continue
        seen.add(card)
        rest = list(hand)
        rest.remove(card)
        out.append(_rebuilt(state, (card,), state.draw_pile + tuple(rest)))
    return out


def assert_last_card_agrees(state: uno.State) -> None:
    """The current player's listing, and its last card laid (or a draw, or a pass), agree
    on both routes."""
    p = state.current_player
    assert p is not None
    assert uno.legal_actions(state, p) == legal_general(state, p)
    for probe in _probes(state):
        assert_routes_agree(state, probe)


def assert_listing_agrees(state: uno.State) -> None:
    assert uno.legal_actions(state) == legal_general(state, None)
    for seat in range(state.players):
        assert uno.legal_actions(state, seat) == legal_general(state, seat)
    for probe in _probes(state):
        assert_routes_agree(state, probe)


def assert_routes_agree(state: uno.State, action: uno.Action) -> uno.State | None:
    """Both routes give the same state, or the same error; returns the state."""
    try:
        fast = uno.apply(state, action)
    except uno.IllegalAction as exc:
        with pytest.raises(uno.IllegalAction) as info:
            apply_general(state, action)
        assert (info.value.code, str(info.value)) == (exc.code, str(exc)), (action, state)
        return None
    general = apply_general(state, action)
    assert fast == general, f"the routes differ on {action!r} in {state!r}"
    assert fast._calm == general._calm
    return fast


def play_and_compare(rules: uno.Rules, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = uno.new_game(players, rules, seed=seed)
    for step in range(STEPS):
        if state.phase is uno.Phase.GAME_OVER:
            return
        assert_listing_agrees(state)
        exchanged = _exchanged(state, step)
        others = _hand_swaps(state) + ([exchanged] if exchanged else [])
        for other in others:
            assert_listing_agrees(other)
        seen: set[uno.Card] = set()
        for moment in (state, *others):  # every action card and wild held, laid last
            for last in _last_cards(moment, seen):
                assert_last_card_agrees(last)
        legal = uno.legal_actions(state)
        if state.current_player is not None and rng.random() < 0.9:
            # Mostly the current player's own moves, and mostly plays, so that rounds
            # run to their ends, where hands are small and the rarer rules apply.
            # Half the time an action card where one can be laid: the card rules are what
            # the routes must agree on.
            own = uno.legal_actions(state, state.current_player)
            plays = tuple(a for a in own if isinstance(a, uno.Play))
            actions = tuple(a for a in plays if a.card.is_action)
            rest = tuple(a for a in own if not isinstance(a, uno.CallUno | uno.Play))
            if actions and rng.random() < 0.5:
                plays = actions
            legal = (plays if plays and rng.random() < 0.9 else rest or plays) or legal
        after = assert_routes_agree(state, legal[rng.randrange(len(legal))])
        assert after is not None
        state = after


def test_every_option_declares_how_the_fast_route_treats_it() -> None:
    for field in attrs.fields(uno.Rules):
        assert isinstance(field.metadata.get("fast"), FastPath), field.name


def test_the_differential_test_plays_every_option() -> None:
    """Every option is played at some value other than its default, and the values left
    out are only those the declarations say need not be played."""
    assert list(dict.fromkeys(n for n, _ in VARIANTS)) == [f.name for f in attrs.fields(uno.Rules)]
    played = set(VARIANTS)
    for name, value in ALL_VARIANTS:
        if (name, value) not in played:
            field = attrs.fields_dict(uno.Rules)[name]
            assert field.metadata["fast"] is FastPath.NOT_READ or type(value) is int, name


_FLAGS = {
    FastPath.CHECKS_PLAYS: (True, False, False, False),
    FastPath.SHAPES_PLAYS: (True, True, False, False),
    FastPath.COUNTS_TURNS: (False, False, True, False),
    FastPath.LIMITS_DRAWS: (False, False, False, True),
}
"""What setting an option of each declaration turns on: (checked, compound, counts,
limits_draws)."""


@pytest.mark.parametrize(("name", "value"), ALL_VARIANTS, ids=[f"{n}={v}" for n, v in ALL_VARIANTS])
def test_the_fast_routes_flags_follow_the_options_declaration(name: str, value: object) -> None:
    """A round's ``Match`` checks plays, takes the general listing's turn, counts turn
    actions, or asks ``may_draw`` about a draw exactly when an option declared so is set:
    the flags are derived, so an option declared ``CHECKS_PLAYS`` is checked on the fast
    route without naming it."""
    declared = attrs.fields_dict(uno.Rules)[name].metadata["fast"]
    for profile in PROFILES:
        rules = _rules(profile, name, value)
        players = None if rules is None else _players(rules, 0)
        if rules is None or players is None:
            continue
        base = uno.new_game(2, uno.get_profile(profile), seed=1)._match
        match = uno.new_game(players, rules, seed=1)._match
        expected = tuple(
            set_ or was
            for set_, was in zip(
                _FLAGS.get(declared, (False, False, False, False)),
                (base.checked, base.compound, base.counts, base.limits_draws),
                strict=True,
            )
        )
        flags = (match.checked, match.compound, match.counts, match.limits_draws)
        assert flags == expected, (profile, declared)


@pytest.mark.parametrize(("name", "value"), VARIANTS, ids=[f"{n}={v}" for n, v in VARIANTS])
@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_fast_route_equals_general_route_under_each_option(
    name: str, value: object, seed: int
) -> None:
    played = 0
    for i, profile in enumerate(PROFILES):
        rules = _rules(profile, name, value)
        if rules is None:
            continue
        if not fast_path_admits(rules):
            played += 1  # every move takes the general route: nothing to compare
            continue
        players = _players(rules, seed + i)  # each example: tables of 2 to 5 players
        if players is None:
            continue
        play_and_compare(rules, players, seed)
        played += 1
    assert played, f"{name}={value!r} is valid under no profile"
