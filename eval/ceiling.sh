#!/bin/bash
# ceiling.sh REPORT [SET]: the false findings of an eval/run.sh report
# (EVAL_REPORT) of one set (tuning by default) by what deciding them needs
# (eval/ceiling.tsv), and the precision a pass could reach by removing all
# of them up to each bucket without losing a real finding. Never run it on
# the held-out set: its classes are its reviewers' reasons.
set -eu
report=${1:?usage: ceiling.sh REPORT [SET]}
set=${2:-tuning}
if [ "$set" = heldout ]; then
	echo "ceiling.sh: the held-out set's classes are not read" >&2
	exit 2
fi
here=$(dirname "$0")
awk -F'\t' -v set="$set" '
NR == FNR { if ($0 !~ /^#/ && NF >= 2) bucket[$1] = $2; next }
$1 != set { next }
$3 == "real" { real++ }
$3 == "false" { b = ($6 in bucket) ? bucket[$6] : "local"; n[b]++; falses++ }
END {
	printf "%s: %d real, %d false: %.1f%%\n", set, real, falses, 100 * real / (real + falses)
	left = falses
	split("local callers unseen judgement", order, " ")
	for (i = 1; i <= 4; i++) {
		b = order[i]
		left -= n[b]
		printf "  without %-9s %4d false: %d left, %.1f%%\n", b, n[b], left, 100 * real / (real + left)
	}
}' "$here/ceiling.tsv" "$report"
