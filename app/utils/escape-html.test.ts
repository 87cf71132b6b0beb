import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it.each(["plain", `A&B <b>"x"</b> 'y'`, "&amp; already", "李 عبد 👩‍👩‍👧", "$& $1"])(
    "writes %j as React writes text and attribute values",
    (text) => {
      expect(renderToStaticMarkup(createElement("p", { title: text }, text))).toBe(
        `<p title="${escapeHtml(text)}">${escapeHtml(text)}</p>`,
      );
    },
  );
});
