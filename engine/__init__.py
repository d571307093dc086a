"""Scopone rules engine and bots: pure Python on CPython, MicroPython and CircuitPython.

Start from ``engine.rules.Rules`` and ``engine.state.State``; see README.md.
"""
