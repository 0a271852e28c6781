package playground

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestLegendLines(t *testing.T) {
	width := func(s string) float64 { return 7 * float64(utf8.RuneCountInString(s)) } // 7 px a character
	for _, c := range []struct {
		name string
		want []string
	}{
		{"SOBA", []string{"SOBA"}},
		{"Multiclass second-order Perceptron", []string{"Multiclass", "second-order", "Perceptron"}},
		{"one two three four five six seven eight", []string{"one two three", "four five six", "seven eight"}},
		{"one two three four five six seven eight nine ten", []string{"one two three", "four five six", "seven eight n…"}},
		{"SOBA, adaptive γ", []string{"SOBA, adaptive", "γ"}},
		{"Supercalifragilistic", []string{"Supercalifrag…"}},
	} {
		got := LegendLines(c.name, 100, width)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.name, got, c.want)
		}
		for _, l := range got {
			if width(l) > 100 {
				t.Errorf("%q: line %q is %g px wide, over 100", c.name, l, width(l))
			}
		}
	}
}
