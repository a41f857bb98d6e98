"""The check of a state's JSON form before it becomes a :class:`~unorules.State`.

:meth:`State.from_dict <unorules.State.from_dict>` and :meth:`~unorules.State.from_json`
read data that may come from anywhere (a file, a database, a client). Every state they
accept must be one the engine could have reached, or at least one it can play on: the
cards are exactly the deck, seats and counters are in range and of the right type, and
the fields agree with the phase. Anything else is a ``ValueError`` that names the JSON
path of the first problem (``$.hands[0][7]``), so that :func:`unorules.apply` and
:func:`unorules.legal_actions` never meet an impossible state.

Internal: the public entry points are the two :class:`~unorules.State` class methods.

>>> import unorules as uno
>>> d = uno.new_game(3, seed=1).to_dict()
>>> d["current_player"] = 99
>>> check_state_dict(d)
Traceback (most recent call last):
...
ValueError: not a unorules state: at $.current_player: a seat is a whole number from 0 to 2, not 99
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, NoReturn

from unorules._echo import writable
from unorules._json import CARD_BY_NAME, COLOR_NAMES, MAX_DEPTH, Reader, deeper_than
from unorules._limits import COUNTER_END
from unorules.cards import Card, Color, Rank, Side
from unorules.rules import (
    MATTEL,
    Rules,
    RulesError,
    Scoring,
    Stacking,
    UnoWindow,
    WildDrawFourBluff,
    seat_sides,
)
from unorules.rules import rules_from_options as _rules_from_options

__all__ = ["check_state_dict", "load_state_json"]

FORMAT: Final = "unorules-state/1"
_KEYS: Final = (
    "format",
    "rules",
    "names",
    "seed",
    "round",
    "dealer",
    "sides",
    "totals",
    "eliminated",
    "turned",
    "round_winner",
    "round_points",
    "winner",
    "hands",
    "draw_pile",
    "draw_pile_order_fixed",
    "discard_pile",
    "color",
    "direction",
    "current_player",
    "phase",
    "rng_counter",
    "pending_draw",
    "challenge",
    "drawn_card",
    "uno_open",
    "uno_overdue",
    "lost_turns",
    "answer_lock",
    "idle_turns",
    "known",
    "knocked_out",
    "set_aside",
)
_SIDE: Final = "side"
"""The key written only for a UNO Flip! game (and required there): the side in play."""
_LIMITED: Final = "turn_actions"
"""The key written only under the house rule ``round_turn_limit`` (and required there)."""
_OPTIONAL: Final = ("known", "knocked_out", "set_aside")
"""Keys written only when they hold something (so that older states read the same), or,
``knocked_out`` and ``set_aside``, only under the Mercy rule (and required there)."""
_KNOWN_KEYS: Final = ("seat", "of", "cards")
_CHALLENGE_KEYS: Final = ("offender", "guilty", "previous_color")
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
_OVER: Final = ("round_over", "game_over")
_BIG: Final = COUNTER_END
"""The bound of the counters (round, rng_counter, totals), which the engine never passes
(:mod:`unorules._limits`)."""
_SEED_END: Final = 1 << 64


def _show(value: object) -> str:
    """``value`` as JSON, cut short: a message never echoes a long input in full."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _fail(path: str, message: str) -> NoReturn:
    raise ValueError(f"not a unorules state: at {path}: {message}")


def load_state_json(text: object) -> object:
    """JSON text parsed for :meth:`State.from_json <unorules.State.from_json>`: any
    failure, nesting deeper than :data:`~unorules._json.MAX_DEPTH` included, is a
    ``ValueError``.

    >>> load_state_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    ValueError: not a unorules state: at $: nested too deeply (more than 100 levels of ...
    """
    if not isinstance(text, str | bytes | bytearray):
        raise ValueError(
            f"not a unorules state: JSON text is str or bytes, not {type(text).__name__}"
        )
    try:
        value = json.loads(text)
    except RecursionError:
        _fail("$", _NESTED)
    except ValueError as err:  # JSONDecodeError, bad UTF-8, an integer too long
        raise ValueError(f"not a unorules state: not valid JSON: {err}") from None
    if not isinstance(text, str):  # it parsed, so its encoding is one JSON allows
        text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
    if deeper_than(text):
        _fail("$", _NESTED)
    return value


