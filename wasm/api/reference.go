package api

import (
	"fmt"
	"strings"

	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/linear"
)

// Reference returns the API's reference page (assets/docs/api.md) in
// Markdown: the endpoints, the examples the conformance suite runs, every
// field of the wire types with its type and comment (read from the source
// under root, the module's folder), the limits and the statuses. `make
// docs` writes it; a test fails when the committed page differs.
func Reference(root string) (string, error) {
	src, err := readSource(root, "wasm/wire", "core/eval", "core/data", "core/bandit", "core/leaderboard", "wasm/api")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# API\n\n")
	b.WriteString("Generated from the code (`wasm/api`, the wire types of `wasm/wire`) by `make docs`; a test fails when this page is not what the code says. ")
	b.WriteString("One Go `http.Handler` answers in three places: the native server of `make serve`, a Cloudflare Worker (workerd) and a Web Worker inside the page; ")
	b.WriteString("the conformance suite (`wasm/apitest`) runs against all three, including every example below. The API keeps no state between requests.\n\n")
	b.WriteString("## Endpoints\n\n| method | path | answer |\n|---|---|---|\n")
	for _, e := range Endpoints {
		fmt.Fprintf(&b, "| %s | `%s` | %s |\n", e.Method, e.Path, e.Answer)
	}
	b.WriteString("\n## Examples\n\n")
	for _, ex := range Examples {
		fmt.Fprintf(&b, "%s\n\n```sh\n", ex.About)
		if ex.Body == "" {
			fmt.Fprintf(&b, "curl -s localhost:8080%s\n", ex.Path)
		} else {
			fmt.Fprintf(&b, "curl -s localhost:8080%s -d '%s'\n", ex.Path, ex.Body)
		}
		b.WriteString("```\n\n")
	}
	b.WriteString("## Requests of POST /api/run\n\n")
	b.WriteString("The server reads `task` first and decodes the body as that task's request type, so a field of another task is refused as an unknown field. ")
	b.WriteString("A missing field takes its zero value, which the comment explains where it means a default. Data come from exactly one source: `data`, `dataset` or `csv` (or, for some tasks, a `generator`).\n\n")
	sections := []struct{ title, typ, about string }{
		{"classify and regress", "wire.LinearRequest", "Full-information linear learners with progressive validation."},
		{"bandit", "wire.BanditRequest", "Multiclass learners that hear only whether the label they played was right."},
		{"sampling", "wire.SamplingRequest", "Stochastic optimisation of a finite sum with bandit sampling of its points."},
		{"board", "wire.BoardRequest", "Every linear learner that fits the problem on your data, in seeded orders, each in natural units and under random rescalings: the leaderboard of `go run ./core/cmd/leaderboard -csv`. Every run of every learner counts against the work limit."},
		{"Inline data (`data`)", "data.Inline", "Rows in `x`, or each row by its non-zero entries in `sparse`."},
		{"A sparse row", "data.SparseRow", "0-based feature indices in increasing order (rows, in answers and messages, count from 1)."},
		{"A learner (`learners`)", "eval.LearnerSpec", "An id of GET /api/learners; missing parameters take their defaults."},
		{"The feature map (`features`)", "wire.Features", ""},
		{"The order (`order`)", "wire.Order", ""},
		{"A generator (`generator`)", "wire.Generator", ""},
		{"A sampling pair (`runs`)", "wire.SamplingRun", ""},
	}
	for _, s := range sections {
		if err := writeFields(&b, src, "### "+s.title, s.typ, s.about); err != nil {
			return "", err
		}
	}
	b.WriteString("## Answers\n\n")
	answers := []struct{ title, typ, about string }{
		{"classify and regress", "wire.LinearAnswer", "Per learner its loss, mistakes and regret against the best fixed linear predictor in hindsight on the same rounds."},
		{"The data used (`data`)", "wire.DataInfo", ""},
		{"The comparator (`comparator`)", "eval.Comparator", "The best fixed linear predictor in hindsight, found with gonum's BFGS in features scaled to unit RMS (with a ridge of 1e-6 there, to stay finite on separable data)."},
		{"A learner's record (`learners`)", "eval.LearnerResult", ""},
		{"bandit", "wire.BanditAnswer", ""},
		{"A bandit learner's record", "eval.BanditResult", ""},
		{"A bandit round (`keep: [\"rounds\"]`)", "bandit.Round", ""},
		{"sampling", "wire.SamplingAnswer", ""},
		{"A sampling pair's record", "wire.SamplingResult", ""},
		{"A trace record", "wire.SamplingPoint", ""},
		{"board", "api.BoardAnswer", "Each error is a median with its range over the runs: natural units over the orders, rescaled over every order and rescaling."},
		{"The board (`board`)", "leaderboard.SpreadBoard", ""},
		{"The problem (`board.task`)", "leaderboard.Task", ""},
		{"The spread (`spread`)", "leaderboard.Spread", ""},
		{"A row (`comparator`, `learners`)", "leaderboard.SpreadRow", ""},
		{"A median and range", "leaderboard.Range", ""},
		{"A divergence (`diverged`)", "leaderboard.Divergence", ""},
	}
	for _, s := range answers {
		if err := writeFields(&b, src, "### "+s.title, s.typ, s.about); err != nil {
			return "", err
		}
	}
	writeLimits(&b)
	b.WriteString("## Statuses\n\n| status | when |\n|---|---|\n")
	for _, s := range Statuses {
		fmt.Fprintf(&b, "| %d | %s |\n", s.Code, s.When)
	}
	return b.String(), nil
}

