"""The path ``unorules.bots`` (a stable path): the same names as
:mod:`unorules.agents.bots`, where they live and are documented."""

from unorules.agents.bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, play, random_bots

__all__ = [
    "Bot",
    "HeuristicBot",
    "MonteCarloBot",
    "RandomBot",
    "play",
    "random_bots",
]