_NESTED: Final = f"nested too deeply (more than {MAX_DEPTH} levels of lists and objects)"


class _Reader(Reader):
    """The strict reader (:class:`unorules._json.Reader`), worded as a state's problems
    are: each a ``ValueError`` that starts ``not a unorules state``, a wrong value echoed
    as JSON cut at 40 characters; and the reads only a state makes."""

    __slots__ = ()

    def fail(self, path: str, message: str) -> NoReturn:
        _fail(path, message)

    def show(self, value: object) -> str:
        return _show(value)

    def not_a_card(self, value: object, error: ValueError | None) -> str:
        if error is None:
            return f'a card is a string such as "R7", not {_show(value)}'
        return str(error) if len(str(value)) <= 40 else f"not a card: {_show(value)}"

    def opt_seat(self, value: object, path: str, n: int) -> int | None:
        return None if value is None else self.seat(value, path, players=n)

    def items(self, value: object, path: str, what: str) -> list[Any] | tuple[Any, ...]:
        if not isinstance(value, list | tuple):  # a tuple too: a dict made in Python
            _fail(path, f"{what} is a list, not {_show(value)}")
        return value

    def seats(self, value: object, path: str, n: int, *, unique: bool = True) -> list[int]:
        items = self.items(value, path, "a list of seats")
        if len(items) > 4 * n * n + 10:
            _fail(path, f"{len(items)} seats listed for {n} players")
        seen: set[int] = set()
        for i, item in enumerate(items):
            seat = self.seat(item, f"{path}[{i}]", players=n)
            if unique and seat in seen:
                _fail(f"{path}[{i}]", f"seat {seat} is listed twice")
            seen.add(seat)
        return list(items)

    def flag(self, value: object, path: str) -> bool:
        if not isinstance(value, bool):
            _fail(path, f"expected true or false, not {_show(value)}")
        return value

    def color_or_none(self, value: object, path: str) -> Color | None:
        if value is None:
            return None
        return Color(self.choice(value, path, COLOR_NAMES, "a color is null or"))

    def card_in(self, value: object, path: str, deck: Mapping[Card, int]) -> Card:
        card = self.card(value, path)
        if card not in deck:
            _fail(path, f"{card} is not in the deck of these rules")
        return card


