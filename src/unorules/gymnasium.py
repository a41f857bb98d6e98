"""The path ``unorules.gymnasium`` (a stable path): the same names as
:mod:`unorules.agents.gymnasium`, where they live and are documented."""

from unorules.agents.gymnasium import ENV_ID, UnoEnv

__all__ = [
    "ENV_ID",
    "UnoEnv",
]
