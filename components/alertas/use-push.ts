"use client";

import { useCallback, useEffect, useState } from "react";

/** What this browser can do with Web Push, and its subscription for the Panel's service worker. */
export type EstadoNavegador =
  | { tipo: "cargando" }
  | { tipo: "no-disponible" }
  | { tipo: "bloqueado" }
  | { tipo: "listo"; suscripcion: PushSubscription | null };

export type SuscripcionPush = { endpoint: string; keys: { p256dh: string; auth: string } };

const SERVICE_WORKER = "/sw.js";

const disponible = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The server's VAPID key (base64url) as PushManager.subscribe takes it. */
function claveDeAplicacion(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const comoJson = (suscripcion: PushSubscription) => suscripcion.toJSON() as SuscripcionPush;

/**
 * This browser's push subscription for the Panel (public/sw.js shows each alert and opens its enquiry):
 * `activar` asks the person's permission and subscribes with the service's key, `desactivar`
 * unsubscribes; both answer what the Panel should save (the subscription, or null).
 */
export function usePush(clavePush: string) {
  const [estado, setEstado] = useState<EstadoNavegador>({ tipo: "cargando" });

  useEffect(() => {
    if (!disponible()) return setEstado({ tipo: "no-disponible" });
    if (Notification.permission === "denied") return setEstado({ tipo: "bloqueado" });
    let vigente = true;
    navigator.serviceWorker
      .register(SERVICE_WORKER)
      .then((registro) => registro.pushManager.getSubscription())
      .then((suscripcion) => vigente && setEstado({ tipo: "listo", suscripcion }))
      .catch(() => vigente && setEstado({ tipo: "no-disponible" }));
    return () => {
      vigente = false;
    };
  }, []);

  const activar = useCallback(async (): Promise<SuscripcionPush | undefined> => {
    if ((await Notification.requestPermission()) !== "granted") {
      setEstado({ tipo: "bloqueado" });
      return undefined;
    }
    const registro = await navigator.serviceWorker.ready;
    const suscripcion = await registro.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: claveDeAplicacion(clavePush) });
    setEstado({ tipo: "listo", suscripcion });
    return comoJson(suscripcion);
  }, [clavePush]);

  const desactivar = useCallback(async () => {
    if (estado.tipo === "listo") await estado.suscripcion?.unsubscribe();
    setEstado({ tipo: "listo", suscripcion: null });
  }, [estado]);

  return { estado, activar, desactivar };
}
