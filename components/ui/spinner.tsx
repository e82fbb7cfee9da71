/**
 * A loading ring, decorative (its text says what loads). It turns only where the person has not
 * asked for reduced motion (prefers-reduced-motion): there it stays still.
 */
export function Spinner({ className = "h-4 w-4 border-current" }: { className?: string }) {
  return <span aria-hidden="true" className={`${className} motion-safe:animate-spin rounded-full border-2 border-r-transparent`} />;
}
