"""``unorules play``: watch bots play a seeded match, move by move."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from unorules._echo import shown
from unorules.actions import Action, Draw, NextRound
from unorules.agents import bots
from unorules.cli._common import (
    EXIT_OK,
    Usage,
    Verb,
    bot_options,
    check_rounds,
    game_options,
    rules_with_options,
    seats_and_bots,
    seed_options,
)
from unorules.engine import new_game, step
from unorules.pictures import render
from unorules.state import Phase, State


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules play``."""
    game_options(p)
    seed_options(p)
    bot_options(p)
    p.add_argument(
        "--names", metavar="A,B,...", help="the players' names, comma-separated (as many seats)"
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules play``."""
    rules = rules_with_options(args.rules, args.option)
    bound = check_rounds(args)
    names_given = None if args.names is None else _names(args.names, args.players)
    if names_given is not None:
        args.players = len(names_given)
    seat_bots = seats_and_bots(args)
    players: int | list[str] = args.players if names_given is None else names_given
    try:
        state = new_game(players, rules, args.seed)
    except ValueError as exc:
        raise Usage(str(exc)) from None
    names = state.names

    def who(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    def start(s: State) -> None:
        first = "" if s.current_player is None else f"; {who(s.current_player)} starts"
        turned = " ".join(map(str, s.turned)) if len(s.turned) > 1 else str(s.top_card)
        print(f"round {s.round + 1}: {who(s.dealer)} deals; turned {turned}{first}", file=out)

    print(
        f"unorules play: {len(names)} players ({', '.join(names)}), rules {args.rules},"
        f" seed {state.seed}",
        file=out,
    )
    start(state)
    seats = seated(seat_bots, state.seed)
    before = state
    for action, after in bots.play(state, seats, rounds=bound, max_actions=bound * 1_000_001):
        if isinstance(action, NextRound):
            start(after)
            before = after
            continue
        text = str(action)
        for seat in range(len(names) - 1, -1, -1):
            text = text.replace(f"P{seat}", names[seat])
        print(f"  {text}{_consequences(action, before, names)}", file=out)
        for seat in after.knocked_out:
            if seat not in before.knocked_out:
                print(f"  {names[seat]} is knocked out (the Mercy rule)", file=out)
        before = after
        if after.is_over:
            if after.round_winner is None:
                print(f"round {after.round + 1} over: stuck, nobody scores", file=out)
            else:
                points = after.round_points or ()
                gained = max(points) if points else 0
                totals = ", ".join(f"{names[s]} {p}" for s, p in enumerate(after.scores))
                how = (
                    "is the last player standing" if after.hands[after.round_winner] else "goes out"
                )
                print(
                    f"round {after.round + 1} over: {who(after.round_winner)} {how}"
                    f" (+{gained}); totals {totals}",
                    file=out,
                )
            if after.phase is Phase.GAME_OVER and after.winner is not None:
                won = f"team {after.winner}" if rules.teams else who(after.winner)
                print(f"match over: {won} wins", file=out)
    if args.rounds is None and before.winner is None:
        print(f"match stopped after {bound} rounds with no winner (--max-rounds)", file=out)
    return EXIT_OK


def seated(names: Sequence[str], seed: int) -> list[bots.Bot]:
    """The bots named, one a seat, seeded from the game's ``seed`` as
    :func:`unorules.agents.bots.random_bots` seeds its random ones (so ``unorules play``
    and ``record`` play the same game for the same seed).

    >>> seated(["heuristic", "random"], 7)
    [HeuristicBot(...), RandomBot(...)]
    """
    base = seed % (1 << 32)
    return [bots.get_bot(name)(base * 1009 + seat) for seat, name in enumerate(names)]


def _consequences(action: Action, before: State, names: Sequence[str]) -> str:
    """What ``action`` made happen, from the engine's record of it (:func:`unorules.step`):
    hands shuffled or moved, a card taken back, who drew how many cards (but the player of
    a turn's draw, which the move says)."""
    events = step(before, action).events
    own = action.player if isinstance(action, Draw) and before.phase is Phase.PLAY else None
    notes = render.consequences(events, names, own_draw=own)
    return f" -> {', '.join(notes)}" if notes else ""


def _names(text: str, count: int | None) -> list[str]:
    """The players' names of ``--names A,B,...``, refused when one is empty or when
    ``--players`` asks for another number of seats."""
    if not text.strip():
        raise Usage("--names is empty: give the players' names, comma-separated (Ann,Bo)")
    names = [n.strip() for n in text.split(",")]
    for i, name in enumerate(names, start=1):
        if not name:
            raise Usage(f"--names {shown(text)}: name {i} is empty")
        if not name.isprintable():  # as a bot's name: nothing that drives the terminal
            raise Usage(f"--names {shown(text)}: name {i} has a character that is not printable")
    if count is not None and count != len(names):
        raise Usage(
            f"--players {count} but --names gives {len(names)} names: give as many names as"
            " players, or leave out --players"
        )
    return names


VERB = Verb(
    "play",
    "watch bots play a seeded match",
    "Play a seeded match between bots (random ones by default,"
    " unorules.agents.bots.RandomBot) and print every move, the round results and the"
    " winner; --rounds 1 plays one round.",
    add_arguments,
    run,
    "unorules play --players 2 --rounds 1 --seed 3 --names Ann,Bo",
)
