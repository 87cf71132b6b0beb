import { useNonce } from "~/http/nonce";
import { useLocale, useT } from "~/i18n/use-t";

import { recipientPaths } from "./paths";

/** What the share page says about live sharing (share.tsx's loader, from live.server.ts `liveState`). */
export type LivePanelView =
  | { state: "offer"; minutes: number[] }
  | { state: "running"; until: string }
  | { state: "ended"; at: string }
  | { state: "none" };

/** Without JavaScript nothing can watch the position: the durations step aside for the sentence that says why. */
const NO_SCRIPT_CSS = "#live-offer{display:none}#live-no-script{display:block}";

/**
 * Live sharing on the share page, after a precise share (docs/decisions/046): the durations that fit,
 * and the running share's panel and its end, hidden until the live script shows them. A share already
 * running (started by another page, or this page reloaded) or ended is only said.
 */
export function LivePanel({ live, code, name }: { live: LivePanelView; code: string; name: string }) {
  const t = useT();
  const nonce = useNonce();
  const paths = recipientPaths(code, useLocale());
  if (live.state === "none") return null;
  if (live.state === "ended")
    return (
      <p className="muted" data-testid="live-ended-at">
        {t("recipient.live.endedAt", { time: live.at })}
      </p>
    );
  if (live.state === "running")
    return (
      <div className="notice" role="status" data-testid="live-elsewhere">
        <p>{t("recipient.live.elsewhere", { time: live.until })}</p>
      </div>
    );
  return (
    <section
      id="live"
      className="card"
      aria-labelledby="live-title"
      data-testid="live"
      data-start={paths.liveStart}
      data-update={paths.liveUpdate}
      data-stop={paths.liveStop}
      data-script={paths.liveScript}
    >
      <h2 id="live-title">{t("recipient.live.title")}</h2>
      <p id="live-intro">{t("recipient.live.text", { name })}</p>
      <div id="live-running" hidden>
        <p>
          <strong>{t("recipient.live.running", { name })}</strong>
        </p>
        <p id="live-sent" className="muted" data-text={t("recipient.live.sent", { time: "%TIME%" })}>
          {t("recipient.live.waiting")}
        </p>
        <div className="live-bar">
          <p id="live-left" data-text={t("recipient.live.left", { time: "%TIME%" })} />
          <button type="button" id="live-stop" className="button button-danger">
            {t("recipient.live.stop")}
          </button>
        </div>
      </div>
      <p
        id="live-ended"
        className="notice notice-ok"
        role="status"
        tabIndex={-1}
        hidden
        data-stopped={t("recipient.live.ended.stopped", { name })}
        data-timeup={t("recipient.live.ended.timeup")}
        data-closed={t("recipient.live.ended.closed")}
        data-denied={t("recipient.live.ended.denied")}
      />
      <p id="live-keep-open" className="muted">
        {t("recipient.live.keepOpen")}
      </p>
      <div id="live-offer" className="choices">
        {live.minutes.map((minutes) => (
          <button key={minutes} type="button" className="button" data-minutes={minutes}>
            {t(`recipient.live.duration_${minutes}` as "recipient.live.duration_15")}
          </button>
        ))}
      </div>
      <p id="live-failed" className="notice notice-error" role="alert" hidden>
        {t("recipient.live.failed")}
      </p>
      <p id="live-no-script" className="muted" hidden>
        {t("recipient.live.noScript")}
      </p>
      <noscript dangerouslySetInnerHTML={{ __html: `<style nonce="${nonce}">${NO_SCRIPT_CSS}</style>` }} />
    </section>
  );
}
