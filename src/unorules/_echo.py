"""Input echoed in error messages, capped: a message names what was wrong, but a 5 MB
string handed in must not come back as a 5 MB message.

:func:`shown` writes a Python value as ``repr`` does, :func:`shown_json` a JSON value as
JSON; both stop at :data:`ECHO_LIMIT` characters and end with an ellipsis when cut.

>>> shown("R7"), shown("x" * 100)[-6:], len(shown("x" * 5_000_000))
("'R7'", 'xxxxx…', 61)
>>> shown_json(True), shown_json([1, "a" * 80])
('true', '[1, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…')
"""

from __future__ import annotations

import json
import reprlib
from typing import Final

__all__ = ["ECHO_LIMIT", "capped", "check_seat", "shown", "shown_int", "shown_json", "writable"]

ECHO_LIMIT: Final = 60
"""The most characters of input a message echoes.

>>> ECHO_LIMIT
60
"""

_ELLIPSIS: Final = "…"

_repr = reprlib.Repr()
_repr.maxstring = ECHO_LIMIT + 2
_repr.maxother = ECHO_LIMIT + 2
_repr.maxlong = ECHO_LIMIT + 2
_repr.maxlevel = 3
for _name in ("maxlist", "maxtuple", "maxset", "maxfrozenset", "maxdeque", "maxarray"):
    setattr(_repr, _name, 8)
_repr.maxdict = 6


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + _ELLIPSIS


def capped(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` itself, at most ``limit`` characters (then an ellipsis).

    >>> capped("R1, R2"), capped("R1 " * 100)[-4:]
    ('R1, R2', 'R1 …')
    """
    return _cap(text, limit)


def shown(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)``, at most ``limit`` characters (then an ellipsis). Strings are cut
    before they are written out, and containers show their first items only, so the cost
    does not grow with the value.

    >>> shown("wild draw four"), shown(("R1",) * 1000)
    ("'wild draw four'", "('R1', 'R1', 'R1', 'R1', 'R1', 'R1', 'R1', 'R1', ...)")
    """
    if isinstance(value, str):
        return _cap(repr(value[: limit + 1]), limit)
    try:
        text = _repr.repr(value)
    except Exception:  # a value whose repr fails: name its type only
        text = f"<{type(value).__name__}>"
    return _cap(text, limit)


_LONG_INT: Final = 10**ECHO_LIMIT
_LOG10_2: Final = 0.30102999566398120


def _digits(value: int) -> int:
    """How many decimal digits ``abs(value)`` has, without writing it out (Python refuses
    to write an integer of more than 4,300 digits)."""
    value = abs(value)
    # 2**(b-1) <= value < 2**b, so the count is this estimate or one more.
    estimate = int((value.bit_length() - 1) * _LOG10_2) + 1
    return estimate + 1 if value >= 10**estimate else estimate


def shown_int(value: object, limit: int = ECHO_LIMIT) -> str:
    """:func:`shown` for a value that may be an integer too long to write: an integer of
    more than :data:`ECHO_LIMIT` digits is named by its length, never written out (which
    would be slow, and past 4,300 digits is refused by Python with a ``ValueError``).
    Any other value is :func:`shown`.

    >>> shown_int(42), shown_int(-(10**5000)), shown_int("7")
    ('42', '<a negative integer of 5001 digits>', "'7'")
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _LONG_INT:
        sign = "a negative" if value < 0 else "an"
        return f"<{sign} integer of {_digits(value)} digits>"
    return shown(value, limit)


def writable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (a JSON file, a page, a terminal): a
    string from JSON may hold a lone surrogate (``"\\ud800"``), which cannot.

    >>> writable("Åsa"), writable(chr(0xD800))
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _json_part(value: object, budget: int) -> str:
    if isinstance(value, str):
        return json.dumps(value[: budget + 1])
    if isinstance(value, list | tuple | dict):
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        parts: list[str] = []
        used = 1
        for key, item in pairs:
            if used > budget:
                parts.append(_ELLIPSIS)
                break
            part = _json_part(item, budget - used)
            if isinstance(value, dict):
                part = f"{_json_part(str(key), budget - used)}: {part}"
            parts.append(part)
            used += len(part) + 2
        inner = ", ".join(parts)
        return f"{{{inner}}}" if isinstance(value, dict) else f"[{inner}]"
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return shown(value, budget)


def shown_json(value: object, limit: int = ECHO_LIMIT) -> str:
    """``value`` as JSON text (as parsed JSON echoes best), at most ``limit`` characters
    (then an ellipsis); the cost does not grow with the value.

    >>> shown_json(None), shown_json({"hand_size": 99}), len(shown_json(["R1"] * 10**6))
    ('null', '{"hand_size": 99}', 61)
    """
    return _cap(_json_part(value, limit), limit)


def check_seat(seat: object, players: int) -> None:
    """Refuse with ``ValueError`` a seat that is not an ``int`` (a bool, a float, a string,
    a numpy integer), saying so, or an int that is not a seat of a table of ``players``.
    An int subclass is an int.

    >>> check_seat(1, 3)
    >>> check_seat(1.0, 3)
    Traceback (most recent call last):
    ...
    ValueError: a seat is an int from 0 to 2, not 1.0
    >>> check_seat(3, 3)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 3 at this table (seats 0 to 2)
    """
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError(f"a seat is an int from 0 to {players - 1}, not {shown(seat)}")
    if not 0 <= seat < players:
        raise ValueError(
            f"there is no seat {shown_int(seat)} at this table (seats 0 to {players - 1})"
        )
