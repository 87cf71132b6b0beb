import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { NotificationBanner } from "~/components/notification-banner";
import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import { useHydrated } from "~/utils/use-hydrated";

export type ClientToast = { type: "success" | "error" | "info"; message: string };
type Sonner = typeof import("sonner");

/** Spec section 9. */
export const TOAST = { duration: 4000, visible: 3, gap: 14, hotkey: ["altKey", "KeyT"] };

type Pending = ClientToast & { answersPost?: boolean };

const listeners = new Set<(toast: Pending) => void>();
let flashCount = 0;

/**
 * The toast that answers a post (a flash) takes focus once sonner has drawn it, as the banner does
 * without JavaScript: a screen reader reads it, and Tab leaves it for the page again (sonner then
 * returns focus to where it was; its timer still runs, the toast is not pinned by the focus).
 */
function focusWhenShown(className: string, tries = 20) {
  const toast = document.querySelector<HTMLElement>(`[data-sonner-toast].${className}`);
  if (toast) toast.focus({ preventScroll: true });
  else if (tries > 0) requestAnimationFrame(() => focusWhenShown(className, tries - 1));
}

/** Shows a toast from browser code (a fetcher's answer, a copy to the clipboard). */
export function notify(toast: ClientToast) {
  for (const listener of listeners) listener(toast);
}

/**
 * Product toasts: top centre, light (spec section 2). Section 9's values: 4000 ms, 3 visible, 14 px
 * gap and Alt+T are set below; 356 px wide, a 45 px swipe to dismiss and 200 ms removal are sonner
 * 2's built-in constants (sonner 1.7 swiped at 20 px; toasts.test.ts checks the installed ones).
 * Sonner loads only when there is something to show, so pages without toasts do not download it.
 */
export function ToastHost() {
  const t = useT();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.toast;
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);

  useEffect(() => {
    const listener = (toast: ClientToast) => setPending((queue) => [...queue, toast]);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  useEffect(() => {
    if (flash)
      setPending((queue) => [...queue, { type: flash.type, message: t(flash.key, flash.values), answersPost: true }]);
  }, [flash, t]);

  useEffect(() => {
    if (pending.length === 0) return;
    if (!sonner) {
      void import("sonner").then(setSonner);
      return;
    }
    for (const toast of pending) {
      const className = toast.answersPost ? `flash-toast-${++flashCount}` : undefined;
      sonner.toast[toast.type](toast.message, { className });
      if (className) focusWhenShown(className);
    }
    setPending([]);
  }, [pending, sonner]);

  return sonner ? (
    <sonner.Toaster
      position="top-center"
      theme="light"
      richColors
      closeButton
      duration={TOAST.duration}
      visibleToasts={TOAST.visible}
      gap={TOAST.gap}
      hotkey={TOAST.hotkey}
    />
  ) : null;
}

/**
 * Without JavaScript the flash message (the outcome of the post that led here) is a notification
 * banner at the top of the page instead of a toast.
 */
export function FlashBanner() {
  const t = useT();
  const hydrated = useHydrated();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.toast;
  if (!flash || hydrated) return null;
  const message = t(flash.key, flash.values);
  return (
    <div className="flash">
      <NotificationBanner type={flash.type} testId="flash" focusKey={message} focus={false}>
        <p className="notification-banner-heading">{message}</p>
      </NotificationBanner>
    </div>
  );
}
