import { config } from "~/config.server";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A translated message as plain text and as simple, inline-styled HTML. Paragraphs are separated by
 * blank lines; `highlight` (a code, a link) is shown on its own, large.
 */
export function renderEmail(input: { subject: string; paragraphs: string[]; highlight?: string; footer: string }) {
  const text = [...input.paragraphs, ...(input.highlight ? [input.highlight] : []), input.footer].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif;color:#1f2937">${escape(s)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font:bold 20px Arial,sans-serif;color:#111827;margin:0 0 16px">${escape(input.subject)}</h1>
${input.paragraphs.map(p).join("\n")}
${input.highlight ? `<p style="font:bold 28px/1.2 monospace;letter-spacing:4px;color:#1d4ed8;margin:8px 0 24px">${escape(input.highlight)}</p>` : ""}
<p style="margin:24px 0 0;font:12px/1.5 Arial,sans-serif;color:#6b7280">${escape(input.footer)}<br><a href="${escape(config().publicUrl.origin)}">${escape(config().publicUrl.host)}</a></p>
</div></body></html>`;
  return { subject: input.subject, text, html };
}
