#!/usr/bin/env bash
# soak.sh runs every budgetlint pass over the standard library and over every
# module in the local module cache that builds, standalone (budgetlint -json)
# and under go vet -vettool, twice each. It fails on a panic, an internal
# error (a pass returning an error) or output that differs between the two
# runs, and prints, per target, the packages analysed, the findings per pass
# and the time taken.
#
# Usage: scripts/soak.sh [std] [modules]        (both when none is named)
#
# Environment:
#   SOAK_MODULES=regexp     only modules whose path@version matches
#   SOAK_ALL_VERSIONS=1     every cached version, not only each module's newest
#   SOAK_TIMEOUT=seconds    per run (default 1800); a slower module is skipped
#   SOAK_OUT=dir            keep the outputs there (default: a new temp dir)
#   BUDGETLINT=path         use this binary instead of building ./cmd/budgetlint
#
# Modules are copied to a scratch directory and built offline (GOPROXY=off,
# -mod=mod) from the module cache alone; one that does not build with its
# tests is skipped, and the line says why. Nothing is downloaded.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

timeout_s=${SOAK_TIMEOUT:-1800}
out=${SOAK_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/budgetlint-soak.XXXXXX")}
mkdir -p "$out/bin" "$out/runs"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(std modules)

log() { printf '%s\n' "$*" | tee -a "$out/summary.txt"; }

# The binary, and a small helper that turns the JSON of budgetlint -json and
# of go vet -json (package -> pass -> diagnostics or error) into sorted lines.
bin=${BUDGETLINT:-$out/bin/budgetlint}
if [ -z "${BUDGETLINT:-}" ]; then
  go build -o "$bin" ./cmd/budgetlint || { echo "soak: cannot build budgetlint" >&2; exit 2; }
fi
mkdir -p "$out/soakjson"
cat >"$out/soakjson/main.go" <<'EOF'
// Command soakjson prints the findings of a stream of JSON diagnostics as
// sorted, unique lines "position<TAB>pass<TAB>message", and every error
// entry as "ERROR<TAB>package<TAB>pass<TAB>error".
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "pin" {
		pin(os.Args[2])
		return
	}
	dec := json.NewDecoder(os.Stdin)
	var lines []string
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			fmt.Fprintln(os.Stderr, "soakjson:", err)
			os.Exit(2)
		}
		for pkg, passes := range tree {
			for pass, raw := range passes {
				var diags []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &diags); err == nil {
					for _, d := range diags {
						lines = append(lines, d.Posn+"\t"+pass+"\t"+d.Message)
					}
					continue
				}
				var e struct{ Error string }
				json.Unmarshal(raw, &e)
				lines = append(lines, "ERROR\t"+pkg+"\t"+pass+"\t"+e.Error)
			}
		}
	}
	slices.Sort(lines)
	for _, l := range slices.Compact(lines) {
		fmt.Println(l)
	}
}

// pin reads `go mod edit -json` and prints a -require flag moving each
// requirement to the newest version whose zip is in the module cache's
// download directory.
func pin(download string) {
	var mod struct{ Require []struct{ Path, Version string } }
	if err := json.NewDecoder(os.Stdin).Decode(&mod); err != nil {
		fmt.Fprintln(os.Stderr, "soakjson:", err)
		os.Exit(2)
	}
	for _, r := range mod.Require {
		esc, err := module.EscapePath(r.Path)
		if err != nil {
			continue
		}
		zips, _ := filepath.Glob(filepath.Join(download, esc, "@v", "*.zip"))
		var versions []string
		for _, z := range zips {
			if v, err := module.UnescapeVersion(strings.TrimSuffix(filepath.Base(z), ".zip")); err == nil {
				versions = append(versions, v)
			}
		}
		if len(versions) == 0 {
			continue
		}
		semver.Sort(versions)
		fmt.Printf("-require=%s@%s\n", r.Path, versions[len(versions)-1])
	}
}
EOF
printf 'module soakjson\n\ngo 1.22\n\nrequire golang.org/x/mod v0.42.0\n' >"$out/soakjson/go.mod"
(cd "$out/soakjson" && GOWORK=off GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off go build -o "$out/bin/soakjson" .); rc=$?
[ $rc -eq 0 ] || { echo "soak: cannot build soakjson" >&2; exit 2; }

