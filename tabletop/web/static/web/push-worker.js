// The site's service worker, served from the top of the site (homescreen.py): it shows what the
// server pushed (a title, a line, the game's address) and opens the game when the notification
// is clicked, and it answers a page the network cannot fetch with the offline page it keeps.
const OFFLINE_CACHE = "tabletop-offline-1";
const OFFLINE_PAGE = "/offline/";

self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(self.registration.showNotification(data.title || "tabletop", {
    body: data.body || "",
    tag: data.tag,
    data: { url: data.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  event.waitUntil(self.clients.openWindow(url || "/"));
});

// The offline page and the static files it links to (its stylesheet, script and icons), in
// the player's language as the server answers it now.
const keepOfflinePage = async () => {
  const answer = await fetch(OFFLINE_PAGE, { cache: "no-store", credentials: "same-origin" });
  if (!answer.ok) {
    throw new Error(`the offline page answered ${answer.status}`);
  }
  const html = await answer.clone().text();
  const files = [...html.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)].map((found) => found[1]);
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.addAll(files);
  await cache.put(OFFLINE_PAGE, answer);
};

// A page in another language than the kept offline page (the player changed theirs) renews it,
// as does any page while none is kept (the network failed when the worker was installed).
const renewIfLanguageChanged = async (answer) => {
  const kept = await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE, ignoreVary: true });
  const language = answer.headers.get("Content-Language");
  if (!kept || (language && kept.headers.get("Content-Language") !== language)) {
    await keepOfflinePage();
  }
};

// Notifications come first: a worker that could not keep the offline page still installs.
self.addEventListener("install", (event) => {
  event.waitUntil(keepOfflinePage().catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== OFFLINE_CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith((async () => {
      try {
        const answer = await fetch(request);
        event.waitUntil(renewIfLanguageChanged(answer).catch(() => {}));
        return answer;
      } catch (offline) {
        const kept = await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE, ignoreVary: true });
        return kept || Response.error();
      }
    })());
    return;
  }
  // The offline page's own files, from the network while there is one.
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith("/static/")) {
    event.respondWith(fetch(request).catch(async () => (
      (await caches.match(request, { cacheName: OFFLINE_CACHE, ignoreVary: true })) || Response.error()
    )));
  }
});
