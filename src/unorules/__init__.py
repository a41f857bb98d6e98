"""unorules: the UNO rules library.

An immutable game state, one pure transition :func:`apply`, the legal actions, and rule
profiles as data.

>>> import unorules as uno
>>> state = uno.new_game(["Ann", "Bo", "Cai"], rules="mattel", seed=1)
>>> while not state.is_over:
...     state = uno.apply(state, uno.legal_actions(state)[0])
>>> state.phase, state.round_winner == state.scores.index(max(state.scores))
(<Phase.ROUND_OVER: 'round_over'>, True)
"""

import sys as _sys
from typing import TYPE_CHECKING

from unorules._lazy import attribute_loader
from unorules._native import dress_public as _dress_public
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
from unorules.cards import ALL_CARDS, Card, Color, Rank, Side, build_deck
from unorules.deal import Deal
from unorules.effects import EFFECTS, Effect, EffectContext, register_effect
from unorules.engine import apply, cut_for_dealer, is_legal, legal_actions, new_game, step
from unorules.errors import ErrorCode, IllegalAction
from unorules.host import apply_from_seat, is_legal_from_seat
from unorules.rules import (
    DANISH,
    MATTEL,
    MATTEL_108,
    MATTEL_FLIP,
    MATTEL_NO_MERCY,
    PROFILES,
    SWEDISH,
    CardPoints,
    DeckCounts,
    FirstDiscard,
    FlipFirstCard,
    FlipLastCard,
    FlipWildChooser,
    MultiPlay,
    RouletteChooser,
    Rules,
    RulesError,
    Scoring,
    ShuffleHandsLastCard,
    Stacking,
    TwoPlayerReverse,
    UnoWindow,
    WildDrawFourBlockers,
    WildDrawFourBluff,
    WildRestriction,
    compare_profiles,
    get_profile,
    register_profile,
)
from unorules.sampling import sample_state
from unorules.scoring import hand_points
from unorules.state import COMPILED, Phase, State
from unorules.view import View, observe

if TYPE_CHECKING:  # loaded when first used: see __getattr__
    from unorules.studies.evaluation import tournament as tournament
    from unorules.studies.study import Comparison as Comparison
    from unorules.studies.study import Estimate as Estimate
    from unorules.studies.study import Study as Study
    from unorules.studies.study import compare as compare
    from unorules.studies.study import simulate as simulate

__version__ = "0.1.0"

# The public modules by layer, bottom to top, in reading order: the API reference documents
# each of them, grouped by layer, and a test requires a docstring example on every public
# name in them.
_PUBLIC_MODULES = (
    # the game
    "unorules.rules",
    "unorules.cards",
    "unorules.actions",
    "unorules.state",
    "unorules.position",
    "unorules.engine",
    "unorules.effects",
    "unorules.errors",
    "unorules.host",
    "unorules.scoring",
    "unorules.view",
    "unorules.sampling",
    "unorules.rng",
    "unorules.deal",
    # formats
    "unorules.formats.transcript",
    "unorules.formats.jsonio",
    # pictures
    "unorules.pictures.svg",
    "unorules.pictures.render",
    "unorules.pictures.raster",
    # agents
    "unorules.agents.bots",
    "unorules.agents.policy",
    "unorules.agents.botio",
    "unorules.agents.match",
    "unorules.agents.encoding",
    "unorules.agents.arena",
    "unorules.agents.observation",
    "unorules.agents.observation_v2",
    "unorules.agents.pettingzoo",
    "unorules.agents.gymnasium",
    "unorules.agents.openspiel",
    # studies
    "unorules.studies.study",
    "unorules.studies.evaluation",
    # the command
    "unorules.cli",
)

# The compiled build (COMPILED): mypyc drops the docstrings and annotated signatures of
# compiled modules' public names; give them back from the source (a no-op when pure).
if COMPILED:
    _dress_public(
        [_sys.modules[__name__], *(_sys.modules[m] for m in _PUBLIC_MODULES if m in _sys.modules)]
    )

__all__ = [
    "ALL_CARDS",
    "COMPILED",
    "DANISH",
    "EFFECTS",
    "MATTEL",
    "MATTEL_108",
    "MATTEL_FLIP",
    "MATTEL_NO_MERCY",
    "PROFILES",
    "SWEDISH",
    "Action",
    "CallUno",
    "Card",
    "CardPoints",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Color",
    "Deal",
    "DeckCounts",
    "Draw",
    "Effect",
    "EffectContext",
    "ErrorCode",
    "FirstDiscard",
    "FlipFirstCard",
    "FlipLastCard",
    "FlipWildChooser",
    "IllegalAction",
    "MultiPlay",
    "NextRound",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "RouletteChooser",
    "Rules",
    "RulesError",
    "Scoring",
    "ShuffleHandsLastCard",
    "Side",
    "Stacking",
    "State",
    "TwoPlayerReverse",
    "UnoWindow",
    "View",
    "WildDrawFourBlockers",
    "WildDrawFourBluff",
    "WildRestriction",
    "__version__",
    "apply",
    "apply_from_seat",
    "build_deck",
    "compare_profiles",
    "cut_for_dealer",
    "get_profile",
    "hand_points",
    "is_legal",
    "is_legal_from_seat",
    "legal_actions",
    "new_game",
    "observe",
    "register_effect",
    "register_profile",
    "sample_state",
    "step",
]

# What builds on the game loads when first used (``import unorules`` loads the game only):
# the study functions the package names, and the packages by role.
_LAZY = {
    **{name: f"unorules.studies.study:{name}" for name in ("Comparison", "Estimate", "Study")},
    **{name: f"unorules.studies.study:{name}" for name in ("compare", "simulate")},
    "tournament": "unorules.studies.evaluation:tournament",
    **{
        name: f"unorules.{name}"
        for name in (
            *("agents", "cli", "formats", "pictures", "studies"),  # the packages by role
            *("bots", "svg", "pettingzoo", "gymnasium", "openspiel"),  # the stable paths
        )
    },
}
__getattr__ = attribute_loader(__name__, _LAZY)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
