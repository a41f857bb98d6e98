"""Formats: how games are written down and read back.

Built on the game (the modules at the top of :mod:`unorules`), never the other way
round:

=========================================  ==================================================
:mod:`unorules.formats.jsonio`             JSON for cards, actions, deals, rules and states,
                                           read strictly, with the JSON path of every error
:mod:`unorules.formats.transcript`         the transcript format ``unorules/1``: reading,
                                           writing, recording and validating games
``unorules/formats/schemas/``              the transcript format's JSON Schema
=========================================  ==================================================
"""

from unorules._lazy import attribute_loader

# The modules load when first used (``uno.formats.jsonio``), never all at import.
__getattr__ = attribute_loader(
    __name__, {name: f"{__name__}.{name}" for name in ("jsonio", "transcript")}
)
