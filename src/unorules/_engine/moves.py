"""The actions that lay no card: drawing (a turn's draw, or taking a pending penalty),
keeping a drawn card, saying UNO, catching a player who did not, naming the first color;
and whether a player may draw on a normal turn (:func:`may_draw`), which every route and
both listings ask.

Each action is a check and a resolution: the general route runs both, the fast route
(:mod:`unorules._engine.fast`) proves the check passes and runs the resolution alone
(:func:`draw_turn`, :func:`take_penalty`, :func:`keep_drawn`).

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["G4", "B6"], ["B1", "B7"]], turned=["R7"])
>>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Draw(0, drawn=["R2"]))
>>> s.phase, s.drawn_card  # a playable card drawn may be laid at once (R4.4)
(<Phase.DRAWN: 'drawn'>, Card.parse('R2'))
>>> uno.apply(s, uno.Pass(0)).current_player
1
"""

from __future__ import annotations

from typing import Final, NoReturn

from unorules._echo import shown_int
from unorules._engine import calls, piles, roulette, turns
from unorules._engine.challenge import draw_penalty
from unorules._engine.flip import chosen_after_flip
from unorules._engine.legality import can_lay, color_error, playable
from unorules._engine.piles import Named
from unorules.actions import CallUno, CatchUno, ChooseColor, Draw, Pass
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import Rules
from unorules.state import Phase, State, draft, freeze, ledger

__all__ = [
    "call",
    "catch",
    "choose_color",
    "draw",
    "draw_turn",
    "keep_drawn",
    "may_draw",
    "pass_",
    "take_penalty",
]

_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
_ROULETTE: Final = Phase.ROULETTE

_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_CHALLENGE: Final = Phase.CHALLENGE
_PENALTY: Final = Phase.PENALTY


def _fail(code: ErrorCode, message: str) -> NoReturn:
    raise IllegalAction(code, message)


# -- drawing --------------------------------------------------------------------------------


def may_draw(rules: Rules, layable: bool) -> bool:
    """Whether the current player may draw on a normal turn, ``layable`` saying whether
    it holds a card it may lay (:func:`~unorules._engine.legality.playable`): with none,
    it must draw (R4.4); holding one, it may draw instead (R4.5) only where the rules
    allow voluntary draws (``voluntary_draw``, A7).

    The one home of that rule: the general route's draw (:func:`draw`) and listing
    (:func:`unorules._engine.listing.own_actions`) ask it, and so does the fast route
    (:mod:`unorules._engine.fast`) under rules that may refuse a draw
    (``Match.limits_draws``, derived from the option's declaration ``LIMITS_DRAWS``).

    >>> import unorules as uno
    >>> swedish = uno.get_profile("swedish")
    >>> may_draw(uno.MATTEL, layable=True), may_draw(swedish, layable=True)
    (True, False)
    >>> may_draw(swedish, layable=False)
    True
    """
    return not layable or rules.voluntary_draw


def draw(s: State, a: Draw, named: Named | None) -> State:
    """A draw: take the pending penalty, or draw on a normal turn."""
    p = a.player
    if p != s.current_player:
        turns.not_your_turn(s, p)
    phase = s.phase
    if phase is _CHALLENGE or phase is _PENALTY:
        return take_penalty(s, p, named)
    if phase is not _PLAY:
        what = (
            "name the color"
            if phase is _CHOOSE_COLOR or phase is _ROULETTE
            else "play the card drawn or pass"
        )
        _fail(ErrorCode.WRONG_PHASE, f"player {p} must {what} now, not draw")
    cards = playable(s, p)
    if not may_draw(s._match.rules, bool(cards)):
        _fail(
            ErrorCode.WRONG_PHASE,
            f"player {p} can play ({', '.join(map(str, cards))}) and these rules"
            " allow drawing only when unable to (A7)",
        )
    return draw_turn(s, p, named)


def take_penalty(s: State, p: int, named: Named | None) -> State:
    """``p`` accepts the pending penalty: draws it and loses the turn (R5.2, R7.3). A
    penalty draw is not a turn action: it closes no UNO window (A8)."""
    d = draft(s)
    # Declining the challenge ends it first: nothing can be taken back now, so a rebuild
    # of the draw pile keeps only the top card (C13).
    w = ledger(d)
    w.pending_draw = 0
    w.challenge = None
    draw_penalty(d, p, s._ledger.pending_draw, named)
    return turns.close(d, named, s.hands, turns.step(d, p, 1))