// writeFields writes a type's field table; a field without a comment is an
// error (the reference would not say what it means).
func writeFields(b *strings.Builder, src *sourceTypes, title, typ, about string) error {
	fields, err := src.fields(typ)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%s\n\n", title)
	if about != "" {
		fmt.Fprintf(b, "%s\n\n", about)
	}
	b.WriteString("| field | type | meaning |\n|---|---|---|\n")
	for _, f := range fields {
		if f.Doc == "" {
			return fmt.Errorf("%s.%s has no comment: say what it means", typ, f.Name)
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", f.Name, f.Type, strings.ReplaceAll(f.Doc, "|", "\\|"))
	}
	b.WriteString("\n")
	return nil
}

// writeLimits writes the limits, from the values the code enforces.
func writeLimits(b *strings.Builder) {
	d, e := data.DefaultLimits, eval.DefaultLimits
	b.WriteString("## Limits\n\nEach is checked before the work it bounds starts.\n\n| limit | value |\n|---|---|\n")
	rows := [][2]string{
		{"request body", fmt.Sprintf("%d MiB (413 above)", MaxBodyBytes>>20)},
		{"rows of data", fmt.Sprint(d.MaxRows)},
		{"columns of dense data or CSV", fmt.Sprint(d.MaxColumns)},
		{"features of a sparse row (`dim`)", fmt.Sprint(d.MaxSparseColumns)},
		{"a feature value after `scale` and `offset`", fmt.Sprintf("0, or a magnitude from %g to %g (a learner squares it)", linear.MinAbsInput, linear.MaxAbsInput)},
		{"learners per run", fmt.Sprint(e.MaxLearners)},
		{"passes", fmt.Sprint(e.MaxPasses)},
		{"features after the feature map", fmt.Sprint(e.MaxDim)},
		{"classes of a bandit run", fmt.Sprint(e.MaxClasses)},
		{"generated rounds", fmt.Sprint(maxGeneratedRounds)},
		{"kept numbers (`keep`: a prediction, loss or order entry is one, a bandit round seven)", fmt.Sprintf("%g", e.MaxKept)},
		{"work: rounds × the learners' per-round costs (d or d²); the comparator's search shares it and says `limited` when it stops there", fmt.Sprintf("%g coordinate updates", e.MaxWork)},
		{"text of GET /api/qr", fmt.Sprintf("%d bytes", maxQRText)},
	}
	for _, r := range rows {
		fmt.Fprintf(b, "| %s | %s |\n", r[0], r[1])
	}
	b.WriteString("\nThe native server also admits runs by cores and memory (a 503 with Retry-After when busy, 507 for a run that alone needs more than 1 GiB); see the design notes.\n\n")
}
