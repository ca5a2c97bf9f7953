import { randomBytes } from 'node:crypto';
import { EmulatorError } from '../http/emulator-error';

export interface GraphErrorFields {
  message: string;
  code: number;
  subcode?: number;
  type?: 'OAuthException' | 'GraphMethodException';
  userTitle?: string;
  userMessage?: string;
  isTransient?: boolean;
  /** `error_data`: what some errors add for the caller to act on (a video chunk's offsets). */
  data?: Record<string, number | string>;
  status?: number;
  headers?: Record<string, string>;
}

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
    error_data?: Record<string, number | string>;
    is_transient?: boolean;
    fbtrace_id: string;
  };
}

/**
 * The Graph error envelope, on graph.facebook.com and graph.instagram.com alike. Instagram's
 * answers also carry `is_transient`, so an error raised for an Instagram object sets `instagram`.
 */
export class GraphError extends EmulatorError {
  constructor(
    readonly fields: GraphErrorFields,
    readonly instagram = false,
  ) {
    super(fields.status ?? 400, fields.message, fields.headers ?? {});
  }

  /** The same error, spelled as Instagram spells it. */
  forInstagram(): GraphError {
    return this.instagram ? this : new GraphError(this.fields, true);
  }

  body(): GraphErrorBody {
    const { fields } = this;
    return {
      error: {
        message: fields.message,
        type: fields.type ?? 'OAuthException',
        code: fields.code,
        ...(fields.subcode !== undefined ? { error_subcode: fields.subcode } : {}),
        ...(fields.userTitle !== undefined ? { error_user_title: fields.userTitle } : {}),
        ...(fields.userMessage !== undefined ? { error_user_msg: fields.userMessage } : {}),
        ...(fields.data !== undefined ? { error_data: fields.data } : {}),
        ...(this.instagram ? { is_transient: fields.isTransient ?? false } : {}),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    };
  }
}
