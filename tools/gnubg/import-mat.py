# Imports a .mat file into gnubg and prints what gnubg made of it (tests/game/export.test.ts).
#
# Run inside gnubg's embedded Python (the `gnubg` module exists only there):
#   MAT=/tmp/match.mat SETUP='set jacoby off' gnubg -t -q -r -p tools/gnubg/import-mat.py </dev/null
# (Debian installs gnubg as /usr/games/gnubg, which is not on PATH by default.)
#
# Environment:
#   MAT     the .mat file (required; a path without spaces)
#   SETUP   gnubg commands run before the import, separated by ";" (e.g. "set jacoby on":
#           gnubg takes the Jacoby rule of a money game from its own setting, not from the file)
#
# Output: gnubg's own messages (an import problem prints "WARNING: Invalid move ...",
# "Unrecognised move ...", "Take record found but doesn't follow a double", ...), then one line
#   IMPORT {"info": <gnubg.match()['match-info']>, "games": [<each game's 'info'>, ...]}
# where a game's info is {"score-X", "score-O" (the score before the game, read from the file),
# "winner" ("X" = the left column, "O" = the right), "points-won", "resigned"} as gnubg replayed it.
# Exit status 1 when gnubg has no match after the import or Python fails (gnubg itself would
# exit 0 on an uncaught exception).

import gnubg
import json
import os
import sys
import traceback

try:
    for command in os.environ.get('SETUP', '').split(';'):
        if command.strip():
            gnubg.command(command.strip())
    gnubg.command('import mat ' + os.environ['MAT'])
    match = gnubg.match(0, 0, 0, 0)
    if not match:
        print('IMPORT-FAILED gnubg has no match after the import')
        sys.exit(1)
    out = {'info': match['match-info'], 'games': [game['info'] for game in match['games']]}
    print('IMPORT ' + json.dumps(out, ensure_ascii=False))
    sys.stdout.flush()
except SystemExit:
    raise
except BaseException:
    traceback.print_exc()
    sys.stdout.flush()
    sys.exit(1)
