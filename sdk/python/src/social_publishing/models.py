# Generated from sdk/typescript/openapi.json by `npm run sdk:generate` (test/openapi/python-models-source.ts,
# with quicktype): do not edit. Each class is a schema of the API document; attributes are snake_case,
# and each reads and writes the API's own name (its alias): Model.model_validate(json), model.model_dump(by_alias=True).

from enum import Enum
from ._model import ApiModel
from pydantic import Field
from typing import Optional, Any, Literal, Annotated, Union
from datetime import datetime


class ErrorCode(str, Enum):
    """Every `error.code` the API answers with, and its HTTP status
    
    - `validation_failed`: 400, A field is missing or invalid; `details` names each field
    - `invalid_json`: 400, The body is not valid JSON
    - `bad_request`: 400, The request is malformed (for example Content-Length does not match
    the body)
    - `unauthorized`: 401, Missing, malformed, unknown or revoked API key
    - `not_found`: 404, No such resource for this key (or no such route)
    - `method_not_allowed`: 405, The route does not take this method
    - `request_timeout`: 408, The request took too long to arrive
    - `conflict`: 409, Conflicts with the current state
    - `payload_too_large`: 413, The body is larger than the limit
    - `uri_too_long`: 414, The URL is too long
    - `unsupported_media_type`: 415, The body is not JSON (Content-Type must be
    application/json)
    - `unprocessable_content`: 422, A network or an account state would refuse the post;
    `details` says why
    - `permission_missing`: 422, The account was not granted a permission this needs (the
    message names it); reconnecting the account (a new auth-url for the same tenant) asks for
    it again
    - `media_quota_exceeded`: 422, POST /media: the medium would take the customer's media
    (uploaded, or announced with a valid upload URL) past MEDIA_QUOTA_BYTES in this mode
    - `rate_limited`: 429, Over the rate limit of the customer's keys of this mode (or too
    many unknown keys from one address); see Retry-After
    - `request_header_too_large`: 431, The request headers are too large
    - `internal_error`: 500, Our fault; retry later, quoting the request id
    - `database_unavailable`: 503, The database is unreachable for a moment; retry after
    Retry-After
    - `shutting_down`: 503, This instance is restarting; retry after Retry-After
    - `not_ready`: 503, GET /health/ready only: the database is unreachable or the process is
    shutting down
    - `api_key_limit_reached`: 409, The customer already holds API_KEYS_PER_CUSTOMER active
    keys in this mode (dashboard, CLI); revoke one first
    - `unknown_network`: 404, The network in the path is not one the service knows
    - `redirect_uri_not_allowed`: 400, redirect_uri is not one of your allowed redirect URLs
    - `network_not_configured`: 409, No app is configured for this network (neither yours nor
    the service-wide one)
    - `session_already_finalized`: 409, The pending session was already finalized
    - `account_busy`: 409, The account is being reconnected right now; retry
    - `boards_not_supported`: 409, GET /social-accounts/{id}/boards: the account's network
    has no boards (or other places a post must name) to pick from
    - `idempotency_key_reused`: 409, This Idempotency-Key was used with a different body
    - `idempotency_key_in_use`: 409, A request with this Idempotency-Key is still being
    processed; retry
    - `delivery_not_failed`: 409, Retrying a delivery: only a failed delivery can be retried
    (this one is pending, publishing, published, canceled or deleted, or a retry of it was
    already accepted)
    - `post_not_draft`: 409, POST /posts/{id}/publish: the post is not a draft (it was
    published, scheduled or canceled already)
    - `post_delivery_started`: 409, PATCH /posts/{id}: a delivery of the post has started
    (claimed by a worker, tried, in flight or final), so none of it is changed; `details`
    names each
    - `post_not_editable`: 409, PATCH /posts/{id}: the post was made before edits were
    possible (its request was not kept)
    - `post_published_field_not_editable`: 409, PATCH /posts/{id} of a published post: only
    the text (`containers[0].content`) can change after publishing; `details` name each other
    field the patch would change
    - `post_edit_in_progress`: 409, PATCH /posts/{id} of a published post: an edit of one of
    its deliveries is still being sent; patch again once its `edit.status` is final
    - `webhook_not_configured`: 409, No webhook is set: PUT /api/v1/webhooks first
    - `webhook_disabled`: 409, The webhook is disabled (the receiver answered 410 Gone); PUT
    it again
    - `webhook_secret_unreadable`: 409, The stored webhook secret cannot be opened; PUT the
    webhook again
    - `delivery_not_published`: 409, The delivery is not (or no longer) on the network, so it
    has no comments
    - `account_not_active`: 409, The delivery's account is expired or disconnected (comments,
    a retry); reconnect it
    - `reply_not_in_thread`: 422, Answering a comment: replyToId is known to be under another
    delivery (another of your posts, or a comment found under one)
    - `network_unavailable`: 502, The network failed to answer or refused the read; `message`
    says why
    - `network_rate_limited`: 503, The network's rate limit for this account is reached;
    retry after Retry-After
    
    Stable, machine-readable error code
    """
    ACCOUNT_BUSY = "account_busy"
    ACCOUNT_NOT_ACTIVE = "account_not_active"
    API_KEY_LIMIT_REACHED = "api_key_limit_reached"
    BAD_REQUEST = "bad_request"
    BOARDS_NOT_SUPPORTED = "boards_not_supported"
    CONFLICT = "conflict"
    DATABASE_UNAVAILABLE = "database_unavailable"
    DELIVERY_NOT_FAILED = "delivery_not_failed"
    DELIVERY_NOT_PUBLISHED = "delivery_not_published"
    IDEMPOTENCY_KEY_IN_USE = "idempotency_key_in_use"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INTERNAL_ERROR = "internal_error"
    INVALID_JSON = "invalid_json"
    MEDIA_QUOTA_EXCEEDED = "media_quota_exceeded"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NETWORK_NOT_CONFIGURED = "network_not_configured"
    NETWORK_RATE_LIMITED = "network_rate_limited"
    NETWORK_UNAVAILABLE = "network_unavailable"
    NOT_FOUND = "not_found"
    NOT_READY = "not_ready"
    PAYLOAD_TOO_LARGE = "payload_too_large"
    PERMISSION_MISSING = "permission_missing"
    POST_DELIVERY_STARTED = "post_delivery_started"
    POST_EDIT_IN_PROGRESS = "post_edit_in_progress"
    POST_NOT_DRAFT = "post_not_draft"
    POST_NOT_EDITABLE = "post_not_editable"
    POST_PUBLISHED_FIELD_NOT_EDITABLE = "post_published_field_not_editable"
    RATE_LIMITED = "rate_limited"
    REDIRECT_URI_NOT_ALLOWED = "redirect_uri_not_allowed"
    REPLY_NOT_IN_THREAD = "reply_not_in_thread"
    REQUEST_HEADER_TOO_LARGE = "request_header_too_large"
    REQUEST_TIMEOUT = "request_timeout"
    SESSION_ALREADY_FINALIZED = "session_already_finalized"
    SHUTTING_DOWN = "shutting_down"
    UNAUTHORIZED = "unauthorized"
    UNKNOWN_NETWORK = "unknown_network"
    UNPROCESSABLE_CONTENT = "unprocessable_content"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    URI_TOO_LONG = "uri_too_long"
    VALIDATION_FAILED = "validation_failed"
    WEBHOOK_DISABLED = "webhook_disabled"
    WEBHOOK_NOT_CONFIGURED = "webhook_not_configured"
    WEBHOOK_SECRET_UNREADABLE = "webhook_secret_unreadable"


class FieldErrorDto(ApiModel):
    field: str
    message: str


class ErrorBodyDto(ApiModel):
    code: ErrorCode
    """Stable, machine-readable error code"""

    message: str
    request_id: str = Field(alias="requestId")
    """Also sent as the X-Request-Id header"""

    details: Optional[list[FieldErrorDto]] = None
    """For invalid input: each field at fault"""


class ErrorEnvelopeDto(ApiModel):
    error: ErrorBodyDto
    success: bool


class Network(str, Enum):
    BLUESKY = "bluesky"
    FACEBOOK = "facebook"
    INSTAGRAM = "instagram"
    LINKEDIN = "linkedin"
    PINTEREST = "pinterest"
    THREADS = "threads"
    TIKTOK = "tiktok"
    X = "x"
    YOUTUBE = "youtube"


class NetworkSummaryView(ApiModel):
    aliases: list[str]
    """Other names the API takes for it (in paths)"""

    display_name: str = Field(alias="displayName")
    id: Network


class PaginationDto(ApiModel):
    next_cursor: Optional[str] = Field(alias="nextCursor")
    """Opaque. Pass it as `cursor` to get the next page; null on the last page."""


class CommentsCapabilitiesView(ApiModel):
    supported: bool
    """Whether the comments under a published post can be read and answered"""

    comment_id: Optional[str] = Field(alias="commentId")
    """The form of a comment id (what `replyToId` may be), in words; null when comments are not
    supported
    """


class EditCapabilitiesView(ApiModel):
    """Editing the text of a published post"""

    supported: bool
    """Whether PATCH /api/v1/posts/{id} can change the text of this network's published posts
    (Facebook: a Page post's message; LinkedIn: the commentary; X: within its edit window,
    for subscribed accounts); false where the network's API keeps a published post as it is
    (the delivery's edit says edit_not_supported)
    """


