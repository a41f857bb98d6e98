"""The path ``unorules.openspiel`` (a stable path): the same names as
:mod:`unorules.agents.openspiel`, where they live and are documented."""

from unorules.agents.openspiel import (
    GAME_NAME,
    HISTORY,
    UnoGame,
    UnoObserver,
    UnoState,
    information_state_size,
    observation_size,
)

__all__ = [
    "GAME_NAME",
    "HISTORY",
    "UnoGame",
    "UnoObserver",
    "UnoState",
    "information_state_size",
    "observation_size",
]
