import type { AppConfig } from '../config';
import type { RedirectUrlsService } from '../customers';
import type { AppCredentialsResolver, NetworkAdapter, NetworkRegistry } from '../networks';
import { NetworkError } from '../networks';
import { AuthUrlController } from './auth-url.controller';
import type { ConnectAttemptsService } from './connect-attempts.service';

/**
 * auth-url with the network's consent URL made asynchronously (a call to the network first, as
 * atproto OAuth's pushed request), and a network that has both a consent page and the service's
 * sign-in page. The attempt, the redirect check and the app are stand-ins.
 */
const APP = { clientId: 'app', clientSecret: '' };
const CALLER = { customerId: 'cus_1' } as never;
const BODY = { tenant_id: 't1', redirect_uri: 'https://app.example/back' };

function controllerFor(adapter: Partial<NetworkAdapter>) {
  const start = jest.fn().mockResolvedValue({ state: 'st_1', codeChallenge: 'c', attemptSecret: 'secret' });
  const keepAdapterState = jest.fn().mockResolvedValue(undefined);
  const controller = new AuthUrlController(
    { find: () => ({ id: 'net', displayName: 'Net', ...adapter }) } as unknown as NetworkRegistry,
    { isAllowed: jest.fn().mockResolvedValue(true) } as unknown as RedirectUrlsService,
    { start, keepAdapterState } as unknown as ConnectAttemptsService,
    { appFor: jest.fn().mockResolvedValue(APP) } as unknown as AppCredentialsResolver,
    { publicUrl: 'https://api.example.com' } as AppConfig,
  );
  return { controller, start, keepAdapterState };
}

const signIn = { identifierLabel: 'Handle' } as NetworkAdapter['passwordSignIn'];

describe('AuthUrlController', () => {
  it("awaits an asynchronous consent URL and hands the adapter the attempt's secret", async () => {
    const authorizeUrl = jest.fn().mockResolvedValue('https://net.example/authorize?request_uri=r');
    const { controller } = controllerFor({ authorizeUrl });
    await expect(controller.create(CALLER, 'net', BODY)).resolves.toEqual({
      auth_url: 'https://net.example/authorize?request_uri=r',
    });
    expect(authorizeUrl).toHaveBeenCalledWith(expect.objectContaining({ state: 'st_1', attemptSecret: 'secret' }));
  });

  it('keeps what the adapter asks with the attempt, and passes loginHint (or its old name login_hint) on', async () => {
    const authorizeUrl = jest.fn().mockResolvedValue({ url: 'https://net.example/authorize', keep: 'issuer' });
    const { controller, keepAdapterState } = controllerFor({ authorizeUrl });
    await expect(controller.create(CALLER, 'net', { ...BODY, login_hint: 'ada.example.com' })).resolves.toEqual({
      auth_url: 'https://net.example/authorize',
    });
    expect(keepAdapterState).toHaveBeenCalledWith('st_1', 'net', 'issuer');
    expect(authorizeUrl).toHaveBeenCalledWith(expect.objectContaining({ loginHint: 'ada.example.com' }));
    await controller.create(CALLER, 'net', { ...BODY, loginHint: 'bob.example.com' });
    expect(authorizeUrl).toHaveBeenLastCalledWith(expect.objectContaining({ loginHint: 'bob.example.com' }));
  });

  it('answers 502 network_unavailable when the network refuses the request the consent URL needs', async () => {
    const authorizeUrl = jest
      .fn()
      .mockRejectedValue(new NetworkError('net', 'transient', 'Net refused the call: HTTP 503'));
    const { controller } = controllerFor({ authorizeUrl });
    await expect(controller.create(CALLER, 'net', BODY)).rejects.toMatchObject({
      code: 'network_unavailable',
      status: 502,
    });
  });

  it('sends users to the sign-in page of a network with app passwords, unless its consent page is set up', async () => {
    const authorizeUrl = jest.fn().mockResolvedValue('https://net.example/authorize');
    const signInOnly = controllerFor({ authorizeUrl, passwordSignIn: signIn, consentConfigured: () => false });
    await expect(signInOnly.controller.create(CALLER, 'net', BODY)).resolves.toEqual({
      auth_url: 'https://api.example.com/oauth/net/sign-in?state=st_1',
    });
    expect(authorizeUrl).not.toHaveBeenCalled();
    const both = controllerFor({ authorizeUrl, passwordSignIn: signIn, consentConfigured: () => true });
    await expect(both.controller.create(CALLER, 'net', BODY)).resolves.toEqual({
      auth_url: 'https://net.example/authorize',
      passwordSignInUrl: 'https://api.example.com/oauth/net/sign-in?state=st_1',
      password_sign_in_url: 'https://api.example.com/oauth/net/sign-in?state=st_1',
    });
  });
});
