package server

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ContentSecurityPolicy is the policy the whole site runs under, as strict
// as Go's WebAssembly allows: scripts and styles only from the site itself
// ('wasm-unsafe-eval' to compile the WASM binaries, no 'unsafe-inline', no
// 'unsafe-eval'), workers from the site, no plugins, no <base>, and no
// framing. site/index.html carries it as a <meta> (for any static host,
// without frame-ancestors, which a <meta> cannot set) and site/_headers as
// a header for hosts that read that file (Cloudflare Pages, Netlify); a
// test keeps the three the same.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'none'; frame-ancestors 'none'"

// MetaPolicy is ContentSecurityPolicy without the directives a <meta>
// cannot deliver.
func MetaPolicy() string {
	return strings.TrimSuffix(ContentSecurityPolicy, "; frame-ancestors 'none'")
}

// securityHeaders sets the policy, nosniff and the referrer policy on every
// answer, the API's included.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", ContentSecurityPolicy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// noListings answers 404 for a folder without an index.html, instead of
// http.FileServer's listing of its files.
func noListings(siteDir string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := filepath.Join(siteDir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			if _, err := os.Stat(filepath.Join(p, "index.html")); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}
