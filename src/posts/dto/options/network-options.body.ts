import { ContainerBody, ContainerList } from '../container.body';

/**
 * What every network's options hold: `containers`, which replace the post's containers for that
 * network's accounts. Each installed network's options class extends it, built from the network's
 * own schema (post-options.body.ts); their values are checked by the network's rules
 * (NetworkAdapter.postOptions, a 422 naming the path), so the class only names them, for the
 * OpenAPI document and so that an unknown name is a 400.
 */
export class NetworkOptionsBody {
  @ContainerList({
    required: false,
    description: "Replaces the post's containers for this network's accounts (an account override wins over it)",
  })
  containers?: ContainerBody[];
}
