package export

import (
	"bytes"
	"context"
	"fmt"
	"github.com/families-project/families/internal/crosscheck"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/sweep"
)

var z3 = grid.Size{Rows: 3, Cols: 3}

// exportSuite exports a sample of Wolf's all-lines-zero sweep (finite
// and inconsistent systems, a member) and settings around its
// one-parameter family (families, members), to dir/0, dir/1 and dir/2. It
// returns dir and the number of systems and checks.
func exportSuite(t *testing.T, format string, sample int) (dir string, systems, checks int) {
	t.Helper()
	dir = t.TempDir()
	for i, tc := range []struct {
		ops    string
		filter sweep.Filter
		sample int
	}{
		{"..|.-.-.|..|.-.-.|..", sweep.Filter{Positive: true}, sample},
		{"--|..-.-|-/|x-+..|+-", sweep.Filter{Positive: true}, 0},
		{"+=|x-..-|.=|=====|/=", sweep.Filter{}, sample},
	} {
		opt := sweep.Options{Filter: tc.filter, Sample: tc.sample, Seed: 3, Members: 1, OncePerOrbit: true}
		plan, err := sweep.NewPlan(context.Background(), grid.MustParseOps(tc.ops, z3), opt)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Write(context.Background(), plan, format, filepath.Join(dir, fmt.Sprint(i)))
		if err != nil {
			t.Fatal(err)
		}
		systems += res.Systems
		checks += res.Checks
	}
	return dir, systems, checks
}

// largeGrids are settings of grids with more numbers than 3x3: a 4x4 grid
// (numbers a to u, r among them), 3x7 (a to z) and 5x5 (x_1_1 to x_5_5),
// so that a script's helper named r or z, or a name the solver cannot read,
// shows. Each pattern's one wildcard sits in a line without =, which
// sweep.Filter.Positive makes -: one linear setting, with a family of dimension
// 8, 11 and 15.
var largeGrids = []struct {
	z   grid.Size
	ops string
}{
	{grid.Size{Rows: 4, Cols: 4}, "++.|-_+_-_+|-+=|+_-_+_-|+-=|=_=_=_=|+-="},
	{grid.Size{Rows: 3, Cols: 7}, "+++++.|+_-_+_-_+_-_+|+-+-+=|=_=_=_=_=_=_=|-+-++="},
	{grid.Size{Rows: 5, Cols: 5}, "+++.|+_-_+_-_+|+-+=|-_+_-_+_-|-++=|+_+_-_-_+|++-=|=_=_=_=_=|+--="},
}

// largeRecords returns the sweep records of largeGrids, solved once for
// every test.
var largeRecords = sync.OnceValues(func() ([][]byte, error) {
	var recs [][]byte
	for _, g := range largeGrids {
		opt := sweep.Options{
			Filter: sweep.Filter{Positive: true}, Members: 1, OncePerOrbit: true,
		}
		plan, err := sweep.NewPlan(context.Background(), grid.MustParseOps(g.ops, g.z), opt)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if _, err := plan.Run(context.Background(), &b); err != nil {
			return nil, err
		}
		recs = append(recs, b.Bytes())
	}
	return recs, nil
})

// largeSystems returns the systems of largeGrids, one slice per grid.
func largeSystems(t *testing.T) [][]*System {
	t.Helper()
	recs, err := largeRecords()
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]*System, len(recs))
	for i, r := range recs {
		for line := range bytes.Lines(r) {
			s, err := exportSystem(line, len(out[i])+1)
			if err != nil {
				t.Fatal(err)
			}
			if s == nil {
				t.Fatalf("%s: no expected answers: %s", largeGrids[i].z, line)
			}
			out[i] = append(out[i], s)
		}
	}
	return out
}

// exportLarge writes the systems of largeGrids in format, one grid per
// directory, and returns the directories and the number of checks.
func exportLarge(t *testing.T, format string) (dirs []string, checks int) {
	t.Helper()
	recs, err := largeRecords()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for i, r := range recs {
		dir := filepath.Join(root, largeGrids[i].z.String())
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		res, err := exportRecords(format, dir, r)
		if err != nil {
			t.Fatal(err)
		}
		if res.Systems != 1 || res.Skipped != 0 {
			t.Fatalf("%s: %d systems, %d skipped, want 1 and 0", largeGrids[i].z, res.Systems, res.Skipped)
		}
		dirs = append(dirs, dir)
		checks += res.Checks
	}
	return dirs, checks
}

