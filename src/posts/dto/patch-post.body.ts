import { PartialType, PickType } from '@nestjs/swagger';
import { CreatePostBody } from './create-post.body';

/**
 * PATCH /posts/:id: any of the fields of POST /posts a post's edit may change, each replacing the
 * post's whole (a list is given whole). `scheduledAt: null` takes the schedule away. Checked with
 * the same rules as POST /posts (the class's decorators, inherited).
 */
export class PatchPostBody extends PartialType(
  PickType(CreatePostBody, ['containers', 'options', 'accountOverrides', 'accounts', 'scheduledAt'] as const),
) {}
