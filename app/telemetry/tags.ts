/**
 * The third-party tags the operator configured (spec section 7), as the browser needs them. Every
 * value here is public (ids and script addresses end up in the page). Nothing is configured by
 * default, and then the site shows no cookie banner at all: there is nothing to consent to.
 */
export type ThirdPartyTags = {
  /** Icon service: a script (icon kit) that replaces the site's icons. */
  iconKitUrl?: string;
  /** Tag manager, with its frame for browsers without JavaScript. */
  tagManager?: { id: string; origin: string };
  /** Advertising pixel; reads the visitor id's FB_ copy. */
  pixel?: { id: string; scriptUrl: string };
  /** Product analytics with session replay (every session recorded). */
  analytics?: { id: string; origin: string };
  /** FingerprintJS's own usage ping (0.1 % of page loads), sent after consent like the other tags. */
  fingerprintMonitoring?: true;
};

export const hasThirdPartyTags = (tags: ThirdPartyTags | null | undefined): tags is ThirdPartyTags =>
  !!tags && Object.keys(tags).length > 0;

/** The tag manager's frame for browsers without JavaScript (rendered by the server after consent). */
export const tagManagerFrameUrl = (tags: Pick<ThirdPartyTags, "tagManager">) =>
  tags.tagManager ? `${tags.tagManager.origin}/ns.html?id=${encodeURIComponent(tags.tagManager.id)}` : null;
