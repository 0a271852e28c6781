package benchreport

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// Lighthouse is what `make lighthouse` measured (assets/docs/lighthouse.json):
// each mode's figures, median and range over its runs, against targets.
type Lighthouse struct {
	Date       string           `json:"date"`
	Runs       int              `json:"runs"`
	Lighthouse string           `json:"lighthouse"` // its version
	Modes      []LighthouseMode `json:"modes"`
}

// LighthouseMode is one setting's figures (mobile, desktop, or
// mobile-observed) and what the setting is.
type LighthouseMode struct {
	Mode    string             `json:"mode"`
	About   string             `json:"about,omitempty"`
	Figures []LighthouseFigure `json:"figures"`
}

// LighthouseFigure is one figure's median and range.
type LighthouseFigure struct {
	Name   string  `json:"name"`
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	Target string  `json:"target"`
	Holds  bool    `json:"holds"`
}

// LoadLighthouse reads the Lighthouse figures; none when the file is absent.
func LoadLighthouse(path string) (*Lighthouse, error) {
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var l Lighthouse
	if err := json.Unmarshal(raw, &l); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &l, nil
}

// Page writes the benchmarks page: the report, then the Lighthouse figures
// when there are some.
func Page(r Report, l *Lighthouse) string {
	page := r.Markdown()
	if l == nil {
		return page
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## Lighthouse user flow\n\nMeasured on %s by `make lighthouse` (Lighthouse %s with Debian's chromium, against the native server on localhost): ", l.Date, l.Lighthouse)
	b.WriteString("a navigation of the page, then a 5 s timespan that begins with a tap (mobile) or a click (desktop) on Play/Pause. ")
	fmt.Fprintf(&b, "Median and range of %d runs each.\n\n", l.Runs)
	for _, m := range l.Modes {
		fmt.Fprintf(&b, "**%s**", m.Mode)
		if m.About != "" {
			fmt.Fprintf(&b, ": %s", m.About)
		}
		b.WriteString("\n\n| figure | median | range | target | |\n|---|---|---|---|---|\n")
		for _, f := range m.Figures {
			state := "holds"
			if !f.Holds {
				state = "**missed**"
			}
			fmt.Fprintf(&b, "| %s | %g | %g–%g | %s | %s |\n", f.Name, f.Median, f.Min, f.Max, f.Target, state)
		}
		b.WriteString("\n")
	}
	return page + b.String()
}
