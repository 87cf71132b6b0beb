// A request's short code and the links built on it: the only capability its recipient holds.
import { randomInt } from "node:crypto";

import { localizePath, type Locale } from "~/i18n/locales";
import { config } from "~/server/config.server";

/** 8 characters of 62: 47 bits, unguessable, and short enough to leave room in one SMS segment. */
const CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const CODE_PATTERN = /^[A-Za-z0-9]{8}$/;
export function newCode() {
  return Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join("");
}

export function shareLink(code: string, locale: Locale) {
  return new URL(localizePath(`/${code}`, locale), config().publicUrl).toString();
}

/** The e-mail's List-Unsubscribe URL and visible link: one-click POST, or a GET that shows the controls. */
export function unsubscribeUrl(ref: string) {
  return new URL(`/unsubscribe/${ref}`, config().publicUrl).toString();
}
