// Browser notifications on the settings page: subscribe this browser with the site's VAPID
// public key and hand the subscription to the server, or take it back. The service worker
// (push-worker.js) shows each notification and opens the game when it is clicked.
(() => {
  const section = document.getElementById("push");
  if (!section) {
    return;
  }
  const status = document.getElementById("push-status");
  const say = (text) => { status.textContent = text; };
  const csrf = () => {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  };
  const supported = "serviceWorker" in navigator && "PushManager" in window;
  if (!supported) {
    say("This browser cannot show notifications from a site.");
    return;
  }

  // The public key comes URL-safe base64 encoded; the browser wants its bytes.
  const keyBytes = (text) => {
    const padded = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  };

  const registration = () => navigator.serviceWorker.register(section.dataset.workerUrl);

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
        say("Notifications are blocked for this site in this browser.");
        return;
      }
      const worker = await registration();
      await navigator.serviceWorker.ready;
      const subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(section.dataset.pushKey),
      });
      const answer = await send("POST", subscription.toJSON());
      const body = await answer.json();
      say(answer.ok ? "This browser gets notifications now." : body.detail);
    } catch (error) {
      say("This browser could not be subscribed: " + error.message);
    }
  });

  document.getElementById("push-off").addEventListener("click", async () => {
    const worker = await registration();
    const subscription = await worker.pushManager.getSubscription();
    if (!subscription) {
      say("This browser was not subscribed.");
      return;
    }
    await send("DELETE", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
    say("This browser gets no more notifications.");
  });
})();
