import { useT } from "~/i18n/use-t";

/**
 * `npm start` is the demo on embedded providers: a small notice on the home and outbox pages says so,
 * so that nobody takes it for the real service.
 */
export function DemoNotice({ demo }: { demo: boolean }) {
  const t = useT();
  if (!demo) return null;
  return (
    <p className="demo-notice" role="note" data-testid="demo-notice">
      {t("outbox.demoBanner")}
    </p>
  );
}
