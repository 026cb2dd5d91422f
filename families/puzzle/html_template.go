package puzzle

import "html/template"

// sheetTemplate is the page of WriteHTML. The print rules: a figure (one
// grid) never breaks; a heading and the rules under it stay with the grids
// that follow; the answers start a page. Diagonal operators sit on the
// diagonals drawn through their cell, as in printed calcrostics.
var sheetTemplate = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
@page { margin: 1.5cm;{{if .PageSize}} size: {{.PageSize}};{{end}} }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0; color: #000; font-size: 11pt; }
header { display: flex; align-items: center; justify-content: space-between; gap: 2em; margin-bottom: 0.6em; }
h1 { font-size: 1.7em; margin: 0; }
p.subtitle { margin: 0.2em 0 0; color: #333; }
figure.setting { margin: 0; text-align: center; }
figure.setting figcaption { font-size: 0.8em; color: #333; margin-top: 0.2em; }
figure.setting td.n { min-width: 1.6em; height: 1.5em; font-style: italic; color: #555; font-size: 0.9em; }
h2 { font-size: 1.25em; margin: 0.8em 0 0.3em; break-after: avoid; page-break-after: avoid; }
p.rules { margin: 0 0 0.8em; break-after: avoid; page-break-after: avoid; }
.items { display: flex; flex-wrap: wrap; gap: 1.2em 1.8em; align-items: flex-start; }
.items figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
.items figcaption { font-weight: bold; margin-bottom: 0.3em; }
table.grid { border-collapse: collapse; }
table.grid td { text-align: center; vertical-align: middle; padding: 0; height: 1.9em; }
table.grid td.n { border: 1.5px solid #000; min-width: 2.5em; padding: 0 0.25em; font-size: 1.1em; font-family: "DejaVu Sans Mono", monospace; }
table.grid td.q { background: #eee; }
table.grid td.o, table.grid td.e { width: 1.5em; font-size: 1.05em; }
table.grid td.d { width: 1.5em; font-size: 1.05em; position: relative; }
table.grid td.d svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
table.grid td.d line { stroke: #444; stroke-width: 1.2; vector-effect: non-scaling-stroke; }
table.grid td.d span { position: relative; background: #fff; border-radius: 50%; padding: 0 0.12em; }
section.answers { break-before: page; page-break-before: always; }
section.answers h2 { margin-top: 0; }
p.letters { width: 0; min-width: 100%; margin: 0.3em 0 0; font-family: "DejaVu Sans Mono", monospace; font-size: 0.85em; }
p.hint { width: 0; min-width: 100%; margin: 0.3em 0 0; font-size: 0.85em; }
p.note { margin-top: 2em; font-size: 0.8em; color: #555; }
p.note span { white-space: nowrap; }
@media screen { body { margin: 1.5em; } section.answers { margin-top: 3em; border-top: 1px solid #aaa; padding-top: 1em; } }
</style>
</head>
<body>
{{define "grid"}}<table class="grid">{{range .}}<tr>{{range .}}{{if eq .Class "d"}}<td class="d"><svg viewBox="0 0 10 10" preserveAspectRatio="none" aria-hidden="true">{{if .Down}}<line x1="0" y1="0" x2="10" y2="10"/>{{end}}{{if .Up}}<line x1="10" y1="0" x2="0" y2="10"/>{{end}}</svg><span>{{.Text}}</span></td>{{else}}<td class="{{.Class}}">{{.Text}}</td>{{end}}{{end}}</tr>{{end}}</table>{{end}}
<section class="questions">
<header>
<div><h1>{{.Title}}</h1>
<p class="subtitle">{{.Subtitle}}; answers on the last page</p></div>
{{if .Setting}}<figure class="setting">{{template "grid" .Setting}}<figcaption>the operators of every grid</figcaption></figure>{{end}}
</header>
{{if .Puzzles}}<h2>Digit puzzles</h2>
<p class="rules">Each letter stands for a digit: the same letter always for the same digit, different letters for different digits. No number starts with 0 and no number is 0. {{.PuzzleRules}}</p>
<div class="items">
{{range .Puzzles}}<figure class="puzzle"><figcaption>Puzzle {{.N}}</figcaption>
{{template "grid" .Grid}}
</figure>
{{end}}</div>{{end}}
{{if .Questions}}<h2>Find the numbers</h2>
<p class="rules">Fill in the whole numbers (not digits) in the empty boxes; no number is 0. {{.QuestionRules}}</p>
<div class="items">
{{range .Questions}}<figure class="question"><figcaption>Question {{.N}}</figcaption>
{{template "grid" .Grid}}
{{if .Hint}}<p class="hint">{{.Hint}}</p>{{end}}
</figure>
{{end}}</div>{{end}}
</section>
<section class="answers">
<h2>Answers</h2>
<div class="items">
{{range .Puzzles}}<figure class="answer"><figcaption>Puzzle {{.N}}</figcaption>
{{template "grid" .Answer}}
<p class="letters">{{.Caption}}</p>
</figure>
{{end}}{{range .Questions}}<figure class="answer"><figcaption>Question {{.N}}</figcaption>
{{template "grid" .Answer}}
</figure>
{{end}}</div>
{{if .Note}}<p class="note">{{range $i, $g := .NoteGroups}}{{if $i}} {{end}}<span>{{$g}}</span>{{end}}</p>{{end}}
</section>
</body>
</html>
`))
