import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";

import { guardPage } from "~/auth/guards.server";
import { Field, FormError, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import { nameIn } from "~/i18n/message-keys.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { hit } from "~/limits/rate-limit.server";
import { RATINGS, REVIEW_LIMITS } from "~/reviews/reviews";
import {
  defaultDisplayNameFor,
  deleteReview,
  mayReview,
  ownReview,
  reviewSchema,
  saveReview,
} from "~/reviews/reviews.server";
import { readFormData } from "~/utils/form-data.server";
import { parseForm, refusal, replyOf, type FormReply } from "~/utils/parse-form";
import { HOUR } from "~/utils/time";
import { redirectWithToast } from "~/utils/toast.server";

/** Saves and deletes per user and hour: enough to fix a typo a few times, not to flood moderation. */
const CHANGES_PER_HOUR = 10;

type Fields = { rating: string; text: string; displayName: string };

/** Your review: write one, edit it (back to moderation) or delete it. Only for people who subscribed. */
export const handle: MessagesHandle = { messages: ["reviews"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const [allowed, review, defaultName] = await Promise.all([
    mayReview(user.id),
    ownReview(user.id),
    defaultDisplayNameFor(user.id),
  ]);
  return {
    title: t("reviews.meta"),
    allowed,
    review: review && {
      rating: review.rating,
      text: review.text,
      displayName: review.displayName,
      status: nameIn("reviews.status", review.status),
      locale: review.locale,
    },
    defaultName,
    translations: pageMessages(request, handle),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const locale = getLocale(request);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const values: Fields = { rating: field("rating"), text: field("text"), displayName: field("displayName") };
  const refuse = (reply: FormReply<string, Fields>, status: number, headers?: HeadersInit) =>
    data(reply, { status, headers });

  if (!(await mayReview(user.id))) return refuse(refusal("reviews.errors.notSubscriber", { values }), 403);
  const limit = await hit(`review:user:${user.id}`, CHANGES_PER_HOUR, HOUR);
  if (!limit.ok)
    return refuse(refusal("reviews.errors.tooMany", { values }), 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });

  const here = localizePath(paths.review, locale);
  if (field("intent") === "delete") {
    const deleted = await deleteReview(user.id);
    return redirectWithToast(here, {
      type: deleted ? "success" : "info",
      key: deleted ? "reviews.deleted" : "reviews.nothingToDelete",
    });
  }
  const parsed = parseForm(reviewSchema, values);
  if (!parsed.ok) return refuse(replyOf(parsed, values), 400);
  await saveReview(user.id, parsed.data, locale);
  return redirectWithToast(here, { type: "success", key: "reviews.saved" });
}

export default function ReviewPage() {
  const { allowed, review, defaultName } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const { error } = useReplyErrors(answer);
  const values = answer?.values ?? {
    rating: review ? String(review.rating) : "",
    text: review?.text ?? "",
    displayName: review?.displayName ?? defaultName,
  };
  const busy = (intent: string) =>
    navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "save") === intent;
  return (
    <section className="panel review-page" aria-labelledby="review-title">
      <h1 id="review-title">{t("reviews.title")}</h1>
      {!allowed ? (
        <>
          <FormError message={error("form")} />
          <p data-testid="review-not-allowed">{t("reviews.notAllowed")}</p>
          <p>
            <Link className="button button-primary" to={lp(paths.renew)}>
              {t("reviews.subscribe")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="lead">{t("reviews.intro")}</p>
          {review ? (
            <p data-testid="review-status" data-status={review.status}>
              {t(`reviews.status.${review.status}`)}
            </p>
          ) : null}
          {/* Keyed by the saved text, so a successful save or delete shows what is stored now. */}
          <Form method="post" className="review-form" key={`${review?.status}:${review?.text ?? ""}`} noValidate>
            <FormError message={error("form")} />
            <RatingField value={values.rating} error={error("rating")} />
            <TextField value={values.text} error={error("text")} />
            <Field
              name="displayName"
              label={t("reviews.displayName")}
              autoComplete="off"
              required
              maxLength={REVIEW_LIMITS.name}
              defaultValue={values.displayName}
              error={error("displayName")}
            />
            <p className="field-hint">{t("reviews.moderation")}</p>
            <SubmitButton busy={busy("save")}>{t(review ? "reviews.update" : "reviews.submit")}</SubmitButton>
          </Form>
          {review ? (
            <Form method="post" className="review-delete">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="button" data-busy={busy("delete") || undefined}>
                {t("reviews.delete")}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Five radio buttons in a fieldset: the legend names the group, each label says "n of 5". */
function RatingField({ value, error }: { value: string; error?: string }) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="field rating-field" aria-describedby={error ? errorId : undefined}>
      <legend>{t("reviews.rating")}</legend>
      <div className="rating-options">
        {RATINGS.map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="rating"
              value={n}
              defaultChecked={value === String(n)}
              required
              aria-invalid={error ? true : undefined}
            />
            <span>{t("reviews.stars", { rating: n })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function TextField({ value, error }: { value: string; error?: string }) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{t("reviews.text")}</label>
      <textarea
        id={id}
        name="text"
        rows={6}
        required
        minLength={REVIEW_LIMITS.textMin}
        maxLength={REVIEW_LIMITS.text}
        defaultValue={value}
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
