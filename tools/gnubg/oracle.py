# gnubg legal-move oracle for the short-nardy (backgammon) move generator.
#
# Run inside gnubg's embedded Python (the `gnubg` module exists only there):
#   OUT=vectors.jsonl N=3000 SEED=1 gnubg -t -q -r -p tools/gnubg/oracle.py
# (Debian installs gnubg as /usr/games/gnubg, which is not on PATH by default.)
#
# Environment:
#   OUT          output path (required), JSON Lines, one vector per line
#   VARIANT      short (default), nackgammon or hypergammon: the start position of the
#                self-play games. Nackgammon runs under `set variation nackgammon`.
#                3-checker hypergammon runs under gnubg's standard variation: in
#                `3-chequer-hypergammon` gnubg's hint needs the hypergammon database that
#                `makehyper` builds (hint returns nothing without it), while gnubg's move
#                generator (GenerateMoves) is the same for every variation — the legal plays
#                of a 3-checker board are the same whichever variation is set.
#   N            minimum number of vectors (default 3000)
#   SEED         integer seed for random.Random (default 1)
#   MIN_BAR      minimum vectors with the mover on the bar (default N/10)
#   MIN_BEAROFF  minimum vectors with the mover bearing off (default N/10)
#   MIN_NOPLAY   minimum vectors with no legal play (default 40)
#   BIAS         probability of picking the most advanced play instead of a
#                uniformly random one (default 0.25)
#   MAX_TURNS    give up (exit 1) if N/coverage is still not reached after this
#                many turns (default 50*N)
#   VERBOSE=1    keep gnubg's own output (board drawings etc.); by default it is
#                sent to /dev/null and only this script's lines are printed
#
# Each (position, unordered roll) is recorded at most once. After N vectors are
# recorded, play goes on (same game flow) but only vectors of a category still
# below its minimum are recorded, so the output is N vectors plus the shortfall.
#
# Vector format (one JSON object per line, keys in this order):
#   {"position": "<gnubg Position ID before the move>",
#    "dice": [d1, d2],
#    "plays": ["<Position ID after play 1>", ...],     # sorted, distinct
#    "moves": ["<gnubg move string of play 1>", ...]}  # same order as plays
# All IDs are gnubg 1.07 Position IDs computed by gnubg.positionid(board) with
# board = (side NOT on roll, side on roll): the mover is encoded SECOND, both
# in "position" and in every entry of "plays" (no side swap after the move).
#
# Board convention (gnubg): a side is a 25-tuple, index 0..23 = that side's own
# points 1..24, index 24 = its bar; checkers borne off are not stored.
#
# Exit status: 0 on success, 1 on any failed self-check / assertion / error
# (gnubg itself exits 0 on an uncaught Python exception, so we catch them).

import gnubg
import json
import os
import random
import sys
import time
import traceback

C = gnubg.command

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
START_ID = '4HPwATDgc/ABMA'

# Per variant: gnubg variation, start side, start ID, and the opening plays per roll from the
# start (anchors-engine.md §2.1; hypergammon: only the sum, perft(1) = 195, §2.2).
VARIANTS = {
    'short': ('standard', START, START_ID, None, 447),
    'nackgammon': ('nackgammon',
                   (0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0),
                   '4Dl4ADbgOXgANg',
                   {'11': 70, '21': 23, '22': 103, '31': 22, '32': 27, '33': 101, '41': 15,
                    '42': 17, '43': 17, '44': 25, '51': 12, '52': 16, '53': 17, '54': 11,
                    '55': 17, '61': 10, '62': 13, '63': 13, '64': 8, '65': 7, '66': 3},
                   547),
    'hypergammon': ('standard',
                    (0,) * 21 + (1, 1, 1, 0),
                    'AACgAgAAKgAAAA', None, 195),
}

# Opening plays per roll from the start position (doc anchors-engine.md §2.1).
OPENING_COUNTS = {
    '11': 42, '21': 15, '22': 75, '31': 16, '32': 17, '33': 73, '41': 14, '42': 18,
    '43': 17, '44': 52, '51': 8, '52': 8, '53': 9, '54': 9, '55': 4, '61': 10,
    '62': 14, '63': 14, '64': 14, '65': 7, '66': 11,
}

