// Package web is the explorer that "families serve" runs: a small
// net/http server whose pages (html/template) and script are embedded in
// the binary. One page analyzes one operator setting of a 2x2 to 6x6 grid
// as the command line does (families.Analyze), shows its lines, class,
// dimension and families drawn into the grid, lists positive members,
// makes digit puzzles and "find the numbers" questions (families/members,
// families/puzzle), prints the same sheet as "families --format html",
// offers the report and the system as downloads, and draws for every
// family of one or two parameters the region of the parameter plane where
// all its numbers are positive (picture.go). With an opened sweep or
// census file (LoadOpen) it also serves a filterable table of its records
// and a plot of their counts.
//
// The setting lives in the URL's query (size, ops, lines, eval, and
// members, puzzles, questions), so every state is a link. The server is
// safe by default (see Server.ServeHTTP): it answers only GET and HEAD,
// refuses a Host header that is not the address it serves (DNS
// rebinding), bounds the URL's length, runs each analysis under the same
// deadline as the command line's --timeout, bounds the analyzes that run
// at once, and reads no file: the one file it shows is read by the caller.
package web
