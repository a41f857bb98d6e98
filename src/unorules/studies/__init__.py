"""Studies: what a rule changes, measured over many seeded games.

Built on the game and the agents (the bots that play the games):

=========================================  ==================================================
:mod:`unorules.studies.study`              :func:`~unorules.studies.study.simulate`,
                                           :func:`~unorules.studies.study.compare` and their
                                           mergeable results
:mod:`unorules.studies.evaluation`         :func:`~unorules.studies.evaluation.tournament`:
                                           bots and policies against each other, every one
                                           in every seat, as win rates
=========================================  ==================================================

``uno.simulate``, ``uno.compare`` and ``uno.tournament`` reach the same functions; the
package loads when first used.
"""

from unorules._lazy import attribute_loader

# The modules load when first used (``uno.studies.study``), never all at import.
__getattr__ = attribute_loader(
    __name__,
    {
        **{name: f"{__name__}.{name}" for name in ("study", "evaluation")},
        "tournament": f"{__name__}.evaluation:tournament",
    },
)
