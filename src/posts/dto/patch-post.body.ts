import { ContainerBody, ContainerList } from './container.body';
import { AccountIds, AccountOverrides, PostOptions, ScheduledAt } from './create-post.body';
import { AccountOverrideBody } from './options/account-override.body';
import { PostOptionsBody } from './options/post-options.body';

/**
 * PATCH /posts/:id: any of the fields of POST /posts an edit may change, with the same rules (the
 * same decorators, each optional here), each replacing the post's whole (a list is given whole).
 * `tenant_id` and `draft` are the post's own: the pipe refuses them as unknown fields.
 */
export class PatchPostBody {
  @AccountIds(false)
  accounts?: string[];

  @ContainerList({ required: false, description: 'containers[0] is the post; further containers are its thread' })
  containers?: ContainerBody[];

  @ScheduledAt(true)
  scheduledAt?: string | null;

  @PostOptions()
  options?: PostOptionsBody;

  @AccountOverrides()
  accountOverrides?: AccountOverrideBody[];
}
