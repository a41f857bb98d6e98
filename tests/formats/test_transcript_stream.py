"""Validation that streams (issue 11, item 3): JSON Lines read game by game with bounded
memory, oversized games reported as ``malformed`` instead of read, ``unorules validate
/dev/zero`` answered, ``--jobs N`` giving exactly the report of one job, and progress on
stderr only when stderr is a terminal."""

from __future__ import annotations

import io
import json
import os
import tracemalloc
from pathlib import Path

import pytest

from unorules.cli import main
from unorules.cli import validate as _validating
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"

Capture = pytest.CaptureFixture[str]


def seeded(actions: list[dict[str, object]], *, seed: int = 1, players: int = 2) -> str:
    return json.dumps(
        {
            "format": "unorules/1",
            "rules": "mattel",
            "players": players,
            "seed": seed,
            "rounds": [{"actions": actions}],
        }
    )


def corpus_lines(count: int) -> list[str]:
    """Short games, valid and invalid in turn, and a few lines that are not JSON."""
    lines = []
    for i in range(count):
        if i % 7 == 3:
            lines.append("not json")
        elif i % 2:
            lines.append(seeded([{"player": 0, "draw": True}], seed=i))
        else:
            lines.append(seeded([{"player": 1, "draw": True}], seed=i))  # not_your_turn
    return lines


# == reading game by game ========================================================================


def test_stream_gives_the_games_read_gives(tmp_path: Path) -> None:
    p = tmp_path / "games.jsonl"
    p.write_bytes(b'{"a": 1}\n\n  \n[2]\r\nlast')
    assert [(s.line, s.text) for s in transcript.stream(p)] == [
        (1, b'{"a": 1}'),
        (4, b"[2]\r"),
        (5, b"last"),
    ]
    assert transcript.read(p) == list(transcript.stream(p))
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"\n\n")
    assert [(s.line, s.text) for s in transcript.stream(empty)] == [(None, b"")]


def test_stream_opens_the_file_lazily_and_raises_oserror(tmp_path: Path) -> None:
    games = transcript.stream(tmp_path / "missing.jsonl")  # nothing happens yet
    with pytest.raises(FileNotFoundError):
        next(games)


def test_an_oversized_line_is_malformed_and_names_the_line(tmp_path: Path) -> None:
    p = tmp_path / "games.jsonl"
    good = seeded([])
    p.write_text(f"{good}\n{'[' * 500}\n{good}\n", encoding="utf-8")
    found = list(transcript.stream(p, limit=len(good)))
    assert [s.line for s in found] == [1, 2]  # the line after the oversized one is not read
    report = found[1].validate()
    assert report.error is not None
    assert report.error.code.value == "malformed"
    assert report.error.message == (
        f"line 2 is longer than {len(good)} bytes, the most one game may take:"
        " the rest of the file is not read"
    )
    with pytest.raises(transcript.TranscriptError, match="line 2 is longer"):
        found[1].load()
    assert found[0].validate().valid


def test_a_line_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    good = seeded([])
    p = tmp_path / "games.jsonl"
    p.write_text(f"{good}\n{good}", encoding="utf-8")
    found = list(transcript.stream(p, limit=len(good)))
    assert [s.validate().valid for s in found] == [True, True]


