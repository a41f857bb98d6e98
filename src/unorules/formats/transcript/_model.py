"""The transcript model: :class:`Transcript`, :class:`Round`, :class:`Meta`, and what
validation reports (:class:`Problem`, :class:`Report`, :class:`Summary`,
:class:`TranscriptError`).

Part of :mod:`unorules.formats.transcript`, which re-exports every public name; import them from
there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, NoReturn

import attrs

from unorules._json import rules_json
from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Pass,
    Play,
)
from unorules.deal import Deal
from unorules.errors import ErrorCode
from unorules.rules import Rules, get_profile
from unorules.state import State

FORMAT: Final = "unorules/1"
"""The value of a transcript's ``"format"`` key.

>>> FORMAT
'unorules/1'
"""


# == what a transcript says about its game ====================================================

MAX_META_TAGS: Final = 100
"""The most keys a transcript's ``meta`` object holds (its tags and ``comments``).

>>> MAX_META_TAGS
100
"""

MAX_META_COMMENTS: Final = 100_000
"""The most comments a transcript's ``meta.comments`` holds.

>>> MAX_META_COMMENTS
100000
"""

MAX_META_TEXT: Final = 10_000
"""The longest text (in characters) of a ``meta`` tag's name, value or comment.

>>> MAX_META_TEXT
10000
"""


def _tags(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    pairs = tuple(value.items() if isinstance(value, Mapping) else value)
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise TypeError(f"a meta tag is a (name, text) pair, not {pair!r}")
        name, text = pair
        if not isinstance(name, str) or not isinstance(text, str):
            raise TypeError(f"a meta tag's name and value are strings, not {pair!r}")
        if name == "comments":
            raise ValueError("comments is not a tag: give them as Meta(comments=...)")
    return pairs


def _comment_key(key: object) -> tuple[int, int | None]:
    if isinstance(key, int) and not isinstance(key, bool) and key >= 0:
        return (key, None)
    if isinstance(key, tuple) and len(key) == 2:
        r, i = key
        if (
            isinstance(r, int)
            and not isinstance(r, bool)
            and r >= 0
            and (i is None or (isinstance(i, int) and not isinstance(i, bool) and i >= 0))
        ):
            return (r, i)
    raise TypeError(
        f"a comment is keyed by (round, action) or a round, indices from 0, not {key!r}"
    )


def _comments(
    value: Mapping[Any, str] | Iterable[tuple[Any, str]],
) -> tuple[tuple[tuple[int, int | None], str], ...]:
    pairs = tuple(value.items() if isinstance(value, Mapping) else value)
    out = []
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2) or not isinstance(pair[1], str):
            raise TypeError(f"a comment is a (where, text) pair with text a string, not {pair!r}")
        out.append((_comment_key(pair[0]), pair[1]))
    return tuple(out)


def comment_key_json(key: tuple[int, int | None]) -> str:
    """A comment's key as ``meta.comments`` writes it: ``"round:action"``, or ``"round"``
    for a comment on a round, both from 0 (as in the JSON path).

    >>> comment_key_json((0, 5)), comment_key_json((2, None))
    ('0:5', '2')
    """
    r, i = key
    return str(r) if i is None else f"{r}:{i}"


@attrs.frozen
class Meta:
    """What a transcript says about its game beyond the moves, as a PGN file's headers do:
    tags (``event``, ``site``, ``date``, or any other name, each with a string value) and
    comments on rounds and actions. Validation keeps and reports it (:attr:`Report.meta`,
    ``validate --json``) and never judges it; the JSON reader only checks its shape and
    size (code ``malformed`` with the JSON path otherwise).

    A comment is keyed by where it is, with the indices from 0 of the JSON path: ``(0, 5)``
    for ``$.rounds[0].actions[5]`` (written ``"0:5"``), ``(1, None)`` or ``1`` for the
    second round as a whole (written ``"1"``). Actions hold no comments themselves, so an
    unknown key in an action stays an error.

    >>> m = Meta({"event": "Club night", "date": "2026-12-04"}, {(0, 5): "a bold Wild"})
    >>> m.event, m.site, m.comment(0, 5), m.comment(0)
    ('Club night', None, 'a bold Wild', None)
    >>> m.to_dict()
    {'event': 'Club night', 'date': '2026-12-04', 'comments': {'0:5': 'a bold Wild'}}
    """

    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tags)
    """The tags, ``(name, value)`` in the file's order (a mapping is accepted too)."""
    comments: tuple[tuple[tuple[int, int | None], str], ...] = attrs.field(
        default=(), converter=_comments
    )
    """The comments, ``((round, action or None), text)`` in the file's order (a mapping
    is accepted too, a round alone as its key for a comment on the round)."""

    def tag(self, name: str) -> str | None:
        """The value of the tag ``name``, or None.

        >>> Meta({"annotator": "Bo"}).tag("annotator"), Meta().tag("event")
        ('Bo', None)
        """
        return next((value for key, value in self.tags if key == name), None)

    @property
    def event(self) -> str | None:
        """The ``event`` tag: what the game was played for (a club night, a tournament).

        >>> Meta({"event": "Finals"}).event
        'Finals'
        """
        return self.tag("event")

    @property
    def site(self) -> str | None:
        """The ``site`` tag: where the game was played.

        >>> Meta({"site": "Malmö"}).site
        'Malmö'
        """
        return self.tag("site")

    @property
    def date(self) -> str | None:
        """The ``date`` tag, as written (``YYYY-MM-DD`` reads best; never judged).

        >>> Meta({"date": "2026-12-04"}).date
        '2026-12-04'
        """
        return self.tag("date")

    def comment(self, round: int, index: int | None = None) -> str | None:
        """The comment on action ``index`` of round ``round`` (both from 0), or on the
        round itself when ``index`` is None; None when there is none.

        >>> Meta(comments={1: "Bo deals"}).comment(1), Meta().comment(0, 3)
        ('Bo deals', None)
        """
        key = (round, index)
        return next((text for where, text in self.comments if where == key), None)

    def to_dict(self) -> dict[str, Any]:
        """The ``meta`` object as plain JSON values: the tags, then ``comments`` keyed
        ``"round:action"`` or ``"round"`` (when there are any).

        >>> Meta({"site": "home"}, {(0, None): "a quick one"}).to_dict()
        {'site': 'home', 'comments': {'0': 'a quick one'}}
        """
        out: dict[str, Any] = dict(self.tags)
        if self.comments:
            out["comments"] = {comment_key_json(k): text for k, text in self.comments}
        return out


