// Command leaderboard runs every full-information learner on the shipped
// real datasets, in natural units and rescaled, and writes the board:
// the full Markdown (-md) and the summary table between the leaderboard
// markers of the page (-page, as HTML). `make leaderboard` runs it with the
// committed seeds.
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
	flag.Parse()
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