class MetricNamesView(ApiModel):
    account: list[str]
    """An account's metrics"""

    post: list[str]
    """A published post's metrics"""


class OptionsCapabilitiesView(ApiModel):
    names: list[str]
    """The options `options.<network>` takes besides `containers`"""

    json_schema: dict[str, Any] = Field(alias="schema")
    """The JSON Schema of `options.<network>` without `containers`: its bounds are those the
    validator checks (a value outside them is a 422 naming its path)
    """


class AccountFeature(str, Enum):
    ANSWER_COMMENTS = "answer_comments"
    MEDIA = "media"
    METRICS = "metrics"
    PUBLISH = "publish"
    READ_COMMENTS = "read_comments"
    THREAD = "thread"
    UNPUBLISH = "unpublish"
    VIDEO = "video"


class FeaturePermissionsView(ApiModel):
    any_of: list[list[str]] = Field(alias="anyOf")
    """Alternatives: the feature works when every permission of any one of them is granted"""

    feature: AccountFeature


class DurationRangeView(ApiModel):
    """An uploaded video's duration when it is the post's only medium
    
    An uploaded video's duration among other media (an Instagram carousel); `duration` when
    absent
    """
    max_ms: int = Field(alias="maxMs")
    min_ms: int = Field(alias="minMs")


class MediaKindCapabilitiesView(ApiModel):
    alone: bool
    """True when a medium of this kind is published alone, with no other media"""

    formats: list[str]
    """The file extensions a media URL of this kind may end in (lowercase)"""

    max_items: int = Field(alias="maxItems")
    """The most media of this kind in one post"""

    duration: Optional[DurationRangeView] = None
    """An uploaded video's duration when it is the post's only medium"""

    duration_among_others: Optional[DurationRangeView] = Field(None, alias="durationAmongOthers")
    """An uploaded video's duration among other media (an Instagram carousel); `duration` when
    absent
    """
    max_bytes: Optional[int] = Field(alias="maxBytes")
    """The largest uploaded file of this kind, in bytes (checked for media uploaded to the
    service); null: not limited here
    """


class MediaKindsView(ApiModel):
    gif: Optional[MediaKindCapabilitiesView] = None
    image: Optional[MediaKindCapabilitiesView] = None
    video: Optional[MediaKindCapabilitiesView] = None


class PlacementMediaView(ApiModel):
    kinds: MediaKindsView
    max_items: int = Field(alias="maxItems")
    """The most media of any kinds together"""

    min_items: int = Field(alias="minItems")
    """The fewest media a post needs"""


class AccountMaxLengthView(ApiModel):
    """A longer limit for the accounts that qualify (X: long posts), checked per account"""

    accounts: str
    """Which accounts have it"""

    max_length: int = Field(alias="maxLength")


class TextCounting(str, Enum):
    """`weighted`: as X counts (twitter-text: a URL counts 23, an emoji or a CJK character 2,
    other characters 1); `utf16`: UTF-16 code units (an emoji counts 2); `code_points`:
    Unicode code points; `graphemes_emoji_bytes`: characters as people see them (grapheme
    clusters), an emoji counting the number of its UTF-8 bytes; `utf8_bytes`: the bytes of
    the text in UTF-8 (an accented letter 2, most emoji 4)
    """
    CODE_POINTS = "code_points"
    GRAPHEMES = "graphemes"
    GRAPHEMES_EMOJI_BYTES = "graphemes_emoji_bytes"
    UTF16 = "utf16"
    UTF8_BYTES = "utf8_bytes"
    WEIGHTED = "weighted"


class TextCapabilitiesView(ApiModel):
    """The placement's own text limits, where they differ from the network's `text`"""

    counting: TextCounting
    """`weighted`: as X counts (twitter-text: a URL counts 23, an emoji or a CJK character 2,
    other characters 1); `utf16`: UTF-16 code units (an emoji counts 2); `code_points`:
    Unicode code points; `graphemes_emoji_bytes`: characters as people see them (grapheme
    clusters), an emoji counting the number of its UTF-8 bytes; `utf8_bytes`: the bytes of
    the text in UTF-8 (an accented letter 2, most emoji 4)
    """
    account_max_length: Optional[AccountMaxLengthView] = Field(None, alias="accountMaxLength")
    """A longer limit for the accounts that qualify (X: long posts), checked per account"""

    max_hashtags: Optional[int] = Field(alias="maxHashtags")
    """The most hashtags a text may hold; null: not limited"""

    max_length: Optional[int] = Field(alias="maxLength")
    """The most characters one container's text may hold, counted as `counting` says; null: not
    limited here
    """
    max_mentions: Optional[int] = Field(alias="maxMentions")
    """The most @mentions a text may hold; null: not limited"""


class ThreadCapabilitiesViewPartsBecome(str, Enum):
    """What the containers after the first become: replies (X) or comments under the post
    (Facebook, Instagram)
    """
    COMMENTS = "comments"
    REPLIES = "replies"


class ThreadCapabilitiesView(ApiModel):
    part_media: bool = Field(alias="partMedia")
    """Whether a later container may hold media"""

    parts_become: ThreadCapabilitiesViewPartsBecome = Field(alias="partsBecome")
    """What the containers after the first become: replies (X) or comments under the post
    (Facebook, Instagram)
    """
    part_text_required: bool = Field(alias="partTextRequired")
    """Whether a later container needs text"""


class PlacementView(ApiModel):
    description: str
    media: PlacementMediaView
    options: Optional[list[str]] = None
    """The options of `options.<network>` this placement takes, where it takes fewer than
    `options.names`: any other is refused (`options_exclusive`)
    """
    option_schemas: Optional[dict[str, Any]] = Field(None, alias="optionSchemas")
    """An option's JSON Schema where this placement takes it otherwise than `options.schema`
    says (an Instagram reel's user tags take no coordinates)
    """
    text: Optional[TextCapabilitiesView] = None
    """The placement's own text limits, where they differ from the network's `text`"""

    thread: Optional[ThreadCapabilitiesView] = None
    """The placement's own thread, where it differs from the network's `thread`; null: no later
    containers
    """


class UnpublishCapabilitiesView(ApiModel):
    supported: bool
    """Whether POST /api/v1/posts/{id}/unpublish can delete posts of this network (with this
    deployment’s login)
    """


class NetworkCapabilitiesView(ApiModel):
    aliases: list[str]
    """Other names the API takes for it (in paths)"""

    comments: CommentsCapabilitiesView
    default_placement: str = Field(alias="defaultPlacement")
    """The placement a post goes to when no option says otherwise"""

    display_name: str = Field(alias="displayName")
    edit_after_publishing: EditCapabilitiesView = Field(alias="editAfterPublishing")
    """Editing the text of a published post"""

    id: Network
    metrics: MetricNamesView
    options: OptionsCapabilitiesView
    permissions: list[FeaturePermissionsView]
    """The permissions each feature needs; a feature not listed needs nothing beyond connecting"""

    placements: dict[str, PlacementView]
    """Each placement by name (`feed`, `reel`, `story`), with the media it takes"""

    text: TextCapabilitiesView
    thread: ThreadCapabilitiesView
    unpublish: UnpublishCapabilitiesView
    placement_option: Optional[str] = Field(alias="placementOption")
    """The option of `options.<network>` that picks the placement; null when the network has one
    placement
    """


class MissingPermissionsView(ApiModel):
    feature: AccountFeature
    permissions: list[str]
    """The permissions it lacks, as the network names them; reconnecting the account asks for
    them again
    """


class AccountStatus(str, Enum):
    ACTIVE = "active"
    DISCONNECTED = "disconnected"
    EXPIRED = "expired"


class AccountView(ApiModel):
    connected_at: datetime = Field(alias="connectedAt")
    id: str
    missing_permissions: list[MissingPermissionsView] = Field(alias="missingPermissions")
    """What the account cannot be used for because a permission was declined or taken back, with
    the permissions that would allow it; empty when nothing is missing. A post, comment or
    metric that needs one is refused with `permission_missing` before anything is sent.
    """
    nickname: str
    """Display name"""

    permissions: list[str]
    """The permissions the network granted the service for this account, as the network names
    them
    """
    platform: Network
    status: AccountStatus
    tenant_id: str = Field(alias="tenantId")
    username: str
    """Handle on the network"""

    avatar_url: Optional[str] = Field(alias="avatarUrl")


class BoardSectionView(ApiModel):
    id: str
    name: str


class BoardView(ApiModel):
    id: str
    name: str
    sections: list[BoardSectionView]
    privacy: Optional[str]
    """Who sees the board's posts, in the network's words (PUBLIC, SECRET, PROTECTED)"""


class AccountBoardsView(ApiModel):
    boards: list[BoardView]
    option: str
    """The option of `options.<network>` a board's id goes in"""

    section_option: Optional[str] = Field(alias="sectionOption")
    """The option a section's id goes in; null where boards have no sections"""


class DisconnectedAccountView(ApiModel):
    id: str
    status: Literal["disconnected"]


class AuthUrlView(ApiModel):
    auth_url: str
    password_sign_in_url: Optional[str] = Field(None, alias="passwordSignInUrl")
    """Where the network also takes a password it issues for apps (Bluesky's app passwords) and
    auth_url is its consent page: the service's own sign-in page for the same attempt, the
    alternative to offer the user. Either one completes the attempt.
    """


