/**
 * The brand mark: a pin with a heart inside a rounded square, in the brand's blue (public/favicon.svg
 * is the same drawing). Inline, so that it costs no request, the recipient's unhydrated pages included
 * (the edge's own small pages, app/http/reject.server.ts, use BRAND_MARK_SVG, the same markup as text).
 */
export const BRAND_MARK_PATHS = {
  pin: "M16 5.5c-4.4 0-8 3.4-8 7.8 0 5.6 8 13.2 8 13.2s8-7.6 8-13.2c0-4.4-3.6-7.8-8-7.8z",
  heart: "M16 16.9l-3.2-3.1a2.1 2.1 0 1 1 3.2-2.7 2.1 2.1 0 1 1 3.2 2.7z",
};

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#1e4fd6" />
      <path d={BRAND_MARK_PATHS.pin} fill="#fff" />
      <path d={BRAND_MARK_PATHS.heart} fill="#1e4fd6" />
    </svg>
  );
}

/** The mark as markup, for pages rendered without React (the edge's refusals). */
export const BRAND_MARK_SVG = `<svg class="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="#1e4fd6"/><path d="${BRAND_MARK_PATHS.pin}" fill="#fff"/><path d="${BRAND_MARK_PATHS.heart}" fill="#1e4fd6"/></svg>`;
