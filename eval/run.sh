#!/usr/bin/env bash
# eval/run.sh — budgetlint's real-code yardstick (issue 14).
#
# Runs the budgetlint built from this repository on real open-source Go
# modules pinned in eval/modules.txt, and joins its findings with the
# reviewed verdicts in eval/review/<module with / as +>@<version>.tsv.
#
# Usage:
#   eval/run.sh                    every module, both sets
#   eval/run.sh -set tuning        only the tuning set (or: -set heldout)
#   eval/run.sh -m github.com/redis/go-redis/v9
#                                  one module (repeatable; the version is the
#                                  one in modules.txt)
#   eval/run.sh -append ...        also append each unreviewed finding to its
#                                  module's review file as a "?" line, ready to
#                                  be judged by hand
#   eval/run.sh -q ...             totals only (no per-finding lists)
#   eval/run.sh -show ...          also list the false and debatable findings
#                                  still reported (tuning set), with their review
#   eval/run.sh -fresh ...         analyse every module again even when this
#                                  budgetlint binary already has its results
#
# modules.txt: one "module@version set [group]" per line (set = tuning |
# heldout; an optional group, such as the held-out set's number, gets its
# own TOTAL line beside the set's);
# blank lines and lines starting with # are ignored. The held-out set measures
# generalisation: never tune the passes on its findings.
#
# Review files: tab-separated, one line per finding,
#   position  pass  verdict  class  reason
# position is relpath:line:col inside the module; verdict is real, false,
# debatable or ? (not yet reviewed); class is the issue-14 item number (1-13)
# for a false or debatable finding, new:<name> for a shape issue 14 does not
# list, - for a real one; reason is one line. Lines starting with # are
# comments. A finding matches a review line by file:line and pass (the column
# is informative only).
#
# What it does, per module: `go mod download -json mod@ver` (the Go module
# proxy only), copies the module to a writable directory under
# ${EVAL_WORK:-$HOME/.cache/budgetlint-eval}, downloads its dependencies, runs
# `budgetlint -cache=off ./...` there, normalises each finding to
# "relpath:line:col<TAB>pass<TAB>message" and joins it with the review file.
# Nothing fetched is ever written inside the repository; only -append writes,
# and only to eval/review/.
#
# Each module's raw output is kept under $work/results/<binary hash>/, so an
# interrupted run resumes where it stopped and a rerun with an unchanged
# budgetlint (the build is reproducible and leaves out the checkout's path
# and commit: same code, same binary, in any worktree and after a commit
# that touches no code) only joins the reviews again. -fresh ignores what is kept. A cold run over the whole
# tuning set downloads tens of GB of modules: on a small disk, -prune frees the
# space as it goes. After each module it deletes the module's copy and the
# directories that Go extracted into $(go env GOMODCACHE) for it (not the
# zips, from which Go extracts them again when needed); a module whose
# results are kept is not fetched at all. Another run sharing the module
# cache may then find a directory gone mid-analysis: a set-up error there,
# tried again on its next run.
#
# It prints, per module and in total for each set: findings, real, false,
# debatable, unreviewed and precision = real/(real+false); then lists
#   (a) unreviewed findings (new since the review),
#   (b) reviewed REAL findings that disappeared (a recall regression),
#   (c) reviewed false findings that disappeared (fixed),
#   (d) reviewed debatable findings that disappeared;
# and, for the tuning set only, the false/debatable counts by class.
#
# Exit status: 0 when no real finding disappeared, 1 when one did (b),
# 2 on a usage or set-up error. A module that cannot be fetched, or where
# budgetlint reports packages that do not load or type-check (its exit 3), is a
# set-up error: it is listed as SET-UP ERROR in the summary, left out of the
# totals, and nothing is appended for it.
#
# Fetching drops the module's replace directives whose target is a local
# directory (etcd's "=> ../api"): a proxy copy has no such directory, so the
# required versions are fetched from the proxy instead.
#
# Environment: EVAL_WORK (work directory), GOTOOLCHAIN is forced to local so a
# module that needs a newer Go fails loudly instead of fetching a toolchain.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${EVAL_WORK:-$HOME/.cache/budgetlint-eval}"
modules_file="$here/modules.txt"
review_dir="$here/review"

