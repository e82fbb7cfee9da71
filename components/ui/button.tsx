"use client";

import { type ComponentProps, useSyncExternalStore } from "react";
import { buttonClass, type Variant } from "./button-class";
import { Spinner } from "./spinner";

const nada = () => () => {};

/** Whether this page's JavaScript has run: false on the server and while hydrating, true after. */
function useHidratado(): boolean {
  return useSyncExternalStore(
    nada,
    () => true,
    () => false,
  );
}

/**
 * A button; `cargando` disables it and says so to screen readers (aria-busy). One whose action is a
 * click handler is disabled until the page has hydrated: before then the click would be lost.
 */
export function Button({
  variante = "primario",
  cargando = false,
  className = "",
  type = "button",
  children,
  disabled,
  ...props
}: ComponentProps<"button"> & { variante?: Variant; cargando?: boolean }) {
  const hidratado = useHidratado();
  return (
    <button
      type={type}
      className={buttonClass(variante, className)}
      disabled={disabled || cargando || (props.onClick !== undefined && !hidratado)}
      aria-busy={cargando || undefined}
      {...props}
    >
      {cargando && <Spinner />}
      {children}
    </button>
  );
}

/**
 * The submit button of a form that works only with this page's JavaScript (react-hook-form and a
 * fetch): disabled until the page has hydrated. Before then a click, or Enter in a field, would
 * submit the form natively: a GET to this page with every field in the URL (a password, an
 * AppSecret) and the click lost.
 */
export function BotonEnviar({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hidratado = useHidratado();
  return <Button {...props} type="submit" disabled={disabled || !hidratado} />;
}
