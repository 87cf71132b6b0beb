import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sendResponse } from "./remix-handler.server";
import { wholeBody, wholeResponse, wholeSink } from "./whole-body.server";

describe("a page's whole body", () => {
  it("is given back until the stream is read, and only for a Response made with it", async () => {
    const body = Buffer.from("<p>héllo</p>");
    const response = wholeResponse(body, { status: 200 });
    expect(wholeBody(response)).toBe(body);
    expect(await response.clone().text()).toBe("<p>héllo</p>");
    expect(wholeBody(new Response(body))).toBeUndefined();
    await response.text();
    expect(wholeBody(response)).toBeUndefined();
  });
});

describe("a render gathered whole", () => {
  it("gives the whole page once, and React's pipe ends the sink only once", async () => {
    const items = Array.from({ length: 2000 }, (_, i) => createElement("li", { key: i }, `item ${i} é`));
    let ends = 0;
    const body = await new Promise<Buffer>((resolve) => {
      const sink = wholeSink(resolve);
      const end = sink.end.bind(sink);
      sink.end = ((...args: Parameters<typeof end>) => {
        ends += 1;
        return end(...args);
      }) as typeof sink.end;
      const { pipe } = renderToPipeableStream(createElement("ul", null, items), { onAllReady: () => pipe(sink) });
    });
    const html = body.toString("utf8");
    expect(html.startsWith("<ul><li>item 0 é</li>")).toBe(true);
    expect(html.endsWith("<li>item 1999 é</li></ul>")).toBe(true);
    // A "close" after the end would reach React's abort, which ends the sink again (and makes an error).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ends).toBe(1);
  });
});

describe("React's encoding of a render (patches/react-dom+18.3.1.patch)", () => {
  // React 18 encodes text into 2,048-byte views; when a character of several bytes did not fit at the
  // end of one, it sent the whole view, unwritten zero bytes included (fixed upstream in React 19).
  it("sends no zero byte where a character of several bytes meets the end of a view", async () => {
    for (let pad = 0; pad < 6; pad++) {
      const items = Array.from({ length: 300 }, (_, i) => createElement("li", { key: i }, "ab’"));
      const body = await new Promise<Buffer>((resolve) => {
        const sink = wholeSink(resolve);
        const tree = createElement("div", null, "x".repeat(pad), createElement("ul", null, items));
        const { pipe } = renderToPipeableStream(tree, { onAllReady: () => pipe(sink) });
      });
      expect(body.includes(0), `pad ${pad}`).toBe(false);
      expect(body.toString("utf8").split("ab’").length - 1).toBe(300);
    }
  });
});

describe("the edge's writing of an answer", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const app = express();
    const headers = { "Content-Type": "text/html; charset=utf-8", "X-Test": "1" };
    app.get("/whole", (_req, res) => sendResponse(res, wholeResponse(Buffer.from("<p>héllo</p>"), { headers })));
    app.get("/stream", (_req, res) => sendResponse(res, new Response("<p>streamed</p>", { status: 201, headers })));
    app.head("/whole", (_req, res) => sendResponse(res, new Response(null, { headers })));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(path: string, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .request(base + path, { method, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
        })
        .on("error", reject)
        .end();
    });
  }

  it("sends a whole body in one piece, with its length", async () => {
    const answer = await get("/whole");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("<p>héllo</p>");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength("<p>héllo</p>")));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers["x-test"]).toBe("1");
  });

  it("streams any other body, and ends one without a body", async () => {
    const streamed = await get("/stream");
    expect([streamed.status, streamed.body, streamed.headers["transfer-encoding"]]).toEqual([
      201,
      "<p>streamed</p>",
      "chunked",
    ]);
    const head = await get("/whole", "HEAD");
    expect([head.status, head.body]).toEqual([200, ""]);
  });
});
