// Command reproduce runs the papers' experiments at full size and writes
// their results (CSV, a Markdown table, PNG plots) for the docs:
//
//	go run ./core/cmd/reproduce soba -out assets/docs
//
// `make reproduce` runs every experiment.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: reproduce soba|mabs [flags]")
		os.Exit(2)
	}
	var err error
	start := time.Now()
	switch os.Args[1] {
	case "soba":
		err = runSOBA(os.Args[2:])
	case "mabs":
		err = runMABS(os.Args[2:])
	default:
		err = fmt.Errorf("unknown experiment %q (known: soba, mabs)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "reproduce:", err)
		os.Exit(1)
	}
	fmt.Printf("done in %s\n", time.Since(start).Round(time.Second))
}

// flags parses an experiment's flags.
func flags(name string, args []string, define func(*flag.FlagSet)) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	define(fs)
	return fs.Parse(args)
}
