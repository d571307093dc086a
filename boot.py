"""Board boot set-up: CircuitPython runs this once after power-up or reset, before code.py.

It makes the drive (CIRCUITPY) writable to the game, so the game can keep its save and its
statistics there. While the game may write, the computer sees the drive read-only. To copy
files to the board (``make deploy``) or edit them, hold the game's SELECT button while you
press reset or plug the board in:

- Pico with a Pimoroni Display Pack: X;
- PyBadge, EdgeBadge and PyGamer: A;
- PyPortal: touch the screen.

The drive is then the computer's as usual, and the game runs without saving. On a board the
game does not know, the drive is left to the computer. What happened is written to
``boot_out.txt`` on the drive.
"""

import time

import board
import storage

PICO_IDS = ("raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2",
            "raspberry_pi_pico2_w")
BADGE_IDS = ("pybadge", "edgebadge", "pygamer")
PORTAL_IDS = ("pyportal", "pyportal_pynt")

HOW = {"pico": "hold X", "badge": "hold A", "portal": "touch the screen"}


def kind(board_id: str) -> str:
    """``"pico"``, ``"badge"``, ``"portal"``, or ``""`` for a board the game does not know."""
    if board_id in PICO_IDS:
        return "pico"
    if board_id in BADGE_IDS:
        return "badge"
    if board_id in PORTAL_IDS:
        return "portal"
    return ""


def pico_x_held() -> bool:
    """The Display Pack's X button (GP14, low when pressed)."""
    import digitalio

    pin = digitalio.DigitalInOut(board.GP14)
    try:
        pin.switch_to_input(pull=digitalio.Pull.UP)
        time.sleep(0.005)  # let the pull-up charge the line
        return not pin.value
    finally:
        pin.deinit()


def badge_a_held() -> bool:
    """The A button: bit 1 of the buttons' shift register (a 74HC165, high when pressed),
    read with digitalio the way ``keypad.ShiftRegisterKeys`` scans it. Not with keypad
    itself: its debouncing reports no press for a key already down when the scanner starts
    (adafruit/circuitpython#9818), and a button held through reset is just that."""
    import digitalio

    opened = []  # names no board API uses: sim/minify.py keeps those whole in lib/ too
    try:
        for name in ("BUTTON_LATCH", "BUTTON_CLOCK", "BUTTON_OUT"):
            opened.append(digitalio.DigitalInOut(getattr(board, name)))
        latch_line, clock_line, data_line = opened
        latch_line.switch_to_output(value=False)  # low: the register takes the buttons' state
        clock_line.switch_to_output(value=False)
        data_line.switch_to_input()
        time.sleep(0.001)
        latch_line.value = True  # high: the register keeps it, bit 0 (B) on the data pin
        clock_line.value = True  # a rising edge shifts bit 1 (A) there
        return data_line.value
    finally:
        for pin in opened:
            pin.deinit()


def portal_touched() -> bool:
    """Whether the touchscreen is touched (adafruit_touchscreen, installed in lib/)."""
    import adafruit_touchscreen

    touch = adafruit_touchscreen.Touchscreen(board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD,
                                             board.TOUCH_YU)
    for _ in range(5):
        if touch.touch_point is not None:
            return True
        time.sleep(0.02)
    return False


def held(board_kind: str) -> bool:
    """Whether the button that keeps the drive for the computer is held on this board."""
    if board_kind == "pico":
        return pico_x_held()
    if board_kind == "badge":
        return badge_a_held()
    return portal_touched()


def main() -> bool:
    """Remount the drive writable for the game unless the button is held or the board is
    unknown; returns True when remounted."""
    board_kind = kind(board.board_id)
    if not board_kind:
        print("Scopone: unknown board %s: the drive stays writable by the computer"
              % board.board_id)
        return False
    try:
        keep = held(board_kind)
    except (ImportError, OSError, RuntimeError, ValueError) as error:
        print("Scopone: could not read the button (%s): the drive stays writable by the "
              "computer" % error)
        return False
    if keep:
        print("Scopone: button held: the drive stays writable by the computer; the game will "
              "not save")
        return False
    storage.remount("/", readonly=False)
    print("Scopone: the game may write to the drive (saves); to copy files, %s while "
          "resetting" % HOW[board_kind])
    return True


if __name__ == "__main__":
    main()
