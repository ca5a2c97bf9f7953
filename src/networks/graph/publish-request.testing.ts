import { APP } from '../http/recording-http.testing';
import { MediaKind, PostPart, PublishProgress, PublishRequest } from '../network-adapter';

/** A publish request for tests that records every checkpoint, in order. */
export interface RecordedPublishRequest extends PublishRequest {
  checkpoints: PublishProgress[];
}

export function publishRequest(
  networkAccountId: string,
  accessToken: string,
  parts: PostPart[],
  options: { progress?: PublishProgress; resuming?: boolean; username?: string } = {},
): RecordedPublishRequest {
  const checkpoints: PublishProgress[] = [];
  return {
    networkAccountId,
    username: options.username ?? 'bakery',
    tokens: { accessToken },
    app: APP,
    parts,
    progress: options.progress ?? {},
    resuming: options.resuming ?? false,
    checkpoints,
    // A deep copy, so that a later change to the adapter's own object cannot rewrite history.
    checkpoint: async (progress) => {
      checkpoints.push(JSON.parse(JSON.stringify(progress)) as PublishProgress);
    },
  };
}

export function part(text: string, ...media: [MediaKind, string][]): PostPart {
  return { text, media: media.map(([kind, url]) => ({ kind, url })) };
}
