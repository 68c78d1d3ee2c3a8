// The history page's keys and autoplay. Every step is a link (the stepper, the log), so the
// page works without this file; here ← and → step, Home and End jump, the log keeps the
// current move in view, and autoplay clicks "forward" at the chosen speed. htmx swaps the
// whole #history section on each step, so the state lives here and is shown again after
// every swap. No inline script: the Content-Security-Policy runs none.

(() => {
  const autoplay = { playing: false, timer: null, delay: null };
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  function now() {
    const marker = document.getElementById("history-now");
    if (!marker) {
      return null;
    }
    return { seq: Number(marker.dataset.seq), last: Number(marker.dataset.last) };
  }

  // The position decides, not the link's "disabled" class (the same fact, as the template
  // writes it): htmx settles classes 20 ms after the swap, so in between the class is the
  // previous step's.
  function link(rel) {
    const at = now();
    const forward = rel === "next" || rel === "last";
    if (!at || (forward ? at.seq >= at.last : at.seq <= 0)) {
      return null;
    }
    return document.querySelector(`#history .stepper a[rel="${rel}"]`);
  }

  function go(rel) {
    const target = link(rel);
    if (target) {
      target.click();
    }
    return Boolean(target);
  }

  // Keys belong to whatever has the focus when it takes them: a field, a select, the slider.
  function typing(element) {
    if (!(element instanceof HTMLElement)) {
      return false;
    }
    if (element.isContentEditable) {
      return true;
    }
    return ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
  }

  const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

  document.addEventListener("keydown", (event) => {
    const rel = KEYS[event.key];
    if (!rel || !now() || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    if (typing(event.target)) {
      return;
    }
    event.preventDefault();
    stop();
    go(rel);
  });

  // The log scrolls by itself, not the page: the current move in the middle of the list.
  function showCurrent() {
    const log = document.getElementById("history-log");
    const current = log && log.querySelector("li.current");
    if (!current) {
      return;
    }
    const top = current.offsetTop - log.clientHeight / 2 + current.offsetHeight / 2;
    const behavior = reducedMotion.matches ? "auto" : "smooth";
    log.scrollTo({ top: Math.max(0, top), behavior });
  }

  function controls() {
    return {
      box: document.getElementById("autoplay"),
      toggle: document.getElementById("autoplay-toggle"),
      speed: document.getElementById("autoplay-speed"),
      keys: document.getElementById("history-keys"),
    };
  }

  // After every swap the controls are new elements: show them as autoplay stands.
  function render() {
    const { box, toggle, speed, keys } = controls();
    if (!box || !toggle || !speed) {
      return;
    }
    box.hidden = false;
    if (keys) {
      keys.hidden = false;
    }
    if (autoplay.delay === null) {
      autoplay.delay = speed.value;
    }
    speed.value = autoplay.delay;
    // The words come from the page, in the page's language.
    toggle.textContent = autoplay.playing ? toggle.dataset.pauseWord : toggle.dataset.playWord;
    toggle.setAttribute("aria-pressed", autoplay.playing ? "true" : "false");
  }

  function schedule() {
    clearTimeout(autoplay.timer);
    autoplay.timer = setTimeout(() => {
      const at = now();
      if (!autoplay.playing || !at) {
        return;
      }
      if (at.seq >= at.last || !go("next")) {
        stop();
      }
    }, Number(autoplay.delay));
  }

  function play() {
    autoplay.playing = true;
    render();
    const at = now();
    if (at && at.seq >= at.last) {
      go("first"); // from the deal again; the swap schedules the next step
    } else {
      schedule();
    }
  }

  function stop() {
    autoplay.playing = false;
    clearTimeout(autoplay.timer);
    render();
  }

  document.addEventListener("click", (event) => {
    const toggle = event.target instanceof Element && event.target.closest("#autoplay-toggle");
    if (toggle) {
      if (autoplay.playing) {
        stop();
      } else {
        play();
      }
    }
  });

  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.id === "autoplay-speed") {
      autoplay.delay = event.target.value;
      if (autoplay.playing) {
        schedule();
      }
    }
  });

  // The new controls come hidden (for pages without script): show them in the swap's own task,
  // not 20 ms later when htmx settles, or a control focused in between loses its keys to the
  // page and the row flickers on every step.
  document.addEventListener("htmx:afterSwap", () => {
    if (now()) {
      render();
    }
  });

  // Only #history is swapped on this page (a second event for one swap only reschedules).
  document.addEventListener("htmx:afterSettle", () => {
    if (!now()) {
      return;
    }
    showCurrent();
    const at = now();
    if (autoplay.playing && at && at.seq >= at.last) {
      stop();
    } else if (autoplay.playing) {
      schedule();
    }
  });

  function start() {
    if (now()) {
      render();
      showCurrent();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