# The passes, from the binary's own list.
passes=($("$bin" help | awk '/^Run .budgetlint -h/ {on=1; next} on && NF {print $1}'))
[ ${#passes[@]} -gt 0 ] || { echo "soak: budgetlint help lists no passes" >&2; exit 2; }
pass_re=$(IFS='|'; echo "inbound|inspect|${passes[*]}")

# The driver's results cache would answer the second run from the first:
# both run without it. -v says how many packages were analysed. The tests
# option makes the standalone driver load and analyse test files too (it
# skips them when no pass reports in them), as go vet always does: more
# code to survive, and the same findings from both.
bl_flags=(-ctxbackground.tests)
help=$("$bin" -h 2>&1)
grep -q -- '-cache' <<<"$help" && bl_flags+=(-cache=off)
grep -q -- '^  -v' <<<"$help" && bl_flags+=(-v)

failures=0
fail() { log "FAIL $*"; failures=$((failures + 1)); }

# crashed reports whether a run's stderr shows a panic or an internal error
# (a pass that returned an error), printing the first such lines.
crashed() {
  grep -E -m5 "^panic: |^fatal error: |goroutine [0-9]+ \[running\]|internal error|^budgetlint: [^ ]+: ($pass_re): |^vet: .*($pass_re)" "$1"
}

declare -A total_std total_vet
total_pkgs=0
header=$(printf '%-58s %6s %6s' target pkgs secs)
for p in "${passes[@]}"; do header+=$(printf ' %13s' "$p"); done
log "$header $(printf '%6s' vetdiff)"
log "$(printf '%-72s  (findings: budgetlint/go vet; vetdiff: findings only one of them reports)' '')"

# soak NAME DIR PATTERN: analyse PATTERN in DIR twice each way and compare.
soak() {
  local name=$1 dir=$2 pattern=$3 start=$SECONDS
  local o="$out/runs/${name//[\/@]/_}"
  local npkgs
  npkgs=$(cd "$dir" && go list -e -f '{{if not .Error}}{{if .GoFiles}}x{{end}}{{end}}' "$pattern" 2>/dev/null | grep -c x)
  for run in 1 2; do
    (cd "$dir" && timeout "$timeout_s" "$bin" "${bl_flags[@]}" -json "$pattern" >"$o.bl$run.json" 2>"$o.bl$run.err")
    local rc=$?
    if [ $rc -eq 124 ]; then log "SKIP $name: budgetlint took over ${timeout_s}s"; return; fi
    if crashed "$o.bl$run.err"; then fail "$name: budgetlint run $run crashed ($o.bl$run.err)"; return; fi
    case $rc in 0 | 1 | 3) ;; *) fail "$name: budgetlint run $run exited $rc ($o.bl$run.err)"; return ;; esac
  done
  local analysed
  analysed=$(sed -n 's/^budgetlint: [0-9]* packages listed, \([0-9]*\) analysed.*/\1/p' "$o.bl1.err")
  [ -n "$analysed" ] && npkgs=$analysed
  cmp -s "$o.bl1.json" "$o.bl2.json" || fail "$name: budgetlint output differs between runs ($o.bl1.json $o.bl2.json)"
  "$out/bin/soakjson" <"$o.bl1.json" >"$o.bl.txt"

  # The second vet run spells the flag differently: the go command then
  # cannot replay the first run's cached output.
  local extra=("-ctxbackground.tests" "-ctxbackground.tests=true")
  for run in 1 2; do
    (cd "$dir" && timeout "$timeout_s" go vet -json -vettool="$bin" ${extra[$((run - 1))]} "$pattern" >"$o.vet$run.json" 2>"$o.vet$run.err")
    [ $? -eq 124 ] && { log "SKIP $name: go vet took over ${timeout_s}s"; return; }
    if crashed "$o.vet$run.err"; then fail "$name: go vet run $run crashed ($o.vet$run.err)"; return; fi
    "$out/bin/soakjson" <"$o.vet$run.json" >"$o.vet$run.txt" || { fail "$name: go vet run $run printed bad JSON"; return; }
    if grep -q '^ERROR' "$o.vet$run.txt"; then fail "$name: go vet run $run: $(grep -m1 '^ERROR' "$o.vet$run.txt")"; return; fi
  done
  cmp -s "$o.vet1.txt" "$o.vet2.txt" || fail "$name: go vet findings differ between runs ($o.vet1.txt $o.vet2.txt)"

  # Findings only one driver reports (facts across packages, test variants).
  comm -3 "$o.bl.txt" "$o.vet1.txt" >"$o.vetdiff.txt"
  local row counts=""
  row=$(printf '%-58s %6d %6d' "$name" "$npkgs" $((SECONDS - start)))
  for p in "${passes[@]}"; do
    local s v
    s=$(awk -F'\t' -v p="$p" '$2 == p' "$o.bl.txt" | wc -l)
    v=$(awk -F'\t' -v p="$p" '$2 == p' "$o.vet1.txt" | wc -l)
    total_std[$p]=$((${total_std[$p]:-0} + s))
    total_vet[$p]=$((${total_vet[$p]:-0} + v))
    row+=$(printf ' %6d/%-6d' "$s" "$v")
  done
  log "$row $(printf '%6d' "$(wc -l <"$o.vetdiff.txt")")"
  total_pkgs=$((total_pkgs + npkgs))
  cat "$o.bl.txt" >>"$out/findings.txt"
}

