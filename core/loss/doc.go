// Package loss provides the convex losses of linear prediction ℓ(y, ŷ),
// each with its value and its derivative in the prediction ŷ: logistic and
// hinge for labels ±1, squared and absolute for real labels, and the
// linear loss y·ŷ of online linear games (unbounded below, so it has no
// best fixed predictor). Losses are written to stay finite for large
// margins (the logistic loss uses log1p and exp of a non-positive number).
package loss
