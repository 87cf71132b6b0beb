/**
 * The whole stylesheet of the bare recipient pages, inlined in their <head>: one round trip on 2G,
 * so the first TCP window (14 KB compressed) carries the page, its style and its script. Keep it small.
 * The tokens are app/styles/app.css's (docs/design.md); app/styles/tokens.test.ts holds them equal.
 */
export const CRITICAL_CSS = `
:root{--color-brand:#1e4fd6;--color-brand-strong:#173ea8;--color-brand-tint:#eef3ff;--color-ink:#0f172a;--color-text-2:#334155;--color-muted:#51607a;--color-line:#e2e8f0;--color-line-strong:#7c879b;--color-canvas:#f5f7fb;--color-ok:#0b7a4b;--color-ok-tint:#e7f6ee;--color-danger:#b42318;--color-danger-tint:#fdeeec;--color-info:#1e4fd6;--color-info-tint:#eef3ff;--radius-sm:8px;--radius:12px;--radius-lg:16px}
*{box-sizing:border-box}
body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:var(--color-ink);background:var(--color-canvas);display:flex;flex-direction:column;min-height:100vh}
a{color:var(--color-brand);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--color-brand);outline-offset:2px}
.bare-header{background:#fff;border-bottom:1px solid var(--color-line);padding:6px max(16px,calc(50% - 273px));display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:0 12px}
.languages{display:flex;flex-wrap:wrap;margin:0 -8px}
.languages button{min-height:44px;padding:0 8px;border:0;background:none;font:inherit;font-size:15px;color:var(--color-brand);text-decoration:underline;text-underline-offset:.15em;cursor:pointer}
.languages button[aria-current]{color:var(--color-ink);font-weight:650;text-decoration:none}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:18px;color:var(--color-ink);text-decoration:none}
.brand-mark{width:28px;height:28px;flex:none}
main{flex:1 0 auto;width:100%;max-width:34em;margin:0 auto;padding:20px 16px 32px}
main:focus{outline:none}
.skip-link{position:absolute;top:8px;left:8px;z-index:10;padding:8px 16px;background:#fff;font-weight:700;border-radius:var(--radius-sm)}
.skip-link:not(:focus){width:1px;height:1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
h1{font-size:26px;line-height:1.2;letter-spacing:-.01em;margin:0 0 8px}
h2{font-size:19px;line-height:1.25;margin:24px 0 8px}
p{margin:0 0 12px}
.lead{font-size:18px;color:var(--color-text-2)}
.muted{color:var(--color-muted);font-size:15px}
.card{background:#fff;border:1px solid var(--color-line);border-radius:var(--radius-lg);padding:16px;margin:16px 0}
.card h2:first-child{margin-top:0}
.asker{display:flex;gap:14px;align-items:center;margin:0 0 16px}
.avatar{flex:none;display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:50%;background:var(--color-brand-tint);color:var(--color-brand);font-weight:800;font-size:20px}
.asker h1{margin:0}
.asker p{margin:2px 0 0}
.choices{display:grid;gap:10px;margin:20px 0}
.button{display:flex;flex-direction:column;align-items:center;justify-content:center;width:100%;min-height:52px;padding:8px 16px;border-radius:var(--radius);border:1px solid var(--color-brand);background:var(--color-brand-tint);color:var(--color-brand);font:inherit;font-weight:650;line-height:1.25;text-align:center;text-decoration:none;cursor:pointer}
.button small{display:block;font-weight:400;font-size:14px;opacity:.9;margin-top:2px}
.button-primary{background:var(--color-brand);color:#fff}
.button-secondary{background:#fff;border:2px solid var(--color-line-strong);color:var(--color-ink)}
.banner{margin:0 0 20px;padding:12px 16px 14px;border:4px solid var(--color-ok);border-radius:var(--radius-sm);background:#fff}
.banner-label{margin:0 0 4px;font-size:15px;font-weight:650;color:var(--color-ok)}
.banner h1,.banner h2{margin:0 0 6px;font-size:21px}
.banner>:last-child{margin-bottom:0}
.banner-problem{border-color:var(--color-danger)}.banner-problem .banner-label{color:var(--color-danger)}
h3{font-size:17px;margin:16px 0 4px}
ol{margin:0 0 12px;padding-left:22px}
.button-quiet{border-color:transparent;background:transparent;text-decoration:underline}
.button-danger{background:var(--color-danger);border-color:var(--color-danger);color:#fff}
.button[disabled]{opacity:.6;cursor:progress}
.notice{margin:16px 0;padding:12px 16px;border-radius:var(--radius-sm);background:var(--color-info-tint);border-left:5px solid var(--color-info)}
.notice-ok{background:var(--color-ok-tint);border-left-color:var(--color-ok)}
.notice-error{background:var(--color-danger-tint);border-left-color:var(--color-danger)}
.notice p{margin:4px 0}
.check{display:flex;gap:10px;align-items:flex-start;margin:8px 0 0}.check input{width:22px;height:22px;flex:none;margin:2px 0 0}
.facts{margin:0;padding:0;list-style:none}
.facts li{padding:10px 0 10px 30px;border-top:1px solid var(--color-line);position:relative}
.facts li:before{content:"\\2713";position:absolute;left:4px;color:var(--color-ok);font-weight:800}
.controls{margin-top:28px;padding-top:8px;border-top:1px solid var(--color-line)}
.controls form{margin:8px 0 16px}
label{display:block;font-weight:650;margin:12px 0 4px}
input[type=text]{width:100%;min-height:48px;font:inherit;padding:8px 12px;border:2px solid var(--color-line-strong);border-radius:var(--radius-sm)}
input[aria-invalid],textarea[aria-invalid]{border-color:var(--color-danger)}
fieldset{border:0;padding:0;margin:16px 0 8px}
legend{font-weight:650;font-size:19px;margin:0 0 4px;padding:0}
.radio{display:flex;gap:12px;align-items:flex-start;margin:8px 0;padding:12px;border:1px solid var(--color-line-strong);border-radius:var(--radius-sm);background:#fff;font-weight:400;cursor:pointer}
.radio input{flex:none;width:22px;height:22px;margin:1px 0 0;accent-color:var(--color-brand)}
textarea{width:100%;font:inherit;padding:8px 12px;border:2px solid var(--color-line-strong);border-radius:var(--radius-sm)}
.hint{color:var(--color-muted);font-size:15px;margin:0 0 6px}
.notice h2{font-size:18px;margin:0 0 4px}
.notice ul{margin:0;padding-left:20px}
.field-error{color:var(--color-danger);font-weight:650;margin:4px 0 0}
.bare-footer{background:#fff;border-top:1px solid var(--color-line);color:var(--color-text-2);font-size:15px}
.bare-footer div{max-width:578px;margin:0 auto;padding:18px 16px 24px}
.bare-footer ul{display:flex;flex-wrap:wrap;gap:4px 18px;list-style:none;margin:8px 0 0;padding:0}
.bare-footer li a{display:inline-flex;align-items:center;min-height:32px}
.live-bar{position:fixed;left:0;right:0;bottom:0;z-index:5;background:#fff;border-top:3px solid var(--color-danger);padding:10px max(16px,calc(50% - 273px)) 12px;box-shadow:0 -4px 16px rgba(15,23,42,.12)}
.live-bar p{margin:0 0 8px;font-weight:650;font-variant-numeric:tabular-nums}
.live-on main{padding-bottom:150px}
.live-on #revoke .button{background:#fff;color:var(--color-danger)}
`.replace(/\n/g, "");
