package hammertime

import (
	"math"
	"sync"

	"github.com/jakecoffman/cp/v2"

	"minehall/game"
)

// Gem is one gem's place. On the tray, X and Y are its center in
// centimeters from the tray's center (x toward the east short side, y toward
// the north long side) and A its angle in radians; Holder says who holds it.
type Gem struct {
	X, Y, A float64
	Holder  int8 // OnTray, Fallen, or the seat whose top wagon holds it
}

// Holders of gems that are in no wagon.
const (
	OnTray int8 = -1 // lying on the tray
	Fallen int8 = -2 // fallen off the tray by the current hit, waiting for the filling
)

// Simulation constants. The step is fixed so that a hit is a deterministic
// function of the tray and its inputs.
const (
	simHz         = 120         // physics steps per simulated second
	simDT         = 1.0 / simHz // seconds per step
	frameEvery    = 4           // steps per recorded frame: 30 frames a second
	maxSimSeconds = 3.0         // a hit is simulated at most this long
	maxSimSteps   = int(maxSimSeconds * simHz)
	gravityCM     = 981.0  // cm/s²
	posQuantum    = 20.0   // recorded positions are in 1/20 cm (half millimeters)
	angleQuantum  = 1000.0 // recorded angles are in milliradians
	sleepAfter    = 0.08   // seconds of rest before a gem is put to sleep
	idleSpeed     = 0.5    // cm/s below which a gem counts as resting
	spinFriction  = 6.0    // angular deceleration per unit of linear friction, 1/cm
	contactSlop   = 0.02   // cm of overlap the solver tolerates
	solverPasses  = 8      // contact solver iterations per step
	returnMargin  = 4.0    // cm from the edges where returned gems are not put
	setupMargin   = 3.0    // cm from the edges kept free when the gems are poured out
	returnSpacing = 2.05   // minimum center distance of a returned gem to others
	gemMass       = 1.0    // every gem's mass (units of the solver's own)
)

// TrayMotion is how the tray itself moves during a simulation, in the tray's
// own frame: at time 0 its center's velocity jumps by V0 (cm/s) and its spin
// by W0 (rad/s), both then falling linearly to zero over Tau seconds (the
// jolt of a hit); or its spin follows a triangle peaking at TurnPeak over
// TurnTime seconds (a quarter turn); or its velocity follows a triangle
// peaking at PushPeak over PushTime seconds (a push).
type TrayMotion struct {
	V0     cp.Vector
	W0     float64
	Tau    float64
	Jitter float64 // standard deviation of each gem's own velocity kick, as a fraction of the jolt at it
	// Kick is the speed (cm/s) at which gems at the hit point hop away in
	// random directions, falling off as exp(-distance/KickReach).
	HitPoint  cp.Vector
	Kick      float64
	KickReach float64
	TurnPeak  float64
	TurnTime  float64
	PushPeak  cp.Vector
	PushTime  float64
}

// duration returns how long the tray is driven.
func (m *TrayMotion) duration() float64 { return max(m.Tau, m.TurnTime, m.PushTime) }

// frame returns the tray's linear acceleration, angular velocity and angular
// acceleration at time t (after the initial jump of a jolt).
func (m *TrayMotion) frame(t float64) (acc cp.Vector, w, alpha float64) {
	if m.Tau > 0 && t < m.Tau {
		f := 1 - t/m.Tau
		acc = acc.Add(m.V0.Mult(-1 / m.Tau))
		w += m.W0 * f
		alpha -= m.W0 / m.Tau
	}
	if m.TurnTime > 0 && t < m.TurnTime {
		half := m.TurnTime / 2
		slope := m.TurnPeak / half
		if t < half {
			w += slope * t
			alpha += slope
		} else {
			w += slope * (m.TurnTime - t)
			alpha -= slope
		}
	}
	if m.PushTime > 0 && t < m.PushTime {
		half := m.PushTime / 2
		slope := m.PushPeak.Mult(1 / half)
		if t < half {
			acc = acc.Add(slope)
		} else {
			acc = acc.Sub(slope)
		}
	}
	return acc, w, alpha
}

// SimResult is what a simulation did: which gems fell, in order, and the
// recorded paths.
type SimResult struct {
	Fallen []int8
	Frames [][]int16
	Steps  int
}