# Hand-made edge vectors (doc §2.4): (position id, dice, expected play count,
# expected move strings or None).
EDGE_VECTORS = [
    ('4HPwATDgc/ABMA', (3, 1), 16, None),  # '8/5 6/5' checked separately
    ('4HPwATDgc/ABUA', (6, 3), 4, ['bar/16', 'bar/22 24/18', 'bar/22 13/7', 'bar/22 8/2']),
    ('/j8AAwD/PwAAIA', (6, 5), 1, ['24/18']),
    ('wADw/wH/PwAAIA', (6, 1), 1, ['24/17']),
    ('AAD8/wEhAAAAAA', (6, 2), 2, None),
    ('AAD8/wEaAAAAAA', (6, 5), 1, ['3/off(2)']),
    ('AIDx/wH/PwAAIA', (5, 5), 1, ['24/14']),
    ('4HPwARTgc/ABUA', (1, 1), 20, None),
    ('27YPAADgc/ADQA', (6, 6), 0, []),
    ('8N4ZAAbg/xMAIA', (6, 2), 1, ['24/22 8/2']),
]


class OracleError(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise OracleError(msg)


def env_int(name, default):
    v = os.environ.get(name, '')
    if v.strip() == '':
        return default
    try:
        return int(v)
    except ValueError:
        raise OracleError('%s must be an integer, got %r' % (name, v))


# ---------------------------------------------------------------- output
_out = None          # our real stdout (gnubg's chatter may be sent to /dev/null)


def say(line):
    _out.write(line + '\n')
    _out.flush()


def silence_gnubg():
    """Send fd 1 (gnubg's C stdout: board drawings, 'The dice have been set…')
    to /dev/null; keep a private handle on the real stdout for our own lines."""
    global _out
    sys.stdout.flush()
    _out = os.fdopen(os.dup(1), 'w')
    if os.environ.get('VERBOSE') == '1':
        return
    try:
        import ctypes
        ctypes.CDLL(None).fflush(None)
    except Exception:
        pass
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)


# ---------------------------------------------------------------- gnubg driving
def setup_gnubg(variation='standard'):
    for c in ('set variation ' + variation,
              'set automatic roll off',
              'set automatic move off',
              'set automatic game off',
              'set player 0 human',
              'set player 1 human',
              'set threads 1',
              'set evaluation chequerplay evaluation plies 0',
              'new session'):
        C(c)


def board_id(board):
    return gnubg.positionid((tuple(board[0]), tuple(board[1])))


def gnubg_hint(board, d1, d2):
    """All legal plays for board = (opp, mover) with dice d1, d2, as gnubg move
    strings. Sets the board and dice in gnubg and checks that it took them."""
    pid = board_id(board)
    C('set board ' + pid)
    # `set board` with a bad ID only prints an error (silently, from Python)
    check(gnubg.positionid() == pid,
          'set board %s was rejected by gnubg (it has %s)' % (pid, gnubg.positionid()))
    C('set dice %d %d' % (d1, d2))
    b = gnubg.board()
    check((tuple(b[0]), tuple(b[1])) == (tuple(board[0]), tuple(board[1])),
          'gnubg.board() after set board %s does not match (side order?)' % pid)
    try:
        h = gnubg.hint(10000)
    except Exception as e:
        # gnubg 1.07 returns {'hint': []} when there is no legal play; be
        # tolerant of builds that raise "no legal moves" / "no moves" instead.
        msg = str(e).lower()
        if 'no legal' in msg or 'no move' in msg or 'no possible' in msg:
            return pid, []
        raise
    if not h or not h.get('hint'):
        return pid, []
    return pid, [m['move'] for m in h['hint']]


def apply_move(board, move):
    """Apply a gnubg move string to board = (opp, mover); returns a new board
    in the SAME orientation (opp first, mover second)."""
    opp, me = list(board[0]), list(board[1])
    pairs = gnubg.parsemove(move)
    check(len(pairs) >= 1, 'parsemove(%r) returned nothing' % move)
    for f, t in pairs:
        src = 24 if f == 25 else f - 1
        check(1 <= f <= 25 and 0 <= t < f, 'bad step %r in %r' % ((f, t), move))
        check(me[src] > 0, 'move %r: no checker on %d' % (move, f))
        me[src] -= 1
        if t:                                  # 0 = borne off
            o = 24 - t                         # my point t is the opponent's point 25 - t
            check(opp[o] <= 1, 'move %r lands on a made point %d' % (move, t))
            if opp[o] == 1:                    # hit: to the opponent's bar
                opp[o] = 0
                opp[24] += 1
            me[t - 1] += 1
    check(sum(me) <= 15 and sum(opp) == sum(board[0]), 'checker count broken by %r' % move)
    return (tuple(opp), tuple(me))


