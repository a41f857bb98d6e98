"""The replay page: one self-contained HTML file that steps through a transcript.

:func:`page` replays a transcript (with :mod:`unorules.formats.transcript`) and writes every step
as a picture of the table (:mod:`unorules.pictures.svg`): the start of each round and the table
after each action, with a move list, buttons and the arrow keys to step, and Play (or P) to
step on its own at a chosen speed. On a narrow screen (a phone) the table comes first and
the move list below it. For an invalid
transcript the last step is the illegal move, highlighted with its code and message.
Everything is inline (styles, script, pictures): the page loads nothing from anywhere,
and its Content-Security-Policy lets it run only its own script.
``unorules render game.json -o game.html`` writes it from the command line. A page draws
at most :data:`MAX_STEPS` steps (the last ones of a longer game; ``round=`` draws one
round), and rounds, actions and steps are numbered from 1 on it, as people count them.

>>> from unorules.pictures import render
>>> text = ('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 3,'
...         ' "rounds": [{"actions": [{"player": 1, "draw": true},'
...         ' {"player": 1, "draw": true}]}]}')
>>> html = render.page(text)
>>> html.startswith("<!DOCTYPE html>"), html.count('class="frame'), 'class="move illegal' in html
(True, 3, True)
>>> "not_your_turn" in html
True
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import sys
from collections.abc import Sequence
from typing import Final, TextIO

import attrs

from unorules._echo import shown, shown_int
from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Pass,
    Play,
)
from unorules.cards import Card
from unorules.engine import Events, step
from unorules.errors import ErrorCode
from unorules.formats import transcript
from unorules.formats.transcript import Problem, Report, Round, Transcript
from unorules.formats.transcript._validate import readable_part, steps
from unorules.pictures import svg
from unorules.rules import Rules, profile_name
from unorules.state import State
from unorules.view import observe

__all__ = ["MAX_STEPS", "consequences", "describe", "page", "run"]


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def describe(action: Action, names: Sequence[str], *, seat: int | None = None) -> str:
    """An action in words, with the players' names.

    The cards an action names as drawn are shown, unless ``seat`` is given: then only
    those that seat drew itself with :class:`~unorules.Draw` (what it may see).

    >>> import unorules as uno
    >>> describe(uno.Play(0, "W+4", "blue", uno=True), ["Ann", "Bo"])
    'Ann plays W+4, names blue, says UNO'
    >>> describe(uno.Draw(1, drawn=["R7"]), ["Ann", "Bo"]), describe(uno.Pass(1), ["Ann", "Bo"])
    ('Bo draws R7', 'Bo passes')
    >>> describe(uno.Draw(1, drawn=["R7"]), ["Ann", "Bo"], seat=0)
    'Bo draws'
    """

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(action, NextRound):
        return "the next round is dealt"

    name = who(action.player)
    drawn = getattr(action, "drawn", None)
    if isinstance(action, Play):
        parts = [f"{name} plays {action.card}"]
        if action.also:
            parts[0] += " " + _cards(action.also)
        if action.color is not None:
            parts.append(f"names {action.color.value}")
        if action.target is not None:
            parts.append(f"swaps hands with {who(action.target)}")
        if action.uno:
            parts.append("says UNO")
        text = ", ".join(parts)
    elif isinstance(action, Draw):
        text = f"{name} draws"
    elif isinstance(action, Pass):
        text = f"{name} passes"
    elif isinstance(action, CallUno):
        text = f"{name} says UNO"
    elif isinstance(action, CatchUno):
        text = f"{name} catches {who(action.target)} not saying UNO"
    elif isinstance(action, Challenge):
        text = f"{name} challenges the Wild Draw Four"
    elif isinstance(action, ChooseColor):
        text = f"{name} names {action.color.value}"
    else:  # pragma: no cover - every Action is handled above
        text = repr(action)
    mine = seat is None or (isinstance(action, Draw) and action.player == seat)
    if drawn and mine:
        text += f" {_cards(drawn)}" if isinstance(action, Draw) else f" (drawn: {_cards(drawn)})"
    return text


def _played_before(t: Transcript, problem: Problem | None) -> Transcript:
    """The transcript cut just before its problem (all of it when there is none), with no
    ``result`` to check: every state it replays is a state the game reached."""
    rounds = t.rounds
    if problem is not None and problem.round is not None:
        r = problem.round
        rounds = rounds[:r]
        if problem.index is not None:
            rounds = (*rounds, Round(t.rounds[r].actions[: problem.index], t.rounds[r].deal))
    return attrs.evolve(t, rounds=rounds, result=None)


def consequences(events: Events, names: Sequence[str], *, own_draw: int | None = None) -> list[str]:
    """What an action did, in words, from the engine's record of it
    (:attr:`unorules.engine.Step.events`): hands dealt again or moved, a card taken back,
    and who drew how many cards, seat by seat (``"Bo +4"``), but for ``own_draw``'s (the
    player of a :class:`~unorules.Draw`, whose action says it draws). Cards drawn are not
    named: the words suit every seat. ``unorules play`` prints them after each move.

    >>> import unorules as uno
    >>> s = uno.State.from_position("R+2,R1/B1,B2 R5 red 0+ play *")
    >>> consequences(uno.step(s, uno.Play(0, "R+2")).events, ["Ann", "Bo"])
    ['Bo +2']
    >>> seven_o = uno.MATTEL.but(seven_o=True)
    >>> s7 = uno.State.from_position("R7,R1/B1,B2,B3 R5 red 0+ play *", seven_o)
    >>> consequences(uno.step(s7, uno.Play(0, "R7", target=1)).events, ["Ann", "Bo"])
    ['Ann and Bo swap hands']
    """
    notes: list[str] = []
    if events.redealt:
        notes.append("hands shuffled")
    moved = events.moved
    if moved is not None:
        seats = [seat for seat, to in enumerate(moved) if to != seat]
        if len(seats) == 2 and moved[seats[0]] == seats[1]:
            notes.append(f"{names[seats[0]]} and {names[seats[1]]} swap hands")
        else:
            notes.append("hands pass on")
    if events.taken_back is not None:
        seat, card = events.taken_back
        notes.append(f"{names[seat]} takes back {card}")
    counts = [0] * len(names)
    for drawn in events.draws:
        counts[drawn.seat] += drawn.number
    notes += [
        f"{names[seat]} +{count}" for seat, count in enumerate(counts) if count and seat != own_draw
    ]
    return notes


def _challenge_outcome(events: Events, names: Sequence[str]) -> str:
    """Whether a Wild Draw Four challenge succeeded (the card was a bluff, and it cost the
    player who laid it), and what it did."""
    won = "succeeds" if events.challenge_won else "fails"
    notes = consequences(events, names)
    return f": the challenge {won}" + (f", {', '.join(notes)}" if notes else "")


def _place(problem: Problem, *, path: bool = True) -> str:
    """Where a problem is, as the page numbers rounds and actions for people (from 1),
    with its JSON path (where it is in the file) unless ``path`` is false."""
    where = problem.where  # the one home of how a person reads where a problem is
    if where == problem.path:
        return where
    return f"{where} ({problem.path})" if path else where


def _mini(card: Card) -> str:
    return (
        '<svg class="mini" viewBox="0 0 60 90" aria-hidden="true">'
        f'<use href="#uno-m{svg.ref_id(card)}"/></svg>'
    )


def _faces(rules: Rules) -> tuple[Card, ...]:
    """The cards whose symbols a page of a game under ``rules`` needs beyond the classic
    ones: No Mercy's cards; UNO Flip!'s cards on each side (any pairing shows the same
    faces, so the pairing of seed 0 serves).

    >>> import unorules as uno
    >>> len(_faces(uno.MATTEL)), len(_faces(uno.get_profile("mattel-no-mercy")))
    (0, 168)
    >>> len({svg.ref_id(c) for c in _faces(uno.MATTEL_FLIP)})
    108
    """
    if rules.flip:
        return tuple(c for card in rules.deck(0) for c in (card, card.other) if c is not None)
    return () if rules.classic_cards else rules.deck()


def _marked(state: State, action: Action | None, seat: int | None) -> tuple[int, int] | None:
    """Where the card of an illegal play sits in its player's hand (to circle it)."""
    if not isinstance(action, Play) or not 0 <= action.player < state.players:
        return None
    if seat is not None and seat != action.player:
        return None
    hand = state.hands[action.player]
    return (action.player, hand.index(action.card)) if action.card in hand else None


