// gen-openskill.mjs writes openskill.json, the reference values the rating
// package's tests compare against: the outputs of the openskill npm package,
// version 5.0.1, with its default Plackett-Luce model.
//
// It was run once by hand with Node.js 20, not by the tests or CI:
//
//	mkdir osk && cd osk && npm init -y && npm install openskill@5.0.1
//	cp <this file> . && node gen-openskill.mjs > openskill.json
//
// and openskill.json was copied next to this file. Numbers are written as
// JSON.stringify writes them: the shortest text that reads back as the same
// float64, so the file holds the library's results to full precision.
//
// A rate case is a roster of players and one or more games among them; a
// game names its teams by roster index (most teams are one player) and gives
// the rank of each team (lower is better, equal is a tie). Each game's
// results replace the roster entries of its players before the next game, so a
// case of several games is a rating history. "options" are the options passed
// to rate (absent ones are openskill's defaults); "gamma": "inverseK" stands
// for the function (c, k) => 1 / k.

import { rate, predictWin, ordinal, rating } from 'openskill'

// mulberry32: a small seeded generator, so that the random histories are
// the same on every run.
const prng = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const gammas = { inverseK: (_c, k) => 1 / k }

const rateOptions = (options) => {
  const o = { ...options }
  if (o.gamma) o.gamma = gammas[o.gamma]
  return o
}

const d = () => rating()
const r = (mu, sigma) => ({ mu, sigma })
const singles = (n) => Array.from({ length: n }, (_, i) => [i])

// one: a case of a single game in which every player is a team of one.
const one = (name, players, rank, options = {}) => ({
  name,
  options,
  players,
  games: [{ teams: singles(players.length), rank }],
})

// team: a case of a single game between teams, given as arrays of ratings.
const team = (name, teams, rank, options = {}) => {
  const players = teams.flat()
  let next = 0
  const idx = teams.map((t) => t.map(() => next++))
  return { name, options, players, games: [{ teams: idx, rank }] }
}

// history: a case of n random games among a roster of size players, each
// game between 2 and 5 of them (teams of one unless teamGames), with a random
// rank order in which, about one game in four, two teams tie.
const history = (name, seed, size, n, options = {}, teamGames = false) => {
  const rnd = prng(seed)
  const players = Array.from({ length: size }, (_, i) =>
    i < 2 ? d() : r(10 + 30 * rnd(), 0.5 + 8 * rnd()),
  )
  const games = []
  for (let g = 0; g < n; g++) {
    const k = 2 + Math.floor(rnd() * 4)
    const pool = Array.from({ length: size }, (_, i) => i)
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1))
      ;[pool[i], pool[j]] = [pool[j], pool[i]]
    }
    let teams
    if (teamGames && size >= 2 * k) {
      teams = Array.from({ length: k }, (_, i) => pool.slice(2 * i, 2 * i + 1 + Math.floor(rnd() * 2)))
    } else {
      teams = pool.slice(0, k).map((p) => [p])
    }
    const rank = teams.map((_, i) => i + 1)
    for (let i = rank.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1))
      ;[rank[i], rank[j]] = [rank[j], rank[i]]
    }
    if (rnd() < 0.3) rank[Math.floor(rnd() * k)] = rank[Math.floor(rnd() * k)]
    games.push({ teams, rank })
  }
  return { name, options, players, games }
}

