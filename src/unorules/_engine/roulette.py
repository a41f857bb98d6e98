"""Wild Color Roulette (UNO Show 'Em No Mercy, NM1.5, NM-A9 to NM-A11):
the next player names a color and turns over cards from the draw pile until one of that
color comes; they keep every card turned and lose their turn.

Under ``roulette_chooser=victim`` (the sheet's "The next player chooses a color", the
decision NM-A9 (a)) the player who lays the Roulette names no color: the game waits in the
phase ``roulette`` for the victim's :class:`~unorules.ChooseColor`, their own action, and
the color they name is in force from then on. Under ``roulette_chooser=player`` the player
names it with the play, as for any wild, and the victim digs at once. The cards are turned
one at a time and each joins the victim's hand at once, so the Mercy rule can end the dig
(NM-A10); wilds have no color and never end it. The Roulette is not a Draw card: nothing
answers it, and it cannot be laid on a pending stack (NM-A11). Play then passes to the
seat after the victim (with two players, back to the Roulette's player).

>>> import unorules as uno
>>> nm = uno.get_profile("mattel-no-mercy").but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["WCR", "R3"], ["G1", "G2"]], turned=["R7"])
>>> s = uno.apply(uno.new_game(2, nm, deal=deal, seed=5), uno.Play(0, "WCR", uno=True))
>>> s.phase, s.current_player, s.color
(<Phase.ROULETTE: 'roulette'>, 1, None)
>>> t = uno.apply(s, uno.ChooseColor(1, "blue"))
>>> dug = s.draw_pile[: len(t.hands[1]) - 2]  # the cards turned, in order
>>> [c.color is uno.Color.BLUE for c in dug].index(True) == len(dug) - 1
True
>>> t.color, t.current_player
(<Color.BLUE: 'blue'>, 0)
"""

from __future__ import annotations

from typing import Final

from unorules._engine import piles, turns
from unorules._engine.legality import color_error
from unorules._engine.piles import Named
from unorules._engine.turns import step
from unorules.actions import ChooseColor, Play
from unorules.cards import Card, Color, Rank
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import RouletteChooser, Rules
from unorules.state import Draft, Phase, State, draft

__all__ = ["name_color", "names_color", "roulette"]

_PLAYER_CHOOSES: Final = RouletteChooser.PLAYER
_ROULETTE: Final = Phase.ROULETTE
_ROULETTE_CARD: Final = Rank.WILD_COLOR_ROULETTE
_VICTIM_CHOOSES: Final = RouletteChooser.VICTIM


def names_color(rules: Rules, card: Card) -> bool:
    """Whether a play of ``card`` names a color: every wild does, but a Wild Color
    Roulette whose victim names the color (``roulette_chooser=victim``, NM-A9).

    >>> import unorules as uno
    >>> nm = uno.get_profile("mattel-no-mercy")
    >>> names_color(nm, Card.parse("WCR")), names_color(nm, Card.parse("W+6"))
    (False, True)
    >>> names_color(nm.but(roulette_chooser=uno.RouletteChooser.PLAYER), Card.parse("WCR"))
    True
    """
    if not card.is_wild:
        return False
    return card.rank is not _ROULETTE_CARD or (rules.roulette_chooser is _PLAYER_CHOOSES)


def roulette(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int | None:
    """The next player names the color (the phase ``roulette``), or, named by the player,
    digs for it at once."""
    victim = step(d, a.player, 1)
    if d._match.rules.roulette_chooser is _VICTIM_CHOOSES:
        d.color = None
        d.current_player = victim
        d.phase = _ROULETTE
        return None
    assert d.color is not None
    return dig(d, victim, d.color, named)


def dig(d: Draft, victim: int, color: Color, named: Named | None) -> int:
    """``victim`` turns cards one at a time into their hand until one of ``color`` (the
    Mercy rule may stop it first); returns the seat that plays next."""
    piles.draw_until(d, victim, lambda c: c.color is color, None, named)
    return step(d, victim, 1)


def name_color(s: State, a: ChooseColor, named: Named | None) -> State:
    """The victim of a Wild Color Roulette names the color (their action, NM-A9) and digs
    for it; they lose their turn."""
    p = a.player
    if p != s.current_player:
        raise IllegalAction(
            ErrorCode.NOT_YOUR_TURN,
            f"player {p} may not name the color: the Wild Color Roulette's victim, player"
            f" {s.current_player}, names it (NM-A9)",
        )
    wrong = color_error(s, a.color)  # UNO Flip!'s dark colors never come in this deck
    if wrong is not None:
        raise wrong
    d = draft(s)
    d.color = a.color
    before = s.hands
    nxt = dig(d, p, a.color, named)
    return turns.close(d, named, before, nxt)