def _picture(state: State, seat: int | None, marked: tuple[int, int] | None = None) -> str:
    shown = state if seat is None else observe(state, seat)
    return svg._table(shown, size=None, shared=True, marked=marked)


_STYLE = """
*{box-sizing:border-box}
body{margin:0;font:15px/1.4 'Helvetica Neue',Arial,'Liberation Sans',sans-serif;color:#222;
background:#f6f7f6}
header{padding:12px 20px;background:#1b1b1b;color:#fff}
header h1{margin:0;font-size:20px}
header,.verdict,.banner{overflow-wrap:anywhere}
header p{margin:4px 0 0;color:#ccc}
.verdict{margin:10px 20px 0;padding:10px 14px;border-radius:6px;font-weight:bold}
.verdict.valid{background:#e3f4e6;color:#14562a}
.verdict.invalid{background:#fde4ea;color:#8a0024;border:2px solid #e0115f}
main{display:flex;gap:16px;padding:12px 20px;align-items:flex-start}
nav{position:relative;flex:0 0 320px;max-height:calc(100vh - 150px);overflow:auto;background:#fff;
border:1px solid #ccd;border-radius:6px}
nav ol{margin:0;padding:0;list-style:none}
.move{padding:4px 10px;border-bottom:1px solid #eee;cursor:pointer;display:flex;gap:6px;
align-items:center}
.move:hover{background:#f0f4ff}
.move.round{font-weight:bold;background:#f3f3f3}
.move.current{background:#fff7c2;outline:2px solid #e0b000}
.move.illegal{color:#8a0024;background:#fde4ea;font-weight:bold}
.move.illegal.current{outline:3px solid #e0115f}
.num{color:#888;min-width:2.6em;text-align:right;font-variant-numeric:tabular-nums}
svg.mini{width:16px;height:24px;flex:none}
#stage{flex:1;min-width:0}
.controls{display:flex;gap:6px 12px;align-items:center;flex-wrap:wrap;margin-bottom:8px}
.group{display:flex;gap:6px;align-items:center}
button,select{font:inherit;padding:5px 12px;border-radius:5px;border:1px solid #888;
background:#fff;cursor:pointer;white-space:nowrap}
select{padding:4px 6px}
button:disabled{opacity:.4;cursor:default}
button:focus-visible,select:focus-visible{outline:3px solid #1a5fd0;
outline-offset:1px}
#play{min-width:6.5em}
#play[aria-pressed="true"]{background:#fff7c2;border-color:#e0b000}
.speed{color:#555;white-space:nowrap}
#to-error{border-color:#e0115f;color:#8a0024}
#counter{flex-basis:100%;color:#555}
#caption{font-size:17px;font-weight:bold;margin:4px 0 8px}
.frame svg{width:100%;max-width:800px;height:auto;max-height:calc(100vh - 230px)}
.banner{margin:0 0 10px;padding:10px 14px;border-radius:6px;background:#fde4ea;
border:2px solid #e0115f;color:#8a0024}
.banner code{font-size:15px;font-weight:bold}
.hint{color:#777;font-size:13px}
.cut{margin:10px 20px 0;padding:8px 14px;border-radius:6px;background:#fff4d6;
border:1px solid #e0b000}
@media (max-width:700px){
header{padding:10px 12px}
.verdict,.cut{margin:8px 12px 0}
main{flex-direction:column;align-items:stretch;gap:12px;padding:10px 12px}
#stage{order:-1}
nav{flex:none;max-height:50vh}
.group.steps{flex-basis:100%}
.group.steps button{flex:1 1 0;min-width:0;padding:6px 4px}
.hint.keys{display:none}
.frame svg{max-height:none}
}
"""