# == errors and reports ========================================================================


@attrs.frozen
class Problem:
    """Why a transcript is not valid: where (round and action index, both from 0 as in the
    JSON path, and the JSON path), a stable :class:`~unorules.ErrorCode`, and a message
    naming the rule. Its text counts rounds and actions from 1, as everything a person
    reads does (:attr:`where`); its fields and :meth:`to_dict` keep the indices from 0.

    >>> p = Problem(ErrorCode.BAD_COLOR, "W is a wild: name a color", "$.rounds[0].actions[3]",
    ...             round=0, index=3)
    >>> p.to_dict()["round"], p.to_dict()["index"], str(p)
    (0, 3, 'at round 1, action 4 (bad_color): W is a wild: name a color')
    """

    code: ErrorCode
    message: str
    path: str = "$"
    round: int | None = None
    """The round (from 0, as in the JSON path) the problem is in, None when it is not in a
    round."""
    index: int | None = None
    """The action (from 0 within its round, as in the JSON path), None when the problem is
    not an action."""

    @property
    def where(self) -> str:
        """Where the problem is, as a person reads it, counting from 1: ``round 1, action
        6`` for the sixth action of the first round (``round=0, index=5``), ``round 2``
        for the second round's entry, else the JSON path.

        >>> Problem(ErrorCode.MALFORMED, "expected a list", "$.rounds").where
        '$.rounds'
        >>> Problem(ErrorCode.NOT_YOUR_TURN, "...", round=0, index=5).where
        'round 1, action 6'
        >>> Problem(ErrorCode.BAD_DEAL, "...", round=1).where
        'round 2'
        """
        if self.code in (ErrorCode.MALFORMED, ErrorCode.UNKNOWN_RULES) or self.round is None:
            return self.path
        if self.index is None:
            return f"round {self.round + 1}"
        return f"round {self.round + 1}, action {self.index + 1}"

    def to_dict(self) -> dict[str, Any]:
        """The problem as plain JSON values: ``round``, ``index``, ``code``, ``message``,
        ``path``.

        >>> Problem(ErrorCode.MALFORMED, "not JSON").to_dict()
        {'round': None, 'index': None, 'code': 'malformed', 'message': 'not JSON', 'path': '$'}
        """
        return {
            "round": self.round,
            "index": self.index,
            "code": self.code.value,
            "message": self.message,
            "path": self.path,
        }

    def __str__(self) -> str:
        return f"at {self.where} ({self.code.value}): {self.message}"


