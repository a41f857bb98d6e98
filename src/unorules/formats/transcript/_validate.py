"""Replaying and validating transcripts: :func:`replay` and :func:`validate`.

Part of :mod:`unorules.formats.transcript`, which re-exports every public name; import them from
there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

import attrs

from unorules._echo import shown, shown_int, shown_json, writable
from unorules.actions import Action, NextRound
from unorules.engine import Chance, apply, new_game, step
from unorules.errors import ErrorCode, IllegalAction
from unorules.formats.transcript._io import Source, _decode, _parse, check_meta
from unorules.formats.transcript._model import (
    Meta,
    Problem,
    Report,
    Round,
    Summary,
    Transcript,
    TranscriptError,
    _fail,
    _malformed,
    _override,
)
from unorules.rules import Rules
from unorules.state import State

# == replaying and validating ==================================================================


_SEED_END: Final = 1 << 64


def _check_fields(t: Transcript, *, whole: bool) -> None:
    """Check what the JSON reader checks of a transcript but a :class:`Transcript` built
    in Python may still hold, each problem at its field's own JSON path (as the same
    transcript written as JSON reports it). A game is at least one round (``whole``):
    :func:`validate` asks for it, while :func:`replay` also replays the part of a game
    before a problem in its first round (no states)."""
    if not isinstance(t.rules, Rules):
        _malformed("$.rules", f"rules is a unorules.Rules or a profile name, not {shown(t.rules)}")
    for i, name in enumerate(t.players):
        if not writable(name):
            _malformed(
                f"$.players[{i}]", "a player's name is text UTF-8 can write (no lone surrogate)"
            )
    seed = t.seed
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _SEED_END
    ):
        _malformed("$.seed", f"a seed is a whole number from 0 to 2**64 - 1, not {shown_int(seed)}")
    if whole and not t.rounds:
        _malformed("$.rounds", "a transcript has at least one round")
    for r, rnd in enumerate(t.rounds):
        if not isinstance(rnd, Round):
            _malformed(
                f"$.rounds[{r}]",
                f"a round is a unorules.formats.transcript.Round, not {shown(rnd)}",
            )
        if rnd.deal is None and seed is None:
            _malformed(
                f"$.rounds[{r}]",
                "missing the deal: a round gives dealer, hands and turned"
                " unless the transcript has a seed",
            )
    for i, score in enumerate(t.result or ()):
        if not isinstance(score, int) or isinstance(score, bool):
            _malformed(f"$.result.scores[{i}]", f"a score is a whole number, not {shown(score)}")
    if t.meta is not None:
        if not isinstance(t.meta, Meta):
            _malformed("$.meta", f"meta is a unorules.formats.transcript.Meta, not {shown(t.meta)}")
        check_meta(t.meta)


def _action_path(r: int, i: int) -> str:
    return f"$.rounds[{r}].actions[{i}]"


def _start(t: Transcript, r: int, state: State | None) -> State:
    """The state at the start of round ``r``."""
    path = f"$.rounds[{r}]"
    deal = t.rounds[r].deal
    n = len(t.players)
    if deal is not None and not 0 <= deal.dealer < n:
        _fail(
            ErrorCode.BAD_DEAL,
            path,
            f"there is no seat {shown(deal.dealer)} to deal (seats 0 to {n - 1})",
            r,
        )
    try:
        if state is None:
            seed = 0 if t.seed is None else t.seed
            try:
                return new_game(t.players, t.rules, seed, deal=deal)
            except IllegalAction:
                raise
            except ValueError as err:
                _malformed("$.players", str(err))
        return apply(state, NextRound(deal))
    except IllegalAction as err:
        _fail(err.code, path, str(err), r)


class _Progress:
    """How far a replay got, up to date also when it stops at a problem: the last state
    reached, and the rounds started and the actions applied."""

    __slots__ = ("actions", "rounds", "state")

    def __init__(self) -> None:
        self.state: State | None = None
        self.rounds = 0
        self.actions = 0


_Visit = Callable[[int, "int | None", State], bool]
"""Called with every state of a replay, ``(round, action index or None, state)``; it
returns True to stop the replay there."""


def _play(t: Transcript, progress: _Progress, visit: _Visit | None = None) -> None:
    """Replay the game: each round's start (index None), then each action, calling
    ``visit`` with every state (until it returns True) and keeping ``progress``. Raises
    :class:`TranscriptError` at the first problem."""
    _check_fields(t, whole=False)
    state: State | None = None
    must_name = t.seed is None
    for r, rnd in enumerate(t.rounds):
        state = _start(t, r, state)
        progress.state = state
        progress.rounds += 1
        if visit is not None and visit(r, None, state):
            return
        explicit = must_name and rnd.deal is not None
        if explicit and rnd.deal is not None and rnd.deal.draw_pile is None:
            dealt = sum(len(h) for h in rnd.deal.hands)
            if sum(len(h) for h in state.hands) != dealt:
                _fail(
                    ErrorCode.DRAW_MISMATCH,
                    f"$.rounds[{r}]",
                    f"the first card {state.top_card} makes a player draw at the start, which a"
                    " round without draw_pile cannot name: give the draw pile",
                    r,
                )
        actions = rnd.actions
        applied = 0  # the actions of this round applied before the one at hand
        stopped = False
        try:
            for applied, action in enumerate(actions):
                try:
                    if explicit:
                        new, _, chance = step(state, action)
                        _check_chance(chance, action, r=r, i=applied)
                        state = new
                    else:
                        state = apply(state, action)  # on an error, state stays the last one
                except IllegalAction as err:
                    _fail(err.code, _action_path(r, applied), str(err), r, applied)
                if visit is not None and visit(r, applied, state):
                    stopped = True
                    break
            else:
                applied = len(actions)
        finally:
            progress.state = state
            progress.actions += applied + 1 if stopped else applied
        if stopped:
            return
    if t.result is not None and state is not None and tuple(t.result) != state.scores:
        _fail(
            ErrorCode.RESULT_MISMATCH,
            "$.result.scores",
            f"result says scores {shown_json(t.result, 120)}, but the replayed game ends with"
            f" {list(state.scores)}",
        )


def steps(t: Transcript, limit: int | None = None) -> list[tuple[int, int | None, State]]:
    """Every state of the game with its place, ``(round, action index or None, state)``
    (indices from 0; None for a round's deal), in order; only the first ``limit`` if
    given. Raises :class:`TranscriptError` at the first problem. :func:`replay` gives the
    states alone.

    >>> import unorules as uno
    >>> from unorules.formats import transcript
    >>> start = uno.new_game(2, seed=3)
    >>> played = transcript.record(start, [uno.legal_actions(start)[0]])
    >>> [(r, i, s.phase.value) for r, i, s in steps(played)]
    [(0, None, 'play'), (0, 0, 'play')]
    """
    out: list[tuple[int, int | None, State]] = []

    def keep(r: int, i: int | None, state: State) -> bool:
        out.append((r, i, state))
        return limit is not None and len(out) >= limit

    _play(t, _Progress(), keep)
    return out


def _check_chance(chance: Chance, action: Action, *, r: int, i: int) -> None:
    """In a round the transcript deals without a seed, every card left to chance must be
    named: cards drawn while the pile's order is unknown, and a Wild Shuffle Hands' deal."""
    if chance.shuffled:
        _fail(
            ErrorCode.DRAW_MISMATCH,
            _action_path(r, i),
            "a Wild Shuffle Hands deals the pooled cards at random: without a seed, the"
            " transcript must give the new hands (hands)",
            r,
            i,
        )
    if getattr(action, "drawn", None) is not None or not chance.drawn:
        return
    if chance.order_known and not chance.rebuilt:
        return  # the draw pile's order is known: the cards came off its top
    if chance.order_known:
        why = (
            "the draw pile ran out and was rebuilt from the discard pile during this action,"
            " so its new order is unknown"
        )
    else:
        why = "the draw pile's order is unknown (no draw_pile, or the pile was rebuilt)"
    _fail(
        ErrorCode.DRAW_MISMATCH,
        _action_path(r, i),
        f"this action draws cards, but {why}: name them in order in drawn",
        r,
        i,
    )


def replay(transcript: Transcript) -> list[State]:
    """Every state of the game in order: the start of each round, then the state after each
    action. Raises :class:`TranscriptError` at the first problem.

    >>> import unorules as uno
    >>> t = Transcript("mattel", 2, [Round([uno.Draw(1)])], seed=3)
    >>> [s.current_player for s in replay(t)]
    [1, 0]
    """
    return [state for _, _, state in steps(transcript)]


def validate(
    source: object,
    *,
    rules: Rules | str | None = None,
) -> Report:
    """Check a transcript move by move. Never raises on bad input: every problem is a
    :class:`Report` with a stable :class:`~unorules.ErrorCode`. ``source`` is a
    :class:`Transcript`, JSON text (str or bytes), the parsed JSON (any value), or a
    :class:`Source`; ``rules`` (a :class:`Rules` or a profile name, else ValueError)
    replaces the transcript's own rules.

    >>> r = validate('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 1,'
    ...              ' "rounds": [{"actions": [{"player": 0, "play": "W+4", "color": "red"}]}]}')
    >>> r.valid, r.error.code.value, r.error.path
    (False, 'card_not_in_hand', '$.rounds[0].actions[0]')
    >>> r.final.hand_sizes, r.actions
    ((7, 7), 0)
    """
    override = _override(rules)
    if isinstance(source, Source):
        source = source.text
    data: object = None
    malformed: Problem | None = None
    try:
        if isinstance(source, Transcript):
            transcript = source if override is None else attrs.evolve(source, rules=override)
            _check_fields(transcript, whole=True)
        else:
            if isinstance(source, str | bytes | bytearray):
                data = _decode(source if isinstance(source, str) else bytes(source))
            elif isinstance(source, Mapping) and not isinstance(source, dict):
                data = dict(source)
            else:
                data = source
            transcript = _parse(data, override)
    except TranscriptError as err:
        part = _before(data, err.problem, override)
        if part is None:
            return Report(err.problem)
        transcript, malformed = part, err.problem
    progress = _Progress()
    error: Problem | None = None
    try:
        _play(transcript, progress)
    except TranscriptError as err:
        error = err.problem  # before the malformed entry, so the first problem
    else:
        error = malformed
    state = progress.state
    rounds, actions = progress.rounds, progress.actions
    meta = transcript.meta  # kept and reported, never judged
    if state is None:
        return Report(error, meta=meta)
    return Report(error, state.scores, Summary.of(state), rounds, actions, state, meta=meta)


def readable_part(text: str | bytes, problem: Problem) -> Transcript | None:
    """The transcript in ``text`` up to the round entry or action that ``problem`` (the
    error :func:`loads` raised for ``text``) finds malformed: the rounds before it and
    that round's actions before it, as :func:`validate` replays them. None when the
    problem is not in a round or nothing before it reads.

    >>> from unorules.formats.transcript import loads
    >>> text = ('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 3,'
    ...         ' "rounds": [{"actions": [{"player": 1, "draw": true}, {"player": 0}]}]}')
    >>> try:
    ...     loads(text)
    ... except TranscriptError as err:
    ...     problem = err.problem
    >>> problem.path, readable_part(text, problem).rounds[0].actions
    ('$.rounds[0].actions[1]', (Draw(1),))
    """
    try:
        data = _decode(text)
    except TranscriptError:
        return None
    return _before(data, problem, None)


def _before(data: object, problem: Problem, override: Rules | None) -> Transcript | None:
    """The part of a transcript before the round entry or action that ``problem`` finds
    malformed, so that the report still gives the state after the last valid action
    (its ``final``): the rounds before it, and that round's actions before it. None when the
    problem is not in a round, or the part before it does not read either."""
    r, i = problem.round, problem.index
    if r is None or not isinstance(data, dict) or not isinstance(data.get("rounds"), list):
        return None
    rounds: list[object] = list(data["rounds"][:r])
    if i is not None:
        entry = data["rounds"][r]
        if not isinstance(entry, dict) or not isinstance(entry.get("actions"), list):
            return None
        rounds.append({**entry, "actions": entry["actions"][:i]})
    part = {key: value for key, value in data.items() if key != "result"}
    part["rounds"] = rounds
    try:
        return _parse(part, override)
    except TranscriptError:
        return None
