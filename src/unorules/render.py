"""The replay page: one self-contained HTML file that steps through a transcript.

:func:`page` replays a transcript (with :mod:`unorules.transcript`) and writes every step
as a picture of the table (:mod:`unorules.svg`): the start of each round and the table
after each action, with a move list, buttons and the arrow keys to step. For an invalid
transcript the last step is the illegal move, highlighted with its code and message.
Everything is inline (styles, script, pictures): the page loads nothing from anywhere.
``unorules render game.json -o game.html`` writes it from the command line.

>>> from unorules import render
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

import html
import sys
from collections.abc import Sequence
from typing import Final, TextIO

import attrs

from unorules import svg, transcript
from unorules._echo import shown_int
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
from unorules.errors import ErrorCode
from unorules.rules import profile_name
from unorules.state import State
from unorules.transcript import Problem, Report, Round, Transcript
from unorules.transcript._validate import readable_part
from unorules.view import observe

__all__ = ["describe", "page", "run"]


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


@attrs.frozen
class _Step:
    label: str
    state: State
    action: Action | None = None
    round: int = 0
    index: int | None = None


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


def _steps(t: Transcript, seat: int | None) -> list[_Step]:
    states = iter(transcript.replay(t))
    out: list[_Step] = []
    for r, rnd in enumerate(t.rounds):
        start = next(states)
        dealer = t.players[start.dealer]
        out.append(_Step(f"Round {r + 1} starts: {dealer} deals", start, None, r))
        for i, action in enumerate(rnd.actions):
            label = describe(action, t.players, seat=seat)
            out.append(_Step(label, next(states), action, r, i))
    return out


def _mini(card: Card) -> str:
    return (
        '<svg class="mini" viewBox="0 0 60 90" aria-hidden="true">'
        f'<use href="#uno-m{card.index}"/></svg>'
    )


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
header p{margin:4px 0 0;color:#ccc}
.verdict{margin:10px 20px 0;padding:10px 14px;border-radius:6px;font-weight:bold}
.verdict.valid{background:#e3f4e6;color:#14562a}
.verdict.invalid{background:#fde4ea;color:#8a0024;border:2px solid #e0115f}
main{display:flex;gap:16px;padding:12px 20px;align-items:flex-start}
nav{flex:0 0 320px;max-height:calc(100vh - 150px);overflow:auto;background:#fff;
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
.controls{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin-bottom:8px}
button{font:inherit;padding:5px 12px;border-radius:5px;border:1px solid #888;background:#fff;
cursor:pointer}
button:disabled{opacity:.4;cursor:default}
#to-error{border-color:#e0115f;color:#8a0024}
#counter{margin:0 8px;color:#555}
#caption{font-size:17px;font-weight:bold;margin:4px 0 8px}
.frame svg{width:100%;max-width:800px;height:auto;max-height:calc(100vh - 230px)}
.banner{margin:0 0 10px;padding:10px 14px;border-radius:6px;background:#fde4ea;
border:2px solid #e0115f;color:#8a0024}
.banner code{font-size:15px;font-weight:bold}
.hint{color:#777;font-size:13px}
"""

_SCRIPT = """
(function () {
  var frames = document.querySelectorAll('.frame');
  var moves = document.querySelectorAll('.move');
  var caption = document.getElementById('caption');
  var counter = document.getElementById('counter');
  var current = 0;
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
    moves[i].scrollIntoView({block: 'nearest'});
    caption.textContent = moves[i].getAttribute('data-label');
    counter.textContent = 'step ' + i + ' of ' + (frames.length - 1) + ' \u00b7 ' +
      moves[i].getAttribute('data-where');
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
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var to = {ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1,
              ArrowUp: current - 1, Home: 0, End: frames.length - 1}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  var m = /^#(?:step-(\\d+)|(error))$/.exec(location.hash);
  show(m ? (m[2] ? frames.length - 1 : parseInt(m[1], 10)) : 0);
})();
"""


