"use client";

import { useLinkStatus } from "next/link";
import { Spinner } from "@/components/ui/spinner";

/**
 * Inside a pagination link: a spinner while the page it leads to is loading (on a slow network the
 * click would otherwise seem lost), and aria-busy-like text for screen readers.
 */
export function PasoPendiente({ texto }: { texto: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span data-testid="paso-pendiente" className="inline-flex items-center">
      <Spinner />
      <span className="sr-only">{texto}</span>
    </span>
  );
}
