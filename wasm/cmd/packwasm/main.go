// Command packwasm merges the data segments of the WebAssembly programs
// Go's linker wrote (package wasmdata), rewriting each file in place; the
// Makefile runs it after each build of a program:
//
//	go run ./wasm/cmd/packwasm site/playground.wasm ...
package main

import (
	"flag"
	"fmt"
	"os"

	"unitfree/wasm/wasmdata"
)

// maxGap is the longest run of zeros written into a merged segment. Any
// gap from 64 bytes to 4 KiB gave the same gzipped size within 0.01%.
const maxGap = 1024

func main() {
	flag.Usage = func() { fmt.Fprintln(os.Stderr, "usage: packwasm file.wasm ...") }
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		if err := pack(name); err != nil {
			fmt.Fprintf(os.Stderr, "packwasm: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
}

// pack rewrites the named program with its data segments merged.
func pack(name string) error {
	module, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	packed, before, after, err := wasmdata.Pack(module, maxGap)
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d data segments -> %d, %d -> %d bytes\n", name, before, after, len(module), len(packed))
	return os.WriteFile(name, packed, 0o644)
}
