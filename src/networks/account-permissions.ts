/**
 * What the service uses a connected account for, each needing permissions that the user may not
 * have granted (Facebook's and Instagram's dialogs let a user decline any of them) or may have
 * taken back since. Stable names: the API shows them beside the permissions they lack.
 */
export const ACCOUNT_FEATURES = [
  /** Publishing a post (its first container). */
  'publish',
  /** Uploading media with a post (X: media.write). */
  'media',
  /** Publishing a video (Facebook Pages). */
  'video',
  /** A thread's later containers, which the network makes comments or replies as the account. */
  'thread',
  /** Reading the comments under a published post. */
  'read_comments',
  /** Answering comments as the account. */
  'answer_comments',
  /** Reading a post's or the account's metrics. */
  'metrics',
  /** Deleting a published post. */
  'unpublish',
] as const;

export type AccountFeature = (typeof ACCOUNT_FEATURES)[number];

/**
 * Each feature's permissions, as alternatives: the feature works when every permission of any one
 * alternative is granted (Instagram names the same right differently per login). A feature a
 * network does not list needs nothing beyond connecting.
 */
export type PermissionNeeds = Readonly<Partial<Record<AccountFeature, readonly (readonly string[])[]>>>;

/** A feature the account cannot use, and the permissions that would let it. */
export interface MissingPermissions {
  feature: AccountFeature;
  permissions: string[];
}

/**
 * The permissions `feature` needs that `granted` lacks: none when it is allowed; otherwise those
 * of the alternative nearest to being met (the first of equals), so the message names the fewest.
 */
export function lackedFor(needs: PermissionNeeds, feature: AccountFeature, granted: readonly string[]): string[] {
  const alternatives = needs[feature];
  if (!alternatives || alternatives.length === 0) return [];
  const have = new Set(granted);
  const lacking = alternatives.map((alternative) => alternative.filter((permission) => !have.has(permission)));
  return lacking.reduce((fewest, candidate) => (candidate.length < fewest.length ? candidate : fewest));
}

/** Every feature of the network the account cannot use, in ACCOUNT_FEATURES order. */
export function missingPermissions(needs: PermissionNeeds, granted: readonly string[]): MissingPermissions[] {
  return ACCOUNT_FEATURES.flatMap((feature) => {
    const permissions = lackedFor(needs, feature, granted);
    return permissions.length ? [{ feature, permissions }] : [];
  });
}

/** The features publishing these containers uses, whatever the network. */
export function featuresOfPost(parts: readonly { media: readonly { kind: string }[] }[]): AccountFeature[] {
  const media = parts.flatMap((part) => part.media);
  return [
    'publish',
    ...(media.length ? (['media'] as const) : []),
    ...(media.some((medium) => medium.kind === 'video') ? (['video'] as const) : []),
    ...(parts.length > 1 ? (['thread'] as const) : []),
  ];
}

/** What a feature is, in words, for messages. */
export const FEATURE_WORDS: Readonly<Record<AccountFeature, string>> = {
  publish: 'publishing',
  media: 'uploading media',
  video: 'publishing a video',
  thread: "a thread's later parts",
  read_comments: 'reading comments',
  answer_comments: 'answering comments',
  metrics: 'reading metrics',
  unpublish: 'deleting a post',
};
