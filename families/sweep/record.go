package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/schema"
)

// A Record is one line of a sweep's output: the analysis of one setting
// with the keys of the JSON report (README) (the embedded Report), its positive-integer
// members, and where it stands in the sweep.
type Record struct {
	// Schema names the record's JSON Schema (schema.SweepRecord): the
	// first key of every line, where a reader meets it.
	Schema string `json:"schema"`
	*families.Report
	// Members are up to Options.Members positive-integer members, smallest
	// first (see members.Source.EachMember), each checked against the
	// setting exactly.
	Members []*members.Member `json:"members,omitempty"`
	// MembersError says why the member search stopped early (a limit).
	MembersError string `json:"members_error,omitempty"`
	// Representative is the setting whose system was solved for this one
	// (the first of its orbit) when it is not this one.
	Representative string `json:"representative,omitempty"`
	// Equivalent lists the other settings of the orbit, with
	// Options.OncePerOrbit.
	Equivalent []string `json:"equivalent,omitempty"`
	// Index is the setting's number in the pattern (grid.Setting.Nth).
	Index *big.Int `json:"index"`
	// Sweep identifies the sweep, the same in every record of it.
	Sweep *SweepInfo `json:"sweep,omitempty"`
	// Shard is the shard that wrote the record, in a sharded run only. It
	// is the last key, so that Merge can cut it off and give the records
	// of a run without shards.
	Shard *ShardInfo `json:"shard,omitempty"`
}

// record returns the JSON line of one item.
func (p *Plan) record(ctx context.Context, it *item) ([]byte, error) {
	l := it.lead
	lrec := l.solved(ctx, func() *Record { return p.analyze(ctx, l.it) })
	var rec Record
	if l.it == it {
		rec = *lrec
	} else if r, err := p.transport(ctx, l.it, lrec, it); err == nil {
		rec = *r
	} else {
		// A leader without an answer, a renamed basis that hit a limit,
		// or a report that does not survive renaming: solve this one on
		// its own.
		rec = *p.analyze(ctx, it)
	}
	rec.Schema, rec.Index, rec.Equivalent = schema.SweepRecord, it.idx, it.equivalent
	rec.Sweep, rec.Shard = p.sweep, p.shard
	b, err := json.Marshal(&rec)
	return append(b, '\n'), err
}

// analyze solves the system of one setting and finds its members.
func (p *Plan) analyze(ctx context.Context, it *item) *Record {
	// A record states the saturated basis in all numbers: the orbit
	// renaming, the members and the exports (whose runners recompute that
	// basis in another algebra system) read it. Substitution would leave
	// the basis of the remaining numbers only (families.Report.Substituted).
	opt := p.opt.Analysis
	opt.Substitute = families.SubstituteNever
	rep, err := families.Analyze(ctx, it.s, opt)
	if err != nil {
		// Bad input cannot come from a valid pattern, but a case is never
		// dropped: it is reported with class error.
		rep = &families.Report{
			Ops: it.s.String(), Size: it.s.Size().String(), Lines: p.sel.String(),
			Eval: p.opt.Analysis.Eval.String(), Class: families.ClassError, Error: err.Error(),
		}
	}
	rec := &Record{Report: rep}
	res := rep.Result()
	if p.opt.Members <= 0 || res == nil || len(res.Components) == 0 {
		return rec
	}
	// The source is members.FromReport's without solving the system again.
	sys := rep.System()
	fams, err := members.FromSolve(sys.Ring, res)
	var src *members.Source
	if err == nil {
		src, err = members.NewSource(it.s, p.sel, p.opt.Analysis.Eval, sys, rep.BasisPolys(), fams)
	}
	if err == nil {
		src.Limits = p.opt.Analysis.Limits
		rec.Members, err = src.Members(ctx, p.opt.MemberFilter, p.opt.Members)
	}
	if err != nil {
		rec.MembersError = err.Error()
	}
	return rec
}

// ownKeys are the keys of a report that transport computes for the member
// itself; every other key is the leader's with the numbers renamed.
var ownKeys = map[string]bool{
	"ops": true, "size": true, "lines": true, "eval": true, "line_equations": true,
	"equations": true, "nonzero": true, "basis": true, "class": true,
	"dimension": true, "degree": true, "independent": true, "error": true,
}

// errUnsolved says that the leader's record holds no answer to rename.
var errUnsolved = errors.New("sweep: the orbit's leader has no answer (timeout or error)")

