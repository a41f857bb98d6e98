"""Play UNO against bots in the terminal.

You sit in seat 0; the bots play the other seats. On your turn the program shows what you
can see (your hand, the top card, how many cards the others hold) and numbers your legal
moves: type a number and Enter (Enter alone takes the first move, ``q`` quits). With
``--auto``, or when the input runs out, a bot plays your seat too.

    python examples/terminal_game.py --players 3 --rules mattel
    python examples/terminal_game.py --auto --seed 7
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Sequence
from typing import TextIO

import unorules as uno

HUMAN = 0


def describe(action: uno.Action, names: Sequence[str] | None = None) -> str:
    """An action in words: with the players' names, or (without) as a command."""

    def said(seat: int, verb: str, third: str) -> str:
        if names is None:
            return verb
        return f"{names[seat]} {verb if names[seat] == 'You' else third}"

    def name(seat: int) -> str:
        return f"seat {seat}" if names is None else names[seat]

    if isinstance(action, uno.Play):
        text = said(action.player, "play", "plays") + " "
        text += " ".join(str(c) for c in (action.card, *action.also))
        if action.color is not None:
            text += f", naming {action.color.value}"
        if action.target is not None:
            text += f", swapping hands with {name(action.target)}"
        return text + (": UNO!" if action.uno else "")
    if isinstance(action, uno.Draw):
        return said(action.player, "draw", "draws")
    if isinstance(action, uno.Pass):
        return said(action.player, "keep the card", "keeps the card")
    if isinstance(action, uno.CallUno):
        return said(action.player, "say UNO!", "says UNO!")
    if isinstance(action, uno.CatchUno):
        return said(action.player, "catch", "catches") + f" {name(action.target)} without UNO"
    if isinstance(action, uno.Challenge):
        return said(action.player, "challenge", "challenges") + " the Wild Draw Four"
    if isinstance(action, uno.ChooseColor):
        return said(action.player, "name", "names") + f" {action.color.value}"
    return "next round"


def bot_move(view: uno.View) -> uno.Action:
    """A simple bot: keeps wilds for last, follows its strongest color, says UNO."""
    skip = (uno.CallUno, uno.CatchUno, uno.Challenge)
    actions = [a for a in view.legal_actions if not isinstance(a, skip)]
    plays = [a for a in actions if isinstance(a, uno.Play)]
    if not plays:
        return actions[0]
    colors = collections.Counter(c.color for c in view.hand if c.color is not None)
    best = colors.most_common(1)[0][0] if colors else uno.Color.RED

    def score(play: uno.Play) -> tuple[int, int, int]:
        held = colors[play.card.color] if play.card.color else int(play.color is best)
        return (int(not play.card.is_wild), held, int(play.uno))

    return max(plays, key=score)


def bot_interjection(view: uno.View) -> uno.Action | None:
    """Out of turn, a bot catches anyone who forgot to say UNO."""
    return next((a for a in view.legal_actions if isinstance(a, uno.CatchUno)), None)


def show(view: uno.View, out: TextIO) -> None:
    """What the human may see: their view of the game, nothing more."""
    color = view.color.value if view.color else "to be named"
    way = "clockwise" if view.direction == 1 else "counter-clockwise"
    print(f"\nTop card {view.top_card} ({color}), play goes {way}.", file=out)
    others = [
        f"{name}: {size} card{'s' * (size != 1)}"
        for seat, (name, size) in enumerate(zip(view.names, view.hand_sizes, strict=True))
        if seat != view.player
    ]
    print("   ".join(others), f"   draw pile: {view.draw_pile_size}", file=out)
    print("Your hand:", " ".join(map(str, view.hand)), file=out)


def choices(view: uno.View) -> list[uno.Action]:
    """The human's moves worth listing: UNO calls only when one is owed."""
    owed = view.player in view.uno_exposed
    return [a for a in view.legal_actions if not isinstance(a, uno.CallUno) or owed]


class Human:
    """Reads the human's choices; switches to the bot when input ends."""

    def __init__(self, source: TextIO, out: TextIO, *, auto: bool) -> None:
        self.source = source
        self.out = out
        self.auto = auto

    def move(self, view: uno.View) -> uno.Action | None:
        """The chosen action, or None to quit."""
        if self.auto:
            return bot_move(view)
        show(view, self.out)
        options = choices(view)
        for number, action in enumerate(options):
            print(f"  {number}) {describe(action)}", file=self.out)
        while True:
            print("Your move [0]: ", end="", file=self.out, flush=True)
            line = self.source.readline()
            if not line:
                print("\n(input ended: a bot plays your seat from now on)", file=self.out)
                self.auto = True
                return bot_move(view)
            text = line.strip().lower()
            if text in ("q", "quit"):
                return None
            if text == "":
                return options[0]
            if text.isdigit() and int(text) < len(options):
                return options[int(text)]
            print(f"  type a number from 0 to {len(options) - 1}, or q", file=self.out)


def play(args: argparse.Namespace, source: TextIO, out: TextIO) -> int:
    names = ["You", *(f"Bot {seat}" for seat in range(1, args.players))]
    state = uno.new_game(names, args.rules, seed=args.seed)
    human = Human(source, out, auto=args.auto)
    # The seed decides every hidden card: it is shown only once the game is over.
    print(f"UNO, rules {args.rules!r}. {names[state.dealer]} deals.", file=out)
    try:
        return _play(state, names, human, args, out)
    finally:
        print(f"(seed {state.seed}: --seed {state.seed} plays this game again)", file=out)


def _play(
    state: uno.State, names: list[str], human: Human, args: argparse.Namespace, out: TextIO
) -> int:
    while True:
        if state.phase is uno.Phase.GAME_OVER:
            assert state.winner is not None
            print(f"\n{names[state.winner]} won the match: {state.scores}", file=out)
            return 0
        if state.phase is uno.Phase.ROUND_OVER:
            winner = state.round_winner
            who = "nobody" if winner is None else names[winner]
            print(f"\nRound {state.round + 1} over: {who} went out.", file=out)
            print(f"Scores: {state.scores}", file=out)
            if state.round + 1 >= args.rounds:
                return 0
            state = uno.apply(state, uno.NextRound())
            print(f"\nRound {state.round + 1}: {names[state.dealer]} deals.", file=out)
            continue
        for seat in range(1, state.players):  # bots may catch before anyone moves on
            interjection = bot_interjection(uno.observe(state, seat))
            if interjection is not None:
                state = uno.apply(state, interjection)
                print(describe(interjection, names), file=out)
        current = state.current_player
        assert current is not None
        view = uno.observe(state, current)
        action = human.move(view) if current == HUMAN else bot_move(view)
        if action is None:
            print("You left the game.", file=out)
            return 0
        state = uno.apply(state, action)
        print(describe(action, names), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, help="2 to 10 (3)")
    parser.add_argument("--rules", default="mattel", help="a profile name (mattel)")
    parser.add_argument("--seed", type=int, default=None, help="fixes every shuffle")
    parser.add_argument("--rounds", type=int, default=1, help="rounds to play at most (1)")
    parser.add_argument("--auto", action="store_true", help="a bot plays your seat too")
    args = parser.parse_args(argv)
    return play(args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
