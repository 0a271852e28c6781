//go:build js

// Command worker serves the API with github.com/syumai/workers: in
// Cloudflare's workerd, or in the page's Web Worker (the "browser" runtime).
package main

import (
	"github.com/syumai/workers"

	"unitfree/wasm/api"
)

func main() { workers.Serve(api.New()) }
