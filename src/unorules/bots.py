"""The path ``unorules.bots`` (a stable path): the same names as
:mod:`unorules.agents.bots`, where they live and are documented."""

from unorules.agents.bots import (
    BOTS,
    Bot,
    BotFactory,
    HeuristicBot,
    MonteCarloBot,
    PolicyBot,
    RandomBot,
    get_bot,
    play,
    random_bots,
    register_bot,
)

__all__ = [
    "BOTS",
    "Bot",
    "BotFactory",
    "HeuristicBot",
    "MonteCarloBot",
    "PolicyBot",
    "RandomBot",
    "get_bot",
    "play",
    "random_bots",
    "register_bot",
]
