import { useCallback, useState } from 'react';

/** Where the organiser's choice is kept: muted stays muted after a reload. */
const MUTED_KEY = 'matchday.attention.muted';

/** The newest item a chime played for: a page that mounts again does not chime for it twice. */
let chimedUpTo = 0;

function storedMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the new-item sound is muted, and the switch; remembered in this browser. */
export function useAttentionMuted(): [boolean, (muted: boolean) => void] {
  const [muted, setMutedState] = useState(storedMuted);
  const setMuted = useCallback((next: boolean) => {
    try {
      localStorage.setItem(MUTED_KEY, next ? '1' : '0');
    } catch {
      // Storage off (private mode): the choice lasts until the page closes.
    }
    setMutedState(next);
  }, []);
  return [muted, setMuted];
}

/**
 * A short two-tone chime for a new item (API.md decision 64), made with Web Audio so no sound file
 * ships; once per item (a muted item counts as heard: unmuting later does not play it). Browsers may
 * refuse sound before the first click on the page: then it is silent.
 */
export function chimeFor(itemId: number, muted: boolean): void {
  if (itemId <= chimedUpTo) {
    return;
  }
  chimedUpTo = itemId;
  if (muted) {
    return;
  }
  try {
    const audio = new AudioContext();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.2, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.3);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.3);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No audio device or no Web Audio: the count on the page still shows the item.
  }
}
