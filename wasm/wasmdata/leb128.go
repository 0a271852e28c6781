package wasmdata

import "errors"

// errTruncated reports a number or a vector that runs past the end of its
// section.
var errTruncated = errors.New("truncated")

// leb reads the 7-bit groups of a LEB128 number of at most 5 bytes (32
// bits) at b[i:], returning them, the number of bits read and the index
// after it.
func leb(b []byte, i int) (v uint64, bits, next int, err error) {
	for bits < 35 {
		if i >= len(b) {
			return 0, 0, 0, errTruncated
		}
		c := b[i]
		i++
		v |= uint64(c&0x7f) << bits
		bits += 7
		if c < 0x80 {
			return v, bits, i, nil
		}
	}
	return 0, 0, 0, errors.New("number over 5 bytes")
}

// uleb reads an unsigned LEB128 number of at most 32 bits at b[i:],
// returning it and the index after it.
func uleb(b []byte, i int) (uint32, int, error) {
	v, _, next, err := leb(b, i)
	if err == nil && v > 1<<32-1 {
		err = errors.New("number over 32 bits")
	}
	return uint32(v), next, err
}

// sleb reads a signed LEB128 number of at most 32 bits at b[i:], returning
// it and the index after it.
func sleb(b []byte, i int) (int32, int, error) {
	u, bits, next, err := leb(b, i)
	if err != nil {
		return 0, 0, err
	}
	v := int64(u)
	if u&(1<<(bits-1)) != 0 { // negative: extend the sign bit
		v = int64(u | ^uint64(0)<<bits)
	}
	if v < -1<<31 || v > 1<<31-1 {
		return 0, 0, errors.New("number over 32 bits")
	}
	return int32(v), next, nil
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
