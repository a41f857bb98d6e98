"""UNO as a Gymnasium environment: one seat learns, bots play the others
(``pip install 'unorules[gymnasium]'``).

Importing this module registers the id ``"unorules/Uno-v0"``. The observation is the
vector of :mod:`unorules.observation` (float32, the same size for every table); the
action is one token of :mod:`unorules.encoding` (``Discrete(149)``): an action of several
tokens takes several steps. The tokens that lead to a legal action are in
``info["action_mask"]`` and in :meth:`UnoEnv.action_masks` (the method
``sb3_contrib.MaskablePPO`` calls). The other seats are :mod:`unorules.bots` bots
(:class:`~unorules.bots.RandomBot` by default); they act, and take their interjection
windows, between the learner's steps. Rewards are the learner's of
:mod:`unorules.arena`.

A token outside the mask (Gymnasium's checker samples unmasked actions) does what
``illegal`` says: ``"lose"`` (default) ends the episode as a lost round (reward -1,
``info["illegal_token"]``); ``"raise"`` raises ``ValueError`` and changes nothing.

>>> import gymnasium
>>> import unorules.gymnasium
>>> env = gymnasium.make("unorules/Uno-v0", players=4, rules="mattel")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((1522,), True)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (1.0, -1 / 3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from unorules.arena import Arena, check_env_options, render_text
from unorules.bots import Bot, random_bots
from unorules.encoding import N_TOKENS, action_token
from unorules.observation import ObservationEncoder
from unorules.rules import Rules

__all__ = ["ENV_ID", "UnoEnv"]

ENV_ID = "unorules/Uno-v0"
"""The id this module registers with Gymnasium.

>>> import gymnasium
>>> ENV_ID in gymnasium.registry
True
"""

_Obs = npt.NDArray[np.float32]


class UnoEnv(gymnasium.Env[_Obs, np.int64]):
    """One seat of a UNO table against bots.

    Args:
        players: 2 to 10 seats.
        rules: a :class:`~unorules.Rules` value or a profile name.
        render_mode: None, ``"ansi"`` or ``"human"``.
        seat: the learner's seat.
        bots: one bot per seat (the learner's entry is ignored); default: random bots
            seeded from ``reset``'s seed.
        illegal: ``"lose"`` or ``"raise"`` (see the module docs).
        match, reward, points_scale, max_actions, interjections: as
            :class:`~unorules.arena.Arena`.
        skip_forced: take the learner's only legal action at once (default True, as
            the PettingZoo environment).

    >>> env = UnoEnv(players=2, illegal="raise")
    >>> _ = env.reset(seed=0)
    >>> env.step(0)
    Traceback (most recent call last):
    ...
    ValueError: token 0 (no-op) leads to no legal action here; legal: ...
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 4,
        rules: Rules | str = "mattel",
        render_mode: str | None = None,
        *,
        seat: int = 0,
        bots: Sequence[Bot] | None = None,
        illegal: Literal["lose", "raise"] = "lose",
        match: bool = False,
        reward: Literal["win", "points"] = "win",
        points_scale: float = 0.01,
        max_actions: int = 5000,
        interjections: bool = True,
        skip_forced: bool = True,
    ) -> None:
        check_env_options(render_mode, illegal)
        self.arena = Arena(
            players,
            rules,
            match=match,
            reward=reward,
            points_scale=points_scale,
            max_actions=max_actions,
            interjections=interjections,
            skip_forced=skip_forced,
        )
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not a seat of a {players}-player table")
        if bots is not None and len(bots) != players:
            raise ValueError(f"{len(bots)} bots for {players} seats (give one per seat)")
        self.seat = seat
        self.render_mode = render_mode
        self.illegal = illegal
        self._given_bots = list(bots) if bots is not None else None
        self.bots: list[Bot] = self._given_bots or list(random_bots(players))
        self._encoder = ObservationEncoder(players, self.arena.rules)
        self.observation_space = spaces.Box(self._encoder.low, self._encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(N_TOKENS)
        self._over = False

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The tokens that lead to a legal action now, as booleans (for MaskablePPO).

        >>> env = UnoEnv(players=2)
        >>> _, info = env.reset(seed=2)
        >>> bool((env.action_masks() == info["action_mask"].astype(bool)).all())
        True
        """
        mask = np.zeros(N_TOKENS, dtype=np.bool_)
        if not self._over:
            mask[list(self.arena.tokens())] = True
        return mask

    def _observe(self) -> tuple[_Obs, dict[str, Any]]:
        observation = self._encoder.encode_arena(self.arena, self.seat)
        return observation, {"action_mask": self.action_masks().astype(np.int8)}

    def _bots_play(self) -> float:
        """Let the bots act until the learner decides or the game ends; their rewards."""
        arena = self.arena
        total = 0.0
        while not arena.done and arena.actor != self.seat:
            seat = arena.actor
            assert seat is not None
            bot = self.bots[seat]
            if arena.interjecting:
                choice = bot.interject(arena.state, seat)
                arena.take(choice if choice in arena.offered else None)
            else:
                arena.take(bot.act(arena.state, seat))
            if arena.rewards is not None:
                total += arena.rewards[self.seat]
        return total

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_Obs, dict[str, Any]]:
        """Deal a new episode; the bots (unless given) are seeded from ``seed`` too.

        >>> env = UnoEnv(players=3)
        >>> a, _ = env.reset(seed=5)
        >>> b, _ = env.reset(seed=5)
        >>> bool((a == b).all())
        True
        """
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        if self._given_bots is None:
            self.bots = list(random_bots(self.arena.players, seed=seed))
        self.arena.reset(seed)
        self._over = False
        self._bots_play()
        self._over = self.arena.done
        return self._observe()

    def step(
        self, action: np.int64 | int
    ) -> tuple[_Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner takes one token; the bots then play until its next decision.

        >>> from unorules import encoding as enc
        >>> env = UnoEnv(players=2)
        >>> _, info = env.reset(seed=1)
        >>> _, reward, terminated, truncated, _ = env.step(enc.DRAW)
        >>> reward, terminated, truncated
        (0.0, False, False)
        """
        if self._over:
            raise ValueError("the episode is over: call reset()")
        arena = self.arena
        token = action_token(action)  # a TypeError for what is no token at all
        try:
            arena.step(token)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._over = True
            observation, info = self._observe()
            info["illegal_token"] = token
            return observation, -1.0, True, False, info
        reward = arena.rewards[self.seat] if arena.rewards is not None else 0.0
        reward += self._bots_play()
        gone = self.seat in arena.state.eliminated
        self._over = arena.done or gone
        observation, info = self._observe()
        truncated = arena.truncated
        if self.render_mode == "human":
            self.render()
        return observation, reward, self._over and not truncated, truncated, info

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``).

        >>> env = UnoEnv(players=2, render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render().splitlines()[0]
        'round 0 | play | P0 to act | top R3 (red) | clockwise | draw pile 97'
        """
        if self.render_mode is None:
            return None
        text = render_text(self.arena.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text


gymnasium.register(id=ENV_ID, entry_point="unorules.gymnasium:UnoEnv")
