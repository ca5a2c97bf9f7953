/** What the parent tells the embedded-Postgres child process, and what the child answers. */
export interface EmbeddedServerOptions {
  databaseDir: string;
  port: number;
  password: string;
}

export type ChildMessage = { type: 'ready' } | { type: 'failed'; message: string };
/** Options travel over IPC, not argv: argv (with the password) is visible to every user in `ps`. */
export type ParentMessage = { type: 'start'; options: EmbeddedServerOptions } | { type: 'stop' };
