import { lazy, Suspense } from "react";

import { useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";

import { positionOf, type MapConfig, type MapPosition, type RequestView } from "./types";

// Leaflet (script and stylesheet) is fetched only when a map is on screen, after hydration: the
// server HTML and pages without maps never reference it.
const LeafletMap = lazy(() => import("./location-map.client"));

/** The located requests among `items` on a map; nothing before hydration (the text facts stand in). */
export function LocationMap({ items, map }: { items: RequestView[]; map: MapConfig }) {
  const t = useT();
  const hydrated = useHydrated();
  const positions = items.map(positionOf).filter((p): p is MapPosition => p !== null);
  if (!hydrated || positions.length === 0) return null;
  return (
    <div
      className="location-map"
      role="region"
      aria-label={t("dashboard.position.mapLabel")}
      data-testid="location-map"
    >
      <Suspense fallback={null}>
        <LeafletMap positions={positions} tileUrl={map.tileUrl} attribution={map.attribution} />
      </Suspense>
    </div>
  );
}
