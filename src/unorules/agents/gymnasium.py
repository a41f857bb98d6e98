"""UNO as a Gymnasium environment: one seat learns, bots play the others
(``pip install 'unorules[gymnasium]'``).

Importing this module registers the ids ``"unorules/Uno-v2"``, ``"unorules/Uno-v1"`` and
(deprecated) ``"unorules/Uno-v0"``. The observation is a float32 vector, the same size for
every table, every entry in [0, 1], in ``Box(0, 1)``: for ``Uno-v2`` (``version=2``)
the vector of :mod:`unorules.agents.observation_v2`, for every profile (No Mercy and UNO
Flip! included), the action one token of :mod:`unorules.agents.encoding`'s whole space
(``Discrete(357)``); for ``Uno-v1`` (the default ``version=1``) the classic games' vector
of :mod:`unorules.agents.observation`, the action one of the classic tokens
(``Discrete(149)``); ``Uno-v0`` (``version=0``) has version 0's raw counts. Gymnasium's
``make`` warns that an older version is out of date. An action of several tokens takes
several steps. The tokens that lead to a legal action are in
``info["action_mask"]`` and in :meth:`UnoEnv.action_masks` (the method
``sb3_contrib.MaskablePPO`` calls; on the env ``gymnasium.make`` returns, which wraps it,
``env.unwrapped.action_masks()``). The other seats are :mod:`unorules.agents.bots` bots
(:class:`~unorules.agents.bots.RandomBot` by default); they act, and take their interjection
windows, between the learner's steps. A bot may send any action the library accepts
from its seat (a call of UNO that changes nothing, C8, included); a bot that sends one
the library refuses ends the episode with a ``RuntimeError`` naming it. Rewards are the
learner's of :mod:`unorules.agents.arena`, the rewards of rounds that end between its steps
included. An episode that would end before the learner's first decision (a tiny hand,
forced moves) is dealt again from the seed's sequence: ``reset`` always returns a
decision.

A token outside the mask (Gymnasium's checker samples unmasked actions) does what
``illegal`` says: ``"lose"`` (default) ends the episode as a lost round (reward -1,
``info["illegal_token"]``); ``"raise"`` raises ``ValueError`` and changes nothing.

>>> import gymnasium
>>> import unorules.agents.gymnasium
>>> env = gymnasium.make("unorules/Uno-v1", players=4, rules="mattel")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum()) > 0, float(observation.max()) <= 1
((1576,), True, True)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (1.0, -1 / 3)
True
>>> bool((env.unwrapped.action_masks() == info["action_mask"].astype(bool)).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from unorules.agents import observation_v2
from unorules.agents.arena import (
    RENDER_FPS,
    RENDER_MODES,
    Arena,
    check_env_options,
    check_flags,
    render_rgb,
    render_text,
)
from unorules.agents.bots import Bot, random_bots
from unorules.agents.encoding import N_TOKENS, N_TOKENS_ALL, action_token
from unorules.agents.observation import ObservationEncoder, check_version
from unorules.rules import Rules, Scoring

__all__ = ["ENV_ID", "ENV_ID_V0", "ENV_ID_V2", "UnoEnv"]

ENV_ID_V2 = "unorules/Uno-v2"
"""The id of version 2, for every profile (No Mercy and UNO Flip! included).

>>> import gymnasium
>>> gymnasium.spec(ENV_ID_V2).kwargs
{'version': 2}
"""
ENV_ID = "unorules/Uno-v1"
"""The id of version 1, the classic games' (``UnoEnv``'s default version).

>>> import gymnasium
>>> ENV_ID in gymnasium.registry
True
"""
ENV_ID_V0 = "unorules/Uno-v0"
"""The id of version 0 (deprecated: raw counts, not in [0, 1]), registered too.

