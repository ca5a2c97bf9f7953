export type PortSetting = 'PORT' | 'HEALTH_PORT' | 'METRICS_PORT';

/** The port the service was told to listen on is taken: the message names it and the setting that moves it. */
export class PortInUseError extends Error {
  constructor(port: number, host: string, setting: PortSetting) {
    super(
      `port ${port} on ${host} is already in use by another program (another copy of the service?). ` +
        `Stop it, or set ${setting} to a free port (the embedded database's is EMBEDDED_DATABASE_PORT).`,
    );
    this.name = 'PortInUseError';
  }
}

/** Runs `listen`, turning EADDRINUSE (a raw stack trace otherwise) into a PortInUseError. */
export async function listenOrExplain<T>(
  listen: () => Promise<T>,
  port: number,
  host: string,
  setting: PortSetting,
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, host, setting);
    throw error;
  }
}