_SCRIPT = """
(function () {
  var frames = document.querySelectorAll('.frame');
  var moves = document.querySelectorAll('.move');
  var caption = document.getElementById('caption');
  var counter = document.getElementById('counter');
  var total = document.getElementById('moves').getAttribute('data-total');
  var current = 0;
  // Scroll the move list (only it: not the page, which on a phone has the table above it)
  // to show a move.
  function reveal(move) {
    var list = move.closest('nav'), top = move.offsetTop, bottom = top + move.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight;
    }
  }
  function show(i) {
    if (!frames.length) return;
    i = Math.max(0, Math.min(frames.length - 1, i));
    frames[current].hidden = true;
    moves[current].classList.remove('current');
    moves[current].removeAttribute('aria-current');
    current = i;
    frames[i].hidden = false;
    moves[i].classList.add('current');
    moves[i].setAttribute('aria-current', 'step');
    reveal(moves[i]);
    caption.textContent = moves[i].getAttribute('data-label');
    counter.textContent = 'step ' + moves[i].getAttribute('data-n') + ' of ' + total +
      ' \u00b7 ' + moves[i].getAttribute('data-where');
    try { history.replaceState(null, '', '#step-' + i); } catch (e) { /* file: URLs */ }
    document.getElementById('first').disabled = i === 0;
    document.getElementById('prev').disabled = i === 0;
    document.getElementById('next').disabled = i === frames.length - 1;
    document.getElementById('last').disabled = i === frames.length - 1;
    document.body.setAttribute('data-step', String(i));
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(current - 1); };
  document.getElementById('next').onclick = function () { show(current + 1); };
  document.getElementById('last').onclick = function () { show(frames.length - 1); };
  var toError = document.getElementById('to-error');
  if (toError) toError.onclick = function () { show(frames.length - 1); };
  moves.forEach(function (m, i) { m.onclick = function () { show(i); }; });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.tagName === 'SELECT') return;
    var to = {ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1,
              ArrowUp: current - 1, Home: 0, End: frames.length - 1}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  // Play and pause: step forward every `speed` milliseconds until the last step; any
  // step the reader takes (a button, a move, a key) pauses.
  var play = document.getElementById('play');
  var speed = document.getElementById('speed');
  var timer = null;
  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = '\u25b6 Play';
    play.setAttribute('aria-pressed', 'false');
  }
  function tick() {
    show(current + 1);
    if (current === frames.length - 1) pause();
  }
  function start() {
    if (current === frames.length - 1) show(0);
    clearInterval(timer);
    timer = setInterval(tick, parseInt(speed.value, 10));
    play.textContent = '\u275a\u275a Pause';
    play.setAttribute('aria-pressed', 'true');
  }
  play.onclick = function () { if (timer === null) start(); else pause(); };
  speed.onchange = function () { if (timer !== null) start(); };
  document.addEventListener('click', function (e) {
    var t = e.target;
    if (t.closest && t.closest('#first, #prev, #next, #last, #to-error, .move')) pause();
  }, true);
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === speed) return;
    if (e.key === 'p' || e.key === 'P') { e.preventDefault(); play.click(); }
    else if (/^(Arrow|Home$|End$)/.test(e.key)) pause();
  }, true);
  var m = /^#(?:step-(\\d+)|(error))$/.exec(location.hash);
  show(m ? (m[2] ? frames.length - 1 : parseInt(m[1], 10)) : 0);
})();
"""


