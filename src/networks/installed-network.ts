import { Type } from '@nestjs/common';
import { NetworkAdapter } from './network-adapter';

/** What a network folder exports so the registry can install it: its Nest module and adapter class. */
export interface InstalledNetwork {
  module: Type<unknown>;
  adapter: Type<NetworkAdapter>;
}
