import { useEffect, useId, useRef, type ReactNode } from "react";

import { useT } from "~/i18n/use-t";

export type BannerType = "success" | "error" | "info";

/**
 * GOV.UK's notification banner: the outcome of a post, at the top of the page that answers it, so
 * that without JavaScript it is the first thing after the header. A success or a refusal is an alert
 * (read at once); anything else a labelled region. With JavaScript it takes focus when it appears or
 * changes (`focusKey`), so a screen reader reads it first and the keyboard starts from it.
 */
export function NotificationBanner(props: {
  type: BannerType;
  children: ReactNode;
  /** Whatever makes this a new outcome (its text): focus moves again when it changes. */
  focusKey: string;
  testId?: string;
  focus?: boolean;
}) {
  const { type, children, focusKey, testId = "outcome", focus = true } = props;
  const t = useT();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: "nearest" });
  }, [focus, focusKey]);
  const title =
    type === "success"
      ? t("common.bannerSuccess")
      : type === "error"
        ? t("errors.summaryTitle")
        : t("common.bannerImportant");
  return (
    <div
      ref={box}
      className={`notification-banner notification-banner-${type}`}
      role={type === "info" ? "region" : "alert"}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
    >
      <div className="notification-banner-header">
        <h2 className="notification-banner-title" id={titleId}>
          {title}
        </h2>
      </div>
      <div className="notification-banner-content" data-testid={`${testId}-message`}>
        {children}
      </div>
    </div>
  );
}