_PLAY_SPEEDS: Final = ((2000, "2 s"), (1000, "1 s"), (500, "0.5 s"), (250, "0.25 s"))
"""The times between two steps that Play offers (milliseconds, and as the page says them)."""

_PLAY_DEFAULT: Final = 1000


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


_SYMBOLS_STYLE: Final = "position:absolute"
"""The one style attribute of the page: on the hidden SVG of the card symbols."""

_CSP: Final = "; ".join(
    [
        "default-src 'none'",
        f"script-src {_sha256(_SCRIPT)}",
        f"style-src {_sha256(_STYLE)} 'unsafe-hashes' {_sha256(_SYMBOLS_STYLE)}",
        "base-uri 'none'",
        "form-action 'none'",
    ]
)
"""The page's Content-Security-Policy: it runs its own script and styles (allowed by their
hashes) and nothing else, and loads nothing at all."""


def _document(title: str, head: str, verdict: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{_esc(title)}</h1><p>{head}</p></header>\n{verdict}\n{body}\n"
        f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )


_CHANCE_CODES: Final = frozenset({ErrorCode.DRAW_MISMATCH, ErrorCode.BAD_DEAL})
"""Codes whose messages may name the draw pile's or a deal's cards."""


def _message(problem: Problem, action: Action | None, seat: int | None) -> str:
    """The problem's message as ``seat`` may read it: hidden when it may name cards the
    seat does not see (the draw pile, a deal, another seat's hand)."""
    if seat is None:
        return problem.message
    other = action is not None and getattr(action, "player", seat) != seat
    if problem.code in _CHANCE_CODES or other:
        return (
            f"(hidden as seat {seat} sees the game: the message may name cards this seat"
            " does not see; render without --seat to read it)"
        )
    return problem.message


