//go:build js

package main

import "honnef.co/go/js/dom/v2"

// textSlots writes a panel's figures, the elements of a class within it:
// each element is looked up once, and its text written only when it
// changes, since a playing room redraws its panels many times a second.
type textSlots struct {
	root dom.Element
	els  map[string]dom.Element
	last map[string]string
}

func newTextSlots(root dom.Element) *textSlots {
	return &textSlots{root: root, els: map[string]dom.Element{}, last: map[string]string{}}
}

// set shows text in the panel's element of the given class.
func (s *textSlots) set(class, text string) {
	el, ok := s.els[class]
	if !ok {
		el = query(s.root, "."+class)
		s.els[class] = el
	} else if s.last[class] == text {
		return
	}
	setText(el, text)
	s.last[class] = text
}
