import { ApiParam } from '@nestjs/swagger';
import { ID_PREFIX } from '../ids';
import type { IdKind } from '../ids';

/** Documents a path id of ours, in the shape ResourceIdPipe checks (anything else is a 404). */
export function ApiResourceId(name: string, kind: IdKind, label: string): MethodDecorator {
  return ApiParam({
    name,
    description: `The ${label.toLowerCase()}'s id`,
    schema: {
      type: 'string',
      pattern: `^${ID_PREFIX[kind]}_[0-9A-Za-z]{1,40}$`,
      example: `${ID_PREFIX[kind]}_3kTMd9fQe2xV7bLp1sWq0Z`,
    },
  });
}
