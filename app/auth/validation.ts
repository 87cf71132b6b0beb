// Shared by the browser (before submitting) and the server (always). Values are message keys.
import type { MessageKey } from "~/i18n/keys";

/** Spec section 5: text, an at sign, a domain and a top-level domain of at least 2 letters. */
/** The longest address accepted (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
export const CODE_PATTERN = /^\d{6}$/;

export type FieldErrors = Partial<Record<"email" | "password" | "verificationCode", MessageKey>>;

export function emailError(email: string, emptyKey: MessageKey = "validation.emailRequired"): MessageKey | undefined {
  if (!email) return emptyKey;
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return "loginModal.EnterValidEmail";
  return undefined;
}

export function validateLogin(input: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = "validation.passwordRequired";
  return errors;
}

export function validateSendCode(input: { email: string }): FieldErrors {
  const email = emailError(input.email);
  return email ? { email } : {};
}

export function validateReset(input: { email: string; password: string; verificationCode: string }): FieldErrors {
  const errors: FieldErrors = validateSendCode(input);
  if (!input.password) errors.password = "validation.newPasswordRequired";
  else if (input.password.length < 6 || input.password.length > 128) errors.password = "validation.passwordLength";
  if (!input.verificationCode) errors.verificationCode = "validation.codeRequired";
  else if (!CODE_PATTERN.test(input.verificationCode)) errors.verificationCode = "validation.codeInvalid";
  return errors;
}

export function hasErrors(errors: FieldErrors) {
  return Object.keys(errors).length > 0;
}
