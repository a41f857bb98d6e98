"""UNO as a PettingZoo AEC environment, in the style of PettingZoo's classic games
(``pip install 'unorules[pettingzoo]'``).

The environment is ``unorules_uno_v1`` (its ``metadata["name"]``), for the classic games;
``version=2`` gives ``unorules_uno_v2``, for every profile (No Mercy and UNO Flip!
included: the vector of :mod:`unorules.agents.observation_v2`, the mask over the whole
token space, :data:`~unorules.agents.encoding.N_TOKENS_ALL`); ``version=0`` gives the
deprecated ``unorules_uno_v0``, whose observation is the raw counts. Agents are
``player_0`` ... ``player_{n-1}`` (the seats). Each observation is a dict:
``"observation"``, the vector of :mod:`unorules.agents.observation` (float32, fixed size for
every table; version 1, every entry in [0, 1]), and ``"action_mask"``, an int8 vector over the
:data:`~unorules.agents.encoding.N_TOKENS` tokens of :mod:`unorules.agents.encoding`: an action is a
short sequence of tokens, taken one per step by the same agent, and the mask lists the
tokens that lead to a legal action from those chosen so far. Out-of-turn actions
(Jump-Ins, catches, calls) come in interjection windows, and rewards are those of
:mod:`unorules.agents.arena`. An agent that is not to act sees a mask holding only
:data:`~unorules.agents.encoding.NOOP`.

>>> from unorules.agents.pettingzoo import env
>>> e = env(players=3, rules="mattel")
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else int(observation["action_mask"].argmax())
...     e.step(action)
>>> sorted(e.unwrapped.arena.rewards), e.metadata["name"]
([-0.5, -0.5, 1.0], 'unorules_uno_v1')
"""

from __future__ import annotations

import warnings
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from unorules.agents import observation_v2
from unorules.agents.arena import (
    RENDER_FPS,
    RENDER_MODES,
    Arena,
    check_env_options,
    render_rgb,
    render_text,
)
from unorules.agents.encoding import N_TOKENS, N_TOKENS_ALL, NOOP, action_token
from unorules.agents.observation import ObservationEncoder, check_version
from unorules.rules import Rules, Scoring
from unorules.state import State

__all__ = ["env", "raw_env", "render_text"]

_MASKS: dict[int, dict[tuple[int, ...], npt.NDArray[np.int8]]] = {N_TOKENS: {}, N_TOKENS_ALL: {}}
_DEALS = 1000  # deals reset tries for one in which some agent decides


def mask_of(tokens: tuple[int, ...], size: int = N_TOKENS) -> npt.NDArray[np.int8]:
    """An int8 mask over a token space of ``size`` (the classic one, or
    :data:`~unorules.agents.encoding.N_TOKENS_ALL` for version 2) with ``tokens`` set (a
    fresh array).

    >>> mask_of((0, 3)).nonzero()[0].tolist(), mask_of((0, 300), N_TOKENS_ALL).shape
    ([0, 3], (357,))
    """
    masks = _MASKS[size]
    found = masks.get(tokens)
    if found is None:
        found = np.zeros(size, dtype=np.int8)
        found[list(tokens)] = 1
        if len(masks) < 20_000:
            masks[tokens] = found
    return found.copy()


