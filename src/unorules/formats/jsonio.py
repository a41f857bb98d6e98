"""Actions and views as JSON: what a program in any language reads and writes.

An action is the transcript's action object (:doc:`/transcripts`): ``player`` and one verb
key, plus the optional keys of the verb. The transcript reader and writer and these
functions share one implementation, so an action means the same thing in a transcript,
in the bot protocol (:doc:`/bots`) and here. :class:`~unorules.NextRound`, which a
transcript writes as the start of a new round, is ``{"next_round": true}`` here (with
``"deal"`` when it gives the deal).

>>> import unorules as uno
>>> from unorules.formats import jsonio
>>> uno.Play(2, "W", "red", uno=True).to_json()
'{"player": 2, "play": "W", "color": "red", "uno": true}'
>>> jsonio.action_from_json('{"player": 0, "catch": 1}')
CatchUno(0, 1)

A view (:func:`~unorules.observe`) becomes a JSON object with one key per
:class:`~unorules.View` field:

>>> view = uno.observe(uno.new_game(2, seed=1), 0)
>>> data = view.to_dict()
>>> data["hand_sizes"], data["phase"], uno.View.from_dict(data) == view
([7, 7], 'play', True)

Reading is strict: an unknown or missing key, a wrong type or a value out of range is a
:class:`JSONError` naming the JSON path.

>>> jsonio.action_from_json('{"player": 0, "play": "R10"}')
Traceback (most recent call last):
...
unorules.errors.JSONError: at $.play: not a card: 'R10' (examples: R7, G+2, BS, ...)
"""

from __future__ import annotations

# One implementation, in the game: the action's JSON lives with the actions, the view's with
# the view, both read through the one strict reader (unorules._json) that transcripts and
# the bot protocol use too. This module is their public face.
from unorules.actions import action_from_dict, action_from_json, action_to_dict, action_to_json
from unorules.errors import JSONError
from unorules.view import view_from_dict, view_from_json, view_to_dict, view_to_json

__all__ = [
    "JSONError",
    "action_from_dict",
    "action_from_json",
    "action_to_dict",
    "action_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]
