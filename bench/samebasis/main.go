// Command samebasis reports whether two files hold the same reduced
// Gröbner basis: the same set of polynomials once each is made monic, in
// the grevlex ring of the variables of a system file. bench/giac.sh uses
// it to check our basis against Singular's.
//
//	go run ./bench/samebasis SYSTEM.sys A.txt B.txt
//
// A.txt and B.txt hold one polynomial a line (blank lines ignored), in
// the syntax our groebner command prints and Singular's print writes with
// short=0. Exit status 0 and "same" when the sets agree, 1 and "differ"
// (with the sizes) when not, 2 on unreadable input.
package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/families-project/families/poly"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: samebasis SYSTEM.sys A.txt B.txt")
		os.Exit(2)
	}
	r, err := ringOf(os.Args[1])
	if err != nil {
		fail(err)
	}
	a, err := readBasis(r, os.Args[2])
	if err != nil {
		fail(err)
	}
	b, err := readBasis(r, os.Args[3])
	if err != nil {
		fail(err)
	}
	if slices.Equal(a, b) {
		fmt.Println("same")
		return
	}
	fmt.Printf("differ (%d and %d elements)\n", len(a), len(b))
	os.Exit(1)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "samebasis:", err)
	os.Exit(2)
}

// ringOf returns the grevlex ring of the "vars:" line of a system file.
func ringOf(path string) (*poly.Ring, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "vars:"); ok {
			return poly.NewRing(strings.Fields(rest), poly.Grevlex)
		}
	}
	return nil, fmt.Errorf("%s: no vars: line", path)
}

// readBasis returns the monic polynomials of a file, printed and sorted:
// a canonical form of the set.
func readBasis(r *poly.Ring, path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		p, err := r.Parse(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		out = append(out, p.Monic().String())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	slices.Sort(out)
	return out, nil
}
