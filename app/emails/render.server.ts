import { config } from "~/server/config.server";
import { escapeHtml as escape } from "~/utils/escape-html";

/**
 * A button that every client can follow: a plain anchor (no form, no script), padded inline so it
 * stays a tap target in clients that drop <style>; the URL itself follows as a wrapping link, since a
 * long URL must never widen a narrow screen.
 */
function actionHtml(action: { href: string; label: string }) {
  const href = escape(action.href);
  return `<p style="margin:8px 0 12px"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;font:bold 16px/1.2 Arial,sans-serif;text-decoration:none;padding:12px 20px;border-radius:6px;max-width:100%;box-sizing:border-box">${escape(action.label)}</a></p>
<p style="margin:0 0 24px;font:13px/1.5 Arial,sans-serif;color:#4b5563;word-break:break-all;overflow-wrap:anywhere"><a href="${href}" style="color:#1d4ed8">${href}</a></p>`;
}

/**
 * A translated message as plain text and as simple, inline-styled HTML. Paragraphs are separated by
 * blank lines; `highlight` (a code) is shown on its own, large. `action` is a link shown as a button,
 * with its URL repeated below as text that wraps (clients that strip styles still get a usable link).
 */
export function renderEmail(input: {
  subject: string;
  paragraphs: string[];
  highlight?: string;
  action?: { href: string; label: string };
  footer: string;
  /** A visible way to stop such e-mails, under the footer (the List-Unsubscribe header's twin). */
  unsubscribe?: { href: string; label: string };
}) {
  const shown = input.highlight ?? input.action?.href;
  const unsubscribe = input.unsubscribe ? [`${input.unsubscribe.label} ${input.unsubscribe.href}`] : [];
  const text = [...input.paragraphs, ...(shown ? [shown] : []), input.footer, ...unsubscribe].join("\n\n");
  // A paragraph may carry a long URL (the request templates do): it wraps instead of widening the mail.
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif;color:#1f2937;overflow-wrap:anywhere;word-break:break-word">${escape(s)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font:bold 20px Arial,sans-serif;color:#111827;margin:0 0 16px">${escape(input.subject)}</h1>
${input.paragraphs.map(p).join("\n")}
${input.highlight ? `<p style="font:bold 28px/1.2 monospace;letter-spacing:4px;color:#1d4ed8;margin:8px 0 24px">${escape(input.highlight)}</p>` : ""}
${input.action ? actionHtml(input.action) : ""}
<p style="margin:24px 0 0;font:12px/1.5 Arial,sans-serif;color:#6b7280">${escape(input.footer)}<br><a href="${escape(config().publicUrl.origin)}">${escape(config().publicUrl.host)}</a></p>
${input.unsubscribe ? `<p style="margin:12px 0 0;font:12px/1.5 Arial,sans-serif;color:#6b7280;overflow-wrap:anywhere"><a href="${escape(input.unsubscribe.href)}" style="color:#1d4ed8">${escape(input.unsubscribe.label)}</a></p>` : ""}
</div></body></html>`;
  return { subject: input.subject, text, html };
}