# modules lists the module roots in the module cache: the newest version of
# each module, or every version with SOAK_ALL_VERSIONS=1.
modules() {
  local cache
  cache=$(go env GOMODCACHE)
  find "$cache" -path "$cache/cache" -prune -o -name go.mod -print 2>/dev/null |
    sed -n "s|^$cache/\(.*@[^/]*\)/go.mod$|\1|p" |
    grep -E "${SOAK_MODULES:-.}" |
    sort -t@ -k1,1 -k2,2V |
    if [ -n "${SOAK_ALL_VERSIONS:-}" ]; then cat; else awk -F@ '{last[$1] = $0} END {for (m in last) print last[m]}' | sort; fi
}

# unbuildable prints why the module in a directory cannot be analysed (it or
# its tests do not build offline), nothing when it can. When a required
# version is not in the cache, the requirements are moved to the newest
# cached versions and the module is tried again.
unbuildable() {
  local why
  why=$(buildcheck "$1")
  if [ -n "$why" ]; then
    (cd "$1" && rm -f go.sum && go mod edit -json | "$out/bin/soakjson" pin "$cache/cache/download" | xargs -r go mod edit)
    why=$(buildcheck "$1")
  fi
  echo "$why"
}

# buildcheck prints the first reason a module does not load with its tests
# or does not build; listing first is cheap, so most failures cost little.
buildcheck() {
  local why
  why=$(cd "$1" && timeout "$timeout_s" go list -e -test -deps -f '{{with .Error}}{{.}}{{end}}' ./... 2>&1 | grep -v '^go: downloading' | grep -m1 .)
  if [ -n "$why" ]; then
    echo "$why"
    return
  fi
  if ! why=$(cd "$1" && timeout "$timeout_s" go build ./... 2>&1); then
    why=$(printf '%s\n' "$why" | grep -v -e '^#' -e '^go: downloading' | head -1)
    echo "${why:-go build failed}"
  fi
}

started=$SECONDS
for target in "${targets[@]}"; do
  case $target in
  std)
    mkdir -p "$out/std"
    GOWORK=off GOFLAGS= soak std "$out/std" std
    ;;
  modules)
    cache=$(go env GOMODCACHE)
    skipped=0
    for mod in $(modules); do
      work="$out/mod/${mod//[\/@!]/_}"
      rm -rf "$work" && mkdir -p "$work" && cp -R "$cache/$mod/." "$work" && chmod -R u+w "$work"
      rm -f "$work/go.work"
      export GOFLAGS=-mod=mod GOPROXY=off GOWORK=off GOSUMDB=off GOTOOLCHAIN=local
      why=$(unbuildable "$work")
      if [ -n "$why" ]; then
        log "SKIP $mod: does not build from the module cache: ${why:0:160}"
        skipped=$((skipped + 1))
      else
        soak "$mod" "$work" ./...
      fi
      unset GOFLAGS GOPROXY GOWORK GOSUMDB GOTOOLCHAIN
      rm -rf "$work"
    done
    log "modules skipped: $skipped"
    ;;
  *)
    echo "soak: unknown target $target (want std or modules)" >&2
    exit 2
    ;;
  esac
done

log ""
log "packages analysed: $total_pkgs"
for p in "${passes[@]}"; do
  log "$(printf 'findings %-14s standalone %6d   go vet %6d' "$p" "${total_std[$p]:-0}" "${total_vet[$p]:-0}")"
done
log "time: $((SECONDS - started))s"
log "outputs: $out (summary.txt, findings.txt, runs/)"
if [ $failures -gt 0 ]; then
  log "soak: $failures failure(s)"
  exit 1
fi
log "soak: ok (no panic, no internal error, same output on both runs)"
