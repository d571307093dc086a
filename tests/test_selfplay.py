"""The self-play command line (sim/selfplay.py, sim/__main__.py): options, records, the summary
line, determinism and the rejection of bad options (exit status 2, one line naming the problem).
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import threading
from io import StringIO

import pytest

from conftest import ROOT, run_cli
from engine.record import read_record
from engine.rules import Rules
from sim.selfplay import Summary, run_selfplay

PRESETS = ["chitarrella", "figs", "dieci", "assi", "veneto", "tre_gradi", "dieci+tre_gradi",
           "assi+veneto"]
BOT_LINES = ["greedy,greedy,greedy,greedy", "random,random,random,random",
             "greedy,random,greedy,random", "random,greedy,greedy,random"]
SUMMARY = re.compile(
    r"^(\d+) match(?:es)?, (\d+) hands? in \d+\.\d\d s: "
    r"(\w+)\+(\w+) won (\d+), (\w+)\+(\w+) won (\d+); "
    r"points per hand (\d+\.\d\d) vs (\d+\.\d\d); scope per hand (\d+\.\d\d)$")
# With rotate_partners_every_n_games the partners change, so wins are counted by player.
ROTATING_SUMMARY = re.compile(
    r"^(\d+) match(?:es)?, (\d+) hands? in \d+\.\d\d s: wins by player "
    r"0 (\w+) (\d+), 1 (\w+) (\d+), 2 (\w+) (\d+), 3 (\w+) (\d+); "
    r"scope per hand (\d+\.\d\d)$")


def selfplay(capsys, tmp_path, *options: str, name: str = "record.jsonl"):
    """Run selfplay with ``options`` writing to a file; return (status, stdout, stderr, text)."""
    out = tmp_path / name
    status, stdout, stderr = run_cli(capsys, "selfplay", *options, "--out", str(out))
    return status, stdout, stderr, out.read_text(encoding="utf-8") if out.exists() else None


def check_summary(line: str, record: str, bots: list[str], matches: int) -> None:
    """The one-line summary agrees with the record it describes."""
    found = SUMMARY.match(line)
    assert found, f"not a summary line: {line!r}"
    evs = [json.loads(text) for text in record.splitlines()]
    hand_ends = [e for e in evs if e["ev"] == "hand_end"]
    winners = [e["winner"] for e in evs if e["ev"] == "match_end"]
    assert int(found[1]) == matches == len(winners)
    assert int(found[2]) == len(hand_ends)
    assert [found[3], found[4], found[6], found[7]] == [bots[0], bots[2], bots[1], bots[3]]
    assert [int(found[5]), int(found[8])] == [winners.count(0), winners.count(1)]
    hands = len(hand_ends) or 1
    for team, group in ((0, 9), (1, 10)):
        points = sum(e["total"][team] for e in hand_ends)
        assert found[group] == f"{points / hands:.2f}"
    scope = sum(sum(e["points"]["scope"]) for e in hand_ends)
    assert found[11] == f"{scope / hands:.2f}"


@pytest.mark.parametrize("bots", BOT_LINES)
@pytest.mark.parametrize("preset", PRESETS)
def test_selfplay_every_preset_and_bot_line(capsys, tmp_path, preset, bots):
    status, stdout, stderr, record = selfplay(capsys, tmp_path, "--preset", preset, "--seed",
                                              "17", "--matches", "2", "--bots", bots)
    assert (status, stderr) == (0, "")
    assert stdout.endswith("\n") and stdout.count("\n") == 1  # one line
    matches = read_record(record.splitlines())
    assert len(matches) == 2
    assert all(m.header["preset"] == preset and m.rules == Rules(preset) for m in matches)
    assert all(m.header["players"] == bots.split(",") for m in matches)
    assert [m.header["seed"] for m in matches] == [17, 18]  # match i uses seed S + i
    check_summary(stdout.strip(), record, bots.split(","), 2)


RULE_OPTIONS = [
    ("chitarrella", ["sum_choice=fewest_cards"]),
    ("chitarrella", ["forced_capture=turn", "napola=cap6"]),
    ("figs", ["last_play_scopa=counts", "re_bello=yes", "redeal_if_table_sum_le=10"]),
    ("chitarrella", ["declare_out=true", "grades=tre_gradi"]),
    ("tre_gradi", ["declare_out=on", "target=16"]),
    ("dieci", ["napola=full", "primiera_requires_all_suits=false"]),
    ("assi", ["ace_on_empty_table=stays", "ace_may_decline=true"]),
    ("assi+veneto", ["ace_with_ace_on_table=sweeps", "ace_sweep_scores_scopa=true"]),
    ("chitarrella", ["review_captures=first_capture", "count_own_pile=true"]),
    ("chitarrella", ["tie_at_target=countback", "dealer_rotation=fixed"]),
    ("chitarrella", ["deal_packets=3,T4,3,3", "first_dealer=first_ace"]),
    ("dieci+tre_gradi", ["grades_threshold=3", "last_play_scopa=counts_10card_only"]),
    ("chitarrella", ["target=16"]),
    ("chitarrella", ["rotate_partners_every_n_games=1"]),
]


@pytest.mark.parametrize("preset, rules", RULE_OPTIONS,
                         ids=[f"{p}-{'-'.join(r)}" for p, r in RULE_OPTIONS])
def test_selfplay_rule_options(capsys, tmp_path, preset, rules):
    bots = ["greedy", "random", "random", "greedy"]
    options = ["--preset", preset, "--seed", "3", "--matches", "3", "--bots", ",".join(bots)]
    for rule in rules:
        options += ["--rule", rule]
    status, stdout, stderr, record = selfplay(capsys, tmp_path, *options)
    assert (status, stderr) == (0, "")
    overrides = dict(rule.split("=", 1) for rule in rules)
    expected = Rules(preset, overrides)
    for name in overrides:
        assert json.loads(record.splitlines()[0])["rules"][name] == expected.to_dict()[name]
    matches = read_record(record.splitlines())
    assert len(matches) == 3 and all(m.rules == expected for m in matches)
    assert stdout.count("\n") == 1
    if "rotate_partners_every_n_games=1" in rules:
        check_rotating_summary(stdout.strip(), record, bots, 3)
    else:
        found = SUMMARY.match(stdout.strip())
        assert found, stdout
        # Every match has one winner, so the two win counts add up to the matches played.
        assert int(found[5]) + int(found[8]) == 3, stdout


def check_rotating_summary(line: str, record: str, bots: list[str], matches: int) -> None:
    """Wins by player: two winners a match, and per bot name as the record says."""
    found = ROTATING_SUMMARY.match(line)
    assert found, f"not a summary line: {line!r}"
    assert int(found[1]) == matches
    assert [found[3], found[5], found[7], found[9]] == bots
    wins = [int(found[4]), int(found[6]), int(found[8]), int(found[10])]
    assert sum(wins) == 2 * matches
    by_name = {}
    players = None
    partners = set()
    for event in map(json.loads, record.splitlines()):
        if event["ev"] == "match":
            players = event["players"]
            partners.add(tuple(sorted((players[0], players[2]))))
        elif event["ev"] == "match_end":
            for seat in (event["winner"], event["winner"] + 2):
                by_name[players[seat]] = by_name.get(players[seat], 0) + 1
    expected = {}
    for name, count in zip(bots, wins, strict=True):
        expected[name] = expected.get(name, 0) + count
    assert by_name == {name: count for name, count in expected.items() if count}
    assert len(partners) > 1  # the partners did change


def test_selfplay_rotating_partners_summary(capsys, tmp_path):
    bots = ["greedy", "random", "random", "greedy"]
    status, stdout, stderr, record = selfplay(
        capsys, tmp_path, "--seed", "30", "--matches", "6", "--bots", ",".join(bots),
        "--rule", "rotate_partners_every_n_games=2")
    assert (status, stderr) == (0, "")
    check_rotating_summary(stdout.strip(), record, bots, 6)


def test_selfplay_is_deterministic(capsys, tmp_path):
    options = ["--preset", "dieci", "--seed", "40", "--matches", "3", "--bots",
               "random,greedy,random,random", "--rule", "napola=full"]
    first = selfplay(capsys, tmp_path, *options, name="a.jsonl")
    second = selfplay(capsys, tmp_path, *options, name="b.jsonl")
    assert first[3] == second[3]
    strip_time = lambda line: re.sub(r"in \d+\.\d\d s", "", line)  # noqa: E731
    assert strip_time(first[1]) == strip_time(second[1])
    other = selfplay(capsys, tmp_path, *options[:3], "41", *options[4:], name="c.jsonl")
    assert other[3] != first[3]


def test_match_seed_does_not_depend_on_the_run(capsys, tmp_path):
    # Match i of a run from seed S is the same match as the first of a run from S + i.
    long_run = selfplay(capsys, tmp_path, "--seed", "8", "--matches", "3", "--bots",
                        "random,greedy,random,greedy", name="long.jsonl")[3]
    short_run = selfplay(capsys, tmp_path, "--seed", "10", "--matches", "1", "--bots",
                         "random,greedy,random,greedy", name="short.jsonl")[3]
    starts = [i for i, line in enumerate(long_run.splitlines()) if '"ev": "match"' in line]
    assert long_run.splitlines()[starts[2]:] == short_run.splitlines()


def test_selfplay_matches_run_selfplay(capsys, tmp_path):
    record = selfplay(capsys, tmp_path, "--preset", "assi", "--seed", "5", "--matches", "2",
                      "--bots", "greedy,random,greedy,random")[3]
    out = StringIO()
    run_selfplay("assi", 5, 2, ["greedy", "random", "greedy", "random"], {}, out)
    assert out.getvalue() == record


def test_selfplay_without_out_prints_only_the_summary(capsys):
    status, stdout, stderr = run_cli(capsys, "selfplay", "--matches", "2")
    assert (status, stderr) == (0, "")
    assert SUMMARY.match(stdout.strip()) and stdout.count("\n") == 1
    assert SUMMARY.match(stdout.strip()).group(3, 4) == ("greedy", "greedy")  # the default bots


def test_selfplay_out_dash_writes_the_record_to_stdout(capsys):
    status, stdout, stderr = run_cli(capsys, "selfplay", "--preset", "veneto", "--seed", "9",
                                     "--matches", "2", "--out", "-")
    assert status == 0
    assert len(read_record(stdout.splitlines())) == 2
    assert SUMMARY.match(stderr.strip()) and stderr.count("\n") == 1


@pytest.mark.parametrize("command", ["selfplay", "arena"])
def test_out_dash_with_stdout_closed_is_refused(capsys, monkeypatch, command):
    monkeypatch.setattr(sys, "stdout", None)  # as Python starts with fd 1 closed (`>&-`)
    status, _, stderr = run_cli(capsys, command, "--out", "-")
    assert status == 2
    assert stderr == "error: --out -: standard output is closed; give a file name\n"


def test_selfplay_subprocess_out_dash(capsys, tmp_path):
    options = ["--preset", "dieci+tre_gradi", "--seed", "12", "--matches", "2", "--bots",
               "greedy,random,greedy,random", "--rule", "declare_out=true"]
    done = subprocess.run([sys.executable, "-m", "sim", "selfplay", *options, "--out", "-"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(read_record(done.stdout.splitlines())) == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and SUMMARY.match(lines[0])
    check_summary(lines[0], done.stdout, ["greedy", "random", "greedy", "random"], 2)
    in_process = selfplay(capsys, tmp_path, *options)[3]
    assert done.stdout == in_process  # the same seed gives the same record in any process


def test_a_record_read_in_part_ends_quietly():
    # `selfplay --out - | head`: the reader goes before the record is all written (here
    # before its first line; three matches fill the output buffer more than once)
    process = subprocess.Popen([sys.executable, "-m", "sim", "selfplay", "--matches", "3",
                                "--out", "-"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()
    _, stderr = process.communicate(timeout=120)
    assert (process.returncode, stderr) == (0, b"")


BAD_OPTIONS = [
    (["--bots", "greedy,foo,greedy,random"], ["unknown bot", "foo"]),
    (["--bots", "greedy,greedy,greedy"], ["--bots", "four"]),
    (["--bots", "greedy,greedy,greedy,greedy,greedy"], ["--bots", "four"]),
    (["--rule", "jokers=1"], ["unknown rule", "jokers"]),
    (["--rule", "target=eleven"], ["target", "eleven"]),
    (["--rule", "sum_choice=most_cards"], ["sum_choice", "most_cards"]),
    (["--rule", "declare_out=maybe"], ["declare_out", "maybe"]),
    (["--rule", "target"], ["--rule", "KEY=VALUE"]),
    (["--preset", "dieci+assi"], ["dieci", "assi"]),
    (["--preset", "chitarrella+figs"], ["chitarrella", "figs"]),
    (["--preset", "briscola"], ["unknown preset", "briscola"]),
    (["--rule", "napoleone_wins=true"], ["napoleone_wins", "napola"]),
    (["--preset", "dieci", "--rule", "redeal_kings_min=3"], ["redeal_kings_min"]),
    (["--matches", "0"], ["--matches"]),
    (["--seed", "-1"], ["--seed"]),
    (["--seed", str(2**30)], ["--seed"]),
    (["--seed", str(2**30 - 2), "--matches", "3"], ["--matches 3 from --seed",
                                                    "would pass the last seed"]),
    (["--rule", "target=16", "--rule", "target=21"], ["--rule target is given twice"]),
    (["--matchs", "2"], ["unrecognized arguments: --matchs 2",
                         "python -m sim selfplay --help shows the options"]),
]


@pytest.mark.parametrize("options, words", BAD_OPTIONS,
                         ids=[" ".join(o) for o, _ in BAD_OPTIONS])
def test_selfplay_rejects_bad_options(capsys, tmp_path, options, words):
    status, stdout, stderr, record = selfplay(capsys, tmp_path, *options)
    assert status == 2
    assert stdout == ""
    assert stderr.startswith("error: ") and stderr.count("\n") == 1, stderr
    for word in words:
        assert word in stderr, stderr
    assert not record  # nothing written


def test_a_bad_option_or_a_failed_run_leaves_the_old_record(capsys, tmp_path, monkeypatch):
    old = "an earlier record\n"
    (tmp_path / "record.jsonl").write_text(old, encoding="utf-8")
    for options in (["--matches", "0"], ["--seed", "-1"], ["--bots", "foo"]):
        assert selfplay(capsys, tmp_path, *options)[3] == old
    # a run that fails part way (here, at its third match) writes nothing either
    import sim.selfplay as module

    real = module.play_match
    played = []

    def failing(*args):
        played.append(1)
        if len(played) == 3:
            raise ValueError("stopped")
        return real(*args)

    monkeypatch.setattr(module, "play_match", failing)
    status, _, stderr, record = selfplay(capsys, tmp_path, "--matches", "5")
    assert status == 2 and "stopped" in stderr and record == old
    assert sorted(path.name for path in tmp_path.iterdir()) == ["record.jsonl"]


def test_ctrl_c_says_so_in_one_line_and_leaves_the_old_record(capsys, tmp_path, monkeypatch):
    old = "an earlier record\n"
    (tmp_path / "record.jsonl").write_text(old, encoding="utf-8")
    import sim.selfplay as module

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "play_match", interrupted)
    status, stdout, stderr, record = selfplay(capsys, tmp_path, "--matches", "2")
    assert (status, stdout, stderr, record) == (130, "", "interrupted\n", old)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["record.jsonl"]

@pytest.mark.parametrize("command", ["selfplay", "arena"])
def test_an_output_path_that_cannot_be_written_is_refused_before_the_run(capsys, tmp_path,
                                                                         command):
    (tmp_path / "dangling.jsonl").symlink_to(tmp_path / "gone" / "r.jsonl")
    for flag, path, words in (("--out", tmp_path, "is a folder"),
                              ("--out", tmp_path / "nowhere" / "r.jsonl", "no folder"),
                              ("--out", tmp_path / "dangling.jsonl",  # the link's target's
                               "no folder %s" % (tmp_path / "gone")),
                              ("--plot", tmp_path, "is a folder"),
                              ("--plot", "/proc/chart.png", "cannot write in /proc"),
                              ("--out", "/proc/r.jsonl", "cannot write in /proc")):
        if flag == "--plot" and command == "selfplay":
            continue
        status, stdout, stderr = run_cli(capsys, command, flag, str(path))
        assert status == 2 and stdout == "", stderr
        assert stderr.startswith("error: " + flag) and words in stderr


def test_out_writes_through_a_link_and_to_a_device(capsys, tmp_path):
    # The record is written beside the file, then put in its place: a link must not be
    # replaced by a file, nor a device or a pipe (/dev/null).
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    status, _, stderr = run_cli(capsys, "selfplay", "--out", str(link))
    assert status == 0, stderr
    assert link.is_symlink() and real.read_text().startswith('{"ev": "match"')
    pipe = tmp_path / "pipe"  # as /dev/null would be, without risking the real one
    os.mkfifo(pipe)
    read = []
    reader = threading.Thread(target=lambda: read.append(pipe.read_text()))
    reader.start()
    status, _, stderr = run_cli(capsys, "selfplay", "--out", str(pipe))
    reader.join(10)
    assert status == 0, stderr
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and read[0].startswith('{"ev": "match"')
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link.jsonl", "pipe",
                                                                "real.jsonl"]


def test_the_last_seed_the_prng_takes_is_accepted(capsys, tmp_path):
    status, _, stderr, record = selfplay(capsys, tmp_path, "--seed", str(2**30 - 1))
    assert status == 0, stderr
    assert json.loads(record.splitlines()[0])["seed"] == 2**30 - 1


def test_an_empty_out_is_refused(capsys):
    status, stdout, stderr = run_cli(capsys, "selfplay", "--out", "")
    assert status == 2 and stdout == "" and stderr.startswith("error: --out")


@pytest.mark.parametrize("options, word", [
    (["--seed", "abc"], "--seed"),
    (["--matches", "two"], "--matches"),
    (["--colour", "red"], "--colour"),
])
def test_selfplay_rejects_malformed_arguments(capsys, options, word):
    status, stdout, stderr = run_cli(capsys, "selfplay", *options)
    assert status == 2 and stdout == ""
    assert "error:" in stderr.splitlines()[-1] and word in stderr.splitlines()[-1]


def test_check_replays_a_record_and_names_the_line_it_refuses(capsys, tmp_path):
    status, _, _, record = selfplay(capsys, tmp_path, "--matches", "2")
    assert status == 0
    assert run_cli(capsys, "check", str(tmp_path / "record.jsonl")) == (0, "2 matches ok\n", "")
    selfplay(capsys, tmp_path, "--matches", "1", name="one.jsonl")
    assert run_cli(capsys, "check", str(tmp_path / "one.jsonl")) == (0, "1 match ok\n", "")
    lines = record.splitlines()
    lines[3] = lines[3].replace('"seat": ', '"seat": 1 + ', 1)  # no longer JSON
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, stdout, stderr = run_cli(capsys, "check", str(bad))
    assert status == 2 and stdout == "" and stderr.startswith("error: line 4: not JSON")
    status, _, stderr = run_cli(capsys, "check", str(tmp_path / "missing.jsonl"))
    assert status == 2 and "missing.jsonl" in stderr


def test_cli_rejects_an_unknown_command(capsys):
    # Without a command (or with options only) python -m sim opens the simulator instead.
    status, _, stderr = run_cli(capsys, "jump")
    assert status == 2 and "error:" in stderr


def test_the_summary_says_one_match_in_the_singular():
    names = ["greedy"] * 4
    assert Summary(matches=1, hands=1).line(names).startswith("1 match, 1 hand in 0.00 s: ")
    assert Summary(matches=2, hands=9).line(names, rotating=True).startswith(
        "2 matches, 9 hands in 0.00 s: wins by player ")
