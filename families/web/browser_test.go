package web

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/families-project/families/internal/crosscheck"
)

// TestBrowser drives the explorer in headless Chromium as a first-time
// user would: open a 2x2 page, pick the size 3x3 from the menu, set Wolf's
// one-parameter grid by clicking its operators, see the family appear,
// ask for members and a digit puzzle, print the sheet to PDF, and follow
// the page's shared link in a new tab. A screenshot of every state is
// kept: on failure all of them are written to a directory the test
// names; FAMILIES_SERVE_PNG=FILE writes the one of the family with its
// members (docs/serve.png). Skipped without Chromium (apt-get install
// chromium), and in -short mode; under CI=true a missing Chromium fails.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: no browser")
	}
	bin := crosscheck.LookPath(t, "apt-get install chromium", "chromium", "chromium-browser", "google-chrome")
	ts, _ := newTestServer(t, Config{})

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1100, 1400), chromedp.UserDataDir(t.TempDir()))
	actx, cancelA := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()

	type shot struct {
		name string
		png  []byte
	}
	var shots []shot
	defer func() {
		if t.Failed() {
			dir, err := os.MkdirTemp("", "families-serve-browser-")
			if err != nil {
				t.Log(err)
				return
			}
			for i, s := range shots {
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("%02d-%s.png", i+1, s.name)), s.png, 0o644)
			}
			t.Logf("screenshots of every state: %s", dir)
		}
	}()
	// step runs one user action and its check, timed, and keeps a
	// screenshot of the state it left; a failure ends the test.
	step := func(c context.Context, name string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		start := time.Now()
		err := chromedp.Do(c, actions...)
		t.Logf("%-24s %6.0f ms", name, float64(time.Since(start).Microseconds())/1000)
		if png, serr := chromedp.Run(c, chromedp.FullScreenshot(90)); serr == nil {
			shots = append(shots, shot{name, png})
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	// value runs an action that reads the page.
	value := func(c context.Context, what string, a chromedp.Action[string]) string {
		t.Helper()
		v, err := chromedp.Run(c, a)
		if err != nil {
			t.Fatalf("reading %s: %v", what, err)
		}
		return v
	}
	number := func(c context.Context, js string) int {
		t.Helper()
		v, err := chromedp.Run(c, chromedp.Evaluate[int](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }

	step(bctx, "open-2x2", chromedp.Navigate(ts.URL+"/?size=2x2"), chromedp.WaitVisible(css(`#editor[data-size="2x2"]`)))
	step(bctx, "pick-size-3x3",
		// SetValue fires the menu's change event, as a pick does.
		chromedp.SetValue(css("#size"), "3x3"),
		chromedp.WaitVisible(css(`#editor[data-size="3x3"]`)))

	// Click every operator cell until it holds Wolf's operator.
	cells, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#editor td[data-r]")).map(td => td.dataset.r + "," + td.dataset.c + "," + td.textContent.trim())`))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(strings.Split(DefaultOps, "|"), "")
	if len(cells) != len(want) {
		t.Fatalf("the editor has %d operator cells, want %d", len(cells), len(want))
	}
	const cycle = "+-x/="
	var clicks []chromedp.Action[chromedp.Void]
	for i, c := range cells {
		f := strings.SplitN(c, ",", 3)
		from, to := strings.Index(cycle, f[2]), strings.IndexByte(cycle, want[i])
		if from < 0 {
			t.Fatalf("cell %d holds %q", i, f[2])
		}
		for range (to - from + len(cycle)) % len(cycle) {
			clicks = append(clicks, chromedp.Click(css(fmt.Sprintf(`#editor td[data-r="%s"][data-c="%s"]`, f[0], f[1]))))
		}
	}
	step(bctx, fmt.Sprintf("click-%d-times", len(clicks)), clicks...)
	step(bctx, "family-appears",
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById("results").dataset.state === "ready" && document.getElementById("results").dataset.ops === %q`, DefaultOps),
			chromedp.WithPollingTimeout(20*time.Second)))
	class := value(bctx, "class", chromedp.Text(css("#class")))
	formulas := value(bctx, "formulas", chromedp.Text(css("#family-1 .formulas")))
	if !strings.Contains(class, "positive_dimensional, dimension 1") || !strings.Contains(formulas, "c = k + 2") || !strings.Contains(formulas, "h = 2 k") {
		t.Errorf("after the clicks: class %q, formulas %q", class, formulas)
	}
	if search := value(bctx, "address", chromedp.Evaluate[string](`location.search`)); !strings.Contains(search, "ops=") {
		t.Errorf("the address does not hold the setting: %q", search)
	}

	step(bctx, "ask-members", chromedp.Click(css("#ask-members")), chromedp.WaitVisible(css("#members")))
	nmembers := number(bctx, `document.querySelectorAll("#members li").length`)
	if nmembers != 10 {
		t.Errorf("%d members listed, want 10", nmembers)
	}
	if out := os.Getenv("FAMILIES_SERVE_PNG"); out != "" {
		png, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(out, png, 0o644)
		}
		if err != nil {
			t.Errorf("writing %s: %v", out, err)
		}
	}
	step(bctx, "ask-puzzle", chromedp.Click(css("#ask-puzzle")), chromedp.WaitVisible(css(".puzzle pre")))
	puzzle := value(bctx, "puzzle", chromedp.Text(css(".puzzle pre")))
	if !strings.Contains(puzzle, "A") || !strings.Contains(puzzle, "=") {
		t.Errorf("puzzle %q", puzzle)
	}
	sheet := value(bctx, "sheet link", chromedp.Evaluate[string](`document.getElementById("sheet").href`))
	share := value(bctx, "shared link", chromedp.Evaluate[string](`document.getElementById("share").href`))

	var pdf []byte
	step(bctx, "print-sheet-to-pdf", chromedp.Navigate(sheet), chromedp.WaitVisible(css("table")),
		chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
			var err error
			pdf, err = chromedp.PrintToPDF(chromedp.PDFPrintBackground())(c, tg)
			return err
		}))
	if !bytes.HasPrefix(pdf, []byte("%PDF")) || len(pdf) < 1000 {
		t.Errorf("the sheet printed to %d bytes, not a PDF", len(pdf))
	}

	// The shared link, in a new tab, shows the same state.
	tab, cancelT := chromedp.NewContext(bctx)
	defer cancelT()
	step(tab, "follow-shared-link", chromedp.Navigate(share), chromedp.WaitVisible(css(".puzzle pre")))
	class2 := value(tab, "class", chromedp.Text(css("#class")))
	puzzle2 := value(tab, "puzzle", chromedp.Text(css(".puzzle pre")))
	nmembers2 := number(tab, `document.querySelectorAll("#members li").length`)
	if class2 != class || puzzle2 != puzzle || nmembers2 != nmembers {
		t.Errorf("the shared link shows class %q, %d members, puzzle %q; want %q, %d, %q", class2, nmembers2, puzzle2, class, nmembers, puzzle)
	}
}
