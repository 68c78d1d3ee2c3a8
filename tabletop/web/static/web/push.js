// Browser notifications on the settings page: subscribe this browser with the site's VAPID
// public key and hand the subscription to the server, or take it back. The service worker
// (push-worker.js, served at the top of the site and registered by phone.js on every page)
// shows each notification and opens the game when it is clicked.
(() => {
  const section = document.getElementById("push");
  if (!section) {
    return;
  }
  const status = document.getElementById("push-status");
  const say = (text) => { status.textContent = text; };
  // What the script says comes from the page, in the page's language (data-say-*).
  const words = section.dataset;
  const csrf = () => {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  };
  const supported = "serviceWorker" in navigator && "PushManager" in window;
  if (!supported) {
    say(words.sayUnsupported);
    return;
  }

  // The public key comes URL-safe base64 encoded; the browser wants its bytes.
  const keyBytes = (text) => {
    const padded = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  };

  // A browser without a reachable push service may never answer a subscription.
  const within = (promise, seconds) => Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(
      () => reject(new Error("the browser's push service did not answer")), seconds * 1000,
    )),
  ]);

  const registration = () => navigator.serviceWorker.register(section.dataset.workerUrl);

  // Wait for this registration's own worker to be active (a first visit may still be
  // installing it), not for navigator.serviceWorker.ready, which waits for this page's.
  const active = (worker) => new Promise((resolve) => {
    const pending = worker.installing || worker.waiting;
    if (worker.active || !pending) {
      resolve(worker);
      return;
    }
    pending.addEventListener("statechange", () => {
      if (pending.state === "activated") {
        resolve(worker);
      }
    });
  });

  const send = (method, subscription) => fetch(section.dataset.pushUrl, {
    method,
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
    credentials: "same-origin",
    body: JSON.stringify(subscription),
  });

  document.getElementById("push-on").addEventListener("click", async () => {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        say(words.sayBlocked);
        return;
      }
      const worker = await active(await registration());
      const subscription = await within(worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(section.dataset.pushKey),
      }), 15);
      const answer = await send("POST", subscription.toJSON());
      const body = await answer.json();
      say(answer.ok ? words.sayOn : body.detail);
    } catch (error) {
      say(`${words.sayFailed} ${error.message}`);
    }
  });

  document.getElementById("push-off").addEventListener("click", async () => {
    const worker = await registration();
    const subscription = await worker.pushManager.getSubscription();
    if (!subscription) {
      say(words.sayNotSubscribed);
      return;
    }
    await send("DELETE", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
    say(words.sayOff);
  });
})();
