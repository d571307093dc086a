"""Desktop side of Scopone for handhelds: self-play, benchmarks and (later) the simulator.

Desktop only: ordinary Python, never imported by ``engine/`` or ``lib/``.
"""
