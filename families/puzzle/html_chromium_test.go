package puzzle

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families/digits"
	"github.com/families-project/families/internal/crosscheck"
)

// The tests in this file print sheets in headless Chromium (skipped when
// it is not installed, and in -short mode; CI installs chromium and
// poppler-utils). FAMILIES_SHEET_DIR=DIR keeps the HTML, PDF and
// screenshot of every sheet there, to look at.

func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("short mode: no Chromium rendering")
	}
	return crosscheck.LookPath(t, "apt-get install chromium", "chromium", "chromium-browser", "google-chrome")
}

// render writes the page to dir/name.html and runs Chromium on it with
// args; it returns Chromium's stdout.
func render(t *testing.T, bin, dir, name string, page []byte, args ...string) []byte {
	t.Helper()
	file := filepath.Join(dir, name+".html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir=" + filepath.Join(dir, "profile")}, args...)
	out, err := exec.CommandContext(ctx, bin, append(args, "file://"+file)...).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	return out
}

func sheetDir(t *testing.T) string {
	if d := os.Getenv("FAMILIES_SHEET_DIR"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// printed prints the sheet to dir/name.pdf and returns the text of each
// page (pdftotext -layout), or nil pages when pdftotext is missing, and
// the page count from the PDF itself.
func printed(t *testing.T, bin, dir, name string, page []byte) (int, []string) {
	t.Helper()
	pdf := filepath.Join(dir, name+".pdf")
	render(t, bin, dir, name, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
	data, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(data)
	if m == nil {
		t.Fatal("no page count in the PDF")
	}
	n, _ := strconv.Atoi(string(m[1]))
	if _, err := exec.LookPath("pdftotext"); err != nil {
		crosscheck.Missing(t, "pdftotext (poppler-utils) is not installed: the pages' text is not checked")
		return n, nil
	}
	var pages []string
	for i := 1; i <= n; i++ {
		out, err := exec.Command("pdftotext", "-layout", "-f", strconv.Itoa(i), "-l", strconv.Itoa(i), pdf, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext: %v", err)
		}
		pages = append(pages, string(out))
	}
	return n, pages
}

// checkPages fails when a heading ends its page without a grid after it
// (the grids went to the next page), or a grid is split: its caption's
// page has fewer than its five layout rows after it.
func checkPages(t *testing.T, pages []string) {
	t.Helper()
	caption := regexp.MustCompile(`^(Puzzle|Question) \d+`)
	for i, p := range pages {
		var lines []string
		for _, l := range strings.Split(p, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		heading := ""
		for j, l := range lines {
			switch {
			case l == "Digit puzzles", l == "Find the numbers", l == "Answers":
				if heading != "" {
					t.Errorf("page %d: heading %q has no grid after it", i+1, heading)
				}
				heading = l
			case caption.MatchString(l):
				heading = ""
				if len(lines)-j-1 < 5 {
					t.Errorf("page %d: %q has %d lines after it, a grid split over two pages", i+1, l, len(lines)-j-1)
				}
			}
		}
		if heading != "" {
			t.Errorf("page %d ends with the heading %q and no grid after it", i+1, heading)
		}
	}
}

// TestHTMLChromium prints the sheet of each kind of grid (issue 14, item
// 13): the DOM holds every grid; the PDF has one page of puzzles and
// questions and one of answers, no page ends with a heading and no grid
// is split; a screenshot of the page is drawn (not blank). A sheet of 7
// puzzles and 7 questions runs over several pages under the same checks.
func TestHTMLChromium(t *testing.T) {
	bin := chromium(t)
	dir := sheetDir(t)
	type sheetCase struct {
		name  string
		sh    *Sheet
		pages int // 0: at least 3
	}
	var cases []sheetCase
	for _, k := range sheetKinds {
		cases = append(cases, sheetCase{strings.ReplaceAll(k.name, " ", "-"), kindSheet(t, k.ops, k.diagonals, k.puzzles, k.questions), 2})
	}
	// 7 puzzles leave room on page 1 for the heading of the questions and
	// their rules, but not for a grid: the heading must move on with them.
	cases = append(cases, sheetCase{"long", kindSheet(t, sheetKinds[0].ops, false, 7, 7), 0})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteHTML(&b, c.sh); err != nil {
				t.Fatal(err)
			}
			tables := 1 + 2*(len(c.sh.Puzzles)+len(c.sh.Questions))
			if dom := render(t, bin, dir, c.name, b.Bytes(), "--dump-dom"); bytes.Count(dom, []byte("<table")) != tables {
				t.Errorf("rendered DOM has %d tables, want %d", bytes.Count(dom, []byte("<table")), tables)
			}
			n, pages := printed(t, bin, dir, c.name, b.Bytes())
			if c.pages > 0 && n != c.pages || c.pages == 0 && n < 3 {
				t.Errorf("the PDF has %d pages, want %d (0: at least 3)", n, c.pages)
			}
			if pages != nil {
				checkPages(t, pages)
				// The answer key starts a page of its own.
				starts := 0
				for _, p := range pages {
					if strings.Contains(p, "Answers") && strings.TrimSpace(p)[:len("Answers")] != "Answers" {
						t.Error("the answers share a page with the puzzles")
					}
					if strings.HasPrefix(strings.TrimSpace(p), "Answers") {
						starts++
					}
				}
				if starts != 1 {
					t.Errorf("%d pages start with the answers, want 1", starts)
				}
			}
			shot := filepath.Join(dir, c.name+".png")
			render(t, bin, dir, c.name, b.Bytes(), "--window-size=900,1200", "--screenshot="+shot)
			checkScreenshot(t, shot, 900, 1200)
		})
	}
}

// checkScreenshot decodes the PNG and checks its size and that the page
// drew something: between 1% and 30% of its pixels dark.
func checkScreenshot(t *testing.T, file string, w, h int) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bd := img.Bounds()
	if bd.Dx() != w || bd.Dy() != h {
		t.Errorf("screenshot %dx%d, want %dx%d", bd.Dx(), bd.Dy(), w, h)
	}
	dark := 0
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r+g+b < 3*0x8000 {
				dark++
			}
		}
	}
	if frac := float64(dark) / float64(bd.Dx()*bd.Dy()); frac < 0.01 || frac > 0.3 {
		t.Errorf("screenshot %s: %.1f%% dark pixels, want a drawn page", file, 100*frac)
	}
}

