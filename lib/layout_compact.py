"""The table scene's geometry on 160x128 screens: the PyBadge and the PyGamer.
lib/layouts.py ``layout("compact")`` reads it and drops this module again, so a board holds
only its own screen's numbers.

``GEOMETRY`` holds the fields listed in lib/layouts.py, above ``layout``.
"""

from layouts import CENTER, LEFT, RIGHT

GEOMETRY = (
    160, 128, (106, 15, 3, 2), (18, 25, 124, 51, 16, 2),
    (None, (144, 30), (72, 1), (1, 30)),
    (None, (151, 53, 2, CENTER), (89, 6, 2, LEFT), (8, 53, 2, CENTER)),
    ((1, 0, 11, LEFT), (1, 12, 11, LEFT)),
    ((159, 0, 9, RIGHT), (159, 12, 9, RIGHT)),
    (1, 78, 26, LEFT), (80, 90, 26, CENTER)
)