class AuthUrlBody(ApiModel):
    redirect_uri: str
    """Where the user comes back after connecting; must be one of your allowed redirect URLs
    (its query string is kept)
    """
    tenant_id: str
    client_state: Optional[str] = Field(None, alias="clientState")
    """Your own value for this connect attempt (for example your signed-in user, or a random
    value kept in their session). It comes back as `clientState` on the redirect, in the
    pending session and in account.connected: check it there, so that a link made by someone
    else cannot connect their account to your user
    """
    login_hint: Optional[str] = Field(None, alias="loginHint")
    """The account the user is about to connect, where the network can start from it: on Bluesky
    with atproto OAuth, a handle or DID, whose own authorization server (its PDS's) then
    shows the consent, the account filled in. Other networks ignore it
    """


class AvailablePageView(ApiModel):
    id: str
    """The page's or profile's id on the network; send it in selectedPageIds"""

    name: str
    type: str
    """page, instagram_business, profile, …"""

    username: str
    picture_url: Optional[str] = Field(alias="pictureUrl")


class PendingSessionView(ApiModel):
    available_pages: list[AvailablePageView] = Field(alias="availablePages")
    expires_at: datetime = Field(alias="expiresAt")
    network: Network
    tenant_id: str = Field(alias="tenantId")
    client_state: Optional[str] = Field(alias="clientState")
    """The auth-url call's clientState: check it is your signed-in user's before finalizing"""


class FinalizeSessionBody(ApiModel):
    selected_page_ids: list[str] = Field(alias="selectedPageIds")
    """Ids from availablePages to connect"""


class MediaState(str, Enum):
    """awaiting_upload until the bytes arrive (uploading while they do), then ready (usable in
    posts) or failed (PUT again while the upload URL lasts)
    """
    AWAITING_UPLOAD = "awaiting_upload"
    FAILED = "failed"
    READY = "ready"
    UPLOADING = "uploading"


class CreatedMediaView(ApiModel):
    content_type: str = Field(alias="contentType")
    created_at: datetime = Field(alias="createdAt")
    expires_at: datetime = Field(alias="expiresAt")
    id: str
    size: int
    state: MediaState
    """awaiting_upload until the bytes arrive (uploading while they do), then ready (usable in
    posts) or failed (PUT again while the upload URL lasts)
    """
    upload_url: str = Field(alias="uploadUrl")
    """PUT the file here, with its Content-Type and no API key, before expiresAt; the body must
    be exactly `size` bytes
    """
    duration_ms: Optional[int] = Field(alias="durationMs")
    """A video's duration in milliseconds, read from the file as it uploads; null for images,
    before the upload, and for videos uploaded before durations were read
    """
    failure: Optional[str]
    """Why the upload failed"""

    filename: Optional[str]
    uploaded_at: Optional[datetime] = Field(alias="uploadedAt")


class CreateMediaBodyContentType(str, Enum):
    """The type of the file to upload"""

    IMAGE_GIF = "image/gif"
    IMAGE_JPEG = "image/jpeg"
    IMAGE_PNG = "image/png"
    IMAGE_WEBP = "image/webp"
    VIDEO_MP4 = "video/mp4"
    VIDEO_QUICKTIME = "video/quicktime"


class CreateMediaBody(ApiModel):
    content_type: CreateMediaBodyContentType = Field(alias="contentType")
    """The type of the file to upload"""

    size: int
    """The exact size of the file in bytes; the upload must be exactly this long"""

    filename: Optional[str] = None


class MediaView(ApiModel):
    content_type: str = Field(alias="contentType")
    created_at: datetime = Field(alias="createdAt")
    id: str
    size: int
    state: MediaState
    """awaiting_upload until the bytes arrive (uploading while they do), then ready (usable in
    posts) or failed (PUT again while the upload URL lasts)
    """
    duration_ms: Optional[int] = Field(alias="durationMs")
    """A video's duration in milliseconds, read from the file as it uploads; null for images,
    before the upload, and for videos uploaded before durations were read
    """
    failure: Optional[str]
    """Why the upload failed"""

    filename: Optional[str]
    uploaded_at: Optional[datetime] = Field(alias="uploadedAt")


class MediaBody(ApiModel):
    alt_text: Optional[str] = Field(None, alias="altText")
    """A description of the image or video for people who cannot see it. Sent where the network
    takes it; where it cannot, POST /posts/validate says so in `warnings` (never a refusal).
    """
    id: Optional[str] = None
    """An uploaded medium (POST /api/v1/media), once ready. Give either url or id."""

    url: Optional[str] = None
    """http(s) URL of the media file; its extension says what it is. Give either url or id."""


class ContainerBody(ApiModel):
    content: Optional[str] = None
    """The text (may be empty when there is media)"""

    media: Optional[list[MediaBody]] = None


class AccountOverrideBody(ApiModel):
    account: str
    """One of the post’s accounts"""

    containers: Optional[list[ContainerBody]] = None
    """This account's own containers (win over options.<network>.containers)"""

    options: Optional[dict[str, Any]] = None
    """Options of the account's network (as options.<network>, without containers); win over them"""


class BlueskyOptionsBodyLabelsItem(str, Enum):
    GRAPHIC_MEDIA = "graphic-media"
    NUDITY = "nudity"
    PORN = "porn"
    SEXUAL = "sexual"


class BlueskyOptionsBodyLinkCard(ApiModel):
    """A link card (an external embed) under the text; not with images or a video"""

    title: str
    uri: str
    description: Optional[str] = None


class BlueskyOptionsBodyQuotes(str, Enum):
    """Whether others may quote the post (a postgate record; everyone when absent)"""

    EVERYONE = "everyone"
    NOBODY = "nobody"


class BlueskyOptionsBodyReplySettings(str, Enum):
    """Who may reply (a threadgate record; everyone when absent)"""

    EVERYONE = "everyone"
    FOLLOWERS = "followers"
    FOLLOWING = "following"
    MENTIONED = "mentioned"
    NOBODY = "nobody"


class BlueskyOptionsBody(ApiModel):
    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    labels: Optional[list[BlueskyOptionsBodyLabelsItem]] = None
    """Content warnings the author puts on the post (self-labels)"""

    langs: Optional[list[str]] = None
    """The languages of the text (BCP-47)"""

    link_card: Optional[BlueskyOptionsBodyLinkCard] = Field(None, alias="linkCard")
    """A link card (an external embed) under the text; not with images or a video"""

    quote_post_uri: Optional[str] = Field(None, alias="quotePostUri")
    """The AT URI of the Bluesky post this post quotes"""

    quotes: Optional[BlueskyOptionsBodyQuotes] = None
    """Whether others may quote the post (a postgate record; everyone when absent)"""

    reply_settings: Optional[BlueskyOptionsBodyReplySettings] = Field(None, alias="replySettings")
    """Who may reply (a threadgate record; everyone when absent)"""


class OptionsBodyPlacement(str, Enum):
    """feed: a Page post; reel: one video as a reel; story: one photo or one video as a Page
    story
    
    feed: an image, a carousel, or a single video (published as a reel); reel: one video;
    story: one image or video (its text is not published)
    """
    FEED = "feed"
    REEL = "reel"
    STORY = "story"


class FacebookOptionsBody(ApiModel):
    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    link: Optional[str] = None
    """A link shared with a feed post (no media): Facebook shows its preview"""

    placement: Optional[OptionsBodyPlacement] = None
    """feed: a Page post; reel: one video as a reel; story: one photo or one video as a Page
    story
    """


class InstagramOptionsBodyTrialReelGraduation(str, Enum):
    """manual: graduated in the Instagram app; performance: graduated by Instagram if it
    performs well
    """
    MANUAL = "manual"
    PERFORMANCE = "performance"


class InstagramOptionsBodyTrialReel(ApiModel):
    """Reels only: publish as a trial reel"""

    graduation: InstagramOptionsBodyTrialReelGraduation
    """manual: graduated in the Instagram app; performance: graduated by Instagram if it
    performs well
    """


class InstagramOptionsBodyUserTagsItem(ApiModel):
    media_index: int = Field(alias="mediaIndex")
    username: str
    x: Optional[float] = None
    y: Optional[float] = None


class InstagramOptionsBody(ApiModel):
    collaborators: Optional[list[str]] = None
    """Up to 3 Instagram usernames invited as collaborators (not on stories)"""

    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    cover_url: Optional[str] = Field(None, alias="coverUrl")
    """Reels only: a JPEG (8 MB at most) Instagram fetches as the cover; not with thumbOffsetMs"""

    location_id: Optional[str] = Field(None, alias="locationId")
    """The id of a Facebook Page with a location (not on stories)"""

    placement: Optional[OptionsBodyPlacement] = None
    """feed: an image, a carousel, or a single video (published as a reel); reel: one video;
    story: one image or video (its text is not published)
    """
    share_to_feed: Optional[bool] = Field(None, alias="shareToFeed")
    """Reels only: also show the reel in the feed (false: in the Reels tab only)"""

    thumb_offset_ms: Optional[int] = Field(None, alias="thumbOffsetMs")
    """Reels only: the frame used as the cover, in milliseconds from the start; not with coverUrl"""

    trial_reel: Optional[InstagramOptionsBodyTrialReel] = Field(None, alias="trialReel")
    """Reels only: publish as a trial reel"""

    user_tags: Optional[list[InstagramOptionsBodyUserTagsItem]] = Field(None, alias="userTags")
    """People tagged on the medium `mediaIndex` names; x and y (0 to 1): required on an image,
    optional on a story, not taken on a video
    """


