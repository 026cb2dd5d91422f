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
	valid := `{"ops":"+=|x-++-|+=|=====|/=","size":"3x3","lines":"rows,cols,diag","eval":"precedence","line_equations":[],"equations":[],"nonzero":[],"basis":[],"class":"finite","dimension":0,"degree":1,"solutions":[{"class":"rational","degree":1,"values":{"a":"2"}}]}`
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
		{"const", `{"ops"`, `{"schema":"families/analysis/0","ops"`, "$.schema"},
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
	if len(names) != 4 {
		t.Fatalf("schemas %v, want 4", names)
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
	line := `{"done":{"task":0,"grids":0,"nodes":387,"leaves":11},"census":{"id":"191c0b60ec728fb3","size":"3x3","max":12,"tasks":12}}`
	fmt.Println(schema.Validate("census-record.schema.json", []byte(line)))
	// Output: <nil>
}
