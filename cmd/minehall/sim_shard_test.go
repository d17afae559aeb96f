package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"minehall/ai"
	"minehall/sim"
)

// simOutputs runs minehall sim (or sim merge) with the JSON, CSV and SVG
// plot written into dir and returns the text, JSON, CSV and plot.
func simOutputs(t *testing.T, dir string, args ...string) [4]string {
	t.Helper()
	js, csv, svg := filepath.Join(dir, "out.json"), filepath.Join(dir, "out.csv"), filepath.Join(dir, "out.svg")
	code, text, errOut := runCmd(t, registry(), append(args, "--json", js, "--csv", csv, "--plot", svg)...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	var out [4]string
	out[0] = text
	for i, p := range []string{js, csv, svg} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[i+1] = string(b)
	}
	return out
}

// A run played as 4 shards on 4 "machines" and merged reports, byte for
// byte, what the run played at once reports: text, JSON, CSV and plot, for
// every game.
func TestSimShardsMergeToTheWholeRun(t *testing.T) {
	for _, tc := range []struct {
		game string
		args []string
	}{
		{"outofmine", []string{"--players", "3", "--bots", "random,greedy,easy", "--games", "9"}},
		{"minerals", []string{"--players", "3", "--bots", "random,greedy,random", "--games", "10"}},
		{"tf22", []string{"--players", "2", "--bots", "random,greedy", "--games", "10"}},
		{"hammertime", []string{"--players", "2", "--bots", "random", "--games", "5", "--option", "wagons=1"}}, // a short game: the physics is slow under the race detector
	} {
		t.Run(tc.game, func(t *testing.T) {
			dir := t.TempDir()
			run := append([]string{"sim", tc.game, "--seed", "17", "--no-times"}, tc.args...)
			whole := simOutputs(t, t.TempDir(), run...)
			var journals []string
			for k := 1; k <= 4; k++ {
				j := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k))
				code, out, errOut := runCmd(t, registry(), append(run, "--shard", fmt.Sprintf("%d/4", k), "--journal", j)...)
				if code != 0 || !strings.Contains(out, fmt.Sprintf("shard %d/4: the run's games i with i mod 4 = %d", k, k-1)) {
					t.Fatalf("shard %d/4: exit %d %q %s; want its share played and named", k, code, out, errOut)
				}
				journals = append([]string{j}, journals...) // any order
			}
			merged := simOutputs(t, t.TempDir(), append([]string{"sim", "merge", "--no-times"}, journals...)...)
			for i, what := range []string{"text", "JSON", "CSV", "SVG plot"} {
				if merged[i] != whole[i] {
					t.Errorf("the merged %s differs from the whole run's:\n%s\nwant\n%s", what, merged[i], whole[i])
				}
			}
		})
	}
}

// The same seed gives the same bytes: two runs of Out of Mine (whose
// summary has round-score spreads by card and board side) write the same
// JSON and text.
func TestSimSameSeedSameBytes(t *testing.T) {
	args := []string{"sim", "outofmine", "--players", "4", "--bots", "easy,random,easy,random", "--games", "12", "--seed", "5", "--no-times", "--workers", "3"}
	a := simOutputs(t, t.TempDir(), args...)
	b := simOutputs(t, t.TempDir(), args...)
	if !strings.Contains(a[1], `"sd_of_means"`) {
		t.Fatalf("the JSON has no component spreads:\n%s", a[1])
	}
	for i, what := range []string{"text", "JSON", "CSV", "SVG plot"} {
		if a[i] != b[i] {
			t.Errorf("two runs of the same seed wrote different %s:\n%s\nand\n%s", what, a[i], b[i])
		}
	}
}

// shardEnv is the batch system's variables a test sets (the rest cleared).
var shardEnv = []string{sim.EnvJobIndex, sim.EnvSlurmTask, sim.EnvSlurmCount, sim.EnvSlurmMin, sim.EnvSlurmMax}

func setShardEnv(t *testing.T, env map[string]string) {
	t.Helper()
	for _, k := range shardEnv {
		t.Setenv(k, env[k])
	}
}

