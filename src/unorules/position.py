"""The position notation: a whole game state as one line of text (the FEN of UNO).

:meth:`unorules.State.position` writes it and :meth:`unorules.State.from_position` reads
it back; the two are exact inverses for every state a game can reach, once the rules are
given (the rules are not part of the text)::

    HANDS DISCARD COLOR TURN PHASE DRAW-PILE [KEY=VALUE ...]

Six fields separated by single spaces, then optional ``key=value`` fields that are left
out when they have their default. Cards are written in the library's notation (``R7``,
``G+2``, ``BS``, ``YR``, ``W``, ``W+4``, ``WS``, ``WC``), separated by commas.

===========  =====================================================  ====================
field        meaning                                                example
===========  =====================================================  ====================
hands        every seat's hand, seat 0 first, separated by ``/``;    ``R2,W/G1,G2/-``
             ``-`` for an empty hand; ``*`` as the last item of
             one hand stands for the rest of the deck
discard      the discard pile, bottom first, top card last; ``*``    ``R5,G5,G7``
             as its first item stands for the rest of the deck in
             card order (only when the draw pile is written out)
color        the color in force, or ``-`` while none is named        ``green``
turn         the seat to act (``-`` for nobody) and the direction,   ``2-``
             ``+`` clockwise or ``-`` counter-clockwise
phase        the :class:`~unorules.Phase` value                      ``play``
draw pile    top card first; ``-`` when empty; ``*`` as its last     ``W+4,B1,*``
             item stands for the rest of the deck in card order
===========  =====================================================  ====================

The optional fields, in the order they are written:

================  ==============================================================  =========
key               meaning                                                         default
================  ==============================================================  =========
``pending``       cards the current player must draw if they accept the penalty   0
``challenge``     a Wild Draw Four open to challenge: its player's seat,          none
                  ``guilty`` or ``honest``, and the color in force before it
                  (``-`` for none), e.g. ``challenge=0,guilty,red``
``drawn``         the card just drawn (the drawn phase)                           none
``uno``           seats with one card and an open UNO window (comma list)         none
``overdue``       seats with one card that can still be caught for not calling    none
``lost``          seats that will lose their next turn (comma list, in order)     none
``lock``          the seat whose next move is limited after a Reverse             none
``idle``          turns in a row in which nobody could lay a card                 0
``turns``         turn actions made in this round, under ``round_turn_limit``     0
``order``         ``fixed`` when a named ``drawn`` card must follow the pile's    ``free``
                  order
``round``         the round number, from 0                                        0
``dealer``        the dealer of this round                                        last seat in
``scores``        match totals, one per seat (one per team in team play)          zeros
``out``           seats eliminated from the match (comma list)                    none
``turned``        the cards turned up to start the round, in order (``-``: none)  the bottom
                                                                                  discard
``round_winner``  the seat that went out in the round just ended                  none
``round_points``  the points each seat (or team) scored in that round             none
``winner``        the match winner (a seat, or a team in team play)               none
``names``         the players' names, percent-encoded, comma-separated            P0, P1...
``seed``          the seed of the match's generator                               0
``rng``           how many times the generator has been used                      0
``known``         cards a seat knows in another hand (a hand shown to the         none
                  challenger of a Wild Draw Four, a Wild Draw Four taken back,
                  hands moved by Seven-O): ``seat:owner:cards`` entries joined
                  by ``;``, e.g. ``known=1:0:R1,G5`` (see :attr:`View.known
                  <unorules.View.known>`)
``side``          UNO Flip!: ``dark`` when the dark side is in play (its cards    ``light``
                  are written ``LIGHT|DARK`` whatever the side)
``knocked``       seats knocked out of the round by the Mercy rule (No Mercy)     none
``aside``         the knocked-out hands set aside until the next rebuild of the   none
                  draw pile (No Mercy), e.g. ``aside=R1,R1,G5``
================  ==============================================================  =========

The cards of the hands, the discard pile, the draw pile and the set-aside cards must make
up the rules' deck exactly. A hand's cards may be given in any order (a state keeps them in
card order).

>>> import unorules as uno
>>> s = uno.State.from_position("R2,RS,W/G1,G2/Y3 R5,R7 red 0+ play *")
>>> s.hands[0], s.top_card
((Card.parse('R2'), Card.parse('RS'), Card.parse('W')), Card.parse('R7'))
>>> s.color, s.current_player, s.draw_pile_size
(<Color.RED: 'red'>, 0, 104)
>>> s.position()
'R2,RS,W/G1,G2/Y3 R5,R7 red 0+ play *'

A Wild Draw Four laid: the next player may challenge it or draw the four cards pending:

>>> s = uno.State.from_position("R2,RS,W+4/G1,G2/Y3 R5,R7 red 0+ play *")
>>> s2 = uno.apply(s, uno.Play(0, "W+4", "blue"))
>>> s2.position()
'R2,RS/G1,G2/Y3 R5,R7,W+4 blue 1+ challenge * pending=4 challenge=0,guilty,red'
>>> uno.State.from_position(s2.position()) == s2
True

Bad text is refused with a :class:`ValueError` that names the field:

>>> uno.State.from_position("R2,RS,W/G1,G2/Y3 R5,R7 red 3+ play *")
Traceback (most recent call last):
...
ValueError: position field 'turn': seat 3 is not one of the 3 seats
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote, unquote

from unorules._echo import shown
from unorules.cards import Card, Color, Side
from unorules.rules import PROFILES, Rules, get_profile

if TYPE_CHECKING:
    from unorules.state import State

__all__ = ["from_position", "picture", "position", "state_repr"]

_FIELDS: Final = ("hands", "discard", "color", "turn", "phase", "draw pile")
_KEYS: Final = (
    "pending",
    "challenge",
    "drawn",
    "uno",
    "overdue",
    "lost",
    "lock",
    "idle",
    "turns",
    "order",
    "round",
    "dealer",
    "scores",
    "out",
    "turned",
    "round_winner",
    "round_points",
    "winner",
    "names",
    "seed",
    "rng",
    "known",
    "side",
    "knocked",
    "aside",
)
_PHASES: Final = (
    "play",
    "drawn",
    "choose_color",
    "challenge",
    "penalty",
    "roulette",
    "round_over",
    "game_over",
)
_ABBREVIATE: Final = 8
"""A run of at least this many cards in card order is written as ``*``."""
_INT: Final = re.compile(r"-?[0-9]+")
_DIGITS: Final = 20
"""The most digits a number field may have: enough for a seed (below 2**64) and every
counter; a longer number is refused before it is read (Python will not read an integer
of more than 4,300 digits, and nothing in a game needs one)."""


_FIELD_OF: Final = {
    "rules": "hands",  # the rules and the number of hands (too many to deal, teams)
    "names": "names",
    "seed": "seed",
    "round": "round",
    "dealer": "dealer",
    "totals": "scores",
    "eliminated": "out",
    "turned": "turned",
    "round_winner": "round_winner",
    "round_points": "round_points",
    "winner": "winner",
    "hands": "hands",
    "draw_pile": "draw pile",
    "draw_pile_order_fixed": "order",
    "discard_pile": "discard",
    "color": "color",
    "direction": "turn",
    "current_player": "turn",
    "phase": "phase",
    "rng_counter": "rng",
    "pending_draw": "pending",
    "challenge": "challenge",
    "drawn_card": "drawn",
    "uno_open": "uno",
    "uno_overdue": "overdue",
    "lost_turns": "lost",
    "answer_lock": "lock",
    "idle_turns": "idle",
    "turn_actions": "turns",
    "known": "known",
    "side": "side",
}
"""The position field that each key of a state's JSON form is written in."""
_STATE_ERROR: Final = re.compile(r"not a unorules state: at \$\.([a-z_]+)[^:]*: (.*)", re.DOTALL)
_JSON_NAME: Final = re.compile(r"\b(" + "|".join(k for k in _FIELD_OF if "_" in k) + r")\b")


