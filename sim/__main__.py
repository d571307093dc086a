"""Command line: ``python -m sim`` runs the simulator; ``selfplay``, ``arena`` and ``check``
are commands.

``python -m sim [--board B] [--scale N] [--level L] [--preset P]`` (or ``python -m sim play ...``)
opens the simulator's window; ``--headless --script FILE --screenshots DIR`` plays a script
without one (sim/simulator.py). ``python -m sim check FILE`` replays a game record through the
engine and says how many matches it holds, or the line and the reason it is refused.

Desktop only.
"""

import sys

from sim import CommandParser, arena, reader_gone, selfplay, simulator

PLAY = "play"


def main(argv=None) -> int:
    """Run a command; without one (nothing, or options only) run the simulator."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv.insert(0, PLAY)
    parser = CommandParser(
        prog="python -m sim",
        description="The simulator (the default command), self-play, the arena and the record "
                    "check.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser(PLAY, help=simulator.__doc__.splitlines()[0])
    simulator.add_arguments(play)
    play.set_defaults(run=simulator.run)
    selfplay.add_arguments(commands.add_parser("selfplay", help=selfplay.__doc__.splitlines()[0]))
    arena.add_arguments(commands.add_parser("arena", help=arena.__doc__.splitlines()[0]))
    check = commands.add_parser("check", help="replay a game record (RECORD.md) and check it")
    check.add_argument("record", help="the record file (JSON Lines)")
    check.set_defaults(run=_check)
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # told by the command's parser, whose --help lists its options
        commands.choices[args.command].error("unrecognized arguments: %s" % " ".join(unknown))
    try:
        return args.run(args)
    except BrokenPipeError:  # `selfplay --out - | head`
        return reader_gone()
    except (ValueError, OSError) as error:  # bad options or files: one clear line
        print("error: %s" % error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: an output file is left as it was (selfplay.replacing)
        print("interrupted", file=sys.stderr)
        return 130


def _check(args) -> int:
    from engine.record import read_record

    with open(args.record, "rb") as lines:  # as bytes, so a bad byte gets its exact line
        matches = read_record(lines)
    print("%s ok" % selfplay.count(len(matches), "match", "matches"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