// simulation holds one run of the physics on a tray, or, made by
// [newReusedSimulation], a space whose bodies serve one run after another.
type simulation struct {
	pack    *Pack
	motion  TrayMotion
	t       float64
	space   *cp.Space
	bodies  [NumGems]*cp.Body
	shapes  [NumGems]*cp.Shape
	inRun   [NumGems]bool // on the tray when the run began
	active  [NumGems]bool // on the tray
	removed [NumGems]bool // not in the space: fallen, or not in the run
	halfW   float64
	halfD   float64
	decel   float64 // friction deceleration on the tray, cm/s²
	// band, when positive, ends a run as soon as its outcome is decided
	// for a judge: no gem can still fall, nor cross the line band cm inside
	// the edges (see [simulation.decided]). Play leaves it 0: its runs go
	// on until every gem rests.
	band float64
}

// gemVerts returns the gem outline: an elongated hexagon along its x axis.
func gemVerts(g GemSpec) []cp.Vector {
	l, w := g.LengthCM/2, g.WidthCM/2
	return []cp.Vector{{X: l, Y: 0}, {X: l / 2, Y: w}, {X: -l / 2, Y: w}, {X: -l, Y: 0}, {X: -l / 2, Y: -w}, {X: l / 2, Y: -w}}
}

// simulate runs the physics on the gems lying on the tray, with the tray
// moving as m and every gem's own kick drawn from rng, until every gem rests
// or maxSimSeconds pass. It moves the gems in gems, marks the fallen ones
// (their Holder stays OnTray and their place is where they left the tray:
// the caller decides where they go), and returns what fell and the paths.
// When record is false no frames are kept.
func simulate(pack *Pack, gems *[NumGems]Gem, m TrayMotion, rng *game.Rand, record bool) SimResult {
	s := &simulation{pack: pack, halfW: pack.Tray.WidthCM / 2, halfD: pack.Tray.DepthCM / 2}
	s.decel = pack.Tray.Friction * gravityCM
	s.build(gems)
	return s.run(gems, m, rng, record)
}

// newReusedSimulation returns a simulation for [simulation.rerun]: one
// space whose bodies are put back in place for every run instead of built
// anew.
func newReusedSimulation(pack *Pack) *simulation {
	s := &simulation{pack: pack, halfW: pack.Tray.WidthCM / 2, halfD: pack.Tray.DepthCM / 2}
	s.decel = pack.Tray.Friction * gravityCM
	for i := range s.removed {
		s.removed[i] = true
	}
	return s
}

// rerun is [simulate] in s's space: the gems lying on the tray get their
// bodies back (made once), at their places, at rest and awake; the other
// bodies leave the space. The physics is the same, but the space keeps
// what the library carries from step to step (the contacts' last impulses,
// the order of its pairs), so a run's paths differ from simulate's by the
// rounding that this state changes, and the physics is chaotic: the gems
// that fall are the same in most runs, about as often as when every gem
// lies one contact slop away, and as many fall over many runs
// (TestReusedSimulationAgrees). A reused simulation serves one goroutine.
func (s *simulation) rerun(gems *[NumGems]Gem, m TrayMotion, rng *game.Rand, record bool) SimResult {
	if s.space == nil {
		s.build(&[NumGems]Gem{})
	}
	for i := range gems {
		g := &gems[i]
		on := g.Holder == OnTray
		b := s.bodies[i]
		switch {
		case on && b == nil:
			b = s.newBody(i, g)
			b.SetVelocityUpdateFunc(s.velocityFunc())
			fallthrough
		case on && s.removed[i]:
			s.space.AddBody(b)
			s.space.AddShape(s.shapes[i])
		case !on && !s.removed[i]:
			b.EachShape(func(sh *cp.Shape) { s.space.RemoveShape(sh) })
			s.space.RemoveBody(b)
		}
		s.removed[i], s.inRun[i], s.active[i] = !on, on, on
		if on {
			b.SetAngle(g.A)
			b.SetPosition(cp.Vector{X: g.X, Y: g.Y})
			b.SetVelocityVector(cp.Vector{})
			b.SetAngularVelocity(0)
		}
	}
	s.t = 0
	s.space.SleepTimeThreshold = cp.INFINITY
	return s.run(gems, m, rng, record)
}

