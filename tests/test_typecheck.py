"""The board-side code type-checks against the boards' own APIs (sim/typecheck.py): code.py,
boot.py, lib/ and engine/ against CircuitPython 10, engine/ against MicroPython 1.29, each
driver against its boards' pins. And the check is not toothless: calls the boards lack, in
small probe files, are reported.

Needs the stubs in .venv/typecheck (``make test`` and ``make typecheck`` install them).
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from sim import typecheck


@pytest.fixture(scope="module")
def configs():
    try:
        return typecheck.prepare()
    except FileNotFoundError as error:
        pytest.fail(str(error))


def test_board_code_type_checks(configs):
    diagnostics = typecheck.run()
    problems, accepted = typecheck.triage(diagnostics)
    assert not problems, typecheck.report(problems, accepted, verbose=False)


def test_sections_of_the_requirements():
    parts = typecheck.sections(typecheck.REQUIREMENTS.read_text(encoding="utf-8"))
    assert set(parts) == {"venv", "circuitpython", "circuitpython-stubs", "micropython"}
    for lines in parts.values():
        assert lines and all("==" in line for line in lines), "pin every package"
    commands = typecheck.install_commands("python")
    assert commands[0][-len(parts["venv"]):] == parts["venv"]
    assert "--target" in commands[1] and "--no-deps" in commands[1]


def test_drivers_get_the_pins_all_their_boards_have():
    environments = typecheck.board_environments()
    assert environments["lib/hw_pico.py"] == ("raspberry_pi_pico", "raspberry_pi_pico_w",
                                              "raspberry_pi_pico2", "raspberry_pi_pico2_w")
    assert environments["lib/hw_badge.py"] == ("pybadge", "edgebadge", "pygamer")
    assert "pygamer" in environments["boot.py"] and "pyportal" in environments["boot.py"]
    pico = typecheck.board_stub(environments["lib/hw_pico.py"])
    assert "GP18: microcontroller.Pin" in pico
    assert "GP25:" not in pico  # the Pico has it, the Pico W does not
    assert "TOUCH_XL" not in pico
    both = typecheck.board_stub(("pyportal", "pygamer"), union=True)
    assert "TOUCH_XL" in both and "JOYSTICK_X" in both


CP_PROBE = '''\
import board
import displayio
import micropython
import time

micropython.const(1)
micropython.heap_lock()  # MicroPython only
time.monotonic()
time.ticks_ms()  # MicroPython's time
displayio.Group(max_size=8)  # gone since CircuitPython 7
print(board.board_id)
print(board.GP18)  # no pins outside a driver
import pygame  # a desktop library
'''

PICO_PROBE = '''\
import board
import busio

busio.SPI(clock=board.GP18, MOSI=board.GP19)
print(board.TOUCH_XL)  # a PyPortal pin
'''

MP_PROBE = '''\
import micropython
import time

micropython.heap_lock()
time.ticks_ms()
time.monotonic_ns()  # CPython and CircuitPython only
import supervisor  # CircuitPython only
'''


def _lines(diagnostics, name):
    return sorted(d.line for d in diagnostics if d.file.endswith(name) and d.severity == "error")


def test_wrong_calls_are_reported(configs):
    """Probe files with APIs the boards lack: each wrong line gives an error, no right one."""
    tag = "probes-%d" % os.getpid()
    folder = typecheck.TC / tag
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        (folder / "cp_probe.py").write_text(CP_PROBE, encoding="utf-8")
        (folder / "pico_probe.py").write_text(PICO_PROBE, encoding="utf-8")
        (folder / "mp_probe.py").write_text(MP_PROBE, encoding="utf-8")
        # The CircuitPython config, with one more environment: pico_probe.py sees what the
        # Pico driver sees.
        config = json.loads(configs[typecheck.CIRCUITPYTHON].read_text(encoding="utf-8"))
        pico = next(e for e in config["executionEnvironments"]
                    if e["root"].endswith("hw_pico.py"))
        config["executionEnvironments"].append(dict(pico, root="%s/pico_probe.py" % tag))
        cp_config = typecheck.TC / ("pyright-%s.json" % tag)
        cp_config.write_text(json.dumps(config), encoding="utf-8")
        cp = typecheck.start(cp_config, [folder / "cp_probe.py", folder / "pico_probe.py"])
        mp = typecheck.start(configs[typecheck.MICROPYTHON], [folder / "mp_probe.py"])
        cp_found = typecheck.collect(typecheck.CIRCUITPYTHON, cp)
        mp_found = typecheck.collect(typecheck.MICROPYTHON, mp)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        (typecheck.TC / ("pyright-%s.json" % tag)).unlink(missing_ok=True)
    assert _lines(cp_found, "cp_probe.py") == [7, 9, 10, 12, 13], cp_found
    assert _lines(cp_found, "pico_probe.py") == [5], cp_found
    assert _lines(mp_found, "mp_probe.py") == [6, 7], mp_found
    problems, _ = typecheck.triage(cp_found + mp_found)
    assert len(problems) == 8  # none of them is waved through as noise


def test_triage_accepts_fallbacks_and_guards_only():
    def diagnostic(file, line, rule, message):
        return typecheck.Diagnostic(typecheck.CIRCUITPYTHON, file, line, rule, "error", message)

    clock_line = next(n for n, text in enumerate(
        (typecheck.ROOT / "engine" / "clock.py").read_text().splitlines(), 1)
        if "from time import ticks_diff" in text)
    fallback = diagnostic("engine/clock.py", clock_line, "reportAttributeAccessIssue",
                          '"ticks_ms" is unknown import symbol')
    real = diagnostic("lib/hardware.py", 1, "reportAttributeAccessIssue",
                      '"heap_lock" is not a known attribute of module "micropython"')
    problems, accepted = typecheck.triage([fallback, real])
    assert problems == [real]
    assert accepted[0][1] == "fallback import in try/except ImportError"