def check_state_dict(data: object) -> None:
    """Raise ``ValueError`` naming the JSON path unless ``data`` is a state's dictionary
    (:meth:`State.to_dict <unorules.State.to_dict>`) that satisfies the engine's
    invariants.

    >>> import unorules as uno
    >>> d = uno.new_game(3, seed=1).to_dict()
    >>> check_state_dict(d) is None
    True
    >>> d["hands"][0] = ["W+4"] * 50
    >>> check_state_dict(d)
    Traceback (most recent call last):
    ...
    ValueError: not a unorules state: at $.hands[0][4]: a fifth W+4: the deck holds 4
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"not a unorules state: a state is a JSON object, not {_show(data)}")
    if data.get("format") != FORMAT:
        raise ValueError(f'not a unorules state: missing or wrong "format" (expected "{FORMAT}")')
    for key in data:
        if key not in _KEYS and key not in (_LIMITED, _SIDE):
            _fail(f"$.{key}" if isinstance(key, str) else "$", f"unknown key {_show(key)}")
    for key in _KEYS:
        if key not in data and key not in _OPTIONAL:
            _fail("$", f"missing {key!r}")
    r = _Reader()
    d = data

    # -- the rules and the table ---------------------------------------------------------
    options = d["rules"]
    if not isinstance(options, Mapping):
        _fail("$.rules", f"rules is an object of rule options, not {_show(options)}")
    rules = _rules(options)
    for key in ("knocked_out", "set_aside"):
        if (key in d) != bool(rules.mercy):
            if rules.mercy:
                _fail("$", f"missing {key!r} (the rules set mercy)")
            _fail(f"$.{key}", f"{key} exists only under the Mercy rule (mercy > 0)")
    if (_LIMITED in d) != bool(rules.round_turn_limit):
        if rules.round_turn_limit:
            _fail("$", f"missing {_LIMITED!r} (the rules set round_turn_limit)")
        _fail(f"$.{_LIMITED}", "turn_actions is counted only under the rule round_turn_limit")
    if (_SIDE in d) != rules.flip:
        if rules.flip:
            _fail("$", f"missing {_SIDE!r} (the rules are UNO Flip!'s: flip_pairing)")
        _fail(f"$.{_SIDE}", "the side in play is written only for a UNO Flip! game")
    side = Side.LIGHT
    if rules.flip:
        r.choice(d[_SIDE], f"$.{_SIDE}", ("light", "dark"), "the side in play is")
        side = Side(d[_SIDE])
    names = r.items(d["names"], "$.names", "names")
    if not 2 <= len(names) <= 10:
        _fail("$.names", f"UNO is played by 2 to 10 players, not {len(names)}")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            _fail(f"$.names[{i}]", f"a name is a string, not {_show(name)}")
        if not writable(name):
            _fail(f"$.names[{i}]", "a name is text UTF-8 can write (no lone surrogate)")
        if name in names[:i]:
            _fail(f"$.names[{i}]", f"the name {_show(name)} is taken by another seat")
    n = len(names)
    if rules.hand_size * n + 1 > rules.deck_size:
        _fail(
            "$.rules", f"{n} hands of {rules.hand_size} need more than the {rules.deck_size} cards"
        )
    seed = r.whole(d["seed"], "$.seed", "a seed", 0, _SEED_END)
    r.whole(d["round"], "$.round", "round", 0, _BIG)
    try:
        sides = list(seat_sides(rules, n))
    except ValueError as err:
        _fail("$.rules.teams", str(err))
    given = r.items(d["sides"], "$.sides", "sides")
    if len(given) != n or any(
        type(g) is not int or g != s for g, s in zip(given, sides, strict=True)
    ):
        _fail("$.sides", f"expected {sides} (seat s plays in team s % teams, else alone)")
    n_sides = len(set(sides))
    totals = r.items(d["totals"], "$.totals", "totals")
    if len(totals) != n_sides:
        _fail("$.totals", f"expected {n_sides} totals (one per side), not {len(totals)}")
    for i, t in enumerate(totals):
        r.whole(t, f"$.totals[{i}]", "a total", 0, _BIG)
    eliminated = r.seats(d["eliminated"], "$.eliminated", n)
    out = set(eliminated)
    if out and rules.scoring is not Scoring.ELIMINATION:
        _fail("$.eliminated", "only elimination scoring eliminates seats")
    for seat in eliminated:
        mates = [s for s in range(n) if sides[s] == sides[seat]]
        if not out.issuperset(mates):
            _fail("$.eliminated", f"a team leaves together: seats {mates}, not only {seat}")
    live_sides = {sides[s] for s in range(n) if s not in out}

    phase = d["phase"]
    r.choice(phase, "$.phase", _PHASES, "a phase is")
    over = phase in _OVER
    if not live_sides or (phase != "game_over" and len(live_sides) < 2):
        _fail("$.eliminated", "at least two sides stay in the match until it is over")
    dealer = r.seat(d["dealer"], "$.dealer", players=n)
    if not over and dealer in out:
        _fail("$.dealer", f"seat {dealer} dealt this round but has been eliminated")

    # -- the cards ---------------------------------------------------------------------------
    deck = _deck(rules, seed)
    left = dict(deck)

    def take(value: object, path: str) -> Card:
        card = _BY_NAME.get(value) if type(value) is str else None
        if card is None or card not in left:
            card = r.card_in(value, path, deck)
        k = left[card]
        if not k:
            _fail(path, f"a {_ordinal(deck[card] + 1)} {card}: the deck holds {deck[card]}")
        left[card] = k - 1
        return card

    hands_raw = r.items(d["hands"], "$.hands", "hands")
    if len(hands_raw) != n:
        _fail("$.hands", f"expected {n} hands (one per seat), not {len(hands_raw)}")
    hands: list[list[Card]] = []
    for s, h in enumerate(hands_raw):
        held = r.items(h, f"$.hands[{s}]", "a hand")
        hands.append([take(c, f"$.hands[{s}][{i}]") for i, c in enumerate(held)])
    pile = r.items(d["draw_pile"], "$.draw_pile", "the draw pile")
    for i, c in enumerate(pile):
        take(c, f"$.draw_pile[{i}]")
    discard_raw = r.items(d["discard_pile"], "$.discard_pile", "the discard pile")
    if not discard_raw:
        _fail("$.discard_pile", "the discard pile holds at least its top card")
    discard = [take(c, f"$.discard_pile[{i}]") for i, c in enumerate(discard_raw)]
    aside = r.items(d.get("set_aside", ()), "$.set_aside", "the set-aside cards")
    for i, c in enumerate(aside):
        take(c, f"$.set_aside[{i}]")
    if any(left.values()):
        missing = [f"{k} {c}" for c, k in sorted(left.items(), key=lambda i: i[0].index) if k]
        shown = ", ".join(missing[:8]) + (", ..." if len(missing) > 8 else "")
        piles = (
            "hands, draw pile, discard pile and set-aside cards"
            if aside
            else ("hands, draw pile and discard pile")
        )
        _fail("$", f"{piles} are not the deck: missing {shown}")
    r.flag(d["draw_pile_order_fixed"], "$.draw_pile_order_fixed")
    turned = r.items(d["turned"], "$.turned", "turned")
    if len(turned) > rules.deck_size:
        _fail("$.turned", f"{len(turned)} cards turned from a deck of {rules.deck_size}")
    for i, c in enumerate(turned):
        r.card_in(c, f"$.turned[{i}]", deck)
    top = discard[-1].facing(side)  # a UNO Flip! card shows the face of the side in play
    if not over:
        for seat in eliminated:
            if hands[seat]:
                _fail(f"$.hands[{seat}]", f"seat {seat} has been eliminated: it holds no cards")

    knocked = set(r.seats(d.get("knocked_out", ()), "$.knocked_out", n))
    if knocked and not over:
        for seat in knocked:
            if seat in out:
                _fail("$.knocked_out", f"seat {seat} has been eliminated from the match")
            if hands[seat]:
                _fail(f"$.hands[{seat}]", f"seat {seat} is knocked out: its hand is set aside")
        if len(knocked | out) >= n - 1:
            _fail("$.knocked_out", "the round ends when one player is left standing (NM1.8)")
    if aside and not knocked:
        _fail("$.set_aside", "cards are set aside only from a knocked-out hand (NM1.8)")
    out = out | knocked if not over else out  # a knocked-out seat takes no turn

    # -- the round's end and the match's -------------------------------------------------
    round_winner = r.opt_seat(d["round_winner"], "$.round_winner", n)
    points = d["round_points"]
    winner = d["winner"]
    if winner is not None:
        r.whole(winner, "$.winner", "the winner (a side)", 0, n_sides)
        if winner not in live_sides:
            _fail("$.winner", f"the winner {winner} has been eliminated")
    if (winner is not None) != (phase == "game_over"):
        _fail("$.winner", "a match has a winner exactly when its phase is game_over")
    if not over:
        if round_winner is not None:
            _fail("$.round_winner", "no round winner while the round is played")
        if points is not None:
            _fail("$.round_points", "no round points while the round is played")
    else:
        if points is None:
            _fail("$.round_points", "a round that is over has its points")
        standing = bool(knocked) and len(knocked | out) == n - 1  # last one left (NM1.8)
        if round_winner is not None and hands[round_winner] and not standing:
            _fail(f"$.hands[{round_winner}]", "the round's winner went out: an empty hand")
    if points is not None:
        r.items(points, "$.round_points", "round points")
        if len(points) != n_sides:
            _fail("$.round_points", f"expected {n_sides} points (one per side), not {len(points)}")
        for i, p in enumerate(points):
            r.whole(p, f"$.round_points[{i}]", "points", 0, _BIG)

    # -- the turn ------------------------------------------------------------------------------
    direction = d["direction"]
    if type(direction) is not int or direction not in (1, -1):
        _fail("$.direction", f"direction is 1 or -1, not {_show(direction)}")
    color = r.color_or_none(d["color"], "$.color")
    if color is not None and color.side is not side:
        _fail(
            "$.color", f"{color.value} is a {color.side.value}-side color; {side.value} is in play"
        )
    current: Any = d["current_player"]
    if over:
        if current is not None:
            _fail("$.current_player", f"nobody acts in phase {phase}: expected null")
    else:
        current = r.seat(current, "$.current_player", players=n)
        if current in out:
            _fail("$.current_player", f"seat {current} has been eliminated")
    if phase == "roulette":
        if color is not None or str(top) != "WCR":
            _fail(
                "$.color",
                "in phase roulette the top card is a Wild Color Roulette whose color the"
                " victim has not named yet",
            )
    elif phase == "choose_color":
        if color is not None or not top.is_wild:
            _fail("$.color", "in phase choose_color the top card is a wild and no color is named")
    elif not over:
        if color is None:
            _fail("$.color", f"a color is in force in phase {phase}")
        if not top.is_wild and top.color is not color:
            _fail("$.color", f"the top card {top} is {top.color.value if top.color else ''}")
    r.whole(d["rng_counter"], "$.rng_counter", "rng_counter", 0, _BIG)
    pending = r.whole(
        d["pending_draw"], "$.pending_draw", "pending_draw", 0, 4 * rules.deck_size + 1
    )
    # What a challenge's top card makes its victim draw: 4 (Wild Draw Four), 2 (UNO Flip!'s
    # Wild Draw Two) or until the color named (its Wild Draw Color: no count pending).
    wild_draw = _WILD_DRAW_PENDING.get(top.rank, 4) if phase == "challenge" else None
    if wild_draw is not None and wild_draw not in (4, pending):
        _fail("$.pending_draw", f"a {top} awaits: {wild_draw} cards pending")
    if wild_draw == 4 and pending < 4:
        _fail("$.pending_draw", "a Wild Draw Four awaits: at least 4 cards pending")
    if phase == "penalty" and pending < 1:
        _fail("$.pending_draw", "a penalty awaits: at least 1 card pending")
    stacks = rules.stacking is not Stacking.NONE
    if phase == "penalty" and not stacks and not rules.skip_bounce:
        # A penalty waits for its victim only where it can be answered (A18, C16).
        _fail("$.phase", "phase penalty exists only under stacking or skip_bounce")
    if wild_draw == 4 and not stacks and pending != 4:
        _fail("$.pending_draw", "without stacking a Wild Draw Four's penalty is 4 cards")
    if phase not in ("challenge", "penalty") and pending:
        _fail("$.pending_draw", f"no cards are pending in phase {phase}: expected 0")
    ch = d["challenge"]
    if (ch is not None) != (phase == "challenge"):
        _fail("$.challenge", "a challenge record exists exactly in phase challenge")
    if ch is not None:
        if not isinstance(ch, Mapping):
            _fail("$.challenge", f"the challenge is an object, not {_show(ch)}")
        for key in ch:
            if key not in _CHALLENGE_KEYS:
                _fail("$.challenge", f"unknown key {_show(key)}")
        for key in _CHALLENGE_KEYS:
            if key not in ch:
                _fail("$.challenge", f"missing {key!r}")
        offender = r.seat(ch["offender"], "$.challenge.offender", players=n)
        if offender in out or offender == current:
            _fail("$.challenge.offender", "the offender is another seat still in the match")
        r.flag(ch["guilty"], "$.challenge.guilty")
        previous = r.color_or_none(ch["previous_color"], "$.challenge.previous_color")
        if previous is None:
            _fail("$.challenge.previous_color", "the color in force before the Wild Draw Four")
        if previous.side is not side:
            _fail("$.challenge.previous_color", f"a color of the {side.value} side in play")
        if top.rank not in _WILD_DRAW_PENDING:
            _fail("$.discard_pile", "in phase challenge the top card is a Wild Draw Four")
        if rules.wd4_bluff is WildDrawFourBluff.TAKE_BACK and len(discard) < 2:
            _fail("$.discard_pile", "a Wild Draw Four that may be taken back lies on a card")
    drawn = d["drawn_card"]
    if (drawn is not None) != (phase == "drawn"):
        _fail("$.drawn_card", "a drawn card is named exactly in phase drawn")
    if drawn is not None:
        card = r.card_in(drawn, "$.drawn_card", deck)
        face = card.facing(side).face
        if card not in hands[current]:
            _fail("$.drawn_card", f"{card} is not in the hand of player {current}, who drew it")
        if not rules.play_drawn_card:
            _fail("$.phase", "phase drawn needs rules where a drawn card may be laid (R4.4)")
        # The drawn phase is entered only for a card that matches (R4.4), and nothing
        # changes the top card or the color before the drawer lays the card or passes.
        from unorules._engine.legality import matching  # noqa: PLC0415 (built on this)

        if face not in matching(top, color):
            _fail(
                "$.drawn_card",
                f"{card} does not match {top} (color {color.value if color else '-'}): the"
                " drawn phase holds only a drawn card that may be laid (R4.4)",
            )

    # -- what stays open between turns ----------------------------------------------------
    fields = ("uno_open", "uno_overdue", "lost_turns")
    listed = {f: r.seats(d[f], f"$.{f}", n, unique=f != "lost_turns") for f in fields}
    for f, seats in listed.items():
        if over and seats:
            _fail(f"$.{f}", f"nothing is open in phase {phase}: expected []")
        for i, seat in enumerate(seats):
            if seat in out:
                _fail(f"$.{f}[{i}]", f"seat {seat} has been eliminated")
            if f != "lost_turns" and len(hands[seat]) != 1:
                _fail(f"$.{f}[{i}]", f"seat {seat} owes an UNO call but does not hold one card")
    if listed["uno_overdue"] and rules.uno_window is not UnoWindow.UNTIL_OFFENDER_TURN:
        _fail("$.uno_overdue", "a call is overdue only under the Swedish window (C9)")
    both = set(listed["uno_open"]) & set(listed["uno_overdue"])
    if both:
        _fail("$.uno_overdue", f"seat {min(both)} is in uno_open too")
    lock = d["answer_lock"]
    if type(lock) is not int or lock != -1:
        # The seat that may not answer a Reverse with a symbol (C6): usually the seat to
        # move, but a drawn card kept can leave it set for the turn after (engine 0.1).
        lock = r.seat(lock, "$.answer_lock", players=n)
        if over or lock in out:
            _fail("$.answer_lock", "the answer lock is -1 or a seat still in the round")
    active = n - len(out)
    if over:
        r.whole(d["idle_turns"], "$.idle_turns", "idle_turns", 0, n + 1)
    else:
        # The round ends as stuck once every seat in play has drawn nothing (C15).
        r.whole(d["idle_turns"], "$.idle_turns", "idle_turns", 0, active)
    limit = rules.round_turn_limit
    if limit:
        # A round ends once it has made round_turn_limit turn actions (C15).
        r.whole(d[_LIMITED], f"$.{_LIMITED}", "turn_actions", 0, limit + 1 if over else limit)
    if "known" in d:
        _check_known(r, d["known"], hands, out, deck)


def _check_known(
    r: _Reader, value: object, hands: list[list[Card]], out: set[int], deck: Mapping[Card, int]
) -> None:
    """What seats know of other hands: each entry a seat in play, another seat's hand, and
    cards that hand holds (written only when something is known)."""
    entries = r.items(value, "$.known", "known")
    if not entries:
        _fail("$.known", "written only when a seat knows a card of another hand: not []")
    n = len(hands)
    if len(entries) > n * (n - 1):
        _fail("$.known", f"{len(entries)} entries for {n} seats (one per seat and other hand)")
    seen: set[tuple[int, int]] = set()
    for i, entry in enumerate(entries):
        at = f"$.known[{i}]"
        if not isinstance(entry, Mapping):
            _fail(at, f"an entry is an object, not {_show(entry)}")
        for key in entry:
            if key not in _KNOWN_KEYS:
                _fail(at, f"unknown key {_show(key)}")
        for key in _KNOWN_KEYS:
            if key not in entry:
                _fail(at, f"missing {key!r}")
        seat = r.seat(entry["seat"], f"{at}.seat", players=n)
        owner = r.seat(entry["of"], f"{at}.of", players=n)
        if owner == seat:
            _fail(f"{at}.of", f"seat {seat} knows its own hand: list only other hands")
        if seat in out or owner in out:
            _fail(at, "an eliminated seat neither knows nor holds cards")
        if (seat, owner) in seen:
            _fail(at, f"seat {seat}'s knowledge of hand {owner} is listed twice")
        seen.add((seat, owner))
        cards = r.items(entry["cards"], f"{at}.cards", "the known cards")
        if not cards:
            _fail(f"{at}.cards", "an entry knows at least one card")
        held = list(hands[owner])
        for j, c in enumerate(cards):
            card = r.card_in(c, f"{at}.cards[{j}]", deck)
            if card not in held:
                _fail(
                    f"{at}.cards[{j}]",
                    f"seat {seat} knows {card} in hand {owner}, which does not hold"
                    + (" another" if card in hands[owner] else " it"),
                )
            held.remove(card)


_BY_NAME: Final = CARD_BY_NAME
"""The cards by their notation (:data:`unorules._json.CARD_BY_NAME`) under a name of this
module: ``take`` reads it for every card of a state, and read through the imported name
instead a state's check costs 7% more instructions under CPython 3.11 (callgrind)."""
_RULES: dict[str, Rules] = {}
_RULES_MAX: Final = 64


