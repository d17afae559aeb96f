// Package rating rates players from the rank orders of the games they play,
// with the Weng-Lin Bayesian approximation and the Plackett-Luce model
// (R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for Online
// Ranking", Journal of Machine Learning Research 12 (2011) 267-300,
// Algorithm 4), computed as the OpenSkill libraries compute it (openskill.js
// 5.0.1, whose results the tests compare against).
//
// A player's skill is a normal distribution: a [Rating] holds its mean Mu and
// standard deviation Sigma. A new player has [Default] (Mu 25, Sigma 25/3). A
// game's result is a rank order: rank 1 is first, a larger rank is worse and
// equal ranks are a tie. [Model.Rate] takes the players' ratings before a
// free-for-all game and their ranks, and returns their ratings after it:
//
//	m := rating.DefaultModel()
//	after, err := m.Rate([]rating.Rating{alice, bob, carol}, []int{2, 1, 2})
//
// Bob won, Alice and Carol tied for second. Winners' Mu rises, losers' falls,
// by more when the result is a surprise; every Sigma shrinks a little as the
// games tell more about the players, except that the model's Tau first adds a
// little uncertainty before each game, so that a rating keeps following a
// player whose skill changes. [Model.RateTeams] rates games between teams of
// one or more players in the same way.
//
// [Rating.Ordinal], Mu - 3 Sigma, is the value to rank players by on a
// leaderboard: a conservative estimate that a new player starts at 0 and that
// rises as Sigma shrinks. [Scale] maps it to a display range.
// [Model.WinProbabilities] predicts how likely each player is to win a game.
//
// Everything here is a pure function of its arguments: the package keeps no
// state, stores nothing and changes no argument. Storing ratings per game,
// per bot or per puzzle is the caller's business.
package rating
