#!/usr/bin/env bash
# Live cross-check of our short-nardy (backgammon) move generator against gnubg.
# Generates fresh vectors with tools/gnubg/oracle.py (random seed unless SEED is
# set) and feeds them to tools/gnubg/compare.ts. Exit status = compare's status
# (1 if gnubg is missing or the oracle fails).
#
#   bash tools/gnubg/live-check.sh              # N=1000, seed = current time
#   SEED=1764440000 N=3000 bash tools/gnubg/live-check.sh   # reproduce a run
#   VARIANT=nackgammon bash tools/gnubg/live-check.sh       # or hypergammon (default short)
#
# MIN_BAR / MIN_BEAROFF / MIN_NOPLAY / BIAS are passed through to oracle.py.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

GNUBG="$(command -v gnubg || true)"
if [ -z "$GNUBG" ] && [ -x /usr/games/gnubg ]; then
  GNUBG=/usr/games/gnubg
fi
if [ -z "$GNUBG" ]; then
  echo "gnubg not found: apt-get install -y gnubg (Debian installs it in /usr/games)" >&2
  exit 1
fi

SEED="${SEED:-$(date +%s)}"
N="${N:-1000}"
VARIANT="${VARIANT:-short}"
export SEED N VARIANT

TMPDIR_CHECK="$(mktemp -d "${TMPDIR:-/tmp}/gnubg-live.XXXXXX")"
OUT="$TMPDIR_CHECK/vectors.jsonl"
LOG="$TMPDIR_CHECK/gnubg.log"
export OUT

echo "gnubg live check: VARIANT=$VARIANT SEED=$SEED N=$N gnubg=$GNUBG"
echo "reproduce with: VARIANT=$VARIANT SEED=$SEED N=$N bash tools/gnubg/live-check.sh"

if ! "$GNUBG" -t -q -r -p tools/gnubg/oracle.py >"$LOG"; then
  echo "oracle.py failed (SEED=$SEED N=$N); gnubg stdout:" >&2
  cat "$LOG" >&2
  echo "kept: $TMPDIR_CHECK" >&2
  exit 1
fi
if ! grep '^ORACLE ' "$LOG"; then
  echo "oracle.py printed no summary line (SEED=$SEED N=$N); gnubg stdout:" >&2
  cat "$LOG" >&2
  exit 1
fi

status=0
npx tsx tools/gnubg/compare.ts "$OUT" "$VARIANT" || status=$?
if [ "$status" -eq 0 ]; then
  rm -rf "$TMPDIR_CHECK"
  echo "gnubg live check passed (SEED=$SEED N=$N)"
else
  echo "gnubg live check FAILED (SEED=$SEED N=$N); vectors kept in $OUT" >&2
fi
exit "$status"
