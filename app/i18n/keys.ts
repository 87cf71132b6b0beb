// The message keys, as a type read from locales/en/common.json: `tsc` refuses `t("home.titel")`
// (decision 019). Types only: nothing here reaches any page's JavaScript.
import type enCommon from "../../locales/en/common.json";

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

/** Every dotted path to a string in a message tree (`home.search.title`). */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** `common.days_one` and `common.days_other` are asked for as `common.days` with a `count`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** A key of a UI message (locales/<lang>/common.json; the three languages have the same keys). */
export type MessageKey = WithoutPlural<Paths<typeof enCommon>>;

/** Every subtree's path (`home`, `home.search`). */
type Subtrees<T> = {
  [K in keyof T & string]: T[K] extends string ? never : K | `${K}.${Subtrees<T[K]>}`;
}[keyof T & string];

/** A group of messages (`errors.status`). */
export type MessageGroup = Subtrees<typeof enCommon>;

/** A prefix a page may ship (`handle.messages`, app/i18n/messages.ts): a group or one message. */
export type MessagePrefix = MessageGroup | MessageKey;

/** The last part of the keys under a prefix: `KeyUnder<"errors.status">` is `"400" | "401" | …`. */
export type KeyUnder<P extends string> = MessageKey extends infer K
  ? K extends `${P}.${infer Rest}`
    ? Rest
    : never
  : never;

/** A form's errors: a message key by field name (`form` for the whole form). */
export type FieldMessages = Record<string, MessageKey>;

/** Values for `{{name}}` placeholders; a numeric `count` also picks the plural form. */
export type Values = Record<string, string | number>;

/** A translator; the server's (app/i18n/i18next.server.ts) and the browser's (translate.ts) read keys alike. */
export type Translate = (key: MessageKey, values?: Values) => string;
