/**
 * What X's OpenAPI document allows on the operations the emulator serves, as data: query
 * parameters (names, value lists, bounds) and request body properties. Extracted from
 * xdevplatform/xdk `specs/openapi.json` (info.version 2.167), commit
 * 489c3f027a21fed2f8c1a796421eaf880cc59dfa of 2026-07-21 ("pin the production spec"), the
 * newest commit touching the file when read on 2026-11; https://github.com/xdevplatform/xdk.
 * X answers 400 to a query parameter an operation does not name.
 */

export type XQueryParameter =
  /** Comma-separated, each value in `values`, none twice, at least one (the spec's uniqueItems arrays). */
  | { kind: 'list'; values: readonly string[] }
  | { kind: 'integer'; minimum: number; maximum: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'date-time' }
  | { kind: 'string'; minLength?: number; maxLength?: number; pattern?: RegExp };

export interface XOperationQuery {
  required: readonly string[];
  query: Readonly<Record<string, XQueryParameter>>;
}

/** The spec's pattern of a post, user or media id (PostId, UserId, MediaId). */
export const X_ID_PATTERN = /^[0-9]{1,19}$/;

const USER_FIELDS = [
  'confirmed_email',
  'connection_status',
  'created_at',
  'description',
  'entities',
  'id',
  'is_identity_verified',
  'location',
  'name',
  'parody',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'receives_your_dm',
  'subscribes_to_you',
  'subscription',
  'subscription_type',
  'url',
  'username',
  'verified',
  'verified_followers_count',
  'verified_type',
  'withheld',
] as const;
const USER_EXPANSIONS = ['affiliation', 'most_recent_post_id', 'pinned_post_id'] as const;
const POST_FIELDS = [
  'article',
  'article_title',
  'attachments',
  'card_uri',
  'community_id',
  'context_annotations',
  'conversation_id',
  'created_at',
  'display_text_range',
  'edit_controls',
  'entities',
  'geo',
  'id',
  'lang',
  'matched_media_notes',
  'media_metadata',
  'non_public_metrics',
  'note_post',
  'note_request_suggestions',
  'organic_metrics',
  'paid_partnership',
  'possibly_sensitive',
  'promoted_metrics',
  'public_metrics',
  'reply_settings',
  'scopes',
  'source',
  'suggested_source_links',
  'suggested_source_links_with_counts',
  'text',
  'withheld',
] as const;
const POST_EXPANSIONS = [
  'article.cover_media',
  'article.media_entities',
  'attachments.media_keys',
  'attachments.media_source_tweet',
  'attachments.poll_ids',
  'author_id',
  'edit_history_post_ids',
  'entities.mentions.username',
  'geo.place_id',
  'in_reply_to_user_id',
  'referenced_posts',
  'username',
] as const;
const MEDIA_FIELDS = [
  'alt_text',
  'duration_ms',
  'height',
  'media_key',
  'non_public_metrics',
  'organic_metrics',
  'preview_image_url',
  'promoted_metrics',
  'public_metrics',
  'type',
  'url',
  'variants',
  'width',
] as const;
const POLL_FIELDS = ['duration_minutes', 'end_datetime', 'id', 'options', 'voting_status'] as const;
const PLACE_FIELDS = [
  'contained_within',
  'country',
  'country_code',
  'full_name',
  'geo',
  'id',
  'name',
  'place_type',
] as const;
const EXCLUDE_VALUES = ['replies', 'retweets'] as const;

/** Operations that take no query parameter at all. */
const OPERATIONS_WITHOUT_QUERY = {
  'POST /2/tweets': { required: [], query: {} },
  'DELETE /2/tweets/:id': { required: [], query: {} },
  'POST /2/media/upload': { required: [], query: {} },
  'POST /2/media/upload/initialize': { required: [], query: {} },
  'POST /2/media/upload/:id/append': { required: [], query: {} },
  'POST /2/media/upload/:id/finalize': { required: [], query: {} },
} as const;

