import { db } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import type { Locale } from "~/i18n/locales";
import { emailProvider, type EmailProvider, type SendResult } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

export type ContactMessageInput = { name: string; email: string; message: string; locale: Locale };

/**
 * Stores a contact-form message, then forwards it to CONTACT_EMAIL. The stored row survives a failed
 * send, so no message is lost; the caller tells the visitor the truth either way.
 */
export async function submitContactMessage(
  input: ContactMessageInput,
  provider: EmailProvider = emailProvider(),
): Promise<SendResult> {
  const row = await db().contactMessage.create({ data: input });
  // Written to the support team, not to the visitor: in English, whatever the page's language.
  const oneLine = (s: string) => s.replace(/\s+/g, " ");
  const email = renderEmail({
    subject: `Contact form: ${oneLine(input.name)}`,
    paragraphs: [
      `From: ${oneLine(input.name)} <${input.email}>`,
      `Page language: ${input.locale} · message ${row.id}`,
      ...input.message.split(/\n\s*\n/),
    ],
    footer: "Sent with the contact form. Reply to the sender's address above.",
  });
  const result = await provider.send({ to: config().CONTACT_EMAIL, ...email });
  if (!result.ok) log("error", "contact message stored but not forwarded", { message: row.id, error: result.error });
  return result;
}