def _position_error(err: ValueError) -> ValueError:
    """The state check's error, which names a JSON path (``$.uno_open[0]``), as an error
    naming the position field the value was written in (``uno``); an error of no field
    is returned as it is."""
    found = _STATE_ERROR.fullmatch(str(err))
    if found is None or found[1] not in _FIELD_OF:
        return err
    message = _JSON_NAME.sub(lambda m: _FIELD_OF[m[1]], found[2])
    message = message.replace("expected null", "expected -").replace(
        "expected []", "leave the field out"
    )
    return _Reader.fail(_FIELD_OF[found[1]], message)


def _cards(cards: Sequence[Card]) -> str:
    return ",".join(map(str, cards)) if cards else "-"


def _ints(values: Sequence[int]) -> str:
    return ",".join(map(str, values))


def _default_names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def position(state: State) -> str:
    """The position notation of ``state`` (see the module's table of fields).

    >>> import unorules as uno
    >>> uno.State.from_position("R1/G2,B2 B9 blue 1- drawn * drawn=B2").position()
    'R1/G2,B2 B9 blue 1- drawn * drawn=B2'
    """
    d = state.to_dict()
    n = len(d["hands"])
    hands = [tuple(map(Card.parse, h)) for h in d["hands"]]
    discard = [Card.parse(c) for c in d["discard_pile"]]
    pile = [Card.parse(c) for c in d["draw_pile"]]
    aside = [Card.parse(c) for c in d.get("set_aside", ())]
    # The draw pile's tail, or else the discard pile's bottom, is written "*" when it is
    # a long run in card order: the rest of the deck, as positions written by hand give it.
    # (Only when the cards make up the deck, as in every reachable state: else "*" would
    # not stand for that run.)
    whole = Counter([*discard, *pile, *aside, *(c for h in hands for c in h)]) == Counter(
        state.rules.deck(state.seed)
    )
    k = len(pile)
    while k > 0 and (k == len(pile) or pile[k - 1].index <= pile[k].index):
        k -= 1
    pile_text = _cards(pile)
    discard_text = _cards(discard)
    if not whole:
        pass
    elif len(pile) - k >= _ABBREVIATE:
        pile_text = ",".join([*map(str, pile[:k]), "*"])
    else:
        j = 0
        while j < len(discard) - 1 and (j == 0 or discard[j - 1].index <= discard[j].index):
            j += 1
        if j >= _ABBREVIATE:
            discard_text = ",".join(["*", *map(str, discard[j:])])
    who = "-" if d["current_player"] is None else str(d["current_player"])
    fields = [
        "/".join(",".join(map(str, h)) if h else "-" for h in hands),
        discard_text,
        d["color"] or "-",
        who + ("+" if d["direction"] == 1 else "-"),
        d["phase"],
        pile_text,
    ]
    extra: list[str] = []

    def add(key: str, value: str) -> None:
        extra.append(f"{key}={value}")

    if d["pending_draw"]:
        add("pending", str(d["pending_draw"]))
    ch = d["challenge"]
    if ch is not None:
        guilty = "guilty" if ch["guilty"] else "honest"
        add("challenge", f"{ch['offender']},{guilty},{ch['previous_color'] or '-'}")
    if d["drawn_card"] is not None:
        add("drawn", d["drawn_card"])
    for key, name in (("uno", "uno_open"), ("overdue", "uno_overdue"), ("lost", "lost_turns")):
        if d[name]:
            add(key, _ints(d[name]))
    if d["answer_lock"] != -1:
        add("lock", str(d["answer_lock"]))
    if d["idle_turns"]:
        add("idle", str(d["idle_turns"]))
    if d.get("turn_actions"):
        add("turns", str(d["turn_actions"]))
    if d["draw_pile_order_fixed"]:
        add("order", "fixed")
    if d["round"]:
        add("round", str(d["round"]))
    if d["dealer"] != _last_seat_in(n, d["eliminated"]):
        add("dealer", str(d["dealer"]))
    if any(d["totals"]):
        add("scores", _ints(d["totals"]))
    if d["eliminated"]:
        add("out", _ints(d["eliminated"]))
    turned = [Card.parse(c) for c in d["turned"]]
    if turned != discard[:1]:
        add("turned", _cards(turned))
    if d["round_winner"] is not None:
        add("round_winner", str(d["round_winner"]))
    if d["round_points"] is not None:
        add("round_points", _ints(d["round_points"]))
    if d["winner"] is not None:
        add("winner", str(d["winner"]))
    if d["names"] != _default_names(n):
        add("names", ",".join(quote(name, safe="") for name in d["names"]))
    if d["seed"]:
        add("seed", str(d["seed"]))
    if d["rng_counter"]:
        add("rng", str(d["rng_counter"]))
    if "known" in d:
        add("known", ";".join(f"{k['seat']}:{k['of']}:{','.join(k['cards'])}" for k in d["known"]))
    if d.get("side") == "dark":  # UNO Flip!: cards are written LIGHT|DARK whatever the side
        add("side", "dark")
    if d.get("knocked_out"):
        add("knocked", _ints(d["knocked_out"]))
    if aside:
        add("aside", _cards(aside))
    return " ".join(fields + extra)


