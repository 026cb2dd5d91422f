package schema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/families-project/families/schema"
)

// TestValidatorCatches: the validator finds each kind of violation the
// schemas describe, and accepts the valid document (issue 29, item 10).
func TestValidatorCatches(t *testing.T) {
	valid := `{"schema":"families/analysis/1","ops":"+=|x-++-|+=|=====|/=","size":"3x3","lines":"rows,cols,diag","eval":"precedence","line_equations":[],"equations":[],"nonzero":[],"basis":[],"class":"finite","dimension":0,"degree":1,"solutions":[{"class":"rational","degree":1,"values":{"a":"2"}}]}`
	if err := schema.Validate("analysis.schema.json", []byte(valid)); err != nil {
		t.Fatalf("a valid analysis: %v", err)
	}
	tests := []struct{ name, from, to, want string }{
		{"missing key", `"class":"finite",`, ``, `the key "class" is missing`},
		{"wrong type", `"dimension":0`, `"dimension":"0"`, "$.dimension"},
		{"not an integer", `"dimension":0`, `"dimension":0.5`, "not of type integer"},
		{"enum", `"class":"finite"`, `"class":"finished"`, "is not one of"},
		{"pattern", `"size":"3x3"`, `"size":"3 by 3"`, "does not match"},
		{"nested", `"degree":1,"values"`, `"degree":0,"values"`, "$.solutions[0].degree"},
		{"additional properties", `"values":{"a":"2"}`, `"values":{"a":2}`, "$.solutions[0].values.a"},
		{"const", `"schema":"families/analysis/1"`, `"schema":"families/analysis/0"`, "$.schema"},
		{"no schema key", `"schema":"families/analysis/1",`, ``, `the key "schema" is missing`},
	}
	for _, tc := range tests {
		doc := strings.Replace(valid, tc.from, tc.to, 1)
		if doc == valid {
			t.Fatalf("%s: the test changes nothing", tc.name)
		}
		if err := schema.Validate("analysis.schema.json", []byte(doc)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if err := schema.Validate("analysis.schema.json", []byte(valid+valid)); err == nil {
		t.Errorf("two documents were accepted as one")
	}
	if err := schema.Validate("nothing.schema.json", []byte(valid)); err == nil {
		t.Errorf("an unknown schema was accepted")
	}
}

// TestSchemasLoad: every schema file parses and uses only the keywords the
// validator checks (an empty object fails each one's required keys or
// anyOf, which shows every keyword was read).
func TestSchemasLoad(t *testing.T) {
	names := schema.Names()
	if len(names) != 7 {
		t.Fatalf("schemas %v, want 7", names)
	}
	for _, n := range names {
		err := schema.Validate(n, []byte(`{}`))
		if err == nil || strings.Contains(err.Error(), "validator does not check") || strings.Contains(err.Error(), "names nothing") {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// ExampleValidate checks a census task's closing line.
func ExampleValidate() {
	line := `{"schema":"families/census-record/1","done":{"task":0,"grids":0,"nodes":387,"leaves":11},"census":{"id":"191c0b60ec728fb3","size":"3x3","max":12,"tasks":12}}`
	fmt.Println(schema.Validate("census-record.schema.json", []byte(line)))
	// Output: <nil>
}

// TestVersions: every schema file has its version in schema.Versions,
// the version is the file's $id, and the file requires the "schema" key
// with that value: a small valid document of each passes, and the same
// without the key, or with another version, is refused.
func TestVersions(t *testing.T) {
	const report = `"ops":"+=|x-++-|+=|=====|/=","size":"3x3","lines":"rows,cols,diag","eval":"precedence","line_equations":[],"equations":[],"nonzero":[],"basis":[],"class":"inconsistent","dimension":null,"degree":null`
	bodies := map[string]string{
		"analysis.schema.json":      report,
		"sweep-record.schema.json":  report + `,"index":0`,
		"census-record.schema.json": `"done":{"task":0,"grids":0,"nodes":1,"leaves":0},"census":{"id":"0","size":"3x3","max":12,"tasks":12}`,
		"decompose.schema.json":     `"vars":["x"],"equations":["x"],"nonzero":[],"components":[]`,
		"solve.schema.json":         `"status":"none","count":0,"complete":true,"solutions":[]`,
		"groebner.schema.json":      `"order":"grevlex","vars":["x"],"basis":["1"],"dimension":-1,"degree":null`,
		"factor.schema.json":        `"constant":"-1/2","factors":[{"factor":"x - 1","multiplicity":2}]`,
	}
	if len(schema.Versions) != len(schema.Names()) || len(bodies) != len(schema.Names()) {
		t.Errorf("%d versions and %d test documents for %d schema files", len(schema.Versions), len(bodies), len(schema.Names()))
	}
	for _, n := range schema.Names() {
		v, ok := schema.Versions[n]
		if !ok {
			t.Errorf("%s has no version in schema.Versions", n)
			continue
		}
		if id, err := schema.ID(n); err != nil || id != v {
			t.Errorf("%s: $id %q (%v), want %q", n, id, err, v)
		}
		if err := schema.Validate(n, []byte(`{"schema":"`+v+`",`+bodies[n]+`}`)); err != nil {
			t.Errorf("%s: a valid document: %v", n, err)
		}
		for _, doc := range []string{`{` + bodies[n] + `}`, `{"schema":"` + v + `x",` + bodies[n] + `}`} {
			err := schema.Validate(n, []byte(doc))
			if err == nil || !strings.Contains(err.Error(), "schema") {
				t.Errorf("%s: %s: %v, want an error about the schema key", n, doc, err)
			}
		}
	}
	if _, err := schema.ID("nothing.schema.json"); err == nil {
		t.Errorf("ID of an unknown file: no error")
	}
}
