// Command compare shows, finding by finding, what changed between two
// reports of eval/run.sh (EVAL_REPORT files): the findings of the first
// that the second no longer has, and the second's new ones, each with its
// verdict. Only modules that the second report ran are compared, so a run
// on a few modules (-m) can be set against a full one.
//
//	go run ./eval/compare /tmp/before.tsv /tmp/after.tsv
//
// A finding is its module, its file and line, and its pass: the column
// moves with edits that do not change the finding.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: compare BEFORE.tsv AFTER.tsv")
		os.Exit(2)
	}
	before, err := load(os.Args[1])
	if err == nil {
		var after report
		if after, err = load(os.Args[2]); err == nil {
			write(os.Stdout, compare(before, after))
			return
		}
	}
	fmt.Fprintln(os.Stderr, "compare:", err)
	os.Exit(1)
}

// finding is one reported finding of a report, with its verdict.
type finding struct{ module, position, pass, verdict string }

// report is what one eval/run.sh report holds.
type report struct {
	ran      map[string]bool // the modules it analysed
	findings map[finding]bool
}

// parse reads a report: set, module, then "ran" or a verdict, position,
// pass and the rest, tab-separated. Rows for findings that are gone
// (gone-real and the like, kept from the reviews) or now another place of
// a finding (merged-real and the like) are not findings.
func parse(r io.Reader) (report, error) {
	rep := report{ran: map[string]bool{}, findings: map[finding]bool{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		switch {
		case len(f) == 3 && f[2] == "ran":
			rep.ran[f[1]] = true
		case len(f) >= 5 && !strings.HasPrefix(f[2], "gone") && !strings.HasPrefix(f[2], "merged"):
			pos := f[3]
			if i := strings.LastIndexByte(pos, ':'); i > 0 && strings.Count(pos, ":") >= 2 {
				pos = pos[:i] // file:line, without the column
			}
			rep.findings[finding{f[1], pos, f[4], f[2]}] = true
		}
	}
	return rep, sc.Err()
}

func load(path string) (report, error) {
	f, err := os.Open(path)
	if err != nil {
		return report{}, err
	}
	defer f.Close()
	return parse(f)
}

// change is a finding gone (-) or new (+).
type change struct {
	sign string
	finding
}

// compare lists the findings of before, in the modules after ran, that
// after lacks, and after's findings that before lacks, in order.
func compare(before, after report) []change {
	var out []change
	for f := range before.findings {
		if after.ran[f.module] && !after.findings[f] {
			out = append(out, change{"-", f})
		}
	}
	for f := range after.findings {
		if !before.findings[f] {
			out = append(out, change{"+", f})
		}
	}
	slices.SortFunc(out, func(a, b change) int {
		return strings.Compare(a.module+"\t"+a.position+"\t"+a.pass+"\t"+a.sign, b.module+"\t"+b.position+"\t"+b.pass+"\t"+b.sign)
	})
	return out
}

// write prints the changes and a count of each sign and verdict.
func write(w io.Writer, changes []change) {
	counts := map[string]int{}
	for _, c := range changes {
		fmt.Fprintf(w, "%s %s\t%s\t%s\t%s\n", c.sign, c.verdict, c.module, c.position, c.pass)
		counts[c.sign+c.verdict]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "%s: %d\n", k, counts[k])
	}
	if len(changes) == 0 {
		fmt.Fprintln(w, "no change")
	}
}
