package table

import "minehall/game"

// revealSamples is how many states each seat's view is sampled in to
// tell whether an action revealed something (see reveals).
const revealSamples = 16

// revealSeed seeds the samples, so that the same question always gets the
// same answer.
const revealSeed = 0x7a6b6e

// reveals reports whether p taking a in s lets some seat learn what it
// could not know before: what is hidden from it (a pile's order, another
// seat's card) or random (the generator a game draws with inside an
// action, as TF22 Mine draws combat cards). For each seat it applies a to
// states that seat cannot tell from s ([game.Determinizer], which
// resamples what the seat cannot see, the generator included) and
// compares what the seat then sees ([game.InfoKeyer]) with what it sees
// after s: an outcome that depends on what the seat could not see shows
// as a difference. A game with perfect information reveals nothing this
// way (its random events are chance actions, which the caller refuses);
// a game with hidden information whose states cannot be sampled counts
// every action as revealing.
func reveals(spec game.Spec, s game.State, p game.Player, a game.Action) bool {
	if spec.Information == game.PerfectInformation {
		return false
	}
	det, ok1 := s.(game.Determinizer)
	_, ok2 := s.(game.InfoKeyer)
	if !ok1 || !ok2 {
		return true
	}
	after := s.Clone()
	after.Apply(p, a)
	for q := range s.NumPlayers() {
		seat := game.Player(q)
		want := after.(game.InfoKeyer).InfoKey(seat)
		rng := game.NewRand(revealSeed)
		for range revealSamples {
			d := det.Determinize(seat, &rng)
			if game.Check(d, p, a) != nil {
				return true // whether a was legal hung on what seat could not see
			}
			d.Apply(p, a)
			if d.(game.InfoKeyer).InfoKey(seat) != want {
				return true
			}
		}
	}
	return false
}

// isPublic reports, before a is applied to s, whether every seat may be
// told that p took a (see [Table.moveIsPublic]).
func isPublic(spec game.Spec, s game.State, p game.Player, a game.Action) bool {
	if spec.Information == game.PerfectInformation {
		return true
	}
	pm, ok := s.(game.PublicMover)
	return ok && pm.MoveIsPublic(p, a)
}
