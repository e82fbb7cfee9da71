/**
 * Module hook of the start script: the API's route modules (lib/http/direct-routes.ts) load in its
 * own module graph, where `server-only` must resolve as it does in Next's server build, with the
 * react-server condition. Every other module resolves as usual.
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}
