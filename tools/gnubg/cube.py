# gnubg's cube decisions for a list of positions: the judge of bench/cube.ts.
#
# Run inside gnubg's embedded Python (the `gnubg` module exists only there):
#   IN=positions.jsonl OUT=judged.jsonl PLIES=0,2 /usr/games/gnubg -t -q -r -p tools/gnubg/cube.py
#
# IN: one JSON object a line, {"id": "<gnubg Position ID>", "cube": 1, "owner": "centre" | "mover",
# "match": 0 (money) or its length, "score": [mover, opponent], "jacoby": false}, the side on roll
# encoded SECOND in the ID (gnubg 1.07's order, tools/gnubg/README.md); no beavers.
# OUT: one line per input line and ply count, in input order:
#   {"line": i, "plies": n, "nd": no double, "dt": double/take, "dp": double/pass,
#    "p": [P(win), P(win gammon+), P(win bg), P(lose gammon+), P(lose bg)]}
# from the roller's view: gnubg's cfevaluate, cubeful equities normalised to the cube (a pass is
# worth +1; in a match gnubg's normalised equity, EMG); `p` from its cubeless evaluate at the same
# plies. The last stdout line is
# `CUBE positions=... plies=... seconds=...`. Exit status 1 on any error (gnubg itself exits 0
# on an uncaught Python exception, so everything is caught).

import gnubg
import json
import os
import sys
import time
import traceback


def main():
    out = os.fdopen(os.dup(1), 'w')
    # gnubg's own chatter (board drawings after `new session`) goes to /dev/null.
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    try:
        plies = [int(p) for p in os.environ.get('PLIES', '0,2').split(',') if p.strip() != '']
        for c in ('set automatic roll off', 'set automatic move off', 'set automatic game off',
                  'set player 0 human', 'set player 1 human', 'set threads 1',
                  'set jacoby off', 'set beavers 0', 'new session'):
            gnubg.command(c)
        ci = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
        if ci['jacoby'] != 0 or ci['beavers'] != 0 or ci['gammonprice'] != ((1.0, 1.0), (1.0, 1.0)):
            raise RuntimeError('unexpected cube info %r' % (ci,))
        jacoby = False
        t0 = time.time()
        n = 0
        with open(os.environ['IN']) as f, open(os.environ['OUT'] + '.tmp', 'w') as w:
            for line in f:
                if not line.strip():
                    continue
                case = json.loads(line)
                pid = case['id']
                if case.get('jacoby', False) != jacoby:
                    jacoby = case.get('jacoby', False)
                    gnubg.command('set jacoby ' + ('on' if jacoby else 'off'))
                    gnubg.command('new session')  # the setting holds from the next session on
                # gnubg's player 1 is the side on roll (board[1]); the score tuple is (player 0, player 1).
                mover, opponent = case.get('score', [0, 0])
                ci = gnubg.cubeinfo(case.get('cube', 1), 1 if case.get('owner') == 'mover' else -1, 1,
                                    case.get('match', 0), (opponent, mover), 0, 0)
                if ci['jacoby'] != (1 if jacoby and case.get('match', 0) == 0 else 0):
                    raise RuntimeError('the Jacoby setting did not take: %r' % (ci,))
                board = gnubg.positionfromid(pid)
                if gnubg.positionid(board) != pid:
                    raise RuntimeError('position %s did not round-trip' % pid)
                for ply in plies:
                    ec = {'cubeful': 1, 'plies': ply, 'deterministic': 1, 'noise': 0.0}
                    r = gnubg.cfevaluate(board, ci, ec)
                    p = gnubg.evaluate(board, ci, dict(ec, cubeful=0))
                    w.write(json.dumps({'line': n, 'plies': ply, 'nd': r[1], 'dt': r[2], 'dp': r[3],
                                        'p': list(p[:5])}, separators=(',', ':')) + '\n')
                n += 1
        os.replace(os.environ['OUT'] + '.tmp', os.environ['OUT'])
        out.write('CUBE positions=%d plies=%s seconds=%.1f\n' % (n, ','.join(map(str, plies)), time.time() - t0))
        out.flush()
    except Exception as e:
        sys.stderr.write('CUBE FAILED: %s\n' % e)
        traceback.print_exc()
        sys.stderr.flush()
        sys.exit(1)


main()