const cases = [
  // Two players.
  one('2 default win', [d(), d()], [1, 2]),
  one('2 default loss', [d(), d()], [2, 1]),
  one('2 default draw', [d(), d()], [1, 1]),
  one('2 favourite wins', [r(32.444, 5.123), r(18.5, 3.2)], [1, 2]),
  one('2 upset', [r(32.444, 5.123), r(18.5, 3.2)], [2, 1]),
  one('2 draw unequal', [r(30, 2), r(20, 7.5)], [1, 1]),
  one('2 new against settled', [d(), r(27.5, 1.1)], [1, 2]),
  one('2 ranks not from 1', [d(), r(21, 6)], [7, 3]),
  // Three players.
  one('3 default in order', [d(), d(), d()], [1, 2, 3]),
  one('3 default permuted', [d(), d(), d()], [3, 1, 2]),
  one('3 varied', [r(29.1, 4.4), r(22.3, 7.9), r(25.7, 2.05)], [2, 3, 1]),
  one('3 tie for first', [d(), d(), d()], [1, 1, 3]),
  one('3 tie for last', [r(26, 6), r(24, 3), r(31, 5)], [1, 2, 2]),
  one('3 all tie', [r(26, 6), r(24, 3), r(31, 5)], [1, 1, 1]),
  // Four players.
  one('4 default readme', [d(), d(), d(), d()], [4, 1, 3, 2]),
  one('4 varied', [r(35.2, 3.3), r(19.8, 6.6), r(25, 25 / 3), r(28.01, 1.5)], [3, 4, 1, 2]),
  one('4 three-way tie', [d(), r(23.5, 4), r(27, 6.2), r(20, 7)], [1, 2, 2, 2]),
  one('4 two ties', [r(33, 3), r(18, 5), r(25, 8), r(29, 2.5)], [2, 1, 2, 1]),
  one('4 sparse ranks', [r(24, 4), r(26, 4), r(22, 6), r(30, 3)], [10, 20, 20, 40]),
  // Five players.
  one('5 default in order', [d(), d(), d(), d(), d()], [1, 2, 3, 4, 5]),
  one('5 default reversed', [d(), d(), d(), d(), d()], [5, 4, 3, 2, 1]),
  one('5 varied', [r(27.3, 2.2), r(21.4, 5.5), r(33.9, 1.9), r(25, 25 / 3), r(16.6, 4.1)], [4, 2, 1, 5, 3]),
  one('5 tie in the middle', [r(27.3, 2.2), r(21.4, 5.5), r(33.9, 1.9), r(25, 25 / 3), r(16.6, 4.1)], [1, 3, 3, 2, 5]),
  one('5 three-way tie', [d(), d(), d(), d(), d()], [2, 1, 2, 2, 5]),
  one('5 all tie', [r(27.3, 2.2), r(21.4, 5.5), r(33.9, 1.9), r(25, 25 / 3), r(16.6, 4.1)], [1, 1, 1, 1, 1]),
  // Far apart, and nearly certain.
  one('2 far apart upset', [r(120, 1.5), r(-40, 2.5)], [2, 1]),
  one('3 large mu', [r(410, 3), r(395, 4), r(402, 2)], [3, 1, 2]),
  one('4 small sigma', [r(25, 0.05), r(26, 0.08), r(24, 0.03), r(25.5, 0.1)], [2, 1, 4, 3]),
  // Model options.
  one('3 tau 0', [d(), r(22, 4), r(28, 3)], [2, 3, 1], { tau: 0 }),
  one('5 tau 0', [r(27.3, 2.2), r(21.4, 5.5), r(33.9, 1.9), r(25, 25 / 3), r(16.6, 4.1)], [4, 2, 1, 5, 3], { tau: 0 }),
  one('3 tau large', [d(), r(22, 4), r(28, 3)], [2, 3, 1], { tau: 1.25 }),
  one('3 small sigma tau', [r(25, 0.4), r(24, 0.3), r(26, 0.5)], [1, 2, 3]),
  one('3 small sigma limitSigma', [r(25, 0.4), r(24, 0.3), r(26, 0.5)], [1, 2, 3], { limitSigma: true }),
  one('4 small sigma tie limitSigma', [r(25, 0.4), r(24, 0.3), r(26, 0.5), r(25, 6)], [2, 1, 2, 4], { limitSigma: true }),
  one('3 limitSigma tau 0', [r(25, 0.4), r(24, 0.3), r(26, 0.5)], [1, 2, 3], { limitSigma: true, tau: 0 }),
  one('4 beta 2', [d(), r(23.5, 4), r(27, 6.2), r(20, 7)], [3, 1, 4, 2], { beta: 2 }),
  one('4 beta 10', [d(), r(23.5, 4), r(27, 6.2), r(20, 7)], [3, 1, 4, 2], { beta: 10 }),
  one('2 kappa binds', [d(), d()], [1, 2], { kappa: 0.95 }),
  one('5 kappa 0.99', [d(), r(23.5, 4), r(27, 6.2), r(20, 7), r(30, 8)], [5, 1, 4, 2, 3], { kappa: 0.99 }),
  one('4 gamma 1/k', [d(), r(23.5, 4), r(27, 6.2), r(20, 7)], [3, 1, 4, 2], { gamma: 'inverseK' }),
  one('4 gamma 1/k tie', [d(), r(23.5, 4), r(27, 6.2), r(20, 7)], [1, 2, 1, 4], { gamma: 'inverseK' }),
  one('4 all options', [d(), r(23.5, 4), r(27, 6.2), r(20, 7)], [3, 1, 3, 2], {
    beta: 3.5, kappa: 0.001, tau: 0.3, limitSigma: true,
  }),
  // Teams.
  team('2 teams of 2 readme', [[d(), r(32.444, 5.123)], [r(43.381, 2.421), r(25.188, 6.211)]], [1, 2]),
  team('3 teams asymmetric', [[r(28, 3)], [d(), r(20, 5)], [r(24, 2), r(26, 4), r(22, 7)]], [2, 1, 3]),
  team('3 teams with a tie', [[r(28, 3)], [d(), r(20, 5)], [r(24, 2), r(26, 4), r(22, 7)]], [1, 3, 1]),
  team('2 teams limitSigma', [[r(25, 0.4), r(24, 0.6)], [r(26, 0.5), r(23, 0.2)]], [2, 1], { limitSigma: true }),
  // Histories.
  history('history 6 players 40 games', 1, 6, 40),
  history('history 8 players 60 games tau 0', 2, 8, 60, { tau: 0 }),
  history('history 8 players 60 games limitSigma', 3, 8, 60, { limitSigma: true }),
  history('history 5 players 200 games', 4, 5, 200),
  history('history 10 players 50 games beta 3 tau 0.2', 5, 10, 50, { beta: 3, tau: 0.2 }),
  history('history teams 12 players 30 games', 6, 12, 30, {}, true),
]