want_set=""
want_mods=()
append=0
quiet=0
show=0
fresh=0
prune=0
while [ $# -gt 0 ]; do
	case "$1" in
	-m) want_mods+=("${2:?-m needs a module path}"); shift 2 ;;
	-show) show=1; shift ;;
	-set) want_set="${2:?-set needs tuning or heldout}"; shift 2 ;;
	-append) append=1; shift ;;
	-q) quiet=1; shift ;;
	-fresh) fresh=1; shift ;;
	-prune) prune=1; shift ;;
	-h | -help | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "run.sh: unknown argument $1 (see -h)" >&2; exit 2 ;;
	esac
done
case "$want_set" in "" | tuning | heldout) ;; *) echo "run.sh: -set must be tuning or heldout" >&2; exit 2 ;; esac

export GOTOOLCHAIN=local GOWORK=off
export GOFLAGS="${GOFLAGS:-} -mod=mod"
mkdir -p "$work/src" "$review_dir"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "building budgetlint from $root" >&2
# No checkout path or commit in the binary: its hash, which keys the kept
# results, then changes only with the code.
(cd "$root" && go build -trimpath -buildvcs=false -o "$tmp/budgetlint" ./cmd/budgetlint)
bl="$tmp/budgetlint"
results="$work/results/$(sha256sum "$bl" | cut -c1-16)"
mkdir -p "$results"

# fetch MOD VER DIR: a writable copy of MOD@VER with its dependencies downloaded.
fetch() {
	local mod="$1" ver="$2" dir="$3" src
	[ -f "$dir/.eval-ready" ] && return 0
	echo "downloading $mod@$ver" >&2
	src="$( (cd "$tmp" && go mod download -json "$mod@$ver") | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
	[ -n "$src" ] && [ -d "$src" ] || { echo "run.sh: go mod download gave no directory for $mod@$ver" >&2; return 1; }
	rm -rf "$dir" "$dir.part"
	cp -r "$src" "$dir.part"
	chmod -R u+w "$dir.part"
	# A replace whose target is a local directory (etcd's ../api) points outside
	# the published module, so the proxy copy cannot build with it: drop it and
	# use the required version from the proxy instead.
	local drops
	drops="$( (cd "$dir.part" && go mod edit -json) | local_replaces)"
	if [ -n "$drops" ]; then
		echo "  dropping replace directives to local paths: $drops" >&2
		# shellcheck disable=SC2086 # one -dropreplace per word
		(cd "$dir.part" && go mod edit $(printf -- '-dropreplace=%s ' $drops))
	fi
	(cd "$dir.part" && go mod download) >&2
	mv "$dir.part" "$dir"
	touch "$dir/.eval-ready"
}

# prune_since STAMP DIR: delete DIR (a module's copy) and the module
# directories extracted into the module cache since STAMP was touched.
prune_since() {
	local cache
	cache="$(go env GOMODCACHE)"
	rm -rf "$2" "$2.part"
	# Another run may delete the same directories meanwhile: never fail here.
	find "$cache" -path "$cache/cache" -prune -o -type d -name '*@*' -newer "$1" -print -prune 2>/dev/null |
		while read -r d; do
			chmod -R u+w "$d" 2>/dev/null || true
			rm -rf "$d" 2>/dev/null || true
		done || true
}

