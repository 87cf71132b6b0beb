import type { StaticBasemap } from "~/geo/outlines";
import { useT } from "~/i18n/use-t";

// A pin whose tip is at (0, 0), in drawing units (the drawing's larger side is 1000).
const PIN = "M0 0C-5-14-19-25-19-40A19 19 0 1 1 19-40C19-25 5-14 0 0Z";

/**
 * The positions drawn by the server on Natural Earth's outlines: what the page shows without
 * JavaScript, and until the interactive map has loaded. A GPS fix is a pin, an approximate one only
 * its area; each is named, and (for up to three) its coordinates are written below the drawing.
 */
export function StaticMap({ basemap }: { basemap: StaticBasemap }) {
  const t = useT();
  const { width, height, marks } = basemap;
  return (
    <figure className="static-map" data-testid="static-map">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">
        <path className="basemap-land" d={basemap.land} />
        <path className="basemap-borders" d={basemap.borders} />
        {marks.map((m) => (
          <g key={m.id} data-testid="static-map-mark" data-precise={m.precise}>
            {m.precise ? (
              <>
                {m.r >= 2 ? <circle className="basemap-area basemap-precise" cx={m.x} cy={m.y} r={m.r} /> : null}
                <path className="basemap-pin" d={PIN} transform={`translate(${m.x} ${m.y})`} />
                <circle className="basemap-pin-dot" cx={m.x} cy={m.y - 40} r={7} />
              </>
            ) : (
              <circle className="basemap-area basemap-approximate" cx={m.x} cy={m.y} r={Math.max(m.r, 8)} />
            )}
            {m.place ? (
              <text className="basemap-label" x={m.x} y={m.y - (m.precise ? 72 : Math.max(m.r, 8) + 14)}>
                {m.place}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      {marks.length > 3 ? null : (
        // More places than that are each named with their coordinates in the list below.
        <figcaption>
          <ul className="static-map-places">
            {marks.map((m) => (
              <li key={m.id}>
                <strong>{m.place ?? t("dashboard.position.unnamedPlace")}</strong>{" "}
                <span className="muted">
                  {m.latitude.toFixed(5)}, {m.longitude.toFixed(5)}
                </span>
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
