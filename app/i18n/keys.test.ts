// Message keys are a type (app/i18n/keys.ts): `npm run typecheck` reads this file too, and each
// `@ts-expect-error` below fails it the day the mistake it marks stops being a type error.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { messageKey } from "~/utils/parse-form";
import type { Toast } from "~/utils/toast.server";

import { allowConsoleError } from "../../tests/support/console";
import { getT } from "./i18next.server";
import type { FieldMessages } from "./keys";
import { nameIn } from "./message-keys.server";
import type { MessagesHandle } from "./messages";
import { commonMessages } from "./resources.server";
import { createTranslate } from "./translate";
import type { useT } from "./use-t";

describe("message keys are a type", () => {
  it("accepts keys, plural messages by their base name, and keys computed from a checked union", async () => {
    const t = await getT("en");
    expect(t("errors.unexpected")).toBe((commonMessages.en.errors as Record<string, string>).unexpected);
    expect(t("common.days", { count: 2 })).toBe("2 days");
    const tab: "history" | "email" = "email";
    expect(t(`dashboard.tabs.${tab}`)).toBe(t("dashboard.tabs.email"));
    const stored = nameIn("reviews.status", "published");
    expect(t(`reviews.status.${stored}`)).toBe("Status: published on the home page.");
  });

  it("refuses a mistyped key on the server and in components", async () => {
    const server = await getT("en");
    const component: ReturnType<typeof useT> = createTranslate(commonMessages.en, "en");
    // @ts-expect-error "home.titel" is not a message key
    expect(server("home.titel")).toBe("home.titel");
    // @ts-expect-error "home.titel" is not a message key
    expect(component("home.titel")).toBe("home.titel");
    // @ts-expect-error a plural message is asked for by its base name with a count
    expect(server("common.days_one", { count: 1 })).toBe(server("common.days", { count: 1 }));
    const tab = "histroy" as "history" | "histroy";
    // @ts-expect-error a template literal is checked for each value of its union
    expect(server(`dashboard.tabs.${tab}`)).toBe("dashboard.tabs.histroy");
  });

  it("refuses a mistyped key where keys travel: page prefixes, form errors, toasts", () => {
    const handle: MessagesHandle = {
      // @ts-expect-error "hom" names no message
      messages: ["home", "hom"],
    };
    const errors: FieldMessages = {
      email: "validation.emailRequired",
      // @ts-expect-error "validation.emial" is not a message key
      password: "validation.emial",
    };
    const toast: Toast = {
      type: "error",
      // @ts-expect-error "requests.toast.smsSucess" is not a message key
      key: "requests.toast.smsSucess",
    };
    // A schema's message (app/utils/parse-form.ts `messageKey`).
    // @ts-expect-error "payments.errors.nmae" is not a message key
    const schema = z.string().min(1, messageKey("payments.errors.nmae"));
    // What the type let through is kept as written (a run-time value, not a key).
    const written: string[] = [
      ...handle.messages,
      errors.password!,
      toast.key,
      schema.safeParse("").error!.issues[0]!.message,
    ];
    expect(written).toEqual(["home", "hom", "validation.emial", "requests.toast.smsSucess", "payments.errors.nmae"]);
  });

  it("reports a stored value that its group has no message for, and refuses a group that does not exist", () => {
    allowConsoleError();
    expect(nameIn("reviews.status", "archived")).toBe("archived");
    // @ts-expect-error "reviews.statuses" names no group of messages
    expect(nameIn("reviews.statuses", "published")).toBe("published");
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      "error: no message for a stored value key=reviews.status.archived",
    );
  });
});
