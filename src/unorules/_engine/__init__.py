"""The engine's rooms: one module per rule or job, behind the public facade
:mod:`unorules.engine`. Nothing here is public API.

Each module imports only the ones listed before it (``tests/game/test_engine_design.py``
holds that order), so a reader can take them in this order and find every rule in one
place. :mod:`unorules.state` (the value, its draft and ``freeze``, the one place a draft
becomes a :class:`~unorules.State`) sits between ``calls`` and ``knowledge``: the state
imports ``gate`` and ``calls``, whose values it holds, and no other room.

=================  ===============================================================
``gate``           which rules admit the fast paths, derived from each option's
                   declaration (``Rules`` field metadata ``"fast"``)
``calls``          the UNO call window as one value: who owes a call, the call, the
                   catch, the false call's cost
``knowledge``      what a seat knows of another hand: a hand shown to a
                   challenger, a Wild Draw Four taken back, hands moved by Seven-O
``mercy``          the Mercy rule (No Mercy): a hand that reaches the count is
                   knocked out, set aside until the next rebuild
``piles``          the draw pile: drawing, cards named by ``drawn=``, the rebuild
                   from the discard pile; taking cards into and out of hands
``turns``          turn flow: the next seat, skips, lost turns, the answer lock
                   after a Reverse, closing an action, the end of a round
``legality``       what may be laid: matching, wild restrictions, the last card,
                   the Wild Draw Four bluff test, what stacks on a penalty, several
                   cards at once
``challenge``      a Wild Draw Four's pending challenge and how it resolves
``laying``         what a play laid: the facts a card's effect reads
``numbers``        number cards, and Seven-O's swaps and rotations
``skip``           Skip, the Skip bounce of a Draw Two, Skip Everyone (No Mercy's,
                   and UNO Flip!'s dark one)
``draw_two``       Draw Two, stacking penalties, No Mercy's Draw cards stacked by
                   value
``reverse``        Reverse, with two players too; No Mercy's Wild Reverse Draw Four
``draws``          UNO Flip!'s Draw One and Draw Five
``flip``           UNO Flip!'s Flip: the table turned over; a wild it exposes
``wilds``          Wild, Wild Draw Four, Wild Shuffle Hands, Wild Customizable;
                   UNO Flip!'s Wild Draw Two and Wild Draw Color
``discard_all``    No Mercy's Discard All: every card of its color goes under it
``roulette``       No Mercy's Wild Color Roulette: the victim names a color and digs
``play``           laying cards: the checks, then the card's effect
``moves``          drawing, taking a penalty, keeping a drawn card, saying UNO,
                   catching, naming the first color
``setup``          a round's start: the cut, the deal, the first card; the next
                   round
``listing``        listing the legal actions
``stall``          the round turn limit (house rule ``round_turn_limit``): a round
                   that lasts too long ends as a stuck one
``general``        the general route: every action, phase and option
``fast``           the fast route: cheap admission checks in front of the same
                   rule functions the general route calls
=================  ===============================================================

A room reads the enum members it compares with as module constants
(``_PENALTY: Final = Phase.PENALTY``), not as ``Phase.PENALTY`` in its functions: on
Python 3.11 a member read off its class goes through the enum metaclass's attribute
hook, about ten times the cost of reading a global, and the compiled build keeps a
``Final`` constant as a C static. Only the messages of errors read them in place.
"""

LAYERS = (
    "gate",
    "calls",
    "knowledge",
    "mercy",
    "piles",
    "turns",
    "legality",
    "challenge",
    "laying",
    "numbers",
    "skip",
    "draw_two",
    "reverse",
    "draws",
    "flip",
    "wilds",
    "discard_all",
    "roulette",
    "play",
    "moves",
    "setup",
    "listing",
    "stall",
    "general",
    "fast",
)
"""The rooms in import order: each imports only rooms before it."""
