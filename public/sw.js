// The Panel's service worker (decision 0103): shows the alert of a new enquiry that the service sends
// through the browser's push service, and opens the enquiry when the notification is tapped. The
// payload is { title, body, url, tag } (lib/service/alertas/alerta-mensaje.ts); only pages of this
// site are opened.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const alerta = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(alerta.title || "Vitrina", {
      body: alerta.body,
      tag: alerta.tag,
      icon: "/icon.svg",
      data: { url: alerta.url },
    }),
  );
});

/** The enquiry's page when it is on this site; the inbox otherwise. */
function destino(url) {
  try {
    const pagina = new URL(url, self.location.origin);
    if (pagina.origin === self.location.origin) return pagina.href;
  } catch {
    // Not a URL: the inbox.
  }
  return new URL("/panel/consultas", self.location.origin).href;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = destino(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((ventanas) => {
      const abierta = ventanas.find((ventana) => ventana.url === url);
      return abierta ? abierta.focus() : self.clients.openWindow(url);
    }),
  );
});
