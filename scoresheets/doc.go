// Package scoresheets is the match file of rummy: a match's settings, its
// rounds as the players entered them and the scores the referee gave them,
// kept as a versioned, human-readable YAML file.
//
// A Sheet is the match in memory. New starts one; Record, Undo, Edit, Amend
// (a partial edit: a Patch merged onto a round), End, Reopen, Rename, Join
// and Leave change it, each judging through the referee and noting what changed in
// the sheet's audit trail. Marshal and Unmarshal convert it to and from the
// file's bytes: Unmarshal is strict, judges every round again and refuses a
// file whose stored scores disagree with the referee's. Load, Create, Save
// and Update read and write files on disk: saves are atomic (a crash leaves
// the old file or the new one, never a torn one), keep the previous version
// as PATH.bak, refuse to overwrite a file changed since it was loaded, and
// take a lock (PATH.lock) against a second rummy writing the same match.
// Show, ShowJSON and Export render a sheet as plain text, JSON, CSV,
// Markdown or a self-contained HTML page (ExportHTML); Stats counts the
// players' records across sheets.
//
// It is not the rule book: which rounds are legal, what they score, who
// wins and who deals next are the referee package's decisions, and totals
// are always recomputed from the rounds, never trusted from a file. Nor
// does it talk to people: it prints no colour, asks no questions and never
// exits; cmd/rummy does that.
//
// The file, schema_version 2, looks like this (abridged):
//
//	schema_version: 2
//	created: 2026-03-01T19:30:00Z
//	variant:                  # the full effective rules, as variants.Load reads them
//	  name: basic
//	  ...
//	players: [Ann, Bob, Cy]   # seating order
//	first_dealer: Ann
//	target: 150               # 0: none
//	round_limit: 0            # 0: none
//	seats:                    # only once players join or leave, in the order made
//	  - {from: 4, leave: Cy}              # Cy sits out from round 4; the deal skips him
//	  - {from: 4, join: Dee, total: 35}   # Dee plays from round 4, starting at 35 (seats.join_total)
//	rounds:
//	  - number: 1
//	    dealer: Ann
//	    out: Bob              # or stalemate: true, or neither when nobody went out
//	    rummy: true           # only when claimed
//	    knock: Ann            # a gin hand (knock scoring): who knocked, instead of out
//	    upcard: "9S"          # a gin hand's first upcard, when given (Oklahoma needs it)
//	    melds:
//	      - {player: Bob, cards: "7H 8H 9H"}
//	    layoffs:
//	      - {player: Bob, cards: "10H", onto: 1}   # onto: 1-based into this round's melds
//	    hands:
//	      Ann: "KH 3D"
//	      Cy: {points: 12}    # points counted at the table instead of cards
//	    scores: {Ann: 0, Bob: 25, Cy: 0}
//	audit:                    # every change, oldest first
//	  - {time: '2026-03-01T19:30:00Z', action: new, note: "basic match for Ann, Bob, Cy; ..."}
//	  - {time: '2026-03-01T19:41:12Z', action: round, round: 1, note: "Bob out: Ann 0, Bob 25, Cy 0"}
//	holds: {rounds: 1, audit: 2}   # always the last line
//
// A gin hand holds both whole hands; melds (the knocker's, as laid) and
// layoffs (the defender's onto them) appear when given. An ended: TIME key
// appears once the players agree to stop. Totals are
// not stored: they follow from the rounds. The last line counts the rounds
// and audit entries before it, so a file cut at any byte is refused
// (saying it was cut short), never read as a shorter match; a person who
// removes a round by hand changes the count too. Version 1 files, without
// that line, still load, and become version 2 at their next save.
// Comments a person writes stay where they are through rummy's saves
// (comments.go says how).
package scoresheets
