package sim

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// wellFormed decodes the whole document with encoding/xml and returns its
// text content.
func wellFormed(t *testing.T, doc string) string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	var text strings.Builder
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
		case xml.CharData:
			text.Write(tok)
		}
	}
	if root != "svg" {
		t.Fatalf("root element is %q, want svg", root)
	}
	return text.String()
}

func TestSVGs(t *testing.T) {
	hops, _ := SimulateHops(DefaultHopsConfig())
	split, _ := SimulateSplit(DefaultSplitConfig())
	retry, _ := SimulateRetry(DefaultRetryConfig())
	for _, c := range []struct {
		name string
		draw func(io.Writer) error
		want []string
	}{
		{"hops", hops.WriteSVG, []string{"fixed per-hop timeouts", "propagated budget", "user's wait ends 5000 ms",
			"6400 ms abandoned", "last work ends 11400 ms", "not started", "condition: slow-B"}},
		{"split", split.WriteSVG, []string{"6 answered, median 200", "82.4 held slots", "5540 ms abandoned",
			"130.5 slots", "136.7 slots", "40.2 slots"}},
		{"retry", retry.WriteSVG, []string{"caller gives up at 2s", "returns at 6.7s", "#2 skipped",
			"the last layer stops at 50s"}},
	} {
		var b strings.Builder
		if err := c.draw(&b); err != nil {
			t.Fatal(err)
		}
		text := wellFormed(t, b.String())
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s picture lacks %q", c.name, w)
			}
		}
	}
}

func TestSVGEscapes(t *testing.T) {
	cfg := DefaultSplitConfig()
	cfg.Slowdown.Name = `<slow & "odd">`
	rep, err := SimulateSplit(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.WriteSVG(&b)
	if !strings.Contains(wellFormed(t, b.String()), `<slow & "odd">`) {
		t.Errorf("the regime's name did not survive escaping")
	}
}
