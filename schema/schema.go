// Package schema holds the JSON Schemas of the outputs of families
// (analysis.schema.json, sweep-record.schema.json, census-record.schema.json,
// decompose.schema.json, solve.schema.json, groebner.schema.json,
// factor.schema.json), the versions their "schema" keys carry, and a
// validator of the part of JSON Schema (draft
// 2020-12) that they use: type (one or a list, "integer" being a number
// without a fraction), const, enum, pattern, minimum, properties, required,
// additionalProperties (a schema), items, allOf, anyOf and $ref (to
// "#/$defs/NAME", to another file of the set, or to "FILE#/$defs/NAME").
// Any other keyword is an error of the schema, so a schema cannot
// silently ask for more than is checked.
package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

//go:embed *.schema.json
var files embed.FS

// Names lists the schema files, sorted.
func Names() []string {
	ents, _ := files.ReadDir(".")
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// The values of the "schema" key that every JSON output carries as its
// first key (in a stream of records, the first key of every record), each
// the $id of the schema file that describes it. A reader checks the key
// before it reads the rest; a changed meaning of a key gets a new number.
const (
	// Analysis is the version of families --format json|jsonl
	// (analysis.schema.json).
	Analysis = "families/analysis/1"
	// SweepRecord is the version of each line of a sweep
	// (sweep-record.schema.json).
	SweepRecord = "families/sweep-record/1"
	// CensusRecord is the version of each line of a census, grid or
	// task end (census-record.schema.json).
	CensusRecord = "families/census-record/1"
	// Decompose is the version of families decompose --format json
	// (decompose.schema.json).
	Decompose = "families/decompose/1"
	// Solve is the version of families solve --format json
	// (solve.schema.json).
	Solve = "families/solve/1"
	// Groebner is the version of families groebner --format json
	// (groebner.schema.json).
	Groebner = "families/groebner/1"
	// Factor is the version of each line of families factor --format json
	// (factor.schema.json).
	Factor = "families/factor/1"
)

// Version is the value of the "schema" key an analysis carries (Analysis),
// kept for callers that named it before the other outputs had versions.
const Version = Analysis

// Versions maps each schema file (Names) to the version its outputs carry
// in their "schema" key, which is also the file's $id.
var Versions = map[string]string{
	"analysis.schema.json":      Analysis,
	"sweep-record.schema.json":  SweepRecord,
	"census-record.schema.json": CensusRecord,
	"decompose.schema.json":     Decompose,
	"solve.schema.json":         Solve,
	"groebner.schema.json":      Groebner,
	"factor.schema.json":        Factor,
}

// ID is the $id of the schema file name (one of Names). Cost: parsing the
// file.
func ID(name string) (string, error) {
	root, err := load(name)
	if err != nil {
		return "", err
	}
	id, _ := root["$id"].(string)
	if id == "" {
		return "", fmt.Errorf("schema: %s has no $id", name)
	}
	return id, nil
}

// Validate checks the JSON document doc against the schema file name (one
// of Names). It returns the first violation, with its JSON path, or nil.
// Cost: linear in the document times the schema's nesting.
func Validate(name string, doc []byte) error {
	root, err := load(name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("schema: %s: not JSON: %w", name, err)
	}
	if dec.More() {
		return fmt.Errorf("schema: %s: more than one JSON value", name)
	}
	return (&validator{file: name}).check(root, v, "$")
}

// ValidateLines checks every non-empty line of JSON Lines output against
// the schema file name, naming the line of the first violation.
func ValidateLines(name string, lines []byte) error {
	for i, l := range bytes.Split(lines, []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		if err := Validate(name, l); err != nil {
			return fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	return nil
}

func load(name string) (map[string]any, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("schema: no schema %q (have %s)", name, strings.Join(Names(), ", "))
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("schema: %s: %w", name, err)
	}
	return s, nil
}

// known are the keywords the validator checks, and the annotations it
// reads past.
var known = map[string]bool{
	"type": true, "const": true, "enum": true, "pattern": true, "minimum": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "allOf": true, "anyOf": true, "$ref": true,
	"$schema": false, "$id": false, "$defs": false, "title": false, "description": false,
}

type validator struct {
	file string // the file whose $defs a "#/..." reference names
}

func (vd *validator) check(s map[string]any, v any, path string) error {
	for k := range s {
		if _, ok := known[k]; !ok {
			return fmt.Errorf("schema: %s uses %q, which the validator does not check", vd.file, k)
		}
	}
	if ref, ok := s["$ref"].(string); ok {
		if err := vd.ref(ref, v, path); err != nil {
			return err
		}
	}
	if t, ok := s["type"]; ok {
		if err := checkType(t, v, path); err != nil {
			return err
		}
	}
	if c, ok := s["const"]; ok && !equal(c, v) {
		return fmt.Errorf("%s: %v is not %v", path, v, c)
	}
	if e, ok := s["enum"].([]any); ok {
		found := false
		for _, x := range e {
			found = found || equal(x, v)
		}
		if !found {
			return fmt.Errorf("%s: %v is not one of %v", path, v, e)
		}
	}
	if p, ok := s["pattern"].(string); ok {
		if str, isStr := v.(string); isStr && !regexp.MustCompile(p).MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", path, str, p)
		}
	}
	if m, ok := s["minimum"].(float64); ok {
		if n, isNum := v.(json.Number); isNum {
			if f, err := n.Float64(); err == nil && f < m {
				return fmt.Errorf("%s: %s is below the minimum %v", path, n, m)
			}
		}
	}
	for _, sub := range list(s["allOf"]) {
		if err := vd.check(sub, v, path); err != nil {
			return err
		}
	}
	if alts := list(s["anyOf"]); len(alts) > 0 {
		var errs []string
		for _, sub := range alts {
			err := vd.check(sub, v, path)
			if err == nil {
				errs = nil
				break
			}
			errs = append(errs, err.Error())
		}
		if errs != nil {
			return fmt.Errorf("%s: matches none of anyOf: %s", path, strings.Join(errs, "; "))
		}
	}
	if obj, ok := v.(map[string]any); ok {
		if err := vd.object(s, obj, path); err != nil {
			return err
		}
	}
	if arr, ok := v.([]any); ok {
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range arr {
				if err := vd.check(items, x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (vd *validator) object(s map[string]any, obj map[string]any, path string) error {
	for _, r := range asSlice(s["required"]) {
		if _, ok := obj[fmt.Sprint(r)]; !ok {
			return fmt.Errorf("%s: the key %q is missing", path, r)
		}
	}
	props, _ := s["properties"].(map[string]any)
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first violation is the same on every run
	for _, k := range keys {
		sub := path + "." + k
		if p, ok := props[k].(map[string]any); ok {
			if err := vd.check(p, obj[k], sub); err != nil {
				return err
			}
			continue
		}
		switch ap := s["additionalProperties"].(type) {
		case bool:
			if !ap {
				return fmt.Errorf("%s: the key %q is not allowed", path, k)
			}
		case map[string]any:
			if err := vd.check(ap, obj[k], sub); err != nil {
				return err
			}
		}
	}
	return nil
}

// ref checks v against the schema a $ref names.
func (vd *validator) ref(ref string, v any, path string) error {
	file, frag, _ := strings.Cut(ref, "#")
	next := &validator{file: vd.file}
	if file != "" {
		next.file = file
	}
	root, err := load(next.file)
	if err != nil {
		return err
	}
	target := root
	if frag != "" {
		for _, part := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
			m, ok := target[part].(map[string]any)
			if !ok {
				return fmt.Errorf("schema: %s: the reference %q names nothing", vd.file, ref)
			}
			target = m
		}
	}
	return next.check(target, v, path)
}

func list(x any) []map[string]any {
	var out []map[string]any
	for _, e := range asSlice(x) {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func asSlice(x any) []any {
	if s, ok := x.([]any); ok {
		return s
	}
	return nil
}

func checkType(t, v any, path string) error {
	names := []string{}
	switch t := t.(type) {
	case string:
		names = append(names, t)
	case []any:
		for _, n := range t {
			names = append(names, n.(string))
		}
	}
	for _, n := range names {
		if isType(n, v) {
			return nil
		}
	}
	return fmt.Errorf("%s: %s is not of type %s", path, describe(v), strings.Join(names, " or "))
}

func isType(name string, v any) bool {
	switch name {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		return ok && !strings.ContainsAny(n.String(), ".eE")
	}
	return false
}

func describe(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// equal compares a schema's constant with a document's value (numbers by
// their text).
func equal(a, b any) bool {
	if n, ok := b.(json.Number); ok {
		if f, ok := a.(float64); ok {
			g, err := n.Float64()
			return err == nil && f == g
		}
		return false
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}
