// What a client writes in the request line and the Host header cannot choose the route, the URL the
// app builds or what costs the server CPU: tried against the real production server (server.ts on
// the build, one process) with raw HTTP, since fetch would correct most of these requests itself.
import { readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_MANIFEST_PATHS, MAX_PATH_LENGTH, MAX_PATH_SEGMENTS } from "~/http/route-match.server";

import { ensureBuild, freePort, startApp, type AppProcess, type LogLine } from "../support/app-process";

const HOST = "familylocator.example";
const DB = path.resolve("tests/.tmp", `request-target-${process.pid}.db`);
let app: AppProcess;
let port = 0;

beforeAll(async () => {
  await ensureBuild();
  port = await freePort();
  app = await startApp("request-target", port, {
    DATABASE_URL: `file:${DB}`,
    PUBLIC_URL: `https://${HOST}`,
    ALLOWED_HOSTS: `www.${HOST}`,
    TRUST_PROXY: "loopback",
    APP_MODE: "sandbox",
  });
}, 120_000);
afterAll(async () => {
  await app?.stop("SIGKILL");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(DB + suffix, { force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Sends `head` (the request line and headers, CRLF-separated, without the blank line) and a body. */
function raw(head: string[], body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [top = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        const name = line.slice(0, at).toLowerCase();
        headers[name] = headers[name] ? `${headers[name]}, ${line.slice(at + 1).trim()}` : line.slice(at + 1).trim();
      }
      const body = rest.join("\r\n\r\n");
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: headers["transfer-encoding"] ? unchunk(body) : body,
      });
    });
    const lengthHeader = body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
    // Written, not ended: the server closes the connection after its answer (Connection: close).
    socket.write([...head, ...lengthHeader, "Connection: close", "", body].join("\r\n"));
  });
}

/** The body of a chunked answer (sizes in hex, each chunk followed by CRLF, a zero-size chunk last). */
function unchunk(text: string) {
  let out = "";
  let rest = text;
  for (;;) {
    const at = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, at), 16);
    if (!size) return out;
    out += rest.slice(at + 2, at + 2 + size);
    rest = rest.slice(at + 2 + size + 2);
  }
}

/** The lines written for requests (a request line, or a line with a request's id), not the background jobs'. */
const ofRequests = (lines: LogLine[]) => lines.filter((line) => line.msg === "request" || "requestId" in line);

const get = (target: string, host = HOST, extra: string[] = []) =>
  raw([`GET ${target} HTTP/1.1`, `Host: ${host}`, ...extra]);

describe("the host a request names", () => {
  it("serves its own names (PUBLIC_URL's, ALLOWED_HOSTS) and answers 421 for any other", async () => {
    expect((await get("/")).status).toBe(200);
    expect((await get("/", `${HOST}:443`)).status).toBe(200);
    expect((await get("/", `WWW.${HOST.toUpperCase()}`)).status).toBe(200);
    for (const other of ["evil.example", `${HOST}.evil.example`, `localhost:${port}`, `127.0.0.1:${port}`]) {
      const answer = await get("/", other);
      expect(answer.status, other).toBe(421);
      expect(answer.body, other).toContain("does not answer for that address");
    }
  });

  it("answers the API's 421 in its JSON envelope", async () => {
    for (const target of ["/api/v1/lookup?number=1", `http://evil.example/api/v1/auth/login`]) {
      const answer = await get(target, "evil.example");
      expect(answer.status, target).toBe(421);
      expect(answer.headers["content-type"], target).toContain("application/json");
      expect(JSON.parse(answer.body), target).toMatchObject({ status: 421, data: null });
    }
  });

  it("refuses with 400 a Host that is not a host, or no Host at all", async () => {
    for (const bad of ["x:abc", "[zz]", `${HOST}/auth/login?`, `${HOST}?x`, `${HOST}:99999`, `user@${HOST}`, ""]) {
      const answer = await get("/", bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body, bad).not.toMatch(/at .*\.(js|ts):\d+/);
    }
    expect((await raw(["GET / HTTP/1.1"])).status).toBe(400);
  });

  it("never lets the Host header choose another route: a post to /csp-report stays a CSP report", async () => {
    const answer = await raw(
      [
        "POST /csp-report HTTP/1.1",
        `Host: ${HOST}/auth/login?`,
        "Origin: https://evil.example",
        "Content-Type: application/x-www-form-urlencoded",
      ],
      "email=demo%40example.com&password=demo1234",
    );
    expect(answer.status).toBe(400);
    expect(answer.headers["set-cookie"] ?? "").not.toContain("token=");
  });

  it("reads X-Forwarded-Host only from a trusted proxy, and refuses one naming another host", async () => {
    // The test connects from loopback, which TRUST_PROXY names: its X-Forwarded-Host counts.
    expect((await get("/", "10.0.0.5:3000", [`X-Forwarded-Host: ${HOST}`])).status).toBe(200);
    for (const forwarded of ["evil.example", `${HOST}/robots.txt?`, `${HOST}, evil.example`]) {
      const answer = await get("/", HOST, [`X-Forwarded-Host: ${forwarded}`]);
      expect(answer.status, forwarded).toBeGreaterThanOrEqual(400);
      expect(answer.status, forwarded).toBeLessThan(500);
      expect(answer.body, forwarded).not.toContain("Sitemap:");
    }
  });

  it("answers the path it was asked, whatever the host says: robots.txt only at /robots.txt", async () => {
    const home = await get("/", HOST);
    expect(home.headers["content-type"]).toContain("text/html");
    expect(home.headers["cache-control"]).toBe("private, no-cache");
    expect(home.headers.vary).toContain("Cookie");
    // A page that may show someone's data (a recipient's link, here an unknown one) is never stored.
    const link = await get("/AbCd1234");
    expect(link.status).toBe(404);
    expect(link.headers["cache-control"]).toBe("no-store");
    const robots = await get("/robots.txt");
    expect(robots.body).toContain(`Sitemap: https://${HOST}/sitemap.xml`);
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
    // HEAD wherever GET is: the answer's headers without its body.
    for (const target of ["/robots.txt", "/", "/api/v1/openapi.json"]) {
      const head = await raw([`HEAD ${target} HTTP/1.1`, `Host: ${HOST}`]);
      expect(head.status, target).toBe(200);
      expect(head.body, target).toBe("");
    }
  });

  it("takes an absolute-form target's authority as the host, and refuses a target that is not a path", async () => {
    expect((await get(`https://${HOST}/robots.txt`, "evil.example")).body).toContain("Sitemap:");
    expect((await get("http://evil.example/", HOST)).status).toBe(421);
    expect((await get(`https://user:pw@${HOST}/`)).status).toBe(400);
    expect((await get("*")).status).toBe(400);
    expect((await raw(["OPTIONS * HTTP/1.1", `Host: ${HOST}`])).status).toBe(400);
  });
});