def legal_plays(board, d1, d2):
    """[(result id, move string)] sorted by id, for board = (opp, mover)."""
    pid, moves = gnubg_hint(board, d1, d2)
    res = []
    for m in moves:
        nb = apply_move(board, m)
        res.append((board_id(nb), m, nb))
    ids = [r[0] for r in res]
    check(len(set(ids)) == len(ids),
          'gnubg returned duplicate result positions for %s %d-%d: %r' % (pid, d1, d2, moves))
    res.sort(key=lambda r: r[0])
    return pid, res


def board_from_id(pid):
    b = gnubg.positionfromid(pid)
    return (tuple(b[0]), tuple(b[1]))


# ---------------------------------------------------------------- self-checks
def self_checks():
    start = (START, START)
    check(board_id(start) == START_ID,
          'positionid(start) = %s, expected %s' % (board_id(start), START_ID))

    # Edge vectors, including the two the brief requires.
    for pid, (d1, d2), count, moves in EDGE_VECTORS:
        b = board_from_id(pid)
        check(board_id(b) == pid, 'positionfromid/positionid round trip failed for ' + pid)
        try:
            _, res = legal_plays(b, d1, d2)
        except OracleError as e:
            raise OracleError('SELF-CHECK FAILED: %s %d-%d: %s (is the side on roll the one '
                              'encoded second?)' % (pid, d1, d2, e))
        got = sorted(r[1] for r in res)
        check(len(res) == count,
              'SELF-CHECK FAILED: %s %d-%d: expected %d plays, gnubg gave %d: %r '
              '(is the side on roll the one encoded second?)' % (pid, d1, d2, count, len(res), got))
        if moves is not None:
            check(got == sorted(moves),
                  'SELF-CHECK FAILED: %s %d-%d: expected %r, gnubg gave %r' % (pid, d1, d2, sorted(moves), got))
    _, res = legal_plays(start, 3, 1)
    check('8/5 6/5' in [r[1] for r in res], "SELF-CHECK FAILED: start 3-1 lacks '8/5 6/5'")

    # Side order: from the start, A plays 24/21 13/9; with B to move gnubg shows
    # 4HPhASLgc/ABMA (A, the side not on roll, encoded first).
    opp, me = apply_move(start, '24/21 13/9')
    check(board_id((me, opp)) == '4HPhASLgc/ABMA',
          'SELF-CHECK FAILED: side-order vector: got %s' % board_id((me, opp)))

    # Opening counts for all 21 rolls (doc §2.1), sum 447.
    bad = []
    for key, want in OPENING_COUNTS.items():
        _, res = legal_plays(start, int(key[0]), int(key[1]))
        if len(res) != want:
            bad.append('%s: want %d got %d' % (key, want, len(res)))
    check(not bad, 'SELF-CHECK FAILED: opening counts: ' + ', '.join(bad))
    check(sum(OPENING_COUNTS.values()) == 447, 'opening table sum')


# ---------------------------------------------------------------- generation
def variant_checks(name):
    """The variant's start ID and opening counts per roll (sum = perft(1)) in gnubg."""
    variation, side, start_id, per_roll, total = VARIANTS[name]
    start = (side, side)
    check(board_id(start) == start_id, 'SELF-CHECK FAILED: %s start is %s, expected %s' % (name, board_id(start), start_id))
    counts = {}
    for a in range(1, 7):
        for b in range(1, a + 1):
            counts['%d%d' % (a, b)] = len(legal_plays(start, a, b)[1])
    check(sum(counts.values()) == total, 'SELF-CHECK FAILED: %s opening plays sum to %d, expected %d: %r'
          % (name, sum(counts.values()), total, counts))
    if per_roll is not None:
        bad = ['%s: want %d got %d' % (k, per_roll[k], counts[k]) for k in per_roll if counts[k] != per_roll[k]]
        check(not bad, 'SELF-CHECK FAILED: %s opening counts: %s' % (name, ', '.join(bad)))


def advancement(board):
    """Sort key for the biased choice: more borne off, more checkers home, lower pips."""
    me = board[1]
    off = CHECKERS - sum(me)
    home = sum(me[0:6])
    pips = sum((i + 1) * n for i, n in enumerate(me[:24])) + 25 * me[24]
    return (off, home, -pips)


