// Package wasmdata merges the data segments of a WebAssembly module. Go's
// linker leaves out every run of more than a few zero bytes of the
// memory's initial image, writing the image as one segment per run of
// data between them (63,286 segments for the playground). Each segment's
// header costs more once compressed than the zeros it leaves out: merged
// across their gaps, the playground's program was 7.5% smaller gzipped.
package wasmdata

import (
	"bytes"
	"errors"
	"fmt"
)

// Section ids of the WebAssembly binary format.
const (
	sectionData      = 11
	sectionDataCount = 12
)

// magic is the header of a WebAssembly binary module, version 1.
var magic = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

// segment is an active data segment of memory 0: its bytes, written at a
// constant offset.
type segment struct {
	offset uint32
	data   []byte
}

// Pack returns the module with each run of consecutive active data
// segments merged into one where at most maxGap bytes lie between two of
// them, the gap written as zeros: a fresh memory holds zeros there, so
// the memory the module starts with is the same byte for byte. It
// reports the number of data segments before and after. A module whose
// code may refer to its segments by index (a data count section, or
// passive segments) is an error, since merging renumbers them; so is a
// segment of another memory or at an offset that is not a constant.
func Pack(module []byte, maxGap int) (packed []byte, before, after int, err error) {
	if !bytes.HasPrefix(module, magic) {
		return nil, 0, 0, errors.New("not a WebAssembly binary module (version 1)")
	}
	out := append([]byte(nil), magic...)
	seen := false // a data section
	for i := len(magic); i < len(module); {
		id := module[i]
		size, start, err := uleb(module, i+1)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("section at byte %d: its size: %w", i, err)
		}
		end := start + int(size)
		if end > len(module) || end < start {
			return nil, 0, 0, fmt.Errorf("section %d at byte %d: %d bytes, past the module's end", id, i, size)
		}
		switch id {
		case sectionDataCount:
			return nil, 0, 0, errors.New("the module has a data count section: its code may refer to data segments by index")
		case sectionData:
			if seen {
				return nil, 0, 0, errors.New("a second data section")
			}
			seen = true
			segs, err := readSegments(module[start:end])
			if err != nil {
				return nil, 0, 0, fmt.Errorf("data section: %w", err)
			}
			merged := merge(segs, maxGap)
			body := writeSegments(merged)
			out = append(out, sectionData)
			out = appendUleb(out, uint32(len(body)))
			out = append(out, body...)
			before, after = len(segs), len(merged)
		default:
			out = append(out, module[i:end]...)
		}
		i = end
	}
	return out, before, after, nil
}

// readSegments reads the data section's vector of segments.
func readSegments(b []byte) ([]segment, error) {
	n, i, err := uleb(b, 0)
	if err != nil {
		return nil, fmt.Errorf("its count: %w", err)
	}
	segs := make([]segment, 0, min(int(n), len(b)))
	for k := range int(n) {
		s, next, err := readSegment(b, i)
		if err != nil {
			return nil, fmt.Errorf("segment %d at byte %d: %w", k, i, err)
		}
		segs = append(segs, s)
		i = next
	}
	if i != len(b) {
		return nil, fmt.Errorf("%d bytes after its %d segments", len(b)-i, n)
	}
	return segs, nil
}

// readSegment reads one segment at b[i:], returning the index after it:
// an active segment of memory 0 whose offset is an i32.const, the only
// kind Go's linker writes.
func readSegment(b []byte, i int) (segment, int, error) {
	flags, i, err := uleb(b, i)
	if err != nil {
		return segment{}, 0, err
	}
	switch flags {
	case 0: // active, memory 0
	case 1:
		return segment{}, 0, errors.New("a passive segment: the code refers to it by index")
	case 2: // active, an explicit memory
		mem, next, err := uleb(b, i)
		if err != nil {
			return segment{}, 0, err
		}
		if mem != 0 {
			return segment{}, 0, fmt.Errorf("a segment of memory %d", mem)
		}
		i = next
	default:
		return segment{}, 0, fmt.Errorf("unknown segment flags %d", flags)
	}
	if i >= len(b) || b[i] != 0x41 { // i32.const
		return segment{}, 0, errors.New("an offset that is not an i32.const")
	}
	offset, i, err := sleb(b, i+1)
	if err != nil {
		return segment{}, 0, err
	}
	if i >= len(b) || b[i] != 0x0b { // end
		return segment{}, 0, errors.New("an offset expression of more than an i32.const")
	}
	data, next, err := readBytes(b, i+1)
	if err != nil {
		return segment{}, 0, err
	}
	if uint64(uint32(offset))+uint64(len(data)) > 1<<32 {
		return segment{}, 0, errors.New("bytes past the 32-bit memory's end")
	}
	return segment{offset: uint32(offset), data: data}, next, nil
}

// readBytes reads a byte vector at b[i:].
func readBytes(b []byte, i int) ([]byte, int, error) {
	n, i, err := uleb(b, i)
	if err != nil {
		return nil, 0, err
	}
	if int(n) > len(b)-i {
		return nil, 0, errTruncated
	}
	return b[i : i+int(n)], i + int(n), nil
}

// merge joins each segment to the one before it when it starts at most
// maxGap bytes after that one's end and no segment before wrote into the
// gap: filled with zeros, the gap then holds zeros in the original image
// too. Segments that go back stay apart, in their order (a later segment
// overwrites an earlier one). Go's linker writes its sections' segments
// in rising order, with one step back (to the data after the read-only
// data), so a few segments remain.
func merge(segs []segment, maxGap int) []segment {
	var out []segment
	for _, s := range segs {
		if k := len(out) - 1; k >= 0 {
			last := &out[k]
			from, to := int64(last.offset)+int64(len(last.data)), int64(s.offset)
			if gap := to - from; gap >= 0 && gap <= int64(maxGap) && !written(out[:k], from, to) {
				last.data = append(append(last.data, make([]byte, gap)...), s.data...)
				continue
			}
		}
		s.data = append([]byte(nil), s.data...) // merged into: not the module's bytes
		out = append(out, s)
	}
	return out
}

// written reports whether a segment writes into the bytes [from, to).
func written(segs []segment, from, to int64) bool {
	for _, s := range segs {
		if start, end := int64(s.offset), int64(s.offset)+int64(len(s.data)); start < to && end > from {
			return true
		}
	}
	return false
}

// writeSegments encodes the data section's vector of segments.
func writeSegments(segs []segment) []byte {
	b := appendUleb(nil, uint32(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSleb(b, int32(s.offset))
		b = append(b, 0x0b)
		b = appendUleb(b, uint32(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}