class LinkedinOptionsBodyArticle(ApiModel):
    """A link shown as an article (content.article); a post without media, poll or document"""

    title: str
    """Its title, shown on the card (LinkedIn does not read the page)"""

    url: str
    """The article (content.article.source)"""

    description: Optional[str] = None


class LinkedinOptionsBodyDocument(ApiModel):
    """A PDF shown as a document (Documents API, content.media); a post without media, article
    or poll
    """
    title: str
    """Its title (required by LinkedIn for a document)"""

    url: str
    """Where the PDF is"""


class LinkedinOptionsBodyPollDuration(str, Enum):
    FOURTEEN_DAYS = "FOURTEEN_DAYS"
    ONE_DAY = "ONE_DAY"
    SEVEN_DAYS = "SEVEN_DAYS"
    THREE_DAYS = "THREE_DAYS"


class LinkedinOptionsBodyPoll(ApiModel):
    """A poll (content.poll); a post without media, article or document"""

    options: list[str]
    question: str
    duration: Optional[LinkedinOptionsBodyPollDuration] = None


class LinkedinOptionsBodyVisibility(str, Enum):
    """Who sees the post (visibility): PUBLIC, or CONNECTIONS (a member's post only)"""

    CONNECTIONS = "CONNECTIONS"
    PUBLIC = "PUBLIC"


class LinkedinOptionsBody(ApiModel):
    article: Optional[LinkedinOptionsBodyArticle] = None
    """A link shown as an article (content.article); a post without media, poll or document"""

    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    disable_reshare: Optional[bool] = Field(None, alias="disableReshare")
    """Whether others may not reshare the post (isReshareDisabledByAuthor)"""

    document: Optional[LinkedinOptionsBodyDocument] = None
    """A PDF shown as a document (Documents API, content.media); a post without media, article
    or poll
    """
    poll: Optional[LinkedinOptionsBodyPoll] = None
    """A poll (content.poll); a post without media, article or document"""

    visibility: Optional[LinkedinOptionsBodyVisibility] = None
    """Who sees the post (visibility): PUBLIC, or CONNECTIONS (a member's post only)"""


class PinterestOptionsBody(ApiModel):
    alt_text: Optional[str] = Field(None, alias="altText")
    """The pin's alternative text (alt_text); without it, the first medium's altText"""

    board_id: Optional[str] = Field(None, alias="boardId")
    """Required: the board the pin goes on (board_id), one of the account's: GET
    /api/v1/social-accounts/{id}/boards lists them
    """
    board_section_id: Optional[str] = Field(None, alias="boardSectionId")
    """A section of that board (board_section_id)"""

    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    dominant_color: Optional[str] = Field(None, alias="dominantColor")
    """The color shown while the image loads (dominant_color), #rrggbb"""

    link: Optional[str] = None
    """The page the pin leads to (link): http or https"""

    title: Optional[str] = None
    """The pin's title (title)"""


class ThreadsOptionsBodyPoll(ApiModel):
    """A poll (poll_attachment); a post without media and without a link attachment"""

    options: list[str]


class ThreadsOptionsBodyReplyControl(str, Enum):
    """Who may reply (reply_control; everyone when absent)"""

    ACCOUNTS_YOU_FOLLOW = "accounts_you_follow"
    EVERYONE = "everyone"
    FOLLOWERS_ONLY = "followers_only"
    MENTIONED_ONLY = "mentioned_only"
    PARENT_POST_AUTHOR_ONLY = "parent_post_author_only"


class ThreadsOptionsBody(ApiModel):
    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    link_attachment: Optional[str] = Field(None, alias="linkAttachment")
    """A link shown as a preview (link_attachment); a post without media and without a poll"""

    poll: Optional[ThreadsOptionsBodyPoll] = None
    """A poll (poll_attachment); a post without media and without a link attachment"""

    quote_post_id: Optional[str] = Field(None, alias="quotePostId")
    """The id of the Threads post this post quotes (quote_post_id)"""

    reply_control: Optional[ThreadsOptionsBodyReplyControl] = Field(None, alias="replyControl")
    """Who may reply (reply_control; everyone when absent)"""

    topic_tag: Optional[str] = Field(None, alias="topicTag")
    """The topic of the post (topic_tag): one, without "." or "&\""""


class TiktokOptionsBodyMode(str, Enum):
    """direct: posted to the creator's profile (video.publish). draft: sent to the creator's
    TikTok inbox to finish there (video.upload); a video draft takes no option but
    privacyLevel, which it does not send
    """
    DIRECT = "direct"
    DRAFT = "draft"


class TiktokOptionsBodyPrivacyLevel(str, Enum):
    """Who may see the post (privacy_level): required, one of the levels the creator's account
    offers (a public account: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY; a private
    one: FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY). TikTok's rules forbid a
    default
    """
    FOLLOWER_OF_CREATOR = "FOLLOWER_OF_CREATOR"
    MUTUAL_FOLLOW_FRIENDS = "MUTUAL_FOLLOW_FRIENDS"
    PUBLIC_TO_EVERYONE = "PUBLIC_TO_EVERYONE"
    SELF_ONLY = "SELF_ONLY"


class TiktokOptionsBody(ApiModel):
    auto_add_music: Optional[bool] = Field(None, alias="autoAddMusic")
    """Let TikTok add recommended music to a photo post (auto_add_music)"""

    brand_content_toggle: Optional[bool] = Field(None, alias="brandContentToggle")
    """Branded content: a paid partnership promoting a third party (brand_content_toggle); never
    with SELF_ONLY
    """
    brand_organic_toggle: Optional[bool] = Field(None, alias="brandOrganicToggle")
    """Your brand: the post promotes the creator's own business (brand_organic_toggle)"""

    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    disable_comment: Optional[bool] = Field(None, alias="disableComment")
    """Turn comments off (disable_comment); off anyway where the creator turned them off"""

    disable_duet: Optional[bool] = Field(None, alias="disableDuet")
    """Turn duets off (disable_duet; videos only)"""

    disable_stitch: Optional[bool] = Field(None, alias="disableStitch")
    """Turn stitches off (disable_stitch; videos only)"""

    is_aigc: Optional[bool] = Field(None, alias="isAigc")
    """The content is AI-generated (is_aigc)"""

    mode: Optional[TiktokOptionsBodyMode] = None
    """direct: posted to the creator's profile (video.publish). draft: sent to the creator's
    TikTok inbox to finish there (video.upload); a video draft takes no option but
    privacyLevel, which it does not send
    """
    photo_cover_index: Optional[int] = Field(None, alias="photoCoverIndex")
    """The photo shown as the post's cover, from 0 to the number of photos less one
    (photo_cover_index; the first when absent)
    """
    privacy_level: Optional[TiktokOptionsBodyPrivacyLevel] = Field(None, alias="privacyLevel")
    """Who may see the post (privacy_level): required, one of the levels the creator's account
    offers (a public account: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY; a private
    one: FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY). TikTok's rules forbid a
    default
    """
    title: Optional[str] = None
    """A photo post's title (the post's text is its description)"""

    video_cover_timestamp_ms: Optional[int] = Field(None, alias="videoCoverTimestampMs")
    """The frame of the video shown as its cover, in ms from its start (video_cover_timestamp_ms)"""


class XOptionsBodyPoll(ApiModel):
    """A poll on the post (X takes no media and no quote with it)"""

    duration_minutes: int = Field(alias="durationMinutes")
    options: list[str]


class XOptionsBodyReplySettings(str, Enum):
    """Who may reply (everyone when absent)"""

    EVERYONE = "everyone"
    FOLLOWING = "following"
    MENTIONED_USERS = "mentionedUsers"
    SUBSCRIBERS = "subscribers"
    VERIFIED = "verified"


class XOptionsBody(ApiModel):
    community_id: Optional[str] = Field(None, alias="communityId")
    """The X community to post in"""

    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    poll: Optional[XOptionsBodyPoll] = None
    """A poll on the post (X takes no media and no quote with it)"""

    quote_post_id: Optional[str] = Field(None, alias="quotePostId")
    """The id of the X post this post quotes"""

    reply_settings: Optional[XOptionsBodyReplySettings] = Field(None, alias="replySettings")
    """Who may reply (everyone when absent)"""


class YoutubeOptionsBodyPrivacyStatus(str, Enum):
    """Who may watch it (status.privacyStatus)"""

    PRIVATE = "private"
    PUBLIC = "public"
    UNLISTED = "unlisted"


class YoutubeOptionsBodyThumbnail(ApiModel):
    """A custom thumbnail, set with thumbnails.set once the video is uploaded (the channel must
    be allowed them)
    """
    url: str
    """A JPEG or PNG of at most 2097152 bytes: an uploaded medium’s url, or your own"""


