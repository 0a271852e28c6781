package playground

import (
	"math"
	"slices"
	"testing"
)

func TestSameAs(t *testing.T) {
	nan := math.NaN()
	series := [][]float64{
		{0, 0.5, nan},
		{0, 0.5, nan}, // the first again
		{0, 0.5},      // shorter
		{0, 0.25, nan},
		{0, 0.5, nan}, // the first again
		{0, 0.25, nan},
	}
	if got, want := SameAs(series), []int{-1, 0, -1, -1, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("SameAs = %v, want %v", got, want)
	}
}
