"""A minimal game server loop: each player is sent only their own view of the game.

The server holds the one true :class:`unorules.State`. Players are clients that never
see it: the server sends each one :func:`unorules.observe` (their hand, the hand sizes,
the public piles, their legal moves) and applies the action they send back. A reply the
rules do not allow is answered with the error code and message, and the player is asked
again. Players whose turn it is not are asked too, so they can catch a forgotten UNO.

A reply is an action, or the action as JSON (the object a network client sends, decoded
or as a line of text), read by the library's one reader of actions
(:mod:`unorules.formats.jsonio`). Anything else (a string that is not an action, None on
the player's turn, a list, a number) is answered with code ``malformed`` and the JSON
path of the problem. No reply stops the server or changes the game: it is refused, or it
is one of the moves the rules allow.

Every reply goes through :func:`unorules.apply_from_seat`, the trust boundary: it accepts
only one of the legal actions of the seat that sent it, so a client cannot act for
another seat, deal, or choose or probe the cards it draws (``drawn=``, ``hands=``: code
``host_only``), and no error message it gets back names a card it cannot see.

Everything runs in one process; over a network the view and the action would be sent as
JSON, and nothing else would change. The seed is drawn from the operating system; a fixed
``--seed`` is for tests and demos only (whoever knows it knows every card), so the server
warns when given one. Rounds are bounded by the house rule ``round_turn_limit``
(``--turn-limit``, 1000 turn actions), and a reply that changes nothing (a call of UNO
that protects nobody: always legal) is not a move, so players who stall on purpose
cannot keep one going for ever: a player who sent one out of turn is not asked again
until something happens, and on its turn it counts as one of its three tries, after
which the server moves for it. A round that reaches the limit ends with no winner.

    python examples/game_server.py --players 3 --rounds 2
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Sequence
from typing import Final, Protocol, get_args

import unorules as uno
from unorules.formats import jsonio

ACTIONS: Final = get_args(uno.Action)
"""The action classes: a reply of one of them is taken as it is."""


class Client(Protocol):
    """What the server needs from a player."""

    name: str

    def on_view(self, view: uno.View) -> object:
        """The player's reply to a view of the game: an action, the action as JSON (a
        decoded object such as ``{"player": 0, "draw": true}``, or a line of text), or
        None (nothing to do: allowed only when it is not this player's turn)."""
        ...

    def on_error(self, code: str, message: str) -> None:
        """The server rejected the last reply."""
        ...


class BotClient:
    """A bot that decides from its view alone: plays its most common color, keeps wilds
    for last, says UNO with its play, catches others who forget."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.errors: list[str] = []

    def on_view(self, view: uno.View) -> uno.Action | None:
        catches = [a for a in view.legal_actions if isinstance(a, uno.CatchUno)]
        if catches:
            return catches[0]
        if view.current_player != view.player:
            return None
        skip = (uno.CallUno, uno.CatchUno, uno.Challenge)
        actions = [a for a in view.legal_actions if not isinstance(a, skip)]
        plays = [a for a in actions if isinstance(a, uno.Play)]
        if not plays:
            return actions[0]
        colors = collections.Counter(c.color for c in view.hand if c.color is not None)

        def score(play: uno.Play) -> tuple[int, int, int]:
            color = play.card.color or play.color
            held = colors[color] if color else 0
            return (int(not play.card.is_wild), held, int(play.uno))

        return max(plays, key=score)

    def on_error(self, code: str, message: str) -> None:
        self.errors.append(code)


class SloppyClient(BotClient):
    """A careless player: on its turn it first tries the first card in its hand, fitting
    or not, and it never says UNO. The server's checks keep the game honest."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.rebuked = False

    def on_view(self, view: uno.View) -> uno.Action | None:
        careless = not self.rebuked and view.phase is uno.Phase.PLAY and view.hand
        self.rebuked = False
        if view.current_player == view.player and careless:
            card = view.hand[0]
            return uno.Play(view.player, card, uno.Color.RED if card.is_wild else None)
        reply = super().on_view(view)
        if isinstance(reply, uno.Play) and reply.uno:  # forgets to say UNO
            reply = uno.Play(reply.player, reply.card, reply.color, target=reply.target)
        return reply

    def on_error(self, code: str, message: str) -> None:
        super().on_error(code, message)
        self.rebuked = True


def read_reply(reply: object) -> uno.Action:
    """The action a client's reply asks for: an action as it is, else the action its JSON
    describes (a decoded object, or a line of text). Raises
    :class:`~unorules.formats.jsonio.JSONError`, naming the JSON path, for anything else.

    Whether the action may be taken is :func:`unorules.apply_from_seat`'s to say.
    """
    if isinstance(reply, uno.Action) and type(reply) in ACTIONS:  # not a subclass
        return reply
    if isinstance(reply, str | bytes):
        return jsonio.action_from_json(reply)
    return jsonio.action_from_dict(reply)


class Server:
    """Runs a match: the only place where the full state exists."""

    def __init__(self, clients: Sequence[Client], rules: str | uno.Rules, seed: int | None) -> None:
        self.clients = list(clients)
        self.state = uno.new_game([c.name for c in clients], rules, seed=seed)
        self.rejected: collections.Counter[str] = collections.Counter()
        self.caught: collections.Counter[str] = collections.Counter()
        self.quiet: set[int] = set()
        """Seats whose last reply out of turn changed nothing: not asked again until
        something happens (else a player who always says UNO stalls the game)."""

    def send(self, seat: int) -> uno.Action | None:
        """Send one player their view; return the action they sent if the rules accept it
        and it changes the game (on their turn, a reply that is refused or changes nothing
        is one more try). A refused reply is answered with its code and message, and the
        game is unchanged."""
        turn = seat == self.state.current_player
        for _ in range(3):
            reply = self.clients[seat].on_view(uno.observe(self.state, seat))
            if reply is None and not turn:
                return None
            before = self.state
            try:
                action = read_reply(reply)
                self.state = uno.apply_from_seat(before, seat, action)
            except jsonio.JSONError as err:  # not an action at all
                self.refuse(seat, uno.ErrorCode.MALFORMED.value, f"not an action: {err}")
                continue
            except uno.IllegalAction as err:  # an action the rules do not allow now
                self.refuse(seat, err.code.value, str(err))
                continue
            if self.state == before:  # a call of UNO that protects nobody: no move
                if turn:
                    continue
                self.quiet.add(seat)
            else:
                self.quiet.clear()
            return action
        return None

    def refuse(self, seat: int, code: str, message: str) -> None:
        """Answer a refused reply of ``seat``: its code and message, counted."""
        self.clients[seat].on_error(code, message)
        self.rejected[code] += 1

    def step(self) -> str:
        """One move of the game, described."""
        state = self.state
        if state.phase is uno.Phase.ROUND_OVER:
            self.state = uno.apply(state, uno.NextRound())
            self.quiet.clear()
            return f"round {self.state.round + 1}: {self.clients[self.state.dealer].name} deals"
        current = state.current_player
        assert current is not None
        for seat in range(state.players):  # out-of-turn replies: catches
            if seat != current and seat not in self.quiet:
                action = self.send(seat)
                if isinstance(action, uno.CatchUno):
                    self.caught[self.clients[action.target].name] += 1
                if action is not None:
                    return f"{self.clients[seat].name}: {action}"
        action = self.send(current)
        if action is None:  # three bad replies: the server moves for the player
            action = uno.legal_actions(self.state, current)[0]
            self.state = uno.apply(self.state, action)
            self.quiet.clear()
            return f"{self.clients[current].name} (timed out): {action}"
        return f"{self.clients[current].name}: {action}"

    def run(self, rounds: int, *, verbose: bool = False) -> uno.State:
        while self.state.phase is not uno.Phase.GAME_OVER:
            if self.state.phase is uno.Phase.ROUND_OVER and self.state.round + 1 >= rounds:
                break
            line = self.step()
            if verbose:
                print(line)
        return self.state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, help="2 to 10 (3)")
    parser.add_argument("--rules", default="mattel", help="a profile name (mattel)")
    parser.add_argument(
        "--seed", type=int, default=None, help="fixes every shuffle (tests and demos only)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="rounds to play at most (1)")
    parser.add_argument(
        "--turn-limit",
        type=int,
        default=1000,
        help="turn actions that end a round with no winner (1000; 0: no limit)",
    )
    parser.add_argument("--verbose", action="store_true", help="print every move")
    args = parser.parse_args(argv)
    if args.seed is not None:
        print(
            "warning: --seed fixes every shuffle: whoever knows the seed knows every card;"
            " use it for tests and demos only, never for a hosted game",
            file=sys.stderr,
        )
    clients: list[Client] = [SloppyClient("Sloppy")]
    clients += [BotClient(f"Bot {seat}") for seat in range(1, args.players)]
    try:
        rules = uno.get_profile(args.rules).but(round_turn_limit=args.turn_limit)
        server = Server(clients, rules, args.seed)
    except (KeyError, ValueError) as err:  # an unknown profile, a bad option or table
        parser.error(str(err).strip("'\""))
    state = server.run(args.rounds, verbose=args.verbose)
    for seat, client in enumerate(clients):
        left = len(state.hands[seat])
        caught = server.caught[client.name]
        print(
            f"{client.name:<8} {left:>2} cards left, score {state.scores[seat]:>3},"
            f" caught without UNO {caught} time{'s' * (caught != 1)}"
        )
    rejected = ", ".join(f"{code} x{n}" for code, n in sorted(server.rejected.items()))
    print(f"rounds played: {state.round + 1}; replies rejected: {rejected or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
