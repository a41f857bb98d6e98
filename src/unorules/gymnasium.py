"""The path ``unorules.gymnasium`` (a stable path): the same names as
:mod:`unorules.agents.gymnasium`, where they live and are documented."""

from unorules.agents.gymnasium import ENV_ID, ENV_ID_V0, ENV_ID_V2, UnoEnv

__all__ = [
    "ENV_ID",
    "ENV_ID_V0",
    "ENV_ID_V2",
    "UnoEnv",
]
