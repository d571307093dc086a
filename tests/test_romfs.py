"""ROMFS images (sim/romfs.py) on the 32-bit MicroPython: they mount, the engine runs from one
in place under ``heap_lock()``, and the heap it then holds is within issue 2's 16 KB."""

from __future__ import annotations

import pytest

from sim import bench, mpruntime, romfs

PLAY = mpruntime.REPO_ROOT / "tests" / "mp" / "play_matches.py"
GOAL_BYTES = 16 * 1024  # issue 2: the heap the engine holds, at most 16 KB


@pytest.fixture(scope="module")
def written_image(tmp_path_factory):
    """The image ``make romfs`` writes: the engine with its names as written."""
    out = tmp_path_factory.mktemp("romfs") / "engine.romfs"
    romfs.write_engine_image(out)
    return out


def test_an_image_holds_each_file_as_it_was(tmp_path):
    tree = tmp_path / "tree"
    (tree / "pkg" / "sub").mkdir(parents=True)
    files = {"pkg/a.mpy": bytes(range(256)) * 3, "pkg/sub/b.txt": b"odd length", "top": b""}
    for name, data in files.items():
        (tree / name).write_bytes(data)
    image = tmp_path / "t.romfs"
    image.write_bytes(romfs.image(tree))
    script = tmp_path / "read.py"
    script.write_text(
        "import os\n"
        "print(sorted(os.listdir('/rom')), sorted(os.listdir('/rom/pkg')))\n"
        "for name in %r:\n"
        "    with open('/rom/' + name, 'rb') as f:\n"
        "        print(name, f.read().hex())\n" % sorted(files))
    lines = mpruntime.run_wasm(script, paths={}, romfs=image).splitlines()
    assert lines[0] == "['pkg', 'top'] ['a.mpy', 'sub']"
    assert lines[1:] == ["%s %s" % (name, files[name].hex()) for name in sorted(files)]


def test_the_engine_plays_from_the_image_under_heap_lock(written_image, tmp_path):
    # no engine in the filesystem: every engine module comes from /rom, where it runs in place
    probe = tmp_path / "probe.py"
    probe.write_text("import os\nfrom engine import state\n"
                     "print(os.listdir('/rom'), 'engine' in os.listdir('/'))\n")
    assert mpruntime.run_wasm(probe, paths={}, romfs=written_image).split() == [
        "['engine']", "False"]
    # CPython's alone (sim/minify.py): the slots, and the lists of engine/kinds.py
    assert b"__slots__" not in written_image.read_bytes()
    assert b"kinds" not in written_image.read_bytes()
    output = mpruntime.run_wasm(PLAY, "chitarrella,assi+veneto", 1, 31,
                                "master,greedy,chitarrella,random", "plays",
                                paths={}, romfs=written_image)
    assert output == mpruntime.run_wasm(PLAY, "chitarrella,assi+veneto", 1, 31,
                                        "master,greedy,chitarrella,random", "plays")


def test_the_command_refuses_a_folder_or_a_file_it_cannot_write(tmp_path, capsys):
    (tmp_path / "plain").write_text("")
    for out in (str(tmp_path), "", str(tmp_path / "plain" / "x.romfs")):
        with pytest.raises(SystemExit) as exit_info:
            romfs.main([out])
        assert exit_info.value.code == 2
        error = capsys.readouterr().err
        assert error.startswith("error: ") and error.count("\n") == 1, error  # one line
        assert "is a folder" in error or "cannot write" in error


def test_a_bad_image_is_refused_with_its_reason(tmp_path):
    bad = tmp_path / "bad.romfs"
    bad.write_bytes(b"not an image")
    script = tmp_path / "s.py"
    script.write_text("print(1)\n")
    with pytest.raises(RuntimeError, match="not a ROMFS image"):
        mpruntime.run_wasm(script, paths={}, romfs=bad)


def test_the_engine_from_an_image_holds_at_most_16_kb(renamed_root, tmp_path):
    # the engine as make deploy builds it, the bench's mp32_engine_heap_romfs_bytes; the same
    # .mpy files imported from the filesystem hold about 24 KB (mp32_engine_heap_bytes)
    build = tmp_path / "build"
    mpruntime.compile_mpy(renamed_root / "engine", build / "engine")
    image = tmp_path / "built.romfs"
    image.write_bytes(romfs.image(build))
    script = renamed_root / "sim" / "mp" / "engine_heap.py"
    held = bench.engine_heap(script, {}, image)
    assert 8 * 1024 < held <= GOAL_BYTES
    from_files, names, names_bytes = bench.engine_heap_names(
        script, {str(build / "engine"): "/engine"})
    assert from_files > held + 6 * 1024
    # the engine's interned names, part of that figure: a few hundred, each costing a pool
    # entry (6 bytes) and its text at least
    assert 100 < names and 8 * names < names_bytes < from_files
