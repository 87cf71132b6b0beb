import { describe, expect, it } from "vitest";
import { z } from "zod";

import type { Values } from "~/i18n/keys";

import { addDomainIssue, isDomainIssue, parseForm } from "./parse-form";

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
