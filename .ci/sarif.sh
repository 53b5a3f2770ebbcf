#!/usr/bin/env bash
# budgetlint's SARIF, validated by the standard's own schema and by
# Microsoft's validator: `budgetlint -sarif` runs on examples/shop and on
# test corpora whose findings take every shape the writer makes (related
# locations, fixes and insertions, suppressed findings with a reason,
# priced properties, findings about //lint:ignore directives, files outside
# the base as file: URIs, a log without results), and every log must be
# 1. valid against the official SARIF 2.1.0 schema (OASIS, errata01; its
#    id is the $schema budgetlint writes): .ci/sarifcheck with
#    github.com/santhosh-tekuri/jsonschema/v6, formats asserted;
# 2. free of errors from Sarif.Multitool validate (npm
#    @microsoft/sarif-multitool-linux), with its SARIF rules and its
#    GitHub code scanning rules (--rule-kind Sarif;Gh). Its warnings and
#    notes are printed but do not fail.
#
# Nothing downloaded is committed. The schema comes from the Go module
# proxy, inside a module that ships a copy (gosec's test data), and must
# match the checksum of the OASIS file; the validator's Go library from the
# proxy; the Multitool from the npm registry, installed (with Node.js and
# npm from Debian when missing) under ${XDG_CACHE_HOME:-$HOME/.cache}/budgetlint-ci.
set -euo pipefail
cd "$(dirname "$0")/.."

schema_module=github.com/securego/gosec/v2@v2.30.0
schema_file=report/sarif/testdata/sarif-schema-2.1.0.json
# sha256 of the OASIS committee's sarif-2.1/schema/sarif-schema-2.1.0.json.
schema_sha256=c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e
multitool_version=5.7.0

step() { printf '  -- %s\n' "$*"; STEP_START=$SECONDS; }
took() { printf '     (%ss)\n' $((SECONDS - STEP_START)); }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
sha256() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache=${XDG_CACHE_HOME:-$HOME/.cache}/budgetlint-ci
logs=$work/logs
mkdir -p "$logs"

step "the SARIF 2.1.0 schema from the Go module $schema_module"
dir=$(cd "$work" && go mod download -json "$schema_module" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
schema=$dir/$schema_file
[ -f "$schema" ] || fail "go mod download $schema_module gave no $schema_file"
sum=$(sha256 <"$schema" | cut -d' ' -f1)
[ "$sum" = "$schema_sha256" ] || fail "$schema is not the OASIS schema: sha256 $sum, want $schema_sha256"
took

step "sarifcheck (.ci/sarifcheck)"
(cd .ci/sarifcheck && go build -o "$work/sarifcheck" .)
took

step "budgetlint -sarif on examples/shop and the test corpora"
go build -o "$work/budgetlint" ./cmd/budgetlint
# sarif NAME DIR WANT ARGS...: budgetlint -sarif ARGS in DIR, into
# $logs/NAME.sarif; WANT is the exit status it must have. GOPATH=dir
# analyses DIR's src folder in GOPATH mode (the analysistest corpora).
sarif() {
  local name=$1 dir=$2 want=$3 code=0
  shift 3
  (cd "$dir" && "$work/budgetlint" -cache=off -sarif "$@") >"$logs/$name.sarif" 2>"$logs/$name.err" || code=$?
  if [ "$code" != "$want" ]; then
    cat "$logs/$name.err"; fail "budgetlint -sarif $* in $dir: exit $code, want $want"
  fi
  echo "     $name: $dir, $*: $(grep -c '"ruleId"' "$logs/$name.sarif" || true) results"
}
gopath() { (export GO111MODULE=off GOPATH=$(pwd)/$1; shift; "$@"); }
sarif shop examples/shop 0 ./...
sarif vet testdata/vet 0 ./svc ./helpers ./plain
sarif empty testdata/vet 0 ./plain
# The corpus keeps packages that do not type-check on purpose: exit 3.
gopath testdata sarif corpus testdata/src 3 ./...
gopath testdata sarif outside testdata/src 3 -srcroot=ctxbackground ./ctxbackground/... ./dropcancel/...
gopath internal/report/testdata sarif directives internal/report/testdata/src 0 ./directives/...
grep -q '"uri": "file:///' "$logs/outside.sarif" || fail "outside.sarif has no file outside -srcroot"
grep -q 'lint:ignore directive' "$logs/directives.sarif" || fail "directives.sarif has no finding about a directive"
took

step "validate against the schema"
if ! "$work/sarifcheck" -schema "$schema" "$logs"/*.sarif >"$work/schema.txt"; then
  cat "$work/schema.txt"; fail "budgetlint wrote SARIF that the SARIF 2.1.0 schema rejects (above)"
fi
cat "$work/schema.txt"
# Every shape must have been validated at least once.
total=$(grep '^total: ' "$work/schema.txt")
for shape in "with relatedLocations" "with fixes" "suppressed" "with properties"; do
  echo "$total" | grep -Eq "[1-9][0-9]* $shape" || fail "no result $shape among the logs: $total"
done
took

step "Sarif.Multitool $multitool_version (npm @microsoft/sarif-multitool-linux)"
multitool_dir=$cache/sarif-multitool-$multitool_version
multitool=$multitool_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "SKIP: Sarif.Multitool is installed here for Linux x86_64 only; the schema validation above ran"
  exit 0
fi
if [ ! -x "$multitool" ]; then
  if ! command -v npm >/dev/null; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo -n"
    echo "installing Debian's nodejs and npm packages"
    $sudo apt-get install -y nodejs npm || { $sudo apt-get update && $sudo apt-get install -y nodejs npm; }
  fi
  rm -rf "$multitool_dir.$$"
  npm install --prefix "$multitool_dir.$$" --no-audit --no-fund --loglevel=error \
    "@microsoft/sarif-multitool-linux@$multitool_version"
  # npm may skip the package's install script, which only sets this bit.
  chmod u+x "$multitool_dir.$$/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
  rm -rf "$multitool_dir"
  mv "$multitool_dir.$$" "$multitool_dir"
fi
# SARIF2006 fetches every URI in the log: nothing outside the package
# registries is reachable here, so it is off.
cat >"$work/multitool.xml" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" />
  </Properties>
</Properties>
EOF
n=$(ls "$logs"/*.sarif | wc -l)
code=0
# The logs come first: a list-valued option (--log) would take them.
DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$multitool" validate "$logs"/*.sarif \
  --config "$work/multitool.xml" --rule-kind "Sarif;Gh" \
  --output "$work/validation.sarif" --log ForceOverwrite >"$work/multitool.txt" 2>&1 || code=$?
# It exits 0 with errors in the logs: they are read from its report.
grep -E ': (error|warning) ' "$work/multitool.txt" | grep -v 'WRN999.RuleExplicitlyDisabled' || true
if [ "$code" != 0 ] || ! grep -q "Done. $n files scanned" "$work/multitool.txt"; then
  cat "$work/multitool.txt"; fail "Sarif.Multitool did not validate the $n logs (exit $code)"
fi
errors=$(grep -c ': error ' "$work/multitool.txt" || true)
[ "$errors" = 0 ] || fail "Sarif.Multitool found $errors errors in budgetlint's SARIF (above)"
echo "     Sarif.Multitool: $n logs, no errors"
took