// withFamily returns a copy of s with a member and a rational family if
// it has none, so that every line a script can have is written. The
// answers are made up: the copy is for reading, not for running.
func withFamily(s *System) *System {
	c := *s
	if c.Member == nil {
		c.Member = map[string]*big.Int{}
		for _, v := range c.Vars {
			c.Member[v] = big.NewInt(1)
		}
	}
	if !rationalFamily(c.Family) {
		params := c.Vars[:2]
		sol := map[string]string{}
		for _, v := range c.Vars {
			sol[v] = params[0] + " + 2*" + params[1]
		}
		sol[params[0]], sol[params[1]] = params[0], params[1]
		c.Family = &families.FamilyReport{Parameters: params, Solution: sol, Kind: "rational", Dimension: 2, Degree: 1, Basis: c.Basis}
	}
	return &c
}

// A scriptLanguage says how to read the names in a format's scripts.
type scriptLanguage struct {
	format, ext string
	ident       *regexp.Regexp   // a name
	comment     *regexp.Regexp   // a comment, after strings are removed
	defines     []*regexp.Regexp // submatches name the names a script introduces
	builtins    string           // the system's names the scripts use
	reserved    string           // other names the system reserves or predefines
	varName     func(string) string
}

var scriptLanguages = []scriptLanguage{
	{
		format: "singular", ext: ".sing",
		ident:   regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`),
		comment: regexp.MustCompile(`//[^\n]*`),
		defines: []*regexp.Regexp{
			regexp.MustCompile(`\b(?:ring|ideal|poly|int|def|map|proc|list|string|number|matrix|vector|module)\s+([A-Za-z_][A-Za-z0-9_]*)`),
		},
		builtins: "LIB option redSB int proc ideal poly def sat typeof if else return print string ring dp std size reduce dim vdim subst map setring kill quit",
		reserved: "list number matrix vector module resolution link for while break continue exit export keepring basering minpoly",
		varName:  func(v string) string { return v },
	},
	{
		format: "m2", ext: ".m2",
		// _ subscripts in Macaulay2: x_(1,2) reads as the name x.
		ident:   regexp.MustCompile(`[A-Za-z][A-Za-z0-9']*`),
		comment: regexp.MustCompile(`--[^\n]*`),
		defines: []*regexp.Regexp{
			regexp.MustCompile(`(?m)(?:^|;)\s*([A-Za-z][A-Za-z0-9']*)\s*=[^=>]`),
			regexp.MustCompile(`\(([^()]*)\)\s*->`),
		},
		builtins: "QQ MonomialOrder GRevLex ideal saturate if then else dim degree sub and isSubset frac use map print toString load exit try",
		reserved: "check ii pi ZZ RR CC end or not do from to when while new local global symbol true false null",
		varName:  func(v string) string { name, _, _ := strings.Cut(v, "_"); return name },
	},
	{
		format: "maple", ext: ".mpl",
		ident:   regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`),
		comment: regexp.MustCompile(`#[^\n]*`),
		defines: []*regexp.Regexp{
			regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*:=`),
			regexp.MustCompile(`proc\(([^)]*)\)`),
			regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*->`),
			regexp.MustCompile(`\bfor\s+([A-Za-z_][A-Za-z0-9_]*)`),
			regexp.MustCompile(`\bglobal\s+([^;]*);`),
		},
		builtins: "with Groebner proc global if then else end printf read quit tdeg op remove has Basis lexdeg for in do evalb map NormalForm nops HilbertDimension NumberOfSolutions eval and normal",
		reserved: "I D E Pi gamma Catalan infinity true false FAIL O Digits name list set string check local",
		varName:  func(v string) string { return v },
	},
}

var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// TestExportNames exports the systems of 4x4, 3x7 and 5x5 grids as
// Singular, Macaulay2 and Maple scripts and reads every name in them: each
// is a number of the grid, one of the system's own names, or a name the
// script introduces, which must start with "fam" and so cannot be a
// number. A script whose ring is named r, or that assigns to Maple's I or
// to z, fails here; so does a new helper name without the prefix.
func TestExportNames(t *testing.T) {
	grids := largeSystems(t)
	for _, lang := range scriptLanguages {
		builtins := strings.Fields(lang.builtins)
		reserved := append(strings.Fields(lang.reserved), builtins...)
		for i, systems := range grids {
			t.Run(lang.format+"/"+largeGrids[i].z.String(), func(t *testing.T) {
				full := make([]*System, len(systems))
				for k, s := range systems {
					full[k] = withFamily(s)
				}
				dir := t.TempDir()
				if _, _, err := writers[lang.format](dir, full); err != nil {
					t.Fatal(err)
				}
				files, _ := filepath.Glob(filepath.Join(dir, "systems", "*"+lang.ext))
				files = append(files, filepath.Join(dir, "run"+lang.ext))
				vars := map[string]bool{}
				for _, s := range full {
					for _, v := range s.Vars {
						vars[lang.varName(v)] = true
					}
				}
				for v := range vars {
					if slices.Contains(reserved, v) {
						t.Errorf("the number %s is a name %s reserves", v, lang.format)
					}
				}
				helpers := map[string]bool{}
				for _, f := range files {
					b, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					text := lang.comment.ReplaceAllString(quoted.ReplaceAllString(string(b), `""`), "")
					for _, re := range lang.defines {
						for _, m := range re.FindAllStringSubmatch(text, -1) {
							for _, name := range lang.ident.FindAllString(m[1], -1) {
								helpers[name] = true
							}
						}
					}
					for _, name := range lang.ident.FindAllString(text, -1) {
						if !vars[name] && !slices.Contains(builtins, name) {
							helpers[name] = true
						}
					}
				}
				if len(helpers) == 0 {
					t.Fatal("no helper names found: the scan is broken")
				}
				for h := range helpers {
					switch {
					case vars[h]:
						t.Errorf("helper %s is also a number of the grid", h)
					case slices.Contains(reserved, h):
						t.Errorf("helper %s is a name %s reserves", h, lang.format)
					case !strings.HasPrefix(h, "fam") || len(h) <= len("fam"):
						t.Errorf("helper %s does not start with fam (or is a builtin missing from the test's list)", h)
					}
				}
			})
		}
	}
}

