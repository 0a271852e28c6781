package playground

import (
	"fmt"
	"math"
)

// Unit is one way to write a feature's values: a value v in the feature's
// base unit reads Scale*v + Offset in this unit (mm to m: Scale 0.001; °C to
// °F: Scale 1.8, Offset 32).
type Unit struct {
	ID     string
	Label  string
	Scale  float64
	Offset float64
}

// Convert returns the base-unit value v in this unit.
func (u Unit) Convert(v float64) float64 { return u.Scale*v + u.Offset }

// Invert returns the base-unit value of v written in this unit.
func (u Unit) Invert(v float64) float64 { return (v - u.Offset) / u.Scale }

// Affine reports whether the unit shifts the origin (a temperature scale).
func (u Unit) Affine() bool { return u.Offset != 0 }

// unitFamilies lists, per base unit, the units a feature in it can switch to.
var unitFamilies = map[string][]Unit{
	"mm":  {{"mm", "mm", 1, 0}, {"cm", "cm", 0.1, 0}, {"m", "m", 1e-3, 0}, {"km", "km", 1e-6, 0}, {"in", "in", 1 / 25.4, 0}},
	"g":   {{"g", "g", 1, 0}, {"kg", "kg", 1e-3, 0}, {"lb", "lb", 1 / 453.59237, 0}, {"mg", "mg", 1e3, 0}},
	"°C":  {{"C", "°C", 1, 0}, {"F", "°F", 1.8, 32}, {"K", "K", 1, 273.15}},
	"m/s": {{"m/s", "m/s", 1, 0}, {"km/h", "km/h", 3.6, 0}, {"mph", "mph", 3600 / 1609.344, 0}},
	"lb":  {{"lb", "lb", 1, 0}, {"kg", "kg", 0.45359237, 0}, {"g", "g", 453.59237, 0}},
}

// scaleUnits are the units of drawn data, whose base unit has no name: a
// unit scale from 1e-6 to 1e6, ×1 (the base unit) first. Built once: the
// panels look units up in every frame.
var scaleUnits = func() []Unit {
	out := []Unit{{ID: "x1e0", Label: "×1", Scale: 1}}
	for e := -6; e <= 6; e++ {
		if e != 0 {
			out = append(out, Unit{ID: fmt.Sprintf("x1e%d", e), Label: fmt.Sprintf("×1e%d", e), Scale: math.Pow(10, float64(e))})
		}
	}
	return out
}()

// UnitsFor returns the units a feature whose base unit is base can be
// written in; the first is the base unit itself. The slice is shared: do
// not modify it.
func UnitsFor(base string) []Unit {
	if us, ok := unitFamilies[base]; ok {
		return us
	}
	return scaleUnits
}

// FindUnit returns the unit with the given id among those of base.
func FindUnit(base, id string) (Unit, bool) {
	for _, u := range UnitsFor(base) {
		if u.ID == id {
			return u, true
		}
	}
	return Unit{}, false
}
