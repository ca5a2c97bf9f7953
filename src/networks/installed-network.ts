import { Type } from '@nestjs/common';
import { NetworkAdapter } from './network-adapter';
import { NetworkIdentity } from './network-identity';
import type { PostOptionsRules } from './post-options';

/**
 * What a network folder exports so the registry can install it: its names, Nest module and adapter
 * class, and what the service needs of it before any adapter exists: the options it takes (the
 * request body's `options.<id>` and its OpenAPI schema are built from them; the adapter states the
 * same object as `postOptions`, which the registry checks at start) and the class of its
 * environment variables (the deployment files are checked against it).
 */
export interface InstalledNetwork extends NetworkIdentity {
  module: Type<unknown>;
  adapter: Type<NetworkAdapter>;
  postOptions?: PostOptionsRules;
  environment: Type<object>;
}
