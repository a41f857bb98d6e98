"""Random play with a check at every step, for any profile.

Plays ``--rounds`` rounds of seeded random play (matches are dealt on until that many
rounds have been played) under ``--profile`` with ``--players`` seats and checks, after
every action:

* card conservation: the hands, the draw pile, the discard pile and the set-aside cards
  (No Mercy's knocked-out hands) make up the deck (168 cards for ``mattel-no-mercy``, the
  112 double-sided cards of ``mattel-flip``, counted light face up);
* UNO Flip!: every card shows the face of the side in play (hands, draw pile, discard
  pile), and the color in force is one of that side's;
* under the Mercy rule, that the piles can never run dry (OFFICIAL-GAMES.md §1.8 item 7):
  the cards that can be drawn (the draw pile, the discard pile below its top, the
  set-aside cards) are always enough to knock any player in play out, and no draw ever
  came up empty;
* that ``legal_actions`` equals what ``apply`` accepts: every listed action is applied,
  and a set of probes (a play of every card the current player holds, with and without a
  color of either side and an UNO call, a draw, a pass, a color of either side named by
  each seat, a 7's swap with each seat) is accepted exactly when it is listed (a listed
  probe was applied with the listing, so only the others are applied, each to be
  refused);
* that the state's JSON and its position text read back to an equal state (and the JSON
  to the same text).

The last two checks cost some 40 times a step of the game (a round trip reads every card
back through the state check), so ``--every N`` runs them at every N-th step only; the
cards, the side and the piles are checked at every step whatever N is. ``--seconds S``
stops at the end of the first round after S seconds of CPU time, short of ``--rounds``.

Prints the counts and the rate. Usage::

    PYTHONPATH=src python benchmarks/random_play.py --profile mattel-no-mercy --players 4 \\
        --rounds 20000 --seed 1
    PYTHONPATH=src python benchmarks/random_play.py --profile mattel-flip --players 10 \\
        --rounds 20000 --seed 1 --every 50 --seconds 400
"""

from __future__ import annotations

import argparse
import functools
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Sequence

import unorules as uno
from unorules.cards import Side

STEP_CAP = 20_000
"""Actions after which a round is counted as stuck and abandoned."""
COLORS = (None, uno.Color.RED, uno.Color.PURPLE)
"""The colors a probe names: none, one of the light side, one of UNO Flip!'s dark side."""


