// The shape of contracts/pinterest/api-rules.json: what Pinterest states outside the operations of its
// OpenAPI description (the consent page, continuous refresh, error codes, rate limit categories), and
// the bounds of a pin both the adapter and the emulator read from there.
import { readContractJson } from '../contracts-dir';

interface Sourced {
  source: string;
  note?: string;
  quote?: string;
  /** Only a third party states it; Pinterest's own pages and document did not. */
  thirdParty?: boolean;
}

export interface PinterestErrorRule {
  status: number;
  code: number;
  message: string;
  from: string;
}

export interface PinterestApiRules {
  read: string;
  sources: Record<string, { url: string; read: string }>;
  oauth: {
    authorize: Sourced & { url: string; params: string[]; responseType: string; scopeSeparator: string; pkce: boolean };
    token: Sourced & { url: string; clientAuth: 'basic' };
    continuousRefresh: Sourced & {
      refreshTokenSeconds: number;
      rotates: boolean;
      param: string;
      paramNeededBefore: string;
    };
    accessTokenSeconds: Sourced & { value: number };
    scopes: Sourced & { asked: string[] };
    revoke: Sourced & { forUserTokens: boolean };
  };
  errors: Sourced & { shape: string; known: PinterestErrorRule[] };
  rateLimits: {
    universal: Sourced & { trialPerDay: number; standardPerSecondPerUser: number };
    categories: Sourced;
    window: string;
  };
  pins: {
    description: Sourced & { maxLength: number };
    title: Sourced & { maxLength: number };
    altText: Sourced & { maxLength: number };
    link: Sourced & { maxLength: number };
    dominantColor: Sourced & { example: string };
    boardId: Sourced & { pattern: string };
    carousel: Sourced & { minItems: number; maxItems: number };
    imageContentTypes: Sourced & { values: string[] };
  };
  media: {
    register: Sourced;
    statuses: Sourced & { values: string[] };
    videoCover: Sourced;
    limits: {
      image: Sourced & { formats: string[]; maxBytes: number };
      video: Sourced & { formats: string[]; maxBytes: number; minSeconds: number; maxSeconds: number };
    };
  };
  analytics: Sourced & { metricTypes: string[]; maxDaysBack: number };
}

export function pinterestApiRules(): PinterestApiRules {
  return readContractJson<PinterestApiRules>('pinterest/api-rules.json');
}

/** One of Pinterest's error codes as its own examples give it (401 code 2, 429 code 8, …). */
export function pinterestError(code: number): PinterestErrorRule {
  const rule = pinterestApiRules().errors.known.find((known) => known.code === code);
  if (!rule) throw new Error(`contracts/pinterest/api-rules.json holds no error code ${code}`);
  return rule;
}