// transport makes the record of a setting from its orbit's leader: the
// member's system is the leader's with number i renamed to m[i], so its
// saturated ideal is the leader's renamed. Its own lines, equations and
// nonzero conditions are written out, its reduced basis is the renamed
// leader basis reduced again (a Gröbner basis computation from a basis,
// which is cheap next to the saturations that made it), and whatever else
// the report holds (families, solutions) and the members are renamed. A
// report whose extra keys do not survive the renaming exactly, a basis
// that hits a limit, or a member that fails its check is an error, and the
// caller solves the setting on its own. So is a leader of class timeout or
// error: its limit (a time limit, above all) says nothing of the setting,
// whose own system, the leader's renamed, may well be solved within it.
// With MemberFilter.AllOps, which depends on the operators of the lines
// and not on the system, a setting without all four has no members, and
// one with them whose leader lacks them is an error too (its members were
// never searched).
func (p *Plan) transport(ctx context.Context, lit *item, lrec *Record, it *item) (*Record, error) {
	lr := lrec.Report
	if lr.Class == families.ClassTimeout || lr.Class == families.ClassError {
		return nil, errUnsolved
	}
	mems, membersError := lrec.Members, lrec.MembersError
	if p.opt.Members > 0 && p.opt.MemberFilter.AllOps {
		mine, err := p.usesAllOps(it.s)
		if err != nil {
			return nil, err
		}
		theirs, err := p.usesAllOps(lit.s)
		if err != nil {
			return nil, err
		}
		switch {
		case !mine:
			mems, membersError = nil, ""
		case !theirs:
			return nil, errors.New("sweep: the leader's lines lack an operator: its members were not searched")
		}
	}
	z := it.s.Size()
	m := transportMap(lit.info.ren, it.info.ren)
	names := map[string]string{}
	for i, j := range m {
		names[z.Name(i)] = z.Name(j)
	}
	var rep *families.Report
	if len(lr.Families) == 0 && len(lr.Solutions) == 0 {
		// Nothing in the leader's names but what is recomputed below.
		rep = &families.Report{Size: lr.Size, Lines: lr.Lines, Eval: lr.Eval, Class: lr.Class, Dimension: lr.Dimension, Error: lr.Error}
	} else {
		var err error
		if rep, err = renameReport(lr, names); err != nil {
			return nil, err
		}
	}
	es, err := p.cache.entries(it.s)
	if err != nil {
		return nil, err
	}
	rep.Ops = it.s.String()
	rep.LineTexts, rep.Equations, rep.Nonzero = p.cache.texts(es)
	rep.Basis, rep.Independent, rep.Degree = nil, nil, nil
	images := make([]*poly.Poly, len(m))
	for i, j := range m {
		images[i] = p.ring.Var(j)
	}
	var F []*poly.Poly
	for _, g := range lr.BasisPolys() {
		h, err := g.Compose(p.ring, images)
		if err != nil {
			return nil, err
		}
		F = append(F, h)
	}
	G, err := groebner.Basis(ctx, F, p.opt.Analysis.Limits)
	if err != nil {
		return nil, err
	}
	for _, g := range G {
		rep.Basis = append(rep.Basis, g.String())
	}
	// The class is the leader's (a timeout stays one); the dimension
	// and degree are this setting's.
	dim, indep := groebner.Dimension(G)
	rep.Dimension = &dim
	if dim == 0 {
		_, rep.Degree = families.Classify(dim, G)
	}
	for _, v := range indep {
		rep.Independent = append(rep.Independent, p.ring.VarName(v))
	}
	// A family's component basis is reduced again in the member's ring.
	for i := range rep.Families {
		f := &rep.Families[i]
		var F []*poly.Poly
		for _, t := range f.Basis {
			g, err := p.ring.Parse(t)
			if err != nil {
				return nil, err
			}
			F = append(F, g)
		}
		G, err := groebner.Basis(ctx, F, p.opt.Analysis.Limits)
		if err != nil {
			return nil, err
		}
		f.Basis = f.Basis[:0]
		for _, g := range G {
			f.Basis = append(f.Basis, g.String())
		}
	}
	rec := &Record{Report: rep, MembersError: membersError, Representative: lr.Ops}
	for _, mem := range mems {
		vals := make([]*big.Int, len(mem.Values))
		rats := make([]*big.Rat, len(mem.Values))
		for i, v := range mem.Values {
			vals[m[i]] = v
			rats[m[i]] = new(big.Rat).SetInt(v)
		}
		res, err := it.s.Check(rats, p.sel, p.opt.Analysis.Eval)
		if err != nil || !res.OK {
			return nil, fmt.Errorf("sweep: member %v of %s does not carry over to %s", mem, lr.Ops, rep.Ops)
		}
		rec.Members = append(rec.Members, &members.Member{Size: z, Values: vals, Family: mem.Family})
	}
	return rec, nil
}

// usesAllOps reports whether the selected lines of s use each of + - x /,
// as members.Filter.AllOps asks.
func (p *Plan) usesAllOps(s *grid.Setting) (bool, error) {
	lines, err := s.Lines(p.sel)
	if err != nil {
		return false, err
	}
	return grid.UsesAllOps(lines), nil
}

// renameReport returns a copy of the exported content of rep with the
// numbers renamed by names in every key but ownKeys, through its JSON
// form. It fails unless the copy writes exactly the renamed JSON, so a
// field that does not read back is never silently lost.
func renameReport(rep *families.Report, names map[string]string) (*families.Report, error) {
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	var fields map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&fields); err != nil {
		return nil, err
	}
	for k, v := range fields {
		if !ownKeys[k] {
			fields[k] = renameJSON(v, names)
		}
	}
	want, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	out := new(families.Report)
	if err := json.Unmarshal(want, out); err != nil {
		return nil, err
	}
	got, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	if !sameJSON(got, want) {
		return nil, errors.New("sweep: the report does not read back from JSON")
	}
	return out, nil
}

func sameJSON(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	return da.Decode(&x) == nil && db.Decode(&y) == nil && reflect.DeepEqual(x, y)
}

// renameJSON renames the numbers in a decoded JSON value: object keys that
// are names and names inside strings (as whole identifiers, so that sqrt or
// RootOf are left alone).
func renameJSON(v any, names map[string]string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if n, ok := names[k]; ok {
				k = n
			}
			out[k] = renameJSON(e, names)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = renameJSON(e, names)
		}
		return out
	case string:
		return renameIdents(x, names)
	}
	return v
}

func renameIdents(s string, names map[string]string) string {
	isStart := func(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	isPart := func(c byte) bool { return isStart(c) || '0' <= c && c <= '9' }
	var sb strings.Builder
	for i := 0; i < len(s); {
		if !isStart(s[i]) {
			sb.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && isPart(s[j]) {
			j++
		}
		if n, ok := names[s[i:j]]; ok {
			sb.WriteString(n)
		} else {
			sb.WriteString(s[i:j])
		}
		i = j
	}
	return sb.String()
}
