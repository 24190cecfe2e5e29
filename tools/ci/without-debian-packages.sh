#!/usr/bin/env bash
# Runs a command as if the Debian packages the system tests need were not installed, without
# uninstalling them (others on the machine use them): in a private mount namespace (unshare), empty
# directories are mounted over gnubg's (/usr/games, /usr/share/gnubg), chromium's (/usr/lib/chromium)
# and the phone's fonts' (fonts-roboto's and fonts-noto-core's folders), and /usr/bin is rebuilt
# without chromium and fontconfig's fc-* commands. Nothing outside the command sees a change. HIDE
# picks the packages (default: gnubg,chromium,fontconfig,fonts).
#
#   bash tools/ci/without-debian-packages.sh npm test                            # a machine with Node only
#   HIDE=gnubg bash tools/ci/without-debian-packages.sh npm run test:system      # fails, saying to install gnubg
#   HIDE=fonts bash tools/ci/without-debian-packages.sh npx vitest run --config vitest.system.config.ts tests/i18n/keyboard-width.system.test.ts
#
# Needs unshare (util-linux) and user namespaces, or root.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 <command…>" >&2; exit 2; }
if [ "${NARDY_IN_NAMESPACE:-}" != 1 ]; then
  exec env NARDY_IN_NAMESPACE=1 unshare --map-root-user --mount bash "$0" "$@"
fi
hide=",${HIDE:-gnubg,chromium,fontconfig,fonts},"
empty() { [ -e "$1" ] && mount -t tmpfs -o ro,size=4k nardy-hidden "$1"; return 0; }
if [[ $hide == *,gnubg,* ]]; then empty /usr/games; empty /usr/share/gnubg; fi
if [[ $hide == *,chromium,* ]]; then empty /usr/lib/chromium; fi
if [[ $hide == *,fonts,* ]]; then empty /usr/share/fonts/truetype/roboto; empty /usr/share/fonts/truetype/noto; fi
if [[ $hide == *,chromium,* || $hide == *,fontconfig,* ]]; then
  orig=$(mktemp -d)
  mount --bind /usr/bin "$orig"
  mount -t tmpfs nardy-usr-bin /usr/bin
  for f in "$orig"/* "$orig"/.[!.]*; do
    [ -e "$f" ] || [ -L "$f" ] || continue
    name=${f##*/}
    case $name in
      chromium*) [[ $hide == *,chromium,* ]] && continue ;;
      fc-*) [[ $hide == *,fontconfig,* ]] && continue ;;
    esac
    # A symlink is copied as it is (its relative target means the same in /usr/bin), a file linked to.
    if [ -L "$f" ]; then "$orig/cp" -P "$f" "/usr/bin/$name"; else "$orig/ln" -s "$f" "/usr/bin/$name"; fi
  done
fi
unset NARDY_IN_NAMESPACE
exec "$@"
