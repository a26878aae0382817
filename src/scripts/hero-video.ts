/**
 * The hero's looping video. The poster paints first; the video is fetched after the page has
 * loaded, and never for visitors who prefer reduced motion or save data. While it plays, a visible
 * button pauses it (WCAG 2.2.2); a visitor who paused it is not shown it moving again on later visits.
 */
const PAUSED_KEY = 'hero-video:paused';

function rememberPaused(paused: boolean) {
  try {
    if (paused) window.localStorage.setItem(PAUSED_KEY, '1');
    else window.localStorage.removeItem(PAUSED_KEY);
  } catch {
    // Storage is off: the choice lasts for this page only.
  }
}

function pausedBefore(): boolean {
  try {
    return window.localStorage.getItem(PAUSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function heroVideo(): void {
  const video = document.querySelector<HTMLVideoElement>('[data-hero-video]');
  const control = document.querySelector<HTMLButtonElement>('[data-hero-pause]');
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (!video || !control || saveData || reduceMotion) return;

  const label = control.querySelector<HTMLElement>('[data-label]');
  const showState = (playing: boolean) => {
    if (label) label.textContent = playing ? 'Pause video' : 'Play video';
    control.querySelector<HTMLElement>('[data-icon="pause"]')?.toggleAttribute('hidden', !playing);
    control.querySelector<HTMLElement>('[data-icon="play"]')?.toggleAttribute('hidden', playing);
  };
  let loaded = false;
  const play = () => {
    if (!loaded) {
      loaded = true;
      for (const source of video.querySelectorAll<HTMLSourceElement>('source[data-src]')) source.src = source.dataset['src'] ?? '';
      video.load();
    }
    void video.play().catch(() => undefined);
  };

  video.addEventListener('playing', () => {
    video.classList.add('playing');
    control.hidden = false;
    showState(true);
  });
  video.addEventListener('pause', () => showState(false));
  control.addEventListener('click', () => {
    const playing = !video.paused && loaded;
    rememberPaused(playing);
    if (playing) video.pause();
    else play();
  });

  if (pausedBefore()) {
    // Still: the poster stays, and the button offers to play.
    control.hidden = false;
    showState(false);
    return;
  }
  const start = () => setTimeout(play, 1500);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
