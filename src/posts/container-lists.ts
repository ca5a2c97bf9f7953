import { ContainerBody, CreatePostBody } from './dto/create-post.body';

/** One list of containers in a post's body, and where it is (`containers`, `options.x.containers`, `accountOverrides[0].containers`). */
export interface ContainerList {
  path: string;
  containers: ContainerBody[];
}

/** Every container list of the body: the post's own first, then each network's, then each account override's. */
export function containerLists(body: CreatePostBody): ContainerList[] {
  const lists: ContainerList[] = [{ path: 'containers', containers: body.containers }];
  for (const [network, options] of Object.entries(body.options ?? {}))
    if (options?.containers) lists.push({ path: `options.${network}.containers`, containers: options.containers });
  for (const [index, override] of (body.accountOverrides ?? []).entries())
    if (override.containers)
      lists.push({ path: `accountOverrides[${index}].containers`, containers: override.containers });
  return lists;
}
