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

// validator is a state read from a link: it checks itself.
type validator interface{ Validate() error }

// encodeState returns v as a compact, URL-safe string: JSON, deflated,
// base64url. Numbers keep every bit, so a link reproduces the view exactly.
func encodeState(v any) string {
	raw, _ := json.Marshal(v)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(raw)
	w.Close()
	return linkVersion + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// decodeState reads a string made by encodeState into v and validates
// every value; a corrupted or hostile link is an error that says what is
// wrong, and v is then not to be used.
func decodeState(s string, v validator) error {
	s = strings.TrimPrefix(s, "#")
	if !strings.HasPrefix(s, linkVersion) {
		return errors.New("the link's state is not in a format this page knows")
	}
	packed, err := base64.RawURLEncoding.DecodeString(s[len(linkVersion):])
	if err != nil {
		return fmt.Errorf("the link's state is damaged: %v", err)
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(packed)), maxLinkBytes+1))
	if err != nil {
		return fmt.Errorf("the link's state is damaged: %v", err)
	}
	if len(raw) > maxLinkBytes {
		return errors.New("the link's state is too large")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("the link's state is damaged: %v", err)
	}
	if err := v.Validate(); err != nil {
		return fmt.Errorf("the link's state is not valid: %v", err)
	}
	return nil
}

// decodeAs reads a state of type T made by encodeState.
func decodeAs[T any, P interface {
	*T
	validator
}](s string) (*T, error) {
	v := P(new(T))
	if err := decodeState(s, v); err != nil {
		return nil, err
	}
	return (*T)(v), nil
}

// Encode returns the model as a compact, URL-safe string (see encodeState).
func (m *Model) Encode() string { return encodeState(m) }

// DecodeModel reads a string made by Encode and validates every value.
func DecodeModel(s string) (*Model, error) { return decodeAs[Model](s) }