>>> import gymnasium
>>> gymnasium.spec(ENV_ID_V0).kwargs
{'version': 0}
"""

_Obs = npt.NDArray[np.float32]
_DEALS = 1000  # deals reset tries for one in which the learner decides


class UnoEnv(gymnasium.Env[_Obs, np.int64]):
    """One seat of a UNO table against bots.

    Args:
        players: 2 to 10 seats.
        rules: a :class:`~unorules.Rules` value or a profile name.
        render_mode: None, ``"ansi"`` or ``"human"`` (``render()`` returns the text, or
            prints it; ``"human"`` also prints it after every ``reset`` and ``step``), or
            ``"rgb_array"`` (``render()`` returns the picture of the table as an
            ``H x W x 3`` ``uint8`` array, the frame Gymnasium's ``RecordVideo`` writes;
            it needs ``pip install 'unorules[render]'``).
        render_all: render every hand (a spectator's view) instead of the learner's
            view (its own hand, the others' sizes only), the default.
        seat: the learner's seat.
        bots: one bot per seat (the learner's entry is ignored); default: random bots
            seeded from ``reset``'s seed.
        illegal: ``"lose"`` or ``"raise"`` (see the module docs).
        match, reward, points_scale, max_actions, max_rounds, interjections, ask_all: as
            :class:`~unorules.agents.arena.Arena`.
        skip_forced: take the learner's only legal action at once (default True, as
            the PettingZoo environment).
        version: the observation's version: 2 (every profile, No Mercy and UNO Flip!
            included; :mod:`unorules.agents.observation_v2`, the whole token space), 1
            (default, the classic games, every entry in [0, 1]) or 0 (deprecated: the raw
            counts; see :mod:`unorules.agents.observation`).

    >>> env = UnoEnv(players=2, illegal="raise")
    >>> _ = env.reset(seed=0)
    >>> env.step(0)
    Traceback (most recent call last):
    ...
    ValueError: token 0 (no-op) leads to no legal action here; legal: ...
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

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
        max_rounds: int = 100,
        interjections: bool = True,
        ask_all: bool = False,
        skip_forced: bool = True,
        render_all: bool = False,
        version: Literal[0, 1, 2] = 1,
    ) -> None:
        check_env_options(render_mode, illegal)
        check_version(version)
        self.arena = Arena(
            players,
            rules,
            match=match,
            reward=reward,
            points_scale=points_scale,
            max_actions=max_actions,
            max_rounds=max_rounds,
            interjections=interjections,
            ask_all=ask_all,
            skip_forced=skip_forced,
        )
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not a seat of a {players}-player table")
        if bots is not None and len(bots) != players:
            raise ValueError(f"{len(bots)} bots for {players} seats (give one per seat)")
        self.seat = seat
        self.render_mode = render_mode
        check_flags(render_all=render_all)
        self.render_all = render_all
        self.illegal = illegal
        self._given_bots = list(bots) if bots is not None else None
        self.bots: list[Bot] = self._given_bots or list(random_bots(players))
        self.version = version
        self._encoder: ObservationEncoder | observation_v2.ObservationEncoder = (
            observation_v2.ObservationEncoder(players, self.arena.rules)
            if version == 2
            else ObservationEncoder(players, self.arena.rules, normalized=version == 1)
        )
        self.observation_space = spaces.Box(self._encoder.low, self._encoder.high, dtype=np.float32)
        self._tokens = N_TOKENS_ALL if version == 2 else N_TOKENS
        self.action_space = spaces.Discrete(self._tokens)
        self._over = False
        self._pending = 0.0  # rewards of rounds that ended before the learner's first step
        self._eliminations = match and self.arena.rules.scoring is Scoring.ELIMINATION

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The tokens that lead to a legal action now, as booleans (for MaskablePPO).

        >>> env = UnoEnv(players=2)
        >>> _, info = env.reset(seed=2)
        >>> bool((env.action_masks() == info["action_mask"].astype(bool)).all())
        True
        """
        mask = np.zeros(self._tokens, dtype=np.bool_)
        if not self._over:
            mask[list(self.arena.tokens())] = True
        return mask

    def _observe(self) -> tuple[_Obs, dict[str, Any]]:
        observation = self._encoder.encode_arena(self.arena, self.seat)
        return observation, {"action_mask": self.action_masks().astype(np.int8)}

    def _out(self) -> bool:
        """Whether the episode is over for the learner (the game ended, or it was
        eliminated from the match)."""
        arena = self.arena
        return arena.done or (self._eliminations and self.seat in arena.state.eliminated)

    def _bots_play(self) -> float:
        """Let the bots act until the learner decides or its episode ends; the learner's
        rewards meanwhile."""
        arena = self.arena
        me = self.seat
        total = 0.0
        while arena.actor != me and not self._out():
            seat = arena.actor
            assert seat is not None
            bot = self.bots[seat]
            try:
                if arena.interjecting:
                    choice = bot.interject(arena.state, seat)
                    try:
                        arena.take(choice, offered_only=False)
                    except ValueError:
                        arena.take(None)  # an interjection the rules refuse: declined
                else:
                    action = bot.act(arena.state, seat)
                    try:
                        arena.take(action, offered_only=False)
                    except ValueError as exc:
                        raise RuntimeError(
                            f"the bot at seat {seat} sent {action!r}, which the rules refuse "
                            f"({exc}): the episode is over, reset() deals a new one"
                        ) from exc
            except BaseException:
                self._over = True  # no mask, no step: nothing of the bots' seats leaks
                raise
            if arena.rewards is not None:
                total += arena.rewards[me]
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
        arena = self.arena
        for attempt in range(_DEALS):
            arena.reset(seed if attempt == 0 else None)
            self._over = False
            pending = arena.rewards[self.seat] if arena.rewards is not None else 0.0
            pending += self._bots_play()
            if not self._out():
                break
        else:
            self._over = True
            raise RuntimeError(f"no deal in {_DEALS} gave the learner a decision under these rules")
        self._pending = pending
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(
        self, action: np.int64 | int
    ) -> tuple[_Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner takes one token; the bots then play until its next decision.

        >>> from unorules.agents import encoding as enc
        >>> env = UnoEnv(players=2)
        >>> _, info = env.reset(seed=1)
        >>> _, reward, terminated, truncated, _ = env.step(enc.DRAW)
        >>> reward, terminated, truncated
        (0.0, False, False)
        """
        if self._over:
            raise ValueError("the episode is over: call reset()")
        arena = self.arena
        token = action_token(action, self._tokens)  # a TypeError for what is no token
        try:
            arena.step(token)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._over = True
            observation, info = self._observe()
            info["illegal_token"] = token
            reward, self._pending = self._pending - 1.0, 0.0
            return observation, reward, True, False, info
        reward = arena.rewards[self.seat] if arena.rewards is not None else 0.0
        if self._pending:
            reward += self._pending
            self._pending = 0.0
        reward += self._bots_play()
        self._over = self._out()
        observation, info = self._observe()
        truncated = arena.truncated
        if self.render_mode == "human":
            self.render()
        return observation, reward, self._over and not truncated, truncated, info

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table as text (``"ansi"``), printed (``"human"``) or as an RGB picture
        (``"rgb_array"``, see :func:`~unorules.agents.arena.render_rgb`): as the learner
        sees it, unless ``render_all``.

        >>> env = UnoEnv(players=2, render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> print(env.render())
        round 1 | play | P0 to act | top R3 (red) | clockwise | draw pile 97
        P0 (7): R8 Y2 YR G8 B5 BS BR
        P1 (6)
        >>> env = UnoEnv(players=2, render_mode="rgb_array")
        >>> _ = env.reset(seed=1)
        >>> frame = env.render()
        >>> frame.shape, frame.dtype.name
        ((342, 560, 3), 'uint8')
        """
        if self.render_mode is None:
            return None
        seat = None if self.render_all else self.seat
        if self.render_mode == "rgb_array":
            return render_rgb(self.arena.state, seat)
        text = render_text(self.arena.state, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


gymnasium.register(
    id=ENV_ID_V0, entry_point="unorules.agents.gymnasium:UnoEnv", kwargs={"version": 0}
)
gymnasium.register(id=ENV_ID, entry_point="unorules.agents.gymnasium:UnoEnv")
gymnasium.register(
    id=ENV_ID_V2, entry_point="unorules.agents.gymnasium:UnoEnv", kwargs={"version": 2}
)
