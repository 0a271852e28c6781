package playground

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// linkVersion prefixes encoded states, so that a later format can still
// read (or clearly refuse) old links.
const linkVersion = "v1."

// maxLinkBytes bounds a decoded state (2000 points fit with room to spare).
const maxLinkBytes = 1 << 20

// Encode returns the model as a compact, URL-safe string: JSON, deflated,
// base64url. Numbers keep every bit, so a link reproduces the view exactly.
func (m *Model) Encode() string {
	raw, _ := json.Marshal(m)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(raw)
	w.Close()
	return linkVersion + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// DecodeModel reads a string made by Encode and validates every value; a
// corrupted or hostile link is an error that says what is wrong, never a
// half-loaded state.
func DecodeModel(s string) (*Model, error) {
	s = strings.TrimPrefix(s, "#")
	if !strings.HasPrefix(s, linkVersion) {
		return nil, errors.New("the link's state is not in a format this page knows")
	}
	packed, err := base64.RawURLEncoding.DecodeString(s[len(linkVersion):])
	if err != nil {
		return nil, fmt.Errorf("the link's state is damaged: %v", err)
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(packed)), maxLinkBytes+1))
	if err != nil {
		return nil, fmt.Errorf("the link's state is damaged: %v", err)
	}
	if len(raw) > maxLinkBytes {
		return nil, errors.New("the link's state is too large")
	}
	m := &Model{}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(m); err != nil {
		return nil, fmt.Errorf("the link's state is damaged: %v", err)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("the link's state is not valid: %v", err)
	}
	return m, nil
}
