"""Transcripts: recorded games in format ``unorules/1``, read and written as JSON (one game
per file) or JSON Lines (one game per line), validated move by move, replayed, and recorded
from games played through the API.

A game played by the bots of :mod:`unorules.agents.bots`, recorded, written and validated:

>>> import unorules as uno
>>> from unorules.agents import bots
>>> from unorules.formats import transcript
>>> start = uno.new_game(3, "mattel", seed=11)
>>> played = bots.play(start, bots.random_bots(3, seed=11), rounds=1)
>>> actions = [action for action, _ in played]
>>> text = transcript.dumps(transcript.record(start, actions))
>>> report = transcript.validate(text)
>>> report.valid, report.rounds, report.actions == len(actions)
(True, 1, True)

The same game with one move changed no longer validates, and the report says where and why:

>>> data = json.loads(text)
>>> data["rounds"][0]["actions"][0] = {"player": 2, "draw": True}
>>> print(transcript.validate(data))
invalid at round 1, action 1 (not_your_turn): player 2 may not act now: it is player 0's turn

The documentation page "Transcripts" describes the format; its JSON Schema ships with the
package (:func:`schema`).
"""

from __future__ import annotations

import inspect
import json  # noqa: F401  (the examples in this package's docstrings run in this namespace)

from unorules.errors import ErrorCode  # noqa: F401  (likewise)
from unorules.formats.transcript._io import (
    JSON_LINES,
    Source,
    dumps,
    dumps_lines,
    loads,
    schema,
    write,
)
from unorules.formats.transcript._model import (
    FORMAT,
    MAX_META_COMMENTS,
    MAX_META_TAGS,
    MAX_META_TEXT,
    Meta,
    Problem,
    Report,
    Round,
    Summary,
    Transcript,
    TranscriptError,
)
from unorules.formats.transcript._record import record
from unorules.formats.transcript._stream import (
    MAX_GAME_BYTES,
    read,
    stream,
    stream_handle,
    validate_items,
    validate_many,
)
from unorules.formats.transcript._validate import replay, steps, validate

__all__ = [
    "FORMAT",
    "JSON_LINES",
    "MAX_GAME_BYTES",
    "MAX_META_COMMENTS",
    "MAX_META_TAGS",
    "MAX_META_TEXT",
    "Meta",
    "Problem",
    "Report",
    "Round",
    "Source",
    "Summary",
    "Transcript",
    "TranscriptError",
    "dumps",
    "dumps_lines",
    "loads",
    "read",
    "record",
    "replay",
    "schema",
    "steps",
    "stream",
    "stream_handle",
    "validate",
    "validate_items",
    "validate_many",
    "write",
]

_MODULES = ("_model", "_io", "_stream", "_validate", "_record")
"""The private modules that define this package's names, in reading order (the docs
build reads their source in this order for attribute docstrings)."""


def _belong_here() -> None:
    """The public names are defined in the private modules by job (``_model``, ``_io``,
    ``_validate``, ``_record``) but belong to ``unorules.formats.transcript``: their ``__module__``
    says so, as it did when this was one module. Tracebacks, type hints in the docs and
    pickles name ``unorules.formats.transcript.X``, and the doctests of every public name
    run here."""
    for name in __all__:
        obj = globals()[name]
        if inspect.isclass(obj) or inspect.isfunction(obj):
            obj.__module__ = __name__
        if inspect.isclass(obj):
            for member in vars(obj).values():
                function = getattr(member, "__func__", member)
                if inspect.isfunction(function):
                    function.__module__ = __name__


_belong_here()