describe("paths that would cost the server", () => {
  const edgePage = (answer: Answer) => {
    // The edge's own small page: no Remix document, no script.
    expect(answer.body).toContain('data-testid="status-code"');
    expect(answer.body).not.toContain("<script");
  };

  it(`answers a path of more than ${MAX_PATH_SEGMENTS} segments 404 without routing it`, async () => {
    // Read, it is the site's one 'Page not found' page (the header, the footer, the language of its
    // prefix), as for any other missing address: rendered for a shallow address, never routed deep.
    for (const [prefix, lang] of [
      ["", "en"],
      ["/ph", "fil"],
    ]) {
      const deep = await get(`${prefix}/${"a/".repeat(600)}a`);
      expect(deep.status).toBe(404);
      expect(deep.body).toContain(`<html lang="${lang}"`);
      expect(deep.body).toContain('class="site-header"');
      expect(deep.body).toContain('class="site-footer"');
      expect(deep.body).not.toContain("a/a/a/a");
    }
    // Any other method is the edge's own small page.
    const posted = await raw(
      [`POST /${"a/".repeat(600)}a HTTP/1.1`, `Host: ${HOST}`, "Content-Type: application/x-www-form-urlencoded"],
      "a=1",
    );
    expect(posted.status).toBe(404);
    edgePage(posted);
    const justDeepEnough = await get(`/${"a/".repeat(MAX_PATH_SEGMENTS - 1)}a`);
    expect(justDeepEnough.status).toBe(404);
    expect(justDeepEnough.body).toContain("<script");
  });

  it(`answers a path longer than ${MAX_PATH_LENGTH} characters 414 at the edge`, async () => {
    const long = await get(`/${"x".repeat(MAX_PATH_LENGTH)}`);
    expect(long.status).toBe(414);
    edgePage(long);
  });

  it("answers the API's deep paths in its envelope", async () => {
    const deep = await get(`/api/v1/${"a/".repeat(40)}`);
    expect(deep.status).toBe(404);
    expect(JSON.parse(deep.body)).toMatchObject({ status: 404, data: null });
  });

  it("answers lazy route discovery from the route subsets, for a bounded number of bounded paths", async () => {
    const version = /"version":\s*"([^"]+)"/.exec((await get("/")).body)?.[1];
    expect(version).toBeTruthy();
    const manifest = (paths: string[]) =>
      get(`/__manifest?${paths.map((p) => `p=${encodeURIComponent(p)}`).join("&")}&version=${version}`);
    const ok = await manifest(["/blog", "/id/dashboard"]);
    expect(ok.status).toBe(200);
    expect(Object.keys(JSON.parse(ok.body) as object).sort()).toEqual(
      ["en:blog", "id:dashboard", "id:index", "root"].sort(),
    );
    expect((await manifest([`/${"a/".repeat(2000)}`])).status).toBe(400);
    expect((await manifest(Array.from({ length: MAX_MANIFEST_PATHS + 1 }, (_, i) => `/p${i}`))).status).toBe(400);
    const stale = await get(`/__manifest?p=/blog&version=old`);
    expect(stale.status).toBe(204);
    expect(stale.headers["x-remix-reload-document"]).toBe("true");
  });

  it("answers hostile discovery requests within the CPU of a page's, in one log line each", async () => {
    const version = /"version":\s*"([^"]+)"/.exec((await get("/")).body)?.[1];
    const deep = "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o";
    const discovery = (path: (i: number) => string) =>
      `/__manifest?${Array.from({ length: MAX_MANIFEST_PATHS }, (_, i) => `p=${path(i)}`).join("&")}&version=${version}`;
    const page = discovery((i) => `/id/blog/post-${i}`);
    // The attack of issue 28: 4 KB of paths with a segment Remix cannot decode, or an empty one.
    const hostile = [discovery((i) => `/%25q${i}/${deep}`), discovery((i) => `/q${i}//${deep.slice(2)}`)];
    /** CPU time of the server process (user and system) in ms, at the kernel's 10 ms ticks. */
    const cpuMs = () => {
      const stat = readFileSync(`/proc/${app.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const spend = async (target: string, times: number) => {
      const before = cpuMs();
      for (let i = 0; i < times; i += 1) await get(target);
      return cpuMs() - before;
    };
    expect((await get(page)).status).toBe(200);
    const before = app.lines.length;
    for (const target of hostile) expect((await get(target)).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ofRequests(app.lines.slice(before)).map((line) => line.msg)).toEqual(["request", "request"]);
    const ordinary = await spend(page, 20);
    for (const target of hostile) {
      const used = await spend(target, 20);
      // Ten ms of slack: the kernel counts CPU time in ticks.
      expect(used, `${used} ms beside ${ordinary} ms`).toBeLessThanOrEqual(ordinary * 2 + 10);
    }
  }, 60_000);

  it("refuses Remix's data requests of apps without single fetch (?_data)", async () => {
    expect((await get("/?_data=root")).status).toBe(400);
  });
});

describe("the log of hostile requests", () => {
  it("writes a client's mistake as one line without a stack, paths cut short and control characters escaped", async () => {
    const before = app.lines.length;
    const post = await raw(
      [
        "POST /blog HTTP/1.1",
        `Host: ${HOST}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Origin: https://${HOST}`,
      ],
      "a=1",
    );
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    // A segment that cannot be decoded is no address of the site: 400, and Remix never warns of it.
    const undecodable = await get("/%ff");
    expect(undecodable.status).toBe(400);
    expect((await get("/%E2%80%A8%C2%85%1b[31m-x")).status).toBeLessThan(500);
    expect((await get(`/${"z".repeat(1500)}`)).status).toBe(404);
    const trace = await raw(["TRACE / HTTP/1.1", `Host: ${HOST}`]);
    expect(trace.status).toBe(405);
    const query = await raw(["QUERY /api/v1/lookup HTTP/1.1", `Host: ${HOST}`, "Content-Type: application/json"], "{}");
    expect(query.status).toBe(405);
    expect(JSON.parse(query.body)).toMatchObject({ status: 405, data: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = ofRequests(app.lines.slice(before));
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    // One line per request: its request line, nothing else.
    expect(lines.map((line) => line.msg)).toEqual(Array(6).fill("request"));
    expect(lines[0]).toMatchObject({ method: "POST", path: "/blog", status: 405 });
    expect(lines[1]).toMatchObject({ path: "/%ff", status: 400 });
    expect(JSON.stringify(lines)).not.toContain("    at ");
    const paths = lines.map((line) => String(line.path));
    expect(Math.max(...paths.map((path) => path.length))).toBeLessThanOrEqual(512);
    const written = app.output.slice(-50).join("\n");
    // eslint-disable-next-line no-control-regex -- the escaped characters are the point
    expect(written).not.toMatch(/[\u2028\u0085\u001b]/);
  });
});

describe("paths in any case and with repeated slashes", () => {
  it("get Remix's answer or a clean 4xx, never a 500", async () => {
    for (const target of [
      "/ID",
      "/Ph/dashboard",
      "/PH/DASHBOARD",
      "//",
      "/dashboard//",
      "/blog//",
      "/ID/BLOG/",
      "/%2e%2e/",
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBeLessThan(500);
    }
    // Repeated slashes lead to the one spelling of the same path, the query kept.
    const doubled = await get("//dashboard//?tab=history");
    expect(doubled.status).toBe(308);
    expect(doubled.headers.location).toBe("/dashboard/?tab=history");
    // The same page in any case: the guard of /ph/dashboard sends a visitor home, in Filipino.
    const upper = await get("/PH/DASHBOARD");
    expect(upper.status).toBe(302);
    expect(upper.headers.location).toBe("/ph");
  });
});
