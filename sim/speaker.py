"""The simulator's speaker: what lib/sound.py's ``Speaker`` does on a board, through pygame's
mixer in the window, and a silent one that keeps the notes for headless scripts and tests.

Both have the board speaker's two calls: ``tone(hz)`` sounds a steady note until the next
call, ``quiet()`` stops it. ``PygameSpeaker`` makes each pitch once as a looping
``pygame.mixer.Sound`` of whole periods of the board's triangle wave (so the loop has no
click), from the mixer's own format, without numpy. ``open_speaker(board)`` gives the
window's speaker for a board that has one (lib/boards.py ``speaker``), or None, and why,
when the machine has no sound device: the simulator then plays silent, as a board without
``audioio`` does.

Desktop only.
"""

from __future__ import annotations

from array import array

from sound import WAVE, WAVE_POINTS

NOTE_S = 0.2  # the length of one made note's loop, in seconds (whole periods in it)


class SilentSpeaker:
    """A speaker that sounds nothing and keeps ``notes``, the pitches asked for (0 for a
    ``quiet``), for headless scripts and tests."""

    def __init__(self) -> None:
        self.notes: list[int] = []

    def tone(self, hz: int) -> None:
        self.notes.append(hz)

    def quiet(self) -> None:
        self.notes.append(0)

    @property
    def sounding(self) -> bool:
        """True while a note sounds."""
        return bool(self.notes) and self.notes[-1] != 0


def wave_samples(hz: int, rate: int, seconds: float = NOTE_S) -> array:
    """Signed 16-bit samples at ``rate`` of the board's wave (lib/sound.py ``WAVE``, as its
    ``Speaker`` plays it, 16-bit) at ``hz``: a whole number of periods close to ``seconds``
    long, so that it loops without a click. The mixer's rate takes fewer samples a period
    than the board's ``WAVE_POINTS``, so each sample is read between two of its points."""
    periods = max(1, round(hz * seconds))
    count = round(periods * rate / hz)
    samples = array("h", bytes(2 * count))
    for i in range(count):
        where = i * periods * WAVE_POINTS / count  # in the wave's points from the start
        point = int(where)
        low, high = WAVE[point % WAVE_POINTS], WAVE[(point + 1) % WAVE_POINTS]
        samples[i] = int((low + (high - low) * (where - point) - 128) * 256)
    return samples


class PygameSpeaker:
    """Notes through pygame's mixer (initialised here; raises ``pygame.error`` without a
    sound device)."""

    def __init__(self) -> None:
        import pygame

        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)  # the samples' format
        self.mixer = pygame.mixer
        self.rate, size, self.channels = pygame.mixer.get_init()
        if size != -16:
            raise pygame.error("the mixer takes %d-bit samples, not signed 16-bit" % size)
        self.made: dict[int, object] = {}  # hz -> its looping Sound
        self.sounding = None  # the Sound playing, or None

    def tone(self, hz: int) -> None:
        sound = self.made.get(hz)
        if sound is None:
            samples = wave_samples(hz, self.rate)
            if self.channels > 1:  # the same sample in every channel, interleaved
                samples = array("h", (s for s in samples for _ in range(self.channels)))
            sound = self.made[hz] = self.mixer.Sound(buffer=samples.tobytes())
        self.quiet()
        sound.play(loops=-1)
        self.sounding = sound

    def quiet(self) -> None:
        if self.sounding is not None:
            self.sounding.stop()
            self.sounding = None


def open_speaker(board):
    """The window's speaker for ``board`` (a lib/boards.py profile), or None when it has none
    or this machine cannot sound (then the reason is printed)."""
    if not board.speaker:
        return None
    import pygame

    try:
        return PygameSpeaker()
    except pygame.error as error:
        print("the simulator plays without sound: %s" % error)
        return None
