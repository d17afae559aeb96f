package rating

import "math"

// The familiar scale a rating is shown on, as Glicko players expect it: a
// new player shows as 1500 ± 350.
const (
	// ShownCenter is the shown rating of Mu [DefaultMu].
	ShownCenter = 1500
	// ShownPerMu is how many shown points one step of Mu is worth: 42,
	// so that the default Sigma of 25/3 shows as a deviation of 350.
	ShownPerMu = 42
	// ProvisionalDeviation is the shown deviation above which a rating is
	// provisional: its player has not played enough rated games for the
	// figure to mean much. The model's Sigma comes down more slowly than
	// Glicko's deviation, so Lichess's 110 would keep a rating provisional
	// for some 77 two-player games; 210 settles it after about 20 games of
	// two players (23 of three, 29 of four, 36 of five) who win and lose
	// in turn, as a Lichess rating settles after a dozen or two.
	ProvisionalDeviation = 210
	// SettledSigma is the largest Sigma of a settled, not provisional,
	// rating: ProvisionalDeviation / ShownPerMu.
	SettledSigma = float64(ProvisionalDeviation) / ShownPerMu
)

// Shown is a rating as people read it: a whole number around 1500, its
// deviation, and whether it is provisional.
type Shown struct {
	// Rating is round(1500 + 42 (Mu - 25)).
	Rating int
	// Deviation is 42 Sigma, rounded to a whole number.
	Deviation int
	// Provisional says 42 Sigma is above [ProvisionalDeviation]: the
	// rating is shown with a question mark ("1500?").
	Provisional bool
}

// Show returns r on the shown scale.
func Show(r Rating) Shown {
	dev := ShownPerMu * r.Sigma
	return Shown{
		Rating:      int(math.Round(ShownCenter + ShownPerMu*(r.Mu-DefaultMu))),
		Deviation:   int(math.Round(dev)),
		Provisional: dev > ProvisionalDeviation,
	}
}

// Settled reports whether r is no longer provisional: Sigma at most
// [SettledSigma].
func (r Rating) Settled() bool { return !Show(r).Provisional }
