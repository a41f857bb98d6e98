"""render_mode="rgb_array" of the Gymnasium and PettingZoo environments (issue 27, item 5):
the frames are the library's table pictures, rasterized by the ``render`` extra."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import unorules as uno
import unorules.agents.gymnasium as ugym
from unorules.agents import arena as uarena
from unorules.agents import pettingzoo as upz
from unorules.pictures import raster, svg


def _frame(value: object) -> np.ndarray:
    assert isinstance(value, np.ndarray)
    return value


def test_gymnasium_metadata_lists_rgb_array_with_a_frame_rate() -> None:
    meta = ugym.UnoEnv.metadata
    assert "rgb_array" in meta["render_modes"]
    assert "ansi" in meta["render_modes"] and "human" in meta["render_modes"]
    assert meta["render_fps"] == uarena.RENDER_FPS > 0


def test_pettingzoo_metadata_lists_rgb_array_with_a_frame_rate() -> None:
    meta = upz.raw_env.metadata
    modes = meta["render_modes"]
    assert isinstance(modes, list) and "rgb_array" in modes
    assert meta["render_fps"] == uarena.RENDER_FPS > 0


@pytest.mark.parametrize("players", [2, 4])
def test_gymnasium_rgb_array_is_an_hxwx3_uint8_frame(players: int) -> None:
    env = ugym.UnoEnv(players=players, render_mode="rgb_array")
    env.reset(seed=1)
    frame = _frame(env.render())
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.shape[1] == 560 and frame.shape[0] > 300
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 50  # a picture, not a blank


def test_gymnasium_frame_changes_after_a_step_and_is_deterministic() -> None:
    def frames(seed: int) -> list[np.ndarray]:
        env = ugym.UnoEnv(players=2, render_mode="rgb_array")
        _, info = env.reset(seed=seed)
        out = [_frame(env.render())]
        for _ in range(2):
            env.step(int(np.flatnonzero(info["action_mask"])[0]))
            out.append(_frame(env.render()))
        return out

    first = frames(3)
    assert not np.array_equal(first[0], first[1])
    assert all(np.array_equal(a, b) for a, b in zip(first, frames(3), strict=True))


def test_gymnasium_frame_is_the_learners_view_unless_render_all() -> None:
    env = ugym.UnoEnv(players=3, seat=1, render_mode="rgb_array")
    env.reset(seed=4)
    state = env.arena.state
    mine = raster.rgb_array(svg.table(uno.observe(state, 1)), width=560)
    frame = _frame(env.render())
    assert np.array_equal(frame[: mine.shape[0]], mine[: frame.shape[0]])
    spectator = ugym.UnoEnv(players=3, seat=1, render_mode="rgb_array", render_all=True)
    spectator.reset(seed=4)
    assert not np.array_equal(_frame(spectator.render()), frame)
    assert np.array_equal(_frame(spectator.render()), uarena.render_rgb(state))


def test_every_frame_of_an_episode_has_the_same_size_however_long_the_hands() -> None:
    # A drawing bot's hand grows long: the picture grows wider; the frame does not.
    env = ugym.UnoEnv(players=2, render_mode="rgb_array", illegal="raise")
    _, info = env.reset(seed=2)
    from unorules.agents import encoding as enc

    shapes = {_frame(env.render()).shape}
    widest = 0
    for _ in range(25):
        mask = info["action_mask"]
        token = enc.DRAW if mask[enc.DRAW] else int(np.flatnonzero(mask)[0])
        _, _, terminated, truncated, info = env.step(token)
        shapes.add(_frame(env.render()).shape)
        picture = svg.table(uno.observe(env.arena.state, 0))
        widest = max(widest, raster.natural_size(picture)[0])
        if terminated or truncated:
            break
    assert widest > 560  # the test reached a picture wider than the frame
    assert shapes == {(342, 560, 3)}


def test_pettingzoo_rgb_array_shows_the_agent_to_act_and_changes_after_a_step() -> None:
    e = upz.env(players=3, render_mode="rgb_array")
    e.reset(seed=5)
    inner = e.unwrapped
    seat = inner.arena.actor
    before = _frame(e.render())
    assert before.dtype == np.uint8 and before.shape == (530 - 94, 560, 3)
    assert np.array_equal(before, uarena.render_rgb(inner.arena.state, seat))
    observation, *_ = e.last()
    e.step(int(observation["action_mask"].argmax()))
    after = _frame(e.render())
    assert after.shape == before.shape and not np.array_equal(after, before)


def test_text_is_drawn() -> None:
    # resvg maps the generic sans-serif to Arial only: without a family found on the
    # machine, the labels ("color: ...", the names) would silently be left out.
    picture = svg.table(uno.observe(uno.new_game(2, seed=5), 0))
    without_text = picture.replace("<text ", '<text display="none" ')
    assert not np.array_equal(raster.rgb_array(picture), raster.rgb_array(without_text))


@pytest.mark.parametrize("module", ["resvg_py", "PIL.Image"])
def test_a_missing_rasterizer_is_an_import_error_naming_the_extra(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # `import module` now fails
    with pytest.raises(ImportError, match=r"rgb_array'? needs .*pip install 'unorules\[render\]'"):
        ugym.UnoEnv(players=2, render_mode="rgb_array")
    with pytest.raises(ImportError, match=r"pip install 'unorules\[render\]'"):
        upz.raw_env(2, render_mode="rgb_array")
    with pytest.raises(ImportError, match=r"pip install 'unorules\[render\]'"):
        raster.rgb_array(svg.card("R7"))
    ugym.UnoEnv(players=2, render_mode="ansi")  # the text renders need nothing more


def test_rgb_array_rejects_what_is_no_picture_or_no_size() -> None:
    with pytest.raises(TypeError, match="picture: SVG markup"):
        raster.rgb_array(b"<svg/>")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="width: a whole number of pixels"):
        raster.rgb_array(svg.card("R7"), width=0)
    with pytest.raises(ValueError, match="height: a whole number of pixels"):
        raster.rgb_array(svg.card("R7"), height=2.5)  # type: ignore[arg-type]


def test_gymnasiums_checker_passes_with_rgb_array() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(ugym.ENV_ID, players=2, render_mode="rgb_array")
    check_env(env.unwrapped, skip_render_check=False)  # every render mode, through the spec


def test_pettingzoos_render_test_passes_with_rgb_array() -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: upz.env(2, render_mode=render_mode))