// A solver runs one export format, when installed.
type solver struct {
	format string
	// find returns a directory to put first on PATH (or "") and whether
	// the solver is there; skip says why not.
	find func(t *testing.T) (bin string, ok bool)
	skip string
	// optional marks a solver CI does not install (Maple is proprietary):
	// its tests skip even under CI=true.
	optional bool
}

var solvers = []solver{
	{"singular", lookPath("Singular"), "Singular is not installed (apt-get install singular)", false},
	{"sympy", sympyBin, "no python3 with SymPy (apt-get install python3-sympy)", false},
	{"json", lookPath("python3"), "python3 is not installed", false},
	{"m2", lookPath("M2"), "M2 (Macaulay2) is not installed (apt-get install macaulay2)", false},
	{"maple", lookPath("maple"), "maple is not installed", true},
}

func lookPath(name string) func(*testing.T) (string, bool) {
	return func(*testing.T) (string, bool) {
		_, err := exec.LookPath(name)
		return "", err == nil
	}
}

// sympyBin finds a Python with SymPy, preferring the system's, and
// returns a directory where python3 is that Python.
func sympyBin(t *testing.T) (string, bool) {
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		path, err := exec.LookPath(py)
		if err != nil || exec.Command(path, "-c", "import sympy").Run() != nil {
			continue
		}
		bin := t.TempDir()
		if err := os.Symlink(path, filepath.Join(bin, "python3")); err != nil {
			t.Fatal(err)
		}
		return bin, true
	}
	return "", false
}

// findSolver returns the directory the solver's find gives for format, or
// stops t: it skips, or under CI=true fails unless the solver is optional
// (crosscheck.Skip).
func findSolver(t *testing.T, format, what string) (bin string) {
	t.Helper()
	for _, s := range solvers {
		if s.format == format {
			bin, ok := s.find(t)
			if !ok {
				msg := s.skip + ": the " + format + " " + what + " is not run"
				if s.optional {
					t.Skip(msg)
				}
				crosscheck.Skip(t, msg)
			}
			return bin
		}
	}
	t.Fatalf("no solver for %s", format)
	return ""
}

var tally = regexp.MustCompile(`(?m)^(\d+) passed, (\d+) failed$`)

// runExport runs dir/run.sh, with bin first on PATH when not empty, and
// returns its output, the tally (-1, -1 when there is none) and its error.
func runExport(t *testing.T, dir, bin string) (out []byte, passed, failed int, err error) {
	t.Helper()
	cmd := exec.Command("sh", "run.sh")
	cmd.Dir = dir
	if bin != "" {
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	out, err = cmd.CombinedOutput()
	m := tally.FindSubmatch(out)
	if m == nil {
		return out, -1, -1, err
	}
	passed, _ = strconv.Atoi(string(m[1]))
	failed, _ = strconv.Atoi(string(m[2]))
	return out, passed, failed, err
}

// runAll runs the runner of every directory; all checks must run and pass.
func runAll(t *testing.T, format, bin string, dirs []string, checks int) {
	t.Helper()
	total := 0
	for _, dir := range dirs {
		out, passed, failed, err := runExport(t, dir, bin)
		if err != nil || failed != 0 || passed < 0 {
			t.Errorf("%s in %s: %d passed, %d failed (%v):\n%s", format, dir, passed, failed, err, out)
		}
		total += max(passed, 0)
	}
	if total != checks || checks == 0 {
		t.Errorf("%s: %d checks passed, want %d", format, total, checks)
	}
	t.Logf("%s: %d checks passed", format, total)
}

func suiteDirs(dir, format string) []string {
	return []string{filepath.Join(dir, "0", format), filepath.Join(dir, "1", format), filepath.Join(dir, "2", format)}
}

// TestExportSingular runs the exported systems through Singular: every
// check must pass.
func TestExportSingular(t *testing.T) {
	bin := findSolver(t, "singular", "export")
	dir, n, checks := exportSuite(t, "singular", 40)
	t.Logf("%d systems", n)
	runAll(t, "singular", bin, suiteDirs(dir, "singular"), checks)
}

// TestExportSymPy does the same with SymPy, on fewer systems: its
// Gröbner bases are much slower.
func TestExportSymPy(t *testing.T) {
	bin := findSolver(t, "sympy", "export")
	dir, _, checks := exportSuite(t, "sympy", 4)
	runAll(t, "sympy", bin, suiteDirs(dir, "sympy"), checks)
}

// TestExportJSON checks the JSON export with exact arithmetic in plain
// Python.
func TestExportJSON(t *testing.T) {
	bin := findSolver(t, "json", "export")
	dir, _, checks := exportSuite(t, "json", 20)
	runAll(t, "json", bin, suiteDirs(dir, "json"), checks)
}

// TestExportScripts: the Macaulay2 and Maple exports have a file per
// system and a runner, and run when the system is installed.
func TestExportScripts(t *testing.T) {
	for _, tc := range []struct{ format, ext string }{
		{"m2", ".m2"},
		{"maple", ".mpl"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			exportScripts(t, tc.format, tc.ext)
		})
	}
}

