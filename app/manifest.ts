import type { MetadataRoute } from "next";

/** The Panel installable as an app on a phone or desktop (decision 0103): it opens on the user's home. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Vitrina · Panel",
    short_name: "Vitrina",
    description: "Las consultas de tus compradores, al instante.",
    lang: "es-AR",
    start_url: "/panel",
    scope: "/",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#1d4ed8",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
