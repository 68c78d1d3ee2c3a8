// The pages' few behaviours beyond htmx. They live here, not in on* attributes, because the
// Content-Security-Policy runs no inline script. Listeners sit on the document, so they keep
// working on controls that htmx swaps in.

// A slider that goes where it is let go (the history's move slider): its <output> follows
// while dragging, and letting go submits the form.
document.addEventListener("input", (event) => {
  const slider = event.target;
  if (!(slider instanceof HTMLInputElement) || !slider.hasAttribute("data-submit-on-change")) {
    return;
  }
  const output = slider.nextElementSibling;
  if (output instanceof HTMLOutputElement) {
    output.value = slider.value;
  }
});

document.addEventListener("change", (event) => {
  const slider = event.target;
  if (slider instanceof HTMLInputElement && slider.hasAttribute("data-submit-on-change")) {
    slider.form.requestSubmit();
  }
});

// A tab nobody looks at does not poll: the game panel's poll tells the server that the player
// is at the game, which holds their turn email back, and a hidden tab is not being looked at.
// Polling goes on by itself once the tab is shown again.
document.addEventListener("htmx:beforeRequest", (event) => {
  const trigger = event.detail.elt && event.detail.elt.getAttribute("hx-trigger");
  if (document.hidden && trigger && trigger.startsWith("every ")) {
    event.preventDefault();
  }
});

// The table-talk field keeps what is being typed while the panel refreshes (hx-preserve), so
// once a message has been said it is emptied here for the next one; a refused one stays, to
// be mended. (The form itself may be gone by now: the panel it sat in was swapped.)
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.requestConfig && event.detail.requestConfig.elt;
  const said = event.detail.xhr && event.detail.xhr.status >= 200 && event.detail.xhr.status < 300;
  if (form instanceof HTMLFormElement && form.hasAttribute("data-talk-form") && said) {
    const field = document.getElementById("talk-text");
    if (field instanceof HTMLInputElement) {
      field.value = "";
    }
  }
});

// A board word's note (templatetags/glossary.py) shows on hover and focus through CSS alone; a
// tap toggles it here, since a tap on a button does not focus it in every browser, and Escape
// hides it until the pointer or focus leaves the word.
document.addEventListener("click", (event) => {
  const word = event.target instanceof Element && event.target.closest(".term-word");
  for (const open of document.querySelectorAll(".term.open")) {
    if (!word || open !== word.parentElement) {
      open.classList.remove("open");
      open.querySelector(".term-word").setAttribute("aria-expanded", "false");
    }
  }
  if (word) {
    const term = word.parentElement;
    const opened = term.classList.toggle("open");
    term.classList.remove("dismissed");
    word.setAttribute("aria-expanded", String(opened));
  }
});

document.addEventListener("keydown", (event) => {
  const term = event.target instanceof Element && event.target.closest(".term");
  if (event.key === "Escape" && term) {
    term.classList.remove("open");
    term.classList.add("dismissed");
    term.querySelector(".term-word").setAttribute("aria-expanded", "false");
  }
});

for (const leaving of ["focusout", "mouseout"]) {
  document.addEventListener(leaving, (event) => {
    const term = event.target instanceof Element && event.target.closest(".term");
    if (term && !term.contains(event.relatedTarget)) {
      term.classList.remove("dismissed");
    }
  });
}

// The game panel and the dashboard's games are swapped whole (a move, or a poll bringing
// someone else's). Keyboard focus stays on the same control when the new part has it, else on
// the part itself (the game's table), never lost to the top of the page; and on the game page
// what changed is read out through the polite live region.
let focusBeforeSwap = null;

function focusKey(element) {
  if (element.id) {
    return `#${CSS.escape(element.id)}`;
  }
  if (element.name && element.value !== undefined && element.value !== "") {
    return `${element.tagName.toLowerCase()}[name="${CSS.escape(element.name)}"][value="${CSS.escape(element.value)}"]`;
  }
  if (element instanceof HTMLAnchorElement && element.getAttribute("href")) {
    return `a[href="${CSS.escape(element.getAttribute("href"))}"]`;
  }
  if (element.tagName === "SUMMARY" && element.parentElement.classList.length) {
    return `${element.parentElement.tagName.toLowerCase()}.${[...element.parentElement.classList].map((c) => CSS.escape(c)).join(".")} > summary`;
  }
  return null;
}

document.addEventListener("htmx:beforeSwap", (event) => {
  const target = event.detail.target;
  const focused = document.activeElement;
  if (target && target.id && focused && focused !== document.body && target.contains(focused)) {
    focusBeforeSwap = { key: focusKey(focused), part: target.id };
  } else {
    focusBeforeSwap = null;
  }
});