def draw_turn(s: State, p: int, named: Named | None) -> State:
    """``p`` draws on a normal turn (R4.4): one card, or under the house rules until a
    playable card or up to a limit (A18, C16). A playable card drawn may be laid at once
    (the drawn phase); else the turn passes. When no card can be drawn at all, the turn
    passes idle, and a round in which every seat passed idle in a row is stuck (C15)."""
    m = s._match  # the options a draw reads, as the match keeps them (native when compiled)
    d = draft(s)
    before = s.hands
    uno_calls = s._ledger.calls
    if uno_calls.owed:
        uno_calls = ledger(d).calls = uno_calls.turn_action(
            p, m.rules
        )  # a draw closes UNO windows (C2, C9)
    if m.draw_until_playable or m.draw_up_to > 1:
        limit = None if m.draw_until_playable else m.draw_up_to
        got = piles.draw_until(d, p, lambda c: can_lay(d, p, c, d.hands[p]), limit, named)
    else:
        got = piles.draw(d, p, 1, named)
    if named is not None:
        named.finish()
    if uno_calls.owed or len(d.hands[p]) == 1:
        # Only the drawer's hand changed: a call can be owed only by a hand of one card,
        # or settled only where one was owed (C7).
        settled = uno_calls.settle(before, d.hands, -1)
        if settled is not uno_calls:
            ledger(d).calls = settled
    if not got:
        idle = ledger(d).idle_turns = d._ledger.idle_turns + 1
        if idle >= len(d._match.active):
            return turns.end_round(d, None)  # a stuck round (C15)
        turns.begin_turn(d, turns.step(d, p, 1))
        return freeze(d)
    if d._ledger.idle_turns:
        ledger(d).idle_turns = 0
    card = got[-1]
    if m.play_drawn_card and can_lay(d, p, card, d.hands[p]):
        d.phase = _DRAWN
        d._drawn_card = card
        return freeze(d)
    turns.begin_turn(d, turns.step(d, p, 1))
    return freeze(d)


def pass_(s: State, a: Pass, named: Named | None) -> State:
    """``p`` keeps the card just drawn (R4.6); under ``draw_until_playable`` it must be
    laid (A18)."""
    p = a.player
    if p != s.current_player:
        turns.not_your_turn(s, p)
    if s.phase is not _DRAWN:
        _fail(ErrorCode.WRONG_PHASE, "pass keeps a card just drawn: there is none now (R4.6)")
    drawn = s._drawn_card
    if (
        s._match.rules.draw_until_playable
        and drawn is not None
        and can_lay(s, p, drawn, s.hands[p])
    ):
        _fail(ErrorCode.WRONG_PHASE, f"the card drawn ({drawn}) must be laid (A18)")
    return keep_drawn(s, p)


def keep_drawn(s: State, p: int) -> State:
    """``p`` keeps the card drawn: the next player's turn begins."""
    d = draft(s)
    turns.begin_turn(d, turns.step(d, p, 1))
    return freeze(d)


# -- UNO --------------------------------------------------------------------------------------


def _draws_none(a: CallUno) -> None:
    if a.drawn:
        _fail(
            ErrorCode.DRAW_MISMATCH, f"drawn names {len(a.drawn)} card(s) but this call draws none"
        )


def call(s: State, a: CallUno, named: Named | None) -> State:
    """``p`` says UNO: in time it owes nothing (R10.1); without one card, under the house
    rule, it costs the false call's penalty (C16); else it changes nothing (R10.4, C8)."""
    p = a.player
    if p in s._ledger.calls.open:
        _draws_none(a)
        d = draft(s)
        ledger(d).calls = s._ledger.calls.called(p)
        return freeze(d)
    penalty = calls.false_call_penalty(s._match.rules, len(s.hands[p]))
    if penalty:
        d = draft(s)
        piles.draw(d, p, penalty, named)
        return turns.close(d, named, s.hands)
    _draws_none(a)
    return s


def catch(s: State, a: CatchUno, named: Named | None) -> State:
    """``p`` points out that ``target`` owes an UNO call: ``target`` draws the penalty
    (R10.2) and, under the Swedish sheet, loses the next turn (C9)."""
    p, target = a.player, a.target
    if target == p:
        _fail(ErrorCode.NOTHING_TO_CATCH, f"player {p} cannot catch themself")
    if not 0 <= target < s.players:
        _fail(
            ErrorCode.NOTHING_TO_CATCH,
            f"there is no seat {shown_int(target)} at this table"
            f" (seats 0 to {s.players - 1}) to catch",
        )
    rules = s._match.rules
    if target not in s._ledger.calls.exposed(rules):
        why = s._ledger.calls.why_not_exposed(target, len(s.hands[target]), rules)
        _fail(ErrorCode.NOTHING_TO_CATCH, f"player {target} {why}: nothing to catch")
    d = draft(s)
    ledger(d).calls = s._ledger.calls.caught(target)
    before = s.hands
    piles.draw(d, target, rules.uno_penalty, named)
    if named is not None:
        named.finish()
    if rules.uno_penalty_loses_turn:
        ledger(d).lost_turns = (*d._ledger.lost_turns, target)
        if d.current_player == target and d.phase is _PLAY:
            turns.begin_turn(d, target)
    return turns.close(d, None, before)


# -- the first color -------------------------------------------------------------------------


def choose_color(s: State, a: ChooseColor, named: Named | None) -> State:
    """The first player names the color of a wild turned up first (R3.5)."""
    p = a.player
    if s.phase is _ROULETTE:
        return roulette.name_color(s, a, named)
    if s.phase is not _CHOOSE_COLOR:
        _fail(
            ErrorCode.WRONG_PHASE,
            "a color is named this way only for a first wild card, a wild a Flip exposed,"
            " or by a Wild Color Roulette's victim",
        )
    if p != s.current_player:
        turns.not_your_turn(s, p)
    wrong = color_error(s, a.color)
    if wrong is not None:
        raise wrong
    d = draft(s)
    d.color = a.color
    d.phase = _PLAY
    if chosen_after_flip(s):  # the player who laid the Flip named it: the next one plays
        turns.begin_turn(d, turns.step(d, p, 1))
    return freeze(d)
