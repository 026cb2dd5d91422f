package puzzle

import (
	"bytes"
	"context"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
	"github.com/families-project/families/internal/crosscheck"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sampleSheet is a sheet of 4 puzzles and 2 questions of the
// one-parameter family.
func sampleSheet(t *testing.T) *Sheet {
	t.Helper()
	src := memberstest.SeedFamilies[0].Source(t)
	ctx := context.Background()
	ps, err := Puzzles(ctx, src, members.Filter{Min: 2}, PuzzleOptions{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	qs, err := Questions(ctx, src, members.Filter{Min: 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	return &Sheet{Title: "Calcrostics <test>", Note: "one-parameter family", Puzzles: ps, Questions: qs}
}

func TestWriteHTML(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, sampleSheet(t)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<table"); n != 2*(4+2) {
		t.Errorf("%d tables, want 12 (6 grids and 6 answers)", n)
	}
	for _, want := range []string{"Calcrostics &lt;test&gt;", "break-before: page", "page-break-before: always", `<td class="n">EB</td>`, "÷", "A=4 B=2 C=6 D=8"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"src=", "href=", "<script", "@import"} {
		if strings.Contains(page, bad) {
			t.Errorf("page is not self-contained: %q", bad)
		}
	}
	if i, j := strings.Index(page, "Puzzle 1"), strings.Index(page, `class="answers"`); i < 0 || j < i {
		t.Error("the answers do not follow the puzzles")
	}
}

// TestHTMLChromium renders the sheet in headless Chromium (skipped when
// it is not installed; CI installs it with apt-get install chromium): the
// DOM holds every grid, and the printed PDF has the answer key on a page of
// its own, so at least 2 pages.
func TestHTMLChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	bin := crosscheck.LookPath(t, "apt-get install chromium", "chromium", "chromium-browser", "google-chrome")
	dir := t.TempDir()
	page := filepath.Join(dir, "sheet.html")
	var b bytes.Buffer
	if err := WriteHTML(&b, sampleSheet(t)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) []byte {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + filepath.Join(dir, "profile")}, args...)
		cmd := exec.CommandContext(ctx, bin, append(args, "file://"+page)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		return out
	}
	dom := run("--dump-dom")
	if n := bytes.Count(dom, []byte("<table")); n != 12 {
		t.Errorf("rendered DOM has %d tables, want 12", n)
	}
	pdf := filepath.Join(dir, "sheet.pdf")
	run("--no-pdf-header-footer", "--print-to-pdf="+pdf)
	data, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(data)
	if m == nil {
		t.Fatal("no page count in the PDF")
	}
	if n, _ := strconv.Atoi(string(m[1])); n < 2 {
		t.Errorf("the PDF has %d page, want the answers on a second", n)
	}
}
