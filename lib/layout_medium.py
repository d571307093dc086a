"""The table scene's geometry on 240x135 screens: the Pico with the 1.14" Display Pack.
lib/layouts.py ``layout("medium")`` reads it and drops this module again, so a board holds
only its own screen's numbers.

``GEOMETRY`` holds the fields listed in lib/layouts.py, above ``layout``.
"""

from layouts import CENTER, LEFT, RIGHT

GEOMETRY = (
    240, 135, (106, 20, 4, 2), (24, 30, 192, 58, 21, 3),
    (None, (219, 34), (110, 1), (2, 34)),
    (None, (228, 63, 2, CENTER), (132, 8, 2, LEFT), (11, 63, 2, CENTER)),
    ((2, 1, 10, LEFT), (2, 14, 10, LEFT)),
    ((238, 1, 10, RIGHT), (238, 14, 10, RIGHT)),
    (2, 90, 21, LEFT), (238, 90, 17, RIGHT)
)