def test_an_oversized_json_file_is_malformed(tmp_path: Path) -> None:
    p = tmp_path / "game.json"
    p.write_text(seeded([]) + " " * 100, encoding="utf-8")
    (source,) = transcript.stream(p, limit=100)
    assert str(source.validate()) == (
        "invalid at $ (malformed): the file is larger than 100 bytes, the most one game may take"
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_validate_dev_zero_reports_instead_of_hanging(capsys: Capture, tmp_path: Path) -> None:
    code = main(["validate", "/dev/zero"])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == (
        "/dev/zero: invalid at $ (malformed): the file is larger than 16 MiB, the most one game"
        " may take\n"
    )
    assert err == ""
    lines = tmp_path / "zero.jsonl"
    lines.symlink_to("/dev/zero")
    code = main(["validate", str(lines)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert out == (
        f"{lines}:1: invalid at $ (malformed): line 1 is longer than 16 MiB, the most one game"
        " may take: the rest of the file is not read\n"
    )


def test_memory_does_not_grow_with_the_file(tmp_path: Path) -> None:
    """Validating ten times as many games takes no more memory (the old reader held every
    line of the file at once: more than 2 MB more here)."""
    line = json.dumps({"format": "unorules/1", "pad": "x" * 200}).encode() + b"\n"

    def peak(count: int) -> int:
        p = tmp_path / f"{count}.jsonl"
        p.write_bytes(line * count)
        tracemalloc.start()
        try:
            reports = transcript.validate_many(transcript.stream(p))
            assert sum(1 for _, report in reports if not report.valid) == count
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(100)  # warm the caches
    small, large = peak(1_000), peak(10_000)
    assert large < small + 256 * 1024


# == several processes, one report ===============================================================


def test_validate_many_keeps_the_order_and_the_reports_for_any_jobs(tmp_path: Path) -> None:
    p = tmp_path / "games.jsonl"
    p.write_text("\n".join(corpus_lines(300)) + "\n", encoding="utf-8")
    one = list(transcript.validate_many(transcript.stream(p), jobs=1))
    two = list(transcript.validate_many(transcript.stream(p), jobs=2))
    assert [s.line for s, _ in one] == list(range(1, 301))
    assert one == two
    assert [r.to_dict() for _, r in one] == [s.validate().to_dict() for s in transcript.read(p)]
    assert all(r.state is None for _, r in one + two)
    with pytest.raises(ValueError, match="jobs is 0"):
        list(transcript.validate_many([], jobs=-1))


def test_cli_jobs_gives_the_same_output_as_one_job(capsys: Capture, tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join(corpus_lines(250)) + "\n", encoding="utf-8")
    files = [
        str(EXAMPLES / "mattel-valid.json"),
        str(big),
        str(tmp_path / "missing.json"),
        str(EXAMPLES / "games.jsonl"),
        str(EXAMPLES / "mattel-invalid-malformed.json"),
    ]
    outputs = {}
    for jobs in ("1", "2", "0"):
        for mode in ([], ["--json"]):
            code = main(["validate", *files, "--jobs", jobs, *mode])
            out, err = capsys.readouterr()
            assert code == 2  # a file cannot be opened
            assert err == f"unorules: cannot open {files[2]}: No such file or directory\n"
            outputs[jobs, bool(mode)] = out
    assert outputs["1", False] == outputs["2", False] == outputs["0", False]
    assert outputs["1", True] == outputs["2", True] == outputs["0", True]
    text = outputs["1", False].splitlines()
    assert len(text) == 1 + 250 + 4 + 1
    assert text[1].startswith(f"{big}:1: invalid at round 1, action 1 (not_your_turn)")
    entries = json.loads(outputs["1", True])
    assert outputs["1", True] == json.dumps(entries, indent=2) + "\n"  # the same layout
    assert [e["line"] for e in entries[1:251]] == list(range(1, 251))


def test_cli_json_of_no_game_is_an_empty_array(capsys: Capture, tmp_path: Path) -> None:
    code = main(["validate", "--json", str(tmp_path / "none.json")])
    out, _ = capsys.readouterr()
    assert (code, out) == (2, "[]\n")


def test_cli_jobs_must_not_be_negative(capsys: Capture) -> None:
    code = main(["validate", str(EXAMPLES / "mattel-valid.json"), "--jobs", "-1"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err == "unorules validate: error: --jobs: 0 (one per CPU) or more\n"


# == progress ====================================================================================


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_for_long_runs_only() -> None:
    now = [0.0]
    err = Terminal()
    progress = _validating._Progress(err, delay=1.0, every=0.5, clock=lambda: now[0])
    progress.update(1, "a.jsonl:1")
    assert err.getvalue() == ""  # a short run shows nothing
    now[0] = 1.2
    progress.update(2, "a.jsonl:2")
    now[0] = 1.3
    progress.update(3, "a.jsonl:3")  # too soon after the last
    now[0] = 1.8
    progress.update(40, "a.jsonl:40")
    progress.close()
    assert err.getvalue() == (
        "\runorules validate: 2 games checked (a.jsonl:2)"
        "\runorules validate: 40 games checked (a.jsonl:40)"
        "\r" + " " * len("unorules validate: 40 games checked (a.jsonl:40)") + "\r"
    )


def test_no_progress_when_stderr_is_not_a_terminal() -> None:
    err = io.StringIO()
    progress = _validating._Progress(err, delay=0.0, every=0.0)
    progress.update(1, "a.jsonl:1")
    progress.close()
    assert err.getvalue() == ""


def test_the_command_shows_progress_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    p = Path("games.jsonl")
    p.write_text("\n".join(corpus_lines(20)) + "\n", encoding="utf-8")
    out, err = io.StringIO(), Terminal()
    code = _validating.run([str(p)], rules=None, as_json=False, jobs=1, out=out, err=err)
    assert code == 1
    assert len(out.getvalue().splitlines()) == 20
    assert err.getvalue() == ""  # shorter than a second: no progress line
    monkeypatch.setattr(_validating, "_DELAY", 0.0)
    monkeypatch.setattr(_validating, "_EVERY", 0.0)
    out, err = io.StringIO(), Terminal()
    _validating.run([str(p)], rules=None, as_json=False, jobs=1, out=out, err=err)
    last = f"unorules validate: 20 games checked ({p}:20)"
    assert err.getvalue().startswith(f"\runorules validate: 1 game checked ({p}:1)")
    assert err.getvalue().endswith(f"\r{last}\r{' ' * len(last)}\r")
    assert len(out.getvalue().splitlines()) == 20  # the report itself is unchanged
