package hammertime

import (
	"context"
	"slices"
	"syscall"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
)

// BenchmarkHit simulates one hit on a fresh tray until every gem rests (or
// three simulated seconds pass), cycling through sides, positions and
// strengths, with the paths recorded as in play. It reports the median and
// 90th-percentile wall time of a hit and its median CPU time.
func BenchmarkHit(b *testing.B) {
	pack := DefaultPack()
	const trays = 16
	var fresh [trays][NumGems]Gem
	for i := range fresh {
		rng := game.NewRand(uint64(i))
		setupTray(pack, &fresh[i], &rng)
	}
	rng := game.NewRand(1)
	times := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		gems := fresh[i%trays]
		m := hitMotion(pack.Tray, Side(i%4), 1+i%HitPositions, 1+i%HitStrengths, NoTechnique, &rng)
		t0, c0 := time.Now(), processCPU()
		simulate(pack, &gems, m, &rng, true)
		times = append(times, time.Since(t0))
		cpu = append(cpu, processCPU()-c0)
	}
	b.StopTimer()
	slices.Sort(times)
	slices.Sort(cpu)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*9/10].Microseconds())/1000, "p90-ms")
	b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "median-cpu-ms")
}

// processCPU returns the CPU time the process has used (user and system),
// which, unlike wall time, does not count time other programs on a busy
// machine take.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkClone copies a state, as search does before every simulated hit.
func BenchmarkClone(b *testing.B) {
	s, _, err := game.Start(New(), 4, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Clone()
	}
}

// firstHitCPU asks bot for the first hit of a 2-player game of the seed
// and returns the process's CPU time of the decision (the benchmark's
// timer does not run while the game starts).
func firstHitCPU(b *testing.B, bot ai.Bot, seed uint64) time.Duration {
	b.StopTimer()
	s, _, err := game.Start(New(), 2, nil, seed)
	if err != nil {
		b.Fatal(err)
	}
	b.StartTimer()
	c0 := processCPU()
	if _, err := bot.Act(context.Background(), s, 0); err != nil {
		b.Fatal(err)
	}
	return processCPU() - c0
}

// BenchmarkHardBotDecision measures one decision of the hard bot, which judges
// every hit by simulating candidates (see [HitBot.judgedHit]), on the
// fresh tray of a 2-player game, a new game each time. It reports the CPU
// time of a decision, which a busy machine does not inflate.
func BenchmarkHardBotDecision(b *testing.B) {
	bot, err := New().(*Game).NewBot("hard", 1)
	if err != nil {
		b.Fatal(err)
	}
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		cpu += firstHitCPU(b, bot, uint64(7+i))
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkHardJudge measures a judging bot's decision, as
// [BenchmarkHardBotDecision] does, on the same trays in the same run: the
// hard level before issue 69 as it first was (slow: a space built for
// every simulation, the paths recorded), the same search in one reused
// space (hard-69, as [BenchmarkHardAgainstBefore69] names it), hard as it
// is, and expert. It
// reports the CPU time of a decision and the simulated hits it took.
func BenchmarkHardJudge(b *testing.B) {
	for _, c := range []struct {
		name, level string
		slow        bool
	}{{"slow", "hard-69", true}, {"hard-69", "hard-69", false}, {"hard", "hard", false}, {"expert", "expert", false}} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			sims := 0
			for i := 0; i < b.N; i++ {
				lv := botLevels[c.level]
				if c.level == "hard-69" {
					lv = before69
				}
				bot := &HitBot{Level: lv, rng: game.NewRand(1), slowJudge: c.slow}
				cpu += firstHitCPU(b, bot, uint64(7+i%8))
				sims += bot.simulated
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(sims)/float64(b.N), "sims/op")
		})
	}
}

// BenchmarkExpertThinkingTime measures expert as a table makes it
// ([Game.NewTimedBot]: it deepens its search for the whole thinking
// time), on the fresh trays of [BenchmarkHardJudge], at three thinking
// times: the CPU time of a decision, the hits it simulated and the
// rounds past its own schedule it finished (the hit it answers is the
// last finished round's).
func BenchmarkExpertThinkingTime(b *testing.B) {
	for _, think := range []time.Duration{time.Second, 2 * time.Second, 5 * time.Second} {
		b.Run(think.String(), func(b *testing.B) {
			var cpu time.Duration
			sims, rounds := 0, 0
			for i := 0; i < b.N; i++ {
				bot, err := New().(*Game).NewTimedBot("expert", 1, ai.Budget{Time: think})
				if err != nil {
					b.Fatal(err)
				}
				cpu += firstHitCPU(b, bot, uint64(7+i%8))
				sims += bot.(*HitBot).simulated
				rounds += bot.(*HitBot).deeper
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(sims)/float64(b.N), "sims/op")
			b.ReportMetric(float64(rounds)/float64(b.N), "rounds/op")
		})
	}
}
