import { notFound } from "next/navigation";

/**
 * Any other address under /panel: the Panel's own 404 (not-found.tsx), inside its frame and after the
 * layout's sign-in check, instead of the site's bare one. Every real page and route handler is more
 * specific, so they come first.
 */
export default function DireccionDesconocida(): never {
  notFound();
}
