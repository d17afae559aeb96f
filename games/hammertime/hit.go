package hammertime

import (
	"math"

	"github.com/jakecoffman/cp/v2"

	"minehall/game"
)

// Side is a side of the tray, named by compass: north and south are the long
// sides, east and west the short ones.
type Side int8

// The four sides, clockwise from north.
const (
	North Side = iota
	East
	South
	West
)

var sideNames = [4]string{"north", "east", "south", "west"}

// String returns the side's name.
func (s Side) String() string { return sideNames[s&3] }

// Hit discretisation: a hit is a side, one of HitPositions points along it
// and one of HitStrengths strengths.
const (
	HitPositions = 9
	HitStrengths = 10
	numHits      = 4 * HitPositions * HitStrengths
)

// Technique is a hitting technique of the expert variant's die.
type Technique int8

// The die's six techniques; NoTechnique outside the expert variant and
// while the die is still to be rolled. As RULINGS.md rules, less control
// is spread, not force: only the handle and the fist change the blow's
// force.
const (
	NoTechnique Technique = iota
	Handle                // hit with the handle: a harder blow
	WeakHand              // the weaker hand: less control of aim and strength
	Fist                  // the fist: a harder, blunter blow with a wider contact
	HeadDown              // head on the table: the far half of the tray is hidden
	ThumbOff              // thumb off the hammer: less control of strength
	EyesClosed            // eyes closed: the tray is hidden, and less control of aim
	numTechniques
)

var techniqueNames = [numTechniques]string{"none", "handle", "weak-hand", "fist", "head-down", "thumb-off", "eyes-closed"}

// String returns the technique's name.
func (t Technique) String() string {
	if t < 0 || t >= numTechniques {
		return "unknown"
	}
	return techniqueNames[t]
}

// parseTechnique returns the die's face named s (not "none").
func parseTechnique(s string) (Technique, bool) {
	for t := Handle; t < numTechniques; t++ {
		if techniqueNames[t] == s {
			return t, true
		}
	}
	return NoTechnique, false
}

// Hit noise: the spread a person's hand adds to every hit, and the jolt's
// scale. Strength 1 to 10 sets the tray's speed right after the
// blow, from a touch that drops a gem only at the very edge to a blow that
// usually drops more than eight.
const (
	speedBase        = 30.0  // cm/s of tray speed at strength 0
	speedPerStrength = 9.0   // cm/s of tray speed per strength level
	joltTime         = 0.035 // seconds over which the table's friction stops the tray
	gemJitter        = 0.5   // each gem's own kick, relative to the jolt at it
	strengthSpread   = 0.4   // standard deviation of the strength, log scale
	spreadLimit      = 2.0   // the strength errs by at most this many standard deviations
	aimSpread        = 0.05  // standard deviation of the aim, as a fraction of the side
	angleSpread      = 0.08  // standard deviation of the blow's direction, radians
	rigidShare       = 0.6   // share of the blow that jolts the whole tray
	kickShare        = 1.5   // speed of the hop at the hit point, relative to the blow
	kickReach        = 4.0   // cm over which the hop falls to 1/e: the contact's width
)

// handNoise is how a technique changes a hit: the factors by which it
// widens the spread of the strength and of the aim (the point along the
// side and the blow's direction alike), multiplies the blow's speed, and
// widens the contact (the reach of the hop at the hit point).
type handNoise struct {
	strength, aim  float64 // multipliers of the spreads
	power, contact float64 // multipliers of the blow's speed and of the contact's width
}

// techniqueNoise holds each face's changes, as RULINGS.md rules them: the
// handle hits harder; the weaker hand controls aim and strength less; the
// fist hits harder and blunter, with a wider contact; head down changes
// nothing of the hit (the far half of the tray is hidden, see View); thumb
// off controls strength less; eyes closed controls aim less (and the tray
// is hidden).
var techniqueNoise = [numTechniques]handNoise{
	NoTechnique: {strength: 1, aim: 1, power: 1, contact: 1},
	Handle:      {strength: 1, aim: 1, power: 1.3, contact: 1},
	WeakHand:    {strength: 1.5, aim: 2.5, power: 1, contact: 1},
	Fist:        {strength: 1, aim: 1, power: 1.15, contact: 2},
	HeadDown:    {strength: 1, aim: 1, power: 1, contact: 1},
	ThumbOff:    {strength: 2, aim: 1, power: 1, contact: 1},
	EyesClosed:  {strength: 1, aim: 2, power: 1, contact: 1},
}

// strengthFactor is the hand's factor on the blow's speed for a standard
// normal deviate z and a log-scale spread sigma: log-normal, z clipped at
// spreadLimit, and divided by its own mean so that the noise is centred on
// the chosen strength (RULINGS.md: "the strength a player chooses is the
// hit's strength on average"). The factor lies within
// [exp(-spreadLimit·sigma), exp(spreadLimit·sigma)] / meanFactor(sigma).
func strengthFactor(z, sigma float64) float64 {
	z = max(-spreadLimit, min(spreadLimit, z))
	return math.Exp(z*sigma) / meanFactor(sigma)
}

