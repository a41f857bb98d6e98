"""Transcripts recorded from seeded bot games, under every profile and a few house rules,
validate and replay to the recorded states and scores: as JSON and as JSON Lines, with the
seed, and stand-alone (every deal and every card left to chance written out)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import attrs
import pytest

import unorules as uno
from unorules.agents import bots
from unorules.formats import transcript
from unorules.rules import rules_from_options

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "transcripts"

VARIANTS: dict[str, uno.Rules] = {
    **{name: uno.get_profile(name) for name in ("mattel", "mattel-108", "swedish", "danish")},
    "house": rules_from_options(
        uno.MATTEL,
        {
            "stacking": "mixed",
            "seven_o": True,
            "jump_in": True,
            "skip_bounce": True,
            "multi_play": "same_value",
        },
    ),
    "draw-until": rules_from_options(
        uno.MATTEL_108,
        {"draw_until_playable": True, "wild_draws_two": True, "scoring": "elimination"},
    ),
    "teams": rules_from_options(
        uno.SWEDISH,
        {
            "teams": 2,
            "draw_up_to": 3,
            "shuffle_hands_cards": 1,
            "customizable_cards": 2,
            "customizable_effect": "draw-until-color",
        },
    ),
    "short-match": attrs.evolve(uno.DANISH, hand_size=3, target=40),
}
SEEDS = range(8)


@cache
def played(variant: str, seed: int) -> tuple[uno.State, tuple[uno.Action, ...]]:
    """A seeded bot game of up to three rounds: its start and every action."""
    players = 4 if variant == "teams" else 2 + seed % 3
    start = uno.new_game(players, VARIANTS[variant], seed=seed)
    actions = tuple(a for a, _ in bots.play(start, bots.random_bots(players, seed), rounds=3))
    return start, actions


def states_of(start: uno.State, actions: tuple[uno.Action, ...]) -> list[uno.State]:
    states = [start]
    for action in actions:
        states.append(uno.apply(states[-1], action))
    return states


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeded_transcripts_replay_to_equal_states(variant: str) -> None:
    for seed in SEEDS:
        start, actions = played(variant, seed)
        states = states_of(start, actions)
        recorded = transcript.record(start, actions)
        assert recorded.seed == seed and recorded.result == states[-1].scores
        assert all(r.deal is None for r in recorded.rounds)
        text = transcript.dumps(recorded)
        assert transcript.loads(text) == recorded
        assert transcript.replay(transcript.loads(text)) == states
        report = transcript.validate(text)
        assert report.valid, report
        assert report.scores == states[-1].scores
        assert report.state == states[-1]
        assert report.actions == sum(not isinstance(a, uno.NextRound) for a in actions)
        assert report.rounds == states[-1].round + 1
        assert report.final == transcript.Summary.of(states[-1])


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("draw_pile", [True, False])
def test_standalone_transcripts_replay_the_same_cards(variant: str, draw_pile: bool) -> None:
    for seed in SEEDS:
        start, actions = played(variant, seed)
        states = states_of(start, actions)
        alone = transcript.record(start, actions, seed=False, draw_pile=draw_pile)
        assert alone.seed is None
        assert all(r.deal is not None for r in alone.rounds)
        if draw_pile:
            assert all(r.deal is not None and r.deal.draw_pile is not None for r in alone.rounds)
        text = transcript.dumps(alone, compact=True)
        replayed = transcript.replay(transcript.loads(text))
        assert len(replayed) == len(states)
        for mine, theirs in zip(replayed, states, strict=True):
            assert mine.hands == theirs.hands
            assert mine.discard_pile == theirs.discard_pile
            assert mine.draw_pile_size == theirs.draw_pile_size
            assert (mine.phase, mine.current_player, mine.color) == (
                theirs.phase,
                theirs.current_player,
                theirs.color,
            )
            assert mine.scores == theirs.scores
        assert transcript.validate(text).valid


def test_standalone_without_draw_pile_names_every_draw() -> None:
    start, actions = played("mattel", 1)
    alone = transcript.record(start, actions, seed=False, draw_pile=False)
    states = transcript.replay(alone)
    for rnd in alone.rounds:
        assert rnd.deal is not None
        if rnd.deal.draw_pile is None:
            drawing = [a for a in rnd.actions if isinstance(a, uno.Draw)]
            assert drawing and all(a.drawn is not None for a in drawing)
    assert states[-1].scores == states_of(start, actions)[-1].scores


def test_explicit_deals_are_recorded_and_replay_to_equal_states() -> None:
    """A game started from explicit deals (with and without a known pile) keeps them."""
    source = uno.new_game(3, "mattel", seed=21)
    for known in (True, False):
        deal = uno.Deal(
            source.dealer, source.hands, source.turned, source.draw_pile if known else None
        )
        start = uno.new_game(3, "mattel", seed=99, deal=deal)
        actions = [a for a, _ in bots.play(start, bots.random_bots(3, 5), rounds=1)]
        nxt = uno.new_game(3, "mattel", seed=4)
        actions.append(uno.NextRound(uno.Deal((start.dealer + 1) % 3, nxt.hands, nxt.turned)))
        states = states_of(start, tuple(actions))
        recorded = transcript.record(start, actions)
        assert recorded.seed == 99
        first = recorded.rounds[0].deal
        assert first is not None and (first.draw_pile is not None) is known
        assert recorded.rounds[1].deal == actions[-1].deal  # type: ignore[union-attr]
        assert transcript.replay(transcript.loads(transcript.dumps(recorded))) == states


def test_a_first_draw_two_is_recorded_exactly() -> None:
    """The first card makes a player draw at the start: the deal is rebuilt from it."""
    found = 0
    for seed in range(300):
        start = uno.new_game(2, "mattel", seed=seed)
        if start.top_card.rank is not uno.Rank.DRAW_TWO:
            continue
        found += 1
        victim = next(s for s, h in enumerate(start.hands) if len(h) == 9)
        drawn, kept = start.hands[victim][-2:], start.hands[victim][:-2]
        hands = tuple(kept if s == victim else h for s, h in enumerate(start.hands))
        for known in (True, False):
            pile = (*drawn, *start.draw_pile) if known else None
            game = uno.new_game(
                2, "mattel", 77, deal=uno.Deal(start.dealer, hands, start.turned, pile)
            )
            assert len(game.hands[victim]) == 9
            recorded = transcript.record(game, [])
            assert recorded.rounds[0].deal is not None
            assert transcript.replay(recorded) == [game]
        if found == 2:
            return
    pytest.fail("no seeded game started with a Draw Two")


def test_jsonl_holds_several_games(tmp_path: Path) -> None:
    games = [transcript.record(*played(v, 0)) for v in ("mattel", "swedish", "house")]
    path = tmp_path / "games.jsonl"
    transcript.write(path, games)
    sources = transcript.read(path)
    assert [s.line for s in sources] == [1, 2, 3]
    assert [s.load() for s in sources] == games
    assert all(s.validate().valid for s in sources)
    single = tmp_path / "one.json"
    transcript.write(single, games[0])
    assert [s.load() for s in transcript.read(single)] == games[:1]
    with pytest.raises(ValueError, match="jsonl"):
        transcript.write(tmp_path / "many.json", games)


def test_record_rejects_a_start_that_is_not_a_match_start() -> None:
    start, actions = played("mattel", 2)
    later = uno.apply(start, actions[0])
    with pytest.raises(ValueError, match="record needs"):
        transcript.record(later, actions[1:])
    with pytest.raises(uno.IllegalAction):
        transcript.record(start, actions[1:])
    with pytest.raises(ValueError, match="draw_pile=False"):
        transcript.record(start, actions, draw_pile=False)


def test_transcript_values() -> None:
    with pytest.raises(TypeError):
        transcript.Round([uno.NextRound()])
    with pytest.raises(TypeError):
        transcript.Transcript("mattel", "Ann", [])
    custom = attrs.evolve(uno.SWEDISH, target=200)
    t = transcript.Transcript(custom, ["Ann", "Bo"], [transcript.Round()], seed=3)
    assert t.to_dict()["rules"] == {"profile": "swedish", "options": {"target": 200}}
    assert transcript.loads(transcript.dumps(t)) == t
    assert t.action_count == 0


# == the shipped examples =======================================================================


def example_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*.json*"))


def test_examples_cover_every_profile_and_code() -> None:
    names = [p.name for p in example_files()]
    assert "mattel-valid.json" in names
    for profile in ("mattel", "mattel-108", "swedish", "danish"):
        assert f"{profile}-valid.json" in names
        assert any(n.startswith(f"{profile}-invalid-") for n in names)
    # host_only is the trust boundary's (apply_from_seat), never a transcript's: a
    # transcript holds chance (test_transcript_codes checks that it validates).
    for code in set(uno.ErrorCode) - {uno.ErrorCode.HOST_ONLY}:
        assert any(n.endswith(f"-invalid-{code.value}.json") for n in names), code
    assert any(n.endswith(".jsonl") for n in names)


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_examples_validate_as_their_names_say(path: Path) -> None:
    sources = transcript.read(path)
    assert sources
    for source in sources:
        report = source.validate()
        if "-invalid-" in path.name:
            code = path.stem.rsplit("-invalid-", 1)[1]
            assert report.error is not None and report.error.code.value == code, report
        else:
            assert report.valid, report
            data = json.loads(source.text)
            if "result" in data:
                assert list(report.scores or ()) == data["result"]["scores"]


def test_a_replay_stops_where_its_visitor_says_and_counts_what_it_played() -> None:
    """The replay behind validate, replay and the replay page (``_play``): a visitor
    that stops it leaves the progress at the state it stopped on, and a limited list of
    steps is the start of the whole list (a page draws only the steps it needs)."""
    from unorules.formats.transcript._validate import _play, _Progress, steps

    t = transcript.loads(Path("examples/transcripts/mattel-valid.json").read_text())
    whole = steps(t)
    assert len(whole) == 1 + len(t.rounds[0].actions) == 36
    assert steps(t, 5) == whole[:5]
    progress = _Progress()
    _play(t, progress, lambda r, i, state: i == 9)  # stop after the tenth action
    assert (progress.rounds, progress.actions) == (1, 10)
    assert progress.state is not None and progress.state == whole[10][2]
    report = transcript.validate(t)
    assert (report.rounds, report.actions) == (1, 35)
