"""The move-by-move page: one seeded round of each built-in profile, the table after every
action. ``docs/conf.py`` writes it to ``docs/_generated/playthrough.rst`` whenever a build
starts (with the other generated files).

The text of the page (everything but the pictures) is checked against the golden file
``tests/golden/playthrough.rst`` by ``tests/docs/test_playthrough.py``, so any change in the
engine's behaviour shows there first. After a deliberate change, write the golden file
again with::

    python docs/_ext/playthrough.py > tests/golden/playthrough.rst

and read the diff: it is the change of behaviour.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import unorules as uno
from unorules.pictures import svg

PICTURES = Path(__file__).resolve().parent.parent / "_generated" / "playthrough"

ROUNDS = (
    # (profile, seed): three players; seeds picked for short rounds that show an action card.
    ("mattel", 72),
    ("mattel-108", 12),
    ("swedish", 30),
    ("danish", 46),
)
"""The rounds shown, one per built-in profile."""

PLAYERS = ("Ann", "Bo", "Cai")
LIMIT = 60
"""A round that takes more actions than this is cut short (none of the chosen ones does)."""


def policy(state: uno.State) -> uno.Action:
    """The move the page plays: a fixed, simple policy, so that the page only changes when
    the engine does. The current player lays the first card ``legal_actions`` lists (with
    UNO said when it is the next-to-last card), else names a color, challenges, draws or
    passes, in that order of preference."""
    seat = state.current_player
    assert seat is not None
    actions = uno.legal_actions(state, seat)
    for kind in (uno.Play, uno.ChooseColor, uno.Challenge, uno.Draw, uno.Pass):
        for action in actions:
            if isinstance(action, kind):
                if isinstance(action, uno.Play) and len(state.hands[seat]) == 2:
                    calling = uno.Play(seat, action.card, action.color, uno=True)
                    if uno.is_legal(state, calling):
                        return calling
                return action
    return actions[0]


def pictures(state: uno.State) -> list[str]:
    """The reST lines that show ``state`` as a picture (:func:`unorules.pictures.svg.table`, every
    hand face up), placed under each table; the picture is written to
    ``docs/_generated/playthrough/``, named by the position it shows. The golden file
    never holds these lines (see :func:`page`): the pictures have their own golden test in
    ``tests/pictures/test_svg.py``."""
    name = hashlib.sha256(state.position().encode()).hexdigest()[:16] + ".svg"
    PICTURES.mkdir(parents=True, exist_ok=True)
    path = PICTURES / name
    picture = str(svg.table(state))
    if not path.exists() or path.read_text(encoding="utf-8") != picture:
        path.write_text(picture, encoding="utf-8")
    return [f".. image:: /_generated/playthrough/{name}", "   :alt: the table", ""]


def describe(state: uno.State, action: uno.Action) -> str:
    """What ``action`` does, in words, in the state it is applied to."""
    seat = getattr(action, "player", None)
    who = state.names[seat] if isinstance(seat, int) else "the dealer"
    if isinstance(action, uno.Play):
        said = [f"lays {action.card}"]
        if action.color is not None:
            said.append(f"names {action.color.value}")
        if action.uno:
            said.append("says UNO")
        return f"{who} " + (", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0])
    if isinstance(action, uno.Draw):
        if state.pending_draw:
            return f"{who} draws the {state.pending_draw} cards pending"
        return f"{who} draws"
    if isinstance(action, uno.Pass):
        return f"{who} keeps the card drawn"
    if isinstance(action, uno.ChooseColor):
        return f"{who} names {action.color.value}"
    if isinstance(action, uno.Challenge):
        return f"{who} challenges the Wild Draw Four"
    if isinstance(action, uno.CallUno):
        return f"{who} says UNO"
    return f"{who}: {action!r}"


def _block(text: str) -> list[str]:
    return [".. code-block:: text", "", *(f"   {line}" for line in text.splitlines()), ""]


def _table(state: uno.State, *, with_pictures: bool) -> list[str]:
    lines = _block(str(state))
    lines += ["Its position:", "", *_block(state.position())]
    if with_pictures:
        lines += pictures(state)
    return lines


def round_lines(profile: str, seed: int, *, with_pictures: bool) -> list[str]:
    """The section for one seeded round of ``profile``."""
    state = uno.new_game(list(PLAYERS), profile, seed=seed)
    title = f"``{profile}``, seed {seed}"
    lines = [
        title,
        "-" * len(title),
        "",
        f"``uno.new_game({list(PLAYERS)!r}, {profile!r}, seed={seed})`` deals:",
        "",
        *_table(state, with_pictures=with_pictures),
    ]
    step = 0
    while not state.is_over and step < LIMIT:
        action = policy(state)
        said = describe(state, action)
        state = uno.apply(state, action)
        step += 1
        lines += [
            f"**{step}.** {said}: ``{action!r}``",
            "",
            *_table(state, with_pictures=with_pictures),
        ]
    return lines


def page(*, with_pictures: bool = False) -> str:
    """The whole page as reStructuredText; ``with_pictures`` adds :func:`pictures`' lines
    (the docs build does, the golden file does not)."""
    lines = [
        ".. This file is generated by docs/_ext/playthrough.py; do not edit it.",
        "",
    ]
    for profile, seed in ROUNDS:
        lines += round_lines(profile, seed, with_pictures=with_pictures)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(page(), end="")
