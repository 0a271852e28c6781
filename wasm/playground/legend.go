package playground

import "unicode/utf8"

// LegendLines breaks a legend name into at most two lines no wider than
// maxWidth (width measures a text): the longest run of whole words that
// fits on the first line, the rest on the second, cut with "…" if it is
// still too wide. A name that fits stays one line; the canvas then never
// squeezes a long name into an unreadable width. (Written with byte
// indices: rune slices and strings.Fields cost the page's WASM kilobytes.)
func LegendLines(name string, maxWidth float64, width func(string) float64) []string {
	if width(name) <= maxWidth {
		return []string{name}
	}
	for i := len(name) - 1; i > 0; i-- {
		if name[i] == ' ' && width(name[:i]) <= maxWidth {
			return []string{name[:i], cut(name[i+1:], maxWidth, width)}
		}
	}
	return []string{cut(name, maxWidth, width)}
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
