//go:build !js

package api_test

import (
	"net/http/httptest"
	"testing"

	"unitfree/wasm/api"
	"unitfree/wasm/apitest"
)

// TestSuite runs the conformance suite against the handler natively.
func TestSuite(t *testing.T) {
	srv := httptest.NewServer(api.New())
	defer srv.Close()
	apitest.Run(t, apitest.Client{Base: srv.URL})
}
