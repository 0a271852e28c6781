// Package data reads the rounds the learners see: CSV text and inline JSON
// data into tables, the datasets that ship with unitfree (each feature with
// its physical unit), the selection of features and a label (±1 for a
// binary classification, class indices for a multiclass one, reals for a
// regression), and per-feature changes of units x ↦ scale·x + offset.
//
// Bad input is an error that names the row and column at fault; rows with
// a missing value are dropped and counted, never silently; Limits bound
// the rows, columns and bytes read.
package data
