// Telling a player it is their turn while they look elsewhere: the tab's title, and a
// short beep if they asked for one (off unless turned on; the choice is kept in this
// browser). The beep is made with WebAudio: no sound file to fetch.
import { el } from "./dom.js";

const SOUND_KEY = "athanor.sound";
let audio = null;

export const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";

export function soundToggle() {
  const box = el("input", { type: "checkbox", id: "sound", checked: soundOn() });
  box.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
    if (box.checked) beep(); // a tap lets the page make sound, and says what it will be
  });
  return el("label", { class: "check sound", for: "sound" }, box, " Sound when it is my turn");
}

function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch (err) {
    // no audio on this device: the title still says it
  }
}

// `mine` now, `before` at the last drawing; `rest` is the title otherwise
export function turnAlert(mine, before, rest) {
  const title = mine ? "● Your turn — Athanor" : `${rest} — Athanor`;
  if (document.title !== title) document.title = title;
  if (mine && !before && soundOn()) beep();
}