# local_replaces: `go mod edit -json` on stdin; prints the Old path (path@version
# when the replace names one) of every replace whose New is a local directory.
local_replaces() {
	awk '
	/"Old": \{/ { side = "old"; ov = "" } /"New": \{/ { side = "new" }
	/"Path": / { p = $2; gsub(/[",]/, "", p); if (side == "old") op = p; else if (side == "new") np = p }
	/"Version": / { v = $2; gsub(/[",]/, "", v); if (side == "old") ov = v }
	/^\t\t\}/ && side == "new" {
		if (np ~ /^(\.|\/)/) printf "%s%s ", op, (ov != "" ? "@" ov : "")
		side = ""
	}'
}

# normalise DIR: budgetlint's text output on stdin to relpath:line:col<TAB>pass<TAB>message,
# and each other place of a finding (an indented line under it: the same
# mistake again) to relpath:line:col<TAB>pass<TAB>message<TAB>related.
normalise() {
	local dir="$1"
	awk -v dir="$dir/" '
	function rel(head) {
		if (index(head, dir) == 1) head = substr(head, length(dir) + 1)
		sub(/^\.\//, "", head)
		return head
	}
	match($0, /^[^ \t][^:]*:[0-9]+:[0-9]+: /) {
		head = substr($0, 1, RLENGTH - 2); rest = substr($0, RLENGTH + 1)
		pass = ""
		if (!match(rest, / \([a-z]+\)$/)) next
		pass = substr(rest, RSTART + 2, RLENGTH - 3); msg = substr(rest, 1, RSTART - 1)
		gsub(/\t/, " ", msg)
		print rel(head) "\t" pass "\t" msg
		next
	}
	pass != "" && match($0, /^\t[^ \t][^:]*:[0-9]+:[0-9]+: /) {
		head = substr($0, 2, RLENGTH - 3); msg = substr($0, RLENGTH + 1)
		gsub(/\t/, " ", msg)
		print rel(head) "\t" pass "\t" msg "\trelated"
		next
	}
	{ pass = "" }' | sort -t: -k1,1 -k2,2n -k3,3n
}

# join FINDINGS REVIEW: one line per finding and per vanished review line,
#   status<TAB>position<TAB>pass<TAB>class<TAB>text
# status: real|false|debatable|unreviewed (a finding), gone-real|gone-false|gone-debatable,
# or merged-real|merged-false|merged-debatable for a reviewed place that is now another
# place of a finding (the same mistake again): still shown, not a finding of its own.
join_reviews() {
	awk -F'\t' '
	function key(pos, pass,   p) { p = pos; sub(/:[0-9]+$/, "", p); return p "\t" pass }
	FILENAME == ARGV[1] {
		if ($0 ~ /^#/ || NF < 3) next
		k = key($1, $2); verdict[k] = $3; class[k] = $4; reason[k] = $5; rpos[k] = $1; order[++n] = k
		next
	}
	$4 == "related" { merged[key($1, $2)] = 1; next }
	{
		k = key($1, $2); seen[k] = 1
		v = (k in verdict) ? verdict[k] : "?"
		if (v != "real" && v != "false" && v != "debatable") v = "unreviewed"
		print v "\t" $1 "\t" $2 "\t" ((k in class) ? class[k] : "") "\t" $3 "\t" ((k in reason) ? reason[k] : "")
	}
	END {
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (seen[k] || done[k]) continue
			done[k] = 1
			v = verdict[k]
			if (v == "real" || v == "false" || v == "debatable")
				print (k in merged ? "merged-" : "gone-") v "\t" rpos[k] "\t" substr(k, index(k, "\t") + 1) "\t" class[k] "\t" reason[k]
		}
	}' "$2" "$1"
}

report="$tmp/report"
: >"$report"
groups="$tmp/groups" # module@version<TAB>group, for lines that name one
: >"$groups"
status=0
found_any=0
while read -r modver set rest; do
	case "$modver" in "" | \#*) continue ;; esac
	mod="${modver%@*}"
	ver="${modver##*@}"
	case "$set" in tuning | heldout) ;; *) echo "run.sh: $modver: set must be tuning or heldout, not '$set'" >&2; exit 2 ;; esac
	[ -n "$want_set" ] && [ "$set" != "$want_set" ] && continue
	group="${rest%%#*}"
	group="${group// /}"
	if [ ${#want_mods[@]} -gt 0 ]; then
		hit=0
		for w in "${want_mods[@]}"; do [ "$w" = "$mod" ] || [ "$w" = "$modver" ] && hit=1; done
		[ $hit = 1 ] || continue
	fi
	found_any=1
	[ -n "$group" ] && printf '%s\t%s\n' "$modver" "$group" >>"$groups"
	name="${mod//\//+}@$ver"
	dir="$work/src/$name"
	review="$review_dir/$name.tsv"
	[ -f "$review" ] || : >"$tmp/empty.tsv"
	[ -f "$review" ] || review_in="$tmp/empty.tsv"
	[ -f "$review" ] && review_in="$review"
	kept="$results/$name"
	stamp="$tmp/extracted-after"
	touch "$stamp"
	if { [ $fresh = 1 ] || [ ! -f "$kept.rc" ]; } && ! fetch "$mod" "$ver" "$dir"; then
		echo "run.sh: could not fetch $modver" >&2
		printf '%s\t%s\tbroken\tnot fetched\n' "$set" "$modver" >>"$report"
		status=2
		[ $prune = 1 ] && prune_since "$stamp" "$dir"
		continue
	fi
	if [ $fresh = 0 ] && [ -f "$kept.rc" ]; then
		echo "analysed $modver ($set) by this budgetlint before: reusing $kept" >&2
		cp "$kept.out" "$tmp/raw"
		cp "$kept.err" "$tmp/err"
		rc="$(cat "$kept.rc")"
	else
		echo "analysing $modver ($set)" >&2
		rc=0
		(cd "$dir" && "$bl" -cache=off ./...) >"$tmp/raw" 2>"$tmp/err" || rc=$?
		[ $prune = 1 ] && prune_since "$stamp" "$dir"
		# Kept only once complete (the .rc file, written last, marks it),
		# and only when the packages loaded: a set-up error (a module
		# directory deleted mid-run to free disk) is tried again next time.
		if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
			cp "$tmp/raw" "$kept.out"
			cp "$tmp/err" "$kept.err"
			echo "$rc" >"$kept.rc.part" && mv "$kept.rc.part" "$kept.rc"
		fi
	fi
	case $rc in
	0 | 1) ;;
	3)
		# Packages that do not load or type-check are not analysed: their
		# findings are missing, so the module must not pass for clean.
		echo "run.sh: SET-UP ERROR: $modver: packages did not load or type-check ($(grep -c . "$tmp/err" || true) lines on stderr, first 5):" >&2
		head -5 "$tmp/err" >&2
		printf '%s\t%s\tbroken\tpackages did not load (exit 3)\n' "$set" "$modver" >>"$report"
		status=2
		continue
		;;
	*)
		echo "run.sh: SET-UP ERROR: budgetlint failed on $modver (exit $rc):" >&2
		head -5 "$tmp/err" >&2
		printf '%s\t%s\tbroken\tbudgetlint exit %s\n' "$set" "$modver" "$rc" >>"$report"
		status=2
		continue
		;;
	esac
	normalise "$dir" <"$tmp/raw" >"$tmp/findings"
	printf '%s\t%s\tran\n' "$set" "$modver" >>"$report"
	join_reviews "$tmp/findings" "$review_in" | awk -v m="$modver" -v s="$set" -F'\t' '{ print s "\t" m "\t" $0 }' >>"$report"
	if [ $append = 1 ]; then
		# Unreviewed findings without a line yet: a "?" line already
		# written is not appended again (matched by file:line and pass).
		join_reviews "$tmp/findings" "$review_in" | awk -F'\t' '$1 == "unreviewed" { print $2 "\t" $3 "\t?\t\t" $5 }' |
			awk -F'\t' 'function key(pos, pass) { sub(/:[0-9]+$/, "", pos); return pos "\t" pass }
				FILENAME == ARGV[1] { if ($0 !~ /^#/) have[key($1, $2)] = 1; next }
				!(key($1, $2) in have)' "$review_in" - >"$tmp/new"
		if [ -s "$tmp/new" ]; then
			cat "$tmp/new" >>"$review"
			echo "  appended $(wc -l <"$tmp/new") unreviewed findings to ${review#"$root"/}" >&2
		fi
	fi
done <"$modules_file"
[ $found_any = 1 ] || { echo "run.sh: no module in $modules_file matches" >&2; exit 2; }

# The summary: per module, then per set.
awk -F'\t' '
function pct(r, f) { return (r + f) ? sprintf("%5.1f%%", 100 * r / (r + f)) : "    -" }
FILENAME == ARGV[1] { group[$1] = $2; next }
{
	s = $1; m = $2; st = $3
	if (!(m in mset)) { mset[m] = s; morder[++nm] = m }
	g = (m in group) ? s " set " group[m] : ""
	if (g != "" && !(g in gset)) { gset[g] = s; gorder[++ng] = g }
	if (st == "ran") next
	if (st == "broken") { broken[m] = $4; nbroken[s]++; next }
	if (st ~ /^merged-/) next
	if (st ~ /^gone-/) { gone[m, st]++; gone[s, st]++; if (g != "") gone[g, st]++; next }
	n[m]++; n[s]++; c[m, st]++; c[s, st]++
	if (g != "") { n[g]++; c[g, st]++ }
}
END {
	split("tuning heldout", sets, " ")
	for (i = 1; i <= 2; i++) {
		s = sets[i]; any = 0
		for (j = 1; j <= nm; j++) if (mset[morder[j]] == s) any = 1
		if (!any) continue
		printf "\n== %s ==\n", s
		printf "%-52s %8s %5s %5s %9s %10s %9s %6s\n", "module", "findings", "real", "false", "debatable", "unreviewed", "precision", "lost"
		for (j = 1; j <= nm; j++) {
			m = morder[j]; if (mset[m] != s) continue
			if (m in broken) { printf "%-52s SET-UP ERROR: %s, not counted\n", m, broken[m]; continue }
			printf "%-52s %8d %5d %5d %9d %10d %9s %6d\n", m, n[m], c[m, "real"], c[m, "false"], c[m, "debatable"], c[m, "unreviewed"], pct(c[m, "real"], c[m, "false"]), gone[m, "gone-real"]
		}
		printf "%-52s %8d %5d %5d %9d %10d %9s %6d\n", "TOTAL " s, n[s], c[s, "real"], c[s, "false"], c[s, "debatable"], c[s, "unreviewed"], pct(c[s, "real"], c[s, "false"]), gone[s, "gone-real"]
		for (j = 1; j <= ng; j++) {
			g = gorder[j]; if (gset[g] != s) continue
			printf "%-52s %8d %5d %5d %9d %10d %9s %6d\n", "TOTAL " g, n[g], c[g, "real"], c[g, "false"], c[g, "debatable"], c[g, "unreviewed"], pct(c[g, "real"], c[g, "false"]), gone[g, "gone-real"]
		}
		if (nbroken[s]) printf "!!! %d module(s) of %s not analysed (SET-UP ERROR above): the totals leave them out\n", nbroken[s], s
	}
}' "$groups" "$report"

[ -n "${EVAL_REPORT:-}" ] && cp "$report" "$EVAL_REPORT"
if [ $quiet = 0 ] && awk -F'\t' '$1 == "tuning" && ($3 == "false" || $3 == "debatable") { f = 1 } END { exit !f }' "$report"; then
	# Where the noise is, by issue-14 class (tuning set only: never tune on held-out).
	printf '\nfalse/debatable findings by class (tuning set):\n'
	awk -F'\t' '$1 == "tuning" && ($3 == "false" || $3 == "debatable") { n[$6 "\t" $3]++ }
		END { for (k in n) { split(k, a, "\t"); printf "  %-28s %-9s %4d\n", a[1], a[2], n[k] } }' "$report" | sort -k3,3nr
fi
if [ $quiet = 0 ]; then
	list() { # STATUS TITLE
		if awk -F'\t' -v st="$1" '$3 == st { f = 1 } END { exit !f }' "$report"; then
			printf '\n%s\n' "$2"
			awk -F'\t' -v st="$1" '$3 == st { printf "  [%s] %s %s (%s)%s %s\n", $1, $2, $4, $5, ($6 != "" ? " [" $6 "]" : ""), $7 }' "$report"
		fi
	}
	list unreviewed "(a) unreviewed findings (review them: eval/run.sh -append, then edit the ? lines):"
	list gone-real "(b) !!! REAL FINDINGS THAT DISAPPEARED (recall regression) !!!"
	list gone-false "(c) false findings that disappeared (fixed):"
	list gone-debatable "(d) debatable findings that disappeared:"
	if [ $show = 1 ]; then
		printf '\n(e) false and debatable findings still reported (tuning set), with the review:\n'
		awk -F'\t' '$1 == "tuning" && ($3 == "false" || $3 == "debatable") { printf "  %s %s (%s) [%s %s] %s\n      review: %s\n", $2, $4, $5, $3, $6, $7, $8 }' "$report"
	fi
fi
if awk -F'\t' '$3 == "gone-real" { f = 1 } END { exit !f }' "$report"; then
	echo
	echo "!!! $(awk -F'\t' '$3 == "gone-real"' "$report" | wc -l) reviewed real finding(s) disappeared: recall regression, see (b) !!!"
	status=1
fi
exit $status
