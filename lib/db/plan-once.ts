/**
 * The connection URL of a pool whose connections plan each prepared statement once (PostgreSQL's
 * generic plan; decisions 0018): the URL's own `options`, if any, plus `plan_cache_mode`.
 * node-postgres lets a URL's parameters override its other settings, so the option goes in the URL.
 */
export function planOnceUrl(url: string): string {
  const planOnce = new URL(url);
  const own = planOnce.searchParams.get("options");
  planOnce.searchParams.set("options", [own, "-c plan_cache_mode=force_generic_plan"].filter(Boolean).join(" "));
  return planOnce.toString();
}
