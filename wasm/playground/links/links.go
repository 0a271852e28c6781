// Package links writes and reads the playground's links in Go: a state's
// raw bytes (playground's binary layout), deflated (raw DEFLATE, RFC 1951)
// and base64url-encoded behind the format's version (playground.LinkOf and
// playground.Packed). The units program deflates and inflates with the
// browser's CompressionStream instead and does not import this package, so
// that its WASM carries no compress/flate; the rooms program, the tests
// and the tools use it.
package links

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"

	"unitfree/wasm/playground"
)

// Encode returns the link string of a state.
func Encode(state interface{ Raw() []byte }) string {
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestCompression)
	fw.Write(state.Raw())
	fw.Close()
	return playground.LinkOf(buf.Bytes())
}

// Inflate returns a link's raw state: base64url-decoded, inflated, and at
// most playground.MaxLinkBytes long.
func Inflate(link string) ([]byte, error) {
	packed, err := playground.Packed(link)
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(packed)), playground.MaxLinkBytes+1))
	if err != nil {
		return nil, fmt.Errorf("the link's state is damaged: %v", err)
	}
	if len(raw) > playground.MaxLinkBytes {
		return nil, errors.New("the link's state is too large")
	}
	return raw, nil
}

// Same reports whether the link holds exactly the raw state: the rooms'
// check that a link would change nothing.
func Same(link string, raw []byte) bool {
	got, err := Inflate(link)
	return err == nil && bytes.Equal(got, raw)
}

// Decode reads a link made by Encode (or by the page) into a state of type
// T and validates every value; a corrupted or hostile link is an error
// that says what is wrong.
func Decode[T any, P playground.State[T]](link string) (*T, error) {
	raw, err := Inflate(link)
	if err != nil {
		return nil, err
	}
	return playground.DecodeRaw[T, P](raw)
}
