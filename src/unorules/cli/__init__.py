"""The ``unorules`` command: validate transcripts, simulate bot games, compare two rule
sets on the same games, compare the rule profiles, record a bot game as a transcript.

Usage::

    unorules validate FILE... [--rules NAME] [--json] [--jobs N]
    unorules play [--players N] [--rules NAME] [--option KEY=VALUE]... [--seed N]
                  [--rounds N] [--names A,B,...]
    unorules simulate [--games N] [--players N] [--rules NAME] [--option KEY=VALUE]...
                      [--seed N] [--rounds N] [--jobs N] [--bot NAME]... [--json]
                      [--plot FILE]
    unorules compare A B [--option KEY=VALUE]... [--games N] [--players N] [--seed N]
                     [--rounds N] [--jobs N] [--bot NAME]... [--json] [--plot FILE]
    unorules rules [NAME...] [--diff] [--json]
    unorules record [--rules NAME] [--option KEY=VALUE]... [--players N] [--seed N]
                    [--rounds N] [--games N] [--standalone] [--no-draw-pile] [-o FILE]
    unorules render TRANSCRIPT -o FILE.html [--seat N] [--line N] [--round N]
    unorules match --bot CMD --bot CMD... [--rules NAME] [--option KEY=VALUE]... [--games N]
                   [--rounds N] [--seed N] [--timeout S] [--on-fault fallback|forfeit]
                   [--max-actions N] [-o FILE] [--json]
    unorules --version

Exit codes:

* 0: success (``validate``: every game is valid);
* 1: ``validate`` found an invalid game (a file that is not JSON, or not of the format,
  is an invalid game with code ``malformed``); ``match``: a bot broke the protocol;
* 2: a usage error (unknown verb, option, profile or rule option), or a file that cannot
  be opened (then the other files are still checked); for every verb also output that
  cannot be written (a full disk, a closed pipe).

>>> main(["rules", "mattel", "swedish", "--diff"])
option                  mattel            swedish              rules
...
voluntary_draw          yes               no                   ...
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from unorules import __version__
from unorules._echo import shown
from unorules.actions import Action, Draw, NextRound, Play
from unorules.agents import bots, match
from unorules.cards import Rank
from unorules.cli import validate as _validating
from unorules.engine import new_game
from unorules.formats import transcript
from unorules.pictures import render
from unorules.rules import (
    PROFILES,
    Rules,
    RulesError,
    compare_profiles,
    get_profile,
    option_docs,
    rules_from_options,
    rules_to_options,
)
from unorules.state import Phase, State
from unorules.studies.study import BOTS, _game_seed

__all__ = ["main"]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

_EXIT_CODES = """\
exit codes:
  0  success (validate: every game is valid)
  1  validate: a game is invalid (a file that is not JSON or not of the format counts as
     an invalid game, code malformed); match: a bot broke the protocol
  2  usage error, a file that cannot be opened, or output that cannot be written"""


class _Usage(Exception):
    """A usage error found after parsing (exit code 2)."""


class _Unwritable(OSError):
    """Standard output could not be written (a full disk, ``> /dev/full``): exit code 2
    for every verb, never a traceback."""


class _Output:
    """Standard output as the verbs write it: a write or flush that fails raises
    :class:`_Unwritable` (a closed pipe stays :class:`BrokenPipeError`), so that
    :func:`main` tells a failed output from any other :class:`OSError` in one place."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _Unwritable(exc.errno, exc.strerror or str(exc)) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _Unwritable(exc.errno, exc.strerror or str(exc)) from exc

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


# == validate ===================================================================================


def _validate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    override: Rules | None = _profile(args.rules) if args.rules is not None else None
    if args.jobs < 0:
        raise _Usage("--jobs: 0 (one per CPU) or more")
    if args.files.count("-") > 1:
        raise _Usage("- (standard input) may be given once")
    return _validating.run(
        args.files, rules=override, as_json=args.json, jobs=args.jobs, out=out, err=err
    )


# simulate and compare: unorules.studies.study, the verbs in unorules.cli.study.


# == rules ======================================================================================


def _rules_table(args: argparse.Namespace, out: TextIO) -> int:
    names: list[str] = list(args.names) or list(PROFILES)
    for name in names:
        _profile(name)
    rows = compare_profiles(names)
    if args.diff:
        rows = [row for row in rows if len(set(row[2])) > 1]
    if args.json:
        options = {n: rules_to_options(get_profile(n)) for n in names}
        docs = option_docs()
        data = {
            "profiles": names,
            "options": [
                {
                    "option": option,
                    "rule": rule,
                    "help": docs[option][0],
                    "values": {n: options[n][option] for n in names},
                }
                for option, rule, _ in rows
            ],
        }
        print(json.dumps(data, indent=2), file=out)
        return EXIT_OK
    header = ["option", *names, "rules"]
    table = [header, *[[option, *shown, rule] for option, rule, shown in rows]]
    cap = 24  # a long value shared by every profile spans the columns instead of widening them
    widths = [
        max(len(row[i]) for row in table if i == 0 or len(row[i]) <= cap)
        for i in range(len(header))
    ]
    for row in table:
        values = row[1:-1]
        if len(values) > 1 and len(set(values)) == 1 and len(values[0]) > cap:
            cells = [row[0].ljust(widths[0]), f"{values[0]} (all)", row[-1]]
        else:
            cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=True)]
        print("  ".join(cells).rstrip(), file=out)
    return EXIT_OK


