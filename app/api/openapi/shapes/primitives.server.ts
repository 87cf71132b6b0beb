// The pieces the answers' shapes are made of (../shapes.server.ts, ./account.server.ts): a check that a
// shape names its domain type's fields, and the values many answers carry (times, ids, amounts, enums).
import type { ZodTypeAny } from "zod";

import { locales } from "~/i18n/locales";
import type { RequestState } from "~/location-requests/request-state";
import type { ProviderName } from "~/providers/payments/types";

import { z } from "../zod.server";

export type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false;

/** Type-checks that an object schema names exactly the fields of the domain's type `T`. */
export const fieldsOf =
  <T>() =>
  <S extends z.AnyZodObject>(
    schema: S,
    ..._same: SameKeys<T, z.infer<S>> extends true ? [] : ["the schema's fields differ from the domain type's"]
  ) =>
    schema;

/**
 * A value of an enum, or null. Not `.nullable()`: for an enum the generator writes
 * `type: [string, null]` with an `enum` that lacks null, which refuses the null it means to allow. The
 * document then writes it as every other nullable field (`oneNullable`, ../document.server.ts).
 */
export const orNull = <S extends ZodTypeAny>(schema: S) => z.union([schema, z.null()]);

/** Codes the app stores (docs/api.md); My data shows each as a word (app/privacy/my-data-words.server.ts). */
export const REQUEST_STATES = [
  "not_delivered",
  "pending",
  "expired",
  "shared_precise",
  "shared_approximate",
  "declined",
  "stopped",
  "erased",
] as const satisfies readonly RequestState[];
export const DELIVERIES = [
  "queued",
  "sending",
  "sent",
  "delivered",
  "unknown",
  "failed",
  "not_accepted",
  "link",
] as const;
export const PAYMENT_PROVIDERS = ["sandbox", "stripe", "paypal"] as const satisfies readonly ProviderName[];
export const provider = z.enum(PAYMENT_PROVIDERS);
export const locale = z.enum(locales);

export const time = z.string().datetime().openapi({ example: "2026-11-22T05:38:39.571Z" });
export const id = z.string().min(1).openapi({ example: "cmi9x0abc0001" });
/** Amounts in minor units (cents): 2999 is 29.99. */
export const minor = z.number().int().min(0);
