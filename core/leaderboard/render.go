package leaderboard

import (
	"fmt"
	"html"
	"math"
	"strings"

	"unitfree/core/data"
)

// errorText formats an error: a percentage for a classification, the mean
// absolute error in the label's unit for a regression.
func errorText(task Task, e float64) string {
	if task.Kind == data.Regress {
		return number(e)
	}
	return fmt.Sprintf("%.1f%%", 100*e)
}

// number formats a mean loss or error with three significant digits.
func number(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return fmt.Sprint(v)
	case v != 0 && (math.Abs(v) >= 1e5 || math.Abs(v) < 1e-3):
		return fmt.Sprintf("%.2e", v)
	}
	return fmt.Sprintf("%.3g", v)
}

// pair formats a natural and a rescaled value: one value when they print the
// same, "natural → rescaled" otherwise.
func pair(a, b string) string {
	if a == b {
		return a
	}
	return a + " → " + b
}

// summaryRows returns the compact board: one row per learner (the best fixed
// predictor first), one cell per task with its error in natural units and,
// where it differs, after the rescaling.
func (b Board) summaryRows() (header []string, rows [][]string) {
	header = []string{"learner", "family"}
	for _, tr := range b.Tasks {
		header = append(header, tr.Task.Dataset)
	}
	best := []string{"best fixed linear predictor in hindsight", "—"}
	for _, tr := range b.Tasks {
		best = append(best, pair(errorText(tr.Task, tr.Comparator.Error), errorText(tr.Task, tr.Comparator.ErrorRescaled)))
	}
	rows = append(rows, best)
	for _, e := range b.Tasks[0].Learners {
		row := []string{e.ID, e.Family}
		for _, tr := range b.Tasks {
			cell := "classification only"
			for _, l := range tr.Learners {
				if l.ID == e.ID {
					cell = pair(errorText(tr.Task, l.Error), errorText(tr.Task, l.ErrorRescaled))
				}
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return header, rows
}

// markdownTable renders a header and rows as a Markdown table.
func markdownTable(header []string, rows [][]string) string {
	var sb strings.Builder
	sb.WriteString("| " + strings.Join(header, " | ") + " |\n|")
	for range header {
		sb.WriteString("---|")
	}
	sb.WriteString("\n")
	for _, r := range rows {
		sb.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	return sb.String()
}

// Setup describes how the board was made, in one paragraph.
func (b Board) Setup() string {
	var tasks []string
	for _, tr := range b.Tasks {
		var f []string
		for j, name := range tr.Task.Features {
			f = append(f, fmt.Sprintf("%s × %.3g", name, tr.Scales[j]))
		}
		tasks = append(tasks, fmt.Sprintf("%s (%d rounds; %s)", tr.Task.Dataset, tr.Rounds, strings.Join(f, ", ")))
	}
	return fmt.Sprintf("Every learner at its default parameters, one pass over each dataset in a seeded random order (seed %d), "+
		"with a bias feature; classification with the logistic loss (error: share of rounds whose sign was wrong), "+
		"regression with the absolute loss (error: mean absolute error, in the label's unit). "+
		"Errors are progressive: each round is predicted before it is learned. "+
		"A cell \"a → b\" is the error in natural units and after each feature was multiplied by a factor 10^U[-3, 3] (seed %d): %s.",
		b.Options.OrderSeed, b.Options.ScaleSeed, strings.Join(tasks, "; "))
}

// Summary renders the compact board as Markdown.
func (b Board) Summary() string {
	var sb strings.Builder
	var what []string
	for _, tr := range b.Tasks {
		what = append(what, fmt.Sprintf("**%s**: %s", tr.Task.Dataset, tr.Task.Title))
	}
	sb.WriteString(strings.Join(what, "; ") + ".\n\n")
	h, r := b.summaryRows()
	sb.WriteString(markdownTable(h, r))
	sb.WriteString("\n" + b.Setup() + "\n")
	return sb.String()
}

// Markdown renders the whole board: the summary, then each task's table
// with errors, mean losses and how much the predictions changed.
func (b Board) Markdown() string {
	var sb strings.Builder
	sb.WriteString(b.Summary())
	for _, tr := range b.Tasks {
		fmt.Fprintf(&sb, "\n## %s: %s\n\n", tr.Task.Dataset, tr.Task.Title)
		header := []string{"learner", "family", "invariance", "error", "error rescaled", "mean loss", "mean loss rescaled", "largest change of a prediction", "labels changed"}
		flips := func(f float64) string {
			if tr.Task.Kind == data.Regress {
				return "—"
			}
			return fmt.Sprintf("%.1f%%", 100*f)
		}
		c := tr.Comparator
		rows := [][]string{{"best fixed linear predictor in hindsight", "—", "—", errorText(tr.Task, c.Error), errorText(tr.Task, c.ErrorRescaled),
			number(c.Loss), number(c.LossRescaled), "—", "—"}}
		for _, l := range tr.Learners {
			change := fmt.Sprintf("%.1e", l.Change)
			if l.DivergedAt+l.DivergedAtRescaled > 0 {
				change += fmt.Sprintf(" (diverged at round %d / %d)", l.DivergedAt, l.DivergedAtRescaled)
			}
			rows = append(rows, []string{l.ID, l.Family, string(l.Invariance), errorText(tr.Task, l.Error), errorText(tr.Task, l.ErrorRescaled),
				number(l.Loss), number(l.LossRescaled), change, flips(l.Flips)})
		}
		sb.WriteString(markdownTable(header, rows))
	}
	return sb.String()
}

// HTML renders the compact board as an HTML fragment: a captioned table
// and the paragraph on how it was made.
func (b Board) HTML() string {
	var sb strings.Builder
	h, rows := b.summaryRows()
	sb.WriteString("<table class=\"leaderboard\">\n<caption>Progressive error of every learner at its defaults, in natural units → with every feature rescaled</caption>\n<thead><tr>")
	for _, c := range h {
		sb.WriteString("<th scope=\"col\">" + html.EscapeString(c) + "</th>")
	}
	sb.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range rows {
		sb.WriteString("<tr><th scope=\"row\">" + html.EscapeString(r[0]) + "</th>")
		for _, c := range r[1:] {
			class := ""
			if strings.Contains(c, "→") {
				class = " class=\"changed\""
			}
			sb.WriteString("<td" + class + ">" + html.EscapeString(c) + "</td>")
		}
		sb.WriteString("</tr>\n")
	}
	sb.WriteString("</tbody>\n</table>\n<p>" + html.EscapeString(b.Setup()) + "</p>\n")
	return sb.String()
}
