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
		{"split", split.WriteSVG, []string{"6 answered, median 200 ms", "46 answered, median 40 ms", "82.4 held slots",
			"5540 ms abandoned", "130.5 slots", "136.7 slots", "40.2 slots", "200 ms", "100",
			"dropped: a read ran out of its share (or got none) or the request overran the threshold"}},
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
		inside(t, c.name, b.String())
	}
}

// inside fails for a label that, by the pictures' own estimate of text
// width, reaches into the last 10 units before the right edge (the retry
// picture's legend ran to its edge).
func inside(t *testing.T, name, doc string) {
	t.Helper()
	var svg struct {
		Width float64 `xml:"width,attr"`
		Texts []struct {
			X      float64 `xml:"x,attr"`
			Size   float64 `xml:"font-size,attr"`
			Anchor string  `xml:"text-anchor,attr"`
			Text   string  `xml:",chardata"`
		} `xml:"text"`
	}
	if err := xml.Unmarshal([]byte(doc), &svg); err != nil {
		t.Fatal(err)
	}
	for _, tx := range svg.Texts {
		size := tx.Size
		if size == 0 {
			size = 12
		}
		right := tx.X + textWidth*size*float64(len([]rune(tx.Text)))
		switch tx.Anchor {
		case "end":
			right = tx.X
		case "middle":
			right = tx.X + (right-tx.X)/2
		}
		if right > svg.Width-10 {
			t.Errorf("%s picture: %q ends at about %.0f, at the edge of %g", name, tx.Text, right, svg.Width)
		}
	}
}

func TestSVGEscapes(t *testing.T) {
	cfg := DefaultSplitConfig()
	cfg.Slowdown.Name = `<slow & "odd">`
	rep := simulate(t, SimulateSplit, cfg)
	var b strings.Builder
	rep.WriteSVG(&b)
	if !strings.Contains(wellFormed(t, b.String()), `<slow & "odd">`) {
		t.Errorf("the regime's name did not survive escaping")
	}
}
