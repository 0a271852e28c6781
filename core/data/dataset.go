package data

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"unitfree/assets"
)

// FeatureInfo names a numeric column of a dataset with its physical unit and
// the quantity it measures (the page offers the units of that quantity).
type FeatureInfo struct {
	Name     string `json:"name"`
	Unit     string `json:"unit"`
	Quantity string `json:"quantity"` // "length", "mass", "temperature", ...
}

// Dataset describes a dataset that ships with unitfree.
type Dataset struct {
	Name     string        `json:"name"`
	Title    string        `json:"title"`
	Source   string        `json:"source"`
	Licence  string        `json:"licence"`
	Features []FeatureInfo `json:"features"`
	Labels   []string      `json:"labels"` // columns that can be the label
	// LabelValues lists the values of each text label column (the classes
	// one can pick as positive).
	LabelValues map[string][]string `json:"labelValues"`
	Rows        int                 `json:"rows"` // data rows in the file, missing values included
	file        string
	files       fileReader // where file is; nil means assets.Data
}

// fileReader reads a named file: an embed.FS.
type fileReader interface {
	ReadFile(name string) ([]byte, error)
}

var datasets = []Dataset{
	{Name: "penguins", Title: "Palmer penguins", file: "data/penguins.csv",
		Source:  "Palmer Station Antarctica LTER, K. Gorman; palmerpenguins (A. Horst); via vega-datasets 3.2.1",
		Licence: "CC0 1.0",
		Features: []FeatureInfo{
			{"bill_length_mm", "mm", "length"}, {"bill_depth_mm", "mm", "length"},
			{"flipper_length_mm", "mm", "length"}, {"body_mass_g", "g", "mass"}},
		Labels: []string{"species", "island", "sex"}},
	{Name: "seattle-weather", Title: "Seattle weather 2012–2015", file: "data/seattle_weather.csv",
		Source:  "NOAA Climate Data Online; weather label synthesised by the vega-datasets authors; via vega-datasets 3.2.1",
		Licence: "U.S. Government work (public domain)",
		Features: []FeatureInfo{
			{"precipitation", "mm", "length"}, {"temp_max", "°C", "temperature"},
			{"temp_min", "°C", "temperature"}, {"wind", "m/s", "speed"}},
		Labels: []string{"weather", "precipitation", "temp_max", "temp_min", "wind"}},
	{Name: "cars", Title: "Cars (1970–1982)", file: "data/cars.csv",
		Source:  "StatLib datasets archive (1983 ASA exposition); via vega-datasets 3.2.1",
		Licence: "distributed for educational and scientific use",
		Features: []FeatureInfo{
			{"miles_per_gallon", "mpg", "fuel economy"}, {"cylinders", "", "count"},
			{"displacement_cu_in", "cu in", "volume"}, {"horsepower_hp", "hp", "power"},
			{"weight_lb", "lb", "mass"}, {"acceleration_0_60_s", "s", "time"}, {"year", "year", "time"}},
		Labels: []string{"origin", "miles_per_gallon", "horsepower_hp", "weight_lb"}},
}

// shipped holds each shipped dataset once parsed, with its description.
var shipped = struct {
	sync.Mutex
	tables map[string]*Table
	descs  map[string]Dataset
}{tables: map[string]*Table{}, descs: map[string]Dataset{}}

// Datasets returns the shipped datasets' descriptions.
func Datasets() []Dataset {
	out := make([]Dataset, len(datasets))
	for i, d := range datasets {
		out[i] = d
		if _, desc, err := Load(d.Name); err == nil {
			out[i] = desc
		}
	}
	return out
}

// DatasetNames lists the shipped datasets' names.
func DatasetNames() []string {
	names := make([]string, len(datasets))
	for i, d := range datasets {
		names[i] = d.Name
	}
	return names
}

// FileOf returns where a shipped dataset's CSV file is under assets/ (and
// under the site's assets/): "data/penguins.csv".
func FileOf(name string) (string, bool) {
	for _, d := range datasets {
		if d.Name == name {
			return d.file, true
		}
	}
	return "", false
}

// Load returns the table of the named dataset, with units on its columns,
// and its description. A dataset is parsed on its first use only (a page
// that shows the penguins does not parse the weather). The table is
// shared: callers must not modify it.
func Load(name string) (*Table, Dataset, error) {
	shipped.Lock()
	defer shipped.Unlock()
	if t, ok := shipped.tables[name]; ok {
		return t, shipped.descs[name], nil
	}
	for _, d := range datasets {
		if d.Name != name {
			continue
		}
		t, err := parseShipped(d)
		if err != nil {
			return nil, Dataset{}, err
		}
		d.Rows = t.Rows
		d.LabelValues = map[string][]string{}
		for _, label := range d.Labels {
			if c, ok := t.Column(label); ok && !c.Numeric {
				d.LabelValues[label] = distinct(c)
			}
		}
		shipped.tables[name], shipped.descs[name] = t, d
		return t, d, nil
	}
	return nil, Dataset{}, fmt.Errorf("unknown dataset %q (known: %s)", name, strings.Join(DatasetNames(), ", "))
}

// parseShipped parses a shipped dataset's embedded CSV file.
func parseShipped(d Dataset) (*Table, error) {
	var files fileReader = assets.Data
	if d.files != nil {
		files = d.files
	}
	raw, err := files.ReadFile(d.file)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", d.Name, err)
	}
	t, err := ParseCSV(bytes.NewReader(raw), Limits{MaxRows: 1 << 20, MaxColumns: 100})
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", d.Name, err)
	}
	for _, f := range d.Features {
		if c, ok := t.Column(f.Name); ok {
			c.Unit = f.Unit
		}
	}
	return t, nil
}