// run runs the physics on the bodies of the gems lying on the tray (see
// [simulate]).
func (s *simulation) run(gems *[NumGems]Gem, m TrayMotion, rng *game.Rand, record bool) SimResult {
	pack := s.pack
	s.motion = m
	space := s.space
	// The jolt's jump: the tray leaps under the gems, which keep their
	// place in the world, so in the tray's frame they move the other way.
	if m.Tau > 0 {
		for i, b := range s.bodies {
			if !s.active[i] {
				continue
			}
			p := b.Position()
			jolt := m.V0.Add(cp.Vector{X: -p.Y, Y: p.X}.Mult(m.W0))
			v := jolt.Neg()
			if m.Jitter > 0 {
				size := jolt.Length() * m.Jitter
				v = v.Add(cp.Vector{X: rng.NormFloat64() * size, Y: rng.NormFloat64() * size})
				b.SetAngularVelocity(rng.NormFloat64() * size / pack.Gem.LengthCM)
			}
			if m.Kick > 0 {
				k := m.Kick * math.Exp(-p.Distance(m.HitPoint)/m.KickReach) * rng.Float64()
				v = v.Add(cp.ForAngle(rng.Float64() * 2 * math.Pi).Mult(k))
			}
			b.SetVelocityVector(v)
		}
	}
	var res SimResult
	drive := m.duration()
	var last [NumGems][3]int16
	for step := 1; step <= maxSimSteps; step++ {
		space.Step(simDT)
		s.t += simDT
		res.Steps = step
		fellNow := false
		for i, b := range s.bodies {
			if !s.active[i] {
				continue
			}
			p := b.Position()
			if math.Abs(p.X) > s.halfW || math.Abs(p.Y) > s.halfD {
				s.active[i] = false
				res.Fallen = append(res.Fallen, int8(i))
				fellNow = true
				gems[i].X, gems[i].Y, gems[i].A = p.X, p.Y, normAngle(b.Angle())
			}
		}
		if fellNow {
			for i, b := range s.bodies {
				if s.inRun[i] && !s.active[i] && !s.removed[i] {
					s.removed[i] = true
					b.EachShape(func(sh *cp.Shape) { space.RemoveShape(sh) })
					space.RemoveBody(b)
				}
			}
		}
		if record && step%frameEvery == 0 {
			res.Frames = append(res.Frames, s.frame(&last, gems))
		}
		if s.t >= drive {
			if space.SleepTimeThreshold == cp.INFINITY {
				space.SleepTimeThreshold = sleepAfter
			}
			if s.allResting() || (s.band > 0 && s.decided()) {
				break
			}
		}
	}
	for i, b := range s.bodies {
		if s.active[i] {
			p := b.Position()
			gems[i].X, gems[i].Y, gems[i].A = p.X, p.Y, normAngle(b.Angle())
		}
	}
	if record && res.Steps%frameEvery != 0 {
		res.Frames = append(res.Frames, s.frame(&last, gems))
	}
	return res
}

// buildMu serialises building simulations: the physics library numbers
// its bodies from a package-level counter without a lock (the number only
// names a body when printed), so two simulations building bodies at once,
// as tables and bots do, would race on it.
var buildMu sync.Mutex

// build makes s's space with a body for every gem lying on the tray.
func (s *simulation) build(gems *[NumGems]Gem) {
	buildMu.Lock()
	defer buildMu.Unlock()
	space := cp.NewSpace()
	space.Iterations = solverPasses
	space.SetCollisionSlop(contactSlop)
	space.SleepTimeThreshold = cp.INFINITY
	space.IdleSpeedThreshold = idleSpeed
	s.space = space
	for i := range gems {
		g := &gems[i]
		if g.Holder != OnTray {
			continue
		}
		b := s.newBodyLocked(i, g)
		space.AddBody(b)
		space.AddShape(s.shapes[i])
		b.SetVelocityUpdateFunc(s.velocityFunc())
		s.inRun[i] = true
		s.active[i] = true
	}
}

// newBody makes the body and shape of gem i, at g's place, in no space,
// and returns the body.
func (s *simulation) newBody(i int, g *Gem) *cp.Body {
	buildMu.Lock()
	defer buildMu.Unlock()
	return s.newBodyLocked(i, g)
}

// newBodyLocked is newBody with buildMu held.
func (s *simulation) newBodyLocked(i int, g *Gem) *cp.Body {
	verts := gemVerts(s.pack.Gem)
	moment := cp.MomentForPoly(gemMass, len(verts), verts, cp.Vector{}, 0)
	b := cp.NewBody(gemMass, moment)
	b.SetPosition(cp.Vector{X: g.X, Y: g.Y})
	b.SetAngle(g.A)
	sh := cp.NewPolyShape(b, len(verts), verts, cp.NewTransformIdentity(), 0)
	sh.SetFriction(s.pack.Tray.GemFriction)
	sh.SetElasticity(s.pack.Tray.GemElasticity)
	s.bodies[i], s.shapes[i] = b, sh
	return b
}

