export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServiceOrExit } = await import("@/lib/service/runtime");
  await startServiceOrExit();
}
