"""UNO Flip! games as transcripts that stand alone (``seed=False``)."""

from __future__ import annotations

import pytest

import unorules as uno
from unorules.agents import bots
from unorules.cards import Side
from unorules.formats import transcript


def _table(s: uno.State) -> tuple[object, ...]:
    """What a replay without the match's seed must give back: the hands and the discard
    pile, with the faces they show, and whose turn it is (not the draw pile's order once
    it is rebuilt, which the transcript cannot know: it names those draws)."""
    return (s.hands, s.discard_pile, s.side, s.color, s.phase, s.current_player)


@pytest.mark.parametrize("seed", [1, 15, 29])
def test_flip_round_opened_by_a_flip_is_recorded_with_its_draw_pile_as_dealt(seed: int) -> None:
    """FL-A2 (a): a Flip turned up first turns the draw pile over, so the round's first
    state holds the pile reversed. A transcript without the seed writes the pile as dealt
    (light side up, in dealing order), and replays to the same states; it wrote the
    turned-over pile, and record refused the game ("cannot be written without its
    seed"). Seed 15 and 29 first turn up a Wild Draw Two, which goes back (FL2.3 item 5);
    29's Flip exposes a Wild Draw Color, whose color the next player names."""
    start = uno.new_game(2, "mattel-flip", seed=seed)
    assert start.side is Side.DARK
    played = list(bots.play(start, bots.random_bots(2, seed), rounds=1))
    actions = [a for a, _ in played]
    t = transcript.record(start, actions, seed=False, draw_pile=True)
    deal = t.rounds[0].deal
    assert deal is not None and deal.draw_pile is not None
    assert [c.facing(Side.LIGHT) for c in deal.draw_pile] == [
        c.facing(Side.LIGHT) for c in reversed(start.draw_pile)
    ]
    states = transcript.replay(t)
    assert [_table(s) for s in states] == [_table(s) for s in [start, *(s for _, s in played)]]
    assert transcript.validate(transcript.dumps(t)).valid
