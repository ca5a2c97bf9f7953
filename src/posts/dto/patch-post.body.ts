import { ApiPropertyOptional, PartialType, PickType } from '@nestjs/swagger';
import { CreatePostBody } from './create-post.body';

/**
 * PATCH /posts/:id: any of the fields of POST /posts a post's edit may change, each replacing the
 * post's whole (a list is given whole). Checked with the same rules as POST /posts (the class's
 * decorators, inherited and made optional).
 */
export class PatchPostBody extends PartialType(
  PickType(CreatePostBody, ['containers', 'options', 'accountOverrides', 'accounts', 'scheduledAt'] as const),
) {
  // Only the document changes: the inherited rules check a string, and IsOptional lets a null through (typed as
  // the base declares it; patchedRequest reads the null).
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-12-01T09:00:00.000Z',
    description:
      'A new time, as in POST /api/v1/posts (in the future, within a year); null takes the schedule away, and the post ' +
      'publishes as soon as the edit is accepted',
  })
  override scheduledAt?: string;
}
