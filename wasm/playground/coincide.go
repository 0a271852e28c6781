package playground

// SameAs returns, for each series, the index of the first earlier series
// with exactly the same values (NaN equal to NaN), or -1. A chart draws a
// series that lies on an earlier one so that both stay visible: in the
// bandit room the learners with the same γ flip the same coins, so their
// exploration rates are one line, and the one drawn last hid the other.
func SameAs(series [][]float64) []int {
	same := make([]int, len(series))
	for i, s := range series {
		same[i] = -1
		for j := range i {
			if same[j] < 0 && equalSeries(series[j], s) {
				same[i] = j
				break
			}
		}
	}
	return same
}

// equalSeries reports whether a and b hold the same values, NaN equal to NaN.
func equalSeries(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i, v := range a {
		if v != b[i] && (v == v || b[i] == b[i]) {
			return false
		}
	}
	return true
}
