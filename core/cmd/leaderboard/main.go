// Command leaderboard runs every full-information learner on the shipped
// real datasets, in natural units and rescaled, and writes the board:
// the full Markdown (-md) and the summary table between the leaderboard
// markers of the page (-page, as HTML). `make leaderboard` runs it with the
// committed seeds.
//
// With -csv it plays the board on any CSV file instead and prints it: every
// learner that fits the task in several seeded orders, each in natural
// units and under random rescalings of every feature, each cell a median
// and its range:
//
//	go run ./core/cmd/leaderboard -csv mydata.csv -label price
//
// (-format csv prints its numbers as CSV instead of Markdown.)
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"unitfree/core/leaderboard"
)

// The markers around the generated summary in the page.
const (
	startMarker = "<!-- leaderboard:start -->"
	endMarker   = "<!-- leaderboard:end -->"
)

func main() {
	opt := leaderboard.DefaultOptions
	flag.Uint64Var(&opt.ScaleSeed, "scale-seed", opt.ScaleSeed, "seed of the per-feature factors 10^U[-3, 3]")
	flag.Uint64Var(&opt.OrderSeed, "order-seed", opt.OrderSeed, "seed of the order the rows are played in")
	md := flag.String("md", "assets/docs/leaderboard.md", "where to write the full board (empty: not written)")
	page := flag.String("page", "site/index.html", "page whose leaderboard section to replace (empty: none)")
	csvPath := flag.String("csv", "", "play the board on this CSV file (comma, semicolon or tab separated, with a header) and print it")
	var own ownData
	flag.StringVar(&own.label, "label", "", "-csv: the label column")
	flag.StringVar(&own.columns, "columns", "", "-csv: the feature columns, comma-separated (default: every numeric column but the label)")
	flag.StringVar(&own.task, "task", "", "-csv: classify or regress (default: regress for a numeric label of more than two values, else classify)")
	flag.StringVar(&own.positive, "positive", "", "-csv, classify: the class that becomes +1, the others -1")
	flag.StringVar(&own.classes, "classes", "", "-csv, classify: two classes, comma-separated, the first +1 (the rows of others are left out)")
	flag.IntVar(&own.spread.Orders, "orders", leaderboard.DefaultSpread.Orders, "-csv: random orders of the rows")
	flag.IntVar(&own.spread.Rescalings, "rescalings", leaderboard.DefaultSpread.Rescalings, "-csv: random rescalings of the features per order")
	flag.Uint64Var(&own.spread.Seed, "seed", leaderboard.DefaultSpread.Seed, "-csv: seed of the orders and rescalings")
	format := flag.String("format", "md", "-csv: print the board as md (Markdown) or csv (numbers)")
	flag.Parse()
	if *csvPath != "" {
		if *format != "md" && *format != "csv" {
			fmt.Fprintf(os.Stderr, "leaderboard: -format %q: md or csv\n", *format)
			os.Exit(2)
		}
		board, err := own.board(*csvPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "leaderboard:", err)
			os.Exit(1)
		}
		if *format == "csv" {
			fmt.Print(board.CSV())
		} else {
			fmt.Print(board.Markdown())
		}
		return
	}
	if err := run(opt, *md, *page); err != nil {
		fmt.Fprintln(os.Stderr, "leaderboard:", err)
		os.Exit(1)
	}
}

func run(opt leaderboard.Options, md, page string) error {
	b, err := leaderboard.Run(opt)
	if err != nil {
		return err
	}
	stamp := fmt.Sprintf("Measured on %s by `make leaderboard`.", time.Now().UTC().Format("2006-01-02"))
	fmt.Print(b.Summary())
	if md != "" {
		text := "# Leaderboard: every learner on real data with units\n\n" + stamp + "\n\n" + b.Markdown()
		if err := os.WriteFile(md, []byte(text), 0o644); err != nil {
			return err
		}
	}
	if page != "" {
		return replaceSection(page, b.HTML()+"<p class=\"hint\">"+strings.ReplaceAll(stamp, "`make leaderboard`", "<code>make leaderboard</code>")+"</p>")
	}
	return nil
}

// replaceSection replaces what lies between the page's markers.
func replaceSection(path, body string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	i, j := bytes.Index(raw, []byte(startMarker)), bytes.Index(raw, []byte(endMarker))
	if i < 0 || j < i {
		return errors.New(path + " has no " + startMarker + " … " + endMarker + " section")
	}
	out := append([]byte(nil), raw[:i+len(startMarker)]...)
	out = append(out, "\n"+body+"\n"...)
	out = append(out, raw[j:]...)
	return os.WriteFile(path, out, 0o644)
}