def _verdict(report: Report, action: Action | None = None, seat: int | None = None) -> str:
    if report.error is None:
        return f'<div class="verdict valid" id="verdict">{_esc(str(report))}</div>'
    e = report.error
    return (
        f'<div class="verdict invalid" id="verdict">invalid at {_esc(_place(e))}:'
        f" <code>{_esc(e.code.value)}</code> {_esc(_message(e, action, seat))}</div>"
    )


_LISTED: Final = 10  # the lines of games an error message names, at most

MAX_STEPS: Final = 1000
"""The most steps one page draws. A longer game (or round) is drawn from its last
:data:`MAX_STEPS` steps, which hold its end or its illegal move, and the page says which
steps it left out; ``round=`` (``unorules render --round N``) draws one round. Each step
is a picture of the table, so this keeps a page within about 15 MB however long the
transcript (a 16 MiB transcript may hold over 400,000 steps).

>>> MAX_STEPS
1000
"""


_NAME: Final = 32
"""The most characters of a name the page's text shows (the pictures show 18 or 24)."""


class _SeatError(ValueError):
    """``seat`` names no seat of the game."""


class _RoundError(ValueError):
    """``round`` names no round of the game."""


def _number(value: object, what: str) -> int | None:
    """``value`` if it is an int (not a bool) or None."""
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise TypeError(f"{what} must be an int or None, not {shown(value)}")
    return value


@attrs.frozen
class _Item:
    """One entry of the move list."""

    cls: str  # its classes
    label: str  # the caption
    where: str  # where in the game, for the counter
    num: str  # the action's number in its round
    icon: str  # the card played, small
    text: str  # what the list says


@attrs.frozen
class _Page:
    """A page and what the command line says of it."""

    text: str
    report: Report
    drawn: int  # the steps the page draws
    total: int  # the steps of the game
    cut: str | None  # what was left out, when the page does not draw them all
    action: Action | None  # the illegal move, if the problem is one


def page(
    source: Transcript | str | bytes,
    *,
    seat: int | None = None,
    title: str = "UNO game",
    round: int | None = None,
) -> str:
    """The replay page of a transcript, as HTML text.

    Args:
        source: a :class:`~unorules.formats.transcript.Transcript`, or its JSON text.
        seat: draw the game as this seat sees it (the other hands as card backs), or None
            (the default) for every hand face up.
        title: the page's title.
        round: draw only this round, numbered from 1 as the page numbers rounds (the
            steps keep their numbers in the whole game), or None (the default) for the
            whole game.

    Raises:
        TypeError: ``seat`` or ``round`` is not an int (or None).
        ValueError: ``seat`` is not a seat of the game (a transcript that cannot be
            read has none), or ``round`` not one of its rounds.

    The page has one step for the start of each round and one for each action played;
    for an invalid transcript, a last step shows the table just before the illegal move,
    the move in the list in red, and a banner with its code and message (the card of an
    illegal play is circled in its player's hand). Rounds and actions are numbered from 1,
    as people count them (the banner also gives the JSON path). A transcript that cannot
    be read at all gives a page with only its problem. A page draws at most
    :data:`MAX_STEPS` steps: the last ones of a longer game, with a note saying which
    were left out. Names are shortened to 32 characters (the pictures' rows to 18), with
    unprintable characters written as escapes.

    >>> print(page("[1, 2")[:15])
    <!DOCTYPE html>
    >>> "not JSON" in page("[1, 2")
    True
    >>> two = ('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 1,'
    ...        ' "rounds": [{"actions": []}]}')
    >>> page(two, seat=2)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 2 in this game (seats 0 to 1)
    >>> page(two, round=2)
    Traceback (most recent call last):
    ...
    ValueError: there is no round 2 to draw: this game has round 1 only
    >>> page(two, seat="0")
    Traceback (most recent call last):
    ...
    TypeError: seat must be an int or None, not '0'
    """
    try:
        return _build(source, seat=seat, title=title, round=round).text
    except (_SeatError, _RoundError) as exc:
        raise ValueError(str(exc)) from None


