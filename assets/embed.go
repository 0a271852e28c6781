// Package assets embeds the data that ships with unitfree (the CSV datasets
// under data/), so that every runtime (native, Cloudflare, the browser) has
// them without a file system.
package assets

import "embed"

// Data holds the datasets every program embeds (the ones the page's rooms
// draw) and data/SOURCES.md.
//
//go:embed data/penguins.csv data/seattle_weather.csv data/cars.csv data/SOURCES.md
var Data embed.FS