class YoutubeOptionsBody(ApiModel):
    category_id: Optional[str] = Field(None, alias="categoryId")
    """A video category’s id (snippet.categoryId, videoCategories.list); 22 (People & Blogs)
    when absent
    """
    containers: Optional[list[ContainerBody]] = None
    """Replaces the post's containers for this network's accounts (an account override wins over
    it)
    """
    contains_synthetic_media: Optional[bool] = Field(None, alias="containsSyntheticMedia")
    """Whether it holds altered or synthetic content that looks real
    (status.containsSyntheticMedia)
    """
    made_for_kids: Optional[bool] = Field(None, alias="madeForKids")
    """Whether the video is made for kids (status.selfDeclaredMadeForKids): the audience
    declaration YouTube asks of every upload. Required
    """
    privacy_status: Optional[YoutubeOptionsBodyPrivacyStatus] = Field(None, alias="privacyStatus")
    """Who may watch it (status.privacyStatus)"""

    tags: Optional[list[str]] = None
    """Keywords (snippet.tags): 500 characters together, the commas between them counted and a
    tag with a space counted with two quotation marks
    """
    thumbnail: Optional[YoutubeOptionsBodyThumbnail] = None
    """A custom thumbnail, set with thumbnails.set once the video is uploaded (the channel must
    be allowed them)
    """
    title: Optional[str] = None
    """The video’s title (snippet.title): 1 to 100 characters, without < or >. Required"""


class PostOptionsBody(ApiModel):
    """Each network's options, keyed by network id; a network's `containers` replace the post's
    for its accounts
    """
    bluesky: Optional[BlueskyOptionsBody] = None
    facebook: Optional[FacebookOptionsBody] = None
    instagram: Optional[InstagramOptionsBody] = None
    linkedin: Optional[LinkedinOptionsBody] = None
    pinterest: Optional[PinterestOptionsBody] = None
    threads: Optional[ThreadsOptionsBody] = None
    tiktok: Optional[TiktokOptionsBody] = None
    x: Optional[XOptionsBody] = None
    youtube: Optional[YoutubeOptionsBody] = None


class CreatePostBody(ApiModel):
    accounts: list[str]
    """Connected account ids to publish to"""

    containers: list[ContainerBody]
    """containers[0] is the post; further containers are its thread"""

    tenant_id: str
    account_overrides: Optional[list[AccountOverrideBody]] = Field(None, alias="accountOverrides")
    """Content and options for one account of the post; wins over options.<network>.containers,
    which win over containers
    """
    draft: Optional[bool] = None
    """Keep the post as a draft (false when left out): checked as any post (one that could not
    publish is refused as POST /posts refuses it), then neither published nor scheduled until
    POST /api/v1/posts/{id}/publish
    """
    options: Optional[PostOptionsBody] = None
    """Each network's options, keyed by network id; a network's `containers` replace the post's
    for its accounts
    """
    scheduled_at: Optional[datetime] = Field(None, alias="scheduledAt")
    """Publish later: an ISO 8601 / RFC 3339 date-time with a UTC offset (Z or ±hh:mm), in the
    future, within a year
    """


class PostProblemViewRule(str, Enum):
    """Which rule, by a stable name"""

    ACCOUNT_DISCONNECTED = "account_disconnected"
    ACCOUNT_EXPIRED = "account_expired"
    ACCOUNT_PERMISSION_MISSING = "account_permission_missing"
    ACCOUNT_UNKNOWN = "account_unknown"
    ALT_TEXT_NOT_SENT = "alt_text_not_sent"
    CONTAINERS_REQUIRED = "containers_required"
    CONTENT_REQUIRED = "content_required"
    DELIVERY_STARTED = "delivery_started"
    EDIT_IN_PROGRESS = "edit_in_progress"
    HASHTAGS_TOO_MANY = "hashtags_too_many"
    LINKS_TOO_MANY = "links_too_many"
    MEDIA_FORMAT = "media_format"
    MEDIA_KIND = "media_kind"
    MEDIA_MIXED = "media_mixed"
    MEDIA_NOT_READY = "media_not_ready"
    MEDIA_REQUIRED = "media_required"
    MEDIA_TOO_LARGE = "media_too_large"
    MEDIA_TOO_LONG = "media_too_long"
    MEDIA_TOO_MANY = "media_too_many"
    MEDIA_TOO_SHORT = "media_too_short"
    MEDIA_TYPE_UNKNOWN = "media_type_unknown"
    MEDIA_UNKNOWN = "media_unknown"
    MEDIA_URL_INVALID = "media_url_invalid"
    MEDIA_URL_PRIVATE = "media_url_private"
    MEDIA_URL_UNREACHABLE = "media_url_unreachable"
    MEDIA_URL_UNRESOLVABLE = "media_url_unresolvable"
    MENTIONS_TOO_MANY = "mentions_too_many"
    OPTIONS_EXCLUSIVE = "options_exclusive"
    OPTION_INVALID = "option_invalid"
    OPTION_NETWORK_ABSENT = "option_network_absent"
    OPTION_NOT_SENT = "option_not_sent"
    OPTION_REQUIRED = "option_required"
    OPTION_UNKNOWN = "option_unknown"
    OVERRIDE_ACCOUNT_REPEATED = "override_account_repeated"
    OVERRIDE_ACCOUNT_UNKNOWN = "override_account_unknown"
    POLL_INVALID = "poll_invalid"
    POLL_WITH_MEDIA = "poll_with_media"
    PRIVATE_ONLY = "private_only"
    PUBLISHED_FIELD_NOT_EDITABLE = "published_field_not_editable"
    REPLY_SETTINGS_INVALID = "reply_settings_invalid"
    SCHEDULED_AT_PAST = "scheduled_at_past"
    SCHEDULED_AT_TOO_FAR = "scheduled_at_too_far"
    TEXT_INVALID_CHARACTERS = "text_invalid_characters"
    TEXT_NOT_SENT = "text_not_sent"
    TEXT_TOO_LONG = "text_too_long"
    THREAD_MEDIA_NOT_ALLOWED = "thread_media_not_allowed"
    THREAD_NOT_ALLOWED = "thread_not_allowed"
    THREAD_TEXT_REQUIRED = "thread_text_required"


class PostProblemView(ApiModel):
    field: str
    """Where in the request body"""

    message: str
    rule: PostProblemViewRule
    """Which rule, by a stable name"""


class AccountVerdictView(ApiModel):
    account_id: str = Field(alias="accountId")
    problems: list[PostProblemView]
    """The account's own state (unknown, expired, disconnected) and its network's content rules"""

    valid: bool
    """True when neither the account nor its network's rules refuse the post"""

    platform: Optional[Network]
    """The account's network; null when it is not a connected account of the tenant"""


class PostVerdictView(ApiModel):
    accounts: list[AccountVerdictView]
    """One verdict per account, in the order of `accounts`"""

    problems: list[PostProblemView]
    """Problems of the whole post, whatever the account: scheduledAt, media URLs"""

    valid: bool
    """True exactly when POST /api/v1/posts would accept this body now"""

    warnings: list[PostProblemView]
    """What may fail later without making the post invalid now: `media_url_unreachable`, a media
    URL that did not give its file when fetched (an HTTP error or no answer within 5 s), as a
    network fetching it would find. The file may be there by the time the post is published,
    so `valid` does not depend on warnings.
    """


class PatchPostBody(ApiModel):
    account_overrides: Optional[list[AccountOverrideBody]] = Field(None, alias="accountOverrides")
    """Content and options for one account of the post; wins over options.<network>.containers,
    which win over containers
    """
    accounts: Optional[list[str]] = None
    """Connected account ids to publish to"""

    containers: Optional[list[ContainerBody]] = None
    """containers[0] is the post; further containers are its thread"""

    options: Optional[PostOptionsBody] = None
    """Each network's options, keyed by network id; a network's `containers` replace the post's
    for its accounts
    """
    scheduled_at: Optional[datetime] = Field(None, alias="scheduledAt")
    """Publish later: an ISO 8601 / RFC 3339 date-time with a UTC offset (Z or ±hh:mm), in the
    future, within a year; null takes the schedule away, and the post publishes as soon as
    the edit is accepted
    """


class DeliveryErrorCode(str, Enum):
    """A delivery's `error.code`, and a post.failed event's `data.errorCode`
    
    - `account_expired`: Failed: the account expired before the delivery was published;
    reconnect it
    - `account_disconnected`: Failed: the account was disconnected before the delivery was
    published
    - `token_expired`: Failed: the network no longer accepts the account token; reconnect the
    account
    - `network_rejected`: Failed: the network refused the post (the message says why)
    - `media_unavailable`: Failed: a medium's URL did not give its file (it answered an
    error, did not answer, or its address is refused), to the network that fetches it or to
    the service before an upload (the message says which)
    - `permission_missing`: Failed: the account lacks a permission this needs at the network
    (the message names it); reconnect the account to grant it
    - `retries_exhausted`: Failed: the network kept failing until the last attempt
    - `rate_limited`: Pending: waiting for the network's rate-limit window. Failed: the
    window did not open within 48 hours
    - `usage_capped`: Pending: X's usage cap for the app is used up; waiting for the start of
    the cap's next period (UTC day or month). Failed: that is more than 48 hours away
    - `network_unavailable`: Pending: the network failed for a moment; the delivery is tried
    again
    - `unpublish_not_supported`: Unpublish: the delivery's network cannot delete a post
    through its API with the service's login (Instagram Login); nothing was changed
    - `unpublish_failed`: Unpublish: the network refused the delete (the message says why);
    the delivery is still published
    - `edit_not_supported`: Edit (the delivery's `edit.error`): the network keeps a published
    post's text as it is (Instagram, Threads, Bluesky, TikTok, YouTube, Pinterest; a Facebook
    video or reel; an X post with media); nothing was sent
    - `edit_window_closed`: Edit: X's edit window (30 minutes after posting) has closed;
    nothing was sent
    - `edit_requires_subscription`: Edit: X lets only accounts with a paid subscription edit
    posts; nothing was sent
    - `edit_limit_reached`: Edit: X lets a post be edited at most 5 times; nothing was sent
    - `edit_failed`: Edit: the network refused the edit (the message says why); the post
    keeps its previous text
    """
    ACCOUNT_DISCONNECTED = "account_disconnected"
    ACCOUNT_EXPIRED = "account_expired"
    EDIT_FAILED = "edit_failed"
    EDIT_LIMIT_REACHED = "edit_limit_reached"
    EDIT_NOT_SUPPORTED = "edit_not_supported"
    EDIT_REQUIRES_SUBSCRIPTION = "edit_requires_subscription"
    EDIT_WINDOW_CLOSED = "edit_window_closed"
    MEDIA_UNAVAILABLE = "media_unavailable"
    NETWORK_REJECTED = "network_rejected"
    NETWORK_UNAVAILABLE = "network_unavailable"
    PERMISSION_MISSING = "permission_missing"
    RATE_LIMITED = "rate_limited"
    RETRIES_EXHAUSTED = "retries_exhausted"
    TOKEN_EXPIRED = "token_expired"
    UNPUBLISH_FAILED = "unpublish_failed"
    UNPUBLISH_NOT_SUPPORTED = "unpublish_not_supported"
    USAGE_CAPPED = "usage_capped"