def _document(title: str, head: str, verdict: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
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
        f'<div class="verdict invalid" id="verdict">invalid at {_esc(e.where)}:'
        f" <code>{_esc(e.code.value)}</code> {_esc(_message(e, action, seat))}</div>"
    )


def page(
    source: Transcript | str | bytes,
    *,
    seat: int | None = None,
    title: str = "UNO game",
) -> str:
    """The replay page of a transcript, as HTML text.

    Args:
        source: a :class:`~unorules.transcript.Transcript`, or its JSON text.
        seat: draw the game as this seat sees it (the other hands as card backs), or None
            (the default) for every hand face up.
        title: the page's title.

    Raises:
        ValueError: ``seat`` is not a seat of the game.

    The page has one step for the start of each round and one for each action played;
    for an invalid transcript, a last step shows the table just before the illegal move,
    the move in the list in red, and a banner with its code and message (the card of an
    illegal play is circled in its player's hand). A transcript that cannot be read at
    all gives a page with only its problem.

    >>> print(page("[1, 2")[:15])
    <!DOCTYPE html>
    >>> "not JSON" in page("[1, 2")
    True
    >>> page('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 1,'
    ...      ' "rounds": [{"actions": []}]}', seat=2)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 2 in this game (seats 0 to 1)
    """
    report = transcript.validate(source)
    try:
        t = source if isinstance(source, Transcript) else transcript.loads(source)
    except transcript.TranscriptError as err:
        # A malformed round or action: the game up to it is still shown.
        part = None if isinstance(source, Transcript) else readable_part(source, err.problem)
        if part is None:
            body = '<main><p class="hint">This transcript cannot be replayed.</p></main>'
            return _document(title, "unreadable transcript", _verdict(report), body)
        t = part
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(t.players)
    ):
        raise ValueError(
            f"there is no seat {shown_int(seat)} in this game (seats 0 to {len(t.players) - 1})"
        )
    problem = report.error
    steps = _steps(_played_before(t, problem), seat)
    names = ", ".join(t.players)
    rules = profile_name(t.rules) or "house rules"
    seen = "every hand face up" if seat is None else f"as {t.players[seat]} (seat {seat}) sees it"
    head = _esc(f"{len(t.players)} players ({names}); {rules}; {seen}")

    items: list[str] = []
    frames: list[str] = []
    for k, step in enumerate(steps):
        cls = "move round" if step.action is None else "move"
        icon = _mini(step.action.card) if isinstance(step.action, Play) else ""
        num = "" if step.index is None else str(step.index)
        where = f"round {step.round} " + ("start" if step.index is None else f"action {num}")
        items.append(
            f'<li class="{cls}" data-step="{k}" data-label="{_esc(step.label)}"'
            f' data-where="{where}">'
            f'<span class="num">{num}</span>{icon}<span>{_esc(step.label)}</span></li>'
        )
        frames.append(
            f'<div class="frame" data-step="{k}" hidden>{_picture(step.state, seat)}</div>'
        )
    action: Action | None = None  # the illegal move, if the problem is one that reads
    unread = problem is not None and problem.code is ErrorCode.MALFORMED
    if problem is not None and problem.round is not None and problem.index is not None:
        action = None if unread else t.rounds[problem.round].actions[problem.index]
    if problem is not None and steps:
        k = len(steps)
        before = steps[-1].state
        what = (
            describe(action, t.players, seat=seat)
            if action is not None
            else ("an action that does not read" if unread and problem.index is not None
                  else "a round entry that does not read" if unread
                  else "the next round" if problem.index is None and problem.round is not None
                  else "the result")
        )  # fmt: skip
        label = f"Illegal: {what}"
        icon = _mini(action.card) if isinstance(action, Play) else ""
        num = "" if problem.index is None else str(problem.index)
        items.append(
            f'<li class="move illegal" data-step="{k}" data-label="{_esc(label)}"'
            f' data-where="{_esc(problem.where)}" id="illegal-move">'
            f'<span class="num">{num}</span>{icon}<span>\u2717 {_esc(what)}</span></li>'
        )
        banner = (
            f'<div class="banner" id="illegal"><div>{"Illegal move" if action else "Problem"}'
            f" at {_esc(problem.where)}:"
            f" {_esc(what)}</div><div><code>{_esc(problem.code.value)}</code>:"
            f' <span class="message">{_esc(_message(problem, action, seat))}</span></div>'
            '<div class="hint">The table is shown as it stood before this move.</div></div>'
        )
        marked = _marked(before, action, seat)
        frames.append(
            f'<div class="frame illegal" data-step="{k}" hidden>{banner}'
            f"{_picture(before, seat, marked)}</div>"
        )
    error_button = (
        '<button id="to-error" type="button">Go to the illegal move</button>'
        if problem is not None and steps
        else ""
    )
    controls = (
        '<div class="controls">'
        '<button id="first" type="button" title="first step (Home)">First</button>'
        '<button id="prev" type="button" title="previous step (\u2190)">\u25c0 Back</button>'
        '<span id="counter"></span>'
        '<button id="next" type="button" title="next step (\u2192)">Next \u25b6</button>'
        '<button id="last" type="button" title="last step (End)">Last</button>'
        f"{error_button}"
        '<span class="hint">arrow keys step; Home and End jump</span></div>'
    )
    if not steps:
        body = '<main><p class="hint">The game could not start.</p></main>'
        return _document(title, head, _verdict(report, action, seat), body)
    body = (
        f"{svg.symbols()}\n<main>\n"
        f'<nav aria-label="moves"><ol id="moves">{"".join(items)}</ol></nav>\n'
        f'<section id="stage">{controls}<p id="caption"></p>\n'
        + "\n".join(frames)
        + "\n</section>\n</main>"
    )
    return _document(title, head, _verdict(report, action, seat), body)


