package playground

// Toggled returns list without x when it holds x, else list with x
// appended (a learner or pair switched on or off); list is not modified.
func Toggled[T comparable](list []T, x T) []T {
	out := make([]T, 0, len(list)+1)
	found := false
	for _, y := range list {
		if y == x {
			found = true
			continue
		}
		out = append(out, y)
	}
	if !found {
		out = append(out, x)
	}
	return out
}
