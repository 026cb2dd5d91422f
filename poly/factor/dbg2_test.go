package factor

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

func TestDbgHard(t *testing.T) {
	b, err := os.ReadFile(os.Getenv("DBG_FILE"))
	if err != nil {
		t.Skip()
	}
	r := poly.MustRing(poly.Grevlex, strings.Split(os.Getenv("DBG_VARS"), ",")...)
	p := r.MustParse(strings.TrimSpace(string(b)))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	t0 := time.Now()
	f, err := Factor(ctx, p)
	t.Logf("%v %v %v", time.Since(t0), f, err)
}
