export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootWebOrExit } = await import("@/lib/boot/web");
  await bootWebOrExit();
}
