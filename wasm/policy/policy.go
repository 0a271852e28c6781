// Package policy is the site's security policy: the Content-Security-Policy
// and the headers that every answer carries, the API's in all three
// runtimes included.
package policy

import (
	"net/http"
	"strings"
)

// CSP is the Content-Security-Policy the whole site runs under, as strict
// as Go's WebAssembly allows: scripts and styles only from the site itself
// ('wasm-unsafe-eval' to compile the WASM binaries, no 'unsafe-inline', no
// 'unsafe-eval'), workers from the site, no plugins, no <base>, and no
// framing. site/index.html carries it as a <meta> (for any static host,
// without frame-ancestors, which a <meta> cannot set) and site/_headers as
// a header for hosts that read that file (Cloudflare Pages, Netlify); a
// test keeps the three the same.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'none'; frame-ancestors 'none'"

// MetaPolicy is CSP without the directives a <meta> cannot deliver.
func MetaPolicy() string {
	return strings.TrimSuffix(CSP, "; frame-ancestors 'none'")
}

// Headers sets the policy, nosniff and the referrer policy on every
// answer, the API's included.
func Headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", CSP)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}
