package output

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestLineReaderLimits checks the bounds of the reader every file read
// back goes through: a line of exactly the limit passes and one byte more
// is refused with its number, the file bound counts newlines, a last line
// without a newline comes back as it is, and a done context ends the
// reading with its cause.
func TestLineReaderLimits(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in        string
		lim       Limits
		lines     []string
		errLine   int // 0: no error, -1: the file bound
		cancelled bool
	}{
		{"empty", "", Limits{Line: 4}, nil, 0, false},
		{"lines at the limit", "abcd\nefgh\n", Limits{Line: 4}, []string{"abcd\n", "efgh\n"}, 0, false},
		{"second line over", "abcd\nefghi\nj\n", Limits{Line: 4}, []string{"abcd\n"}, 2, false},
		{"torn last line", "ab\ncd", Limits{Line: 4}, []string{"ab\n", "cd"}, 0, false},
		{"torn last line over", "ab\ncdefg", Limits{Line: 4}, []string{"ab\n"}, 2, false},
		{"file at the limit", "ab\ncd\n", Limits{Line: 4, File: 6}, []string{"ab\n", "cd\n"}, 0, false},
		{"file over by its newline", "ab\ncd\n", Limits{Line: 4, File: 5}, []string{"ab\n"}, -1, false},
		{"no bounds", strings.Repeat("x", 200000) + "\n", Limits{}, []string{strings.Repeat("x", 200000) + "\n"}, 0, false},
		// A line longer than the reader's buffer is refused as soon as
		// it passes the limit, not once it ends (it may never end).
		{"endless line", strings.Repeat("x", 300000), Limits{Line: 100000}, nil, 1, false},
		{"cancelled", "ab\n", Limits{Line: 4}, nil, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelled {
				cancel()
			}
			lr := NewLineReader(ctx, strings.NewReader(tc.in), "f", tc.lim)
			var got []string
			var err error
			for {
				var b []byte
				if b, err = lr.Next(); err != nil {
					break
				}
				got = append(got, string(b))
			}
			if strings.Join(got, "|") != strings.Join(tc.lines, "|") {
				t.Errorf("lines %q, want %q", got, tc.lines)
			}
			var le *LimitError
			switch {
			case tc.cancelled:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("error %v, want context.Canceled", err)
				}
			case tc.errLine == 0:
				if !errors.Is(err, io.EOF) {
					t.Errorf("error %v, want io.EOF", err)
				}
			case !errors.As(err, &le):
				t.Errorf("error %v, want a *LimitError", err)
			case tc.errLine == -1 && (le.Line != 0 || le.Limit != tc.lim.File):
				t.Errorf("error %v, want the file bound %d", err, tc.lim.File)
			case tc.errLine > 0 && (le.Line != tc.errLine || le.Limit != tc.lim.Line):
				t.Errorf("error %v, want line %d past %d", err, tc.errLine, tc.lim.Line)
			}
		})
	}
}
