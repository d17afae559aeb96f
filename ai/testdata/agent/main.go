// Command agent is the external agent of the tests: it plays random legal
// moves over the line protocol of docs/agents.md, checking every line it
// reads, or misbehaves on purpose.
//
//	agent [-mode random|garbage|sleep|exit|spawn|waitfirst] [-answer notation|number|json] [-delay-ms N] [-turns T]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"time"
)

type message struct {
	Type    string            `json:"type"`
	Game    string            `json:"game"`
	Turns   string            `json:"turns"`
	Options map[string]string `json:"options"`
	Players int               `json:"players"`
	Seat    *int              `json:"seat"`
	Seed    *uint64           `json:"seed"`
	N       *int64            `json:"n"`
	Player  *int              `json:"player"`
	Move    string            `json:"move"`
	View    json.RawMessage   `json:"view"`
	Legal   []struct {
		Action   int    `json:"action"`
		Notation string `json:"notation"`
	} `json:"legal"`
	Result *struct {
		Scores []float64 `json:"scores"`
	} `json:"result"`
	Error string `json:"error"`
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "agent: "+format+"\n", args...)
	os.Exit(2)
}

func main() {
	mode := flag.String("mode", "random", "random, garbage, sleep, exit, spawn or waitfirst")
	answer := flag.String("answer", "notation", "answer with the notation, the number, or a JSON object")
	delay := flag.Int64("delay-ms", -1, "with -answer json: the delay_ms to give")
	turns := flag.String("turns", "", "the turns the start line must give, if any")
	flag.Parse()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	out := bufio.NewWriter(os.Stdout)
	var (
		rng     *rand.Rand
		n       int64 = -1
		seat    int
		ended   bool
		waited  bool
		players int
	)
	for in.Scan() {
		var m message
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fail("line %q is not JSON: %v", in.Text(), err)
		}
		if ended {
			fail("a %s line after the end", m.Type)
		}
		if m.Type != "start" && rng == nil {
			fail("a %s line before the start", m.Type)
		}
		switch m.Type {
		case "start":
			if rng != nil {
				fail("a second start line")
			}
			if m.Game == "" || m.Seat == nil || m.N == nil || m.Players < 1 || *m.Seat >= m.Players || m.Options == nil {
				fail("start line %s lacks the game, seat, players, options or n", in.Text())
			}
			if *turns != "" && m.Turns != *turns {
				fail("start line %s gives turns %q; want %q", in.Text(), m.Turns, *turns)
			}
			seed := uint64(1)
			if m.Seed != nil {
				seed = *m.Seed
			}
			rng = rand.New(rand.NewPCG(seed, 7))
			n, seat, players = *m.N, *m.Seat, m.Players
		case "update":
			if m.N == nil || *m.N != n+1 || m.Player == nil || *m.Player >= players {
				fail("update %s does not follow action %d", in.Text(), n)
			}
			n = *m.N
		case "end":
			if m.N == nil || *m.N != n || (m.Result == nil) == (m.Error == "") {
				fail("end line %s does not end at action %d with a result or an error", in.Text(), n)
			}
			ended = true
		case "act":
			if m.N == nil || *m.N != n || m.Seat == nil || *m.Seat != seat || len(m.Legal) == 0 || len(m.View) == 0 || m.View[0] != '{' {
				fail("act line %.300s does not ask seat %d after action %d with a view and legal moves", in.Text(), seat, n)
			}
			switch *mode {
			case "garbage":
				fmt.Fprintln(out, "I would rather not")
			case "sleep":
				time.Sleep(time.Hour)
			case "exit":
				fmt.Fprintln(os.Stderr, "giving up")
				os.Exit(3)
			case "spawn":
				child := exec.Command(os.Args[0], "-mode", "sleep")
				if err := child.Start(); err != nil {
					fail("spawn: %v", err)
				}
				fmt.Fprintf(os.Stderr, "child %d\n", child.Process.Pid)
				time.Sleep(time.Hour)
			case "waitfirst":
				if !waited {
					waited = true
					fmt.Fprintln(out, `{"wait": true, "delay_ms": 250}`)
					break
				}
				fallthrough
			default:
				mv := m.Legal[rng.IntN(len(m.Legal))]
				switch *answer {
				case "number":
					fmt.Fprintln(out, mv.Action)
				case "json":
					b, _ := json.Marshal(mv.Notation)
					if *delay >= 0 {
						fmt.Fprintf(out, "{\"move\": %s, \"delay_ms\": %d}\n", b, *delay)
					} else {
						fmt.Fprintf(out, "{\"move\": %s}\n", b)
					}
				default:
					fmt.Fprintln(out, mv.Notation)
				}
			}
			out.Flush()
		default:
			fail("unknown line type %q", m.Type)
		}
	}
	if err := in.Err(); err != nil {
		fail("reading: %v", err)
	}
}
