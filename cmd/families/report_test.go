package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMembersBudgetSaid checks issue item 5 on the built command: a member
// search that --budget cut short says so in text and JSON; one that ran
// out of members (a bounded range) or found all it was asked for does not.
func TestMembersBudgetSaid(t *testing.T) {
	tests := []struct {
		args    []string
		stopped bool
	}{
		{[]string{"--members", "100", "--budget", "10"}, true},
		{[]string{"--members", "3", "--budget", "10"}, false},
		{[]string{"--members", "100", "--max-digits", "1"}, false},
	}
	for _, tc := range tests {
		name := strings.Join(tc.args, " ")
		code, out, errOut := runBinary(t, "", "", tc.args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		if said := strings.Contains(out, "the search stopped at the budget of 10 steps"); said != tc.stopped {
			t.Errorf("%s: text says the budget stopped the search: %t, want %t\n%s", name, said, tc.stopped, out)
		}
		code, out, errOut = runBinary(t, "", "", append(tc.args, "--format", "json")...)
		var rep struct {
			Members      []map[string]int64 `json:"members"`
			MembersError string             `json:"members_error"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
			t.Fatalf("%s --format json: exit %d, stderr %q", name, code, errOut)
		}
		if (rep.MembersError != "") != tc.stopped {
			t.Errorf("%s --format json: members_error %q, want one: %t", name, rep.MembersError, tc.stopped)
		}
		if tc.stopped && len(rep.Members) >= 100 {
			t.Errorf("%s: %d members, want fewer than asked", name, len(rep.Members))
		}
	}
}

// TestFreeNumbersExplained checks issue item 6: P1's class line names the
// free numbers {b, g} of the basis while its family is written in a, k;
// the report says why, and says nothing when the two agree.
func TestFreeNumbersExplained(t *testing.T) {
	_, out, _ := runBinary(t, "", "", "--ops", "x=|+x//-|x=|=====|x=")
	if !strings.Contains(out, "free numbers {b, g}\n  ({b, g} are free numbers read off the leading terms of the basis;\n  a family below") ||
		!strings.Contains(out, "polynomial in the parameters a, k") {
		t.Errorf("P1's report does not explain its two sets of names:\n%s", out)
	}
	_, out, _ = runBinary(t, "", "")
	if !strings.Contains(out, "free numbers {k}\n\nfamilies: 1") {
		t.Errorf("the default grid's free number is its parameter; the report should add nothing:\n%s", out)
	}
}

// TestResumeHeader checks issue item 8 on the built command: a resumed
// sweep says how many records it kept and how many remain, and ends with
// the records of a run without interruption.
func TestResumeHeader(t *testing.T) {
	dir := t.TempDir()
	const pattern = "+=|x-+.-|+=|=====|.="
	code, _, errOut := runBinary(t, dir, "", "--ops", pattern, "--out", "full.jsonl")
	if code != 0 || strings.Contains(errOut, "resuming") {
		t.Fatalf("fresh sweep: exit %d, stderr %q", code, errOut)
	}
	full, err := os.ReadFile(filepath.Join(dir, "full.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(full), "\n")
	torn := strings.Join(lines[:5], "") + lines[5][:100] // as a kill leaves it
	if err := os.WriteFile(filepath.Join(dir, "r.jsonl"), []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runBinary(t, dir, "", "--ops", pattern, "--out", "r.jsonl", "--resume")
	if code != 0 || !strings.Contains(errOut, "\nresuming r.jsonl: 5 records kept, 11 to go\n") {
		t.Errorf("resumed sweep: exit %d, stderr %q; want the records kept and to go", code, errOut)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "r.jsonl")); string(got) != string(full) {
		t.Errorf("the resumed file differs from the uninterrupted run's")
	}
}

// TestEmptySheet checks issue item 12's last point on the built command: a
// setting whose search finds no member prints no blank sheet; it says why
// and exits 1.
func TestEmptySheet(t *testing.T) {
	code, out, errOut := runBinary(t, "", "", "--ops", "+=|x-+--|+=|=====|x=", "--puzzles", "3", "--budget", "1000", "--format", "html")
	if code != 1 || out != "" || !strings.HasPrefix(errOut, "families: no sheet written: ") {
		t.Errorf("exit %d, stdout %d bytes, stderr %q; want 1, nothing and the reason", code, len(out), errOut)
	}
}
