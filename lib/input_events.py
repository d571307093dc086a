"""Abstract input events and a fixed-size queue that carries them from adapters to the UI.

Every input source becomes one stream of small-int event codes: ``keypad`` buttons and
``adafruit_touchscreen`` touches on a board, the keyboard and the mouse in the desktop
simulator (``sim/keys.py``). The UI pops events and never asks where they came from.

Codes: ``LEFT``, ``RIGHT``, ``UP``, ``DOWN`` (move the cursor), ``SELECT``, ``BACK``,
``HINT`` and ``TOUCH`` (a touch or click at a point, in board pixels). ``NONE`` (0) means
"no event" and is what ``EventQueue.pop`` returns when the queue is empty.

An ``EventQueue`` is a ring buffer of (code, x, y) in three arrays made once by the
constructor. ``push`` drops the event when the queue is full (a burst of input is not worth
a crash); ``pop`` returns the oldest code and leaves its point in ``x`` and ``y``::

    queue = EventQueue()
    queue.push(TOUCH, 120, 64)
    while True:
        code = queue.pop()
        if code == NONE:
            break
        if code == TOUCH:
            tap(queue.x, queue.y)

Allocation: none after construction (``push``, ``pop``, ``clear`` and ``len`` make no garbage
on MicroPython or CircuitPython while coordinates are small ints).
"""

from array import array

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


NONE = const(0)
LEFT = const(1)
RIGHT = const(2)
UP = const(3)
DOWN = const(4)
SELECT = const(5)
BACK = const(6)
HINT = const(7)
TOUCH = const(8)

_QUEUE_SIZE = const(16)
"""Default capacity of an ``EventQueue``."""


class EventQueue:
    """A first-in first-out queue of input events with a fixed capacity.

    ``x`` and ``y`` hold the point of the last popped event (0, 0 for events without one).
    """

    def __init__(self, size: int = _QUEUE_SIZE):
        if size < 1:
            raise ValueError("queue size must be at least 1")
        self._size = size
        self._codes = bytearray(size)
        self._xs = array("h", bytes(2 * size))  # int16: board coordinates fit comfortably
        self._ys = array("h", bytes(2 * size))
        self._head = 0  # index of the oldest event
        self._count = 0
        self.dropped = 0  # events lost because the queue was full
        self.x = 0
        self.y = 0

    def push(self, code: int, x: int = 0, y: int = 0) -> bool:
        """Append an event; returns False (and counts it in ``dropped``) when full."""
        if self._count == self._size:
            self.dropped += 1
            return False
        tail = self._head + self._count
        if tail >= self._size:
            tail -= self._size
        self._codes[tail] = code
        self._xs[tail] = x
        self._ys[tail] = y
        self._count += 1
        return True

    def pop(self) -> int:
        """Remove and return the oldest event code, or ``NONE`` when empty; sets ``x``, ``y``."""
        if self._count == 0:
            return NONE
        head = self._head
        code = self._codes[head]
        self.x = self._xs[head]
        self.y = self._ys[head]
        head += 1
        if head == self._size:
            head = 0
        self._head = head
        self._count -= 1
        return code

    def clear(self) -> None:
        """Forget all queued events (e.g. when a scene changes)."""
        self._head = 0
        self._count = 0

    def __len__(self) -> int:
        return self._count