// frame records the gems that moved since the last frame as quadruples
// (gem, x, y, angle) in half millimeters and milliradians; a gem that fell
// is recorded once more where it left the tray.
func (s *simulation) frame(last *[NumGems][3]int16, gems *[NumGems]Gem) []int16 {
	out := []int16{}
	for i, b := range s.bodies {
		if !s.inRun[i] {
			continue
		}
		var q [3]int16
		if s.active[i] {
			p := b.Position()
			q = [3]int16{quantPos(p.X), quantPos(p.Y), quantAngle(b.Angle())}
		} else {
			q = [3]int16{quantPos(gems[i].X), quantPos(gems[i].Y), quantAngle(gems[i].A)}
		}
		if q != last[i] {
			last[i] = q
			out = append(out, int16(i), q[0], q[1], q[2])
		}
	}
	return out
}

func quantPos(v float64) int16 {
	return int16(max(-32000, min(32000, math.Round(v*posQuantum))))
}

func quantAngle(a float64) int16 { return int16(math.Round(normAngle(a) * angleQuantum)) }

func normAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a
}

// allResting reports whether every gem still on the tray sleeps or is still.
func (s *simulation) allResting() bool {
	for i, b := range s.bodies {
		if !s.active[i] || b.IsSleeping() {
			continue
		}
		if b.Velocity().Length() > idleSpeed || math.Abs(b.AngularVelocity())*s.pack.Gem.LengthCM > idleSpeed {
			return false
		}
	}
	return true
}

// decidedMargin is the room (cm) that [simulation.decided] leaves for what
// its bound does not count: the solver's push apart of overlapping gems,
// and a step's slide before friction acts.
const decidedMargin = 0.1

// decided reports whether, with the tray no longer driven, no gem lying
// on it can still fall off or cross the line s.band cm inside the edges.
// Friction takes s.decel·mass of energy from a gem for every centimeter
// it slides, and collisions pass energy on but make none, so all the gems
// together can slide at most their kinetic energy (moving and turning)
// over that force; the run is decided when every gem lies farther than
// that, and a margin, from the edges and from the line.
func (s *simulation) decided() bool {
	energy, gap := 0.0, math.Inf(1)
	for i, b := range s.bodies {
		if !s.active[i] {
			continue
		}
		v, w := b.Velocity(), b.AngularVelocity()
		energy += 0.5 * (b.Mass()*v.LengthSq() + b.Moment()*w*w)
		p := b.Position()
		dx, dy := s.halfW-math.Abs(p.X), s.halfD-math.Abs(p.Y)
		gap = min(gap, dx, dy, math.Abs(dx-s.band), math.Abs(dy-s.band))
	}
	return energy/(gemMass*s.decel)+decidedMargin < gap
}

// velocityFunc returns the gems' velocity update: the pseudo-forces of the
// moving tray (its acceleration, its spin's Euler, centrifugal and Coriolis
// terms) and then sliding friction against the tray, which stops a gem
// outright when it would reverse it (static friction).
func (s *simulation) velocityFunc() cp.BodyVelocityFunc {
	return func(b *cp.Body, _ cp.Vector, _ float64, dt float64) {
		v := b.Velocity()
		acc, w, alpha := s.motion.frame(s.t)
		if acc != (cp.Vector{}) || w != 0 || alpha != 0 {
			p := b.Position()
			a := acc.Neg()
			a = a.Sub(cp.Vector{X: -p.Y, Y: p.X}.Mult(alpha)) // Euler
			a = a.Add(p.Mult(w * w))                          // centrifugal
			a = a.Sub(cp.Vector{X: -v.Y, Y: v.X}.Mult(2 * w)) // Coriolis
			v = v.Add(a.Mult(dt))
		}
		f := s.decel * dt
		if n := v.Length(); n <= f {
			v = cp.Vector{}
		} else {
			v = v.Mult((n - f) / n)
		}
		b.SetVelocityVector(v)
		spin := b.AngularVelocity()
		fs := f * spinFriction / s.pack.Gem.LengthCM
		switch {
		case math.Abs(spin) <= fs:
			spin = 0
		case spin > 0:
			spin -= fs
		default:
			spin += fs
		}
		b.SetAngularVelocity(spin)
	}
}

