// Package tf22 is TF22 Mine (TF Verlag, 2013): rival mining crews turn and
// flip the 36 double-sided cards of a planet to open tunnels, collect White
// Ranium, steal it in combat and carry it to three loaders orbiting the
// planet.
//
// A short tour:
//
//   - pack.go: the component pack (mine cards with tunnels on both sides,
//     symbol cards, docks, loader starts) as embedded JSON, validated by
//     [LoadPack], which reports every problem with its place;
//   - geometry.go: the 6 × 6 planet, its rings, edges and docks;
//   - state.go: [State], the set-up, who acts, and the tunnel networks
//     (flood fill on bitboards, rebuilt when a card turns);
//   - action.go and notation.go: the dense action space (set-up swaps and
//     color choices, actions A–K with their targets, symbol cards, Ranium
//     placement, and the symbol cards chance draws) and its notation
//     ("D red to 3,4", "draw 4");
//   - legal.go and apply.go: legal actions, chance's draws with their
//     probabilities (game.ChanceState), the reasons for illegal ones, and
//     the unchecked, allocation-free Apply with combat, delivery and the
//     re-placement of Ranium;
//   - view.go: per-seat views, information keys and determinization (the
//     attacker's face-down card of a strategy combat is the one hidden
//     thing: piles are sets whose draws are chance actions);
//   - public.go: which moves every seat may learn (all but the attacker's
//     face-down card);
//   - invariants.go: conservation of cards and Ranium for the conformance kit;
//   - evaluate.go: the bots' evaluator, each crew's distance to Ranium or to
//     a loader counted on bitboards;
//   - greedy.go: the one-ply greedy bot;
//   - search.go: the search view, which offers the search only the few
//     actions of a turn that matter;
//   - bots.go: the bot levels, ISMCTS over the search view at three budgets;
//   - route.go and route_search.go: the route puzzles, a solo puzzle mode
//     (not a rule change): one crew on a dealt planet collects a unit of
//     Ranium and delivers it in the fewest ore, the loaders advancing at
//     the start of each of its turns as the rules move them; [SolveRoute]
//     proves the optimum and counts its plans by an exact search over the
//     engine's own legal actions;
//   - rules/*.md: the rules in English, German, French and Dutch, with every
//     ruling and reconstructed component marked.
package tf22
