import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

import { useT } from "~/i18n/use-t";

/** What Tab can reach inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * A dialog addressed by the URL: opening is a link, closing is a link to the address without it, so
 * both work before JavaScript loads. With JavaScript it behaves as a modal dialog (WAI-ARIA's dialog
 * pattern): the focus starts inside, Tab and Shift+Tab cycle within it, Escape closes it where the spec
 * allows (`closeOnEscape`: spec section 2 forbids it for the sign-in and reset-password dialogs), and
 * on closing the focus goes back to what opened it.
 */
export function Modal({
  title,
  closeTo,
  children,
  id,
  closeOnEscape = true,
  openedBy,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  id: string;
  closeOnEscape?: boolean;
  /** What opens it when neither the focus nor a link to its address tells (a form's button). */
  openedBy?: string;
}) {
  const t = useT();
  const dialog = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // The latest values, for the listeners set up once per dialog.
  const latest = useRef({ closeOnEscape, closeTo, navigate, openedBy });
  latest.current = { closeOnEscape, closeTo, navigate, openedBy };
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    // What opened it: the link that was followed (a client-side navigation keeps its focus). A dialog
    // opened by loading its address has none.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && !node.contains(active) ? active : null;
    // A dialog is an address: when the page drew its opener again, or a page change removed it, a
    // link to this address on the page behind is its opener.
    const address = window.location.pathname + window.location.search;
    const openers = [opener?.getAttribute("href"), address].flatMap((href) =>
      href ? [`a[href="${CSS.escape(href)}"]`] : [],
    );
    if (latest.current.openedBy) openers.push(latest.current.openedBy);
    // A refused form's error summary (GOV.UK: it takes the focus), else the first field, else the
    // dialog itself when it has none (the search modal), so that a screen reader starts inside it.
    const field =
      node.querySelector<HTMLElement>(".error-summary") ??
      node.querySelector<HTMLInputElement>("input:not([type=hidden]):not([readonly])");
    (field ?? node).focus();

    const focusables = () =>
      [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && latest.current.closeOnEscape && !event.defaultPrevented) {
        event.preventDefault();
        latest.current.navigate(latest.current.closeTo, { replace: true, preventScrollReset: true });
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      const at = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        node.focus();
      } else if (event.shiftKey && (at === first || at === node || !node.contains(at))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (at === last || !node.contains(at))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that reaches the page behind some other way (a click on the backdrop's page, a screen
    // reader's jump) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !node.contains(event.target)) (focusables()[0] ?? node).focus();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      // Closed: back to the opener, or to its twin when the page behind was drawn again (once the
      // page it closes to is on the screen); else to the page's content.
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const twin = openers.map((selector) => document.querySelector<HTMLElement>(selector)).find(Boolean);
        const target = opener?.isConnected ? opener : (twin ?? document.getElementById("main"));
        target?.focus({ preventScroll: true });
      });
    };
  }, [id]);
  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        id={id}
      >
        <Link className="modal-close" to={closeTo} preventScrollReset replace aria-label={t("common.close")}>
          ×
        </Link>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
