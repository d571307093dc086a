"""Command line: ``python -m sim selfplay ...`` (and later the simulator and the arena).

Desktop only.
"""

import argparse
import sys

from sim import arena, selfplay


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sim", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    selfplay.add_arguments(commands.add_parser("selfplay", help=selfplay.__doc__.splitlines()[0]))
    arena.add_arguments(commands.add_parser("arena", help=arena.__doc__.splitlines()[0]))
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except ValueError as error:  # bad options: one clear line, no traceback
        print("error: %s" % error, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
