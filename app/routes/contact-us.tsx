import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { z } from "zod";

import { guardPage } from "~/auth/guards.server";
import { EMAIL_PATTERN } from "~/auth/validation";
import { Field, FormError, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { pageContent } from "~/content/content.server";
import { pageSeo } from "~/content/seo.server";
import { paths } from "~/http/paths";
import { getLocale } from "~/i18n/i18next.server";
import type { KeyUnder } from "~/i18n/keys";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useT } from "~/i18n/use-t";
import { hit } from "~/limits/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { parseForm, refusal, replyOf, type FormReply } from "~/utils/parse-form";
import { seoMeta } from "~/utils/seo";
import { HOUR } from "~/utils/time";
import { redirectWithToast } from "~/utils/toast.server";

import { submitContactMessage } from "./contact-us.server";

/** Sizes shared by the schema and the form's HTML attributes. */
const LIMITS = { name: 100, email: 254, messageMin: 10, message: 5000 };
/** Hidden from people; a bot that fills it in gets the usual answer and its message goes nowhere. */
const HONEYPOT = "website";
const SENDS_PER_HOUR = 5;

const errorKey = (name: KeyUnder<"site.contact.errors">) => `site.contact.errors.${name}` as const;
const contactSchema = z.object({
  name: z.string().trim().min(1, errorKey("nameRequired")).max(LIMITS.name, errorKey("nameTooLong")),
  email: z
    .string()
    .trim()
    .min(1, errorKey("emailRequired"))
    .max(LIMITS.email, errorKey("emailInvalid"))
    .regex(EMAIL_PATTERN, errorKey("emailInvalid")),
  message: z
    .string()
    .trim()
    .min(1, errorKey("messageRequired"))
    .min(LIMITS.messageMin, errorKey("messageTooShort"))
    .max(LIMITS.message, errorKey("messageTooLong")),
});
type Fields = z.input<typeof contactSchema>;

export const handle: MessagesHandle = { messages: ["site.contact"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "visitor");
  const { title, description, heading, intro } = pageContent(getLocale(request)).contact;
  return { ...pageSeo(request, { title, description }), heading, intro, translations: pageMessages(request, handle) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "visitor");
  const locale = getLocale(request);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const values: Fields = { name: field("name"), email: field("email"), message: field("message") };
  const done = () =>
    redirectWithToast(localizePath(paths.contactUs, locale), { type: "success", key: "site.contact.sent" });
  const refuse = (reply: FormReply, status: number, headers?: HeadersInit) => data(reply, { status, headers });

  if (field(HONEYPOT)) return done();
  const parsed = parseForm(contactSchema, values);
  if (!parsed.ok) return refuse(replyOf(parsed, values), 400);
  const limit = await hit(`contact:ip:${clientIp(request)}`, SENDS_PER_HOUR, HOUR);
  if (!limit.ok) {
    return refuse(refusal(errorKey("tooMany"), { values }), 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const sent = await submitContactMessage({ ...parsed.data, locale });
  if (!sent.ok) return refuse(refusal(errorKey("sendFailed"), { values }), 502);
  return done();
}

export default function ContactUs() {
  const { heading, intro } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  // A new address after the success redirect empties the form.
  const { key } = useLocation();
  const t = useT();
  const { error } = useReplyErrors(answer);
  return (
    <article className="text-page contact-page">
      <h1>{heading}</h1>
      <p className="lead">{intro}</p>
      <section className="panel" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t("site.contact.formTitle")}</h2>
        <Form method="post" className="contact-form" key={key}>
          <FormError message={error("form")} />
          <Field
            name="name"
            label={t("site.contact.name")}
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            defaultValue={answer?.values.name}
            error={error("name")}
          />
          <Field
            name="email"
            type="email"
            label={t("site.contact.email")}
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={answer?.values.email}
            error={error("email")}
          />
          <MessageField
            label={t("site.contact.message")}
            defaultValue={answer?.values.message}
            error={error("message")}
          />
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="contact-website">{t("site.contact.honeypot")}</label>
            <input id="contact-website" name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <SubmitButton busy={navigation.state === "submitting"}>{t("site.contact.submit")}</SubmitButton>
        </Form>
      </section>
    </article>
  );
}

/** Like `Field`, for the several lines of the message. */
function MessageField({ label, defaultValue, error }: { label: string; defaultValue?: string; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="message"
        rows={6}
        required
        minLength={LIMITS.messageMin}
        maxLength={LIMITS.message}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
