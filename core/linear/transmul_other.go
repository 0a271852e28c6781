//go:build !amd64

package linear

// mulTrans sets y = U^T x (see mulTransGo).
func mulTrans(U []float64, stride int, x, y []float64) { mulTransGo(U, stride, x, y) }
