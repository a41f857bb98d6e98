"""Validate a folder of recorded games (transcripts, format ``unorules/1``).

Every ``.json`` file (one game) and ``.jsonl`` file (one game a line) under the folder is
replayed move by move. Each game gets one line: valid, or where it first breaks a rule
(round and action, from 0), the stable error code and the rule's message. A summary
counts the games per error code. The exit code is 0 when every game is valid, 1 when any
is not, 2 when the folder does not exist: fit for a CI job or a cron check of a game
server's logs.

    python examples/validate_logs.py examples/transcripts
    python examples/validate_logs.py logs/ --rules mattel-108 --only-invalid
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from unorules.formats import transcript

PATTERNS = ("*.json", "*.jsonl", "*.ndjson")


def log_files(folder: Path) -> Iterator[Path]:
    """The transcript files under ``folder``, in a stable order."""
    found = {path for pattern in PATTERNS for path in folder.rglob(pattern)}
    yield from sorted(found)


def validate_folder(
    folder: Path, *, rules: str | None = None
) -> Iterator[tuple[str, transcript.Report]]:
    """(where, report) for every game in the folder: ``file`` or ``file:line``."""
    for path in log_files(folder):
        name = str(path.relative_to(folder))
        try:
            games = transcript.read(path)
        except OSError as err:
            print(f"{name}: cannot be read: {err}", file=sys.stderr)
            continue
        for game in games:
            where = name if game.line is None else f"{name}:{game.line}"
            yield where, game.validate(rules=rules)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the folder to search (recursively)")
    parser.add_argument("--rules", help="validate under this profile instead of each game's")
    parser.add_argument("--only-invalid", action="store_true", help="list invalid games only")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"not a folder: {args.folder}")

    codes: collections.Counter[str] = collections.Counter()
    games = 0
    for where, report in validate_folder(args.folder, rules=args.rules):
        games += 1
        if report.valid:
            codes["valid"] += 1
            if not args.only_invalid:
                print(f"ok       {where}: {report}")
            continue
        assert report.error is not None
        codes[report.error.code.value] += 1
        print(f"INVALID  {where}: {report}")

    invalid = games - codes["valid"]
    print(f"\n{games} game(s): {codes['valid']} valid, {invalid} invalid")
    for code, count in sorted(codes.items()):
        if code != "valid":
            print(f"  {code}: {count}")
    return 1 if invalid else 0


if __name__ == "__main__":
    try:
        code = main()
        sys.stdout.flush()  # inside the try: the last lines may meet a closed pipe too
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None
    raise SystemExit(code)
