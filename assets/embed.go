// Package assets embeds the data that ships with unitfree (the CSV datasets
// under data/), so that every runtime (native, Cloudflare, the browser) has
// them without a file system.
package assets

import "embed"

// Data holds data/*.csv and data/SOURCES.md.
//
//go:embed data/*.csv data/SOURCES.md
var Data embed.FS
