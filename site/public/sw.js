/**
 * The service worker (issue 6), only for push notifications: it shows what
 * the server sends when a lender reports on an application, and opens our
 * offers page when the notification is pressed. It caches nothing.
 */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: the default text below.
  }
  const text = (value) => (typeof value === "string" ? value : undefined);
  const url = text(data.url)?.startsWith("/") ? data.url : "/";
  event.waitUntil(
    self.registration.showNotification(text(data.title) ?? "NayaCompare", {
      body: text(data.body),
      lang: text(data.lang),
      icon: "/favicon.svg",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url ?? "/"));
});
