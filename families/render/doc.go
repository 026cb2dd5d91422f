// Package render writes a families.Report, the analysis of one operator
// setting, for people and programs: as text (Text), as LaTeX for a paper
// (LaTeX), and, with the members, puzzles and questions made from it, as
// JSON and as the printable HTML sheet (see Extras). Renderers read the
// report only (its fields and its Result); they compute nothing but the
// display form of the formulas, and that under the caller's context, so a
// report cut short by its deadline is not formatted past it.
package render
