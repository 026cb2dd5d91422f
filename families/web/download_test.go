package web

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/internal/crosscheck"
)

// TestDownloadJSON: the JSON download is the report, with the members,
// puzzles and questions asked for as its last keys.
func TestDownloadJSON(t *testing.T) {
	ts, _ := newTestServer(t, Config{})
	code, body := get(t, ts, "/download?"+q("as", "json", "members", "3", "puzzles", "1"))
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	var rep struct {
		families.Report
		Members []map[string]int `json:"members"`
		Puzzles []struct {
			Text string `json:"text"`
		} `json:"puzzles"`
		Questions *[]any `json:"questions"`
	}
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Ops != DefaultOps || rep.Class != families.ClassPositiveDim || len(rep.Families) != 1 || len(rep.Members) != 3 || rep.Members[0]["c"] != 5 ||
		len(rep.Puzzles) != 1 || rep.Questions != nil {
		t.Errorf("report %+v", rep)
	}
	resp, err := ts.Client().Get(ts.URL + "/download?" + q("as", "singular", "size", "2x2", "ops", "+|+++|+"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="families-2x2-+_+++_+.sing"` {
		t.Errorf("Content-Disposition %q", cd)
	}
}

// TestScriptsAgree runs the downloaded scripts in Singular, Macaulay2 and
// SymPy: each saturates the system itself and must find the basis that
// families found (the script prints "basis: as families found"). The
// settings: Wolf's one- and two-parameter families, the all-lines-zero
// grid (finite) and an inconsistent one.
func TestScriptsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: no external algebra systems")
	}
	ts, _ := newTestServer(t, Config{})
	settings := []string{DefaultOps, "-=|-xx/+|x=|=====|x=", "--|-----|-/|x-+--|+-", "++|+++++|++|+++++|++"}
	for _, sys := range []struct {
		as, ext, install string
		names            []string
		args             []string
		settings         int
	}{
		{"singular", ".sing", "apt-get install singular", []string{"Singular"}, []string{"-q"}, 4},
		{"m2", ".m2", "apt-get install macaulay2", []string{"M2"}, []string{"--script"}, 1},
		{"sympy", ".py", "apt-get install python3-sympy", []string{"/usr/bin/python3"}, nil, 1},
	} {
		t.Run(sys.as, func(t *testing.T) {
			bin := crosscheck.LookPath(t, sys.install, sys.names...)
			if sys.as == "sympy" {
				if err := exec.Command(bin, "-c", "import sympy").Run(); err != nil {
					crosscheck.Skip(t, "python3-sympy is not installed (apt-get install python3-sympy)")
				}
			}
			dir := t.TempDir()
			for i, ops := range settings[:sys.settings] {
				code, script := get(t, ts, "/download?"+q("as", sys.as, "ops", ops))
				if code != 200 {
					t.Fatalf("%s: status %d: %s", ops, code, script)
				}
				file := filepath.Join(dir, "s"+string(rune('0'+i))+sys.ext)
				if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				out, err := exec.CommandContext(ctx, bin, append(sys.args, file)...).CombinedOutput()
				cancel()
				if err != nil || !strings.Contains(string(out), "basis: as families found") {
					t.Errorf("%s %s: %v\n%s\nscript:\n%s", sys.as, ops, err, out, script)
				}
			}
		})
	}
}
