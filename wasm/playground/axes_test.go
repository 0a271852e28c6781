package playground

import "testing"

// TestAxisNamesAndTicks: a unit switch names the quantity in its new unit
// ("body mass [kg]", once "body_mass_g [kg]"), and ticks read as numbers
// (4000, once 4e+03).
func TestAxisNamesAndTicks(t *testing.T) {
	m := NewModel()
	if err := m.LoadPreset("penguins", 1); err != nil {
		t.Fatal(err)
	}
	i := -1
	for j, f := range m.Features {
		if f.Base == "g" {
			i = j
		}
	}
	if i < 0 {
		t.Fatalf("the penguins preset has no feature in g: %v", m.Features)
	}
	if got := m.AxisName(i); got != "body mass [g]" {
		t.Errorf("in g: %q", got)
	}
	if err := m.SetUnit(i, "kg"); err != nil {
		t.Fatal(err)
	}
	if got := m.AxisName(i); got != "body mass [kg]" {
		t.Errorf("in kg: %q", got)
	}
	for v, want := range map[float64]string{4000: "4000", 0.30000000000000004: "0.3", -2.5: "-2.5", 150000: "150000", 0.0002: "0.0002", 0: "0"} {
		if got := TickLabel(v); got != want {
			t.Errorf("TickLabel(%v) = %q, want %q", v, got, want)
		}
	}
}
