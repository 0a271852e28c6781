package sampling

// sumTree is a complete binary tree whose leaves hold non-negative weights
// and whose inner nodes hold the sums below them: setting a weight and
// drawing an index in proportion to the weights both cost O(log n)
// (the MABS paper's algorithm).
type sumTree struct {
	n, size int       // leaves, and the power of two that holds them
	node    []float64 // node[1] is the root; leaves at node[size+i]
}

func newSumTree(n int) *sumTree {
	size := 1
	for size < n {
		size *= 2
	}
	return &sumTree{n: n, size: size, node: make([]float64, 2*size)}
}

// total returns the sum of the weights.
func (t *sumTree) total() float64 { return t.node[1] }

// weight returns leaf i's weight.
func (t *sumTree) weight(i int) float64 { return t.node[t.size+i] }

// set changes leaf i's weight and the sums above it.
func (t *sumTree) set(i int, w float64) {
	k := t.size + i
	t.node[k] = w
	for k /= 2; k >= 1; k /= 2 {
		t.node[k] = t.node[2*k] + t.node[2*k+1]
	}
}

// rebuild recomputes every inner sum from the leaves: O(n).
func (t *sumTree) rebuild() {
	for k := t.size - 1; k >= 1; k-- {
		t.node[k] = t.node[2*k] + t.node[2*k+1]
	}
}

// find returns the leaf where the cumulative weight passes u, for u in
// [0, total): a draw in proportion to the weights when u is uniform.
func (t *sumTree) find(u float64) int {
	k := 1
	for k < t.size {
		left := t.node[2*k]
		if u < left || t.node[2*k+1] == 0 {
			k = 2 * k
		} else {
			u -= left
			k = 2*k + 1
		}
	}
	i := k - t.size
	if i >= t.n { // round-off ran past the last leaf
		i = t.n - 1
	}
	for i > 0 && t.weight(i) == 0 { // never return a leaf of weight 0
		i--
	}
	return i
}
