package wasmdata

import "errors"

// errTruncated reports a number or a vector that runs past the end of its
// section.
var errTruncated = errors.New("truncated")

// uleb reads an unsigned LEB128 number of at most 32 bits at b[i:],
// returning it and the index after it.
func uleb(b []byte, i int) (uint32, int, error) {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		if i >= len(b) {
			return 0, 0, errTruncated
		}
		c := b[i]
		i++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			if v > 1<<32-1 {
				return 0, 0, errors.New("number over 32 bits")
			}
			return uint32(v), i, nil
		}
	}
	return 0, 0, errors.New("number over 5 bytes")
}

// sleb reads a signed LEB128 number of at most 32 bits at b[i:], returning
// it and the index after it.
func sleb(b []byte, i int) (int32, int, error) {
	var v int64
	for shift := 0; shift < 35; shift += 7 {
		if i >= len(b) {
			return 0, 0, errTruncated
		}
		c := b[i]
		i++
		v |= int64(c&0x7f) << shift
		if c < 0x80 {
			if shift+7 < 64 && c&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			if v < -1<<31 || v > 1<<31-1 {
				return 0, 0, errors.New("number over 32 bits")
			}
			return int32(v), i, nil
		}
	}
	return 0, 0, errors.New("number over 5 bytes")
}

// appendUleb appends v as an unsigned LEB128 number.
func appendUleb(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// appendSleb appends v as a signed LEB128 number.
func appendSleb(b []byte, v int32) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
