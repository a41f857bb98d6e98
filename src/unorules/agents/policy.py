"""A trained policy that ships: :class:`PolicyBot`, a small network read from a package
data file and run in pure Python (no numpy, no torch).

The network reads :data:`INPUTS` entries of the observation vector of
:mod:`unorules.agents.observation`, version 1 (every entry in [0, 1]): the segments in
:data:`FEATURES`, the ones a player's :class:`~unorules.View` and the tokens chosen so far
give (its hand and drawn card, the top card and the color in force, the phase, the
direction, a pending penalty, the draw pile, every seat's hand size, the current player,
the calls of UNO, the Reverse lock, the color a challenge asks about, the lost turns).
It leaves out the round's history (cards laid and drawn per seat), the scores, the known
cards and the table's seats and teams. :func:`features` computes them without numpy; they
equal the observation's entries (a test checks it), so that a network trained on the
environments ``unorules/Uno-v1`` and ``unorules_uno_v1`` (their vector taken at
:func:`feature_indices`) plays here unchanged.

It outputs a score per action token (:mod:`unorules.agents.encoding`): the bot builds its
action token by token, taking the legal token with the highest score each time.

The shipped weights (``policy_weights.json`` beside this module, :data:`WEIGHTS`) were
trained by ``examples/train_policy.py`` (behaviour cloning of
:class:`~unorules.agents.bots.HeuristicBot`, then PPO against it, keeping the checkpoint
that does best against it: the clone, in the shipped run): see the documentation's page
on learning, which gives the command that reproduces them and their win rates.

>>> import unorules as uno
>>> from unorules.agents.policy import INPUTS, PolicyBot, features
>>> state = uno.new_game(2, "mattel", seed=3)
>>> view = uno.observe(state, state.current_player)
>>> vec = features(view)
>>> len(vec) == INPUTS, sum(vec[:56]) * 4  # the hand: copies of each kind / 4
(True, 7.0)
>>> PolicyBot(1).act(state, state.current_player) in uno.legal_actions(state)
True
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import operator
import os
import random
import struct
from array import array
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import compress
from pathlib import Path
from typing import Final

from unorules.actions import Action, CallUno, CatchUno, Play
from unorules.agents._vector import (
    SEGMENTS,
    ZERO,
    check_tokens,
    factors,
    fill,
    history,
    score_cap,
)
from unorules.agents.encoding import N_TOKENS, ActionBuilder
from unorules.engine import apply
from unorules.state import State
from unorules.view import View, observe

__all__ = [
    "FEATURES",
    "INPUTS",
    "WEIGHTS",
    "WEIGHTS_FORMAT",
    "PolicyBot",
    "PolicyNetwork",
    "choices",
    "feature_indices",
    "features",
]

FEATURES: Final[tuple[tuple[str, int], ...]] = tuple(
    (name, SEGMENTS[name].stop - SEGMENTS[name].start)
    for name in (
        "hand",
        "drawn_card",
        "top",
        "color",
        "phase",
        "direction",
        "pending",
        "draw_pile",
        "interjecting",
        "hand_sizes",
        "to_act",
        "exposed",
        "uno_open",
        "uno_overdue",
        "answer_lock",
        "challenge_color",
        "lost_turns",
        "prefix",
    )
)
"""The segments of the observation vector (:data:`unorules.agents.observation.SEGMENTS`)
the network reads, in order, with their lengths.

>>> FEATURES[0], FEATURES[-1]
(('hand', 56), ('prefix', 149))
"""

INPUTS: Final = sum(n for _, n in FEATURES)
"""How many numbers the network reads.

>>> INPUTS
406
"""

WEIGHTS_FORMAT: Final = "unorules-policy/1"
"""The ``format`` field of a weights file: a JSON object with ``format``, ``inputs``
(:data:`INPUTS`), ``outputs`` (the action tokens, 149), ``hidden`` (the widths of the
hidden layers, ReLU after each), ``layers`` (one per linear layer, first to last: the
``weight`` as ``in x out`` row-major and the ``bias``, each the base64 of little-endian
float16 values) and ``trained`` (how the weights were made).

