import { IsOptional, IsString, IsUrl } from 'class-validator';
import { AppConfig } from '../../config/app-config';
import { validateEnvironment } from '../../config/validate-environment';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom } from '../network-settings';

const URL_RULE = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };

/** The Facebook variables, validated at start like every other setting. */
class FacebookEnvironment {
  @IsUrl(URL_RULE)
  FACEBOOK_DIALOG_URL = 'https://www.facebook.com/v25.0/dialog/oauth';

  @IsUrl(URL_RULE)
  FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v25.0';

  @IsString()
  @IsOptional()
  FACEBOOK_APP_ID?: string;

  @IsString()
  @IsOptional()
  FACEBOOK_APP_SECRET?: string;
}

export class FacebookSettings {
  constructor(
    readonly dialogUrl: string,
    readonly graphUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
  ) {}
}

export function loadFacebookSettings(config: AppConfig): FacebookSettings {
  const env = validateEnvironment(FacebookEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'FACEBOOK_APP_ID', secret: 'FACEBOOK_APP_SECRET' },
    { id: env.FACEBOOK_APP_ID, secret: env.FACEBOOK_APP_SECRET },
  );
  if (isEmulated(config, serviceApp)) {
    const base = emulatorBaseUrl(config);
    return new FacebookSettings(`${base}/facebook/v25.0/dialog/oauth`, `${base}/facebook/graph/v25.0`, serviceApp, true);
  }
  return new FacebookSettings(env.FACEBOOK_DIALOG_URL.replace(/\/+$/, ''), env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''), serviceApp, false);
}