class TranscriptError(ValueError):
    """A transcript that cannot be read or replayed, with its :class:`Problem`.

    :func:`loads`, :func:`replay` and :meth:`Transcript.from_dict` raise it;
    :func:`validate` turns it into a :class:`Report` instead.

    >>> try:
    ...     loads('{"format": "unorules/2"}')
    ... except TranscriptError as err:
    ...     print(err.code.value, err.path)
    malformed $.format
    """

    problem: Problem
    """What is wrong, and where."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem

    @property
    def code(self) -> ErrorCode:
        """The problem's code.

        >>> TranscriptError(Problem(ErrorCode.MALFORMED, "not JSON")).code.value
        'malformed'
        """
        return self.problem.code

    @property
    def path(self) -> str:
        """The JSON path of the problem.

        >>> TranscriptError(Problem(ErrorCode.MALFORMED, "no", "$.rounds")).path
        '$.rounds'
        """
        return self.problem.path

    def __reduce__(self) -> tuple[type[TranscriptError], tuple[Problem]]:
        return (type(self), (self.problem,))


def _fail(
    code: ErrorCode,
    path: str,
    message: str,
    round: int | None = None,
    index: int | None = None,
) -> NoReturn:
    raise TranscriptError(Problem(code, message, path, round, index))


def _malformed(
    path: str, message: str, round: int | None = None, index: int | None = None
) -> NoReturn:
    _fail(ErrorCode.MALFORMED, path, message, round, index)


@attrs.frozen
class Summary:
    """Where a game stands: the ``final`` part of a :class:`Report`.

    >>> import unorules as uno
    >>> s = Summary.of(uno.new_game(2, seed=4))
    >>> s.phase, s.hand_sizes
    ('play', (7, 7))
    """

    phase: str
    """The :class:`~unorules.Phase` value, e.g. ``"play"``."""
    current_player: int | None
    color: str | None
    """The color in force by its JSON name, None while the first color is to be named."""
    top_card: str
    """The top card of the discard pile in notation."""
    direction: int
    hand_sizes: tuple[int, ...]

    @classmethod
    def of(cls, state: State) -> Summary:
        """The summary of ``state``.

        >>> import unorules as uno
        >>> Summary.of(uno.new_game(2, seed=4)).direction
        1
        """
        return cls(
            phase=state.phase.value,
            current_player=state.current_player,
            color=None if state.color is None else state.color.value,
            top_card=str(state.top_card),
            direction=state.direction,
            hand_sizes=tuple(len(h) for h in state.hands),
        )

    def to_dict(self) -> dict[str, Any]:
        """As plain JSON values.

        >>> import unorules as uno
        >>> sorted(Summary.of(uno.new_game(2, seed=4)).to_dict())
        ['color', 'current_player', 'direction', 'hand_sizes', 'phase', 'top_card']
        """
        return {
            "phase": self.phase,
            "current_player": self.current_player,
            "color": self.color,
            "top_card": self.top_card,
            "direction": self.direction,
            "hand_sizes": list(self.hand_sizes),
        }


@attrs.frozen
class Report:
    """The outcome of :func:`validate`: valid or not, the first problem, and where the game
    stands after the last valid action.

    >>> r = validate('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 3,'
    ...              ' "rounds": [{"actions": []}]}')
    >>> r.valid, r.error, r.scores, r.final.phase
    (True, None, (0, 0), 'play')
    >>> print(validate("[1, 2"))
    invalid at $ (malformed): not JSON: Expecting ',' delimiter: line 1 column 6 (char 5)
    """

    error: Problem | None
    """The first problem, or None when the transcript is valid."""
    scores: tuple[int, ...] | None = None
    """Match totals per seat after the last valid action (None when no round could start)."""
    final: Summary | None = None
    """Where the game stands after the last valid action (None when no round could start)."""
    rounds: int = 0
    """How many rounds were started."""
    actions: int = 0
    """How many actions were applied (all rounds)."""
    state: State | None = attrs.field(default=None, eq=False, repr=False)
    """The state after the last valid action, for a closer look."""
    meta: Meta | None = attrs.field(default=None, kw_only=True)
    """The transcript's ``meta`` (event, date, comments ...), kept as read and never
    judged; None when it has none or could not be read."""

    @property
    def valid(self) -> bool:
        """True when the transcript has no problem.

        >>> validate(b"not json").valid
        False
        """
        return self.error is None

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON values (what ``unorules validate --json`` prints, less
        ``file`` and ``line``).

        >>> sorted(validate("{}").to_dict())
        ['actions', 'error', 'final', 'meta', 'rounds', 'scores', 'valid']
        """
        return {
            "valid": self.valid,
            "error": None if self.error is None else self.error.to_dict(),
            "scores": None if self.scores is None else list(self.scores),
            "final": None if self.final is None else self.final.to_dict(),
            "rounds": self.rounds,
            "actions": self.actions,
            "meta": None if self.meta is None else self.meta.to_dict(),
        }

    def __str__(self) -> str:
        if self.error is not None:
            return "invalid " + " ".join(str(self.error).split())
        scores = "-" if self.scores is None else " ".join(map(str, self.scores))
        rounds = "round" if self.rounds == 1 else "rounds"
        actions = "action" if self.actions == 1 else "actions"
        return f"valid ({self.rounds} {rounds}, {self.actions} {actions}; scores {scores})"