>>> WEIGHTS_FORMAT
'unorules-policy/1'
"""


def feature_indices(segments: Mapping[str, slice]) -> list[int]:
    """Where the network's inputs lie in the full observation vector, given its
    ``segments`` (:data:`unorules.agents.observation.SEGMENTS`): the vector taken at these
    indices is :func:`features` (the training script reads the environments' vector so).

    >>> idx = feature_indices({name: slice(i * 200, i * 200 + n)
    ...                        for i, (name, n) in enumerate(FEATURES)})
    >>> len(idx) == INPUTS, idx[:2], idx[56]
    (True, [0, 1], 200)
    """
    out: list[int] = []
    for name, size in FEATURES:
        part = segments[name]
        if part.stop - part.start != size:
            raise ValueError(f"segment {name!r} has {part.stop - part.start} entries, not {size}")
        out.extend(range(part.start, part.stop))
    return out


_INDICES: Final = tuple(feature_indices(SEGMENTS))
"""Where the network's inputs lie in the observation vector."""


def _runs(indices: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """``indices`` as runs of consecutive entries: (first input, start, stop)."""
    runs: list[list[int]] = []
    for i, at in enumerate(indices):
        if runs and runs[-1][2] == at:
            runs[-1][2] = at + 1
        else:
            runs.append([i, at, at + 1])
    return tuple((i, start, stop) for i, start, stop in runs)


_RUNS: Final = _runs(_INDICES)


def _raw(view: View) -> array[float]:
    """The raw observation vector (version 0) of ``view`` without history or tokens,
    written by the observation's own writer (:mod:`unorules.agents._vector`)."""
    rules = view.rules
    rules.refuse_unless_classic("PolicyBot's observation")
    raw = array("f", ZERO)
    fill(raw, view, rules, score_cap(rules))
    return raw


def _sparse(
    base: array[float], view: View, prefix: Sequence[int], interjecting: bool
) -> dict[int, float]:
    """The non-zero inputs of :func:`features`, by index: ``base`` (:func:`_raw`) with the
    tokens chosen so far, at :data:`_INDICES`, scaled to version 1 in float32 as the
    observation scales them, and clipped at 1."""
    raw = array("f", base)
    history(
        raw,
        player=view.player,
        n=len(view.hand_sizes),
        played=None,
        drawn=None,
        prefix=prefix,
        interjecting=interjecting,
    )
    inputs: list[int] = []
    entries: list[int] = []
    for first, start, stop in _RUNS:  # the non-zero entries, found in C (compress)
        for at in compress(range(start, stop), raw[start:stop]):
            inputs.append(first + at - start)
            entries.append(at)
    factor = factors(view.rules)
    scaled = array("f", [raw[at] * factor[at] for at in entries])  # float32, as numpy
    return {i: min(value, 1.0) for i, value in zip(inputs, scaled, strict=True)}


def _check_inputs(inputs: Iterable[object]) -> None:
    """Refuse a key of ``inputs`` that is not an input index (0 to :data:`INPUTS` - 1)."""
    for key in inputs:
        if type(key) is not int or not 0 <= key < INPUTS:
            raise ValueError(
                f"inputs has the key {key!r}, not an input index (an integer from 0 to"
                f" {INPUTS - 1})"
            )


def features(view: View, prefix: Sequence[int] = (), *, interjecting: bool = False) -> list[float]:
    """The network's inputs for ``view``, the tokens chosen so far (``prefix``) and
    whether the player decides out of turn: :data:`INPUTS` numbers in [0, 1], the
    observation vector's entries (version 1) of the segments in :data:`FEATURES`.

    Raises:
        ValueError: rules whose deck is not the classic one (UNO Flip!, No Mercy), which
            the observation does not encode; a token of ``prefix`` out of range.

    >>> import unorules as uno
    >>> vec = features(uno.observe(uno.new_game(2, seed=3), 0))
    >>> at = sum(n for name, n in FEATURES[:FEATURES.index(("hand_sizes", 10))])
    >>> [round(x, 6) for x in vec[at:at + 3]]  # 7 cards each / 20
    [0.35, 0.35, 0.0]
    >>> features(uno.observe(uno.new_game(2, "mattel-no-mercy", seed=3), 0))
    Traceback (most recent call last):
    ...
    ValueError: PolicyBot's observation encodes the 56 classic cards; ...
    >>> features(uno.observe(uno.new_game(2, seed=3), 0), [3, -1])
    Traceback (most recent call last):
    ...
    ValueError: prefix[1] is -1, not a token (an integer from 0 to 148)
    """
    check_tokens(prefix, N_TOKENS)
    out = [0.0] * INPUTS
    for i, value in _sparse(_raw(view), view, prefix, interjecting).items():
        out[i] = value
    return out


def _floats(text: object, count: int, what: str) -> list[float]:
    if not isinstance(text, str):
        raise ValueError(f"{what} is not a base64 text but {type(text).__name__}")
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error):
        raise ValueError(f"{what} is not base64 text") from None
    if len(data) != 2 * count:
        raise ValueError(f"{what}: {len(data) // 2} numbers, not {count}")
    values = list(struct.unpack(f"<{count}e", data))
    if not all(map(math.isfinite, values)):
        raise ValueError(f"{what} holds a number that is not finite (NaN or infinity)")
    return values


def _encoded(values: Sequence[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(values)}e", *values)).decode("ascii")


class PolicyNetwork:
    """A multilayer perceptron with ReLU hidden layers, run in pure Python: ``layers``
    is one ``(weight, bias)`` pair per linear layer, first to last, the weight as rows of
    its inputs (``in x out``). Its inputs are :data:`INPUTS` numbers; its outputs one score
    per action token.

    >>> net = PolicyNetwork([([[1.0, -1.0]] * INPUTS, [0.0, 0.5]),
    ...                      ([[1.0] * N_TOKENS, [2.0] * N_TOKENS], [0.0] * N_TOKENS)])
    >>> net.hidden
    (2,)
    >>> x = {0: 0.25}
    >>> net.scores(x, [0, 1])  # hidden: relu(0.25), relu(0.25); 0.25 + 2 * 0.25
    [0.75, 0.75]
    """

    def __init__(self, layers: Sequence[tuple[Sequence[Sequence[float]], Sequence[float]]]) -> None:
        if not layers:
            raise ValueError("layers: at least one linear layer")
        width = INPUTS
        for i, (weight, bias) in enumerate(layers):
            if len(weight) != width:
                raise ValueError(f"layers[{i}]: a weight of {width} rows, not {len(weight)}")
            for r, row in enumerate(weight):
                if len(row) != len(bias):
                    raise ValueError(
                        f"layers[{i}]: row {r} of the weight has {len(row)} numbers, not"
                        f" {len(bias)} (its bias's length)"
                    )
            width = len(bias)
        if width != N_TOKENS:
            raise ValueError(f"layers: the last layer has {width} outputs, not {N_TOKENS}")
        self._hidden = [([list(r) for r in w], list(b)) for w, b in layers[:-1]]
        weight, bias = layers[-1]
        # The last layer by output, so that only the legal tokens' scores are computed.
        self._out = [list(col) for col in zip(*weight, strict=True)]
        self._out_bias = list(bias)

    @property
    def hidden(self) -> tuple[int, ...]:
        """The widths of the hidden layers."""
        return tuple(len(b) for _, b in self._hidden)

    def scores(self, inputs: Mapping[int, float], tokens: Sequence[int]) -> list[float]:
        """The scores of ``tokens`` for the inputs given as their non-zero entries (index
        -> value; the first layer adds only the rows of those).

        Raises:
            ValueError: an input index (0 to :data:`INPUTS` - 1) or a token (0 to 148) out
                of range, or not an integer, naming it.

        >>> net = PolicyNetwork.load()
        >>> len(net.scores({0: 1.0}, range(N_TOKENS))) == N_TOKENS
        True
        >>> net.scores({0: 1.0}, [149])
        Traceback (most recent call last):
        ...
        ValueError: tokens[0] is 149, not a token (an integer from 0 to 148)
        """
        _check_inputs(inputs)
        check_tokens(tokens, N_TOKENS, "tokens")
        return self._scores(inputs, tokens)

    def _scores(self, inputs: Mapping[int, float], tokens: Sequence[int]) -> list[float]:
        h: list[float] | None = None
        rows: Sequence[tuple[int, float]] = list(inputs.items())
        for weight, bias in self._hidden:
            acc = list(bias)
            for i, x in rows:
                if x:
                    acc = list(map(operator.add, acc, [x * w for w in weight[i]]))
            h = [v if v > 0.0 else 0.0 for v in acc]
            rows = list(enumerate(h))
        assert h is not None or not self._hidden
        last = h if h is not None else [inputs.get(i, 0.0) for i in range(INPUTS)]
        out, bias = self._out, self._out_bias
        return [bias[t] + sum(map(operator.mul, last, out[t])) for t in tokens]

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> PolicyNetwork:
        """The network in a weights file (:data:`WEIGHTS_FORMAT`); the shipped one by default.
        Files are read once (cached by path).

        Raises:
            ValueError: a file that is not such a JSON object, naming the field.

        >>> PolicyNetwork.load().hidden
        (64, 64)
        """
        key = str(WEIGHTS if path is None else Path(path).resolve())
        return _load(key)

    def to_json(self, trained: Mapping[str, object]) -> str:
        """The network as a weights file's text (:data:`WEIGHTS_FORMAT`), with ``trained`` saying
        how it was made.

        >>> net = PolicyNetwork.load()
        >>> again = json.loads(net.to_json({"by": "an example"}))
        >>> again["format"], again["hidden"], again["trained"]
        ('unorules-policy/1', [64, 64], {'by': 'an example'})
        """
        layers = [
            {"weight": _encoded([v for row in w for v in row]), "bias": _encoded(b)}
            for w, b in self._hidden
        ]
        last = [list(r) for r in zip(*self._out, strict=True)]
        layers.append(
            {"weight": _encoded([v for row in last for v in row]), "bias": _encoded(self._out_bias)}
        )
        return json.dumps(
            {
                "format": WEIGHTS_FORMAT,
                "inputs": INPUTS,
                "outputs": N_TOKENS,
                "hidden": list(self.hidden),
                "layers": layers,
                "trained": dict(trained),
            },
            indent=1,
        )


WEIGHTS: Final = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_weights.json")
"""The path of the shipped weights file (:data:`WEIGHTS_FORMAT`).

>>> Path(WEIGHTS).name
'policy_weights.json'
"""


@cache
def _load(key: str) -> PolicyNetwork:
    try:
        doc = json.loads(Path(key).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"policy weights {key}: cannot read them ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != WEIGHTS_FORMAT:
        raise ValueError(f"policy weights {key}: format is not {WEIGHTS_FORMAT!r}")
    if doc.get("inputs") != INPUTS or doc.get("outputs") != N_TOKENS:
        raise ValueError(
            f"policy weights {key}: inputs and outputs must be {INPUTS} and {N_TOKENS}, "
            f"not {doc.get('inputs')!r} and {doc.get('outputs')!r}"
        )
    hidden = doc.get("hidden")
    layers = doc.get("layers")
    if (
        not isinstance(hidden, list)
        or not all(type(h) is int and h > 0 for h in hidden)
        or not isinstance(layers, list)
        or len(layers) != len(hidden) + 1
    ):
        raise ValueError(f"policy weights {key}: hidden and layers do not agree")
    widths = [INPUTS, *hidden, N_TOKENS]
    parsed = []
    for i, layer in enumerate(layers):
        n_in, n_out = widths[i], widths[i + 1]
        where = f"policy weights {key}: layers[{i}]"
        if not isinstance(layer, dict):
            raise ValueError(f"{where} is not an object")
        flat = _floats(layer.get("weight"), n_in * n_out, f"{where}.weight")
        bias = _floats(layer.get("bias"), n_out, f"{where}.bias")
        parsed.append(([flat[r * n_out : (r + 1) * n_out] for r in range(n_in)], bias))
    return PolicyNetwork(parsed)


def choices(view: View) -> tuple[Action, ...]:
    """The actions the network chooses among for ``view``: its legal actions without the
    calls of UNO (:class:`PolicyBot` says a late one itself) and without a play that
    leaves one card but does not say UNO when the same play saying UNO is legal (saying
    it is never worse).

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> view = uno.observe(uno.new_game(2, rules, deal=deal), 0)
    >>> len(view.legal_actions), choices(view)
    (4, (Play(0, 'R2', uno=True), Draw(0)))
    """
    legal = view.legal_actions
    saying = {(a.card, a.color, a.also, a.target) for a in legal if type(a) is Play and a.uno}
    kept = tuple(
        a
        for a in legal
        if type(a) is not CallUno
        and (type(a) is not Play or a.uno or (a.card, a.color, a.also, a.target) not in saying)
    )
    return kept or legal


class PolicyBot:
    """A bot that plays the shipped trained network (:class:`PolicyNetwork`, pure Python):
    for each action it builds the tokens one by one, taking the legal token the network
    scores highest (ties broken by its seeded random choices). Out of turn it catches
    every forgotten UNO and never jumps in (as :class:`~unorules.agents.bots.HeuristicBot`).
    Named ``"policy"`` in :data:`~unorules.agents.bots.BOTS`.

    It plays the rules whose cards the observation vector encodes (the classic deck: not
    UNO Flip! nor No Mercy), for 2 to 10 players; it was trained on 2-player ``mattel``.

    Args:
        seed: the seed of its tie-breaking choices.
        weights: a weights file (:data:`WEIGHTS_FORMAT`), by default the shipped one
            (:data:`WEIGHTS`).

    Raises:
        ValueError: (from :meth:`act`) rules it cannot read, naming them; the state is
            not changed.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=3)
    >>> bot = PolicyBot(1)
    >>> bot.act(state, state.current_player) in uno.legal_actions(state)
    True
    >>> bot.act(uno.new_game(2, "mattel-no-mercy", seed=3), 0)
    Traceback (most recent call last):
    ...
    ValueError: PolicyBot's observation encodes the 56 classic cards; ...
    """

    def __init__(
        self, seed: int | None = None, *, weights: str | os.PathLike[str] | None = None
    ) -> None:
        self.random = random.Random(seed)
        self.network = PolicyNetwork.load(weights)

    def __repr__(self) -> str:
        return "PolicyBot()"

    def decide(self, view: View) -> Action:
        """The action for ``view``, a view of the current player.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=4)
        >>> view = uno.observe(s, s.current_player)
        >>> PolicyBot(0).decide(view) == PolicyBot(9).decide(view)  # no ties here
        True
        """
        if view.current_player != view.player:
            raise ValueError(
                f"PolicyBot decides for the seat to act: the view is seat {view.player}'s,"
                f" and {'nobody' if view.current_player is None else f'seat {view.current_player}'}"
                " is to act"
            )
        legal = choices(view)
        base = _raw(view)
        players = len(view.hand_sizes)
        builder = ActionBuilder(legal, players)
        prefix: list[int] = []
        for _ in range(64):
            tokens = builder.tokens()
            if len(tokens) == 1:
                token = tokens[0]
            else:
                scores = self.network._scores(_sparse(base, view, prefix, False), tokens)
                best = max(scores)
                ties = [t for t, s in zip(tokens, scores, strict=True) if s == best]
                token = ties[0] if len(ties) == 1 else ties[self.random.randrange(len(ties))]
            action = builder.push(token)
            if action is not None:
                return action
            prefix.append(token)
        raise RuntimeError(f"PolicyBot: no action after 64 tokens in {view!r}")

    def act(self, state: State, seat: int) -> Action:
        """The bot's action as the current player (from ``observe(state, seat)`` alone).

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> type(PolicyBot(0).act(s, s.current_player)).__name__ in ("Play", "Draw")
        True
        """
        state.rules.refuse_unless_classic("PolicyBot's observation")
        view = observe(state, seat)
        legal = view.legal_actions
        if len(view.hand) == 1 and CallUno(seat) in legal and apply(state, CallUno(seat)) != state:
            return CallUno(seat)  # a late call (e.g. after a swap left it one card)
        for a in legal:
            if isinstance(a, CatchUno):
                return a
        return self.decide(view)

    def interject(self, state: State, seat: int) -> Action | None:
        """A catch whenever another player can be caught, else None.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> PolicyBot(0).interject(s, 1 - s.current_player) is None
        True
        """
        exposed = [t for t in state.uno_exposed if t != seat]
        return CatchUno(seat, exposed[0]) if exposed else None
