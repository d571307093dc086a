"""The table scene's geometry on 320x240 screens: the PyPortal, and the Pico with the 2.0"
Display Pack. lib/layouts.py ``layout("large")`` reads it and drops this module again, so a
board holds only its own screen's numbers.

``GEOMETRY`` holds the fields listed in lib/layouts.py, above ``layout``.
"""

from layouts import CENTER, LEFT, RIGHT

GEOMETRY = (
    320, 240, (206, 25, 6, 4), (32, 38, 256, 128, 26, 6),
    (None, (293, 82), (148, 3), (4, 82)),
    (None, (304, 116, 2, CENTER), (175, 12, 2, LEFT), (15, 116, 2, CENTER)),
    ((4, 3, 10, LEFT), (4, 17, 10, LEFT)),
    ((316, 3, 10, RIGHT), (316, 17, 10, RIGHT)),
    (4, 187, 52, LEFT), (160, 172, 24, CENTER)
)
