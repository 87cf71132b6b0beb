// Text written into HTML by hand (the edge's own error pages, e-mails, a render's slots), escaped
// exactly as React escapes text and attribute values, so that a value written into a React render
// reads the same as one React wrote itself.
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

export function escapeHtml(text: string) {
  return text.replace(/["&'<>]/g, (c) => ENTITIES[c]!);
}
