"""The path ``unorules.pettingzoo`` (a stable path): the same names as
:mod:`unorules.agents.pettingzoo`, where they live and are documented."""

from unorules.agents.pettingzoo import env, raw_env, render_text

__all__ = [
    "env",
    "raw_env",
    "render_text",
]
