package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestShopPriced is issue 17's "must show": on examples/shop every finding
// of -json and of -sarif carries its cost and an explain command whose
// flags are the values in the code, and that command prints JSON.
func TestShopPriced(t *testing.T) {
	shop, err := filepath.Abs(filepath.Join("..", "..", "examples", "shop"))
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runIn(t, shop, binary, "-json", "./...")
	if code != exitClean {
		t.Fatalf("-json: exit %d: %s", code, errs)
	}
	var tree map[string]map[string][]jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("-json output does not parse: %v\n%s", err, out)
	}
	byPass := map[string][]string{}
	n := 0
	for _, passes := range tree {
		for pass, diags := range passes {
			for _, d := range diags {
				n++
				if d.Cost == "" || !strings.HasPrefix(d.Explain, "budgetlint explain "+pass) {
					t.Errorf("%s: no cost or explain command: %+v", d.Posn, d)
				}
				byPass[pass] = append(byPass[pass], d.Explain)
			}
		}
	}
	if n != 6 {
		t.Errorf("want the example's 6 findings, got %d", n)
	}
	for pass, want := range map[string]string{
		"retrybudget":  "budgetlint explain retrybudget -attempts 3 -backoff 200ms -backoff-factor 1",
		"fixedtimeout": "budgetlint explain fixedtimeout -timeout 5s",
	} {
		if got := byPass[pass]; len(got) != 1 || got[0] != want {
			t.Errorf("%s: got %q, want %q", pass, got, want)
		}
	}
	for _, cmds := range byPass {
		for _, c := range cmds {
			args := append(strings.Fields(c)[2:], "-json")
			stdout, stderr, code := callCommand(explainCommand, args...)
			var e explained
			if code != exitClean || json.Unmarshal([]byte(stdout), &e) != nil || e.Cost == "" {
				t.Errorf("%s -json: exit %d, %s%s", c, code, stdout, stderr)
			}
		}
	}

	out, errs, code = runIn(t, shop, binary, "-sarif", "./...")
	if code != exitClean {
		t.Fatalf("-sarif: exit %d: %s", code, errs)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID     string `json:"ruleId"`
				Properties struct {
					Cost    string            `json:"cost"`
					Explain string            `json:"explain"`
					Values  map[string]string `json:"values"`
				} `json:"properties"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("-sarif output does not parse: %v\n%s", err, out)
	}
	if len(log.Runs[0].Results) != n {
		t.Errorf("SARIF has %d results, -json %d findings", len(log.Runs[0].Results), n)
	}
	for _, r := range log.Runs[0].Results {
		p := r.Properties
		if p.Cost == "" || !strings.HasPrefix(p.Explain, "budgetlint explain "+r.RuleID) {
			t.Errorf("%s result without its price: %+v", r.RuleID, p)
		}
		if r.RuleID == "fixedtimeout" && p.Values["timeout"] != "5s" {
			t.Errorf("fixedtimeout's timeout: got %q, want 5s", p.Values["timeout"])
		}
	}
}

// TestExplainFixedTimeoutPricesTheFix: with a caller's deadline later than
// the timeout, the fix (context.WithTimeout(ctx, 5s)) still stops at the
// timeout; it used to be priced as the broken chain, running to 20 s.
func TestExplainFixedTimeoutPricesTheFix(t *testing.T) {
	out, errs, code := callCommand(explainCommand, "fixedtimeout", "-timeout", "5s", "-deadline", "20s")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if text := strings.Join(strings.Fields(out), " "); !strings.Contains(text, "Derived from the caller's 20s deadline instead, every hop stops by 5s.") {
		t.Errorf("the fix is not priced with the sooner deadline:\n%s", out)
	}
}
