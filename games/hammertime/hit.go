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

// The die's six techniques; NoTechnique outside the expert variant.
const (
	NoTechnique Technique = iota
	Handle                // hit with the handle: less control of strength
	WeakHand              // the weaker hand: less control of aim
	Fist                  // the fist: less control of contact (a softer, wider blow)
	HeadDown              // head on the table: only the near half of the tray is visible
	ThumbOff              // thumb off the hammer: less control of contact (the blow glances)
	EyesClosed            // eyes closed: nothing of the tray is visible, and aim suffers
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
	kickReach        = 4.0   // cm over which the hop falls to 1/e
)

// handNoise is how much a technique widens each spread and shifts the blow.
type handNoise struct {
	strength, aim, angle float64 // multipliers of the spreads
	power, time          float64 // multipliers of the speed and the jolt time
}

var techniqueNoise = [numTechniques]handNoise{
	NoTechnique: {1, 1, 1, 1, 1},
	Handle:      {2, 1, 1, 1.3, 1},
	WeakHand:    {1.5, 3, 1.2, 1, 1},
	Fist:        {1.3, 1, 2, 1.1, 2},
	HeadDown:    {1, 1.5, 1, 1, 1},
	ThumbOff:    {1.5, 1, 3, 1, 1},
	EyesClosed:  {2, 2, 1.5, 1, 1},
}

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
// from the hammer; a blow off the side's middle also spins it.
func hitMotion(t TraySpec, side Side, position, strength int, tech Technique, rng *game.Rand) TrayMotion {
	hn := techniqueNoise[tech]
	f := float64(position) / float64(HitPositions+1)
	f += rng.NormFloat64() * aimSpread * hn.aim
	f = max(0.02, min(0.98, f))
	p, n := sideGeometry(t, side, f)
	turn := rng.NormFloat64() * angleSpread * hn.angle
	dir := n.Rotate(cp.ForAngle(turn))
	// A hand errs, but within bounds: the strength's normal deviate is
	// clipped at spreadLimit standard deviations.
	z := max(-spreadLimit, min(spreadLimit, rng.NormFloat64()))
	speed := (speedBase + float64(strength)*speedPerStrength) * hn.power * math.Exp(z*strengthSpread*hn.strength)
	// A rigid tray of uniform mass: the blow's angular share over its
	// linear share is (r × d) / (radius of gyration)².
	gyr2 := (t.WidthCM*t.WidthCM + t.DepthCM*t.DepthCM) / 12
	spin := p.Cross(dir) * speed / gyr2
	return TrayMotion{V0: dir.Mult(speed * rigidShare), W0: spin * rigidShare, Tau: joltTime * hn.time, Jitter: gemJitter,
		HitPoint: p, Kick: speed * kickShare, KickReach: kickReach}
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
