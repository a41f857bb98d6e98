"""Random playouts of RLCard's raw ``UnoGame``, for comparison with unorules.

RLCard (``pip install rlcard``, or ``pip install -e '.[bench]'``) is untyped, so everything
that crosses into it is ``Any``. The raw game is used, not ``rlcard.make("uno")``: the env
wrapper only adds state encoding on top, so the raw game is RLCard's fastest path.

How RLCard 1.2's UNO plays (read from rlcard/games/uno/{game,round,dealer,utils}.py):

* ``game.get_legal_actions()`` lists strings for the current player: ``"r-7"``, ``"g-skip"``,
  ``"b-draw_2"``, one ``"<c>-wild"`` per color (``r g b y``) when the hand holds a Wild,
  ``"<c>-wild_draw_4"`` per color only when nothing else is playable, else ``["draw"]``.
  A card held twice is listed twice.
* ``game.step("draw")`` is one step: the drawn card is played at once when it is a wild (its
  color drawn at random from the game's ``np_random``) or has the target's color; otherwise
  it is kept (a drawn card that only matches by number or symbol is kept too). The turn
  passes either way. So "play the drawn card when it can" is RLCard's built-in behaviour.
* No UNO calls, no challenge: a Wild Draw Four always makes the next player draw 4.
* ``game.is_over()`` is true once a hand is empty: one round, as unorules counts a game.
* Every shuffle and every random wild color comes from ``game.np_random`` (a
  ``numpy.random.RandomState``), seeded here; ``step`` also builds the next player's state
  dict (as it always does); ``allow_step_back=False`` avoids a deepcopy per step.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

try:
    from rlcard.games.uno.game import UnoGame

    np: Any = importlib.import_module("numpy")  # rlcard's dependency; Any keeps mypy off it

    AVAILABLE = True
except ImportError:  # optional dependency
    AVAILABLE = False

MAX_STEPS = 100_000

INSTALL_HINT = "rlcard not installed: pip install 'unorules[bench]'"


def version() -> str:
    """RLCard's version string, or ``"?"``."""
    try:
        import rlcard

        return str(getattr(rlcard, "__version__", "?"))
    except ImportError:
        return "?"


def choose(legal: list[str], rng: random.Random) -> str:
    """The benchmark policy on RLCard's action strings.

    A uniformly random distinct playable card, then a uniformly random color for a wild;
    ``"draw"`` only when it is the sole action. It reads the order RLCard's
    ``get_legal_actions`` builds (see the module docstring), as :func:`bench.make_policy`
    reads unorules': the four Wild Draw Four colors come alone, and the four Wild colors
    together, in ``WILD`` order.
    """
    if len(legal) == 1:
        return legal[0]  # "draw", or a single card
    if legal[0][2:] == "wild_draw_4":
        return legal[rng.randrange(4)]  # the Wild Draw Four, listed only when alone
    cards = list(dict.fromkeys(legal))  # a card held twice is listed twice
    if "r-wild" in cards:  # one card, listed once per color
        for other in _OTHER_WILDS:
            cards.remove(other)
    card = cards[rng.randrange(len(cards))]
    return _WILDS[rng.randrange(4)] if card == "r-wild" else card


_WILDS = ("r-wild", "g-wild", "b-wild", "y-wild")  # RLCard's utils.WILD
_OTHER_WILDS = _WILDS[1:]


def play(game: Any, rng: random.Random) -> int:
    """Play one RLCard round to its end with the benchmark policy; return the steps taken."""
    game.init_game()
    steps = 0
    is_over = game.is_over
    get_legal = game.get_legal_actions
    step = game.step
    while not is_over():
        step(choose(get_legal(), rng))
        steps += 1
        if steps > MAX_STEPS:  # the same hang guard as the unorules loop
            raise RuntimeError(f"an RLCard game still running after {MAX_STEPS} steps")
    return steps


def run(players: int, games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` rounds for ``players`` seats; return (seconds, steps).

    The same ``seed`` gives the same deals, the same policy choices and the same steps.
    """
    game: Any = UnoGame(allow_step_back=False, num_players=players)
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        steps += play(game, rng)
    return time.perf_counter() - start, steps
