// Sound: every effect is synthesised with the Web Audio API (no files, no
// outside requests). It is off by default; the player's choice is kept in
// localStorage. Pages and game renderers call play(name) at the moment a
// thing happens; play does nothing while sound is off.
//
// The effects: 'hammer' (a blow on the box), 'gems' (gems falling off),
// 'dragon' (Dragomir wakes), 'tile' (a tile snapping into place), 'card'
// (a card turning), 'lift' (a mineral lifted off the board by its pawn's
// suction cup), 'cut' (fragments of the board cut off; arg: how many
// minerals left the board), 'turn' (your turn) and 'lowclock' (your clock
// runs low).

const KEY = 'minehall.sound';
let ctx = null;

// soundOn reports whether the player turned sound on.
export function soundOn() {
  return localStorage.getItem(KEY) === 'on';
}

// setSound turns sound on or off and remembers it.
export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  if (on) audio(); // a click is the gesture a browser wants before sound
}

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === 'suspended') ctx.resume();
  return ctx;
}

// tone plays an oscillator from f0 to f1 Hz over dur seconds, starting at
// offset seconds from now, with a quick attack and an exponential decay.
function tone(ac, { type = 'sine', f0, f1 = f0, dur, gain = 0.2, offset = 0 }) {
  const t0 = ac.currentTime + offset;
  const osc = ac.createOscillator();
  const g = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f0, t0);
  osc.frequency.exponentialRampToValueAtTime(Math.max(f1, 1), t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.05);
}

// noise plays band-passed white noise around freq Hz for dur seconds.
function noise(ac, { freq, q = 1, dur, gain = 0.3, offset = 0 }) {
  const t0 = ac.currentTime + offset;
  const n = Math.ceil(ac.sampleRate * dur);
  const buf = ac.createBuffer(1, n, ac.sampleRate);
  const data = buf.getChannelData(0);
  let seed = 12345; // a fixed noise: every blow sounds alike
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (seed / 0x3fffffff - 1) * (1 - i / n);
  }
  const src = ac.createBufferSource();
  src.buffer = buf;
  const bp = ac.createBiquadFilter();
  bp.type = 'bandpass';
  bp.frequency.value = freq;
  bp.Q.value = q;
  const g = ac.createGain();
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  src.connect(bp).connect(g).connect(ac.destination);
  src.start(t0);
}

const effects = {
  hammer(ac) {
    tone(ac, { type: 'triangle', f0: 140, f1: 50, dur: 0.18, gain: 0.5 });
    noise(ac, { freq: 900, q: 0.8, dur: 0.08, gain: 0.4 });
  },
  gems(ac, count = 3) {
    for (let i = 0; i < Math.min(count, 9); i++) {
      tone(ac, { f0: 1800 + 260 * ((i * 7) % 5), f1: 1500, dur: 0.07, gain: 0.12, offset: 0.06 + i * 0.05 });
    }
  },
  dragon(ac) {
    tone(ac, { type: 'sawtooth', f0: 90, f1: 55, dur: 0.9, gain: 0.18 });
    tone(ac, { type: 'sawtooth', f0: 93, f1: 57, dur: 0.9, gain: 0.12 });
    noise(ac, { freq: 300, q: 0.5, dur: 0.7, gain: 0.15 });
  },
  tile(ac) {
    noise(ac, { freq: 2500, q: 2, dur: 0.04, gain: 0.35 });
    tone(ac, { type: 'square', f0: 600, f1: 400, dur: 0.05, gain: 0.06 });
  },
  card(ac) {
    noise(ac, { freq: 4000, q: 0.7, dur: 0.16, gain: 0.18 });
  },
  lift(ac) {
    // The suction cup lets go: a soft pop rising in pitch.
    tone(ac, { f0: 320, f1: 900, dur: 0.09, gain: 0.16 });
    noise(ac, { freq: 1800, q: 3, dur: 0.03, gain: 0.12, offset: 0.07 });
  },
  cut(ac, count = 3) {
    // Tiles sliding off the board: a crack, then a clatter of each.
    noise(ac, { freq: 700, q: 0.6, dur: 0.12, gain: 0.35 });
    for (let i = 0; i < Math.min(count, 8); i++) {
      tone(ac, { type: 'triangle', f0: 520 - 30 * ((i * 5) % 7), f1: 300, dur: 0.06, gain: 0.1, offset: 0.1 + i * 0.06 });
    }
  },
  turn(ac) {
    tone(ac, { f0: 660, dur: 0.18, gain: 0.15 });
    tone(ac, { f0: 880, dur: 0.3, gain: 0.15, offset: 0.14 });
  },
  lowclock(ac) {
    tone(ac, { type: 'square', f0: 1000, dur: 0.08, gain: 0.06 });
    tone(ac, { type: 'square', f0: 1000, dur: 0.08, gain: 0.06, offset: 0.16 });
  },
};

// play plays the effect name (see the list above) when sound is on;
// arg tunes it (for 'gems', how many fell). It reports whether it played.
export function play(name, arg) {
  if (!soundOn() || !effects[name]) return false;
  const ac = audio();
  if (!ac) return false;
  effects[name](ac, arg);
  window.dispatchEvent(new CustomEvent('minehall:sound', { detail: name }));
  return true;
}
