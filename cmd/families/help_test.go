package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHelpToStdout checks issue items 3 and 4: help that was asked for goes
// to stdout with exit status 0, lists every command and says no default
// twice or by reference to a text that is not there; an error is one line
// on stderr, prefixed "families:" for the default command.
func TestHelpToStdout(t *testing.T) {
	names := strings.Split(commandNames(), ", ")
	for _, args := range append([][]string{{"--help"}, {"-h"}}, helpArgs(names)...) {
		code, out, errOut := runBinary(t, "", "", args...)
		if code != 0 || errOut != "" {
			t.Errorf("families %s: exit %d, stderr %q; want 0 and nothing", strings.Join(args, " "), code, errOut)
		}
		if !strings.HasPrefix(out, "usage: families") || !strings.Contains(out, "\nFlags:\n") {
			t.Errorf("families %s: stdout does not start with the usage and flags:\n%s", strings.Join(args, " "), out)
		}
		for _, bad := range []string{"see above", "(default: none) (default", "check, ..."} {
			if strings.Contains(out, bad) {
				t.Errorf("families %s: help says %q", strings.Join(args, " "), bad)
			}
		}
		if args[0] == "--help" {
			for _, n := range names {
				if !strings.Contains(out, "\n  "+n+" ") {
					t.Errorf("families --help does not list the command %s", n)
				}
			}
		}
	}
}

func helpArgs(names []string) [][]string {
	var out [][]string
	for _, n := range names {
		out = append(out, []string{n, "--help"})
	}
	return out
}

func TestErrorPrefix(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--ops", "x=|+x//-|x="}, "families: "},
		{[]string{"--frobnicate"}, "families: "},
		{[]string{"groebner", "--order", "spiral"}, "families groebner: "},
		{[]string{"check"}, "families check: "},
	}
	for _, tc := range tests {
		code, out, errOut := runBinary(t, "", "", tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("families %s: exit %d, stdout %q, stderr %q; want 2, nothing, one line starting %q",
				strings.Join(tc.args, " "), code, out, errOut, tc.want)
		}
	}
}

// TestREADMEAgreesWithHelp: every command that --help lists is named in
// README.md, and every flag that a command's --help prints is documented
// in README.md or a page of docs/ (as `--flag`), so that the two cannot
// drift apart.
func TestREADMEAgreesWithHelp(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	docs := append([]byte(nil), readme...)
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, b...)
	}
	flag := regexp.MustCompile(`(?m)^\s+(?:-\w, )?(--[a-z][a-z-]*)`)
	for _, n := range strings.Split(commandNames(), ", ") {
		args := []string{n, "--help"}
		if n == "analyze" {
			args = []string{"--help"}
		} else if !bytes.Contains(readme, []byte("`"+n+"`")) && !bytes.Contains(readme, []byte("families "+n)) {
			t.Errorf("README.md does not name the command %s", n)
		}
		_, out, _ := runBinary(t, "", "", args...)
		_, flags, _ := strings.Cut(out, "\nFlags:\n")
		for _, m := range flag.FindAllStringSubmatch(flags, -1) {
			if !bytes.Contains(docs, []byte("`"+m[1])) {
				t.Errorf("neither README.md nor docs/ documents %s of families %s", m[1], n)
			}
		}
	}
}
