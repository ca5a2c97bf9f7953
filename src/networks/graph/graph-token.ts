import { GraphApi } from './graph-api';
import { expiryFrom, isRecord, numberField, stringField } from '../http/json-fields';

export interface GraphToken {
  accessToken: string;
  expiresAt: Date | undefined;
}

/** `{"access_token","token_type","expires_in"}`, the answer of every Graph token endpoint. */
export function parseGraphToken(api: GraphApi, body: unknown, now: Date): GraphToken {
  const accessToken = isRecord(body) ? stringField(body, 'access_token') : undefined;
  if (!isRecord(body) || !accessToken) throw api.unexpected('no access_token in the token answer');
  return { accessToken, expiresAt: expiryFrom(numberField(body, 'expires_in'), now) };
}
