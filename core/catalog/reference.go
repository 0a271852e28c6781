package catalog

import (
	"fmt"
	"strings"
)

// Reference returns the learners' reference page (assets/docs/learners.md)
// in Markdown, written from the catalogue alone: every learner, sampler and
// optimiser with its paper and algorithm, parameters (default and range),
// invariance, cost per round and variant note. `make docs` writes it and a
// test fails when the committed page is not what this returns.
func Reference() string {
	var b strings.Builder
	b.WriteString("# Learners\n\n")
	b.WriteString("Generated from the catalogue (`core/catalog`) by `make docs`; a test fails when this page is not what the code says. ")
	b.WriteString("The ids are a contract: the API, the links and the tests use them.\n\n")
	b.WriteString("## Full-information linear learners\n\n")
	b.WriteString("Each round a learner predicts ŷ = w·x, hears the label and takes the loss's derivative. ")
	b.WriteString("*Invariant* says which change of the inputs leaves every prediction unchanged: `per-feature` is x_i → c_i x_i for any c_i ≠ 0 (a change of unit), `invertible-linear` is x → A x for any invertible A (with a bias feature, any affine change such as °C → °F).\n\n")
	b.WriteString("| id | learner | family | invariant | cost per round |\n|---|---|---|---|---|\n")
	for _, e := range Linear() {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s |\n", e.ID, e.ID, e.Name, e.Family, e.Invariance, e.Cost)
	}
	b.WriteString("\nFamilies:\n\n")
	for _, f := range LinearFamilies() {
		fmt.Fprintf(&b, "- **%s**: %s.\n", f.Name, f.Promise)
	}
	b.WriteString("\n")
	for _, e := range Linear() {
		writeEntry(&b, e)
	}
	b.WriteString("## Bandit multiclass learners\n\n")
	b.WriteString("Each round a learner plays one of k labels and hears only whether it was right.\n\n")
	for _, e := range Bandit() {
		writeEntry(&b, e)
	}
	b.WriteString("## Samplers and optimisers of a finite sum\n\n")
	b.WriteString("An optimiser takes steps on F(w) = (1/n) Σ φ_i(w) + regularizer, each on the data point its sampler draws.\n\n")
	for _, e := range Samplers() {
		writeEntry(&b, e)
	}
	for _, e := range Optimizers() {
		writeEntry(&b, e)
	}
	return b.String()
}

// writeEntry writes one entry's section.
func writeEntry(b *strings.Builder, e Entry) {
	fmt.Fprintf(b, "### `%s`\n\n", e.ID)
	fmt.Fprintf(b, "**%s**: %s.\n\n", e.Name, e.Summary)
	fmt.Fprintf(b, "- Paper: %s; %s.\n", e.Paper, e.Algorithm)
	if e.Family != "" {
		fmt.Fprintf(b, "- Family: %s.\n", e.Family)
	}
	if e.Loss != "" {
		fmt.Fprintf(b, "- Loss: %s.\n", e.Loss)
	}
	if e.Invariance != "" {
		fmt.Fprintf(b, "- Invariant: %s.\n", e.Invariance)
	}
	if e.Cost != "" {
		fmt.Fprintf(b, "- Cost per round: %s in the input dimension d.\n", e.Cost)
	}
	if len(e.Params) == 0 {
		b.WriteString("- Parameters: none.\n")
	} else {
		b.WriteString("- Parameters:\n\n  | name | symbol | default | range | unit | what it does |\n  |---|---|---|---|---|---|\n")
		for _, p := range e.Params {
			lo := "["
			if p.MinExclusive {
				lo = "("
			}
			unit := p.Unit
			if unit == "" {
				unit = "—"
			}
			fmt.Fprintf(b, "  | `%s` | %s | %g | %s%g, %g] | %s | %s |\n", p.Name, p.Symbol, p.Default, lo, p.Min, p.Max, unit, p.Doc)
		}
	}
	if e.Variant != "" {
		fmt.Fprintf(b, "\n**Variant.** %s\n", e.Variant)
	}
	b.WriteString("\n")
}
