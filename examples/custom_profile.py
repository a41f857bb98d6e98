"""Define a house-rule profile, register it under a name, and play with it.

The "party" profile is the official game with Progressive UNO (stacking Draw Twos and
Wild Draw Fours), Seven-O, Jump-In, a 250-point match, and a rule of the table's own on
the Wild Customizable cards: everyone else draws a card. Once registered, the name works
wherever a profile name does: ``new_game``, transcripts, validation. The game is recorded
as a transcript and validated again at the end.

A transcript never names a registered profile (that name could later be replaced by other
rules): ``record`` writes the rules as the built-in ``mattel`` plus the options that
differ, so the text means the same thing wherever it is read. The table's own effect is
still a registered name: the program that validates the transcript registers it first, as
``--check`` does.

    python examples/custom_profile.py --players 4 --seed 1 --save party.json
    python examples/custom_profile.py --check party.json
"""

from __future__ import annotations

import argparse
import collections
import json
from collections.abc import Sequence
from pathlib import Path

import unorules as uno
from unorules.formats import transcript
from unorules.rules import rules_to_options


def everyone_else_draws_one(ctx: uno.EffectContext) -> None:
    """The table's rule for a Wild Customizable: every other player draws a card."""
    for seat in range(ctx.players):
        if seat != ctx.player:
            ctx.draw(seat, 1)


def party_rules() -> uno.Rules:
    """The profile: a variant of ``mattel`` made with Rules.but."""
    if "everyone-else-draws-one" not in uno.EFFECTS:
        uno.register_effect("everyone-else-draws-one", everyone_else_draws_one)
    return uno.MATTEL.but(
        stacking=uno.Stacking.SAME_TYPE,
        seven_o=True,
        jump_in=True,
        target=250,
        customizable_effect="everyone-else-draws-one",
    )


def choose(state: uno.State, seat: int) -> uno.Action:
    """A simple policy for the current player: stack or play when possible (swapping
    with the player holding the fewest cards), else draw; say UNO."""
    skip = (uno.CallUno, uno.CatchUno, uno.Challenge)
    actions = [a for a in uno.legal_actions(state, seat) if not isinstance(a, skip)]
    plays = [a for a in actions if isinstance(a, uno.Play) and a.player == seat]
    if not plays:
        return actions[0]
    sizes = [len(hand) for hand in state.hands]

    def score(play: uno.Play) -> tuple[int, int, int]:
        fewest = -sizes[play.target] if play.target is not None else 0
        return (int(not play.card.is_wild), fewest, int(play.uno))

    return max(plays, key=score)


def interjection(state: uno.State, seat: int) -> uno.Action | None:
    """Out of turn: catch a forgotten UNO, or jump in with an identical card."""
    for action in uno.legal_actions(state, seat):
        if isinstance(action, uno.CatchUno) or (
            isinstance(action, uno.Play) and action.player != state.current_player
        ):
            return action
    return None


def play_match(start: uno.State, rounds: int) -> list[uno.Action]:
    """Play up to ``rounds`` rounds (or to the end of the match); return every action."""
    state, actions = start, []
    while state.phase is not uno.Phase.GAME_OVER:
        if state.phase is uno.Phase.ROUND_OVER:
            if state.round + 1 >= rounds:
                break
            action: uno.Action = uno.NextRound()
        else:
            current = state.current_player
            assert current is not None
            others = (seat for seat in range(state.players) if seat != current)
            found = (interjection(state, seat) for seat in others)
            action = next((a for a in found if a is not None), None) or choose(state, current)
        state = uno.apply(state, action)
        actions.append(action)
    return actions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, help="2 to 10 (4)")
    parser.add_argument("--seed", type=int, default=1, help="fixes every shuffle (1)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds to play at most (3)")
    parser.add_argument("--save", help="write the game's transcript to this file")
    parser.add_argument("--check", help="validate a saved transcript instead of playing")
    args = parser.parse_args(argv)

    rules = party_rules()
    uno.register_profile("party", rules, replace=True)
    if args.check:
        reports = [game.validate() for game in transcript.read(args.check)]
        for report in reports:
            print(f"{args.check}: {report}")
        return 0 if all(report.valid for report in reports) else 1
    print("The 'party' profile is mattel with:")
    for name, value in rules_to_options(rules, uno.MATTEL).items():
        print(f"  {name} = {value}")

    start = uno.new_game(args.players, "party", seed=args.seed)
    actions = play_match(start, args.rounds)
    state = start
    events: collections.Counter[str] = collections.Counter()
    for action in actions:
        before, state = state, uno.apply(state, action)
        if isinstance(action, uno.Play):
            if action.player != before.current_player:
                events["jump-ins"] += 1
            if action.target is not None:
                events["hands swapped (7)"] += 1
            if action.card.rank is uno.Rank.ZERO:
                events["hands passed on (0)"] += 1
            if before.phase is uno.Phase.PENALTY or before.phase is uno.Phase.CHALLENGE:
                events["penalties stacked"] += 1
        if isinstance(action, uno.CatchUno):
            events["caught without UNO"] += 1

    print(f"\n{len(actions)} actions, {state.round + 1} round(s); scores {state.scores}")
    for name, count in sorted(events.items()):
        print(f"  {name}: {count}")
    if state.winner is not None:
        print(f"seat {state.winner} won the match")

    # The transcript names the rules as mattel plus options, not by the name "party".
    text = transcript.dumps(transcript.record(start, actions))
    report = transcript.validate(text)
    written = json.loads(text)["rules"]
    print(f"transcript rules: {written['profile']} with {sorted(written['options'])}")
    print(f"transcript: {'valid' if report.valid else report}")
    if args.save:
        Path(args.save).write_text(text, encoding="utf-8")
        print(f"written to {args.save}")
    return 0 if report.valid else 1


if __name__ == "__main__":
    raise SystemExit(main())
