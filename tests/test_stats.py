"""Statistics on the board (lib/stats.py): counting matches, the file round trip, damaged
files, power cuts while storing, and the same code on the MicroPython unix port."""

from __future__ import annotations

import os

import pytest
import record_file
import save
import stats as stats_module
from record_read import SaveError
from stats import STATS_NAME, Stats, decode_stats, encode_stats, load_stats, store_stats
from test_save import store_with_cut

from conftest import ROOT
from sim import mpruntime


def some_stats() -> Stats:
    stats = Stats()
    stats.record_match("easy", True, 4, 11, 3)
    stats.record_match("easy", False, 2, 7, 11)
    stats.record_match("hard", True, 6, 21, 9)
    stats.record_match("hard", True, 1, 12, 11)
    stats.record_match("normal", False, 0, 0, 16)
    return stats


def test_record_match_counts_per_level_and_keeps_the_best_win():
    stats = some_stats()
    assert stats.played == {"easy": 2, "normal": 1, "hard": 2, "desktop": 0}
    assert stats.won == {"easy": 1, "normal": 0, "hard": 2, "desktop": 0}
    assert stats.scope == 13
    assert stats.best == 12 and stats.best_score == (21, 9)


def test_a_loss_or_a_win_without_margin_is_never_the_best():
    stats = Stats()
    stats.record_match("normal", False, 0, 30, 2)
    stats.record_match("normal", True, 0, 11, 11)  # won on countback
    assert stats.best == 0 and stats.best_score == (0, 0)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        Stats().record_match("expert", True, 0, 11, 0)


def test_counts_per_level_scope_and_best():
    stats = some_stats()
    assert [(stats.played[level], stats.won[level]) for level in ("easy", "normal", "hard")] \
        == [(2, 1), (1, 0), (2, 2)]
    assert (stats.scope, stats.best, stats.best_score) == (13, 12, (21, 9))


def test_reset_forgets_everything():
    stats = some_stats()
    stats.reset()
    assert stats == Stats()


def test_counts_stop_at_their_field_size():
    stats = Stats()
    stats.played["easy"] = stats.won["easy"] = 0xFFFF
    stats.record_match("easy", True, 0, 11, 0)
    assert stats.played["easy"] == stats.won["easy"] == 0xFFFF
    assert decode_stats(encode_stats(stats)) == stats


def test_round_trip_through_files(tmp_path):
    directory = str(tmp_path)
    stats = some_stats()
    store_stats(directory, stats)
    loaded = load_stats(directory)
    assert loaded == stats and loaded.error is None
    loaded.reset()
    store_stats(directory, loaded)
    assert load_stats(directory) == Stats()
    assert os.listdir(directory) == [STATS_NAME]


def test_missing_file_gives_fresh_stats_without_error(tmp_path):
    stats = load_stats(str(tmp_path))
    assert stats == Stats() and stats.error is None


def sealed(stats: Stats) -> bytes:
    return record_file.seal(stats_module.MAGIC, stats_module.VERSION, 0, encode_stats(stats))


def test_every_cut_and_every_bit_flip_of_a_stats_file_gives_fresh_stats_and_a_reason(tmp_path):
    data = sealed(some_stats())
    path = tmp_path / STATS_NAME
    damaged = [data[:size] for size in range(len(data))]
    for bit in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[bit // 8] ^= 1 << (bit % 8)
        damaged.append(bytes(flipped))
    for bad in damaged:
        path.write_bytes(bad)
        stats = load_stats(str(tmp_path))
        assert stats == Stats()
        assert stats.error.startswith(STATS_NAME + ": ") and "\n" not in stats.error


def test_payload_damage_behind_a_good_checksum_is_refused_or_consistent():
    payload = encode_stats(some_stats())
    for bit in range(len(payload) * 8):
        flipped = bytearray(payload)
        flipped[bit // 8] ^= 1 << (bit % 8)
        try:
            stats = decode_stats(bytes(flipped))
        except SaveError:
            continue
        for level in stats_module.LEVELS:
            assert stats.won[level] <= stats.played[level]
        assert stats.best == stats.best_score[0] - stats.best_score[1]
        assert decode_stats(encode_stats(stats)) == stats


def test_old_version_and_a_save_file_are_refused(tmp_path):
    path = tmp_path / STATS_NAME
    path.write_bytes(record_file.seal(stats_module.MAGIC, 0, 0, encode_stats(some_stats())))
    assert "version 0" in load_stats(str(tmp_path)).error
    path.write_bytes(record_file.seal(save.MAGIC, 1, 0, encode_stats(some_stats())))
    assert "another kind" in load_stats(str(tmp_path)).error


def test_power_cut_at_every_step_keeps_the_old_or_the_new_stats(tmp_path, monkeypatch):
    directory = str(tmp_path)
    old = some_stats()
    new = some_stats()
    new.record_match("normal", True, 3, 16, 2)
    store_stats(directory, old)
    before = {name: (tmp_path / name).read_bytes() for name in os.listdir(directory)}
    payload = encode_stats(new)
    budget = 0
    while True:
        done = store_with_cut(monkeypatch, directory, None, budget, 0x00,
                              store=lambda: store_stats(directory, new))
        loaded = load_stats(directory)
        assert loaded.error is None and loaded in (old, new), budget
        if done:
            break
        for name in os.listdir(directory):
            os.remove(os.path.join(directory, name))
        for name, data in before.items():
            (tmp_path / name).write_bytes(data)
        budget += 1
    assert budget > len(payload)
    assert load_stats(directory) == new


MP_SCRIPT = """
import sys
sys.path.append(sys.argv[1] + "/lib")
from stats import Stats, load_stats, store_stats
stats = Stats()
stats.record_match("hard", True, 5, 21, 9)
store_stats(sys.argv[2], stats)
store_stats(sys.argv[2], stats)
loaded = load_stats(sys.argv[2])
assert loaded == stats and loaded.error is None
print(loaded.best_score)
"""


def test_stats_round_trip_on_micropython_unix(tmp_path):
    script = tmp_path / "stats_round_trip.py"
    script.write_text(MP_SCRIPT)
    directory = tmp_path / "drive"
    directory.mkdir()
    output = mpruntime.run_unix(script, ROOT, directory)
    assert "(21, 9)" in output
    assert load_stats(str(directory)).best_score == (21, 9)
