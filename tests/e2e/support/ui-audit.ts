// The layout checks of the screen audit (tests/e2e/ui-audit.spec.ts), measured inside the page in one
// evaluate call per width: horizontal scroll, elements outside the viewport or outside their dialog,
// tap targets under 24 × 24 px (WCAG 2.2, 2.5.8, with its spacing and inline exceptions), main
// actions (`.button-primary`) under 44 px high, and more than one main action on a screen (or in its
// open dialog).
import type { Page } from "@playwright/test";
import axe from "axe-core";

export type Finding = { check: string; detail: string };

/** The widths every screen is checked at, with a typical height for each. */
const ALL_WIDTHS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
];
/** UI_AUDIT_WIDTHS=390,1366 narrows a run while working on a screen; CI checks them all. */
const only = process.env.UI_AUDIT_WIDTHS?.split(",").map(Number);
export const WIDTHS = only ? ALL_WIDTHS.filter(({ width }) => only.includes(width)) : ALL_WIDTHS;

export const MIN_TARGET = 24;
export const MIN_MAIN_ACTION = 44;
/** From this width the site header is one row (app/styles/app.css): the phone menu ends at 980 px. */
export const DESKTOP_FROM = 981;

/** Runs in the browser: everything in it must be self-contained (it is sent as source text). */
function measure({
  minTarget,
  minMainAction,
  desktopFrom,
}: {
  minTarget: number;
  minMainAction: number;
  desktopFrom: number;
}) {
  const findings: { check: string; detail: string }[] = [];
  const root = document.documentElement;
  const vw = root.clientWidth;
  const vh = window.innerHeight;
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const classes = [...el.classList]
      .slice(0, 3)
      .map((c) => `.${c}`)
      .join("");
    const text = (el.getAttribute("aria-label") || (el as HTMLElement).innerText || el.getAttribute("name") || "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ""}`;
  };
  // Hidden from everyone, or the "visually hidden" pattern (a 1 px clipped box) that screen readers use.
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const s = style(el);
    return s.visibility === "visible" && s.opacity !== "0" && s.clipPath === "none" && s.clip === "auto";
  };
  // Third-party widgets whose insides are not this site's markup: the map draws its tiles off-screen.
  const foreign = (el: Element) =>
    !!el.closest(".leaflet-pane, .leaflet-control-container, svg, [data-sonner-toaster]");

  if (root.scrollWidth > vw + 1)
    findings.push({ check: "horizontal scroll", detail: `the page is ${root.scrollWidth} px wide in ${vw} px` });

  // Elements outside the viewport or their dialog; only the outermost offender of a subtree is named.
  const offenders = new Set<Element>();
  const innerScrollers = new Set<Element>();
  const offendingAncestor = (el: Element) => {
    for (let a = el.parentElement; a; a = a.parentElement) if (offenders.has(a)) return true;
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (foreign(el) || !shown(el) || el.closest("head, script, style, template, noscript")) continue;
    const r = el.getBoundingClientRect();
    const dialog = el.parentElement?.closest("[role=dialog]");
    // The nearest ancestor that cuts off or scrolls what sticks out of it, and whether any ancestor is fixed.
    let clipper: Element | null = null;
    let fixed = style(el).position === "fixed";
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = style(a);
      if (!clipper && (s.overflowX !== "visible" || s.clipPath !== "none")) clipper = a;
      if (s.position === "fixed") fixed = true;
    }
    if (clipper && !innerScrollers.has(clipper) && !foreign(clipper)) {
      const s = style(clipper);
      const scrolls = s.overflowX === "auto" || s.overflowX === "scroll";
      if (
        scrolls &&
        clipper.scrollWidth > clipper.clientWidth + 1 &&
        !/^(TEXTAREA|SELECT|PRE)$/.test(clipper.tagName)
      ) {
        innerScrollers.add(clipper);
        findings.push({
          check: "sideways scroll inside",
          detail: `${describe(clipper)} scrolls sideways: ${clipper.scrollWidth} px of content in ${clipper.clientWidth} px`,
        });
      }
    }
    if (offendingAncestor(el)) continue;
    let outside = "";
    if (dialog && (!clipper || clipper === dialog || !dialog.contains(clipper))) {
      const d = dialog.getBoundingClientRect();
      if (r.left < d.left - 1 || r.right > d.right + 1)
        outside = `outside its dialog (${round(r.left)}–${round(r.right)} px, dialog ${round(d.left)}–${round(d.right)} px)`;
    }
    if (!outside && !clipper) {
      if (r.left < -1 || r.right > vw + 1)
        outside = `outside the viewport sideways (${round(r.left)}–${round(r.right)} px of ${vw} px)`;
      else if (r.top + window.scrollY < -1) outside = `above the top of the page (${round(r.top + window.scrollY)} px)`;
      else if (fixed && (r.top < -1 || r.bottom > vh + 1))
        outside = `fixed, but reaches beyond the viewport (${round(r.top)}–${round(r.bottom)} px of ${vh} px)`;
    }
    if (outside) {
      offenders.add(el);
      findings.push({ check: "outside", detail: `${describe(el)} ${outside}` });
    }
  }

  // Tap targets. A checkbox or radio counts together with its label (a click on either toggles it).
  const selector =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link]";
  type Target = { el: Element; rect: { left: number; top: number; right: number; bottom: number } };
  const targets: Target[] = [];
  for (const el of document.querySelectorAll(selector)) {
    if ((el as HTMLButtonElement).disabled || el.closest("[inert], [aria-hidden=true]") || foreign(el)) continue;
    const parts = [el];
    if (el instanceof HTMLInputElement && el.labels) parts.push(...el.labels);
    const rects = parts.filter(shown).map((p) => p.getBoundingClientRect());
    if (!rects.length) continue;
    targets.push({
      el,
      rect: {
        left: Math.min(...rects.map((r) => r.left)),
        top: Math.min(...rects.map((r) => r.top)),
        right: Math.max(...rects.map((r) => r.right)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      },
    });
  }
  // WCAG's inline exception: a link in a sentence, whose size the line-height of the text sets.
  const inline = (el: Element) => {
    if (el.tagName !== "A" || style(el).display !== "inline") return false;
    let block = el.parentElement;
    while (block && style(block).display.startsWith("inline")) block = block.parentElement;
    const own = (el.textContent ?? "").trim().length;
    return (block?.textContent ?? "").replace(/\s+/g, " ").trim().length > own + 1;
  };
  const small = targets.filter(
    ({ rect }) => rect.right - rect.left < minTarget - 0.5 || rect.bottom - rect.top < minTarget - 0.5,
  );
  const centre = ({ rect }: Target) => ({ x: (rect.left + rect.right) / 2, y: (rect.top + rect.bottom) / 2 });
  for (const target of small) {
    if (inline(target.el)) continue;
    // The spacing exception: a 24 px circle on the target's centre touches no other target nor the
    // circle of another small target.
    const c = centre(target);
    const crowded = targets.some((other) => {
      if (other === target || other.el.contains(target.el) || target.el.contains(other.el)) return false;
      if (small.includes(other) && !inline(other.el)) {
        const o = centre(other);
        return Math.hypot(o.x - c.x, o.y - c.y) < minTarget;
      }
      const dx = Math.max(other.rect.left - c.x, 0, c.x - other.rect.right);
      const dy = Math.max(other.rect.top - c.y, 0, c.y - other.rect.bottom);
      return Math.hypot(dx, dy) < minTarget / 2;
    });
    if (crowded) {
      const w = round(target.rect.right - target.rect.left);
      const h = round(target.rect.bottom - target.rect.top);
      findings.push({ check: "tap target", detail: `${describe(target.el)} is ${w} × ${h} px, too close to another` });
    }
  }

  for (const el of document.querySelectorAll(".button-primary")) {
    if (!shown(el) || foreign(el)) continue;
    const h = el.getBoundingClientRect().height;
    if (h < minMainAction - 0.5)
      findings.push({ check: "main action", detail: `${describe(el)} is ${round(h)} px high` });
  }

  // One primary action per screen: in the open dialog if there is one, else on the page around it.
  const openDialog = document.querySelector("[role=dialog][aria-modal=true]");
  const primaries = [...(openDialog ?? document.body).querySelectorAll(".button-primary")].filter(
    (el) => shown(el) && !foreign(el) && (openDialog !== null || !el.closest("[role=dialog]")),
  );
  if (primaries.length > 1)
    findings.push({
      check: "one primary action",
      detail: `${primaries.length} primary buttons: ${primaries.map(describe).join(", ")}`,
    });
  // The lines a piece of text is laid out on (the distinct tops of its rectangles; icons left out).
  const tops = (range: Range, into: number[] = []) => {
    for (const r of range.getClientRects())
      if (r.width > 0 && !into.some((top) => Math.abs(top - r.top) < 2)) into.push(r.top);
    return into;
  };
  const textNodes = (el: Element) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (
        node.textContent?.trim() &&
        node.parentElement &&
        shown(node.parentElement) &&
        !node.parentElement.closest("svg")
      )
        nodes.push(node as Text);
    return nodes;
  };
  const textLines = (el: Element) => {
    const all: number[] = [];
    for (const node of textNodes(el)) {
      const range = document.createRange();
      range.selectNodeContents(node);
      tops(range, all);
    }
    return all.length;
  };

  // The site header at desktop widths: every entry on one row, and each entry's name on one line.
  const header = document.querySelector("body header, [role=banner]");
  if (header && vw >= desktopFrom && shown(header)) {
    const entries = [...header.querySelectorAll("a[href], button, summary, [role=button]")].filter((el) => {
      if (!shown(el) || el.closest("[inert], [aria-hidden=true]")) return false;
      // What an open dropdown shows below the row is not part of the row.
      for (let a = el.parentElement; a && a !== header; a = a.parentElement)
        if (/^(absolute|fixed)$/.test(style(a).position)) return false;
      return true;
    });
    const rects = entries.map((el) => el.getBoundingClientRect());
    const lowestTop = Math.max(...rects.map((r) => r.top));
    const highestBottom = Math.min(...rects.map((r) => r.bottom));
    if (entries.length && lowestTop >= highestBottom - 1) {
      const first = entries[rects.findIndex((r) => r.bottom === highestBottom)]!;
      const last = entries[rects.findIndex((r) => r.top === lowestTop)]!;
      findings.push({
        check: "header on one row",
        detail: `the header wraps: ${describe(last)} (top at ${round(lowestTop)} px) is below ${describe(first)} (bottom at ${round(highestBottom)} px)`,
      });
    }
    for (const el of entries) {
      const n = textLines(el);
      if (n > 1) findings.push({ check: "header on one row", detail: `${describe(el)} wraps onto ${n} lines` });
    }
  }

  // A word split over two lines inside a tab, a menu entry or a footer link ("e-/mail", "ari-/arian"):
  // wrapping between whole
  // words is fine, breaking inside one is not.
  for (const el of document.querySelectorAll(
    "[role=tab], nav a[href], nav button, nav summary, .footer-links a[href]",
  )) {
    if (!shown(el) || foreign(el)) continue;
    for (const node of textNodes(el)) {
      for (const match of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (tops(range).length > 1)
          findings.push({ check: "word broken", detail: `"${match[0]}" is split over two lines in ${describe(el)}` });
      }
    }
  }
  return findings;
}

