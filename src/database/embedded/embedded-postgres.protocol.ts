/** What the parent tells the embedded-Postgres child process, and what the child answers. */
export interface EmbeddedServerOptions {
  databaseDir: string;
  port: number;
  password: string;
}

export type ChildMessage = { type: 'ready' } | { type: 'failed'; message: string };
export type ParentMessage = { type: 'stop' };