class Counts:
    """What the run checked and found."""

    def __init__(self) -> None:
        self.rounds = 0
        self.steps = 0
        self.legal_applied = 0
        self.probes = 0
        self.round_trips = 0
        self.knockouts = 0
        self.last_standing = 0
        self.stuck = 0
        self.min_drawable_margin: int | None = None
        self.dark_states = 0
        self.interrupted = False
        self.failures: list[str] = []

    def fail(self, message: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(message)


_play = functools.lru_cache(maxsize=1 << 16)(uno.Play)
"""``uno.Play``, built once per distinct probe: a probe is the same object at every step
(building an action checks its fields, a tenth of the listing check's time)."""


def _probes(s: uno.State) -> list[uno.Action]:
    """Actions that may or may not be legal now."""
    out: list[uno.Action] = []
    p = s.current_player
    if p is None:
        return [uno.NextRound()]
    hand = s.hands[p]
    for card in dict.fromkeys(hand):
        # A play that goes out may carry uno=True, where it is moot (R10.1, C8): accepted,
        # and listed without it only. Not probed. A card goes out when it is the last, or
        # it is a Discard All and every other card is of its color (they go under it).
        goes_out = len(hand) == 1 or (
            card.rank is uno.Rank.DISCARD_ALL and all(c.color is card.color for c in hand)
        )
        for color in COLORS:
            out.append(_play(p, card, color))
            if not goes_out:
                out.append(_play(p, card, color, uno=True))
        if card.rank is uno.Rank.SEVEN:
            out.extend(_play(p, card, target=t) for t in range(s.players) if t != p)
    out += [uno.Draw(p), uno.Pass(p), uno.Challenge(p)]
    out += [
        uno.ChooseColor(seat, color)
        for seat in range(s.players)
        for color in (uno.Color.BLUE, uno.Color.PURPLE)
    ]
    other = (p + 1) % s.players
    out += [
        uno.Draw(other),
        _play(other, s.hands[other][0]) if s.hands[other] else uno.Pass(other),
    ]
    return out


def _check(
    s: uno.State, deck: Counter[uno.Card], counts: Counts, where: str, every: int = 1
) -> None:
    cards = [*(c for h in s.hands for c in h), *s.draw_pile, *s.discard_pile, *s.set_aside]
    total = Counter(c.facing(Side.LIGHT) for c in cards)  # UNO Flip!'s light face up
    if total != deck:
        counts.fail(f"{where}: the cards are not the deck ({sum(total.values())} cards)")
    rules = s.rules
    if rules.flip:
        side = s.side
        wrong = sum(c.up is not side for c in cards)
        if wrong:
            counts.fail(f"{where}: {wrong} cards do not show the {side.value} side in play")
        if s.color is not None and s.color.side is not side:
            counts.fail(f"{where}: the color {s.color.value} is not of the {side.value} side")
        counts.dark_states += side is Side.DARK
    if rules.mercy and not s.is_over:
        drawable = s.draw_pile_size + len(s.discard_pile) - 1 + len(s.set_aside)
        active = [seat for seat in range(s.players) if seat not in s.knocked_out]
        need = max(rules.mercy - len(s.hands[seat]) for seat in active)
        margin = drawable - need
        if counts.min_drawable_margin is None or margin < counts.min_drawable_margin:
            counts.min_drawable_margin = margin
        if margin < 0:
            counts.fail(f"{where}: only {drawable} cards can be drawn, {need} may be needed")
        if s._ledger.idle_turns:
            counts.fail(f"{where}: a draw came up empty (the piles ran dry)")
    if counts.steps % every:
        return
    text = s.to_json()
    again = uno.State.from_json(text)
    if again != s or again.to_json() != text:
        counts.fail(f"{where}: the JSON round trip differs")
    if uno.State.from_position(s.position(), rules) != s:
        counts.fail(f"{where}: the position round trip differs: {s.position()}")
    counts.round_trips += 1


def _accepts(s: uno.State, a: uno.Action) -> bool:
    try:
        uno.apply(s, a)
    except uno.IllegalAction:
        return False
    return True


def play_round(
    s: uno.State,
    rng: random.Random,
    deck: Counter[uno.Card],
    counts: Counts,
    label: str,
    *,
    every: int = 1,
    play_first: bool = False,
) -> uno.State:
    """Play ``s`` to the end of its round, counting the cards at every step and checking
    the listing and the round trips at every ``every``-th; returns the last state. With
    ``play_first``, the player to move picks among its plays when it has one (nine times
    in ten, as it picks among its own actions)."""
    steps = 0
    while not s.is_over:
        where = f"{label} step {steps + 1}"
        legal = uno.legal_actions(s)
        if counts.steps % every == 0:
            listed = set(legal)
            for a in legal:
                if not _accepts(s, a):
                    counts.fail(f"{where}: {a!r} is listed but refused")
                counts.legal_applied += 1
            # A listed probe was applied just above; only the others need applying, and
            # each must be refused.
            for a in dict.fromkeys(_probes(s)):
                if a not in listed and _accepts(s, a):
                    counts.fail(f"{where}: {a!r} is accepted but not listed")
                counts.probes += 1
        p = s.current_player
        own = [
            a for a in legal if getattr(a, "player", None) == p and not isinstance(a, uno.CallUno)
        ]
        if play_first:
            own = [a for a in own if isinstance(a, uno.Play)] or own
        pool = own if own and rng.random() < 0.9 else legal
        s = uno.apply(s, pool[rng.randrange(len(pool))])
        steps += 1
        counts.steps += 1
        _check(s, deck, counts, where, every)
        if steps >= STEP_CAP:
            counts.stuck += 1
            break
    counts.rounds += 1
    counts.knockouts += len(s.knocked_out)
    if s.knocked_out and s.round_winner is not None and len(s.knocked_out) == s.players - 1:
        counts.last_standing += 1
    return s


def run(
    profile: str | uno.Rules,
    players: int,
    rounds: int,
    seed: int,
    *,
    every: int = 1,
    seconds: float | None = None,
    play_first: bool = False,
) -> Counts:
    """Play ``rounds`` rounds of ``profile`` (a profile's name or rules) at ``players``
    seats from ``seed``, checking as the module says (the listing and the round trips at
    every ``every``-th step; with ``play_first``, a player that can play plays, nine times
    in ten); with ``seconds``, stop at the end of the first round that
    ends after that much of this process's CPU time, even short of ``rounds``. A
    ``KeyboardInterrupt`` (``SIGINT``, and ``SIGTERM`` from :func:`main`) stops it at once
    with the counts of the rounds played to the end (``Counts.interrupted``)."""
    rules = profile if isinstance(profile, uno.Rules) else uno.get_profile(profile)
    counts = Counts()
    deadline = None if seconds is None else time.process_time() + seconds
    rng = random.Random(seed)
    match = 0
    s = uno.new_game(players, rules, seed=seed)
    deck = Counter(rules.deck(s.seed))  # a random UNO Flip! pairing is the match's
    _check(s, deck, counts, "deal", every)
    try:
        while counts.rounds < rounds:
            label = f"match {match + 1} round {s.round + 1}"
            s = play_round(s, rng, deck, counts, label, every=every, play_first=play_first)
            if s.phase is uno.Phase.GAME_OVER or counts.stuck:
                match += 1
                s = uno.new_game(players, rules, seed=seed + match)
                deck = Counter(rules.deck(s.seed))
            else:
                s = uno.apply(s, uno.NextRound())
            _check(s, deck, counts, f"match {match + 1} deal", every)
            if deadline is not None and time.process_time() > deadline:
                break
    except KeyboardInterrupt:
        counts.interrupted = True
    return counts


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="mattel-no-mercy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--every",
        type=int,
        default=1,
        help="check the listing and the round trips at every N-th step (default 1)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="stop after the first round that ends after this much CPU time, even short of"
        " --rounds",
    )
    parser.add_argument(
        "--play-first",
        action="store_true",
        help="a player that can play picks among its plays (nine times in ten), as the"
        " benchmark's policy does, instead of among all its actions: UNO Flip!'s rounds"
        " last some 70 actions instead of a thousand",
    )
    args = parser.parse_args(argv)
    began, cpu = time.perf_counter(), time.process_time()
    signal.signal(signal.SIGTERM, _interrupt)
    c = run(
        args.profile,
        args.players,
        args.rounds,
        args.seed,
        every=args.every,
        seconds=args.seconds,
        play_first=args.play_first,
    )
    took, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(
        f"{args.profile}, {args.players} players, seed {args.seed},"
        f" {'plays first' if args.play_first else 'any action'}, listing checked every"
        f" {args.every} step(s): {c.rounds} rounds,"
        f" {c.steps} steps in {took:.1f} s, {cpu:.1f} s of CPU ({c.rounds / cpu:.1f} rounds"
        " per CPU second)"
    )
    print(
        f"checked: conservation and round trips at {c.round_trips} states;"
        f" {c.legal_applied} listed actions applied; {c.probes} probes"
    )
    print(
        f"knockouts {c.knockouts}, rounds won by the last player standing {c.last_standing},"
        f" stuck rounds {c.stuck}, least margin of drawable cards {c.min_drawable_margin},"
        f" states on UNO Flip!'s dark side {c.dark_states}"
    )
    if c.interrupted:
        print("interrupted: the counts are those of the rounds played to the end")
    print(f"failures: {len(c.failures)}")
    for line in c.failures:
        print("  " + line)
    return 1 if c.failures or c.stuck else 0


if __name__ == "__main__":
    sys.exit(main())
