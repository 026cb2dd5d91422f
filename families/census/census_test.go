package census

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
)

func runCensus(t *testing.T, opt Options) ([]*Record, *Summary) {
	t.Helper()
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	sum, err := c.Write(context.Background(), &buf, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	var recs []*Record
	for _, ln := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var l line
		if err := json.Unmarshal([]byte(ln), &l); err != nil {
			t.Fatal(err)
		}
		if l.Done == nil {
			r := l.Record
			recs = append(recs, &r)
		}
	}
	return recs, sum
}

func TestSeedGrid(t *testing.T) {
	recs, sum := runCensus(t, Options{Size: grid.Size{Rows: 3, Cols: 3}, Max: 12, Analyse: 2})
	var b bytes.Buffer
	sum.WriteTo(&b)
	t.Log(b.String())
	for _, r := range recs {
		j, _ := json.Marshal(r)
		t.Log(string(j))
	}
}