def _rules(options: Mapping[str, Any]) -> Rules:
    """The rules of ``options`` (changes to the mattel profile), remembered for the few
    rule sets a program's states use."""
    try:
        key = json.dumps(options, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        key = None
    found = _RULES.get(key) if key is not None else None
    if found is None:
        try:
            found = _rules_from_options(MATTEL, options)
        except (RulesError, TypeError, ValueError, KeyError, AttributeError) as err:
            _fail("$.rules", str(err)[:200])
        if key is not None:
            if len(_RULES) >= _RULES_MAX:
                _RULES.clear()
            _RULES[key] = found
    return found


_DECKS: dict[object, dict[Card, int]] = {}


def _deck(rules: Rules, seed: int) -> dict[Card, int]:
    """How many of each card the deck of ``rules`` holds (UNO Flip!'s light face up; a
    random pairing is the match's, drawn from its ``seed``)."""
    pairing = rules.flip_pairing
    key = (rules.composition, pairing, seed if pairing == "random" else 0)
    found = _DECKS.get(key)
    if found is None:
        found = {}
        for c in rules.deck(seed):
            found[c] = found.get(c, 0) + 1
        if len(_DECKS) >= 64:
            _DECKS.clear()
        _DECKS[key] = found
    return found


_WILD_DRAW_PENDING: Final[dict[Rank, int]] = {
    Rank.WILD_DRAW_FOUR: 4,
    Rank.WILD_DRAW_TWO: 2,
    Rank.WILD_DRAW_COLOR: 0,
}


def _ordinal(k: int) -> str:
    words = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
    return words.get(k, f"{k}th")
