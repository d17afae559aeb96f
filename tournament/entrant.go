package tournament

import "minehall/game"

// Entrant is a player of a tournament: a person's account or a bot.
type Entrant struct {
	// ID names the entrant uniquely within the tournament (an account id or
	// a bot's id). It must not be empty.
	ID string `json:"id"`
	// Rating is the entrant's displayed rating when it joined; it orders
	// entrants with equal points and breaks the last ties.
	Rating float64 `json:"rating"`
	// Joined is the entrant's join order (0 for the first to join). It is
	// kept for the runner's lists; pairing and standings do not use it.
	Joined int `json:"joined"`
	// Withdrawn entrants are never paired again. Their finished games still
	// count, for their own standing and for their opponents' tie-breaks.
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// field is the entrants of a tournament by ID, checked.
type field map[string]*Entrant

// checkEntrants refuses empty and duplicate IDs and returns the entrants by
// ID.
func checkEntrants(entrants []Entrant) (field, error) {
	f := make(field, len(entrants))
	for i := range entrants {
		e := &entrants[i]
		if e.ID == "" {
			return nil, game.Errorf(game.CodeInvalid, "entrant %d has no ID", i+1)
		}
		if _, dup := f[e.ID]; dup {
			return nil, game.Errorf(game.CodeInvalid, "entrant %q is listed twice", e.ID)
		}
		f[e.ID] = e
	}
	return f, nil
}

// active counts the entrants who have not withdrawn.
func active(entrants []Entrant) int {
	n := 0
	for _, e := range entrants {
		if !e.Withdrawn {
			n++
		}
	}
	return n
}

// checkTableSize refuses a table size other than 0 (meaning 2) or 2 to
// MaxTableSize, and returns the size in effect.
func checkTableSize(size int) (int, error) {
	switch {
	case size == 0:
		return 2, nil
	case size < 2 || size > MaxTableSize:
		return 0, game.Errorf(game.CodeInvalid, "table size %d is out of range: want 2 to %d players", size, MaxTableSize)
	}
	return size, nil
}
