import { BOOLEAN, COUNT, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** Whether the app passed TikTok's audit; an unaudited one posts SELF_ONLY only (403 otherwise). */
    tiktokAuditedClient: boolean;
    /** Status reads a post answers PROCESSING_UPLOAD / PROCESSING_DOWNLOAD after its bytes arrived, before its final status. */
    tiktokProcessingPolls: number;
    /** Minimum time a post stays processing after its bytes arrived, whatever the reads. */
    tiktokProcessingMs: number;
    /**
     * The URL prefixes the app verified for PULL_FROM_URL (`*`: any, the sandbox's default). A
     * URL under none of them is 403 url_ownership_unverified.
     */
    tiktokVerifiedUrlPrefixes: string[];
  }
}

const isPrefixList = (value: unknown) =>
  Array.isArray(value) &&
  value.length <= 50 &&
  value.every((entry) => typeof entry === 'string' && entry.length <= 500);

export const TIKTOK_SETTINGS: SettingSpecs = {
  tiktokAuditedClient: { default: true, ...BOOLEAN },
  tiktokProcessingPolls: { default: 1, ...COUNT },
  tiktokProcessingMs: { default: 0, ...COUNT },
  tiktokVerifiedUrlPrefixes: { default: ['*'], rule: isPrefixList, expected: 'a list of URL prefixes (or "*")' },
};
