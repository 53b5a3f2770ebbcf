// Command sarifcheck validates SARIF logs against a SARIF 2.1.0 JSON schema
// file, for .ci/sarif.sh: sarifcheck -schema FILE LOG...
//
// Each log must be valid against the schema, with formats (uri,
// uri-reference, date-time) asserted, and its $schema must be the schema's
// own id. It prints one line a log: what the log holds, so that CI can see
// which shapes of result were checked, then a total line
//
//	total: N logs, R results, L with relatedLocations, F with fixes, S suppressed, P with properties
//
// and exits 1 if any log is invalid. It reads only local files: the schema
// is compiled from FILE and nothing is fetched.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// shapes counts what a log's results hold.
type shapes struct{ results, related, fixes, suppressed, properties int }

func (s *shapes) add(o shapes) {
	s.results += o.results
	s.related += o.related
	s.fixes += o.fixes
	s.suppressed += o.suppressed
	s.properties += o.properties
}

func (s shapes) String() string {
	return fmt.Sprintf("%d results, %d with relatedLocations, %d with fixes, %d suppressed, %d with properties",
		s.results, s.related, s.fixes, s.suppressed, s.properties)
}

func main() {
	schemaFile := flag.String("schema", "", "the SARIF 2.1.0 JSON schema `file`")
	flag.Parse()
	if *schemaFile == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: sarifcheck -schema FILE LOG...")
		os.Exit(2)
	}
	schema, id, err := compile(*schemaFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sarifcheck: %v\n", err)
		os.Exit(2)
	}
	fmt.Printf("schema %s\n", id)
	var total shapes
	bad := 0
	for _, file := range flag.Args() {
		s, err := check(schema, id, file)
		if err != nil {
			bad++
			fmt.Printf("INVALID %s:\n%v\n", file, err)
			continue
		}
		total.add(s)
		fmt.Printf("valid %s: %v\n", file, s)
	}
	fmt.Printf("total: %d logs, %v\n", flag.NArg(), total)
	if bad > 0 {
		fmt.Printf("%d of %d logs are not valid SARIF 2.1.0\n", bad, flag.NArg())
		os.Exit(1)
	}
}

// compile compiles the schema in file and returns it with its id.
func compile(file string) (*jsonschema.Schema, string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", file, err)
	}
	obj, _ := doc.(map[string]any)
	id, _ := obj["id"].(string) // draft-04 names it "id"
	if s, ok := obj["$id"].(string); ok {
		id = s
	}
	if id == "" {
		return nil, "", fmt.Errorf("%s: the schema has no id", file)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(id, doc); err != nil {
		return nil, "", err
	}
	schema, err := c.Compile(id)
	return schema, id, err
}

// check validates one log and counts its shapes.
func check(schema *jsonschema.Schema, id, file string) (shapes, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return shapes{}, err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return shapes{}, fmt.Errorf("not JSON: %w", err)
	}
	if err := schema.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return shapes{}, fmt.Errorf("%#v", ve) // every failing keyword, with its place in the log
		}
		return shapes{}, err
	}
	var log struct {
		Schema string `json:"$schema"`
		Runs   []struct {
			Results []struct {
				RelatedLocations []json.RawMessage `json:"relatedLocations"`
				Fixes            []json.RawMessage `json:"fixes"`
				Suppressions     []json.RawMessage `json:"suppressions"`
				Properties       map[string]any    `json:"properties"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		return shapes{}, err
	}
	if log.Schema != id {
		return shapes{}, fmt.Errorf("$schema is %q, not the id of the schema it was validated against, %q", log.Schema, id)
	}
	var s shapes
	for _, run := range log.Runs {
		for _, r := range run.Results {
			s.results++
			s.related += min(1, len(r.RelatedLocations))
			s.fixes += min(1, len(r.Fixes))
			s.suppressed += min(1, len(r.Suppressions))
			s.properties += min(1, len(r.Properties))
		}
	}
	return s, nil
}
