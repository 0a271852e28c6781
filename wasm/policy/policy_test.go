package policy

import (
	"os"
	"strings"
	"testing"
)

// TestPolicyIsTheSameEverywhere: the page's <meta> and the static hosts'
// _headers carry the policy the native server sends.
func TestPolicyIsTheSameEverywhere(t *testing.T) {
	page, err := os.ReadFile("../../site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if want := `<meta http-equiv="Content-Security-Policy" content="` + MetaPolicy() + `">`; !strings.Contains(string(page), want) {
		t.Errorf("site/index.html lacks %s", want)
	}
	headers, err := os.ReadFile("../../site/_headers")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Content-Security-Policy: " + CSP, "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer"} {
		if !strings.Contains(string(headers), want) {
			t.Errorf("site/_headers lacks %q", want)
		}
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "*"} {
		if strings.Contains(CSP, bad) {
			t.Errorf("the policy allows %s", bad)
		}
	}
}
