// Package engine is the card and meld engine of rummy: cards and their
// notation, meld and lay-off judging under a set of Rules, card points, and
// the arrangement solver that finds the least deadwood a hand can leave.
// The solver is exact on every hand. Up to two decks and four jokers its
// proof took at most about half a second on every hand measured, most
// within milliseconds (see Arrange); beyond that nothing bounds it, and
// ArrangeContext stops at a deadline with the best arrangement found and a
// proven lower bound.
//
// It knows nothing of YAML, files, players or scoresheets: the variants
// package turns a variant file into Rules, and the referee package judges
// whole rounds. engine imports only the standard library.
package engine
