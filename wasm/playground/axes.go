package playground

import (
	"strconv"
	"strings"
)

// AxisName returns feature i's axis title in the current unit: the name
// without the base unit it carries as a suffix ("body_mass_g" is a body
// mass, in g or in kg), underscores as spaces, then the unit in brackets;
// drawn data, without units, keeps its name.
func (m *Model) AxisName(i int) string { return AxisTitle(m.Features[i], m.Unit(i).Label) }

// AxisTitle returns the axis title of the feature shown in the unit.
func AxisTitle(f Feature, unit string) string {
	if unit == "" || unit == "×1" {
		return f.Name
	}
	name := f.Name
	if f.Base != "" {
		name = strings.TrimSuffix(name, "_"+f.Base)
	}
	return strings.ReplaceAll(name, "_", " ") + " [" + unit + "]"
}

// TickLabel formats an axis tick: plain digits from 1e-4 to 1e6 (4000, not
// 4e+03), six significant digits at most, so that the round-off of an
// accumulated tick (0.30000000000000004) does not show.
func TickLabel(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
