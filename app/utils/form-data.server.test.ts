import { describe, expect, it } from "vitest";

import { pageErrorData } from "~/components/error-page";
import { shellMessages } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";

import { parseFormData, readFormData } from "./form-data.server";

const post = (path: string, headers: Record<string, string>, body?: BodyInit) =>
  new Request(`http://localhost:3000${path}`, { method: "POST", headers, body });

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("parseFormData", () => {
  it("reads url-encoded and multipart forms, whatever the case and parameters of the type", async () => {
    const encoded = await parseFormData(
      post("/", { "Content-Type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" }, "a=1&b=%C3%A9"),
    );
    expect(encoded.ok && [encoded.form.get("a"), encoded.form.get("b")]).toEqual(["1", "é"]);
    const multipart = new FormData();
    multipart.set("name", "Ana");
    const parsed = await parseFormData(new Request("http://localhost:3000/", { method: "POST", body: multipart }));
    expect(parsed.ok && parsed.form.get("name")).toBe("Ana");
  });

  it("accepts an empty form: a form with no fields is still a form", async () => {
    const empty = await parseFormData(post("/", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(empty.ok && [...empty.form]).toEqual([]);
  });

  it("names the fault: 415 for another type, 400 for no type or a form that cannot be parsed", async () => {
    expect(await parseFormData(post("/", { "Content-Type": "application/json" }, "{}"))).toEqual({
      ok: false,
      status: 415,
    });
    expect(await parseFormData(post("/", { "Content-Type": "text/plain" }, "a=1"))).toEqual({ ok: false, status: 415 });
    expect(await parseFormData(post("/", {}))).toEqual({ ok: false, status: 400 });
    expect(
      await parseFormData(post("/", { "Content-Type": "multipart/form-data; boundary=x" }, "--x\r\nbroken")),
    ).toEqual({ ok: false, status: 400 });
    // A multipart type without its boundary cannot be parsed either.
    expect(await parseFormData(post("/", { "Content-Type": "multipart/form-data" }, "a=1"))).toEqual({
      ok: false,
      status: 400,
    });
  });
});

describe("readFormData", () => {
  it("throws the translated error page's payload, with the messages of the page's language", async () => {
    const response = await thrown(readFormData(post("/ph/contact-us", { "Content-Type": "application/json" }, "{}")));
    expect(response.status).toBe(415);
    const payload = pageErrorData(await response.json());
    expect(payload?.message).toBe("Hindi mabasa ang form. Pakisubukang muli.");
    // The shell's messages in the page's language: the error page renders in the app's shell.
    expect(payload?.messages).toEqual(routeMessages("ph", { messages: shellMessages.always }));
  });

  it("throws plain text for a resource route", async () => {
    const response = await thrown(readFormData(post("/id/set-locale", {}), { plain: true }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(await response.text()).toBe("Formulir tidak dapat dibaca. Silakan coba lagi.");
  });
});

describe("pageErrorData", () => {
  it("recognises only the page error payload", () => {
    expect(pageErrorData("Page not found")).toBeNull();
    expect(pageErrorData(null)).toBeNull();
    expect(pageErrorData({ message: "x" })).toBeNull();
    expect(pageErrorData({ message: "x", messages: {} })).toEqual({ message: "x", messages: {} });
  });
});
