import { MediaView } from './dto/media.view';
import { Medium } from './media.entity';

export function mediaView(medium: Medium): MediaView {
  return {
    id: medium.id,
    state: medium.state,
    contentType: medium.contentType,
    size: medium.size,
    filename: medium.filename,
    durationMs: medium.durationMs,
    failure: medium.failure,
    createdAt: medium.createdAt.toISOString(),
    uploadedAt: medium.uploadedAt ? medium.uploadedAt.toISOString() : null,
  };
}