class DeliveryErrorView(ApiModel):
    code: DeliveryErrorCode
    message: str


class UnpublishOutcome(str, Enum):
    """deleting: its delete is queued (post.deleted follows); deleted: already taken down;
    canceled: it had not gone out and never will; not_supported: its network cannot delete
    with the login used (Instagram Login; error says so, nothing changed); publishing: it is
    being published right now, unpublish again once it is published; not_published: it failed
    or was canceled, nothing to take down
    """
    CANCELED = "canceled"
    DELETED = "deleted"
    DELETING = "deleting"
    NOT_PUBLISHED = "not_published"
    NOT_SUPPORTED = "not_supported"
    PUBLISHING = "publishing"


class DeliveryUnpublishView(ApiModel):
    delivery_id: str = Field(alias="deliveryId")
    outcome: UnpublishOutcome
    """deleting: its delete is queued (post.deleted follows); deleted: already taken down;
    canceled: it had not gone out and never will; not_supported: its network cannot delete
    with the login used (Instagram Login; error says so, nothing changed); publishing: it is
    being published right now, unpublish again once it is published; not_published: it failed
    or was canceled, nothing to take down
    """
    platform: Network
    error: Optional[DeliveryErrorView]
    """Why it was not taken down (not_supported: unpublish_not_supported)"""


class DeliveryEditErrorView(ApiModel):
    code: DeliveryErrorCode
    message: str


class EditStatus(str, Enum):
    """requested: queued, the worker sends it (post.edited follows); edited: the network shows
    the new text; failed: refused, by the network's rules before anything was sent
    (edit_window_closed, edit_requires_subscription, edit_limit_reached) or by the network
    itself (edit_failed); not_supported: the network keeps a published post as it is
    (edit_not_supported), nothing was sent
    """
    EDITED = "edited"
    FAILED = "failed"
    NOT_SUPPORTED = "not_supported"
    REQUESTED = "requested"


class DeliveryEditView(ApiModel):
    edits: int
    """Edits the network took for this delivery"""

    original_platform_post_id: str = Field(alias="originalPlatformPostId")
    """The network's id of the post as first published. X gives each edit a new id: the
    delivery's platformPostId is then the newest version, and this the first of its edit
    history
    """
    requested_at: datetime = Field(alias="requestedAt")
    status: EditStatus
    """requested: queued, the worker sends it (post.edited follows); edited: the network shows
    the new text; failed: refused, by the network's rules before anything was sent
    (edit_window_closed, edit_requires_subscription, edit_limit_reached) or by the network
    itself (edit_failed); not_supported: the network keeps a published post as it is
    (edit_not_supported), nothing was sent
    """
    text: str
    """The text asked for (the first container, as the patch made it)"""

    edited_at: Optional[datetime] = Field(alias="editedAt")
    """When the network took the edit"""

    error: Optional[DeliveryEditErrorView]
    """Why it was not made; null otherwise"""


class DeliveryStatus(str, Enum):
    """scheduled or pending (waiting for its time or its next attempt), publishing, then
    published, failed or canceled; once unpublished, deleting (its delete is queued) then
    deleted
    """
    CANCELED = "canceled"
    DELETED = "deleted"
    DELETING = "deleting"
    DRAFT = "draft"
    FAILED = "failed"
    PENDING = "pending"
    PUBLISHED = "published"
    PUBLISHING = "publishing"
    SCHEDULED = "scheduled"


class DeliveryView(ApiModel):
    account_id: str = Field(alias="accountId")
    attempts: int
    id: str
    options: dict[str, Any]
    """The network options this delivery was accepted with: options.<network> with the account
    override's on top; {} when none
    """
    platform: Network
    status: DeliveryStatus
    """scheduled or pending (waiting for its time or its next attempt), publishing, then
    published, failed or canceled; once unpublished, deleting (its delete is queued) then
    deleted
    """
    deleted_at: Optional[datetime] = Field(alias="deletedAt")
    """When the network confirmed the delete (POST /posts/{id}/unpublish)"""

    edit: Optional[DeliveryEditView]
    """The edit of its text after publishing (PATCH /api/v1/posts/{id} of a published post);
    null when it was never edited
    """
    error: Optional[DeliveryErrorView]
    """Why it failed, why it is still pending (rate_limited, usage_capped, network_unavailable)
    or why its unpublish failed (unpublish_failed); null otherwise
    """
    permalink: Optional[str]
    platform_post_id: Optional[str] = Field(alias="platformPostId")
    published_at: Optional[datetime] = Field(alias="publishedAt")


class PostStatus(str, Enum):
    """Summed up from the deliveries' statuses"""

    CANCELED = "canceled"
    DELETED = "deleted"
    DRAFT = "draft"
    FAILED = "failed"
    PARTIALLY_PUBLISHED = "partially_published"
    PUBLISHED = "published"
    PUBLISHING = "publishing"
    QUEUED = "queued"
    SCHEDULED = "scheduled"
    UNPUBLISHING = "unpublishing"


class PostView(ApiModel):
    """The post after the request: deliveries being deleted are `deleting`"""

    created_at: datetime = Field(alias="createdAt")
    deliveries: list[DeliveryView]
    id: str
    status: PostStatus
    """Summed up from the deliveries' statuses"""

    tenant_id: str = Field(alias="tenantId")
    scheduled_at: Optional[datetime] = Field(alias="scheduledAt")


class UnpublishView(ApiModel):
    deliveries: list[DeliveryUnpublishView]
    post: PostView
    """The post after the request: deliveries being deleted are `deleting`"""


class NetworkOperation(str, Enum):
    ACCOUNTS = "accounts"
    COMMENTS = "comments"
    EDIT = "edit"
    EXCHANGE = "exchange"
    METRICS = "metrics"
    OTHER = "other"
    PUBLISH = "publish"
    REFRESH = "refresh"
    REPLY = "reply"
    REVOKE = "revoke"
    UNPUBLISH = "unpublish"
    UPLOAD = "upload"


class AttemptCallView(ApiModel):
    duration_ms: int = Field(alias="durationMs")
    method: str
    operation: NetworkOperation
    path: str
    """The request's path with ids replaced by {id}; never its query, headers or body"""

    status: Optional[int]
    """null when no answer came"""


class AttemptCheckpointView(ApiModel):
    at: datetime
    saved: list[str]
    """What the network confirmed at this step, as the fields of the delivery's progress that
    were saved
    """


class AttemptErrorView(ApiModel):
    code: str
    message: str


class AttemptOutcome(str, Enum):
    FAILED = "failed"
    PUBLISHED = "published"
    RETRY_LATER = "retry_later"


class AttemptWaitReason(str, Enum):
    """rate_limit: the network's rate-limit window; usage_cap: a usage cap or quota for a
    period; processing: the network still processing a container or a video; backoff: after a
    failure of the network; own_error: after an error of our own
    """
    BACKOFF = "backoff"
    OWN_ERROR = "own_error"
    PROCESSING = "processing"
    RATE_LIMIT = "rate_limit"
    USAGE_CAP = "usage_cap"


class AttemptWaitView(ApiModel):
    reason: AttemptWaitReason
    """rate_limit: the network's rate-limit window; usage_cap: a usage cap or quota for a
    period; processing: the network still processing a container or a video; backoff: after a
    failure of the network; own_error: after an error of our own
    """
    until: datetime
    """When the next attempt was due"""

    network_reset_at: Optional[datetime] = Field(alias="networkResetAt")
    """The reset time the network gave for its rate limit or cap; null when it gave none"""