// exportScripts exports the suite in a script format, checks its files and
// runs it.
func exportScripts(t *testing.T, format, ext string) {
	dir, n, checks := exportSuite(t, format, 5)
	files, _ := filepath.Glob(filepath.Join(dir, "*", format, "systems", "*"+ext))
	if len(files) != n || n == 0 {
		t.Errorf("%s: %d system files for %d systems", format, len(files), n)
	}
	for _, d := range suiteDirs(dir, format) {
		if _, err := os.Stat(filepath.Join(d, "run.sh")); err != nil {
			t.Error(err)
		}
	}
	runAll(t, format, findSolver(t, format, "export"), suiteDirs(dir, format), checks)
}

// TestExportLargeGrids runs the systems of 4x4, 3x7 and 5x5 grids through
// every solver installed: the names of their numbers run past r and z and
// to x_R_C.
func TestExportLargeGrids(t *testing.T) {
	eachLargeExport(t, "export of large grids", func(t *testing.T, format, bin string, dirs []string, checks int) {
		runAll(t, format, bin, dirs, checks)
	})
}

// eachLargeExport runs fn in a subtest per solver on the exports of
// largeGrids, skipping (with what) a solver that is not installed.
func eachLargeExport(t *testing.T, what string, fn func(t *testing.T, format, bin string, dirs []string, checks int)) {
	for _, s := range solvers {
		t.Run(s.format, func(t *testing.T) {
			bin := findSolver(t, s.format, what)
			dirs, checks := exportLarge(t, s.format)
			fn(t, s.format, bin, dirs, checks)
		})
	}
}

// TestExportMissingChecks: a runner fails when checks do not run, though
// none failed. A script system file gets an error before its checks
// (Singular carries on with the next file and exits with status 0); the
// Python runners lose a system from systems.json.
func TestExportMissingChecks(t *testing.T) {
	sabotage := map[string]func(dir string) error{
		"singular": breakScript(".sing", "ERROR(\"sabotaged\");\n"),
		"m2":       breakScript(".m2", "error \"sabotaged\";\n"),
		"maple":    breakScript(".mpl", "error \"sabotaged\":\n"),
		"sympy":    dropSystem,
		"json":     dropSystem,
	}
	eachLargeExport(t, "runner", func(t *testing.T, format, bin string, dirs []string, _ int) {
		dir := dirs[0]
		if err := sabotage[format](dir); err != nil {
			t.Fatal(err)
		}
		out, passed, failed, err := runExport(t, dir, bin)
		if err == nil {
			t.Errorf("%s: the runner succeeded with checks missing:\n%s", format, out)
		}
		if failed > 0 || !bytes.Contains(out, []byte("did not run")) {
			t.Errorf("%s: %d passed, %d failed, want missing checks reported:\n%s", format, passed, failed, out)
		}
	})
}

// breakScript puts a line raising an error before the checks of every
// system file.
func breakScript(ext, line string) func(string) error {
	return func(dir string) error {
		files, _ := filepath.Glob(filepath.Join(dir, "systems", "*"+ext))
		if len(files) == 0 {
			return fmt.Errorf("no system files in %s", dir)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if err := os.WriteFile(f, append([]byte(line), b...), 0o644); err != nil {
				return err
			}
		}
		return nil
	}
}

// dropSystem empties systems.json.
func dropSystem(dir string) error {
	return os.WriteFile(filepath.Join(dir, "systems.json"), []byte("[]\n"), 0o644)
}