// meanFactor is the mean of exp(sigma·Z) for Z a standard normal clipped at
// ±spreadLimit: the central part is exp(sigma²/2)·(Φ(L-sigma) - Φ(-L-sigma)),
// and each tail, of probability Φ(-L), sits at exp(±sigma·L).
func meanFactor(sigma float64) float64 {
	phi := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	l := spreadLimit
	return math.Exp(sigma*sigma/2)*(phi(l-sigma)-phi(-l-sigma)) + phi(-l)*(math.Exp(sigma*l)+math.Exp(-sigma*l))
}

// appliedStrength is the strength on the 1–10 scale of a blow whose tray
// speed is speed: the inverse of the chosen strength's speed
// speedBase + strength·speedPerStrength.
func appliedStrength(speed float64) float64 { return (speed - speedBase) / speedPerStrength }

// HitAction returns the action number of a hit on side at position
// (1..HitPositions, clockwise seen from above: from the side's right end for
// a person outside the tray facing that side) with strength
// (1..HitStrengths).
func HitAction(side Side, position, strength int) game.Action {
	return game.Action((int(side)*HitPositions+position-1)*HitStrengths + strength - 1)
}

// decodeHit is the inverse of HitAction for a < numHits.
func decodeHit(a game.Action) (side Side, position, strength int) {
	i := int(a)
	return Side(i / (HitPositions * HitStrengths)), i/HitStrengths%HitPositions + 1, i%HitStrengths + 1
}

// sideGeometry returns a point of side at fraction f along it and the
// inward normal. Fractions run clockwise seen from above: from the side's
// right end for a person standing outside the tray and facing that side (on
// the north side, from the west end to the east end).
func sideGeometry(t TraySpec, side Side, f float64) (p, n cp.Vector) {
	w, d := t.WidthCM/2, t.DepthCM/2
	switch side {
	case North:
		return cp.Vector{X: -w + 2*w*f, Y: d}, cp.Vector{X: 0, Y: -1}
	case East:
		return cp.Vector{X: w, Y: d - 2*d*f}, cp.Vector{X: -1, Y: 0}
	case South:
		return cp.Vector{X: w - 2*w*f, Y: -d}, cp.Vector{X: 0, Y: 1}
	default:
		return cp.Vector{X: -w, Y: -d + 2*d*f}, cp.Vector{X: 1, Y: 0}
	}
}

// hitMotion turns an intended hit into the tray's motion, drawing the hand's
// noise (widened by the technique) from rng. The blow pushes the tray away
// from the hammer; a blow off the side's middle also spins it. On average
// the blow's speed is the chosen strength's, times the technique's power.
func hitMotion(t TraySpec, side Side, position, strength int, tech Technique, rng *game.Rand) TrayMotion {
	hn := techniqueNoise[tech]
	f := float64(position) / float64(HitPositions+1)
	f += rng.NormFloat64() * aimSpread * hn.aim
	f = max(0.02, min(0.98, f))
	p, n := sideGeometry(t, side, f)
	turn := rng.NormFloat64() * angleSpread * hn.aim
	dir := n.Rotate(cp.ForAngle(turn))
	// A hand errs, but within bounds and around what it meant: see
	// strengthFactor.
	speed := (speedBase + float64(strength)*speedPerStrength) * hn.power * strengthFactor(rng.NormFloat64(), strengthSpread*hn.strength)
	// A rigid tray of uniform mass: the blow's angular share over its
	// linear share is (r × d) / (radius of gyration)².
	gyr2 := (t.WidthCM*t.WidthCM + t.DepthCM*t.DepthCM) / 12
	spin := p.Cross(dir) * speed / gyr2
	return TrayMotion{V0: dir.Mult(speed * rigidShare), W0: spin * rigidShare, Tau: joltTime, Jitter: gemJitter,
		HitPoint: p, Kick: speed * kickShare, KickReach: kickReach * hn.contact}
}

// Tray moves: a quarter turn either way, or a push toward a side.
const (
	turnTime = 0.6  // seconds for a quarter turn
	pushTime = 0.25 // seconds for a push
	pushCM   = 6.0  // how far a push moves the tray
)

// turnMotion is a quarter turn: counterclockwise when dir > 0.
func turnMotion(dir int) TrayMotion {
	peak := math.Pi / turnTime // the triangle's area is a quarter turn
	if dir < 0 {
		peak = -peak
	}
	return TrayMotion{TurnPeak: peak, TurnTime: turnTime}
}

// pushMotion pushes the tray toward side.
func pushMotion(side Side) TrayMotion {
	_, n := sideGeometry(TraySpec{WidthCM: 2, DepthCM: 2}, side, 0.5)
	peak := 2 * pushCM / pushTime
	return TrayMotion{PushPeak: n.Mult(-peak), PushTime: pushTime}
}
