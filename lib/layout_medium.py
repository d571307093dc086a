"""The table scene's geometry on 240x135 screens: the Pico with the 1.14" Display Pack.
lib/layouts.py ``layout("medium")`` reads it and drops this module again, so a board holds
only its own screen's numbers.

The fields, in ``Layout``'s order: screen width and height; hand (y, step, lift, table
lift); table (x, y, width, height, step, row gap); backs and counts by relative seat (None for
the viewer); score and scope rows (the viewer's team first); last play; turn. A text line is
``(x, y, chars, align)``. Worked out on screenshots (tests/test_table_scene.py).
"""

from layouts import CENTER, LEFT, RIGHT

GEOMETRY = (
    240, 135, (106, 20, 4, 2), (24, 30, 192, 58, 21, 3),
    (None, (219, 34), (110, 1), (2, 34)),
    (None, (228, 63, 2, CENTER), (132, 8, 2, LEFT), (11, 63, 2, CENTER)),
    ((2, 1, 10, LEFT), (2, 14, 10, LEFT)),
    ((238, 1, 10, RIGHT), (238, 14, 10, RIGHT)),
    (2, 90, 23, LEFT), (238, 90, 16, RIGHT)
)
