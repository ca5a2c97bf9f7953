import { InstalledNetwork } from '../installed-network';
import { THREADS_IDENTITY } from './threads.identity';
import { ThreadsAdapter } from './threads.adapter';
import { ThreadsModule } from './threads.module';
import { THREADS_POST_OPTIONS } from './threads-post-options';
import { ThreadsEnvironment } from './threads.settings';

export const threadsNetwork = {
  ...THREADS_IDENTITY,
  module: ThreadsModule,
  adapter: ThreadsAdapter,
  postOptions: THREADS_POST_OPTIONS,
  environment: ThreadsEnvironment,
} as const satisfies InstalledNetwork;