def env(
    players: int = 2,
    rules: Rules | str = "mattel",
    render_mode: str | None = None,
    **kwargs: Any,
) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (calls out of order
    raise). Arguments as :class:`raw_env`, which itself handles a token outside the mask
    or out of range (its ``illegal`` option), so no other wrapper is needed.

    >>> e = env(players=4, rules="swedish", render_mode="ansi")
    >>> e.reset(seed=1)
    >>> e.agent_selection in e.possible_agents, int(e.action_space("player_0").n)
    (True, 149)
    """
    inner: Any = raw_env(players, rules, render_mode, **kwargs)
    return _OrderEnforcing(inner)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, with ``last()`` and ``step()`` going straight
    to the environment once it has been reset (the base class routes every attribute they
    read through ``__getattr__``). The checks are the same."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIter:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIter(self, max_iter)

    def step(self, action: int | None) -> None:
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)


class _AgentIter:
    """PettingZoo's order-enforcing agent iterator, reading the environment directly."""

    def __init__(self, wrapper: _OrderEnforcing, max_iter: int) -> None:
        self._wrapper = wrapper
        self._env = wrapper.env
        self._left = max_iter

    def __iter__(self) -> _AgentIter:
        return self

    def __next__(self) -> str:
        env = self._env
        if not env.agents or self._left <= 0:
            raise StopIteration
        self._left -= 1
        wrapper = self._wrapper
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return env.agent_selection  # type: ignore[no-any-return]


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment without wrappers.

    Args:
        players: 2 to 10 seats.
        rules: a :class:`~unorules.Rules` value or a profile name.
        render_mode: None, ``"ansi"`` (``render()`` returns the text) or ``"human"``
            (``render()`` prints it, and so do ``reset`` and every step). The text is a
            spectator's: every hand is shown (as in PettingZoo's classic card games).
            ``"rgb_array"``: ``render()`` returns a picture of the table as the agent to
            act sees it, an ``H x W x 3`` ``uint8`` array (needs
            ``pip install 'unorules[render]'``).
        match: an episode is a whole match (rewards at the end of each round), not one
            round.
        reward: ``"win"`` (default) or ``"points"``; ``points_scale`` scales the latter.
        max_actions: a round is cut off (truncated, a loss for every side) after this
            many actions.
        max_rounds: with ``match``, the match is cut off (truncated) after this many
            rounds (stuck rounds score nothing: a match of them would never end).
        interjections: offer Jump-Ins, catches and calls out of turn (default True).
        ask_all: open a window to every other seat after every action (a no-op the
            only token of a seat with nothing to take), so that ``agent_selection``
            tells nothing of the hands (default False: see
            :class:`~unorules.agents.arena.Arena`).
        skip_forced: take a turn's only legal action at once (a draw when nothing is
            playable, a pass when the drawn card cannot be laid), so that agents are
            asked only for real choices (default True; False offers every decision).
        illegal: what a token outside the mask does: ``"lose"`` (default: the episode
            ends, the agent that sent it gets -1 and the others 0, as PettingZoo's
            ``TerminateIllegalWrapper`` does) or ``"raise"`` (a ``ValueError``).
        version: the observation's version: 2 (``unorules_uno_v2``, every profile, No
            Mercy and UNO Flip! included), 1 (default, ``unorules_uno_v1``, the classic
            games, every entry in [0, 1]) or 0 (deprecated, ``unorules_uno_v0``, the raw
            counts; it warns with a ``DeprecationWarning``).

    >>> e = raw_env(players=2, illegal="raise")
    >>> e.reset(seed=0)
    >>> e.step(0)
    Traceback (most recent call last):
    ...
    ValueError: token 0 (no-op) leads to no legal action here; legal: ...
    """

    metadata = {  # noqa: RUF012 (PettingZoo reads a class attribute)
        "render_modes": list(RENDER_MODES),
        "name": "unorules_uno_v1",
        "is_parallelizable": False,
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        players: int = 2,
        rules: Rules | str = "mattel",
        render_mode: str | None = None,
        *,
        match: bool = False,
        reward: Literal["win", "points"] = "win",
        points_scale: float = 0.01,
        max_actions: int = 5000,
        max_rounds: int = 100,
        interjections: bool = True,
        ask_all: bool = False,
        skip_forced: bool = True,
        illegal: Literal["lose", "raise"] = "lose",
        version: Literal[0, 1, 2] = 1,
    ) -> None:
        super().__init__()
        check_env_options(render_mode, illegal)
        check_version(version)
        if version == 0:
            warnings.warn(
                "unorules_uno_v0 (version=0, raw counts) is deprecated: "
                "use unorules_uno_v1 (the default), whose observation is in [0, 1]",
                DeprecationWarning,
                stacklevel=2,
            )
            self.metadata = {**type(self).metadata, "name": "unorules_uno_v0"}
        elif version == 2:
            self.metadata = {**type(self).metadata, "name": "unorules_uno_v2"}
        self.version = version
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
        self.render_mode = render_mode
        self.illegal = illegal
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self._encoder: ObservationEncoder | observation_v2.ObservationEncoder = (
            observation_v2.ObservationEncoder(players, self.arena.rules)
            if version == 2
            else ObservationEncoder(players, self.arena.rules, normalized=version == 1)
        )
        low, high = self._encoder.low, self._encoder.high
        size = self._tokens = N_TOKENS_ALL if version == 2 else N_TOKENS
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._eliminations = match and self.arena.rules.scoring is Scoring.ELIMINATION
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._noop = (NOOP,)
        self._ended_by: int | None = None
        self._rewarded = False
        self.agent_selection = self.possible_agents[0]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    @property
    def state_value(self) -> State:
        """The current :class:`~unorules.State` (the whole table: for hosts, not agents)."""
        return self.arena.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time).

        >>> e = raw_env(2)
        >>> e.observation_space("player_0")["observation"].shape
        (1576,)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(149)``, the tokens.

        >>> raw_env(2).action_space("player_1")
        Discrete(149)
        """
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation and action mask.

        >>> e = raw_env(2)
        >>> e.reset(seed=1)
        >>> seen = e.observe(e.agent_selection)
        >>> seen["observation"].shape, int(seen["action_mask"].sum()) > 0
        ((1576,), True)
        """
        seat = self._seat[agent]
        arena = self.arena
        acting = arena.actor == seat and not arena.done and self._ended_by is None
        return {
            "observation": self._encoder.encode_arena(arena, seat),
            "action_mask": mask_of(arena.tokens() if acting else self._noop, self._tokens),
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode (seeded by ``seed``, else continuing the last seed's sequence).
        An episode that would end before any agent decides (every move forced, with tiny
        hands and ``skip_forced``) is dealt again from the sequence; the rewards of
        rounds that end before the first decision are in ``rewards`` at once.

        >>> e = raw_env(3)
        >>> e.reset(seed=2)
        >>> e.agents, e.agent_selection == f"player_{e.arena.actor}"
        (['player_0', 'player_1', 'player_2'], True)
        """
        arena = self.arena
        for attempt in range(_DEALS):
            arena.reset(seed if attempt == 0 else None)
            if not arena.done:
                break
        else:
            raise RuntimeError(f"no deal in {_DEALS} gave any agent a decision under these rules")
        self._ended_by = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._gone: set[int] = set()
        self._rewarded = False
        self.agent_selection = self.possible_agents[arena.actor]  # type: ignore[index]
        self._settle_round_ends()
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | None) -> None:
        """``agent_selection`` takes one token (None for an agent that is done).

        >>> from unorules.agents import encoding as enc
        >>> e = raw_env(2)
        >>> e.reset(seed=1)
        >>> e.step(enc.DRAW)
        >>> e.arena.drawn
        [0, 1]
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        arena = self.arena
        token = action_token(action, self._tokens)  # a TypeError for what is no token
        try:
            arena.step(token)  # a ValueError changes nothing
        except ValueError:
            if self.illegal == "raise":
                raise
            self._forget_paid(agent)
            self._ended_by = self._seat[agent]
            self.rewards[agent] = -1.0
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_token": token}
            self._accumulate_rewards()
            self._deads_step_first()
            return
        self._forget_paid(agent)
        self._settle_round_ends()
        if self.render_mode == "human":
            self.render()

    def _forget_paid(self, agent: str) -> None:
        """Forget what ``agent`` was paid (it has seen it) and the last step's rewards."""
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False

    def _settle_round_ends(self) -> None:
        """Pay the rounds that just ended, end the episode or eliminate, pick the next agent."""
        arena = self.arena
        if arena.rewards is not None:
            for seat, value in enumerate(arena.rewards):
                name = self.possible_agents[seat]
                if name in self.rewards:
                    self.rewards[name] = value
            self._rewarded = True
            self._accumulate_rewards()
        if arena.done:
            flags = dict.fromkeys(self.agents, True)
            if arena.truncated:
                self.truncations = flags
            else:
                self.terminations = flags
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[arena.actor]  # type: ignore[index]
            if self._eliminations:
                for seat in arena.state.eliminated:
                    if seat not in self._gone:
                        self._gone.add(seat)
                        self.terminations[self.possible_agents[seat]] = True
                self._deads_step_first()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table as text (``"ansi"``), or printed (``"human"``, as ``reset`` and every
        step do): a spectator's view, every hand shown. With ``"rgb_array"``, a picture
        (an ``H x W x 3`` ``uint8`` array, see :func:`~unorules.agents.arena.render_rgb`)
        of the table as ``agent_selection``, the agent to act, sees it: its own hand face
        up, the others' backs (a video of an episode follows the seat to act).

        >>> e = raw_env(2, render_mode="ansi")
        >>> e.reset(seed=1)
        >>> print(e.render())  # doctest: +ELLIPSIS
        round 1 | play | P1 to act | top RS (red) | clockwise | draw pile 97
        P0 (7): R8 Y2 YR G8 B5 BS BR
        P1 (7): ...
        >>> e = raw_env(2, render_mode="rgb_array")
        >>> e.reset(seed=1)
        >>> e.render().shape
        (342, 560, 3)
        """
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return render_rgb(self.arena.state, self._seat[self.agent_selection])
        text = render_text(self.arena.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release.

        >>> raw_env(2).close()
        """
