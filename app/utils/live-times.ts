// The times of a live share, as the dashboard shows them: its end ("2:30 PM", naming the day when
// it is not today) and the newest update's age ("20 sec. ago"). Only the dashboard loads this module
// (vite.config.ts keeps it out of every page's shell).
import { dateTimeFormat } from "~/utils/intl-cache";

/** A time of day in a BCP 47 language and an IANA zone ("14:30", "2:30 PM"), with its day when not `now`'s. */
export function formatTime(iso: string | Date, language: string, timeZone: string, now?: Date | number) {
  const at = typeof iso === "string" ? new Date(iso) : iso;
  // A time on another day than `now` (in the zone) names its day: "2:30 AM" alone would be read as today's.
  const day = (d: Date | number) => dateTimeFormat("en-CA", { dateStyle: "short", timeZone }).format(d);
  const otherDay = now !== undefined && day(at) !== day(now);
  return dateTimeFormat(language, {
    ...(otherDay ? { month: "short", day: "numeric" } : {}),
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(at);
}

/** How long ago, in words of a BCP 47 language ("20 sec. ago", "3 min. ago"): seconds under a minute, then minutes, then hours. */
export function formatAge(fromIso: string, language: string, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - new Date(fromIso).getTime()) / 1000));
  // Made per call: the page formats one age per live share, far from the price lines' count.
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "short" });
  if (seconds < 60) return format.format(-seconds, "second");
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), "minute");
  return format.format(-Math.floor(seconds / 3600), "hour");
}
