/**
 * A listing's photo as its URL is (the partner's host, or ours): loaded lazily, without telling that
 * host which Panel page asked (no referrer); without one, a placeholder of the same size.
 */
export function Foto({
  url,
  alt,
  sinFoto,
  className = "h-16 w-24",
}: {
  url: string | null;
  alt: string;
  sinFoto: string;
  className?: string;
}) {
  if (!url) {
    return (
      <div className={`${className} flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-600`}>
        {sinFoto}
      </div>
    );
  }
  return (
    // biome-ignore lint/performance/noImgElement: a partner's photo on its own host; next/image would fetch it through our server.
    <img
      src={url}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={`${className} shrink-0 rounded-lg bg-slate-100 object-cover`}
    />
  );
}