def run(
    path: str,
    output: str,
    *,
    seat: int | None = None,
    line: int | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``unorules render PATH -o OUTPUT [--seat N] [--line N]``: write the replay page of
    the game in ``path`` (in a JSON Lines file, the game on ``line``, by default the first)
    to ``output``, print what was written, and return the exit code: 0 when the page is
    written (an invalid game is drawn with its problem), 2 when a file cannot be read or
    written, the line holds no game, or the seat is not at the table.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     page_path = str(pathlib.Path(tmp, "game.html"))
    ...     code = run("examples/transcripts/mattel-invalid-bad_color.json", page_path)
    ...     written = pathlib.Path(page_path).read_text(encoding="utf-8")
    wrote .../game.html: 2 steps; invalid at round 0 action 0 (bad_color): ...
    >>> code, 'id="illegal"' in written
    (0, True)
    >>> run("no/such/file.json", "game.html")
    2
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        sources = transcript.read(path)
    except OSError as exc:
        print(f"unorules render: error: cannot read {path}: {exc.strerror or exc}", file=err)
        return 2
    if line is None:
        source = sources[0]
    else:
        found = [s for s in sources if s.line == line]
        if not found:
            lines = ", ".join(str(s.line) for s in sources if s.line is not None) or "none"
            print(f"unorules render: error: {path} has no game on line {line}"
                  f" (games on lines: {lines})", file=err)  # fmt: skip
            return 2
        source = found[0]
    title = f"UNO game: {source.name}"
    try:
        text = page(source.text, seat=seat, title=title)
    except ValueError as exc:
        print(f"unorules render: error: --seat: {exc}", file=err)
        return 2
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        print(f"unorules render: error: cannot write {output}: {exc.strerror or exc}", file=err)
        return 2
    steps = text.count('<div class="frame')
    report = source.validate()
    verdict = str(report)
    if seat is not None and report.error is not None:  # as the page says it to that seat
        e = report.error
        move = None
        if e.round is not None and e.index is not None:
            move = transcript.loads(source.text).rounds[e.round].actions[e.index]
        verdict = f"invalid at {e.where} ({e.code.value}): {_message(e, move, seat)}"
    print(f"wrote {output}: {steps} steps; {verdict}", file=out)
    return 0
