"use client";

import { type ComponentProps, useSyncExternalStore } from "react";
import { Button } from "./button";

const nada = () => () => {};

/**
 * The submit button of a form that works only with this page's JavaScript (react-hook-form and a
 * fetch): disabled until the page has hydrated. Before then a click, or Enter in a field, would
 * submit the form natively: a GET to this page with every field in the URL (a password, an
 * AppSecret) and the click lost.
 */
export function BotonEnviar({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hidratado = useSyncExternalStore(
    nada,
    () => true,
    () => false,
  );
  return <Button {...props} type="submit" disabled={disabled || !hidratado} />;
}
