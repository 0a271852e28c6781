//go:build !pagedata

package assets

import "embed"

// More holds the datasets that only the API and the tools embed: the page's
// programs are built with the pagedata tag and leave them out, which keeps
// the page's download within its budget (the page's API worker has them).
//
//go:embed data/weather_two_cities.csv data/gapminder.csv
var More embed.FS