def _build(
    source: Transcript | str | bytes,
    *,
    seat: int | None,
    title: str,
    round: int | None,
    problem: Problem | None = None,
) -> _Page:
    """The page of ``source``; ``problem``, when given, is why the game could not be read
    (a game larger than the reader's limit): the page shows it instead."""
    seat = _number(seat, "seat")
    round = _number(round, "round")
    report = transcript.validate(source) if problem is None else Report(problem)
    try:
        if problem is not None:
            raise transcript.TranscriptError(problem)
        t = source if isinstance(source, Transcript) else transcript.loads(source)
    except transcript.TranscriptError as err:
        # A malformed round or action: the game up to it is still shown.
        part = (
            None
            if isinstance(source, Transcript) or problem is not None
            else readable_part(source, err.problem)
        )
        if part is not None:
            t = part
        elif seat is not None:
            raise _SeatError(
                f"there is no seat {shown_int(seat)}: this transcript cannot be read, so it"
                " has no seats (draw it without a seat to see its problem)"
            ) from None
        elif round is not None:
            raise _RoundError(
                f"there is no round {shown_int(round)}: this transcript cannot be read, so"
                " it has no rounds (draw it without a round to see its problem)"
            ) from None
        else:
            body = '<main><p class="hint">This transcript cannot be replayed.</p></main>'
            text = _document(title, "unreadable transcript", _verdict(report), body)
            return _Page(text, report, 0, 0, None, None)
    players = len(t.players)
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < players):
        raise _SeatError(
            f"there is no seat {shown_int(seat)} in this game (seats 0 to {players - 1})"
        )
    names = [svg._short(n, _NAME) for n in t.players]
    problem = report.error
    action: Action | None = None  # the illegal move, if the problem is one that reads
    unread = problem is not None and problem.code is ErrorCode.MALFORMED
    if problem is not None and problem.round is not None and problem.index is not None:
        action = None if unread else t.rounds[problem.round].actions[problem.index]
    played = _played_before(t, problem)

    # The steps, numbered over the whole game: each round's start and actions, then the
    # illegal step (it belongs to its round; a wrong result, to the last round).
    firsts: list[int] = []  # each round's first step
    total = 0
    for rnd in played.rounds:
        firsts.append(total)
        total += 1 + len(rnd.actions)
    illegal = problem is not None and total > 0
    if illegal:
        assert problem is not None
        if problem.round == len(played.rounds):  # a round that could not start
            firsts.append(total)
        total += 1
    rounds = len(firsts)
    if round is None:
        lo, hi = 0, total
    elif isinstance(round, bool) or not 1 <= round <= rounds:
        have = "round 1 only" if rounds == 1 else f"rounds 1 to {rounds}"
        raise _RoundError(
            f"there is no round {shown_int(round)} to draw: this game has "
            + (have if rounds else "no round that started")
        )
    else:
        lo = firsts[round - 1]
        hi = firsts[round] if round < rounds else total
    cut = None
    if hi - lo > MAX_STEPS:
        whole = "this game" if round is None else f"round {round}"
        lo = hi - MAX_STEPS
        cut = (
            f"{whole} has {hi - firsts[0 if round is None else round - 1]:,} steps, more than"
            f" the {MAX_STEPS:,} one page draws: this page draws its last ones, steps"
            f" {lo + 1:,} to {hi:,} of the game"
        )
        if round is None and rounds > 1:
            cut += f"; draw one round with --round N (rounds 1 to {rounds})"

    rules = profile_name(t.rules) or "house rules"
    seen = "every hand face up" if seat is None else f"as {names[seat]} (seat {seat}) sees it"
    only = "" if round is None else f"; round {round}"
    head = _esc(f"{players} players ({', '.join(names)}); {rules}; {seen}{only}")

    items: list[str] = []
    frames: list[str] = []

    def add(k: int, what: _Item, picture: str) -> None:
        """Step ``k`` of the game (from 0) as the page's next item and frame."""
        n = len(items)
        bad = "illegal" in what.cls
        items.append(
            f'<li class="{what.cls}" data-step="{n}" data-n="{k + 1}"'
            f' data-label="{_esc(what.label)}" data-where="{_esc(what.where)}"'
            + (' id="illegal-move"' if bad else "")
            + f'><span class="num">{what.num}</span>{what.icon}<span>{_esc(what.text)}</span></li>'
        )
        frames.append(
            f'<div class="frame{" illegal" if bad else ""}" data-step="{n}" hidden>{picture}</div>'
        )

    k = -1
    before: State | None = None
    for r, i, state in steps(played, hi):  # the steps up to the last one drawn
        k += 1
        if k >= hi:
            break
        if k >= lo:
            where = f"round {r + 1}" + (" start" if i is None else f", action {i + 1}")
            if i is None:
                label = f"Round {r + 1} starts: {names[state.dealer]} deals"
                move: Action | None = None
            else:
                move = played.rounds[r].actions[i]
                label = describe(move, names, seat=seat)
                if isinstance(move, Challenge) and before is not None:
                    label += _challenge_outcome(step(before, move).events, names)
            item = _Item(
                "move round" if move is None else "move",
                label,
                where,
                "" if i is None else str(i + 1),
                _mini(move.card) if isinstance(move, Play) else "",
                label,
            )
            add(k, item, _picture(state, seat))
        before = state
    if illegal and hi == total and before is not None:
        assert problem is not None
        what = (
            describe(action, names, seat=seat)
            if action is not None
            else ("an action that does not read" if unread and problem.index is not None
                  else "a round entry that does not read" if unread
                  else "the next round" if problem.index is None and problem.round is not None
                  else "the result")
        )  # fmt: skip
        place = _place(problem)
        banner = (
            f'<div class="banner" id="illegal"><div>{"Illegal move" if action else "Problem"}'
            f" at {_esc(place)}:"
            f" {_esc(what)}</div><div><code>{_esc(problem.code.value)}</code>:"
            f' <span class="message">{_esc(_message(problem, action, seat))}</span></div>'
            '<div class="hint">The table is shown as it stood before this move.</div></div>'
        )
        item = _Item(
            "move illegal",
            f"Illegal: {what}",
            _place(problem, path=False),
            "" if problem.index is None else str(problem.index + 1),
            _mini(action.card) if isinstance(action, Play) else "",
            f"\u2717 {what}",
        )
        add(total - 1, item, banner + _picture(before, seat, _marked(before, action, seat)))
    verdict = _verdict(report, action, seat)
    if not items:
        body = '<main><p class="hint">The game could not start.</p></main>'
        return _Page(_document(title, head, verdict, body), report, 0, 0, None, action)
    error_button = (
        '<button id="to-error" type="button">Go to the illegal move</button>'
        if illegal and hi == total
        else ""
    )
    controls = (
        '<div class="controls">'
        '<div class="group steps" role="group" aria-label="step">'
        '<button id="first" type="button" title="first step (Home)">First</button>'
        '<button id="prev" type="button" title="previous step (\u2190)">\u25c0 Back</button>'
        '<button id="next" type="button" title="next step (\u2192)">Next \u25b6</button>'
        '<button id="last" type="button" title="last step (End)">Last</button></div>'
        '<div class="group" role="group" aria-label="play">'
        '<button id="play" type="button" aria-pressed="false"'
        ' title="play the steps one after another, or pause (P)">\u25b6 Play</button>'
        '<label class="speed">a step every <select id="speed">'
        + "".join(
            f'<option value="{ms}"{" selected" if ms == _PLAY_DEFAULT else ""}>{label}</option>'
            for ms, label in _PLAY_SPEEDS
        )
        + "</select></label></div>"
        f"{error_button}"
        '<span id="counter" aria-live="polite"></span>'
        '<span class="hint keys">arrow keys step; Home and End jump; P plays and pauses</span>'
        "</div>"
    )
    notice = (
        "" if cut is None else f'<p class="cut" id="cut">{_esc(cut[0].upper() + cut[1:])}.</p>\n'
    )
    body = (
        f"{svg.symbols(_faces(t.rules))}\n{notice}<main>\n"
        f'<nav aria-label="moves"><ol id="moves" data-total="{total}">{"".join(items)}</ol></nav>\n'
        f'<section id="stage">{controls}<p id="caption"></p>\n'
        + "\n".join(frames)
        + "\n</section>\n</main>"
    )
    return _Page(_document(title, head, verdict, body), report, len(items), total, cut, action)


