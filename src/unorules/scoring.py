"""Scoring a round and deciding the match (R13, A14, A15, C17).

>>> from unorules.cards import Card
>>> hand_points([Card.parse("R7"), Card.parse("GS")], Rules())
27
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Final

from unorules._limits import COUNTER_END, refuse_past
from unorules._memo import by_identity
from unorules.cards import EVERY_CARD, Card
from unorules.rules import CardPoints, Rules, Scoring
from unorules.state import Match

__all__ = ["hand_points", "score_round"]

_FACE: Final = attrgetter("face")

_WINNER_TAKES_ALL: Final = Scoring.WINNER_TAKES_ALL
_CUMULATIVE_LOWEST: Final = Scoring.CUMULATIVE_LOWEST


def hand_points(cards: Iterable[Card], rules: Rules) -> int:
    """The points of a hand under ``rules`` (R13.1, A1).

    >>> from unorules.cards import Card
    >>> hand_points([Card.parse(c) for c in ("WS", "WC", "B0")], Rules())
    80

    A UNO Flip! card scores by its face in play, so a hand is scored by the side the
    round ended on (FL2.7):

    >>> from unorules.cards import Side
    >>> from unorules.rules import MATTEL_FLIP as flip
    >>> [hand_points([Card.parse("Y6|W+C", side)], flip) for side in Side]
    [6, 60]
    """
    return sum(map(_table(rules.points).__getitem__, map(_FACE, cards)))


@by_identity
def _table(points: CardPoints) -> dict[Card, int]:
    """The points of every single-faced card (every face) under ``points``."""
    return {card: points.of(card) for card in EVERY_CARD}


def score_round(m: Match, hands: tuple[tuple[Card, ...], ...], winner: int | None) -> Match:
    """The match after the round that ``winner`` went out of (None: a stuck round, C15,
    which scores nothing).

    Scores are kept per side: a team in team play, else a seat. A team's partner's own cards
    are ignored: only the opponents' hands count (A15).

    >>> from unorules.state import Match
    >>> from unorules.cards import Card
    >>> m = Match(rules=Rules(), names=("a", "b"), seed=0, round=0, dealer=0, sides=(0, 1),
    ...           totals=(480, 0), out=(False, False), turned=())
    >>> m2 = score_round(m, ((), (Card.parse("G9"), Card.parse("BS"))), winner=0)
    >>> m2.totals, m2.winner, m2.round_points
    ((509, 0), 0, (29, 0))

    Under the Mercy rule the winner also scores ``knockout_points`` for each player
    knocked out in the round (No Mercy: 250, NM1.10):

    >>> nm = Rules().but(mercy=25, knockout_points=250)
    >>> m = Match(rules=nm, names=("a", "b", "c"), seed=0, round=0, dealer=0,
    ...           sides=(0, 1, 2), totals=(0, 0, 0), out=(False,) * 3, turned=(),
    ...           knocked=(False, True, False))
    >>> score_round(m, ((), (), (Card.parse("G9"),)), winner=0).round_points
    (259, 0, 0)
    """
    sides_n = len(m.totals)
    points = [0] * sides_n
    if winner is None:
        return m.but(round_winner=None, round_points=tuple(points))
    rules = m.rules
    win_side = m.sides[winner]
    held = [0] * sides_n
    for seat, hand in enumerate(hands):
        if m.out[seat] or m.sides[seat] == win_side:
            continue
        held[m.sides[seat]] += hand_points(hand, rules)
    totals = list(m.totals)
    out = list(m.out)
    match_winner: int | None = None
    if rules.scoring is _WINNER_TAKES_ALL:
        # No Mercy: 250 for each player knocked out, whose set-aside cards score nothing
        # (NM1.10); a knocked-out seat holds no card.
        points[win_side] = sum(held) + rules.knockout_points * sum(m.knocked)
        totals[win_side] += points[win_side]
        if totals[win_side] >= rules.target:
            match_winner = win_side
    else:
        live = sorted({m.sides[s] for s in m.active})
        for side in live:
            points[side] = held[side]
            totals[side] += held[side]
        reached = [side for side in live if totals[side] >= rules.target]
        if rules.scoring is _CUMULATIVE_LOWEST:
            if reached:
                low = min(totals[side] for side in live)
                lowest = [side for side in live if totals[side] == low]
                if len(lowest) == 1:  # a tie for lowest plays on (C17)
                    match_winner = lowest[0]
        else:  # elimination (A14)
            survivors = [side for side in live if side not in reached]
            if len(survivors) == 1:
                match_winner = survivors[0]
            elif not survivors:
                low = min(totals[side] for side in live)
                survivors = [side for side in live if totals[side] == low]
                if len(survivors) == 1:
                    match_winner = survivors[0]
            if match_winner is None:
                gone = set(live) - set(survivors)
            else:  # the sides that reached the limit leave even in the final round (A14)
                gone = set(reached) - {match_winner}
            for seat in range(len(out)):
                if m.sides[seat] in gone:
                    out[seat] = True
    if max(totals) >= COUNTER_END:  # only a state written next to the bound gets here
        refuse_past(max(totals), "total of a side", "score the round this action ends")
    # Written out rather than m.but(...): a round's end is on every game's path, and
    # Match.but's generic copy costs more than the rest of the scoring.
    return Match(
        rules=rules,
        names=m.names,
        seed=m.seed,
        round=m.round,
        dealer=m.dealer,
        sides=m.sides,
        totals=tuple(totals),
        out=tuple(out),
        turned=m.turned,
        round_winner=winner,
        round_points=tuple(points),
        winner=match_winner,
        knocked=m.knocked,
    )
