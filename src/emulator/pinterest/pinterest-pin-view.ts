import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { findPinterestAccount } from './pinterest-test-user';

/** The sizes Pinterest answers an image in (ImageSize), each at the emulator's address of the medium. */
function imageSizes(url: string) {
  const size = (width: number, height: number) => ({ width, height, url });
  return { '150x150': size(150, 150), '400x300': size(400, 300), '600x': size(600, 600), '1200x': size(1200, 1200) };
}

/** A pin as Pinterest answers it (Pin): its fields as made, and its media by kind. */
export function pinView(state: EmulatorState, item: PublishedItem) {
  const fields = item.pinterest!;
  const username = findPinterestAccount(state, item.accountId)?.account.username ?? '';
  const imageUrl = (index: number) => item.media[index]?.url ?? `${item.permalink}image/${index}`;
  const media =
    fields.sourceType === 'video_id'
      ? {
          media_type: 'video',
          cover_image_url: fields.cover?.url ?? `${item.permalink}cover`,
          duration: null,
          height: null,
          width: null,
          images: imageSizes(fields.cover?.url ?? `${item.permalink}cover`),
        }
      : item.media.length > 1
        ? {
            media_type: 'multiple_images',
            items: item.media.map((_medium, index) => ({ item_type: 'image', images: imageSizes(imageUrl(index)) })),
          }
        : { media_type: 'image', images: imageSizes(imageUrl(0)) };
  return {
    id: item.postId,
    created_at: item.publishedAt,
    link: fields.link ?? null,
    title: fields.title ?? null,
    description: item.text || null,
    dominant_color: fields.dominantColor ?? null,
    alt_text: fields.altText ?? null,
    board_id: fields.boardId,
    board_section_id: fields.boardSectionId ?? null,
    board_owner: { username },
    creative_type: fields.sourceType === 'video_id' ? 'VIDEO' : item.media.length > 1 ? 'CAROUSEL' : 'REGULAR',
    is_owner: true,
    is_standard: true,
    has_been_promoted: false,
    parent_pin_id: null,
    media,
  };
}