// TestHTMLLetterKey lays a sheet out in Chromium with a letter key longer
// than its grid is wide (issue 14, item 12): the key wraps under the grid,
// so every answer figure is as wide as its table and the answers stay in
// line. A script in the page measures the layout into the DOM.
func TestHTMLLetterKey(t *testing.T) {
	bin := chromium(t)
	sh := kindSheet(t, sheetKinds[0].ops, false, 3, 0)
	long := digits.Solution{}
	for i, r := range "ABCDEFGHKM" {
		long[r] = i
	}
	p := *sh.Puzzles[1]
	p.Letters = long
	sh.Puzzles[1] = &p
	var b bytes.Buffer
	if err := WriteHTML(&b, sh); err != nil {
		t.Fatal(err)
	}
	const probe = `<script>
const out = [];
for (const f of document.querySelectorAll("section.answers figure")) {
  const fr = f.getBoundingClientRect(), tr = f.querySelector("table").getBoundingClientRect();
  out.push(Math.round(fr.width - tr.width) + "@" + Math.round(tr.top));
}
document.body.setAttribute("data-layout", out.join(" "));
</script>
</body>`
	page := strings.Replace(b.String(), "</body>", probe, 1)
	dom := string(render(t, bin, t.TempDir(), "key", []byte(page), "--window-size=1000,1400", "--dump-dom"))
	m := regexp.MustCompile(`data-layout="([^"]*)"`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatal("the layout probe did not run")
	}
	figs := strings.Fields(m[1])
	if len(figs) != 3 {
		t.Fatalf("layout %q, want 3 answers", m[1])
	}
	for i, f := range figs {
		if f != "0@"+strings.SplitN(figs[0], "@", 2)[1] {
			t.Errorf("answer %d: %s (width beyond its table @ top), want 0 and the first answer's top: %s", i+1, f, m[1])
		}
	}
}
