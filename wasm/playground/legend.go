package playground

import "unicode/utf8"

// LegendLines breaks a legend name into at most three lines no wider than
// maxWidth (width measures a text): each line the longest run of whole
// words that fits, the last cut with "…" if the name still does not fit.
// A name that fits stays one line; the canvas then never squeezes a long
// name into an unreadable width, and a learner's whole name is read
// ("Multiclass second-order Perceptron" was cut to two lines and "…").
// (Written with byte indices: rune slices and strings.Fields cost the
// page's WASM kilobytes.)
func LegendLines(name string, maxWidth float64, width func(string) float64) []string {
	const maxLines = 3
	var lines []string
	for len(lines) < maxLines-1 && width(name) > maxWidth {
		i := len(name) - 1
		for ; i > 0; i-- {
			if name[i] == ' ' && width(name[:i]) <= maxWidth {
				break
			}
		}
		if i <= 0 {
			break // no word break fits: the rest is cut
		}
		lines, name = append(lines, name[:i]), name[i+1:]
	}
	return append(lines, cut(name, maxWidth, width))
}

// cut shortens a text with "…" until it fits maxWidth.
func cut(text string, maxWidth float64, width func(string) float64) string {
	if width(text) <= maxWidth {
		return text
	}
	for len(text) > 1 {
		_, size := utf8.DecodeLastRuneInString(text)
		text = text[:len(text)-size]
		for len(text) > 0 && text[len(text)-1] == ' ' {
			text = text[:len(text)-1]
		}
		if width(text+"…") <= maxWidth {
			break
		}
	}
	return text + "…"
}
