//go:build !pagedata

package data

import "unitfree/assets"

// The datasets only the API and the tools embed (see assets.More).
func init() {
	datasets = append(datasets,
		Dataset{Name: "weather-two-cities", Title: "Weather in Seattle and New York 2012–2015", file: "data/weather_two_cities.csv", files: assets.More,
			Source:  "NOAA Climate Data Online, daily observations at Seattle and New York; via vega-datasets 3.2.1 (weather.csv, without its date and synthesised label)",
			Licence: "U.S. Government work (public domain)",
			Features: []FeatureInfo{
				{"precipitation", "mm", "length"}, {"temp_max", "°C", "temperature"},
				{"temp_min", "°C", "temperature"}, {"wind", "m/s", "speed"}},
			Labels: []string{"location", "precipitation", "temp_max", "temp_min", "wind"}},
		Dataset{Name: "gapminder", Title: "Gapminder: countries 1955–2005", file: "data/gapminder.csv", files: assets.More,
			Source:  "Gapminder Foundation (life expectancy v14, population v7, fertility v14), every 5 years; via vega-datasets 3.2.1; regions named from their countries",
			Licence: "CC BY 4.0 (Gapminder Foundation)",
			Features: []FeatureInfo{
				{"year", "year", "time"}, {"population", "people", "count"},
				{"life_expectancy_years", "years", "time"}, {"fertility_children_per_woman", "children per woman", "rate"}},
			Labels: []string{"region", "life_expectancy_years", "fertility_children_per_woman", "population"}},
	)
}
