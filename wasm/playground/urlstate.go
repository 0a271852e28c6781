package playground

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// linkVersion prefixes encoded states, so that a later format can still
// read (or clearly refuse) old links. v1 was JSON.
const linkVersion = "v2."

// MaxLinkBytes bounds a decoded state (2000 points fit with room to spare).
const MaxLinkBytes = 1 << 20

// State is the constraint of the states a link carries, for DecodeRaw
// (and package links): a pointer to T that is a linkState.
type State[T any] interface {
	*T
	linkState
}

// linkState is a state a link carries: it writes and reads its fields
// (statecodec.go) and checks itself.
type linkState interface {
	stateKind() byte // which state it is, so that one room cannot read another's
	writeState(w *stateWriter)
	readState(r *stateReader)
	Validate() error
}

// legacyState is a state that also reads the links of an earlier layout,
// marked by another kind byte, so that saved links and stored states keep
// working.
type legacyState interface {
	legacyKind() byte
	readLegacy(r *stateReader)
}

// rawState returns v's fields in binary, before compression.
func rawState(v linkState) []byte {
	w := &stateWriter{b: []byte{v.stateKind()}}
	v.writeState(w)
	return w.b
}

// LinkOf returns the link string of a deflated raw state.
func LinkOf(packed []byte) string { return linkVersion + base64.RawURLEncoding.EncodeToString(packed) }

// Packed returns a link's deflated state (the page inflates it with the
// browser's DecompressionStream and reads it with DecodeModelRaw).
func Packed(s string) ([]byte, error) {
	s = strings.TrimPrefix(s, "#")
	s, _ = SplitRound(s) // the round a link was made at is the page's, not the state's
	if strings.HasPrefix(s, "v1.") {
		return nil, errors.New("the link was made by an earlier version of this page, whose links it can no longer read")
	}
	if !strings.HasPrefix(s, linkVersion) {
		return nil, errors.New("the link's state is not in a format this page knows")
	}
	packed, err := base64.RawURLEncoding.DecodeString(s[len(linkVersion):])
	if err != nil {
		return nil, fmt.Errorf("the link's state is damaged: %v", err)
	}
	return packed, nil
}

// decodeRaw reads a raw (inflated) state into v and validates it.
func decodeRaw(raw []byte, v linkState) error {
	if len(raw) > MaxLinkBytes {
		return errors.New("the link's state is too large")
	}
	if len(raw) == 0 {
		return errors.New("the link's state is empty")
	}
	r := &stateReader{b: raw[1:]}
	switch old, ok := v.(legacyState); {
	case raw[0] == v.stateKind():
		v.readState(r)
	case ok && raw[0] == old.legacyKind():
		old.readLegacy(r)
	default:
		return errors.New("the link's state belongs to another room")
	}
	if r.err == nil && len(r.b) > 0 {
		r.err = errors.New("it has bytes after its last field")
	}
	if r.err != nil {
		return fmt.Errorf("the link's state is damaged: %v", r.err)
	}
	if err := v.Validate(); err != nil {
		return fmt.Errorf("the link's state is not valid: %v", err)
	}
	return nil
}

// DecodeRaw reads a raw (inflated) state of type T and validates every
// value; a corrupted or hostile state is an error that says what is wrong.
func DecodeRaw[T any, P State[T]](raw []byte) (*T, error) {
	v := P(new(T))
	if err := decodeRaw(raw, v); err != nil {
		return nil, err
	}
	return (*T)(v), nil
}

// Raw returns the model's state before compression (the page deflates it).
func (m *Model) Raw() []byte { return rawState(m) }

// DecodeModelRaw reads a model's raw (inflated) state and validates it.
func DecodeModelRaw(raw []byte) (*Model, error) { return DecodeRaw[Model](raw) }

func (m *Model) stateKind() byte { return 'u' }

func (m *Model) writeState(w *stateWriter) {
	w.str(m.Preset)
	w.str(m.Task)
	w.boolean(m.Source != nil)
	if src := m.Source; src != nil {
		w.strs([]string{src.Preset, src.Dataset, src.X, src.Y, src.Label, src.Pos, src.Neg})
	}
	for _, f := range m.Features {
		w.str(f.Name)
		w.str(f.Base)
	}
	writePoints(w, m.Points)
	w.strs(m.Units[:])
	w.learners(m.Learners)
	w.boolean(m.Bias)
	w.int(m.Degree)
	w.boolean(m.Shuffle)
	w.uint(m.Seed)
	w.int(m.Passes)
}

func (m *Model) readState(r *stateReader) {
	m.Preset = r.str()
	m.Task = r.str()
	if r.boolean() {
		f := r.strs(7)
		if len(f) == 7 {
			m.Source = &Source{Preset: f[0], Dataset: f[1], X: f[2], Y: f[3], Label: f[4], Pos: f[5], Neg: f[6]}
		} else {
			r.fail(errors.New("the dataset choice is incomplete"))
		}
	}
	for i := range m.Features {
		m.Features[i] = Feature{Name: r.str(), Base: r.str()}
	}
	m.Points = readPoints(r)
	if u := r.strs(2); len(u) == 2 {
		m.Units = [2]string{u[0], u[1]}
	} else {
		r.fail(errors.New("the units are incomplete"))
	}
	m.Learners = r.learners()
	m.Bias = r.boolean()
	m.Degree = r.int()
	m.Shuffle = r.boolean()
	m.Seed = r.uint()
	m.Passes = r.int()
}

// writePoints writes labelled points.
func writePoints(w *stateWriter, pts []Point) {
	w.count(len(pts))
	for _, p := range pts {
		w.floats(p.X, p.Y, p.Label)
	}
}

// readPoints reads labelled points (nil for none).
func readPoints(r *stateReader) []Point {
	n := r.count(MaxPoints)
	if n == 0 {
		return nil
	}
	pts := make([]Point, n)
	for i := range pts {
		pts[i] = Point{X: r.float(), Y: r.float(), Label: r.float()}
	}
	return pts
}
