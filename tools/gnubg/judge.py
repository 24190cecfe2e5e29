# gnubg's cubeless equities for the plays of a list of positions: the judge of bench/errors.ts.
#
# Run inside gnubg's embedded Python (the `gnubg` module exists only there):
#   IN=plays.jsonl OUT=judged.jsonl PLIES=2 TOP=8 /usr/games/gnubg -t -q -r -p tools/gnubg/judge.py
#
# IN: one JSON object a line, {"id": "<Position ID before the play, the side on roll encoded
# SECOND>", "plays": ["<Position ID after each play, the OPPONENT on roll encoded second>", ...],
# "must": [indices of plays to judge whatever their rank]}; a play that ends the game is sent as
# null and not judged here (its worth is known without gnubg).
# Every play is first scored at 0-ply; the TOP best of them and the `must` ones are then scored
# at PLIES, as gnubg's own analysis filters its candidates before a deeper look.
# OUT: one line per input line, in input order:
#   {"line": i, "class": gnubg's position class of the position before the play,
#    "best0": the index of gnubg's own 0-ply choice (its best play at 0-ply),
#    "eq": {"<play index>": the mover's cubeless money equity after that play, ...}}
# (the equity of the opponent on roll, negated; gammons 2, backgammons 3, no cube).
# The last stdout line is `JUDGE positions=... plies=... seconds=...`. Exit status 1 on any error
# (gnubg itself exits 0 on an uncaught Python exception, so everything is caught).

import gnubg
import json
import os
import sys
import time
import traceback


def main():
    out = os.fdopen(os.dup(1), 'w')
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    try:
        plies = int(os.environ.get('PLIES', '2'))
        top = int(os.environ.get('TOP', '8'))
        for c in ('set automatic roll off', 'set automatic move off', 'set automatic game off',
                  'set player 0 human', 'set player 1 human', 'set threads 1',
                  'set jacoby off', 'set beavers 0', 'new session'):
            gnubg.command(c)
        ci = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
        # With Jacoby on (gnubg's default) a centred cube prices gammons at 0: equities without mars.
        if ci['jacoby'] != 0 or ci['gammonprice'] != ((1.0, 1.0), (1.0, 1.0)):
            raise RuntimeError('unexpected cube info %r' % (ci,))

        def equity(pid, ply):
            board = gnubg.positionfromid(pid)
            if gnubg.positionid(board) != pid:
                raise RuntimeError('position %s did not round-trip' % pid)
            ec = {'cubeful': 0, 'plies': ply, 'deterministic': 1, 'noise': 0.0}
            return -gnubg.evaluate(board, ci, ec)[5]

        t0 = time.time()
        n = 0
        with open(os.environ['IN']) as f, open(os.environ['OUT'] + '.tmp', 'w') as w:
            for line in f:
                if not line.strip():
                    continue
                case = json.loads(line)
                before = gnubg.positionfromid(case['id'])
                if gnubg.positionid(before) != case['id']:
                    raise RuntimeError('position %s did not round-trip' % case['id'])
                plays = case['plays']
                ranked = sorted((i for i, p in enumerate(plays) if p is not None),
                                key=lambda i: -equity(plays[i], 0))
                chosen = set(ranked[:top]) | set(i for i in case.get('must', []) if plays[i] is not None)
                eq = dict((str(i), equity(plays[i], plies)) for i in sorted(chosen))
                w.write(json.dumps({'line': n, 'class': gnubg.classifypos(before, 0),
                                    'best0': ranked[0] if ranked else None, 'eq': eq},
                                   separators=(',', ':')) + '\n')
                n += 1
                if n % 100 == 0:
                    sys.stderr.write('judged %d positions in %.0f s\n' % (n, time.time() - t0))
                    sys.stderr.flush()
        os.replace(os.environ['OUT'] + '.tmp', os.environ['OUT'])
        out.write('JUDGE positions=%d plies=%d top=%d seconds=%.1f\n' % (n, plies, top, time.time() - t0))
        out.flush()
    except Exception as e:
        sys.stderr.write('JUDGE FAILED: %s\n' % e)
        traceback.print_exc()
        sys.stderr.flush()
        sys.exit(1)


main()
