package playground

import (
	"errors"
	"fmt"
	"math"

	"unitfree/core/catalog"
)

// Control is how the page shows a field.
type Control int

// The controls of a field.
const (
	NumberInput Control = iota // a number input holding the value
	Log2Slider                 // a range input holding log2 of the value
	Log10Slider                // a range input holding log10 of the value
)

// Field is one numeric setting of a room, said once: its key (in links, in
// the ids of the page's controls after the room's prefix, in messages), its
// meaning, default and range (a catalog.Param, the catalogue's own where
// the setting is a learner's parameter), and its control. A room's table of
// fields gives its defaults, its validation, its link codec and the page's
// bindings; a new setting is one entry there and its use in the model.
type Field[M any] struct {
	catalog.Param
	Integer bool
	Control Control
	Step    float64         // of the control (in log units for a slider)
	Ref     func(m *M) any  // the model's *float64, *int or *uint64 holding it
	Applies func(m *M) bool // nil: always; else only when it reports true
}

// Fields is a room's table of fields.
type Fields[M any] []Field[M]

// Get returns the field's value in m.
func (f Field[M]) Get(m *M) float64 {
	switch p := f.Ref(m).(type) {
	case *float64:
		return *p
	case *int:
		return float64(*p)
	case *uint64:
		return float64(*p)
	}
	return math.NaN()
}

// put stores v, already checked, in m.
func (f Field[M]) put(m *M, v float64) {
	switch p := f.Ref(m).(type) {
	case *float64:
		*p = v
	case *int:
		*p = int(v)
	case *uint64:
		*p = uint64(v)
	}
}

// Check returns an error in plain words when v is not an accepted value.
func (f Field[M]) Check(v float64) error {
	if f.Param.Check(v) != nil {
		return fmt.Errorf("%s must be %s, not %s", f.Words(), RangeWords(f.Param), fnum(v))
	}
	if f.Integer && v != math.Trunc(v) {
		return fmt.Errorf("%s must be a whole number, not %s", f.Words(), fnum(v))
	}
	return nil
}

// Words names the field for a visitor: its symbol and what it does.
func (f Field[M]) Words() string {
	if f.Symbol == "" {
		return f.Doc
	}
	return f.Symbol + " (" + f.Doc + ")"
}

// Set checks v and stores it in m; m is left as it was when v is refused.
func (f Field[M]) Set(m *M, v float64) error {
	if err := f.Check(v); err != nil {
		return err
	}
	f.put(m, v)
	return nil
}

// Shown reports whether the field applies to m (its control is shown).
func (f Field[M]) Shown(m *M) bool { return f.Applies == nil || f.Applies(m) }

// RangeWords says a parameter's range in plain words.
func RangeWords(p catalog.Param) string {
	if p.MinExclusive {
		return fmt.Sprintf("above %g and at most %g", p.Min, p.Max)
	}
	return fmt.Sprintf("from %g to %g", p.Min, p.Max)
}

// Lookup returns the field with the key.
func (fs Fields[M]) Lookup(key string) (Field[M], bool) {
	for _, f := range fs {
		if f.Name == key {
			return f, true
		}
	}
	return Field[M]{}, false
}

// SetDefaults gives every field of m its default.
func (fs Fields[M]) SetDefaults(m *M) {
	for _, f := range fs {
		f.put(m, f.Default)
	}
}

// Validate checks every field that applies to m.
func (fs Fields[M]) Validate(m *M) error {
	for _, f := range fs {
		if !f.Shown(m) {
			continue
		}
		if err := f.Check(f.Get(m)); err != nil {
			return err
		}
	}
	return nil
}

// write appends the fields to a link's state as key and value pairs, so
// that a link keeps its meaning when a field is added later.
func (fs Fields[M]) write(w *stateWriter, m *M) {
	w.count(len(fs))
	for _, f := range fs {
		w.str(f.Name)
		w.float(f.Get(m))
	}
}

// read reads the pairs write wrote: a field the link lacks keeps its
// default, a key the room does not know is an error.
func (fs Fields[M]) read(r *stateReader, m *M) {
	fs.SetDefaults(m)
	for range r.count(len(fs)) {
		key, v := r.str(), r.float()
		f, ok := fs.Lookup(key)
		if !ok {
			r.fail(fmt.Errorf("it has a setting %q this room does not know", key))
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || (f.Integer && v != math.Trunc(v)) || math.Abs(v) > 1<<53 {
			r.fail(errors.New("setting " + key + " is not a number this room accepts"))
			return
		}
		if v < 0 {
			if _, unsigned := f.Ref(m).(*uint64); unsigned {
				r.fail(errors.New("setting " + key + " is negative"))
				return
			}
		}
		f.put(m, v)
	}
}

// seedField is a room's seed: a whole number from 0 below MaxSeed.
func seedField[M any](name, doc string, ref func(*M) any) Field[M] {
	return Field[M]{Param: catalog.Param{Name: name, Doc: doc, Default: 1, Min: 0, Max: MaxSeed - 1}, Integer: true, Control: NumberInput, Step: 1, Ref: ref}
}

// withDefault returns a catalogue parameter with a room's own default.
func withDefault(p catalog.Param, def float64) catalog.Param {
	p.Default = def
	return p
}

// entryParam returns the parameter of the entry with the id among entries
// (the zero Param, which accepts nothing, if there is none: the fields'
// test catches it).
func entryParam(entries []catalog.Entry, id, name string) catalog.Param {
	for _, e := range entries {
		if e.ID == id {
			p, _ := e.Param(name)
			return p
		}
	}
	return catalog.Param{}
}