def generate():
    out_path = os.environ.get('OUT', '')
    check(out_path != '', 'OUT (output path) is required')
    n = env_int('N', 3000)
    seed = env_int('SEED', 1)
    min_bar = env_int('MIN_BAR', n // 10)
    min_bearoff = env_int('MIN_BEAROFF', n // 10)
    min_noplay = env_int('MIN_NOPLAY', 40)
    max_turns = env_int('MAX_TURNS', 50 * max(n, 1))
    bias = float(os.environ.get('BIAS', '0.25'))

    rng = random.Random(seed)
    board = (START, START)                 # (side not on roll, side on roll); START is the variant's
    seen = set()
    lines = []
    n_bar = n_bearoff = n_noplay = 0
    turns = games = 0
    t0 = time.time()

    def done():
        return (len(lines) >= n and n_bar >= min_bar and n_bearoff >= min_bearoff
                and n_noplay >= min_noplay)

    while not done():
        check(turns < max_turns,
              'N/coverage not reached after %d turns: %d vectors (bar=%d bearoff=%d noplay=%d)'
              % (turns, len(lines), n_bar, n_bearoff, n_noplay))
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        pick_advanced = rng.random() < bias
        turns += 1
        pid, res = legal_plays(board, d1, d2)

        key = (pid, min(d1, d2), max(d1, d2))
        me = board[1]
        on_bar = me[24] > 0
        bearing_off = not on_bar and sum(me[6:24]) == 0
        # Record each (position, roll) once. Once N vectors are in, record only
        # vectors of a category that is still short of its minimum.
        wanted = (len(lines) < n or (on_bar and n_bar < min_bar)
                  or (bearing_off and n_bearoff < min_bearoff)
                  or (not res and n_noplay < min_noplay))
        if key not in seen and wanted:
            seen.add(key)
            n_bar += on_bar
            n_bearoff += bearing_off
            n_noplay += not res
            lines.append(json.dumps({'position': pid, 'dice': [d1, d2],
                                     'plays': [r[0] for r in res],
                                     'moves': [r[1] for r in res]},
                                    separators=(',', ':')))
            if len(lines) % 500 == 0:
                sys.stderr.write('oracle: %d vectors (bar=%d bearoff=%d noplay=%d) %.0fs\n'
                                 % (len(lines), n_bar, n_bearoff, n_noplay, time.time() - t0))
                sys.stderr.flush()

        if res:
            if pick_advanced:
                nb = max(res, key=lambda r: advancement(r[2]))[2]   # first max in id order
            else:
                nb = rng.choice(res)[2]
        else:
            nb = board                     # no legal play: the roll passes
        opp, me = nb
        if sum(me) == 0:                   # mover bore off all 15: new game
            games += 1
            board = (START, START)
        else:
            board = (me, opp)              # other side on roll

    tmp = out_path + '.tmp'
    with open(tmp, 'w') as f:
        for line in lines:
            f.write(line + '\n')
    os.replace(tmp, out_path)
    dt = time.time() - t0
    sys.stderr.write('oracle: wrote %s: %d vectors from %d turns, %d games finished, %.1fs\n'
                     % (out_path, len(lines), turns, games, dt))
    say('ORACLE variant=%s vectors=%d bar=%d bearoff=%d noplay=%d seed=%d'
        % (VARIANT, len(lines), n_bar, n_bearoff, n_noplay, seed))


VARIANT = os.environ.get('VARIANT', 'short')
CHECKERS = 15


def main():
    global START, CHECKERS
    silence_gnubg()
    try:
        check(VARIANT in VARIANTS, 'VARIANT must be one of %s' % ', '.join(sorted(VARIANTS)))
        setup_gnubg()
        self_checks()
        sys.stderr.write('oracle: self-checks passed (edge vectors, side order, 21 opening rolls)\n')
        variation, START, _, _, _ = VARIANTS[VARIANT]
        CHECKERS = sum(START)
        setup_gnubg(variation)
        variant_checks(VARIANT)
        sys.stderr.write('oracle: %s self-checks passed (start ID, opening plays per roll)\n' % VARIANT)
        generate()
    except Exception as e:
        sys.stderr.write('ORACLE FAILED: %s\n' % e)
        if not isinstance(e, OracleError):
            traceback.print_exc()
        sys.stderr.flush()
        sys.exit(1)


main()