class DeliveryAttemptView(ApiModel):
    calls: list[AttemptCallView]
    """The calls made to the network, in order (100 at most)"""

    checkpoints: list[AttemptCheckpointView]
    """The steps the network confirmed, in order"""

    duration_ms: int = Field(alias="durationMs")
    ended_at: datetime = Field(alias="endedAt")
    id: str
    number: int
    """The delivery's attempt count at this attempt (a retry of a failed delivery starts it
    again from 1)
    """
    outcome: AttemptOutcome
    resuming: bool
    """It looked on the network first for a post an earlier attempt may have made"""

    started_at: datetime = Field(alias="startedAt")
    summary: str
    """The attempt in plain words"""

    unfinished_before: int = Field(alias="unfinishedBefore")
    """Attempts before this one that did not finish (their worker stopped) and left no trace"""

    worker: str
    """The worker that made the attempt: the same name for the same worker, never its host"""

    error: Optional[AttemptErrorView]
    """Why it failed or waits; null when published"""

    wait: Optional[AttemptWaitView]
    """Why the next attempt waited; null when none"""


class CommentView(ApiModel):
    created_at: datetime = Field(alias="createdAt")
    id: str
    """The network's id of the comment (an X reply's tweet id)"""

    own: bool
    """Written by the connected account itself (an answer of yours)"""

    text: str
    author_id: Optional[str] = Field(alias="authorId")
    author_name: Optional[str] = Field(alias="authorName")
    reply_to_id: Optional[str] = Field(alias="replyToId")
    """The comment this one answers; null when it is directly under the post"""


class CommentRequestErrorView(ApiModel):
    code: DeliveryErrorCode
    message: str


class CommentRequestStatus(str, Enum):
    """queued (waiting for the worker or its next attempt), sending, then sent or failed"""

    FAILED = "failed"
    QUEUED = "queued"
    SENDING = "sending"
    SENT = "sent"


class CommentRequestView(ApiModel):
    attempts: int
    created_at: datetime = Field(alias="createdAt")
    delivery_id: str = Field(alias="deliveryId")
    id: str
    post_id: str = Field(alias="postId")
    status: CommentRequestStatus
    """queued (waiting for the worker or its next attempt), sending, then sent or failed"""

    text: str
    error: Optional[CommentRequestErrorView]
    platform_comment_id: Optional[str] = Field(alias="platformCommentId")
    """The network's id of the answer, once sent"""

    reply_to_id: Optional[str] = Field(alias="replyToId")
    sent_at: Optional[datetime] = Field(alias="sentAt")


class CreateCommentBody(ApiModel):
    delivery_id: str = Field(alias="deliveryId")
    """The published delivery to answer under"""

    text: str
    """The answer's text; the network's own limit applies too (X: 280 weighted characters,
    Instagram: 2,200)
    """
    reply_to_id: Optional[str] = Field(None, alias="replyToId")
    """The network's id of the comment answered (from GET …/comments); without it the answer
    goes under the post
    """


class SubscribableEventType(str, Enum):
    """The event types sent; every type when none was chosen"""

    ACCOUNT_CONNECTED = "account.connected"
    ACCOUNT_DISCONNECTED = "account.disconnected"
    ACCOUNT_PERMISSIONS_LOST = "account.permissions_lost"
    ACCOUNT_TOKEN_EXPIRED = "account.token_expired"
    ACCOUNT_TOKEN_EXPIRING = "account.token_expiring"
    COMMENT_RECEIVED = "comment.received"
    POST_CANCELED = "post.canceled"
    POST_COMPLETED = "post.completed"
    POST_DELETED = "post.deleted"
    POST_EDITED = "post.edited"
    POST_FAILED = "post.failed"
    POST_PUBLISHED = "post.published"
    POST_UPDATED = "post.updated"


class WebhookWithSecretView(ApiModel):
    created_at: datetime = Field(alias="createdAt")
    """When the endpoint was first set"""

    enabled: bool
    """false once the receiver answered 410 Gone (see disabledAt): nothing is sent until a PUT
    enables it
    """
    events: list[SubscribableEventType]
    """The event types sent; every type when none was chosen"""

    secret_last4: str = Field(alias="secretLast4")
    """The last 4 characters of the secret; the secret itself is never shown again"""

    updated_at: datetime = Field(alias="updatedAt")
    """When it was last set (PUT)"""

    url: str
    disabled_at: Optional[datetime] = Field(alias="disabledAt")
    """Set when the receiver answered 410 Gone; PUT again to enable"""

    disabled_reason: Optional[str] = Field(alias="disabledReason")
    previous_secret_expires_at: Optional[datetime] = Field(alias="previousSecretExpiresAt")
    """After a rotation: when the old secret stops signing (until then webhook-signature carries
    both). null when no overlap is under way.
    """
    webhook_secret: Optional[str] = Field(None, alias="webhookSecret")
    """Only when the service made the secret (a PUT without webhook_secret, a rotation). Store
    it now: it is never shown again.
    """


class PutWebhookBody(ApiModel):
    url: str
    """https (http or a private address only where the service allows it, for local use)"""

    events: Optional[list[SubscribableEventType]] = None
    """The event types to send (default, or when left out: all of them). Others are recorded as
    `skipped` and never sent. An empty list is refused: to receive nothing, DELETE the
    webhook.
    """
    webhook_secret: Optional[str] = None
    """Your signing secret. Leave it out and the service makes one (`whsec_` + base64 of 32
    random bytes), shown once in the answer as `webhookSecret`. Secrets set before the
    24-character minimum keep working.
    """


class RotateSecretBody(ApiModel):
    overlap_seconds: Optional[int] = Field(None, alias="overlapSeconds")
    """How long the old secret keeps signing deliveries (in webhook-signature, next to the new
    one). 0 stops it at once.
    """


class WebhookView(ApiModel):
    created_at: datetime = Field(alias="createdAt")
    """When the endpoint was first set"""

    enabled: bool
    """false once the receiver answered 410 Gone (see disabledAt): nothing is sent until a PUT
    enables it
    """
    events: list[SubscribableEventType]
    """The event types sent; every type when none was chosen"""

    secret_last4: str = Field(alias="secretLast4")
    """The last 4 characters of the secret; the secret itself is never shown again"""

    updated_at: datetime = Field(alias="updatedAt")
    """When it was last set (PUT)"""

    url: str
    disabled_at: Optional[datetime] = Field(alias="disabledAt")
    """Set when the receiver answered 410 Gone; PUT again to enable"""

    disabled_reason: Optional[str] = Field(alias="disabledReason")
    previous_secret_expires_at: Optional[datetime] = Field(alias="previousSecretExpiresAt")
    """After a rotation: when the old secret stops signing (until then webhook-signature carries
    both). null when no overlap is under way.
    """


class DeletedWebhookView(ApiModel):
    deleted: bool
    url: str


class TestAttemptView(ApiModel):
    delivered: bool
    duration_ms: int = Field(alias="durationMs")
    event_id: str = Field(alias="eventId")
    error: Optional[str] = None
    status_code: Optional[int] = Field(alias="statusCode")


class WebhookAttemptView(ApiModel):
    attempt: int
    attempted_at: datetime = Field(alias="attemptedAt")
    duration_ms: int = Field(alias="durationMs")
    url: str
    error: Optional[str]
    status_code: Optional[int] = Field(alias="statusCode")
    """null when no answer came"""


class WebhookEventType(str, Enum):
    """The event type (the body is the matching WebhookEvent)"""

    ACCOUNT_CONNECTED = "account.connected"
    ACCOUNT_DISCONNECTED = "account.disconnected"
    ACCOUNT_PERMISSIONS_LOST = "account.permissions_lost"
    ACCOUNT_TOKEN_EXPIRED = "account.token_expired"
    ACCOUNT_TOKEN_EXPIRING = "account.token_expiring"
    COMMENT_RECEIVED = "comment.received"
    POST_CANCELED = "post.canceled"
    POST_COMPLETED = "post.completed"
    POST_DELETED = "post.deleted"
    POST_EDITED = "post.edited"
    POST_FAILED = "post.failed"
    POST_PUBLISHED = "post.published"
    POST_UPDATED = "post.updated"
    WEBHOOK_TEST = "webhook.test"


class EventDeliveryStatus(str, Enum):
    """pending (attempts continue), delivered (a 2xx), failed (after the last attempt, or 410),
    skipped (not sent: no endpoint, a disabled one, or one not subscribed to the type when it
    happened; failureReason says which)
    """
    DELIVERED = "delivered"
    FAILED = "failed"
    PENDING = "pending"
    SKIPPED = "skipped"


class EventDeliveryView(ApiModel):
    attempts: list[WebhookAttemptView]
    created_at: datetime = Field(alias="createdAt")
    event: WebhookEventType
    """The event type (the body is the matching WebhookEvent)"""

    id: str
    """Also X-Service-Event-Id: receivers de-duplicate on it"""

    livemode: bool
    """false for an event of the test world (a test key's events); as in the webhook body"""

    status: EventDeliveryStatus
    """pending (attempts continue), delivered (a 2xx), failed (after the last attempt, or 410),
    skipped (not sent: no endpoint, a disabled one, or one not subscribed to the type when it
    happened; failureReason says which)
    """
    delivered_at: Optional[datetime] = Field(alias="deliveredAt")
    failure_reason: Optional[str] = Field(alias="failureReason")
    """Why the event failed, or why it was skipped; null while pending and once delivered"""

    next_attempt_at: Optional[datetime] = Field(alias="nextAttemptAt")
    tenant_id: Optional[str] = Field(alias="tenantId")


