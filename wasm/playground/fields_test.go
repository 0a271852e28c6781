package playground

import (
	"math"
	"os"
	"regexp"
	"strings"
	"testing"
)

// fieldsChecks runs the checks every room's table must pass: each default
// is accepted, each range is a real range (a field whose catalogue
// parameter is missing would accept nothing), and each field has its
// control on the page, under the room's prefix.
func fieldsChecks[M any](t *testing.T, prefix string, fs Fields[M], fresh func() *M) {
	t.Helper()
	page, err := os.ReadFile("../../site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := fresh()
	for _, f := range fs {
		if !(f.Max > f.Min) {
			t.Errorf("%s%s: range [%g, %g] accepts nothing", prefix, f.Name, f.Min, f.Max)
		}
		if err := f.Check(f.Default); err != nil {
			t.Errorf("%s%s: the default is refused: %v", prefix, f.Name, err)
		}
		if got := f.Get(m); got != f.Default {
			t.Errorf("%s%s: a new room holds %g, the table says %g", prefix, f.Name, got, f.Default)
		}
		// The page places the control, or makes it in the room's box of
		// further settings.
		if !regexp.MustCompile(`id="`+prefix+regexp.QuoteMeta(f.Name)+`"`).Match(page) && !strings.Contains(string(page), `id="`+prefix+`fields"`) {
			t.Errorf("the page has no control with id %q, and no box %q to make it in", prefix+f.Name, prefix+"fields")
		}
		if err := f.Set(m, f.Max*2+1); err == nil || !strings.Contains(err.Error(), RangeWords(f.Param)) {
			t.Errorf("%s%s: an out-of-range value gives %v, want the range in words", prefix, f.Name, err)
		}
		if f.Get(m) != f.Default {
			t.Errorf("%s%s: a refused value was stored", prefix, f.Name)
		}
	}
}

func TestFieldTables(t *testing.T) {
	fieldsChecks(t, "b-", BanditFields(), NewBanditRoom)
	fieldsChecks(t, "s-", SamplingFields(), NewSamplingRoom)
	fieldsChecks(t, "l-", LectureFields(), NewLecture)
}

func TestFieldsInLinks(t *testing.T) {
	l := NewLecture()
	l.Eta, l.Rounds = 0.25, 40
	w := &stateWriter{b: []byte{l.stateKind()}}
	l.writeState(w)
	got := &Lecture{}
	if err := decodeRaw(w.b, got); err != nil || got.Eta != 0.25 || got.Rounds != 40 || got.Seed != 1 {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	// A setting the link lacks keeps its default (a link made before the
	// setting existed); one the room does not know is refused.
	w = &stateWriter{b: []byte{'L'}}
	w.str(SequenceLecture)
	w.count(0)
	w.count(1)
	w.str("eta")
	w.float(0.5)
	if err := decodeRaw(w.b, got); err != nil || got.Eta != 0.5 || got.Rounds != 100 {
		t.Errorf("a link without rounds: %+v, %v; want η 0.5 and the default 100 rounds", got, err)
	}
	for _, bad := range []struct {
		key string
		v   float64
	}{{"speed", 1}, {"rounds", 2.5}, {"seed", -1}, {"eta", math.NaN()}, {"eta", 20}} {
		w = &stateWriter{b: []byte{'L'}}
		w.str(SequenceLecture)
		w.count(0)
		w.count(1)
		w.str(bad.key)
		w.float(bad.v)
		if err := decodeRaw(w.b, &Lecture{}); err == nil {
			t.Errorf("%s = %v was accepted", bad.key, bad.v)
		}
	}
}
