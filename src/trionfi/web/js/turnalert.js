// A chime, and a short buzz on a phone that has one, when the turn comes to this seat after a wait: a player
// waiting for friends looks away, or goes to a chat in another tab or app. Not at every turn: against bots the
// turns come every few seconds and the player is looking. The player may turn it off (kept in this browser).

const KEY = "trionfi.turnSound";
const WAIT = 8000; // ms of the others' play (or of waiting for the table to start) after which the turn is announced

let audio = null;
let wasMyTurn = false;
let turnEnded = performance.now(); // when this seat last stopped being the one to play (at first: the page's load)
let shownAt = -Infinity; // when the page last came back into sight (a phone's browser left and taken up again)
const JUST_BACK = 1500; // ms: a person who has just come back to the page is looking at it

export const turnSoundOn = () => localStorage.getItem(KEY) !== "off";

export function setTurnSound(on) {
  if (on) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, "off");
}

// A page may make a sound only once the person has tapped or typed in it: the audio starts with the first tap.
function unlock() {
  if (!audio && window.AudioContext) {
    try {
      audio = new AudioContext();
    } catch {
      audio = null; // no audio here: the buzz and the tab's title still say it
    }
  }
  audio?.resume?.();
}

export function listenForFirstTap() {
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlock, { capture: true, passive: true });
  // A phone's page is frozen while its browser is left: the turn that came meanwhile is drawn when the person
  // comes back, and needs no chime then.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) shownAt = performance.now(); });
}

/** Called at every drawing with whether this seat is to play now. */
export function turnIs(myTurn) {
  const now = performance.now();
  const waited = now - turnEnded >= WAIT && now - shownAt >= JUST_BACK;
  if (myTurn && !wasMyTurn && turnSoundOn() && (document.hidden || waited)) announce();
  if (!myTurn && wasMyTurn) turnEnded = now;
  wasMyTurn = myTurn;
}

function announce() {
  navigator.vibrate?.(120);
  if (!audio || audio.state !== "running") return;
  const start = audio.currentTime;
  [660, 880].forEach((hz, i) => { // two soft rising notes
    const at = start + i * 0.15;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.3);
  });
}
