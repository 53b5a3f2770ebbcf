#!/usr/bin/env bash
# The language server in a real editor: headless Neovim (Debian's neovim
# package, 0.7) opens examples/shop's files in several orders, each with a
# new server and cache, and every file must show what `budgetlint ./...`
# prints for it (store.go once showed nothing when opened after api.go).
# The editor's log must have the server's progress, and no errors.
# Skips only when Neovim is missing and cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  if command -v apt-get >/dev/null; then
    echo "installing Debian's neovim package"
    $sudo apt-get install -y neovim || { $sudo apt-get update && $sudo apt-get install -y neovim; } || true
  fi
fi
if ! command -v nvim >/dev/null; then
  echo "SKIP: nvim is not installed and apt-get could not install it (no apt-get, no root or sudo, or no package source); the editor test did not run"
  exit 0
fi
nvim --version | head -1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/budgetlint" ./cmd/budgetlint
shop=$(pwd)/examples/shop

# What the command line finds is what the editor must show.
status=0
(cd "$shop" && "$tmp/budgetlint" -cache=off ./...) | sort >"$tmp/want" || status=$?
if [ "$status" != 1 ] || ! grep -q '^store/store.go:' "$tmp/want"; then
  echo "budgetlint ./... in examples/shop: exit $status, want 1 with findings in store/store.go:"; cat "$tmp/want"; exit 1
fi

fail=0
run() { # name order [cache]
  local name=$1 order=$2 cache=${3:-$tmp/cache-$1}
  local xdg=$tmp/xdg-$name
  mkdir -p "$xdg"
  echo "-- $name: $order"
  if ! OUT="$tmp/out-$name" SHOP="$shop" ORDER="$order" CACHE="$cache" BUDGETLINT="$tmp/budgetlint" \
    XDG_CACHE_HOME="$xdg/cache" XDG_STATE_HOME="$xdg/state" XDG_DATA_HOME="$xdg/data" XDG_CONFIG_HOME="$xdg/config" \
    timeout 600 nvim --headless --clean -i NONE -c 'luafile .ci/editor.lua' </dev/null >"$tmp/nvim-$name.log" 2>&1; then
    echo "nvim failed:"; cat "$tmp/out-$name" "$tmp/nvim-$name.log" 2>/dev/null; fail=1; return
  fi
  grep -v -e '^fix: ' -e '^exit ' "$tmp/out-$name" | sort >"$tmp/got-$name" || true
  if ! diff -u "$tmp/want" "$tmp/got-$name"; then
    echo "$name: the editor's diagnostics (+) differ from budgetlint ./... (-)"; fail=1
  fi
  if ! grep -q '^fix: .*r\.Context()' "$tmp/out-$name"; then
    echo "$name: no quick fix to r.Context() for api.go:"; grep '^fix: ' "$tmp/out-$name" || true; fail=1
  fi
  if ! grep -qx 'exit 0' "$tmp/out-$name"; then
    echo "$name: the server did not exit with status 0 after shutdown:"; tail -1 "$tmp/out-$name"; fail=1
  fi
  local log=$xdg/cache/nvim/lsp.log
  if ! grep -q 'budgetlint: analysed ' "$log"; then
    echo "$name: no progress in the editor's log $log"; fail=1
  fi
  if grep '\[ERROR\]' "$log"; then
    echo "$name: errors in the editor's log (above)"; fail=1
  fi
}
run api-first api/api.go,store/store.go,billing/billing.go
run store-first store/store.go,billing/billing.go,api/api.go
run warm billing/billing.go,store/store.go,api/api.go "$tmp/cache-api-first" # the first run's cache
[ "$fail" = 0 ] && echo "the editor showed every file's findings in every order"
exit "$fail"
