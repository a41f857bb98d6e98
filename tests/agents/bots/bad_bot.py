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
``huge_seat`` (a draw for a seat of 4000 digits), ``stall`` (never breaks the protocol,
and answers every ``decide`` with a call of UNO that changes nothing, when it may),
``sleepy`` (never breaks, and takes ``--sleep`` seconds over every answer), ``flood_stderr``
(never breaks, and writes ``--flood`` megabytes to its standard error at the start),
``escape`` (never breaks, and starts a helper that leaves its session with ``setsid()``,
keeps the bot's standard output open, clears its environment, writes its process id into
``--log`` and sleeps; the bot waits for it).
``--log`` appends every line received (``escape``: the helper's process id).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--sleep", type=float, default=0.0)
    parser.add_argument("--flood", type=float, default=20.0)
    args = parser.parse_args()
    if args.mode == "escape":
        helper = (
            "import os, sys, time\n"
            "os.setsid()\n"
            f"open({args.log!r}, 'w').write(str(os.getpid()))\n"
            "time.sleep(600)\n"
        )
        subprocess.Popen([sys.executable, "-c", helper], env={})  # inherits stdout
        for _ in range(1000):  # until it has left the session
            if os.path.exists(args.log) and os.path.getsize(args.log):
                break
            time.sleep(0.01)
        args.log = None
    if args.mode == "flood_stderr":
        junk = ("x" * 99 + "\n").encode()
        for _ in range(int(args.flood * 10_000)):
            sys.stderr.buffer.write(junk)
        sys.stderr.flush()
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
            if args.sleep:
                time.sleep(args.sleep)
            if args.mode == "stall":
                call = {"player": view["player"], "call_uno": True}
                say(call if call in legal else legal[0])
                continue
            if decisions < args.after or args.mode in (
                "good",
                "always_call",
                "sleepy",
                "flood_stderr",
                "escape",
            ):
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
