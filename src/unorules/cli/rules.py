"""``unorules rules``: the rule profiles side by side.

>>> from unorules.cli import main
>>> main(["rules", "mattel", "swedish", "--diff"])
option                  mattel            swedish              rules
...
voluntary_draw          yes               no                   ...
...
0
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from unorules.cli._common import EXIT_OK, Verb, profile
from unorules.rules import PROFILES, compare_profiles, get_profile, option_docs, rules_to_options


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules rules``."""
    profiles = ", ".join(PROFILES)
    p.add_argument("names", nargs="*", metavar="NAME", help=f"profiles ({profiles})")
    p.add_argument("--diff", action="store_true", help="only the options that differ")
    p.add_argument("--json", action="store_true", help="print JSON (option values as JSON)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules rules``."""
    names: list[str] = list(args.names) or list(PROFILES)
    for name in names:
        profile(name)
    rows = compare_profiles(names)
    if args.diff:
        rows = [row for row in rows if len(set(row[2])) > 1]
    if args.json:
        options = {n: rules_to_options(get_profile(n)) for n in names}
        docs = option_docs()
        data = {
            "profiles": names,
            "options": [
                {
                    "option": option,
                    "rule": rule,
                    "help": docs[option][0],
                    "values": {n: options[n][option] for n in names},
                }
                for option, rule, _ in rows
            ],
        }
        print(json.dumps(data, indent=2), file=out)
        return EXIT_OK
    header = ["option", *names, "rules"]
    table = [header, *[[option, *shown, rule] for option, rule, shown in rows]]
    cap = 24  # a long value shared by every profile spans the columns instead of widening them
    widths = [
        max(len(row[i]) for row in table if i == 0 or len(row[i]) <= cap)
        for i in range(len(header))
    ]
    for row in table:
        values = row[1:-1]
        if len(values) > 1 and len(set(values)) == 1 and len(values[0]) > cap:
            cells = [row[0].ljust(widths[0]), f"{values[0]} (all)", row[-1]]
        else:
            cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=True)]
        print("  ".join(cells).rstrip(), file=out)
    return EXIT_OK


VERB = Verb(
    "rules",
    "show the rule profiles side by side",
    "Show every rule option of the named profiles (default: all) side by side.",
    add_arguments,
    run,
    "unorules rules swedish danish --diff",
)