class _Reader:
    """Parses the fields of one position text, naming the field in every error."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = 0

    @staticmethod
    def fail(field: str, message: str) -> ValueError:
        return ValueError(f"position field {field!r}: {message}")

    def card(self, field: str, text: str) -> Card:
        try:
            return Card.parse(text)
        except ValueError:
            raise self.fail(field, f"not a card: {shown(text)}") from None

    def cards(self, field: str, text: str) -> list[Card]:
        if text == "-":
            return []
        if not text:
            raise self.fail(field, "empty (write - for no cards)")
        return [self.card(field, t) for t in text.split(",")]

    def too_long(self, field: str, text: str) -> None:
        if len(text) > _DIGITS:
            raise self.fail(
                field,
                f"too long a number ({len(text)} characters, at most {_DIGITS} digits):"
                f" {shown(text)}",
            )

    def number(self, field: str, text: str, low: int = 0, high: int | None = None) -> int:
        if not _INT.fullmatch(text):
            raise self.fail(field, f"not a whole number: {shown(text)}")
        self.too_long(field, text)
        value = int(text)
        if value < low or (high is not None and value > high):
            upper = "" if high is None else f" to {high}"
            raise self.fail(field, f"{value} is out of range ({low}{upper})")
        return value

    def seat(self, field: str, text: str) -> int:
        if not _INT.fullmatch(text):
            raise self.fail(field, f"not a seat number: {shown(text)}")
        self.too_long(field, text)
        seat = int(text)
        if not 0 <= seat < self.n:
            raise self.fail(field, f"seat {seat} is not one of the {self.n} seats")
        return seat

    def seats(self, field: str, text: str) -> list[int]:
        return [self.seat(field, t) for t in text.split(",")] if text else []

    def color(self, field: str, text: str) -> Color | None:
        if text == "-":
            return None
        try:
            color = Color(text)
        except ValueError:
            color = None
        if color is None or (color.side is not Side.LIGHT and not self.rules.flip):
            names = "red, yellow, green, blue"
            if self.rules.flip:
                names += " (dark side: pink, teal, orange, purple)"
            raise self.fail(field, f"not a color: {shown(text)} ({names} or -)") from None
        return color


def _census(counts: Counter[Card]) -> str:
    items = [f"{n} x {c}" if n > 1 else str(c) for c, n in sorted(counts.items(), key=_by_index)]
    total = counts.total()
    shown = ", ".join(items[:6])
    return shown if len(items) <= 6 else f"{shown}, ... ({total} cards)"


def _by_index(item: tuple[Card, int]) -> int:
    return item[0].index


def _rules(rules: Rules | str) -> Rules:
    if isinstance(rules, str):
        return get_profile(rules)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules is a Rules value or a profile name, not {shown(rules)}")
    return rules


def from_position(text: str, rules: Rules | str = "mattel") -> State:
    """The state that a position text describes, under ``rules``.

    Raises:
        ValueError: the text is not a position, naming the field at fault.

    >>> import unorules as uno
    >>> s = from_position("G1,G2/B9 G5 green 1+ play B2,R0,* round=1 scores=10,0")
    >>> s.draw_pile[:3], s.scores
    ((Card.parse('B2'), Card.parse('R0'), Card.parse('R1')), (10, 0))
    >>> from_position("G1,G2/B9 G5 green 1+ play * scores=10")
    Traceback (most recent call last):
    ...
    ValueError: position field 'scores': 1 totals for 2 seats
    """
    from unorules.state import Phase, build_state  # noqa: PLC0415 (state.py imports this)

    if not isinstance(text, str):
        raise TypeError(f"a position is a text, not {type(text).__name__}")
    r = _rules(rules)
    reader = _Reader(r)
    fail = reader.fail
    parts = text.strip().split(" ")  # a line read from a file may end in a newline
    if len(parts) < len(_FIELDS) or any(not p for p in parts):
        raise ValueError(
            "not a position: expected the fields "
            + " ".join(_FIELDS).replace("draw pile", "draw-pile")
            + " [key=value ...] separated by single spaces"
        )
    hands_text, discard_text, color_text, turn_text, phase_text, pile_text = parts[:6]
    hand_items = [h.split(",") for h in hands_text.split("/")]
    n = reader.n = len(hand_items)
    if not 2 <= n <= 10:
        raise fail("hands", f"{n} hands: UNO is played by 2 to 10 players")

    extra: dict[str, str] = {}
    for part in parts[6:]:
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"not a position field: {shown(part)} (expected key=value)")
        if key not in _KEYS:
            raise ValueError(f"unknown position field {shown(key)} (known: {', '.join(_KEYS)})")
        if key in extra:
            raise fail(key, "given twice")
        extra[key] = value

    # "*", the rest of the deck in card order, may stand once: at the end of a hand, at
    # the bottom of the discard pile or at the end of the draw pile.
    discard_items = discard_text.split(",")
    pile_items = pile_text.split(",")
    rest: tuple[str, int] | None = None
    for field, items, at in (
        *(("hands", h, len(h) - 1) for h in hand_items),
        ("discard", discard_items, 0),
        ("draw pile", pile_items, len(pile_items) - 1),
    ):
        for k, item in enumerate(items):
            if item != "*":
                continue
            if k != at:
                where = "first in the discard pile" if field == "discard" else "last"
                raise fail(field, f"* (the rest of the deck) must come {where}")
            if rest is not None:
                raise fail(field, "* (the rest of the deck) may stand only once")
            rest = (field, id(items))
            items.pop(k)
    hands = [reader.cards("hands", ",".join(h) or "-") for h in hand_items]
    discard = reader.cards("discard", ",".join(discard_items) or "-")
    pile = reader.cards("draw pile", ",".join(pile_items) or "-")
    if not discard and not (rest and rest[0] == "discard"):
        raise fail("discard", "the discard pile has at least its top card")
    seed_text = extra.get("seed", "0")  # a random UNO Flip! pairing is the seed's
    deck = Counter(r.deck(int(seed_text) if _INT.fullmatch(seed_text) else 0))
    aside = reader.cards("aside", extra["aside"]) if "aside" in extra else []
    known = Counter(c for h in hands for c in h) + Counter(discard) + Counter(pile)
    known += Counter(aside)
    if rest is not None:
        field = rest[0]
        over = known - deck
        if over:
            raise fail(
                field,
                f"no rest of the deck for *: the hands and piles hold more than the"
                f" {r.deck_size}-card deck ({_census(over)} too many)",
            )
        remainder = sorted((deck - known).elements(), key=lambda c: c.index)
        if field == "discard":
            discard = remainder + discard
        elif field == "draw pile":
            pile += remainder
        else:
            seat = next(k for k, h in enumerate(hand_items) if id(h) == rest[1])
            hands[seat] += remainder
    elif known != deck:
        missing, over = deck - known, known - deck
        what = "; ".join(
            part
            for part in (
                f"missing {_census(missing)}" if missing else "",
                f"too many {_census(over)}" if over else "",
            )
            if part
        )
        piles = (
            "discard pile, draw pile and set-aside cards"
            if aside
            else ("discard pile and draw pile")
        )
        raise fail("draw pile", f"hands, {piles} are not the {r.deck_size}-card deck ({what})")
    if not discard:
        raise fail("discard", "the discard pile has at least its top card")

    color = reader.color("color", color_text)
    if len(turn_text) < 2 or turn_text[-1] not in "+-":
        raise fail("turn", f"expected a seat and + or -, e.g. 0+, not {shown(turn_text)}")
    current = None if turn_text[:-1] == "-" else reader.seat("turn", turn_text[:-1])
    direction = 1 if turn_text[-1] == "+" else -1
    if phase_text not in _PHASES:
        raise fail("phase", f"unknown phase {shown(phase_text)} (known: {', '.join(_PHASES)})")

    def get(key: str, parse: Callable[[str, str], Any], default: Any) -> Any:
        return parse(key, extra[key]) if key in extra else default

    challenge = None
    if "challenge" in extra:
        bits = extra["challenge"].split(",")
        if len(bits) != 3 or bits[1] not in ("guilty", "honest"):
            raise fail("challenge", "expected seat,guilty|honest,color (e.g. 0,guilty,red)")
        offender = reader.seat("challenge", bits[0])
        before = reader.color("challenge", bits[2])
        challenge = (offender, bits[1] == "guilty", before)
    order = extra.get("order", "free")
    if order not in ("fixed", "free"):
        raise fail("order", f"expected fixed or free, not {shown(order)}")
    sides = [s % r.teams for s in range(n)] if r.teams else list(range(n))
    side_count = len(set(sides))
    per = "teams" if r.teams else "seats"

    def totals(key: str, value: str) -> list[int]:
        got = [reader.number(key, t) for t in value.split(",")]
        if len(got) != side_count:
            raise fail(key, f"{len(got)} totals for {side_count} {per}")
        return got

    def winner(key: str, value: str) -> int:
        return reader.number(key, value, 0, side_count - 1) if r.teams else reader.seat(key, value)

    names = [f"P{i}" for i in range(n)]
    if "names" in extra:
        names = [unquote(t) for t in extra["names"].split(",")]
        if len(names) != n:
            raise fail("names", f"{len(names)} names for {n} seats")
        if len(set(names)) != n:
            raise fail("names", "two players have the same name")
    turned = get("turned", reader.cards, discard[:1])
    seed = get("seed", lambda k, v: reader.number(k, v, 0, (1 << 64) - 1), 0)
    round_ = get("round", reader.number, 0)
    eliminated = sorted(set(get("out", reader.seats, [])))
    scores = get("scores", totals, [0] * side_count)
    round_winner = get("round_winner", reader.seat, None)
    round_points = get("round_points", totals, None)
    match_winner = get("winner", winner, None)
    rng_counter = get("rng", reader.number, 0)
    pending = get("pending", reader.number, 0)
    drawn = None if "drawn" not in extra else reader.card("drawn", extra["drawn"])
    uno_open = get("uno", reader.seats, [])
    uno_overdue = get("overdue", reader.seats, [])
    lost = get("lost", reader.seats, [])
    lock = get("lock", reader.seat, None)
    idle = get("idle", reader.number, 0)
    dealer = get("dealer", reader.seat, _last_seat_in(n, eliminated))
    turn_actions = 0
    if r.round_turn_limit:
        turn_actions = get("turns", reader.number, 0)
    elif "turns" in extra:
        raise fail("turns", "turn actions are counted only under the rule round_turn_limit")
    side = Side.LIGHT
    if "side" in extra:
        if not r.flip:
            raise fail("side", "the side in play is written only for UNO Flip! (flip_pairing)")
        if extra["side"] not in ("light", "dark"):
            raise fail("side", f"expected light or dark, not {shown(extra['side'])}")
        side = Side(extra["side"])
    knocked = sorted(set(get("knocked", reader.seats, [])))
    knowledge: list[tuple[int, int, list[Card]]] = []
    if "known" in extra:
        knowledge = [_known_entry(reader, part) for part in extra["known"].split(";")]
    try:
        return build_state(
            rules=r,
            names=names,
            seed=seed,
            round=round_,
            dealer=dealer,
            totals=scores,
            eliminated=eliminated,
            turned=turned,
            round_winner=round_winner,
            round_points=round_points,
            winner=match_winner,
            hands=hands,
            draw_pile=pile,
            draw_pile_order_fixed=order == "fixed",
            discard_pile=discard,
            color=color,
            direction=direction,
            current_player=current,
            phase=Phase(phase_text),
            rng_counter=rng_counter,
            pending_draw=pending,
            challenge=challenge,
            drawn_card=drawn,
            uno_open=uno_open,
            uno_overdue=uno_overdue,
            lost_turns=lost,
            answer_lock=lock,
            idle_turns=idle,
            turn_actions=turn_actions,
            known=knowledge,
            side=side if r.flip else None,
            knocked_out=knocked,
            set_aside=aside,
        )
    except ValueError as err:
        raise _position_error(err) from None


def _known_entry(reader: _Reader, text: str) -> tuple[int, int, list[Card]]:
    """One ``seat:owner:cards`` entry of the ``known`` field."""
    bits = text.split(":")
    if len(bits) != 3:
        raise reader.fail("known", f"expected seat:owner:cards (e.g. 1:0:R1,G5), not {shown(text)}")
    cards = reader.cards("known", bits[2])
    if not cards:
        raise reader.fail("known", f"an entry names at least one card: {shown(text)}")
    return (reader.seat("known", bits[0]), reader.seat("known", bits[1]), cards)


def _last_seat_in(n: int, eliminated: list[int]) -> int:
    """The default dealer: the last seat still in the match."""
    return max((s for s in range(n) if s not in eliminated), default=n - 1)


# -- the text picture and the repr ---------------------------------------------------------

_DOING: Final = {
    "play": "to play",
    "drawn": "drew {drawn}: play it or pass",
    "choose_color": "to choose the color",
    "challenge": "to challenge the Wild Draw Four or draw {pending}",
    "penalty": "to stack or draw {pending}",
    "roulette": "to name the color of the Wild Color Roulette",
}


def picture(state: State) -> str:
    """A small text picture of the table: ``str(state)``. It counts rounds from 1, as
    everything a person reads does (``state.round``, the position's ``round`` and JSON
    count from 0).

    >>> import unorules as uno
    >>> s = uno.State.from_position("R2,RS,W/G1/Y3,Y4 R5,R7 red 0- play * uno=1")
    >>> print(s)
    round 1 · P0 to play · counter-clockwise · dealer P2
    discard R5 R7 (2 cards) · color red · draw pile 104 cards
    > P0  3  R2 RS W
      P1  1  G1  (UNO not called)
      P2  2  Y3 Y4

    UNO Flip! writes each card ``LIGHT|DARK`` and says which side is in play:

    >>> s = uno.State.from_position("RF|P8,G1|O5/B2|O8 R7|O1 red 0+ play *", "mattel-flip")
    >>> print(uno.apply(s, uno.Play(0, "RF")))
    round 1 · P1 to play · clockwise · dealer P1 · dark side in play (top card O1)
    discard RF|P8 R7|O1 (2 cards) · color orange · draw pile 108 cards
      P0  1  G1|O5  (UNO not called)
    > P1  1  B2|O8  (UNO not called)
    """
    names = state.names
    lines = []
    phase = state.phase.value
    head = f"round {state.round + 1} · "  # people count rounds from 1 (SPEC §8)
    if state.current_player is not None and phase in _DOING:
        doing = _DOING[phase].format(drawn=state.drawn_card, pending=state.pending_draw)
        if phase == "penalty" and state.rules.stacking.value == "by_value":
            last = state.top_card.rank.draw_value
            doing = f"faces a stack of {state.pending_draw}: a Draw card of value {last}+ or draw"
        head += f"{names[state.current_player]} {doing}"
    elif phase == "game_over":
        head += f"game over · winner {_side_name(state, state.winner)}"
    else:
        head += "round over"
        if state.round_winner is not None:
            head += f" · {names[state.round_winner]} went out"
    head += " · " + ("clockwise" if state.direction == 1 else "counter-clockwise")
    head += f" · dealer {names[state.dealer]}"
    if state.rules.flip:  # UNO Flip!: the side in play, whose faces the table plays
        head += f" · {state.side.value} side in play (top card {state.top_card.face})"
    lines.append(head)
    discard = state.discard_pile
    shown = " ".join(map(str, discard[-6:]))
    if len(discard) > 6:
        shown = "… " + shown
    color = "none yet" if state.color is None else state.color.value
    aside = len(state.set_aside)
    lines.append(
        f"discard {shown} ({len(discard)} card{'s' * (len(discard) != 1)}) · color {color}"
        f" · draw pile {state.draw_pile_size} card{'s' * (state.draw_pile_size != 1)}"
        + (f" · set aside {aside} card{'s' * (aside != 1)}" if aside else "")
    )
    width = max(len(name) for name in names)
    exposed = set(state.uno_exposed)
    out = set(state.eliminated)
    knocked = set(state.knocked_out)
    for seat, hand in enumerate(state.hands):
        mark = ">" if seat == state.current_player else " "
        row = f"{mark} {names[seat]:<{width}}  {len(hand)}"
        if seat in out:
            row += "  (out)"
        elif seat in knocked:
            row += "  (knocked out: Mercy rule)"
        elif hand:
            row += "  " + " ".join(map(str, hand))
        if seat in exposed:
            row += "  (UNO not called)"
        lines.append(row)
    if any(state.scores):
        lines.append("scores " + " ".join(map(str, state.scores)))
    if state.round_points is not None:
        lines.append("round points " + " ".join(map(str, state.round_points)))
    return "\n".join(lines)


def _knocked_picture_example() -> None:
    """``str(state)`` under No Mercy: the stack, the knocked-out seats and the set-aside
    count.

    >>> import unorules as uno
    >>> s = uno.State.from_position(
    ...     "R1,R2/-/B1,B2 *,R5,W+6 red 2+ penalty - pending=6 knocked=1"
    ...     " aside=G1,G1,G2,G2,G3,G3,G4,G4,G5,G5,G6,G6,G8,G8,G9,G9,Y1,Y1,Y2,Y2,Y3,Y3,Y4,Y4,Y5",
    ...     "mattel-no-mercy")
    >>> print(s)  # doctest: +NORMALIZE_WHITESPACE
    round 1 · P2 faces a stack of 6: a Draw card of value 6+ or draw · clockwise · dealer P2
    discard … WCR WCR WCR WCR R5 W+6 (139 cards) · color red · draw pile 0 cards
    · set aside 25 cards
      P0  2  R1 R2
      P1  0  (knocked out: Mercy rule)
    > P2  2  B1 B2
    """


def _side_name(state: State, side: int | None) -> str:
    if side is None:
        return "none"
    return f"team {side}" if state.rules.teams else state.names[side]


_REPR_LIMIT: Final = 120
"""The longest position text that ``repr`` shows as code."""


def state_repr(state: State) -> str:
    """``repr(state)``: code that makes the state again when the position is short, and a
    short summary otherwise.

    >>> import unorules as uno
    >>> uno.State.from_position("R1/G2 B9 blue 0+ play *", rules="swedish")
    State.from_position('R1/G2 B9 blue 0+ play *', rules='swedish')
    >>> uno.new_game(3, seed=1)
    <State round 0 play P1 top YR yellow hands [7, 7, 7] pile 90>
    """
    text = position(state)
    if len(text) <= _REPR_LIMIT:
        for name in ("mattel", "mattel-108", "swedish", "danish"):
            if PROFILES[name] == state.rules:
                rules = "" if name == "mattel" else f", rules={name!r}"
                return f"State.from_position({text!r}{rules})"
    who = "-" if state.current_player is None else f"P{state.current_player}"
    return (
        f"<State round {state.round} {state.phase.value} {who} top {state.top_card}"
        f"{'' if state.color is None else ' ' + state.color.value}"
        f" hands {[len(h) for h in state.hands]} pile {state.draw_pile_size}>"
    )
