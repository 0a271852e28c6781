package playground

import "strings"

// LegendLines breaks a legend name into at most two lines no wider than
// maxWidth (width measures a text): whole words on the first line, the
// rest on the second, cut with "…" if it is still too wide. A name that
// fits stays one line; the canvas then never squeezes a long name into an
// unreadable width.
func LegendLines(name string, maxWidth float64, width func(string) float64) []string {
	if width(name) <= maxWidth {
		return []string{name}
	}
	words := strings.Fields(name)
	first := ""
	i := 0
	for ; i < len(words); i++ {
		next := strings.TrimSpace(first + " " + words[i])
		if first != "" && width(next) > maxWidth {
			break
		}
		first = next
	}
	rest := strings.Join(words[i:], " ")
	if rest == "" {
		return []string{cut(first, maxWidth, width)}
	}
	return []string{cut(first, maxWidth, width), cut(rest, maxWidth, width)}
}

// cut shortens a text with "…" until it fits maxWidth.
func cut(text string, maxWidth float64, width func(string) float64) string {
	if width(text) <= maxWidth {
		return text
	}
	r := []rune(text)
	for len(r) > 1 && width(string(r)+"…") > maxWidth {
		r = r[:len(r)-1]
	}
	return strings.TrimRight(string(r), " ") + "…"
}
