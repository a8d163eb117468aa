"""The command line on hostile input (issue 13): output paths that are folders are refused before the game or
the tournament starts, and record or result files that are not UTF-8 JSON end in one red line, exit code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import trionfi
from trionfi import cli

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(cli.app, list(args), input=input)


def _one_error_line(result: Any, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert message in lines[0], lines[0]


def test_play_save_to_a_folder_is_refused_before_the_game(tmp_path: Path):
    result = run("play", "briscola", "--seed", "1", "--bots", "random", "--save", str(tmp_path), input="quit\n")
    _one_error_line(result, "it is a folder; give a file name")
    assert "You are seat" not in result.stdout  # the game never started
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, a folder that takes no file")
def test_play_save_where_no_file_can_be_made_is_refused_before_the_game():
    """--save /proc/x.json passed the folder checks: the whole game was played, then the record could not be
    written. Trying to open the file at the start finds it out before the first card."""
    save = "/proc/trionfi-x.json"
    result = run("play", "briscola", "--seed", "1", "--bots", "random", "--save", save, input="quit\n")
    _one_error_line(result, "cannot write the record '/proc/trionfi-x.json'")
    assert "You are seat" not in result.stdout  # the game never started


def test_an_output_file_checked_at_the_start_is_left_as_it_was(tmp_path: Path):
    kept = tmp_path / "kept.json"
    kept.write_text("not mine to change")
    cli._writable(kept, "record")
    cli._writable(tmp_path / "new.json", "record")
    assert kept.read_text() == "not mine to change" and sorted(tmp_path.iterdir()) == [kept]


@pytest.mark.parametrize("flag", ["--json", "--plot"])
def test_tournament_output_to_a_folder_is_refused_before_it_starts(tmp_path: Path, flag: str):
    folder = tmp_path / "out.png"  # a folder, even with a file-like name
    folder.mkdir()
    result = run("tournament", "briscola", "--bots", "random,random", "-n", "1", "-j", "1", flag, str(folder))
    _one_error_line(result, "it is a folder; give a file name")
    assert "duplicate deals" not in result.stdout  # no table: nothing was played
    assert list(folder.iterdir()) == []


def _files(tmp_path: Path) -> dict[str, Path]:
    record = json.dumps(trionfi.load("briscola").deal(seed=1).to_record())
    data = {
        "binary": bytes(range(256)) * 4,
        "latin-1": record.replace("briscola", "brìscola").encode("latin-1"),
        "utf-16": record.encode("utf-16"),
        "deep": b"[" * 5000 + b"]" * 5000,
        "big number": b'{"format": "trionfi", "seed": ' + b"9" * 5000 + b"}",
        "nan": b'{"format": "trionfi-tournament", "version": 1, "log": [NaN]}',
        "folder": None,
    }
    paths = {}
    for kind, content in data.items():
        path = tmp_path / f"{kind}.json"
        if content is None:
            path.mkdir()
        else:
            path.write_bytes(content)
        paths[kind] = path
    return paths


MESSAGES = {
    "binary": "is not UTF-8 text: it holds NUL bytes",
    "latin-1": "is not UTF-8 text: byte",
    "utf-16": "is UTF-16 (or UTF-32) text; save it as UTF-8",
    "deep": "nests arrays and objects too deeply",
    "big number": "holds a number too long to read",
    "nan": "holds NaN, which is not a JSON number",
    "folder": "Is a directory",
}


@pytest.mark.parametrize("kind", MESSAGES)
@pytest.mark.parametrize("command", ["replay", "ratings"])
def test_replay_and_ratings_of_files_that_are_not_utf8_json(tmp_path: Path, command: str, kind: str):
    path = _files(tmp_path)[kind]
    before = path.read_bytes() if path.is_file() else None
    result = run(command, str(path))
    _one_error_line(result, MESSAGES[kind])
    assert (path.read_bytes() if path.is_file() else None) == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": {"name": "x"}}, "briscola has no option 'name'"),
        ({"kind": "match", "deck": None, "dealer": 0}, "a match record has no 'dealer' field"),
        ({"seed": 2**64}, "a seed is a whole number from 0 to 2**64 - 1"),
        ({"actions": ["\u0301 \u0301"]}, "action 1"),
    ],
)
def test_replay_of_records_that_do_not_belong(tmp_path: Path, change: dict[str, Any], message: str):
    record = trionfi.load("briscola").deal(seed=1).to_record() | change
    if record["kind"] == "match":
        record.pop("deck", None)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    _one_error_line(run("replay", str(path)), message)


def test_comanda_command_with_hostile_text():
    _one_error_line(run("comanda", "❶"), "is no rank")
    _one_error_line(run("comanda", "K[" * 5000), "a comanda is at most 1000 characters long")


@pytest.mark.parametrize("value", ["inf", "nan", "1" * 5000, "٣١"])
def test_options_given_as_infinity_or_strange_numbers(value: str):
    result = run("play", "briscola", "-o", f"target={value}", input="quit\n")
    _one_error_line(result, "option target=")


def test_an_option_at_its_default_given_as_text_plays():
    result = run("play", "briscola", "--seed", "1", "--bots", "random", "-o", "must_follow_suit=false", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "You are seat 0" in result.stdout