class MetricViewUnavailableReason(str, Enum):
    DISCONTINUED = "discontinued"
    MISSING_PERMISSION = "missing_permission"
    NOT_ENOUGH_VIEWERS = "not_enough_viewers"
    NOT_REPORTED = "not_reported"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"


class MetricView(ApiModel):
    name: str
    """The same name means the same thing on every network: impressions (times shown, X), views
    (times seen or played, Facebook and Instagram), viewers (people who saw it, Facebook),
    reach (accounts that saw it, Instagram), likes, reactions, comments, shares, quotes,
    bookmarks, saves; for accounts followers, following, fans, posts
    """
    message: Optional[str]
    """The network's own words, when unavailable"""

    unavailable_reason: Optional[MetricViewUnavailableReason] = Field(alias="unavailableReason")
    """Why the network did not give this metric: missing_permission (the login lacks the
    permission it needs; reconnecting the account asks for it), unsupported_media_type (not
    reported for this kind of post), not_enough_viewers (too few people have seen the post
    for the network to report it yet), discontinued (the network no longer offers this
    metric), not_reported (the network answered without it). Null when `value` is set.
    """
    value: Optional[int]
    """Null when unavailable"""


class DeliveryMetricsView(ApiModel):
    account_id: str = Field(alias="accountId")
    delivery_id: str = Field(alias="deliveryId")
    metrics: list[MetricView]
    platform: Network
    platform_post_id: str = Field(alias="platformPostId")
    fetched_at: Optional[datetime] = Field(alias="fetchedAt")
    """When these metrics were read from the network; null until they first were"""

    refresh_error: Optional[str] = Field(alias="refreshError")
    """Why the last attempt to read them failed (rate limited, login expired, network down); the
    metrics shown are the last ones read
    """


class PostMetricsView(ApiModel):
    deliveries: list[DeliveryMetricsView]
    """One entry per published delivery"""

    post_id: str = Field(alias="postId")


class AccountMetricsView(ApiModel):
    account_id: str = Field(alias="accountId")
    metrics: list[MetricView]
    platform: Network
    fetched_at: Optional[datetime] = Field(alias="fetchedAt")
    """When these metrics were read from the network; null until they first were"""

    refresh_error: Optional[str] = Field(alias="refreshError")
    """Why the last attempt to read them failed (rate limited, login expired, network down); the
    metrics shown are the last ones read
    """


class HealthViewDatabase(str, Enum):
    DOWN = "down"
    UP = "up"


class HealthViewStatus(str, Enum):
    OK = "ok"
    UNAVAILABLE = "unavailable"


class HealthView(ApiModel):
    database: HealthViewDatabase
    status: HealthViewStatus


class LiveView(ApiModel):
    status: Literal["ok"]


class ReadyView(ApiModel):
    database: Literal["up"]
    status: Literal["ready"]


class AccountConnectedEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    nickname: str
    platform: Network
    username: str
    client_state: Optional[str] = Field(alias="clientState")
    """The auth-url call's clientState: check it is your signed-in user's"""


class AccountConnectedEvent(ApiModel):
    """The body of a `account.connected` event"""

    data: AccountConnectedEventData
    event: Literal["account.connected"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class AccountDisconnectedEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    platform: Network
    username: str


class AccountDisconnectedEvent(ApiModel):
    """The body of a `account.disconnected` event"""

    data: AccountDisconnectedEventData
    event: Literal["account.disconnected"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class AccountTokenExpiringEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    expires_at: datetime = Field(alias="expiresAt")
    platform: Network
    reason: str
    username: str


class AccountTokenExpiringEvent(ApiModel):
    """The body of a `account.token_expiring` event"""

    data: AccountTokenExpiringEventData
    event: Literal["account.token_expiring"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class AccountTokenExpiredEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    platform: Network
    reason: str
    username: str


class AccountTokenExpiredEvent(ApiModel):
    """The body of a `account.token_expired` event"""

    data: AccountTokenExpiredEventData
    event: Literal["account.token_expired"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class AccountPermissionsLostEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    lost: list[str]
    """The permissions the network no longer grants"""

    missing_permissions: list[MissingPermissionsView] = Field(alias="missingPermissions")
    """What the account can no longer be used for (as GET /social-accounts shows it)"""

    platform: Network
    username: str


class AccountPermissionsLostEvent(ApiModel):
    """The body of a `account.permissions_lost` event"""

    data: AccountPermissionsLostEventData
    event: Literal["account.permissions_lost"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostPublishedEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    delivery_id: str = Field(alias="deliveryId")
    platform: Network
    platform_post_id: str = Field(alias="platformPostId")
    service_post_id: str = Field(alias="servicePostId")
    permalink: Optional[str]


class PostPublishedEvent(ApiModel):
    """The body of a `post.published` event"""

    data: PostPublishedEventData
    event: Literal["post.published"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostFailedEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    delivery_id: str = Field(alias="deliveryId")
    error: str
    error_code: DeliveryErrorCode = Field(alias="errorCode")
    platform: Network
    service_post_id: str = Field(alias="servicePostId")


class PostFailedEvent(ApiModel):
    """The body of a `post.failed` event"""

    data: PostFailedEventData
    event: Literal["post.failed"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostUpdatedEventData(ApiModel):
    post_updated_event_data_fields: list[str] = Field(alias="fields")
    service_post_id: str = Field(alias="servicePostId")
    status: PostStatus
    scheduled_at: Optional[datetime] = Field(alias="scheduledAt")


class PostUpdatedEvent(ApiModel):
    """The body of a `post.updated` event"""

    data: PostUpdatedEventData
    event: Literal["post.updated"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostCanceledEventData(ApiModel):
    canceled_delivery_ids: list[str] = Field(alias="canceledDeliveryIds")
    service_post_id: str = Field(alias="servicePostId")


class PostCanceledEvent(ApiModel):
    """The body of a `post.canceled` event"""

    data: PostCanceledEventData
    event: Literal["post.canceled"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostCompletedEventDataCounts(ApiModel):
    canceled: int
    failed: int
    published: int


class PostCompletedEventDataStatus(str, Enum):
    CANCELED = "canceled"
    FAILED = "failed"
    PARTIALLY_PUBLISHED = "partially_published"
    PUBLISHED = "published"


class PostCompletedEventData(ApiModel):
    counts: PostCompletedEventDataCounts
    service_post_id: str = Field(alias="servicePostId")
    status: PostCompletedEventDataStatus


class PostCompletedEvent(ApiModel):
    """The body of a `post.completed` event"""

    data: PostCompletedEventData
    event: Literal["post.completed"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostDeletedEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    delivery_id: str = Field(alias="deliveryId")
    platform: Network
    platform_post_id: str = Field(alias="platformPostId")
    service_post_id: str = Field(alias="servicePostId")


class PostDeletedEvent(ApiModel):
    """The body of a `post.deleted` event"""

    data: PostDeletedEventData
    event: Literal["post.deleted"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class PostEditedEventDataError(ApiModel):
    code: DeliveryErrorCode
    message: str


class PostEditedEventDataStatus(str, Enum):
    EDITED = "edited"
    FAILED = "failed"


class PostEditedEventData(ApiModel):
    connected_account_id: str = Field(alias="connectedAccountId")
    delivery_id: str = Field(alias="deliveryId")
    platform: Network
    platform_post_id: str = Field(alias="platformPostId")
    """The post's id after the edit (X gives each edit a new id)"""

    service_post_id: str = Field(alias="servicePostId")
    status: PostEditedEventDataStatus
    edited_at: Optional[datetime] = Field(alias="editedAt")
    error: Optional[PostEditedEventDataError]
    """Why the edit was not made; null when it was"""


class PostEditedEvent(ApiModel):
    """The body of a `post.edited` event"""

    data: PostEditedEventData
    event: Literal["post.edited"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class CommentReceivedEventDataComment(ApiModel):
    created_at: datetime = Field(alias="createdAt")
    id: str
    text: str
    author_id: Optional[str] = Field(alias="authorId")
    author_name: Optional[str] = Field(alias="authorName")
    reply_to_id: Optional[str] = Field(alias="replyToId")


class CommentReceivedEventData(ApiModel):
    comment: CommentReceivedEventDataComment
    connected_account_id: str = Field(alias="connectedAccountId")
    delivery_id: str = Field(alias="deliveryId")
    platform: Network
    platform_post_id: str = Field(alias="platformPostId")
    service_post_id: str = Field(alias="servicePostId")


class CommentReceivedEvent(ApiModel):
    """The body of a `comment.received` event"""

    data: CommentReceivedEventData
    event: Literal["comment.received"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


class WebhookTestEventData(ApiModel):
    message: str


class WebhookTestEvent(ApiModel):
    """The body of a `webhook.test` event"""

    data: WebhookTestEventData
    event: Literal["webhook.test"]
    id: str
    livemode: bool
    timestamp: datetime
    tenant_id: Optional[str] = Field(alias="tenantId")


# What your webhook receives (POST, signed): one of these, told apart by `event`
WebhookEvent = Annotated[Union[AccountConnectedEvent, AccountDisconnectedEvent, AccountTokenExpiringEvent, AccountTokenExpiredEvent, AccountPermissionsLostEvent, PostPublishedEvent, PostFailedEvent, PostUpdatedEvent, PostCanceledEvent, PostCompletedEvent, PostDeletedEvent, PostEditedEvent, CommentReceivedEvent, WebhookTestEvent], Field(discriminator="event")]

