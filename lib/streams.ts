/**
 * A byte stream of the texts `parts` yields, each read when the stream's reader asks for more (a slow
 * client slows the source). When `parts` throws, `onError` hears it and the stream errors, so whoever
 * sends it cuts the connection instead of ending the body: the client sees a broken transfer, never a
 * short one that looks whole. Cancelling the stream (the client left) ends `parts`.
 */
export function textStream(parts: AsyncIterator<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await parts.return?.();
    },
  });
}