/** The layout findings of the page as it is laid out now. */
export function layoutFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(measure, {
    minTarget: MIN_TARGET,
    minMainAction: MIN_MAIN_ACTION,
    desktopFrom: DESKTOP_FROM,
  });
}

/** What axe checks: WCAG 2.0, 2.1 and 2.2 A and AA, colour contrast included. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Puts axe into the page once per page load (docs/decisions/033). Without JavaScript the page runs
 * none of its own scripts and its timers never fire, so axe's own waits are turned into microtasks.
 */
export async function injectAxe(page: Page, js: boolean) {
  await page.evaluate(axe.source);
  if (!js)
    await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      w.setTimeout = (fn: (...args: unknown[]) => void, _ms?: number, ...args: unknown[]) => {
        void Promise.resolve().then(() => fn(...args));
        return 0;
      };
      w.clearTimeout = () => undefined;
      w.requestAnimationFrame = (fn: (time: number) => void) => {
        void Promise.resolve().then(() => fn(performance.now()));
        return 0;
      };
    });
}

/**
 * The rules whose outcome depends on the layout (what overlaps what, at which size). The others read
 * the document, which is the same at every width: they run at the narrowest and the widest width.
 */
const LAYOUT_RULES = ["color-contrast", "link-in-text-block", "target-size", "scrollable-region-focusable"];

/**
 * The serious and critical axe violations of the page as it is laid out now (injectAxe first): every
 * WCAG rule when `all`, else the layout rules only.
 */
export async function axeFindings(page: Page, all: boolean): Promise<Finding[]> {
  const violations = await page.evaluate(
    ({ tags, rules, all }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, {
          runOnly: all ? { type: "tag", values: tags } : { type: "rule", values: rules },
          resultTypes: ["violations"],
        })
        .then((results) =>
          results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary ?? "" })),
          })),
        ),
    { tags: AXE_TAGS, rules: LAYOUT_RULES, all },
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => ({
        check: `axe ${v.id}`,
        detail: `${n.target}: ${n.summary.split("\n").slice(1).join(" ").replace(/\s+/g, " ").trim()}`,
      })),
    );
}
