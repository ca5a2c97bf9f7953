import { AccountTraits } from '../network-adapter';

/**
 * How long an X post may be, by the account's X subscription.
 *
 * X's API carries no flag for a long post: it is a longer `text` (CreatePostsRequest.text has no
 * maxLength in X's OpenAPI document, contracts/x/openapi.json), and X decides by the account. The
 * account's subscription is `User.subscription_type` (`GET /2/users/me?user.fields=subscription_type`),
 * which X's document describes as "The X Blue subscription type of the user, e.g.: Basic, Premium,
 * PremiumPlus or None", with no enum.
 *
 * Which tiers may post up to 25,000 weighted characters is OUR READING: X publishes no
 * machine-readable table of it, and its "Counting characters" page speaks of 280 only
 * (https://docs.x.com/resources/fundamentals/counting-characters). Third-party publishing tools report 25,000
 * for Premium and Premium+; they disagree on Basic, so Basic keeps 280 until X confirms otherwise.
 * Any other value (None, absent, unknown) keeps 280.
 */
export const X_STANDARD_MAX_WEIGHTED_LENGTH = 280;
export const X_LONG_POST_MAX_WEIGHTED_LENGTH = 25_000;

/** The subscription types (as X spells them) whose accounts may post long posts: our reading, see above. */
export const X_LONG_POST_SUBSCRIPTIONS: ReadonlySet<string> = new Set(['Premium', 'PremiumPlus']);

/** The traits stored for an X account: its subscription type as X answered it, when X said. */
export function xAccountTraits(subscriptionType: string | undefined): AccountTraits {
  return subscriptionType ? { subscriptionType } : {};
}

/** The subscription type stored in an account's traits, when known. */
export function xSubscriptionOf(traits: AccountTraits): string | undefined {
  const value = traits['subscriptionType'];
  return typeof value === 'string' && value ? value : undefined;
}

/** The most weighted characters one post of an account with these traits may hold. */
export function xMaxWeightedLength(traits: AccountTraits): number {
  const subscription = xSubscriptionOf(traits);
  return subscription !== undefined && X_LONG_POST_SUBSCRIPTIONS.has(subscription)
    ? X_LONG_POST_MAX_WEIGHTED_LENGTH
    : X_STANDARD_MAX_WEIGHTED_LENGTH;
}