// setupTray lays the 90 gems on a jittered grid over the tray, in an order
// shuffled by rng, as players pour them out at the start.
func setupTray(pack *Pack, gems *[NumGems]Gem, rng *game.Rand) {
	l, w := pack.Gem.LengthCM, pack.Gem.WidthCM
	cellX, cellY := l*1.1, w*1.12
	cols := int((pack.Tray.WidthCM - 2*setupMargin) / cellX)
	rows := int((pack.Tray.DepthCM - 2*setupMargin) / cellY)
	sites := cols * rows
	if sites < NumGems {
		// A tray too small for the grid (a pack may be tighter than the
		// embedded one): place the gems one by one at open spots.
		for i := range gems {
			gems[i] = Gem{Holder: 0}
		}
		for i := range gems {
			placeGem(pack, gems, i, rng, nil)
		}
		return
	}
	perm := rng.Perm(sites)
	x0 := -float64(cols-1) * cellX / 2
	y0 := -float64(rows-1) * cellY / 2
	jx, jy := (cellX-l)*0.4, (cellY-w)*0.4
	for i := range gems {
		site := perm[i]
		c, r := site%cols, site/cols
		gems[i] = Gem{
			X:      x0 + float64(c)*cellX + (rng.Float64()*2-1)*jx,
			Y:      y0 + float64(r)*cellY + (rng.Float64()*2-1)*jy,
			A:      0,
			Holder: OnTray,
		}
	}
}

// placeGem puts gem i back on the tray at a free spot: a random point away
// from the edges with room around it, or, when the tray is too crowded for
// that, the most open point of a fine grid (the first in row order among
// equals). Only gems on the tray count as obstacles. When allowed is not
// nil, only points it accepts are chosen.
func placeGem(pack *Pack, gems *[NumGems]Gem, i int, rng *game.Rand, allowed func(x, y float64) bool) {
	halfW, halfD := pack.Tray.WidthCM/2-returnMargin, pack.Tray.DepthCM/2-returnMargin
	var obstacles [NumGems]cp.Vector
	n := 0
	for j := range gems {
		if j != i && gems[j].Holder == OnTray && onTray(pack, &gems[j]) {
			obstacles[n] = cp.Vector{X: gems[j].X, Y: gems[j].Y}
			n++
		}
	}
	// clearance returns the squared distance from (x, y) to the nearest
	// obstacle (+Inf when there is none), or, once some obstacle is found
	// nearer than the squared distance limit, that obstacle's: a value
	// below limit. Cutting the search short changes no comparison with
	// limit, and the grid's scan below needs no more, so the spot chosen is
	// the one a full search would choose.
	//
	// The obstacle that cut the last search short is measured first: the
	// grid's points are searched one after another, close together, and
	// most are cut short by the same gem. Measuring it again in the full
	// search leaves the minimum as it is.
	last := 0
	clearance := func(x, y, limit float64) float64 {
		if n == 0 {
			return math.Inf(1)
		}
		dx, dy := obstacles[last].X-x, obstacles[last].Y-y
		if d := dx*dx + dy*dy; d < limit {
			return d
		}
		best := math.Inf(1)
		for k, o := range obstacles[:n] {
			dx, dy := o.X-x, o.Y-y
			best = min(best, dx*dx+dy*dy)
			if best < limit {
				last = k
				break
			}
		}
		return best
	}
	need := returnSpacing * returnSpacing
	for try := 0; try < 48; try++ {
		x := (rng.Float64()*2 - 1) * halfW
		y := (rng.Float64()*2 - 1) * halfD
		if (allowed == nil || allowed(x, y)) && clearance(x, y, need) >= need {
			gems[i] = Gem{X: x, Y: y, A: rng.Float64() * math.Pi, Holder: OnTray}
			return
		}
	}
	bx, by, bc := 0.0, 0.0, -1.0
	for y := -halfD; y <= halfD; y += 0.5 {
		for x := -halfW; x <= halfW; x += 0.5 {
			if allowed != nil && !allowed(x, y) {
				continue
			}
			// A point at most as open as the best so far is not taken:
			// its search may stop at any obstacle that near.
			if c := clearance(x, y, math.Nextafter(bc, math.Inf(1))); c > bc {
				bx, by, bc = x, y, c
			}
		}
	}
	gems[i] = Gem{X: bx, Y: by, A: rng.Float64() * math.Pi, Holder: OnTray}
}

// onTray reports whether g's center lies on the tray.
func onTray(pack *Pack, g *Gem) bool {
	return math.Abs(g.X) <= pack.Tray.WidthCM/2 && math.Abs(g.Y) <= pack.Tray.DepthCM/2
}
