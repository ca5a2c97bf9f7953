/** What other modules may use from config/: everything else in the folder is its own. */
export { APP_CONFIG } from './app-config';
export type { AppConfig, EncryptionKeyConfig, HttpTimeouts, LogLevel, S3Settings } from './app-config';
export { ConfigModule } from './config.module';
export { loadEnvFile } from './env-file';
export { loadConfig } from './load-config';
export { ConfigError, validateEnvironment } from './validate-environment';
export { DEFAULT_SERVICE_NAME } from './tracing-settings';
export type { TraceSamplerName, TracingSettings } from './tracing-settings';
