"""Agents: whatever plays the game, and the environments that train it.

Built on the game (the modules at the top of :mod:`unorules`), never the other way
round:

============================================  ================================================
:mod:`unorules.agents.bots`                   the built-in bots and the bot interface
:mod:`unorules.agents.policy`                 the trained network PolicyBot plays
:mod:`unorules.agents.botio`                  the stdio bot protocol ``unorules-bot/1``
:mod:`unorules.agents.match`                  matches between bot programs
:mod:`unorules.agents.encoding`               actions as integers: the token codec
:mod:`unorules.agents.observation`            a seat's view as a vector of numbers
:mod:`unorules.agents.arena`                  the turn loop the environments share
:mod:`unorules.agents.pettingzoo`             the PettingZoo environment (extra)
:mod:`unorules.agents.gymnasium`              the Gymnasium environment (extra)
:mod:`unorules.agents.openspiel`              the OpenSpiel game (extra)
============================================  ================================================

The paths :mod:`unorules.bots`, :mod:`unorules.pettingzoo`, :mod:`unorules.gymnasium`
and :mod:`unorules.openspiel` stay importable too.
"""

from unorules._lazy import attribute_loader

# The modules load when first used (``uno.agents.bots``), never all at import.
__getattr__ = attribute_loader(
    __name__,
    {
        name: f"{__name__}.{name}"
        for name in (
            "bots",
            "policy",
            "botio",
            "match",
            "encoding",
            "observation",
            "arena",
            "pettingzoo",
            "gymnasium",
            "openspiel",
        )
    },
)
