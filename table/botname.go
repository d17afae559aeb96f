package table

import (
	"hash/fnv"
	"slices"

	"minehall/store"
)

// botNicknames are the names bots take at a table, so that three bots of
// one level can be told apart in the log and on the end screen. They are
// minerals, which read the same in every language the app speaks.
var botNicknames = []string{
	"Agate", "Beryl", "Calcite", "Dolomite", "Garnet", "Jasper", "Malachite", "Onyx", "Pyrite", "Quartz", "Topaz", "Zircon",
}

// botNickname returns a name for a new bot at table id that no seat of
// seats has yet; the first choice depends on the table, so that tables
// differ.
func botNickname(id string, seats []store.Seat) string {
	h := fnv.New32a()
	h.Write([]byte(id))
	start := int(h.Sum32() % uint32(len(botNicknames)))
	for k := range botNicknames {
		name := botNicknames[(start+k)%len(botNicknames)]
		if !slices.ContainsFunc(seats, func(s store.Seat) bool { return s.Name == name }) {
			return name
		}
	}
	return botNicknames[start]
}
