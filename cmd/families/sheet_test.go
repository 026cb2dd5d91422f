package main

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/internal/crosscheck"
)

// TestSheetNoteRemakesSheet: the line under the answer key is a command
// that makes the same sheet again, byte for byte (issue 29, item 9).
func TestSheetNoteRemakesSheet(t *testing.T) {
	for _, args := range [][]string{
		{"--puzzles", "2", "--questions", "1", "--format", "html"},
		{"--ops", "x=|+x//-|x=|=====|x=", "--puzzles", "2", "--questions", "2", "--diagonals", "--min", "3", "--paper", "a4", "--format", "html"},
		{"--ops", "--|-----|-/|x-+--|+-", "--questions", "1", "--random-letters", "--seed", "7", "--format", "html"},
	} {
		code, page, errOut := runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: status %d %s", args, code, errOut)
		}
		note := noteOf(page)
		if !strings.HasPrefix(note, "Made by: families ") {
			t.Fatalf("%v: no note on the sheet: %q", args, note)
		}
		again := shellWords(strings.TrimPrefix(note, "Made by: families "))
		code, page2, _ := runCmd(t, "", again...)
		if code != 0 || page2 != page {
			t.Errorf("%v: the note %q makes another sheet (status %d)", args, again, code)
		}
	}
}

// noteOf is the text of the note under a sheet's answer key, its
// markup removed and its entities decoded.
func noteOf(page string) string {
	m := regexp.MustCompile(`(?s)<p class="note">(.*?)</p>`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], ""))
}

// shellWords splits a command line the way sh does for words and single
// quotes, all the note uses.
func shellWords(s string) []string {
	var out []string
	var w strings.Builder
	quoted, in := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, w.String())
	}
	return out
}

// TestSheetPuzzlesNotTrivial: by default the puzzles and questions have
// no number below 2 (the members still start at 1), and no question has
// the numbers of a puzzle (issue 29, item 9).
func TestSheetPuzzlesNotTrivial(t *testing.T) {
	code, out, errOut := runCmd(t, "", "--members", "3", "--puzzles", "3", "--questions", "3", "--format", "json")
	if code != 0 {
		t.Fatalf("status %d %s", code, errOut)
	}
	var rep struct {
		Members   []map[string]int64
		Puzzles   []struct{ Solution map[string]int64 }
		Questions []struct{ Solution map[string]int64 }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	one := false
	for _, m := range rep.Members {
		for _, v := range m {
			one = one || v == 1
		}
	}
	if !one {
		t.Errorf("no member holds a 1: the members' --min default changed")
	}
	seen := map[string]bool{}
	for _, p := range rep.Puzzles {
		b, _ := json.Marshal(p.Solution)
		seen[string(b)] = true
		for k, v := range p.Solution {
			if v < 2 {
				t.Errorf("a puzzle's %s is %d", k, v)
			}
		}
	}
	for _, q := range rep.Questions {
		b, _ := json.Marshal(q.Solution)
		if seen[string(b)] {
			t.Errorf("a question has a puzzle's numbers %s", b)
		}
	}
	if len(rep.Puzzles) != 3 || len(rep.Questions) != 3 {
		t.Errorf("%d puzzles and %d questions, want 3 and 3", len(rep.Puzzles), len(rep.Questions))
	}
}

// TestSheetA4 prints the --paper a4 sheet with Chromium (as root it needs
// --no-sandbox, as docs/analyze.md says) and checks the PDF's page size
// as pdfinfo names it: A4 (595 x 842 points), letter (612 x 792); and
// that the note, read back from the PDF with pdftotext, is the command
// whole: a line of it breaks only between words, never inside "--flag"
// (Chromium broke "--questions" after its first "-").
func TestSheetA4(t *testing.T) {
	chromium := crosscheck.LookPath(t, "apt-get install chromium", "chromium", "chromium-browser", "google-chrome")
	pdfinfo := crosscheck.LookPath(t, "apt-get install poppler-utils", "pdfinfo")
	pdftotext := crosscheck.LookPath(t, "apt-get install poppler-utils", "pdftotext")
	if chromium == "" || pdfinfo == "" || pdftotext == "" {
		return
	}
	dir := t.TempDir()
	for _, tc := range []struct{ paper, size string }{{"a4", "(A4)"}, {"letter", "(letter)"}} {
		_, page, _ := runCmd(t, "", "--ops", "x=|+x//-|x=|=====|x=", "--puzzles", "3", "--questions", "2", "--diagonals", "--format", "html", "--paper", tc.paper)
		file := filepath.Join(dir, tc.paper+".html")
		pdf := filepath.Join(dir, tc.paper+".pdf")
		if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		out, err := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(dir, "profile"),
			"--no-pdf-header-footer", "--print-to-pdf="+pdf, "file://"+file).CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("chromium: %v\n%s", err, out)
		}
		info, err := exec.Command(pdfinfo, pdf).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`Page size: .* pts ` + regexp.QuoteMeta(tc.size)).Match(info) {
			t.Errorf("--paper %s: %s", tc.paper, regexp.MustCompile(`Page size:.*`).FindString(string(info)))
		}
		text, err := exec.Command(pdftotext, pdf, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		note := noteOf(page)
		printed := string(text)
		if i := strings.Index(printed, "Made by:"); i >= 0 {
			printed = strings.Join(strings.Fields(printed[i:]), " ")
		}
		if note == "" || !strings.HasPrefix(printed, note) {
			t.Errorf("--paper %s: the printed note is not the command:\n got %.300q\nwant %q", tc.paper, printed, note)
		}
	}
}
