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
//     hand's noise (centred on the chosen strength) and the expert die's
//     techniques, and the tray's turns and pushes;
//   - state.go: the rules of a turn and of the end, the die's roll as a
//     chance node, invariants;
//   - reveal.go: the piles' rules versions, and with drawn piles the cards
//     turned face up as chance nodes;
//   - view.go: what each seat sees, determinization of hidden information,
//     the snapshot;
//   - fill.go: the filling of the top wagon with the fallen gems, white
//     jokers and mission cards, the player's choice, as dense actions, and
//     the suggested filling the bots choose;
//   - notation.go: "hit north 5 strength 4", "turn left", "push east",
//     "fill blue 1 white 1 missions 1", "fill nothing", "roll fist",
//     "reveal pink-2";
//   - bot.go: bots that simulate candidate hits on determinized copies;
//   - rules.go and rules/en.md: the rules text with every ruling and the
//     reconstructed components.
//
// Chance comes in three forms. With drawn piles (option piles=chance, a
// new game's rules; see [PilesChance]) every card turned face up is a
// chance node: each player's first wagon and the first mission card at
// setup, a player's next wagon once one is filled and the next mission
// card once one is won are drawn by [game.Chance] from the cards left
// face down in that pile, each equally likely ("reveal pink-2"). With
// piles set at setup (piles=setup, the rules of every game stored before
// the option, which lacks it) the generator shuffles the piles at setup
// and no card is a chance node. The expert variant's die is a chance node:
// at the start of every turn of that variant, before anything else, the
// state's only actor is [game.Chance], whose legal actions are the six
// faces, each listed by [State.ChanceOutcomes] with probability 1/6; the
// roll ("roll fist") is an action of the log, made in the open, so tables,
// records and search see it and may sample or enumerate it. The physics'
// noise (a person's hand erring in strength, aim and direction, and every
// gem's own small kick and hop) cannot be enumerated: it is a continuum of
// outcomes, drawn inside the hit from the state's seeded generator. Every
// hit is therefore a deterministic function of the state (generator
// included) and the action, and the physics runs at a fixed step, so a
// game replays exactly from its seed and its action log; search sees the
// noise only by sampling it (Determinize reseeds the generator).
//
// With piles set at setup the order of the wagon piles and of the mission
// pile below their top cards is hidden, so the game has imperfect
// information; with drawn piles the cards face down are a set everyone
// knows, and what stays hidden is only a blind player's tray (the expert
// die's eyes closed and head down).
package hammertime
