#!/usr/bin/env bash
# eval/blind.sh — first-sight precision of the retired held-out sets.
#
# A held-out module's review file was written blind, by reviewers who saw
# the findings of the budgetlint of that day and nothing of the tuning.
# Once its set is retired to tuning, the file keeps growing (new findings
# reviewed in sight, findings gone marked gone-...), but its first
# committed version is still that blind judgment. This script reads those
# first versions from git for every module that was held out once and is
# tuning now, and prints, per held-out set and pass, how many findings its
# reviewers judged real, false and debatable, and the precision
# real/(real+false): a larger sample of how budgetlint does on code it was
# not tuned on than any one held-out set, each set at the code of its day.
#
# Modules held out today are never read. Usage: eval/blind.sh [-since N]
# (only sets numbered N and above; earlier unnumbered sets count as 0).
set -euo pipefail
cd "$(dirname "$0")/.."

since=0
if [ "${1:-}" = "-since" ]; then since=$2; fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every module@version ever added as held out, with its set number when the
# line or the commit that added it names one.
git log -p --format='COMMIT %s' eval/modules.txt |
	awk '/^COMMIT /{n=0; if (match($0, /[Hh]eld-out sets? [0-9]+/)) {s=substr($0,RSTART,RLENGTH); gsub(/[^0-9]/,"",s); n=s}; next}
	     /^\+[^+#]/ && $2=="heldout" {m=substr($1,2); if (!(m in set)) {set[m]=($3!=""?$3:n)}}
	     END{for (m in set) print m, set[m]}' >"$tmp/sets"

: >"$tmp/rows"
while read -r mod set; do
	[ "$set" -ge "$since" ] 2>/dev/null || continue
	# Still held out: never read.
	if grep -qE "^${mod//./\\.}[[:space:]]+heldout" eval/modules.txt; then continue; fi
	file="eval/review/${mod//\//+}.tsv"
	[ -f "$file" ] || continue
	first=$(git log --diff-filter=A --format=%h -- "$file" | tail -1)
	[ -n "$first" ] || continue
	git show "$first:$file" | awk -F'\t' -v s="$set" '$3=="real"||$3=="false"||$3=="debatable"{print s"\t"$2"\t"$3}' >>"$tmp/rows"
done <"$tmp/sets"

awk -F'\t' '
	{n[$1"\t"$2"\t"$3]++; sets[$1]=1; t[$2"\t"$3]++; all[$3]++}
	function line(label, r, f, d) {
		printf "%-10s %5d real %5d false %5d debatable  %s\n", label, r, f, d, (r+f>0 ? sprintf("%5.1f%%", 100*r/(r+f)) : "    -")
	}
	END {
		split("ctxbackground dropcancel fixedtimeout retrybudget", passes, " ")
		ns = 0
		for (s in sets) order[++ns] = s + 0
		for (i = 1; i <= ns; i++) for (j = i + 1; j <= ns; j++) if (order[j] < order[i]) { x = order[i]; order[i] = order[j]; order[j] = x }
		for (i = 1; i <= ns; i++) {
			s = order[i]; r = f = d = 0
			for (p in passes) { r += n[s"\t"passes[p]"\treal"]; f += n[s"\t"passes[p]"\tfalse"]; d += n[s"\t"passes[p]"\tdebatable"] }
			line("set " s, r, f, d)
		}
		print ""
		for (p = 1; p <= 4; p++) line(substr(passes[p], 1, 10), t[passes[p]"\treal"], t[passes[p]"\tfalse"], t[passes[p]"\tdebatable"])
		line("TOTAL", all["real"], all["false"], all["debatable"])
	}' "$tmp/rows"