# == the transcript value ======================================================================


def _action_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    out = tuple(actions)
    if _PLAYER_ACTIONS.issuperset(map(type, out)):
        return out  # the common case, checked in C
    for action in out:
        if isinstance(action, NextRound) or not isinstance(
            action, Play | Draw | Pass | CallUno | CatchUno | Challenge | ChooseColor
        ):
            raise TypeError(f"a round's actions are player actions, not {action!r}")
    return out


_PLAYER_ACTIONS: Final = frozenset((Play, Draw, Pass, CallUno, CatchUno, Challenge, ChooseColor))


@attrs.frozen
class Round:
    """One round of a transcript: its deal (None when the transcript's seed deals it) and
    the actions played, in order.

    >>> import unorules as uno
    >>> Round([uno.Play(1, "G7")]).actions
    (Play(1, 'G7'),)
    """

    actions: tuple[Action, ...] = attrs.field(default=(), converter=_action_tuple)
    deal: Deal | None = None


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if not isinstance(players, bool):
            return tuple(f"P{i}" for i in range(players))
    elif not isinstance(players, str) and all(isinstance(n, str) for n in players):
        return tuple(players)
    raise TypeError(f"players is a number of seats or a list of names, not {players!r}")


def _rules(value: Rules | str) -> Rules:
    return get_profile(value) if isinstance(value, str) else value


