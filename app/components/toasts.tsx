import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import { useHydrated } from "~/utils/use-hydrated";

export type ClientToast = { type: "success" | "error" | "info"; message: string };
type Sonner = typeof import("sonner");

/** Spec section 9. */
export const TOAST = { duration: 4000, visible: 3, gap: 14, hotkey: ["altKey", "KeyT"] };

const listeners = new Set<(toast: ClientToast) => void>();

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
  const [pending, setPending] = useState<ClientToast[]>([]);

  useEffect(() => {
    const listener = (toast: ClientToast) => setPending((queue) => [...queue, toast]);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  useEffect(() => {
    if (flash) setPending((queue) => [...queue, { type: flash.type, message: t(flash.key, flash.values) }]);
  }, [flash, t]);

  useEffect(() => {
    if (pending.length === 0) return;
    if (!sonner) {
      void import("sonner").then(setSonner);
      return;
    }
    for (const toast of pending) sonner.toast[toast.type](toast.message);
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

/** Without JavaScript the flash message is an inline status banner instead of a toast. */
export function FlashBanner() {
  const t = useT();
  const hydrated = useHydrated();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.toast;
  if (!flash || hydrated) return null;
  return (
    <div role="status" className={`flash flash-${flash.type}`} data-testid="flash">
      {t(flash.key, flash.values)}
    </div>
  );
}