func TestSimShardRefuses(t *testing.T) {
	dir := t.TempDir()
	j := func(name string) string { return filepath.Join(dir, name) }
	base := []string{"sim", "connectfour", "--bots", "random", "--games", "6", "--seed", "3"}
	setShardEnv(t, nil)
	// Journals to merge: a run of 3 shards (the third unfinished), another
	// run's shard, and a whole run's journal.
	for _, s := range []struct {
		name  string
		extra []string
	}{
		{"a1.jsonl", []string{"--shard", "1/3"}},
		{"a2.jsonl", []string{"--shard", "2/3"}},
		{"b1.jsonl", []string{"--shard", "1/3", "--seed", "4"}},
		{"whole.jsonl", nil},
	} {
		if code, _, errOut := runCmd(t, testRegistry(), append(append(base, s.extra...), "--journal", j(s.name))...); code != 0 {
			t.Fatalf("%s: exit %d %s", s.name, code, errOut)
		}
	}
	// Shard 3/3 of run a, stopped after its first game (game 2): its
	// journal lacks game 5.
	a1 := strings.SplitAfter(mustRead(t, j("a1.jsonl")), "\n")
	first := strings.Replace(a1[0], `"k":1`, `"k":3`, 1)
	var game2 string
	for _, l := range strings.SplitAfter(mustRead(t, j("whole.jsonl")), "\n")[1:] {
		if strings.HasPrefix(l, `{"index":2,`) {
			game2 = l
		}
	}
	if err := os.WriteFile(j("a3.jsonl"), []byte(first+game2), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(j("empty.jsonl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		env  map[string]string
		args []string
		code int
		want string
	}{
		{"ErrShardBeyond", nil, append(base, "--shard", "5/4", "--journal", j("x.jsonl")), 2, "--shard: shard 5/4 does not exist: shards are counted from 1 to 4"},
		{"ErrShardZeroOfZero", nil, append(base, "--shard", "0/0", "--journal", j("x.jsonl")), 2, "--shard: shard 0/0: the number of shards must be at least 1, not 0"},
		{"ErrShardOfZero", nil, append(base, "--shard", "1/0", "--journal", j("x.jsonl")), 2, "the number of shards must be at least 1, not 0"},
		{"ErrShardZero", nil, append(base, "--shard", "0/4", "--journal", j("x.jsonl")), 2, "shard 0/4 does not exist"},
		{"ErrShardNotNumbers", nil, append(base, "--shard", "x/y", "--journal", j("x.jsonl")), 2, `--shard: shard "x/y" is not K/N, shard K of N counted from 1, such as 2/8`},
		{"ErrShardNoJournal", nil, append(base, "--shard", "1/4"), 2, "--shard plays part of a run; give --journal FILE"},
		{"ErrShardsDisagree", nil, append(base, "--shard", "1/4", "--shards", "8", "--journal", j("x.jsonl")), 2, "--shard 1/4 and --shards 8 disagree"},
		{"ErrShardSweep", nil, []string{"sim", "goofspiel", "--sweep", "cards=3,4", "--shard", "1/2"}, 2, "--shard plays part of one run; it does not apply to --sweep"},
		{"ErrJobIndexNoShards", map[string]string{sim.EnvJobIndex: "2"}, append(base, "--journal", j("x.jsonl")), 2,
			"JOB_COMPLETION_INDEX=2 (a Kubernetes Indexed Job) is set, but not the number of shards: give --shards N"},
		{"ErrJobIndexBeyond", map[string]string{sim.EnvJobIndex: "4"}, append(base, "--shards", "4", "--journal", j("x.jsonl")), 2,
			"JOB_COMPLETION_INDEX=4 with --shards 4: shard 5/4 does not exist"},
		{"ErrJobIndexNoJournal", map[string]string{sim.EnvJobIndex: "0"}, append(base, "--shards", "4"), 2,
			"JOB_COMPLETION_INDEX=0 makes this run shard 1/4; give --journal FILE"},
		{"ErrSlurmStep", map[string]string{sim.EnvSlurmTask: "2", sim.EnvSlurmMin: "0", sim.EnvSlurmMax: "6", sim.EnvSlurmCount: "4"},
			append(base, "--journal", j("x.jsonl")), 2, "the Slurm array 0-6 has 4 tasks, not one for each index (a step or a list): give --shard K/N"},
		{"ErrSlurmNotNumber", map[string]string{sim.EnvSlurmTask: "two"}, append(base, "--journal", j("x.jsonl")), 2, `SLURM_ARRAY_TASK_ID="two" is not a whole number`},
		{"ErrShardsWithoutIndex", nil, append(base, "--shards", "4", "--journal", j("x.jsonl")), 2, "--shards 4 needs the shard's index"},
		{"ErrShardJournalOtherGames", nil, append(base, "--shard", "1/3", "--journal", j("a1.jsonl"), "--games", "9"), 1,
			"it is the journal of another run (connectfour, 2 players, bots random, random, seed 3, action limit 100000, shard 1/3 of 6 games)"},
		{"ErrMergeNothing", nil, []string{"sim", "merge"}, 2, "takes the journals of a run's shards, got none"},
		{"ErrMergeMissing", nil, []string{"sim", "merge", j("a1.jsonl"), j("a2.jsonl")}, 1, "the run has 3 shards and 2 journals were given: shard 3/3 missing"},
		{"ErrMergeTwice", nil, []string{"sim", "merge", j("a1.jsonl"), j("a2.jsonl"), j("a1.jsonl")}, 1, "both hold shard 1/3"},
		{"ErrMergeOtherRun", nil, []string{"sim", "merge", j("a1.jsonl"), j("b1.jsonl")}, 1, "are of different runs: " + j("a1.jsonl") + " is (connectfour, 2 players, bots random, random, seed 3"},
		{"ErrMergeWholeRun", nil, []string{"sim", "merge", j("whole.jsonl")}, 1, "journal " + j("whole.jsonl") + " is of a whole run, not of a shard"},
		{"ErrMergeUnfinished", nil, []string{"sim", "merge", j("a1.jsonl"), j("a2.jsonl"), j("a3.jsonl")}, 1,
			"journal " + j("a3.jsonl") + " holds 1 of the 2 games of shard 3/3 (the first missing is game 5): run that shard again"},
		{"ErrMergeNotJournal", nil, []string{"sim", "merge", j("empty.jsonl")}, 1, "line 1: not a journal of minehall sim"},
		{"ErrMergeNoFile", nil, []string{"sim", "merge", j("none.jsonl")}, 1, "no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setShardEnv(t, tt.env)
			code, out, errOut := runCmd(t, testRegistry(), tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) || out != "" {
				t.Errorf("got exit %d, output %q, error %q; want exit %d and an error containing %q", code, out, errOut, tt.code, tt.want)
			}
		})
	}
	t.Run("OK shard from the batch system", func(t *testing.T) {
		for _, env := range []map[string]string{
			{sim.EnvJobIndex: "1"},
			{sim.EnvSlurmTask: "6", sim.EnvSlurmMin: "5", sim.EnvSlurmMax: "8", sim.EnvSlurmCount: "4"},
		} {
			setShardEnv(t, env)
			code, out, errOut := runCmd(t, testRegistry(), append(base, "--shards", "4", "--journal", j(fmt.Sprint("env", len(env), ".jsonl")))...)
			if code != 0 || !strings.Contains(out, "Connect Four, 2 players, 2 games") || !strings.Contains(out, "shard 2/4:") {
				t.Errorf("env %v: exit %d %q %s; want shard 2/4 played: games 1 and 5", env, code, out, errOut)
			}
			// The flag wins over the batch system.
			code, out, _ = runCmd(t, testRegistry(), append(base, "--shard", "3/3", "--journal", j(fmt.Sprint("flag", len(env), ".jsonl")))...)
			if code != 0 || !strings.Contains(out, "shard 3/3:") {
				t.Errorf("env %v with --shard 3/3: exit %d %q; want shard 3/3", env, code, out)
			}
		}
	})
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A run with a journal that is stopped says how many games its journal
// keeps and the exact command that resumes it; that command finishes the
// run.
func TestSimInterruptedSaysHowToResume(t *testing.T) {
	setShardEnv(t, nil)
	journal := filepath.Join(t.TempDir(), "run.jsonl")
	args := []string{"sim", "goofspiel", "--players", "3", "--bots", "random,greedy,random", "--option", "cards=5", "--journal", journal}
	if code, _, errOut := runCmd(t, testRegistry(), append(args, "--games", "4")...); code != 0 {
		t.Fatalf("first part: exit %d %s", code, errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, testRegistry(), append(args, "--games", "10"), &out, &errOut)
	wantCmd := "minehall sim goofspiel --players 3 --bots random,greedy,random --games 10 --option cards=5 --journal " + journal
	want := "stopped (context canceled): 4 of the run's 10 games are kept in " + journal + "; resume with:\n  " + wantCmd + "\n"
	if code != 1 || !strings.HasSuffix(errOut.String(), want) {
		t.Fatalf("got exit %d, %q; want exit 1 and %q", code, errOut.String(), want)
	}
	words, err := ai.SplitCommand(wantCmd)
	if err != nil {
		t.Fatal(err)
	}
	code, resumed, errS := runCmd(t, testRegistry(), words[1:]...)
	if code != 0 || !strings.Contains(resumed, "resumed: 4 games read from the journal, 6 played") {
		t.Errorf("the printed command: exit %d %q %s; want the run finished", code, resumed, errS)
	}
}

// The Kubernetes and Slurm examples of docs/scale.md: the manifest is
// YAML of an Indexed Job whose completions match --shards, and every
// minehall command line in them is accepted by minehall's flag parser.
func TestScaleExamples(t *testing.T) {
	var lines [][]string
	// Kubernetes: every container's command and args.
	f, err := os.Open("../../docs/examples/sim-indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var kinds []string
	for {
		var doc struct {
			Kind string
			Spec struct {
				CompletionMode string `yaml:"completionMode"`
				Completions    int
				Template       struct {
					Spec struct {
						Containers []struct {
							Command, Args []string
						}
					}
				}
			}
		}
		if err := dec.Decode(&doc); err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("the manifest is not YAML: %v", err)
		}
		kinds = append(kinds, doc.Kind)
		for _, c := range doc.Spec.Template.Spec.Containers {
			argv := append(append([]string(nil), c.Command...), c.Args...)
			if len(argv) == 3 && argv[0] == "sh" && argv[1] == "-c" {
				lines = append(lines, shellWords(t, argv[2])...)
				continue
			}
			if doc.Spec.CompletionMode == "Indexed" && !strings.Contains(strings.Join(argv, " "), fmt.Sprintf("--shards %d", doc.Spec.Completions)) {
				t.Errorf("the Indexed Job of %d completions runs %q; want --shards %d", doc.Spec.Completions, argv, doc.Spec.Completions)
			}
			lines = append(lines, expand(argv))
		}
	}
	if strings.Join(kinds, " ") != "PersistentVolumeClaim Job Job" {
		t.Errorf("the manifest holds %v; want a volume claim, the shards' Job and the merge's", kinds)
	}
	// Slurm: the script's lines (continuations joined) and the merge's --wrap.
	script := strings.ReplaceAll(mustRead(t, "../../docs/examples/sim-array.slurm"), "\\\n", " ")
	for _, l := range strings.Split(script, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") {
			continue
		}
		if _, wrap, ok := strings.Cut(l, "--wrap "); ok {
			words, err := ai.SplitCommand(wrap)
			if err != nil || len(words) != 1 {
				t.Fatalf("--wrap %s: %v", wrap, err)
			}
			l = words[0]
		}
		lines = append(lines, shellWords(t, l)...)
	}
	var sims, merges int
	for _, argv := range lines {
		root := newRootCmd(registry())
		c, rest, err := root.Find(argv[1:])
		if err == nil {
			err = c.ParseFlags(rest)
		}
		if err == nil {
			err = c.ValidateArgs(c.Flags().Args())
		}
		if err != nil {
			t.Errorf("%q: %v", argv, err)
		}
		switch c.CommandPath() {
		case "minehall sim":
			sims++
		case "minehall sim merge":
			merges++
		}
	}
	if sims != 2 || merges != 2 {
		t.Errorf("found %d sim and %d merge command lines; want 2 of each: %q", sims, merges, lines)
	}
}

// shellWords returns the minehall command lines of a shell line, split into
// words, with the batch system's variables given values.
func shellWords(t *testing.T, line string) [][]string {
	t.Helper()
	if !strings.HasPrefix(line, "minehall ") {
		return nil
	}
	words, err := ai.SplitCommand(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return [][]string{expand(words)}
}

func expand(words []string) []string {
	r := strings.NewReplacer("$(JOB_COMPLETION_INDEX)", "0", "$SLURM_ARRAY_TASK_ID", "0", "$SLURM_CPUS_PER_TASK", "4")
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = r.Replace(w)
	}
	return out
}