def _rounds(value: Iterable[Round]) -> tuple[Round, ...]:
    return tuple(value)


def _scores(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class Transcript:
    """A recorded game: the rules, the players, an optional seed, the rounds (each with its
    deal and actions), an optional expected ``result`` (final scores) and optional
    :class:`Meta` (event, date, comments: never judged).

    Build one with :func:`record`, :func:`loads` or directly:

    >>> import unorules as uno
    >>> t = Transcript("mattel", 2, [Round([uno.Play(0, "R1")])], seed=5)
    >>> t.players, t.rules == uno.MATTEL
    (('P0', 'P1'), True)
    >>> loads(dumps(t)) == t
    True
    """

    rules: Rules = attrs.field(converter=_rules)
    players: tuple[str, ...] = attrs.field(converter=_names)
    """The players' names by seat (a count in the JSON gives ``P0``, ``P1``, ...)."""
    rounds: tuple[Round, ...] = attrs.field(converter=_rounds)
    seed: int | None = None
    """The match's seed: rounds without a deal are dealt by it, and it fixes whatever the
    deals leave to chance."""
    result: tuple[int, ...] | None = attrs.field(default=None, converter=_scores)
    """The final scores the replayed game must reach, or None."""
    meta: Meta | None = attrs.field(default=None, kw_only=True)
    """What the transcript says about the game beyond the moves (event, site, date,
    comments), or None: kept and reported, never judged."""

    @classmethod
    def from_dict(cls, data: object, *, rules: Rules | str | None = None) -> Transcript:
        """A transcript from its parsed JSON; raises :class:`TranscriptError` (codes
        ``malformed``, ``unknown_rules``) with the JSON path of the first problem.
        ``rules`` replaces the transcript's own rules.

        >>> Transcript.from_dict(
        ...     {"format": "unorules/1", "rules": "uno-deluxe", "players": 2, "rounds": []}
        ... )
        Traceback (most recent call last):
        ...
        unorules.formats.transcript.TranscriptError: at $.rules (unknown_rules): unknown rules ...
        """
        from unorules.formats.transcript._io import _parse  # noqa: PLC0415 (the parser imports this module)

        return _parse(data, _override(rules))

    def to_dict(self) -> dict[str, Any]:
        """The transcript as plain JSON values (see :func:`dumps`).

        >>> import unorules as uno
        >>> Transcript("swedish", ["Ann", "Bo"], [Round()], seed=1).to_dict()
        {'format': 'unorules/1', 'rules': 'swedish', 'players': ['Ann', 'Bo'], 'seed': 1,
         'rounds': [{'actions': []}]}
        """
        from unorules.formats.transcript._io import _round_json  # noqa: PLC0415 (a cycle)

        out: dict[str, Any] = {"format": FORMAT, "rules": rules_json(self.rules)}
        default = tuple(f"P{i}" for i in range(len(self.players)))
        out["players"] = len(self.players) if self.players == default else list(self.players)
        if self.seed is not None:
            out["seed"] = self.seed
        if self.meta is not None:
            out["meta"] = self.meta.to_dict()
        out["rounds"] = [_round_json(r) for r in self.rounds]
        if self.result is not None:
            out["result"] = {"scores": list(self.result)}
        return out

    @property
    def action_count(self) -> int:
        """How many actions the transcript holds, all rounds together.

        >>> import unorules as uno
        >>> t = Transcript("mattel", 2, [Round([uno.Draw(0)]), Round([uno.Draw(1)])], seed=1)
        >>> t.action_count
        2
        """
        return sum(len(r.actions) for r in self.rounds)


def _override(rules: Rules | str | None) -> Rules | None:
    if rules is None or isinstance(rules, Rules):
        return rules
    return get_profile(rules)
