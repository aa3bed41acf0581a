// Optional sounds (issue 18): short tones made with WebAudio (no audio files) for "your turn",
// "an offer to you" and "a steal". Off until the player turns them on; the choice is remembered.
const KEY = "hexhall.sound";

export type Cue = "turn" | "offer" | "steal";

export function soundOn(): boolean {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

export function setSoundOn(on: boolean): void {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode */ }
  if (on) play("turn");  // a first sound, from the click that allowed it
}

/** The notes of each cue: [frequency Hz, start s, length s]. */
export const CUES: Record<Cue, [number, number, number][]> = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.18]],
  offer: [[784, 0, 0.1], [784, 0.14, 0.1]],
  steal: [[440, 0, 0.12], [330, 0.12, 0.22]],
};

let ctx: AudioContext | null = null;
/** The cues played so far (for the browser tests and the curious). */
export const played: Cue[] = [];

export function play(cue: Cue): void {
  if (!soundOn()) return;
  played.push(cue);
  try {
    const AC = window.AudioContext ?? (window as any).webkitAudioContext;
    if (!AC) return;
    ctx ??= new AC();
    if (ctx.state === "suspended") void ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    for (const [f, at, len] of CUES[cue]) {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
  } catch { /* no audio: silence */ }
}
