package playground

import (
	"encoding/binary"
	"errors"
	"math"
	"sort"

	"unitfree/core/eval"
)

// The links' binary state format: each state writes its fields in a fixed
// order as varints, float64 bits (every bit kept, so a link reproduces the
// view exactly), length-prefixed strings and bools. It replaces JSON, whose
// encoder alone added 160 KB (gzip) to the page's download.

// errTruncated is a state that ends before its last field.
var errTruncated = errors.New("the state ends early")

// stateWriter appends fields to a byte slice.
type stateWriter struct{ b []byte }

func (w *stateWriter) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *stateWriter) int(v int)     { w.b = binary.AppendVarint(w.b, int64(v)) }
func (w *stateWriter) float(v float64) {
	w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v))
}
func (w *stateWriter) str(s string)   { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *stateWriter) boolean(v bool) { w.b = append(w.b, map[bool]byte{false: 0, true: 1}[v]) }
func (w *stateWriter) count(n int)    { w.uint(uint64(n)) }
func (w *stateWriter) strs(s []string) {
	w.count(len(s))
	for _, v := range s {
		w.str(v)
	}
}
func (w *stateWriter) floats(f ...float64) {
	for _, v := range f {
		w.float(v)
	}
}

// learners writes learner specs, their parameters in name order.
func (w *stateWriter) learners(specs []eval.LearnerSpec) {
	w.count(len(specs))
	for _, s := range specs {
		w.str(s.ID)
		names := make([]string, 0, len(s.Params))
		for k := range s.Params {
			names = append(names, k)
		}
		sort.Strings(names)
		w.count(len(names))
		for _, k := range names {
			w.str(k)
			w.float(s.Params[k])
		}
	}
}

// stateReader reads fields back; after the first error every read returns
// a zero value and err keeps the error.
type stateReader struct {
	b   []byte
	err error
}

func (r *stateReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *stateReader) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errTruncated)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *stateReader) int() int {
	v, n := binary.Varint(r.b)
	if n <= 0 || v != int64(int(v)) {
		r.fail(errTruncated)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *stateReader) float() float64 {
	if len(r.b) < 8 {
		r.fail(errTruncated)
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

// count reads a length of at most max items (a hostile link cannot make the
// reader allocate more than its own size allows).
func (r *stateReader) count(max int) int {
	n := r.uint()
	if n > uint64(max) {
		r.fail(errors.New("a list is longer than allowed"))
		return 0
	}
	if n > uint64(len(r.b)) { // every item takes at least a byte
		r.fail(errTruncated)
		return 0
	}
	return int(n)
}

func (r *stateReader) str() string {
	n := r.count(1 << 10)
	if n > len(r.b) {
		r.fail(errTruncated)
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *stateReader) boolean() bool {
	if len(r.b) < 1 {
		r.fail(errTruncated)
		return false
	}
	v := r.b[0]
	r.b = r.b[1:]
	if v > 1 {
		r.fail(errors.New("a yes/no field is neither"))
	}
	return v == 1
}

func (r *stateReader) strs(max int) []string {
	out := make([]string, r.count(max))
	for i := range out {
		out[i] = r.str()
	}
	return out
}

func (r *stateReader) learners() []eval.LearnerSpec {
	specs := make([]eval.LearnerSpec, r.count(MaxLearners))
	for i := range specs {
		specs[i].ID = r.str()
		if n := r.count(32); n > 0 {
			specs[i].Params = make(map[string]float64, n)
			for range n {
				k := r.str()
				specs[i].Params[k] = r.float()
			}
		}
	}
	return specs
}
