import { ApiException } from '../../common/errors/api-exception';
import { AppLoginOptions, AppOption, NetworkAdapter } from '../network-adapter';
import { NetworkApp } from './network-app.entity';

/** A Facebook Login for Business configuration id, as the App Dashboard shows it: digits. */
const CONFIG_ID = /^\d{1,32}$/;

/**
 * The settings given for a customer's own app, checked against what its network knows: a network
 * without Meta's app settings (X, Instagram Login) takes none, so a setting cannot be saved where
 * it would silently do nothing.
 */
export function checkedAppOptions(adapter: NetworkAdapter, options: AppLoginOptions): AppLoginOptions {
  const known = new Set<AppOption>(adapter.appOptions ?? []);
  const problems: { field: string; message: string }[] = [];
  const given = (option: AppOption) => {
    const value = options[option];
    return value !== undefined && value !== false && value !== '';
  };
  for (const option of ['loginConfigId', 'requireAppSecretProof', 'businessAccess'] as const) {
    if (given(option) && !known.has(option))
      problems.push({ field: option, message: `${adapter.displayName} apps have no ${option} setting here` });
  }
  const loginConfigId = options.loginConfigId?.trim() || undefined;
  if (loginConfigId !== undefined && !CONFIG_ID.test(loginConfigId))
    problems.push({
      field: 'loginConfigId',
      message: 'loginConfigId must be the numeric id of a Facebook Login for Business configuration',
    });
  if (problems.length) throw ApiException.validation(problems);
  return {
    ...(loginConfigId ? { loginConfigId } : {}),
    ...(options.requireAppSecretProof ? { requireAppSecretProof: true } : {}),
    ...(options.businessAccess ? { businessAccess: true } : {}),
  };
}

/** A stored app's settings (only those it has). */
export function storedAppOptions(app: NetworkApp): AppLoginOptions {
  return {
    ...(app.loginConfigId ? { loginConfigId: app.loginConfigId } : {}),
    ...(app.requireAppSecretProof ? { requireAppSecretProof: true } : {}),
    ...(app.businessAccess ? { businessAccess: true } : {}),
  };
}
