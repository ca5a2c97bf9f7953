import { Type } from '@nestjs/common';
import { NetworkAdapter } from './network-adapter';
import { NetworkIdentity } from './network-identity';

/** What a network folder exports so the registry can install it: its names, Nest module and adapter class. */
export interface InstalledNetwork extends NetworkIdentity {
  module: Type<unknown>;
  adapter: Type<NetworkAdapter>;
}
