"""A bot that plays correctly for a while, then breaks the protocol as told (for tests).

    python bad_bot.py MODE [--after N] [--log FILE]

It answers its first N decisions (``decide``) with the first legal action, then, at the
next decision, does what MODE says: ``garbage`` (a line that is not JSON), ``drawn`` (a
legal draw or play naming drawn cards), ``hands`` (a play with ``hands``), ``illegal`` (an
action not among the legal ones), ``other_seat`` (an action of another seat),
``slow`` (no answer, for a long time), ``crash`` (exit 3), ``stray`` (an answer, plus
one more line), ``huge`` (a line over 64 KiB), ``silent_hello``/``bad_hello``/``old_hello``
(a wrong handshake), ``good`` (never breaks), ``always_call`` (never breaks, and answers
every ``interject`` with a call of UNO, needed or not), ``double_encoded`` (a legal action
written as a JSON string of its JSON), ``string`` (the JSON string ``"draw"``),
``huge_seat`` (a draw for a seat of 4000 digits). ``--log`` appends every line received.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--log")
    args = parser.parse_args()
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    decisions = 0

    def say(value: object) -> None:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        if log is not None:
            log.write(line)
            log.flush()
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if args.mode == "silent_hello":
                time.sleep(60)
            elif args.mode == "bad_hello":
                say({"type": "hello", "protocol": "unorules-bot/1", "colour": "red"})
            elif args.mode == "old_hello":
                say({"type": "hello", "protocol": "unorules-bot/0"})
            else:
                say({"type": "hello", "protocol": "unorules-bot/1", "name": f"bad-{args.mode}"})
        elif kind == "interject":
            if args.mode == "always_call":  # a call of UNO, needed or not
                view = message["view"]
                say({"player": view["player"], "call_uno": True})
            else:
                say(None)
        elif kind == "decide":
            view = message["view"]
            legal = view["legal_actions"]
            if decisions < args.after or args.mode in ("good", "always_call"):
                decisions += 1
                say(legal[0])
                continue
            mode = args.mode
            if mode == "garbage":
                sys.stdout.write("I play the red seven\n")
                sys.stdout.flush()
            elif mode == "drawn":
                action = next((a for a in legal if "draw" in a), legal[0])
                say({**action, "drawn": ["W", "W", "W", "W"]})
            elif mode == "hands":
                say({"player": view["player"], "play": "WS", "color": "red", "hands": []})
            elif mode == "illegal":
                wild = {"player": view["player"], "play": "W+4", "color": "red"}
                say(wild if wild not in legal else {"player": view["player"], "pass": True})
            elif mode == "other_seat":
                say({"player": (view["player"] + 1) % len(view["hand_sizes"]), "draw": True})
            elif mode == "slow":
                time.sleep(60)
            elif mode == "crash":
                sys.exit(3)
            elif mode == "stray":  # the answer and one more line, in one write
                sys.stdout.write(json.dumps(legal[0]) + "\n" + json.dumps(legal[0]) + "\n")
                sys.stdout.flush()
                decisions += 1
            elif mode == "huge":
                sys.stdout.write("[" + "1," * 40_000 + "1]\n")
                sys.stdout.flush()
            elif mode == "double_encoded":
                say(json.dumps(legal[0]))
            elif mode == "string":
                say("draw")
            elif mode == "huge_seat":
                sys.stdout.write('{"player": 9' + "9" * 3999 + ', "draw": true}\n')
                sys.stdout.flush()
        elif kind == "bye":
            return


if __name__ == "__main__":
    main()
