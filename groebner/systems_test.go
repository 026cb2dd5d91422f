package groebner

import (
	"fmt"
	"strings"
)

// cyclic returns the cyclic-n system with variables x0..x(n-1), the same
// text as testdata/systems/cyclicN.sys.
func cyclic(n int) string {
	v := func(i int) string { return fmt.Sprintf("x%d", i%n) }
	names := make([]string, n)
	for i := range names {
		names[i] = v(i)
	}
	lines := []string{"vars: " + strings.Join(names, " ")}
	for k := 1; k < n; k++ {
		terms := make([]string, n)
		for i := 0; i < n; i++ {
			f := make([]string, k)
			for j := range f {
				f[j] = v(i + j)
			}
			terms[i] = strings.Join(f, "*")
		}
		lines = append(lines, strings.Join(terms, " + "))
	}
	return strings.Join(append(lines, strings.Join(names, "*")+" - 1"), "\n")
}

// katsura returns the katsura-n system with variables u0..un:
// sum_{|i|<=n} u_|i| = 1 and sum_{|i|<=n} u_|i| u_|m-i| = u_m for m < n.
func katsura(n int) string {
	u := func(i int) string {
		if i < 0 {
			i = -i
		}
		return fmt.Sprintf("u%d", i)
	}
	names := make([]string, n+1)
	for i := range names {
		names[i] = u(i)
	}
	lines := []string{"vars: " + strings.Join(names, " ")}
	var lin []string
	for i := -n; i <= n; i++ {
		lin = append(lin, u(i))
	}
	lines = append(lines, strings.Join(lin, " + ")+" - 1")
	for m := 0; m < n; m++ {
		var terms []string
		for i := -n; i <= n; i++ {
			if j := m - i; j >= -n && j <= n {
				terms = append(terms, u(i)+"*"+u(j))
			}
		}
		lines = append(lines, strings.Join(terms, " + ")+" - "+u(m))
	}
	return strings.Join(lines, "\n")
}
