// Command gbasis prints the reduced grevlex Gröbner basis of a system
// file, one monic polynomial a line, leading monomials decreasing: what
// `families groebner FILE` prints, with only the packages groebner and
// poly behind it. bench/giac.sh times it when the command-line tool does
// not build (the tree is shared and may be mid-edit elsewhere).
//
//	go run ./bench/gbasis SYSTEM.sys
package main

import (
	"bufio"
	"context"
	"fmt"
	"os"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gbasis SYSTEM.sys")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "gbasis:", err)
		os.Exit(2)
	}
	_, F, err := poly.ParseSystem(string(data), poly.Grevlex)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gbasis:", err)
		os.Exit(2)
	}
	G, err := groebner.Basis(context.Background(), F, groebner.Limits{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gbasis:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	for _, g := range G {
		fmt.Fprintln(w, g)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gbasis:", err)
		os.Exit(1)
	}
}
