/** What other modules may use from connect/: everything else in the folder is its own. */
export { callbackUrlFor } from './callback-url';
export { ConnectModule } from './connect.module';
export { ConnectStore } from './connect.store';
export { hashSecret } from './one-time-secret';
