import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

import { useT } from "~/i18n/use-t";

/**
 * A dialog addressed by the URL: opening is a link, closing is a link to the address without it, so
 * both work before JavaScript loads. Escape deliberately does not close it (spec section 2).
 */
export function Modal({
  title,
  closeTo,
  children,
  id,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  id: string;
}) {
  const t = useT();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The first field, or the dialog itself when it has none (the search modal), so that a screen
    // reader starts inside it.
    const field = dialog.current?.querySelector<HTMLInputElement>("input:not([type=hidden]):not([readonly])");
    (field ?? dialog.current)?.focus();
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
