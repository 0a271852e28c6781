package api

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
)

// TestQR: GET /api/qr draws the QR code of a page's link as an SVG, one
// unit square per dark module of the code the library makes, and refuses
// an empty or an overlong text with the reason.
func TestQR(t *testing.T) {
	link := "http://192.168.1.23:8080/#bandit/v2." + strings.Repeat("dVe7ciJXEB3LGGursKscKiNStpE", 40) + "@128"
	rec := httptest.NewRecorder()
	New().ServeHTTP(rec, httptest.NewRequest("GET", "/api/qr?text="+url.QueryEscape(link), nil))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("%d %v %.200s", rec.Code, rec.Header(), rec.Body)
	}
	code, err := qrcode.New(link, qrcode.Medium)
	if err != nil {
		t.Fatal(err)
	}
	dark := 0
	for _, row := range code.Bitmap() {
		for _, d := range row {
			if d {
				dark++
			}
		}
	}
	svg := rec.Body.String()
	if got := strings.Count(svg, "h1v1h-1z"); got != dark || !strings.HasPrefix(svg, "<svg") {
		t.Errorf("%d squares in the SVG, %d dark modules in the code", got, dark)
	}
	for query, want := range map[string]string{"": "give the text", "?text=" + strings.Repeat("a", 3000): "more than the 2900"} {
		rec := httptest.NewRecorder()
		New().ServeHTTP(rec, httptest.NewRequest("GET", "/api/qr"+query, nil))
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%q: %d %s", query, rec.Code, rec.Body)
		}
	}
}
