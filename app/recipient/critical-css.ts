/**
 * The whole stylesheet of the bare recipient pages, inlined in their <head>: one round trip on 2G,
 * so the first TCP window (14 KB compressed) carries the page, its style and its script. Keep it small.
 */
export const CRITICAL_CSS = `
:root{--blue:#1d4ed8;--ink:#111827;--muted:#4b5563;--line:#e5e7eb;--ok:#047857;--err:#b91c1c}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#f8fafc}
a{color:var(--blue)}
.bare-header{padding:.6em 1em;background:#fff;border-bottom:1px solid var(--line);font-weight:700}
main{max-width:34em;margin:0 auto;padding:1em}
h1{font-size:1.5em;line-height:1.25;margin:.3em 0 .6em}
h2{font-size:1.1em;margin:1.2em 0 .3em}
.lead{font-size:1.05em}
.muted{color:var(--muted);font-size:.9em}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:1em;margin:1em 0}
.choices{display:grid;gap:.7em;margin:1.2em 0}
.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:.5em 1em;border-radius:10px;border:1px solid var(--blue);background:#fff;color:var(--blue);font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button-primary{background:var(--blue);color:#fff}
.button-quiet{border-color:var(--line);color:var(--muted)}
.button[disabled]{opacity:.6;cursor:progress}
.notice{padding:.7em 1em;border-radius:8px;background:#eff6ff;border:1px solid #bfdbfe}
.notice-ok{background:#ecfdf5;border-color:#a7f3d0;color:var(--ok)}
.notice-error{background:#fef2f2;border-color:#fecaca;color:var(--err)}
.notice p{margin:.2em 0}
label{display:block;font-weight:600;margin:.8em 0 .3em}
input[type=text]{width:100%;min-height:48px;font:inherit;padding:.45em .7em;border:1px solid #9ca3af;border-radius:8px}
input[aria-invalid]{border-color:var(--err)}
.field-error{color:var(--err);margin:.3em 0 0}
`.replace(/\n/g, "");
