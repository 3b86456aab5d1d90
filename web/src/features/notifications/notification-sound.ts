/** The bell's tone: 0.3 s, falling from 880 Hz to 440 Hz. */
export const TONE_SECONDS = 0.3;

let gestureSeen = false;
let context: AudioContext | null = null;

/**
 * Browsers only let a page play sound after the person has interacted with it. Call once at start-up:
 * the first pointer or key press marks the page as allowed.
 */
export function watchForUserGesture(): () => void {
  if (typeof window === "undefined") return () => undefined;
  const mark = () => {
    gestureSeen = true;
    remove();
  };
  const remove = () => {
    window.removeEventListener("pointerdown", mark, true);
    window.removeEventListener("keydown", mark, true);
  };
  window.addEventListener("pointerdown", mark, true);
  window.addEventListener("keydown", mark, true);
  return remove;
}

/** Plays the descending tone if sound is possible; never throws and never plays before a user gesture. */
export function playNotificationTone(): void {
  if (!gestureSeen) return;
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    const audio = context;
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(880, start);
    oscillator.frequency.exponentialRampToValueAtTime(440, start + TONE_SECONDS);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + TONE_SECONDS);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + TONE_SECONDS);
    oscillator.onended = () => {
      oscillator.disconnect();
      gain.disconnect();
    };
  } catch {
    // No audio output, a blocked context or an old browser: the badge still says it.
  }
}
