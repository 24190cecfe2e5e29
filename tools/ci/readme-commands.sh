#!/usr/bin/env bash
# CI (issue 8): the README's commands work as written on a clean clone. Reads the shell blocks of
# "Play locally" and "Set up and test" and runs what a newcomer would: every line of "Play locally"
# (`npm start` in the background on a free port, until the page answers and a `/nardy` in the
# playground brings a challenge; then Ctrl-C, which must stop it cleanly and keep ./.data). The
# "Set up and test" lines are the ones .ci/run runs itself; this script only checks they are still
# what the README says, so the two cannot drift apart.
set -euo pipefail
cd "$(dirname "$0")/../.."

block() { # the first ```sh block after the heading "## $1", one command per line, comments dropped
  awk -v h="## $1" '$0 == h { on = 1; next } on && /^```sh/ { inb = 1; next } inb && /^```/ { exit } inb' README.md |
    sed -e 's/#.*//' -e 's/[[:space:]]*$//' | grep -v '^$' || true
}

setup=$(block 'Set up and test')
[ "$setup" = $'npm ci\nnpm test' ] || { echo "README 'Set up and test' is no longer 'npm ci / npm test' (found: $setup); update .ci/run to match" >&2; exit 1; }

play=$(block 'Play locally')
[ -n "$play" ] || { echo "README has no shell block under '## Play locally'" >&2; exit 1; }
work=$(mktemp -d)
# A developer's own games in ./.data are set aside for the run and put back afterwards.
[ -e .data ] && mv .data "$work/kept-data"
trap '[ -n "${pid:-}" ] && kill -9 -- "-$pid" 2>/dev/null; rm -rf .data; [ -e "$work/kept-data" ] && mv "$work/kept-data" .data; rm -rf "$work"' EXIT
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
pid=
while IFS= read -r command; do
  case "$command" in
    'npm ci') echo "== $command"; npm ci --no-audit --no-fund >/dev/null ;;
    'npm start')
      echo "== $command (PORT=$port)"
      # Its own process group, as a terminal gives it, so Ctrl-C below reaches npm and node alike.
      set -m
      PORT=$port npm start >"$work/out" 2>&1 &
      pid=$!
      set +m
      for _ in $(seq 1 120); do grep -q 'Nardy is running' "$work/out" && break; sleep 0.5; done
      grep -q 'Nardy is running' "$work/out" || { cat "$work/out" >&2; echo 'npm start did not come up within 60 s' >&2; exit 1; } ;;
    *) echo "README 'Play locally' has a command this check does not know: '$command' (teach tools/ci/readme-commands.sh)" >&2; exit 1 ;;
  esac
done <<<"$play"
[ -n "$pid" ] || { echo "README 'Play locally' does not run npm start" >&2; exit 1; }

url="http://127.0.0.1:$port"
curl -fsS "$url/" | grep -q 'Nardy playground' || { echo "the playground page did not answer at $url/" >&2; exit 1; }
group=$(curl -fsS "$url/api/state" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).chats[0].id))")
alice=$(curl -fsS "$url/api/state" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).users[0].id))")
curl -fsS -X POST -H 'content-type: application/json' -d "{\"userId\":$alice,\"text\":\"/nardy\"}" "$url/api/chats/$group/messages" >/dev/null
curl -fsS "$url/api/chats/$group/messages" | grep -q '"fromBot":true' || { echo 'the bot did not answer /nardy in the playground' >&2; exit 1; }
echo "   the page answers; /nardy in the playground brings the bot's challenge"

kill -INT -- "-$pid"   # what Ctrl-C does: SIGINT to the foreground process group
status=0
wait "$pid" || status=$?
pid=
grep -q 'games are kept' "$work/out" || { cat "$work/out" >&2; echo 'Ctrl-C did not stop npm start cleanly' >&2; exit 1; }
[ -d .data ] || { echo 'npm start kept no ./.data' >&2; exit 1; }
echo "   Ctrl-C: stopped with status $status, games kept in ./.data"
echo "readme-commands: ok"
