#!/usr/bin/env bash
# Integration test of the golangci-lint module plugin (plugin/): build a real
# custom golangci-lint with budgetlint inside from this checkout, run it on
# testdata/golangci, and check that it reports each pass, honours a setting
# and //nolint:budgetlint, refuses an unknown setting, and applies fixes.
#
# Needs only Go, git and the Go module proxy: `golangci-lint custom` clones
# github.com/golangci/golangci-lint, so the clone is pointed (git's
# url.<local>.insteadOf) at a local repository made from the module proxy's
# copy of the same version (docs/golangci.md, "Without GitHub").
#
# The custom binary is cached under ${XDG_CACHE_HOME:-$HOME/.cache}/budgetlint-ci,
# keyed by the Go version, this script and the sources the plugin is built
# from; BUDGETLINT_CI_REBUILD=1 ignores the cache.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
gcl_version=v2.15.0

step() { printf '  -- %s\n' "$*"; STEP_START=$SECONDS; }
took() { printf '     (%ss)\n' $((SECONDS - STEP_START)); }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# The cache key: everything that goes into the custom binary from here.
plugin_sources() {
  go list -deps -f '{{if and .Module (eq .Module.Path "github.com/budgetlint/budgetlint")}}{{range .GoFiles}}{{$.Dir}}/{{.}}
{{end}}{{range .EmbedFiles}}{{$.Dir}}/{{.}}
{{end}}{{end}}' ./plugin | sort
}
sha256() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }
key=$({ go version; echo "$gcl_version"; cat "$0" go.mod go.sum; plugin_sources | tr '\n' '\0' | xargs -0 cat; } | sha256 | cut -c1-20)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/budgetlint-ci
bin=$cache/custom-gcl-$gcl_version-$key

if [ -x "$bin" ] && [ -z "${BUDGETLINT_CI_REBUILD:-}" ]; then
  echo "  -- custom golangci-lint cached: $bin"
else
  step "go install golangci-lint $gcl_version (scratch GOBIN)"
  GOBIN=$work/bin go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$gcl_version"
  took

  step "local golangci-lint repository from the module proxy's $gcl_version"
  src=$(go mod download -json "github.com/golangci/golangci-lint/v2@$gcl_version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
  [ -d "$src" ] || fail "go mod download gave no directory for golangci-lint $gcl_version"
  local_repo=$work/golangci-lint.git
  cp -R "$src" "$local_repo"
  chmod -R u+w "$local_repo"
  g=(git -C "$local_repo" -c init.defaultBranch=main -c user.name=budgetlint-ci
    -c user.email=ci@budgetlint.invalid -c commit.gpgsign=false)
  "${g[@]}" init -q
  "${g[@]}" add .
  "${g[@]}" commit -q -m "golangci-lint $gcl_version from the Go module proxy"
  "${g[@]}" tag "$gcl_version"
  took

  step "golangci-lint custom (plugin path: $repo)"
  mkdir "$work/build"
  cat >"$work/build/.custom-gcl.yml" <<EOF
version: $gcl_version
name: custom-gcl
destination: $work/out
plugins:
  - module: github.com/budgetlint/budgetlint
    import: github.com/budgetlint/budgetlint/plugin
    path: $repo
EOF
  # custom clones https://github.com/golangci/golangci-lint.git; git
  # rewrites that URL to the local repository. custom passes GIT_CONFIG_*
  # through to git.
  (cd "$work/build" &&
    GIT_CONFIG_COUNT=1 \
    GIT_CONFIG_KEY_0="url.file://$local_repo.insteadOf" \
    GIT_CONFIG_VALUE_0=https://github.com/golangci/golangci-lint.git \
    "$work/bin/golangci-lint" custom)
  mkdir -p "$cache"
  cp "$work/out/custom-gcl" "$bin.$$"
  mv "$bin.$$" "$bin"
  # Keep the three newest binaries (50 MB each): older sources rarely return.
  ls -t "$cache"/custom-gcl-* | tail -n +4 | xargs rm -f
  took
fi

# Each run gets a fresh results cache: a custom binary built from a path
# carries a version that does not change with the plugin's subpackages, so
# golangci-lint's own cache could replay an older binary's findings.
export GOLANGCI_LINT_CACHE=$work/gcl-cache
mod=$work/mod
cp -R testdata/golangci "$mod"

# lint CONFIG OUT [ARGS...]: run the custom binary in the test module;
# OUT gets the findings, one a line; the exit code is returned in $code.
lint() {
  local config=$1 out=$2
  shift 2
  code=0
  (cd "$mod" && "$bin" run -c "$config" --output.text.print-issued-lines=false --show-stats=false "$@" ./...) >"$out" 2>&1 || code=$?
}
expect() { grep -Eq -- "$2" "$1" || { cat "$1"; fail "$3: no line matches /$2/"; }; }
refute() { ! grep -Eq -- "$2" "$1" || { cat "$1"; fail "$3: a line matches /$2/"; }; }
count() { [ "$(grep -c '(budgetlint)$' "$1")" -eq "$2" ] || { cat "$1"; fail "want $2 findings"; }; }

step "findings of each pass, //nolint:budgetlint"
lint .golangci.yml "$work/default.txt"
[ "$code" -eq 1 ] || { cat "$work/default.txt"; fail "exit code $code with findings, want 1"; }
expect "$work/default.txt" '^svc/svc\.go:19:15: ctxbackground: context\.Background\(\) .*use ctx \(budgetlint\)$' "ctxbackground"
expect "$work/default.txt" '^svc/svc\.go:24:15: fixedtimeout: 2s timeout on a fresh context .* \(budgetlint\)$' "fixedtimeout"
expect "$work/default.txt" '^svc/svc\.go:31:9: dropcancel: http\.Get cannot be cancelled .* \(budgetlint\)$' "dropcancel"
expect "$work/default.txt" '^svc/svc\.go:36:2: retrybudget: retry loop .* \(budgetlint\)$' "retrybudget"
refute "$work/default.txt" '^svc/svc\.go:47:' "//nolint:budgetlint"
refute "$work/default.txt" '^svc/svc_test\.go:' "tests are left alone by default"
count "$work/default.txt" 4
took

step "a setting changes what is reported (ctxbackground.tests)"
lint golangci-tests.yml "$work/tests.txt"
expect "$work/tests.txt" '^svc/svc_test\.go:15:33: ctxbackground: .*use t\.Context\(\) \(budgetlint\)$' "ctxbackground.tests: true"
count "$work/tests.txt" 5
took

step "an unknown setting is refused"
lint golangci-typo.yml "$work/typo.txt"
[ "$code" -ne 0 ] || { cat "$work/typo.txt"; fail "a misspelt setting was accepted"; }
expect "$work/typo.txt" 'unknown field "test"' "the error names the key"
took

step "--fix applies the suggested fixes"
lint .golangci.yml "$work/fix.txt" --fix
expect "$mod/svc/svc.go" '^	return s\.Get\(ctx, key\)$' "ctxbackground's fix"
lint .golangci.yml "$work/after.txt"
refute "$work/after.txt" 'context\.Background\(\)' "the fixed finding is gone"
(cd "$mod" && go vet ./...) || fail "the fixed module does not build"
took
