// Package hammertime is Hau Weg! / Hammer Time (HABA, 2020; Shaun Graham and
// Scott Huntington): players hit the edge of a tray of gems so that some
// fall, but fewer than nine, and fill their wagons with the right colors.
//
// A tour of the files:
//
//   - pack.go: the component pack (tray, gems, 16 wagon cards, 9 mission
//     cards), embedded from data/pack.json and validated on load;
//   - tray.go: the 2D rigid-body physics (Chipmunk2D through
//     github.com/jakecoffman/cp/v2): the gems' layout, a simulation of the
//     tray moving under them with the paths recorded, and putting gems back;
//   - hit.go: a hit's side, position and strength as dense actions, the
//     hand's noise and the expert die's techniques, and the tray's turns and
//     pushes;
//   - state.go: the rules of a turn and of the end, invariants;
//   - view.go: what each seat sees, determinization of hidden information,
//     the snapshot;
//   - fill.go: the filling of the top wagon with the fallen gems, white
//     jokers and mission cards, the player's choice, as dense actions, and
//     the suggested filling the bots choose;
//   - notation.go: "hit north 5 strength 4", "turn left", "push east",
//     "fill blue 1 white 1 missions 1", "fill nothing";
//   - bot.go: bots that simulate candidate hits on determinized copies;
//   - rules.go and rules/en.md: the rules text with every ruling and the
//     reconstructed components.
//
// Every hit is a deterministic function of the state and the action: the
// hand's noise and the die come from the state's generator, and the physics
// runs at a fixed step. The order of the wagon piles and of the mission pile
// below their top cards is hidden, so the game has imperfect information.
package hammertime
