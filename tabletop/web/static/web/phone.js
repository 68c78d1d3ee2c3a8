// The site on a phone: the menu that folds into a button on a narrow screen, and the service
// worker that keeps the offline page and lets the site live on the home screen.

// The menu (base.html) is a <details>. On a wide screen the stylesheet shows its links even
// while it is closed, where the browser can (::details-content); here it is opened there too,
// for the browsers that cannot, and closed again when the screen turns narrow.
const wideScreen = window.matchMedia("(min-width: 50em)");
const fitMenu = () => {
  for (const menu of document.querySelectorAll("details.menu")) {
    menu.open = wideScreen.matches;
  }
};
wideScreen.addEventListener("change", fitMenu);
fitMenu();

// An open menu on a narrow screen closes with Escape (back on its button) or a tap elsewhere.
document.addEventListener("keydown", (event) => {
  const menu = document.querySelector("details.menu[open]");
  if (event.key === "Escape" && menu && !wideScreen.matches) {
    menu.open = false;
    menu.querySelector("summary").focus();
  }
});
document.addEventListener("click", (event) => {
  const menu = document.querySelector("details.menu[open]");
  if (menu && !wideScreen.matches && !menu.contains(event.target)) {
    menu.open = false;
  }
});

const workerUrl = document.currentScript && document.currentScript.dataset.serviceWorker;
if (workerUrl && "serviceWorker" in navigator) {
  navigator.serviceWorker.register(workerUrl).catch(() => {
    // Without a worker the site works as before, only not offline.
  });
}
