package leaderboard

import "unitfree/core/data"

// Task is one dataset's prediction problem: which columns are the
// features, which is the label, and for a classification which label value
// is +1.
type Task struct {
	Dataset  string    `json:"dataset"`            // the data's source
	Title    string    `json:"title"`              // what is predicted from what, for the table
	Features []string  `json:"features"`           // the feature columns
	Label    string    `json:"label,omitempty"`    // the label column
	Positive string    `json:"positive,omitempty"` // classification: the value that becomes +1
	Kind     data.Task `json:"kind"`               // classify or regress
	Loss     string    `json:"loss"`               // logistic for classification, absolute for regression
	Skipped  []string  `json:"skipped,omitempty"`  // one's own table: the columns left out as not numeric, each with why
}

// Tasks returns the board's problems, one per shipped dataset, in the
// datasets' order.
func Tasks() []Task {
	return []Task{
		{Dataset: "penguins", Title: "Adélie or not, from bill, flipper (mm) and mass (g)",
			Features: []string{"bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"},
			Label:    "species", Positive: "Adelie", Kind: data.Classify, Loss: "logistic"},
		{Dataset: "seattle-weather", Title: "a sunny day or not, from rain (mm), temperatures (°C) and wind (m/s)",
			Features: []string{"precipitation", "temp_max", "temp_min", "wind"},
			Label:    "weather", Positive: "sun", Kind: data.Classify, Loss: "logistic"},
		{Dataset: "cars", Title: "made in the USA or not, from mpg, cylinders, cu in, hp, lb, s and year",
			Features: []string{"miles_per_gallon", "cylinders", "displacement_cu_in", "horsepower_hp", "weight_lb", "acceleration_0_60_s", "year"},
			Label:    "origin", Positive: "USA", Kind: data.Classify, Loss: "logistic"},
		{Dataset: "weather-two-cities", Title: "Seattle or New York, from a day's rain (mm), temperatures (°C) and wind (m/s)",
			Features: []string{"precipitation", "temp_max", "temp_min", "wind"},
			Label:    "location", Positive: "Seattle", Kind: data.Classify, Loss: "logistic"},
		{Dataset: "gapminder", Title: "life expectancy (years) from year, population (people) and fertility (children per woman)",
			Features: []string{"year", "population", "fertility_children_per_woman"},
			Label:    "life_expectancy_years", Kind: data.Regress, Loss: "absolute"},
	}
}
