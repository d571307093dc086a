"""Sounds of the table: short tunes on a board's speaker, stepped from the main loop so the
game never waits for a note.

The game asks for a tune (``play``; lib/game.py holds them) when a card lands, a capture is
made, a scopa is swept, a card the rules bar is chosen, and a match ends; the app calls
``tick`` once a frame, after the frame's input and the bots' play and just before the display
refreshes, so a tune starts with the picture that shows its play (never before a save or a
scene change, which would stretch its first note) and each note lasts at least its length,
about one frame more.
A speaker only sounds or rests: ``tone(hz)`` starts a steady note that sounds until the next
call, ``quiet()`` stops it. So a long computation while a note sounds would hold that note:
the game waits for a tune to end (``tune`` empty) before a bot decides, and hushes it before
a hint.

``Speaker`` is a board's: CircuitPython's ``audioio.AudioOut`` on ``board.SPEAKER`` looping
one period of a wave (``audiocore.RawSample``) whose sample rate sets the pitch, with the
amplifier switched on (``board.SPEAKER_ENABLE``) only while a note sounds, so it does not hiss
between tunes. The PyPortal, the PyBadge and the PyGamer have one (lib/boards.py ``speaker``);
the Picos' Display Packs have none. The simulator's speaker plays through pygame
(sim/speaker.py).

Loaded only on a board with a speaker (lib/app.py), and in the simulator.

Allocation: none per tune or note (the tunes are constant tuples); ``Speaker`` allocates its
wave once.
"""

from engine.clock import ticks_diff

# One period of a triangle wave as unsigned 8-bit levels around the middle (128): softer than
# a square wave, and a constant rather than code. ``Speaker`` plays them as 16-bit samples.
WAVE = bytes((128, 140, 152, 164, 176, 164, 152, 140, 128, 116, 104, 92, 80, 92, 104, 116))
WAVE_POINTS = 16  # len(WAVE)


class Sound:
    """Plays one tune at a time on ``speaker`` (anything with ``tone(hz)`` and ``quiet()``).

    ``tune`` is the tune playing, () when none: a tune asked for waits for the next ``tick``
    (``step`` -2), then ``step`` indexes the note sounding, begun at ``started``."""

    def __init__(self, speaker):
        self.speaker = speaker
        self.tune = ()
        self.step = 0
        self.started = 0

    def play(self, tune) -> None:
        """Play ``tune`` from the next ``tick`` on, in place of any tune playing."""
        self.tune = tune
        self.step = -2

    def tick(self, now: int) -> None:
        """Call once a frame with the clock (wrapping milliseconds): starts a tune asked for
        and moves on to its next note when one has lasted its length."""
        tune = self.tune
        if not tune:
            return
        step = self.step
        if step >= 0 and ticks_diff(now, self.started) < tune[step + 1]:
            return
        step += 2
        if step >= len(tune):
            self.hush()
            return
        if tune[step]:
            self.speaker.tone(tune[step])
        else:
            self.speaker.quiet()
        self.step = step
        self.started = now

    def hush(self) -> None:
        """Stop the tune playing, if any."""
        if self.tune:
            self.tune = ()
            self.speaker.quiet()


class Speaker:
    """A CircuitPython board's speaker (``board.SPEAKER``, amplifier on
    ``board.SPEAKER_ENABLE``)."""

    def __init__(self):
        from array import array

        import audiocore
        import audioio
        import board
        import digitalio

        self.enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self.enable.switch_to_output(value=False)
        self.out = audioio.AudioOut(board.SPEAKER)
        # unsigned 16-bit samples around 0x8000, the DAC's resting level, as CircuitPython's
        # AudioOut examples and adafruit_pybadger play them; kept here: a RawSample keeps the
        # samples' address, not the array, which the collector would otherwise free under it
        self.wave = array("H", [level << 8 for level in WAVE])
        self.sample = audiocore.RawSample(self.wave, sample_rate=8000)

    def tone(self, hz: int) -> None:
        """Sound a steady note of ``hz`` until the next call (a new sample rate takes effect
        at the next ``play``)."""
        self.out.stop()
        self.sample.sample_rate = hz * WAVE_POINTS  # the loop plays WAVE_POINTS samples a period
        self.enable.value = True
        self.out.play(self.sample, loop=True)

    def quiet(self) -> None:
        """Stop the note, and the amplifier."""
        self.out.stop()
        self.enable.value = False
