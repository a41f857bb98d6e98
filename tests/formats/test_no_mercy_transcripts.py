"""No Mercy games as transcripts: recorded with the seed, with the draw pile, or naming
every card drawn (a Wild Color Roulette's dig is named on its victim's ``choose_color``),
they conform to the schema, read back, and validate."""

from __future__ import annotations

import random

import pytest
from schema_subset import errors

import unorules as uno
from unorules.formats import transcript

SCHEMA = transcript.schema()


def _random_game(players: int, seed: int) -> tuple[uno.State, list[uno.Action]]:
    rng = random.Random(seed)
    start = state = uno.new_game(players, "mattel-no-mercy", seed=seed)
    actions: list[uno.Action] = []
    while state.phase is not uno.Phase.GAME_OVER and len(actions) < 500:
        legal = uno.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = uno.apply(state, action)
    return start, actions


@pytest.mark.parametrize(("keep_seed", "draw_pile"), [(True, True), (False, True), (False, False)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_nm_transcripts_round_trip_and_validate(
    keep_seed: bool, draw_pile: bool, players: int
) -> None:
    start, actions = _random_game(players, seed=players)
    t = transcript.record(start, actions, seed=keep_seed, draw_pile=draw_pile)
    assert errors(SCHEMA, t.to_dict()) == []
    back = transcript.loads(transcript.dumps(t))
    assert back == t
    assert str(transcript.validate(back)).startswith("valid")
    if not draw_pile:  # every card drawn is named, a Roulette's dig too
        digs = [
            a
            for r in t.rounds
            for a in r.actions
            if isinstance(a, uno.ChooseColor) and a.drawn is not None
        ]
        assert digs or not any(isinstance(a, uno.ChooseColor) for a in actions)
