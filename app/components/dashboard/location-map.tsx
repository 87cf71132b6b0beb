import { lazy, Suspense, useState } from "react";

import { useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";

import { StaticMap } from "./static-map";
import { positionOf, type MapConfig, type MapPosition, type RequestView } from "./types";

// Leaflet (script and stylesheet) is fetched only when a map is on screen, after hydration: the
// server HTML and pages without maps never reference it.
const LeafletMap = lazy(() => import("./location-map.client"));

/**
 * The located requests among `items` on a map. The server draws them on Natural Earth's outlines
 * (`StaticMap`): that is the map without JavaScript and until Leaflet has loaded. Leaflet then shows
 * street tiles when MAP_TILE_URL names a server, and the same outlines when it does not or when the
 * tiles fail; a notice says that street maps are not available.
 */
export function LocationMap({
  items,
  map,
  trail = null,
}: {
  items: RequestView[];
  map: MapConfig;
  /**
   * A live share's earlier positions (oldest first): drawn as a line to the newest, and the map then
   * follows the newest rather than being made anew at each position.
   */
  trail?: [number, number][] | null;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [tilesFailed, setTilesFailed] = useState(false);
  const positions = items.map(positionOf).filter((p): p is MapPosition => p !== null);
  if (positions.length === 0) return null;
  const outlines = map.tileUrl === null || tilesFailed;
  const notice = (
    <p className="notice map-notice" data-testid="map-notice">
      {t("dashboard.position.outlinesNotice")}
    </p>
  );
  const drawing = map.basemap ? <StaticMap basemap={map.basemap} /> : null;
  return (
    <div
      className="location-map"
      role="region"
      aria-label={t("dashboard.position.mapLabel")}
      data-testid="location-map"
      data-outlines={hydrated ? outlines : true}
      data-trail={trail ? trail.length : undefined}
    >
      {/* Without JavaScript there are no street tiles, whatever the setting. */}
      {outlines ? notice : hydrated ? null : <noscript>{notice}</noscript>}
      <div className="map-frame">
        {hydrated ? (
          <Suspense fallback={drawing}>
            <LeafletMap
              positions={positions}
              tileUrl={outlines ? null : map.tileUrl}
              attribution={map.attribution}
              trail={trail}
              onTilesFailed={() => setTilesFailed(true)}
            />
          </Suspense>
        ) : (
          drawing
        )}
      </div>
    </div>
  );
}
