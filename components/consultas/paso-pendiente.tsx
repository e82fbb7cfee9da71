"use client";

import { useLinkStatus } from "next/link";

/**
 * Inside a pagination link: a spinner while the page it leads to is loading (on a slow network the
 * click would otherwise seem lost), and aria-busy-like text for screen readers.
 */
export function PasoPendiente({ texto }: { texto: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span data-testid="paso-pendiente" className="inline-flex items-center">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
      <span className="sr-only">{texto}</span>
    </span>
  );
}