for (const c of cases) {
  const roster = c.players.map((p) => ({ ...p }))
  for (const g of c.games) {
    const teams = g.teams.map((t) => t.map((i) => roster[i]))
    const out = rate(teams, { ...rateOptions(c.options), rank: g.rank })
    g.want = out
    g.teams.forEach((t, ti) => t.forEach((i, j) => (roster[i] = out[ti][j])))
  }
}

const win = (name, teams, options = {}) => ({ name, options, teams, want: predictWin(teams, options) })
const wins = [
  win('2 default', [[d()], [d()]]),
  win('2 readme', [[d()], [r(33.564, 1.123)]]),
  win('3 varied', [[r(29.1, 4.4)], [r(22.3, 7.9)], [r(25.7, 2.05)]]),
  win('4 varied', [[r(35.2, 3.3)], [r(19.8, 6.6)], [r(25, 25 / 3)], [r(28.01, 1.5)]]),
  win('5 varied', [[r(27.3, 2.2)], [r(21.4, 5.5)], [r(33.9, 1.9)], [d()], [r(16.6, 4.1)]]),
  win('5 varied beta 2', [[r(27.3, 2.2)], [r(21.4, 5.5)], [r(33.9, 1.9)], [d()], [r(16.6, 4.1)]], { beta: 2 }),
  win('3 teams', [[r(28, 3)], [d(), r(20, 5)], [r(24, 2), r(26, 4), r(22, 7)]]),
]

const ord = (name, rating, options = {}) => ({ name, options, rating, want: ordinal(rating, options) })
const ordinals = [
  ord('default', d()),
  ord('settled', r(31.7, 1.2)),
  ord('z 2', r(31.7, 1.2), { z: 2 }),
  ord('display scale', r(31.7, 1.2), { z: 3, alpha: 24, target: 1500 }),
]

// One game, one prediction or one ordinal a line, so that the file diffs
// well and stays short.
const J = JSON.stringify
const lines = ['{"source": ' + J('openskill 5.0.1') + ',', '"rate": [']
cases.forEach((c, ci) => {
  const { games, ...head } = c
  lines.push(J(head).slice(0, -1) + ', "games": [')
  games.forEach((g, gi) => lines.push(J(g) + (gi < games.length - 1 ? ',' : '')))
  lines.push(']}' + (ci < cases.length - 1 ? ',' : ''))
})
lines.push('],', '"predictWin": [')
wins.forEach((w, i) => lines.push(J(w) + (i < wins.length - 1 ? ',' : '')))
lines.push('],', '"ordinal": [')
ordinals.forEach((o, i) => lines.push(J(o) + (i < ordinals.length - 1 ? ',' : '')))
lines.push(']}')
process.stdout.write(lines.join('\n') + '\n')
