/**
 * What staff feel and hear when a scan is answered, for a counter where nobody looks at the phone
 * twice: a short buzz and beep (made with WebAudio, so no sound files to download).
 */

export type Signal = "accepted" | "refused" | "queued";

const vibrations: Record<Signal, number[]> = {
  accepted: [90],
  refused: [220, 90, 220],
  queued: [60, 60, 60],
};

/** Frequency (Hz), start (s), length (s), per tone. */
const tones: Record<Signal, [number, number, number][]> = {
  accepted: [
    [880, 0, 0.1],
    [1320, 0.12, 0.14],
  ],
  refused: [
    [220, 0, 0.18],
    [180, 0.24, 0.26],
  ],
  queued: [[660, 0, 0.16]],
};

let audio: AudioContext | null = null;

/**
 * Browsers only let a page make sound after a tap: call this from one (choosing the action, opening the
 * camera) so the beep after a scan can play.
 */
export function unlockSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
  } catch {
    // No WebAudio: the vibration and the screen still say it.
  }
}

function beep(signal: Signal): void {
  if (audio?.state !== "running") return;
  const start = audio.currentTime;
  for (const [frequency, offset, length] of tones[signal]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = signal === "refused" ? "square" : "sine";
    oscillator.frequency.value = frequency;
    // A quick fade in and out: a bare square edge clicks.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + length + 0.02);
  }
}

export function signal(kind: Signal): void {
  try {
    navigator.vibrate?.(vibrations[kind]);
  } catch {
    // Some browsers refuse vibration outside a tap; the sound and the screen still say it.
  }
  try {
    beep(kind);
  } catch {
    // As above.
  }
}

/** A code was read (not yet answered): one short tick. */
export function signalRead(): void {
  try {
    navigator.vibrate?.(40);
  } catch {
    // As above.
  }
}
