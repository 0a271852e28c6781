// Command docs writes the reference pages of assets/docs from the code:
// learners.md from the catalogue, api.md from the API's endpoints and wire
// types, and benchmarks.md from the measurements of `make bench`
// (benchmarks.json) and `make lighthouse` (lighthouse.json). Tests fail when a committed page is not what this
// writes. Run from the module's root: `make docs`, or after `make bench`
// with the folder of its measurements, which it first collects into
// benchmarks.json:
//
//	go run ./wasm/cmd/docs [-bench build/bench]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"unitfree/core/catalog"
	"unitfree/wasm/api"
	"unitfree/wasm/benchreport"
)

func main() {
	bench := flag.String("bench", "", "the folder of `make bench`'s measurements, collected into assets/docs/benchmarks.json first")
	flag.Parse()
	if *bench != "" {
		r, err := benchreport.Collect(*bench, "site")
		if err == nil {
			err = r.Save(filepath.Join("assets", "docs", "benchmarks.json"))
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "docs:", err)
			os.Exit(1)
		}
	}
	if err := run("."); err != nil {
		fmt.Fprintln(os.Stderr, "docs:", err)
		os.Exit(1)
	}
}

// run writes the pages under root/assets/docs.
func run(root string) error {
	dir := filepath.Join(root, "assets", "docs")
	apiPage, err := api.Reference(root)
	if err != nil {
		return err
	}
	bench, err := benchreport.Load(filepath.Join(dir, "benchmarks.json"))
	if err != nil {
		return err
	}
	lighthouse, err := benchreport.LoadLighthouse(filepath.Join(dir, "lighthouse.json"))
	if err != nil {
		return err
	}
	pages := map[string]string{
		"learners.md":   catalog.Reference(),
		"api.md":        apiPage,
		"benchmarks.md": benchreport.Page(bench, lighthouse),
	}
	for name, text := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