document.addEventListener("htmx:afterSettle", (event) => {
  const swapped = event.detail.elt;
  const before = focusBeforeSwap;
  if (before && swapped && swapped.id === before.part) {
    focusBeforeSwap = null;
    restoreFocus(swapped, before.key);
  }
  if (swapped && swapped.id === "panel") {
    announce(swapped);
  }
});

function restoreFocus(part, key) {
  const same = key && part.querySelector(key);
  if (same instanceof HTMLElement && !same.hasAttribute("disabled") && !same.closest("[hidden]")) {
    same.focus();
    return;
  }
  // The control is gone (the move it made is played): the refusal if there is one, else the
  // table, so that Tab goes on from the board.
  const landing = part.querySelector("#refusal") || part.querySelector(".board-form") || part;
  landing.setAttribute("tabindex", "-1");
  landing.focus();
}

let lastAnnounced = null;

function announce(panel) {
  const region = document.getElementById("announcer");
  if (!region) {
    return;
  }
  const seq = panel.dataset.seq;
  if (seq === lastAnnounced) {
    return;
  }
  lastAnnounced = seq;
  const latest = panel.querySelector(".log li");
  const banner = panel.querySelector(".banner");
  const parts = [];
  if (latest) {
    // Read as a screen reader would: without the mover's initial, which is for the eye.
    const line = latest.cloneNode(true);
    for (const hidden of line.querySelectorAll("[aria-hidden=true]")) {
      hidden.remove();
    }
    // The word comes from the page, in the page's language (data-move-word).
    parts.push(`${region.dataset.moveWord || "Move"} ${line.textContent.replace(/\s+/g, " ").trim()}`);
  }
  if (banner) {
    parts.push(banner.textContent.replace(/\s+/g, " ").trim());
  }
  region.textContent = parts.join(". ");
}

// The announcer starts from the position the page was loaded with: only changes are read out.
document.addEventListener("DOMContentLoaded", () => {
  const panel = document.getElementById("panel");
  if (panel) {
    lastAnnounced = panel.dataset.seq;
  }
});

// Time zones (accounts/zones.py groups the select by region): a box that narrows the list as
// one types, and the browser's own zone proposed where the select asks for it (sign-up) or
// offered with a button (settings, the dashboard) while the saved zone is still UTC.
function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return "";
  }
}

function hasZone(select, zone) {
  return [...select.options].some((option) => option.value === zone);
}

function addZoneSearch(select) {
  const search = document.createElement("input");
  search.type = "search";
  search.className = "zone-search";
  search.id = `${select.id}-search`;
  search.setAttribute("aria-label", select.dataset.searchLabel || "Search time zones");
  search.setAttribute("aria-controls", select.id);
  search.placeholder = select.dataset.searchPlaceholder || "Search: city, region or UTC+01";
  search.addEventListener("input", () => {
    const words = search.value.toLowerCase().replace(/_/g, " ").split(/\s+/).filter(Boolean);
    let first = null;
    for (const option of select.options) {
      const text = `${option.value.replace(/_/g, " ")} ${option.textContent}`.toLowerCase();
      option.hidden = !words.every((word) => text.includes(word));
      if (!option.hidden && !first) {
        first = option;
      }
    }
    for (const group of select.querySelectorAll("optgroup")) {
      group.hidden = [...group.children].every((option) => option.hidden);
    }
    if (first && select.selectedOptions[0] && select.selectedOptions[0].hidden) {
      select.value = first.value;
    }
  });
  select.before(search);
}

function proposeZone(select) {
  const zone = browserZone();
  if (!zone || zone === select.value || !hasZone(select, zone)) {
    return;
  }
  if (select.hasAttribute("data-propose-browser-zone") && select.value === "UTC") {
    select.value = zone;
    return;
  }
  const use = document.createElement("button");
  use.type = "button";
  use.className = "button small zone-use";
  use.textContent = `${select.dataset.useBrowserZone || "Use your browser's time zone:"} ${zone}`;
  use.addEventListener("click", () => {
    select.value = zone;
    use.remove();
    select.focus();
  });
  select.after(use);
}

function offerBrowserZone(form) {
  const zone = browserZone();
  const field = form.querySelector("input[name=time_zone]");
  if (!zone || zone === form.dataset.timeZone || !field || localStorage.getItem("kept-time-zone") === form.dataset.timeZone) {
    return;
  }
  field.value = zone;
  for (const name of form.querySelectorAll("[data-browser-zone]")) {
    name.textContent = zone;
  }
  form.querySelector("[data-keep-zone]").addEventListener("click", () => {
    localStorage.setItem("kept-time-zone", form.dataset.timeZone);
    form.hidden = true;
  });
  form.hidden = false;
}

document.addEventListener("DOMContentLoaded", () => {
  for (const select of document.querySelectorAll("select[data-time-zone]")) {
    addZoneSearch(select);
    proposeZone(select);
  }
  for (const form of document.querySelectorAll("form[data-time-zone-proposal]")) {
    offerBrowserZone(form);
  }
});