/** The query parameters of each operation, by the emulator's route. */
export const X_QUERY_PARAMETERS = {
  'GET /2/users/me': {
    required: [],
    query: {
      'user.fields': { kind: 'list', values: USER_FIELDS },
      expansions: { kind: 'list', values: USER_EXPANSIONS },
      'post.fields': { kind: 'list', values: POST_FIELDS },
    },
  },
  'GET /2/tweets/:id': {
    required: [],
    query: {
      'post.fields': { kind: 'list', values: POST_FIELDS },
      expansions: { kind: 'list', values: POST_EXPANSIONS },
      'user.fields': { kind: 'list', values: USER_FIELDS },
      'media.fields': { kind: 'list', values: MEDIA_FIELDS },
      'poll.fields': { kind: 'list', values: POLL_FIELDS },
      'place.fields': { kind: 'list', values: PLACE_FIELDS },
    },
  },
  'GET /2/users/:id/tweets': {
    required: [],
    query: {
      max_results: { kind: 'integer', minimum: 5, maximum: 100 },
      pagination_token: { kind: 'string', minLength: 1 },
      start_time: { kind: 'date-time' },
      end_time: { kind: 'date-time' },
      since_id: { kind: 'string', pattern: /^[0-9]{1,19}$/ },
      until_id: { kind: 'string', pattern: /^[0-9]{1,19}$/ },
      exclude: { kind: 'list', values: EXCLUDE_VALUES },
      'post.fields': { kind: 'list', values: POST_FIELDS },
      expansions: { kind: 'list', values: POST_EXPANSIONS },
      'user.fields': { kind: 'list', values: USER_FIELDS },
      'media.fields': { kind: 'list', values: MEDIA_FIELDS },
      'poll.fields': { kind: 'list', values: POLL_FIELDS },
      'place.fields': { kind: 'list', values: PLACE_FIELDS },
    },
  },
  'GET /2/tweets/search/recent': {
    required: ['query'],
    query: {
      query: { kind: 'string', minLength: 1, maxLength: 4096 },
      max_results: { kind: 'integer', minimum: 10, maximum: 100 },
      next_token: { kind: 'string', minLength: 1 },
      pagination_token: { kind: 'string', minLength: 1 },
      start_time: { kind: 'date-time' },
      end_time: { kind: 'date-time' },
      since_id: { kind: 'string', pattern: /^[0-9]{1,19}$/ },
      until_id: { kind: 'string', pattern: /^[0-9]{1,19}$/ },
      sort_order: { kind: 'enum', values: ['recency', 'relevancy'] },
      'post.fields': { kind: 'list', values: POST_FIELDS },
      expansions: { kind: 'list', values: POST_EXPANSIONS },
      'user.fields': { kind: 'list', values: USER_FIELDS },
      'media.fields': { kind: 'list', values: MEDIA_FIELDS },
      'poll.fields': { kind: 'list', values: POLL_FIELDS },
      'place.fields': { kind: 'list', values: PLACE_FIELDS },
    },
  },
  'GET /2/media/upload': {
    required: ['media_id'],
    query: {
      media_id: { kind: 'string', pattern: /^[0-9]{1,19}$/ },
      command: { kind: 'enum', values: ['STATUS'] },
    },
  },
  ...OPERATIONS_WITHOUT_QUERY,
} as const satisfies Record<string, XOperationQuery>;

/** InitializeMediaUploadRequest.media_type: the only types a chunked upload may announce. */
export const X_INITIALIZE_MEDIA_TYPES = [
  'video/mp4',
  'video/webm',
  'video/mp2t',
  'video/quicktime',
  'text/srt',
  'text/vtt',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/png',
  'image/webp',
  'image/pjpeg',
  'image/tiff',
  'model/gltf-binary',
  'model/vnd.usdz+zip',
] as const;

/** The properties each request body may hold (every one of these schemas has additionalProperties: false). */
export const X_BODY_PROPERTIES = {
  /** CreatePostsRequest. */
  createPost: [
    'card_uri',
    'community_id',
    'direct_message_deep_link',
    'edit_options',
    'for_super_followers_only',
    'geo',
    'made_with_ai',
    'media',
    'nullcast',
    'paid_partnership',
    'poll',
    'quote_tweet_id',
    'reply',
    'reply_settings',
    'share_with_followers',
    'text',
  ],
  /** CreatePostsMedia. */
  createPostMedia: [
    'call_to_actions',
    'description',
    'embeddable',
    'media_ids',
    'preview_media_id',
    'tagged_user_ids',
    'title',
  ],
  /** CreatePostsReply. */
  createPostReply: ['auto_populate_reply_metadata', 'exclude_reply_user_ids', 'in_reply_to_tweet_id'],
  /** MediaUploadRequest (one request): no media_type. */
  mediaUpload: ['additional_owners', 'media', 'media_category'],
  /** InitializeMediaUploadRequest. */
  initializeUpload: ['additional_owners', 'media_category', 'media_type', 'shared', 'total_bytes'],
  /** AppendMediaUploadRequest. */
  appendUpload: ['media', 'segment_index'],
} as const;
