package api

import (
	"fmt"
	"net/http"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// maxQRText is the longest text GET /api/qr encodes: a QR code holds at
// most 2,953 bytes (version 40, low error correction), and the page's
// links, which carry a room's whole state, stay well under this.
const maxQRText = 2900

// qr answers GET /api/qr?text=...: the QR code of the text as an SVG image
// (one path of unit squares on a white ground, quiet zone included), so
// that a classroom's phones can open the link a presenter shows. The page
// asks its own API worker for it: no network, no PNG encoder in the page.
// The error correction is the highest the text's length allows, from
// medium down to low.
func qr(w http.ResponseWriter, r *http.Request) {
	text := r.URL.Query().Get("text")
	switch {
	case text == "":
		writeError(w, http.StatusBadRequest, "give the text to encode: GET /api/qr?text=...")
		return
	case len(text) > maxQRText:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("text is %d bytes, more than the %d a QR code holds", len(text), maxQRText))
		return
	}
	code, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		code, err = qrcode.New(text, qrcode.Low)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "the text does not fit a QR code: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(svgOf(code.Bitmap())))
}

// svgOf draws a bitmap (true: dark) as an SVG of unit squares, one path.
func svgOf(bits [][]bool) string {
	n := len(bits)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range bits {
		for x, dark := range row {
			if dark {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}