def run(
    path: str,
    output: str,
    *,
    seat: int | None = None,
    line: int | None = None,
    game: int | None = None,
    round: int | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``unorules render PATH -o OUTPUT [--seat N] [--game N] [--line N] [--round N]``:
    write the replay page of the game in ``path`` (in a JSON Lines file, game ``game``
    counted from 1, or the game on ``line``; by default the first, and a line on ``err``
    says which of how many was drawn; only round ``round``, from 1, if given) to
    ``output``, print what was written, and return the exit code: 0 when the page is
    written (an invalid game is drawn with its problem; a game longer than
    :data:`MAX_STEPS` steps from its last steps, and the line printed says which were left
    out), 2 when a file cannot be read or written, the line or the game number names no
    game, or the seat or the round is not in the game. The file is read game by game and
    only the game drawn is kept, each within
    :data:`~unorules.formats.transcript.MAX_GAME_BYTES`: a larger game is drawn as its
    problem (code ``malformed``), not read.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     page_path = str(pathlib.Path(tmp, "game.html"))
    ...     code = run("examples/transcripts/mattel-invalid-bad_color.json", page_path)
    ...     written = pathlib.Path(page_path).read_text(encoding="utf-8")
    wrote .../game.html: 2 steps; invalid at round 1, action 1 (bad_color): ...
    >>> code, 'id="illegal"' in written
    (0, True)
    >>> run("no/such/file.json", "game.html")
    2
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if line is not None and game is not None:
        print("unorules render: error: --game and --line both name a game: give one", file=err)
        return 2
    # Game by game: only the game drawn is kept, each read within the limit. Without
    # --line the rest of the file is still read, one game at a time, to count its games.
    wanted = 1 if game is None else game
    source: transcript.Source | None = None
    listed: list[int] = []  # the first lines that hold a game, for the message
    numbered = 0
    count = 0
    try:
        with contextlib.closing(transcript.stream(path)) as games:
            for found in games:
                count += 1
                if line is None:
                    if count == wanted:
                        source = found
                    continue
                if found.line == line:
                    source = found
                    break
                if found.line is not None:
                    numbered += 1
                    if len(listed) < _LISTED:
                        listed.append(found.line)
    except OSError as exc:
        print(f"unorules render: error: cannot read {path}: {exc.strerror or exc}", file=err)
        return 2
    if line is None:
        if source is None:
            held = {0: "no game", 1: "one game"}.get(count, f"games 1 to {count}")
            print(f"unorules render: error: --game: {path} holds {held}, not {wanted}", file=err)
            return 2
        if count > 1:
            hint = "" if game is not None else " (choose one with --game N)"
            print(f"unorules render: drew game {wanted} of {count} in {path}{hint}", file=err)
    elif source is None:
        if not numbered:
            print(f"unorules render: error: --line: {path} holds one game, not JSON Lines:"
                  " leave out --line", file=err)  # fmt: skip
            return 2
        lines = ", ".join(map(str, listed))
        if numbered > len(listed):
            lines += f" and {numbered - len(listed):,} more"
        print(f"unorules render: error: {path} has no game on line {line}"
              f" (games on lines: {lines})", file=err)  # fmt: skip
        return 2
    title = f"UNO game: {source.name}"
    try:
        built = _build(source.text, seat=seat, title=title, round=round, problem=source.problem)
    except _SeatError as exc:
        print(f"unorules render: error: --seat: {exc}", file=err)
        return 2
    except _RoundError as exc:
        print(f"unorules render: error: --round: {exc}", file=err)
        return 2
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(built.text)
    except OSError as exc:
        print(f"unorules render: error: cannot write {output}: {exc.strerror or exc}", file=err)
        return 2
    report = built.report
    verdict = str(report)
    if seat is not None and report.error is not None:  # as the page says it to that seat
        e = report.error
        verdict = f"invalid at {e.where} ({e.code.value}): {_message(e, built.action, seat)}"
    steps = f"{built.drawn:,} steps"
    if built.cut is not None:
        steps = f"{built.drawn:,} steps ({built.cut})"
    print(f"wrote {output}: {steps}; {verdict}", file=out)
    return 0
