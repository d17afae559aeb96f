// Package puzzle holds Minehall's puzzles: the daily Out of Mine tiling and
// its endless ladder, and the Hammer Time practice tray's daily drills.
//
// A day is a UTC calendar date ([Day]); everyone gets the same puzzles on
// the same day, because each is a pure function of the date:
//
//   - Out of Mine ([Daily]): the variant rotates plain, elves, finds by the
//     day number (days since 1970-01-01) modulo 3, and the board side and
//     treasure card come from the pairs the solver covers exactly and whose
//     best round score it proves in every variant, walked in the daily
//     rotation (rotation.go): no pair twice in [NoRepeatDays] days, nor
//     any other daily puzzle. The player lays
//     the card's tiles, from the whole box, under assist mode's placement
//     rules. The objective is the rulebook's round score for the variant
//     without a caller: 10 - empty spaces, plus the elves bonus (variant A)
//     or the finds score (variant B). "Perfect" is the best score the
//     solver proves; the optimum of the API is the fewest empty spaces.
//   - The ladder ([Ladder]): the plain pairs with an exact tiling, fewest
//     exact tilings first, each rated with package rating (a puzzle's own
//     rating moves with every attempt, a solve being a win against it).
//   - Hammer Time ([Drills]): one tray a day, poured from the day's seed by
//     the engine, and three drills on it (knock exactly k gems, knock one
//     color, knock as few as possible from a given side), each scored from
//     the engine's own hits.
//
// [Service] checks submissions against start tickets kept in a
// [store.PuzzleStore]: a ticket is issued to a player when they open a
// puzzle, used once by an accepted solution, and expires ([TicketLife]);
// times are the server's. Identity is a player string, a signed-in
// account's or a guest browser's (package server makes the guest's id).
// The server alone scores, times and rates: a submission that brings a
// rating or a score is refused. A puzzle counts once per player, at their
// first attempt, and not when faster than a person can be (fairness.go).
// Every player's history, streak and ratings are the server's
// ([History], history.go).
package puzzle