# == play =======================================================================================


def _play(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_with_options(args.rules, args.option)
    if args.rounds is not None and args.rounds < 1:
        raise _Usage("--rounds: at least 1")
    players: int | list[str] = 3 if args.players is None else args.players
    if args.names is not None:
        players = _names(args.names, args.players)
    try:
        state = new_game(players, rules, args.seed)
    except ValueError as exc:
        raise _Usage(str(exc)) from None
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
    seats = bots.random_bots(len(names), state.seed % (1 << 32))
    before = state
    for action, after in bots.play(state, seats, rounds=args.rounds):
        if isinstance(action, NextRound):
            start(after)
            before = after
            continue
        text = str(action)
        for seat in range(len(names) - 1, -1, -1):
            text = text.replace(f"P{seat}", names[seat])
        print(f"  {text}{_consequences(action, before, after, who)}", file=out)
        before = after
        if after.is_over:
            if after.round_winner is None:
                print(f"round {after.round + 1} over: stuck, nobody scores", file=out)
            else:
                points = after.round_points or ()
                gained = max(points) if points else 0
                totals = ", ".join(f"{names[s]} {p}" for s, p in enumerate(after.scores))
                print(
                    f"round {after.round + 1} over: {who(after.round_winner)} goes out"
                    f" (+{gained}); totals {totals}",
                    file=out,
                )
            if after.phase is Phase.GAME_OVER and after.winner is not None:
                won = f"team {after.winner}" if rules.teams else who(after.winner)
                print(f"match over: {won} wins", file=out)
    return EXIT_OK


def _consequences(action: Action, before: State, after: State, who: Callable[[int], str]) -> str:
    """What an action made happen, read off the hands: who drew how many cards."""
    if (
        isinstance(action, Play)
        and action.card.rank is Rank.WILD_SHUFFLE_HANDS
        and any(a is not b for a, b in zip(after.hands, before.hands, strict=True))
    ):
        return " -> hands shuffled"
    own_draw = action.player if isinstance(action, Draw) and before.phase is Phase.PLAY else -1
    names = [who(seat) for seat in range(before.players)]
    notes = [note for seat, note in render._gains(before, after, names) if seat != own_draw]
    return f" -> {', '.join(notes)}" if notes else ""


def _names(text: str, count: int | None) -> list[str]:
    """The players' names of ``--names A,B,...``, refused when one is empty or when
    ``--players`` asks for another number of seats."""
    if not text.strip():
        raise _Usage("--names is empty: give the players' names, comma-separated (Ann,Bo)")
    names = [n.strip() for n in text.split(",")]
    for i, name in enumerate(names, start=1):
        if not name:
            raise _Usage(f"--names {shown(text)}: name {i} is empty")
        if not name.isprintable():  # as a bot's name: nothing that drives the terminal
            raise _Usage(f"--names {shown(text)}: name {i} has a character that is not printable")
    if count is not None and count != len(names):
        raise _Usage(
            f"--players {count} but --names gives {len(names)} names: give as many names as"
            " players, or leave out --players"
        )
    return names


# == record =====================================================================================


def _record(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    rules = _rules_with_options(args.rules, args.option)
    if args.games < 1:
        raise _Usage("--games: at least 1")
    if args.rounds is not None and args.rounds < 1:
        raise _Usage("--rounds: at least 1")
    standalone = args.standalone or args.no_draw_pile
    games: list[transcript.Transcript] = []
    for index in range(args.games):
        seed = None if args.seed is None else _game_seed(args.seed, index)
        try:
            start = new_game(args.players, rules, seed)
        except ValueError as exc:
            raise _Usage(str(exc)) from None
        players = bots.random_bots(args.players, start.seed % (1 << 32))
        actions = [a for a, _ in bots.play(start, players, rounds=args.rounds)]
        games.append(
            transcript.record(start, actions, seed=not standalone, draw_pile=not args.no_draw_pile)
        )
    text = transcript.dumps(games[0]) if args.games == 1 else transcript.dumps_lines(games)
    if args.output is None or args.output == "-":
        out.write(text)
        return EXIT_OK
    if args.games > 1 and not args.output.endswith((".jsonl", ".ndjson")):
        raise _Usage("-o: several games are written as JSON Lines: name the file *.jsonl")
    try:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        print(f"unorules: cannot write {args.output}: {exc.strerror or exc}", file=err)
        return EXIT_USAGE
    return EXIT_OK


# == shared =====================================================================================


def _profile(name: str) -> Rules:
    try:
        return get_profile(name)
    except ValueError as exc:
        raise _Usage(str(exc)) from None


def _option_value(text: str) -> object:
    try:
        value: object = json.loads(text)
    except ValueError:
        return text
    return value


def _rules_with_options(name: str, options: Sequence[str]) -> Rules:
    base = _profile(name)
    changes: dict[str, object] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise _Usage(f"--option {item!r}: write KEY=VALUE, e.g. --option stacking=same_type")
        changes[key.strip()] = _option_value(value.strip())
    try:
        return rules_from_options(base, changes)
    except RulesError as exc:
        raise _Usage(f"--option: {exc}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="unorules",
        description="UNO rules: validate game transcripts, simulate bot games, compare the"
        " rule profiles.",
        epilog=_EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"unorules {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    profiles = ", ".join(PROFILES)

    def verb(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return verbs.add_parser(
            name,
            help=help,
            description=description,
            epilog=_EXIT_CODES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    def study_options(p: argparse.ArgumentParser, games: int) -> None:
        p.add_argument(
            "--games", type=int, default=games, metavar="N", help=f"games to play ({games})"
        )
        p.add_argument(
            "--seed",
            type=match.seed_option,
            default=0,
            metavar="N",
            help="seed of the first game (0)",
        )
        p.add_argument(
            "--jobs",
            type=int,
            default=1,
            metavar="N",
            help="worker processes (1; 0 = one per CPU; at most the CPU count)",
        )
        p.add_argument(
            "--bot",
            action="append",
            default=[],
            metavar="NAME",
            help=f"the bots ({', '.join(sorted(BOTS))}; random): once for every seat, or"
            " once per seat",
        )
        p.add_argument(
            "--plot",
            metavar="FILE",
            help="also draw the round lengths and the win shares per seat to FILE (.svg,"
            " .png or .pdf; needs matplotlib: pip install 'unorules[plot]')",
        )

    v = verb(
        "validate",
        "check transcripts move by move",
        "Check transcripts (format unorules/1; .json: one game, .jsonl: one game a line)"
        " move by move. Prints one line per game, or a JSON array with --json.",
    )
    v.add_argument("files", nargs="+", metavar="FILE", help="transcript files (-: standard input)")
    v.add_argument("--rules", metavar="NAME", help=f"use this profile instead ({profiles})")
    v.add_argument("--json", action="store_true", help="print a JSON array, one object a game")
    v.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes (1; 0 = one per CPU; at most the CPU count); same report",
    )

    def game_options(p: argparse.ArgumentParser, players: int = 4) -> None:
        p.add_argument(
            "--rules", metavar="NAME", default="mattel", help=f"profile ({profiles}; mattel)"
        )
        p.add_argument(
            "--option",
            metavar="KEY=VALUE",
            action="append",
            default=[],
            help="a rule option (JSON value or bare word), e.g. stacking=same_type, seven_o=true;"
            " repeatable",
        )
        p.add_argument(
            "--players", type=int, default=players, metavar="N", help=f"seats, 2-10 ({players})"
        )
        p.add_argument(
            "--rounds", type=int, metavar="N", help="stop after N rounds (default: whole match)"
        )

    g = verb(
        "play",
        "watch simple bots play a seeded match",
        "Play a seeded match between random bots (unorules.agents.bots.RandomBot) and print every"
        " move, the round results and the winner.",
    )
    game_options(g, players=3)
    g.set_defaults(players=None)  # 3, unless --names gives the players
    g.add_argument(
        "--seed", type=match.seed_option, metavar="N", help="the match's seed (default: random)"
    )
    g.add_argument("--names", metavar="A,B,...", help="the players' names, comma-separated")

    s = verb(
        "simulate",
        "play many seeded games between simple bots",
        "Play seeded games between bots (random ones by default, unorules.agents.bots.RandomBot)"
        " and print statistics: rounds, actions per round, share of round wins per seat,"
        " mean round points; each mean and share with the half-width of its 95% confidence"
        " interval (±).",
    )
    game_options(s)
    study_options(s, games=100)
    s.add_argument("--json", action="store_true", help="print the statistics as JSON")

    m = verb(
        "compare",
        "compare two rule sets on the same seeded games",
        "Play the same seeded games between bots under rules A and rules B (profile B with"
        " the --option changes) and print each figure under both, the difference B - A with"
        " its 95% confidence interval, and whether it is significant.",
    )
    m.add_argument("a", metavar="A", help=f"profile A ({profiles})")
    m.add_argument("b", metavar="B", help="profile B, changed by the --option values")
    m.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a rule option of B (JSON value or bare word), e.g. stacking=same_type; repeatable",
    )
    m.add_argument("--players", type=int, default=4, metavar="N", help="seats, 2-10 (4)")
    m.add_argument(
        "--rounds", type=int, metavar="N", help="stop after N rounds (default: whole match)"
    )
    study_options(m, games=1000)
    m.add_argument("--json", action="store_true", help="print the comparison as JSON")

    r = verb(
        "rules",
        "show the rule profiles side by side",
        "Show every rule option of the named profiles (default: all) side by side.",
    )
    r.add_argument("names", nargs="*", metavar="NAME", help=f"profiles ({profiles})")
    r.add_argument("--diff", action="store_true", help="only the options that differ")
    r.add_argument("--json", action="store_true", help="print JSON (option values as JSON)")

    c = verb(
        "record",
        "write a seeded bot game as a transcript",
        "Play a seeded game between random bots and write it as a transcript (JSON; JSON"
        " Lines with --games N > 1).",
    )
    game_options(c)
    c.add_argument(
        "--seed", type=match.seed_option, metavar="N", help="the game's seed (default: random)"
    )
    c.add_argument("--games", type=int, default=1, metavar="N", help="games to record (1)")
    c.add_argument(
        "--standalone",
        action="store_true",
        help="write every deal and drawn card instead of the seed",
    )
    c.add_argument(
        "--no-draw-pile",
        action="store_true",
        help="with --standalone: no draw piles, every drawn card named",
    )
    c.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")

    p = verb(
        "render",
        "write a transcript's replay page (HTML)",
        "Write one self-contained HTML page that steps through a transcript move by move,"
        " with the cards drawn; an invalid game is drawn up to its illegal move, which is"
        " highlighted with its code and message.",
    )
    p.add_argument("transcript", metavar="TRANSCRIPT", help="a transcript file (.json, .jsonl)")
    p.add_argument("-o", "--output", metavar="FILE", required=True, help="the HTML file to write")
    p.add_argument("--seat", type=int, metavar="N", help="draw the game as seat N sees it")
    p.add_argument("--line", type=int, metavar="N", help="in a .jsonl file, the game on line N")
    p.add_argument(
        "--round",
        type=int,
        metavar="N",
        help=f"draw only round N (from 1); a page draws at most {render.MAX_STEPS} steps",
    )
    match.add_arguments(
        verb(
            "match",
            "play bot programs (unorules-bot/1 on stdin/stdout) against each other",
            "Play external bot programs, speaking the stdio protocol unorules-bot/1, against"
            " each other and the built-in bots; record every game as a transcript.",
        )
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``unorules`` command with ``argv`` (default: the process's arguments) and
    return its exit code (see the module docstring).

    >>> main(["validate", "no/such/file.json"])
    2
    >>> main(["--version"])
    unorules ...
    0
    """
    parser = _parser()
    out, err = cast(TextIO, _Output(sys.stdout)), sys.stderr
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        code = _run(args, out, err)
        out.flush()  # output still buffered fails here, not at exit
        return code
    except _Usage as exc:
        print(f"unorules {args.verb}: error: {exc}", file=err)
        return EXIT_USAGE
    # Output that cannot be written, for every verb alike: the command did not say all it
    # had to, so it never exits 0 (nor 1, which judges a game).
    except BrokenPipeError:  # e.g. `unorules play | head`: stop quietly
        _validating._silence(sys.stdout)
        return EXIT_USAGE
    except _Unwritable as exc:  # e.g. `unorules rules > /dev/full`
        _validating._silence(sys.stdout)
        print(f"unorules {args.verb}: cannot write the output: {exc.strerror or exc}", file=err)
        return EXIT_USAGE


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the verb of ``args``; return its exit code."""
    if args.verb == "validate":
        return _validate(args, out, err)
    if args.verb in ("simulate", "compare"):
        from unorules.cli import study as _study_cli  # noqa: PLC0415 (it imports this module)

        if args.verb == "simulate":
            return _study_cli.simulate(args, out, err)
        return _study_cli.compare(args, out, err)
    if args.verb == "rules":
        return _rules_table(args, out)
    if args.verb == "play":
        return _play(args, out)
    if args.verb == "render":
        return render.run(
            args.transcript,
            args.output,
            seat=args.seat,
            line=args.line,
            round=args.round,
            out=out,
            err=err,
        )
    if args.verb == "match":
        return match.run_cli(args, _rules_with_options(args.rules, args.option), out, err)
    return _record(args, out, err)


if __name__ == "__main__":
    sys.exit(main())
