import { describe, expect, it } from "vitest";
import { z } from "zod";

import type { Values } from "~/i18n/keys";

import { addDomainIssue, isDomainIssue, parseForm, refusal, replyOf } from "./parse-form";

const schema = z
  .object({
    requesterName: z.string().trim().min(1, "nameRequired").max(5, "nameTooLong"),
    message: z.string().min(1, "messageRequired").min(3, "messageTooShort"),
    even: z.string(),
  })
  .superRefine((input, ctx) => {
    if (input.even.length % 2) addDomainIssue(ctx, "requests.errors.numberInvalid", ["even"]);
  });

describe("parseForm", () => {
  it("gives the parsed data of valid values", () => {
    expect(parseForm(schema, { requesterName: " Ana ", message: "hello", even: "ab" })).toEqual({
      ok: true,
      data: { requesterName: "Ana", message: "hello", even: "ab" },
    });
  });

  it("keeps the first error of each field, domain checks beside failed fields, under the form's names", () => {
    const parsed = parseForm(
      schema,
      { requesterName: "", message: "", even: "a" },
      { fields: { requesterName: "name" } },
    );
    expect(parsed).toEqual({
      ok: false,
      errors: { name: "nameRequired", message: "messageRequired", even: "requests.errors.numberInvalid" },
      errorValues: { name: { min: 1 }, message: { min: 1 } },
    });
  });

  it("translates with the failed check's own limits", () => {
    const t = (key: string, values?: Values) => `${key}:${JSON.stringify(values)}`;
    const parsed = parseForm(schema, { requesterName: "Rosalinda", message: "hi", even: "" }, { t });
    expect(parsed).toEqual({
      ok: false,
      errors: { requesterName: 'nameTooLong:{"max":5}', message: 'messageTooShort:{"min":3}' },
    });
  });

  it("names the whole form when the values are not an object", () => {
    expect(parseForm(schema, null)).toMatchObject({ ok: false, errors: { form: expect.any(String) } });
  });

  it("tells a domain check from a size check", () => {
    const result = schema.safeParse({ requesterName: "Rosalinda", message: "hello", even: "a" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(isDomainIssue)).toEqual([false, true]);
  });
});

describe("a page action's reply", () => {
  it("keeps a refused form's keys and their limits untranslated, with the values to refill", () => {
    const parsed = parseForm(schema, { requesterName: "Rosalinda", message: "hi", even: "" });
    if (parsed.ok) throw new Error("expected a refusal");
    expect(replyOf(parsed, { name: "Rosalinda" }, "sms")).toEqual({
      ok: false,
      form: "sms",
      values: { name: "Rosalinda" },
      errors: { requesterName: "nameTooLong", message: "messageTooShort" },
      errorValues: { requesterName: { max: 5 }, message: { min: 3 } },
    });
  });

  it("refuses the whole form, or one field, with one key and its values", () => {
    expect(refusal("requests.errors.limited", { values: { a: "b" }, errorValues: { time: "10:00" } })).toEqual({
      ok: false,
      values: { a: "b" },
      errors: { form: "requests.errors.limited" },
      errorValues: { form: { time: "10:00" } },
    });
    expect(refusal("voice.errors.optedOut", { field: "number" })).toEqual({
      ok: false,
      values: {},
      errors: { number: "voice.errors.optedOut" },
    });
  });
});
